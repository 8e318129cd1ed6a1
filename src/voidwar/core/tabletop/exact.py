"""Exact numbers in inches and the 0.01" grid (:mod:`voidwar.core.tabletop`): ``Fraction``
values read from decimal text, their floats, their text, and the float pre-test every exact
comparison starts with."""

from __future__ import annotations

import math
import re
from fractions import Fraction

from ..memo import remember

#: tolerance for sums of square roots (path lengths): a path fits a speed when its cost is at
#: most ``speed + EPS``. Far below anything a ruler measures, far above float rounding.
EPS = 1e-9

#: the grid generated points are rounded to (computed positions such as "6 inches toward R2")
QUANTUM = Fraction(1, 100)

#: relative margin of the float pre-tests (answers nearer the limit are decided exactly)
MARGIN = 1e-9

_NUM = re.compile(r"^\s*([+-]?)(\d+)(?:\.(\d{1,6}))?\s*$")

Number = int | str | Fraction


def fl(value: Fraction | int | float) -> float:
    """``float(value)`` for an int or a Fraction, without the slow generic conversion: the
    correctly rounded quotient of numerator and denominator, the very value ``float`` gives."""
    if isinstance(value, float):  # a float given where an exact number is expected
        return value
    return value.numerator / value.denominator


#: Fraction(n, 100) for the grid integers met so far (points rounded to :data:`QUANTUM`):
#: remembered (core/memo.py), so that every point of a grid value shares one Fraction
_GRID: dict[int, Fraction] = {}


def _grid(n: int) -> Fraction:
    """``n * QUANTUM``, shared between the points that use it."""
    f = _GRID.get(n)
    if f is None:
        f = remember(_GRID, n, Fraction(n, 100), 200_000)
    return f


def exact(value: object, name: str) -> Fraction:
    """``value`` as exact inches: a Fraction as it is, an int made a Fraction; a bool, a float
    or a Decimal is refused (:class:`TypeError` naming ``name``): they compare equal to exact
    numbers but are not (a point's coordinates, :class:`~.points.Point`)."""
    if type(value) is Fraction:
        return value
    if type(value) is int:
        return Fraction(value)
    raise TypeError(f"{name}: exact inches are an int or a Fraction, not "
                    f"{type(value).__name__} {value!r}")


def frac(value: Number) -> Fraction:
    """An exact number from an int, a Fraction or decimal text (``"12.5"``); floats refused.

    Raises :class:`ValueError` with a readable reason otherwise.
    """
    if type(value) is Fraction:
        return value
    if isinstance(value, bool):
        raise ValueError(f"not a number: {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        m = _NUM.match(value)
        if not m:
            raise ValueError(f"not a decimal number: {value!r}")
        sign, whole, dec = m.groups()
        f = Fraction(int(whole + (dec or "")), 10 ** len(dec or ""))
        return -f if sign == "-" else f
    raise ValueError(f"not an exact number: {value!r}")


def fmt(value: Fraction) -> str:
    """Exact decimal text of a Fraction (``Fraction(25, 2)`` → ``"12.5"``).

    Values with a non-terminating decimal expansion are printed to 6 places (never produced by
    this module's own constructions, which stay on :data:`QUANTUM`)."""
    num, den = value.numerator, value.denominator
    if den == 1:
        return str(num)
    sign = "-" if num < 0 else ""
    for places in range(1, 7):
        scale = 10**places
        if scale % den == 0:  # the same test as "v * 10**places is whole"
            s = str(abs(num) * (scale // den)).rjust(places + 1, "0")
            return f"{sign}{s[:-places]}.{s[-places:]}"
    return f"{sign}{float(abs(value)):.6f}"


def grid_round(v: float) -> int:
    """``round(v)`` of a float: the nearest integer, ties to even, the same value (``v - n`` is
    exact for ``n = floor(v)`` wherever a tie can occur; infinities and NaN raise alike). Its
    own function so that the compiled build calls ``floor`` natively, not the generic
    built-in."""
    n = math.floor(v)
    d = v - n
    if d > 0.5 or (d == 0.5 and n % 2 == 1):
        return n + 1
    return n


def quantize(value: float, step: Fraction = QUANTUM, toward_zero: bool = False) -> Fraction:
    """A float rounded to the grid ``step`` (nearest, or toward zero)."""
    q = value / float(step)
    n = math.trunc(q) if toward_zero else round(q)
    return n * step


def float_le(fa: float, fb: float) -> bool | None:
    """Float pre-test of ``a ≤ b`` for non-negative quantities; ``None``: too close to call
    (the caller then decides exactly)."""
    tol = MARGIN * (abs(fb) + abs(fa)) + 1e-12
    if fa < fb - tol:
        return True
    if fa > fb + tol:
        return False
    return None

