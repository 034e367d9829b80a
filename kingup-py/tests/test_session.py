"""kingup.Game as the core's session: seeds, saves, undo, notation, king, chance steps,
seat errors and sampling."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import kingup
from kingup import Action, Character, Phase, UndoError, UndoReason

from conftest import play_until


def played(seed: int, steps: int, **config: object) -> kingup.Game:
    """A game with ``steps`` random actions played, chosen by a ``random.Random(seed)``."""
    g = kingup.Game(seed=seed, **config)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# --- seeds --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5])
def test_same_seed_and_actions_give_the_same_save_bytes(players: int) -> None:
    a, b = played(9, 60, players=players), played(9, 60, players=players)
    assert a.to_json() == b.to_json() and a == b
    assert played(10, 60, players=players).to_json() != a.to_json()


def test_explicit_chance_with_a_seed_is_deterministic() -> None:
    a = kingup.Game(players=4, seed=3, chance="explicit")
    b = kingup.Game(players=4, seed=3, chance="explicit")
    assert a.is_chance and a.resolve_chance() == b.resolve_chance() >= 5
    assert a.history() == b.history() and not a.is_chance
    assert kingup.Game(players=4, seed=3).history() == a.history()


def test_resolve_chance_in_explicit_mode_after_outcomes_given_by_hand() -> None:
    g = kingup.Game(players=3, chance="explicit", first_player=1, seed=0)
    g.apply_chance(10)  # seat 0 gets card 0 by hand, the rest from the generator
    assert g.resolve_chance() == 2
    assert g.view(0).objective_card == 0 and g.to_move == 1
    assert g.resolve_chance() == 0


# --- saves --------------------------------------------------------------------------


@pytest.mark.parametrize("stop", [Phase.PLACEMENT, Phase.VOTE, None])
def test_a_save_loads_and_saves_again_byte_for_byte(stop: Phase | None) -> None:
    g = play_until(kingup.Game(players=4, seed=17), random.Random(2), stop)
    text = g.to_json()
    back = kingup.Game.from_json(text)
    assert back.to_json() == text and back == g
    assert pickle.loads(pickle.dumps(g)).to_json() == text
    doc = json.loads(text)
    assert list(doc) == ["format", "version", "config", "chance", "generator", "steps"]
    assert len(doc["steps"]) == len(g.history())


def test_a_save_goes_on_like_the_original() -> None:
    g = played(4, 30)
    back = kingup.Game.from_json(g.to_json())
    g.play_random()
    back.play_random()
    assert back.to_json() == g.to_json() and g.is_over


def test_steps_in_the_save_are_the_core_notation() -> None:
    g = kingup.Game(players=3, seed=5, first_player=2)
    g.apply(Action.parse("c1"))
    steps = json.loads(g.to_json())["steps"]
    assert steps[:3] == [f"chance: deal {card - 10}" for _, card in g.history()[:3]]
    assert steps[3] == "2: C1"


# --- undo ---------------------------------------------------------------------------


def test_undo_takes_back_the_seats_own_last_actions() -> None:
    g = kingup.Game(players=4, seed=1, first_player=0)
    fresh = g.clone()
    assert g.undoable == 0
    g.apply(Action.parse("B4"))
    g.apply(Action.parse("C4"), seat=1)
    assert g.undoable == 2
    err = unchanged_undo(g, 0)
    assert err.reason is UndoReason.NOT_YOUR_STEP and err.seat == 0
    g.undo(1)
    assert g.to_move == 1 and g.undoable == 1
    g.undo(0)
    assert g == fresh and g.to_json() == fresh.to_json()
    assert g.events(None) == fresh.events(None) and g.undoable == 0
    err = unchanged_undo(g, 0)
    assert err.reason is UndoReason.REVEALED  # the last step is the deal


def test_undo_with_nothing_played() -> None:
    g = kingup.Game(players=3, chance="explicit", seed=1)
    err = unchanged_undo(g, 0)
    assert err.reason is UndoReason.NOTHING_TO_UNDO
    assert str(err) == "nothing has been played"


def test_undo_stops_at_a_vote_reveal_and_at_random_play(vote_game: kingup.Game) -> None:
    g = vote_game
    g.apply(Action.VOTE_NO, seat=2)
    g.undo(2)  # a committed vote is still secret: it can be taken back
    assert 2 in g.voters
    g.apply(Action.VOTE_NO, seat=2)  # the candidate is eliminated: the round goes on
    for seat in g.voters:
        g.apply(Action.VOTE_YES, seat)
    assert g.phase is Phase.CLIMB
    last = g.history()[-1][0]
    assert last is not None
    assert unchanged_undo(g, last).reason is UndoReason.REVEALED
    r = kingup.Game(seed=2)
    r.play_random()
    assert unchanged_undo(r, 0).reason in (UndoReason.REVEALED, UndoReason.NOT_YOUR_STEP)


def test_undo_bad_arguments() -> None:
    g = kingup.Game(players=3, seed=1)
    with pytest.raises(TypeError):
        g.undo("0")  # type: ignore[arg-type]
    with pytest.raises(kingup.SeatError) as info:
        g.undo(3)
    assert info.value.reason == "no_such_seat"


def unchanged_undo(g: kingup.Game, seat: int) -> UndoError:
    before = g.to_json()
    with pytest.raises(UndoError) as info:
        g.undo(seat)
    assert g.to_json() == before
    return info.value


# --- notation, king, chance steps, seats --------------------------------------------


def test_action_notation_round_trips_every_action() -> None:
    texts = set()
    for action in Action.all():
        text = str(action)
        texts.add(text)
        assert Action.parse(text) == action and isinstance(Action.parse(text), Action)
        assert Action.parse(f"  {text.lower()} ") == action
        assert action.describe() == kingup._kingup.action_name(action)
    assert len(texts) == 67
    assert (str(Action.place("B", 4)), str(Action.climb("F"))) == ("B4", "F")
    assert Action.parse("YES") == Action.VOTE_YES


@pytest.mark.parametrize("bad", ["", "H", "B0", "B5", "B44", "yess", "4B", "climb F", "é" * 100])
def test_action_parse_refuses_anything_else(bad: str) -> None:
    with pytest.raises(ValueError, match="not a move") as info:
        Action.parse(bad)
    assert len(str(info.value)) < 200


def test_action_parse_wants_a_str() -> None:
    with pytest.raises(TypeError):
        Action.parse(4)  # type: ignore[arg-type]


def test_king_is_crowned_at_the_end_of_each_round() -> None:
    g = kingup.Game(players=3, seed=8, chance="explicit")
    g.resolve_chance()
    assert g.king is None and g.public_view().king is None
    kings = []
    while not g.is_over:
        g.apply(random.Random(len(g.history())).choice(g.legal_actions()))
        if g.is_chance:  # the round is scored: its King stands until the next deal
            assert isinstance(g.king, Character)
            assert g.public_view().king == g.king
            kings.append(g.king)
            g.resolve_chance()
        elif not g.is_over:
            assert g.king is None
    assert len(kings) == 2 and isinstance(g.king, Character)


def test_chance_steps_are_described() -> None:
    g = kingup.Game(players=4, chance="explicit", setup="random", seed=1)
    seen = []
    while g.is_chance:
        step = g.chance_step
        assert step is not None
        seen.append((step.kind, step.seat, step.character, str(step)))
        g.apply_chance(g.chance_outcomes()[0][0])
    assert seen[0] == ("first_player", None, None, "draw the first player")
    deals = [s for s in seen if s[0] == "deal"]
    assert [s[1] for s in deals] == [0, 1, 2, 3]
    assert deals[2][3] == "deal seat 2's objective"
    layouts = [s for s in seen if s[0] == "layout"]
    assert len(layouts) == 13 and {s[2] for s in layouts} == set(Character)
    assert layouts[0][3] == f"lay out {layouts[0][2]}"
    assert g.chance_step is None


@pytest.mark.parametrize("seat", [-1, 4, 2**64])
def test_seat_errors_carry_the_cores_reason(seat: int) -> None:
    g = kingup.Game(players=4, seed=1)
    with pytest.raises(kingup.SeatError) as info:
        g.view(seat)
    assert info.value.reason == "no_such_seat"
    with pytest.raises(kingup.IllegalActionError) as illegal:
        g.apply(0, seat=seat)
    assert illegal.value.reason is kingup.IllegalReason.NO_SUCH_SEAT
    assert "no such seat in a 4-player game" in str(illegal.value)


def test_turn_reasons_are_the_cores() -> None:
    g = kingup.Game(players=4, seed=1, first_player=0)
    with pytest.raises(kingup.IllegalActionError) as info:
        g.apply(Action.parse("A1"), seat=3)
    assert info.value.reason is kingup.IllegalReason.NOT_YOUR_TURN
    with pytest.raises(kingup.IllegalActionError) as bad:
        g.apply(67)
    assert bad.value.reason is kingup.IllegalReason.NO_SUCH_ACTION
    assert str(bad.value) == "action index 67 is out of range 0..67"
    e = kingup.Game(players=4, chance="explicit", seed=1)
    with pytest.raises(kingup.IllegalChanceError) as chance:
        e.apply_chance(42)
    assert chance.value.reason is kingup.ChanceReason.NO_SUCH_OUTCOME
    assert str(chance.value) == "chance outcome index 42 is out of range 0..42"


# --- sampling -----------------------------------------------------------------------


def test_sample_is_a_replay_that_keeps_the_seats_view(rng: random.Random) -> None:
    g = play_until(kingup.Game(players=5, seed=12), rng, Phase.CLIMB)
    for seed in range(10):
        world = g.sample(3, seed=seed)
        assert world.view(3) == g.view(3) and world.events(3) == g.events(3)
        assert world.public_view() == g.public_view()
        # It is a replay: it saves, loads and goes on like any game.
        assert kingup.Game.from_json(world.to_json()) == world
    cards = {g.sample(3, seed=s).view(0).objective_card for s in range(20)}
    assert len(cards) > 1 and g.view(0).objective_card is not None
    with pytest.raises(TypeError):
        g.sample(3, seed="1")  # type: ignore[arg-type]
