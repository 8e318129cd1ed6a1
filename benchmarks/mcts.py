"""MCTS benchmarks (run by hand; figures in docs/ai.md). Prints JSON.

    python benchmarks/mcts.py speed [--iterations 50]     # iterations per CPU-second
    python benchmarks/mcts.py strength RULESET [--scenario S] --games 24 --seconds 1.0
                                       [--workers 2] [--first K] [--log F] [--config JSON]
    python benchmarks/mcts.py antilles --games 40 --seconds 1.0 [--workers 2] [--config JSON]
                                       [--log F] [--reference 20000 [--reference-cache J]]
                                       [--from-log F ...]
    python benchmarks/mcts.py openspiel --games 4 --iterations 50
    python benchmarks/mcts.py ray --games 200
    python benchmarks/mcts.py smoke        # a few seconds of each, for CI

The searching side is the registered ``mcts-h`` (heuristic prior and rollouts, flat over the
root, the ruleset's tuned horizon) at ``--seconds`` a decision, or ``--config`` (any
``MCTSPolicy`` keywords as JSON). With ``--workers 2`` two games run at once, each in its own
process: on a 2-core machine each search then has one core, as the opponent's heuristic is cheap.
``strength`` plays MCTS against the ruleset's heuristic, half the games in each seat, and reports
MCTS's win rate (draws ½) with a 95% Wilson interval. ``antilles`` gives the mean VP of MCTS and
of the heuristic commander on the same seeds with 95% intervals, their paired difference, a sign
test, and with ``--reference N`` the control-variate difference (the heuristic's mean from N
games of its own, which the paired sample then only corrects). ``openspiel`` plays voidwar's
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
from voidwar.sim.stats import adjusted_difference, mean_ci, sign_test, wilson


def play(game: Game, bots: dict[str, Policy],
         searched: list[tuple[int, float]] | None = None) -> tuple[Game, dict[str, float]]:
    """Play to the end; also return seconds spent per decision by each seat (mean).
    ``searched`` collects (iterations, CPU seconds) of every decision an MCTS bot searched."""
    spent: dict[str, list[float]] = {s: [] for s in game.seats}
    while not game.over:
        seat = game.to_act or ""
        bot = bots[seat]
        t, c = time.perf_counter(), time.process_time()
        action = bot.choose(game)
        spent[seat].append(time.perf_counter() - t)
        if searched is not None and isinstance(bot, MCTSPolicy) and bot.last_iterations:
            searched.append((bot.last_iterations, time.process_time() - c))
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
            t = time.process_time()  # CPU time: a loaded machine disturbs it less
            pol.choose(g)
            rates.append(pol.last_iterations / (time.process_time() - t))
        out[name] = {"iterations_per_s": round(sum(rates) / len(rates), 1),
                     "legal_at_start": len(voidwar.load(name, seed=0).legal_actions())}
    return out


def mcts_config(seconds: float, rollout: str | None, prior: str | None,
                config: str | None) -> dict[str, Any]:
    """MCTSPolicy keywords: ``--config JSON`` if given, else the registered ``mcts-h`` (the
    ruleset's tuned settings) with ``--seconds`` and any ``--rollout``/``--prior``."""
    if config:
        cfg: dict[str, Any] = json.loads(config)
    else:
        cfg = {"prior": "heuristic", "rollout": "heuristic", "tree_depth": 1, "tuned": True}
        if rollout:
            cfg["rollout"] = rollout
        if prior:
            cfg["prior"] = prior
    cfg.setdefault("seconds", seconds)
    return cfg


def _strength_game(args: tuple[str, str | None, dict[str, Any], int]) -> dict[str, Any]:
    ruleset, scenario, cfg, i = args
    seed = derive_seed(20240, i)
    g = voidwar.load(ruleset, scenario, seed=seed)
    seats = g.seats
    me = seats[i % len(seats)]
    bots: dict[str, Policy] = {
        s: voidwar.policies.get("heuristic", ruleset, derive_seed(seed, k + 1))
        for k, s in enumerate(seats)}
    bots[me] = MCTSPolicy(seed=seed, **cfg)
    searched: list[tuple[int, float]] = []
    g, spent = play(g, bots, searched)
    assert g.result is not None
    w = g.result.winner
    pts = 1.0 if w == me else 0.5 if w is None else 0.0
    n = max(1, len(searched))
    # the CPU seconds a search got in its wall-clock budget: below the budget on a loaded machine
    return {"game": i, "seed": seed, "mcts_seat": me, "winner": w, "score": pts,
            "s_per_mcts_move": spent[me],
            "iterations_per_search": sum(k for k, _ in searched) / n,
            "cpu_s_per_search": sum(c for _, c in searched) / n}


def _pool_map(fn: Any, jobs: list[Any], workers: int, log: str | None) -> list[dict[str, Any]]:
    """Run jobs in ``workers`` processes; each result goes to stderr (and ``log``) at once."""
    import multiprocessing

    rows: list[dict[str, Any]] = []
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for row in pool.imap_unordered(fn, jobs):
            rows.append(row)
            print(f"  {json.dumps(row)}", file=sys.stderr, flush=True)
            if log:
                with open(log, "a") as f:
                    f.write(json.dumps(row) + "\n")
    return sorted(rows, key=lambda r: int(r["game"]))


def strength(ruleset: str, games: int, scenario: str | None, cfg: dict[str, Any],
             first: int = 0, workers: int = 1, log: str | None = None) -> dict[str, Any]:
    """MCTS against the ruleset's heuristic, seats alternating; MCTS's score rate, 95% Wilson."""
    jobs = [(ruleset, scenario, cfg, i) for i in range(first, first + games)]
    rows = _pool_map(_strength_game, jobs, workers, log)
    score = sum(r["score"] for r in rows)
    rate, lo, hi = wilson(score, games)
    return {"ruleset": ruleset, "scenario": scenario, "games": games, "mcts": cfg,
            "mcts_score_rate": rate, "ci95": [lo, hi],
            "mean_s_per_mcts_move": sum(r["s_per_mcts_move"] for r in rows) / len(rows),
            "mean_iterations_per_search":
                sum(r.get("iterations_per_search", 0) for r in rows) / len(rows),
            "mean_cpu_s_per_search": sum(r.get("cpu_s_per_search", 0) for r in rows) / len(rows),
            "games_detail": rows}


def _commander_vp(bot: Policy, seed: int, dice: str) -> float:
    """Final VP of ``bot`` commanding one Antilles battle."""
    g, _ = play(voidwar.load("antilles", seed=seed, dice=dice), {"commander": bot})
    assert g.result is not None
    return float(g.result.scores["commander"])


def _antilles_game(args: tuple[dict[str, Any], int, str]) -> dict[str, Any]:
    cfg, i, dice = args
    seed = derive_seed(777, i)
    return {"game": i, "seed": seed,
            "mcts": _commander_vp(MCTSPolicy(seed=seed, **cfg), seed, dice),
            "heuristic": _commander_vp(voidwar.policies.get("heuristic", "antilles", seed),
                                       seed, dice)}


REFERENCE_ROOT = 778  # seeds of the heuristic-only reference games: never the paired games'
# Shipped scoring (6.0): a destroyed platform scores 50 + 5 per Paladin alive, and the one that
# fired the last shot is; an intact one at most 15 boxes + 7 × 5 = 50.
INTACT_AT_MOST = 50


def _antilles_reference(args: tuple[int, int, str]) -> list[float]:
    """Final VP of the heuristic commander alone on ``count`` reference seeds."""
    start, count, dice = args
    seeds = [derive_seed(REFERENCE_ROOT, i) for i in range(start, start + count)]
    return [_commander_vp(voidwar.policies.get("heuristic", "antilles", s), s, dice)
            for s in seeds]


def antilles_reference(games: int, workers: int, dice: str,
                       cache: str | None = None) -> list[float]:
    """The heuristic commander's VP on ``games`` seeds of its own (cheap: no search), kept in
    ``cache`` (JSON) and read back from it when it holds the same games."""
    import multiprocessing
    from pathlib import Path

    key = {"root": REFERENCE_ROOT, "games": games, "dice": dice}
    if cache and Path(cache).exists():
        kept = json.loads(Path(cache).read_text())
        if {k: kept.get(k) for k in key} == key:
            return [float(v) for v in kept["vps"]]
    chunk = 250
    jobs = [(i, min(chunk, games - i), dice) for i in range(0, games, chunk)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        vps = [vp for part in pool.map(_antilles_reference, jobs) for vp in part]
    if cache:
        Path(cache).write_text(json.dumps({**key, "vps": vps}))
    return vps


def read_logs(paths: list[str]) -> list[dict[str, Any]]:
    """Rows of ``--log`` files; a game index found twice must agree with itself."""
    rows: dict[int, dict[str, Any]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                row = json.loads(line)
                seen = rows.setdefault(int(row["game"]), row)
                if seen != row:
                    raise SystemExit(f"{path}: game {row['game']} differs from an earlier log")
    return [rows[k] for k in sorted(rows)]


def antilles(games: int, cfg: dict[str, Any], first: int = 0, workers: int = 1,
             log: str | None = None, dice: str = "keyed", reference: int = 0,
             from_logs: list[str] | None = None,
             reference_cache: str | None = None) -> dict[str, Any]:
    """Mean VP of MCTS and of the heuristic commander on the same seeds, 95% intervals.

    ``dice="keyed"`` (the default) gives both commanders the same roll for the same purpose
    (the platform's table rolls, each Paladin's attack at a range...), however their choices
    shift the order of rolls: a paired comparison; ``"seeded"`` pairs only by stream position.
    ``from_logs`` summarises earlier ``--log`` files instead of playing. ``reference`` plays the
    heuristic alone on that many other seeds and adds the control-variate difference
    (:func:`voidwar.sim.stats.adjusted_difference`), which uses the pairs' correlation."""
    if from_logs:
        rows = read_logs(from_logs)
        first, games = int(rows[0]["game"]), len(rows)
    else:
        jobs = [(cfg, i, dice) for i in range(first, first + games)]
        rows = _pool_map(_antilles_game, jobs, workers, log)
    out: dict[str, Any] = {"games": games, "first": first, "dice": dice, "mcts_config": cfg}
    for k in ("mcts", "heuristic"):
        m, lo, hi = mean_ci([r[k] for r in rows])
        out[k] = {"mean_vp": m, "ci95": [lo, hi]}
    a, b = [r["mcts"] for r in rows], [r["heuristic"] for r in rows]
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    m, lo, hi = mean_ci(diffs)
    out["paired_difference"] = {"mean": m, "ci95": [lo, hi]}
    out["sign_test"] = sign_test(diffs)
    out["platform_destroyed"] = {k: sum(1 for r in rows if r[k] > INTACT_AT_MOST)
                                 for k in ("mcts", "heuristic")}
    if reference:
        ref = antilles_reference(reference, workers, dice, reference_cache)
        rm, rlo, rhi = mean_ci(ref)
        out["heuristic_reference"] = {"games": reference, "mean_vp": rm, "ci95": [rlo, rhi]}
        d = adjusted_difference(a, b, ref)
        out["adjusted_difference"] = {"mean": d["mean"], "ci95": [d["low"], d["high"]],
                                      "beta": d["beta"]}
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
    ap.add_argument("--first", type=int, default=0, help="index of the first game")
    ap.add_argument("--config", help="MCTSPolicy keywords as JSON (default: mcts-h's)")
    ap.add_argument("--workers", type=int, default=1, help="games in parallel (processes)")
    ap.add_argument("--log", help="append each game's result to this JSON-lines file")
    ap.add_argument("--dice", default="keyed", choices=["keyed", "seeded"],
                    help="antilles: dice for the paired comparison (default keyed)")
    ap.add_argument("--reference", type=int, default=0,
                    help="antilles: heuristic-only games on other seeds for the control-variate "
                         "difference (e.g. 20000)")
    ap.add_argument("--reference-cache", metavar="JSON",
                    help="antilles: keep the reference games' VP here and reuse them")
    ap.add_argument("--from-log", nargs="+", metavar="LOG",
                    help="antilles: summarise these --log files instead of playing")
    a = ap.parse_args()
    cfg = mcts_config(a.seconds, a.rollout, a.prior, a.config)
    result: Any
    if a.what == "speed":
        result = speed(a.iterations)
    elif a.what == "strength":
        result = strength(a.ruleset, a.games, a.scenario, cfg, a.first, a.workers, a.log)
    elif a.what == "antilles":
        result = antilles(a.games, cfg, a.first, a.workers, a.log, a.dice, a.reference,
                          a.from_log, a.reference_cache)
    elif a.what == "openspiel":
        result = openspiel(a.games, a.iterations)
    elif a.what == "ray":
        result = ray_vs_local(a.games)
    else:
        result = {"speed": speed(5),
                  "antilles": antilles(1, mcts_config(0.05, None, None, None))}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
