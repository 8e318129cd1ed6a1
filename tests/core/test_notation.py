"""core.notation: one declaration gives an action's text, its parser and its structured form."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from voidwar.core.hexgrid import Hex
from voidwar.core.notation import (
    Action,
    Choice,
    Either,
    Field,
    Int,
    Notation,
    NotationError,
    Numbered,
    Several,
    Word,
    notation,
)


class _Hex(Field[Hex]):
    pattern = r"-?\d{1,4}\s*,\s*-?\d{1,4}"
    hint = "Q,R"

    def parse(self, text: str) -> Hex:
        q, r = text.split(",")
        return Hex(int(q), int(r))

    def to_json(self, value: Hex) -> object:
        return [value.q, value.r]

    def from_json(self, data: object) -> Hex:
        if not (isinstance(data, list) and len(data) == 2
                and all(type(v) is int for v in data)):
            raise NotationError(f"expected [q, r], got {data!r}")
        return Hex(data[0], data[1])


class _Platform(Field[None]):
    pattern = "(?:platform|antilles)"
    hint = "platform"

    def parse(self, text: str) -> None:
        return None

    def format(self, value: None) -> str:
        if value is not None:
            raise NotationError("not the platform")
        return "platform"


@notation("place {paladin} [at ]{hex}", paladin=Numbered("P"), hex=_Hex(), actor="paladin")
@dataclass(frozen=True, slots=True)
class Place(Action):
    paladin: int
    hex: Hex


@notation("fire {paladin} [at ]{target}", paladin=Numbered("P"),
          target=Either(_Platform(), Numbered("B")), actor="paladin")
@dataclass(frozen=True, slots=True)
class Fire(Action):
    paladin: int
    target: int | None


@notation("end movement")
@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    pass


@notation("[{ship}: ]thrust {value}", ship=Word(r"[A-Za-z][A-Za-z0-9_-]*"), value=Int())
@dataclass(frozen=True, slots=True)
class Thrust(Action):
    ship: str | None
    value: int


@notation("turn {ship} {right}", ship=Word(r"[A-Za-z]{2}\d", upper=True),
          right=Choice({"right": True, "left": False}, aliases={"r": True, "l": False}),
          actor="ship")
@dataclass(frozen=True, slots=True)
class Turn(Action):
    ship: str
    right: bool


@notation("{kind} {unit} at {targets}", {"kind": Choice({"melee": "melee", "shoot": "shoot"})},
          unit=Word(r"[SR]\d+", upper=True), targets=Several(Word(r"[SR]\d+", upper=True)),
          actor="unit")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    kind: str
    unit: str
    targets: tuple[str, ...]


NOTATION = Notation(Place, Fire, EndMovement, Thrust, Turn, Attack)


@pytest.mark.parametrize("text,canonical,data", [
    ("place p1 2, -1", "place P1 at 2,-1",
     {"kind": "place", "actor": "P1", "hex": [2, -1]}),
    ("fire P2 platform", "fire P2 at platform",
     {"kind": "fire", "actor": "P2", "target": "platform"}),
    ("FIRE p2 at b5", "fire P2 at B5", {"kind": "fire", "actor": "P2", "target": "B5"}),
    ("end   movement", "end movement", {"kind": "end-movement"}),
    ("red-1 : thrust 5", "red-1: thrust 5", {"kind": "thrust", "ship": "red-1", "value": 5}),
    ("thrust 3", "thrust 3", {"kind": "thrust", "value": 3}),
    ("turn bb1 l", "turn BB1 left", {"kind": "turn", "actor": "BB1", "right": "left"}),
    ("shoot r1 at s2 and S3", "shoot R1 at S2 and S3",
     {"kind": "shoot", "actor": "R1", "targets": ["S2", "S3"]}),
])
def test_text_parser_and_structured_form_come_from_one_declaration(
        text: str, canonical: str, data: dict[str, object]) -> None:
    action = NOTATION.parse(text)
    assert str(action) == canonical
    assert NOTATION.parse(canonical) == action
    form = action.to_dict()
    assert form == {**data, "text": canonical}
    assert NOTATION.from_dict(form) == action
    assert NOTATION.from_dict(data) == action  # the text is not needed


@pytest.mark.parametrize("text", [
    "place P1", "fire P1 at " + "9" * 5000, "thrust", "turn BB1 up", "melee S1 at",
    "move P1 to 2,-1", "",
])
def test_unreadable_text_is_refused_with_the_forms_it_could_take(text: str) -> None:
    with pytest.raises(NotationError, match="write one of: place PN"):
        NOTATION.parse(text)


@pytest.mark.parametrize("data,field", [
    ({"kind": "place", "actor": "P1", "hex": [2, True]}, "hex"),
    ({"kind": "place", "actor": 1, "hex": [2, 1]}, "actor"),
    ({"kind": "thrust", "value": 1.5}, "value"),
    ({"kind": "thrust", "value": True}, "value"),
    ({"kind": "thrust", "value": 10 ** 5000}, "value"),
    ({"kind": "place", "actor": "P1"}, "hex"),
    ({"kind": "place", "actor": "P1", "hex": [0, 0], "extra": 1}, "extra"),
])
def test_a_malformed_structured_action_names_its_field(data: dict[str, object],
                                                        field: str) -> None:
    with pytest.raises(NotationError, match=field):
        NOTATION.from_dict(data)


def test_a_whole_text_alias_is_read_never_written() -> None:
    notation = Notation(EndMovement, aliases={"Done": EndMovement()})
    assert notation.parse("  DONE ") == EndMovement()
    assert str(notation.parse("done")) == "end movement"


def test_an_unknown_kind_and_a_non_text_are_refused() -> None:
    with pytest.raises(NotationError, match="unknown action kind 'jump'"):
        NOTATION.from_dict({"kind": "jump"})
    with pytest.raises(NotationError, match="not an action"):
        NOTATION.parse(7)  # type: ignore[arg-type]
