"""Exact numbers for power and heat (spec §0.1: Fractions, never floats, where rules round)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any


def to_fraction(value: Any) -> Fraction:
    """A data-file number as an exact Fraction: ``1.5`` → 3/2, ``0.4`` → 2/5 (via its decimal
    text, so a TOML float is read as written, not as its binary approximation)."""
    if isinstance(value, bool):
        raise ValueError("expected a number, got a boolean")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("expected a finite number")
        return Fraction(Decimal(repr(value)))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"not a number: {value!r}") from None
    raise ValueError(f"expected a number, got {type(value).__name__}")


def ceil_fraction(x: Fraction) -> int:
    """⌈x⌉ exactly (AV:T A5.39: fractional heat is always rounded up)."""
    return -((-x.numerator) // x.denominator)


def show(x: Fraction) -> str:
    """Human/JSON text of an exact number: ``16``, ``16.5``, ``1.2``, or ``1/3`` if needed."""
    if x.denominator == 1:
        return str(x.numerator)
    d = x.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        text = format(Decimal(x.numerator) / Decimal(x.denominator), "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    return f"{x.numerator}/{x.denominator}"
