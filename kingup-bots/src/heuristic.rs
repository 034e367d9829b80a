//! A rule-of-thumb bot: push your own characters, hold back the others, veto what hurts.

use kingup_core::rand_core::Rng;
use kingup_core::{
    Action, Castle, Character, CharacterSet, Floor, Game, Objective, Phase, PlayerView, Seat,
    SeatSet, Vote, below, score,
};

use crate::Bot;

/// Plays by simple rules, with a little noise so its objective is not trivially read:
///
/// - **placement**: its own characters high, the others low;
/// - **climb**: the climb that gains its objective the most points, discounted by how much
///   the character seems to help the others (judged from who has been moving it); one of its
///   own to the throne only when the vote looks likely to pass, a rival's when crowning it
///   now would suit it;
/// - **vote**: Yes for its own characters; No on another candidate when crowning it now
///   would leave it below [`HeuristicBot::VETO_BELOW`] points and it still holds a No.
#[derive(Clone, Debug)]
pub struct HeuristicBot<R> {
    rng: R,
}

impl<R: Rng> HeuristicBot<R> {
    /// Round points under which a rival's candidate gets a No (when a No is left).
    pub const VETO_BELOW: u8 = 14;

    /// A heuristic bot drawing its noise from `rng`.
    pub const fn new(rng: R) -> HeuristicBot<R> {
        HeuristicBot { rng }
    }

    /// The generator it draws from.
    pub const fn rng(&self) -> &R {
        &self.rng
    }

    /// The generator it draws from, to replace (a front end restoring a saved bot puts
    /// back the generator state it saved).
    pub const fn rng_mut(&mut self) -> &mut R {
        &mut self.rng
    }

    /// Noise in `[0, scale)`, in hundredths.
    fn noise(&mut self, scale: u32) -> i32 {
        below(&mut self.rng, scale.max(1)) as i32
    }

    /// The value before noise of climbing each character of `climbs` (bit `c` for
    /// character `c`; climbable characters, as in a legal mask), by character, [`OUTSIDE`]
    /// for the others; and the largest of them. Every climb below the Nobles gains one
    /// point, so only the climbs from the Nobles, to the throne, depend on the floor: no
    /// character's floor is looked up.
    fn climb_bases(
        view: &impl Seen,
        objective: Objective,
        climbs: u16,
    ) -> ([i32; Character::COUNT], i32) {
        let own = objective.characters().bits();
        let me = SeatSet::single(view.seat());
        let to_throne = view.castle().on(Floor::Nobles).bits() & climbs;
        let mut bases = [OUTSIDE; Character::COUNT];
        let mut most = OUTSIDE;
        let mut rest = climbs & !to_throne;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // Others moved it: likely on their objectives.
            let rivals = view.movers(Character::ALL[index]).difference(me);
            let rival = -(46 + 20 * i32::from(SEATS_IN[usize::from(rivals.bits())]));
            // 100 for its own character, else the rival value: a select, not a branch
            // (which is as good as random over the climbs).
            let mine = i32::from(own >> index & 1 == 1);
            let base = rival + mine * (100 - rival);
            bases[index] = base;
            most = most.max(base);
        }
        let mut rest = to_throne;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let base = Self::crown_value(view, objective, own >> index & 1 == 1);
            bases[index] = base;
            most = most.max(base);
        }
        (bases, most)
    }

    /// The value before noise of climbing a character to the throne, its own (`mine`) or
    /// a rival's. Not inlined: the compiler would work out the score and the pass chance
    /// at every climb decision, when few have a climb to the throne.
    #[inline(never)]
    fn crown_value(view: &impl Seen, objective: Objective, mine: bool) -> i32 {
        if mine {
            // Crowned it gains 5; voted down it loses the Noble's 5. The pass chance is
            // 1/2 per other seat holding a No, so 1,000 times it is 1,000 halved that many
            // times, rounded down (what `(1000.0 * chance) as i32` gives).
            (1000 >> no_holders(view)) - 500
        } else {
            // Crowning a rival's character ends the round at today's score.
            let now = i32::from(score(view.castle(), objective));
            (now - i32::from(Self::VETO_BELOW)) * 40
        }
    }

    fn vote(&self, view: &impl Seen, objective: Objective, candidate: Character) -> Vote {
        // No on a rival's candidate that would leave it short, if it holds a No. All three
        // tests are made (`&`, not `&&`): one select instead of branches on each.
        let no = !objective.contains(candidate)
            & (view.no_cards(view.seat()) > 0)
            & (score(view.castle(), objective) < Self::VETO_BELOW);
        if no { Vote::No } else { Vote::Yes }
    }
}

