"""A2.4 displacement and its carried fractions (AV:T A2.4 glossary "Displacement"; spec §7.4).

The text: "If you apply thrust for a whole turn in vector movement, without changing direction,
your ship will move a number of hexes in the direction of thrust equal to half of the amount you
changed your vector by, carrying fractional hexes of movement over to your next turn."
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest

from voidwar.rulesets.attack_vector.vectors import parse_vector

from .helpers import at, segment, solo


def _turns(g: object, n: int, first: tuple[str, ...] = ()) -> None:
    segment(g, *first)  # type: ignore[arg-type]
    for _ in range(8 * n - 1):
        segment(g)  # type: ignore[arg-type]


def test_rafik_at_rest_thrust_2_5_for_two_turns_stands_at_10A(tmp_path: Path) -> None:
    """A2.4: "half of the amount you changed your vector by, carrying fractional hexes of
    movement over to your next turn": 2.5 + 2.5 hexes displaced, ½·5·2² = 10."""
    g = solo(tmp_path, turns=4)
    s = g.ships["rafik"]
    _turns(g, 1, ("thrust 2.5",))
    assert s.pos == at("2A") and s.carry == {"A": Fraction(1, 2)}  # 2.5 hexes: 2 now, ½ carried
    _turns(g, 1)
    assert s.velocity.components() == {"A": 10}
    assert s.pos == at("10A") and s.displaced == parse_vector("5A") and s.carry == {}
    _turns(g, 1)
    assert s.pos == at("22A") and s.carry == {"A": Fraction(1, 2)}  # ½·5·3² = 22.5


def test_carried_hex_lands_in_turn_two_not_turn_three(tmp_path: Path) -> None:
    """A2.4 "carrying fractional hexes of movement over to your next turn": the ½ hex of turn 1
    and the ½ hex of turn 2 make a whole hex inside turn 2 (folded into the running
    displacement, spec §7.4), not in turn 3's first cell."""
    g = solo(tmp_path, turns=4)
    s = g.ships["rafik"]
    _turns(g, 1, ("thrust 2.5",))
    per_cell = []
    for _ in range(8):
        before = s.displaced
        segment(g)
        per_cell.append((s.displaced - before).components().get("A", 0))
    # the chart's 2.5 column has arrows in cells 6 and 8 (⌊2.5·c²/64⌋); with ½ carried the
    # running displacement ⌊½ + 2.5·c²/64⌋ is 0, 0, 0, 1, 1, 1, 2, 3
    assert per_cell == [0, 0, 0, 1, 0, 0, 1, 1]
    segment(g)  # turn 3, cell 1: no stale hex left over
    assert s.displaced == parse_vector("5A")


@pytest.mark.parametrize("t", ["0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"])
def test_constant_thrust_displaces_half_the_change_with_fractions_carried(
        tmp_path: Path, t: str) -> None:
    """A2.4 "a number of hexes ... equal to half of the amount you changed your vector by,
    carrying fractional hexes ... over": after n whole turns at thrust T from rest the vector
    changed by 2T·n and the ship stands ½·2T·n² away, the fraction of T·n still carried."""
    g = solo(tmp_path, turns=4)
    s = g.ships["rafik"]
    v = Fraction(t)
    _turns(g, 1, (f"thrust {t}",))
    for n in (1, 2, 3):
        if n > 1:
            _turns(g, 1)
        total = v * n * n  # ½·(2T)·n²
        assert s.velocity.components() == {"A": int(2 * v * n)}
        assert s.pos == (at(f"{math.floor(total)}A") if total >= 1 else at("0")), n
        frac = v * n - math.floor(v * n)
        assert s.carry == ({"A": frac} if frac else {}), n


def test_a_later_burn_does_not_pick_up_a_stale_carry(tmp_path: Path) -> None:
    """A2.4: the fraction carries "over to your next turn" of continuous thrust, no further: a
    burn begun after the engine was off gets the chart's arrows only (our reading)."""
    g = solo(tmp_path, turns=4)
    s = g.ships["rafik"]
    _turns(g, 1, ("thrust 2.5",))
    assert s.carry == {"A": Fraction(1, 2)}
    events = g.apply("thrust 0")
    events = g.apply("done")
    assert s.carry == {} and any("is lost" in e.text for e in events)
    segment(g, "thrust 2.5")  # turn 2, segment 2: a new burn in the same direction
    for _ in range(7):
        segment(g)
    # chart 2.5: arrows in cells 6 and 8 only; the ½ of turn 1 never comes back
    assert s.displaced == parse_vector("4A")
    assert s.carry == {"A": Fraction(1, 2)}


def test_a_burn_broken_before_a_whole_turn_carries_nothing(tmp_path: Path) -> None:
    """A2.4 "If you apply thrust for a whole turn ...": a burn broken after 7 cells keeps its
    chart arrows (⌊2.5·49/64⌋ = 1) and carries no fraction."""
    g = solo(tmp_path, turns=2)
    s = g.ships["rafik"]
    segment(g, "thrust 2.5")
    for _ in range(5):
        segment(g)
    segment(g, "thrust 0")  # breaks after 7 cells (condition 3, A5.245)
    assert s.burn is None and s.displaced == parse_vector("1A") and s.carry == {}


def test_a_carry_goes_only_to_the_same_direction(tmp_path: Path) -> None:
    """A2.4 "without changing direction": a fraction carried in B is not displaced in A."""
    g = solo(tmp_path, turns=2)
    s = g.ships["rafik"]
    s.carry = {"B": Fraction(1, 2)}
    g.apply("thrust 2.5")
    events = g.apply("done")
    assert s.carry == {} and s.burn is not None and s.burn.carry == 0
    assert any("in B is lost" in e.text for e in events)


def test_a_new_thrust_value_in_the_same_direction_takes_the_carry(tmp_path: Path) -> None:
    """A2.4 "without changing direction": changing thrust 2.5 → 1.5 in the next segment keeps the
    direction, so the ½ folds into the new burn (⌊½ + 1.5⌋ = 2 arrows over its turn)."""
    g = solo(tmp_path, turns=3)
    s = g.ships["rafik"]
    _turns(g, 1, ("thrust 2.5",))
    _turns(g, 1, ("thrust 1.5",))
    assert s.displaced == parse_vector("4A") and s.carry == {}
