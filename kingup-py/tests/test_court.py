"""``kingup.court``: To Court the King through the binding — construction, moves, chance,
errors that change nothing, observations, events, notation, saves, pickle and the bots."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

import kingup
from kingup import court
from kingup.court import Game, IllegalActionError, IllegalReason


def state(game: Game) -> tuple[str, int]:
    """What must not change on a refused call: the save document and the event count."""
    return game.to_json(), game.num_events


def refused(game: Game, call: object, error: type[BaseException]) -> BaseException:
    before = state(game)
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    assert state(game) == before
    return info.value


def scripted(first: int = 0, players: int = 3) -> Game:
    """A game with explicit chance where ``first`` starts and has rolled 5-5-5."""
    g = Game(players=players, first_player=first, chance="explicit", seed=1)
    g.apply(court.parse_action("roll"))
    for _ in range(3):
        g.apply_chance(4)  # die 5
    return g


def test_constants() -> None:
    assert court.NUM_ACTIONS == 238
    assert court.NUM_CHANCE_OUTCOMES == 12
    assert court.OBSERVATION_LEN == 257 == sum(n for _, n in court.OBSERVATION_FIELDS)
    assert (court.MIN_PLAYERS, court.MAX_PLAYERS) == (2, 5)
    assert court.SIMULATION_ROUNDS == 100
    assert court.MAX_SAVE_LEN == 16 << 20
    assert court.CARDS[0] == "jester" and court.CARDS[19] == "king" and len(court.CARDS) == 20


def test_construction_and_config() -> None:
    g = Game(seed=3)
    assert (g.players, g.first_player, g.unlimited_jesters, g.preroll_abilities) == (4, None, False, True)
    assert g.max_rounds is None and g.chance == "auto"
    # The first player is drawn at once with automatic chance: a seat is to move.
    assert g.phase == "pre_roll" and g.stage == "normal" and g.round == 0
    assert g.to_move == g.start_player and not g.is_chance and g.chance_step is None
    v = Game(players=5, first_player=4, unlimited_jesters=True, preroll_abilities=False, max_rounds=7)
    assert (v.players, v.first_player, v.unlimited_jesters, v.preroll_abilities, v.max_rounds) == (
        5, 4, True, False, 7,
    )
    assert v.to_move == 4 and v.supply[0] is None  # the Jester never sells out
    assert Game(players=2).supply[0] == 2  # a Jester per player
    # numpy integers are ints
    assert Game(players=np.int64(3), seed=np.uint64(5), max_rounds=np.int32(4)).players == 3


@pytest.mark.parametrize(
    ("kwargs", "error", "reason"),
    [
        ({"players": 1}, kingup.InvalidConfigError, "players"),
        ({"players": 6}, kingup.InvalidConfigError, "players"),
        ({"players": 2**70}, kingup.InvalidConfigError, "players"),
        ({"players": -3}, kingup.InvalidConfigError, "players"),
        ({"first_player": 3, "players": 3}, kingup.InvalidConfigError, "first_player"),
        ({"first_player": -1}, kingup.InvalidConfigError, "first_player"),
        ({"max_rounds": 0}, kingup.InvalidConfigError, "max_rounds"),
        ({"max_rounds": -1}, kingup.InvalidConfigError, "max_rounds"),
        ({"max_rounds": 2**40}, kingup.InvalidConfigError, "max_rounds"),
        ({"chance": "sometimes"}, kingup.InvalidConfigError, None),
        ({"chance": "x" * 10**6}, kingup.InvalidConfigError, None),
        ({"seed": -1}, kingup.InvalidConfigError, None),
        ({"seed": 2**64}, kingup.InvalidConfigError, None),
        ({"players": "3"}, TypeError, None),
        ({"players": 3.0}, TypeError, None),
        ({"players": True}, TypeError, None),
        ({"unlimited_jesters": 1}, TypeError, None),
        ({"preroll_abilities": "yes"}, TypeError, None),
        ({"max_rounds": [3]}, TypeError, None),
        ({"chance": 1}, TypeError, None),
        ({"seed": 1.5}, TypeError, None),
    ],
)
def test_bad_configs_are_typed_errors(kwargs: dict[str, object], error: type[Exception], reason: str | None) -> None:
    with pytest.raises(error) as info:
        Game(**kwargs)  # type: ignore[arg-type]
    assert len(str(info.value)) < 200  # a huge input is never echoed whole
    if error is kingup.InvalidConfigError:
        assert isinstance(info.value, ValueError)
        assert info.value.reason == reason  # type: ignore[attr-defined]


def test_same_seed_same_game() -> None:
    a, b = Game(players=3, seed=11, max_rounds=10), Game(players=3, seed=11, max_rounds=10)
    assert a.play_random() == b.play_random() > 0
    assert a == b and a.to_json() == b.to_json()
    assert a.is_over and (a.winner is not None or a.is_truncated)
    other = Game(players=3, seed=12, max_rounds=10)
    other.play_random()
    assert other.to_json() != a.to_json()


def test_explicit_chance_with_probabilities() -> None:
    g = Game(players=4, chance="explicit", seed=2)
    assert g.is_chance and g.to_move is None and g.chance_step == "first_player" and g.phase == "setup"
    outcomes = g.chance_outcomes()
    assert outcomes == [(6, 0.25), (7, 0.25), (8, 0.25), (9, 0.25)]
    assert [court.chance_notation(o) for o, _ in outcomes] == ["first 0", "first 1", "first 2", "first 3"]
    e = refused(g, lambda: g.apply_chance(0), kingup.IllegalChanceError)  # a die, not a seat
    assert e.reason == kingup.ChanceReason.WRONG_STEP  # type: ignore[attr-defined]
    e = refused(g, lambda: g.apply_chance(10), kingup.IllegalChanceError)  # seat 4 of 4
    assert e.reason == kingup.ChanceReason.NO_SUCH_SEAT  # type: ignore[attr-defined]
    for bad in (12, -1, 2**80):
        e = refused(g, lambda: g.apply_chance(bad), kingup.IllegalChanceError)
        assert e.reason == kingup.ChanceReason.NO_SUCH_OUTCOME  # type: ignore[attr-defined]
    refused(g, lambda: g.apply_chance("die 1"), TypeError)
    e = refused(g, lambda: g.apply(0), IllegalActionError)
    assert e.reason == IllegalReason.CHANCE_PENDING  # type: ignore[attr-defined]
    g.apply_chance(8)
    assert g.to_move == 2 and g.start_player == 2
    g.apply(0)  # roll: three dice, three chance steps
    assert g.chance_step == "die" and g.phase == "rolling"
    faces = g.chance_outcomes()
    assert [o for o, _ in faces] == list(range(6)) and sum(p for _, p in faces) == pytest.approx(1.0)
    assert g.resolve_chance() == 3 and g.phase == "dice" and sum(g.active) == 3
    assert g.resolve_chance() == 0
    auto = Game(players=2, seed=1)
    e = refused(auto, lambda: auto.apply_chance(0), kingup.IllegalChanceError)
    assert e.reason == kingup.ChanceReason.NOT_CHANCE  # type: ignore[attr-defined]


def test_the_rulebooks_555_buys_the_guard() -> None:
    """The rulebook's first example (docs/court-rules.md, T0) through the binding: 5-5-5
    and no card may buy the Jester, Farmer, Maid, Laborer and Guard."""
    g = scripted()
    assert g.active == [0, 0, 0, 0, 3, 0] and g.aside == [0] * 6
    assert g.legal_actions() == [court.parse_action("keep 5")]
    for _ in range(3):
        g.apply(court.parse_action("keep 5"))
    assert g.phase == "buy" and g.aside == [0, 0, 0, 0, 3, 0]
    buys = [court.action_notation(a) for a in g.legal_actions()]
    assert buys == ["buy jester", "buy farmer", "buy maid", "buy laborer", "buy guard", "pass"]
    g.apply(court.parse_action("buy guard"))
    assert g.cards(0) == ["guard"] and g.to_move == 1 and g.hand(0) == 3
    assert g.supply[court.CARDS.index("guard")] == 1  # 3 players: 2 copies
    kinds = [e.kind for e in g.events()]
    assert kinds[-3:] == ["result_set", "bought", "turn_started"]
    bought = g.events()[-2]
    assert bought.to_dict() == {"type": "bought", "seat": 0, "card": "guard"}
    assert str(bought) == "seat 0 buys the Guard"
    assert g.steps()[:3] == ["0: roll", "chance: die 5", "chance: die 5"]
    assert g.history()[:2] == [(0, 0), (None, 4)]


def test_readable_state_one_meaning_per_name() -> None:
    """Dice in hand before the first roll, dice still to roll during it; the cards in front
    of a seat split by kind; the round's order and the final round read from the state."""
    g = Game(players=3, first_player=0, chance="explicit", seed=1)
    assert (g.phase, g.dice_in_hand, g.dice_to_roll) == ("pre_roll", 3, 0)
    assert g.round_order == [0, 1, 2] and g.final_turn(0) is None
    g.apply(court.parse_action("roll"))
    assert (g.phase, g.dice_in_hand, g.dice_to_roll) == ("rolling", 0, 3)
    g.apply_chance(4)  # die 5
    assert g.dice_to_roll == 2
    for _ in range(2):
        g.apply_chance(4)
    for _ in range(3):
        g.apply(court.parse_action("keep 5"))
    g.apply(court.parse_action("buy jester"))
    assert g.cards(0) == ["jester"] and g.characters(0) == [] and g.has_jester(0)
    assert g.max_dice(0) == 3 and not g.has_jester(1)
    with pytest.raises(ValueError):
        g.final_turn(7)


