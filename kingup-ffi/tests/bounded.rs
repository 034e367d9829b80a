//! Every input is bounded: a text argument longer than its call's limit
//! (`KINGUP_MAX_SAVE_LEN`, `KINGUP_MAX_CONFIG_LEN`, `KINGUP_MAX_MOVE_LEN`) is refused before
//! it is read, and no last-error message quotes more than 40 characters of any input or
//! needs more than `KINGUP_MAX_ERROR_LEN` bytes, whichever library wrote it (the ABI, the
//! core, serde_json).

use std::ffi::c_char;
use std::ptr;

use KingupStatus::ParseError;
use kingup_ffi::*;

mod common;
use common::*;

const TEN_MB: usize = 10 << 20;

/// The longest run of `c` in `text`.
fn longest_run(text: &str, c: char) -> usize {
    text.split(|d| d != c)
        .map(|run| run.len())
        .max()
        .unwrap_or(0)
}

/// Makes a failing call and checks its last error, read right after it: the message fits
/// a buffer of `KINGUP_MAX_ERROR_LEN` bytes and quotes at most 40 of the `x`s every input
/// here is made of. Returns the call's status.
fn bounded(call: impl FnOnce() -> KingupStatus) -> KingupStatus {
    let status = call();
    assert_ne!(status, KingupStatus::Ok);
    let mut buf = [0 as c_char; KINGUP_MAX_ERROR_LEN as usize];
    let mut len = 0;
    // SAFETY: `buf` holds `buf.len()` bytes; `len` is a live local. Reading the last
    // error leaves it in place.
    let read = unsafe { kingup_last_error(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(read, KingupStatus::Ok, "fits KINGUP_MAX_ERROR_LEN: {len}");
    let message = last_error();
    assert!(len > 1 && longest_run(&message, 'x') <= 40, "{message}");
    status
}

fn new_json(json: &[u8]) -> KingupStatus {
    let mut out = ptr::dangling_mut();
    // SAFETY: `json` holds `json.len()` bytes; `out` is a live local.
    let status = unsafe { kingup_game_new_json(json.as_ptr().cast(), json.len(), 0, 0, &mut out) };
    // SAFETY: NULL, or a handle made by this call, freed once.
    unsafe { kingup_game_free(out) };
    status
}

fn parse_move(text: &[u8]) -> KingupStatus {
    let mut action = 0;
    // SAFETY: `text` holds `text.len()` bytes; `action` is a live local.
    unsafe { kingup_action_parse(text.as_ptr().cast(), text.len(), &mut action) }
}

#[test]
fn ten_megabytes_of_input_are_refused_unread_and_not_echoed() {
    let g = fixture();
    let filler = "x".repeat(TEN_MB);
    let config = format!("{{\"players\": \"{filler}\", \"rounds\": 3}}");
    let why = refused(&g, ParseError, "too_long", || {
        bounded(|| new_json(config.as_bytes()))
    });
    assert_eq!(
        why,
        format!(
            "the config is {} bytes long; at most 65536 are read",
            config.len()
        )
    );
    let save = format!("{{\"format\": \"{filler}\"}}");
    refused(&g, ParseError, "too_long", || {
        bounded(|| load(save.as_bytes()).err().unwrap())
    });
    refused(&g, ParseError, "too_long", || {
        bounded(|| parse_move(filler.as_bytes()))
    });
}

#[test]
fn input_under_the_limits_is_quoted_40_characters_at_most() {
    let g = fixture();
    // Just under each limit, in every place where a parser quotes what it refuses.
    let x = |room: usize| "x".repeat(room - 100);
    let config = KINGUP_MAX_CONFIG_LEN as usize;
    let configs = [
        format!("{{\"players\": \"{}\"}}", x(config)),
        format!("{{\"{}\": 4}}", x(config)),
        format!(
            "{{\"players\": 4, \"rounds\": 3, \"setup\": \"{}\"}}",
            x(config)
        ),
        format!(
            "{{\"players\": 4, \"rounds\": 3, \"deck\": [\"{}\"]}}",
            x(config)
        ),
        format!(
            "{{\"players\": 4, \"rounds\": 3, \"first_player\": {{\"{}\": 1}}}}",
            x(config)
        ),
        format!("{{\"players\": 4, \"rounds\": 3 {}", x(config)),
    ];
    for json in &configs {
        assert!(json.len() <= config);
        let status = bounded(|| new_json(json.as_bytes()));
        assert_eq!((status, last_reason()), (ParseError, "malformed".into()));
    }
    let save = KINGUP_MAX_SAVE_LEN as usize;
    let document = self::save(&g);
    let room = save - document.len();
    let saves = [
        format!("{{\"format\": \"{}\"}}", x(save)),
        format!("{{\"{}\": 1}}", x(save)),
        document.replacen("\"auto\"", &format!("\"{}\"", x(room)), 1),
        document.replacen("\"chance: deal ", &format!("\"{}", x(room)), 1),
        document.replacen(
            "\"generator\":\"",
            &format!("\"generator\":\"{}", x(room)),
            1,
        ),
    ];
    for json in &saves {
        assert!(json.len() <= save && json.contains(&x(room)));
        let status = bounded(|| load(json.as_bytes()).err().unwrap());
        assert_eq!(status, ParseError, "{json:.80}");
    }
    let mv = "x".repeat(KINGUP_MAX_MOVE_LEN as usize);
    let why = refused(&g, ParseError, "malformed", || {
        bounded(|| parse_move(mv.as_bytes()))
    });
    assert!(
        why.starts_with(&format!("\"{}…\": not a move", "x".repeat(40))),
        "{why}"
    );
}

#[test]
fn the_limits_are_inclusive() {
    let g = fixture();
    // Padding with spaces keeps each text what it was: the limit itself is read.
    let pad = |text: &str, to: u32| text.to_owned() + &" ".repeat(to as usize - text.len());
    let config = pad("{\"players\": 4, \"rounds\": 3}", KINGUP_MAX_CONFIG_LEN);
    ok(new_json(config.as_bytes()));
    let longer = format!("{config} ");
    refused(&g, ParseError, "too_long", || new_json(longer.as_bytes()));

    let document = pad(&save(&g), KINGUP_MAX_SAVE_LEN);
    let loaded = load(document.as_bytes()).expect("a save padded to the limit loads");
    assert_eq!(save(&loaded), save(&g));
    let longer = format!("{document} ");
    assert_eq!(load(longer.as_bytes()).err(), Some(ParseError));
    assert_eq!(last_reason(), "too_long");

    let mv = pad(" B4", KINGUP_MAX_MOVE_LEN);
    ok(parse_move(mv.as_bytes()));
    let longer = format!("{mv} ");
    refused(&g, ParseError, "too_long", || parse_move(longer.as_bytes()));
}
