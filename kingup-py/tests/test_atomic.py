"""Error => unchanged, for every public call that changes something: each refused call
leaves the game's save document and event count (or the env's buffers, or the bot's
stream) exactly as they were, and the object plays on like a twin that never saw it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import kingup
from kingup import IllegalActionError, IllegalReason, Phase
from kingup.bots import HeuristicBot, IsmctsBot, RandomBot

from conftest import play_until


def state(game: kingup.Game) -> tuple[str, int]:
    """What must not change: the save document (config, steps, generator) and the log."""
    return game.to_json(), game.num_events


def refused(game: kingup.Game, call: Callable[[], object], error: type[BaseException]) -> BaseException:
    """Runs ``call`` on ``game``, expects ``error``, and checks nothing changed."""
    before = state(game)
    with pytest.raises(error) as info:
        call()
    assert state(game) == before
    return info.value


class Index:
    """An int-like argument whose ``__index__`` raises (user code failing mid-call)."""

    def __index__(self) -> int:
        raise ZeroDivisionError("broken __index__")


BAD_SEEDS: list[tuple[object, type[BaseException]]] = [
    (-1, kingup.InvalidConfigError),
    (2**64, kingup.InvalidConfigError),
    (10**100, kingup.InvalidConfigError),
    (1.5, TypeError),
    (True, TypeError),
    ("7", TypeError),
    (Index(), ZeroDivisionError),
]


@pytest.fixture
def placement() -> kingup.Game:
    return kingup.Game(players=4, seed=3, first_player=0)


@pytest.fixture
def voting(rng: random.Random) -> kingup.Game:
    """A game in its first vote, seat 0 having voted."""
    game = play_until(kingup.Game(players=4, seed=21), rng, Phase.VOTE)
    game.apply(kingup.Action.VOTE_YES, 0)
    return game


@pytest.mark.parametrize(
    ("action", "seat", "error"),
    [
        (67, None, IllegalActionError),
        (-1, None, IllegalActionError),
        (10**40, None, IllegalActionError),
        (52, None, IllegalActionError),  # a climb in placement
        (0, 1, IllegalActionError),  # not seat 1's turn
        (0, 4, IllegalActionError),  # no seat 4
        (0, 10**30, IllegalActionError),
        ("0", None, TypeError),
        (True, None, TypeError),
        (0.0, None, TypeError),
        (None, None, TypeError),
        (0, 1.0, TypeError),
        (Index(), None, ZeroDivisionError),
        (0, Index(), ZeroDivisionError),
    ],
)
def test_apply(placement: kingup.Game, action: Any, seat: Any, error: type[BaseException]) -> None:
    refused(placement, lambda: placement.apply(action, seat), error)


def test_apply_in_a_vote(voting: kingup.Game) -> None:
    err = refused(voting, lambda: voting.apply(kingup.Action.VOTE_NO, 0), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.ALREADY_VOTED
    refused(voting, lambda: voting.apply(kingup.Action.climb("A"), 1), IllegalActionError)


@pytest.mark.parametrize(
    ("outcome", "error"),
    [(42, kingup.IllegalChanceError), (-1, kingup.IllegalChanceError), (0, kingup.IllegalChanceError),
     (2**70, kingup.IllegalChanceError), ("1", TypeError), (False, TypeError), (Index(), ZeroDivisionError)],
)
def test_apply_chance(outcome: Any, error: type[BaseException]) -> None:
    explicit = kingup.Game(players=3, chance="explicit", first_player=0, seed=2)
    explicit.apply_chance(10)  # seat 0's deal: card 0 is gone
    refused(explicit, lambda: explicit.apply_chance(outcome), error)
    refused(explicit, lambda: explicit.apply_chance(10), kingup.IllegalChanceError)
    auto = kingup.Game(seed=2)
    refused(auto, lambda: auto.apply_chance(12), kingup.IllegalChanceError)


def test_resolve_chance_with_nothing_pending_changes_nothing() -> None:
    # It refuses nothing; with no chance step pending it must not touch the game either.
    for game in (kingup.Game(seed=4), kingup.Game(seed=4, chance="explicit")):
        game.resolve_chance()
        before = state(game)
        assert game.resolve_chance() == 0
        assert state(game) == before


@pytest.mark.parametrize(
    ("seat", "error"),
    [(0, kingup.UndoError), (2, kingup.UndoError), (4, kingup.SeatError), (-1, kingup.SeatError),
     (2**65, kingup.SeatError), ("0", TypeError), (True, TypeError), (Index(), ZeroDivisionError)],
)
def test_undo(placement: kingup.Game, seat: Any, error: type[BaseException]) -> None:
    refused(placement, lambda: placement.undo(seat), error)  # nothing played by seat 0 yet
    placement.apply(placement.legal_actions()[0])
    if seat == 0:
        placement.undo(0)
        return
    refused(placement, lambda: placement.undo(seat), error)


def test_undo_after_a_reveal(voting: kingup.Game) -> None:
    for seat in voting.voters:
        voting.apply(kingup.Action.VOTE_YES, seat)
    for seat in range(4):
        refused(voting, lambda s=seat: voting.undo(s), kingup.UndoError)  # type: ignore[misc]


@pytest.mark.parametrize(("seed", "error"), BAD_SEEDS)
def test_play_random_with_a_bad_seed(placement: kingup.Game, seed: Any, error: type[BaseException]) -> None:
    refused(placement, lambda: placement.play_random(seed), error)
    twin = kingup.Game.from_json(placement.to_json())
    assert placement.play_random() == twin.play_random() and state(placement) == state(twin)


# --- VectorEnv -------------------------------------------------------------------------


def env_state(env: kingup.VectorEnv) -> list[npt.NDArray[Any]]:
    arrays = (env.observations, env.action_masks, env.rewards, env.dones, env.seats,
              env.final_totals, env.game_seeds)
    return [a.copy() for a in arrays]


def legal_actions(env: kingup.VectorEnv, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    masks = env.action_masks
    return np.where(masks == 1, rng.random(masks.shape), -1.0).argmax(axis=1)


def env_refused(env: kingup.VectorEnv, call: Callable[[], object], error: type[BaseException]) -> None:
    before, seed = env_state(env), env.seed
    with pytest.raises(error):
        call()
    after = env_state(env)
    assert env.seed == seed and all(np.array_equal(a, b) for a, b in zip(before, after, strict=True))


def test_vector_env_step_and_reset() -> None:
    env, twin = kingup.VectorEnv(5, seed=8), kingup.VectorEnv(5, seed=8)
    rng = np.random.default_rng(1)
    for _ in range(30):
        actions = legal_actions(env, rng)
        env.step(actions)
        twin.step(actions)
    good = legal_actions(env, rng)
    illegal = good.copy()
    illegal[3] = int(np.flatnonzero(env.action_masks[3] == 0)[0])
    for bad, error in [
        (illegal, IllegalActionError),
        (good[:4], ValueError),
        (np.append(good, 0), ValueError),
        (good.astype(np.float64), TypeError),
        ([*good.tolist()[:4], "1"], TypeError),
        ([*good.tolist()[:4], Index()], ZeroDivisionError),
        ([*good.tolist()[:4], True], TypeError),
        (None, TypeError),
    ]:
        env_refused(env, lambda b=bad: env.step(b), error)  # type: ignore[misc]
    for seed, error in BAD_SEEDS:
        env_refused(env, lambda s=seed: env.reset(s), error)  # type: ignore[misc]
    # Still the twin's games.
    for _ in range(30):
        actions = legal_actions(env, rng)
        env.step(actions)
        twin.step(actions)
    assert all(np.array_equal(a, b) for a, b in zip(env_state(env), env_state(twin), strict=True))


# --- Bots ------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [RandomBot, HeuristicBot, lambda s: IsmctsBot(s, iterations=50)])
def test_a_bots_refusal_changes_neither_the_game_nor_the_bot(make: Any, voting: kingup.Game) -> None:
    bot, twin = make(5), make(5)
    for seat, error in [(0, IllegalActionError), (4, kingup.SeatError), (-3, kingup.SeatError),
                        (2**70, kingup.SeatError), ("1", TypeError), (True, TypeError),
                        (Index(), ZeroDivisionError)]:
        refused(voting, lambda s=seat: bot.choose(voting, s), error)  # type: ignore[misc]
    refused(voting, lambda: bot.choose("game"), TypeError)  # type: ignore[arg-type]
    # The bot's stream did not move: it decides like its twin.
    seat = voting.voters[0]
    assert bot.choose(voting, seat) == twin.choose(voting, seat)


# --- PettingZoo ------------------------------------------------------------------------


def test_pettingzoo_step() -> None:
    pytest.importorskip("pettingzoo")
    from kingup.pettingzoo import raw_env

    env = raw_env(players=4)
    env.reset(seed=2)
    for bad, error in [(66, IllegalActionError), (99, IllegalActionError), (None, TypeError),
                       ("0", TypeError), (True, TypeError)]:
        before = (state(env.game), env.agent_selection, dict(env.rewards), dict(env._cumulative_rewards))
        with pytest.raises(error):
            env.step(bad)
        after = (state(env.game), env.agent_selection, dict(env.rewards), dict(env._cumulative_rewards))
        assert after == before


# --- OpenSpiel -------------------------------------------------------------------------


def openspiel_vote() -> Any:
    """A python_kingup state at its first vote (a simultaneous node)."""
    pytest.importorskip("pyspiel")
    from kingup import openspiel

    state_ = openspiel.load(players=4).new_initial_state()
    rng = np.random.default_rng(3)
    while not state_.is_simultaneous_node():
        if state_.is_chance_node():
            outcomes, probs = zip(*state_.chance_outcomes())
            state_.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state_.apply_action(int(rng.choice(state_.legal_actions())))
    return state_


def os_refused(state_: Any, call: Callable[[], object], error: type[BaseException]) -> BaseException:
    before = (state(state_.game), state_.history(), list(state_.rewards()))
    with pytest.raises(error) as info:
        call()
    assert (state(state_.game), state_.history(), list(state_.rewards())) == before
    return info.value


def test_openspiel_apply_actions_is_whole_or_nothing() -> None:
    vote = openspiel_vote()
    yes, no = kingup.Action.VOTE_YES, kingup.Action.VOTE_NO
    # An illegal entry after legal ones: nothing is committed (it used to be).
    err = os_refused(vote, lambda: vote.apply_actions([yes, yes, yes, 3]), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.seat == 3
    assert vote.game.voters == [0, 1, 2, 3]
    # Short, long: refused whole, with their own reason.
    for bad in ([yes, no], [yes] * 5, []):
        err = os_refused(vote, lambda b=bad: vote.apply_actions(b), IllegalActionError)  # type: ignore[misc]
        assert isinstance(err, IllegalActionError)
        assert err.reason is IllegalReason.NOT_A_JOINT_ACTION and "one entry per player (4)" in str(err)
    os_refused(vote, lambda: vote.apply_actions([yes, yes, yes, -1]), IllegalActionError)
    os_refused(vote, lambda: vote.apply_actions([yes, yes, yes, "x"]), TypeError)
    # The full legal joint action still applies.
    vote.apply_actions([yes, no, yes, yes])
    assert "seat 1 votes No" in vote.information_state_string(1)


def test_openspiel_seats_that_already_voted_pass_invalid_action() -> None:
    import pyspiel

    vote = openspiel_vote()
    yes = kingup.Action.VOTE_YES
    vote.game.apply(yes, 2)  # played on the game directly: seat 2 has voted
    assert vote.legal_actions(2) == [] and vote.legal_actions(1) == [65, 66]
    err = os_refused(vote, lambda: vote.apply_actions([yes, yes, yes, yes]), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.ALREADY_VOTED
    vote.apply_actions([yes, yes, pyspiel.INVALID_ACTION, yes])
    assert "seat 2 votes Yes" in vote.information_state_string(2)


def test_openspiel_flat_joint_actions() -> None:
    vote = openspiel_vote()
    flats = vote.legal_actions()
    assert flats == list(range(16))  # four seats, Yes or No each
    os_refused(vote, lambda: vote.apply_action(16), IllegalActionError)
    os_refused(vote, lambda: vote.apply_action(10**6), IllegalActionError)
    twin = vote.clone()
    vote.apply_action(0b0010)  # seat 1 votes No (its second legal action), the others Yes
    twin.apply_actions([65, 66, 65, 65])
    assert vote.game == twin.game  # (pyspiel records the flat index in the history)


def test_openspiel_sequential_apply_action() -> None:
    pytest.importorskip("pyspiel")
    from kingup import openspiel

    state_ = openspiel.load(players=3).new_initial_state()
    os_refused(state_, lambda: state_.apply_action(41), kingup.IllegalChanceError)
    while state_.is_chance_node():
        state_.apply_action(state_.chance_outcomes()[0][0])
    os_refused(state_, lambda: state_.apply_action(66), IllegalActionError)
    os_refused(state_, lambda: state_.apply_action(67), IllegalActionError)
