"""Ship systems inside the sample games (AV:T A5.166–A5.167, A5.31–A5.39).

Game One fires its lasers at the chocolates (no power, no cycle time); Game Three plays the Energy
Board, the heat board, regeneration, the heat after segment 8 and the end-of-turn orders, and
uses the Rafik's flex point (A5.312).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import voidwar
from voidwar.core.errors import IllegalAction
from voidwar.rulesets.attack_vector.actions import FireOrder, FlexOrder
from voidwar.rulesets.attack_vector.game import AttackVectorGame
from voidwar.rulesets.attack_vector.golden import GAME_ORDERS

from .battle import battle, orders


def load(scenario: str, **kw: object) -> AttackVectorGame:
    g = voidwar.load("attack-vector", scenario=scenario, **({"seed": 1} | kw))
    assert isinstance(g, AttackVectorGame)
    return g


def to_segment(g: AttackVectorGame, scenario: str, seg: int) -> None:
    """Play the text's orders (golden.GAME_ORDERS) up to the orders step of segment ``seg``."""
    for step in GAME_ORDERS[scenario][: seg - 1]:
        for o in step:
            g.apply(o)
        g.apply("done")


def fire_orders(g: AttackVectorGame) -> set[str]:
    return {str(a) for a in g.legal_actions() if isinstance(a, FireOrder)}


def test_game_one_segment_5_mounts_a_and_b_fire_at_the_chocolate() -> None:
    """A5.166: "Which of the three forward bearing weapon mounts can shoot at that chocolate?
    ... only weapon mounts A and B can fire at the chocolate." Then "go ahead and shoot. Two 3
    space lasers should do the job."""
    g = load("game-one")
    to_segment(g, "game-one", 5)
    assert str(g.bearing("rafik", "T2")) == "range 5 in F/A-"
    legal = {o for o in fire_orders(g) if o.endswith("T2")}
    assert legal == {f"fire {w} at T2" for w in ("A1", "A2", "B1", "B2")}
    with pytest.raises(IllegalAction, match="out of arc of mount C") as e:
        g.apply("fire C1 at T2")
    assert e.value.rule == "AV:T A5.166"
    g.apply(g.action_from_dict({"kind": "fire", "weapon": "A1", "target": "T2"}))
    g.apply("fire B1 at T2")
    g.apply("done")
    t = g.targets["T2"]
    shots = [e for e in g.log if e.kind == "fire"]
    assert len(shots) == 2
    # "Roll a d10 for each one, and cross-reference the result with the range column": at range
    # 5 (column 0-10) every roll does 5 to 7; "All lasers fired at chocolates add their damage
    # together": 10 or more, so two lasers kill it (toughness 8, ours)
    assert t.damage == sum(e.data["damage"] for e in shots) >= 10
    assert t.killed_by == "rafik" and not t.present
    assert "T2" not in g.bearings("rafik")
    with pytest.raises(IllegalAction, match="killed by rafik"):
        g.apply("fire A2 at T2")


def test_game_one_lasers_cost_nothing_and_wait_for_next_turn() -> None:
    """A5.167: "In the later sample games, those lasers will have a cycle time and cost power to
    use ... We won't worry about that for this game, we'll just assume the lasers won't be ready
    again until next turn."""
    g = load("game-one")
    to_segment(g, "game-one", 5)
    g.apply("fire A1 at T2")
    g.apply("done")
    s = g.combat.systems["rafik"]  # type: ignore[union-attr]
    assert s.power.stored == 22  # no power spent
    with pytest.raises(IllegalAction, match="ready turn 2 seg 1"):
        g.apply("fire A1 at T3")  # segment 6: still this turn
    g.apply("fire B1 at T3")  # another laser that has not fired may
    while not g.over:
        g.apply("done")
    assert s.heat.stored == 0  # no heat in Game One (A5.39 comes with Game Three)
    assert g.result is not None and g.result.outcome == "scenario-complete"


def test_game_three_segment_6_two_lasers_22_16_19() -> None:
    """A5.372: "If you fire two lasers on this segment (the minimum needed to kill the
    chocolate), you'll spend 6 battery power ... you'll have 16 energy left"; A5.373: "two
    reactors turned on, each generating 1.5 power ... Slide the paperclips up to 10 and 9"; A5.371:
    fired on segment 6, "available to fire again in 5 segments, or segment 11, which is segment 3
    of next turn"."""
    g = load("game-three")
    s = g.combat.systems["rafik"]  # type: ignore[union-attr]
    assert (s.power.stored, s.power.capacity, s.flex_points) == (22, 22, 1)  # A5.312-A5.313
    assert (s.heat.capacity, s.heat.stored, s.heat.radiator_output) == (15, 0, Fraction(6, 5))
    to_segment(g, "game-three", 6)
    assert {"fire B1 at T1", "fire B2 at T1"} <= fire_orders(g)
    g.apply("fire B1 at T1")
    g.apply("fire B2 at T1")
    g.apply("done")
    powers = [e.text for e in g.log if e.kind in ("fire", "power")]
    assert powers[-3].endswith("power 19 left") and powers[-2].endswith("power 16 left")
    assert powers[-1] == "rafik: +3 power → 19 of 22"
    assert s.power.stored == 19
    assert s.weapons["B1"].timer_text(g.turn, g.segment) == "ready turn 2 seg 3"
    assert g.targets["T1"].killed_by == "rafik"


