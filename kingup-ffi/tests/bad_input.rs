//! Bad input for every entry point of the C ABI: each call gets the documented status,
//! explains itself in the last error, and leaves the game (snapshot and event log) exactly
//! as it was. Calls are made as a C caller makes them, with raw pointers.

use std::ffi::c_char;
use std::ptr;

use KingupStatus::{BufferTooSmall, IllegalAction, InvalidArgument, NullArgument, ParseError};
use kingup_ffi::*;

mod common;
use common::*;

const NO_GAME: *mut KingupGame = ptr::null_mut();
/// A non-NULL value put in handle out-parameters, to see failures reset them to NULL.
const STALE: *mut KingupGame = ptr::dangling_mut();

#[test]
fn game_new() {
    let g = fixture();
    let mut out = STALE;
    let good = KingupConfig {
        players: 4,
        rounds: 3,
        setup: 0,
        first_player: -1,
    };
    // SAFETY: NULL config is rejected; `out` is a live local.
    refused(&g, NullArgument, || unsafe {
        kingup_game_new(ptr::null(), 0, &mut out)
    });
    assert!(out.is_null(), "a failed create clears *out");
    // SAFETY: NULL out is rejected before anything is created.
    refused(&g, NullArgument, || unsafe {
        kingup_game_new(&good, 0, ptr::null_mut())
    });
    let bad = [
        KingupConfig { players: 2, ..good },
        KingupConfig { players: 7, ..good },
        KingupConfig { rounds: 2, ..good },
        KingupConfig { setup: 2, ..good },
        KingupConfig {
            setup: u32::MAX,
            ..good
        },
        KingupConfig {
            first_player: 4,
            ..good
        },
        KingupConfig {
            first_player: -2,
            ..good
        },
    ];
    for config in bad {
        out = STALE;
        // SAFETY: live locals.
        refused(&g, InvalidArgument, || unsafe {
            kingup_game_new(&config, 0, &mut out)
        });
        assert!(out.is_null());
    }
}

/// Garbage for the two JSON constructors: `(text, status)`.
fn garbage() -> Vec<(&'static [u8], KingupStatus)> {
    vec![
        (b"", ParseError),
        (b"{", ParseError),
        (b"not json", ParseError),
        (b"\xff\xfe", ParseError),
        (b"[1, 2, 3]", ParseError),
        (
            b"{\"players\": 4, \"rounds\": 3, \"surprise\": 1}",
            ParseError,
        ),
    ]
}

#[test]
fn game_new_json() {
    let g = fixture();
    let mut out = STALE;
    // SAFETY: NULL text is rejected; `out` is a live local.
    refused(&g, NullArgument, || unsafe {
        kingup_game_new_json(ptr::null(), 3, 0, &mut out)
    });
    assert!(out.is_null());
    let text = b"{\"players\": 4, \"rounds\": 3}";
    // SAFETY: NULL out is rejected before anything is created.
    let call = || unsafe { kingup_game_new_json(text.as_ptr().cast(), 27, 0, ptr::null_mut()) };
    refused(&g, NullArgument, call);
    let mut cases = garbage();
    cases.push((b"{\"players\": 9, \"rounds\": 3}", InvalidArgument));
    cases.push((
        b"{\"players\": 4, \"rounds\": 3, \"deck\": [\"ABCDEF\"]}",
        InvalidArgument,
    ));
    cases.push((
        b"{\"players\": 4, \"rounds\": 3, \"deck\": [\"AABCDE\"]}",
        ParseError,
    ));
    cases.push((
        b"{\"players\": 4, \"rounds\": 3, \"deck\": [\"ABCDE\"]}",
        ParseError,
    ));
    for (text, status) in cases {
        out = STALE;
        // SAFETY: `text` holds `text.len()` bytes; `out` is a live local.
        let call =
            || unsafe { kingup_game_new_json(text.as_ptr().cast(), text.len(), 0, &mut out) };
        refused(&g, status, call);
        assert!(out.is_null());
    }
}

