"""MCTS benchmarks (run by hand; figures in docs/ai.md). Prints JSON.

    python benchmarks/mcts.py speed [--iterations 50]
    python benchmarks/mcts.py strength RULESET --games 10 --seconds 1.0
    python benchmarks/mcts.py antilles --games 10 --seconds 1.0 [--rollout heuristic]
                                       [--prior heuristic]
    python benchmarks/mcts.py openspiel --games 4 --iterations 50
    python benchmarks/mcts.py ray --games 200
    python benchmarks/mcts.py smoke        # a few seconds of each, for CI

``strength`` plays MCTS against the ruleset's heuristic, half the games in each seat, and reports
MCTS's win rate (draws ½) with a 95% Wilson interval. ``antilles`` gives the mean VP of MCTS and
of the heuristic commander on the same seeds with 95% intervals. ``openspiel`` plays voidwar's
MCTS and OpenSpiel's ``MCTSBot`` (random-rollout evaluator, same iteration budget, through
:mod:`voidwar.interop.openspiel`) on the same Antilles seeds: mean VP and seconds per decision.
``ray`` compares simulate throughput (games/s) of the local process pool and of a local Ray.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import voidwar
from voidwar.ai import MCTSPolicy
from voidwar.core.dice import derive_seed
from voidwar.core.game import Game
from voidwar.core.policy import Policy
from voidwar.core.registry import rulesets
from voidwar.sim.stats import mean_ci, wilson


def play(game: Game, bots: dict[str, Policy]) -> tuple[Game, dict[str, float]]:
    """Play to the end; also return seconds spent per decision by each seat (mean)."""
    spent: dict[str, list[float]] = {s: [] for s in game.seats}
    while not game.over:
        seat = game.to_act or ""
        t = time.perf_counter()
        action = bots[seat].choose(game)
        spent[seat].append(time.perf_counter() - t)
        game.apply(action)
    return game, {s: (sum(v) / len(v) if v else 0.0) for s, v in spent.items()}


def speed(iterations: int) -> dict[str, Any]:
    out = {}
    for name in rulesets():
        if name.startswith("toy-"):
            continue
        rates = []
        for seed in range(3):
            g = voidwar.load(name, seed=seed)
            pol = MCTSPolicy(seed=seed, iterations=iterations)
            t = time.perf_counter()
            pol.choose(g)
            rates.append(pol.last_iterations / (time.perf_counter() - t))
        out[name] = {"iterations_per_s": round(sum(rates) / len(rates), 1),
                     "legal_at_start": len(voidwar.load(name, seed=0).legal_actions())}
    return out


def strength(ruleset: str, games: int, seconds: float, scenario: str | None,
             rollout: str | None, prior: str | None = None, first: int = 0) -> dict[str, Any]:
    score = 0.0
    per_move: list[float] = []
    rows = []
    for i in range(first, first + games):
        seed = derive_seed(20240, i)
        g = voidwar.load(ruleset, scenario, seed=seed)
        seats = g.seats
        me = seats[i % len(seats)]
        bots: dict[str, Policy] = {
            s: voidwar.policies.get("heuristic", ruleset, derive_seed(seed, k + 1))
            for k, s in enumerate(seats)}
        bots[me] = MCTSPolicy(seed=seed, seconds=seconds, rollout=rollout, prior=prior)
        g, spent = play(g, bots)
        assert g.result is not None
        w = g.result.winner
        pts = 1.0 if w == me else 0.5 if w is None else 0.0
        score += pts
        per_move.append(spent[me])
        rows.append({"seed": seed, "mcts_seat": me, "winner": w})
        print(f"  game {i}: mcts as {me}: {pts}", file=sys.stderr, flush=True)
    rate, lo, hi = wilson(score, games)
    return {"ruleset": ruleset, "scenario": scenario, "games": games, "seconds_per_move": seconds,
            "rollout": rollout or "random", "prior": prior, "mcts_score_rate": rate,
            "ci95": [lo, hi],
            "mean_s_per_mcts_move": sum(per_move) / len(per_move), "games_detail": rows}


def antilles(games: int, seconds: float, rollout: str | None,
             prior: str | None = None) -> dict[str, Any]:
    vp: dict[str, list[float]] = {"mcts": [], "heuristic": []}
    for i in range(games):
        seed = derive_seed(777, i)
        for name in ("mcts", "heuristic"):
            bot: Policy = (MCTSPolicy(seed=seed, seconds=seconds, rollout=rollout, prior=prior)
                           if name == "mcts" else voidwar.policies.get("heuristic", "antilles",
                                                                       seed))
            g, _ = play(voidwar.load("antilles", seed=seed), {"commander": bot})
            assert g.result is not None
            vp[name].append(float(g.result.scores["commander"]))
        print(f"  game {i}: mcts {vp['mcts'][-1]} heuristic {vp['heuristic'][-1]}",
              file=sys.stderr, flush=True)
    out: dict[str, Any] = {"games": games, "seconds_per_move": seconds,
                           "rollout": rollout or "random", "prior": prior}
    for k, v in vp.items():
        m, lo, hi = mean_ci(v)
        out[k] = {"mean_vp": m, "ci95": [lo, hi]}
    diff = [a - b for a, b in zip(vp["mcts"], vp["heuristic"], strict=True)]
    m, lo, hi = mean_ci(diff)
    out["paired_difference"] = {"mean": m, "ci95": [lo, hi]}
    return out


def openspiel(games: int, iterations: int) -> dict[str, Any]:
    import numpy as np
    from open_spiel.python.algorithms import mcts as os_mcts

    from voidwar.interop.openspiel import load_game

    game = load_game("antilles")
    res: dict[str, dict[str, list[float]]] = {"voidwar": {"vp": [], "s": []},
                                              "openspiel": {"vp": [], "s": []}}
    for i in range(games):
        seed = derive_seed(4242, i)
        # voidwar's MCTS on the inline game
        g, spent = play(voidwar.load("antilles", seed=seed),
                        {"commander": MCTSPolicy(seed=seed, iterations=iterations)})
        assert g.result is not None
        res["voidwar"]["vp"].append(float(g.result.scores["commander"]))
        res["voidwar"]["s"].append(spent["commander"])
        # OpenSpiel's MCTSBot through the bridge; chance sampled from the same seed
        rs = np.random.RandomState(seed % (2**32))
        bot = os_mcts.MCTSBot(game, 2.0, iterations, os_mcts.RandomRolloutEvaluator(1, rs),
                              random_state=rs)
        s = game.new_initial_state()
        times = []
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply_action(int(rs.choice([o for o, _ in outs], p=[p for _, p in outs])))
            else:
                t = time.perf_counter()
                a = bot.step(s)
                times.append(time.perf_counter() - t)
                s.apply_action(a)
        res["openspiel"]["vp"].append(float(s.returns()[0]))
        res["openspiel"]["s"].append(sum(times) / len(times))
        print(f"  game {i}: voidwar {res['voidwar']['vp'][-1]} "
              f"openspiel {res['openspiel']['vp'][-1]}", file=sys.stderr, flush=True)
    out: dict[str, Any] = {"games": games, "iterations": iterations}
    for k, v in res.items():
        m, lo, hi = mean_ci(v["vp"])
        out[k] = {"mean_vp": m, "ci95": [lo, hi], "s_per_decision": sum(v["s"]) / len(v["s"])}
    return out


def ray_vs_local(games: int) -> dict[str, Any]:
    from voidwar.sim.ray_backend import ensure_ray, shutdown, simulate_ray
    from voidwar.sim.runner import GameSpec, simulate

    spec = GameSpec("antilles", default_policy="heuristic")
    out: dict[str, Any] = {"games": games, "ruleset": "antilles", "policy": "heuristic"}
    for workers in (1, 2):
        t = time.perf_counter()
        local = simulate(spec, games, seed=1, workers=workers)
        out[f"local_{workers}_workers_games_per_s"] = games / (time.perf_counter() - t)
    ensure_ray(num_cpus=2)
    t = time.perf_counter()
    remote = simulate_ray(spec, games, seed=1, workers=2)
    out["ray_2_cpus_games_per_s"] = games / (time.perf_counter() - t)
    out["identical_results"] = remote == local
    shutdown()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["speed", "strength", "antilles", "openspiel", "ray", "smoke"])
    ap.add_argument("ruleset", nargs="?")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--scenario")
    ap.add_argument("--rollout")
    ap.add_argument("--prior")
    ap.add_argument("--first", type=int, default=0, help="index of the first game (strength)")
    a = ap.parse_args()
    result: Any
    if a.what == "speed":
        result = speed(a.iterations)
    elif a.what == "strength":
        result = strength(a.ruleset, a.games, a.seconds, a.scenario, a.rollout, a.prior,
                          a.first)
    elif a.what == "antilles":
        result = antilles(a.games, a.seconds, a.rollout, a.prior)
    elif a.what == "openspiel":
        result = openspiel(a.games, a.iterations)
    elif a.what == "ray":
        result = ray_vs_local(a.games)
    else:
        result = {"speed": speed(5), "antilles": antilles(1, 0.05, None)}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
