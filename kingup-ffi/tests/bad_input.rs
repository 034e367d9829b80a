//! Bad input for every entry point of the C ABI: each call gets the documented status and
//! reason code, explains itself in the last error, and leaves the game (save document and
//! event log) exactly as it was. Calls are made as a C caller makes them, with raw pointers.

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
    let good = config(4, 3, 0, -1);
    // SAFETY: NULL config is rejected; `out` is a live local.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_new(ptr::null(), 0, &mut out)
    });
    assert!(out.is_null(), "a failed create clears *out");
    // SAFETY: NULL out is rejected before anything is created.
    refused(&g, NullArgument, "null_argument", || unsafe {
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
        KingupConfig { chance: 2, ..good },
        KingupConfig {
            chance: u32::MAX,
            ..good
        },
    ];
    for config in bad {
        out = STALE;
        // SAFETY: live locals.
        refused(&g, InvalidArgument, "invalid_config", || unsafe {
            kingup_game_new(&config, 0, &mut out)
        });
        assert!(out.is_null());
    }
}

/// Garbage for the two JSON readers: `(text, reason)`, all parse errors.
fn garbage() -> Vec<(&'static [u8], &'static str)> {
    vec![
        (b"", "malformed"),
        (b"{", "malformed"),
        (b"not json", "malformed"),
        (b"\xff\xfe", "invalid_utf8"),
        (b"[1, 2, 3]", "malformed"),
        (
            b"{\"players\": 4, \"rounds\": 3, \"surprise\": 1}",
            "malformed",
        ),
    ]
}

#[test]
fn game_new_json() {
    let g = fixture();
    let mut out = STALE;
    // SAFETY: NULL text is rejected; `out` is a live local.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_new_json(ptr::null(), 3, 0, 0, &mut out)
    });
    assert!(out.is_null());
    let text = b"{\"players\": 4, \"rounds\": 3}";
    // SAFETY: NULL out is rejected before anything is created.
    let call = || unsafe { kingup_game_new_json(text.as_ptr().cast(), 27, 0, 0, ptr::null_mut()) };
    refused(&g, NullArgument, "null_argument", call);
    out = STALE;
    // SAFETY: `text` holds 27 bytes; `out` is a live local.
    let call = || unsafe { kingup_game_new_json(text.as_ptr().cast(), 27, 2, 0, &mut out) };
    refused(&g, InvalidArgument, "invalid_config", call);
    assert!(out.is_null());
    let mut cases: Vec<_> = garbage()
        .into_iter()
        .map(|(text, reason)| (text, ParseError, reason))
        .collect();
    cases.push((
        b"{\"players\": 9, \"rounds\": 3}",
        InvalidArgument,
        "invalid_config",
    ));
    cases.push((
        b"{\"players\": 4, \"rounds\": 3, \"deck\": [\"ABCDEF\"]}",
        InvalidArgument,
        "invalid_config",
    ));
    cases.push((
        b"{\"players\": 4, \"rounds\": 3, \"deck\": [\"AABCDE\"]}",
        ParseError,
        "malformed",
    ));
    cases.push((
        b"{\"players\": 4, \"rounds\": 3, \"deck\": [\"ABCDE\"]}",
        ParseError,
        "malformed",
    ));
    for (text, status, reason) in cases {
        out = STALE;
        // SAFETY: `text` holds `text.len()` bytes; `out` is a live local.
        let call =
            || unsafe { kingup_game_new_json(text.as_ptr().cast(), text.len(), 0, 0, &mut out) };
        refused(&g, status, reason, call);
        assert!(out.is_null());
    }
}

