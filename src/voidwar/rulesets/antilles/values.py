"""The search's estimate of an unfinished Antilles battle (our reading; docs/ai.md).

The rules score only a finished battle (6.0). A search that cuts its samples off at the start of
the next turn needs the final VP to expect from there. Ours: the final VP of the heuristic
commander from the start of a turn (after the platform's step), fitted by least squares on
thousands of its games, one linear model per turn on :data:`FEATURES` — Paladins alive, the hits
on each layer, Bolts in play and their products.

``search_values.toml`` ships the fit for the shipped tables and names them by fingerprint, so it is
never applied to other tables (the search then plays its samples out to the end, as before).
``python -m voidwar.rulesets.antilles.values --games 12000 --out FILE`` refits it; ``--tables``
fits a user's tables, and the game option ``search_values`` (a file fitted for the game's
tables) puts such a fit to use.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import weakref
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import field_validator

from ...core.datafile import StrictModel, package_file, read_toml, validate
from ...core.errors import DataFileError
from ...core.game import canonical_json
from .tables import Tables, default_tables, load_tables

if TYPE_CHECKING:
    from .game import AntillesGame

VALUES_FILE = "search_values.toml"
FEATURES = ("1", "alive", "shield_hits", "armor_hits", "casters_destroyed", "bolts", "alive^2",
            "alive*casters", "alive*hits", "casters^2", "hits^2", "casters*hits")


def tables_fingerprint(tables: Tables) -> str:
    """Names a set of tables by content (the values below are only valid for the tables they
    were fitted with)."""
    return hashlib.sha256(canonical_json(tables.raw).encode()).hexdigest()[:16]


def features(game: AntillesGame) -> list[float]:
    """:data:`FEATURES` of a position, in order ("hits": Shield and Armor hits together)."""
    a = float(len(game.living()))
    sh, ar, ca = float(game.shield_hits), float(game.armor_hits), float(game.casters_destroyed)
    h = sh + ar
    return [1.0, a, sh, ar, ca, float(len(game.bolts)), a * a, a * ca, a * h, ca * ca, h * h,
            ca * h]


class ValueModel(StrictModel):
    """``search_values.toml``: per turn, the weights of :data:`FEATURES`."""

    tables: str
    games: int
    seed: int = 0
    features: list[str]
    turns: dict[str, list[float]]

    @field_validator("features")
    @classmethod
    def _known_features(cls, names: list[str]) -> list[str]:
        if tuple(names) != FEATURES:
            raise ValueError(f"must be exactly {list(FEATURES)}")
        return names

    @field_validator("turns")
    @classmethod
    def _turns(cls, turns: dict[str, list[float]]) -> dict[str, list[float]]:
        for key, weights in turns.items():
            if not key.isdigit() or int(key) < 1:
                raise ValueError(f"{key!r} is not a turn number")
            if len(weights) != len(FEATURES):
                raise ValueError(f"turn {key}: {len(weights)} weights for {len(FEATURES)} "
                                 "features")
        if "1" not in turns:
            raise ValueError("a model for turn 1 is required")
        return turns

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> ValueModel:
        # read-only once loaded: game copies (search clones, undo snapshots) share it
        return self

    def predict(self, game: AntillesGame) -> float:
        """Expected final VP from this position (the model of the latest turn fitted at most
        ``game.turn``)."""
        turn = max((int(k) for k in self.turns if int(k) <= max(game.turn, 1)), default=1)
        weights = self.turns[str(turn)]
        return sum(w * x for w, x in zip(weights, features(game), strict=True))


def load_values(path: str | Path) -> ValueModel:
    return validate(ValueModel, read_toml(path), str(path))


def load_values_option(spec: str | Path | dict[str, Any], tables: Tables) -> ValueModel:
    """The ``search_values`` option: a file or parsed data, refused unless fitted for
    ``tables``."""
    if isinstance(spec, dict):
        source = "(search values data)"
        model = validate(ValueModel, spec, source)
    else:
        source, model = str(spec), load_values(spec)
    want = tables_fingerprint(tables)
    if model.tables != want:
        raise DataFileError(source, "tables", f"fitted for the tables {model.tables}, but "
                            f"this game's tables are {want}")
    return model


@lru_cache(maxsize=1)
def shipped_values() -> ValueModel:
    path = package_file(__package__ or "voidwar.rulesets.antilles", VALUES_FILE)
    return load_values(path)


_FOR: weakref.WeakKeyDictionary[Tables, ValueModel | None] = weakref.WeakKeyDictionary()


def values_for(tables: Tables) -> ValueModel | None:
    """The shipped values if they were fitted for these tables, else ``None``."""
    if tables not in _FOR:
        model = shipped_values()
        _FOR[tables] = model if model.tables == tables_fingerprint(tables) else None
    return _FOR[tables]


# -- fitting --------------------------------------------------------------------------------
def _game_rows(args: tuple[int, dict[str, Any] | None]) -> list[tuple[int, list[float], float]]:
    """(turn, features, final VP) at the start of each turn of one heuristic game."""
    from ...core.registry import load
    from .game import AntillesGame
    from .policies import AntillesHeuristic

    seed, raw = args
    options: dict[str, Any] = {"tables": raw} if raw else {}
    game = load("antilles", None, seed, None, "inline", **options)
    assert isinstance(game, AntillesGame)
    commander = AntillesHeuristic(seed)
    rows: list[tuple[int, list[float]]] = []
    last = 0
    while not game.over:
        if game.phase == "movement" and game.turn != last:
            rows.append((game.turn, features(game)))
            last = game.turn
        game.apply(commander.choose(game))
    assert game.result is not None
    vp = float(game.result.scores[AntillesGame.SEAT])
    return [(t, x, vp) for t, x in rows]


def fit(games: int, seed: int = 0, workers: int = 1, tables: Tables | None = None,
        min_rows: int = 200) -> ValueModel:
    """Least-squares weights per turn on ``games`` heuristic games (seeds ``seed…``). From the
    first turn with fewer than ``min_rows`` samples on, the last fitted turn's model is used."""
    import numpy as np

    tables = tables or default_tables()
    raw = None if tables is default_tables() else tables.raw
    jobs = [(seed + i, raw) for i in range(games)]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            per_game = pool.map(_game_rows, jobs, chunksize=50)
    else:
        per_game = [_game_rows(j) for j in jobs]
    by_turn: dict[int, list[tuple[list[float], float]]] = {}
    for rows in per_game:
        for t, x, vp in rows:
            by_turn.setdefault(t, []).append((x, vp))
    turns: dict[str, list[float]] = {}
    for t in sorted(by_turn):
        if len(by_turn[t]) < min_rows:  # too few to fit: this and later turns use the last model
            break
        xs = np.array([r[0] for r in by_turn[t]])
        ys = np.array([r[1] for r in by_turn[t]])
        w, *_ = np.linalg.lstsq(xs, ys, rcond=None)
        turns[str(t)] = [round(float(v), 5) for v in w]
    return ValueModel(tables=tables_fingerprint(tables), games=games, seed=seed,
                      features=list(FEATURES), turns=turns)


def to_toml(model: ValueModel) -> str:
    lines = [
        "# Antilles search values: expected final VP of the heuristic commander from the start",
        "# of a turn, one least-squares fit per turn (OUR READING, not the rules; docs/ai.md).",
        "# Written by: python -m voidwar.rulesets.antilles.values "
        f"--games {model.games} --seed {model.seed}",
        f'tables = "{model.tables}"  # fingerprint of the tables these values were fitted with',
        f"games = {model.games}",
        f"seed = {model.seed}",
        "features = [" + ", ".join(f'"{f}"' for f in model.features) + "]",
        "",
        "[turns]",
    ]
    for key in sorted(model.turns, key=int):
        lines.append(f'"{key}" = [' + ", ".join(repr(v) for v in model.turns[key]) + "]")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m voidwar.rulesets.antilles.values",
                                 description="Fit the Antilles search values.")
    ap.add_argument("--games", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tables", help="a tables TOML file (default: the shipped tables)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    model = fit(a.games, a.seed, a.workers, load_tables(a.tables) if a.tables else None)
    Path(a.out).write_text(to_toml(model), encoding="utf-8")


if __name__ == "__main__":
    main()
