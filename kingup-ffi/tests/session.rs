//! The C ABI is a shell over the core's session: a seed and the same calls give the same
//! save document, byte for byte, as `kingup_core::Session` driven the same way in Rust;
//! saves load and re-save unchanged, edited ones are refused with their reason; undo,
//! reseeding and the move notation behave as the core's.

use kingup_core::{
    Action, ChanceMode, Config, Event, FirstPlayer, Generator, Seat, Session, Setup, Step,
};
use kingup_ffi::*;
use serde_json::Value;

mod common;
use common::*;

/// Picks moves: the same picks drive the C handle and the Rust session.
struct Picker(Generator);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u32) as usize
    }
}

/// The engine's config for the blittable one (the deck is the default in both).
fn core_config(c: KingupConfig) -> Config {
    let mut config = Config::new(c.players as u8);
    config.rounds = c.rounds as u8;
    config.setup = [Setup::Placement, Setup::RandomLayout][c.setup as usize];
    if let Ok(seat) = usize::try_from(c.first_player) {
        config.first_player = FirstPlayer::Seat(Seat::new(seat).unwrap());
    }
    config
}

fn core_session(c: KingupConfig, seed: u64) -> Session {
    let mode = [ChanceMode::Auto, ChanceMode::Explicit][c.chance as usize];
    Session::with_generator(core_config(c), Generator::new(seed), mode).unwrap()
}

fn legal(g: &Game, seat: u32) -> Vec<u32> {
    let mut buf = [0u32; KINGUP_MAX_LEGAL_ACTIONS as usize];
    let mut len = 0;
    // SAFETY: a live handle; `buf` holds `buf.len()` elements; `len` is a live local.
    ok(unsafe { kingup_game_legal_actions(g.0, seat, buf.as_mut_ptr(), buf.len(), &mut len) });
    buf[..len].to_vec()
}

fn apply(g: &Game, seat: u32, action: u32) -> KingupStatus {
    // SAFETY: a live handle, not otherwise borrowed.
    unsafe { kingup_game_apply(g.0, seat, action) }
}

fn undo(g: &Game, seat: u32) -> KingupStatus {
    // SAFETY: a live handle, not otherwise borrowed.
    unsafe { kingup_game_undo(g.0, seat) }
}

fn undoable(g: &Game) -> usize {
    let mut n = 99;
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_undoable(g.0, &mut n) });
    n
}

fn events(g: &Game, viewer: i32) -> String {
    // SAFETY: a live handle; `text` passes a valid buffer and length.
    text(|b, c, l| unsafe { kingup_game_events_json(g.0, viewer, 0, b, c, l) })
}

fn core_events(session: &Session, viewer: Option<Seat>) -> String {
    let events: Vec<Event> = session.events_for(viewer, 0).collect();
    serde_json::to_string(&events).unwrap()
}

/// One step in both: chance drawn from the generators when it is pending, else a random
/// legal action of a random seat that may act (votes in any order). Returns false at the
/// end of the game.
fn step_both(g: &Game, session: &mut Session, pick: &mut Picker) -> bool {
    let a = actor(g);
    if a.kind == KingupActorKind::Nobody as u32 {
        assert!(session.game().is_over());
        return false;
    }
    if a.kind == KingupActorKind::Chance as u32 {
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_resolve_chance(g.0) });
        session.resolve_chance();
        return true;
    }
    let seats: Vec<u32> = (0..6).filter(|s| a.seats >> s & 1 == 1).collect();
    let seat = seats[pick.below(seats.len())];
    let actions = legal(g, seat);
    let action = actions[pick.below(actions.len())];
    ok(apply(g, seat, action));
    let core_seat = Seat::new(seat as usize).unwrap();
    session
        .apply(core_seat, Action::from_index(action as usize).unwrap())
        .unwrap();
    true
}