#[test]
fn game_from_json() {
    let g = fixture();
    let mut out = STALE;
    // SAFETY: NULL text is rejected; `out` is a live local.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_from_json(ptr::null(), 0, &mut out)
    });
    assert!(out.is_null());
    let good = save(&g);
    // SAFETY: NULL out is rejected before anything is created.
    let call =
        || unsafe { kingup_game_from_json(good.as_ptr().cast(), good.len(), ptr::null_mut()) };
    refused(&g, NullArgument, "null_argument", call);
    let truncated = &good.as_bytes()[..good.len() / 2];
    let mut cases: Vec<(&[u8], &str)> = garbage();
    cases.push((truncated, "malformed"));
    for (text, reason) in cases {
        out = STALE;
        // SAFETY: `text` holds `text.len()` bytes; `out` is a live local.
        let call = || unsafe { kingup_game_from_json(text.as_ptr().cast(), text.len(), &mut out) };
        refused(&g, ParseError, reason, call);
        assert!(out.is_null());
    }
    // Longer than a save may be: refused before a byte is read (the pointer is not even
    // valid for that length).
    let tiny = [b'{'];
    out = STALE;
    // SAFETY: the length is over the limit, so `tiny` is never read.
    let call = || unsafe {
        kingup_game_from_json(
            tiny.as_ptr().cast(),
            KINGUP_MAX_SAVE_LEN as usize + 1,
            &mut out,
        )
    };
    refused(&g, ParseError, "too_long", call);
    assert!(out.is_null());
}

#[test]
fn game_clone_sample_and_free() {
    let g = fixture();
    let mut out = STALE;
    // SAFETY: NULL handle is rejected; `out` is a live local.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_clone(NO_GAME, &mut out)
    });
    assert!(out.is_null());
    // SAFETY: NULL out is rejected before anything is created.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_clone(g.0, ptr::null_mut())
    });
    out = STALE;
    // SAFETY: NULL handle is rejected; `out` is a live local.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_sample(NO_GAME, 0, 0, &mut out)
    });
    assert!(out.is_null());
    // SAFETY: NULL out is rejected before anything is created.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_sample(g.0, 0, 0, ptr::null_mut())
    });
    for seat in [4, 6, u32::MAX] {
        out = STALE;
        // SAFETY: a live handle and a live local.
        let why = refused(&g, InvalidArgument, "no_such_seat", || unsafe {
            kingup_game_sample(g.0, seat, 0, &mut out)
        });
        assert_eq!(why, format!("there is no seat {seat} in a 4-player game"));
        assert!(out.is_null());
    }
    // SAFETY: NULL is accepted and ignored.
    unsafe { kingup_game_free(NO_GAME) };
}

#[test]
fn game_apply() {
    let g = fixture();
    // SAFETY: NULL handle is rejected before any access.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_apply(NO_GAME, 0, 0)
    });
    // SAFETY: a live handle, not otherwise borrowed, in every call below.
    let apply = |seat, action| unsafe { kingup_game_apply(g.0, seat, action) };
    // No seat 4 in a 4-player game.
    refused(&g, InvalidArgument, "no_such_seat", || apply(4, 0));
    refused(&g, InvalidArgument, "no_such_seat", || apply(u32::MAX, 0));
    refused(&g, InvalidArgument, "no_such_action", || apply(0, 67));
    refused(&g, InvalidArgument, "no_such_action", || apply(0, u32::MAX));
    refused(&g, IllegalAction, "not_your_turn", || apply(1, 0));
    refused(&g, IllegalAction, "wrong_phase", || apply(0, 52)); // a climb
    refused(&g, IllegalAction, "wrong_phase", || apply(0, 65)); // a vote
    ok(apply(0, 0));
    let why = refused(&g, IllegalAction, "already_placed", || apply(1, 0));
    assert_eq!(
        why,
        "seat 1 cannot place Alighiero on Artisans (1): Alighiero is already in the castle"
    );
}

#[test]
fn game_apply_chance_resolve_and_reseed() {
    let g = fixture();
    // SAFETY: NULL handles are rejected before any access.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_apply_chance(NO_GAME, 0)
    });
    // SAFETY: as above.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_resolve_chance(NO_GAME)
    });
    // SAFETY: as above.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_reseed(NO_GAME, 1)
    });
    // SAFETY: a live handle, not otherwise borrowed, in every call below.
    let chance = |outcome| unsafe { kingup_game_apply_chance(g.0, outcome) };
    refused(&g, InvalidArgument, "no_such_outcome", || chance(42));
    refused(&g, InvalidArgument, "no_such_outcome", || chance(u32::MAX));
    // Automatic chance: no chance step is ever left pending.
    refused(&g, IllegalAction, "not_chance", || chance(10));

    let fresh = new_game(explicit(config(3, 3, 0, -1)), 0);
    // SAFETY: a live handle, not otherwise borrowed, in every call below.
    let chance = |outcome| unsafe { kingup_game_apply_chance(fresh.0, outcome) };
    refused(&fresh, IllegalAction, "no_such_seat", || chance(3)); // seat 3 does not play
    refused(&fresh, IllegalAction, "wrong_step", || chance(12)); // a deal, not the first player
    ok(chance(1));
    ok(chance(12));
    refused(&fresh, IllegalAction, "card_unavailable", || chance(12)); // card 2 is dealt
    refused(&fresh, IllegalAction, "wrong_step", || chance(6)); // a layout in a placement game
}

