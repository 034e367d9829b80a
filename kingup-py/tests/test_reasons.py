"""The reason enums of ``kingup.errors`` name exactly the codes of the engines' catalogues
(``kingup_table::catalogue``), plus the binding's own, so no code is missing or invented."""

from __future__ import annotations

from enum import Enum

from kingup import _kingup
from kingup.errors import ChanceReason, CourtIllegalReason, IllegalReason, UndoReason


def values(enum: type[Enum]) -> set[str]:
    return {member.value for member in enum}


def test_king_up_enums_are_the_catalogue_and_the_bindings_own_codes() -> None:
    codes = _kingup.REASON_CODES
    assert values(IllegalReason) == set(codes["action"]) | {"no_such_action", "not_a_joint_action"}
    assert values(ChanceReason) == set(codes["chance"]) | {"no_such_outcome"}
    assert values(UndoReason) == set(codes["undo"])
    assert codes["seat"] == ["no_such_seat"]
    assert "malformed" in codes["load"] and "floor_full" in codes["action"]


def test_court_enum_is_the_catalogue_and_the_bindings_own_code() -> None:
    codes = _kingup.COURT_REASON_CODES
    assert values(CourtIllegalReason) == set(codes["action"]) | {"no_such_action"}
    assert codes["undo"] == _kingup.REASON_CODES["undo"]
    assert set(codes["chance"]) == {"not_chance", "wrong_step", "no_such_seat"}


def test_both_catalogues_hold_the_shared_shells_codes() -> None:
    # The one Game class raises these itself when nobody may act or the seat does not play
    # (kingup-py/src/shell.rs): each game's rules must list them.
    for codes in (_kingup.REASON_CODES, _kingup.COURT_REASON_CODES):
        assert {"game_over", "chance_pending", "no_such_seat"} <= set(codes["action"])
