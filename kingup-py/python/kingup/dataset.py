"""Games as data: games between built-in bots recorded to Parquet shards, and a reader
that loads them (pyarrow, pandas, NumPy) and replays any recorded game exactly.

>>> import tempfile, kingup.dataset
>>> folder = tempfile.mkdtemp()
>>> data = kingup.dataset.record(f"{folder}/d", games=20, bots=["heuristic", "random", "random"],
...                              players=3, seed=1)
>>> data.num_games, data.steps().num_rows > 0
(20, True)
>>> game = data.replay(7)       # explicit chance: the recorded deals, then the moves
>>> game.is_over
True

Each step row holds what the acting seat saw (its observation, its action mask), what it
did and what it was paid; each game row holds the game's whole record (every chance
outcome, so it reveals the hidden cards: for offline use, not for players). No seed or
generator state is written anywhere. The schema is ``docs/datasets.md``'s; To Court the
King records through ``kingup.court.dataset.record`` and reads through the same
``load``.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, SupportsIndex, Union

import numpy as np
import numpy.typing as npt

from . import _kingup
from ._parallel import Backend, parts_for, run_parts, split
from .errors import InvalidStateError

if TYPE_CHECKING:
    from ._kingup import Cards, CourtGame
    from ._kingup import Game as KingUpGame

__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "Dataset",
    "load",
    "record",
]

#: The ``format`` field of ``dataset.json``.
FORMAT = "kingup-dataset"
#: The schema version this library writes and reads (``docs/datasets.md``).
SCHEMA_VERSION = 1
#: The games a shard holds unless told (3-seat King Up!: about 13 MB).
SHARD_GAMES = 5_000

Reward = Literal["win", "points", "margin"]
GameName = Literal["kingup", "kingup-court"]
AnyGame = Union["KingUpGame", "CourtGame"]


def _pyarrow() -> tuple[Any, Any]:
    """``pyarrow`` and ``pyarrow.parquet``."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as err:
        raise ImportError(
            'kingup.dataset needs pyarrow: pip install "kingup[parquet]" (or pip install pyarrow)'
        ) from err
    return pa, pq


@dataclass(frozen=True)
class _Job:
    """What every part of a recording shares (pickled to its workers)."""

    path: str
    game: GameName
    native: str
    settings: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    rotate: bool
    seed: int
    reward: str
    games: int
    shard_games: int
    threads: int | None

    def shard_range(self, shard: int) -> range:
        start = shard * self.shard_games
        return range(start, min(self.games, start + self.shard_games))

    def columns(self, first: int, games: int) -> dict[str, Any]:
        native = getattr(_kingup, self.native)
        out: dict[str, Any] = native(
            first,
            games,
            list(self.bots),
            seed=self.seed,
            rotate=self.rotate,
            reward=self.reward,
            threads=self.threads,
            **dict(self.settings),
        )
        return out


def _shard_name(shard: int) -> str:
    return f"part-{shard:05d}.parquet"


def _metadata(game: GameName, table: str) -> dict[bytes, bytes]:
    doc = {"format": FORMAT, "version": SCHEMA_VERSION, "game": game, "table": table}
    return {b"kingup.dataset": json.dumps(doc).encode()}