#[test]
fn game_undo() {
    let g = fixture();
    let mut n = 0;
    // SAFETY: NULL handle and NULL out are rejected before any access.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_undo(NO_GAME, 0)
    });
    // SAFETY: as above.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_undoable(NO_GAME, &mut n)
    });
    // SAFETY: as above.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_game_undoable(g.0, ptr::null_mut())
    });
    // SAFETY: a live handle, not otherwise borrowed, in every call below.
    let undo = |seat| unsafe { kingup_game_undo(g.0, seat) };
    refused(&g, InvalidArgument, "no_such_seat", || undo(4));
    // The last steps are the deals: secrets that cannot be taken back.
    refused(&g, IllegalAction, "revealed", || undo(0));
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_apply(g.0, 0, 0) });
    refused(&g, IllegalAction, "not_your_step", || undo(1));

    let fresh = new_game(explicit(config(3, 3, 0, -1)), 0);
    // SAFETY: a live handle, not otherwise borrowed.
    let why = refused(&fresh, IllegalAction, "nothing_to_undo", || unsafe {
        kingup_game_undo(fresh.0, 0)
    });
    assert_eq!(why, "nothing has been played");
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
    let mut config = config(0, 0, 0, 0);
    let mut seat = 0i32;
    // Raw pointers, copied into the closures, so that they can all live at once.
    let (n, size, actor, step, config, seat) = (
        &raw mut n,
        &raw mut size,
        &raw mut actor,
        &raw mut step,
        &raw mut config,
        &raw mut seat,
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
        (
            "next seat",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_next_seat(h, or_null(seat, null)) }),
        ),
        (
            "king",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_king(h, or_null(seat, null)) }),
        ),
        (
            "undoable",
            // SAFETY: as stated above for every call of this list.
            Box::new(move |h, null| unsafe { kingup_game_undoable(h, or_null(size, null)) }),
        ),
    ];
    for (name, call) in &calls {
        let why = refused(&g, NullArgument, "null_argument", || call(NO_GAME, false));
        assert_eq!(why, "game is NULL", "{name}");
        let why = refused(&g, NullArgument, "null_argument", || call(g.0, true));
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
    refused(g, NullArgument, "null_argument", || {
        call(NO_GAME, 0, buf.as_mut_ptr(), 1024, &mut len)
    });
    refused(g, NullArgument, "null_argument", || {
        call(g.0, 0, buf.as_mut_ptr(), 1024, ptr::null_mut())
    });
    ok(call(g.0, 0, buf.as_mut_ptr(), 1024, &mut len));
    let needed = len;
    // A NULL buffer said to hold elements is refused before anything is written, even
    // `*out_len`, whatever the length of the answer.
    len = 12345;
    refused(g, NullArgument, "null_argument", || {
        call(g.0, 0, ptr::null_mut(), 1024, &mut len)
    });
    assert_eq!(len, 12345, "nothing is written on a NULL buffer");
    if needed > 0 {
        for cap in [0, needed - 1] {
            let mut short = vec![T::default(); cap];
            len = 0;
            refused(g, BufferTooSmall, "buffer_too_small", || {
                call(g.0, 0, short.as_mut_ptr(), cap, &mut len)
            });
            assert_eq!(len, needed, "the size needed is reported");
        }
    }
    if seated {
        for seat in [4, 6, u32::MAX] {
            refused(g, InvalidArgument, "no_such_seat", || {
                call(g.0, seat, buf.as_mut_ptr(), 1024, &mut len)
            });
        }
    }
}

#[test]
fn list_queries() {
    let g = fixture();
    // SAFETY: in every call below, `check_list` passes NULL or a live handle, NULL or a
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
    check_list::<c_char>(
        &g,
        // SAFETY: as stated above for every call of this list.
        |h, _, b, c, l| unsafe { kingup_game_chance_describe(h, b, c, l) },
        false,
    );
}

