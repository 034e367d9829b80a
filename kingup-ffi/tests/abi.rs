//! The C ABI driven from Rust as a C caller would: whole games, and bad input for every
//! entry point (NULL handle, NULL or short buffer, wrong seat, out-of-range index, garbage
//! text), checking the status code and that the game is unchanged.

use std::ffi::{CStr, c_char};
use std::ptr;

use kingup_ffi::*;

mod common;
use common::*;

/// Calls a list-producing entry point with a large enough buffer.
fn list<T: Copy + Default>(call: impl Fn(*mut T, usize, *mut usize) -> KingupStatus) -> Vec<T> {
    let mut buf = vec![T::default(); 1024];
    let mut len = usize::MAX;
    ok(call(buf.as_mut_ptr(), buf.len(), &mut len));
    buf.truncate(len);
    buf
}

fn legal(g: &Game, seat: u32) -> Vec<u32> {
    // SAFETY: a live handle; `list` passes a valid buffer and length.
    list(|buf, cap, len| unsafe { kingup_game_legal_actions(g.0, seat, buf, cap, len) })
}

fn apply(g: &Game, seat: u32, action: u32) -> KingupStatus {
    // SAFETY: a live handle, not otherwise borrowed during the call.
    unsafe { kingup_game_apply(g.0, seat, action) }
}

/// A small deterministic generator for picking moves.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays random legal moves, resolving chance from the handle's generator (explicit chance)
/// or letting it be drawn (automatic chance), until the game ends; checks the mask, the
/// observation, the next seat and the log on the way. Returns the moves made.
fn play_out(g: &Game, pick: &mut Lcg) -> usize {
    let mut moves = 0;
    loop {
        let a = actor(g);
        match a.kind {
            k if k == KingupActorKind::Chance as u32 => {
                // SAFETY: a live handle, not otherwise borrowed.
                ok(unsafe { kingup_game_resolve_chance(g.0) });
            }
            k if k == KingupActorKind::Nobody as u32 => {
                assert_eq!(next_seat(g), None);
                return moves;
            }
            _ => {
                let seat = acting_seat(a);
                assert_eq!(next_seat(g), Some(seat));
                let actions = legal(g, seat);
                check_mask_and_observation(g, seat, &actions);
                let before = event_count(g);
                ok(apply(g, seat, actions[pick.below(actions.len())]));
                assert!(event_count(g) > before);
                moves += 1;
            }
        }
    }
}

fn check_mask_and_observation(g: &Game, seat: u32, actions: &[u32]) {
    // SAFETY: a live handle; `list` passes a valid buffer and length.
    let mask: Vec<u8> = list(|b, c, l| unsafe { kingup_game_action_mask(g.0, seat, b, c, l) });
    assert_eq!(mask.len(), KINGUP_ACTION_COUNT as usize);
    let from_mask: Vec<u32> = (0..KINGUP_ACTION_COUNT)
        .filter(|&i| mask[i as usize] == 1)
        .collect();
    assert_eq!(from_mask, actions);
    // SAFETY: as above.
    let obs: Vec<f32> = list(|b, c, l| unsafe { kingup_game_observation(g.0, seat, b, c, l) });
    assert_eq!(obs.len(), KINGUP_OBSERVATION_LEN as usize);
    assert!(obs.iter().all(|x| x.is_finite()));
}

fn totals(g: &Game) -> Vec<u32> {
    // SAFETY: a live handle; `list` passes a valid buffer and length.
    list(|b, c, l| unsafe { kingup_game_totals(g.0, b, c, l) })
}

fn winners(g: &Game) -> u32 {
    let mut mask = 99;
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_winners(g.0, &mut mask) });
    mask
}

#[test]
fn versions_and_names() {
    assert_eq!(kingup_abi_version(), KINGUP_ABI_VERSION);
    // SAFETY: a static NUL-terminated string.
    let version = unsafe { CStr::from_ptr(kingup_version()) };
    assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
    let name = |s| {
        // SAFETY: as above, for every status and one that is not.
        unsafe { CStr::from_ptr(kingup_status_name(s)) }
            .to_str()
            .unwrap()
    };
    assert_eq!(
        name(KingupStatus::BufferTooSmall as u32),
        "buffer too small"
    );
    assert_eq!(name(0), "ok");
    assert_eq!(name(7), "unknown status");
    assert_eq!(name(u32::MAX), "unknown status");
}

