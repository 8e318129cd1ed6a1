"""Astral Dreams notation (core.notation): text kept byte for byte, every old input still read,
bounded numbers, and the structured form round-tripping exactly."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

import voidwar
from voidwar.core.errors import IllegalAction
from voidwar.core.tabletop import Point
from voidwar.rulesets.astral_dreams.actions import NOTATION, Attack, AttackKind, End, Move, parse
from voidwar.rulesets.astral_dreams.game import AstralDreams


@pytest.mark.parametrize(("text", "written"), [
    ("move s1 to 12.50, 10 via 11,11", "move S1 to 12.5,10 via 11,11"),
    ("MOVE S1 TO 3,4", "move S1 to 3,4"),
    ("move S1 to -1.5,2 via 1,1 and 2,2", "move S1 to -1.5,2 via 1,1 and 2,2"),
    ("Move  S1   to 1 , 2", "move S1 to 1,2"),
    ("move r2 to 1,2 VIA +1.5,1 AND 2,2", "move R2 to 1,2 via 1.5,1 and 2,2"),
    ("shoot r1 at s2 and s3", "shoot R1 at S2 and S3"),
    ("Melee S1 at r2", "melee S1 at R2"),
    ("end s3", "end S3"),
])
def test_text_is_read_in_any_case_and_written_as_before(text: str, written: str) -> None:
    a = parse(text)
    assert str(a) == written
    assert parse(written) == a


def test_old_forms_and_values() -> None:
    assert parse("move S1 to 12.5,30 via 10,25 and 11,27") == Move(
        "S1", Point.of("12.5", 30), (Point.of(10, 25), Point.of(11, 27)))
    assert parse("shoot R1 at S2 and S3") == Attack(AttackKind.SHOOT, "R1", ("S2", "S3"))
    assert parse("end S1") == End("S1")
    assert Attack("melee", "S1", ("R1",)).kind is AttackKind.MELEE  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [
    "move S1 12,3", "shoot S1", "melee S1 at", "jump S1", "move S1 to 1e3,2",
    "move S1 to 1.1234567,2", "end S" + "9" * 5000, "move S1 to " + "1" * 5000 + ",2",
    "move S1 to 1,2 via " + "3" * 5000 + ",1", "end X1", "move S1 to 1,2 via",
])
def test_unreadable_text_is_a_clean_illegal_action(text: str) -> None:
    with pytest.raises(IllegalAction, match="cannot read"):
        parse(text)


def test_structured_form() -> None:
    a = parse("move S1 to 12.5,30 via 10,25 and 11.25,27")
    d = a.to_dict()
    assert d == {"kind": "move", "text": "move S1 to 12.5,30 via 10,25 and 11.25,27",
                 "actor": "S1", "to": [12.5, 30], "via": [[10, 25], [11.25, 27]]}
    assert NOTATION.from_dict(d) == a
    assert NOTATION.from_dict({"kind": "move", "actor": "s1", "to": "12.5,30"}) == Move(
        "S1", Point.of("12.5", 30))
    assert parse("end S2").to_dict() == {"kind": "end", "text": "end S2", "actor": "S2"}
    s = parse("shoot R1 at S2 and S3")
    assert s.to_dict() == {"kind": "shoot", "text": "shoot R1 at S2 and S3", "actor": "R1",
                           "targets": ["S2", "S3"]}
    assert NOTATION.from_dict(s.to_dict()) == s
    g = voidwar.load("astral-dreams", seed=1)
    assert isinstance(g, AstralDreams)
    for a in g.legal_actions():
        assert g.action_from_dict(a.to_dict()) == a


@pytest.mark.parametrize("bad", [
    {"kind": "move", "actor": "S1", "to": [1e7, 1]},
    {"kind": "move", "actor": "S1", "to": [0.1234567, 1]},
    {"kind": "move", "actor": "S1", "to": [True, 1]},
    {"kind": "move", "actor": "S1", "to": [1, 2, 3]},
    {"kind": "move", "actor": "S1", "to": [float("nan"), 1]},
    {"kind": "move", "actor": "S1", "to": "1,2,3"},
    {"kind": "shoot", "actor": "S1"},
    {"kind": "fly", "actor": "S1"},
])
def test_bad_structured_forms_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(IllegalAction):
        NOTATION.from_dict(bad)


@given(st.integers(-10**8 + 1, 10**8 - 1), st.integers(0, 10**8 - 1))
def test_points_round_trip_in_text_and_structure(x: int, y: int) -> None:
    a = Move("S1", Point(F(x, 100), F(y, 100)))
    assert parse(str(a)) == a
    assert NOTATION.from_dict(a.to_dict()) == a


def test_hundredths_are_read_exactly() -> None:
    """A point's text with at most two decimals is read through its floats: the very
    point, floats and text that exact decimal reading gives, at the limits too (signs, zeros,
    six digits, one or two decimals); more decimals take the exact reading."""
    import random
    from fractions import Fraction

    from voidwar.core.tabletop import Point
    from voidwar.rulesets.astral_dreams.actions import POINT

    rng = random.Random(4)
    texts = ["0,0", "-0,-0.00", "+5,3", "999999.99,-999999.99", "12.5,30", "0.01,-0.01",
             "-0.5,47.55", "1.10,2.00", "000012.30,7", "12.5, 30", "1.005,2", "0.123456,1"]
    for _ in range(20_000):
        parts = []
        for _ in range(2):
            n = rng.choice([rng.randrange(-10**8, 10**8), rng.randrange(-9999, 9999)])
            whole, cents = divmod(abs(n), 100)
            parts.append(("-" if n < 0 else rng.choice(["", "+"])) + str(whole)
                         + rng.choice([f".{cents:02d}", "" if cents == 0 else f".{cents:02d}"]))
        texts.append(",".join(parts))
    for t in texts:
        got, want = POINT.parse(t), Point.parse(t.replace(" ", ""))
        assert got == want and (got.fx, got.fy) == (want.fx, want.fy), t
        assert str(got) == str(want) and type(got.x) is Fraction and type(got.y) is Fraction


def test_hand_built_moves_apply_only_when_their_text_reads_back() -> None:
    """A hand-built move equal to an offered one applies as it (the same events, text and
    state); one whose text would read back as another value is refused with the field named
    and the game unchanged, so every accepted game's record replays; fields of another type
    are refused when the move is made."""
    from voidwar.core.dice import derive_seed

    g = voidwar.load("astral-dreams", seed=derive_seed(9, 0))
    assert isinstance(g, AstralDreams)
    legal = [a for a in g.legal_actions() if isinstance(a, Move)]
    unit, to = legal[0].unit, legal[0].to
    before = g.digest()
    for unwritten in (Move(unit, Point(to.x + F(1, 10**7), to.y)),  # finer than 0.000001"
                      Move(unit.lower(), to),  # the notation writes unit ids in upper case
                      Move(unit, Point(F(10**7), to.y))):  # beyond the notation's digits
        with pytest.raises(IllegalAction, match="not written exactly by the notation"):
            g.apply(unwritten)
        assert g.digest() == before and not g.actions
    for mistyped in (lambda: Move(unit, "24,24"),  # type: ignore[arg-type]
                     lambda: Move(unit, to, [])):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            mistyped()
    with pytest.raises(TypeError, match="a point's x"):  # the point refuses it when made
        Point(24.0, F(24))  # type: ignore[arg-type]
    twin = g.clone()
    events, again = g.apply(legal[0]), twin.apply(Move(unit, to))
    assert events == again and g.actions == twin.actions and g.digest() == twin.digest()
    assert voidwar.replay(g.record()).digest() == g.digest()


@given(st.fractions(min_value=-2 * 10**6, max_value=2 * 10**6, max_denominator=10**7),
       st.sampled_from([1, 2, 4, 8, 10, 100, 3, 10**6, 10**7]))
def test_a_points_exactness_is_its_text_read_back(v: F, den: int) -> None:
    """PointField says from the value what writing and reading its text would find."""
    from voidwar.core.fields import reads_back
    from voidwar.rulesets.astral_dreams.actions import PointField

    field = PointField()
    for p in (Point(v, F(1, 2)), Point(F(round(v * den), den), v)):
        assert field.writes_exactly(p) == reads_back(field, p)
