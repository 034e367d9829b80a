//! The vector runtime writes observation and mask rows as changes to what it wrote at the
//! last step: every row must still be, byte for byte, what the game's own encoder writes
//! for the env's seat to act, at every player count, with and without opponents (every
//! learner seat), and when the buffers change between passes.

use kingup_bots::court::BotKind as CourtBot;
use kingup_bots::env::{Buffers, Op, OpponentSpec, Opponents, VectorRuntime};
use kingup_bots::{BotKind, BotSpec, Reward};
use kingup_core::kingup_table::{ActionMask, Rules, SparseObservation};
use kingup_core::{Generator, Seat};

/// Buffers of `n` envs, every float NaN and every flag 7, so that a row the runtime did
/// not write whole shows.
fn rows<G: Rules>(n: usize, players: usize) -> Buffers {
    let mut b = Buffers::new::<G>(n, players);
    b.observations.fill(f32::NAN);
    b.masks.fill(7);
    b
}

/// Steps `n` envs `steps` times with random legal actions, checking after every pass
/// that each env's rows are its game's observation and mask for its seat to act. With
/// `swap`, the passes alternate between two sets of buffers (each keeps what it was
/// last written, two passes old). Returns the number of rows checked.
fn check_rows<G: Rules, S: OpponentSpec<G::View>>(
    mut runtime: VectorRuntime<G, S>,
    n: usize,
    steps: usize,
    seed: u64,
    swap: bool,
) -> usize {
    let players = runtime.players();
    let (len, count) = (G::OBSERVATION_LEN, G::ACTION_COUNT);
    while runtime.start(n) < n {}
    let mut buffers = [rows::<G>(n, players), rows::<G>(n, players)];
    runtime.run(Op::Show, buffers[0].out(), 1);
    let mut pick = Generator::new(seed);
    let (mut own, mut flags) = (vec![0.0f32; len], vec![0i8; count]);
    let mut checked = 0;
    for step in 0..steps {
        let b = &mut buffers[if swap { step % 2 } else { 0 }];
        let mut actions = Vec::with_capacity(n);
        for i in 0..n {
            let (game, seat) = runtime.decision(i).unwrap();
            game.observation(seat, &mut own).unwrap();
            let row = &b.observations[i * len..(i + 1) * len];
            let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(row), bits(&own), "env {i}, step {step}, {seat}");
            let mask = game.legal_mask(seat);
            mask.write_flags(&mut flags);
            assert_eq!(
                &b.masks[i * count..(i + 1) * count],
                &flags[..],
                "env {i}, step {step}"
            );
            let legal: Vec<usize> = mask.indices().collect();
            actions.push(legal[pick.below(legal.len() as u32) as usize] as i64);
            checked += 1;
        }
        runtime.check(&actions).unwrap();
        let b = &mut buffers[if swap { (step + 1) % 2 } else { 0 }];
        runtime.run(Op::Step, b.out(), 1);
    }
    checked
}

#[test]
fn king_up_rows_are_the_encoders_at_every_player_count_and_seat() {
    let mut checked = 0;
    for players in 3..=6u8 {
        let fresh = kingup_core::Game::new(kingup_core::Config::new(players)).unwrap();
        let seed = u64::from(players);
        let alone: VectorRuntime<_, BotSpec> =
            VectorRuntime::new(fresh, 24, seed, Reward::Win, None);
        checked += check_rows(alone, 24, 300, seed, false);
        let swapped: VectorRuntime<_, BotSpec> =
            VectorRuntime::new(fresh, 8, seed, Reward::Points, None);
        checked += check_rows(swapped, 8, 120, seed, true);
        for learner in Seat::all(usize::from(players)) {
            let opponents = Opponents {
                learner,
                specs: [BotSpec::new(BotKind::Random); Seat::MAX],
            };
            let runtime = VectorRuntime::new(fresh, 8, seed, Reward::Win, Some(opponents));
            checked += check_rows(runtime, 8, 80, seed, false);
        }
    }
    assert!(checked > 40_000, "{checked}");
}

