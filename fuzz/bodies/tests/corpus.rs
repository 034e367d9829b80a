//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/*`) through each target's body on
//! stable Rust, so CI checks every input the fuzzers ever kept. `KINGUP_BLESS=1` (re)writes
//! the seed inputs (`seed-*` files) first.

use std::fs;
use std::path::{Path, PathBuf};

use kingup_core::{Actor, ChanceMode, Config, Game, Generator, Replay, Seat, Session, Setup, Step};
use kingup_fuzz_bodies::{
    action_stream, court, decode_json, differential, ffi_calls, information_sets, positions,
};

type Body = fn(&[u8]);

#[test]
fn action_stream_corpus() {
    replay("action_stream", action_stream);
}

#[test]
fn court_corpus() {
    replay("court", court);
}

#[test]
fn decode_json_corpus() {
    replay("decode_json", decode_json);
}

#[test]
fn information_sets_corpus() {
    replay("information_sets", information_sets);
}

#[test]
fn ffi_calls_corpus() {
    replay("ffi_calls", ffi_calls);
}

#[test]
fn differential_corpus() {
    replay("differential", differential);
}

/// Every input runs several reachability searches, which take seconds each in a debug
/// build: `scripts/test.sh` replays this corpus with `--release`.
#[test]
#[cfg_attr(debug_assertions, ignore = "release only: run with --release")]
fn positions_corpus() {
    replay("positions", positions);
}

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(target)
}

/// Runs every input of `target`'s corpus through `body`; a failure names the input.
fn replay(target: &str, body: Body) {
    if std::env::var_os("KINGUP_BLESS").is_some() {
        write_seeds(target);
    }
    let dir = corpus_dir(target);
    let mut inputs: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable entry").path())
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 8, "{target}: only {} inputs", inputs.len());
    for input in inputs {
        let data = fs::read(&input).expect("a readable input");
        let ran = std::panic::catch_unwind(|| body(&data));
        assert!(ran.is_ok(), "{target} failed on {}", input.display());
    }
}

/// Deterministic pseudo-random bytes.
fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

fn write_seeds(target: &str) {
    let dir = corpus_dir(target);
    fs::create_dir_all(&dir).expect("the corpus directory");
    if target == "decode_json" {
        for (i, json) in json_seeds().into_iter().enumerate() {
            fs::write(dir.join(format!("seed-{i:02}.json")), json).expect("a seed");
        }
    } else if target == "court" {
        // Even first bytes: action streams; odd: the rest as text (saves, notation).
        for i in 0..16u64 {
            let mut data = bytes(i + 1, 64 << (i % 6));
            data[0] &= !1;
            fs::write(dir.join(format!("seed-{i:02}")), data).expect("a seed");
        }
        for (i, text) in court_seeds().into_iter().enumerate() {
            let data = [b"\x01".as_slice(), text.as_bytes()].concat();
            fs::write(dir.join(format!("seed-text-{i:02}")), data).expect("a seed");
        }
    } else {
        for i in 0..16u64 {
            let data = bytes(i + 1, 64 << (i % 6));
            fs::write(dir.join(format!("seed-{i:02}")), data).expect("a seed");
        }
    }
}

/// Valid JSON documents of every kind the decoders read, from seeded games, plus a few
/// broken ones.
fn json_seeds() -> Vec<String> {
    let mut seeds = vec![
        r#"{"players": 4}"#.to_owned(),
        r#"{"players": 3, "rounds": 1, "setup": "random_layout", "deck": ["ABCDEF", "GILMNO", "BCDEFP"]}"#.to_owned(),
        "{".to_owned(),
        r#"{"version": 1}"#.to_owned(),
        r#"{"format":"kingup-save","version":1,"config":{"players":3,"rounds":1},"chance":"explicit","generator":"0000000000000000000000000000000000000000000000000000000000000001","steps":["chance: first 1","chance: deal 0"]}"#.to_owned(),
    ];
    for (players, steps) in [(3, 40), (4, 100), (5, 160), (6, 230)] {
        let mut config = Config::new(players);
        if players == 4 {
            config.setup = Setup::RandomLayout;
        }
        let (game, replay) = seeded(config, steps);
        seeds.push(serde_json::to_string(&game).expect("a snapshot"));
        seeds.push(serde_json::to_string(&replay).expect("a replay"));
        seeds.push(serde_json::to_string(&game.player_view(Seat::FIRST)).expect("a view"));
        seeds.push(serde_json::to_string(&game.public_view()).expect("a view"));
        seeds.push(save(config, steps, ChanceMode::Auto));
        seeds.push(save(config, steps / 2, ChanceMode::Explicit));
    }
    seeds
}

/// The save document of a session `steps` steps into a game (chance and actions from its
/// own generator).
fn save(config: Config, steps: usize, chance: ChanceMode) -> String {
    let seed = u64::from(config.players);
    let mut session =
        Session::with_generator(config, Generator::new(seed), chance).expect("a valid config");
    let mut picks = Generator::new(seed + 100);
    for _ in 0..steps {
        let Some(seat) = session.game().next_seat() else {
            session.resolve_chance();
            continue;
        };
        let legal = session.game().legal_actions(seat);
        let action = legal[picks.below(legal.len() as u32) as usize];
        session.apply(seat, action).expect("a legal action");
    }
    session.to_json()
}

fn seeded(config: Config, steps: usize) -> (Game, Replay) {
    let mut game = Game::new(config).expect("a valid config");
    let mut replay = Replay::new(config);
    let mut source = Generator::new(u64::from(config.players) | 1 << 40);
    for _ in 0..steps {
        let step = match game.actor() {
            Actor::Chance => Step::Chance(game.sample_chance(&mut source).expect("chance")),
            Actor::Seat(seat) => pick(&game, seat, &mut source),
            Actor::Voters(seats) => pick(&game, seats.iter().next().expect("a voter"), &mut source),
            Actor::Nobody => break,
        };
        game.apply_step(step, &mut ()).expect("a legal step");
        replay.steps.push(step);
    }
    (game, replay)
}

fn pick(game: &Game, seat: Seat, rng: &mut Generator) -> Step {
    let legal = game.legal_actions(seat);
    Step::Action {
        seat,
        action: legal[rng.below(legal.len() as u32) as usize],
    }
}

/// Save documents of seeded To Court the King sessions, a replay, a config and notation.
fn court_seeds() -> Vec<String> {
    use kingup_court::{Config as CourtConfig, Session as CourtSession};
    let mut seeds = vec![
        r#"{"players": 2, "max_rounds": 3, "unlimited_jesters": true}"#.to_owned(),
        "roll\nkeep 4\nmaid 4>6\nphilosopher 15>33\nmerchant 3\nbuy hunter\n2: pass\nchance: die 5\n1-1-6"
            .to_owned(),
        "{".to_owned(),
    ];
    for (players, actions) in [(2, 30), (3, 120), (5, 400)] {
        let mut config = CourtConfig::new(players);
        config.max_rounds = Some(4);
        let mut session = CourtSession::new(config, u64::from(players)).expect("a valid config");
        let mut picks = Generator::new(u64::from(players) + 100);
        for _ in 0..actions {
            let Some(seat) = session.game().next_seat() else {
                break;
            };
            let legal = session.game().legal_actions(seat);
            let action = legal[picks.below(legal.len() as u32) as usize];
            session.apply(seat, action).expect("a legal action");
        }
        seeds.push(session.to_json());
        seeds.push(serde_json::to_string(session.replay()).expect("a replay"));
    }
    seeds
}
