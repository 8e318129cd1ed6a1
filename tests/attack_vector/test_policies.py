"""Computer pilots and registry integration."""

from __future__ import annotations

from math import isqrt

import voidwar
from voidwar.rulesets.attack_vector.policies import DriftPolicy, InterceptPolicy

from .helpers import at, load


def test_registry_names_and_aliases() -> None:
    for name in ("attack-vector", "attack_vector", "avt"):
        assert voidwar.get_ruleset(name).name == "attack-vector"
    scen = voidwar.get_ruleset("avt").scenarios()
    assert {"game-one", "game-two", "game-three", "duel", "rendezvous"} <= set(scen)


def test_drift_policy_keeps_the_vector() -> None:
    g = load("game-three")
    p = DriftPolicy()
    while not g.over:
        g.apply(p.choose(g))
    s = g.ships["rafik"]
    # two turns (Game Three's second turn is ours): 2 × 4A 2B
    assert s.pos == at("8A 4B") and s.velocity.components() == {"A": 4, "B": 2}


def test_intercept_reaches_the_goal_neighbourhood() -> None:
    g = load("rendezvous")
    p = InterceptPolicy()
    goal = at("12A 4B +2")
    s = g.ships["rafik"]

    def dist() -> int:
        d = (goal.q - s.pos.q, goal.r - s.pos.r)
        h = (abs(d[0]) + abs(d[1]) + abs(d[0] + d[1])) // 2
        return isqrt(h * h + (goal.z - s.pos.z) ** 2)

    start = dist()
    snapshot = g.digest()
    p.choose(g)
    assert g.digest() == snapshot  # a policy never changes the game
    while not g.over:
        g.apply(p.choose(g))
    assert dist() <= 3 < start
    assert sum(abs(x) for x in s.velocity.components().values()) <= 3
    assert s.fuel_used > 0


def test_random_policy_plays_a_duel_to_the_end() -> None:
    g = load("duel")
    pol = voidwar.policies.get("random", ruleset="attack-vector", seed=3)
    n = 0
    while not g.over and n < 2000:
        g.apply(pol.choose(g))
        n += 1
    # part 2 arms the duel: it ends in a victory, a draw or at the turn limit (combat.py)
    assert g.over and g.result is not None
    assert g.result.outcome in ("victory", "no-side-left", "turn-limit", "draw")
