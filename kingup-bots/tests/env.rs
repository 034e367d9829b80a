//! The vectorised environment runtime, for both games: what it writes is what each game
//! says, a seed gives the same envs on any thread count, and refused actions change
//! nothing.

use kingup_bots::court::BotKind as CourtBot;
use kingup_bots::env::{
    ActionRefusal, Buffers, EnvRecord, Op, Opponents, RecordError, VectorRuntime,
};
use kingup_bots::{BotKind, BotSpec, Reward};
use kingup_core::kingup_table::{ActionMask, Rules};
use kingup_core::{Generator, Seat};

/// Steps `n` envs `steps` times with random legal actions read from the masks, checking
/// every decision against the game; returns the record of the buffers after each step.
fn drive<G: Rules, S: kingup_bots::env::OpponentSpec<G::View>>(
    mut runtime: VectorRuntime<G, S>,
    n: usize,
    steps: usize,
    threads: usize,
) -> Vec<String> {
    let players = runtime.players();
    let (len, count) = (G::OBSERVATION_LEN, G::ACTION_COUNT);
    while runtime.start(7) < n {}
    let mut b = Buffers::new::<G>(n, players);
    runtime.run(Op::Show, b.out(), threads);
    let mut pick = Generator::new(99);
    let mut records = Vec::new();
    for _ in 0..steps {
        let mut actions = Vec::new();
        for i in 0..n {
            let (game, seat) = runtime.decision(i).unwrap();
            assert_eq!(b.seats[i], seat.index() as i64);
            let mut own = vec![0.0; len];
            game.observation(seat, &mut own).unwrap();
            assert_eq!(&b.observations[i * len..(i + 1) * len], &own[..]);
            let mut flags = vec![0; count];
            game.legal_mask(seat).write_flags(&mut flags);
            let row = &b.masks[i * count..(i + 1) * count];
            assert_eq!(row, &flags[..]);
            let legal: Vec<i64> = (0..count as i64)
                .filter(|&a| row[a as usize] == 1)
                .collect();
            actions.push(legal[pick.below(legal.len() as u32) as usize]);
        }
        runtime.check(&actions).unwrap();
        runtime.run(Op::Step, b.out(), threads);
        for i in 0..n {
            let paid: f32 = b.rewards[i * players..(i + 1) * players].iter().sum();
            if b.dones[i] {
                let (ended, _) = runtime.ended(i).unwrap();
                assert!(ended.is_over());
                assert!(
                    paid == 1.0 || paid == 0.0,
                    "win shares sum to 1, or 0 if truncated"
                );
            } else {
                assert_eq!(paid, 0.0);
                assert!(runtime.ended(i).is_none());
            }
        }
        records.push(record(&b));
    }
    records
}

/// Everything the buffers hold, as text (NaN equal to NaN).
fn record(b: &Buffers) -> String {
    format!("{b:?}")
}

#[test]
fn king_up_envs_write_what_the_game_says_on_any_thread_count() {
    let fresh = kingup_core::Game::new(kingup_core::Config::new(4)).unwrap();
    let opponents = Opponents {
        learner: Seat::new(1).unwrap(),
        specs: [BotSpec::new(BotKind::Heuristic); Seat::MAX],
    };
    let make = |opponents| VectorRuntime::new(fresh, 130, 5, Reward::Win, opponents);
    let one = drive(make(None), 130, 60, 1);
    assert_eq!(one, drive(make(None), 130, 60, 2));
    let with_bots = drive(make(Some(opponents)), 130, 40, 2);
    assert_ne!(with_bots[..1], one[..1]);
}

#[test]
fn court_envs_write_what_the_game_says_on_any_thread_count() {
    let mut config = kingup_court::Config::new(3);
    config.max_rounds = Some(8);
    let fresh = kingup_court::Game::new(config).unwrap();
    let opponents = Opponents {
        learner: Seat::FIRST,
        specs: [CourtBot::Greedy; Seat::MAX],
    };
    let make = |opponents| VectorRuntime::new(fresh, 130, 5, Reward::Win, opponents);
    let one = drive(make(None), 130, 80, 1);
    assert_eq!(one, drive(make(None), 130, 80, 2));
    drive(make(Some(opponents)), 130, 40, 2);
}