def _tables(job: _Job, cols: Mapping[str, Any]) -> tuple[Any, Any]:
    """The steps and games tables of one shard's columns."""
    pa, _ = _pyarrow()
    labels: list[str] = list(cols["labels"])
    names = sorted(set(labels))
    code = np.array([names.index(label) for label in labels], dtype=np.int8)
    rows = len(cols["action"])
    obs = cols["observation"]
    mask = cols["mask"]
    steps = pa.table(
        {
            "game_id": pa.array(cols["game_id"]),
            "step": pa.array(cols["step"]),
            "seat": pa.array(cols["seat"]),
            "bot": pa.DictionaryArray.from_arrays(
                pa.array(code[cols["bot"]] if rows else np.zeros(0, np.int8)),
                pa.array(names, pa.string()),
            ),
            "observation": pa.FixedSizeListArray.from_arrays(
                pa.array(obs.reshape(-1)), obs.shape[1]
            ),
            "mask": pa.FixedSizeListArray.from_arrays(pa.array(mask.reshape(-1)), mask.shape[1]),
            "action": pa.array(cols["action"]),
            "reward": pa.array(cols["reward"]),
            "terminated": pa.array(cols["terminated"]),
            "truncated": pa.array(cols["truncated"]),
        }
    ).replace_schema_metadata(_metadata(job.game, "steps"))
    players = cols["returns"].shape[1]
    n = len(cols["games"])
    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(cols["history_len"], out=offsets[1:])
    seat_offsets = pa.array(np.arange(0, (n + 1) * players, players, dtype=np.int32))

    def per_seat(values: Any, kind: Any = None) -> Any:
        return pa.ListArray.from_arrays(seat_offsets, pa.array(values.reshape(-1), kind))

    bot_names = np.array(labels, dtype=object)[cols["bots"].reshape(-1)] if n else []
    games = pa.table(
        {
            "game_id": pa.array(cols["games"]),
            "players": pa.array(np.full(n, players, dtype=np.int8)),
            "config": pa.DictionaryArray.from_arrays(
                pa.array(np.zeros(n, dtype=np.int8)), pa.array([cols["config"]], pa.string())
            ),
            "bots": pa.ListArray.from_arrays(seat_offsets, pa.array(bot_names, pa.string())),
            "history_seat": pa.ListArray.from_arrays(
                pa.array(offsets), pa.array(cols["history_seat"])
            ),
            "history_index": pa.ListArray.from_arrays(
                pa.array(offsets), pa.array(cols["history_index"])
            ),
            "returns": per_seat(cols["returns"]),
            "scores": per_seat(cols["scores"]),
            "winners": per_seat(cols["winners"]),
            "truncated": pa.array(cols["game_truncated"]),
        }
    ).replace_schema_metadata(_metadata(job.game, "games"))
    return steps, games


def _record_shards(job: _Job, shards: Sequence[int]) -> list[tuple[int, int, int]]:
    """Records shards ``shards`` of ``job`` to their files; ``(shard, games, steps)`` of
    each. A shard's file appears whole or not at all (written aside, then renamed)."""
    _, pq = _pyarrow()
    done = []
    for shard in shards:
        ids = job.shard_range(shard)
        cols = job.columns(ids.start, len(ids))
        steps, games = _tables(job, cols)
        for table, folder in ((steps, "steps"), (games, "games")):
            final = Path(job.path, folder, _shard_name(shard))
            partial = final.with_suffix(".parquet.partial")
            pq.write_table(table, partial, compression="zstd")
            os.replace(partial, final)
        done.append((shard, games.num_rows, steps.num_rows))
    return done


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    number = int(value.__index__())
    if not low <= number <= high:
        raise ValueError(f"{what} must be {low} to {high}, not {number}")
    return number