#[test]
fn game_from_json() {
    let g = fixture();
    let mut out = STALE;
    // SAFETY: NULL text is rejected; `out` is a live local.
    refused(&g, NullArgument, || unsafe {
        kingup_game_from_json(ptr::null(), 0, 0, &mut out)
    });
    let good = snapshot(&g);
    // SAFETY: NULL out is rejected before anything is created.
    let call =
        || unsafe { kingup_game_from_json(good.as_ptr().cast(), good.len(), 0, ptr::null_mut()) };
    refused(&g, NullArgument, call);
    let truncated = &good.as_bytes()[..good.len() / 2];
    let impossible = good.replacen("\"round\":0", "\"round\":5", 1);
    let wrong_version = good.replacen("\"version\":1", "\"version\":2", 1);
    let mut cases: Vec<&[u8]> = garbage().into_iter().map(|(t, _)| t).collect();
    cases.extend([truncated, impossible.as_bytes(), wrong_version.as_bytes()]);
    for text in cases {
        out = STALE;
        // SAFETY: `text` holds `text.len()` bytes; `out` is a live local.
        let call =
            || unsafe { kingup_game_from_json(text.as_ptr().cast(), text.len(), 0, &mut out) };
        refused(&g, ParseError, call);
        assert!(out.is_null());
    }
}

#[test]
fn game_clone_sample_and_free() {
    let g = fixture();
    let mut out = STALE;
    // SAFETY: NULL handle is rejected; `out` is a live local.
    refused(&g, NullArgument, || unsafe {
        kingup_game_clone(NO_GAME, &mut out)
    });
    assert!(out.is_null());
    // SAFETY: NULL out is rejected before anything is created.
    refused(&g, NullArgument, || unsafe {
        kingup_game_clone(g.0, ptr::null_mut())
    });
    out = STALE;
    // SAFETY: NULL handle is rejected; `out` is a live local.
    refused(&g, NullArgument, || unsafe {
        kingup_game_sample(NO_GAME, 0, 0, &mut out)
    });
    assert!(out.is_null());
    // SAFETY: NULL out is rejected before anything is created.
    refused(&g, NullArgument, || unsafe {
        kingup_game_sample(g.0, 0, 0, ptr::null_mut())
    });
    for seat in [4, 6, u32::MAX] {
        out = STALE;
        // SAFETY: a live handle and a live local.
        refused(&g, InvalidArgument, || unsafe {
            kingup_game_sample(g.0, seat, 0, &mut out)
        });
        assert!(out.is_null());
    }
    // SAFETY: NULL is accepted and ignored.
    unsafe { kingup_game_free(NO_GAME) };
}

#[test]
fn game_apply() {
    let g = fixture();
    // SAFETY: NULL handle is rejected before any access.
    refused(&g, NullArgument, || unsafe {
        kingup_game_apply(NO_GAME, 0, 0)
    });
    // SAFETY: a live handle, not otherwise borrowed, in every call below.
    let apply = |seat, action| unsafe { kingup_game_apply(g.0, seat, action) };
    refused(&g, InvalidArgument, || apply(4, 0)); // no seat 4 in a 4-player game
    refused(&g, InvalidArgument, || apply(u32::MAX, 0));
    refused(&g, InvalidArgument, || apply(0, 67));
    refused(&g, InvalidArgument, || apply(0, u32::MAX));
    refused(&g, IllegalAction, || apply(1, 0)); // not seat 1's turn
    refused(&g, IllegalAction, || apply(0, 52)); // a climb in the placement phase
    refused(&g, IllegalAction, || apply(0, 65)); // a vote in the placement phase
    ok(apply(0, 0));
    let why = refused(&g, IllegalAction, || apply(1, 0));
    assert_eq!(
        why,
        "seat 1 cannot place Alighiero on Artisans (1): Alighiero is already in the castle"
    );
}

#[test]
fn game_apply_chance_resolve_and_reseed() {
    let g = fixture();
    // SAFETY: NULL handles are rejected before any access.
    refused(&g, NullArgument, || unsafe {
        kingup_game_apply_chance(NO_GAME, 0)
    });
    // SAFETY: as above.
    refused(&g, NullArgument, || unsafe {
        kingup_game_resolve_chance(NO_GAME)
    });
    // SAFETY: as above.
    refused(&g, NullArgument, || unsafe {
        kingup_game_reseed(NO_GAME, 1)
    });
    // SAFETY: a live handle, not otherwise borrowed, in every call below.
    let chance = |outcome| unsafe { kingup_game_apply_chance(g.0, outcome) };
    refused(&g, InvalidArgument, || chance(42));
    refused(&g, InvalidArgument, || chance(u32::MAX));
    refused(&g, IllegalAction, || chance(10)); // no chance step is pending

    let config = KingupConfig {
        players: 3,
        rounds: 3,
        setup: 0,
        first_player: -1,
    };
    let mut fresh = ptr::null_mut();
    // SAFETY: live locals.
    ok(unsafe { kingup_game_new(&config, 0, &mut fresh) });
    let fresh = Game(fresh);
    // SAFETY: a live handle, not otherwise borrowed, in every call below.
    let chance = |outcome| unsafe { kingup_game_apply_chance(fresh.0, outcome) };
    refused(&fresh, IllegalAction, || chance(3)); // seat 3 does not play
    refused(&fresh, IllegalAction, || chance(12)); // a deal while the first player is drawn
    ok(chance(1));
    ok(chance(12));
    refused(&fresh, IllegalAction, || chance(12)); // card 2 was dealt already
    refused(&fresh, IllegalAction, || chance(6)); // a layout in a placement game
}

