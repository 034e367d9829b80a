"""The Game API: construction, properties, moves, chance, views, events, sampling."""

from __future__ import annotations

import random

import pytest

import kingup
from kingup import Action, Character, Floor, Phase, Vote

from conftest import play_until


def test_new_game_defaults_to_four_players_three_rounds_and_auto_chance() -> None:
    g = kingup.Game(seed=1)
    assert (g.players, g.rounds, g.setup, g.chance) == (4, 3, "placement", "auto")
    assert g.phase is Phase.PLACEMENT and g.round == 0
    assert not g.is_chance and not g.is_over
    assert g.to_move == g.first_player and g.to_move in range(4)
    assert g.scores == [] and g.totals == [0, 0, 0, 0] and g.winners is None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("rounds", [1, 3])
@pytest.mark.parametrize("setup", ["placement", "random"])
def test_random_games_end_with_winners(players: int, rounds: int, setup: str) -> None:
    g = kingup.Game(players=players, seed=players * 10 + rounds, rounds=rounds, setup=setup)
    if setup == "random":
        assert g.phase is Phase.CLIMB
    rng = random.Random(players)
    play_until(g, rng)
    assert g.is_over and g.phase is Phase.GAME_OVER
    assert len(g.scores) == rounds and all(len(r) == players for r in g.scores)
    assert g.totals == [sum(r[s] for r in g.scores) for s in range(players)]
    assert g.winners and all(g.totals[w] == max(g.totals) for w in g.winners)
    assert g.to_move is None and g.legal_actions() == []


def test_same_seed_same_game_different_seed_different_game() -> None:
    def play(seed: int) -> list[tuple[int | None, int]]:
        g = kingup.Game(seed=seed)
        g.play_random()
        return g.history()

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_seed_none_draws_from_the_os() -> None:
    histories = set()
    for _ in range(5):
        g = kingup.Game()
        g.play_random()
        histories.add(tuple(g.history()))
    assert len(histories) > 1


def test_first_player_and_custom_deck() -> None:
    deck = ["ABCDEF", ["G", "I", "L", "M", "N", "O"], [0, 2, 4, 6, 8, 10]] + ["BCDEFG"] * 9
    g = kingup.Game(players=4, seed=3, first_player=2, deck=deck)
    assert g.first_player == 2 and g.to_move == 2
    objectives = [g.view(s).objective_card for s in range(4)]
    assert all(card is not None and 0 <= card < 12 for card in objectives)
    view = g.view(0)
    assert view.objective is not None and len(view.objective) == 6
    g.play_random()
    assert g.is_over


def test_legal_actions_match_the_mask_and_is_legal(rng: random.Random) -> None:
    g = kingup.Game(players=5, seed=9)
    while not g.is_over:
        seat = g.to_move
        assert seat is not None
        legal = g.legal_actions()
        assert legal == sorted(legal) and legal == g.legal_actions(seat)
        mask = g.action_mask()
        assert [i for i in range(67) if mask[i]] == legal
        assert all(g.is_legal(a) == (a in legal) for a in range(67))
        for other in range(5):
            if other not in g.voters and other != seat:
                assert g.legal_actions(other) == []
        g.apply(rng.choice(legal))


def test_placement_and_climb_actions_do_what_they_say() -> None:
    g = kingup.Game(players=4, seed=2, first_player=1)
    a = Action.place(Character.BEATRICE, Floor.OFFICIALS)
    assert int(a) == 6 and a in g.legal_actions()
    g.apply(a)
    assert g.public_view().floor_of("B") is Floor.OFFICIALS
    assert g.public_view().movers(Character.BEATRICE) == [1]
    assert g.to_move == 2
    events = g.events(None)
    assert events[-1].to_dict() == {"type": "placed", "seat": 1, "character": "B", "floor": 3}
    assert str(events[-1]) == "seat 1 places Beatrice on Officials (3)"