def _record(
    path: str | os.PathLike[str],
    game: GameName,
    native: str,
    settings: dict[str, Any],
    games: SupportsIndex,
    bots: Sequence[str],
    *,
    seed: SupportsIndex | None,
    rotate: bool,
    reward: Reward,
    shard_games: SupportsIndex,
    backend: Backend,
    parts: int | None,
    threads: SupportsIndex | None,
) -> Dataset:
    _pyarrow()  # before anything is played: it writes the shards
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
    if not isinstance(rotate, bool):
        raise TypeError(f"rotate must be a bool, not {type(rotate).__name__}")
    total = _int(games, "games", 0, _kingup.MAX_GAMES)
    per_shard = _int(shard_games, "shard_games", 1, _kingup.MAX_GAMES)
    # Without a seed, one is drawn here (never written): the games are then known to
    # nobody, the dataset's own record aside.
    seed = secrets.randbits(64) if seed is None else _int(seed, "seed", 0, 2**64 - 1)
    root = Path(path)
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise FileExistsError(f"{str(root)!r} exists and is not an empty folder")
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(
            f"bots must be a list of bot names, one per seat, not {type(bots).__name__}"
        )
    local = backend is None or backend == "local"
    job = _Job(
        path=str(root),
        game=game,
        native=native,
        settings=tuple(settings.items()),
        bots=tuple(bots),
        rotate=rotate,
        seed=seed,
        reward=reward,
        games=total,
        shard_games=per_shard,
        threads=None if threads is None and local else int(threads or 1),
    )
    # Every argument checked here, before any worker starts (0 games: nothing played).
    first = job.columns(0, 0)
    shards = -(-total // per_shard)
    pieces = split(shards, parts_for(backend, parts))
    for folder in ("steps", "games"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    cpus = 1 if job.threads is None else job.threads
    done = run_parts(backend, _record_shards, [(job, list(p)) for p in pieces], cpus=cpus)
    steps = sum(rows for part in done for _, _, rows in part)
    manifest = {
        "format": FORMAT,
        "version": SCHEMA_VERSION,
        "game": game,
        "config": json.loads(first["config"]),
        "players": len(bots),
        "bots": list(first["labels"]),
        "rotate": rotate,
        "reward": reward,
        "games": total,
        "steps": steps,
        "shards": shards,
        "shard_games": per_shard,
        "observation_len": int(first["observation"].shape[1]),
        "num_actions": int(first["mask"].shape[1]),
        "kingup_version": _kingup.__version__,
    }
    (root / "dataset.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return Dataset(root)


def record(
    path: str | os.PathLike[str],
    games: SupportsIndex,
    bots: Sequence[str],
    *,
    players: SupportsIndex = 4,
    seed: SupportsIndex | None = None,
    rotate: bool = False,
    reward: Reward = "win",
    shard_games: SupportsIndex = SHARD_GAMES,
    backend: Backend = None,
    parts: int | None = None,
    threads: SupportsIndex | None = None,
    rounds: SupportsIndex = 3,
    setup: str = "placement",
    first_player: SupportsIndex | None = None,
    deck: Cards | None = None,
) -> Dataset:
    """Records ``games`` King Up! games between built-in bots into the folder ``path``
    (new, or empty) and returns the dataset.

    ``bots`` names the bot of each seat (``"heuristic"``, ``"random"``, ``"ismcts:300"``,
    ``"reader"``, as ``kingup.arena`` reads them); with ``rotate``, seat ``s`` of game
    ``i`` is played by ``bots[(s + i) % players]``, so every bot sits at every seat.
    Game ``i`` is played from ``seed`` and ``i`` only (its chance, and its bots' seeds):
    the dataset is the same whatever ``backend``, ``parts`` and ``threads`` are. Without
    ``seed``, one is drawn from the operating system; no seed is ever written.

    Games ``k * shard_games`` onwards go to shard ``k`` (``steps/part-0000k.parquet`` and
    ``games/part-0000k.parquet``). The shards are recorded in ``parts`` parts on
    ``backend`` (``None``/``"local"``: here, on ``threads`` threads, by default every
    core; ``"ray"``: Ray tasks of ``threads`` threads, by default 1; or an
    ``Executor``): each part writes its own shards, so ``path`` must be reachable by
    every worker. ``reward`` is the model each step's reward is paid under
    (``Game.returns``).
    """
    settings = {
        "players": players,
        "rounds": rounds,
        "setup": setup,
        "first_player": first_player,
        "deck": deck,
    }
    return _record(
        path,
        "kingup",
        "record",
        settings,
        games,
        bots,
        seed=seed,
        rotate=rotate,
        reward=reward,
        shard_games=shard_games,
        backend=backend,
        parts=parts,
        threads=threads,
    )


class Dataset:
    """A recorded dataset: ``dataset.json`` (what was recorded) and its Parquet shards.

    ``steps()`` and ``games()`` are ``pyarrow`` tables (``.to_pandas()`` makes data
    frames); ``arrays()`` gives NumPy arrays ready to train on; ``replay(game_id)``
    rebuilds a recorded game."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        root = Path(path)
        manifest_path = root / "dataset.json"
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FileNotFoundError(f"no dataset at {str(root)!r}: no dataset.json") from None
        except (ValueError, UnicodeDecodeError) as err:
            raise InvalidStateError(f"{str(manifest_path)!r} is not JSON: {err}", "malformed") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise InvalidStateError(f"{str(manifest_path)!r} is not a kingup dataset", "malformed")
        if manifest.get("version") != SCHEMA_VERSION:
            raise InvalidStateError(
                f"dataset schema version {manifest.get('version')!r}; this kingup reads "
                f"version {SCHEMA_VERSION}",
                "version",
            )
        if manifest.get("game") not in ("kingup", "kingup-court"):
            raise InvalidStateError(f"unknown game {manifest.get('game')!r}", "malformed")
        self.path = root
        #: ``dataset.json`` as a dict.
        self.manifest: dict[str, Any] = manifest

    @property
    def game(self) -> GameName:
        """``"kingup"`` or ``"kingup-court"``."""
        name: GameName = self.manifest["game"]
        return name

    @property
    def num_games(self) -> int:
        """Games recorded (ids ``0..num_games``)."""
        return int(self.manifest["games"])

    @property
    def num_steps(self) -> int:
        """Step rows (decisions) recorded."""
        return int(self.manifest["steps"])

    @property
    def bots(self) -> list[str]:
        """The bots, as ``record`` was given them (their labels: ``ismcts-300``)."""
        return list(self.manifest["bots"])

    def __len__(self) -> int:
        return self.num_games

    def __repr__(self) -> str:
        return (
            f"<kingup.dataset.Dataset {self.game}: {self.num_games} games, "
            f"{self.num_steps} steps, {self.manifest['shards']} shards>"
        )

    def files(self, table: Literal["steps", "games"]) -> list[Path]:
        """The shard files of ``table``, in shard order."""
        if table not in ("steps", "games"):
            raise ValueError(f"table is 'steps' or 'games', not {table!r}")
        return [self.path / table / _shard_name(k) for k in range(self.manifest["shards"])]

    def _read(self, table: str, columns: Sequence[str] | None, shards: Sequence[int] | None) -> Any:
        pa, pq = _pyarrow()
        files = self.files(table)  # type: ignore[arg-type]
        if shards is not None:
            files = [files[_int(k, "shard", 0, len(files) - 1)] for k in shards]
        parts = [pq.read_table(f, columns=None if columns is None else list(columns)) for f in files]
        if not parts:
            return pq.read_schema(files[0]).empty_table() if files else pa.table({})
        return pa.concat_tables(parts)

    def steps(
        self, columns: Sequence[str] | None = None, *, shards: Sequence[int] | None = None
    ) -> Any:
        """The steps table (``pyarrow.Table``), of every shard or of ``shards``."""
        return self._read("steps", columns, shards)

    def games(
        self, columns: Sequence[str] | None = None, *, shards: Sequence[int] | None = None
    ) -> Any:
        """The games table (``pyarrow.Table``): each game's record and result."""
        return self._read("games", columns, shards)

    def arrays(
        self,
        columns: Sequence[str] = ("observation", "mask", "action", "reward"),
        *,
        shards: Sequence[int] | None = None,
    ) -> dict[str, npt.NDArray[Any]]:
        """Columns of the steps table as NumPy arrays: ``observation`` ``(n, L)``
        ``float32``, ``mask`` ``(n, A)`` ``bool``, the others ``(n,)`` (``bot`` as its
        labels, ``str``)."""
        table = self.steps(columns, shards=shards)
        out: dict[str, npt.NDArray[Any]] = {}
        for name in columns:
            column = table.column(name).combine_chunks()
            if name in ("observation", "mask"):
                width = column.type.list_size
                flat = column.flatten().to_numpy(zero_copy_only=False)
                # Writable (PyTorch's from_numpy wants it): a copy when Arrow's memory
                # was shared.
                out[name] = np.require(flat.reshape(-1, width), requirements="W")
            elif name == "bot":
                out[name] = np.asarray(column.to_pylist(), dtype=str)
            else:
                out[name] = np.require(column.to_numpy(zero_copy_only=False), requirements="W")
        return out

    def shard_of(self, game_id: SupportsIndex) -> int:
        """The shard holding game ``game_id``; ``KeyError`` if none does."""
        gid = _int(game_id, "game_id", -(2**63), 2**63 - 1)
        if not 0 <= gid < self.num_games:
            raise KeyError(f"no game {gid} in this dataset (ids 0 to {self.num_games - 1})")
        return gid // int(self.manifest["shard_games"])

    def _game_class(self) -> Any:
        if self.game == "kingup":
            return _kingup.Game
        return _kingup.CourtGame

    def replay(self, game_id: SupportsIndex, *, check: bool = True) -> AnyGame:
        """The recorded game ``game_id`` replayed from its record (``Game.from_history``,
        explicit chance): its final state, with every step since the start.

        With ``check`` (the default), every step row of the game is checked against the
        replay: its seat, step, observation, mask and action must be the replayed
        game's. A record the rules refuse, or a row that differs (an edited or corrupt
        shard), raises ``InvalidStateError`` (``reason``: the refused step's code, or
        ``"mismatch"``)."""
        shard = self.shard_of(game_id)
        gid = int(game_id.__index__())
        _, pq = _pyarrow()
        games = pq.read_table(self.files("games")[shard], filters=[("game_id", "=", gid)])
        if games.num_rows != 1:
            raise InvalidStateError(
                f"game {gid}: {games.num_rows} rows in games shard {shard}, not 1", "mismatch"
            )
        row = games.to_pylist()[0]
        history = list(zip(row["history_seat"], row["history_index"]))
        pairs = [(None if s < 0 else s, i) for s, i in history]
        game = self._game_class().from_history(row["config"], pairs)
        if check:
            self._check(gid, shard, row["config"], pairs)
        return game  # type: ignore[no-any-return]

    def _check(self, gid: int, shard: int, config: str, pairs: list[tuple[int | None, int]]) -> None:
        _, pq = _pyarrow()
        steps = pq.read_table(self.files("steps")[shard], filters=[("game_id", "=", gid)])
        rows = steps.to_pydict()
        actions = [k for k, (seat, _) in enumerate(pairs) if seat is not None]
        if rows["step"] != actions:
            raise InvalidStateError(
                f"game {gid}: the step rows are at steps {rows['step'][:8]}..., the record's "
                f"actions at {actions[:8]}...",
                "mismatch",
            )
        game = self._game_class().from_history(config, [])
        row = 0
        for k, (seat, index) in enumerate(pairs):
            if seat is None:
                game.apply_chance(index)
                continue
            mask = game.action_mask(seat).astype(bool)
            observation = game.observation(seat)
            recorded_obs = np.asarray(rows["observation"][row], dtype=np.float32)
            recorded_mask = np.asarray(rows["mask"][row], dtype=bool)
            same = (
                rows["seat"][row] == seat
                and rows["action"][row] == index
                and np.array_equal(recorded_obs, observation)
                and np.array_equal(recorded_mask, mask)
            )
            if not same:
                raise InvalidStateError(
                    f"game {gid}, step {k}: the step row differs from the replayed game "
                    "(seat, action, observation or mask)",
                    "mismatch",
                )
            game.apply(index, seat)
            row += 1


def load(path: str | os.PathLike[str]) -> Dataset:
    """The dataset recorded in the folder ``path`` (either game)."""
    return Dataset(path)
