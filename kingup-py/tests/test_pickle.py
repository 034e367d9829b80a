"""Pickling: what a researcher hands between processes round-trips to the same behaviour.

Every check pickles an object part-way through its life (``pickle.loads(pickle.dumps(x))``,
what ``multiprocessing`` does, or ``copy.deepcopy``) and then drives the original and the
copy with the same inputs: they must give the same outputs from then on."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

import kingup
from kingup import InvalidStateError, court
from kingup.bots import Bot, HeuristicBot, IsmctsBot, RandomBot, ReaderBot


def round_trip(obj: Any, how: str) -> Any:
    if how == "pickle":
        return pickle.loads(pickle.dumps(obj))
    return copy.deepcopy(obj)


KINGUP_BOTS: dict[str, Callable[[], Bot]] = {
    "random": lambda: RandomBot(seed=11),
    "heuristic": lambda: HeuristicBot(seed=12),
    "ismcts": lambda: IsmctsBot(seed=13, iterations=25, rollout="random"),
    "reader": lambda: ReaderBot(seed=14, iterations=25, exploration=0.9),
}


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("kind", list(KINGUP_BOTS))
def test_kingup_bot_round_trip_decides_as_the_original(kind: str, how: str) -> None:
    """The bot plays seat 0 against heuristic bots; after its fifth decision it is copied,
    and the copy chooses what the original chooses at every later decision, into a second
    game (the reader's reading of the table carries over)."""
    bot = KINGUP_BOTS[kind]()
    others = {1: HeuristicBot(seed=2), 2: HeuristicBot(seed=3)}
    restored: Bot | None = None
    decisions = compared = 0
    for game_seed in (21, 22):
        game = kingup.Game(players=3, seed=game_seed)
        while not game.is_over and compared < 14:
            seat = game.to_move
            assert seat is not None
            if seat != 0:
                game.apply(others[seat].choose(game, seat), seat)
                continue
            action = bot.choose(game, 0)
            decisions += 1
            if restored is not None:
                assert restored.choose(game, 0) == action
                compared += 1
            elif decisions == 5:
                restored = round_trip(bot, how)
                assert type(restored) is type(bot)
                assert (restored.name, restored.seed) == (bot.name, bot.seed)
            game.apply(action, 0)
    assert compared == 14


def test_kingup_bot_keeps_its_settings_through_a_pickle() -> None:
    bot = IsmctsBot(seed=3, iterations=40, exploration=1.25, rollout="random", time_limit=30.0)
    copy_ = pickle.loads(pickle.dumps(bot))
    got = (copy_.iterations, copy_.exploration, copy_.rollout, copy_.time_limit, copy_.seed)
    assert got == (40, 1.25, "random", 30.0, 3)
    reader = pickle.loads(pickle.dumps(ReaderBot(seed=4, iterations=17)))
    assert isinstance(reader, ReaderBot) and reader.iterations == 17


def test_a_pickled_reader_holds_only_its_own_views() -> None:
    """The reader's state keeps the views it decided at, of its own seat: no other seat's
    secret and no game seed."""
    bot = ReaderBot(seed=5, iterations=10)
    game = kingup.Game(players=4, seed=987654321)
    others = {0: HeuristicBot(seed=1), 1: HeuristicBot(seed=2), 3: HeuristicBot(seed=3)}
    chosen = 0
    while chosen < 6:
        seat = game.to_move
        assert seat is not None
        if seat == 2:
            game.apply(bot.choose(game, 2), 2)
            chosen += 1
        else:
            game.apply(others[seat].choose(game, seat), seat)
    state = json.loads(bot.__reduce__()[1][0])
    assert len(state["read"]) == 6
    assert {d["view"]["seat"] for d in state["read"]} == {2}
    assert b"987654321" not in pickle.dumps(bot)


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        (lambda s: s.update(generator="00" * 32), InvalidStateError),
        (lambda s: s.update(generator="xyz"), InvalidStateError),
        (lambda s: s.update(kind="alphazero"), InvalidStateError),
        (lambda s: s.update(kind="random"), InvalidStateError),  # search settings left
        (lambda s: s["search"].update(iterations=0), InvalidStateError),
        (lambda s: s["search"].update(rollout="smart"), InvalidStateError),
        (lambda s: s.update(extra=1), InvalidStateError),
        (lambda s: s.pop("seed"), InvalidStateError),
        (lambda s: s["read"][0].update(played=10_000), InvalidStateError),
        (lambda s: s["read"][0]["view"].update(seat=9), InvalidStateError),
    ],
)
def test_an_edited_bot_state_is_refused_with_a_typed_error(
    edit: Callable[[dict[str, Any]], object], error: type[Exception]
) -> None:
    bot = ReaderBot(seed=1, iterations=5)
    game = kingup.Game(players=3, seed=1)
    game.apply(bot.choose(game))
    restore, (text,) = bot.__reduce__()
    state = json.loads(text)
    edit(state)
    with pytest.raises(error):
        restore(json.dumps(state))
    with pytest.raises(InvalidStateError):
        restore("{not json")
    with pytest.raises(TypeError):
        restore(42)


