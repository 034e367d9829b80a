//! The current round: its castle, movers, No votes, turn, crown and pending votes must be
//! matched exactly, so the search chooses where each character started and who climbed
//! what, turn by turn, and lets the engine judge every step.

use core::hash::{Hash, Hasher};

use super::{
    ELIMINATED, Ends, FAILED_SLOTS, LAYOUT_TOP, OUTSIDE, Search, Steps, THRONE, apply, deal,
    placement,
};
use crate::game::Game;
use crate::{Action, Character, Floor, Phase, Position, Seat, SeatSet, Step, Vote};

/// Plays the target's current round from its deals to the target state; the steps if the
/// result is the target exactly.
pub(super) fn round(search: &mut Search<'_>, mut game: Game, mut steps: Steps) -> Option<Steps> {
    let target = search.target;
    let n = search.players();
    let round = target.round;
    let dealt = Seat::all(n)
        .take_while(|&s| target.objective_card(round, s).is_some())
        .count();
    if target.first_player.is_some() || dealt > 0 {
        deal(&mut game, &mut steps, target, round, dealt)?;
    }
    let done = match target.phase {
        Phase::Setup => lay_out_prefix(&mut game, &mut steps, target),
        Phase::Placement => place_in_turn(&mut game, &mut steps, target),
        _ => Plan::new(target).and_then(|mut plan| plan.search(search, game, steps)),
    };
    let (game, steps) = done.map(|steps| (replayed(target, &steps), steps))?;
    (game == Some(*target)).then_some(steps)
}

/// The game `steps` reach (a final check that the search's game is the rules' game).
fn replayed(target: &Game, steps: &Steps) -> Option<Game> {
    let mut game = Game::new(target.config).ok()?;
    for &step in steps {
        game.apply_step(step, &mut ()).ok()?;
    }
    Some(game)
}

/// Setup of a random layout: the characters laid out so far, in id order.
fn lay_out_prefix(game: &mut Game, steps: &mut Steps, target: &Game) -> Option<Steps> {
    for c in target.castle.inside() {
        let floor = target.castle.floor_of(c)?;
        if game.chance_step() != Some(crate::ChanceStep::Layout(c)) {
            return None;
        }
        apply(
            game,
            steps,
            Step::Chance(crate::ChanceOutcome::Layout(floor)),
        )?;
    }
    Some(steps.clone())
}

/// The placement phase: each seat's placements (the characters it alone moved), in turn.
fn place_in_turn(game: &mut Game, steps: &mut Steps, target: &Game) -> Option<Steps> {
    let mut left = target.castle.inside();
    while !left.is_empty() {
        let seat = game.next_seat()?;
        let character = left
            .into_iter()
            .find(|&c| target.movers(c) == SeatSet::single(seat))?;
        left.remove(character);
        let floor = target.castle.floor_of(character)?;
        apply(
            game,
            steps,
            Step::Action {
                seat,
                action: Action::Place { character, floor },
            },
        )?;
    }
    Some(steps.clone())
}

/// The end of a character in the target: its floor index, or [`ELIMINATED`].
fn end_of(target: &Game, c: Character) -> u8 {
    match target.castle.position(c) {
        Position::Floor(f) => f.index() as u8,
        Position::Eliminated => ELIMINATED,
        Position::Outside => OUTSIDE,
    }
}

/// The highest floor a character reaches this round: the throne for the eliminated.
fn top(end: u8) -> u8 {
    if end == ELIMINATED { THRONE } else { end }
}

/// A climb onto the throne whose climber is known: the candidate's or King's (the round's
/// last climb, by the crowner), or, in a round still climbing with one character voted
/// down, that character's (the election that gave the crown).
fn last_climb(target: &Game) -> Option<(Character, Seat)> {
    match target.phase {
        Phase::Vote | Phase::Score | Phase::GameOver => target.castle.throne().zip(target.crown),
        Phase::Climb if target.castle.eliminated().len() == 1 => {
            target.castle.eliminated().first().zip(target.crown)
        }
        _ => None,
    }
}

