//! To Court the King through the C ABI: whole games with bots and with explicit chance
//! give the Rust session's saves and events; every bad input is refused with its status and
//! reason and changes nothing; notation, masks and observations agree with the engine.

use std::ffi::c_char;
use std::ptr;

use KingupStatus::{BufferTooSmall, IllegalAction, InvalidArgument, NullArgument, ParseError};
use kingup_court::kingup_table::Rules;
use kingup_ffi::*;

mod common;
use common::court::*;
use common::*;

fn bot(kind: KingupCourtBotKind, seed: u64, iterations: u32) -> *mut KingupCourtBot {
    let mut bot = ptr::null_mut();
    // SAFETY: a live local.
    ok(unsafe { kingup_court_bot_new(kind as u32, seed, iterations, &mut bot) });
    bot
}

/// The Rust session the save document describes.
fn session(g: &CourtGame) -> kingup_court::Session {
    kingup_court::Session::from_json(&court_save(g)).expect("the save loads in Rust")
}

fn events(g: &CourtGame, viewer: i32, from: usize) -> String {
    // SAFETY: a live handle; `text` passes a valid buffer and length.
    text(|b, c, l| unsafe { kingup_court_game_events_json(g.0, viewer, from, b, c, l) })
}

fn u32_answer(call: impl FnOnce(*mut u32) -> KingupStatus) -> u32 {
    let mut out = 99;
    ok(call(&mut out));
    out
}

/// Plays bots for every seat until the game is over; returns the number of actions.
fn play_bots(g: &CourtGame, bots: &[*mut KingupCourtBot]) -> usize {
    let mut actions = 0;
    while let Some(seat) = court_next_seat(g) {
        let mut action = u32::MAX;
        // SAFETY: live handles and a live local.
        ok(unsafe { kingup_court_bot_choose(bots[seat as usize], g.0, seat, &mut action) });
        assert!(court_legal(g, seat).contains(&action));
        // SAFETY: a live handle.
        ok(unsafe { kingup_court_game_apply(g.0, seat, action) });
        actions += 1;
    }
    actions
}

#[test]
fn bots_play_whole_games_that_rust_replays_byte_for_byte() {
    for players in [2, 3, 5] {
        let mut config = court_config(players, -1, KingupChance::Auto);
        config.max_rounds = 20;
        let g = court_new(config, u64::from(players));
        let kinds = [
            KingupCourtBotKind::Greedy,
            KingupCourtBotKind::Random,
            KingupCourtBotKind::Mcts,
        ];
        let bots: Vec<_> = (0..players as usize)
            .map(|s| bot(kinds[s % 3], s as u64, if s % 3 == 2 { 8 } else { 0 }))
            .collect();
        assert!(play_bots(&g, &bots) > 0);
        // SAFETY: live handles and locals; each bot freed once.
        let phase = u32_answer(|o| unsafe { kingup_court_game_phase(g.0, o) });
        assert_eq!(phase, KingupCourtPhase::GameOver as u32);
        // SAFETY: as above.
        let winners = u32_answer(|o| unsafe { kingup_court_game_winners(g.0, o) });
        // SAFETY: as above.
        let truncated = u32_answer(|o| unsafe { kingup_court_game_truncated(g.0, o) });
        assert_eq!(
            winners.count_ones(),
            1 - truncated,
            "one winner, or none if truncated"
        );
        let rust = session(&g);
        assert_eq!(rust.to_json(), court_save(&g));
        let json = serde_json::to_string(rust.events()).unwrap();
        assert_eq!(events(&g, -1, 0), json);
        assert_eq!(events(&g, 0, 0), json, "nothing is hidden from a seat");
        let game = rust.game();
        let mut scores = [99u32; 8];
        let mut len = 0;
        // SAFETY: a live handle, a buffer of 8 and a live local.
        ok(unsafe { kingup_court_game_scores(g.0, scores.as_mut_ptr(), 8, &mut len) });
        let cards: Vec<u32> = kingup_court::Seat::all(players as usize)
            .map(|s| game.cards(s).len() as u32)
            .collect();
        assert_eq!(&scores[..len], cards);
        for b in bots {
            // SAFETY: made above, freed once.
            unsafe { kingup_court_bot_free(b) };
        }
    }
}

