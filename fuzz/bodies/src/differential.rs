//! Differential: a session and the bare engine driven by the same arbitrary calls, with the
//! views' JSON checked for other seats' secrets and the session saved and loaded on the way.

use arbitrary::{Result, Unstructured};
use kingup_core::{
    Action, Actor, ChanceMode, ChanceOutcome, Event, Game, Generator, Seat, Session, Vote,
};
use serde_json::Value;

use crate::engine::config;

/// Runs arbitrary session calls — any action or chance outcome (illegal ones included), a
/// legal step, drawn chance, undo, random play to the end, a save and load — and checks
/// after each: a refused call left the session unchanged, the engine given the same call
/// agrees with the session, the engine replaying the session's new steps reaches its game
/// and its event log, every view's JSON holds nothing of another seat's current objective
/// or vote, and `load(save(s)) == s`.
pub fn differential(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(config) = config(&mut u) else { return };
    let Ok(seed) = u.arbitrary::<u64>() else {
        return;
    };
    let chance = match u.arbitrary() {
        Ok(true) => ChanceMode::Auto,
        _ => ChanceMode::Explicit,
    };
    let mut session = Session::with_generator(config, Generator::new(seed), chance)
        .expect("generated configs are valid");
    let mut mirror = Mirror::default();
    mirror.follow(&session);
    views(session.game());
    while !u.is_empty() {
        let before = session.clone();
        let Ok(accepted) = call(&mut u, &mut session) else {
            break;
        };
        if !accepted {
            assert_unchanged(&session, &before);
            continue;
        }
        if chance == ChanceMode::Auto {
            assert_ne!(
                session.game().actor(),
                Actor::Chance,
                "automatic chance waits"
            );
        }
        // Only an accepted call can change the game, so only then are the views checked
        // again: serializing every view is most of a run's cost.
        mirror.follow(&session);
        views(session.game());
    }
    saved_and_loaded(&session);
    event_logs(&session);
}

/// One call on the session; `Ok(false)` if the session refused it.
fn call(u: &mut Unstructured<'_>, session: &mut Session) -> Result<bool> {
    Ok(match u.int_in_range(0u8..=15)? {
        0..=4 => {
            let seat = Seat::new(u.int_in_range(0..=Seat::MAX - 1)?).expect("below MAX");
            let Ok(action) = Action::from_index(u.int_in_range(0..=70)?) else {
                return Ok(false);
            };
            apply(session, seat, action)
        }
        5..=6 => {
            let Some(outcome) = ChanceOutcome::from_index(u.int_in_range(0..=45)?) else {
                return Ok(false);
            };
            apply_chance(session, outcome)
        }
        7..=10 => legal_step(u, session)?,
        11 => {
            session.resolve_chance();
            true
        }
        12..=13 => {
            let seat = Seat::new(u.int_in_range(0..=Seat::MAX - 1)?).expect("below MAX");
            session.undo(seat).is_ok()
        }
        14 => {
            *session = saved_and_loaded(session);
            true
        }
        _ => {
            session.play_random();
            assert!(session.game().is_over(), "random play ends the game");
            true
        }
    })
}

/// `Session::apply` against `Game::apply` on a copy of its game: the same verdict, the
/// same error, and the engine's events first among the session's.
fn apply(session: &mut Session, seat: Seat, action: Action) -> bool {
    let mut engine = *session.game();
    let expected = engine.apply(seat, action);
    match (session.apply(seat, action), expected) {
        (Ok(events), Ok(expected)) => {
            assert!(events.starts_with(&expected[..]), "{seat}: {action}");
            true
        }
        (Err(error), Err(expected)) => {
            assert_eq!(error, expected);
            false
        }
        (got, expected) => panic!("{seat}: {action}: session {got:?}, engine {expected:?}"),
    }
}

/// `Session::apply_chance` against `Game::apply_chance`.
fn apply_chance(session: &mut Session, outcome: ChanceOutcome) -> bool {
    let mut engine = *session.game();
    let expected = engine.apply_chance(outcome);
    match (session.apply_chance(outcome), expected) {
        (Ok(events), Ok(expected)) => {
            assert_eq!(events, &expected[..], "{outcome:?}");
            true
        }
        (Err(error), Err(expected)) => {
            assert_eq!(error, expected);
            false
        }
        (got, expected) => panic!("{outcome:?}: session {got:?}, engine {expected:?}"),
    }
}

/// A listed chance outcome or a legal action, picked by position.
fn legal_step(u: &mut Unstructured<'_>, session: &mut Session) -> Result<bool> {
    let game = *session.game();
    let seat = match game.actor() {
        Actor::Chance => {
            let (outcome, _) = *u.choose(&game.chance_outcomes())?;
            assert!(apply_chance(session, outcome), "listed outcomes apply");
            return Ok(true);
        }
        Actor::Seat(seat) => seat,
        Actor::Voters(seats) => *u.choose(&seats.iter().collect::<Vec<_>>())?,
        Actor::Nobody => return Ok(false),
    };
    let action = *u.choose(&game.legal_actions(seat))?;
    assert!(apply(session, seat, action), "listed actions apply");
    Ok(true)
}

