//! Player actions: legal-move generation, checking and applying.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::Game;
use crate::below;
use crate::{
    Action, Actor, Castle, Character, CharacterSet, Event, EventSink, Events, Floor, IllegalAction,
    IllegalReason, Phase, Seat, SeatSet, Vote,
};

/// A seat's legal actions, sorted by index, without heap allocation.
///
/// Capacity 52 is the worst case: in placement at most 13 unplaced characters × 4 floors
/// (52, the very first move of a round); in the climb phase at most one climb per character
/// (13); in a vote, Yes and No (2).
pub type Actions = ArrayVec<Action, 52>;

/// The actions of a seat that may act in `phase`, given the castle and its No cards
/// (asked only in a vote). Shared by [`Game`] and [`PlayerView`](crate::PlayerView), which
/// must agree.
///
/// Inlined so that the list is made in the caller's frame and filled there through a
/// reference: a list built in the callee and returned is copied whole, and that copy's wide
/// loads cannot be forwarded from the narrow stores that just filled it (a stall a call).
#[inline]
pub(crate) fn legal_actions_in(
    phase: Phase,
    castle: &Castle,
    no_cards: impl FnOnce() -> u8,
) -> Actions {
    match phase {
        Phase::Placement => placements(castle),
        Phase::Climb => climbs(castle),
        Phase::Vote => {
            let mut actions = Actions::new();
            actions.push(Action::Vote(Vote::Yes));
            if no_cards() > 0 {
                actions.push(Action::Vote(Vote::No));
            }
            actions
        }
        Phase::Setup | Phase::Score | Phase::GameOver => Actions::new(),
    }
}

/// What unused slots of a list being filled hold until it is cut to length.
const FILLER: Action = Action::Vote(Vote::Yes);

/// By character and by mask of placement floors with room (bit `i` for
/// `Floor::PLACEMENT[i]`): that character's placements on those floors, in order, padded.
/// A row is copied whole and only its first `mask.count_ones()` actions kept.
const PLACEMENT_ROWS: [[[Action; 4]; 16]; Character::COUNT] = {
    let mut rows = [[[FILLER; 4]; 16]; Character::COUNT];
    let mut c = 0;
    while c < Character::COUNT {
        let mut mask = 0;
        while mask < 16 {
            let (mut i, mut len) = (0, 0);
            while i < 4 {
                if mask & 1 << i != 0 {
                    let (character, floor) = (Character::ALL[c], Floor::PLACEMENT[i]);
                    rows[c][mask][len] = Action::Place { character, floor };
                    len += 1;
                }
                i += 1;
            }
            mask += 1;
        }
        c += 1;
    }
    rows
};

/// The legal placements: every character outside on every placement floor with room, in
/// index order. Straight-line code: each character's row is
/// copied to the end of the list, which grows past it only if the character is outside,
/// and the list is cut to length at the end. No branch depends on the castle, so none
/// mispredicts. Inlined, like [`legal_actions_in`], so the list is filled in place.
#[inline]
fn placements(castle: &Castle) -> Actions {
    let (room, floors) = placement_room(castle);
    let outside = castle.outside().bits();
    let mut actions = Actions::from([FILLER; 52]);
    let mut len = 0;
    for (c, row) in PLACEMENT_ROWS.iter().enumerate() {
        // Always in range: before character `c` the list holds at most `c * floors`
        // actions, and `12 * 4 + 4` is 52.
        if let Some(slots) = actions.get_mut(len..len + 4) {
            slots.copy_from_slice(&row[room as usize & 15]);
        }
        len += floors as usize * usize::from(outside >> c & 1);
    }
    actions.truncate(len);
    actions
}

/// Characters `0..7` and `7..13`: the two halves of a climbable set that [`climbs`] looks
/// up separately (tables of 128 and 64 rows instead of one of 8,192).
const LOW_HALF: usize = 7;

/// By mask of climbable characters among `first..first + 8` (bit `i` for character
/// `first + i`): their climbs, in order, padded to 8.
const fn climb_rows<const N: usize>(first: usize) -> [[Action; 8]; N] {
    let mut rows = [[FILLER; 8]; N];
    let mut mask = 0;
    while mask < N {
        let (mut i, mut len) = (0, 0);
        while i < 8 {
            if mask & 1 << i != 0 {
                rows[mask][len] = Action::Climb {
                    character: Character::ALL[first + i],
                };
                len += 1;
            }
            i += 1;
        }
        mask += 1;
    }
    rows
}

