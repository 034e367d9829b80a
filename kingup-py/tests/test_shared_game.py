"""The API both ``Game`` classes share: one implementation, so the same names, arguments,
errors and behaviour in King Up! and To Court the King."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pytest

import kingup
from kingup import court
from kingup.errors import IllegalActionError, IllegalChanceError, SeatError


def king_up(**kwargs: Any) -> Any:
    return kingup.Game(players=4, **kwargs)


def to_court(**kwargs: Any) -> Any:
    return court.Game(players=3, max_rounds=30, **kwargs)


GAMES: list[tuple[Callable[..., Any], int, Any, type]] = [
    (king_up, kingup.NUM_ACTIONS, kingup, IllegalActionError),
    (to_court, court.NUM_ACTIONS, court, court.IllegalActionError),
]


@pytest.fixture(params=GAMES, ids=["king_up", "court"])
def game(request: pytest.FixtureRequest) -> tuple[Callable[..., Any], int, Any, type]:
    return request.param  # type: ignore[no-any-return]


def test_the_shared_methods_are_the_same_in_both_games() -> None:
    shared = {
        "players", "chance", "is_over", "is_chance", "to_move", "winners", "returns",
        "legal_actions", "action_mask", "is_legal", "apply", "chance_outcomes",
        "apply_chance", "resolve_chance", "play_random", "undo", "undoable", "observation",
        "events", "num_events", "history", "steps", "clone", "to_json", "from_json",
    }
    for cls in (kingup.Game, court.Game):
        missing = {name for name in shared if not hasattr(cls, name)}
        assert not missing, f"{cls.__module__}.{cls.__name__} lacks {missing}"


def test_masks_list_and_legality_agree(game: Any) -> None:
    make, num_actions, _, _ = game
    g = make(seed=5)
    for _ in range(40):
        if g.is_over:
            break
        mask = g.action_mask()
        assert mask.dtype == np.int8 and mask.shape == (num_actions,)
        legal = g.legal_actions()
        assert legal == [int(i) for i in np.flatnonzero(mask)]
        assert all(g.is_legal(a) for a in legal)
        assert not any(g.is_legal(a) for a in range(num_actions) if a not in legal)
        assert not g.is_legal(num_actions) and not g.is_legal(-1)
        g.apply(legal[len(legal) // 2])


def test_winners_and_returns_at_the_end(game: Any) -> None:
    make, _, _, _ = game
    g = make(seed=11)
    assert g.winners is None and g.returns() == [0.0] * g.players
    g.play_random()
    assert g.is_over
    winners = g.winners
    assert winners is not None
    shares = g.returns("win")
    assert [i for i, r in enumerate(shares) if r > 0] == winners
    assert sum(shares) == pytest.approx(1.0 if winners else 0.0)
    assert sum(g.returns("margin")) == pytest.approx(0.0)
    with pytest.raises(kingup.InvalidConfigError):
        g.returns("wins")


def test_play_random_with_a_seed_is_the_seeds_game(game: Any) -> None:
    make, _, _, _ = game
    a, b, c = make(seed=1), make(seed=1), make(seed=1)
    a.play_random(seed=9)
    b.play_random(seed=9)
    c.play_random(seed=10)
    assert a.steps() == b.steps() and a.history() == b.history() and a == b
    assert a.steps() != c.steps()
    assert len(a.steps()) == len(a.history())


def test_nobody_may_act_once_the_game_is_over(game: Any) -> None:
    make, _, _, error = game
    g = make(seed=3)
    g.play_random()
    text = g.to_json()
    with pytest.raises(error) as caught:
        g.apply(0)
    assert caught.value.reason == "game_over" and caught.value.seat is None
    assert str(caught.value).startswith("nobody can ") and "the game is over" in str(caught.value)
    assert g.legal_actions() == [] and not g.action_mask().any()
    assert g.to_json() == text


def test_a_seat_that_does_not_play(game: Any) -> None:
    make, _, _, error = game
    g = make(seed=3)
    text = g.to_json()
    with pytest.raises(error) as caught:
        g.apply(0, seat=7)
    assert caught.value.reason == "no_such_seat" and caught.value.seat == 7
    with pytest.raises(SeatError):
        g.legal_actions(seat=7)
    with pytest.raises(SeatError):
        g.events(seat=-1)
    with pytest.raises(error) as caught:
        g.apply(10_000)
    assert caught.value.reason == "no_such_action"
    assert g.to_json() == text


def test_explicit_chance_by_index(game: Any) -> None:
    make, _, _, _ = game
    g = make(seed=4, chance="explicit")
    assert g.is_chance and g.to_move is None
    outcomes = g.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(IllegalChanceError) as caught:
        g.apply_chance(10_000)
    assert caught.value.reason == "no_such_outcome"
    g.apply_chance(outcomes[0][0])
    assert g.history()[0] == (None, outcomes[0][0])
    assert g.resolve_chance() >= 0


def test_events_since_and_for_a_seat(game: Any) -> None:
    make, _, _, _ = game
    g = make(seed=8)
    g.play_random()
    everything = g.events()
    assert len(everything) == g.num_events > 2
    assert g.events(since=2) == everything[2:]
    assert len(g.events(0)) == len(everything)
    with pytest.raises(ValueError):
        g.events(since=-1)


def test_copies_equality_saves_and_undo(game: Any) -> None:
    make, _, _, _ = game
    g = make(seed=6)
    g.apply(g.legal_actions()[0])
    copy = g.clone()
    assert copy == g and copy is not g and copy != object()
    assert type(g).from_json(g.to_json()) == g
    seat = g.to_move
    if g.undoable:
        last = g.history()[-1][0]
        g.undo(last)
        assert g != copy
    else:
        with pytest.raises(kingup.UndoError):
            g.undo(seat)