impl<R: Rng> HeuristicBot<R> {
    /// The bot's choice for `seat` in `game` with `draws`, without building the view (the
    /// reference of the tests; the playouts of [`IsmctsBot`](crate::IsmctsBot) take
    /// [`HeuristicBot::play_in`]). With [`Draws::All`] it is [`Bot::choose`]'s choice on
    /// the seat's player view (the same draws from the same generator).
    #[cfg(test)]
    pub(crate) fn choose_in(&mut self, game: &Game, seat: Seat, draws: Draws) -> Option<Action> {
        self.decide(&(game, seat), draws)
    }

    /// [`HeuristicBot::choose_in`] for the seat that acts next in `game` (the lowest
    /// voter in a vote), whose objective is `objective`: the same choice from the same
    /// draws, with the legal actions read straight from the castle (the seat acts, so
    /// every placement or climb the castle allows is legal, and so is its vote) and the
    /// objective looked up once a playout by the caller.
    pub(crate) fn play_in(
        &mut self,
        game: &Game,
        seat: Seat,
        objective: Objective,
        draws: Draws,
    ) -> Option<Action> {
        let castle = game.castle();
        match game.phase() {
            Phase::Vote => {
                let candidate = castle.throne()?;
                Some(Action::Vote(self.vote(&(game, seat), objective, candidate)))
            }
            Phase::Placement => {
                let room = Floor::PLACEMENT
                    .iter()
                    .enumerate()
                    .fold(0, |room, (i, &f)| room | u64::from(castle.has_room(f)) << i);
                let placements = castle.outside().placement_bits() * room;
                self.place(u128::from(placements), objective, draws)
            }
            Phase::Climb => {
                let climbs = u128::from(castle.climbable().bits()) << Action::CLIMB_BASE;
                self.climb(&(game, seat), climbs, objective, draws)
            }
            Phase::Setup | Phase::Score | Phase::GameOver => None,
        }
    }

    /// Weighs the legal actions in index order (the order of the sorted legal list) and
    /// keeps the first best; `draws` says which of them draw their noise. The actions come
    /// from the legal mask, so no list is built and no action is decoded.
    fn decide(&mut self, view: &impl Seen, draws: Draws) -> Option<Action> {
        let legal = view.legal_mask();
        let objective = view.objective()?;
        match view.phase() {
            Phase::Vote => {
                let candidate = view.castle().throne()?;
                let vote = Action::Vote(self.vote(view, objective, candidate));
                (legal >> vote.index() & 1 == 1).then_some(vote)
            }
            Phase::Placement => self.place(legal, objective, draws),
            _ => self.climb(view, legal, objective, draws),
        }
    }

    /// The best placement among the placements in `legal`: its own characters high, the
    /// others low, plus noise below [`PLACE_NOISE`].
    fn place(&mut self, legal: u128, objective: Objective, draws: Draws) -> Option<Action> {
        let own = objective.characters().bits();
        // Placements are indices `0..52`: `4 * character + floor - 1`, one nibble a
        // character, one bit a floor.
        let placements = legal as u64 & ((1 << Action::CLIMB_BASE) - 1);
        let mut candidates = match draws {
            Draws::All => placements,
            Draws::Contenders => place_contenders(placements, nibbles(objective.characters())),
        };
        let mut best = Best::new();
        while candidates != 0 {
            let index = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let f = (index % 4 + 1) as i32 * 100;
            let base = if own >> (index / 4) & 1 == 1 { f } else { -f };
            best.offer(base + self.noise(PLACE_NOISE), index as usize);
        }
        best.index()
            .and_then(|index| Action::from_index(index).ok())
    }