#[test]
fn a_seed_and_the_same_calls_give_the_rust_sessions_save_byte_for_byte() {
    let configs = [
        config(3, 3, 0, -1),
        config(4, 3, 0, 2),
        config(5, 1, 1, -1),
        config(6, 3, 1, 0),
        explicit(config(4, 3, 0, -1)),
        explicit(config(3, 1, 1, 1)),
    ];
    for (i, c) in configs.into_iter().enumerate() {
        let seed = 1000 + i as u64;
        let g = new_game(c, seed);
        let mut session = core_session(c, seed);
        let mut pick = Picker(Generator::new(i as u64));
        let mut steps = 0;
        loop {
            assert_eq!(save(&g), session.to_json(), "config {c:?}, step {steps}");
            assert_eq!(event_count(&g), session.events().len());
            if !step_both(&g, &mut session, &mut pick) {
                break;
            }
            steps += 1;
        }
        assert!(steps > 20);
        assert_eq!(events(&g, -1), core_events(&session, None));
        assert_eq!(events(&g, 1), core_events(&session, Seat::new(1)));
    }
}

#[test]
fn automatic_chance_deals_at_once_and_explicit_chance_waits() {
    let auto = new_game(config(4, 3, 0, -1), 5);
    assert_eq!(phase(&auto), KingupPhase::Placement as u32);
    assert!(next_seat(&auto).is_some());
    let waiting = new_game(explicit(config(4, 3, 0, -1)), 5);
    assert_eq!(actor(&waiting).kind, KingupActorKind::Chance as u32);
    assert_eq!(next_seat(&waiting), None);
    // SAFETY: live handles, not otherwise borrowed.
    let describe = |g: &Game| text(|b, c, l| unsafe { kingup_game_chance_describe(g.0, b, c, l) });
    assert_eq!(describe(&waiting), "draw the first player");
    assert_eq!(describe(&auto), "");
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_resolve_chance(waiting.0) });
    assert_eq!(
        save(&waiting).replace(r#""chance":"explicit""#, r#""chance":"auto""#),
        save(&auto),
        "resolving explicit chance draws what automatic chance drew"
    );
}

#[test]
fn a_save_loads_re_saves_unchanged_and_plays_on_the_same() {
    for c in [config(4, 3, 0, -1), explicit(config(5, 3, 1, -1))] {
        let g = new_game(c, 77);
        let mut session = core_session(c, 77);
        let mut pick = Picker(Generator::new(3));
        for _ in 0..90 {
            step_both(&g, &mut session, &mut pick);
        }
        let json = save(&g);
        let copy = load(json.as_bytes()).unwrap();
        assert_eq!(save(&copy), json);
        assert_eq!(
            events(&copy, -1),
            events(&g, -1),
            "the whole log is replayed"
        );
        assert_eq!(undoable(&copy), undoable(&g));
        let mut twin = Session::from_json(&json).unwrap();
        // The loaded handle and the Rust session go on exactly as the original.
        let (mut a, mut b) = (Picker(Generator::new(9)), Picker(Generator::new(9)));
        while step_both(&g, &mut session, &mut a) {
            step_both(&copy, &mut twin, &mut b);
            assert_eq!(save(&copy), save(&g));
        }
        assert_eq!(save(&copy), session.to_json());
    }
}

/// A mid-game save (4 players, random first player, automatic chance) as JSON to edit.
fn document() -> (Game, Value) {
    let g = new_game(config(4, 3, 0, -1), 31);
    let mut session = core_session(config(4, 3, 0, -1), 31);
    let mut pick = Picker(Generator::new(1));
    for _ in 0..30 {
        step_both(&g, &mut session, &mut pick);
    }
    let doc = serde_json::from_str(&save(&g)).unwrap();
    (g, doc)
}

/// The first action step's index and seat.
fn first_action(doc: &Value) -> (usize, u32) {
    let steps = doc["steps"].as_array().unwrap();
    let (i, step) = steps
        .iter()
        .enumerate()
        .find(|(_, s)| !s.as_str().unwrap().starts_with("chance"))
        .unwrap();
    let seat = step.as_str().unwrap().split(':').next().unwrap();
    (i, seat.parse().unwrap())
}

