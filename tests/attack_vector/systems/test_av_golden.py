"""Replay equality of a battle, and property tests over random play."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import voidwar
from voidwar.core.record import undo
from voidwar.rulesets.attack_vector.captain import HeuristicCaptain
from voidwar.rulesets.attack_vector.game import AttackVectorGame

# the golden duel itself is checked with the other goldens (tests/attack_vector/test_golden.py)


def _play(
    scenario: str, seed: int, blue: object, red: object, limit: int = 5000
) -> AttackVectorGame:
    g = voidwar.load("attack-vector", scenario=scenario, seed=seed)
    assert isinstance(g, AttackVectorGame)
    pols = {"blue": blue, "red": red}
    n = 0
    while not g.over and n < limit:
        g.apply(pols[g.to_act].choose(g))  # type: ignore[attr-defined]
        n += 1
    return g


def test_replay_reproduces_a_battle_roll_for_roll() -> None:
    g = _play("2v2", 4, HeuristicCaptain(1), voidwar.policies.get("random", ruleset="avt", seed=5))
    assert g.over
    again = voidwar.replay(g.record())
    assert again.state_dict() == g.state_dict() and again.digest() == g.digest()
    assert [e.text for e in again.log] == [e.text for e in g.log]
    back = undo(g, 2)
    assert len(back.actions) == len(g.actions) - 2


def test_policies_never_change_the_game() -> None:
    g = voidwar.load("attack-vector", scenario="duel", seed=3)
    cap = HeuristicCaptain(0)
    for _ in range(40):
        before = g.digest()
        a = cap.choose(g)
        assert g.digest() == before
        g.apply(a)


def test_heuristic_beats_random_in_a_small_sample() -> None:
    wins = 0
    for i in range(6):
        rnd = voidwar.policies.get("random", ruleset="avt", seed=100 + i)
        g = _play("duel", i, HeuristicCaptain(i), rnd)
        assert g.result is not None
        wins += g.result.winner == "blue"
    assert wins >= 5


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["duel", "2v2"]))
def test_random_play_keeps_the_systems_invariants(seed: int, scenario: str) -> None:
    g = voidwar.load("attack-vector", scenario=scenario, seed=seed)
    assert isinstance(g, AttackVectorGame) and g.combat is not None
    pol = voidwar.policies.get("random", ruleset="avt", seed=seed)
    steps = 0
    while not g.over and steps < 600:
        destroyed_before = {
            (sid, wid)
            for sid, s in g.combat.systems.items()
            for wid, w in s.weapons.items()
            if w.destroyed
        }
        events = g.apply(pol.choose(g))
        steps += 1
        for e in events:
            if e.kind == "fire" and "weapon" in e.data:
                # a destroyed weapon never fires
                assert (e.data["ship"], e.data["weapon"]) not in destroyed_before
        for s in g.combat.systems.values():
            assert 0 <= s.power.stored <= s.power.capacity  # power in [0, capacity]
            assert s.heat.stored >= 0  # heat never negative
            assert s.heat.capacity >= 0


def test_captain_thresholds_are_options() -> None:
    # seed 5: the shipped captains fight and red strikes (radiators out) after turn 2
    g = _play("duel", 5, HeuristicCaptain(1), HeuristicCaptain(1))
    assert "radiators out" in g.actions
    # a red captain that never surrenders fights on; the game differs from there
    g2 = _play("duel", 5, HeuristicCaptain(1), HeuristicCaptain(1, surrender=False))
    assert "radiators out" not in g2.actions
    # firing at any expected damage opens fire earlier than the shipped threshold of 2
    def first_shot(game: AttackVectorGame) -> int:
        return next(i for i, t in enumerate(game.actions) if t.startswith("fire"))

    eager = _play("duel", 5, HeuristicCaptain(1, fire_expected=0, fire_when_full=0),
                  HeuristicCaptain(1))
    assert first_shot(eager) < first_shot(g)
