"""Every input is bounded: iterables and strings are read only up to their limit (one
that never ends is refused at the first item too many), JSON texts are measured before
they are parsed, and an error message quotes at most a short start of what it refuses.
Each limit is one constant: the core's or kingup-bots' own where it exists."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import kingup
from kingup.bots import MAX_ITERATIONS, MAX_TIME_LIMIT, IsmctsBot, ReaderBot

HUGE = "x" * 10_000_000
#: Longest message any refusal below may give: a sentence and a 40-character quote.
SHORT = 300


def cards() -> Iterator[str]:
    """A deck that never ends."""
    return itertools.repeat("ABCDEF")


def characters() -> Iterator[int]:
    """A card that never ends."""
    return itertools.count()


def makers() -> list[Callable[[Any], object]]:
    """Everything that builds a game from a ``deck``."""
    return [
        lambda deck: kingup.Game(deck=deck),
        lambda deck: kingup.VectorEnv(2, deck=deck),
        lambda deck: kingup.simulate(1, deck=deck),
    ]


@pytest.mark.parametrize("make", makers())
def test_an_endless_deck_is_refused_at_the_card_too_many(make: Callable[[Any], object]) -> None:
    read = 0

    def counted() -> Iterator[str]:
        nonlocal read
        for card in cards():
            read += 1
            yield card

    with pytest.raises(kingup.InvalidConfigError, match="a deck holds 1 to 32 cards, found more"):
        make(counted())
    assert read == kingup.MAX_DECK_CARDS + 1


@pytest.mark.parametrize("make", makers())
def test_an_endless_card_is_refused_at_the_character_too_many(make: Callable[[Any], object]) -> None:
    with pytest.raises(kingup.InvalidConfigError, match="deck card 0: .*6 characters, found more"):
        make([characters()])
    with pytest.raises(kingup.InvalidConfigError, match="deck card 1: .*6 characters, found 7"):
        make(["ABCDEF", "ABCDEFG"])
    with pytest.raises(kingup.InvalidConfigError, match="6 characters, found 10000000"):
        make([HUGE])


def test_deck_limits_are_the_cores() -> None:
    assert kingup.MAX_DECK_CARDS == 32
    full = ["ABCDEF"] * kingup.MAX_DECK_CARDS
    assert kingup.Game(players=3, deck=full).players == 3
    with pytest.raises(kingup.InvalidConfigError, match="found 33"):
        kingup.Game(deck=[*full, "ABCDEF"])
    with pytest.raises(kingup.InvalidConfigError, match="found 1000000"):
        kingup.Game(deck=["ABCDEF"] * 1_000_000)


@pytest.mark.parametrize(
    "call",
    [
        lambda: kingup.Game(setup=HUGE),
        lambda: kingup.Game(chance=HUGE),
        lambda: kingup.VectorEnv(1, reward=HUGE),
        lambda: IsmctsBot(rollout=HUGE),
        lambda: kingup.Game(deck=[[0, 1, 2, 3, 4, HUGE]] * 12),
        lambda: kingup.Game(seed=1).public_view().floor_of(HUGE),
        lambda: kingup.Action.parse(HUGE),
        lambda: kingup.Character.parse(HUGE),
        lambda: kingup.observation_field(HUGE),
        lambda: kingup.Game(setup="y" * 33),
        lambda: kingup.Game(players=10**5000),
        lambda: kingup.Game(seed=10**5000),
        lambda: kingup.simulate(10**5000),
    ],
)
def test_messages_quote_a_short_start_of_a_huge_input(call: Callable[[], object]) -> None:
    with pytest.raises((ValueError, KeyError)) as info:
        call()
    message = str(info.value)
    assert len(message) < SHORT, message[:SHORT]


def test_names_are_short() -> None:
    assert kingup.MAX_NAME_CHARS == 32
    with pytest.raises(kingup.InvalidConfigError, match="too long: at most 32 characters"):
        kingup.Game(setup="p" * 33)
    # A name of the limit's length is read (and refused for what it says).
    with pytest.raises(kingup.InvalidConfigError, match='setup must be "placement"'):
        kingup.Game(setup="p" * 32)


@pytest.mark.parametrize(
    "read",
    [kingup.Game.from_json, kingup.PlayerView.from_json, kingup.PublicView.from_json,
     kingup.Event.from_json],
)
def test_json_longer_than_the_save_limit_is_refused_before_parsing(read: Callable[[str], object]) -> None:
    assert kingup.MAX_SAVE_LEN == 1 << 20
    # Valid JSON padded past the limit: only its length is wrong.
    text = "{}" + " " * kingup.MAX_SAVE_LEN
    with pytest.raises(kingup.InvalidStateError) as info:
        read(text)
    assert info.value.reason == "too_long" and len(str(info.value)) < SHORT
    # Multi-byte characters count as bytes.
    with pytest.raises(kingup.InvalidStateError) as info:
        read('"' + "é" * (kingup.MAX_SAVE_LEN // 2 + 1) + '"')
    assert info.value.reason == "too_long"


@pytest.mark.parametrize(
    "read",
    [kingup.Game.from_json, kingup.PlayerView.from_json, kingup.PublicView.from_json,
     kingup.Event.from_json],
)
def test_parser_messages_quote_little_of_the_input(read: Callable[[str], object]) -> None:
    long_value = "z" * (kingup.MAX_SAVE_LEN - 100)
    for text in [json.dumps({"type": long_value}), json.dumps({long_value: 1}), long_value]:
        with pytest.raises(kingup.InvalidStateError) as info:
            read(text)
        assert len(str(info.value)) < SHORT, str(info.value)[:SHORT]


def test_bot_limits_are_kingup_bots() -> None:
    assert (MAX_ITERATIONS, MAX_TIME_LIMIT) == (1_000_000, 3600.0)
    assert IsmctsBot(iterations=MAX_ITERATIONS).iterations == MAX_ITERATIONS
    assert IsmctsBot(time_limit=MAX_TIME_LIMIT).time_limit == MAX_TIME_LIMIT
    with pytest.raises(kingup.InvalidConfigError, match="iterations must be 1 to 1000000"):
        IsmctsBot(iterations=MAX_ITERATIONS + 1)
    with pytest.raises(kingup.InvalidConfigError, match="at most 3600 s"):
        IsmctsBot(time_limit=MAX_TIME_LIMIT + 0.001)
    assert ReaderBot(iterations=MAX_ITERATIONS).iterations == MAX_ITERATIONS
    with pytest.raises(kingup.InvalidConfigError, match="iterations must be 1 to 1000000"):
        ReaderBot(iterations=MAX_ITERATIONS + 1)


def test_binding_limits_are_one_constant_each() -> None:
    assert (kingup.MAX_GAMES, kingup.MAX_THREADS, kingup.MAX_ENVS) == (100_000_000, 64, 1_000_000)
    for call, message in [
        (lambda: kingup.simulate(kingup.MAX_GAMES + 1), "games must be 0 to 100,000,000"),
        (lambda: kingup.simulate(1, threads=kingup.MAX_THREADS + 1), "threads must be 1 to 64"),
        (lambda: kingup.VectorEnv(kingup.MAX_ENVS + 1), "num_envs must be 1 to 1,000,000"),
        (lambda: kingup.VectorEnv(1, threads=kingup.MAX_THREADS + 1), "threads must be 1 to 64"),
    ]:
        with pytest.raises(kingup.InvalidConfigError, match=message):
            call()
    assert len(kingup.simulate(0).lengths) == 0
    assert kingup.simulate(2, threads=kingup.MAX_THREADS).lengths.shape == (2,)