/// The fewest and most climbs a character ending at `top` can have had this round, over
/// every way it can have started, with `movers` each climbing it at least once (but a
/// placer).
fn climb_bounds(placement: bool, top: u8, movers: SeatSet) -> (u8, u8) {
    let movers = movers.len() as u8;
    if movers == 0 {
        return (0, 0);
    }
    if placement {
        // Placed on 1–4 (its placer need not climb it), or left over on floor 0.
        let lowest = (top.saturating_sub(4)).max(movers - 1);
        (lowest.min(top), top)
    } else {
        let lowest = top.saturating_sub(LAYOUT_TOP).max(movers);
        (lowest.min(top), top)
    }
}

/// How the round began and who climbed what: chosen character by character, then the
/// climbs searched turn by turn.
struct Plan {
    ends: Ends,
    movers: [SeatSet; Character::COUNT],
    placement: bool,
    /// Chosen so far, by character: the start floor, and the placer (placement games).
    start: [u8; Character::COUNT],
    placer: [Option<Seat>; Character::COUNT],
    /// Room left on the start floors (0–4) and placements left per seat.
    room: [u8; 5],
    placements_left: [u8; Seat::MAX],
    leftovers_left: u8,
    /// Remaining climbs wanted, for the parity check.
    climbs: usize,
    /// This pass's search nodes for one beginning's climbs, and whether any ran out.
    share: u32,
    cut_short: bool,
    /// The round's last climb when the target has a candidate or a King: that character
    /// onto the throne, by the crowner.
    last: Option<(Character, Seat)>,
    /// By character: the fewest and most climbs any beginning allows it.
    bounds: [(u8, u8); Character::COUNT],
    /// Players, the round's first climber, and the residue the number of climbs must have.
    n: usize,
    first: usize,
    residue: usize,
}

impl Plan {
    fn new(target: &Game) -> Option<Plan> {
        let config = target.config;
        let placement = placement(&config);
        let mut ends = [0; Character::COUNT];
        for c in Character::ALL {
            ends[c.index()] = end_of(target, c);
            if ends[c.index()] == OUTSIDE {
                return None;
            }
        }
        let per_seat = config.placements_per_seat();
        let n = target.players();
        let first = target.first_player?.index();
        // Climb t is by seat first + t: the seat to move is the next one, and the crowner
        // of a candidate or King made the last one.
        let residue = match target.phase {
            Phase::Climb => (target.to_move.index() + n - first) % n,
            _ => (target.crown?.index() + n + 1 - first) % n,
        };
        Some(Plan {
            ends,
            movers: target.movers,
            placement,
            start: [0; Character::COUNT],
            placer: [None; Character::COUNT],
            room: if placement {
                [0, 4, 4, 4, 4]
            } else {
                [4, 4, 4, 4, 0]
            },
            placements_left: [per_seat; Seat::MAX],
            leftovers_left: Character::COUNT as u8 - config.placements(),
            climbs: 0,
            share: 0,
            cut_short: false,
            last: last_climb(target),
            bounds: core::array::from_fn(|c| {
                climb_bounds(placement, top(ends[c]), target.movers[c])
            }),
            n,
            first,
            residue,
        })
    }

    /// The fewest climbs character `c` needs when `owed` must each climb it: one more for
    /// the crowner's last climb onto the throne; `None` if the crowner never moved it.
    fn fewest_climbs(&self, c: usize, owed: SeatSet) -> Option<u8> {
        match self.last {
            Some((last, crowner)) if last.index() == c => {
                if !self.movers[c].contains(crowner) {
                    return None;
                }
                Some(owed.difference(SeatSet::single(crowner)).len() as u8 + 1)
            }
            _ => Some(owed.len() as u8),
        }
    }

