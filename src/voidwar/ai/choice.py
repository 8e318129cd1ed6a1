"""The decision after the search: the prior's choice unless another is clearly better.

With a prior, another root action replaces its choice only with more visits and a mean better by
``margin`` standard errors of the difference — or, ``paired``, when the sample-by-sample
differences (sample *k* of each action rolled the same dice) are better by that margin. Without
a prior: the best mean among the actions with at least half the visits of the most visited.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .tree import Node


@dataclass(frozen=True)
class Judge:
    """How "clearly better" is judged: ``margin`` standard errors; ``paired`` on the paired
    sample differences once there are ``min_pairs`` of them."""

    margin: float
    paired: bool
    min_pairs: int


def _paired_better(d: list[float], judge: Judge) -> bool:
    """Whether paired differences ``d`` (another action's minus the prior's) are clearly > 0."""
    if len(d) < judge.min_pairs:
        return False
    mean = sum(d) / len(d)
    sd = math.sqrt(max(0.0, sum(x * x for x in d) / len(d) - mean * mean))
    return mean > 0 and mean > judge.margin * sd / math.sqrt(len(d) - 1)


def _beats_prior(prior: str, stats: dict[str, tuple[int, float]], var: dict[str, float],
                 root: Node | None, judge: Judge) -> list[tuple[str, tuple[int, float]]]:
    """The root actions clearly better than the prior's choice, with their (visits, mean)."""
    pn, pm = stats[prior]
    pv = var.get(prior, 0.0) / pn
    samples = root.samples if root is not None else {}
    twins = root.twins if root is not None else set()
    base = samples.get(prior, [])

    def clearly_better(k: str, n: int, m: float) -> bool:
        if k in twins:
            return False
        if judge.paired and k in samples and (len(base) >= 2 or judge.min_pairs > 2):
            return _paired_better([a - b for a, b in zip(samples[k], base, strict=False)],
                                  judge)
        se = math.sqrt(pv + var.get(k, 0.0) / n)
        return n > pn and m > pm + judge.margin * se

    return [(k, v) for k, v in stats.items() if clearly_better(k, *v)]


def final_choice(prior: str | None, stats: dict[str, tuple[int, float]], var: dict[str, float],
                 root: Node | None, judge: Judge) -> str:
    """The decision among the root's actions (module docstring).

    ``stats``: notation → (visits, mean value); ``var``: notation → variance of its values;
    ``root``: the root node (its paired samples and twins)."""
    if prior and prior in stats:
        better = _beats_prior(prior, stats, var, root, judge)
        if not better:
            return prior
        return max(better, key=lambda kv: (kv[1][0], kv[1][1]))[0]
    most = max(v[0] for v in stats.values())
    cands = [(k, v) for k, v in stats.items() if 2 * v[0] >= most]
    return max(cands, key=lambda kv: (kv[1][1], kv[1][0]))[0]