def test_a_position_set_up_by_hand_plays_and_saves() -> None:
    """A position document, edited by hand: accepted when the rules reach it (the game's
    steps are its history, so it saves and loads), refused with a reason otherwise, and a
    wrong type or a broken document is a typed error."""
    import json

    g = Game(players=2, first_player=0, seed=3)
    position = json.loads(g.position())
    position.update(round=1, start_player=1, turn_seat=0)
    position["cards"][0] = ["farmer"]
    h = Game.from_position(json.dumps(position), seed=5)
    assert h.cards(0) == ["farmer"] and h.hand(0) == 4 and h.to_move == 0
    assert json.loads(h.position()) == position
    assert Game.from_json(h.to_json()) == h
    h.play_random()
    assert h.is_over

    position["cards"][0] = ["farmer", "guard"]  # two cards in one turn
    with pytest.raises(kingup.InvalidStateError) as refused:
        Game.from_position(json.dumps(position))
    assert refused.value.reason == "purchases"
    position["cards"][0] = ["farmer"]
    position["start_player"] = 0
    with pytest.raises(kingup.InvalidStateError) as refused:
        Game.from_position(json.dumps(position))
    assert refused.value.reason == "start_player"
    with pytest.raises(kingup.InvalidStateError):
        Game.from_position('{"round": 1}')
    with pytest.raises(TypeError):
        Game.from_position(position)  # type: ignore[arg-type]


