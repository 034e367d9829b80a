//! The game state and its queries.

mod chance;
mod moves;
mod playout;
mod reach;
mod rules;
mod sample;
mod score;
mod snapshot;
mod validate;
mod views;

pub use moves::Actions;
pub(crate) use moves::{action_mask, legal_actions_in};
pub use reach::HISTORY_BUDGET;
pub use sample::Sampler;
pub use score::{CONSOLATION_POINTS, Totals, score};
pub(crate) use score::{leaders, sum_rounds};
pub use snapshot::Snapshot;
#[cfg(feature = "alloc")]
pub(crate) use snapshot::history;
pub use validate::InvalidState;

use crate::{
    Actor, CardId, Castle, Character, Config, ConfigError, FirstPlayer, IllegalReason, Objective,
    Phase, Seat, SeatError, SeatSet, Vote,
};

/// No cards `seat` has left: its allowance less its revealed No votes this round.
pub(crate) fn no_cards_left(
    config: &Config,
    no_votes: &[SeatSet; Character::COUNT],
    seat: Seat,
) -> u8 {
    if seat.index() >= config.player_count() {
        return 0;
    }
    // The 13 sets side by side in two words, read straight from the array (a copy read back
    // wider than it was written would stall), the seat's bit of every byte counted at once.
    const LOW_BITS: u64 = u64::from_le_bytes([1; 8]);
    let low = u64::from_le_bytes(core::array::from_fn(|i| no_votes[i].bits()));
    let high = u64::from_le_bytes(core::array::from_fn(|i| {
        no_votes.get(8 + i).map_or(0, |set| set.bits())
    }));
    let seat = seat.index();
    let per_byte = (low >> seat & LOW_BITS) + (high >> seat & LOW_BITS);
    let played = (per_byte.wrapping_mul(LOW_BITS) >> 56) as u8;
    config.no_cards().saturating_sub(played)
}

/// Rounds a game has at most, as an array length.
pub(crate) const MAX_ROUNDS: usize = Config::MAX_ROUNDS as usize;

/// A game of King Up!: the full state, secrets included.
///
/// `Game` is `Copy` and small (under 200 bytes), so search can copy-make. It holds no RNG
/// and no seed: randomness enters only through chance steps ([`Game::apply_chance`], or
/// [`Game::resolve_chance`] with a caller's [`Rng`](rand_core::Rng)), and undealt
/// cards are a set, never an order.
///
/// It knows every secret; give players [`Game`]-derived views, not the `Game` itself.
///
/// ```
/// use kingup_core::{Actor, Config, Game, Phase};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut rng = SmallRng::seed_from_u64(7);
/// let mut game = Game::new(Config::new(4))?;
/// while !game.is_over() {
///     match game.actor() {
///         Actor::Chance => game.resolve_chance(&mut rng, &mut ()),
///         Actor::Seat(seat) => {
///             let action = game.legal_actions(seat)[0];
///             game.apply(seat, action)?;
///         }
///         Actor::Voters(seats) => {
///             let seat = seats.iter().next().unwrap();
///             game.apply(seat, game.legal_actions(seat)[0])?;
///         }
///         Actor::Nobody => unreachable!("the game is not over"),
///     }
/// }
/// assert_eq!(game.phase(), Phase::GameOver);
/// assert!(!game.winners().unwrap().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    config: Config,
    round: u8,
    phase: Phase,
    castle: Castle,
    /// The current round's first player; `None` only before round 1's random draw.
    first_player: Option<Seat>,
    /// The seat to move in the placement and climb phases.
    to_move: Seat,
    crown: Option<Seat>,
    /// Seats that committed a vote in the current election, and those that voted No.
    voted: SeatSet,
    voted_no: SeatSet,
    /// This round, by character: the seats that placed or climbed it (public memory).
    movers: [SeatSet; Character::COUNT],
    /// This round, by character: the seats whose No eliminated it (revealed votes). A
    /// seat's No cards left are derived from it: every No played is discarded.
    no_votes: [SeatSet; Character::COUNT],
    /// Objective cards by round and seat; rounds before the current one are public.
    objectives: [[Option<CardId>; Seat::MAX]; MAX_ROUNDS],
    /// Points by round and seat, filled when each round is scored.
    scores: [[u8; Seat::MAX]; MAX_ROUNDS],
}

impl Game {
    /// A new game, in the setup phase of round 1 (chance to move).
    pub fn new(config: Config) -> Result<Game, ConfigError> {
        config.validate()?;
        let first_player = match config.first_player {
            FirstPlayer::Seat(seat) => Some(seat),
            FirstPlayer::Random => None,
        };
        Ok(Game {
            config,
            round: 0,
            phase: Phase::Setup,
            castle: Castle::new(),
            first_player,
            to_move: first_player.unwrap_or(Seat::FIRST),
            crown: None,
            voted: SeatSet::EMPTY,
            voted_no: SeatSet::EMPTY,
            movers: [SeatSet::EMPTY; Character::COUNT],
            no_votes: [SeatSet::EMPTY; Character::COUNT],
            objectives: [[None; Seat::MAX]; MAX_ROUNDS],
            scores: [[0; Seat::MAX]; MAX_ROUNDS],
        })
    }

