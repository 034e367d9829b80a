//! The protocol's overhead per move: one King Up! decision by a bot in this process,
//! against the same decision asked of an engine in another process over the protocol.
//!
//! `cargo bench -p kingup-protocol --bench overhead -- --warm-up-time 1 --measurement-time 3`
//!
//! - `in_process/heuristic`: `HeuristicBot::choose` on the view.
//! - `engine/first`: the round trip alone. The engine (this binary, run with `--first`)
//!   reads each request as JSON and answers its first legal move; the referee builds the
//!   request (view, text, legal moves) and reads the answer.
//! - `engine/heuristic`: `kingup engine --bot heuristic` as `serve` runs it (this binary,
//!   run with `--heuristic`): the round trip, plus the engine reading the view back (a
//!   view is accepted only with a history that reaches it) and deciding.
//!
//! Wall time (a round trip waits on another process); the views are 32 decisions of seat 0
//! in seeded 4-player games, asked in turn.

use std::hint::black_box;
use std::io::{BufRead, Write};
use std::time::Duration;

use criterion::Criterion;
use kingup_bots::{Bot, BotKind, BotSpec, HeuristicBot, court};
use kingup_core::{Config, Game, Generator, PlayerView, Seat};
use kingup_protocol::{Bots, Clock, Engine, EngineCommand, serve};

fn views() -> Vec<PlayerView> {
    let mut views = Vec::new();
    for seed in 0.. {
        let mut game = Game::new(Config::new(4)).expect("4 players");
        let mut rng = Generator::new(seed);
        game.resolve_chance(&mut rng, &mut ());
        while let Some(seat) = kingup_core::kingup_table::Rules::next_seat(&game) {
            if seat == Seat::FIRST && seed % 3 == views.len() as u64 % 3 {
                views.push(game.player_view(seat));
                if views.len() == 32 {
                    return views;
                }
            }
            let action = HeuristicBot::new(Generator::new(seed)).choose(&game.player_view(seat));
            game.apply(seat, action.expect("a seat to move has a move"))
                .expect("legal");
            game.resolve_chance(&mut rng, &mut ());
        }
    }
    unreachable!("the games go on")
}

/// The engine of `engine/first`: answers every request with its first legal move.
fn serve_first() {
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let message: serde_json::Value =
            serde_json::from_str(&line.expect("a line")).expect("JSON");
        let answer = match message["type"].as_str() {
            Some("hello") => serde_json::json!({"type": "ready", "protocol": 1, "name": "first"}),
            Some("request") => serde_json::json!({"type": "move", "id": message["id"], "index": 0}),
            Some("quit") => return,
            _ => continue,
        };
        writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .expect("stdout");
    }
}

/// The engine of `engine/heuristic`: `kingup engine --bot heuristic`.
fn serve_heuristic() {
    let spec = BotSpec::new(BotKind::Heuristic);
    let bots = Bots {
        name: "heuristic".into(),
        king_up: Box::new(move |_, seed| Ok(Box::new(spec.build(seed)) as Box<dyn Bot<_>>)),
        court: Box::new(|_, seed| {
            Ok(Box::new(court::BotKind::Greedy.build(seed)) as Box<dyn Bot<_>>)
        }),
    };
    serve(std::io::stdin().lock(), std::io::stdout().lock(), bots).expect("a session");
}

fn engine(mode: &str) -> kingup_protocol::ExternalBot<Game> {
    let this = std::env::current_exe().expect("the bench binary");
    let command = EngineCommand {
        name: mode.into(),
        program: this.to_string_lossy().into_owned(),
        args: vec![format!("--{mode}")],
        options: serde_json::Map::new(),
        // A clock the bench never runs out of.
        clock: Clock {
            per_move: Duration::from_secs(60),
            per_game: Duration::from_secs(1 << 30),
            handshake: Duration::from_secs(60),
        },
    };
    Engine::<Game>::new(command).bot(1)
}

fn bench(c: &mut Criterion) {
    let views = views();
    let mut group = c.benchmark_group("overhead");
    let mut ask = |name: &str, bot: &mut dyn Bot| {
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                next = (next + 1) % views.len();
                black_box(bot.choose(black_box(&views[next])))
            });
        });
    };
    ask(
        "in_process/heuristic",
        &mut HeuristicBot::new(Generator::new(1)),
    );
    let mut first = engine("first");
    ask("engine/first", &mut first);
    let mut heuristic = engine("heuristic");
    ask("engine/heuristic", &mut heuristic);
    group.finish();
    assert_eq!(first.forfeits().total() + heuristic.forfeits().total(), 0);
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("--first") => return serve_first(),
        Some("--heuristic") => return serve_heuristic(),
        _ => {}
    }
    let mut criterion = Criterion::default().configure_from_args();
    bench(&mut criterion);
    criterion.final_summary();
}