/// A refused call changed nothing: steps, generator, chance mode, game, log and undo.
fn assert_unchanged(session: &Session, before: &Session) {
    assert!(session == before, "a refused call changed the session");
    assert_eq!(session.game(), before.game());
    assert_eq!(session.events(), before.events());
    assert_eq!(session.undoable(), before.undoable());
}

/// The engine replaying the session's steps, with its own event log.
#[derive(Default)]
struct Mirror {
    game: Option<Game>,
    events: Vec<Event>,
    steps: usize,
}

impl Mirror {
    /// Plays the session's steps recorded since the last call (or all of them again, after
    /// an undo) and checks that the engine reached the session's game and log.
    fn follow(&mut self, session: &Session) {
        let steps = &session.replay().steps;
        if self.game.is_none() || steps.len() < self.steps {
            self.events.clear();
            self.game = Some(Game::new(*session.config()).expect("a session's config"));
            self.steps = 0;
        }
        let game = self.game.as_mut().expect("set above");
        for &step in &steps[self.steps..] {
            game.apply_step(step, &mut self.events)
                .expect("a recorded step applies");
        }
        self.steps = steps.len();
        assert_eq!(game, session.game(), "the engine reached another game");
        assert_eq!(
            self.events,
            session.events(),
            "the engine logged other events"
        );
    }
}

/// The session's save document loads to an equal session with the same game, log and undo
/// history; returns the loaded one.
fn saved_and_loaded(session: &Session) -> Session {
    let text = session.to_json();
    let loaded = Session::from_json(&text).expect("a save loads");
    assert!(loaded == *session, "load(save(s)) != s");
    assert_eq!(loaded.game(), session.game());
    assert_eq!(loaded.events(), session.events());
    assert_eq!(loaded.undoable(), session.undoable());
    assert_eq!(loaded.to_json(), text);
    loaded
}

/// The JSON of every seat's view and of the public view: the fields the views declare and
/// no others, the viewer's own objective and vote only, cards of a round only once it was
/// scored, and no vote in the public part.
fn views(game: &Game) {
    let public = serde_json::to_value(game.public_view()).expect("a view serializes");
    public_json(game, &public);
    for seat in Seat::all(game.players()) {
        let view = serde_json::to_value(game.player_view(seat)).expect("a view serializes");
        assert_eq!(
            keys(&view),
            ["objective_card", "public", "seat", "vote"],
            "seat {seat}'s view"
        );
        let own_card = game.objective_card(game.round(), seat);
        assert_eq!(view["objective_card"], json(&own_card));
        assert_eq!(view["vote"], json(&game.committed_vote(seat)));
        assert_eq!(view["public"], public);
    }
}

/// The public view's JSON holds the public fields only.
fn public_json(game: &Game, public: &Value) {
    assert_eq!(
        keys(public),
        [
            "actor",
            "castle",
            "chance_step",
            "config",
            "crown",
            "dealt",
            "first_player",
            "movers",
            "no_votes",
            "phase",
            "revealed",
            "round",
            "rounds_scored",
            "scores",
            "voted"
        ]
    );
    let scored = game.scores().len();
    let rows = public["revealed"].as_array().expect("revealed is a list");
    for (round, row) in rows.iter().enumerate() {
        let shown: Vec<_> = Seat::all(Seat::MAX)
            .map(|seat| {
                let card = game.objective_card(round as u8, seat);
                card.filter(|_| round < scored)
            })
            .collect();
        assert_eq!(*row, json(&shown), "round {round}'s cards");
    }
    let votes = [json(&Vote::Yes), json(&Vote::No)];
    assert!(
        !holds_any(public, &votes),
        "a vote in the public view: {public}"
    );
}

/// Every viewer's log as JSON: another seat's dealt card and committed vote are blanked,
/// nothing else is.
fn event_logs(session: &Session) {
    let viewers = Seat::all(session.game().players()).map(Some);
    for viewer in viewers.chain([None]) {
        for (event, full) in session.events_for(viewer, 0).zip(session.events()) {
            let value = json(&event);
            let seat = value.get("seat").and_then(Value::as_u64);
            let theirs = seat != viewer.map(|s| s.index() as u64);
            match value["type"].as_str().expect("events are tagged") {
                "objective_dealt" if theirs => assert!(value["card"].is_null()),
                "vote_committed" if theirs => assert!(value["vote"].is_null()),
                _ => assert_eq!(event, *full, "only secrets are redacted"),
            }
        }
    }
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("plain data serializes")
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

/// Whether any value inside `value` is one of `needles`.
fn holds_any(value: &Value, needles: &[Value]) -> bool {
    needles.contains(value)
        || match value {
            Value::Array(items) => items.iter().any(|v| holds_any(v, needles)),
            Value::Object(map) => map.values().any(|v| holds_any(v, needles)),
            _ => false,
        }
}
