//! Perft: the number of distinct legal action sequences of depth 1, 2 and 3 from fixed
//! starts, compared with the golden file `tests/golden/perft.txt`.
//!
//! Starts, for each player count 3..=6: seat 0 first, the balanced deck, every chance step
//! resolved with the first outcome listed (the lowest card still available; in the random
//! layout, the lowest floor with room, which puts A B C D on floor 0, E F G I on 1,
//! L M N O on 2 and P on 3). When the actor is `Voters`, the lowest seat still to vote
//! branches first, then the next, and so on (votes never come up this early anyway).
//!
//! Then, for each player count, a mid-game start reached by 60 seeded random steps, counted
//! to depth 4 (sequences cut short by the end of a round count once).
//!
//! Run with `KINGUP_BLESS=1` to rewrite the golden file after an intended rules change.

use std::fmt::Write as _;
use std::path::PathBuf;

use kingup_core::{Actor, Config, FirstPlayer, Game, Seat, Setup};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const DEPTHS: [u32; 3] = [1, 2, 3];

fn start(players: u8, setup: Setup) -> Game {
    let mut config = Config::new(players);
    config.first_player = FirstPlayer::Seat(Seat::FIRST);
    config.setup = setup;
    let mut game = Game::new(config).expect("a valid config");
    while game.actor() == Actor::Chance {
        let (outcome, _) = game.chance_outcomes()[0];
        game.apply_chance(outcome)
            .expect("a listed outcome applies");
    }
    game
}

/// The number of legal action sequences of length `depth` from `game`.
fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let seat = match game.actor() {
        Actor::Seat(seat) => seat,
        Actor::Voters(voters) => voters.iter().next().expect("someone still votes"),
        // A round's end (chance to deal) or the game's end cuts a sequence short.
        Actor::Chance | Actor::Nobody => return 1,
    };
    game.legal_actions(seat)
        .iter()
        .map(|&action| {
            let mut child = *game;
            child.apply(seat, action).expect("a legal action applies");
            perft(&child, depth - 1)
        })
        .sum()
}

fn setup_name(setup: Setup) -> &'static str {
    match setup {
        Setup::Placement => "placement",
        Setup::RandomLayout => "random-layout",
    }
}

/// A mid-game start: `steps` random legal steps (chance included) from a seeded game, so
/// the climb and vote phases and the player count all show in the counts.
fn seeded_start(players: u8, steps: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(u64::from(players));
    let mut game = Game::new(Config::new(players)).expect("a valid config");
    for _ in 0..steps {
        let seat = match game.actor() {
            Actor::Chance => {
                let outcome = game.sample_chance(&mut rng).expect("chance is pending");
                game.apply_chance(outcome)
                    .expect("a sampled outcome applies");
                continue;
            }
            Actor::Seat(seat) => seat,
            Actor::Voters(voters) => voters.iter().next().expect("someone still votes"),
            Actor::Nobody => break,
        };
        let legal = game.legal_actions(seat);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action).expect("a legal action applies");
    }
    game
}

/// The golden text: one line per (start, depth).
fn table() -> String {
    let mut text = String::new();
    for players in 3..=6 {
        let game = seeded_start(players, 60);
        for depth in 1..=4 {
            let nodes = perft(&game, depth);
            writeln!(
                text,
                "players={players} start=seeded-60-steps phase={} depth={depth} nodes={nodes}",
                game.phase()
            )
            .expect("writing to a String");
        }
    }
    for players in 3..=6 {
        for setup in [Setup::Placement, Setup::RandomLayout] {
            let game = start(players, setup);
            for depth in DEPTHS {
                let nodes = perft(&game, depth);
                let setup = setup_name(setup);
                writeln!(
                    text,
                    "players={players} setup={setup} depth={depth} nodes={nodes}"
                )
                .expect("writing to a String");
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
    for players in 3..=6 {
        // Placement: 13 characters × 4 floors, then 12 × 4, then 11 × 4; no floor can be
        // full after two placements, and every seat places at least two characters.
        let game = start(players, Setup::Placement);
        assert_eq!(perft(&game, 1), 52, "{players} players");
        assert_eq!(perft(&game, 2), 52 * 48, "{players} players");
        assert_eq!(perft(&game, 3), 52 * 48 * 44, "{players} players");

        // Random layout: floors 0 and 1 are full and so is floor 2, so only L M N O
        // (floor 3 has room) and P (floor 4 is empty) can climb: 5. After one of L M N O
        // climbs: E F G I (floor 2 has room), the three left on 2, and the two on 3: 9.
        // After P climbs: L M N O and P: 5. So 4 × 9 + 5 = 41.
        let game = start(players, Setup::RandomLayout);
        assert_eq!(perft(&game, 1), 5, "{players} players");
        assert_eq!(perft(&game, 2), 41, "{players} players");
    }
}

/// From an election, every voter branches in seat order: 2 votes each, 2^players
/// sequences once everyone has voted.
#[test]
fn perft_branches_on_every_voter() {
    use kingup_core::{Action, Character};
    for players in 3..=6u8 {
        let mut game = start(players, Setup::RandomLayout);
        // P climbs from floor 3 to the throne in three moves by seats 0, 1, 2.
        for mover in 0..3 {
            let seat = Seat::new(mover).expect("a seat");
            let climb = Action::Climb {
                character: Character::Piero,
            };
            game.apply(seat, climb).expect("P can climb");
        }
        assert!(matches!(game.actor(), Actor::Voters(v) if v.len() == usize::from(players)));
        for depth in 1..=u32::from(players) {
            assert_eq!(
                perft(&game, depth),
                1 << depth,
                "{players} players, depth {depth}"
            );
        }
    }
}
