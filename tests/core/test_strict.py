"""core.strict: a declared action holds exactly the types its fields declare, from the moment it
is made, so ``Game.apply`` takes a value of a declared kind as it is."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

import voidwar
from voidwar.core.errors import IllegalAction
from voidwar.core.game import Game
from voidwar.core.hexgrid import Hex
from voidwar.core.notation import Action, Numbered, Several, Word, notation
from voidwar.core.tabletop import Point

from .test_notation import NOTATION, Attack, Fire, Place, Thrust


@pytest.mark.parametrize("bad", [True, Fraction(1), Decimal(1), 1.0, "1"])
def test_a_field_declared_int_takes_an_int_and_nothing_equal_to_one(bad: object) -> None:
    assert Place(1, Hex(2, -1)).paladin == 1
    kind = type(bad).__name__
    article = "an" if kind[0] in "aeiou" else "a"
    why = f"paladin: {article} {kind} where the rules read an int"
    with pytest.raises(IllegalAction, match=why):
        Place(bad, Hex(2, -1))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="paladin"):
        Place(paladin=bad, hex=Hex(2, -1))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="paladin"):
        dataclasses.replace(Place(1, Hex(2, -1)), paladin=bad)


def test_a_union_takes_either_and_a_default_is_a_declared_value() -> None:
    assert Fire(2, None).target is None and Fire(2, 5).target == 5
    with pytest.raises(IllegalAction, match="target: a bool where the rules read an int or None"):
        Fire(2, False)
    assert Thrust(None, 3).ship is None and Thrust("red-1", 3).ship == "red-1"
    with pytest.raises(IllegalAction, match="ship: an int where the rules read a str or None"):
        Thrust(7, 3)  # type: ignore[arg-type]


def test_a_structured_value_is_checked_field_by_field() -> None:
    with pytest.raises(IllegalAction, match="hex: a Hex whose r is a bool where the rules read an "
                                            "int"):
        Place(1, Hex(2, True))
    with pytest.raises(IllegalAction, match="hex: a tuple where the rules read a Hex"):
        Place(1, (2, -1))  # type: ignore[arg-type]


def test_a_tuple_of_items_takes_a_tuple_of_that_item() -> None:
    assert Attack("melee", "R1", ("S2", "S3")).targets == ("S2", "S3")
    with pytest.raises(IllegalAction, match="targets: a list where the rules read a tuple"):
        Attack("melee", "R1", ["S2"])  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="targets: item 2: an int where the rules read a str"):
        Attack("melee", "R1", ("S2", 3))  # type: ignore[arg-type]


def test_what_the_notation_reads_is_strict_and_reads_back() -> None:
    for text in ("place P1 at 2,-1", "fire P2 at B5", "fire P2 at platform", "thrust 3",
                 "shoot R1 at S2 and S3"):
        action = NOTATION.parse(text)
        assert NOTATION.parse(str(action)) == action
        assert dataclasses.replace(action) == action  # made again by its constructor


@notation("go {unit} to {to}[ via {via}]", unit=Word(r"[SR]\d+", upper=True),
          to=Numbered("X"), via=Several(Numbered("X")))
@dataclass(frozen=True, slots=True)
class _Go(Action):
    unit: str
    to: int
    via: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit", self.unit.upper())


def test_post_init_runs_before_the_check_and_defaults_are_kept() -> None:
    assert _Go("s1", 3) == _Go("S1", 3, ())
    assert str(_Go("s1", 3, (1, 2))) == "go S1 to X3 via X1 and X2"
    with pytest.raises(IllegalAction, match="via: item 1: a bool"):
        _Go("S1", 3, (True,))


def test_a_kind_whose_fields_cannot_be_checked_is_refused_at_its_declaration() -> None:
    with pytest.raises(TypeError, match="default_factory"):
        @notation("n {n}", n=Several(Numbered("N")))
        @dataclass(frozen=True, slots=True)
        class _Listed(Action):
            n: tuple[int, ...] = field(default_factory=tuple)

    with pytest.raises(TypeError, match="frozen dataclass"):
        @notation("m")
        class _Plain(Action):
            pass


def test_points_are_checked_to_their_coordinates() -> None:
    """A point checks its own coordinates where it is made (core/tabletop/points.py), so no
    action can hold a point of float coordinates."""
    from voidwar.rulesets.astral_dreams.actions import Move

    assert Move("S1", Point(Fraction(1), Fraction(2))).to == Point(Fraction(1), Fraction(2))
    with pytest.raises(TypeError, match="a point's x: exact inches are an int or a Fraction, "
                                        "not float"):
        Move("S1", Point(1.0, Fraction(2)))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="to: a tuple where the rules read a Point"):
        Move("S1", (Fraction(1), Fraction(2)))  # type: ignore[arg-type]


def test_apply_takes_a_declared_value_of_its_own_ruleset_only() -> None:
    from voidwar.rulesets.space_fleet.actions import EndFire

    game = voidwar.load("antilles", seed=1)
    before = game.digest()
    with pytest.raises(IllegalAction, match="not an action of antilles"):
        game.apply(EndFire())
    with pytest.raises(IllegalAction, match="not an action of antilles"):
        game.apply(Place(1, Hex(2, -1)))  # the test notation's Place, not Antilles'
    assert game.digest() == before


@pytest.mark.parametrize("ruleset, scenario, make", [
    # a free table's distance is written to 0.01 unit: 1/3 would read back as 0.33
    ("space-fleet", "open-space",
     lambda g: _first_of(g, "Advance", lambda a: replace(a, distance=Fraction(1, 3)))),
    # a ship name in another case than the notation writes it
    ("space-fleet", None,
     lambda g: _first_of(g, "Move", lambda a: replace(a, ship=a.ship.lower()))),
    # a number beyond the notation's digits
    ("antilles", None, lambda g: _first_of(g, "Place", lambda a: replace(a, paladin=10**7))),
])
def test_a_value_its_text_would_not_read_back_as_is_refused(
        ruleset: str, scenario: str | None, make: Callable[[Game], Action]) -> None:
    """Every accepted game's record replays: a hand-built action whose text would read back
    as another value is refused, naming the field, and the game is unchanged."""
    game = voidwar.load(ruleset, scenario, seed=3)
    before = game.digest()
    with pytest.raises(IllegalAction, match="not written exactly by the notation"):
        game.apply(make(game))
    assert game.digest() == before and not game.actions


def test_an_action_keeps_its_text_through_copies_and_pickles() -> None:
    import copy
    import pickle

    from voidwar.core.notation import written
    from voidwar.rulesets.space_fleet.actions import Move

    move = Move("DD1", 2)
    assert written(move) == move.text == "move DD1 2"
    for twin in (copy.copy(move), copy.deepcopy(move), pickle.loads(pickle.dumps(move))):
        assert twin == move and str(twin) == written(twin) == "move DD1 2"


def _first_of(game: Game, kind: str, change: Callable[[Any], Action]) -> Action:
    """The first legal action of class ``kind``, changed."""
    return change(next(a for a in game.legal_actions() if type(a).__name__ == kind))
