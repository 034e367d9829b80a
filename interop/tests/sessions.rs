//! Golden records of both games' sessions: save documents byte for byte, event logs as each
//! viewer sees them (text and JSON), undo answers, load refusals and step notation errors,
//! over seeded games of every size in both chance modes. Recorded before the two games'
//! sessions became one generic session (`kingup-table`); the generic session must give the
//! same bytes. Run with `KINGUP_BLESS=1` to rewrite `expected/sessions-*.txt` after an
//! intended change.

use std::fmt::Write as _;
use std::path::PathBuf;

/// The record of one game's sessions, written by the same code for both games.
macro_rules! record {
    ($krate:ident, $players:expr, $viewers:expr, $events:expr) => {{
        use $krate::{ChanceMode, Config, Generator, Session, Step};
        let mut out = String::new();
        for players in $players {
            for seed in [1u64, 7, 2026] {
                for chance in [ChanceMode::Auto, ChanceMode::Explicit] {
                    let config = Config::new(players);
                    let mut session =
                        Session::with_generator(config, Generator::new(seed), chance).unwrap();
                    writeln!(out, "# {players} players, seed {seed}, {chance:?}").unwrap();
                    for turn in 0..400usize {
                        if session.game().is_over() {
                            break;
                        }
                        let Some(seat) = session.game().next_seat() else {
                            let events = session.resolve_chance().len();
                            writeln!(out, "resolve_chance: {events} events").unwrap();
                            continue;
                        };
                        let legal = session.game().legal_actions(seat);
                        let action = legal[(turn * 7 + seed as usize) % legal.len()];
                        let other = seat.next(usize::from(players));
                        let refused = session.undo(other).map_err(|e| e.code());
                        writeln!(out, "undo by {other}: {refused:?}").unwrap();
                        if refused.is_ok() {
                            continue;
                        }
                        let events = session.apply(seat, action).unwrap().len();
                        writeln!(out, "{seat}: {action} -> {events} events").unwrap();
                        if turn % 9 == 4 {
                            let undone = session.undo(seat).map_err(|e| e.code());
                            writeln!(out, "undo by {seat}: {undone:?}").unwrap();
                            if undone.is_ok() {
                                session.apply(seat, action).unwrap();
                            }
                        }
                        if turn % 25 == 0 {
                            writeln!(out, "save {}", digest(&session.to_json())).unwrap();
                        }
                        writeln!(out, "undoable {}", session.undoable()).unwrap();
                    }
                    let save = session.to_json();
                    // One document in full per game, the others by length and digest.
                    if seed == 1 && chance == ChanceMode::Auto {
                        writeln!(out, "save {save}").unwrap();
                    }
                    writeln!(out, "save {}", digest(&save)).unwrap();
                    assert_eq!(Session::from_json(&save).unwrap(), session);
                    for viewer in $viewers(players) {
                        let mut log = String::new();
                        for event in $events(&session, viewer) {
                            let json = serde_json::to_string(&event).unwrap();
                            writeln!(log, "  {event} | {event:?} | {json}").unwrap();
                        }
                        writeln!(out, "events for {viewer:?}: {}", digest(&log)).unwrap();
                        if seed == 1 && chance == ChanceMode::Auto {
                            out.push_str(&log);
                        }
                    }
                    for (name, edited) in edits(&save) {
                        let error = Session::from_json(&edited).unwrap_err();
                        writeln!(out, "load {name}: {} | {error}", error.code()).unwrap();
                    }
                    let mut random = session.clone();
                    writeln!(out, "random to the end: {}", random.play_random()).unwrap();
                    writeln!(out, "save {}", digest(&random.to_json())).unwrap();
                }
            }
        }
        for text in [
            "",
            "x",
            "9: x",
            "0: nonsense",
            "chance: nonsense",
            "chance:",
        ] {
            let error = text.parse::<Step>().unwrap_err();
            writeln!(out, "parse {text:?}: {error} | {error:?}").unwrap();
        }
        out
    }};
}

/// A document's length and FNV-1a digest: any change of a byte changes it.
fn digest(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{} bytes, fnv {hash:016x}", text.len())
}

/// Edited copies of a save document, each of which a loader must refuse.
fn edits(save: &str) -> Vec<(&'static str, String)> {
    let step = save.rfind("\"]").map(|end| {
        let start = save[..end].rfind('"').unwrap();
        format!("{}\"0: nonsense{}", &save[..start], &save[end..])
    });
    let mut edits = vec![
        ("cut", save[..save.len() / 2].to_string()),
        ("format", save.replacen("-save", "-saved", 1)),
        (
            "version",
            save.replacen("\"version\":1", "\"version\":2", 1),
        ),
        (
            "generator",
            save.replacen("\"generator\":\"", "\"generator\":\"zz", 1),
        ),
        ("field", save.replacen('{', "{\"extra\":1,", 1)),
        ("long", " ".repeat(17 << 20)),
    ];
    edits.extend(step.map(|s| ("step", s)));
    edits
}

fn check(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("expected")
        .join(name);
    if std::env::var_os("KINGUP_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(&path).unwrap();
    if let Some((line, (a, b))) = golden
        .lines()
        .zip(text.lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
    {
        panic!(
            "{name} differs at line {}:\n  golden: {a}\n  now:    {b}",
            line + 1
        );
    }
    assert_eq!(
        golden.lines().count(),
        text.lines().count(),
        "{name}: line count"
    );
}

#[test]
fn king_up_sessions_match_the_golden_record() {
    use kingup_core::{Event, Seat, Session};
    let viewers = |players: u8| std::iter::once(None).chain(Seat::all(players.into()).map(Some));
    let events = |s: &Session, viewer| s.events_for(viewer, 0).collect::<Vec<Event>>();
    check(
        "sessions-king-up.txt",
        &record!(kingup_core, 3u8..=6, viewers, events),
    );
}

#[test]
fn court_sessions_match_the_golden_record() {
    // No hidden information: one log for everybody.
    let viewers = |_: u8| [None::<()>];
    let events = |s: &kingup_court::Session, _| s.events().to_vec();
    check(
        "sessions-court.txt",
        &record!(kingup_court, 2u8..=5, viewers, events),
    );
}