#[test]
fn court_rows_are_the_encoders_at_every_player_count_and_seat() {
    let mut checked = 0;
    for players in 2..=5u8 {
        let mut config = kingup_court::Config::new(players);
        config.max_rounds = Some(12);
        config.unlimited_jesters = players % 2 == 0;
        let fresh = kingup_court::Game::new(config).unwrap();
        let seed = u64::from(players);
        let alone: VectorRuntime<_, CourtBot> =
            VectorRuntime::new(fresh, 24, seed, Reward::Win, None);
        checked += check_rows(alone, 24, 300, seed, false);
        let swapped: VectorRuntime<_, CourtBot> =
            VectorRuntime::new(fresh, 8, seed, Reward::Points, None);
        checked += check_rows(swapped, 8, 120, seed, true);
        for learner in Seat::all(usize::from(players)) {
            let opponents = Opponents {
                learner,
                specs: [CourtBot::Random; Seat::MAX],
            };
            let runtime = VectorRuntime::new(fresh, 8, seed, Reward::Win, Some(opponents));
            checked += check_rows(runtime, 8, 80, seed, false);
        }
    }
    assert!(checked > 40_000, "{checked}");
}

/// Every seat of every state of random games from `configs`: the game's sparse form,
/// written whole and written as changes over the previous state's observation of another
/// seat (row `r` shows seat `r + step`, so its viewer changes every step), is its encoder's
/// output byte for byte. Returns the states checked.
fn sparse_form_is_the_encoding<G: Rules>(
    configs: impl IntoIterator<Item = (G::Config, usize)>,
) -> usize {
    let bits = |x: &[f32]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    let mut whole = vec![0.0f32; G::OBSERVATION_LEN];
    let mut sparse = vec![0.0f32; G::OBSERVATION_LEN];
    let mut rows = vec![vec![f32::NAN; G::OBSERVATION_LEN]; Seat::MAX];
    let mut before: Vec<SparseObservation> =
        (0..Seat::MAX).map(|_| SparseObservation::new()).collect();
    let mut s = SparseObservation::new();
    let mut steps = 0;
    for (seed, (config, players)) in configs.into_iter().enumerate() {
        let mut game = G::new_with(config, &mut ()).unwrap_or_else(|_| panic!("config {seed}"));
        let mut rng = Generator::new(seed as u64);
        let mut first = true;
        loop {
            for r in 0..players {
                let seat = Seat::new((r + steps) % players).unwrap();
                game.observation(seat, &mut whole).unwrap();
                assert!(
                    game.sparse_observation(seat, &mut s),
                    "{} has a sparse form",
                    G::NAME
                );
                sparse.fill(f32::NAN);
                s.write(&mut sparse);
                assert_eq!(bits(&whole), bits(&sparse), "game {seed}, {seat}");
                if first {
                    s.write(&mut rows[r]);
                } else {
                    s.write_changes(before[r].flags(), &mut rows[r]);
                }
                assert_eq!(
                    bits(&rows[r]),
                    bits(&whole),
                    "game {seed}, {seat}, step {steps}"
                );
                before[r].clone_from(&s);
            }
            first = false;
            steps += 1;
            game.resolve_chance(&mut rng, &mut ());
            let Some((seat, action)) = game.random_action(&mut rng) else {
                break;
            };
            game.apply_unchecked(seat, action);
        }
    }
    steps
}

#[test]
fn king_up_sparse_form_is_its_encoding() {
    let configs = (0..80u8).map(|i| (kingup_core::Config::new(3 + i % 4), usize::from(3 + i % 4)));
    assert!(sparse_form_is_the_encoding::<kingup_core::Game>(configs) > 5000);
}

#[test]
fn court_sparse_form_is_its_encoding() {
    use kingup_court::{Config, FirstPlayer};
    let configs = (0..120usize).map(|seed| {
        let players = 2 + seed % 4;
        let mut config = Config::new(players as u8);
        config.unlimited_jesters = seed % 3 == 0;
        config.preroll_abilities = seed % 5 == 0;
        config.max_rounds = Some(30);
        if seed % 2 == 0 {
            config.first_player = FirstPlayer::Seat(Seat::new(seed / 2 % players).unwrap());
        }
        (config, players)
    });
    assert!(sparse_form_is_the_encoding::<kingup_court::Game>(configs) > 5000);
}