#[test]
fn edited_saves_are_refused_with_their_reason() {
    let (g, doc) = document();
    let edit = |change: &dyn Fn(&mut Value)| {
        let mut doc = doc.clone();
        change(&mut doc);
        doc.to_string()
    };
    let (action_at, seat) = first_action(&doc);
    let steps = doc["steps"].as_array().unwrap().clone();
    assert!(steps[1].as_str().unwrap().starts_with("chance: deal"));
    let cases: Vec<(String, &str)> = vec![
        (edit(&|d| d["version"] = 2.into()), "version"),
        (
            edit(&|d| d["format"] = "kingup-snapshot".into()),
            "malformed",
        ),
        (edit(&|d| d["surprise"] = 1.into()), "malformed"),
        (
            edit(&|d| d["generator"] = "zz".repeat(32).into()),
            "generator",
        ),
        (
            edit(&|d| d["generator"] = "0".repeat(64).into()),
            "generator",
        ),
        (
            edit(&|d| d["config"]["players"] = 9.into()),
            "invalid_config",
        ),
        (edit(&|d| d["chance"] = "sometimes".into()), "malformed"),
        // Two seats dealt the same card.
        (
            edit(&|d| d["steps"][2] = steps[1].clone()),
            "card_unavailable",
        ),
        // The first action made by the next seat instead.
        (
            edit(&|d| {
                let step = steps[action_at].as_str().unwrap();
                let moved = step.replacen(&seat.to_string(), &((seat + 1) % 4).to_string(), 1);
                d["steps"][action_at] = moved.into();
            }),
            "not_your_turn",
        ),
        (
            edit(&|d| d["steps"][action_at] = "0: Z9".into()),
            "malformed",
        ),
        // Cut in the middle of the deals: automatic chance never waits for chance.
        (
            edit(&|d| d["steps"] = Value::Array(steps[..2].to_vec())),
            "chance_pending",
        ),
        (save(&g)[..save(&g).len() - 1].to_owned(), "malformed"),
        (format!("{} ", save(&g)) + "{}", "malformed"),
    ];
    for (text, reason) in cases {
        let before = save(&g);
        assert_eq!(load(text.as_bytes()).err(), Some(KingupStatus::ParseError));
        assert_eq!(last_reason(), reason, "{}", last_error());
        assert!(
            last_error().len() < 400,
            "messages quote the input cut short"
        );
        assert_eq!(save(&g), before);
    }
    // The untouched document loads, and so does the same game with explicit chance.
    assert!(load(doc.to_string().as_bytes()).is_ok());
    assert!(load(edit(&|d| d["chance"] = "explicit".into()).as_bytes()).is_ok());
}

#[test]
fn undo_takes_back_a_seats_own_moves_until_something_is_revealed() {
    let c = config(4, 3, 0, 0);
    let g = new_game(c, 12);
    let mut session = core_session(c, 12);
    let start = save(&g);
    assert_eq!(undoable(&g), 0, "the deals cannot be taken back");
    let first = legal(&g, 0)[0];
    ok(apply(&g, 0, first));
    let after_first = (save(&g), event_count(&g));
    ok(apply(&g, 1, legal(&g, 1)[3]));
    assert_eq!(undoable(&g), 2);
    refused(&g, KingupStatus::IllegalAction, "not_your_step", || {
        undo(&g, 0)
    });
    ok(undo(&g, 1));
    assert_eq!((save(&g), event_count(&g)), after_first);
    ok(undo(&g, 0));
    assert_eq!(save(&g), start);
    assert_eq!(undoable(&g), 0);
    refused(&g, KingupStatus::IllegalAction, "revealed", || undo(&g, 0));

    // Through a whole election: the vote that reveals the votes cannot be taken back.
    let mut pick = Picker(Generator::new(4));
    while phase(&g) != KingupPhase::Vote as u32 {
        step_both(&g, &mut session, &mut pick);
    }
    let mut last_voter = 0;
    while phase(&g) == KingupPhase::Vote as u32 {
        last_voter = next_seat(&g).unwrap();
        ok(apply(&g, last_voter, legal(&g, last_voter)[0]));
        let core_seat = Seat::new(last_voter as usize).unwrap();
        let action = session.game().legal_actions(core_seat)[0];
        session.apply(core_seat, action).unwrap();
    }
    refused(&g, KingupStatus::IllegalAction, "revealed", || {
        undo(&g, last_voter)
    });
    assert_eq!(save(&g), session.to_json());
}

