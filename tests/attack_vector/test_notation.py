"""Order notation (core.notation) and the data files loaded once (one source for each thing)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from voidwar.core.errors import IllegalAction
from voidwar.rulesets.attack_vector.actions import (
    NOTATION,
    BiasOrder,
    Done,
    FireOrder,
    PivotTo,
    RadiatorsOrder,
    ReactorsOrder,
    RollOrder,
    SetThrust,
)
from voidwar.rulesets.attack_vector.avid import parse_window
from voidwar.rulesets.attack_vector.data import load_scenario, load_ship_class, thrust_chart
from voidwar.rulesets.attack_vector.game import AttackVectorGame

from .helpers import load


@pytest.mark.parametrize(("text", "order", "canonical"), [
    (" DONE ", Done(), "done"),
    ("thrust 2.5", SetThrust(None, Fraction(5, 2)), "thrust 2.5"),
    ("thrust 5/2", SetThrust(None, Fraction(5, 2)), "thrust 2.5"),
    ("THRUST 08", SetThrust(None, Fraction(8)), "thrust 8"),
    ("thrust +3", SetThrust(None, Fraction(3)), "thrust 3"),
    ("red-1 :thrust 5", SetThrust("red-1", Fraction(5)), "red-1: thrust 5"),
    ("pivot to fa-", PivotTo(None, parse_window("F/A-")), "pivot to F/A-"),
    ("a2: PIVOT TO +++", PivotTo("a2", parse_window("+++")), "a2: pivot to +++"),
    ("roll +90 PORT", RollOrder(None, 90, False), "roll 90 port"),
    ("bias b", BiasOrder(None, "B"), "bias B"),
    ("fire a1 AT red-1", FireOrder(None, "A1", "red-1"), "fire A1 at red-1"),
    ("reactors ON off", ReactorsOrder(None, (True, False)), "reactors on off"),
    ("blue-1: radiators IN", RadiatorsOrder("blue-1", False), "blue-1: radiators in"),
])
def test_every_spelling_reads_and_writes_one_canonical_text(
        text: str, order: object, canonical: str) -> None:
    got = NOTATION.parse(text)
    assert got == order and str(got) == canonical
    assert NOTATION.from_dict(got.to_dict()) == got


def test_structured_form_names_the_ship_as_actor() -> None:
    form = NOTATION.parse("red-1: thrust 2.5").to_dict()
    assert form == {"kind": "thrust", "text": "red-1: thrust 2.5", "actor": "red-1",
                    "value": "2.5"}
    assert NOTATION.parse("done").to_dict() == {"kind": "done", "text": "done"}


@pytest.mark.parametrize("text", [
    "thrust " + "9" * 5000, "thrust 1e999999999", "roll " + "9" * 5000 + " port",
    "fire A" + "1" * 5000 + " at red-1", "thrust 5/0", "red-1: done", "bias", "reactors",
])
def test_unreadable_orders_are_a_clean_illegal_action(text: str) -> None:
    with pytest.raises(IllegalAction):
        NOTATION.parse(text)


def test_structured_orders_go_through_the_game() -> None:
    g = load("duel")
    order = g.action_from_dict({"kind": "pivot-to", "window": "D/E"})
    assert order == PivotTo(None, parse_window("D/E"))
    g.apply(order)
    with pytest.raises(IllegalAction, match="value"):
        g.action_from_dict({"kind": "thrust", "value": "lots"})


def test_shipped_data_is_loaded_once_and_shared_read_only() -> None:
    a, b = load("duel"), load("duel")
    assert a.sc is b.sc is load_scenario("duel")
    assert a.ships["blue-1"].cls is load_ship_class("rafik_mk1")
    assert a.chart is thrust_chart()
    with pytest.raises(ValueError):
        a.sc.turns = 99  # type: ignore[misc]
    clone = a.clone()
    assert isinstance(clone, AttackVectorGame) and clone.sc is a.sc
