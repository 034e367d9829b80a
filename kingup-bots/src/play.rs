//! Playing games between bots, in either game.

use kingup_core::kingup_table::{EventSink, Rules, Seat, Step};
use kingup_core::rand_core::Rng;

use crate::{Bot, GameEnd, Seen};

/// Plays `game` to the end: chance from `rng`, each seat `s` by `bots[s]` (seen through its
/// player view), events into `sink`. The seat asked is the game's next seat (in a King Up!
/// vote, the waiting seats in seat order).
///
/// Stops early, returning `false`, if a seat has no bot or its bot returns no action or an
/// illegal one (the game is then left as it was before that move); returns `true` once the
/// game is over.
///
/// ```
/// use kingup_bots::{Bot, HeuristicBot, RandomBot, play};
/// use kingup_core::{Config, Game, Generator};
///
/// let mut a = HeuristicBot::new(Generator::new(1));
/// let mut b = RandomBot::new(Generator::new(2));
/// let mut c = RandomBot::new(Generator::new(3));
/// let mut bots: [&mut dyn Bot; 3] = [&mut a, &mut b, &mut c];
/// let mut game = Game::new(Config::new(3))?;
/// assert!(play(&mut game, &mut bots, &mut Generator::new(4), &mut ()));
/// assert!(game.winners().is_some());
/// # Ok::<(), kingup_core::ConfigError>(())
/// ```
///
/// To Court the King plays through the same loop:
///
/// ```
/// use kingup_bots::court::GreedyBot;
/// use kingup_bots::{Bot, RandomBot, play};
/// use kingup_court::{Config, Game, Generator, PlayerView};
///
/// let (mut a, mut b) = (GreedyBot::new(), RandomBot::new(Generator::new(2)));
/// let mut bots: [&mut dyn Bot<PlayerView>; 2] = [&mut a, &mut b];
/// let mut game = Game::new(Config::new(2))?;
/// assert!(play(&mut game, &mut bots, &mut Generator::new(4), &mut ()));
/// assert!(game.winner().is_some());
/// # Ok::<(), kingup_court::ConfigError>(())
/// ```
pub fn play<G, R, S>(
    game: &mut G,
    bots: &mut [&mut dyn Bot<G::View>],
    rng: &mut R,
    sink: &mut S,
) -> bool
where
    G: Rules,
    R: Rng + ?Sized,
    S: EventSink<G::Event> + ?Sized,
{
    play_observed(game, bots, rng, sink, |_, _| {})
}

/// [`play`], calling `observe(game, step)` with the game as it is just before each step
/// (a chance outcome drawn from `rng`, or a seat's action) is applied: what a recorder
/// needs to write each decision (the seat's observation and mask, from `game`) and the
/// chance outcomes that make the game replayable. The same game, bots and `rng` play the
/// same game as [`play`]. A refused action is not observed.
///
/// ```
/// use kingup_bots::{Bot, HeuristicBot, RandomBot, play_observed};
/// use kingup_core::kingup_table::{Replay, Step};
/// use kingup_core::{Config, Game, Generator};
///
/// let (mut a, mut b, mut c) = (
///     HeuristicBot::new(Generator::new(1)),
///     RandomBot::new(Generator::new(2)),
///     RandomBot::new(Generator::new(3)),
/// );
/// let mut bots: [&mut dyn Bot; 3] = [&mut a, &mut b, &mut c];
/// let mut game = Game::new(Config::new(3))?;
/// let mut steps = Vec::new();
/// play_observed(&mut game, &mut bots, &mut Generator::new(4), &mut (), |_, step| {
///     steps.push(step)
/// });
/// // The steps replay the game exactly, chance included.
/// let replay = Replay { config: Config::new(3), steps };
/// assert_eq!(replay.play()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_observed<G, R, S, F>(
    game: &mut G,
    bots: &mut [&mut dyn Bot<G::View>],
    rng: &mut R,
    sink: &mut S,
    mut observe: F,
) -> bool
where
    G: Rules,
    R: Rng + ?Sized,
    S: EventSink<G::Event> + ?Sized,
    F: FnMut(&G, Step<G>),
{
    let players = game.players();
    for (bot, seat) in bots.iter_mut().zip(Seat::all(players)) {
        bot.begin(&game.player_view(seat));
    }
    let mut heard = bots.iter().any(|bot| bot.observes()).then(Heard::default);
    let finished = loop {
        // `Rules::resolve_chance`, one observed step at a time: the same draws.
        while let Some(outcome) = game.sample_chance(rng) {
            let step = Step::Chance(outcome);
            observe(game, step);
            // A sampled outcome is legal by construction; stop rather than spin if not.
            if game
                .apply_chance_with(outcome, &mut tee(sink, &mut heard))
                .is_err()
            {
                return false;
            }
            tell(bots, step, &mut heard);
        }
        let Some(seat) = game.next_seat() else {
            break game.is_over();
        };
        let Some(bot) = bots.get_mut(seat.index()) else {
            return false;
        };
        let Some(action) = bot.choose(&game.player_view(seat)) else {
            return false;
        };
        if game.check(seat, action).is_err() {
            return false;
        }
        let step = Step::Action { seat, action };
        observe(game, step);
        if game
            .apply_with(seat, action, &mut tee(sink, &mut heard))
            .is_err()
        {
            return false;
        }
        tell(bots, step, &mut heard);
    };
    if finished {
        let seated = Seat::all(players).zip(bots.iter_mut().map(|bot| &mut **bot));
        tell_end(game, seated);
    }
    finished
}

