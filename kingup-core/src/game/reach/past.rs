//! A round before the current one: only its objectives and points remain, so any end of
//! round that scores those points, and whose King a given seat crowns, will do.

use super::{ELIMINATED, Ends, LAYOUT_TOP, Search, Steps, THRONE, apply, placement};
use crate::game::Game;
use crate::{Action, Character, CharacterSet, Floor, Phase, Seat, Step, Vote};

/// Plays round `round` of the search's target from its deals to its King's crowning by
/// `crowner`, with every seat scoring the points the target records.
pub(super) fn round(
    search: &mut Search<'_>,
    game: &mut Game,
    steps: &mut Steps,
    round: u8,
    crowner: Seat,
) -> Option<()> {
    let target = search.target;
    let n = search.players();
    let mut objectives = [CharacterSet::EMPTY; Seat::MAX];
    let mut points = [0u8; Seat::MAX];
    for seat in Seat::all(n) {
        objectives[seat.index()] = target
            .config
            .deck
            .get(target.objective_card(round, seat)?)?
            .characters();
        points[seat.index()] = *target.scores.get(usize::from(round))?.get(seat.index())?;
    }
    let mut ends_search = EndSearch::new(game, &objectives[..n], &points[..n]);
    let mut found = None;
    ends_search.run(search, &mut |search, ends| {
        let mut attempt = *game;
        let mut attempt_steps = steps.clone();
        let done = build(search, &mut attempt, &mut attempt_steps, ends, crowner).is_some();
        if done {
            found = Some((attempt, attempt_steps));
        }
        done
    });
    let (played, played_steps) = found?;
    *game = played;
    *steps = played_steps;
    Some(())
}

/// Points a character scores where a round left it.
fn points_at(end: u8) -> u8 {
    match end {
        0..=5 => end,
        THRONE => 10,
        _ => 0,
    }
}

/// The search for an end of round with the recorded points: a depth-first assignment of
/// an end to every character. It completes one seat at a time (the seat with the fewest
/// characters left first), so that a seat's last character is forced to the points the
/// seat still needs, and bounds every seat's points as it goes.
struct EndSearch<'o> {
    objectives: &'o [CharacterSet],
    points: &'o [u8],
    /// Room left at each end: floors 0–5, the throne, the eliminated.
    room: [u8; 8],
    ends: Ends,
    open: CharacterSet,
    sums: [u8; Seat::MAX],
}

/// The ends a character may take, in the order tried.
const END_ORDER: [u8; 8] = [THRONE, 5, 4, 3, 2, 1, 0, ELIMINATED];

impl<'o> EndSearch<'o> {
    fn new(game: &Game, objectives: &'o [CharacterSet], points: &'o [u8]) -> EndSearch<'o> {
        let config = game.config();
        // Floor 0 keeps only characters that start there; floor 5 keeps at most three at
        // the end (the King left it last); every elimination takes a No card.
        let floor0 = if placement(config) {
            Character::COUNT as u8 - config.placements()
        } else {
            4
        };
        let eliminations = config.no_cards() * config.players;
        EndSearch {
            objectives,
            points,
            room: [floor0, 4, 4, 4, 4, 3, 1, eliminations],
            ends: [0; Character::COUNT],
            open: CharacterSet::ALL,
            sums: [0; Seat::MAX],
        }
    }

    /// Offers every end found to `accept` until it accepts one.
    fn run(
        &mut self,
        search: &mut Search<'_>,
        accept: &mut dyn FnMut(&mut Search<'_>, &Ends) -> bool,
    ) -> bool {
        if !search.tick() {
            return false;
        }
        let Some((character, forced)) = self.next() else {
            let complete =
                self.room[THRONE as usize] == 0 && self.sums[..self.points.len()] == *self.points;
            return complete && accept(search, &self.ends);
        };
        for end in END_ORDER {
            if forced.is_some_and(|p| points_at(end) != p)
                || self.room[end as usize] == 0
                || !self.fits(character, end)
            {
                continue;
            }
            self.set(character, end, true);
            if self.still_possible() && self.run(search, accept) {
                return true;
            }
            self.set(character, end, false);
            if search.budget == 0 {
                return false;
            }
        }
        false
    }

    /// The character to assign next: from the seat with the fewest open characters (with
    /// the points that seat still needs when it is the last), else any open one.
    fn next(&self) -> Option<(Character, Option<u8>)> {
        let seat = (0..self.objectives.len())
            .filter(|&s| !self.objectives[s].intersection(self.open).is_empty())
            .min_by_key(|&s| self.objectives[s].intersection(self.open).len());
        match seat {
            Some(s) => {
                let open = self.objectives[s].intersection(self.open);
                let wanted =
                    |c: &Character| self.objectives.iter().filter(|o| o.contains(*c)).count();
                let character = open.into_iter().max_by_key(wanted)?;
                let forced = (open.len() == 1).then(|| self.points[s] - self.sums[s]);
                Some((character, forced))
            }
            None => self.open.first().map(|c| (c, None)),
        }
    }

    /// Whether no seat goes over its points with `character` at `end`.
    fn fits(&self, character: Character, end: u8) -> bool {
        let p = points_at(end);
        self.objectives
            .iter()
            .zip(self.points)
            .zip(&self.sums)
            .all(|((o, &want), &sum)| !o.contains(character) || sum + p <= want)
    }

    fn set(&mut self, character: Character, end: u8, on: bool) {
        let p = points_at(end);
        for (seat, o) in self.objectives.iter().enumerate() {
            if o.contains(character) {
                if on {
                    self.sums[seat] += p;
                } else {
                    self.sums[seat] -= p;
                }
            }
        }
        if on {
            self.room[end as usize] -= 1;
            self.ends[character.index()] = end;
            self.open.remove(character);
        } else {
            self.room[end as usize] += 1;
            self.open.insert(character);
        }
    }

    /// Whether every seat can still reach its points with its open characters (each
    /// taking the best room left).
    fn still_possible(&self) -> bool {
        self.objectives
            .iter()
            .zip(self.points)
            .zip(&self.sums)
            .all(|((o, &want), &sum)| {
                let left = o.intersection(self.open).len();
                sum + self.best(left) >= want
            })
    }

    /// The most `count` characters could still score, given the room left.
    fn best(&self, mut count: usize) -> u8 {
        let mut total = 0;
        for end in [THRONE, 5, 4, 3, 2, 1] {
            let take = count.min(usize::from(self.room[end as usize]));
            total += points_at(end) * take as u8;
            count -= take;
        }
        total
    }
}