/// Every query that writes one value through `out`: NULL handle and NULL out.
#[test]
fn scalar_queries() {
    let g = fixture();
    let mut n = 0u32;
    let mut size = 0usize;
    let mut actor = KingupActor {
        kind: 0,
        seat: 0,
        seats: 0,
    };
    let mut step = KingupChanceStep {
        kind: 0,
        subject: 0,
    };
    let mut config = KingupConfig {
        players: 0,
        rounds: 0,
        setup: 0,
        first_player: 0,
    };
    // Raw pointers, copied into the closures, so that they can all live at once.
    let (n, size, actor, step, config) = (
        &raw mut n,
        &raw mut size,
        &raw mut actor,
        &raw mut step,
        &raw mut config,
    );
    /// The out-pointer, or NULL when `null`.
    fn or_null<T>(out: *mut T, null: bool) -> *mut T {
        if null { ptr::null_mut() } else { out }
    }
    type Call = Box<dyn Fn(*mut KingupGame, bool) -> KingupStatus>;
    // SAFETY (every closure below): a NULL handle or NULL out is rejected before any
    // access; otherwise the handle is live and the out-pointer is a live local.
    let calls: Vec<(&str, Call)> = vec![
        (
            "phase",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_phase(h, or_null(n, null)) }),
        ),
        (
            "round",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_round(h, or_null(n, null)) }),
        ),
        (
            "winners",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_winners(h, or_null(n, null)) }),
        ),
        (
            "events",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_event_count(h, or_null(size, null)) }),
        ),
        (
            "actor",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_actor(h, or_null(actor, null)) }),
        ),
        (
            "chance",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_chance_step(h, or_null(step, null)) }),
        ),
        (
            "config",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_config(h, or_null(config, null)) }),
        ),
    ];
    for (name, call) in &calls {
        let why = refused(&g, NullArgument, || call(NO_GAME, false));
        assert_eq!(why, "game is NULL", "{name}");
        let why = refused(&g, NullArgument, || call(g.0, true));
        assert_eq!(why, "out is NULL", "{name}");
        ok(call(g.0, false));
    }
}

/// A list query as a C caller calls it: handle, seat, buffer, capacity, length.
type ListCall<T> = fn(*mut KingupGame, u32, *mut T, usize, *mut usize) -> KingupStatus;

/// NULL handle, NULL buffer, NULL length, every short capacity and (when `seated`) bad
/// seats, for one list query.
fn check_list<T: Copy + Default>(g: &Game, call: ListCall<T>, seated: bool) {
    let mut buf = vec![T::default(); 1024];
    let mut len = 0;
    refused(g, NullArgument, || {
        call(NO_GAME, 0, buf.as_mut_ptr(), 1024, &mut len)
    });
    refused(g, NullArgument, || {
        call(g.0, 0, buf.as_mut_ptr(), 1024, ptr::null_mut())
    });
    ok(call(g.0, 0, buf.as_mut_ptr(), 1024, &mut len));
    let needed = len;
    if needed > 0 {
        refused(g, NullArgument, || {
            call(g.0, 0, ptr::null_mut(), 1024, &mut len)
        });
        for cap in [0, needed - 1] {
            let mut short = vec![T::default(); cap];
            len = 0;
            refused(g, BufferTooSmall, || {
                call(g.0, 0, short.as_mut_ptr(), cap, &mut len)
            });
            assert_eq!(len, needed, "the size needed is reported");
        }
    }
    if seated {
        for seat in [4, 6, u32::MAX] {
            refused(g, InvalidArgument, || {
                call(g.0, seat, buf.as_mut_ptr(), 1024, &mut len)
            });
        }
    }
}

