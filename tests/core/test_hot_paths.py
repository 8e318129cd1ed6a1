"""Core's hot paths as their specifications write them: the generated action text is the
declaration's, events are frozen values, PCG32 seeds and steps as O'Neill's reference, the keyed
dice key each purpose by its hash, the Either field keeps texts by type and value."""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass

import pytest

from voidwar.core.dice import PCG32, KeyedDice, SeededDice, derive_seed, purpose_key
from voidwar.core.game import Event
from voidwar.core.hexgrid import Hex
from voidwar.core.notation import (
    Action,
    Choice,
    Either,
    Field,
    Numbered,
    Word,
    notation,
)
from voidwar.core.policy import RandomPolicy
from voidwar.core.registry import load, rulesets

from .test_notation import NOTATION, Attack, EndMovement, Fire, Place, Thrust, Turn

_M64 = (1 << 64) - 1
_MULT, _INC = 6364136223846793005, 1442695040888963407


class _LonghandPCG:
    """PCG-XSH-RR 64/32 exactly as O'Neill's reference writes it (seeding included)."""

    def __init__(self, seed: int) -> None:
        self.state = 0
        self.next()
        self.state = (self.state + seed) & _M64
        self.next()

    def next(self) -> int:
        old = self.state
        self.state = (old * _MULT + _INC) & _M64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF


@pytest.mark.parametrize("seed", [0, 1, 42, 2**32 + 5, 2**63 + 11, _M64])
def test_pcg32_seeding_and_steps_match_the_reference_longhand(seed: int) -> None:
    ref, fast = _LonghandPCG(seed), PCG32(seed)
    assert fast.state == ref.state
    for _ in range(200):
        assert fast.next_u32() == ref.next()
        assert fast.state == ref.state
    for n in (1, 2, 6, 7, 20, 100, 2**31 + 1, 2**32):
        threshold = (1 << 32) % n
        while True:  # the rejection rule, longhand
            r = ref.next()
            if r >= threshold:
                break
        assert fast.below(n) == r % n


def test_keyed_dice_key_each_purpose_by_its_blake2b_hash() -> None:
    for purpose in ("P3 attack on platform", "a", "Ü≠ unicode"):
        h = int.from_bytes(hashlib.blake2b(purpose.encode(), digest_size=8).digest(), "big")
        assert purpose_key(purpose) == h
        assert purpose_key(purpose) == h  # the kept key is the same
        dice = KeyedDice(9)
        dice.roll_value(6, purpose)
        assert dice._streams[purpose].state != PCG32(derive_seed(9, h)).state  # it stepped
        assert PCG32(derive_seed(9, h)).below(6) + 1 == dice.history[0]


def _actions_of_every_ruleset() -> list[Action]:
    found: list[Action] = []
    for name in sorted(rulesets()):
        if type(load(name)).notation is None:
            continue  # a toy another test registered: its actions declare no notation
        for seed in range(3):
            game = load(name, seed=seed)
            bot = RandomPolicy(seed)
            while not game.over and len(game.actions) < 150:
                found.extend(game.legal_actions()[:40])
                game.apply(bot.choose(game))
    return found


def test_the_generated_text_is_the_declarations_text_for_every_ruleset_action() -> None:
    actions = _actions_of_every_ruleset()
    assert len({type(a) for a in actions}) >= 15
    for a in actions:
        assert str(a) == type(a).__notation__.format(a)


@pytest.mark.parametrize("action", [
    Place(1, Hex(2, -1)), Fire(2, None), Fire(3, 5), EndMovement(), Thrust(None, 3),
    Thrust("red-1", 5), Turn("BB1", True), Turn("BB1", False), Attack("melee", "R1", ("S2", "S3")),
])
def test_the_generated_text_of_the_test_notation(action: Action) -> None:
    assert str(action) == type(action).__notation__.format(action)
    assert NOTATION.parse(str(action)) == action


class _Raw(Field[str]):
    """A field whose own format is called (not inlined)."""

    pattern = r"<\w+>"

    def parse(self, text: str) -> str:
        return text[1:-1]

    def format(self, value: str) -> str:
        return f"<{value}>"


@notation("say {a}{b} [now ][with {c}]", a=Numbered("N"), b=_Raw(), c=Word(r"\w+"))
@dataclass(frozen=True, slots=True)
class _Say(Action):
    a: int
    b: str
    c: str | None


def test_inlined_and_called_fields_and_optional_parts_read_as_declared() -> None:
    for action in (_Say(3, "x", None), _Say(4, "y", "z")):
        assert str(action) == _Say.__notation__.format(action)
    assert str(_Say(3, "x", None)) == "say N3<x> now "
    assert str(_Say(4, "y", "z")) == "say N4<y> now with z"


def test_either_keeps_texts_by_type_and_value() -> None:
    field = Either(Choice({"yes": True}), Numbered("B"))
    assert field.format(True) == "yes"
    assert field.format(1) == "B1"  # 1 == True, but an int is written as a number
    assert field.format(True) == "yes" and field.format(1) == "B1"  # the kept texts
    assert field._texts == {(bool, True): "yes", (int, 1): "B1"}
    with pytest.raises(Exception, match="not a"):
        field.format(2.5)  # no option writes a float, kept or not
    assert (float, 2.5) not in field._texts


def _game_events() -> list[Event]:
    game = load("antilles", seed=4)
    bot = RandomPolicy(4)
    while not game.over:
        game.apply(bot.choose(game))
    return game.log


def test_a_games_events_are_frozen_values_that_pickle_and_compare() -> None:
    log = _game_events()
    assert {e.kind for e in log} >= {"roll", "place"}
    for ev in log:
        assert type(ev) is Event
        plain = Event(ev.kind, ev.text, ev.data)
        assert ev == plain and repr(ev) == repr(plain)
        assert pickle.loads(pickle.dumps(ev)) == ev
        with pytest.raises(AttributeError):
            ev.kind = "x"  # type: ignore[misc]
        with pytest.raises(AttributeError):
            ev.data = {}  # type: ignore[misc]
    roll = next(e for e in log if e.kind == "roll")
    assert roll.text == f"{roll.data['die']}={roll.data['value']} for {roll.data['purpose']}"


def test_a_roll_event_records_the_die_the_value_and_the_purpose() -> None:
    game = load("antilles", seed=1)
    dice = SeededDice(5)
    game.dice = dice
    value = game.roll(20, "a test")
    assert game.log[-1] == Event("roll", f"d20={value} for a test",
                                 {"die": "d20", "value": value, "purpose": "a test"})
    assert dice.history[-1] == value
