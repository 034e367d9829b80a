//! Golden playthroughs in the style of OpenSpiel's: fixed seeded games where, after every
//! step, each seat's redacted events, information state and legal actions are written out.
//! The test regenerates them and compares; `KINGUP_BLESS=1` rewrites the files.

use std::fmt::Write;

use kingup_core::{Actor, Config, Event, Game, Seat, Step};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn playthrough(config: Config, seed: u64) -> String {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(config).unwrap();
    let mut out = String::new();
    writeln!(
        out,
        "# kingup playthrough: {} players, {} rounds, {:?}, first player {:?}, balanced deck, seed {seed}",
        config.players, config.rounds, config.setup, config.first_player
    )
    .unwrap();
    writeln!(
        out,
        "# per step: the step, then per seat its events, info state, legal actions"
    )
    .unwrap();
    let mut index = 0;
    while !game.is_over() {
        let step = match game.actor() {
            Actor::Chance => Step::Chance(game.sample_chance(&mut rng).unwrap()),
            Actor::Seat(seat) => pick(&game, seat, &mut rng),
            Actor::Voters(seats) => {
                let voters: Vec<Seat> = seats.iter().collect();
                pick(&game, voters[rng.random_range(0..voters.len())], &mut rng)
            }
            Actor::Nobody => unreachable!(),
        };
        let mut events: Vec<Event> = Vec::new();
        game.apply_step(step, &mut events).unwrap();
        let what = match step {
            Step::Chance(outcome) => format!("chance {}", outcome.index()),
            Step::Action { seat, action } => {
                format!("seat {seat}: {action:#} [{}]", action.index())
            }
        };
        writeln!(out, "\nstep {index}: {what}").unwrap();
        let spectator: Vec<String> = events
            .iter()
            .map(|e| e.redacted(None).to_string())
            .collect();
        writeln!(out, "  spectator events: {}", spectator.join("; ")).unwrap();
        for seat in Seat::all(game.players()) {
            let seen: Vec<String> = events
                .iter()
                .map(|e| e.redacted(Some(seat)))
                .filter(|e| !spectator.contains(&e.to_string()))
                .map(|e| e.to_string())
                .collect();
            let view = game.player_view(seat);
            writeln!(out, "  seat {seat}").unwrap();
            if !seen.is_empty() {
                writeln!(out, "    private events: {}", seen.join("; ")).unwrap();
            }
            writeln!(out, "    info state: {}", view.info_state()).unwrap();
            let legal: Vec<String> = view
                .legal_actions()
                .iter()
                .map(|a| a.index().to_string())
                .collect();
            writeln!(out, "    legal: [{}]", legal.join(" ")).unwrap();
        }
        index += 1;
    }
    writeln!(
        out,
        "\nfinal totals {:?} winners {}",
        game.totals(),
        game.winners().unwrap()
    )
    .unwrap();
    out
}

fn pick(game: &Game, seat: Seat, rng: &mut SmallRng) -> Step {
    let legal = game.legal_actions(seat);
    Step::Action {
        seat,
        action: legal[rng.random_range(0..legal.len())],
    }
}

fn check_golden(name: &str, text: &str) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("KINGUP_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}; run with KINGUP_BLESS=1 to create it"));
    if golden != text {
        let line = golden
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(golden.lines().count().min(text.lines().count()));
        panic!(
            "{name} differs from the golden file at line {}:\n  golden: {:?}\n  now:    {:?}\n\
             If the change is intended, rerun with KINGUP_BLESS=1 and review the diff.",
            line + 1,
            golden.lines().nth(line),
            text.lines().nth(line)
        );
    }
}

#[test]
fn three_player_game() {
    check_golden("playthrough-3p.txt", &playthrough(Config::new(3), 1));
}

#[test]
fn six_player_quick_game() {
    let mut config = Config::new(6);
    config.rounds = 1;
    check_golden("playthrough-6p-quick.txt", &playthrough(config, 2));
}
