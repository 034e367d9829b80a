//! The referee against real engines: the built-in bots over the protocol, the reference
//! engines in Python and C, and every hostile engine of `tests/engines/hostile.py`, in
//! arenas beside built-in bots. Needs `python3` and a C compiler (`cc`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use std::marker::PhantomData;

use kingup_bots::{ArenaConfig, ArenaResults, Bot, BotSpec, Entrant, Forfeits, arena};
use kingup_core::kingup_table::Rules;
use kingup_protocol::{Clock, Engine, EngineCommand, ProtocolGame, engine_seed, legal_actions};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

fn engines_dir() -> PathBuf {
    repo().join("kingup-protocol/tests/engines")
}

/// `examples/engine.rs`, which `cargo test` builds beside the tests (`cargo test --test
/// referee` alone does not: `scripts/test.sh` builds it first).
fn rust_engine() -> PathBuf {
    let deps = std::env::current_exe().unwrap();
    let engine = deps
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/engine");
    assert!(
        engine.exists(),
        "{} is not built: cargo build -p kingup-protocol --example engine (with --release \
         for a release test)",
        engine.display()
    );
    engine
}

/// `examples/c/engine.c`, compiled once.
fn c_engine() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let out = std::env::temp_dir().join(format!("kingup-c-engine-{}", std::process::id()));
        let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
            .args(["-std=c99", "-O2", "-o"])
            .arg(&out)
            .arg(repo().join("examples/c/engine.c"))
            .status()
            .expect("a C compiler (cc) runs");
        assert!(status.success(), "examples/c/engine.c compiles");
        out
    })
}

fn command(name: &str, program: impl AsRef<Path>, args: &[&str], clock: Clock) -> EngineCommand {
    EngineCommand {
        name: name.to_owned(),
        program: program.as_ref().to_string_lossy().into_owned(),
        args: args.iter().map(|a| (*a).to_owned()).collect(),
        options: serde_json::Map::new(),
        clock,
    }
}

fn python(name: &str, script: &Path, args: &[&str], clock: Clock) -> EngineCommand {
    let mut all = vec![script.to_str().unwrap()];
    all.extend(args);
    command(name, "python3", &all, clock)
}

fn hostile(mode: &str, clock: Clock) -> EngineCommand {
    python(mode, &engines_dir().join("hostile.py"), &[mode], clock)
}

fn engine<G: ProtocolGame>(command: EngineCommand) -> Entrant<'static, G::View> {
    Engine::<G>::new(command).entrant()
}

fn builtin(spec: &str) -> Entrant<'static> {
    let spec: BotSpec = spec.parse().unwrap();
    Entrant {
        name: spec.label(),
        make: Box::new(move |seed| -> Box<dyn Bot> { Box::new(spec.build(seed)) }),
    }
}

/// A built-in bot seeded as an engine in its place is: by [`engine_seed`].
fn as_engine(spec: &str) -> Entrant<'static> {
    let spec: BotSpec = spec.parse().unwrap();
    Entrant {
        name: spec.label(),
        make: Box::new(move |seed| -> Box<dyn Bot> { Box::new(spec.build(engine_seed(seed))) }),
    }
}

fn court_builtin(kind: kingup_bots::court::BotKind) -> Entrant<'static, kingup_court::PlayerView> {
    Entrant {
        name: kind.to_string(),
        make: Box::new(move |seed| -> Box<dyn Bot<_>> { Box::new(kind.build(seed)) }),
    }
}

fn court_as_engine(
    kind: kingup_bots::court::BotKind,
) -> Entrant<'static, kingup_court::PlayerView> {
    Entrant {
        name: kind.to_string(),
        make: Box::new(move |seed| -> Box<dyn Bot<_>> { Box::new(kind.build(engine_seed(seed))) }),
    }
}

/// Plays the first legal move: what the reference engines' `--first` mode plays.
struct First<G>(PhantomData<G>);

impl<G: Rules> Bot<G::View> for First<G> {
    fn choose(&mut self, view: &G::View) -> Option<G::Action> {
        legal_actions::<G>(view).first().copied()
    }