    /// Whether the climbs of a beginning whose first `decided` characters are chosen can
    /// still be shared out among the seats' turns, for some number of climbs with the right
    /// residue: each seat climbs only characters it moved, the chosen characters' movers at
    /// least once each (the others' owed climbs are left out: a relaxation). A
    /// transportation problem with exact supplies and demands in intervals, decided by
    /// Hall's conditions over every set of seats.
    fn can_share_out(&self, decided: usize) -> bool {
        let n = self.n;
        let (mut low, mut high) = (self.climbs, self.climbs);
        for &(lo, hi) in &self.bounds[decided..] {
            low += usize::from(lo);
            high += usize::from(hi);
        }
        let mut total = low + (self.residue + n - low % n) % n;
        while total <= high {
            if self.shares_out_in(decided, total) {
                return true;
            }
            total += n;
        }
        false
    }

    /// [`Plan::can_share_out`] for exactly `total` climbs.
    fn shares_out_in(&self, decided: usize, total: usize) -> bool {
        let n = self.n;
        let mut turns = [0usize; Seat::MAX];
        for (s, t) in turns.iter_mut().enumerate().take(n) {
            let offset = (s + n - self.first) % n;
            *t = if total > offset {
                (total - offset).div_ceil(n)
            } else {
                0
            };
        }
        let mut low = [0usize; Character::COUNT];
        let mut high = [0usize; Character::COUNT];
        for c in 0..Character::COUNT {
            let (lo, hi) = if c < decided {
                let k = top(self.ends[c]) - self.start[c];
                let owed = match self.placer[c] {
                    Some(p) => self.movers[c].difference(SeatSet::single(p)),
                    None => self.movers[c],
                };
                for s in owed.iter() {
                    match turns[s.index()].checked_sub(1) {
                        Some(t) => turns[s.index()] = t,
                        None => return false,
                    }
                }
                let Some(rest) = k.checked_sub(owed.len() as u8) else {
                    return false;
                };
                (rest, rest)
            } else {
                self.bounds[c]
            };
            low[c] = usize::from(lo);
            high[c] = usize::from(hi);
        }
        (1u8..1 << n).all(|mask| {
            let seats = SeatSet::from_bits(mask).unwrap_or_default();
            let supply: usize = seats.iter().map(|s| turns[s.index()]).sum();
            let (mut reachable, mut only_theirs) = (0, 0);
            for c in 0..Character::COUNT {
                let movers = self.movers[c];
                if !movers.intersection(seats).is_empty() {
                    reachable += high[c];
                }
                if !movers.is_empty() && movers.difference(seats).is_empty() {
                    only_theirs += low[c];
                }
            }
            supply <= reachable && only_theirs <= supply
        })
    }

    /// Tries every way the round can have begun, then the climbs from each: first with a
    /// small search for each beginning's climbs, then larger ones, so that an easy
    /// beginning is not kept waiting behind hard ones. A round with no beginning whose
    /// climbs were cut short has no history.
    fn search(&mut self, search: &mut Search<'_>, game: Game, steps: Steps) -> Option<Steps> {
        for share in PLAN_BUDGETS {
            self.share = share;
            self.cut_short = false;
            let found = self.choose(search, 0, &game, &steps);
            if found.is_some() || !self.cut_short || search.budget == 0 {
                return found;
            }
        }
        search.truncated = true;
        None
    }