#[test]
fn list_queries() {
    let g = fixture();
    // SAFETY (every call below): `check_list` passes NULL or a live handle, NULL or a
    // buffer of the capacity it names, and NULL or a live length.
    check_list::<u32>(
        &g,
        |h, s, b, c, l| unsafe { kingup_game_legal_actions(h, s, b, c, l) },
        true,
    );
    check_list::<u8>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, s, b, c, l| unsafe { kingup_game_action_mask(h, s, b, c, l) },
        true,
    );
    check_list::<f32>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, s, b, c, l| unsafe { kingup_game_observation(h, s, b, c, l) },
        true,
    );
    check_list::<u32>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, _, b, c, l| unsafe { kingup_game_totals(h, b, c, l) },
        false,
    );
    check_list::<u32>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, _, b, c, l| unsafe { kingup_game_scores(h, b, c, l) },
        false,
    );
    let outcomes: ListCall<u32> = |h, _, b, c, l| {
        // SAFETY: as above; probabilities are not asked for.
        unsafe { kingup_game_chance_outcomes(h, b, ptr::null_mut(), c, l) }
    };
    check_list(&g, outcomes, false);
    // Text queries are lists of bytes.
    check_list::<c_char>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, _, b, c, l| unsafe { kingup_game_to_json(h, b, c, l) },
        false,
    );
    check_list::<c_char>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, s, b, c, l| unsafe { kingup_game_player_view_json(h, s, b, c, l) },
        true,
    );
    check_list::<c_char>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, _, b, c, l| unsafe { kingup_game_public_view_json(h, b, c, l) },
        false,
    );
    check_list::<c_char>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, _, b, c, l| unsafe { kingup_game_events_json(h, -1, 0, b, c, l) },
        false,
    );
}

#[test]
fn chance_outcomes_with_a_chance_step_pending() {
    let config = KingupConfig {
        players: 6,
        rounds: 1,
        setup: 1,
        first_player: -1,
    };
    let mut g = ptr::null_mut();
    // SAFETY: live locals.
    ok(unsafe { kingup_game_new(&config, 0, &mut g) });
    let g = Game(g);
    let (mut ids, mut odds, mut len) = ([0u32; 6], [0f64; 6], 0);
    // SAFETY: both buffers hold 6 elements but only 5 are offered; `len` is a live local.
    let status = || unsafe {
        kingup_game_chance_outcomes(g.0, ids.as_mut_ptr(), odds.as_mut_ptr(), 5, &mut len)
    };
    refused(&g, BufferTooSmall, status);
    assert_eq!(len, 6);
    assert_eq!(odds, [0.0; 6], "nothing is written into a short buffer");
    // SAFETY: as above, with the full capacity.
    ok(unsafe {
        kingup_game_chance_outcomes(g.0, ids.as_mut_ptr(), odds.as_mut_ptr(), 6, &mut len)
    });
    assert_eq!((ids, odds[0]), ([0, 1, 2, 3, 4, 5], 1.0 / 6.0));
}

#[test]
fn events_json_viewers_and_ranges() {
    let g = fixture();
    let n = event_count(&g);
    let mut buf = [0 as c_char; 1 << 14];
    let (out, cap) = (buf.as_mut_ptr(), buf.len());
    let mut len = 0;
    // SAFETY: a live handle; `out` holds `cap` bytes; `len` is a live local.
    let call = |viewer, from, len: &mut usize| unsafe {
        kingup_game_events_json(g.0, viewer, from, out, cap, len)
    };
    for viewer in [-2, 4, i32::MIN, i32::MAX] {
        refused(&g, InvalidArgument, || call(viewer, 0, &mut len));
    }
    refused(&g, InvalidArgument, || call(-1, n + 1, &mut len));
    refused(&g, InvalidArgument, || call(0, usize::MAX, &mut len));
    ok(call(3, n, &mut len));
}

#[test]
fn action_describe_and_config_init() {
    let mut buf = [0 as c_char; 64];
    let mut len = 0;
    for action in [67, u32::MAX] {
        // SAFETY: `buf` holds 64 bytes; `len` is a live local.
        let status = unsafe { kingup_action_describe(action, buf.as_mut_ptr(), 64, &mut len) };
        assert_eq!(status, InvalidArgument);
    }
    // SAFETY: NULL out_len is rejected before any write.
    let status = unsafe { kingup_action_describe(0, buf.as_mut_ptr(), 64, ptr::null_mut()) };
    assert_eq!(status, NullArgument);
    // SAFETY: `buf` is offered with capacity 3; `len` is a live local.
    let status = unsafe { kingup_action_describe(0, buf.as_mut_ptr(), 3, &mut len) };
    assert_eq!((status, buf[0]), (BufferTooSmall, 0));
    // SAFETY: NULL out is rejected before any write.
    assert_eq!(
        unsafe { kingup_config_init(ptr::null_mut(), 4) },
        NullArgument
    );
}