#[test]
fn full_games_for_every_size_and_variant() {
    let mut pick = Lcg(1);
    for (players, rounds, setup, first) in
        [(3, 3, 0, -1), (4, 3, 0, 2), (5, 1, 1, -1), (6, 3, 1, 0)]
    {
        let g = new_game(config(players, rounds, setup, first), u64::from(players));
        assert!(play_out(&g, &mut pick) > 0);
        assert_eq!(phase(&g), KingupPhase::GameOver as u32);
        let totals = totals(&g);
        assert_eq!(totals.len(), players as usize);
        let best = *totals.iter().max().unwrap();
        let w = winners(&g);
        assert!(w != 0 && w >> players == 0);
        for (seat, &total) in totals.iter().enumerate() {
            if w >> seat & 1 == 1 {
                assert_eq!(total, best);
            }
        }
        // SAFETY: a live handle; `list` passes a valid buffer and length.
        let scores: Vec<u32> = list(|b, c, l| unsafe { kingup_game_scores(g.0, b, c, l) });
        assert_eq!(scores.len(), (players * rounds) as usize);
        let mut round = 99;
        // SAFETY: a live handle and a live local.
        ok(unsafe { kingup_game_round(g.0, &mut round) });
        assert_eq!(round, rounds - 1);
        assert_eq!(actor(&g).kind, KingupActorKind::Nobody as u32);
    }
}

#[test]
fn same_seed_same_game_and_saves_round_trip() {
    let a = new_game(config(4, 3, 0, -1), 42);
    let b = new_game(config(4, 3, 0, -1), 42);
    play_out(&a, &mut Lcg(5));
    play_out(&b, &mut Lcg(5));
    assert_eq!(save(&a), save(&b));

    let json = save(&a);
    let copy = load(json.as_bytes()).unwrap();
    assert_eq!(save(&copy), json);
    assert_eq!(
        event_count(&copy),
        event_count(&a),
        "a loaded game replays the whole log"
    );
}

#[test]
fn explicit_chance_outcomes_play_a_whole_game() {
    let g = new_game(explicit(config(3, 1, 1, -1)), 0);
    let mut pick = Lcg(9);
    while phase(&g) != KingupPhase::GameOver as u32 {
        if actor(&g).kind != KingupActorKind::Chance as u32 {
            let seat = acting_seat(actor(&g));
            let actions = legal(&g, seat);
            ok(apply(&g, seat, actions[pick.below(actions.len())]));
            continue;
        }
        let mut step = KingupChanceStep {
            kind: 99,
            subject: 99,
        };
        // SAFETY: a live handle and a live local.
        ok(unsafe { kingup_game_chance_step(g.0, &mut step) });
        assert_ne!(step.kind, KingupChanceKind::None as u32);
        let (mut outcomes, mut odds, mut n) = ([0u32; 32], [0f64; 32], 0);
        // SAFETY: both buffers hold 32 elements; `n` is a live local.
        ok(unsafe {
            kingup_game_chance_outcomes(g.0, outcomes.as_mut_ptr(), odds.as_mut_ptr(), 32, &mut n)
        });
        assert!(n > 0);
        assert!((odds[..n].iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let chosen = outcomes[pick.below(n)];
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_apply_chance(g.0, chosen) });
    }
    assert_ne!(winners(&g), 0);
}