    fn name(&self) -> &str {
        "first"
    }
}

fn first<G: Rules>() -> Entrant<'static, G::View> {
    Entrant {
        name: "first".into(),
        make: Box::new(|_| -> Box<dyn Bot<G::View>> { Box::new(First::<G>(PhantomData)) }),
    }
}

fn king_up(players: u8, deals: u32, threads: usize) -> ArenaConfig {
    ArenaConfig {
        game: kingup_core::Config::new(players),
        deals,
        seed: 7,
        threads,
    }
}

fn court(players: u8, deals: u32, threads: usize) -> ArenaConfig<kingup_court::Config> {
    ArenaConfig {
        game: kingup_court::Config::new(players),
        deals,
        seed: 7,
        threads,
    }
}

/// The results with names and forfeits blanked: what two arenas whose entrants play the
/// same moves under other names share.
fn numbers(mut results: ArenaResults) -> ArenaResults {
    for standing in &mut results.standings {
        standing.name.clear();
        standing.forfeits = Forfeits::default();
        for seat in &mut standing.by_seat {
            seat.name.clear();
            seat.forfeits = Forfeits::default();
        }
    }
    results
}

/// The arena of `over` (engines among them) forfeits nothing and gives the results of the
/// arena of `inside` (bots in process in their places).
fn same_arena<G: Rules>(
    config: &ArenaConfig<G::Config>,
    over: &[Entrant<'_, G::View>],
    inside: &[Entrant<'_, G::View>],
) {
    let over = arena(config, over, |_| {}).unwrap();
    assert!(
        over.standings
            .iter()
            .all(|s| s.forfeits == Forfeits::default()),
        "{over}"
    );
    assert_eq!(
        numbers(over),
        numbers(arena(config, inside, |_| {}).unwrap())
    );
}

/// Every entrant played `games` games and forfeited nothing.
fn every_game_played(results: &ArenaResults, games: u32) {
    for s in &results.standings {
        assert_eq!(
            (s.games, s.forfeits),
            (games, Forfeits::default()),
            "{}",
            s.name
        );
    }
}

fn forfeits(results: &ArenaResults, entrant: usize) -> Forfeits {
    results.standings[entrant].forfeits
}

fn fast() -> Clock {
    Clock {
        per_move: Duration::from_secs(10),
        per_game: Duration::from_secs(600),
        handshake: Duration::from_secs(20),
    }
}

/// Release only (`scripts/test.sh` runs it): the engine side reads each King Up! view back
/// only with a history that reaches it, found by a search that takes milliseconds in a
/// release build and up to seconds a view in a debug build.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only: views are checked by a search"
)]
fn built_in_bots_over_the_protocol_play_the_arena_they_play_in_process() {
    let config = king_up(3, 6, 2);
    let over = [
        engine::<kingup_core::Game>(command("heuristic", rust_engine(), &["heuristic"], fast())),
        builtin("random"),
        engine::<kingup_core::Game>(command("random", rust_engine(), &["random"], fast())),
    ];
    let inside = [
        as_engine("heuristic"),
        builtin("random"),
        as_engine("random"),
    ];
    same_arena::<kingup_core::Game>(&config, &over, &inside);

    // To Court the King: the engine keeps its own game from the steps it is sent.
    let config = court(3, 3, 2);
    use kingup_bots::court::BotKind::{Greedy, Random};
    let over = [
        engine::<kingup_court::Game>(command("greedy", rust_engine(), &["heuristic"], fast())),
        court_builtin(Random),
        engine::<kingup_court::Game>(command("random", rust_engine(), &["random"], fast())),
    ];
    let inside = [
        court_as_engine(Greedy),
        court_builtin(Random),
        court_as_engine(Random),
    ];
    same_arena::<kingup_court::Game>(&config, &over, &inside);
}

