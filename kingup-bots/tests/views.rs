//! Every bot answers every view the core accepts with a legal action.
//!
//! Views reach a bot from play or from JSON, and JSON is read through
//! `PlayerView::validate` (serde runs it): whatever it accepts is a view some reachable game
//! shows. Here views from play are edited (one public field, or one byte of their JSON);
//! each edited view is read back from JSON, and every one that is accepted goes to every
//! kind of bot, which must pick one of the view's legal actions — or say it has none
//! exactly when the seat may not act.
//!
//! Reading a view runs the reachability search, heavy in a debug build: the debug run
//! tries a few cases, the release run (`cargo test --release -p kingup-bots --test views`,
//! which the test command runs) many.

use kingup_bots::{Bot, BotKind, BotSpec};
use kingup_core::{
    Actor, Character, Config, Floor, Game, Generator, Phase, PlayerView, Seat, SeatSet, Setup,
};
use proptest::prelude::*;

/// The state of a game of random play after `steps` steps (or at its end).
fn state(config: Config, seed: u64, steps: usize) -> Game {
    let mut game = Game::new(config).unwrap();
    let mut rng = Generator::new(seed);
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        if game.actor() == Actor::Chance {
            let outcome = game.sample_chance(&mut rng).unwrap();
            game.apply_chance(outcome).unwrap();
        } else {
            let (seat, action) = game.random_action(&mut rng).unwrap();
            game.apply(seat, action).unwrap();
        }
    }
    game
}

fn config(i: usize) -> Config {
    let mut config = Config::new(3 + (i % 4) as u8);
    config.setup = if i & 4 == 0 {
        Setup::Placement
    } else {
        Setup::RandomLayout
    };
    config.rounds = if i & 8 == 0 { 1 } else { 3 };
    config
}

/// Changes one public field of `view`.
fn edit(view: &mut PlayerView, field: u8, value: u64) {
    let public = &mut view.public;
    let pick = |n: u64| (value % n) as usize;
    let set = |v: u64| SeatSet::from_bits((v % 64) as u8).unwrap();
    match field % 8 {
        0 => public.round = pick(4) as u8,
        1 => {
            public.phase = [
                Phase::Setup,
                Phase::Placement,
                Phase::Climb,
                Phase::Vote,
                Phase::Score,
                Phase::GameOver,
            ][pick(6)];
        }
        2 => {
            let c = Character::ALL[pick(13)];
            match Floor::from_index((value >> 8) as usize % 9) {
                Some(f) => public.castle.put(c, f),
                None => public.castle.eliminate(c),
            }
        }
        3 => public.crown = Seat::new(pick(7)),
        4 => public.first_player = Seat::new(pick(7)),
        5 => public.voted = set(value),
        6 => public.movers[pick(13)] = set(value >> 8),
        _ => public.no_votes[pick(13)] = set(value >> 8),
    }
}

/// Every kind of bot, asked about `view`: a legal action when the viewer may act, none
/// otherwise.
fn every_bot_answers(view: &PlayerView, seed: u64) -> Result<(), TestCaseError> {
    let legal = view.legal_actions();
    for kind in BotKind::ALL {
        let mut bot = BotSpec::new(kind).with_iterations(30).unwrap().build(seed);
        match bot.choose(view) {
            Some(action) => prop_assert!(legal.contains(&action), "{kind} chose {action}"),
            None => prop_assert!(legal.is_empty(), "{kind} found no action"),
        }
    }
    Ok(())
}

fn cases() -> u32 {
    if cfg!(debug_assertions) { 2 } else { 200 }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn bots_answer_every_accepted_view_with_a_field_edited(
        config in (0usize..16).prop_map(config),
        seed in 0u64..1000,
        steps in 0usize..300,
        viewer: u8,
        field: u8,
        value: u64,
    ) {
        let game = state(config, seed, steps);
        let mut view = game.player_view(Seat::new(usize::from(viewer) % game.players()).unwrap());
        edit(&mut view, field, value);
        let json = serde_json::to_string(&view).unwrap();
        if let Ok(read) = serde_json::from_str::<PlayerView>(&json) {
            prop_assert_eq!(read, view);
            every_bot_answers(&read, seed)?;
        }
    }

    #[test]
    fn bots_answer_every_accepted_view_with_a_byte_edited(
        config in (0usize..16).prop_map(config),
        seed in 0u64..1000,
        steps in 0usize..300,
        viewer: u8,
        at: usize,
        byte: u8,
    ) {
        let game = state(config, seed, steps);
        let view = game.player_view(Seat::new(usize::from(viewer) % game.players()).unwrap());
        let mut json = serde_json::to_vec(&view).unwrap();
        let at = at % json.len();
        json[at] = byte;
        if let Ok(read) = serde_json::from_slice::<PlayerView>(&json) {
            every_bot_answers(&read, seed)?;
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run in release")]
fn bots_answer_views_read_back_from_play() {
    // The unedited case, at every step of one game per setting: not vacuous.
    for i in 0..16 {
        let mut game = Game::new(config(i)).unwrap();
        let mut rng = Generator::new(i as u64);
        let mut answered = 0;
        while !game.is_over() {
            if let Some(seat) = game.next_seat() {
                if rng.below(4) == 0 {
                    let json = serde_json::to_string(&game.player_view(seat)).unwrap();
                    let view: PlayerView = serde_json::from_str(&json).unwrap();
                    every_bot_answers(&view, i as u64).unwrap();
                    answered += 1;
                }
            }
            if game.actor() == Actor::Chance {
                game.resolve_chance(&mut rng, &mut ());
            } else {
                let (seat, action) = game.random_action(&mut rng).unwrap();
                game.apply(seat, action).unwrap();
            }
        }
        assert!(answered > 0);
    }
}