#[test]
fn views_and_events_hide_other_seats_secrets() {
    let g = new_game(config(4, 3, 0, 0), 3);
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_resolve_chance(g.0) });
    let events = |viewer: i32| {
        // SAFETY: a live handle; `text` passes a valid buffer and length.
        let json = text(|b, c, l| unsafe { kingup_game_events_json(g.0, viewer, 0, b, c, l) });
        serde_json::from_str::<serde_json::Value>(&json).unwrap()
    };
    let dealt = |viewer: i32| -> Vec<bool> {
        let all = events(viewer);
        let deals = all.as_array().unwrap().iter();
        let deals = deals.filter(|e| e["type"] == "objective_dealt");
        deals.map(|e| !e["card"].is_null()).collect()
    };
    assert_eq!(dealt(-1), [false; 4]);
    assert_eq!(dealt(2), [false, false, true, false]);

    // SAFETY: a live handle; `text` passes a valid buffer and length.
    let view = text(|b, c, l| unsafe { kingup_game_player_view_json(g.0, 2, b, c, l) });
    let view: serde_json::Value = serde_json::from_str(&view).unwrap();
    assert!(!view["objective_card"].is_null());
    // SAFETY: as above.
    let public = text(|b, c, l| unsafe { kingup_game_public_view_json(g.0, b, c, l) });
    assert_eq!(
        view["public"],
        serde_json::from_str::<serde_json::Value>(&public).unwrap()
    );

    let n = event_count(&g);
    // SAFETY: as above; `from == n` asks for no event.
    let tail = text(|b, c, l| unsafe { kingup_game_events_json(g.0, -1, n, b, c, l) });
    assert_eq!(tail, "[]");
}

#[test]
fn sampling_keeps_what_the_seat_knows() {
    let g = new_game(config(5, 3, 0, -1), 8);
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_resolve_chance(g.0) });
    let before = save(&g);
    let view = |g: &Game| {
        // SAFETY: a live handle; `text` passes a valid buffer and length.
        text(|b, c, l| unsafe { kingup_game_player_view_json(g.0, 3, b, c, l) })
    };
    let events = |g: &Game| {
        // SAFETY: a live handle; `text` passes a valid buffer and length.
        text(|b, c, l| unsafe { kingup_game_events_json(g.0, 3, 0, b, c, l) })
    };
    let mut out = ptr::null_mut();
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_sample(g.0, 3, 77, &mut out) });
    let world = Game(out);
    assert_eq!(view(&world), view(&g));
    assert_eq!(
        events(&world),
        events(&g),
        "the same history, as seat 3 saw it"
    );
    assert_eq!(save(&g), before, "the source game is unchanged");
    let reloaded = load(save(&world).as_bytes()).unwrap();
    assert_eq!(save(&reloaded), save(&world), "a sampled world is a replay");
    play_out(&world, &mut Lcg(2));
}

#[test]
fn clones_are_independent_and_keep_the_log_and_generator() {
    let g = new_game(config(3, 3, 0, -1), 11);
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_resolve_chance(g.0) });
    let mut out = ptr::null_mut();
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_clone(g.0, &mut out) });
    let copy = Game(out);
    assert_eq!(
        (save(&copy), event_count(&copy)),
        (save(&g), event_count(&g))
    );
    play_out(&copy, &mut Lcg(4));
    assert_ne!(save(&copy), save(&g));
    play_out(&g, &mut Lcg(4));
    assert_eq!(save(&copy), save(&g), "same generator state, same moves");
}

#[test]
fn custom_deck_from_json() {
    let cards: Vec<String> = (0..9).map(|_| "\"ABCDEF\"".to_owned()).collect();
    let json = format!(
        r#"{{"players": 3, "rounds": 3, "deck": [{}]}}"#,
        cards.join(",")
    );
    let mut out = ptr::null_mut();
    let explicit_chance = KingupChance::Explicit as u32;
    // SAFETY: `json` is live for the call; `out` is a live local.
    ok(unsafe {
        kingup_game_new_json(
            json.as_ptr().cast(),
            json.len(),
            explicit_chance,
            1,
            &mut out,
        )
    });
    let g = Game(out);
    assert_eq!(actor(&g).kind, KingupActorKind::Chance as u32);
    play_out(&g, &mut Lcg(3));
    assert!(save(&g).contains("ABCDEF"));
    let mut c = config(0, 0, 0, 0);
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_config(g.0, &mut c) });
    assert_eq!(c, explicit(config(3, 3, 0, -1)));
    let copy = load(save(&g).as_bytes()).unwrap();
    assert_eq!(
        save(&copy),
        save(&g),
        "a custom deck is saved with the game"
    );
}