def test_vote_is_simultaneous_and_hidden(vote_game: kingup.Game) -> None:
    g = vote_game
    assert g.voters == [0, 1, 2, 3] and g.to_move == 0
    candidate = g.candidate
    assert isinstance(candidate, Character)
    assert g.legal_actions(2) == [Action.VOTE_YES, Action.VOTE_NO]
    g.apply(Action.vote(Vote.NO), seat=2)
    assert g.voters == [0, 1, 3]
    assert g.view(2).vote is Vote.NO
    assert g.view(0).vote is None and g.view(0).public.voted == [2]
    mine, theirs = g.events(2)[-1], g.events(0)[-1]
    assert mine.to_dict() == {"type": "vote_committed", "seat": 2, "vote": "no"}
    assert theirs.to_dict() == {"type": "vote_committed", "seat": 2, "vote": None}
    for seat in (3, 0, 1):
        g.apply(Action.VOTE_YES, seat)
    assert g.phase is Phase.CLIMB
    assert g.public_view().eliminated == [candidate]
    kinds = [e.kind for e in g.events(None)[-3:]]
    assert kinds == ["vote_committed", "votes_revealed", "eliminated"]
    assert g.public_view().no_votes(candidate) == [2]


def test_a_unanimous_yes_crowns_the_candidate_and_scores_the_round(vote_game: kingup.Game) -> None:
    g = vote_game
    candidate, crown = g.candidate, g.crown
    for seat in range(4):
        g.apply(Action.VOTE_YES, seat)
    assert g.round == 1 and g.phase is Phase.PLACEMENT
    assert crown is not None and candidate is not None
    assert len(g.scores) == 1 and g.to_move == (crown + 1) % 4
    scored = [e for e in g.events(None) if e.kind == "round_scored"]
    assert len(scored) == 1 and scored[0].to_dict()["points"][:4] == g.scores[0]
    assert any(e.kind == "crowned" and e.to_dict()["character"] == candidate.letter
               for e in g.events(None))


def test_explicit_chance_game() -> None:
    g = kingup.Game(players=3, chance="explicit", first_player=0)
    step = g.chance_step
    assert step is not None and g.is_chance and g.to_move is None
    assert (step.kind, step.seat, step.character) == ("deal", 0, None)
    assert str(step) == "deal seat 0's objective"
    outcomes = g.chance_outcomes()
    assert len(outcomes) == 26 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert all(10 <= o < 36 for o, _ in outcomes)
    assert kingup.chance_outcome_name(outcomes[0][0]) == "dealt card #0"
    for card in (10, 11, 12):
        g.apply_chance(card)
    assert not g.is_chance and g.to_move == 0
    assert g.view(1).objective_card == 1
    assert g.history() == [(None, 10), (None, 11), (None, 12)]
    assert g.chance_step is None
    g.play_random(seed=4)
    assert g.is_over


def test_random_first_player_and_layout_are_chance_steps() -> None:
    g = kingup.Game(players=5, chance="explicit", setup="random")
    first = g.chance_step
    assert first is not None and first.kind == "first_player"
    assert (first.seat, first.character, str(first)) == (None, None, "draw the first player")
    assert [o for o, _ in g.chance_outcomes()] == [0, 1, 2, 3, 4]
    g.apply_chance(3)
    for card in range(5):
        g.apply_chance(10 + card)
    step = g.chance_step
    assert step is not None and step.kind == "layout" and step.seat is None
    assert isinstance(step.character, Character)
    assert str(step) == f"lay out {step.character.title}"
    layout = g.chance_outcomes()
    assert [o for o, _ in layout] == [6, 7, 8, 9]
    assert [p for _, p in layout] == [0.25] * 4
    while g.is_chance:
        g.apply_chance(g.chance_outcomes()[-1][0])
    assert g.phase is Phase.CLIMB and g.to_move == 3


def test_views_hold_public_facts_and_only_the_viewers_secrets(rng: random.Random) -> None:
    g = play_until(kingup.Game(players=4, seed=21), rng, Phase.CLIMB)
    public = g.public_view()
    assert public == g.view(0).public == g.view(3).public
    assert public.players == 4 and public.phase is Phase.CLIMB
    assert sorted(c for floor in public.floors for c in floor) == list(Character)
    assert public.dealt == [0, 1, 2, 3] and public.outside == []
    cards = {g.view(s).objective_card for s in range(4)}
    assert len(cards) == 4
    for seat in range(4):
        view = g.view(seat)
        assert view.seat == seat and view.no_cards == 3
        assert view.legal_actions() == g.legal_actions(seat)
        assert str(g.view(seat)).endswith("3 No cards left\n")
        d = view.to_dict()
        assert d["seat"] == seat and d["objective_card"] == view.objective_card
        assert "objective_card" not in d["public"]
    assert "objective" not in public.to_dict()


