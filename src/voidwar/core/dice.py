"""The one seam for all randomness (DESIGN.md "Chance").

Every roll names its die (``sides``) and its purpose, so its outcomes are enumerable (a dN is
uniform over 1..N). The sources:

* :class:`SeededDice` — a PCG32 generator (O'Neill's PCG-XSH-RR 64/32, :mod:`.pcg`), implemented
  here so that the same seed gives the same rolls on any machine and any Python version;
* :class:`KeyedDice` — one PCG32 stream per roll purpose (common random numbers for paired
  comparisons: balance studies, and the search's comparison of candidate moves);
* :class:`ScriptedDice` — a given list of results (tests, replaying a physical game);
* :class:`ManualDice` — a person types each result.

Each source keeps ``history``, the results it produced, so a record can store a manual game's
rolls as a script.
"""

from __future__ import annotations

import copy
import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .bounds import SEED_LIMIT
from .errors import DiceError
from .memo import remember
from .pcg import PCG32 as PCG32  # the generator (re-exported: ``core.dice.PCG32`` as before)

_MASK64 = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Roll:
    """One die roll: which die, its value, and what it was for."""

    sides: int
    value: int
    purpose: str

    @property
    def die(self) -> str:
        """The die's name (``d20``)."""
        return f"d{self.sides}"

    def __str__(self) -> str:
        return f"{self.die}={self.value} for {self.purpose}"


def splitmix64(x: int) -> int:
    """A 64-bit mixer used to derive independent seeds (game i of a batch, a reseeded clone)."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def derive_seed(seed: int, *path: int) -> int:
    """A seed for a sub-stream (``derive_seed(S, i)`` is game *i* of a batch seeded *S*)."""
    x = splitmix64(seed & _MASK64)
    for p in path:
        x = splitmix64(x ^ (p & _MASK64))
    return x & ((1 << 63) - 1)


class Dice(ABC):
    """A source of die results."""

    kind: str = "abstract"
    #: True when a roll may fail (script ran out, person typed rubbish); games snapshot then.
    can_fail: bool = True

    def __init__(self) -> None:
        self.history: list[int] = []

    def roll(self, sides: int, purpose: str) -> Roll:
        """Roll a die with ``sides`` faces for ``purpose`` (logged in :attr:`history`)."""
        return Roll(sides, self.roll_value(sides, purpose), purpose)

    def roll_value(self, sides: int, purpose: str) -> int:
        """:meth:`roll`'s value alone (no :class:`Roll` built: the games' hot path)."""
        if sides < 2:
            raise DiceError(f"a die needs at least 2 sides, not {sides}")
        value = self._next(sides, purpose)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
            raise DiceError(f"d{sides} result {value!r} for {purpose} is outside 1..{sides}")
        self.history.append(value)
        return value

    @abstractmethod
    def _next(self, sides: int, purpose: str) -> int: ...

    @abstractmethod
    def spec(self) -> dict[str, Any]:
        """How a record stores this source (``{"kind": "seeded", "seed": 7}``...)."""

    def clone(self) -> Dice:
        """An independent copy that rolls exactly what this one would."""
        return copy.deepcopy(self)


def _checked_seed(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise DiceError(f"a seed must be an integer from 0 to 2**64-1, not {seed!r:.40}")
    return seed


class SeededDice(Dice):
    """Dice from a seeded PCG32: the same seed rolls the same numbers, roll for roll."""
    kind = "seeded"
    can_fail = False

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = _checked_seed(seed)
        self._rng = PCG32(seed)

    def _next(self, sides: int, purpose: str) -> int:
        return self._rng.below(sides) + 1

    def roll_value(self, sides: int, purpose: str) -> int:
        """:meth:`Dice.roll_value` without its checks of the result (``below`` is in range)."""
        if sides < 2:
            raise DiceError(f"a die needs at least 2 sides, not {sides}")
        value = self._rng.below(sides) + 1
        self.history.append(value)
        return value

    def spec(self) -> dict[str, Any]:
        """The dice as a record stores them."""
        return {"kind": "seeded", "seed": self.seed}

    def clone(self) -> SeededDice:
        """An independent copy (the generator's state and the history copied, not deep-copied
        through :mod:`copy`: search clones dice thousands of times a second)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new._rng = self._rng.copy()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> SeededDice:
        return self.clone()


