//! Misaligned pointers: every pointer parameter of the C ABI whose type is wider than a
//! byte (`uint32_t *`, `size_t *`, `float *`, `double *`, structs, handles and handle
//! out-parameters) is refused when it is not aligned for its type, with
//! `KINGUP_STATUS_INVALID_ARGUMENT` and reason `misaligned`, before anything is read or
//! written: not a byte at the misaligned address, nor in the call's other outputs, nor in
//! the game. Reading or writing through such a pointer would be undefined behaviour (and an
//! abort under Rust's debug checks). Byte buffers (`char *`, `uint8_t *`) have no
//! alignment rule.

use std::collections::BTreeSet;
use std::ffi::c_char;
use std::ptr;

use KingupStatus::InvalidArgument;
use kingup_ffi::*;

mod common;
use common::court::*;
use common::*;

/// A game of either kind, whose refusals change nothing.
trait Subject {
    fn refused(&self, reason: &str, call: impl FnOnce() -> KingupStatus) -> String;
}

impl Subject for Game {
    fn refused(&self, reason: &str, call: impl FnOnce() -> KingupStatus) -> String {
        refused(self, InvalidArgument, reason, call)
    }
}

impl Subject for CourtGame {
    fn refused(&self, reason: &str, call: impl FnOnce() -> KingupStatus) -> String {
        court_refused(self, InvalidArgument, reason, call)
    }
}

/// The `(function, parameter)` pairs checked so far, compared with the header at the end.
#[derive(Default)]
struct Checked(BTreeSet<(String, String)>);

impl Checked {
    /// Calls `call` with a misaligned `T *` (room for `n` elements) as `param` of
    /// `function`, and checks the refusal: status, reason, a message naming the parameter,
    /// the game unchanged, nothing written at the address.
    fn misaligned<T>(
        &mut self,
        g: &impl Subject,
        function: &str,
        param: &str,
        n: usize,
        call: impl FnOnce(*mut T) -> KingupStatus,
    ) {
        let mut memory = Misaligned::<T>::new(n);
        let at = memory.ptr();
        let why = g.refused("misaligned", || call(at));
        let name = param.rsplit(['*', ' ']).next().unwrap();
        assert!(why.contains("misaligned"), "{function}: {why}");
        assert!(
            why.contains(name),
            "{function}: the message names {name}: {why}"
        );
        assert!(
            memory.untouched(),
            "{function}: nothing written through {param}"
        );
        assert!(self.0.insert((function.to_owned(), param.to_owned())));
    }
}

const SENTINEL: u32 = 0xDEAD_BEEF;

/// Every pointer parameter wider than a byte, from the header.
fn wide_pointer_params() -> BTreeSet<(String, String)> {
    let narrow = ["char ", "const char ", "uint8_t "];
    let mut all = BTreeSet::new();
    for f in header_functions() {
        for p in f.params {
            if p.contains('*') && !narrow.iter().any(|n| p.starts_with(n)) {
                all.insert((f.name.clone(), p));
            }
        }
    }
    all
}