COURT_BOTS: dict[str, Callable[[], court.Bot]] = {
    "random": lambda: court.RandomBot(seed=31),
    "greedy": lambda: court.GreedyBot(),
    "mcts": lambda: court.MctsBot(seed=32, iterations=20, exploration=0.5),
}


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("kind", list(COURT_BOTS))
def test_court_bot_round_trip_decides_as_the_original(kind: str, how: str) -> None:
    bot = COURT_BOTS[kind]()
    game = court.Game(players=3, seed=7, max_rounds=20)
    for _ in range(4):
        game.apply(bot.choose(game))
    restored = round_trip(bot, how)
    assert type(restored) is type(bot)
    assert (restored.name, restored.seed) == (bot.name, bot.seed)
    if kind == "mcts":
        assert (restored.iterations, restored.exploration) == (20, 0.5)
    for _ in range(20):
        if game.is_over:
            break
        action = bot.choose(game)
        assert restored.choose(game) == action
        game.apply(action)


@pytest.mark.parametrize(
    "state",
    [
        '{"kind": "random", "seed": 1, "generator": "' + "00" * 32 + '"}',
        '{"kind": "random", "seed": 1}',
        '{"kind": "greedy", "seed": 1, "generator": "' + "11" * 32 + '"}',
        '{"kind": "mcts", "seed": 1, "generator": "' + "11" * 32 + '"}',
        '{"kind": "mcts", "seed": 1, "generator": "' + "11" * 32 + '", "iterations": 0, '
        '"exploration": 1.0}',
        '{"kind": "chess"}',
        "[]",
    ],
)
def test_an_edited_court_bot_state_is_refused_with_a_typed_error(state: str) -> None:
    with pytest.raises(InvalidStateError):
        court.Bot._restore(state)


@pytest.mark.parametrize("game", ["kingup", "court"])
def test_arena_results_round_trip_to_equal_results_and_plain_data(game: str) -> None:
    if game == "kingup":
        results = kingup.arena(["random", "heuristic", "ismcts:10"], players=3, deals=3, seed=4)
    else:
        results = court.arena(["random", "greedy"], players=2, deals=3, seed=4)
    for copied in (
        pickle.loads(pickle.dumps(results)),
        copy.deepcopy(results),
        kingup.ArenaResults.from_json(results.to_json()),
        kingup.ArenaResults.from_dict(json.loads(json.dumps(results.to_dict()))),
    ):
        assert copied == results
        assert str(copied) == str(results)
        assert copied.ladder == results.ladder
        for a, b in zip(copied.standings, results.standings, strict=True):
            assert (a.name, a.win_rate_ci95, a.mean_score_ci95, a.rating) == (
                b.name,
                b.win_rate_ci95,
                b.mean_score_ci95,
                b.rating,
            )
            assert [s.mean_score_ci95 for s in a.by_seat] == [s.mean_score_ci95 for s in b.by_seat]
    data = results.to_dict()
    assert json.loads(json.dumps(data)) == data  # plain data only
    first = data["standings"][0]
    assert first["win_rate"] == results.standings[0].win_rate
    assert first["by_seat"][1]["mean_score"] == results.standings[0].by_seat[1].mean_score


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(games=d["games"] + 1),
        lambda d: d.update(standings=[]),
        lambda d: d["standings"][0]["by_seat"].pop(),
        lambda d: d["standings"][0]["by_seat"][0].update(games=99),
        lambda d: d["standings"][0].update(rating="high"),
        lambda d: d["standings"][0].update(unknown=1),
        lambda d: d.pop("deals"),
    ],
)
def test_edited_arena_results_are_refused_with_a_typed_error(
    edit: Callable[[dict[str, Any]], object],
) -> None:
    data = kingup.arena(["random", "heuristic", "random"], players=3, deals=2, seed=1).to_dict()
    edit(data)
    with pytest.raises(InvalidStateError):
        kingup.ArenaResults.from_dict(data)
    with pytest.raises(InvalidStateError):
        kingup.ArenaResults.from_json(json.dumps(data))