/// Plays the round to `ends` with `crowner` crowning the King: chooses where characters
/// start (placements or the layout) so that the number of climbs comes out right, then
/// climbs.
///
/// Starts are filled from the top in order of the ends (the highest ends highest), so
/// that climbing the highest character first never finds a character that stays put in
/// its way; extra climbs, to make the last one fall to `crowner`, come from starting the
/// lowest characters lower.
fn build(
    search: &mut Search<'_>,
    game: &mut Game,
    steps: &mut Steps,
    ends: &Ends,
    crowner: Seat,
) -> Option<()> {
    let n = game.players();
    let first = game.first_player()?;
    // The last climb (the King's) is climb number T, by seat first + T - 1.
    let wanted = (crowner.index() + n - first.index() + 1) % n;
    let base = starts(game, ends)?;
    let mut extra = (wanted + n - climbs(ends, &base) % n) % n;
    // A few tries in the right residue: each lowers more starts.
    for _ in 0..4 {
        if let Some(start) = lowered(game, ends, base, extra) {
            let mut attempt = *game;
            let mut attempt_steps = steps.clone();
            let ok = enter(&mut attempt, &mut attempt_steps, &start).is_some()
                && climb(search, &mut attempt, &mut attempt_steps, ends).is_some()
                && attempt.crown() == Some(crowner);
            if ok {
                *game = attempt;
                *steps = attempt_steps;
                return Some(());
            }
        }
        if search.budget == 0 {
            return None;
        }
        extra += n;
    }
    None
}

/// The highest floor a character reaches: the throne for the eliminated.
fn top(end: u8) -> u8 {
    if end == ELIMINATED { THRONE } else { end }
}

/// Climbs from `start` to `ends`.
fn climbs(ends: &Ends, start: &[u8; Character::COUNT]) -> usize {
    (0..Character::COUNT)
        .map(|c| usize::from(top(ends[c]).saturating_sub(start[c])))
        .sum()
}

/// Start floors filled from the top, highest ends first: placed characters on 4 down to 1
/// (the lowest ends left over on floor 0), or laid out on 3 down to 0. `None` if a
/// character must start higher than the room allows.
fn starts(game: &Game, ends: &Ends) -> Option<[u8; Character::COUNT]> {
    let config = game.config();
    let placement = placement(config);
    let mut order = Character::ALL;
    order.sort_unstable_by_key(|&c| (core::cmp::Reverse(top(ends[c.index()])), c));
    let (highest, mut room) = if placement {
        (4, [0, 4, 4, 4, 4])
    } else {
        (LAYOUT_TOP, [4, 4, 4, 4, 0])
    };
    let placed = usize::from(config.placements());
    let mut start = [0u8; Character::COUNT];
    for (i, c) in order.into_iter().enumerate() {
        let end = top(ends[c.index()]);
        // In a placement game the lowest ends are the leftovers, on floor 0.
        if placement && i >= placed {
            continue;
        }
        let lowest = u8::from(placement);
        let floor = (lowest..=end.min(highest))
            .rev()
            .find(|&f| room[usize::from(f)] > 0)?;
        room[usize::from(floor)] -= 1;
        start[c.index()] = floor;
    }
    Some(start)
}

