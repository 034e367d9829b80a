"""kingup.dataset: games of both games recorded to Parquet shards, read back, and replayed
exactly (every recorded observation and mask checked against the replay); the same data
whatever the backend, parts, threads and shard size; no seed in any output; bad input
and edited shards refused with typed errors."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import kingup  # noqa: E402
import kingup.court.dataset  # noqa: E402
import kingup.dataset  # noqa: E402
from kingup import court  # noqa: E402
from kingup.dataset import Dataset  # noqa: E402

KING_UP_BOTS = ["heuristic", "ismcts:8", "random"]
COURT_BOTS = ["greedy", "random", "random"]


def king_up(path: Path, **kwargs: Any) -> Dataset:
    args: dict[str, Any] = dict(games=24, bots=KING_UP_BOTS, players=3, seed=5, rotate=True)
    args.update(kwargs)
    return kingup.dataset.record(path, **args)


def court_data(path: Path, **kwargs: Any) -> Dataset:
    args: dict[str, Any] = dict(
        games=9, bots=COURT_BOTS, players=3, seed=5, rotate=True, max_rounds=12
    )
    args.update(kwargs)
    return kingup.court.dataset.record(path, **args)


RECORDERS: dict[str, Callable[..., Dataset]] = {"kingup": king_up, "court": court_data}


@pytest.mark.parametrize("which", RECORDERS)
def test_every_game_replays_exactly_with_every_step_row_checked(
    tmp_path: Path, which: str
) -> None:
    # Every kind of bot of the game (court's tree search is slow: fewer games).
    bots = {"kingup": KING_UP_BOTS, "court": ["greedy", "random", "mcts"]}[which]
    games = {"kingup": 24, "court": 4}[which]
    data = RECORDERS[which](tmp_path / "d", shard_games=4, bots=bots, games=games)
    games = data.games().to_pylist()
    assert [g["game_id"] for g in games] == list(range(data.num_games))
    steps = data.steps(["game_id", "step", "seat"]).to_pydict()
    assert len(steps["game_id"]) == data.num_steps
    for row in games:
        game = data.replay(row["game_id"])  # check=True: every step row against the replay
        assert game.is_over
        history = [(None if s < 0 else s, i) for s, i in zip(row["history_seat"], row["history_index"])]
        assert game.history() == history
        assert game.returns() == row["returns"]
        assert sorted(game.winners or []) == [s for s, w in enumerate(row["winners"]) if w]
        assert game.is_truncated == row["truncated"]
        assert game.config_json() == row["config"]


@pytest.mark.parametrize("which", RECORDERS)
@pytest.mark.parametrize("reward", ["win", "points", "margin"])
def test_a_seats_step_rewards_add_up_to_its_return(tmp_path: Path, which: str, reward: str) -> None:
    data = RECORDERS[which](tmp_path / "d", reward=reward)
    steps = data.steps(["game_id", "seat", "reward", "terminated", "truncated"]).to_pandas()
    totals = steps.groupby(["game_id", "seat"])["reward"].sum()
    ends = steps.groupby(["game_id", "seat"])[["terminated", "truncated"]].sum()
    for row in data.games(["game_id", "returns", "truncated"]).to_pylist():
        for seat, paid in enumerate(row["returns"]):
            assert totals[(row["game_id"], seat)] == pytest.approx(paid, abs=1e-4)
            # Exactly one last decision per seat, flagged as the game ended.
            flags = ends.loc[(row["game_id"], seat)]
            assert (flags["terminated"], flags["truncated"]) == (
                (0, 1) if row["truncated"] else (1, 0)
            )


def test_step_rows_are_the_acting_seats_view(tmp_path: Path) -> None:
    """Observation and mask are what ``Game.observation(seat)`` / ``action_mask(seat)``
    give the acting seat, and the action is in its mask."""
    data = king_up(tmp_path / "d", games=3)
    arrays = data.arrays(["observation", "mask", "action", "seat", "bot"])
    assert arrays["observation"].shape == (data.num_steps, kingup.OBSERVATION_LEN)
    assert arrays["observation"].dtype == np.float32
    assert arrays["mask"].shape == (data.num_steps, kingup.NUM_ACTIONS)
    assert arrays["mask"].dtype == np.bool_
    assert arrays["mask"][np.arange(data.num_steps), arrays["action"]].all()
    assert set(arrays["bot"]) == {"heuristic", "ismcts-8", "random"}
    games = data.games(["bots"]).to_pylist()
    assert [g["bots"] for g in games] == [
        ["heuristic", "ismcts-8", "random"],
        ["ismcts-8", "random", "heuristic"],
        ["random", "heuristic", "ismcts-8"],
    ]


def same(a: Dataset, b: Dataset) -> None:
    assert a.steps().equals(b.steps(), check_metadata=True)
    assert a.games().equals(b.games(), check_metadata=True)


def test_the_data_does_not_depend_on_parts_threads_shards_or_backend(tmp_path: Path) -> None:
    base = king_up(tmp_path / "a", shard_games=5)
    same(base, king_up(tmp_path / "b", shard_games=5, parts=3, threads=2))
    same(base, king_up(tmp_path / "c", shard_games=11, threads=1))
    with ThreadPoolExecutor(2) as pool:
        same(base, king_up(tmp_path / "d", shard_games=5, backend=pool, parts=2))
    assert base.manifest["shards"] == 5
    assert [p.name for p in base.files("steps")] == [f"part-0000{k}.parquet" for k in range(5)]


def test_ray_records_the_same_dataset(tmp_path: Path, ray_local: Any) -> None:
    del ray_local
    base = court_data(tmp_path / "a", shard_games=3)
    on_ray = court_data(tmp_path / "b", shard_games=3, backend="ray", parts=3)
    same(base, on_ray)
    for gid in range(on_ray.num_games):
        on_ray.replay(gid)


def test_no_seed_or_generator_state_is_written(tmp_path: Path) -> None:
    seed = 987_654_321_012_345
    data = king_up(tmp_path / "d", seed=seed, games=10, shard_games=4)
    manifest = (tmp_path / "d" / "dataset.json").read_text()
    assert "seed" not in manifest and "generator" not in manifest
    game_seeds = {seed + i for i in range(10)}
    secrets = {str(s) for s in game_seeds} | {f"{s:x}" for s in game_seeds}
    raw = [s.to_bytes(8, "little") for s in game_seeds]
    for table in ("steps", "games"):
        for path in data.files(table):
            blob = path.read_bytes()
            assert not any(s.encode() in blob for s in secrets)
            assert not any(r in blob for r in raw)
            decoded = pq.read_table(path)
            assert not any("seed" in name or "generator" in name for name in decoded.column_names)
            for column in decoded.columns:
                if pa.types.is_integer(column.type):
                    assert not set(column.to_pylist()) & game_seeds
                text = json.dumps(column.to_pylist(), default=str)
                assert not any(s in text for s in secrets)
    # Without a seed, two recordings differ: the seed came from the operating system.
    a = king_up(tmp_path / "e", seed=None, games=2)
    b = king_up(tmp_path / "f", seed=None, games=2)
    assert a.games(["history_index"]).to_pylist() != b.games(["history_index"]).to_pylist()


@pytest.mark.parametrize("which", ["kingup", "court"])
def test_from_history_replays_play_random_games_that_a_seed_does_not(which: str) -> None:
    """The issue's case: a game played by ``play_random`` replays from its ``history()``
    (its chance outcomes included), where replaying its actions from its seed diverges."""
    for seed in range(20):
        game = kingup.Game(3, seed=seed) if which == "kingup" else court.Game(3, seed=seed, max_rounds=30)
        game.play_random()
        replayed = type(game).from_history(game.config_json(), game.history())
        assert replayed.history() == game.history()
        assert replayed.is_over and replayed.returns("points") == game.returns("points")
        for seat in range(3):
            assert np.array_equal(replayed.observation(seat), game.observation(seat))
        assert replayed.chance == "explicit"


def test_from_history_refuses_bad_records() -> None:
    game = kingup.Game(3, seed=1)
    game.play_random()
    config, history = game.config_json(), game.history()
    seat, action = next((s, a) for s, a in history if s is not None)
    k = history.index((seat, action))
    wrong_seat = history[:k] + [((seat + 1) % 3, action)] + history[k + 1 :]
    with pytest.raises(kingup.InvalidStateError) as err:
        kingup.Game.from_history(config, wrong_seat)
    assert err.value.reason == "not_your_turn" and f"step {k}" in str(err.value)
    with pytest.raises(kingup.InvalidStateError) as err:
        kingup.Game.from_history(config, [(0, 999)])
    assert err.value.reason == "malformed"
    with pytest.raises(kingup.InvalidStateError) as err:
        kingup.Game.from_history(config, [(9, 0)])
    assert err.value.reason == "malformed"
    with pytest.raises(kingup.InvalidStateError) as err:
        kingup.Game.from_history('{"players": 2}', [])
    assert err.value.reason in ("malformed", "invalid_config")
    with pytest.raises(kingup.InvalidStateError):
        court.Game.from_history(config, [])  # a King Up! config is no court config
    with pytest.raises(TypeError):
        kingup.Game.from_history(config, [1, 2])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        kingup.Game.from_history(config, 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        kingup.Game.from_history(b"{}", [])  # type: ignore[arg-type]


def rewrite(path: Path, edit: Callable[[dict[str, list[Any]]], None]) -> None:
    table = pq.read_table(path)
    columns = table.to_pydict()
    edit(columns)
    edited = pa.table(
        {name: pa.array(columns[name], table.schema.field(name).type) for name in columns}
    )
    pq.write_table(edited.replace_schema_metadata(table.schema.metadata), path)


def test_edited_shards_are_refused_on_replay(tmp_path: Path) -> None:
    data = king_up(tmp_path / "d", games=4, shard_games=2)
    shard = data.files("steps")[1]

    def other_legal_action(cols: dict[str, list[Any]]) -> None:
        row = cols["game_id"].index(2) + 5
        legal = [a for a, ok in enumerate(cols["mask"][row]) if ok and a != cols["action"][row]]
        cols["action"][row] = legal[0] if legal else (cols["action"][row] + 1) % 67

    rewrite(shard, other_legal_action)
    with pytest.raises(kingup.InvalidStateError) as err:
        data.replay(2)
    assert err.value.reason == "mismatch"
    data.replay(2, check=False)  # the games table is intact
    data.replay(3)  # another game of the shard is intact

    def flip_observation(cols: dict[str, list[Any]]) -> None:
        row = cols["game_id"].index(3)
        cols["observation"][row][0] = 1.0 - cols["observation"][row][0]

    rewrite(shard, flip_observation)
    with pytest.raises(kingup.InvalidStateError, match="step"):
        data.replay(3)

    def illegal_move(cols: dict[str, list[Any]]) -> None:
        seats = cols["history_seat"][0]
        k = next(i for i, s in enumerate(seats) if s >= 0)
        seats[k] = (seats[k] + 1) % 3

    rewrite(data.files("games")[0], illegal_move)
    with pytest.raises(kingup.InvalidStateError) as err:
        data.replay(0, check=False)
    assert err.value.reason == "not_your_turn"


def test_bad_arguments_are_refused_with_typed_errors(tmp_path: Path) -> None:
    record = kingup.dataset.record
    with pytest.raises(kingup.InvalidConfigError, match="unknown bot"):
        record(tmp_path / "a", 2, ["heuristic", "alphazero", "random"], players=3)
    with pytest.raises(kingup.InvalidConfigError, match="one bot per seat"):
        record(tmp_path / "a", 2, ["heuristic", "random"], players=3)
    with pytest.raises(kingup.InvalidConfigError, match="unknown court bot"):
        kingup.court.dataset.record(tmp_path / "a", 2, ["greedy", "heuristic"])
    with pytest.raises(TypeError, match="list of bot names"):
        record(tmp_path / "a", 2, "heuristic", players=3)  # a str is no list of names
    with pytest.raises(ValueError, match="games"):
        record(tmp_path / "a", -1, ["random"] * 3, players=3)
    with pytest.raises(TypeError, match="games"):
        record(tmp_path / "a", 2.0, ["random"] * 3, players=3)  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError):
        record(tmp_path / "a", 2, ["random"] * 3, players=3, reward="money")  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError):
        record(tmp_path / "a", 2, ["random"] * 9, players=9)
    with pytest.raises(TypeError, match="backend"):
        record(tmp_path / "a", 2, ["random"] * 3, players=3, backend="dask")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shard_games"):
        record(tmp_path / "a", 2, ["random"] * 3, players=3, shard_games=0)
    assert not (tmp_path / "a").exists()  # nothing written for a refused recording
    king_up(tmp_path / "b", games=2)
    with pytest.raises(FileExistsError):
        king_up(tmp_path / "b", games=2)
    data = kingup.dataset.load(tmp_path / "b")
    with pytest.raises(KeyError, match="no game 2"):
        data.replay(2)
    with pytest.raises(KeyError):
        data.replay(-1)
    with pytest.raises(TypeError):
        data.replay("0")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        kingup.dataset.load(tmp_path / "nowhere")
    manifest = tmp_path / "b" / "dataset.json"
    doc = json.loads(manifest.read_text())
    manifest.write_text(json.dumps({**doc, "version": 99}))
    with pytest.raises(kingup.InvalidStateError) as err:
        kingup.dataset.load(tmp_path / "b")
    assert err.value.reason == "version"
    manifest.write_text("{not json")
    with pytest.raises(kingup.InvalidStateError):
        kingup.dataset.load(tmp_path / "b")


def test_the_files_read_with_plain_pyarrow_and_pandas(tmp_path: Path) -> None:
    """No kingup needed to read the data: a Parquet dataset per table."""
    import pyarrow.dataset as ds

    data = court_data(tmp_path / "d", shard_games=4)
    steps = ds.dataset(tmp_path / "d" / "steps", format="parquet").to_table()
    assert steps.num_rows == data.num_steps
    frame = pq.read_table(tmp_path / "d" / "games").to_pandas()
    assert len(frame) == data.num_games
    meta = json.loads(steps.schema.metadata[b"kingup.dataset"])
    assert meta == {"format": "kingup-dataset", "version": 1, "game": "kingup-court", "table": "steps"}
    assert steps.schema.field("observation").type.list_size == court.OBSERVATION_LEN
    assert steps.schema.field("mask").type.list_size == court.NUM_ACTIONS
    rng = random.Random(1)
    assert data.replay(rng.randrange(data.num_games)).is_over