    /// The best climb among the climbs in `legal`: [`HeuristicBot::climb_bases`] plus noise
    /// below [`CLIMB_NOISE`].
    fn climb(
        &mut self,
        view: &impl Seen,
        legal: u128,
        objective: Objective,
        draws: Draws,
    ) -> Option<Action> {
        let climbs = (legal >> Action::CLIMB_BASE) as u16 & ((1 << Character::COUNT) - 1);
        let nobles = view.castle().on(Floor::Nobles).bits();
        let own_below = climbs & !nobles & objective.characters().bits();
        if draws == Draws::Contenders && own_below != 0 && climbs & nobles == 0 {
            // No climb to the throne, and some of its own to climb: those are worth 100
            // each and every other climb at most -46, at or below 100 less the noise's
            // range, so only they can come out best (the others' values are not needed).
            return self.first_best(own_below, |_| 100);
        }
        // The values before noise first (they draw nothing), then the noise in index order
        // for the climbs that draw: every one, or those that can still come out best (one
        // at or below the best value less the noise's range cannot), picked without a
        // branch per climb. Every climb has a value ([`OUTSIDE`] is only for the others).
        let (bases, most) = Self::climb_bases(view, objective, climbs);
        let drawing = match draws {
            Draws::All => climbs,
            Draws::Contenders => {
                let floor = most.saturating_sub(CLIMB_NOISE as i32);
                (0..Character::COUNT).fold(0, |m, i| m | u16::from(bases[i] > floor) << i) & climbs
            }
        };
        self.first_best(drawing, |index| bases[index])
    }

    /// The climb of `drawing` (bit `c` for character `c`) with the best value before noise
    /// (`base`) plus noise below [`CLIMB_NOISE`], each drawing in index order; the first
    /// best wins.
    fn first_best(&mut self, mut drawing: u16, base: impl Fn(usize) -> i32) -> Option<Action> {
        let mut best = Best::new();
        while drawing != 0 {
            let index = drawing.trailing_zeros() as usize;
            drawing &= drawing - 1;
            best.offer(base(index) + self.noise(CLIMB_NOISE), index);
        }
        best.index().map(|index| Action::Climb {
            character: Character::ALL[index],
        })
    }
}

/// The first best of values offered in turn, kept by selects rather than a branch on each
/// comparison (the noise makes it as good as random). Values are above `i32::MIN`.
struct Best {
    value: i32,
    index: usize,
}

impl Best {
    const fn new() -> Best {
        Best {
            value: i32::MIN,
            index: usize::MAX,
        }
    }

    #[inline]
    fn offer(&mut self, value: i32, index: usize) {
        let better = value > self.value;
        self.index = if better { index } else { self.index };
        self.value = self.value.max(value);
    }

    fn index(&self) -> Option<usize> {
        (self.index != usize::MAX).then_some(self.index)
    }
}

/// Placement noise, in hundredths of a floor: below this, in `[0, 150)`.
const PLACE_NOISE: u32 = 150;
/// Climb noise: in `[0, 60)`.
const CLIMB_NOISE: u32 = 60;
/// The value of climbing a character outside the castle: the least there is.
const OUTSIDE: i32 = i32::MIN;

/// The number of seats in a seat set, by its bits (a table: without the POPCNT instruction
/// a count of ones is a dozen instructions).
const SEATS_IN: [u8; 256] = {
    let mut counts = [0; 256];
    let mut bits = 0;
    while bits < counts.len() {
        counts[bits] = (bits as u32).count_ones() as u8;
        bits += 1;
    }
    counts
};

/// Which of a decision's legal actions draw their noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Draws {
    /// Every one, in index order: [`HeuristicBot`]'s own draws, which its seeded games
    /// replay.
    All,
    /// Only those that can still come out best: an action whose value before noise is at or
    /// below the best such value minus the noise's range can never beat (nor tie) the best
    /// one, whatever the noise, so it is left out without a draw. The others draw in index
    /// order and the first best wins as before: the chosen action has exactly the same
    /// distribution as with [`Draws::All`], from far fewer draws (a placement draws for a
    /// few actions instead of up to 52). The search's playouts play this way.
    Contenders,
}

/// The low bit of each character's nibble of the placement indices.
const NIBBLE_LOWS: u64 = 0x1_1111_1111_1111;

/// Each character of `characters` as a full nibble `c`.
fn nibbles(characters: CharacterSet) -> u64 {
    characters.placement_bits() * 0xf
}