#[test]
fn config_init_and_action_names() {
    let mut c = config(0, 0, 9, 9);
    // SAFETY: a live local.
    ok(unsafe { kingup_config_init(&mut c, 5) });
    assert_eq!(c, config(5, 3, KingupSetup::Placement as u32, -1));
    // SAFETY: `text` passes a valid buffer and length.
    let name = |a| text(|b, cap, l| unsafe { kingup_action_describe(a, b, cap, l) });
    assert_eq!(name(55), "climb Dario");
    assert_eq!(name(6), "place Beatrice on Officials (3)");
    assert_eq!(name(66), "vote No");
    // SAFETY: NULL is rejected before any write.
    let status = unsafe { kingup_config_init(ptr::null_mut(), 4) };
    assert_eq!(status, KingupStatus::NullArgument);
    let mut len = 0;
    // SAFETY: NULL buffer with capacity 0; `len` is a live local.
    let status = unsafe { kingup_action_describe(67, ptr::null_mut(), 0, &mut len) };
    assert_eq!(status, KingupStatus::InvalidArgument);
    assert_eq!(last_reason(), "no_such_action");
}

#[test]
fn errors_are_kept_per_thread_and_cleared_by_success() {
    // SAFETY: NULL handle: rejected before any read.
    assert_eq!(
        apply(&Game(ptr::null_mut()), 0, 0),
        KingupStatus::NullArgument
    );
    assert_eq!(last_error(), "game is NULL");
    assert_eq!(last_reason(), "null_argument");
    let other = std::thread::spawn(|| (last_error(), last_reason()))
        .join()
        .unwrap();
    assert_eq!(
        other,
        (String::new(), String::new()),
        "another thread has its own last error"
    );
    let mut len = 0;
    let mut small = [0 as c_char; 4];
    // SAFETY: `small` holds 4 bytes; `len` is a live local.
    let status = unsafe { kingup_last_error(small.as_mut_ptr(), 4, &mut len) };
    assert_eq!(
        (status, len),
        (KingupStatus::BufferTooSmall, "game is NULL".len() + 1)
    );
    // SAFETY: `small` holds 4 bytes; `len` is a live local.
    let status = unsafe { kingup_last_error_reason(small.as_mut_ptr(), 4, &mut len) };
    assert_eq!(
        (status, len),
        (KingupStatus::BufferTooSmall, "null_argument".len() + 1)
    );
    assert_eq!(last_error(), "game is NULL", "reading it does not clear it");
    assert_eq!(
        last_reason(),
        "null_argument",
        "nor does reading the reason"
    );
    // SAFETY: NULL out_len is rejected before any write.
    let status = unsafe { kingup_last_error(ptr::null_mut(), 0, ptr::null_mut()) };
    assert_eq!(status, KingupStatus::NullArgument);
    // SAFETY: as above.
    let status = unsafe { kingup_last_error_reason(ptr::null_mut(), 0, ptr::null_mut()) };
    assert_eq!(status, KingupStatus::NullArgument);
    let _g = new_game(config(3, 3, 0, -1), 0);
    assert_eq!(last_error(), "", "a successful call clears it");
    assert_eq!(last_reason(), "", "and its reason");
}

/// docs/c-api.md's tables of reasons name every code of each engine's catalogue.
#[test]
fn the_reason_table_of_the_c_docs_lists_the_whole_catalogue() {
    use kingup_core::kingup_table::catalogue;
    reason_table_lists("| status | reasons |", catalogue::<kingup_core::Game>());
    reason_table_lists(
        "| status | court reasons |",
        catalogue::<kingup_court::Game>(),
    );
}

/// The table of docs/c-api.md under `header` names every code of `catalogue`.
fn reason_table_lists(header: &str, catalogue: kingup_core::kingup_table::Catalogue) {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/c-api.md"))
        .expect("docs/c-api.md");
    let table: String = doc
        .lines()
        .skip_while(|l| !l.starts_with(header))
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(!table.is_empty(), "docs/c-api.md has a table {header}");
    let all = [
        catalogue.action,
        catalogue.chance,
        catalogue.undo,
        catalogue.load,
        catalogue.seat,
    ];
    for code in all.into_iter().flatten() {
        assert!(
            table.contains(&format!("`{code}`")),
            "docs/c-api.md's table {header} lacks `{code}`"
        );
    }
}