def test_legal_actions_mask_and_is_legal_agree() -> None:
    rng = random.Random(5)
    g = Game(players=3, seed=9, max_rounds=8)
    checked = 0
    while not g.is_over:
        seat = g.to_move
        assert seat is not None
        legal = g.legal_actions()
        mask = g.legal_mask()
        assert mask.dtype == np.int8 and mask.shape == (238,)
        assert list(np.flatnonzero(mask)) == legal == g.legal_actions(seat)
        assert all(g.is_legal(a) for a in legal)
        assert not any(g.is_legal(a) for a in range(238) if a not in legal)
        other = (seat + 1) % 3
        assert g.legal_actions(other) == [] and not g.legal_mask(other).any()
        assert not g.is_legal(legal[0], other)
        assert not g.is_legal(238) and not g.is_legal(-1)
        g.apply(rng.choice(legal))
        checked += 1
    assert checked > 50
    assert g.legal_actions() == [] and not g.legal_mask().any()


def test_apply_refusals_change_nothing() -> None:
    g = Game(players=3, first_player=1, seed=4)
    cases: list[tuple[object, object, type[Exception], IllegalReason | None]] = [
        (238, None, IllegalActionError, IllegalReason.NO_SUCH_ACTION),
        (-1, None, IllegalActionError, IllegalReason.NO_SUCH_ACTION),
        (2**100, None, IllegalActionError, IllegalReason.NO_SUCH_ACTION),
        (court.parse_action("buy king"), None, IllegalActionError, IllegalReason.WRONG_PHASE),
        (court.parse_action("keep 4"), None, IllegalActionError, IllegalReason.WRONG_PHASE),
        (court.parse_action("pre guard"), None, IllegalActionError, IllegalReason.NOT_OWNED),
        (0, 0, IllegalActionError, IllegalReason.NOT_YOUR_TURN),
        (0, 3, IllegalActionError, IllegalReason.NO_SUCH_SEAT),
        (0, -1, IllegalActionError, IllegalReason.NO_SUCH_SEAT),
        ("roll", None, TypeError, None),
        (0.0, None, TypeError, None),
        (True, None, TypeError, None),
        (None, None, TypeError, None),
        ([0], None, TypeError, None),
        (0, "1", TypeError, None),
    ]
    for action, seat, error, reason in cases:
        e = refused(g, lambda: g.apply(action, seat), error)  # type: ignore[arg-type]
        if reason is not None:
            assert isinstance(e, IllegalActionError) and isinstance(e, kingup.IllegalActionError)
            assert e.reason == reason, (action, seat, e)
            assert len(str(e)) < 200
    e = refused(g, lambda: g.apply(court.parse_action("buy king")), IllegalActionError)
    assert str(e) == "seat 1 cannot buy the King: this is not possible in the pre-roll phase"
    assert (e.seat, e.action) == (1, 236)  # type: ignore[attr-defined]
    g.apply(np.int64(0))  # numpy ints are actions
    assert g.phase == "dice"
    # a die must be set aside before rolling again
    e = refused(g, lambda: g.apply(0), IllegalActionError)
    assert e.reason == IllegalReason.MUST_SET_ASIDE  # type: ignore[attr-defined]
    over = Game(players=2, seed=1, max_rounds=1)
    over.play_random()
    e = refused(over, lambda: over.apply(0), IllegalActionError)
    assert e.reason == IllegalReason.GAME_OVER and e.seat is None  # type: ignore[attr-defined]