def test_sample_keeps_what_the_viewer_knows(rng: random.Random) -> None:
    g = play_until(kingup.Game(players=4, seed=8), rng, Phase.VOTE)
    g.apply(Action.VOTE_NO, seat=1)
    for seed in range(20):
        world = g.sample(0, seed=seed)
        assert world.view(0) == g.view(0)
        # The same public history, replayed: seat 0 saw the same events in the same order.
        assert world.events(0) == g.events(0) and world.events(None) == g.events(None)
        assert len(world.history()) == len(g.history()) and world.chance == "auto"
        world.play_random()
        assert world.is_over
    worlds = {g.sample(0, seed=s).view(1).objective_card for s in range(30)}
    assert len(worlds) > 1
    # Seat 1's pending No is among the sampled secrets, so some worlds have a Yes there.
    votes = {g.sample(0, seed=s).view(1).vote for s in range(30)}
    assert votes == {Vote.YES, Vote.NO}
    assert g.sample(0, seed=5) == g.sample(0, seed=5) != g.sample(0, seed=6)


def test_clone_is_independent_and_plays_out_the_same() -> None:
    g = kingup.Game(seed=77)
    c = g.clone()
    assert c == g and c is not g
    c.play_random()
    assert c != g and not g.is_over
    g.play_random()
    assert c == g
    import copy

    assert copy.copy(g) == g and copy.deepcopy(g) == g


def test_events_since_and_counts() -> None:
    g = kingup.Game(seed=4)
    n = g.num_events
    assert n == len(g.events(None)) and n >= 6
    g.apply(g.legal_actions()[0])
    assert [e.kind for e in g.events(1, since=n)] == ["placed"]
    assert g.events(1, since=10_000) == []


def test_action_value_type() -> None:
    a = Action(57)
    assert a == 57 and a.kind == "climb" and a.character is Character.FIORELLO
    assert str(a) == "F" and a.describe() == "climb Fiorello" and repr(a) == "Action(57)"
    p = Action.place("Beatrice", 3)
    assert (int(p), p.kind, p.character, p.floor) == (6, "place", Character.BEATRICE, Floor.OFFICIALS)
    assert str(p) == "B3" and p.describe() == "place Beatrice on Officials (3)"
    assert (str(Action(65)), str(Action(66))) == ("yes", "no")
    assert Action.vote(True) == 65 and Action.vote(Vote.NO) == 66
    assert Action(66).vote_cast is Vote.NO and Action(66).character is None
    assert Action.climb("P") == 64 and len(Action.all()) == 67
    assert [Action(i) for i in range(67)] == list(range(67))


def test_character_and_floor() -> None:
    assert Character.parse("g") is Character.GIUSEPPE and Character.GIUSEPPE.letter == "G"
    assert Character.parse("irina") is Character.IRINA and Character.parse(12) is Character.PIERO
    assert str(Character.ODESSA) == "Odessa"
    assert [f.points for f in Floor] == [0, 1, 2, 3, 4, 5, 10]
    assert [f.capacity for f in Floor] == [4, 4, 4, 4, 4, 4, 1]
    with pytest.raises(ValueError):
        Character.parse("H")
    with pytest.raises(ValueError):
        Character.parse("Gavino")


def test_repr_and_str() -> None:
    g = kingup.Game(players=3, seed=1, first_player=0)
    assert repr(g) == "<kingup.Game: 3 players, round 1/3, placement phase, seat 0 to move>"
    assert str(g).startswith("round 1/3, placement phase, seat 0 to act")
    g.play_random()
    assert "over, winners" in repr(g)


def test_play_random_returns_the_actions_played() -> None:
    g = kingup.Game(seed=3)
    n = g.play_random()
    assert n == sum(1 for seat, _ in g.history() if seat is not None)
    assert g.play_random() == 0
