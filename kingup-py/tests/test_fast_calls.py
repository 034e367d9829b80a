"""The per-step calls' fast paths (`is_over`, `legal_actions()`, `apply(int)`): every call
they do not take (other argument forms, bad arguments, illegal actions, a game another
thread holds) answers exactly as the full methods do, for both games."""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import kingup
import kingup.court

GAMES: dict[str, Callable[[], Any]] = {
    "kingup": lambda: kingup.Game(players=4, seed=3),
    "court": lambda: kingup.court.Game(players=3, seed=3, max_rounds=20),
}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Any:
    return GAMES[request.param]()


def test_the_calls_keep_their_signatures_and_docs(game: Any) -> None:
    cls = type(game)
    assert str(inspect.signature(cls.apply)) == "(self, /, action, seat=None)"
    assert str(inspect.signature(cls.legal_actions)) == "(self, /, seat=None)"
    assert cls.apply.__doc__.startswith("Plays `action` for `seat`")
    assert cls.legal_actions.__doc__
    assert cls.is_over.__doc__ == "Whether the game is over."


def test_every_argument_form_plays_the_same_game(game: Any) -> None:
    twin = type(game).from_json(game.to_json())
    forms: list[Callable[[Any, int], None]] = [
        lambda g, a: g.apply(a),
        lambda g, a: g.apply(a, None),
        lambda g, a: g.apply(action=a),
        lambda g, a: g.apply(a, seat=g.to_move),
        lambda g, a: g.apply(np.int64(a)),
        lambda g, a: type(g).apply(g, a),
    ]
    for step in range(60):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal == game.legal_actions(None) == game.legal_actions(seat=game.to_move)
        assert legal == twin.legal_actions(game.to_move)
        action = legal[step % len(legal)]
        forms[step % len(forms)](game, action)
        twin.apply(action, seat=twin.to_move)
        assert game.to_json() == twin.to_json()
        assert game.is_over is twin.is_over


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (2**70, kingup.errors.IllegalActionError),
        (-1, kingup.errors.IllegalActionError),
        (10_000, kingup.errors.IllegalActionError),
        (True, TypeError),
        ("1", TypeError),
        (1.0, TypeError),
        (None, TypeError),
    ],
)
def test_bad_actions_raise_the_full_methods_errors_and_change_nothing(
    game: Any, action: Any, error: type[Exception]
) -> None:
    before = game.to_json()
    with pytest.raises(error) as raised:
        game.apply(action)
    if error is kingup.errors.IllegalActionError:
        assert raised.value.reason == "no_such_action"  # type: ignore[attr-defined]
    assert game.to_json() == before


def test_an_illegal_action_is_refused_with_its_reason(game: Any) -> None:
    legal = set(game.legal_actions())
    count = kingup.NUM_ACTIONS if isinstance(game, kingup.Game) else kingup.court.NUM_ACTIONS
    illegal = next(a for a in range(count) if a not in legal)
    before = game.to_json()
    with pytest.raises(kingup.errors.IllegalActionError) as raised:
        game.apply(illegal)
    assert raised.value.action == illegal and raised.value.seat == game.to_move
    assert game.to_json() == before


def test_wrong_arguments_are_refused_as_before(game: Any) -> None:
    with pytest.raises(TypeError):
        game.apply()
    with pytest.raises(TypeError):
        game.apply(0, 0, 0)
    with pytest.raises(TypeError):
        game.apply(0, colour=1)
    with pytest.raises(TypeError):
        game.legal_actions(0, 0)
    with pytest.raises(TypeError):
        game.legal_actions(who=0)
    with pytest.raises(TypeError):
        type(game).apply(object(), 0)
    with pytest.raises(TypeError):
        type(game).is_over.__get__(object())


def test_a_finished_game_refuses_moves_and_has_none(game: Any) -> None:
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.legal_actions() == []
    with pytest.raises(kingup.errors.IllegalActionError) as raised:
        game.apply(0)
    assert raised.value.reason == "game_over"


def test_calls_from_two_threads_never_interleave(game: Any) -> None:
    # Each thread plays whole steps; whichever call finds the game locked takes the full
    # path and waits. The game stays a valid replay of the steps played.
    errors: list[BaseException] = []

    def play() -> None:
        try:
            for _ in range(200):
                legal = game.legal_actions()
                if game.is_over or not legal:
                    return
                try:
                    game.apply(legal[0])
                except kingup.errors.IllegalActionError:
                    pass  # the other thread moved first: the list was stale
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=play) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert type(game).from_json(game.to_json()).to_json() == game.to_json()