#[test]
fn every_wide_pointer_parameter_is_checked_for_alignment() {
    let g = fixture();
    let explicit_game = new_game(explicit(config(4, 3, 0, -1)), 3);
    let mut checked = Checked::default();
    let mut len = SENTINEL as usize;
    let mut words = [SENTINEL; 64];
    let mut text = [0x55 as c_char; 4096];
    let (w, t) = (words.as_mut_ptr(), text.as_mut_ptr());

    // Text outputs: `size_t *out_len` (the text buffer itself has no alignment rule).
    type TextCall = Box<dyn Fn(*mut c_char, usize, *mut usize) -> KingupStatus>;
    let g0 = g.0;
    // Below, the handle is live, `t` holds 4096 bytes, and the length pointer is checked
    // before any use.
    let texts: Vec<(&str, TextCall)> = vec![
        (
            "kingup_action_notation",
            // SAFETY: as stated above.
            Box::new(|b, c, l| unsafe { kingup_action_notation(0, b, c, l) }),
        ),
        (
            "kingup_action_describe",
            // SAFETY: as stated above.
            Box::new(|b, c, l| unsafe { kingup_action_describe(0, b, c, l) }),
        ),
        (
            "kingup_last_error",
            // SAFETY: as stated above.
            Box::new(|b, c, l| unsafe { kingup_last_error(b, c, l) }),
        ),
        (
            "kingup_last_error_reason",
            // SAFETY: as stated above.
            Box::new(|b, c, l| unsafe { kingup_last_error_reason(b, c, l) }),
        ),
        (
            "kingup_game_player_view_json",
            // SAFETY: as stated above.
            Box::new(move |b, c, l| unsafe { kingup_game_player_view_json(g0, 0, b, c, l) }),
        ),
        (
            "kingup_game_public_view_json",
            // SAFETY: as stated above.
            Box::new(move |b, c, l| unsafe { kingup_game_public_view_json(g0, b, c, l) }),
        ),
        (
            "kingup_game_events_json",
            // SAFETY: as stated above.
            Box::new(move |b, c, l| unsafe { kingup_game_events_json(g0, -1, 0, b, c, l) }),
        ),
        (
            "kingup_game_chance_describe",
            // SAFETY: as stated above.
            Box::new(move |b, c, l| unsafe { kingup_game_chance_describe(g0, b, c, l) }),
        ),
        (
            "kingup_game_to_json",
            // SAFETY: as stated above.
            Box::new(move |b, c, l| unsafe { kingup_game_to_json(g0, b, c, l) }),
        ),
    ];
    for (name, call) in &texts {
        if name.starts_with("kingup_last_error") {
            // These two only read the last error, so they cannot report their own failure
            // through it: the status is all there is.
            let mut memory = Misaligned::<usize>::new(1);
            assert_eq!(call(t, 4096, memory.ptr()), InvalidArgument, "{name}");
            assert!(memory.untouched(), "{name}");
            assert_eq!(
                text[0], 0x55,
                "{name}: the text buffer is not written either"
            );
            assert!(
                checked
                    .0
                    .insert((name.to_string(), "size_t *out_len".to_owned()))
            );
            continue;
        }
        checked.misaligned::<usize>(&g, name, "size_t *out_len", 1, |l| call(t, 4096, l));
        assert_eq!(
            text[0], 0x55,
            "{name}: the text buffer is not written either"
        );
    }

    // Lists of words, floats and doubles: the buffer and the length.
    // Below, `w` holds 64 words and `len` is a live local.
    checked.misaligned::<u32>(
        &g,
        "kingup_game_legal_actions",
        "uint32_t *buf",
        64,
        // SAFETY: the misaligned pointer is refused unused; the others are live.
        |b| unsafe { kingup_game_legal_actions(g.0, 0, b, 64, &mut len) },
    );
    checked.misaligned::<usize>(
        &g,
        "kingup_game_legal_actions",
        "size_t *out_len",
        1,
        // SAFETY: the misaligned pointer is refused unused; the others are live.
        |l| unsafe { kingup_game_legal_actions(g.0, 0, w, 64, l) },
    );
    checked.misaligned::<usize>(
        &g,
        "kingup_game_action_mask",
        "size_t *out_len",
        1,
        // SAFETY: the misaligned pointer is refused unused; the others are live.
        |l| unsafe { kingup_game_action_mask(g.0, 0, t.cast(), 4096, l) },
    );
    let n = KINGUP_OBSERVATION_LEN as usize;
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<f32>(&g, "kingup_game_observation", "float *buf", n, |b| unsafe {
        kingup_game_observation(g.0, 0, b, n, &mut len)
    });
    let mut floats = vec![f32::NAN; n];
    checked.misaligned::<usize>(
        &g,
        "kingup_game_observation",
        "size_t *out_len",
        1,
        // SAFETY: the misaligned pointer is refused unused; the others are live.
        |l| unsafe { kingup_game_observation(g.0, 0, floats.as_mut_ptr(), n, l) },
    );
    assert!(floats.iter().all(|f| f.is_nan()));
    for (name, call) in [
        (
            "kingup_game_scores",
            kingup_game_scores as unsafe extern "C" fn(_, _, _, _) -> _,
        ),
        ("kingup_game_totals", kingup_game_totals),
    ] {
        // SAFETY: the misaligned pointer is refused unused; the others are live.
        checked.misaligned::<u32>(&g, name, "uint32_t *buf", 64, |b| unsafe {
            call(g.0, b, 64, &mut len)
        });
        // SAFETY: the misaligned pointer is refused unused; the others are live.
        checked.misaligned::<usize>(&g, name, "size_t *out_len", 1, |l| unsafe {
            call(g.0, w, 64, l)
        });
    }
    // Chance outcomes: three outputs, none written when any one is misaligned, also when
    // the outcomes fit (six first-player draws are pending in the explicit game).
    let e = &explicit_game;
    let mut odds = [f64::NAN; 64];
    let o = odds.as_mut_ptr();
    let name = "kingup_game_chance_outcomes";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<u32>(e, name, "uint32_t *outcomes", 64, |b| unsafe {
        kingup_game_chance_outcomes(e.0, b, o, 64, &mut len)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<f64>(e, name, "double *probabilities", 64, |p| unsafe {
        kingup_game_chance_outcomes(e.0, w, p, 64, &mut len)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<usize>(e, name, "size_t *out_len", 1, |l| unsafe {
        kingup_game_chance_outcomes(e.0, w, o, 64, l)
    });
    assert!(odds.iter().all(|p| p.is_nan()), "no probability written");

    // One value through `out`.
    let g = &g;
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<u32>(g, "kingup_game_phase", "uint32_t *out", 1, |o| unsafe {
        kingup_game_phase(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<u32>(g, "kingup_game_round", "uint32_t *out", 1, |o| unsafe {
        kingup_game_round(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<u32>(g, "kingup_game_winners", "uint32_t *out", 1, |o| unsafe {
        kingup_game_winners(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<i32>(g, "kingup_game_next_seat", "int32_t *out", 1, |o| unsafe {
        kingup_game_next_seat(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<i32>(g, "kingup_game_king", "int32_t *out", 1, |o| unsafe {
        kingup_game_king(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<usize>(g, "kingup_game_undoable", "size_t *out", 1, |o| unsafe {
        kingup_game_undoable(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<usize>(g, "kingup_game_event_count", "size_t *out", 1, |o| unsafe {
        kingup_game_event_count(g.0, o)
    });
    let name = "kingup_game_actor";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupActor>(g, name, "struct KingupActor *out", 1, |o| unsafe {
        kingup_game_actor(g.0, o)
    });
    let (name, param) = ("kingup_game_chance_step", "struct KingupChanceStep *out");
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupChanceStep>(g, name, param, 1, |o| unsafe {
        kingup_game_chance_step(g.0, o)
    });
    let param = "struct KingupConfig *out";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupConfig>(g, "kingup_game_config", param, 1, |o| unsafe {
        kingup_game_config(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupConfig>(g, "kingup_config_init", param, 1, |o| unsafe {
        kingup_config_init(o, 4)
    });
    let (name, param) = ("kingup_game_player_view", "struct KingupPlayerView *out");
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupPlayerView>(g, name, param, 1, |o| unsafe {
        kingup_game_player_view(g.0, 0, o)
    });
    let (name, param) = ("kingup_game_public_view", "struct KingupPublicView *out");
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupPublicView>(g, name, param, 1, |o| unsafe {
        kingup_game_public_view(g.0, o)
    });
    let move_text = b"B4";
    let name = "kingup_action_parse";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<u32>(g, name, "uint32_t *out_action", 1, |o| unsafe {
        kingup_action_parse(move_text.as_ptr().cast(), 2, o)
    });

    // Handle out-parameters: nothing is written, not even the NULL a failure writes into
    // an aligned `*out`.
    let good = config(4, 3, 0, -1);
    let save = save(g);
    let json = b"{\"players\": 4, \"rounds\": 3}";
    let param = "struct KingupGame **out";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<*mut KingupGame>(g, "kingup_game_new", param, 1, |o| unsafe {
        kingup_game_new(&good, 0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<*mut KingupGame>(g, "kingup_game_new_json", param, 1, |o| unsafe {
        kingup_game_new_json(json.as_ptr().cast(), json.len(), 0, 0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<*mut KingupGame>(g, "kingup_game_from_json", param, 1, |o| unsafe {
        kingup_game_from_json(save.as_ptr().cast(), save.len(), o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<*mut KingupGame>(g, "kingup_game_clone", param, 1, |o| unsafe {
        kingup_game_clone(g.0, o)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<*mut KingupGame>(g, "kingup_game_sample", param, 1, |o| unsafe {
        kingup_game_sample(g.0, 0, 0, o)
    });
    let param = "struct KingupBot **out";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<*mut KingupBot>(g, "kingup_bot_new", param, 1, |o| unsafe {
        kingup_bot_new(0, 0, 0, o)
    });
    // The config is read: a misaligned one is refused, and `*out` is cleared as on every
    // failure that has an aligned `out`.
    let mut out = ptr::dangling_mut::<KingupGame>();
    let param = "const struct KingupConfig *config";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupConfig>(g, "kingup_game_new", param, 1, |c| unsafe {
        kingup_game_new(c, 0, &mut out)
    });
    assert!(out.is_null());

    // Handles: a misaligned pointer cannot be a handle, and is never dereferenced.
    let mut bot = ptr::null_mut();
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    ok(unsafe { kingup_bot_new(0, 1, 0, &mut bot) });
    let game_param = "const struct KingupGame *game";
    let mut size = 0usize;
    let mut out_config = config(0, 0, 0, 0);
    let mut actor = KingupActor {
        kind: 0,
        seat: 0,
        seats: 0,
    };
    let mut step = KingupChanceStep {
        kind: 0,
        subject: 0,
    };
    let mut signed = 0i32;
    let mut out: *mut KingupGame = ptr::null_mut();
    // Raw pointers, copied into the closures below, so that they can all live at once.
    let (size, out_config, actor, step, signed, out_handle) = (
        &raw mut size,
        &raw mut out_config,
        &raw mut actor,
        &raw mut step,
        &raw mut signed,
        &raw mut out,
    );
    let floats = floats.as_mut_ptr();
    // Written only on success, which a misaligned handle never is.
    let mut player_view = std::mem::MaybeUninit::<KingupPlayerView>::uninit();
    let mut public_view = std::mem::MaybeUninit::<KingupPublicView>::uninit();
    let (player_view, public_view) = (player_view.as_mut_ptr(), public_view.as_mut_ptr());
    let odd =
        |name: &str, checked: &mut Checked, call: &dyn Fn(*mut KingupGame) -> KingupStatus| {
            let param = if [
                "kingup_game_apply",
                "kingup_game_apply_chance",
                "kingup_game_resolve_chance",
                "kingup_game_reseed",
                "kingup_game_undo",
            ]
            .contains(&name)
            {
                "struct KingupGame *game"
            } else {
                game_param
            };
            // Room for a whole handle at the misaligned address, so that even a read of it
            // would stay in bounds (it must not happen all the same).
            checked.misaligned::<KingupGame>(g, name, param, 1, call);
        };
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_clone", &mut checked, &|h| unsafe {
        kingup_game_clone(h, out_handle)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_sample", &mut checked, &|h| unsafe {
        kingup_game_sample(h, 0, 0, out_handle)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_config", &mut checked, &|h| unsafe {
        kingup_game_config(h, out_config)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_player_view_json", &mut checked, &|h| unsafe {
        kingup_game_player_view_json(h, 0, t, 4096, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_public_view_json", &mut checked, &|h| unsafe {
        kingup_game_public_view_json(h, t, 4096, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_events_json", &mut checked, &|h| unsafe {
        kingup_game_events_json(h, -1, 0, t, 4096, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_apply", &mut checked, &|h| unsafe {
        kingup_game_apply(h, 0, 0)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_apply_chance", &mut checked, &|h| unsafe {
        kingup_game_apply_chance(h, 10)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_resolve_chance", &mut checked, &|h| unsafe {
        kingup_game_resolve_chance(h)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_reseed", &mut checked, &|h| unsafe {
        kingup_game_reseed(h, 1)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_undo", &mut checked, &|h| unsafe {
        kingup_game_undo(h, 0)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_undoable", &mut checked, &|h| unsafe {
        kingup_game_undoable(h, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_phase", &mut checked, &|h| unsafe {
        kingup_game_phase(h, w)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_actor", &mut checked, &|h| unsafe {
        kingup_game_actor(h, actor)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_round", &mut checked, &|h| unsafe {
        kingup_game_round(h, w)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_next_seat", &mut checked, &|h| unsafe {
        kingup_game_next_seat(h, signed)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_player_view", &mut checked, &|h| unsafe {
        kingup_game_player_view(h, 0, player_view)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_public_view", &mut checked, &|h| unsafe {
        kingup_game_public_view(h, public_view)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_king", &mut checked, &|h| unsafe {
        kingup_game_king(h, signed)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_chance_describe", &mut checked, &|h| unsafe {
        kingup_game_chance_describe(h, t, 4096, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_chance_step", &mut checked, &|h| unsafe {
        kingup_game_chance_step(h, step)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_chance_outcomes", &mut checked, &|h| unsafe {
        kingup_game_chance_outcomes(h, w, o, 64, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_legal_actions", &mut checked, &|h| unsafe {
        kingup_game_legal_actions(h, 0, w, 64, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_action_mask", &mut checked, &|h| unsafe {
        kingup_game_action_mask(h, 0, t.cast(), 4096, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_observation", &mut checked, &|h| unsafe {
        kingup_game_observation(h, 0, floats, n, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_scores", &mut checked, &|h| unsafe {
        kingup_game_scores(h, w, 64, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_totals", &mut checked, &|h| unsafe {
        kingup_game_totals(h, w, 64, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_winners", &mut checked, &|h| unsafe {
        kingup_game_winners(h, w)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_event_count", &mut checked, &|h| unsafe {
        kingup_game_event_count(h, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_game_to_json", &mut checked, &|h| unsafe {
        kingup_game_to_json(h, t, 4096, size)
    });
    // SAFETY: a misaligned handle is refused unread; the other pointers are live.
    odd("kingup_bot_choose", &mut checked, &|h| unsafe {
        kingup_bot_choose(bot, h, 0, w)
    });
    let name = "kingup_bot_choose";
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<KingupBot>(g, name, "struct KingupBot *bot", 1, |b| unsafe {
        kingup_bot_choose(b, g.0, 0, w)
    });
    // SAFETY: the misaligned pointer is refused unused; the others are live.
    checked.misaligned::<u32>(g, name, "uint32_t *out_action", 1, |o| unsafe {
        kingup_bot_choose(bot, g.0, 0, o)
    });
    assert!(out.is_null(), "no handle made");
    assert!(words.iter().all(|&x| x == SENTINEL), "no word written");
    assert_eq!(len, SENTINEL as usize, "no length written");

    // The two `free`s cannot report: a misaligned pointer is ignored, like NULL, instead of
    // being handed to the allocator; the last error is left alone.
    let mut memory = Misaligned::<KingupGame>::new(1);
    // SAFETY: a misaligned pointer is ignored without being dereferenced.
    unsafe { kingup_game_free(memory.ptr()) };
    assert!(memory.untouched());
    checked
        .0
        .insert(("kingup_game_free".into(), "struct KingupGame *game".into()));
    let mut memory = Misaligned::<KingupBot>::new(1);
    // SAFETY: as above.
    unsafe { kingup_bot_free(memory.ptr()) };
    assert!(memory.untouched());
    checked
        .0
        .insert(("kingup_bot_free".into(), "struct KingupBot *bot".into()));
    // SAFETY: the bot made above, freed once.
    unsafe { kingup_bot_free(bot) };

    court_pointers(&mut checked);

    let missing: Vec<_> = wide_pointer_params()
        .difference(&checked.0)
        .cloned()
        .collect();
    assert!(missing.is_empty(), "parameters not checked: {missing:?}");
    let unknown: Vec<_> = checked
        .0
        .difference(&wide_pointer_params())
        .cloned()
        .collect();
    assert!(unknown.is_empty(), "not in the header: {unknown:?}");
}

/// To Court the King's entry points: the same checks, through the same generic bodies.
fn court_pointers(checked: &mut Checked) {
    let g = &court_new(court_config(3, 0, KingupChance::Auto), 5);
    let e = &court_new(court_config(3, -1, KingupChance::Explicit), 5);
    let mut words = [SENTINEL; 256];
    let mut text = [0x55 as c_char; 4096];
    let mut floats = vec![f32::NAN; KINGUP_COURT_OBSERVATION_LEN as usize];
    let mut odds = [f64::NAN; 16];
    let (w, t, f, o) = (
        words.as_mut_ptr(),
        text.as_mut_ptr(),
        floats.as_mut_ptr(),
        odds.as_mut_ptr(),
    );
    let (mut len, mut signed) = (0usize, 0i32);
    let (l, s) = (&raw mut len, &raw mut signed);
    let mut handle: *mut KingupCourtGame = ptr::null_mut();
    let out = &raw mut handle;
    let mut cfg = court_config(3, 0, KingupChance::Auto);
    let c = &raw mut cfg;
    let mut actor = KingupActor {
        kind: 0,
        seat: 0,
        seats: 0,
    };
    let a = &raw mut actor;
    let save = court_save(g);
    let position = kingup_court::Session::from_json(&save)
        .unwrap()
        .game()
        .position();
    let position = serde_json::to_string(&position).unwrap();
    let json = b"{\"players\": 3}";
    let mut bot = ptr::null_mut();
    // SAFETY: a live local.
    ok(unsafe { kingup_court_bot_new(0, 1, 0, &mut bot) });
    let (h, hm) = (g.0 as *const KingupCourtGame, g.0);

    // Every call below passes live pointers but for the misaligned one, which is refused
    // unused; `w` holds 256 words, `t` 4096 bytes, `f` an observation, `o` 16 doubles.
    type Call<'a> = Box<dyn Fn(*mut u8) -> KingupStatus + 'a>;
    let size_t = "size_t *out_len";
    let game = "const struct KingupCourtGame *game";
    let game_mut = "struct KingupCourtGame *game";
    let out_game = "struct KingupCourtGame **out";
    // SAFETY (every closure below): as stated above.
    unsafe {
        let sized: [(&str, &str, Call<'_>); 15] = [
            (
                "kingup_court_action_notation",
                size_t,
                Box::new(|p| kingup_court_action_notation(0, t, 4096, p.cast())),
            ),
            (
                "kingup_court_action_describe",
                size_t,
                Box::new(|p| kingup_court_action_describe(0, t, 4096, p.cast())),
            ),
            (
                "kingup_court_chance_notation",
                size_t,
                Box::new(|p| kingup_court_chance_notation(0, t, 4096, p.cast())),
            ),
            (
                "kingup_chance_notation",
                size_t,
                Box::new(|p| kingup_chance_notation(0, t, 4096, p.cast())),
            ),
            (
                "kingup_court_game_to_json",
                size_t,
                Box::new(|p| kingup_court_game_to_json(h, t, 4096, p.cast())),
            ),
            (
                "kingup_court_game_position_json",
                size_t,
                Box::new(|p| kingup_court_game_position_json(h, t, 4096, p.cast())),
            ),
            (
                "kingup_court_game_events_json",
                size_t,
                Box::new(|p| kingup_court_game_events_json(h, -1, 0, t, 4096, p.cast())),
            ),
            (
                "kingup_court_game_legal_actions",
                size_t,
                Box::new(|p| kingup_court_game_legal_actions(h, 0, w, 256, p.cast())),
            ),
            (
                "kingup_court_game_action_mask",
                size_t,
                Box::new(|p| kingup_court_game_action_mask(h, 0, t.cast(), 4096, p.cast())),
            ),
            (
                "kingup_court_game_observation",
                size_t,
                Box::new(|p| {
                    kingup_court_game_observation(
                        h,
                        0,
                        f,
                        KINGUP_COURT_OBSERVATION_LEN as usize,
                        p.cast(),
                    )
                }),
            ),
            (
                "kingup_court_game_scores",
                size_t,
                Box::new(|p| kingup_court_game_scores(h, w, 256, p.cast())),
            ),
            (
                "kingup_court_game_chance_outcomes",
                size_t,
                Box::new(|p| kingup_court_game_chance_outcomes(e.0, w, o, 16, p.cast())),
            ),
            (
                "kingup_court_game_undoable",
                "size_t *out",
                Box::new(|p| kingup_court_game_undoable(h, p.cast())),
            ),
            (
                "kingup_court_game_event_count",
                "size_t *out",
                Box::new(|p| kingup_court_game_event_count(h, p.cast())),
            ),
            (
                "kingup_court_game_next_seat",
                "int32_t *out",
                Box::new(|p| kingup_court_game_next_seat(h, p.cast())),
            ),
        ];
        for (name, param, call) in sized {
            let subject: &CourtGame = if name.ends_with("chance_outcomes") {
                e
            } else {
                g
            };
            if param.starts_with("int32_t") {
                checked.misaligned::<i32>(subject, name, param, 1, |p| call(p.cast()));
            } else {
                checked.misaligned::<usize>(subject, name, param, 1, |p| call(p.cast()));
            }
        }
        let words_: [(&str, &str, Call<'_>); 10] = [
            (
                "kingup_court_game_legal_actions",
                "uint32_t *buf",
                Box::new(|p| kingup_court_game_legal_actions(h, 0, p.cast(), 64, l)),
            ),
            (
                "kingup_court_game_scores",
                "uint32_t *buf",
                Box::new(|p| kingup_court_game_scores(h, p.cast(), 64, l)),
            ),
            (
                "kingup_court_game_chance_outcomes",
                "uint32_t *outcomes",
                Box::new(|p| kingup_court_game_chance_outcomes(e.0, p.cast(), o, 16, l)),
            ),
            (
                "kingup_court_game_phase",
                "uint32_t *out",
                Box::new(|p| kingup_court_game_phase(h, p.cast())),
            ),
            (
                "kingup_court_game_round",
                "uint32_t *out",
                Box::new(|p| kingup_court_game_round(h, p.cast())),
            ),
            (
                "kingup_court_game_winners",
                "uint32_t *out",
                Box::new(|p| kingup_court_game_winners(h, p.cast())),
            ),
            (
                "kingup_court_game_truncated",
                "uint32_t *out",
                Box::new(|p| kingup_court_game_truncated(h, p.cast())),
            ),
            (
                "kingup_court_action_parse",
                "uint32_t *out_action",
                Box::new(|p| kingup_court_action_parse(c"roll".as_ptr(), 4, p.cast())),
            ),
            (
                "kingup_court_chance_parse",
                "uint32_t *out_outcome",
                Box::new(|p| kingup_court_chance_parse(c"die 5".as_ptr(), 5, p.cast())),
            ),
            (
                "kingup_chance_parse",
                "uint32_t *out_outcome",
                Box::new(|p| kingup_chance_parse(c"deal 5".as_ptr(), 6, p.cast())),
            ),
        ];
        for (name, param, call) in words_ {
            let subject: &CourtGame = if name.ends_with("chance_outcomes") {
                e
            } else {
                g
            };
            checked.misaligned::<u32>(subject, name, param, 64, |p| call(p.cast()));
        }
        checked.misaligned::<f32>(g, "kingup_court_game_observation", "float *buf", 300, |p| {
            kingup_court_game_observation(h, 0, p, KINGUP_COURT_OBSERVATION_LEN as usize, l)
        });
        checked.misaligned::<f64>(
            e,
            "kingup_court_game_chance_outcomes",
            "double *probabilities",
            16,
            |p| kingup_court_game_chance_outcomes(e.0, w, p, 16, l),
        );
        checked.misaligned::<KingupActor>(
            g,
            "kingup_court_game_actor",
            "struct KingupActor *out",
            1,
            |p| kingup_court_game_actor(h, p),
        );
        let param = "struct KingupCourtConfig *out";
        checked.misaligned::<KingupCourtConfig>(g, "kingup_court_game_config", param, 1, |p| {
            kingup_court_game_config(h, p)
        });
        checked.misaligned::<KingupCourtConfig>(g, "kingup_court_config_init", param, 1, |p| {
            kingup_court_config_init(p, 3)
        });
        let param = "const struct KingupCourtConfig *config";
        checked.misaligned::<KingupCourtConfig>(g, "kingup_court_game_new", param, 1, |p| {
            kingup_court_game_new(p, 0, out)
        });
        let outs: [(&str, Call<'_>); 5] = [
            (
                "kingup_court_game_new",
                Box::new(|p| kingup_court_game_new(c, 0, p.cast())),
            ),
            (
                "kingup_court_game_new_json",
                Box::new(|p| {
                    kingup_court_game_new_json(json.as_ptr().cast(), json.len(), 0, 0, p.cast())
                }),
            ),
            (
                "kingup_court_game_from_json",
                Box::new(|p| {
                    kingup_court_game_from_json(save.as_ptr().cast(), save.len(), p.cast())
                }),
            ),
            (
                "kingup_court_game_clone",
                Box::new(|p| kingup_court_game_clone(h, p.cast())),
            ),
            (
                "kingup_court_game_from_position",
                Box::new(|p| {
                    kingup_court_game_from_position(
                        position.as_ptr().cast(),
                        position.len(),
                        0,
                        0,
                        p.cast(),
                    )
                }),
            ),
        ];
        for (name, call) in outs {
            checked.misaligned::<*mut KingupCourtGame>(g, name, out_game, 1, |p| call(p.cast()));
        }
        checked.misaligned::<*mut KingupCourtBot>(
            g,
            "kingup_court_bot_new",
            "struct KingupCourtBot **out",
            1,
            |p| kingup_court_bot_new(0, 0, 0, p),
        );
        // Misaligned handles, never dereferenced.
        let handles: [(&str, &str, Call<'_>); 24] = [
            (
                "kingup_court_game_clone",
                game,
                Box::new(|p| kingup_court_game_clone(p.cast(), out)),
            ),
            (
                "kingup_court_game_config",
                game,
                Box::new(|p| kingup_court_game_config(p.cast(), c)),
            ),
            (
                "kingup_court_game_to_json",
                game,
                Box::new(|p| kingup_court_game_to_json(p.cast(), t, 4096, l)),
            ),
            (
                "kingup_court_game_position_json",
                game,
                Box::new(|p| kingup_court_game_position_json(p.cast(), t, 4096, l)),
            ),
            (
                "kingup_court_game_events_json",
                game,
                Box::new(|p| kingup_court_game_events_json(p.cast(), -1, 0, t, 4096, l)),
            ),
            (
                "kingup_court_game_event_count",
                game,
                Box::new(|p| kingup_court_game_event_count(p.cast(), l)),
            ),
            (
                "kingup_court_game_legal_actions",
                game,
                Box::new(|p| kingup_court_game_legal_actions(p.cast(), 0, w, 256, l)),
            ),
            (
                "kingup_court_game_action_mask",
                game,
                Box::new(|p| kingup_court_game_action_mask(p.cast(), 0, t.cast(), 4096, l)),
            ),
            (
                "kingup_court_game_observation",
                game,
                Box::new(|p| kingup_court_game_observation(p.cast(), 0, f, 300, l)),
            ),
            (
                "kingup_court_game_chance_outcomes",
                game,
                Box::new(|p| kingup_court_game_chance_outcomes(p.cast(), w, o, 16, l)),
            ),
            (
                "kingup_court_game_scores",
                game,
                Box::new(|p| kingup_court_game_scores(p.cast(), w, 256, l)),
            ),
            (
                "kingup_court_game_phase",
                game,
                Box::new(|p| kingup_court_game_phase(p.cast(), w)),
            ),
            (
                "kingup_court_game_round",
                game,
                Box::new(|p| kingup_court_game_round(p.cast(), w)),
            ),
            (
                "kingup_court_game_actor",
                game,
                Box::new(|p| kingup_court_game_actor(p.cast(), a)),
            ),
            (
                "kingup_court_game_next_seat",
                game,
                Box::new(|p| kingup_court_game_next_seat(p.cast(), s)),
            ),
            (
                "kingup_court_game_winners",
                game,
                Box::new(|p| kingup_court_game_winners(p.cast(), w)),
            ),
            (
                "kingup_court_game_truncated",
                game,
                Box::new(|p| kingup_court_game_truncated(p.cast(), w)),
            ),
            (
                "kingup_court_game_undoable",
                game,
                Box::new(|p| kingup_court_game_undoable(p.cast(), l)),
            ),
            (
                "kingup_court_bot_choose",
                game,
                Box::new(|p| kingup_court_bot_choose(bot, p.cast(), 0, w)),
            ),
            (
                "kingup_court_game_apply",
                game_mut,
                Box::new(|p| kingup_court_game_apply(p.cast(), 0, 0)),
            ),
            (
                "kingup_court_game_apply_chance",
                game_mut,
                Box::new(|p| kingup_court_game_apply_chance(p.cast(), 0)),
            ),
            (
                "kingup_court_game_resolve_chance",
                game_mut,
                Box::new(|p| kingup_court_game_resolve_chance(p.cast())),
            ),
            (
                "kingup_court_game_reseed",
                game_mut,
                Box::new(|p| kingup_court_game_reseed(p.cast(), 1)),
            ),
            (
                "kingup_court_game_undo",
                game_mut,
                Box::new(|p| kingup_court_game_undo(p.cast(), 0)),
            ),
        ];
        for (name, param, call) in handles {
            checked.misaligned::<KingupCourtGame>(g, name, param, 1, |p| call(p.cast()));
        }
        checked.misaligned::<KingupCourtBot>(
            g,
            "kingup_court_bot_choose",
            "struct KingupCourtBot *bot",
            1,
            |p| kingup_court_bot_choose(p, hm, 0, w),
        );
        checked.misaligned::<u32>(
            g,
            "kingup_court_bot_choose",
            "uint32_t *out_action",
            1,
            |p| kingup_court_bot_choose(bot, hm, 0, p),
        );
        // The frees ignore a misaligned pointer, like NULL.
        let mut memory = Misaligned::<KingupCourtGame>::new(1);
        kingup_court_game_free(memory.ptr());
        assert!(memory.untouched());
        checked
            .0
            .insert(("kingup_court_game_free".into(), game_mut.into()));
        let mut memory = Misaligned::<KingupCourtBot>::new(1);
        kingup_court_bot_free(memory.ptr());
        assert!(memory.untouched());
        checked.0.insert((
            "kingup_court_bot_free".into(),
            "struct KingupCourtBot *bot".into(),
        ));
        kingup_court_bot_free(bot);
    }
    assert!(handle.is_null(), "no handle made");
    assert!(words.iter().all(|&x| x == SENTINEL), "no word written");
    assert!(odds.iter().all(|p| p.is_nan()), "no probability written");
    assert!(floats.iter().all(|x| x.is_nan()), "no float written");
    assert_eq!((len, text[0]), (0, 0x55), "no length, no text written");
}

/// The same calls with aligned pointers into the same kind of memory succeed: the check
/// refuses misalignment, not the memory. Byte buffers at odd addresses are fine.
#[test]
fn byte_buffers_need_no_alignment() {
    let g = fixture();
    let mut bytes = vec![0 as c_char; 1 << 14];
    let odd = bytes.as_mut_ptr().wrapping_add(1);
    let mut len = 0;
    // SAFETY: a live handle; `odd` has room for `(1 << 14) - 1` bytes; `len` is live.
    ok(unsafe { kingup_game_to_json(g.0, odd, (1 << 14) - 1, &mut len) });
    let mut mask = vec![0u8; 80];
    // SAFETY: as above; `mask` holds 80 bytes, offered from its second one.
    ok(unsafe { kingup_game_action_mask(g.0, 0, mask.as_mut_ptr().add(1), 79, &mut len) });
    assert_eq!(len, KINGUP_ACTION_COUNT as usize);
    let text = b" B4";
    let mut action = 0;
    // SAFETY: `text` holds 3 bytes, read from its second one.
    ok(unsafe { kingup_action_parse(text.as_ptr().add(1).cast(), 2, &mut action) });
    assert_eq!(action, 7);
}
