"""The rulebook's sample games as acceptance tests (AV:T A5.1-A5.3; spec §16)."""

from __future__ import annotations

from voidwar.rulesets.attack_vector.avid import parse_window

from .helpers import GAME_ORDERS, at, load, segment


def test_game_one_moves_and_bearings() -> None:
    g = load("game-one")
    ship = g.ships["rafik"]
    assert ship.velocity.components() == {"A": 5, "B": 3, "+": 2}  # drifting, not scripted
    # (seg, bearing shot in the fire step before moving, position after the segment)
    expect = {
        1: (None, "1A"),
        2: (("T1", 2, "A/B"), "2A"),  # A5.152: 1A+1B away -> range 2, A/B
        3: (("T1", 1, "B"), "2A 1B"),  # the predicted bearing; the ship eats T1 (spec §16.1)
        4: (("T2", 6, "F/A"), "3A 1B +1"),  # A5.153: 4A+2F, one below -> 6 in F/A amber
        5: (("T2", 5, "F/A-"), "4A 1B +1"),  # A5.162: 5 in F/A blue-under (circled)
        6: (("T3", 7, "A+"), "4A 2B +1"),  # A5.171: RAL(6, 5) = 7 blue
    }
    for seg in range(1, 7):
        shot, pos = expect[seg]
        assert g.segment == seg and g.current_step is not None
        if shot:
            b = g.bearing("rafik", shot[0])
            assert (b.range, str(b.window)) == (shot[1], shot[2]), seg
        segment(g)
        assert ship.pos == at(pos), seg
    assert g.targets["T1"].eaten_by == "rafik"
    assert g.targets["T2"].eaten_by is None


def test_game_two_state_after_each_segment() -> None:
    g = load("game-two")
    s = g.ships["rafik"]
    orders = GAME_ORDERS["game-two"]
    # (nose, grey dots, velocity, fuel used) after each segment (spec §16.2)
    expect = [
        ("F/A", {}, {}, 0),  # pivot F -> A begun: the +0 wedge
        ("A", {}, {}, 0),  # pivot complete on seg 2
        ("A", {"A": 1}, {}, 1),  # thrust 5, cell 1 (the top cell although it is seg 3)
        ("A", {"A": 2}, {}, 2),
        ("A/B", {"A": 3}, {}, 3),  # A5.262: the dot goes to A before the nose moves; no break
        ("B", {"A": 4, "B": 1}, {}, 5),  # A5.273: cell 4 = 2 dots, bias A first
        ("B/C", {}, {"A": 4, "B": 2}, 6),  # cell 5 -> B; pivot complete -> break -> 4A 2B
        ("B/C", {}, {"A": 4, "B": 2}, 6),
    ]
    for seg, (nose, dots, vel, fuel) in enumerate(expect, 1):
        if seg == 5:
            assert g.ships["rafik"].facing is None
        segment(g, *orders[seg - 1])
        assert str(s.orient.nose) == nose, seg
        grey = {k: v for k, v in s.burn.dots.items() if v} if s.burn else {}
        assert grey == dots, seg
        assert s.velocity.components() == vel, seg
        assert s.fuel_used == fuel, seg
        if seg <= 7:
            assert s.pos == at("0"), seg  # never moved: no velocity, displacement suppressed
    assert s.displaced.is_zero()
    assert g.over


def test_game_two_pivot_timing_is_boxed() -> None:
    g = load("game-two")
    segment(g, "pivot to A")
    fc = g.ships["rafik"].facing
    assert fc is not None and fc.end == 2  # "2" boxed in window A (A5.222)
    g2 = load("game-two")
    for orders in GAME_ORDERS["game-two"][:4]:
        segment(g2, *orders)
    g2.apply("pivot to B/C")
    g2.apply("done")
    fc = g2.ships["rafik"].facing
    assert fc is not None
    assert fc.to_dict()["path"] == [[5, "A/B"], [6, "B"], [7, "B/C"]]  # A5.261


def test_game_three_segments_1_to_3() -> None:
    g = load("game-three")
    s = g.ships["rafik"]
    assert s.velocity.components() == {"A": 4, "B": 2}
    segment(g, "pivot to C+")
    assert s.pos == at("0") and str(s.orient.nose) == "B/C"  # +0 wedge: the nose holds (A5.322)
    segment(g)
    assert s.pos == at("1A")
    m = {k: str(w) for k, w in s.orient.marker_windows().items()}
    assert m == {"nose": "C+", "aft": "F-", "top": "F++", "bottom": "C--", "port": "A/B",
                 "starboard": "D/E"}  # A5.333, A5.3331
    segment(g, "thrust 4")
    assert s.pos == at("2A")  # A5.341: the FP marker one hex A again on segment 3
    assert s.burn is not None and s.burn.dots["C"] == 1 and s.burn.dots["+"] == 0  # A5.343
    assert s.orient.nose == parse_window("C+")


def test_game_three_continues_game_two() -> None:
    two = load("game-two")
    for orders in GAME_ORDERS["game-two"]:
        segment(two, *orders)
    three = load("game-three")
    a, b = two.ships["rafik"], three.ships["rafik"]
    assert a.velocity == b.velocity and a.orient == b.orient
