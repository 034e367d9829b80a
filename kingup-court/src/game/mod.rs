//! The game state and its queries.

mod chance;
mod legal;
mod order;
mod play;
mod playout;
mod random;
mod reach;
mod rules;

pub use legal::Actions;
pub use order::SeatOrder;
#[cfg(feature = "alloc")]
pub(crate) use reach::history;

use kingup_table::{FirstPlayer, Seat, SeatError, SeatSet};

use crate::{
    Actor, Card, CardSet, Config, ConfigError, Dice, EventSink, IllegalReason, Outcome, Phase,
    Stage, Value,
};

/// Seats a game has at most.
const MAX_PLAYERS: usize = Config::MAX_PLAYERS as usize;

/// Dice every turn starts with before cards.
const BASE_DICE: u8 = 3;

/// What a seat owns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Player {
    /// Owned cards. The Jester's bit means a face-up Jester; the Charlatan's, at least one
    /// Charlatan; the King's, holding the King card now.
    cards: CardSet,
    /// Jesters turned to Charlatans.
    charlatans: u8,
}

/// The dice and card use of the turn in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Turn {
    /// Dice rolled or brought in and not set aside.
    active: Dice,
    /// Dice set aside this turn: final.
    aside: Dice,
    /// Dice picked for the card being used (a subset of `active`).
    picks: Dice,
    /// The card picking dice, in the select phase.
    selecting: Option<Card>,
    /// Dice waiting to be rolled: the hand and pre-roll dice before the first roll, then
    /// those of a roll or re-roll in progress.
    to_roll: u8,
    /// Whether a die was set aside since the last roll (rolling again needs one).
    kept: bool,
    /// Cards used this turn.
    used: CardSet,
}

/// A game of To Court the King: the whole state. There is no hidden information: every
/// player may see everything here.
///
/// `Game` is `Copy` and small (about 150 bytes), so search can copy-make. It holds no RNG:
/// dice enter only through chance steps ([`Game::apply_chance`], or
/// [`Game::resolve_chance`] with a caller's [`Rng`](rand_core::Rng) such as the project's
/// [`Generator`](kingup_table::Generator)).
///
/// ```
/// use kingup_court::{Actor, Config, Game};
/// use kingup_court::Generator;
///
/// let mut rng = Generator::new(7);
/// let mut config = Config::new(3);
/// config.max_rounds = Some(20);
/// let mut game = Game::new(config)?;
/// while let Some(seat) = game.next_seat_after_chance(&mut rng) {
///     // Everyone plays the last legal action: buy the dearest card, or roll on.
///     let action = *game.legal_actions(seat).last().unwrap();
///     game.apply(seat, action)?;
/// }
/// assert!(game.is_over());
/// println!("{}", game.outcome().unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    config: Config,
    phase: Phase,
    stage: Stage,
    /// The round index, from 0; the final round has its own index.
    round: u32,
    /// The current round's start player: the holder of the start-player marker.
    start: Seat,
    /// The turn's position in the round's order, `0..players`.
    position: u8,
    /// The seat whose turn it is.
    to_move: Seat,
    /// Copies left in the display, by card id (the Charlatan has none of its own).
    supply: [u8; Card::COUNT],
    players: [Player; MAX_PLAYERS],
    turn: Turn,
    /// The King card's holder, once bought.
    king: Option<Seat>,
    /// The Queen card's holder: the King's first buyer.
    queen: Option<Seat>,
    /// The best result so far: the King buyer's, then the final round's best.
    best: Option<Value>,
    /// Final-round results by seat (`None`: not played, or skipped).
    results: [Option<Value>; MAX_PLAYERS],
    outcome: Option<Outcome>,
}

impl Game {
    /// Charlatans a seat may hold under `unlimited_jesters` (the default rules never come
    /// near: a game has at most 5 Jesters). It keeps a turn's dice within a byte.
    pub const MAX_CHARLATANS: u8 = 200;

    /// A new game. With a configured first player, its first turn has begun (the pre-roll
    /// phase); with a random one, chance draws it first.
    pub fn new(config: Config) -> Result<Game, ConfigError> {
        Game::new_with(config, &mut ())
    }

