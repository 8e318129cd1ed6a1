"""PCG32, the generator behind every seeded die and random pick (O'Neill's PCG-XSH-RR 64/32).

Written so that mypyc compiles it on native 64-bit integers (``build_compiled.py``): the state is
kept as its 64-bit pattern in an ``i64``. Compiled, that is a signed machine word, whose ``*``
and ``+`` wrap mod 2^64 and whose ``>>`` is arithmetic; interpreted, ``i64`` is a plain ``int``
and the state the unsigned value in 0..2^64-1, masked after each step. :data:`NATIVE` says which
view this module runs with, and each step takes the branch for it. Both give the same numbers,
the reference's (``tests/core/test_pcg.py`` pins them, compiled and pure).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # annotations only: pure Python needs no mypy_extensions
    from mypy_extensions import i64

_MASK64: Final = (1 << 64) - 1
_MASK32: Final = (1 << 32) - 1
_LOW46: Final = (1 << 46) - 1  # ``>> 18`` of a 64-bit pattern, made logical
_MULT: Final = 6364136223846793005
_INC: Final = 1442695040888963407  # the default stream (odd)


def _wraps() -> bool:
    """Whether ``i64`` arithmetic wraps here (compiled) rather than growing (interpreted)."""
    x: i64 = 1 << 62
    x = x + x
    return x < 0


#: True in the compiled build: the state is a signed machine word (see the module's docstring)
NATIVE: Final = _wraps()


def _step(old: i64) -> i64:
    """The state after ``old``, wrapped (compiled only): ``old * _MULT + _INC``, the multiplier
    written as ``(_MULT - 2**62) + 2**62``, for mypyc keeps a constant above 2^62 (a named one or
    a literal) as a boxed ``int`` and unboxes it on every use."""
    return old * 1752450205419405101 + (old << 62) + 1442695040888963407


def _xsh_rr(old: i64) -> i64:
    """The output of state ``old`` as a signed pattern: xorshift high (the shift made logical),
    then a 32-bit rotation right by the top 5 bits (a rotation is a shift of the 32 bits written
    twice: ``x | x << 32``)."""
    x = ((((old >> 18) & _LOW46) ^ old) >> 27) & _MASK32
    return ((x | (x << 32)) >> ((old >> 59) & 31)) & _MASK32


class PCG32:
    """PCG-XSH-RR 64/32, the reference algorithm; deterministic on every platform."""

    __slots__ = ("_state",)
    _state: i64  # the 64-bit pattern: signed compiled, unsigned interpreted (NATIVE)

    def __init__(self, seed: int) -> None:
        # the reference seeding: from state 0 one step (to the increment), add the seed, one
        # more step; the two outputs are discarded
        state = (((_INC + (seed & _MASK64)) & _MASK64) * _MULT + _INC) & _MASK64
        self._state = state - ((state >> 63) << 64) if NATIVE else state

    @property
    def state(self) -> int:
        """The generator's state, 0..2^64-1."""
        return int(self._state) & _MASK64

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK64
        self._state = value - ((value >> 63) << 64) if NATIVE else value  # the signed pattern

    def copy(self) -> PCG32:
        """A generator in the same state (no reseeding: search copies dice all the time)."""
        # (compiled, a native class is made through its constructor; interpreted, without it)
        new = PCG32(0) if NATIVE else object.__new__(PCG32)
        new._state = self._state
        return new

    def next_u32(self) -> int:
        """The next 32-bit output of the generator."""
        old = self._state
        if NATIVE:
            self._state = _step(old)
            return _xsh_rr(old)
        o: int = old
        self._state = (o * _MULT + _INC) & _MASK64
        return ((((((o >> 18) ^ o) >> 27) & _MASK32) * 0x100000001) >> (o >> 59)) & _MASK32

    def below(self, n: i64) -> int:
        """Uniform integer in [0, n) by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        threshold = 4294967296 % n  # (1 << 32) % n
        if NATIVE:
            while True:
                old = self._state
                self._state = _step(old)
                r = _xsh_rr(old)
                if r >= threshold:
                    return r % n
        while True:  # next_u32, inlined (every die and every random policy's pick comes here)
            o: int = self._state
            self._state = (o * _MULT + _INC) & _MASK64
            v: int = ((((((o >> 18) ^ o) >> 27) & _MASK32) * 0x100000001) >> (o >> 59)) & _MASK32
            if v >= threshold:
                return v % n

    def random(self) -> float:
        """A float in [0, 1) (for policies; never for rules)."""
        return ((self.next_u32() << 21) ^ (self.next_u32() >> 11)) / float(1 << 53)

    def choice(self, items: list[Any]) -> Any:
        """One of ``items``, uniformly."""
        return items[self.below(len(items))]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) by its state, the same compiled or not."""
        return (_restored, (self.state,))


def _restored(state: int) -> PCG32:
    """A generator with ``state`` (unpickling)."""
    new = PCG32(0)
    new.state = state
    return new