/// `start` with `extra` more climbs: the lowest characters one floor lower, one at a time,
/// where the floor below has room (placed characters stay on floors 1–4).
fn lowered(
    game: &Game,
    ends: &Ends,
    mut start: [u8; Character::COUNT],
    extra: usize,
) -> Option<[u8; Character::COUNT]> {
    let placement = placement(game.config());
    let lowest = u8::from(placement);
    let mut count = [0u8; 5];
    for &s in &start {
        count[usize::from(s)] += 1;
    }
    for _ in 0..extra {
        let c = (0..Character::COUNT)
            .filter(|&c| start[c] > lowest && count[usize::from(start[c] - 1)] < 4)
            .min_by_key(|&c| (start[c], top(ends[c])))?;
        count[usize::from(start[c])] -= 1;
        start[c] -= 1;
        count[usize::from(start[c])] += 1;
    }
    Some(start)
}

/// Puts the characters on their start floors: the layout's chance steps in id order, or
/// the placements in turn (any seat may place any character: a past round's movers are
/// not remembered).
fn enter(game: &mut Game, steps: &mut Steps, start: &[u8; Character::COUNT]) -> Option<()> {
    if !placement(game.config()) {
        for (c, &floor) in start.iter().enumerate() {
            let floor = Floor::from_index(usize::from(floor))?;
            debug_assert!(Character::from_index(c).is_some());
            apply(
                game,
                steps,
                Step::Chance(crate::ChanceOutcome::Layout(floor)),
            )?;
        }
        return Some(());
    }
    let mut placed = CharacterSet::EMPTY;
    while game.phase() == Phase::Placement {
        let seat = game.next_seat()?;
        let (c, floor) = start
            .iter()
            .enumerate()
            .find(|&(c, &f)| f > 0 && !placed.contains(Character::ALL[c]))?;
        let character = Character::ALL[c];
        placed.insert(character);
        let floor = Floor::from_index(usize::from(*floor))?;
        apply(
            game,
            steps,
            Step::Action {
                seat,
                action: Action::Place { character, floor },
            },
        )?;
    }
    Some(())
}

/// Climbs every character to its end, highest first (so the way up is clear), the
/// eliminated voted down by a seat with a No card, and the King crowned by the last climb.
fn climb(search: &mut Search<'_>, game: &mut Game, steps: &mut Steps, ends: &Ends) -> Option<()> {
    let king = Character::ALL[ends.iter().position(|&e| e == THRONE)?];
    loop {
        if !search.tick() {
            return None;
        }
        match game.phase() {
            Phase::Vote => {
                let candidate = game.castle().throne()?;
                let no = if candidate == king {
                    None
                } else {
                    game.seats()
                        .iter()
                        .max_by_key(|&s| (game.no_cards(s), core::cmp::Reverse(s)))
                };
                for seat in game.seats().iter() {
                    let vote = if Some(seat) == no {
                        Vote::No
                    } else {
                        Vote::Yes
                    };
                    apply(
                        game,
                        steps,
                        Step::Action {
                            seat,
                            action: Action::Vote(vote),
                        },
                    )?;
                }
            }
            Phase::Climb => {
                let seat = game.next_seat()?;
                let character = next_climb(game, ends, king)?;
                apply(
                    game,
                    steps,
                    Step::Action {
                        seat,
                        action: Action::Climb { character },
                    },
                )?;
            }
            Phase::Score | Phase::GameOver => return Some(()),
            _ => return None,
        }
    }
}

/// The character to climb next: the highest one below its end whose way up is clear; the
/// King onto the throne only as the round's last climb.
fn next_climb(game: &Game, ends: &Ends, king: Character) -> Option<Character> {
    let castle = game.castle();
    let below_end =
        |c: Character| castle.floor_of(c).map(|f| f.index() as u8) < Some(top(ends[c.index()]));
    let remaining: usize = Character::ALL
        .iter()
        .filter_map(|&c| Some(top(ends[c.index()]) - castle.floor_of(c)?.index() as u8))
        .map(usize::from)
        .sum();
    Character::ALL
        .into_iter()
        .filter(|&c| below_end(c) && castle.can_climb(c))
        .filter(|&c| {
            let to_throne = castle.floor_of(c) == Some(Floor::Nobles);
            !to_throne || c != king || remaining == 1
        })
        .max_by_key(|&c| (castle.floor_of(c), core::cmp::Reverse(c)))
}
