"""Exact numbers of the form a + b·√3 (a, b rational): the field Q(√3).

Every direction on the AVID is a multiple of 30° (AV:T A5.3331: adjacent windows are 30° apart), and
cos/sin of a multiple of 30° lie in {0, ±1/2, ±√3/2, ±1}. So orientation frames, window vectors and
the slanted thrust components (cos 30° = √3/2) are exact in Q(√3): no floats anywhere a rule floors,
rounds or compares (spec §0 implementation note).
"""

from __future__ import annotations

from fractions import Fraction
from functools import total_ordering
from math import floor, isqrt

Rational = int | Fraction


@total_ordering
class Q3:
    """``a + b·√3`` with rational ``a`` and ``b``; immutable and hashable."""

    __slots__ = ("a", "b")

    def __init__(self, a: Rational = 0, b: Rational = 0) -> None:
        self.a = Fraction(a)
        self.b = Fraction(b)

    @staticmethod
    def of(x: Q3 | Rational) -> Q3:
        """``x`` as a :class:`Q3`."""
        return x if isinstance(x, Q3) else Q3(x)

    def __add__(self, o: Q3 | Rational) -> Q3:
        q = Q3.of(o)
        return Q3(self.a + q.a, self.b + q.b)

    __radd__ = __add__

    def __neg__(self) -> Q3:
        return Q3(-self.a, -self.b)

    def __sub__(self, o: Q3 | Rational) -> Q3:
        return self + (-Q3.of(o))

    def __rsub__(self, o: Q3 | Rational) -> Q3:
        return Q3.of(o) - self

    def __mul__(self, o: Q3 | Rational) -> Q3:
        q = Q3.of(o)
        return Q3(self.a * q.a + 3 * self.b * q.b, self.a * q.b + self.b * q.a)

    __rmul__ = __mul__

    def sign(self) -> int:
        """The exact sign of a + b√3 (compare a² with 3b² when the signs differ)."""
        sa = (self.a > 0) - (self.a < 0)
        sb = (self.b > 0) - (self.b < 0)
        if sb == 0:
            return sa
        if sa == 0 or sa == sb:
            return sb
        # opposite signs: |a| vs |b|√3
        d = self.a * self.a - 3 * self.b * self.b
        return sa if d > 0 else (sb if d < 0 else 0)

    def __eq__(self, o: object) -> bool:
        if isinstance(o, int | Fraction):
            o = Q3(o)
        if not isinstance(o, Q3):
            return NotImplemented
        return self.a == o.a and self.b == o.b

    def __lt__(self, o: Q3 | Rational) -> bool:
        return (self - Q3.of(o)).sign() < 0

    def __hash__(self) -> int:
        return hash((self.a, self.b))

    def __floor__(self) -> int:
        return q3_floor(self)

    def __float__(self) -> float:
        return float(self.a) + float(self.b) * 3**0.5

    def __repr__(self) -> str:
        if self.b == 0:
            return f"Q3({self.a})"
        return f"Q3({self.a} + {self.b}√3)"


def q3_floor(x: Q3) -> int:
    """⌊x⌋ exactly: start from an integer estimate of b√3 and correct it by exact comparisons."""
    num, den = x.b.numerator, x.b.denominator
    root = isqrt(3 * num * num)  # ⌊|b|·den·√3⌋
    est = Fraction(root if num >= 0 else -root, den)
    n = floor(x.a + est)
    while Q3(n) > x:
        n -= 1
    while Q3(n + 1) <= x:
        n += 1
    return n


def round_half_down(x: Q3) -> int:
    """⌈x − ½⌉: the nearest integer, halves going down (spec §7.7 PROPOSAL for slanted cells)."""
    y = x - Fraction(1, 2)
    f = q3_floor(y)
    return f if Q3(f) == y else f + 1


SQRT3_2 = Q3(0, Fraction(1, 2))
_COS = (
    Q3(1), SQRT3_2, Q3(Fraction(1, 2)), Q3(0), Q3(Fraction(-1, 2)), -SQRT3_2,
    Q3(-1), -SQRT3_2, Q3(Fraction(-1, 2)), Q3(0), Q3(Fraction(1, 2)), SQRT3_2,
)


def cos30(n: int) -> Q3:
    """cos(30°·n), exactly."""
    return _COS[n % 12]


def sin30(n: int) -> Q3:
    """sin(30°·n), exactly."""
    return _COS[(n - 3) % 12]


Vec = tuple[Q3, Q3, Q3]


def dot(u: Vec, v: Vec) -> Q3:
    """Dot product of two exact vectors."""
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def cross(u: Vec, v: Vec) -> Vec:
    """Cross product of two exact vectors."""
    return (
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    )


def scale(k: Q3 | Rational, v: Vec) -> Vec:
    """``k`` times vector ``v``."""
    return (v[0] * k, v[1] * k, v[2] * k)


def add(u: Vec, v: Vec) -> Vec:
    """Sum of two exact vectors."""
    return (u[0] + v[0], u[1] + v[1], u[2] + v[2])


def neg(v: Vec) -> Vec:
    """The opposite vector."""
    return (-v[0], -v[1], -v[2])
