//! The policy trait every bot implements, for either game.

use kingup_core::PlayerView;
use kingup_core::kingup_table::{Rules, SeatView, Step};

use crate::Forfeits;

/// The game a view `V` is a view of.
type GameOf<V> = <V as SeatView>::Game;

/// A policy: picks an action for the seat whose view `V` it is given. A bot sees what its
/// seat may see ([`Rules::player_view`](kingup_core::kingup_table::Rules::player_view)),
/// never more: in King Up! (the default) a [`PlayerView`], in To Court the King (no hidden
/// information) the whole game from that seat ([`kingup_court::PlayerView`]). A game's
/// bots are `Bot<G::View>`s.
///
/// ```
/// use kingup_bots::{Bot, RandomBot};
/// use kingup_core::{Actor, Config, Game, Generator};
///
/// let mut bot = RandomBot::new(Generator::new(2));
/// let mut game = Game::new(Config::new(3))?;
/// game.resolve_chance(&mut Generator::new(1), &mut ());
/// let Actor::Seat(seat) = game.actor() else { unreachable!() };
/// let action = bot.choose(&game.player_view(seat)).expect("the seat is to move");
/// game.apply(seat, action)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The same bot plays To Court the King:
///
/// ```
/// use kingup_bots::{Bot, RandomBot};
/// use kingup_court::{Config, Game, Generator};
///
/// let mut bot = RandomBot::new(Generator::new(2));
/// let mut game = Game::new(Config::new(3))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// let action = bot.choose(&game.player_view(seat)).expect("the seat is to move");
/// game.apply(seat, action)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot<V: SeatView = PlayerView> {
    /// A legal action for the view's seat, or `None` when that seat may not act now.
    fn choose(&mut self, view: &V) -> Option<V::Action>;

    /// A short name for reports.
    fn name(&self) -> &str;

    /// A game begins, or [`play`](crate::play) takes over one under way: `view` is the
    /// seat's view before anything is played. Most bots need nothing of it (the default
    /// does nothing); a bot in another process is told its seat and the config.
    fn begin(&mut self, view: &V) {
        let _ = view;
    }

    /// Whether the bot wants [`Bot::observe`] called. `false` by default, which spares a
    /// game between such bots the building of events nobody reads.
    fn observes(&self) -> bool {
        false
    }

    /// What the bot's seat saw happen in one step of the game (only if [`Bot::observes`]).
    fn observe(&mut self, seen: Seen<'_, GameOf<V>>) {
        let _ = seen;
    }

    /// The game is over: `view` is the seat's last view, `end` the public result.
    fn end(&mut self, view: &V, end: &GameEnd<'_>) {
        let _ = (view, end);
    }

    /// The moves of the game just played that the bot forfeited: chosen for it, at random,
    /// because it failed to answer in time or legally. Always none for a bot in this
    /// process; a bot in another process (`kingup-protocol`) counts them.
    fn forfeits(&self) -> Forfeits {
        Forfeits::default()
    }
}

/// What a seat saw happen in one step of a game, handed to [`Bot::observe`].
#[derive(Debug)]
pub struct Seen<'a, G: Rules> {
    /// The step itself, when every seat may see every step ([`Rules::PUBLIC_STEPS`]: To
    /// Court the King); `None` in King Up!.
    pub step: Option<Step<G>>,
    /// The step's events as the seat may see them ([`Rules::redacted`]).
    pub events: &'a [G::Event],
}

/// How a game ended, handed to [`Bot::end`]: what every seat may see at the end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameEnd<'a> {
    /// Each seat's final score ([`Rules::score`]).
    pub scores: &'a [u32],
    /// Each seat's share of the win ([`Rules::win_share`]): 1 for a sole winner, `1/k` for
    /// `k` tied winners, 0 otherwise.
    pub win_shares: &'a [f64],
}

/// A bot behind a pointer is that bot: every method forwarded.
macro_rules! forward_bot {
    ($($pointer:ty),+) => {$(
        impl<V: SeatView, B: Bot<V> + ?Sized> Bot<V> for $pointer {
            fn choose(&mut self, view: &V) -> Option<V::Action> {
                (**self).choose(view)
            }

            fn name(&self) -> &str {
                (**self).name()
            }

            fn begin(&mut self, view: &V) {
                (**self).begin(view);
            }

            fn observes(&self) -> bool {
                (**self).observes()
            }

            fn observe(&mut self, seen: Seen<'_, GameOf<V>>) {
                (**self).observe(seen);
            }

            fn end(&mut self, view: &V, end: &GameEnd<'_>) {
                (**self).end(view, end);
            }

            fn forfeits(&self) -> Forfeits {
                (**self).forfeits()
            }
        }
    )+};
}

forward_bot!(&mut B, Box<B>);
