//! Checks that an accepted state or view is reachable: the history the reachability search
//! returns is replayed through the engine, which must reach exactly what was accepted.
//! The validator is not trusted to judge itself.

use kingup_core::{
    CardId, Game, InvalidState, PlayerView, PublicView, Replay, Seat, Snapshot, Vote,
};

/// `snapshot` as `Game::from_snapshot` judges it. If accepted, the history
/// `Replay::from_snapshot` returns reaches exactly that state.
pub(crate) fn snapshot(snapshot: &Snapshot) -> Result<Game, InvalidState> {
    let game = Game::from_snapshot(snapshot)?;
    assert_eq!(game.snapshot(), *snapshot, "an accepted snapshot changed");
    let replay = Replay::from_snapshot(snapshot).expect("an accepted snapshot has a history");
    let reached = replay.play().expect("a found history replays");
    assert_eq!(reached, game, "the history reaches another state");
    Ok(game)
}

/// A state that came from play: the search finds a history that reaches it, or gives up;
/// it never calls it unreachable.
pub(crate) fn from_play(game: &Game) {
    match Replay::from_snapshot(&game.snapshot()) {
        Ok(replay) => assert_eq!(
            replay.play().expect("a found history replays"),
            *game,
            "the history reaches another state"
        ),
        Err(InvalidState::Undecided) => {}
        Err(error) => panic!("a state from play was refused: {error}"),
    }
}

/// An accepted seat's view: the history `PlayerView::replay` returns reaches a game that
/// shows exactly this view.
pub(crate) fn player_view(view: &PlayerView) {
    let replay = view.replay().expect("an accepted view has a history");
    let reached = replay.play().expect("a found history replays");
    assert_eq!(
        reached.player_view(view.seat),
        *view,
        "the history shows another view"
    );
}

/// An accepted public view: some seat's view with this public part has a history (the
/// hidden cards of a round are interchangeable and Yes is always a legal vote, so the seat
/// that was dealt first holding the lowest unseen card and voting Yes is such a view), and
/// the game it reaches shows exactly this public view.
pub(crate) fn public_view(view: &PublicView) {
    let seat_view = seat_view(view);
    match seat_view.replay() {
        Ok(replay) => {
            let reached = replay.play().expect("a found history replays");
            assert_eq!(
                reached.public_view(),
                *view,
                "the history shows another view"
            );
            assert_eq!(reached.player_view(seat_view.seat), seat_view);
        }
        // The seat's view may send the search down another path, which can run out.
        Err(InvalidState::Undecided) => {}
        Err(error) => panic!("an accepted public view has no seat's view: {error}"),
    }
}

/// The view of the first seat dealt (seat 0 if none), holding the lowest card nobody has
/// shown and, if it voted, Yes.
fn seat_view(view: &PublicView) -> PlayerView {
    let seat = view.dealt.lowest().unwrap_or(Seat::FIRST);
    let round = usize::from(view.round);
    let scored = view.rounds_scored > view.round;
    let deck = (1u64 << view.config.deck.len()) - 1;
    let unseen = deck & !u64::from(view.revealed_cards());
    let objective_card = if scored {
        view.revealed[round][seat.index()]
    } else if view.dealt.contains(seat) && unseen != 0 {
        CardId::new(unseen.trailing_zeros() as usize)
    } else {
        None
    };
    PlayerView {
        seat,
        public: *view,
        objective_card,
        vote: view.voted.contains(seat).then_some(Vote::Yes),
    }
}
