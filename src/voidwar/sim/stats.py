"""Statistics for simulation reports: Wilson intervals for rates, normal intervals for means,
paired comparisons (a control-variate difference and a sign test)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Rate and its Wilson score interval (draws may count as half a success)."""
    if n == 0:
        return (0.0, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and a normal-approximation confidence interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def adjusted_difference(a: list[float], b: list[float], b_reference: list[float],
                        z: float = Z95) -> dict[str, float]:
    """E[a] − E[b] from pairs ``(a[i], b[i])`` played on the same seeds, with ``b``'s own mean
    taken from ``b_reference`` (more games of ``b`` alone, on other seeds).

    The control-variate (regression) estimate: ``mean(a) − β·mean(b) − (1 − β)·mean(b_ref)``
    with ``β = cov(a, b) / var(b)`` from the pairs. Its variance is ``var(a − βb)/n +
    (1 − β)²·var(b_ref)/m``. The fitted β minimises the first term, so the interval is at
    most the plain paired difference's (β = 1) plus the reference's share and the degree of
    freedom β costs, and well inside it when the pairs are only partly correlated. Returns
    ``mean``, ``low``, ``high``, ``beta`` and, for comparison, the paired difference's
    ``paired_low`` and ``paired_high``."""
    n, m = len(a), len(b_reference)
    if n != len(b) or n < 3 or m < 2:
        raise ValueError("need at least 3 pairs of equal length and 2 reference values")
    ma, mb = sum(a) / n, sum(b) / n
    vb = sum((y - mb) ** 2 for y in b) / (n - 1)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True)) / (n - 1)
    beta = cov / vb if vb > 0 else 1.0
    mr = sum(b_reference) / m
    vr = sum((y - mr) ** 2 for y in b_reference) / (m - 1)
    resid = [x - beta * y for x, y in zip(a, b, strict=True)]
    mres = sum(resid) / n
    vres = sum((r - mres) ** 2 for r in resid) / (n - 2)  # β was fitted: one more dof spent
    est = mres - (1 - beta) * mr
    half = z * math.sqrt(vres / n + (1 - beta) ** 2 * vr / m)
    _, plo, phi = mean_ci([x - y for x, y in zip(a, b, strict=True)], z)
    return {"mean": est, "low": est - half, "high": est + half, "beta": beta,
            "paired_low": plo, "paired_high": phi}


def sign_test(differences: list[float]) -> dict[str, float]:
    """Two-sided exact sign test of paired differences (ties dropped): how often ``a`` beat
    ``b`` and the chance of a split at least that uneven if neither were better."""
    better = sum(1 for d in differences if d > 0)
    worse = sum(1 for d in differences if d < 0)
    k, n = min(better, worse), better + worse
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n if n else 1.0
    return {"better": better, "worse": worse, "equal": len(differences) - n,
            "p": min(1.0, 2 * tail)}
