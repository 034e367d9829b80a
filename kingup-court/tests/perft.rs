//! Perft: the number of distinct step sequences (actions and chance outcomes alike, every
//! die face a branch) of a given depth from fixed starts, compared with the golden file
//! `tests/golden/perft.txt`. Sequences cut short by the end of the game count once.
//!
//! Starts, for each player count 2..=5: the first turn of a game with seat 0 first; then,
//! by the rules and in each named variant, the start of a turn and a dice phase reached by
//! seeded greedy (`kingup_bots::court::GreedyBot`) and random steps, where the seat owns cards and
//! the abilities branch.
//!
//! Run with `KINGUP_BLESS=1` to rewrite the golden file after an intended rules change.

use std::fmt::Write as _;
use std::path::PathBuf;

use kingup_bots::court::GreedyBot;
use kingup_court::{Actor, Config, Game, Phase};
use kingup_court::{FirstPlayer, Generator, Seat};

/// The number of step sequences of length `depth` from `game`.
fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match game.actor() {
        Actor::Nobody => 1,
        Actor::Chance => game
            .chance_outcomes()
            .iter()
            .map(|&(outcome, _)| {
                let mut child = *game;
                child
                    .apply_chance(outcome)
                    .expect("a listed outcome applies");
                perft(&child, depth - 1)
            })
            .sum(),
        Actor::Seat(seat) => game
            .legal_actions(seat)
            .iter()
            .map(|&action| {
                let mut child = *game;
                child.apply(seat, action).expect("a legal action applies");
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

fn config(players: u8, variant: &str) -> Config {
    let mut config = Config::new(players);
    config.first_player = FirstPlayer::Seat(Seat::FIRST);
    match variant {
        "rules" => {}
        "unlimited-jesters" => config.unlimited_jesters = true,
        "no-preroll" => config.preroll_abilities = false,
        _ => unreachable!("a named variant"),
    }
    config
}

/// `steps` steps from a new game, then on to the next `phase`: chance from the seed, seats
/// greedy three times in four and random otherwise, so the seat to move owns cards.
fn seeded_start(config: Config, steps: usize, phase: Phase) -> Game {
    let mut rng = Generator::new(u64::from(config.players));
    let mut game = Game::new(config).expect("a valid config");
    let mut played = 0;
    while played < steps || game.phase() != phase {
        match game.actor() {
            Actor::Chance => {
                let outcome = game.sample_chance(&mut rng).expect("chance is pending");
                game.apply_chance(outcome)
                    .expect("a sampled outcome applies");
            }
            Actor::Seat(seat) => {
                let action = if rng.below(4) > 0 {
                    GreedyBot::action(&game, seat).expect("the seat is to move")
                } else {
                    let legal = game.legal_actions(seat);
                    legal[rng.below(legal.len() as u32) as usize]
                };
                game.apply(seat, action).expect("a legal action applies");
            }
            Actor::Nobody => panic!("the game ended before the start"),
        }
        played += 1;
    }
    game
}

/// The golden text: one line per (start, depth).
fn table() -> String {
    let mut text = String::new();
    for players in 2..=5 {
        let game = Game::new(config(players, "rules")).expect("a valid config");
        for depth in 1..=6 {
            let nodes = perft(&game, depth);
            writeln!(
                text,
                "players={players} start=new depth={depth} nodes={nodes}"
            )
            .expect("writing to a String");
        }
        for variant in ["rules", "unlimited-jesters", "no-preroll"] {
            for (steps, phase, depths) in [(300, Phase::PreRoll, 5), (600, Phase::Dice, 4)] {
                let game = seeded_start(config(players, variant), steps, phase);
                let seat = game.next_seat().expect("a seat to move");
                for depth in 1..=depths {
                    let nodes = perft(&game, depth);
                    writeln!(
                        text,
                        "players={players} variant={variant} start=seeded-{steps}-steps-{phase:?} \
                         cards={} depth={depth} nodes={nodes}",
                        game.cards(seat).len(),
                    )
                    .expect("writing to a String");
                }
            }
        }
    }
    text
}

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/perft.txt")
}

#[test]
fn perft_matches_the_golden_file() {
    let text = table();
    let path = golden_path();
    if std::env::var_os("KINGUP_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("create tests/golden");
        std::fs::write(&path, &text).expect("write the golden file");
        return;
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (run with KINGUP_BLESS=1 to create it)",
            path.display()
        )
    });
    assert!(
        golden == text,
        "perft differs from {} (run with KINGUP_BLESS=1 to accept):\n--- golden\n{golden}\n--- now\n{text}",
        path.display()
    );
}

/// Numbers checked by hand.
#[test]
fn perft_by_hand() {
    for players in 2..=5 {
        let game = Game::new(config(players, "rules")).expect("a valid config");
        // Roll, then three dice of six faces each.
        assert_eq!(perft(&game, 1), 1);
        assert_eq!(perft(&game, 4), 216);
        // Then keep one of the distinct faces: 6 + 90·2 + 120·3 = 546 (three equal, a
        // pair, three different).
        assert_eq!(perft(&game, 5), 546);
    }
}