#[test]
fn the_reference_engines_in_python_and_c_play_beside_built_in_bots() {
    let py = repo().join("examples/python/engine.py");
    // Deterministic: the same arena as in-process first-legal bots.
    let config = king_up(3, 3, 2);
    let engines = [
        engine::<kingup_core::Game>(python("py", &py, &["--first"], fast())),
        engine::<kingup_core::Game>(command("c", c_engine(), &["--first"], fast())),
        builtin("heuristic"),
    ];
    let inside = [
        first::<kingup_core::Game>(),
        first::<kingup_core::Game>(),
        builtin("heuristic"),
    ];
    same_arena::<kingup_core::Game>(&config, &engines, &inside);

    // Random, in a ladder of four, in both games.
    let entrants = [
        engine::<kingup_core::Game>(python("py", &py, &[], fast())),
        engine::<kingup_core::Game>(command("c", c_engine(), &[], fast())),
        builtin("heuristic"),
        builtin("random"),
    ];
    every_game_played(&arena(&king_up(3, 4, 2), &entrants, |_| {}).unwrap(), 9);
    let court = court(3, 4, 2);
    let entrants = [
        engine::<kingup_court::Game>(python("py", &py, &[], fast())),
        engine::<kingup_court::Game>(command("c", c_engine(), &[], fast())),
        court_builtin(kingup_bots::court::BotKind::Greedy),
        court_builtin(kingup_bots::court::BotKind::Random),
    ];
    every_game_played(&arena(&court, &entrants, |_| {}).unwrap(), 9);
}

/// Every move of these engines is forfeited: a timeout, a malformed or an illegal answer,
/// or an engine that never starts. The referee then plays a random legal move drawn from
/// the engine's `bot_seed`, exactly what the built-in `random` bot seeded so plays: so the
/// arena must give the same results as with that bot in the engine's place, every move counted as a
/// forfeit for the documented reason, and nothing counted against anybody else.
#[test]
fn hostile_engines_forfeit_as_documented_and_the_arena_finishes() {
    // Engines that never answer in time cost their games at most `per_game` each; the
    // others answer at once, and get time to spare on a loaded machine.
    let ms = Duration::from_millis;
    let patient = Clock {
        per_move: ms(5000),
        per_game: ms(120_000),
        handshake: ms(20_000),
    };
    let hasty = Clock {
        per_move: ms(150),
        per_game: ms(1500),
        handshake: ms(1500),
    };
    // Only the engine that never shakes hands is expected to miss the handshake's time.
    let slow = Clock {
        handshake: ms(20_000),
        ..hasty
    };
    let config = king_up(3, 2, 2);
    let reference = arena(
        &config,
        &[as_engine("random"), builtin("heuristic"), builtin("random")],
        |_| {},
    )
    .unwrap();
    let cases: [(&str, Clock, Counter); 11] = [
        ("silent", slow, |f| f.timeout),
        ("slow", slow, |f| f.timeout),
        ("other-seat", patient, |f| f.illegal),
        ("bad-index", patient, |f| f.illegal),
        ("bad-json", patient, |f| f.malformed),
        ("both", patient, |f| f.malformed),
        ("huge-line", patient, |f| f.malformed),
        ("flood-junk", patient, |f| f.malformed),
        ("no-handshake", hasty, |f| f.crash),
        ("bad-handshake", patient, |f| f.crash),
        ("crash-at-start", patient, |f| f.crash),
    ];
    std::thread::scope(|scope| {
        for (mode, clock, reason) in cases {
            let reference = &reference;
            scope.spawn(move || {
                let entrants = [
                    engine::<kingup_core::Game>(hostile(mode, clock)),
                    builtin("heuristic"),
                    builtin("random"),
                ];
                let results = arena(&config, &entrants, |_| {}).unwrap();
                let forfeited = forfeits(&results, 0);
                assert!(forfeited.total() > 0, "{mode}: {results}");
                assert_eq!(
                    reason(&forfeited),
                    forfeited.total(),
                    "{mode}: {forfeited:?}"
                );
                assert_eq!(
                    forfeits(&results, 1).total() + forfeits(&results, 2).total(),
                    0
                );
                if mode != "flood-junk" {
                    // Junk lands between a request and its answer only sometimes: the
                    // moves it spares are the engine's (index 0), not random ones.
                    assert_eq!(numbers(results), numbers(reference.clone()), "{mode}");
                }
            });
        }
    });
}