#[test]
fn chance_outcomes_with_a_chance_step_pending() {
    let g = new_game(explicit(config(6, 1, 1, -1)), 0);
    let (mut ids, mut odds, mut len) = ([0u32; 6], [0f64; 6], 0);
    // SAFETY: both buffers hold 6 elements but only 5 are offered; `len` is a live local.
    let status = || unsafe {
        kingup_game_chance_outcomes(g.0, ids.as_mut_ptr(), odds.as_mut_ptr(), 5, &mut len)
    };
    refused(&g, BufferTooSmall, "buffer_too_small", status);
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
        let why = refused(&g, InvalidArgument, "no_such_seat", || {
            call(viewer, 0, &mut len)
        });
        assert_eq!(
            why,
            format!("viewer {viewer} is neither a seat of this 4-player game nor -1 (a spectator)")
        );
    }
    refused(&g, InvalidArgument, "no_such_event", || {
        call(-1, n + 1, &mut len)
    });
    refused(&g, InvalidArgument, "no_such_event", || {
        call(0, usize::MAX, &mut len)
    });
    ok(call(3, n, &mut len));
}

/// The three action-text functions: index out of range, NULL and short buffers.
#[test]
fn action_text_and_config_init() {
    type TextCall = unsafe extern "C" fn(u32, *mut c_char, usize, *mut usize) -> KingupStatus;
    let g = fixture();
    let mut buf = [0 as c_char; 64];
    let mut len = 0;
    for call in [kingup_action_describe as TextCall, kingup_action_notation] {
        for action in [67, u32::MAX] {
            // SAFETY: `buf` holds 64 bytes; `len` is a live local.
            refused(&g, InvalidArgument, "no_such_action", || unsafe {
                call(action, buf.as_mut_ptr(), 64, &mut len)
            });
        }
        // SAFETY: NULL out_len is rejected before any write.
        refused(&g, NullArgument, "null_argument", || unsafe {
            call(0, buf.as_mut_ptr(), 64, ptr::null_mut())
        });
        buf[0] = 7;
        // SAFETY: `buf` is offered with capacity 1; `len` is a live local.
        refused(&g, BufferTooSmall, "buffer_too_small", || unsafe {
            call(0, buf.as_mut_ptr(), 1, &mut len)
        });
        assert_eq!(buf[0], 7, "nothing is written into a short buffer");
    }
    // SAFETY: NULL out is rejected before any write.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_config_init(ptr::null_mut(), 4)
    });
}

#[test]
fn action_parse() {
    let g = fixture();
    let parse = |text: &[u8], out: *mut u32| {
        // SAFETY: `text` holds `text.len()` bytes; `out` is NULL or a live local.
        unsafe { kingup_action_parse(text.as_ptr().cast(), text.len(), out) }
    };
    let mut action = 12345;
    for bad in [
        &b""[..],
        b"B5",
        b"B44",
        b"H",
        b"climb F",
        b"yess",
        b"\xc3\xa9",
    ] {
        refused(&g, ParseError, "malformed", || parse(bad, &mut action));
    }
    refused(&g, ParseError, "invalid_utf8", || {
        parse(b"\xffB4", &mut action)
    });
    refused(&g, NullArgument, "null_argument", || {
        parse(b"B4", ptr::null_mut())
    });
    // SAFETY: NULL text is rejected before any read.
    refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_action_parse(ptr::null(), 2, &mut action)
    });
    assert_eq!(action, 12345, "nothing is written on failure");
    // The caller's text is quoted cut to 40 characters; a longer one is not even read.
    let why = refused(&g, ParseError, "malformed", || {
        parse("x".repeat(60).as_bytes(), &mut action)
    });
    assert_eq!(
        why,
        format!(
            "\"{}…\": {}",
            "x".repeat(40),
            "not a move: 'x' is not a character's letter (A B C D E F G I L M N O P)"
        )
    );
    let why = refused(&g, ParseError, "too_long", || {
        parse("x".repeat(100).as_bytes(), &mut action)
    });
    assert_eq!(why, "the move is 100 bytes long; at most 64 are read");
}
