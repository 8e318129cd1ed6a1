"""What a search iteration is worth to each seat: terminal values, cut-off estimates, scale.

With several seats the winner scores 1, the others 0, a draw 1/n; a solitaire game's score is
scaled to [0, 1] by the ruleset's ``SearchHooks.score_range`` when it gives one, otherwise by
the range of scores the search has seen.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.chance import ExplicitChanceGame
from ..core.game import Game, Result
from ..core.registry import search_hooks
from .sampling import hooks


def terminal_values(result: Result, seats: tuple[str, ...]) -> dict[str, float]:
    """Raw values per seat (module docstring): win 1 / loss 0 / draw 1/n, or the solitaire score."""
    if len(seats) == 1:
        return {seats[0]: float(result.scores.get(seats[0], 0.0))}
    if result.winner is not None:
        return {s: 1.0 if s == result.winner else 0.0 for s in seats}
    return {s: 1.0 / len(seats) for s in seats}


class ValueScale:
    """Each seat's lowest and highest value, for UCT: [0, 1] with several seats, the ruleset's
    score range for a solitaire game when it gives one, else widened by every score seen."""

    def __init__(self, game: Game) -> None:
        self.lo: dict[str, float] = {}
        self.hi: dict[str, float] = {}
        rules = game.inner if isinstance(game, ExplicitChanceGame) else game
        fixed = search_hooks(rules).score_range(rules)
        seats = game.seats
        for s in seats:
            if len(seats) > 1:
                self.lo[s], self.hi[s] = 0.0, 1.0
            elif fixed is not None:
                lo, hi = fixed
                self.lo[s], self.hi[s] = float(lo), float(hi)

    def bounds(self, seat: str) -> tuple[float, float]:
        """(lowest, highest) value of ``seat`` so far (0 and 1 when nothing is known)."""
        return self.lo.get(seat, 0.0), self.hi.get(seat, 1.0)

    def observe(self, values: dict[str, float]) -> None:
        """Widen the bounds to take in a finished game's values."""
        for s, v in values.items():
            if s not in self.lo or v < self.lo[s]:
                self.lo[s] = v
            if s not in self.hi or v > self.hi[s]:
                self.hi[s] = v


def leaf_values(g: Game, scale: ValueScale,
                evaluate: Callable[[Game], dict[str, float]] | None) -> dict[str, float]:
    """The values of the position an iteration ended in: the result of a finished game, else
    ``evaluate``, the ruleset's ``SearchHooks.evaluate``, or a draw (the lowest score seen)."""
    seats = g.seats
    res = g.result if g.over else None
    if res is None:
        if evaluate is not None:
            return evaluate(g)
        estimate = hooks(g).evaluate(g)
        if estimate is not None:
            return estimate
        if len(seats) > 1:
            return {s: 1.0 / len(seats) for s in seats}
        return {s: scale.lo.get(s, 0.0) for s in seats}
    vals = terminal_values(res, seats)
    scale.observe(vals)
    return vals