/// The floors (bit `f - 1` for floor `f`) of the placements in `mask`.
fn floors(mask: u64) -> u32 {
    let mut folded = mask | mask >> 32;
    folded |= folded >> 16;
    folded |= folded >> 8;
    folded |= folded >> 4;
    (folded & 0xf) as u32
}

/// The placements of `placements` that can come out best: with own characters (`own`, as
/// nibbles) to place, those on its highest floor with room (value `M = 100 × floor`) and
/// the floor below (`M − 100`); else the others' on the lowest floor with room and the one
/// above. Every other placement is worth at most `M − 200`, at or below `M − 150`: the
/// noise (below 150) cannot lift it to the best.
fn place_contenders(placements: u64, own: u64) -> u64 {
    let mine = placements & own;
    if mine != 0 {
        let top = 31 - floors(mine).leading_zeros();
        mine & (NIBBLE_LOWS * u64::from(0b11u32 << top >> 1))
    } else {
        let low = floors(placements).trailing_zeros().min(3);
        placements & (NIBBLE_LOWS * u64::from((0b11u32 << low) & 0xf))
    }
}

impl<R: Rng> Bot for HeuristicBot<R> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        self.decide(view, Draws::All)
    }

    fn name(&self) -> &str {
        "heuristic"
    }
}

/// What the heuristic reads of a seat's situation: a [`PlayerView`], or a whole game and a
/// seat (which knows no more than the view about everything the heuristic reads, apart from
/// being faster to reach).
trait Seen {
    fn seat(&self) -> Seat;
    fn phase(&self) -> Phase;
    fn castle(&self) -> &Castle;
    fn movers(&self, character: Character) -> SeatSet;
    fn objective(&self) -> Option<Objective>;
    fn no_cards(&self, seat: Seat) -> u8;
    fn players(&self) -> usize;
    /// The legal actions as a mask over action indices.
    fn legal_mask(&self) -> u128;
}

impl Seen for PlayerView {
    fn seat(&self) -> Seat {
        self.seat
    }
    fn phase(&self) -> Phase {
        self.public.phase
    }
    fn castle(&self) -> &Castle {
        &self.public.castle
    }
    fn movers(&self, character: Character) -> SeatSet {
        self.public.movers[character.index()]
    }
    fn objective(&self) -> Option<Objective> {
        PlayerView::objective(self)
    }
    fn no_cards(&self, seat: Seat) -> u8 {
        self.public.no_cards(seat)
    }
    fn players(&self) -> usize {
        self.public.players()
    }
    fn legal_mask(&self) -> u128 {
        PlayerView::legal_mask(self)
    }
}

impl Seen for (&Game, Seat) {
    fn seat(&self) -> Seat {
        self.1
    }
    fn phase(&self) -> Phase {
        self.0.phase()
    }
    fn castle(&self) -> &Castle {
        self.0.castle()
    }
    fn movers(&self, character: Character) -> SeatSet {
        self.0.movers(character)
    }
    fn objective(&self) -> Option<Objective> {
        self.0.objective(self.1)
    }
    fn no_cards(&self, seat: Seat) -> u8 {
        self.0.no_cards(seat)
    }
    fn players(&self) -> usize {
        self.0.players()
    }
    fn legal_mask(&self) -> u128 {
        self.0.legal_mask(self.1)
    }
}

/// How many other seats still hold a No: each is taken to vote Yes with probability 1/2,
/// so the chance that every other seat votes Yes is 1/2 to that power. Counted without a
/// branch per seat.
fn no_holders(view: &impl Seen) -> u32 {
    Seat::all(view.players())
        .map(|s| u32::from(s != view.seat()) & u32::from(view.no_cards(s) > 0))
        .sum()
}

#[cfg(test)]
mod tests {
    use kingup_core::{Actor, Config, Generator};

    use super::*;

