"""Golden playthroughs and replay equality (DESIGN.md "records are event-sourced")."""

from __future__ import annotations

from pathlib import Path

import pytest

import voidwar
from voidwar.core.record import undo
from voidwar.rulesets.attack_vector.golden import GOLDENS, TUTORIALS

from .helpers import GAME_ORDERS, load, segment

GOLDEN_DIR = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_playthrough(name: str) -> None:
    want = (GOLDEN_DIR / name).read_text()
    assert GOLDENS[name]() == want, "regenerate with: voidwar dev golden attack-vector"


def test_every_golden_file_has_its_playthrough() -> None:
    assert sorted(p.name for p in GOLDEN_DIR.glob("*.txt")) == sorted(GOLDENS)


@pytest.mark.parametrize("scenario", TUTORIALS)
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
            assert g.action_from_dict(a.to_dict()) == a
