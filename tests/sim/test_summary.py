"""Streamed summaries: exact for any split of the games, compact, the same from every runner."""

from __future__ import annotations

import itertools
import json
import pickle
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from voidwar.cli.main import app
from voidwar.sim import runner as sim_runner
from voidwar.sim.runner import GameSpec, ranges, simulate, simulate_summary
from voidwar.sim.stats import mean_ci
from voidwar.sim.summary import MAX_BINS, Summary, Tally, summarize, summarize_results

cli = CliRunner()

VALUES = st.one_of(st.integers(-50, 50), st.sampled_from([0.1, 0.2, 0.3, 1e-17, 1e17, 2.5]))


def fake(k: int, score: float, extra: float) -> dict[str, Any]:
    """A result as play_one gives it (two seats, a float detail, a level now and then)."""
    return {"seed": k, "actions": 10 + k % 7, "seats": ["blue", "red"], "outcome": "win",
            "scores": {"blue": score, "red": -score}, "winner": "blue" if k % 3 else None,
            "level": "decisive" if k % 2 else None, "details": {"x": extra, "flag": True}}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(VALUES, VALUES), min_size=1, max_size=40), st.randoms())
def test_merge_gives_the_same_summary_for_any_split_and_order(
        values: list[tuple[float, float]], rnd: random.Random) -> None:
    results = [fake(k, a, b) for k, (a, b) in enumerate(values)]
    whole = summarize_results(results).to_dict()
    cuts = sorted(rnd.sample(range(1, len(results) + 1), rnd.randint(0, len(results) - 1)))
    parts = [summarize_results(results[a:b]) for a, b in zip([0, *cuts], [*cuts, len(results)],
                                                               strict=True)]
    rnd.shuffle(parts)
    merged = Summary()
    for p in parts:
        merged.merge(p)
    assert merged.to_dict() == whole
    # float sums in another order would differ in the last bits (0.1 + 0.2 + 0.3 ...)
    m, _, _ = mean_ci([float(r["details"]["x"]) for r in results])
    assert abs(whole["details"]["x"]["mean"] - m) <= 1e-9 * max(1.0, abs(m))


def test_summary_counts_rates_means_and_integer_histograms() -> None:
    results = [fake(k, k % 4, 0.5) for k in range(12)]
    s = summarize_results(results).to_dict()
    assert s["games"] == 12 and s["outcomes"]["win"]["count"] == 12
    assert s["levels"]["decisive"]["count"] == 6
    assert s["draws"] == 4  # k % 3 == 0
    assert s["winners"]["blue"]["rate"] == (8 + 0.5 * 4) / 12
    assert s["scores"]["blue"]["mean"] == 1.5
    assert s["histograms"]["scores"]["blue"] == [[0, 3], [1, 3], [2, 3], [3, 3]]
    assert s["histograms"]["level_or_outcome"] == {"decisive": 6, "win": 6}
    assert "flag" not in s["details"]  # booleans are no numbers to average
    assert json.loads(json.dumps(s)) == s


def test_a_summary_stays_small_however_many_games() -> None:
    few = summarize_results([fake(k, k % 30, 0.5) for k in range(100)])
    many = Summary()
    for k in range(20_000):
        many.add(fake(k, k % 30, 0.5))
    assert many.games == 20_000
    assert len(pickle.dumps(many)) < 2 * len(pickle.dumps(few))


def test_a_histogram_with_too_many_values_keeps_only_the_moments() -> None:
    a, b = Tally(), Tally()
    for v in range(MAX_BINS):
        a.add(v)
    b.add(-1)
    b.add(0.25)
    a.merge(b)
    assert a.bins is None and a.n == MAX_BINS + 2 and a.histogram() is None
    c = Tally()
    c.add(-1)
    c.merge(Tally(n=1, total=3, squares=9, bins=None))
    assert c.bins is None and c.mean_ci()["mean"] == 1.0


def test_streamed_summary_is_identical_for_any_worker_count_and_batch_size() -> None:
    spec = GameSpec("antilles", default_policy="random")
    one = simulate_summary(spec, 24, seed=4, workers=1).to_dict()
    seen: list[int] = []
    two = simulate_summary(spec, 24, seed=4, workers=2, batch_size=5, progress=seen.append)
    assert two.to_dict() == one
    assert sum(seen) == 24 and len(seen) == 5  # one report a batch: 5 + 5 + 5 + 5 + 4
    three = simulate_summary(spec, 24, seed=4, workers=3, batch_size=1)
    assert three.to_dict() == one
    assert summarize(simulate(spec, 24, seed=4)) == one  # the list runner's games, summarised


def test_ranges_cover_every_game_once() -> None:
    for games, workers, size in ((1, 2, None), (1000, 2, None), (10**6, 2, None), (7, 1, 3)):
        rs = list(ranges(games, workers, size))
        assert rs[0].start == 0 and rs[-1].stop == games
        assert all(a.stop == b.start for a, b in itertools.pairwise(rs))
        assert max(len(r) for r in rs) <= (size or sim_runner.STREAM_BATCH)


def test_a_worker_loads_the_ruleset_once_not_per_batch(monkeypatch: Any) -> None:
    calls: list[str] = []
    real = sim_runner.warm
    monkeypatch.setattr(sim_runner, "warm", lambda spec: (calls.append(spec.ruleset),
                                                          real(spec))[1])
    spec = GameSpec("antilles", default_policy="random")
    sim_runner._worker_start(spec)
    for start in range(0, 6, 2):
        sim_runner._worker_batch(1, start, start + 2)
    assert calls == ["antilles"]


def test_simulate_json_plot_and_report_come_from_the_streamed_summary(tmp_path: Path) -> None:
    args = ["simulate", "antilles", "--games", "12", "--policy", "random", "--seed", "2",
            "--json"]
    one = cli.invoke(app, [*args, "--workers", "1"])
    two = cli.invoke(app, [*args, "--workers", "2", "--plot", str(tmp_path / "p.png"),
                           "--report", str(tmp_path / "r.html")])
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    a = json.loads(one.stdout)
    b = json.loads(two.stdout[: two.stdout.rindex("}") + 1])
    for d in (a, b):
        d.pop("elapsed_s")
        d.pop("games_per_s")
    assert a == b and a["games"] == 12
    assert sum(c for _, c in a["histograms"]["scores"]["commander"]) == 12
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "data:image/png;base64," in (tmp_path / "r.html").read_text()
