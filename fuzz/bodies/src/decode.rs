//! Save documents, snapshots, views, replays and configs, decoded from arbitrary bytes.

use kingup_core::{Config, Game, Generator, PlayerView, PublicView, Replay, Session, Snapshot};

use crate::history;

/// Feeds the bytes to every JSON decoder. Whatever decodes must be valid and survive a
/// round trip, a state or view accepted must be reached by the history the search returns
/// for it, and nothing may panic.
pub fn decode_json(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        save(text);
    }
    if let Ok(read) = serde_json::from_slice::<Snapshot>(data) {
        let judged = history::snapshot(&read);
        let as_game = serde_json::from_slice::<Game>(data);
        assert_eq!(
            as_game.ok(),
            judged.ok(),
            "Game and Snapshot readings agree"
        );
        if let Ok(game) = judged {
            snapshot(&game);
        }
    } else {
        assert!(serde_json::from_slice::<Game>(data).is_err());
    }
    if let Ok(replay) = serde_json::from_slice::<Replay>(data) {
        if let Ok(game) = replay.play() {
            game.validate().expect("a replayed game is valid");
            history::from_play(&game);
        }
    }
    if let Ok(config) = serde_json::from_slice::<Config>(data) {
        if let Ok(game) = Game::new(config) {
            game.validate().expect("a new game is valid");
        }
    }
    if let Ok(view) = serde_json::from_slice::<PlayerView>(data) {
        history::player_view(&view);
        let _ = view.legal_actions();
        let _ = view.info_state().to_string();
        if let Ok(world) = view.sample(&mut Generator::new(1)) {
            world.validate().expect("a sample is validated");
        }
    }
    if let Ok(view) = serde_json::from_slice::<PublicView>(data) {
        history::public_view(&view);
        let _ = view.winners();
        let _ = view.to_string();
    }
}

/// A save document that loads re-saves to a document that loads to the same session, with
/// the same log, and plays on to the end.
fn save(text: &str) {
    let Ok(session) = Session::from_json(text) else {
        return;
    };
    session.game().validate().expect("a loaded game is valid");
    history::from_play(session.game());
    let again = session.to_json();
    let back = Session::from_json(&again).expect("a written save reads back");
    assert_eq!(back, session);
    assert_eq!(back.to_json(), again);
    assert_eq!(back.events(), session.events());
    let mut rest = back;
    rest.play_random();
    assert!(rest.game().is_over(), "random play ends the game");
}

/// A decoded snapshot is valid, round-trips, and answers every query.
fn snapshot(game: &Game) {
    game.validate().expect("a decoded snapshot is validated");
    let text = serde_json::to_string(game).expect("a game serializes");
    let back: Game = serde_json::from_str(&text).expect("a written snapshot reads back");
    assert_eq!(&back, game);
    for seat in kingup_core::Seat::all(game.players()) {
        let _ = game.legal_actions(seat);
        let _ = game.player_view(seat).info_state_key();
    }
}