class KeyedDice(Dice):
    """Fair dice with one random stream per purpose: the *n*-th roll for a purpose is the same
    for a seed whatever else was rolled before it (common random numbers by purpose).

    Two games that differ in a decision which changes how many other rolls come first (one more
    shot, one fewer Bolt) still see the same platform table rolls, the same attack rolls per
    attacker and range, and so on — paired comparisons of commanders and of search lines are
    then far less noisy. Every roll is still a fair, independent die (each purpose draws from
    its own PCG32 stream seeded by ``derive_seed(seed, h)``, *h* a stable 64-bit hash of the
    purpose text), so a keyed game is as valid a game as a seeded one; it is a different game
    than ``SeededDice`` with the same seed."""

    kind = "keyed"
    can_fail = False

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = _checked_seed(seed)
        self._streams: dict[str, PCG32] = {}

    def _next(self, sides: int, purpose: str) -> int:
        rng = self._streams.get(purpose)
        if rng is None:
            rng = self._streams[purpose] = PCG32(derive_seed(self.seed, purpose_key(purpose)))
        return rng.below(sides) + 1

    def spec(self) -> dict[str, Any]:
        """The dice as a record stores them."""
        return {"kind": "keyed", "seed": self.seed}

    def clone(self) -> KeyedDice:
        """An independent copy (each stream's generator state and the history copied)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new._streams = {k: r.copy() for k, r in self._streams.items()}
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> KeyedDice:
        return self.clone()


#: purpose → its stream key (a search makes a fresh KeyedDice per sample: each then hashes the
#: same few purposes again); remembered (core/memo.py)
_PURPOSE_KEYS: dict[str, int] = {}
_PURPOSE_KEYS_LIMIT = 100_000


def purpose_key(purpose: str) -> int:
    """The stable 64-bit key of a roll purpose (its BLAKE2b-64 hash): :class:`KeyedDice`
    seeds the purpose's stream with ``derive_seed(seed, key)``."""
    key = _PURPOSE_KEYS.get(purpose)
    if key is None:
        key = remember(_PURPOSE_KEYS, purpose, int.from_bytes(
            hashlib.blake2b(purpose.encode(), digest_size=8).digest(), "big"),
            _PURPOSE_KEYS_LIMIT)
    return key


class ScriptedDice(Dice):
    """Results from a list; running out is an error unless ``then`` supplies more."""

    kind = "scripted"

    def __init__(self, values: Iterable[int], then: Dice | None = None) -> None:
        super().__init__()
        self.values = list(values)
        self.pos = 0
        self.then = then

    def _next(self, sides: int, purpose: str) -> int:
        if self.pos >= len(self.values):
            if self.then is not None:
                return self.then._next(sides, purpose)
            raise DiceError(
                f"the dice script ran out after {len(self.values)} rolls "
                f"(needed a d{sides} for {purpose})"
            )
        value = self.values[self.pos]
        if not isinstance(value, int) or not 1 <= value <= sides:
            raise DiceError(
                f"scripted roll #{self.pos + 1} is {value!r}, outside 1..{sides} "
                f"for a d{sides} ({purpose})"
            )
        self.pos += 1
        return value

    def spec(self) -> dict[str, Any]:
        """The dice as a record stores them."""
        if self.then is not None:
            return {"kind": "manual", "values": list(self.history)}
        return {"kind": "scripted", "values": list(self.values)}


Asker = Callable[[int, str], int]


class ManualDice(Dice):
    """A person rolls real dice and types each result (``ask(sides, purpose) -> value``)."""

    kind = "manual"

    def __init__(self, ask: Asker | None = None) -> None:
        super().__init__()
        self.ask = ask

    def _next(self, sides: int, purpose: str) -> int:
        if self.ask is None:
            raise DiceError(f"manual dice have no one to ask for a d{sides} ({purpose})")
        return self.ask(sides, purpose)

    def spec(self) -> dict[str, Any]:
        """The dice as a record stores them."""
        return {"kind": "manual", "values": list(self.history)}

    def __deepcopy__(self, memo: dict[int, Any]) -> ManualDice:
        new = ManualDice(self.ask)
        new.history = list(self.history)
        return new


def make_dice(dice: Dice | str | Iterable[int] | None, seed: int | None) -> Dice:
    """Build a dice source from the arguments of :func:`voidwar.load`."""
    if isinstance(dice, Dice):
        return dice
    if dice is None or dice == "seeded":
        return SeededDice(0 if seed is None else seed)
    if dice == "keyed":
        return KeyedDice(0 if seed is None else seed)
    if dice == "manual":
        return ManualDice()
    if isinstance(dice, str):
        raise DiceError(f"unknown dice source {dice!r} (use 'seeded', 'keyed', 'manual' or a list)")
    return ScriptedDice(dice)


def dice_from_spec(spec: dict[str, Any], ask: Asker | None = None) -> Dice:
    """Rebuild a dice source from a record's ``dice`` entry (:class:`DiceError` for anything
    that is not one)."""
    if not isinstance(spec, dict):
        raise DiceError("dice must be an object with a kind")
    kind = spec.get("kind")
    if kind in ("seeded", "keyed"):
        seed = spec.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
            raise DiceError(f"{kind} dice need an integer seed in 0..2^64-1")
        return SeededDice(seed) if kind == "seeded" else KeyedDice(seed)
    values = spec.get("values")
    if not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise DiceError("scripted dice need a list of integers")
    if kind == "scripted":
        return ScriptedDice(values)
    if kind == "manual":
        return ScriptedDice(values, then=ManualDice(ask))
    raise DiceError(f"unknown dice kind {str(kind)[:40]!r}")