/// Climb rows for characters `0..7`, by mask.
const LOW_CLIMBS: [[Action; 8]; 1 << LOW_HALF] = climb_rows(0);
/// Climb rows for characters `7..13`, by mask.
const HIGH_CLIMBS: [[Action; 8]; 1 << (Character::COUNT - LOW_HALF)] = climb_rows(LOW_HALF);

/// The legal climbs, in index order: the row of the low half of the climbable set, then
/// the row of the high half right after its last climb. Two copies and no branch on the
/// castle, whatever its size. Inlined, like [`legal_actions_in`], so the list is filled
/// in place.
#[inline]
fn climbs(castle: &Castle) -> Actions {
    let (climbable, count) = castle.climbable_counted();
    let climbable = usize::from(climbable.bits());
    let low = climbable & ((1 << LOW_HALF) - 1);
    let mut actions = Actions::from([FILLER; 52]);
    actions[..8].copy_from_slice(&LOW_CLIMBS[low]);
    // Always in range: the low half holds at most 7 climbs.
    let after_low = kingup_table::byte_ones(low as u8) as usize;
    if let Some(slots) = actions.get_mut(after_low..after_low + 8) {
        slots.copy_from_slice(&HIGH_CLIMBS[(climbable >> LOW_HALF) & 63]);
    }
    actions.truncate(count as usize);
    actions
}

/// The placement floors with room as a mask (bit `i` is `Floor::PLACEMENT[i]`) and their
/// number.
pub(super) fn placement_room(castle: &Castle) -> (u32, u32) {
    let room = castle.placement_room();
    // Four bits counted by hand: a popcount is a dozen instructions without the instruction.
    (
        room,
        (room & 1) + (room >> 1 & 1) + (room >> 2 & 1) + (room >> 3),
    )
}

/// By mask of placement floors with room (bit `i` for `Floor::PLACEMENT[i]`): the `j`-th
/// of them (padded past the last), so a placement's floor is one look-up.
pub(super) const NTH_ROOM: [[Floor; 4]; 16] = {
    let mut rows = [[Floor::Artisans; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut i, mut j) = (0, 0);
        while i < 4 {
            if mask & 1 << i != 0 {
                rows[mask][j] = Floor::PLACEMENT[i];
                j += 1;
            }
            i += 1;
        }
        mask += 1;
    }
    rows
};

/// A seat's options in one phase, in the shape legal actions are counted and indexed in
/// (sorted by action index).
#[derive(Clone, Copy)]
enum Options {
    /// Every unplaced character on every placement floor with room.
    Place {
        outside: CharacterSet,
        unplaced: u32,
        /// Placement floors with room, bit `i` for `Floor::PLACEMENT[i]`, and their number.
        room: u32,
        floors: u32,
    },
    /// Every climbable character.
    Climb { climbable: CharacterSet, count: u32 },
    /// Yes, and No if the seat has a No card.
    Vote { no: bool },
}

impl Options {
    #[inline]
    fn count(self) -> u32 {
        match self {
            Options::Place {
                unplaced, floors, ..
            } => unplaced * floors,
            Options::Climb { count, .. } => count,
            Options::Vote { no } => 1 + u32::from(no),
        }
    }

    /// The options as a mask over action indices (bit `i` for the action of index `i`),
    /// straight from the sets: placement `4 * character + i` for each placement floor
    /// `i` with room, climb `52 + character`, votes 65 and 66.
    #[inline]
    fn mask(self) -> u128 {
        match self {
            Options::Place { outside, room, .. } => {
                // Each unplaced character's bit moved to the low bit of its nibble, then
                // the floors with room copied into every such nibble at once.
                let nibbles = crate::bits::nibble_lows(outside.bits());
                u128::from(nibbles * u64::from(room & 0xf))
            }
            Options::Climb { climbable, .. } => u128::from(climbable.bits()) << Action::CLIMB_BASE,
            Options::Vote { no } => 1 << Action::VOTE_YES | u128::from(no) << Action::VOTE_NO,
        }
    }