    /// Chooses character `c`'s start (and placer), then the next character's.
    fn choose(
        &mut self,
        search: &mut Search<'_>,
        c: usize,
        game: &Game,
        steps: &Steps,
    ) -> Option<Steps> {
        if !search.tick() {
            return None;
        }
        if c == Character::COUNT {
            return self.begin(search, game, steps);
        }
        if !self.can_share_out(c) {
            return None;
        }
        let top = top(self.ends[c]);
        let movers = self.movers[c];
        // Placers first (placed characters), then a leftover or a layout floor.
        let placers: SeatSet = if self.placement {
            movers
        } else {
            SeatSet::EMPTY
        };
        for placer in placers.iter() {
            if self.placements_left[placer.index()] == 0 {
                continue;
            }
            let Some(climbers) = self.fewest_climbs(c, movers.difference(SeatSet::single(placer)))
            else {
                continue;
            };
            let highest = top.min(4);
            for start in (1..=highest).rev() {
                let climbs = top - start;
                // Every other mover climbed it at least once; nobody moved it unseen.
                if climbs < climbers || self.room[start as usize] == 0 {
                    continue;
                }
                self.room[start as usize] -= 1;
                self.placements_left[placer.index()] -= 1;
                (self.start[c], self.placer[c]) = (start, Some(placer));
                self.climbs += usize::from(climbs);
                let found = self.choose(search, c + 1, game, steps);
                self.climbs -= usize::from(climbs);
                self.placements_left[placer.index()] += 1;
                self.room[start as usize] += 1;
                if found.is_some() || search.budget == 0 {
                    return found;
                }
            }
        }
        // Not placed: a leftover on floor 0, or laid out on floors 0–3, climbed by every
        // mover (and by nobody if it never moved).
        let climbers = self.fewest_climbs(c, movers)?;
        let starts = if self.placement {
            0..=0
        } else {
            0..=top.min(LAYOUT_TOP)
        };
        for start in starts.rev() {
            let climbs = top - start;
            let unmoved_ok = (climbs == 0) == movers.is_empty();
            let room = if self.placement {
                self.leftovers_left > 0
            } else {
                self.room[start as usize] > 0
            };
            if climbs < climbers || !unmoved_ok || !room {
                continue;
            }
            if self.placement {
                self.leftovers_left -= 1;
            } else {
                self.room[start as usize] -= 1;
            }
            (self.start[c], self.placer[c]) = (start, None);
            self.climbs += usize::from(climbs);
            let found = self.choose(search, c + 1, game, steps);
            self.climbs -= usize::from(climbs);
            if self.placement {
                self.leftovers_left += 1;
            } else {
                self.room[start as usize] += 1;
            }
            if found.is_some() || search.budget == 0 {
                return found;
            }
        }
        None
    }

    /// A whole beginning is chosen: checks the turn it leads to, places, then climbs.
    fn begin(&mut self, search: &mut Search<'_>, game: &Game, steps: &Steps) -> Option<Steps> {
        let n = self.n;
        let placed_all =
            self.leftovers_left == 0 && self.placements_left[..n].iter().all(|&p| p == 0);
        let candidate_climbed = self.last.is_none() || self.climbs > 0;
        if (self.placement && !placed_all) || self.climbs % n != self.residue || !candidate_climbed
        {
            return None;
        }
        let mut game = *game;
        let mut steps = steps.clone();
        self.enter(&mut game, &mut steps)?;
        let mut climbs = Climbs::new(self);
        search.failed = [0; FAILED_SLOTS];
        // A beginning whose climbs cannot be ordered often shows it only deep down, and one
        // ordering's bad luck is not another's: each beginning gets a share of the budget,
        // split among a few orderings (a failure found in full holds for all of them, so
        // the table of failed states is kept).
        // Restarts with a growing node limit (Luby's sequence): a depth-first search that
        // took a wrong turn early can spend any budget proving it, while another ordering
        // of the candidates finds a history at once. The first run keeps the heuristic's
        // order; later ones shuffle it at every node. A run that ends without reaching its
        // limit searched the whole tree: no ordering can do better.
        let truncated = search.truncated;
        let mut left = search.budget.min(self.share);
        let mut restart = 0;
        while left > 0 {
            climbs.variant = restart;
            let limit = (RESTART_NODES.saturating_mul(luby(restart + 1))).min(left);
            let total = search.budget;
            search.budget = limit;
            let found = climbs.run(search, game, steps.clone());
            let used = limit - search.budget;
            let cut = search.budget == 0;
            search.budget = total - used;
            search.truncated = truncated || search.budget == 0;
            if found.is_some() || !cut {
                return found;
            }
            left -= used;
            restart += 1;
        }
        self.cut_short = true;
        None
    }