    /// The configuration the game was created with.
    #[inline]
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// Number of players.
    #[inline]
    pub const fn players(&self) -> usize {
        self.config.player_count()
    }

    /// The seats that play, `0..players`.
    #[inline]
    pub const fn seats(&self) -> SeatSet {
        SeatSet::first(self.config.player_count())
    }

    /// The current round index, from 0 (the last round once the game is over).
    #[inline]
    pub const fn round(&self) -> u8 {
        self.round
    }

    /// The current phase.
    #[inline]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the last round has been scored.
    #[inline]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::GameOver)
    }

    /// Who acts next.
    #[inline]
    pub const fn actor(&self) -> Actor {
        match self.phase {
            Phase::Setup | Phase::Score => Actor::Chance,
            Phase::Placement | Phase::Climb => Actor::Seat(self.to_move),
            Phase::Vote => Actor::Voters(self.seats().difference(self.voted)),
            Phase::GameOver => Actor::Nobody,
        }
    }

    /// The seat that acts next: the seat to move, or in a vote the lowest seat still to
    /// vote (any of them may vote first; front ends ask them in seat order); `None` when
    /// chance is to move or the game is over.
    #[inline]
    pub const fn next_seat(&self) -> Option<Seat> {
        self.actor().next_seat()
    }

    /// Checks that `seat` may act now, or says why not: it does not play, the game is over,
    /// chance is to move, another seat is to move, or it has voted already.
    pub fn check_turn(&self, seat: Seat) -> Result<(), IllegalReason> {
        if seat.index() >= self.players() {
            return Err(IllegalReason::NoSuchSeat {
                players: self.config.players,
            });
        }
        self.actor().check(seat)
    }

    /// The seat with number `index` if it plays in this game (`Config::seat`).
    #[inline]
    pub fn seat(&self, index: i64) -> Result<Seat, SeatError> {
        self.config.seat(index)
    }

    /// The King of the current round once it is crowned (the round is then over); `None`
    /// before, and during a vote, when the character on the throne is only a candidate.
    #[inline]
    pub const fn king(&self) -> Option<Character> {
        match self.phase {
            Phase::Score | Phase::GameOver => self.castle.throne(),
            _ => None,
        }
    }

    /// The castle.
    #[inline]
    pub const fn castle(&self) -> &Castle {
        &self.castle
    }

    /// The character being voted on, during the vote phase.
    #[inline]
    pub const fn candidate(&self) -> Option<Character> {
        match self.phase {
            Phase::Vote => self.castle.throne(),
            _ => None,
        }
    }

    /// The seat holding the crown: the last seat that moved a character onto the throne.
    #[inline]
    pub const fn crown(&self) -> Option<Seat> {
        self.crown
    }

    /// The current round's first player (`None` before round 1's random draw).
    #[inline]
    pub const fn first_player(&self) -> Option<Seat> {
        self.first_player
    }

    /// No cards `seat` holds: its round's allowance less the No votes it played in this
    /// round's elections (only the seat holds them, but anyone who remembers the reveals can
    /// work it out). 0 for a seat that does not play.
    #[inline]
    pub fn no_cards(&self, seat: Seat) -> u8 {
        no_cards_left(&self.config, &self.no_votes, seat)
    }

    /// The seats that placed or climbed `character` this round.
    #[inline]
    pub const fn movers(&self, character: Character) -> SeatSet {
        self.movers[character as usize]
    }

    /// The seats that voted No on `character` this round (empty unless it was eliminated).
    #[inline]
    pub const fn no_votes(&self, character: Character) -> SeatSet {
        self.no_votes[character as usize]
    }

    /// The seats that have committed a vote in the current election (public).
    #[inline]
    pub const fn voted(&self) -> SeatSet {
        self.voted
    }

    /// The vote `seat` committed in the current election, if any (secret until the reveal).
    pub const fn committed_vote(&self, seat: Seat) -> Option<Vote> {
        if !self.voted.contains(seat) {
            None
        } else if self.voted_no.contains(seat) {
            Some(Vote::No)
        } else {
            Some(Vote::Yes)
        }
    }

    /// The card `seat` was dealt in round `round` (secret to that seat until the round
    /// is scored).
    pub fn objective_card(&self, round: u8, seat: Seat) -> Option<CardId> {
        *self.objectives.get(usize::from(round))?.get(seat.index())?
    }

    /// The objective `seat` holds this round (secret to that seat until the round is
    /// scored).
    pub fn objective(&self, seat: Seat) -> Option<Objective> {
        self.objective_card(self.round, seat)
            .and_then(|card| self.config.deck.get(card))
    }

    /// The cards dealt so far in the whole game, as a mask over card ids.
    pub(crate) fn used_cards(&self) -> u32 {
        // Every slot is looked at without a branch on whether it holds a card.
        self.objectives.as_flattened().iter().fold(0, |mask, card| {
            mask | card.map_or(0, |c| 1 << (c.index() & 31))
        })
    }
}