    /// The value of climbing `c` before its noise, one character at a time as first written,
    /// or `None` when `c` is not in the castle.
    fn climb_base(view: &impl Seen, objective: Objective, c: Character) -> Option<i32> {
        let castle = view.castle();
        let from = castle.floor_of(c)?;
        let to = from.up().unwrap_or(Floor::Throne);
        let gain = i32::from(to.points()) - i32::from(from.points());
        Some(match (objective.contains(c), to == Floor::Throne) {
            // Crowned it gains 5; voted down it loses the Noble's 5.
            (true, true) => {
                // Each other seat holding a No votes Yes with probability 1/2.
                let chance = Seat::all(view.players())
                    .filter(|&s| s != view.seat() && view.no_cards(s) > 0)
                    .fold(1.0, |chance, _| chance * 0.5);
                (1000.0 * chance) as i32 - 500
            }
            (true, false) => gain * 100,
            // Crowning a rival's character ends the round at today's score.
            (false, true) => {
                let now = i32::from(score(castle, objective));
                (now - i32::from(HeuristicBot::<Generator>::VETO_BELOW)) * 40
            }
            (false, false) => {
                // Others moved it: likely on their objectives.
                let rivals = view.movers(c).difference(SeatSet::single(view.seat()));
                -gain * (46 + 20 * rivals.len() as i32)
            }
        })
    }

