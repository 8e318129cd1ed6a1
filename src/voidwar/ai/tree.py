"""The search tree of :mod:`voidwar.ai.mcts`: one seat's nodes, UCT selection, backing up.

A node stands for an action *path* as one seat sees it (open loop): its edges are that seat's
notations, and another seat's secret order is the single edge ``?seat``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..core.dice import PCG32


class Node:
    """One seat's node: its own decisions here (``stats``) and where each edge leads."""

    __slots__ = ("children", "ends", "first", "n", "open", "prior", "samples", "stats", "twins")

    def __init__(self) -> None:
        self.n = 0
        self.prior: str | None = None  # the prior policy's choice here (first seen position)
        #: the ruleset's ``SearchHooks.candidates`` here, tried after the prior's choice
        self.first: list[str] = []
        self.stats: dict[str, list[float]] = {}  # notation → [visits, value sum, sum of squares]
        self.children: dict[str, Node] = {}
        #: root only: notation → the value of its k-th sample (k-th common random numbers)
        self.samples: dict[str, list[float]] = {}
        #: root only: notation → the digests of the states its first samples ended in
        self.ends: dict[str, list[str]] = {}
        #: root only: actions whose first samples ended where the prior's did (``twins``)
        self.twins: set[str] = set()
        #: the indices of ``keys`` with no statistics yet, for one list ``keys`` that every
        #: visit passes again (the root's, built once per search): kept, not rescanned
        self.open: tuple[list[str], list[int]] | None = None

    def child(self, key: str) -> Node:
        """The node behind edge ``key`` (made on first use)."""
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node


@dataclass(frozen=True)
class Uct:
    """The selection settings: exploration ``c``, the prior's bias and widening, value bounds.

    ``guided``: a prior policy guides the tree (progressive widening applies)."""

    c: float
    prior_weight: float
    widening: float
    guided: bool


def _unvisited(node: Node, keys: list[str], stable: bool) -> list[int]:
    """The indices of ``keys`` with no statistics at ``node``, in order (``stable``: ``keys``
    is a list every visit passes again, so the answer is kept on the node and updated)."""
    if stable:
        kept = node.open
        if kept is not None and kept[0] is keys:
            return kept[1]
    stats = node.stats
    untried = [k for k, key in enumerate(keys) if key not in stats]
    if stable:
        node.open = (keys, untried)
    return untried


def _untried(node: Node, keys: list[str], uct: Uct, stable: bool = False) -> list[int]:
    """The indices of the legal actions (notations ``keys``) not tried here that widening
    still allows."""
    untried = _unvisited(node, keys, stable)
    if untried and uct.guided and len(untried) < len(keys):
        # progressive widening behind a prior: a node with n visits tries at most
        # 1 + widening·√n of its actions (the prior's first), so small budgets refine the
        # prior's line instead of averaging over random untried replies; twins of the
        # prior's choice do not count
        allowed = 1 + int(uct.widening * math.sqrt(node.n))
        if len(keys) - len(untried) - len(node.twins) >= allowed:
            return []
    return untried


def select(node: Node, keys: list[str], rng: PCG32, uct: Uct,
           bounds: tuple[float, float], stable: bool = False) -> int:
    """The index of the action to follow at ``node`` among the legal actions' notations
    ``keys``: an untried one (the prior's, then the candidates, then at random), else the best
    UCT value on values scaled by ``bounds`` (lowest, highest). The caller gives the action
    taken statistics at once (``stable``: see :func:`_unvisited`)."""
    untried = _untried(node, keys, uct, stable)
    if untried:
        pick = _first_untried(node, keys, untried, rng)
        if stable:
            untried.remove(pick)
        return pick
    lo, hi = bounds
    span = hi - lo if hi > lo else 1.0
    logn = math.log(max(node.n, 1))
    best = 0
    best_u = -math.inf
    stats, twins, prior = node.stats, node.twins, node.prior
    for k, key in enumerate(keys):
        st = stats.get(key)
        if st is None or key in twins:  # held back by widening, or the prior's twin
            continue
        n, w = st[0], st[1]
        if n == 0:
            return k
        u = ((w / n) - lo) / span + uct.c * math.sqrt(logn / n)
        if key == prior:
            u += uct.prior_weight / (1 + n)
        if u > best_u:
            best, best_u = k, u
    return best


def _first_untried(node: Node, keys: list[str], untried: list[int], rng: PCG32) -> int:
    """The untried action to expand: the prior's, then the candidates, then one at random."""
    for want in ([node.prior] if node.prior else []) + node.first:
        for k in untried:
            if keys[k] == want:
                return k
    return untried[rng.below(len(untried))]


#: one step of an iteration's path: (node, edge taken, seat that took it)
Step = tuple[Node, str, str]


def backup(path: list[Step], values: dict[str, float]) -> None:
    """Add an iteration's values to every edge of its path (each seat's own value)."""
    for node, key, seat in path:
        node.n += 1
        st = node.stats[key]
        st[0] += 1
        st[1] += values[seat]
        st[2] += values[seat] ** 2


def record_root_sample(root: Node, key: str, value: float, digest: Callable[[], str],
                       twins: int) -> None:
    """Keep the root action's k-th sample value and, for its first ``twins`` samples, the
    digest of the state it ended in (then mark twins of the prior's choice)."""
    root.samples.setdefault(key, []).append(value)
    ends = root.ends.setdefault(key, [])
    if len(ends) < twins:
        ends.append(digest())
        find_twins(root, key, twins)


def find_twins(root: Node, key: str, twins: int) -> None:
    """Mark root actions whose first ``twins`` samples ended where the prior's did."""
    prior = root.prior
    base = root.ends.get(prior or "", [])
    if len(base) < twins:
        return
    for k in ([key] if key != prior else list(root.ends)):
        if k != prior and k not in root.twins and root.ends[k] == base:
            root.twins.add(k)
