"""Round robin between policies: win-rate table with 95% intervals and an Elo-like rating.

Every pair of policies plays ``games`` games, half with each policy in the first seat (game *i*
of pair *k* is seeded ``derive_seed(seed + k, i)`` by the runner, so a tournament replays exactly
with the same seed when the policies are reproducible). A draw counts as half a win.

Ratings: a Bradley–Terry fit of all pairwise results (Hunter's MM algorithm, with one virtual
draw against every other policy as a prior so that a policy that always wins stays finite), on
the Elo scale (400·log10 of the strength ratio), the mean rating shifted to 1500.

Solitaire rulesets have no opponent: each policy plays ``games`` games alone and the table gives
its mean score with a 95% interval; the rating is then that mean score.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..core.registry import get_ruleset, load
from .runner import GameSpec, simulate
from .stats import mean_ci, wilson

Progress = Callable[[int], None]
Simulate = Callable[..., list[dict[str, Any]]]


def bradley_terry(
    names: list[str], wins: dict[tuple[str, str], float], iterations: int = 500
) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from ``wins[(a, b)]`` = a's wins (draws ½) against b."""
    prior = 0.5  # one virtual draw per pair: half a win each way
    w = {a: sum(wins.get((a, b), 0.0) + prior for b in names if b != a) for a in names}
    games = {(a, b): wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 2 * prior
             for a in names for b in names if a != b}
    p = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            denom = sum(games[(a, b)] / (p[a] + p[b]) for b in names if b != a)
            new[a] = w[a] / denom if denom > 0 else p[a]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        p = {a: v / g for a, v in new.items()}
    return {a: 1500.0 + 400.0 * math.log10(p[a]) for a in names}


#: plays ``n`` games of a spec from master seed ``seed``: (spec, n, seed) → results
Play = Callable[[GameSpec, int, int], list[dict[str, Any]]]


def run_tournament(
    ruleset: str,
    policies: list[str],
    games: int,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    simulate_fn: Simulate | None = None,
) -> dict[str, Any]:
    """Play the round robin; return a JSON-ready report (see the module docstring).

    ``simulate_fn`` replaces the local runner (e.g. :func:`voidwar.sim.ray_backend.simulate_ray`).
    """
    if len(set(policies)) != len(policies) or not policies:
        raise ValueError("give each policy once")
    if games < 1:
        raise ValueError("games must be at least 1")
    info = get_ruleset(ruleset)
    opts = dict(options or {})
    seats = load(info.name, scenario, seed=0, **opts).seats
    sim = simulate_fn or simulate

    def play(spec: GameSpec, n: int, at: int) -> list[dict[str, Any]]:
        return sim(spec, n, seed=at, workers=workers, progress=progress)

    report: dict[str, Any] = {"ruleset": info.name, "scenario": scenario, "options": opts,
                              "policies": list(policies), "games_per_pair": games, "seed": seed}
    if len(seats) == 1:
        specs = [GameSpec(info.name, scenario, opts, {seats[0]: pol}, pol) for pol in policies]
        scores = _solitaire(specs, seats[0], games, seed, play)
        report["solitaire"] = True
        report["scores"] = scores
        report["ratings"] = {p: scores[p]["mean_score"] for p in policies}
        return report
    if len(policies) < 2:
        raise ValueError("a two-seat round robin needs at least two policies")
    template = GameSpec(info.name, scenario, opts)
    wins, played = _round_robin(template, seats, policies, games, seed, play)
    report["solitaire"] = False
    report["seats"] = list(seats)
    report["table"] = _table(policies, wins, played)
    report["ratings"] = bradley_terry(list(policies), wins)
    return report


def _solitaire(specs: list[GameSpec], seat: str, games: int, seed: int,
               play: Play) -> dict[str, dict[str, Any]]:
    """Each policy's mean score alone (policy *k* from master seed ``seed + k``)."""
    scores: dict[str, dict[str, Any]] = {}
    for k, spec in enumerate(specs):
        res = play(spec, games, seed + k)
        m, lo, hi = mean_ci([float(r["scores"].get(seat, 0.0)) for r in res])
        scores[spec.default_policy] = {"games": len(res), "mean_score": m, "ci_low": lo,
                                       "ci_high": hi}
    return scores


def _round_robin(
    template: GameSpec, seats: tuple[str, ...], policies: list[str], games: int, seed: int,
    play: Play,
) -> tuple[dict[tuple[str, str], float], dict[tuple[str, str], int]]:
    """Every pair's games, half with each policy first: (wins, games played) per ordered pair."""
    first, second = seats[0], seats[1]
    wins: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    pair = 0
    for i, a in enumerate(policies):
        for b in policies[i + 1:]:
            for home, away, n in ((a, b, (games + 1) // 2), (b, a, games // 2)):
                if n == 0:
                    continue
                pols = {s: home for s in seats}
                pols[second] = away
                spec = GameSpec(template.ruleset, template.scenario, template.options, pols,
                                home)
                res = play(spec, n, seed + pair)
                pair += 1
                for r in res:
                    w = r["winner"]
                    score_home = 1.0 if w == first else 0.5 if w is None else 0.0
                    wins[(home, away)] = wins.get((home, away), 0.0) + score_home
                    wins[(away, home)] = wins.get((away, home), 0.0) + 1.0 - score_home
                    played[(home, away)] = played.get((home, away), 0) + 1
                    played[(away, home)] = played.get((away, home), 0) + 1
    return wins, played


def _table(policies: list[str], wins: dict[tuple[str, str], float],
           played: dict[tuple[str, str], int]) -> dict[str, dict[str, Any]]:
    """Each policy's win rate against each other one and overall, with Wilson intervals."""
    table: dict[str, dict[str, Any]] = {}
    for a in policies:
        row: dict[str, Any] = {}
        for b in policies:
            if a == b:
                continue
            n = played.get((a, b), 0)
            rate, lo, hi = wilson(wins.get((a, b), 0.0), n)
            row[b] = {"games": n, "rate": rate, "ci_low": lo, "ci_high": hi}
        total_w = sum(wins.get((a, b), 0.0) for b in policies if b != a)
        total_n = sum(played.get((a, b), 0) for b in policies if b != a)
        rate, lo, hi = wilson(total_w, total_n)
        row["overall"] = {"games": total_n, "rate": rate, "ci_low": lo, "ci_high": hi}
        table[a] = row
    return table


def total_games(ruleset: str, policies: list[str], games: int, scenario: str | None = None,
                options: dict[str, Any] | None = None) -> int:
    """How many games :func:`run_tournament` will play (for a progress bar)."""
    seats = load(get_ruleset(ruleset).name, scenario, seed=0, **(options or {})).seats
    n = len(policies)
    return n * games if len(seats) == 1 else n * (n - 1) // 2 * games