/// Tells each of `bots` (a seat and its bot) how the game over in `game` ended
/// ([`Bot::end`], with the seat's last view): what [`play`] does at the end, for a front
/// end that runs its own loop.
pub fn tell_end<'a, G: Rules, B: Bot<G::View> + ?Sized + 'a>(
    game: &G,
    bots: impl IntoIterator<Item = (Seat, &'a mut B)>,
) {
    let seats = || Seat::all(game.players());
    let scores: Vec<u32> = seats().map(|s| game.score(s)).collect();
    let win_shares: Vec<f64> = seats().map(|s| game.win_share(s)).collect();
    let end = GameEnd {
        scores: &scores,
        win_shares: &win_shares,
    };
    for (seat, bot) in bots {
        bot.end(&game.player_view(seat), &end);
    }
}

/// The events of the step being played, and a buffer for one seat's redaction of them:
/// kept only when some bot [observes](Bot::observes).
struct Heard<E> {
    step: Vec<E>,
    seat: Vec<E>,
}

impl<E> Default for Heard<E> {
    fn default() -> Self {
        Heard {
            step: Vec::new(),
            seat: Vec::new(),
        }
    }
}

/// A sink that hands every event to `sink` and, when bots listen, keeps it for them.
struct Tee<'a, S: ?Sized, E> {
    sink: &'a mut S,
    heard: Option<&'a mut Vec<E>>,
}

fn tee<'a, S: ?Sized, E>(sink: &'a mut S, heard: &'a mut Option<Heard<E>>) -> Tee<'a, S, E> {
    Tee {
        sink,
        heard: heard.as_mut().map(|heard| &mut heard.step),
    }
}

impl<S: EventSink<E> + ?Sized, E: Copy> EventSink<E> for Tee<'_, S, E> {
    fn push(&mut self, event: E) {
        if let Some(heard) = &mut self.heard {
            heard.push(event);
        }
        self.sink.push(event);
    }

    fn discards(&self) -> bool {
        self.heard.is_none() && self.sink.discards()
    }
}

/// Hands each observing bot the step just played, as its seat may see it.
fn tell<G: Rules>(
    bots: &mut [&mut dyn Bot<G::View>],
    step: Step<G>,
    heard: &mut Option<Heard<G::Event>>,
) {
    let Some(Heard {
        step: events,
        seat: seen,
    }) = heard
    else {
        return;
    };
    for (bot, seat) in bots.iter_mut().zip(Seat::all(Seat::MAX)) {
        show(&mut **bot, seat, step, events, seen);
    }
    events.clear();
}