#[test]
fn undo_matches_the_rust_session() {
    let c = config(3, 3, 0, -1);
    let g = new_game(c, 8);
    let mut session = core_session(c, 8);
    let mut pick = Picker(Generator::new(8));
    let (mut taken_back, mut refusals) = (0, 0);
    for round in 0..150 {
        step_both(&g, &mut session, &mut pick);
        // Every third step, the seat that played the last action asks to take it back.
        let last = session.replay().steps.iter().rev().find_map(|s| match s {
            Step::Action { seat, .. } => Some(*seat),
            Step::Chance(_) => None,
        });
        if let (0, Some(seat)) = (round % 3, last) {
            let ours = undo(&g, seat.index() as u32);
            match session.undo(seat) {
                Ok(()) => {
                    ok(ours);
                    taken_back += 1;
                }
                Err(e) => {
                    assert_eq!(ours, KingupStatus::IllegalAction);
                    assert_eq!(last_reason(), e.code());
                    refusals += 1;
                }
            }
        }
        assert_eq!(save(&g), session.to_json());
        assert_eq!(undoable(&g), session.undoable());
    }
    assert!(taken_back > 10 && refusals > 0, "{taken_back} {refusals}");
}

#[test]
fn reseeding_keeps_the_record_and_changes_the_deals_to_come() {
    for c in [config(3, 3, 0, -1), explicit(config(3, 3, 0, -1))] {
        let g = new_game(c, 1);
        let mut session = core_session(c, 1);
        let mut pick = Picker(Generator::new(2));
        for _ in 0..20 {
            step_both(&g, &mut session, &mut pick);
        }
        let (before, events_before, undo_before) = (save(&g), events(&g, -1), undoable(&g));
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_reseed(g.0, 5) });
        let after: Value = serde_json::from_str(&save(&g)).unwrap();
        let was: Value = serde_json::from_str(&before).unwrap();
        assert_eq!(after["steps"], was["steps"]);
        assert_ne!(after["generator"], was["generator"]);
        assert_eq!(
            after["generator"],
            Generator::new(5).state_hex().to_string()
        );
        assert_eq!((events(&g, -1), undoable(&g)), (events_before, undo_before));
        // It plays on as a Rust session given the same generator.
        let mode = session.chance_mode();
        let mut reseeded =
            Session::from_replay(session.replay().clone(), Generator::new(5), mode).unwrap();
        let copy = load(save(&g).as_bytes()).unwrap();
        let mut twin = reseeded.clone();
        let (mut a, mut b) = (Picker(Generator::new(6)), Picker(Generator::new(6)));
        while step_both(&g, &mut reseeded, &mut a) {
            step_both(&copy, &mut twin, &mut b);
        }
        assert_eq!(save(&g), reseeded.to_json());
        assert_eq!(
            save(&copy),
            save(&g),
            "a save after a reseed goes on the same"
        );
    }
}

#[test]
fn every_action_has_a_notation_that_parses_back() {
    let parse = |text: &str| {
        let mut out = u32::MAX;
        // SAFETY: `text` holds `text.len()` bytes; `out` is a live local.
        ok(unsafe { kingup_action_parse(text.as_ptr().cast(), text.len(), &mut out) });
        out
    };
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..KINGUP_ACTION_COUNT {
        // SAFETY: `text` passes a valid buffer and length.
        let notation = text(|b, c, l| unsafe { kingup_action_notation(i, b, c, l) });
        // SAFETY: as above.
        let sentence = text(|b, c, l| unsafe { kingup_action_describe(i, b, c, l) });
        let action = Action::from_index(i as usize).unwrap();
        assert_eq!(notation, action.to_string());
        assert_eq!(sentence, format!("{action:#}"));
        assert!(
            seen.insert(notation.clone()),
            "{notation} names two actions"
        );
        assert_eq!(parse(&notation), i);
        assert_eq!(parse(&notation.to_lowercase()), i);
        assert_eq!(parse(&format!("  {notation} ")), i);
    }
    assert_eq!(seen.len(), 67);
    assert_eq!(parse("B4"), 7);
    assert_eq!(parse("F"), 52 + 5);
    assert_eq!(parse("yes"), 65);
    assert_eq!(parse("NO"), 66);
}

#[test]
fn the_king_is_known_once_crowned() {
    let g = new_game(config(3, 1, 1, -1), 4);
    let king = |g: &Game| {
        let mut out = 99;
        // SAFETY: a live handle and a live local.
        ok(unsafe { kingup_game_king(g.0, &mut out) });
        out
    };
    let mut session = core_session(config(3, 1, 1, -1), 4);
    let mut pick = Picker(Generator::new(5));
    assert_eq!(king(&g), -1);
    while step_both(&g, &mut session, &mut pick) {
        let expected = session.game().king().map_or(-1, |c| c.index() as i32);
        assert_eq!(king(&g), expected);
    }
    assert!((0..13).contains(&king(&g)), "the game ends with a King");
}
