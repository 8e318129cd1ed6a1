"""The AVID: windows, markers, pivots and rolls (AV:T A5.22-A5.333; spec §5, §8, §17)."""

from __future__ import annotations

import pytest

from voidwar.rulesets.attack_vector.avid import (
    ALL_WINDOWS,
    Orientation,
    Window,
    WindowError,
    _frame,
    nearest_window,
    orientation,
    parse_window,
    pivot_path,
    roll_path,
    wedge_count,
)
from voidwar.rulesets.attack_vector.exact import Q3, cross, dot, neg


def names(o: Orientation) -> dict[str, str]:
    return {m: str(w) for m, w in o.marker_windows().items()}


def test_a5_333_markers_after_pivot_to_c_plus() -> None:
    o = orientation(3, 0)  # nose B/C amber, top up
    path = pivot_path(o, parse_window("C+"))
    assert [s.wedges for s in path] == [2]  # one window across and one ring up: two wedges
    m = names(path[-1].after)
    assert m == {"nose": "C+", "aft": "F-", "starboard": "D/E", "port": "A/B",
                 "top": "F++", "bottom": "C--"}
    assert all(exact for _, exact in path[-1].after.markers().values())


def test_level_nose_markers() -> None:
    # spec §17: nose A, top up -> starboard B/C, port E/F, aft D
    m = names(orientation(0, 0))
    assert (m["starboard"], m["port"], m["aft"], m["top"], m["bottom"]) == \
        ("B/C", "E/F", "D", "+++", "---")


def test_every_orientation_frame_is_orthonormal() -> None:
    one, zero = Q3(1), Q3(0)
    for k in range(12):
        for e in range(-3, 4):
            for r in range(12):
                n, s, t = orientation(k, e, r).frame()
                assert dot(n, n) == one and dot(s, s) == one and dot(t, t) == one
                assert dot(n, s) == zero and dot(n, t) == zero and dot(s, t) == zero
                assert cross(s, n) == t  # right-handed: top = starboard × nose (spec §5.4)


def test_pole_form_is_canonical() -> None:
    for k in range(12):
        for r in range(12):
            for e in (3, -3):
                assert orientation(k, e, r).frame() == Orientation(k, e, r).frame()
                assert orientation(k, e, r).r == 0


def test_game_two_pivot_paths() -> None:
    # A5.223: F -> A is 60°: F/A then A; A5.261: A -> B/C is 90° through A/B and B
    p = pivot_path(orientation(10, 0), parse_window("A"))
    assert [str(s.after.nose) for s in p] == ["F/A", "A"]
    p = pivot_path(orientation(0, 0), parse_window("B/C"))
    assert [str(s.after.nose) for s in p] == ["A/B", "B", "B/C"]
    assert wedge_count(p) == 3


def test_shortest_path_goes_over_the_pole_when_shorter() -> None:
    p = pivot_path(orientation(0, 2), parse_window("D++"))
    assert [str(s.after.nose) for s in p] == ["+++", "D++"]
    # pitching over the top leaves the ship inverted: its top now points down-ish
    assert names(p[-1].after)["top"] == "D-"
    assert names(orientation(6, 2))["top"] == "A+"  # upright at D++, for comparison
    # ties keep the ring path; exactly opposite turns to starboard
    p = pivot_path(orientation(0, 0), parse_window("D"))
    assert [str(s.after.nose) for s in p][:2] == ["A/B", "B"]
    assert wedge_count(p) == 6


def test_no_path_longer_than_180_degrees() -> None:
    for start in ALL_WINDOWS:
        o = orientation(start.k, start.e)
        for target in ALL_WINDOWS:
            assert wedge_count(pivot_path(o, target)) <= 6
            if target != start:
                assert pivot_path(o, target)[-1].after.nose == target


def test_roll_moves_top_toward_starboard() -> None:
    p = roll_path(orientation(0, 0), 90, starboard=True)
    assert len(p) == 3
    m = names(p[-1].after)
    assert m["nose"] == "A" and m["top"] == "B/C" and m["starboard"] == "---"
    p = roll_path(orientation(0, 0), 30, starboard=False)
    assert names(p[-1].after)["top"] == "E/F++"


@pytest.mark.parametrize("bad", ["G", "A/C", "B/A", "A+++", "+-", "", "AB/", "++++"])
def test_bad_windows(bad: str) -> None:
    with pytest.raises(WindowError):
        parse_window(bad)


@pytest.mark.parametrize(("text", "k", "e"), [("C+", 4, 1), ("f/a-", 11, -1), ("FA--", 11, -2),
                                              ("+++", 0, 3), ("−−−", 0, -3), ("D/E", 7, 0)])
def test_window_notation(text: str, k: int, e: int) -> None:
    w = parse_window(text)
    assert (w.k, w.e) == (k, e)
    assert parse_window(str(w)) == w


def _exact_search(v: tuple[Q3, Q3, Q3]) -> tuple[Window, bool]:
    """The nearest window by the Q(√3) dot products themselves (the first window kept on
    ties), and whether ``v`` lies exactly in it: what ``nearest_window``'s integers stand for."""
    best = ALL_WINDOWS[0]
    best_dot = dot(v, best.vector())
    for w in ALL_WINDOWS[1:]:
        d = dot(v, w.vector())
        if d > best_dot:
            best, best_dot = w, d
    return best, best_dot == Q3(1)


def test_nearest_window_is_the_exact_search_in_integers() -> None:
    """:func:`nearest_window` scales the exact values to integers; it picks what the exact
    comparison picks, for the markers of every roll of a sample of noses."""
    for k, e in [(0, 0), (1, 1), (3, 2), (0, 3), (0, -3), (5, -1), (11, -2)]:
        for r in range(12):
            n, s, t = _frame(k, e, r)
            for v in (n, neg(n), t, neg(t), neg(s), s):
                assert nearest_window(v) == _exact_search(v)