    /// Plays the chosen beginning: the layout, or the placements in turn.
    fn enter(&self, game: &mut Game, steps: &mut Steps) -> Option<()> {
        if !self.placement {
            for &start in &self.start {
                let floor = Floor::from_index(usize::from(start))?;
                apply(
                    game,
                    steps,
                    Step::Chance(crate::ChanceOutcome::Layout(floor)),
                )?;
            }
            return Some(());
        }
        let mut placed = [false; Character::COUNT];
        while game.phase() == Phase::Placement {
            let seat = game.next_seat()?;
            let c = (0..Character::COUNT).find(|&c| !placed[c] && self.placer[c] == Some(seat))?;
            placed[c] = true;
            let floor = Floor::from_index(usize::from(self.start[c]))?;
            apply(
                game,
                steps,
                Step::Action {
                    seat,
                    action: Action::Place {
                        character: Character::ALL[c],
                        floor,
                    },
                },
            )?;
        }
        Some(())
    }
}

/// Search nodes of the first run of a beginning's climbs; later runs get Luby's multiples.
const RESTART_NODES: u32 = 64;

/// Luby's restart sequence, 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …, for `i` from 1.
fn luby(mut i: u32) -> u32 {
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 32 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Search nodes one beginning's climbs may use, in successive passes.
const PLAN_BUDGETS: [u32; 4] = [400, 4_000, 40_000, u32::MAX];

/// The climb search: turn by turn, the seat to move climbs a character it is recorded to
/// have moved; every recorded mover must climb its character at least once.
struct Climbs {
    ends: Ends,
    movers: [SeatSet; Character::COUNT],
    /// By character: the movers that still have to climb it.
    owed: [SeatSet; Character::COUNT],
    /// Which order to try candidates in: 0 is the heuristic's, others shuffle it.
    variant: u32,
    /// The round's last climb when the target has a candidate or a King: that character
    /// onto the throne, by the crowner.
    last: Option<(Character, Seat)>,
}

impl Climbs {
    fn new(plan: &Plan) -> Climbs {
        let owed = core::array::from_fn(|c| match plan.placer[c] {
            Some(placer) => plan.movers[c].difference(SeatSet::single(placer)),
            None => plan.movers[c],
        });
        Climbs {
            ends: plan.ends,
            movers: plan.movers,
            owed,
            variant: 0,
            last: plan.last,
        }
    }

    /// Whether a floor is full for good (every character on it stays there) while a
    /// character below still has to reach it or pass it: nothing can enter such a floor
    /// again, so the climbs cannot all happen.
    fn sealed(&self, game: &Game) -> bool {
        let castle = game.castle();
        Floor::ALL[1..].iter().any(|&floor| {
            let staying = castle
                .on(floor)
                .into_iter()
                .filter(|c| self.ends[c.index()] == floor.index() as u8)
                .count();
            staying >= usize::from(floor.capacity())
                && Character::ALL.iter().any(|&c| {
                    castle.floor_of(c).is_some_and(|f| f < floor)
                        && top(self.ends[c.index()]) >= floor.index() as u8
                })
        })
    }

    /// Whether the crown can no longer end with `crown`: the elections are over with
    /// another crown, or none of the characters still to be voted down was moved by it.
    fn crown_lost(&self, game: &Game, crown: Option<Seat>) -> bool {
        let mut pending = Character::ALL
            .into_iter()
            .filter(|&c| self.ends[c.index()] == ELIMINATED)
            .filter(|&c| !game.castle().eliminated().contains(c))
            .peekable();
        if pending.peek().is_none() {
            return game.crown() != crown;
        }
        !pending.any(|c| crown.is_some_and(|s| self.movers[c.index()].contains(s)))
    }

    /// Characters still to be voted down this round.
    fn eliminations_left(&self, game: &Game) -> usize {
        Character::ALL
            .iter()
            .filter(|c| self.ends[c.index()] == ELIMINATED)
            .filter(|&&c| !game.castle().eliminated().contains(c))
            .count()
    }

    fn remaining(&self, game: &Game, c: Character) -> u8 {
        match game.castle().floor_of(c) {
            Some(f) => top(self.ends[c.index()]).saturating_sub(f.index() as u8),
            None => 0,
        }
    }

    fn run(&mut self, search: &mut Search<'_>, mut game: Game, mut steps: Steps) -> Option<Steps> {
        if !search.tick() {
            return None;
        }
        let target = search.target;
        let total: usize = Character::ALL
            .iter()
            .map(|&c| usize::from(self.remaining(&game, c)))
            .sum();
        match game.phase() {
            Phase::Vote => {
                let candidate = game.castle().throne()?;
                if self.ends[candidate.index()] == ELIMINATED {
                    let no = target.no_votes(candidate);
                    for seat in game.seats().iter() {
                        let vote = if no.contains(seat) {
                            Vote::No
                        } else {
                            Vote::Yes
                        };
                        apply(&mut game, &mut steps, vote_step(seat, vote))?;
                    }
                    return self.run(search, game, steps);
                }
                // The target's candidate or King, on the last climb.
                if total != 0 {
                    return None;
                }
                let final_votes: SeatSet = if target.phase == Phase::Vote {
                    target.voted
                } else {
                    game.seats()
                };
                for seat in final_votes.iter() {
                    let no = target.phase == Phase::Vote && target.voted_no.contains(seat);
                    apply(
                        &mut game,
                        &mut steps,
                        vote_step(seat, if no { Vote::No } else { Vote::Yes }),
                    )?;
                }
                return (game == *target).then_some(steps);
            }
            Phase::Climb if total == 0 => return (game == *target).then_some(steps),
            Phase::Climb => {}
            _ => return None,
        }
        let seat = game.next_seat()?;
        let key = self.key(&game);
        // The crown changes only at elections, and a climbing round's last election gave
        // the target's crown: once they are over it must be the target's, and until then
        // one of the characters still to be voted down must be one the crowner moved.
        let crown_settled = target.phase == Phase::Climb && self.crown_lost(&game, target.crown);
        if crown_settled
            || self.sealed(&game)
            || !self.owed_fits(&game, seat, total)
            || Self::failed_before(search, key)
        {
            return None;
        }
        let mut candidates: arrayvec::ArrayVec<(bool, u32, u8, Character), { Character::COUNT }> =
            arrayvec::ArrayVec::new();
        for c in Character::ALL {
            let left = self.remaining(&game, c);
            if left == 0 || !self.movers[c.index()].contains(seat) || !game.castle().can_climb(c) {
                continue;
            }
            // Onto the throne: an eliminated character, or the target's candidate or King
            // as the very last climb.
            let to_throne = game.castle().floor_of(c) == Some(Floor::Nobles);
            if to_throne && self.ends[c.index()] != ELIMINATED && total != 1 {
                continue;
            }
            // The last election of a round that is still climbing gave the crown.
            let last_election = to_throne && self.eliminations_left(&game) == 1;
            if last_election && target.phase == Phase::Climb && target.crown != Some(seat) {
                continue;
            }
            let owed = self.owed[c.index()].contains(seat);
            let floor = game.castle().floor_of(c).map_or(0, |f| f.index() as u8);
            let preference = if self.variant == 0 {
                u32::from(top(self.ends[c.index()]))
            } else {
                // A different shuffle at every node and in every run.
                let mix = key ^ u64::from(self.variant).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                ((mix ^ c.index() as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 40) as u32
            };
            candidates.push((owed, preference, floor, c));
        }
        // Owed climbs first; then the characters bound highest, so they pass the floors
        // below before these fill with the characters that stay there.
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        for (_, _, _, character) in candidates {
            let mut next = game;
            let mut next_steps = steps.clone();
            apply(
                &mut next,
                &mut next_steps,
                Step::Action {
                    seat,
                    action: Action::Climb { character },
                },
            )?;
            let owed = self.owed[character.index()];
            self.owed[character.index()] = owed.difference(SeatSet::single(seat));
            if let Some(found) = self.run(search, next, next_steps) {
                return Some(found);
            }
            self.owed[character.index()] = owed;
            if search.budget == 0 {
                return None;
            }
        }
        Self::remember_failure(search, key);
        None
    }

    /// Whether the climbs left can still be shared out: each seat climbs, in its turns
    /// among the next `total`, only characters it is recorded to have moved, every owed
    /// climb included. A transportation problem with lower bounds: after the owed climbs,
    /// every set of seats must have characters enough to spend its turns on (Hall).
    fn owed_fits(&self, game: &Game, seat: Seat, total: usize) -> bool {
        let n = game.players();
        let mut turns = [0usize; Seat::MAX];
        for s in Seat::all(n) {
            // Turns left for `s` among the next `total`, starting with `seat`.
            let offset = (s.index() + n - seat.index()) % n;
            turns[s.index()] = if total > offset {
                (total - offset).div_ceil(n)
            } else {
                0
            };
        }
        // One climb is reserved: the known climb onto the throne, by the crowner.
        let mut reserved = None;
        if let Some((last, crowner)) = self.last {
            if self.remaining(game, last) > 0 {
                if !self.movers[last.index()].contains(crowner) {
                    return false;
                }
                let Some(t) = turns[crowner.index()].checked_sub(1) else {
                    return false;
                };
                turns[crowner.index()] = t;
                reserved = Some((last, crowner));
            }
        }
        let mut left = [0usize; Character::COUNT];
        for c in Character::ALL {
            let mut owed = self.owed[c.index()];
            let mut climbs = usize::from(self.remaining(game, c));
            if let Some((_, crowner)) = reserved.filter(|&(last, _)| last == c) {
                owed = owed.difference(SeatSet::single(crowner));
                climbs -= 1;
            }
            let Some(rest) = climbs.checked_sub(owed.len()) else {
                return false;
            };
            left[c.index()] = rest;
            for s in owed.iter() {
                match turns[s.index()].checked_sub(1) {
                    Some(t) => turns[s.index()] = t,
                    None => return false,
                }
            }
        }
        (1u8..1 << n).all(|mask| {
            let seats = SeatSet::from_bits(mask).unwrap_or_default();
            let supply: usize = seats.iter().map(|s| turns[s.index()]).sum();
            let demand: usize = Character::ALL
                .iter()
                .filter(|c| !self.movers[c.index()].intersection(seats).is_empty())
                .map(|c| left[c.index()])
                .sum();
            supply <= demand
        })
    }

    fn key(&self, game: &Game) -> u64 {
        let mut hasher = Fnv(0xcbf2_9ce4_8422_2325);
        game.hash(&mut hasher);
        self.owed.hash(&mut hasher);
        hasher.0 | 1
    }

    fn failed_before(search: &Search<'_>, key: u64) -> bool {
        search.failed[key as usize % FAILED_SLOTS] == key
    }

    fn remember_failure(search: &mut Search<'_>, key: u64) {
        search.failed[key as usize % FAILED_SLOTS] = key;
    }
}

fn vote_step(seat: Seat, vote: Vote) -> Step {
    Step::Action {
        seat,
        action: Action::Vote(vote),
    }
}

/// FNV-1a, for the table of failed climb states.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