def test_seat_queries_refuse_seats_that_do_not_play() -> None:
    g = Game(players=2, seed=1)
    for call in (g.cards, g.hand, g.charlatans, g.final_result, g.observation, g.legal_actions):
        with pytest.raises(kingup.SeatError):
            call(2)
        with pytest.raises(TypeError):
            call("0")  # type: ignore[arg-type]
    assert g.final_result(0) is None and g.charlatans(0) == 0


def test_observation_layout() -> None:
    g = Game(players=3, first_player=1, seed=3)
    obs = g.observation(1)
    assert obs.dtype == np.float32 and obs.shape == (257,)
    assert list(obs[court.observation_field("players")]) == [0, 1, 0, 0]
    assert list(obs[court.observation_field("to_move")]) == [1, 0, 0, 0, 0]  # the viewer's slot
    assert list(g.observation(0)[court.observation_field("to_move")]) == [0, 1, 0, 0, 0]
    assert list(obs[court.observation_field("hand")]) == [3, 3, 3, 0, 0]
    assert list(obs[court.observation_field("phase")]) == [0, 1, 0, 0, 0, 0, 0]  # pre-roll
    assert court.observation_field("final_results").stop == court.OBSERVATION_LEN
    with pytest.raises(KeyError):
        court.observation_field("seed")
    out = np.full(257, 9.0, np.float32)
    assert g.observation(1, out=out) is out and (out == obs).all()
    for bad, error in ((np.zeros(257, np.float64), TypeError), (np.zeros(256, np.float32), ValueError)):
        with pytest.raises(error):
            g.observation(1, out=bad)
    mask = np.zeros(238, np.int8)
    assert g.legal_mask(out=mask) is mask and mask[0] == 1 and mask.sum() == 1
    g.apply(0)
    active = g.observation(1)[court.observation_field("active")]
    assert list(active) == g.active and active.sum() == 3


def test_json_save_pickle_copy_and_repr() -> None:
    g = Game(players=4, seed=21, max_rounds=3, unlimited_jesters=True)
    g.apply(0)
    text = g.to_json()
    assert text.startswith('{"format":"kingup-court-save","version":1,')
    again = Game.from_json(text)
    assert again == g and again.to_json() == text and again.unlimited_jesters
    assert pickle.loads(pickle.dumps(g)) == g
    assert copy.copy(g) == g and copy.deepcopy(g) == g and g.clone() == g
    twin = g.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin != g and g != "g"
    assert repr(g).startswith("<kingup.court.Game: 4 players, round 1, normal round, dice phase, seat ")
    assert "generator" not in repr(g)
    g.play_random()
    assert Game.from_json(g.to_json()) == g


