//! One `IsmctsBot` with the game value, a mixed or read opponent model and/or belief worlds (the
//! hero, first entrant) against a field of default `IsmctsBot`s, `HeuristicBot`s or
//! `RandomBot`s, at equal iterations; prints the standings and the hero's win rate against
//! its fair share. The field's search bots search as many iterations as the hero unless a
//! sixth argument says otherwise.
//!
//! ```text
//! cargo run --release -p kingup-bots --example game_search -- [games] [players] [iterations] [ismcts|heuristic|random] [game,mixed,belief,read|default] [field iterations]
//! ```

use kingup_bots::{
    BeliefModel, Bot, Entrant, HeuristicBot, IsmctsBot, IsmctsConfig, OpponentModel, RandomBot,
    TournamentConfig, Value, tournament,
};
use kingup_core::{Action, Config, Generator, PlayerView};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Time spent deciding, and decisions, by the bots of one side (hero or field).
#[derive(Default)]
struct Clock {
    nanos: AtomicU64,
    decisions: AtomicU64,
}

impl Clock {
    fn ms_per_decision(&self) -> f64 {
        let decisions = self.decisions.load(Ordering::Relaxed).max(1);
        self.nanos.load(Ordering::Relaxed) as f64 / 1e6 / decisions as f64
    }
}

/// A search bot that adds the time of each of its decisions to a clock.
struct Timed {
    bot: IsmctsBot<Generator>,
    clock: Arc<Clock>,
}

impl Bot for Timed {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        let start = Instant::now();
        let action = self.bot.choose(view);
        let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.clock.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.clock.decisions.fetch_add(1, Ordering::Relaxed);
        action
    }

    fn name(&self) -> &str {
        self.bot.name()
    }
}

fn ismcts<'a>(name: &str, config: IsmctsConfig, clock: &Arc<Clock>) -> Entrant<'a> {
    let clock = Arc::clone(clock);
    Entrant {
        name: name.into(),
        make: Box::new(move |seed| {
            let bot = IsmctsBot::new(Generator::new(seed), config);
            let clock = Arc::clone(&clock);
            Box::new(Timed { bot, clock }) as Box<dyn Bot>
        }),
    }
}

/// The hero's settings from a comma-separated list of `game`, `mixed`, `belief`.
fn hero(iterations: u32, flags: &str) -> IsmctsConfig {
    let mut config = IsmctsConfig {
        iterations,
        ..IsmctsConfig::default()
    };
    for flag in flags.split(',') {
        match flag {
            "game" => config.value = Value::GAME,
            "mixed" => config.opponents = OpponentModel::MIXED,
            "read" => config.opponents = OpponentModel::READ,
            "belief" => config.belief = Some(BeliefModel::default()),
            // `scale=S` and `margin=M` set the game value's parameters, `random=R` and
            // `epsilon=E` the mixture's.
            _ => set(&mut config, flag),
        }
    }
    config
}

/// Sets one `key=value` parameter of the hero's game value or opponent mixture.
fn set(config: &mut IsmctsConfig, flag: &str) {
    let Some((key, Ok(v))) = flag.split_once('=').map(|(k, v)| (k, v.parse::<f64>())) else {
        return;
    };
    match (key, &mut config.value, &mut config.opponents) {
        ("scale", Value::Game { scale, .. }, _) => *scale = v,
        ("margin", Value::Game { margin, .. }, _) => *margin = v,
        ("prior", _, OpponentModel::Read { prior, .. }) => *prior = v,
        ("random", _, OpponentModel::Mixed { random, .. } | OpponentModel::Read { random, .. }) => {
            *random = v;
        }
        (
            "epsilon",
            _,
            OpponentModel::Mixed { epsilon, .. } | OpponentModel::Read { epsilon, .. },
        ) => *epsilon = v,
        _ => {}
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(600);
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let iterations: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    let field = args.get(3).map_or("ismcts", String::as_str);
    let flags = args.get(4).map_or("game,mixed", String::as_str);
    let (hero_clock, field_clock) = (Arc::new(Clock::default()), Arc::new(Clock::default()));
    let mut entrants = vec![ismcts(
        &format!("hero[{flags}]"),
        hero(iterations, flags),
        &hero_clock,
    )];
    // The field's search budget, if not the hero's: equal time rather than equal iterations.
    let field_iterations = args
        .get(5)
        .and_then(|a| a.parse().ok())
        .unwrap_or(iterations);
    let default = IsmctsConfig {
        iterations: field_iterations,
        ..IsmctsConfig::default()
    };
    for _ in 1..players {
        entrants.push(match field {
            "heuristic" => Entrant {
                name: "heuristic".into(),
                make: Box::new(|seed| {
                    Box::new(HeuristicBot::new(Generator::new(seed))) as Box<dyn Bot>
                }),
            },
            "random" => Entrant {
                name: "random".into(),
                make: Box::new(|seed| {
                    Box::new(RandomBot::new(Generator::new(seed))) as Box<dyn Bot>
                }),
            },
            _ => ismcts("ismcts", default, &field_clock),
        });
    }
    let config = TournamentConfig {
        game: Config::new(players),
        games,
        seed: 2026,
        threads: 2,
    };
    let standings = tournament(&config, &entrants, Generator::new, |_| {}).expect("valid");
    println!("{standings}");
    let hero = &standings.0[0];
    let fair = 1.0 / f64::from(players);
    let se = (fair * (1.0 - fair) / f64::from(hero.games)).sqrt();
    println!(
        "{games} games, {players} players, {iterations} iterations, field {field}: hero {:.1} % ± {:.1} (fair {:.1} %, {:+.1} s.e.)",
        100.0 * hero.win_rate(),
        100.0 * hero.win_rate_ci95(),
        100.0 * fair,
        (hero.win_rate() - fair) / se
    );
    // Wall time on a shared machine: a guide to equal time, not a benchmark.
    println!(
        "time per decision: hero {:.2} ms, field {:.2} ms (search bots only)",
        hero_clock.ms_per_decision(),
        field_clock.ms_per_decision()
    );
}
