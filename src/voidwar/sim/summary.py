"""A simulation's summary, built game by game: memory flat in the number of games.

:class:`Summary` keeps running counts (outcomes, victory levels, winners), exact moments (count,
sum, sum of squares) and a histogram of every numeric quantity (each seat's score, every numeric
detail, actions per game). Whole numbers are summed as integers and other values as exact
fractions, so :meth:`Summary.merge` is associative and commutative: the summary of a run is the
same, to the last bit, whatever the worker count, batch size or order partial summaries arrive
in. A worker summarises its batch and sends that (a few hundred numbers), never the games.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from .stats import Z95, wilson

#: a histogram keeps at most this many distinct values (beyond: only the moments are kept)
MAX_BINS = 10_000

Number = int | Fraction


def exact(value: float) -> Number:
    """A score or detail as an exact number: an ``int`` when whole, else a ``Fraction``."""
    if isinstance(value, int):
        return int(value)
    f = float(value)
    return int(f) if f.is_integer() else Fraction(f)


def label(value: Any) -> str:
    """An outcome or level as text (an enum by its value)."""
    return str(value.value if isinstance(value, Enum) else value)


@dataclass
class Tally:
    """One quantity over many games: exact count, sum and sum of squares, and a histogram."""

    n: int = 0
    total: Number = 0
    squares: Number = 0
    #: value → games; ``None`` once it had more than :data:`MAX_BINS` distinct values
    bins: Counter[Number] | None = field(default_factory=Counter)

    def add(self, value: float) -> None:
        """Count one game's value."""
        v = value if type(value) is int else exact(value)
        self.n += 1
        self.total += v
        self.squares += v * v
        if self.bins is not None:
            self.bins[v] += 1
            if len(self.bins) > MAX_BINS:
                self.bins = None

    def merge(self, other: Tally) -> None:
        """Add another tally (the same quantity over other games)."""
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        if self.bins is None or other.bins is None:
            self.bins = None
        else:
            self.bins.update(other.bins)
            if len(self.bins) > MAX_BINS:
                self.bins = None

    def mean_ci(self, z: float = Z95) -> dict[str, float]:
        """Mean and normal-approximation 95% interval (as :func:`.stats.mean_ci`)."""
        if self.n == 0:
            return {"mean": 0.0, "ci_low": 0.0, "ci_high": 0.0}
        mean = Fraction(self.total) / self.n
        m = float(mean)
        if self.n == 1:
            return {"mean": m, "ci_low": m, "ci_high": m}
        var = (self.squares - self.n * mean * mean) / (self.n - 1)
        half = z * math.sqrt(float(var) / self.n)
        return {"mean": m, "ci_low": m - half, "ci_high": m + half}

    def histogram(self) -> list[list[float]] | None:
        """``[[value, games], ...]`` in value order (``None`` when too many distinct values)."""
        if self.bins is None:
            return None
        return [[v if isinstance(v, int) else float(v), c] for v, c in sorted(self.bins.items())]


def _merge_tallies(mine: dict[str, Tally], theirs: dict[str, Tally]) -> None:
    for key, t in theirs.items():
        mine.setdefault(key, Tally()).merge(t)


@dataclass
class Summary:
    """The running summary of a set of games (module docstring)."""

    games: int = 0
    seats: tuple[str, ...] = ()
    outcomes: Counter[str] = field(default_factory=Counter)
    levels: Counter[str] = field(default_factory=Counter)
    #: the victory level, else the outcome (the plot's last panel)
    level_or_outcome: Counter[str] = field(default_factory=Counter)
    #: the winning seat, or ``"draw"``
    winners: Counter[str] = field(default_factory=Counter)
    actions: Tally = field(default_factory=Tally)
    scores: dict[str, Tally] = field(default_factory=dict)
    details: dict[str, Tally] = field(default_factory=dict)

    def add(self, result: dict[str, Any]) -> None:
        """Count one game's result (the data :func:`voidwar.sim.runner.play_one` returns)."""
        self.games += 1
        if not self.seats:
            self.seats = tuple(result["seats"])
        outcome = label(result["outcome"])
        self.outcomes[outcome] += 1
        level = result.get("level")
        if level:
            self.levels[label(level)] += 1
        self.level_or_outcome[label(level) if level else outcome] += 1
        self.winners[result.get("winner") or "draw"] += 1
        if "actions" in result:
            self.actions.add(result["actions"])
        scores = result["scores"]
        for seat in self.seats:
            _tally(self.scores, seat).add(scores.get(seat, 0))
        for k, v in result.get("details", {}).items():
            if isinstance(v, int | float) and not isinstance(v, bool):
                _tally(self.details, k).add(v)

    def merge(self, other: Summary) -> Summary:
        """Add another summary's games (in place; returns ``self``)."""
        self.games += other.games
        self.seats = self.seats or other.seats
        for mine, theirs in ((self.outcomes, other.outcomes), (self.levels, other.levels),
                             (self.level_or_outcome, other.level_or_outcome),
                             (self.winners, other.winners)):
            mine.update(theirs)
        self.actions.merge(other.actions)
        _merge_tallies(self.scores, other.scores)
        _merge_tallies(self.details, other.details)
        return self

    def to_dict(self) -> dict[str, Any]:
        """The report (JSON-ready): outcome, level and winner rates with Wilson intervals, the
        mean of every score, detail and the actions per game with 95% intervals, and the
        histograms (``[[value, games], ...]``) the plots draw."""
        n = self.games
        out: dict[str, Any] = {
            "games": n,
            "outcomes": _rates(self.outcomes, n),
            "levels": _rates(self.levels, n) if self.levels else {},
            "scores": {s: self.scores[s].mean_ci() for s in self.seats if s in self.scores},
            "details": {k: self.details[k].mean_ci() for k in sorted(self.details)},
            "actions": self.actions.mean_ci(),
        }
        if len(self.seats) > 1:
            draws = self.winners.get("draw", 0)
            out["winners"] = {
                seat: dict(zip(("rate", "ci_low", "ci_high"),
                               wilson(self.winners.get(seat, 0) + 0.5 * draws, n), strict=True))
                for seat in self.seats}
            out["draws"] = draws
        out["histograms"] = {
            "scores": {s: self.scores[s].histogram() for s in self.seats if s in self.scores},
            "details": {k: self.details[k].histogram() for k in sorted(self.details)},
            "actions": self.actions.histogram(),
            "level_or_outcome": dict(sorted(self.level_or_outcome.items(),
                                            key=lambda kv: (-kv[1], kv[0]))),
        }
        return out


def _rates(counter: Counter[str], n: int) -> dict[str, dict[str, float]]:
    out = {}
    for key, count in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
        p, lo, hi = wilson(count, n)
        out[key] = {"count": count, "rate": p, "ci_low": lo, "ci_high": hi}
    return out


def summarize_results(results: list[dict[str, Any]]) -> Summary:
    """The :class:`Summary` of a list of results."""
    s = Summary()
    for r in results:
        s.add(r)
    return s


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The report of a list of results (:meth:`Summary.to_dict`): outcomes, levels, winners
    (rates with 95% intervals), the means of scores, details and actions (with 95% intervals)
    and the histograms."""
    return summarize_results(results).to_dict()


def _tally(tallies: dict[str, Tally], key: str) -> Tally:
    """``tallies[key]``, a new :class:`Tally` the first time (not ``setdefault``: that would
    build a Tally for every game)."""
    t = tallies.get(key)
    if t is None:
        t = tallies[key] = Tally()
    return t
