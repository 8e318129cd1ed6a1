"""Golden playthroughs and replay equality (DESIGN.md "records are event-sourced")."""

from __future__ import annotations

import pytest

import voidwar
from voidwar.core.record import undo

from .golden_trace import GOLDEN_DIR, SCENARIOS, trace
from .helpers import GAME_ORDERS, load, segment


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_golden_playthrough(scenario: str) -> None:
    want = (GOLDEN_DIR / f"{scenario}.txt").read_text()
    assert trace(scenario) == want, "regenerate with python -m tests.attack_vector.golden_trace"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_replay_reproduces_every_state(scenario: str) -> None:
    g = load(scenario)
    for orders in GAME_ORDERS[scenario]:
        segment(g, *orders)
    rec = g.record()
    again = voidwar.replay(rec)
    assert again.state_dict() == g.state_dict() and again.digest() == g.digest()
    back = undo(g, 3)
    assert len(back.actions) == len(g.actions) - 3


def test_notation_round_trips_for_every_legal_action() -> None:
    for sc in ("game-two", "game-three", "duel"):
        g = load(sc)
        for a in g.legal_actions():
            assert g.parse_action(str(a)) == a