@pytest.mark.parametrize(
    ("text", "error", "reason"),
    [
        ("{", kingup.InvalidStateError, "malformed"),
        ("[]", kingup.InvalidStateError, "malformed"),
        (kingup.Game(players=3, seed=1).to_json(), kingup.InvalidStateError, "malformed"),
        (" " * ((16 << 20) + 1), kingup.InvalidStateError, "too_long"),
    ],
)
def test_bad_saves(text: str, error: type[Exception], reason: str) -> None:
    with pytest.raises(error) as info:
        Game.from_json(text)
    assert info.value.reason == reason  # type: ignore[attr-defined]
    assert len(str(info.value)) < 300


def test_saves_are_replayed_through_the_rules() -> None:
    g = Game(players=2, seed=5)
    g.apply(0)
    text = g.to_json()
    bad = text.replace('"version":1', '"version":2')
    with pytest.raises(kingup.InvalidStateError) as info:
        Game.from_json(bad)
    assert info.value.reason == "version"
    seat = g.to_move
    # The same first step played by the other seat: the rules refuse it.
    forged = text.replace(f'"{seat}: roll"', f'"{1 - seat}: roll"')  # type: ignore[operator]
    with pytest.raises(kingup.InvalidStateError) as info:
        Game.from_json(forged)
    assert info.value.reason == "not_your_turn"
    with pytest.raises(TypeError):
        Game.from_json(text.encode())  # type: ignore[arg-type]


def test_undo() -> None:
    g = Game(players=2, first_player=0, seed=8)
    g.apply(0)
    face = next(f for f in range(1, 7) if g.active[f - 1])  # a face showing
    before = g.to_json()
    g.apply(court.parse_action(f"keep {face}"))
    assert g.undoable == 1
    g.undo(0)
    assert g.to_json() == before
    with pytest.raises(kingup.UndoError) as info:
        g.undo(0)
    assert info.value.reason == kingup.UndoReason.REVEALED  # the dice were rolled since
    with pytest.raises(kingup.SeatError):
        g.undo(2)


def test_notation() -> None:
    for i in range(court.NUM_ACTIONS):
        assert court.parse_action(court.action_notation(i)) == i
    assert court.action_notation(4) == "keep 4" and court.parse_action("  KEEP 4 ") == 4
    assert court.action_name(court.parse_action("philosopher 15>33")) == "Philosopher: turn 5-1 into 3-3"
    assert court.parse_action("buy king") == 236 and court.parse_action("pass") == 237
    assert court.chance_notation(4) == "die 5" and court.chance_notation(8) == "first 2"
    for bad in ("", "keep 7", "buy queen", "x" * 10**6):
        with pytest.raises(ValueError) as info:
            court.parse_action(bad)
        assert len(str(info.value)) < 200
    for index in (238, -1, 2**70):
        with pytest.raises(ValueError):
            court.action_notation(index)
    with pytest.raises(ValueError):
        court.chance_notation(12)
    with pytest.raises(TypeError):
        court.parse_action(4)  # type: ignore[arg-type]


def test_events() -> None:
    g = Game(players=3, first_player=0, seed=2)
    events = g.events()
    assert [e.kind for e in events] == ["round_started", "turn_started"]
    assert str(events[0]) == "round 1 begins with seat 0"
    assert events[1].to_dict() == {"type": "turn_started", "seat": 0, "dice": 3}
    assert events[1] == g.events()[1] and hash(events[1]) == hash(g.events()[1])
    g.apply(0)
    new = g.events(since=2)
    assert [e.kind for e in new] == ["rolling", "die_rolled", "die_rolled", "die_rolled"]
    assert g.num_events == 6 and g.events(since=100) == []
    with pytest.raises(ValueError):
        g.events(since=-1)


def test_bots() -> None:
    g = Game(players=3, seed=4, max_rounds=100)
    greedy, rand = court.GreedyBot(), court.RandomBot(seed=9)
    assert (greedy.name, greedy.seed, rand.name, rand.seed) == ("greedy", None, "random", 9)
    assert isinstance(greedy, court.Bot) and isinstance(rand, court.Bot)
    assert greedy.choose(g) == 0  # it rolls at the start of a turn
    seat = g.to_move
    assert seat is not None
    e = refused(g, lambda: greedy.choose(g, (seat + 1) % 3), IllegalActionError)
    assert e.reason == IllegalReason.NOT_YOUR_TURN and e.action is None  # type: ignore[attr-defined]
    with pytest.raises(kingup.SeatError):
        greedy.choose(g, 3)
    with pytest.raises(TypeError):
        greedy.choose(kingup.Game(players=3, seed=1))  # type: ignore[arg-type]
    # The same seed, the same choices.
    a, b = court.RandomBot(seed=1), court.RandomBot(seed=1)
    assert [a.choose(g) for _ in range(20)] == [b.choose(g) for _ in range(20)]