def test_game_three_heat_after_segment_8_and_end_of_turn_orders() -> None:
    """A5.39: "the Rafik generating 3 power per segment generates 3 heat at the end of the turn
    ... You can choose to turn off reactors (generating no heat or energy)"; A5.392: "Reactor
    and radiator status can only be changed between segment 8 and segment 1; the status of the
    systems chosen remains that way for the duration of the next turn"."""
    g = load("game-three")
    s = g.combat.systems["rafik"]  # type: ignore[union-attr]
    to_segment(g, "game-three", 7)
    g.apply("done")  # no shots on segments 7 and 8: T2 stays
    g.apply("done")
    assert g.current_step is not None and g.current_step.name == "end_turn_orders"
    assert s.heat.stored == 3
    with pytest.raises(IllegalAction, match="after segment 8 only"):
        g.apply("thrust 1")
    legal = {str(a) for a in g.legal_actions()}
    assert {"reactors on off", "reactors off off", "radiators out", "flex ecm 1 eccm 0",
            "flex ecm 0 eccm 1"} <= legal
    g.apply("reactors off off")
    g.apply("done")
    assert g.turn == 2 and s.power.on == [False, False]
    g.apply("fire A1 at T2")  # the batteries still hold power: 22 → 19, and no regeneration
    g.apply("done")
    assert s.power.stored == 19
    while g.turn == 2 and g.segment < 8:
        g.apply("done")
    g.apply("done")
    assert s.heat.stored == 3  # reactors off: no heat in turn 2
    g.apply("done")  # the end-of-turn orders step of the last turn
    assert g.over


def test_game_three_flex_point_allocation() -> None:
    """A5.312: "Write ... 1 in the box labeled 'Flex Points'". How they are used (B6.2) is
    lost; ours: after segment 8 (A5.392) each ship puts its flex points on ECM or ECCM for the
    next turn, no more than it has."""
    g = load("game-three")
    s = g.combat.systems["rafik"]  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match=r"between segment 8 and segment 1"):
        g.apply("flex ecm 1 eccm 0")  # segment 1
    to_segment(g, "game-three", 9)
    with pytest.raises(IllegalAction, match="1 flex point") as e:
        g.apply("flex ecm 1 eccm 1")
    assert "A5.312" in e.value.rule
    with pytest.raises(IllegalAction, match="already so"):
        g.apply("flex ecm 0 eccm 0")
    before = g.digest()
    with pytest.raises(IllegalAction):
        g.apply("flex ecm 2 eccm 0")
    assert g.digest() == before
    g.apply(g.action_from_dict({"kind": "flex", "ecm": 1, "eccm": 0}))
    with pytest.raises(IllegalAction, match="already has a flex order"):
        g.apply("flex ecm 0 eccm 1")
    g.apply("done")
    assert (s.ecm, s.eccm) == (1, 0)
    assert g.ships["rafik"].systems["flex"] == {"points": 1, "ecm": 1, "eccm": 0}
    assert str(FlexOrder("red-1", 0, 1)) == "red-1: flex ecm 0 eccm 1"


def test_ecm_beyond_the_shooters_eccm_lengthens_the_range(tmp_path: Path) -> None:
    """Flex points in a battle (our design): each ECM point of the target beyond the shooter's
    ECCM adds one hex to the range the shot is rolled at (A5.312 gives the points; D6.1 is
    lost)."""
    g = battle(tmp_path, red_pos="10A", seed=2)
    for _ in range(8):
        orders(g)
    orders(g, [], ["flex ecm 1 eccm 0"])  # after segment 8
    assert g.combat is not None and g.combat.systems["red-1"].ecm == 1
    assert g.bearing("blue-1", "red-1").range == 10
    orders(g, ["fire A1 at red-1"], [])
    shot = next(e for e in reversed(g.log) if e.kind == "fire")
    assert "range 11 (11-13)" in shot.text
    # the shooter's ECCM cancels it point for point
    g2 = battle(tmp_path, red_pos="10A", seed=2)
    for _ in range(8):
        orders(g2)
    orders(g2, ["flex ecm 0 eccm 1"], ["flex ecm 1 eccm 0"])
    orders(g2, ["fire A1 at red-1"], [])
    shot = next(e for e in reversed(g2.log) if e.kind == "fire")
    assert "range 10 (0-10)" in shot.text


def test_motion_only_and_battle_modes_are_unchanged() -> None:
    """Game Two is pivots and thrust only (A5.2): no systems; a battle still plays them all."""
    assert load("game-two").combat is None
    duel = load("duel")
    assert duel.combat is not None and duel.combat.battle and duel.combat.full