def gym_env(game: str) -> Any:
    if game == "kingup":
        from kingup.gym import KingUpEnv

        # A partial pickles (a lambda would not): a small search keeps the test fast.
        return KingUpEnv(players=3, opponents=[partial(ReaderBot, iterations=10), "heuristic"])
    from kingup.court.gym import CourtEnv

    opponents = [partial(court.MctsBot, iterations=10), "random"]
    return CourtEnv(players=3, opponents=opponents, max_rounds=4)


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("game", ["kingup", "court"])
def test_gym_env_round_trip_steps_as_the_original(game: str, how: str) -> None:
    """Copied mid-episode, the env (its game, its opponents' bots and their generators, its
    own ``np_random``) steps to the same observations and rewards, and its next
    ``reset()`` deals the same game."""
    pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    env = gym_env(game)
    obs, info = env.reset(seed=8)
    rng = np.random.default_rng(0)
    for _ in range(3):
        obs, _, done, cut, info = env.step(int(rng.choice(info["action_mask"].nonzero()[0])))
        assert not (done or cut)
    twin = round_trip(env, how)
    assert np.array_equal(twin._observe(), obs)
    for _ in range(2):
        for _ in range(200):
            action = int(rng.choice(info["action_mask"].nonzero()[0]))
            obs, reward, done, cut, info = env.step(action)
            got = twin.step(action)
            assert np.array_equal(got[0], obs) and got[1:4] == (reward, done, cut)
            assert np.array_equal(got[4]["action_mask"], info["action_mask"])
            if done or cut:
                break
        obs, info = env.reset()
        assert np.array_equal(twin.reset()[0], obs)


def pettingzoo_env(game: str, parallel: bool) -> Any:
    if game == "kingup":
        from kingup import pettingzoo as kingup_pz

        return kingup_pz.parallel_env(players=3) if parallel else kingup_pz.env(players=3)
    from kingup.court import pettingzoo as court_pz

    return court_pz.parallel_env(players=3) if parallel else court_pz.env(players=3)


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("game", ["kingup", "court"])
def test_pettingzoo_aec_env_round_trip_steps_as_the_original(game: str, how: str) -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    env = pettingzoo_env(game, parallel=False)
    env.reset(seed=5)
    rng = np.random.default_rng(1)

    def pick(observation: dict[str, Any], done: bool) -> int | None:
        return None if done else int(rng.choice(observation["action_mask"].nonzero()[0]))

    for _ in range(6):
        obs, _, done, cut, _ = env.last()
        env.step(pick(obs, done or cut))
    twin = round_trip(env, how)
    for _ in range(150):
        if not env.agents:
            break
        assert twin.agent_selection == env.agent_selection
        obs, reward, done, cut, _ = env.last()
        got = twin.last()
        assert got[1:4] == (reward, done, cut)
        assert all(np.array_equal(got[0][k], obs[k]) for k in obs)
        action = pick(obs, done or cut)
        env.step(action)
        twin.step(action)
    assert twin.agents == env.agents and twin.rewards == env.rewards


