"""The search's fitted estimate of an unfinished battle (values.py, docs/ai.md)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import voidwar
from voidwar.core.errors import DataFileError
from voidwar.rulesets.antilles.data import (
    FEATURES,
    VALUES_FILE,
    data_file,
    default_tables,
    load_tables,
    load_values,
    shipped_values,
    tables_fingerprint,
)
from voidwar.rulesets.antilles.game import AntillesGame
from voidwar.rulesets.antilles.policies import AntillesHeuristic
from voidwar.rulesets.antilles.search import SEARCH
from voidwar.rulesets.antilles.values import fit, predict, to_toml, values_for, values_of


def _other_tables() -> dict[str, object]:
    raw = copy.deepcopy(default_tables().raw)
    raw["scoring"]["early_bonus_per_turn"] = 4
    return raw


def _turn_start(seed: int, turn: int, **opts: object) -> AntillesGame:
    g = voidwar.load("antilles", seed=seed, **opts)
    assert isinstance(g, AntillesGame)
    h = AntillesHeuristic(seed)
    while not g.over and not (g.turn == turn and g.phase == "movement"):
        g.apply(h.choose(g))
    return g


def test_shipped_values_fit_the_shipped_tables_only() -> None:
    model = shipped_values()
    assert model.tables == tables_fingerprint(default_tables())
    assert values_for(default_tables()) is model
    other = voidwar.load("antilles", seed=1, tables=_other_tables())
    assert isinstance(other, AntillesGame)
    assert values_for(other.tables) is None
    assert SEARCH.tuning(other) == {}  # full samples: the fit says nothing of these tables
    assert SEARCH.evaluate(other) == {"commander": float(other.victory_points())}
    assert SEARCH.tuning(voidwar.load("antilles", seed=1)) == SEARCH.WITH_VALUES


def test_estimate_is_the_fitted_model_and_values_what_the_squadron_keeps() -> None:
    g = _turn_start(3, 3)
    assert not g.over
    est = SEARCH.evaluate(g)["commander"]
    assert est == pytest.approx(predict(shipped_values(), g))
    # a lost Paladin lowers the expectation; a destroyed Caster raises it
    fewer = g.clone()
    next(p for p in fewer.paladins if p.alive).alive = False
    assert SEARCH.evaluate(fewer)["commander"] < est
    more = g.clone()
    more.casters_destroyed += 1
    assert SEARCH.evaluate(more)["commander"] > est


def test_a_finished_battle_is_valued_by_its_score() -> None:
    g = _turn_start(4, 99)
    assert g.over and g.result is not None
    assert SEARCH.evaluate(g) == {"commander": g.result.scores["commander"]}


def test_fit_is_reproducible_and_round_trips_through_its_file(tmp_path: Path) -> None:
    a = fit(20, seed=5, min_rows=10)
    assert a == fit(20, seed=5, min_rows=10)
    assert a.features == list(FEATURES) and a.tables == tables_fingerprint(default_tables())
    path = tmp_path / VALUES_FILE
    path.write_text(to_toml(a), encoding="utf-8")
    assert load_values(path) == a


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        ('"casters_destroyed", ', "", "features", "must be exactly"),
        ('"1" = [', '"1" = [1.0, ', "turns", "13 weights for 12 features"),
        ('"1" = [', '"x" = [', "turns", "'x' is not a turn number"),
        ("games = 12000", 'games = "many"', "games", "integer"),
    ],
)
def test_a_malformed_values_file_is_refused_with_field_and_reason(
    tmp_path: Path, old: str, new: str, field: str, reason: str
) -> None:
    text = data_file(VALUES_FILE).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        load_values(path)
    assert str(path) in str(err.value) and field in str(err.value) and reason in str(err.value)


def test_a_users_tables_take_search_values_fitted_for_them(tmp_path: Path) -> None:
    from voidwar.core.record import replay

    raw = _other_tables()
    fitted = fit(20, seed=7, tables=load_tables(raw), min_rows=10)
    path = tmp_path / "my-values.toml"
    path.write_text(to_toml(fitted), encoding="utf-8")
    g = _turn_start(2, 2, tables=raw, search_values=str(path))
    assert g.search_values == fitted and values_of(g) == fitted
    assert SEARCH.tuning(g) == SEARCH.WITH_VALUES
    assert SEARCH.evaluate(g)["commander"] == pytest.approx(predict(fitted, g))
    again = replay(g.record())  # the record carries the values like the tables
    assert isinstance(again, AntillesGame) and again.search_values == fitted
    assert again.digest() == g.digest()
    shipped = data_file(VALUES_FILE)
    with pytest.raises(DataFileError) as err:  # the shipped values do not fit these tables
        voidwar.load("antilles", seed=1, tables=raw, search_values=str(shipped))
    assert err.value.field == "tables" and "fitted for the tables" in err.value.reason


def test_the_published_strength_log_matches_the_heuristic_of_this_code() -> None:
    """docs/ai.md quotes benchmarks/results/antilles-mcts-h-1s.jsonl; its heuristic side must
    still be what this code plays on those seeds (else the figures are stale: re-measure)."""
    import json
    from pathlib import Path

    import voidwar
    from voidwar.core.dice import derive_seed

    log = Path(__file__).parents[2] / "benchmarks" / "results" / "antilles-mcts-h-1s.jsonl"
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["game"] for r in rows] == list(range(20, 420))
    for r in rows[::40]:
        assert r["seed"] == derive_seed(777, r["game"])
        game = voidwar.load("antilles", seed=r["seed"], dice="keyed")
        commander = voidwar.policies.get("heuristic", "antilles", r["seed"])
        while not game.over:
            game.apply(commander.choose(game))
        assert game.result is not None
        assert game.result.scores["commander"] == r["heuristic"], r["game"]
