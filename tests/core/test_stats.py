"""Paired-comparison statistics of the strength benchmarks (voidwar.sim.stats)."""

from __future__ import annotations

import math
import random

import pytest

from voidwar.sim.stats import adjusted_difference, mean_ci, sign_test


def _pairs(rng: random.Random, n: int, shift: float) -> tuple[list[float], list[float]]:
    """Pairs sharing part of their luck (a common draw), as two policies on the same dice."""
    a, b = [], []
    for _ in range(n):
        luck = rng.gauss(0, 20)
        a.append(50 + shift + 0.6 * luck + rng.gauss(0, 15))
        b.append(50 + luck + rng.gauss(0, 15))
    return a, b


def test_adjusted_difference_covers_the_true_difference_at_its_level() -> None:
    rng = random.Random(5)
    covered = 0
    runs = 1000
    for _ in range(runs):
        a, b = _pairs(rng, 60, shift=3.0)
        ref = [50 + rng.gauss(0, 20) + rng.gauss(0, 15) for _ in range(600)]
        d = adjusted_difference(a, b, ref)
        covered += d["low"] <= 3.0 <= d["high"]
    assert 0.93 <= covered / runs <= 0.97


def test_adjusted_difference_is_narrower_than_the_paired_one_when_the_luck_is_shared_in_part(
) -> None:
    rng = random.Random(9)
    a, b = _pairs(rng, 400, shift=3.0)
    ref = [50 + rng.gauss(0, 20) + rng.gauss(0, 15) for _ in range(20000)]
    d = adjusted_difference(a, b, ref)
    assert 0.3 < d["beta"] < 0.9
    assert d["high"] - d["low"] < 0.9 * (d["paired_high"] - d["paired_low"])
    # the paired interval reported alongside is the plain one
    _, lo, hi = mean_ci([x - y for x, y in zip(a, b, strict=True)])
    assert (d["paired_low"], d["paired_high"]) == (lo, hi)


def test_adjusted_difference_with_perfectly_shared_luck_is_the_paired_difference() -> None:
    b = [10.0, 30.0, 20.0, 50.0, 40.0]
    a = [x + 2.0 for x in b]
    d = adjusted_difference(a, b, [0.0, 100.0])
    assert d["beta"] == pytest.approx(1.0)
    assert d["mean"] == pytest.approx(2.0)  # the reference's weight is 1 − β = 0


def test_adjusted_difference_refuses_too_little_data() -> None:
    with pytest.raises(ValueError):
        adjusted_difference([1.0, 2.0], [1.0, 2.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        adjusted_difference([1.0, 2.0, 3.0], [1.0, 2.0], [1.0, 2.0])


def test_sign_test_counts_and_exact_p() -> None:
    out = sign_test([1, 2, -1, 0, 3, 0.5])
    assert (out["better"], out["worse"], out["equal"]) == (4, 1, 1)
    assert out["p"] == pytest.approx(2 * (1 + 5) / 32)  # P(X <= 1) for X ~ Bin(5, 1/2), twice
    assert sign_test([0, 0])["p"] == 1.0
    assert sign_test([1] * 10)["p"] == pytest.approx(2 / 1024)
    assert math.isclose(sign_test([1, -1])["p"], 1.0)