/// Shows `bot`, at `seat`, a step just played and its `events` as the seat may see them
/// ([`Bot::observe`], if the bot [observes](Bot::observes)): what [`play`] does after each
/// step, for a front end that runs its own loop (a session with a person at the table).
/// `buffer` holds the redacted events; it is cleared first.
///
/// ```
/// use kingup_bots::{Bot, RandomBot, Seen, show};
/// use kingup_core::kingup_table::{Rules, Step};
/// use kingup_core::{Config, Event, Game, Generator, PlayerView, Seat};
///
/// /// Counts the events it sees.
/// struct Counter(usize);
///
/// impl Bot for Counter {
///     fn choose(&mut self, view: &PlayerView) -> Option<kingup_core::Action> {
///         RandomBot::new(Generator::new(1)).choose(view)
///     }
///     fn name(&self) -> &str {
///         "counter"
///     }
///     fn observes(&self) -> bool {
///         true
///     }
///     fn observe(&mut self, seen: Seen<'_, Game>) {
///         self.0 += seen.events.len();
///     }
/// }
///
/// let mut game = Game::new(Config::new(3))?;
/// let outcome = game.sample_chance(&mut Generator::new(7)).expect("a deal is pending");
/// let mut events: Vec<Event> = Vec::new();
/// game.apply_chance_with(outcome, &mut events)?;
/// let mut counter = Counter(0);
/// show::<Game>(&mut counter, Seat::FIRST, Step::Chance(outcome), &events, &mut Vec::new());
/// assert_eq!(counter.0, events.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn show<G: Rules>(
    bot: &mut dyn Bot<G::View>,
    seat: Seat,
    step: Step<G>,
    events: &[G::Event],
    buffer: &mut Vec<G::Event>,
) {
    if !bot.observes() {
        return;
    }
    buffer.clear();
    buffer.extend(events.iter().map(|event| G::redacted(event, Some(seat))));
    bot.observe(Seen {
        step: G::PUBLIC_STEPS.then_some(step),
        events: buffer.as_slice(),
    });
}

#[cfg(test)]
mod tests {
    use kingup_core::kingup_table::Step;

    use super::*;
    use crate::{BotSpec, court};

    /// `play_observed` plays what `play` plays (same draws), and its steps replay it.
    fn same_game<G: Rules>(fresh: G, bots: impl Fn(u64) -> Vec<Box<dyn Bot<G::View>>>) {
        for seed in 0..8 {
            let (mut a, mut b) = (fresh, fresh);
            let (mut bots_a, mut bots_b) = (bots(seed), bots(seed));
            let mut refs_a: Vec<&mut dyn Bot<G::View>> =
                bots_a.iter_mut().map(|b| &mut **b as _).collect();
            let mut refs_b: Vec<&mut dyn Bot<G::View>> =
                bots_b.iter_mut().map(|b| &mut **b as _).collect();
            let rng = || kingup_core::Generator::new(seed);
            assert!(play(&mut a, &mut refs_a, &mut rng(), &mut ()));
            let mut before_ok = true;
            let mut replayed = fresh;
            let ended = play_observed(&mut b, &mut refs_b, &mut rng(), &mut (), |g, step| {
                before_ok &= *g == replayed;
                Step::apply(step, &mut replayed, &mut ()).unwrap();
            });
            assert!(ended && before_ok);
            assert_eq!(a, b);
            assert_eq!(replayed, b);
        }
    }

    #[test]
    fn play_observed_plays_as_play_and_its_steps_replay_the_game() {
        let fresh = kingup_core::Game::new(kingup_core::Config::new(4)).unwrap();
        same_game(fresh, |seed| {
            ["heuristic", "random", "heuristic", "ismcts:4"]
                .iter()
                .enumerate()
                .map(|(s, spec)| -> Box<dyn Bot> {
                    let spec: BotSpec = spec.parse().unwrap();
                    Box::new(spec.build(seed + s as u64))
                })
                .collect()
        });
        let mut config = kingup_court::Config::new(3);
        config.max_rounds = Some(40);
        let fresh = kingup_court::Game::new(config).unwrap();
        same_game(fresh, |seed| {
            // Tree search as well would be slow in a debug build; its moves are moves.
            [
                court::BotKind::Greedy,
                court::BotKind::Random,
                court::BotKind::Random,
            ]
            .iter()
            .map(|kind| -> Box<dyn Bot<kingup_court::PlayerView>> { Box::new(kind.build(seed)) })
            .collect()
        });
    }
}