    /// The `n`-th option in index order.
    #[inline]
    fn nth(self, n: u32) -> Option<Action> {
        match self {
            Options::Place {
                outside,
                unplaced,
                room,
                floors,
            } => {
                if n >= unplaced * floors {
                    return None;
                }
                let floors = floors.max(1);
                let (nth_character, nth_floor) = super::playout::divide(n, floors);
                let character = outside.nth(nth_character as usize)?;
                // `nth_floor` is below `floors`, the number of floors with room.
                let floor = NTH_ROOM[room as usize & 15][nth_floor as usize & 3];
                Some(Action::Place { character, floor })
            }
            Options::Climb { climbable, .. } => Some(Action::Climb {
                character: climbable.nth(n as usize)?,
            }),
            // A select, not a branch, on `n` (random in a playout).
            Options::Vote { no } => (n <= u32::from(no)).then_some(Action::Vote(if n == 0 {
                Vote::Yes
            } else {
                Vote::No
            })),
        }
    }
}

/// Bit `i` set for each action of index `i` in `actions`.
pub(crate) fn action_mask(actions: &[Action]) -> u128 {
    actions.iter().fold(0, |mask, a| mask | 1 << a.index())
}

impl Game {
    /// The legal actions of `seat`, sorted by index; empty when `seat` may not act.
    #[inline]
    pub fn legal_actions(&self, seat: Seat) -> Actions {
        if !self.actor().includes(seat) {
            return Actions::new();
        }
        legal_actions_in(self.phase, &self.castle, || self.no_cards(seat))
    }

    /// How many legal actions `seat` has: `legal_actions(seat).len()`, without building
    /// the list.
    #[inline]
    pub fn legal_action_count(&self, seat: Seat) -> usize {
        if !self.actor().includes(seat) {
            return 0;
        }
        // Counted from the head counts alone, without the sets `options` builds.
        (match self.phase {
            Phase::Placement => {
                let (_, floors) = placement_room(&self.castle);
                (Character::COUNT as u32 - self.castle.inside_count()) * floors
            }
            Phase::Climb => self.castle.climbable_count(),
            Phase::Vote => 1 + u32::from(self.no_cards(seat) > 0),
            Phase::Setup | Phase::Score | Phase::GameOver => 0,
        }) as usize
    }