#[test]
fn refused_actions_name_the_first_bad_env_and_change_nothing() {
    let fresh = kingup_core::Game::new(kingup_core::Config::new(3)).unwrap();
    let mut runtime: VectorRuntime<_, BotSpec> = VectorRuntime::new(fresh, 3, 1, Reward::Win, None);
    runtime.start(3);
    let legal = |runtime: &VectorRuntime<kingup_core::Game, BotSpec>, i: usize| {
        let (game, seat) = runtime.decision(i).unwrap();
        game.legal_mask(seat).lowest_index().unwrap() as i64
    };
    let good = [legal(&runtime, 0), legal(&runtime, 1), legal(&runtime, 2)];
    let before = format!("{runtime:?}");
    let refused = runtime.check(&[good[0], 67, -1]).unwrap_err();
    assert!(matches!(
        refused,
        ActionRefusal::NoSuchAction {
            env: 1,
            index: 67,
            ..
        }
    ));
    // Action 66 (vote No) in placement: illegal, and env 0 is named first.
    match runtime.check(&[66, 67, good[2]]).unwrap_err() {
        ActionRefusal::Illegal { env: 0, error, .. } => {
            assert_eq!(error.reason.code(), "wrong_phase");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(format!("{runtime:?}"), before);
    runtime.check(&good).unwrap();
}

/// Steps `runtime` `steps` times with legal actions from `pick` (none if `pick` is not
/// given: the lowest), writing `b`.
fn step_all<G: Rules, S: kingup_bots::env::OpponentSpec<G::View>>(
    runtime: &mut VectorRuntime<G, S>,
    b: &mut Buffers,
    pick: &mut Generator,
) {
    let actions: Vec<i64> = (0..runtime.len())
        .map(|i| {
            let (game, seat) = runtime.decision(i).unwrap();
            let legal: Vec<usize> = (0..G::ACTION_COUNT)
                .filter(|&a| game.legal_mask(seat).contains_index(a))
                .collect();
            legal[pick.below(legal.len() as u32) as usize] as i64
        })
        .collect();
    runtime.check(&actions).unwrap();
    runtime.run(Op::Step, b.out(), 1);
}

/// Every env's decision and ended game, as one comparable text.
fn envs<G: Rules + std::fmt::Debug, S: kingup_bots::env::OpponentSpec<G::View>>(
    runtime: &VectorRuntime<G, S>,
) -> String {
    (0..runtime.len())
        .map(|i| format!("{:?} {:?}\n", runtime.decision(i), runtime.ended(i)))
        .collect()
}

/// Envs rebuilt from their records at every step are the envs, and step on as they do.
fn records_remake_the_envs<G, S>(
    make: impl Fn() -> VectorRuntime<G, S>,
    rebuild: impl Fn(&[EnvRecord]) -> Result<VectorRuntime<G, S>, RecordError>,
    steps: usize,
) where
    G: Rules + std::fmt::Debug,
    S: kingup_bots::env::OpponentSpec<G::View>,
{
    let mut runtime = make();
    let n = runtime.len();
    while runtime.start(n) < n {}
    let players = runtime.players();
    let mut b = Buffers::new::<G>(n, players);
    runtime.run(Op::Show, b.out(), 1);
    let mut ended = 0;
    for step in 0..steps {
        let records = runtime.records();
        let mut again = rebuild(&records).unwrap();
        assert_eq!(envs(&again), envs(&runtime), "step {step}");
        assert_eq!(again.records(), records);
        // Both step on alike.
        let mut theirs = Buffers::new::<G>(n, players);
        step_all(&mut runtime, &mut b, &mut Generator::new(step as u64));
        step_all(&mut again, &mut theirs, &mut Generator::new(step as u64));
        assert_eq!(record(&b), record(&theirs), "step {step}");
        ended += b.dones.iter().filter(|&&d| d).count();
    }
    assert!(ended > 0, "some games ended along the way");
}

#[test]
fn records_remake_the_envs_of_both_games() {
    let fresh = kingup_core::Game::new(kingup_core::Config::new(3)).unwrap();
    let opponents = Opponents {
        learner: Seat::new(2).unwrap(),
        specs: [BotSpec::new(BotKind::Heuristic); Seat::MAX],
    };
    for opponents in [None, Some(opponents)] {
        records_remake_the_envs(
            || VectorRuntime::new(fresh, 6, 11, Reward::Points, opponents),
            |records| VectorRuntime::from_records(fresh, 11, Reward::Points, opponents, records),
            150,
        );
    }
    let mut config = kingup_court::Config::new(2);
    config.max_rounds = Some(3);
    let fresh = kingup_court::Game::new(config).unwrap();
    let opponents = Opponents {
        learner: Seat::FIRST,
        specs: [CourtBot::Greedy; Seat::MAX],
    };
    for opponents in [None, Some(opponents)] {
        records_remake_the_envs(
            || VectorRuntime::new(fresh, 5, 2, Reward::Win, opponents),
            |records| VectorRuntime::from_records(fresh, 2, Reward::Win, opponents, records),
            60,
        );
    }
}

#[test]
fn records_that_no_play_reaches_are_refused() {
    let fresh = kingup_core::Game::new(kingup_core::Config::new(3)).unwrap();
    let rebuild = |records: &[EnvRecord]| {
        VectorRuntime::<_, BotSpec>::from_records(fresh, 1, Reward::Win, None, records).map(|_| ())
    };
    let fine = EnvRecord {
        episodes: 1,
        played: vec![],
        ended: None,
    };
    assert_eq!(rebuild(std::slice::from_ref(&fine)), Ok(()));
    let cases = [
        (
            EnvRecord {
                episodes: 0,
                ..fine.clone()
            },
            RecordError::Episodes {
                env: 1,
                episodes: 0,
            },
        ),
        (
            EnvRecord {
                episodes: 1,
                ended: Some(vec![]),
                ..fine.clone()
            },
            RecordError::Episodes {
                env: 1,
                episodes: 1,
            },
        ),
        (
            EnvRecord {
                played: vec![66],
                ..fine.clone()
            },
            RecordError::Action {
                env: 1,
                step: 0,
                ended: false,
            },
        ),
        (
            EnvRecord {
                played: vec![9999],
                ..fine.clone()
            },
            RecordError::Action {
                env: 1,
                step: 0,
                ended: false,
            },
        ),
        (
            EnvRecord {
                episodes: 2,
                ended: Some(vec![]),
                ..fine.clone()
            },
            RecordError::End {
                env: 1,
                ended: true,
            },
        ),
    ];
    for (record, error) in cases {
        assert_eq!(rebuild(&[fine.clone(), record]), Err(error));
    }
    assert_eq!(
        RecordError::Action {
            env: 1,
            step: 0,
            ended: false
        }
        .to_string(),
        "env 1: action 0 of its current game cannot be played there"
    );
}