    /// [`Game::new`], writing the opening events (the first round and turn starting, when
    /// the first player is configured) into `sink`.
    pub fn new_with<S: EventSink + ?Sized>(
        config: Config,
        sink: &mut S,
    ) -> Result<Game, ConfigError> {
        config.validate()?;
        let mut game = Game {
            config,
            phase: Phase::Setup,
            stage: Stage::Normal,
            round: 0,
            start: Seat::FIRST,
            position: 0,
            to_move: Seat::FIRST,
            supply: Card::ALL.map(|card| card.copies(config.players)),
            players: [Player::default(); MAX_PLAYERS],
            turn: Turn::default(),
            king: None,
            queen: None,
            best: None,
            results: [None; MAX_PLAYERS],
            outcome: None,
        };
        if let FirstPlayer::Seat(seat) = config.first_player {
            game.start = seat;
            game.start_round(sink);
        }
        Ok(game)
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

    /// The seat with number `index` if it plays in this game ([`Config::seat`]).
    #[inline]
    pub fn seat(&self, index: i64) -> Result<Seat, SeatError> {
        self.config.seat(index)
    }

    /// The phase of the turn (or setup, or game over).
    #[inline]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Normal rounds, the King round or the final round.
    #[inline]
    pub const fn stage(&self) -> Stage {
        self.stage
    }

    /// The round index, from 0 (the final round counts as a round).
    #[inline]
    pub const fn round(&self) -> u32 {
        self.round
    }

    /// The current round's start player, the start-player marker's holder (seat 0 during
    /// a random first player's draw).
    #[inline]
    pub const fn start_player(&self) -> Seat {
        self.start
    }

    /// Whose turn it is (the last seat to play once the game is over).
    #[inline]
    pub const fn turn_seat(&self) -> Seat {
        self.to_move
    }

    /// Whether the game is over.
    #[inline]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::GameOver)
    }

    /// How the game ended, once it is over.
    #[inline]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The winner, once the game is over and was not truncated.
    #[inline]
    pub const fn winner(&self) -> Option<Seat> {
        match self.outcome {
            Some(Outcome::Won(seat)) => Some(seat),
            _ => None,
        }
    }

    /// Who acts next.
    #[inline]
    pub const fn actor(&self) -> Actor {
        match self.phase {
            Phase::Setup | Phase::Rolling => Actor::Chance,
            Phase::PreRoll | Phase::Dice | Phase::Select | Phase::Buy => Actor::Seat(self.to_move),
            Phase::GameOver => Actor::Nobody,
        }
    }

    /// The seat that acts next; `None` when chance is to move or the game is over.
    #[inline]
    pub const fn next_seat(&self) -> Option<Seat> {
        self.actor().seat()
    }

    /// Resolves pending chance with `rng` ([`Game::resolve_chance`]), then returns the seat
    /// to move, or `None` once the game is over: the loop of a simple player.
    pub fn next_seat_after_chance<R: rand_core::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Option<Seat> {
        self.resolve_chance(rng, &mut ());
        self.next_seat()
    }

    /// Checks that `seat` may act now, or says why not: it does not play, the game is over,
    /// chance is to move, or it is another seat's turn.
    pub fn check_turn(&self, seat: Seat) -> Result<(), IllegalReason> {
        if seat.index() >= self.players() {
            return Err(IllegalReason::NoSuchSeat {
                players: self.config.players,
            });
        }
        match self.actor() {
            Actor::Nobody => Err(IllegalReason::GameOver),
            Actor::Chance => Err(IllegalReason::ChancePending),
            Actor::Seat(to_move) if to_move != seat => Err(IllegalReason::NotYourTurn { to_move }),
            Actor::Seat(_) => Ok(()),
        }
    }

    /// Copies of `card` left in the display; `None` when it never runs out (the Jester under
    /// `unlimited_jesters`). The Charlatan has no copies of its own (0), and the Queen and
    /// the King leave the display together.
    #[inline]
    pub fn supply(&self, card: Card) -> Option<u8> {
        if card == Card::Jester && self.config.unlimited_jesters {
            None
        } else {
            Some(self.supply[card.index()])
        }
    }

    fn player(&self, seat: Seat) -> Player {
        self.players.get(seat.index()).copied().unwrap_or_default()
    }

    /// Every card in front of `seat`, as one set: its characters ([`Game::characters`]),
    /// the Jester if it has a face-up Jester ([`Game::has_jester`]), the Charlatan if it
    /// has turned at least one over ([`Game::charlatans`] says how many), and the King
    /// while it holds the King card ([`Game::king`]).
    #[inline]
    pub fn cards(&self, seat: Seat) -> CardSet {
        self.player(seat).cards
    }