    /// The `n`-th legal action of `seat` in sorted order: `legal_actions(seat).get(n)`,
    /// without building the list. With [`Game::legal_action_count`] it picks a uniformly
    /// random legal action cheaply, as playouts do.
    ///
    /// ```
    /// use kingup_core::{Config, FirstPlayer, Game, Seat};
    /// use rand::{SeedableRng, rngs::SmallRng};
    ///
    /// let mut config = Config::new(4);
    /// config.first_player = FirstPlayer::Seat(Seat::FIRST);
    /// let mut game = Game::new(config)?;
    /// game.resolve_chance(&mut SmallRng::seed_from_u64(1), &mut ());
    /// let legal = game.legal_actions(Seat::FIRST);
    /// assert_eq!(game.legal_action_count(Seat::FIRST), legal.len());
    /// assert_eq!(game.nth_legal_action(Seat::FIRST, 17), Some(legal[17]));
    /// assert_eq!(game.nth_legal_action(Seat::FIRST, legal.len()), None);
    /// # Ok::<(), kingup_core::ConfigError>(())
    /// ```
    #[inline(always)]
    pub fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        self.options(seat)?.nth(u32::try_from(n).ok()?)
    }

    /// A uniformly random legal action for the seat that acts next ([`Game::next_seat`]):
    /// `nth_legal_action(seat, below(rng, legal_action_count(seat)))`, one draw from `rng`
    /// ([`below`](crate::below)). `None` when chance is to move or the game is over. Every
    /// front end's random play draws this way, so a seed gives the same game everywhere.
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Seat, Action)> {
        let seat = self.next_seat()?;
        let options = self.options(seat)?;
        Some((seat, options.nth(below(rng, options.count()))?))
    }

    /// What `seat` may do now, if it may act: the options computed once, for
    /// [`Game::legal_action_count`], [`Game::nth_legal_action`] and
    /// [`Game::random_action`].
    #[inline]
    fn options(&self, seat: Seat) -> Option<Options> {
        if !self.actor().includes(seat) {
            return None;
        }
        Some(match self.phase {
            Phase::Placement => {
                let (room, floors) = placement_room(&self.castle);
                Options::Place {
                    outside: self.castle.outside(),
                    // Nobody is eliminated before the climb.
                    unplaced: Character::COUNT as u32 - self.castle.inside_count(),
                    room,
                    floors,
                }
            }
            Phase::Climb => {
                let (climbable, count) = self.castle.climbable_counted();
                Options::Climb { climbable, count }
            }
            Phase::Vote => Options::Vote {
                no: self.no_cards(seat) > 0,
            },
            Phase::Setup | Phase::Score | Phase::GameOver => return None,
        })
    }

    /// The legal actions of `seat` as a mask over the 67 action indices (bit `i` set when
    /// the action with index `i` is legal).
    pub fn legal_mask(&self, seat: Seat) -> u128 {
        self.options(seat).map_or(0, Options::mask)
    }

    /// Whether `seat` may play `action` now.
    #[inline]
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// Checks that `seat` may play `action` now, or says why not.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        self.reason_illegal(seat, action).map_or(Ok(()), |reason| {
            Err(IllegalAction {
                seat,
                action,
                reason,
            })
        })
    }

    fn reason_illegal(&self, seat: Seat, action: Action) -> Option<IllegalReason> {
        if seat.index() >= self.players() {
            return Some(IllegalReason::NoSuchSeat {
                players: self.config.players,
            });
        }
        match (self.phase, action) {
            (Phase::GameOver, _) => Some(IllegalReason::GameOver),
            (Phase::Setup | Phase::Score, _) => Some(IllegalReason::ChancePending),
            (Phase::Placement, Action::Place { character, floor }) => self
                .not_your_turn(seat)
                .or_else(|| self.reason_cannot_place(character, floor)),
            (Phase::Climb, Action::Climb { character }) => self
                .not_your_turn(seat)
                .or_else(|| self.reason_cannot_climb(character)),
            (Phase::Vote, Action::Vote(vote)) => {
                if self.voted.contains(seat) {
                    Some(IllegalReason::AlreadyVoted)
                } else if vote == Vote::No && self.no_cards(seat) == 0 {
                    Some(IllegalReason::NoNoCardLeft)
                } else {
                    None
                }
            }
            (phase, _) => Some(IllegalReason::WrongPhase { phase }),
        }
    }

    fn not_your_turn(&self, seat: Seat) -> Option<IllegalReason> {
        (seat != self.to_move).then_some(IllegalReason::NotYourTurn {
            to_move: self.to_move,
        })
    }

    fn reason_cannot_place(&self, character: Character, floor: Floor) -> Option<IllegalReason> {
        if !floor.is_placement() {
            Some(IllegalReason::FloorNotAllowed { floor })
        } else if !self.castle.outside().contains(character) {
            Some(IllegalReason::AlreadyPlaced { character })
        } else if !self.castle.has_room(floor) {
            Some(IllegalReason::FloorFull { floor })
        } else {
            None
        }
    }

    fn reason_cannot_climb(&self, character: Character) -> Option<IllegalReason> {
        match self.castle.floor_of(character).and_then(Floor::up) {
            None => Some(IllegalReason::NotInCastle { character }),
            Some(above) if !self.castle.has_room(above) => {
                Some(IllegalReason::FloorFull { floor: above })
            }
            Some(_) => None,
        }
    }

    /// Plays `action` for `seat` and returns the events it caused; on error the game is
    /// unchanged.
    ///
    /// ```
    /// use kingup_core::{Action, Character, Config, Event, FirstPlayer, Floor, Game, Seat};
    /// use rand::{SeedableRng, rngs::SmallRng};
    ///
    /// let mut config = Config::new(4);
    /// config.first_player = FirstPlayer::Seat(Seat::new(2).unwrap());
    /// let mut game = Game::new(config)?;
    /// game.resolve_chance(&mut SmallRng::seed_from_u64(1), &mut ());
    ///
    /// let seat = Seat::new(2).unwrap();
    /// let place = Action::Place { character: Character::Irina, floor: Floor::Dignitaries };
    /// let events = game.apply(seat, place)?;
    /// assert_eq!(
    ///     events[0],
    ///     Event::Placed { seat, character: Character::Irina, floor: Floor::Dignitaries }
    /// );
    ///
    /// let before = game;
    /// assert!(game.apply(seat, place).is_err()); // not seat 2's turn any more
    /// assert_eq!(game, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Events, IllegalAction> {
        let mut events = Events::new();
        self.apply_with(seat, action, &mut events)?;
        Ok(events)
    }

    /// Plays `action` for `seat`, writing its events into `sink`; on error the game is
    /// unchanged and nothing is written.
    pub fn apply_with<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut S,
    ) -> Result<(), IllegalAction> {
        self.check(seat, action)?;
        self.play(seat, action, sink);
        Ok(())
    }

    /// Plays `action` for `seat` without checking it and without events: the fast path
    /// for playouts over actions taken from [`Game::legal_actions`].
    ///
    /// Memory-safe whatever it is given, and panic-free in release builds; an illegal
    /// action leaves the game in an unspecified state that [`Game::validate`] may reject.
    /// Debug builds assert legality (and so panic on an illegal action).
    #[inline]
    pub fn apply_unchecked(&mut self, seat: Seat, action: Action) {
        debug_assert!(
            self.is_legal(seat, action),
            "{:?}",
            self.check(seat, action)
        );
        self.play(seat, action, &mut ());
    }

    #[inline(always)]
    fn play<S: EventSink + ?Sized>(&mut self, seat: Seat, action: Action, sink: &mut S) {
        match action {
            Action::Place { character, floor } => self.place(seat, character, floor, sink),
            Action::Climb { character } => self.climb(seat, character, sink),
            Action::Vote(vote) => self.vote(seat, vote, sink),
        }
    }

    pub(super) fn place<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        character: Character,
        floor: Floor,
        sink: &mut S,
    ) {
        self.castle.enter(character, floor);
        self.movers[character.index()].insert(seat);
        sink.push(Event::Placed {
            seat,
            character,
            floor,
        });
        if self.castle.inside_count() < u32::from(self.config.placements()) {
            self.to_move = seat.next(self.players());
            return;
        }
        let characters = self.castle.put_outside_on(Floor::Servants);
        sink.push(Event::LeftoversPlaced { characters });
        self.phase = Phase::Climb;
        self.to_move = self.first_player.unwrap_or(Seat::FIRST);
    }

    pub(super) fn climb<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        character: Character,
        sink: &mut S,
    ) {
        let Some(to) = self.castle.raise(character) else {
            return;
        };
        self.climbed(seat, character, to, sink);
    }

    /// `seat` moved `character` up to `to`: its mover recorded, then an election or the
    /// next seat's turn.
    #[inline]
    pub(super) fn climbed<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        character: Character,
        to: Floor,
        sink: &mut S,
    ) {
        self.movers[character.index()].insert(seat);
        sink.push(Event::Climbed {
            seat,
            character,
            to,
        });
        if to == Floor::Throne {
            self.crown = Some(seat);
            self.phase = Phase::Vote;
            self.voted = SeatSet::EMPTY;
            self.voted_no = SeatSet::EMPTY;
            sink.push(Event::ElectionCalled {
                seat,
                candidate: character,
            });
        } else {
            self.to_move = seat.next(self.players());
        }
    }

    pub(super) fn vote<S: EventSink + ?Sized>(&mut self, seat: Seat, vote: Vote, sink: &mut S) {
        self.voted.insert(seat);
        // No branch on the vote: in a random playout it is a coin toss.
        let no = SeatSet::single(seat).bits() * u8::from(vote == Vote::No);
        self.voted_no = self
            .voted_no
            .union(SeatSet::from_bits(no).unwrap_or(SeatSet::EMPTY));
        sink.push(Event::VoteCommitted {
            seat,
            vote: Some(vote),
        });
        if matches!(self.actor(), Actor::Voters(waiting) if waiting.is_empty()) {
            self.reveal(sink);
        }
    }

    /// All votes are in: crown the candidate, or eliminate it and play on. Inlined: an
    /// elimination is a few stores, and the crowning (with the scoring) is kept out of line.
    #[inline]
    pub(super) fn reveal<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let Some(candidate) = self.castle.throne() else {
            return;
        };
        let no = self.voted_no;
        sink.push(Event::VotesRevealed { candidate, no });
        self.voted = SeatSet::EMPTY;
        self.voted_no = SeatSet::EMPTY;
        if no.is_empty() {
            return self.crown_candidate(candidate, sink);
        }
        self.castle.eliminate_candidate();
        self.no_votes[candidate.index()] = no;
        sink.push(Event::Eliminated {
            character: candidate,
        });
        self.phase = Phase::Climb;
        self.to_move = self.crown.unwrap_or(Seat::FIRST).next(self.players());
    }

    /// Nobody voted No: `candidate` is King, and the round is scored.
    #[inline(never)]
    fn crown_candidate<S: EventSink + ?Sized>(&mut self, candidate: Character, sink: &mut S) {
        sink.push(Event::Crowned {
            character: candidate,
        });
        self.score_round(sink);
    }
}
