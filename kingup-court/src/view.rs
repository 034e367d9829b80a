//! What one seat sees: the whole game (To Court the King hides nothing), from its seat.

use kingup_table::SeatView;
use rand_core::Rng;

use crate::{Action, Game, Seat};

/// What `seat` sees of the game: all of it, since To Court the King has no hidden
/// information, together with the seat it is seen from. Players decide from it, as King
/// Up!'s players decide from theirs.
///
/// ```
/// use kingup_court::{Config, Game, Generator, PlayerView};
/// use kingup_court::kingup_table::SeatView;
///
/// let mut game = Game::new(Config::new(3))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// let view: PlayerView = game.player_view(seat);
/// assert_eq!(view.seat(), seat);
/// let action = view.random_action(&mut Generator::new(2)).expect("the seat is to move");
/// assert!(view.game.is_legal(seat, action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerView {
    /// The seat the game is seen from.
    pub seat: Seat,
    /// The game, whole.
    pub game: Game,
}

impl Game {
    /// The game as `seat` sees it: all of it ([`PlayerView`]).
    #[inline]
    pub const fn player_view(&self, seat: Seat) -> PlayerView {
        PlayerView { seat, game: *self }
    }
}

impl SeatView for PlayerView {
    type Game = Game;
    type Action = Action;

    #[inline]
    fn seat(&self) -> Seat {
        self.seat
    }

    #[inline]
    fn legal_mask(&self) -> crate::ActionSet {
        self.game.legal_mask(self.seat)
    }

    /// The [`Game::random_action`] draw for the viewer: `below(count)` over its legal
    /// actions in index order.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let legal = self.game.legal_mask(self.seat);
        if legal.is_empty() {
            return None;
        }
        legal.nth(crate::below(rng, legal.len() as u32) as usize)
    }
}

// Flattening the position takes serde's `alloc`.
#[cfg(all(feature = "serde", feature = "alloc"))]
impl serde::Serialize for PlayerView {
    /// Everything is public: the position ([`Game::position`], as saves write it) with the
    /// viewer's `seat` added.
    ///
    /// ```
    /// use kingup_court::{Config, Game, Seat};
    ///
    /// let game = Game::new(Config::new(2))?;
    /// let view = serde_json::to_value(game.player_view(Seat::FIRST))?;
    /// assert_eq!(view["seat"], 0);
    /// assert_eq!(view["round"], 0);
    /// assert_eq!(view["config"]["players"], 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Seen {
            #[serde(flatten)]
            position: crate::Position,
            seat: Seat,
        }
        Seen {
            position: self.game.position(),
            seat: self.seat,
        }
        .serialize(s)
    }
}

impl core::fmt::Display for PlayerView {
    /// A readable summary from the viewer's seat: the round and whose turn, each seat's
    /// cards and dice, the dice on the table, the best result, and what is for sale (the
    /// text a language model reads in the bot protocol's requests).
    ///
    /// ```
    /// use kingup_court::{Config, FirstPlayer, Game, Seat};
    ///
    /// let mut config = Config::new(2);
    /// config.first_player = FirstPlayer::Seat(Seat::FIRST);
    /// let game = Game::new(config)?;
    /// let text = game.player_view(Seat::FIRST).to_string();
    /// assert_eq!(text.lines().take(5).collect::<Vec<_>>(), [
    ///     "round 1 (normal round), seat 0's turn, pre-roll phase",
    ///     "you are seat 0",
    ///     "seat 0: 3 dice, cards {}",
    ///     "seat 1: 3 dice, cards {}",
    ///     "dice: rolled none, set aside none, picked none",
    /// ]);
    /// assert!(text.ends_with(", queen 1, king 1\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let game = &self.game;
        write!(f, "round {} ({})", game.round() + 1, game.stage())?;
        match game.outcome() {
            Some(outcome) => writeln!(f, ", game over: {outcome}")?,
            None => writeln!(
                f,
                ", seat {}'s turn, {} phase",
                game.turn_seat(),
                game.phase()
            )?,
        }
        writeln!(f, "you are seat {}", self.seat)?;
        for seat in Seat::all(game.players()) {
            write!(
                f,
                "seat {seat}: {} dice, cards {}",
                game.hand(seat),
                game.cards(seat)
            )?;
            if game.charlatans(seat) > 0 {
                write!(f, ", {} Charlatans", game.charlatans(seat))?;
            }
            if let Some(turn) = game.final_turn(seat) {
                write!(f, ", final round: {turn}")?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "dice: rolled {}, set aside {}, picked {}",
            game.active(),
            game.aside(),
            game.picked()
        )?;
        if !game.used().is_empty() {
            writeln!(f, "cards used this turn: {}", game.used())?;
        }
        if let Some(best) = game.best() {
            writeln!(f, "best result: {best}")?;
        }
        let mut sep = "for sale: ";
        for card in crate::Card::ALL {
            match game.supply(card) {
                Some(0) => continue,
                Some(n) => write!(f, "{sep}{} {n}", card.key())?,
                None => write!(f, "{sep}{} (any number)", card.key())?,
            }
            sep = ", ";
        }
        writeln!(f)
    }
}