    /// The policy as first written, over the sorted legal list with one draw per action: the
    /// reference [`Draws::All`] must replay draw for draw.
    fn reference(rng: &mut Generator, game: &Game, seat: Seat) -> Option<Action> {
        let view = (game, seat);
        let legal = game.legal_actions(seat);
        let objective = game.objective(seat)?;
        let mut bot = HeuristicBot::new(rng);
        if game.phase() == Phase::Vote {
            let candidate = game.castle().throne()?;
            let vote = Action::Vote(bot.vote(&view, objective, candidate));
            return legal.contains(&vote).then_some(vote);
        }
        let mut best: Option<(i32, Action)> = None;
        for &action in &legal {
            let value = match action {
                Action::Place { character, floor } => {
                    let f = floor.index() as i32 * 100;
                    let mine = objective.contains(character);
                    (if mine { f } else { -f }) + bot.noise(PLACE_NOISE)
                }
                Action::Climb { character } => match climb_base(&view, objective, character) {
                    Some(base) => base + bot.noise(CLIMB_NOISE),
                    None => i32::MIN,
                },
                Action::Vote(_) => 0,
            };
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, action));
            }
        }
        best.map(|(_, action)| action)
    }

    /// The value of `action` for `seat` before noise.
    fn base(game: &Game, seat: Seat, action: Action) -> i32 {
        let objective = game.objective(seat).unwrap();
        match action {
            Action::Place { character, floor } => {
                let f = floor.index() as i32 * 100;
                if objective.contains(character) { f } else { -f }
            }
            Action::Climb { character } => {
                climb_base(&(game, seat), objective, character).unwrap_or(i32::MIN)
            }
            Action::Vote(_) => 0,
        }
    }

    /// Every decision of `games` seeded games between heuristic bots (every fifth move a
    /// random one, for variety), with the seat to decide.
    fn decisions(games: u64, mut visit: impl FnMut(&Game, Seat, u64)) {
        for seed in 0..games {
            let mut game = Game::new(Config::new(3 + (seed % 4) as u8)).unwrap();
            let mut rng = Generator::new(seed);
            let mut step = 0;
            loop {
                if game.actor() == Actor::Chance {
                    game.resolve_chance(&mut rng, &mut ());
                }
                let Some(seat) = game.next_seat() else { break };
                visit(&game, seat, seed * 1000 + step);
                let action = if step % 5 == 4 {
                    game.random_action(&mut rng).unwrap().1
                } else {
                    HeuristicBot::new(&mut rng)
                        .choose_in(&game, seat, Draws::All)
                        .unwrap()
                };
                game.apply(seat, action).unwrap();
                step += 1;
            }
        }
    }

    #[test]
    fn all_draws_replays_the_list_policy_draw_for_draw() {
        let mut count = 0;
        decisions(40, |game, seat, seed| {
            let (mut a, mut b) = (Generator::new(seed), Generator::new(seed));
            let expected = reference(&mut a, game, seat);
            assert_eq!(
                HeuristicBot::new(&mut b).choose_in(game, seat, Draws::All),
                expected
            );
            assert_eq!(a, b, "the same draws");
            let view = game.player_view(seat);
            let mut c = Generator::new(seed);
            assert_eq!(HeuristicBot::new(&mut c).choose(&view), expected);
            assert_eq!(a, c);
            count += 1;
        });
        assert!(count > 2000, "{count} decisions");
    }

    /// What makes [`Draws::Contenders`] exact: with every action drawing, the chosen one is
    /// always among the contenders (its value before noise is above the best such value
    /// minus the noise's range), so leaving the others out changes no outcome.
    #[test]
    fn the_choice_is_always_a_contender_and_contenders_choose_legally() {
        let (mut placements, mut climbs) = (0, 0);
        decisions(40, |game, seat, seed| {
            let legal = game.legal_actions(seat);
            let noise = match game.phase() {
                Phase::Placement => PLACE_NOISE,
                Phase::Climb => CLIMB_NOISE,
                _ => return,
            };
            let best = legal.iter().map(|&a| base(game, seat, a)).max().unwrap();
            let contender = |a: Action| base(game, seat, a) > best - noise as i32;
            for draw in 0..8 {
                let mut rng = Generator::new(seed * 8 + draw);
                let all = HeuristicBot::new(&mut rng).choose_in(game, seat, Draws::All);
                assert!(contender(all.unwrap()), "{all:?} of {legal:?}");
                let few = HeuristicBot::new(&mut rng).choose_in(game, seat, Draws::Contenders);
                assert!(legal.contains(&few.unwrap()) && contender(few.unwrap()));
            }
            if game.phase() == Phase::Placement {
                let mask = legal.iter().fold(0u64, |m, a| m | 1 << a.index());
                let objective = game.objective(seat).unwrap();
                let own = nibbles(objective.characters());
                let expected = legal.iter().filter(|&&a| contender(a));
                let listed = place_contenders(mask, own);
                assert_eq!(listed.count_ones() as usize, expected.clone().count());
                assert!(expected.into_iter().all(|a| listed >> a.index() & 1 == 1));
                placements += 1;
            } else {
                climbs += 1;
            }
        });
        assert!(placements > 500 && climbs > 500, "{placements} {climbs}");
    }

    /// The playouts' fast path chooses as `choose_in` for the seat that acts, draw for draw.
    #[test]
    fn play_in_is_choose_in_for_the_seat_that_acts() {
        let mut count = 0;
        decisions(40, |game, seat, seed| {
            assert_eq!(game.next_seat(), Some(seat));
            let objective = game.objective(seat).unwrap();
            for draws in [Draws::All, Draws::Contenders] {
                let (mut a, mut b) = (Generator::new(seed), Generator::new(seed));
                let expected = HeuristicBot::new(&mut a).choose_in(game, seat, draws);
                let fast = HeuristicBot::new(&mut b).play_in(game, seat, objective, draws);
                assert_eq!(fast, expected);
                assert_eq!(a, b, "the same draws");
            }
            count += 1;
        });
        assert!(count > 2000, "{count} decisions");
    }

    #[test]
    fn nibbles_fill_each_characters_nibble() {
        for set in 0..1u16 << Character::COUNT {
            let slow = (0..Character::COUNT).fold(0u64, |acc, c| {
                acc | (u64::from(set >> c & 1) * 0xf) << (4 * c)
            });
            let characters = CharacterSet::from_bits(set).unwrap();
            assert_eq!(nibbles(characters), slow, "{set:#x}");
        }
    }

    /// Both ways of drawing choose with the same frequencies (a fixed-seed sample: the test
    /// is deterministic), at a placement and a climb with several contenders.
    #[test]
    fn contenders_choose_with_the_frequencies_of_all_draws() {
        let mut checked = 0;
        decisions(6, |game, seat, seed| {
            if seed % 7 != 0 || !matches!(game.phase(), Phase::Placement | Phase::Climb) {
                return;
            }
            let mut counts = std::collections::HashMap::new();
            let mut rng = Generator::new(seed);
            let n = 3000;
            for _ in 0..n {
                for (i, draws) in [Draws::All, Draws::Contenders].into_iter().enumerate() {
                    let action = HeuristicBot::new(&mut rng).choose_in(game, seat, draws);
                    counts.entry(action).or_insert([0i32; 2])[i] += 1;
                }
            }
            // Total variation distance between the two samples.
            let tv: i32 = counts.values().map(|[a, b]| (a - b).abs()).sum();
            assert!(f64::from(tv) / 2.0 / f64::from(n) < 0.05, "{counts:?}");
            checked += 1;
        });
        assert!(checked >= 5, "{checked}");
    }
}