@pytest.mark.parametrize("game", ["kingup", "court"])
def test_pettingzoo_parallel_env_round_trip_steps_as_the_original(game: str) -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    env = pettingzoo_env(game, parallel=True)
    observations, _ = env.reset(seed=6)
    rng = np.random.default_rng(2)

    def picks(observations: dict[str, Any]) -> dict[str, int]:
        return {
            a: int(rng.choice(o["action_mask"].nonzero()[0]))
            for a, o in observations.items()
            if o["action_mask"].any()
        }

    for _ in range(4):
        observations, *_ = env.step(picks(observations))
    twin = pickle.loads(pickle.dumps(env))
    for _ in range(100):
        if not env.agents:
            break
        actions = picks(observations)
        observations, rewards, dones, cuts, _ = env.step(actions)
        got = twin.step(actions)
        assert got[1:4] == (rewards, dones, cuts)
        assert observations.keys() == got[0].keys()
        for a, o in observations.items():
            assert all(np.array_equal(got[0][a][k], o[k]) for k in o)


def vector_env(game: str, opponents: bool) -> Any:
    if game == "kingup":
        if opponents:
            return kingup.VectorEnv(5, players=3, seed=4, opponents=["reader:10", "heuristic"], seat=1, reward="points")
        return kingup.VectorEnv(4, players=3, seed=2)
    if opponents:
        return court.VectorEnv(4, players=2, seed=1, opponents="greedy", max_rounds=6)
    return court.VectorEnv(3, players=3, seed=9, max_rounds=4)


def buffers(env: Any) -> list[Any]:
    names = ["observations", "action_masks", "rewards", "dones", "seats", "final_totals", "game_seeds"]
    return [getattr(env, name).copy() for name in names]


def same_buffers(a: Any, b: Any) -> bool:
    np = pytest.importorskip("numpy")
    return all(np.array_equal(x, y) for x, y in zip(buffers(a), buffers(b)))


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("opponents", [False, True])
@pytest.mark.parametrize("game", ["kingup", "court"])
def test_vector_env_round_trip_steps_as_the_original(game: str, opponents: bool, how: str) -> None:
    """Copied after every step (games ending along the way), the envs hold the same
    buffers and final observations, and step on as the original does."""
    np = pytest.importorskip("numpy")
    env = vector_env(game, opponents)
    rng = np.random.default_rng(3)

    def actions() -> Any:
        return np.array([rng.choice(np.flatnonzero(mask)) for mask in env.action_masks])

    ended = 0
    for step in range(220):
        env.step(actions())
        ended += int(env.dones.sum())
        if step % 10 and not env.dones.any():
            continue
        twin = round_trip(env, how)
        assert same_buffers(twin, env), step
        assert (twin.seed, twin.opponents, twin.seat, twin.reward) == (env.seed, env.opponents, env.seat, env.reward)
        for i in np.flatnonzero(env.dones):
            mine, theirs = env.final_observation(int(i)), twin.final_observation(int(i))
            assert np.array_equal(mine[0], theirs[0]) and mine[1] == theirs[1]
    assert ended > 0
    twin = round_trip(env, how)
    for _ in range(30):
        chosen = actions()
        env.step(chosen)
        twin.step(chosen)
        assert same_buffers(twin, env)
    env.reset()
    twin.reset()
    assert same_buffers(twin, env)


@pytest.mark.parametrize("game", ["kingup", "court"])
def test_gym_and_sb3_vector_envs_round_trip_step_as_the_originals(game: str) -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("stable_baselines3")
    if game == "kingup":
        from kingup.gym import KingUpVectorEnv as Gym
        from kingup.sb3 import KingUpVecEnv as Sb3
    else:
        from kingup.court.gym import CourtVectorEnv as Gym
        from kingup.court.sb3 import CourtVecEnv as Sb3
    for env in [Gym(3, seed=1, opponents="random"), Sb3(3, seed=1, opponents="random")]:
        env.reset()
        rng = np.random.default_rng(0)
        for _ in range(15):
            env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()]))
        twin = pickle.loads(pickle.dumps(env))
        for _ in range(40):
            chosen = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
            mine, theirs = env.step(chosen), twin.step(chosen)
            for x, y in zip(mine[:-1], theirs[:-1]):
                assert np.array_equal(x, y)