#[test]
fn explicit_chance_waits_for_the_caller_and_saves_it() {
    let g = court_new(court_config(3, -1, KingupChance::Explicit), 9);
    let mut actor = KingupActor {
        kind: 9,
        seat: 9,
        seats: 9,
    };
    // SAFETY: a live handle and local.
    ok(unsafe { kingup_court_game_actor(g.0, &mut actor) });
    assert_eq!(actor.kind, KingupActorKind::Chance as u32);
    let (mut outcomes, mut odds, mut len) = ([0u32; 12], [0f64; 12], 0);
    // SAFETY: a live handle, buffers of 12 and a live local.
    ok(unsafe {
        kingup_court_game_chance_outcomes(
            g.0,
            outcomes.as_mut_ptr(),
            odds.as_mut_ptr(),
            12,
            &mut len,
        )
    });
    assert_eq!(&outcomes[..len], [6, 7, 8], "seats 0 to 2 may start");
    assert!((odds[..len].iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // A die when the first player is drawn: the wrong step.
    // SAFETY: a live handle.
    court_refused(&g, IllegalAction, "wrong_step", || unsafe {
        kingup_court_game_apply_chance(g.0, 0)
    });
    let first = parse_chance("first 1");
    // SAFETY: a live handle.
    ok(unsafe { kingup_court_game_apply_chance(g.0, first) });
    assert_eq!(court_next_seat(&g), Some(1));
    // SAFETY: a live handle.
    ok(unsafe { kingup_court_game_apply(g.0, 1, parse_action("roll")) });
    assert_eq!(court_next_seat(&g), None, "three dice to roll");
    for face in ["die 6", "die 6", "die 2"] {
        // SAFETY: a live handle.
        ok(unsafe { kingup_court_game_apply_chance(g.0, parse_chance(face)) });
    }
    // SAFETY: a live handle.
    ok(unsafe { kingup_court_game_apply(g.0, 1, parse_action(" KEEP 6 ")) });
    let save = court_save(&g);
    assert!(save.contains(r#""chance":"explicit""#), "{save}");
    assert!(
        save.contains(r#""steps":["chance: first 1","1: roll","chance: die 6","chance: die 6","chance: die 2","1: keep 6"]"#),
        "{save}"
    );
    let loaded = court_load(save.as_bytes()).unwrap();
    assert_eq!(court_save(&loaded), save);
    assert_eq!(events(&loaded, -1, 0), events(&g, -1, 0));
    // SAFETY: a live handle; resolving draws the rest from the generator, here nothing.
    ok(unsafe { kingup_court_game_resolve_chance(g.0) });
    assert_eq!(court_save(&g), save, "no chance step was pending");
    // Undo takes back the set-aside, not the roll before it.
    // SAFETY: a live handle.
    ok(unsafe { kingup_court_game_undo(g.0, 1) });
    // SAFETY: a live handle.
    court_refused(&g, IllegalAction, "revealed", || unsafe {
        kingup_court_game_undo(g.0, 1)
    });
}

fn parse_action(text: &str) -> u32 {
    let mut action = u32::MAX;
    // SAFETY: `text` holds `len` bytes; a live local.
    ok(unsafe { kingup_court_action_parse(text.as_ptr().cast(), text.len(), &mut action) });
    action
}

fn parse_chance(text: &str) -> u32 {
    let mut outcome = u32::MAX;
    // SAFETY: `text` holds `len` bytes; a live local.
    ok(unsafe { kingup_court_chance_parse(text.as_ptr().cast(), text.len(), &mut outcome) });
    outcome
}

#[test]
fn every_index_has_a_notation_that_reads_back() {
    for index in 0..KINGUP_COURT_ACTION_COUNT {
        // SAFETY: `text` passes a valid buffer and length.
        let notation = text(|b, c, l| unsafe { kingup_court_action_notation(index, b, c, l) });
        assert_eq!(parse_action(&notation), index, "{notation}");
        let engine = kingup_court::Action::from_index(index as usize).unwrap();
        assert_eq!(notation, engine.to_string());
        // SAFETY: as above.
        let sentence = text(|b, c, l| unsafe { kingup_court_action_describe(index, b, c, l) });
        assert_eq!(sentence, format!("{engine:#}"));
    }
    for index in 0..KINGUP_COURT_CHANCE_OUTCOME_COUNT {
        // SAFETY: as above.
        let notation = text(|b, c, l| unsafe { kingup_court_chance_notation(index, b, c, l) });
        assert_eq!(parse_chance(&notation), index, "{notation}");
    }
    for index in 0..KINGUP_CHANCE_OUTCOME_COUNT {
        // SAFETY: as above.
        let notation = text(|b, c, l| unsafe { kingup_chance_notation(index, b, c, l) });
        let mut back = u32::MAX;
        // SAFETY: `notation` holds its length; a live local.
        ok(unsafe { kingup_chance_parse(notation.as_ptr().cast(), notation.len(), &mut back) });
        assert_eq!(back, index, "King Up!'s {notation}");
    }
}

#[test]
fn masks_and_observations_are_the_engines() {
    let g = court_new(court_config(4, 2, KingupChance::Auto), 3);
    let rust = session(&g);
    let seat = court_next_seat(&g).unwrap();
    let legal = court_legal(&g, seat);
    assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted");
    let mut mask = vec![7u8; KINGUP_COURT_ACTION_COUNT as usize];
    let mut len = 0;
    // SAFETY: a live handle, a buffer of its length and a live local.
    ok(unsafe {
        kingup_court_game_action_mask(g.0, seat, mask.as_mut_ptr(), mask.len(), &mut len)
    });
    let from_mask: Vec<u32> = (0..len as u32).filter(|&i| mask[i as usize] == 1).collect();
    assert_eq!(from_mask, legal);
    assert!(court_legal(&g, (seat + 1) % 4).is_empty(), "not its turn");
    let mut obs = vec![f32::NAN; KINGUP_COURT_OBSERVATION_LEN as usize];
    // SAFETY: as above.
    ok(unsafe { kingup_court_game_observation(g.0, 1, obs.as_mut_ptr(), obs.len(), &mut len) });
    let mut engine = vec![0.0; kingup_court::OBSERVATION_LEN];
    let seat1 = kingup_court::Seat::new(1).unwrap();
    Rules::observation(rust.game(), seat1, &mut engine).unwrap();
    assert_eq!(obs, engine);
    let mut config = court_config(0, 0, KingupChance::Explicit);
    // SAFETY: a live handle and local.
    ok(unsafe { kingup_court_game_config(g.0, &mut config) });
    assert_eq!(config, court_config(4, 2, KingupChance::Auto));
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let g = court_new(court_config(3, 0, KingupChance::Auto), 11);
    let roll = parse_action("roll");
    // SAFETY (every call below): live handles and locals but for the argument under test,
    // which is refused before use.
    unsafe {
        court_refused(&g, NullArgument, "null_argument", || {
            kingup_court_game_apply(ptr::null_mut(), 0, roll)
        });
        court_refused(&g, InvalidArgument, "no_such_seat", || {
            kingup_court_game_apply(g.0, 3, roll)
        });
        court_refused(&g, InvalidArgument, "no_such_action", || {
            kingup_court_game_apply(g.0, 0, KINGUP_COURT_ACTION_COUNT)
        });
        court_refused(&g, IllegalAction, "not_your_turn", || {
            kingup_court_game_apply(g.0, 1, roll)
        });
        court_refused(&g, IllegalAction, "wrong_phase", || {
            kingup_court_game_apply(g.0, 0, parse_action("pass"))
        });
        court_refused(&g, InvalidArgument, "no_such_outcome", || {
            kingup_court_game_apply_chance(g.0, KINGUP_COURT_CHANCE_OUTCOME_COUNT)
        });
        court_refused(&g, IllegalAction, "not_chance", || {
            kingup_court_game_apply_chance(g.0, 0)
        });
        court_refused(&g, IllegalAction, "nothing_to_undo", || {
            kingup_court_game_undo(g.0, 0)
        });
        court_refused(&g, InvalidArgument, "no_such_seat", || {
            kingup_court_game_undo(g.0, 7)
        });
        let mut buf = [0x55 as c_char; 4];
        let mut len = 0;
        court_refused(&g, BufferTooSmall, "buffer_too_small", || {
            kingup_court_game_to_json(g.0, buf.as_mut_ptr(), 4, &mut len)
        });
        assert_eq!((len, buf[0]), (court_save(&g).len() + 1, 0x55));
        court_refused(&g, NullArgument, "null_argument", || {
            kingup_court_game_to_json(g.0, ptr::null_mut(), 4, &mut len)
        });
        court_refused(&g, InvalidArgument, "no_such_event", || {
            kingup_court_game_events_json(g.0, -1, 999, buf.as_mut_ptr(), 4, &mut len)
        });
        court_refused(&g, InvalidArgument, "no_such_seat", || {
            kingup_court_game_events_json(g.0, 3, 0, buf.as_mut_ptr(), 4, &mut len)
        });
        let mut legal = [0u32; 4];
        court_refused(&g, BufferTooSmall, "buffer_too_small", || {
            kingup_court_game_legal_actions(g.0, 0, legal.as_mut_ptr(), 0, &mut len)
        });
        assert_eq!(legal, [0; 4]);
        let b = bot(KingupCourtBotKind::Greedy, 1, 0);
        let mut action = 99;
        court_refused(&g, InvalidArgument, "not_your_turn", || {
            kingup_court_bot_choose(b, g.0, 2, &mut action)
        });
        court_refused(&g, NullArgument, "null_argument", || {
            kingup_court_bot_choose(ptr::null_mut(), g.0, 0, &mut action)
        });
        assert_eq!(action, 99);
        kingup_court_bot_free(b);
        let mut handle = ptr::dangling_mut();
        court_refused(&g, InvalidArgument, "no_such_bot_kind", || {
            kingup_court_bot_new(3, 0, 0, &mut handle)
        });
        assert!(handle.is_null());
        let mut handle = ptr::dangling_mut();
        court_refused(&g, InvalidArgument, "iterations", || {
            kingup_court_bot_new(KingupCourtBotKind::Greedy as u32, 0, 5, &mut handle)
        });
        assert!(handle.is_null());
    }
    // Configs and documents that do not make a game.
    let mut bad = court_config(6, -1, KingupChance::Auto);
    let mut handle = ptr::dangling_mut();
    // SAFETY: live locals.
    court_refused(&g, InvalidArgument, "invalid_config", || unsafe {
        kingup_court_game_new(&bad, 0, &mut handle)
    });
    assert!(handle.is_null());
    bad = court_config(3, -1, KingupChance::Auto);
    bad.unlimited_jesters = 2;
    // SAFETY: live locals.
    court_refused(&g, InvalidArgument, "invalid_config", || unsafe {
        kingup_court_game_new(&bad, 0, &mut handle)
    });
    for (json, status, reason) in [
        (&b"{\"players\": 3"[..], ParseError, "malformed"),
        (b"{\"players\": 3, \"rounds\": 3}", ParseError, "malformed"),
        (b"{\"players\": 9}", InvalidArgument, "invalid_config"),
        (b"\xff", ParseError, "invalid_utf8"),
    ] {
        // SAFETY: `json` holds its length; a live local.
        court_refused(&g, status, reason, || unsafe {
            kingup_court_game_new_json(json.as_ptr().cast(), json.len(), 0, 0, &mut handle)
        });
        assert!(handle.is_null());
    }
    let save = court_save(&g);
    let other_game = save.replace("kingup-court-save", "kingup-save");
    // Seat 0 starts and nothing was played yet.
    let illegal = save.replace(r#""steps":[]"#, r#""steps":["1: roll"]"#);
    for (doc, reason) in [
        ("{", "malformed"),
        (other_game.as_str(), "malformed"),
        (illegal.as_str(), "not_your_turn"),
    ] {
        // SAFETY: `doc` holds its length; a live local.
        court_refused(&g, ParseError, reason, || unsafe {
            kingup_court_game_from_json(doc.as_ptr().cast(), doc.len(), &mut handle)
        });
        assert!(handle.is_null());
    }
    // A King Up! save is not a court save, and the other way round.
    assert_eq!(
        load(save.as_bytes()).err(),
        Some(ParseError),
        "{}",
        last_error()
    );
    let king_up = common::save(&fixture());
    assert_eq!(court_load(king_up.as_bytes()).err(), Some(ParseError));
}

#[test]
fn clones_are_independent_and_reseeding_keeps_the_past() {
    let g = court_new(court_config(2, 0, KingupChance::Auto), 4);
    let mut copy = ptr::null_mut();
    // SAFETY: a live handle and local.
    ok(unsafe { kingup_court_game_clone(g.0, &mut copy) });
    let copy = CourtGame(copy);
    // SAFETY: a live handle.
    ok(unsafe { kingup_court_game_apply(g.0, 0, parse_action("roll")) });
    assert_ne!(court_save(&g), court_save(&copy));
    let before = events(&g, -1, 0);
    // SAFETY: a live handle.
    ok(unsafe { kingup_court_game_reseed(g.0, 77) });
    assert_eq!(events(&g, -1, 0), before, "the log stays");
    let count = court_event_count(&g);
    assert_eq!(events(&g, -1, count), "[]");
}

/// A game set up in `json`, or the refusal's status and reason.
fn from_position(json: &[u8], seed: u64, chance: u32) -> Result<CourtGame, (KingupStatus, String)> {
    let mut out = ptr::dangling_mut();
    // SAFETY: `json` holds `json.len()` bytes; `out` is a live local.
    let status = unsafe {
        kingup_court_game_from_position(json.as_ptr().cast(), json.len(), seed, chance, &mut out)
    };
    if status == KingupStatus::Ok {
        assert!(!out.is_null());
        Ok(CourtGame(out))
    } else {
        assert!(out.is_null(), "a failed call clears *out");
        Err((status, last_reason()))
    }
}

fn position(g: &CourtGame) -> String {
    // SAFETY: a live handle; `text` passes a valid buffer and length.
    text(|b, c, l| unsafe { kingup_court_game_position_json(g.0, b, c, l) })
}

#[test]
fn positions_are_read_and_set_up_through_the_abi() {
    let g = court_new(court_config(2, 0, KingupChance::Auto), 3);
    let json = position(&g);
    let rust = session(&g).game().position();
    assert_eq!(json, serde_json::to_string(&rust).unwrap());
    assert!(!json.contains("generator"), "a position holds no generator");

    // Round 2 with the Farmer bought in seat 0's one turn: it plays and saves like any game.
    let mut edited: serde_json::Value = serde_json::from_str(&json).unwrap();
    edited["round"] = 1.into();
    edited["start_player"] = 1.into();
    edited["cards"][0] = serde_json::json!(["farmer"]);
    let text = edited.to_string();
    let h = from_position(text.as_bytes(), 5, KingupChance::Auto as u32).unwrap();
    let game = session(&h).game().position();
    assert_eq!(serde_json::to_value(game).unwrap(), edited);
    assert_eq!(court_next_seat(&h), Some(0));

    // Refusals: each with its reason, and *out cleared.
    let mut two = edited.clone();
    two["cards"][0] = serde_json::json!(["farmer", "guard"]);
    let refusal = |doc: &[u8]| {
        from_position(doc, 5, KingupChance::Auto as u32)
            .err()
            .unwrap()
    };
    assert_eq!(
        refusal(two.to_string().as_bytes()),
        (ParseError, "purchases".into())
    );
    let mut marker = edited.clone();
    marker["start_player"] = 0.into();
    assert_eq!(
        refusal(marker.to_string().as_bytes()),
        (ParseError, "start_player".into())
    );
    assert_eq!(refusal(b"{\"round\": 1}"), (ParseError, "malformed".into()));
    assert_eq!(refusal(&[0xff, 0xfe]), (ParseError, "invalid_utf8".into()));
    let long = vec![b' '; KINGUP_COURT_MAX_POSITION_LEN as usize + 1];
    assert_eq!(refusal(&long), (ParseError, "too_long".into()));
    assert_eq!(
        from_position(text.as_bytes(), 5, 7).err().unwrap().0,
        InvalidArgument,
        "an unknown chance mode"
    );
    // NULLs and a short buffer.
    let mut out = ptr::null_mut();
    // SAFETY: a NULL document is refused before it is read.
    let status = unsafe { kingup_court_game_from_position(ptr::null(), 4, 0, 0, &mut out) };
    assert_eq!((status, out.is_null()), (NullArgument, true));
    // SAFETY: a NULL out is refused.
    let status = unsafe {
        kingup_court_game_from_position(text.as_ptr().cast(), text.len(), 0, 0, ptr::null_mut())
    };
    assert_eq!(status, NullArgument);
    let mut buf = [0 as c_char; 8];
    let mut needed = 0;
    // SAFETY: a live handle, a buffer of 8 and a live local.
    let status = unsafe { kingup_court_game_position_json(h.0, buf.as_mut_ptr(), 8, &mut needed) };
    assert_eq!((status, needed), (BufferTooSmall, position(&h).len() + 1));
    // SAFETY: a NULL handle is refused.
    let status =
        unsafe { kingup_court_game_position_json(ptr::null(), buf.as_mut_ptr(), 8, &mut needed) };
    assert_eq!(status, NullArgument);
}