def test_greedy_beats_random() -> None:
    """Greedy against random, seats alternating, 20 two-player games of at most 100
    rounds from fixed seeds: greedy wins most (14 of them; random players rarely buy the
    King, and a few games are truncated), random at most one or two."""
    wins = random_wins = 0
    for game_index in range(20):
        g = Game(players=2, seed=game_index, max_rounds=100)
        bots = [court.GreedyBot(), court.RandomBot(seed=game_index)]
        if game_index % 2:
            bots.reverse()
        while not g.is_over:
            seat = g.to_move
            assert seat is not None
            g.apply(bots[seat].choose(g))
        greedy_seat = game_index % 2
        wins += g.winner == greedy_seat
        random_wins += g.winner == 1 - greedy_seat
        assert g.returns()[greedy_seat] == float(g.winner == greedy_seat)
    assert wins >= 12 and random_wins <= 2


def test_the_stubs_type_check_court_programs(tmp_path: object) -> None:
    """``mypy --strict`` accepts a court program and reports misuse (the stubs)."""
    pytest.importorskip("mypy")
    from pathlib import Path

    from test_typing import mypy

    good = Path(str(tmp_path)) / "good.py"
    good.write_text(
        "from kingup import court\n"
        "g = court.Game(players=3, seed=1, max_rounds=5)\n"
        "bot: court.Bot = court.GreedyBot()\n"
        "while not g.is_over:\n"
        "    g.apply(bot.choose(g))\n"
        "winner: int | None = g.winner\n"
        "mask = g.legal_mask()\n"
        "obs = g.observation(0)\n"
        "text: str = court.action_notation(court.parse_action('keep 4'))\n"
        "again: court.Game = court.Game.from_json(g.to_json())\n"
        "events: list[court.Event] = g.events()\n"
    )
    result = mypy(good)
    assert result.returncode == 0, result.stdout + result.stderr
    bad = Path(str(tmp_path)) / "bad.py"
    bad.write_text(
        "from kingup import court\n"
        "g = court.Game(players=3)\n"
        'g.apply("roll")\n'
        "w: int = g.winner\n"
    )
    result = mypy(bad)
    assert result.returncode == 1
    assert 'Argument 1 to "apply" of "CourtGame" has incompatible type "str"' in result.stdout
    assert "Incompatible types in assignment" in result.stdout


def test_the_mcts_bot_searches_legal_moves_and_checks_its_settings() -> None:
    bot = court.MctsBot(seed=5, iterations=30, exploration=0.5)
    assert isinstance(bot, court.Bot)
    assert (bot.name, bot.seed, bot.iterations, bot.exploration) == ("mcts", 5, 30, 0.5)
    assert court.MctsBot(seed=1).iterations == 200  # the default of kingup-bots

    def play(bot: court.Bot) -> list[int]:
        g = Game(players=3, seed=4, max_rounds=100)
        chosen = []
        for _ in range(15):
            action = bot.choose(g)
            assert g.is_legal(action)
            g.apply(action)
            chosen.append(action)
        return chosen

    # The same seed and settings, the same search.
    assert play(bot) == play(court.MctsBot(seed=5, iterations=30, exploration=0.5))
    for bad in ({"iterations": 0}, {"iterations": 10**7}, {"exploration": -1.0}, {"exploration": float("nan")}):
        with pytest.raises(kingup.InvalidConfigError) as caught:
            court.MctsBot(seed=1, **bad)  # type: ignore[arg-type]
        assert caught.value.reason in ("iterations", "exploration")
    with pytest.raises(TypeError):
        court.MctsBot(seed=1, iterations="many")  # type: ignore[arg-type]