/// An engine that floods its output still plays every move in time; one that exits in the
/// middle of a game forfeits the rest of that game and is started anew for the next.
#[test]
fn floods_are_read_through_and_dead_engines_are_restarted() {
    let clock = Clock {
        per_move: Duration::from_secs(10),
        ..fast()
    };
    let config = king_up(3, 2, 2);
    let entrants = [
        engine::<kingup_core::Game>(hostile("flood", clock)),
        builtin("heuristic"),
        engine::<kingup_core::Game>(python(
            "first",
            &repo().join("examples/python/engine.py"),
            &["--first"],
            clock,
        )),
    ];
    let results = arena(&config, &entrants, |_| {}).unwrap();
    assert_eq!(forfeits(&results, 0), Forfeits::default(), "{results}");
    // The flood answers index 0 in the end: the first legal move, like `--first`.
    let inside = [
        first::<kingup_core::Game>(),
        builtin("heuristic"),
        first::<kingup_core::Game>(),
    ];
    assert_eq!(
        numbers(results),
        numbers(arena(&config, &inside, |_| {}).unwrap())
    );

    // Each process answers 3 requests, then exits at its 4th: one game at a time, each
    // game's first 3 moves are the engine's and the rest are forfeited as crashes.
    let engine = Engine::<kingup_core::Game>::new(hostile("exit-mid-game", clock));
    for seed in 0..3 {
        let mut counting = Counting {
            bot: engine.bot(seed),
            moves: 0,
        };
        let (a, b) = (builtin("heuristic"), builtin("random"));
        let (mut a, mut b) = ((a.make)(seed), (b.make)(seed));
        let _ = (&mut a, &mut b);
        let mut game = kingup_core::Game::new(kingup_core::Config::new(3)).unwrap();
        let mut seats: [&mut dyn Bot; 3] = [&mut counting, &mut *a, &mut *b];
        let mut chance = kingup_core::Generator::new(seed);
        assert!(kingup_bots::play(
            &mut game,
            &mut seats,
            &mut chance,
            &mut ()
        ));
        let forfeited = counting.bot.forfeits();
        assert_eq!(
            forfeited,
            Forfeits {
                crash: counting.moves - 3,
                ..Forfeits::default()
            }
        );
    }
}

/// The count of one forfeit reason.
type Counter = fn(&Forfeits) -> u32;

/// Counts the moves asked of a bot.
struct Counting<B> {
    bot: B,
    moves: u32,
}

impl<B: Bot> Bot for Counting<B> {
    fn choose(&mut self, view: &kingup_core::PlayerView) -> Option<kingup_core::Action> {
        self.moves += 1;
        self.bot.choose(view)
    }

    fn name(&self) -> &str {
        self.bot.name()
    }

    fn begin(&mut self, view: &kingup_core::PlayerView) {
        self.bot.begin(view);
    }

    fn observes(&self) -> bool {
        self.bot.observes()
    }

    fn observe(&mut self, seen: kingup_bots::Seen<'_, kingup_core::Game>) {
        self.bot.observe(seen);
    }

    fn forfeits(&self) -> Forfeits {
        self.bot.forfeits()
    }
}

#[test]
fn an_engine_that_cannot_start_is_refused_with_the_reason() {
    // Time to spare for a loaded machine, but for the engine that never shakes hands.
    let clock = fast();
    let impatient = Clock {
        handshake: Duration::from_millis(500),
        ..clock
    };
    let cases = [
        ("crash-at-start", clock, "exited"),
        ("bad-handshake", clock, "protocol 99, not 1"),
        ("no-handshake", impatient, "no answer within 500 ms"),
    ];
    for (mode, clock, why) in cases {
        let error = Engine::<kingup_core::Game>::new(hostile(mode, clock))
            .start()
            .unwrap_err();
        assert!(error.to_string().contains(why), "{mode}: {error}");
    }
    let missing = command("x", "/nonexistent/engine", &[], clock);
    let error = Engine::<kingup_core::Game>::new(missing)
        .start()
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("could not start `/nonexistent/engine`"),
        "{error}"
    );
}