    /// The characters `seat` has bought, the Queen included once it has her: every card in
    /// front of it but the Jester row's and the King card.
    ///
    /// ```
    /// use kingup_court::{Card, CardSet, Config, Game, Seat};
    ///
    /// let game = Game::new(Config::new(2))?;
    /// assert_eq!(game.characters(Seat::FIRST), CardSet::EMPTY);
    /// assert!(!game.has_jester(Seat::FIRST));
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    #[inline]
    pub fn characters(&self, seat: Seat) -> CardSet {
        let mut cards = self.cards(seat);
        for card in [Card::Jester, Card::Charlatan, Card::King] {
            cards.remove(card);
        }
        cards
    }

    /// Whether `seat` has a face-up Jester (at most one: it turns over when the seat buys
    /// a Charlatan).
    #[inline]
    pub fn has_jester(&self, seat: Seat) -> bool {
        self.owns(seat, Card::Jester)
    }

    /// Whether `seat` owns `card` (see [`Game::cards`]).
    #[inline]
    pub fn owns(&self, seat: Seat, card: Card) -> bool {
        self.cards(seat).contains(card)
    }

    /// How many Charlatans `seat` has.
    #[inline]
    pub fn charlatans(&self, seat: Seat) -> u8 {
        self.player(seat).charlatans
    }

    /// The dice `seat` starts a turn with: 3, one per Farmer and Charlatan, two for the
    /// General.
    pub fn hand(&self, seat: Seat) -> u8 {
        let player = self.player(seat);
        let farmer = u8::from(player.cards.contains(Card::Farmer));
        let general = 2 * u8::from(player.cards.contains(Card::General));
        BASE_DICE + farmer + general + player.charlatans
    }

    /// The most dice `seat` can have in one turn: its hand and one die per add-a-die card it
    /// owns. The final round skips a seat that cannot beat the best even so.
    pub fn max_dice(&self, seat: Seat) -> u8 {
        let cards = self.cards(seat);
        let adders = Card::ADD_DIE.iter().filter(|&&c| cards.contains(c)).count();
        self.hand(seat) + adders as u8
    }

    /// The active dice of the turn in progress.
    #[inline]
    pub const fn active(&self) -> Dice {
        self.turn.active
    }

    /// The dice set aside this turn (at the end of the dice, the result).
    #[inline]
    pub const fn aside(&self) -> Dice {
        self.turn.aside
    }

    /// The dice picked so far for the card being used, in the select phase.
    #[inline]
    pub const fn picked(&self) -> Dice {
        self.turn.picks
    }

    /// The card picking dice, in the select phase.
    #[inline]
    pub const fn selecting(&self) -> Option<Card> {
        self.turn.selecting
    }

    /// In the pre-roll phase, the dice the first roll will roll: the hand and one die per
    /// add-a-die card used before it. 0 in every other phase.
    #[inline]
    pub const fn dice_in_hand(&self) -> u8 {
        match self.phase {
            Phase::PreRoll => self.turn.to_roll,
            _ => 0,
        }
    }

    /// In the rolling phase, the dice of the roll (or re-roll) in progress that chance has
    /// yet to roll, one chance step each. 0 in every other phase.
    #[inline]
    pub const fn dice_to_roll(&self) -> u8 {
        match self.phase {
            Phase::Rolling => self.turn.to_roll,
            _ => 0,
        }
    }

    /// The cards used this turn.
    #[inline]
    pub const fn used(&self) -> CardSet {
        self.turn.used
    }

    /// Whether a die was set aside since the last roll, as rolling again needs.
    #[inline]
    pub const fn set_aside_since_roll(&self) -> bool {
        self.turn.kept
    }

    /// The King card's holder, once the King is bought.
    #[inline]
    pub const fn king(&self) -> Option<Seat> {
        self.king
    }

    /// The Queen card's holder: whoever bought the King first.
    #[inline]
    pub const fn queen(&self) -> Option<Seat> {
        self.queen
    }

    /// The best result value: the King buyer's, then the best of the final round.
    #[inline]
    pub const fn best(&self) -> Option<Value> {
        self.best
    }

    /// `seat`'s final-round result, once it has played it (`None` if skipped).
    #[inline]
    pub fn final_result(&self, seat: Seat) -> Option<Value> {
        self.results.get(seat.index()).copied().flatten()
    }
}