def test_simulate_plays_the_games_play_random_plays() -> None:
    sim = court.simulate(30, players=3, seed=100, max_rounds=20, threads=2)
    assert sim.scores.shape == (30, 3) and sim.winners.shape == (30, 3)
    assert sim.scores.dtype == np.uint8 and sim.lengths.dtype == np.uint32
    for i in range(30):
        g = Game(players=3, seed=100 + i, max_rounds=20)
        played = g.play_random()
        assert sim.lengths[i] == played
        assert list(sim.scores[i]) == [len(g.cards(s)) for s in range(3)]
        assert list(np.flatnonzero(sim.winners[i])) == g.winners
        assert sim.truncated[i] == g.is_truncated and sim.rounds[i] == g.round + 1
    # The threads do not change the games; the seed does.
    again = court.simulate(30, players=3, seed=100, max_rounds=20, threads=1)
    assert all((a == b).all() for a, b in zip(sim, again))
    other = court.simulate(30, players=3, seed=101, max_rounds=20)
    assert not (other.lengths == sim.lengths).all()
    assert court.simulate(0).lengths.shape == (0,)


def test_simulate_refuses_bad_arguments() -> None:
    for bad in ({"games": -1}, {"games": kingup.MAX_GAMES + 1}, {"players": 6}, {"threads": 0}):
        args = {"games": 1, **bad}
        with pytest.raises((kingup.InvalidConfigError, ValueError)):
            court.simulate(**args)  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError) as caught:
        court.simulate(1, max_rounds=None)  # type: ignore[arg-type]
    assert caught.value.reason == "max_rounds"
    with pytest.raises(TypeError):
        court.simulate("many")  # type: ignore[arg-type]


def test_arena_rates_court_bots_and_python_policies() -> None:
    results = court.arena(["greedy", "random", "random"], players=2, deals=6, seed=3, threads=2)
    assert results.players == 2 and results.deals == 6 and results.games == 6 * 2
    names = [s.name for s in results.standings]
    assert sorted(names) == ["greedy", "random#1", "random#2"]
    greedy = next(s for s in results.standings if s.name == "greedy")
    assert greedy.win_rate > 0.5 and results.ladder[0] == names.index("greedy")
    # The threads change nothing; the seed does.
    again = court.arena(["greedy", "random", "random"], players=2, deals=6, seed=3, threads=1)
    assert str(again) == str(results)
    # A Python policy sees the whole game from its seat, and nothing that predicts dice.
    seen: list[court.PlayerView] = []

    def last(view: court.PlayerView) -> int:
        seen.append(view)
        mask = view.action_mask()
        assert mask.sum() == len(view.legal_actions()) > 0 and mask[view.legal_actions()[-1]]
        assert view.observation().shape == (court.OBSERVATION_LEN,)
        return view.legal_actions()[-1]

    mixed = court.arena([("last", last), "random"], players=2, deals=4, seed=5)
    assert sorted(s.name for s in mixed.standings) == ["last", "random"] and seen
    assert {v.seat for v in seen} == {0, 1}  # every seat rotation
    document = json.loads(seen[0].position())
    assert document["turn_seat"] == seen[0].seat and "generator" not in seen[0].position()
    assert "seed" not in document and "PlayerView" in repr(seen[0])
    with pytest.raises(kingup.EntrantError):
        court.arena([("wrong", lambda view: 237), "random"], players=2, deals=1)
    with pytest.raises(TypeError):
        court.arena([("mine", 3), "greedy"], players=2, deals=1)
    for bad in (["greedy"], ["greedy", "nobody"], ["greedy", "random"] * 9):
        with pytest.raises(kingup.InvalidConfigError):
            court.arena(bad, players=2, deals=1)
    with pytest.raises(kingup.InvalidConfigError):
        court.arena(["greedy", "random"], players=2, deals=0)


def test_a_parse_error_names_the_word_at_fault() -> None:
    with pytest.raises(ValueError, match='"9" is not a face \\(1 to 6\\)'):
        court.parse_action("keep 9")
    with pytest.raises(ValueError, match='"kong" is not a card'):
        court.parse_action("buy kong")


def test_a_king_up_parse_error_names_the_letter() -> None:
    with pytest.raises(ValueError, match="'Z' is not a character's letter"):
        kingup.Action.parse("Z9")
    with pytest.raises(ValueError, match="placed on floor 1 to 4, not '9'"):
        kingup.Action.parse("B9")


def test_a_round_score_shows_the_seats_that_play() -> None:
    game = kingup.Game(players=4, rounds=1, seed=3)
    game.play_random(seed=1)
    [scored] = [str(e) for e in game.events(None) if e.kind == "round_scored"]
    assert len(scored.split(": ")[1].split()) == 4, scored