def test_an_edited_vector_env_state_is_refused_with_a_typed_error() -> None:
    env = kingup.VectorEnv(2, players=3, seed=4, opponents="heuristic", seat=1)
    env.step([int(env.action_masks[i].nonzero()[0][0]) for i in range(2)])
    doc = json.loads(env.to_state())
    assert sorted(doc) == ["config", "envs", "opponents", "reward", "rewards", "seed", "threads"]
    assert doc["opponents"] == ["heuristic", None, "heuristic"]

    def edited(change: Callable[[dict[str, Any]], None]) -> str:
        copy_of = json.loads(json.dumps(doc))
        change(copy_of)
        return json.dumps(copy_of)

    illegal = 66  # a vote No, in the placement phase
    cases: list[tuple[Callable[[dict[str, Any]], None], str]] = [
        (lambda d: d["envs"][0]["played"].append(illegal), "env 0: action 1 of its current game cannot be played there"),
        (lambda d: d["envs"][1].update(played=[70]), "env 1: action 0 of its current game"),
        (lambda d: d["envs"][0].update(episodes=0), "env 0: 0 games started cannot be"),
        (lambda d: d["envs"][0].update(ended=[]), "env 0: 1 games started cannot be"),
        (lambda d: d.update(rewards=[0.0]), "rewards are 3 finite numbers per env"),
        (lambda d: d.update(opponents=["heuristic", "heuristic", "heuristic"]), "a bot per seat but one"),
        (lambda d: d.update(extra=1), "unknown field"),
    ]
    for change, message in cases:
        with pytest.raises(InvalidStateError, match=message):
            kingup.VectorEnv.from_state(edited(change))
    with pytest.raises(kingup.InvalidConfigError, match='unknown bot "alphazero"'):
        kingup.VectorEnv.from_state(edited(lambda d: d["opponents"].__setitem__(0, "alphazero")))
    with pytest.raises(InvalidStateError):
        court.VectorEnv.from_state(env.to_state())
    assert same_buffers(kingup.VectorEnv.from_state(env.to_state()), env)


@pytest.mark.parametrize("game", ["kingup", "court"])
def test_rllib_env_round_trip_steps_as_the_original(game: str) -> None:
    """Copied mid-episode (court's greedy opponents included: its factory pickles), the
    multi-agent env steps to the same observations and rewards."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("ray.rllib")
    if game == "kingup":
        from kingup.rllib import KingUpMultiAgentEnv as Env

        config: dict[str, Any] = {"players": 3, "learners": "random", "opponents": "heuristic"}
    else:
        from kingup.court.rllib import CourtMultiAgentEnv as Env

        config = {"players": 2, "learners": [0], "opponents": "greedy", "max_rounds": 6}
    env = Env(config)
    observations, _ = env.reset(seed=1)

    def act(observations: dict[str, Any], last: bool) -> dict[str, int]:
        ((agent, obs),) = observations.items()
        legal = np.flatnonzero(obs["action_mask"])
        return {agent: int(legal[-1] if last else legal[0])}

    for _ in range(5):
        observations, *_ = env.step(act(observations, False))
    twin = pickle.loads(pickle.dumps(env))
    for _ in range(300):
        chosen = act(observations, True)
        mine, theirs = env.step(chosen), twin.step(chosen)
        for agent, obs in mine[0].items():
            assert all(np.array_equal(obs[k], theirs[0][agent][k]) for k in obs)
        assert mine[1:4] == theirs[1:4]
        observations = mine[0]
        if mine[2]["__all__"] or mine[3]["__all__"]:
            break
    else:
        pytest.fail("the episode did not end")
