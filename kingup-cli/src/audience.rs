//! What the bots at a `kingup play` table hear besides their turns, in either game: the
//! game's start, every step as their seat sees it, and the end ([`Bot::begin`],
//! [`kingup_bots::show`], [`kingup_bots::tell_end`]). `kingup_bots::play` does this for the arena; a
//! table runs its own loop (a person's turns between the bots'), so it does it here. A
//! built-in bot ignores it all; an engine is told its game this way.

use kingup_bots::Bot;
use kingup_core::kingup_table::{Rules, Seat, Session, Step};

/// A seat's bot at a table (`None`: the person's seat).
pub(crate) type Seated<V> = Option<Box<dyn Bot<V>>>;

/// The bots at a table, by seat.
pub(crate) type Seats<G> = [Seated<<G as Rules>::View>];

/// The game as the bots have been told it so far.
pub(crate) struct Audience<G: Rules> {
    /// The game after the steps told.
    game: G,
    /// How many of the session's steps were told.
    told: usize,
    ended: bool,
    events: Vec<G::Event>,
    buffer: Vec<G::Event>,
}

impl<G: Rules> Audience<G> {
    /// Begins every bot on `game`, the session's game after its first `told` steps: a new
    /// game before its first step, or a loaded one as it stands.
    pub(crate) fn begin(game: G, told: usize, bots: &mut Seats<G>) -> Audience<G> {
        for (seat, bot) in seats::<G>(bots) {
            bot.begin(&game.player_view(seat));
        }
        Audience {
            game,
            told,
            ended: false,
            events: Vec::new(),
            buffer: Vec::new(),
        }
    }

    /// Shows every bot the steps of `session` not told yet, each as its seat sees it;
    /// once the game is over, tells them how it ended.
    pub(crate) fn catch_up(&mut self, session: &Session<G>, bots: &mut Seats<G>) {
        while let Some(&step) = session.replay().steps.get(self.told) {
            self.events.clear();
            // The session accepted the step on this very state.
            if Step::apply(step, &mut self.game, &mut self.events).is_err() {
                break;
            }
            self.told += 1;
            for (seat, bot) in seats::<G>(bots) {
                kingup_bots::show::<G>(&mut **bot, seat, step, &self.events, &mut self.buffer);
            }
        }
        if self.game.is_over() && !self.ended {
            self.ended = true;
            let seated = seats::<G>(bots).map(|(seat, bot)| (seat, &mut **bot));
            kingup_bots::tell_end(&self.game, seated);
        }
    }
}

/// The seats that have a bot, with it.
fn seats<G: Rules>(
    bots: &mut Seats<G>,
) -> impl Iterator<Item = (Seat, &mut Box<dyn Bot<G::View>>)> {
    Seat::all(Seat::MAX)
        .zip(bots.iter_mut())
        .filter_map(|(seat, bot)| Some((seat, bot.as_mut()?)))
}
