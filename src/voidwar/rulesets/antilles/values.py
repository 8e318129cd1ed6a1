"""The search's estimate of an unfinished Antilles battle (our reading; docs/ai.md).

The rules score only a finished battle (6.0). A search that cuts its samples off at the start of
the next turn needs the final VP to expect from there. Ours: the final VP of the heuristic
commander from the start of a turn (after the platform's step), fitted by least squares on
thousands of its games, one linear model per turn on :data:`~.data.FEATURES` — Paladins alive,
the hits on each layer, Bolts in play and their products.

``data/search_values.toml`` ships the fit for the shipped tables and names them by fingerprint,
so it is never applied to other tables (the search then plays its samples out to the end).
``voidwar dev antilles fit-values --games 12000 --out FILE`` refits it (:func:`fit_values`);
``--tables`` fits a user's tables, and the game option ``search_values`` (a file fitted for the
game's tables) puts such a fit to use. Loading and validation live in :mod:`.data`.
"""

from __future__ import annotations

import multiprocessing
import weakref
from pathlib import Path
from typing import Any

import tomli_w

from ...core.registry import load
from .data import (
    FEATURES,
    VALUES_FILE,
    ValueModel,
    default_tables,
    load_tables,
    shipped_values,
    tables_fingerprint,
)
from .game import AntillesGame
from .policies import AntillesHeuristic
from .state import Phase
from .tables import Tables


def features(game: AntillesGame) -> list[float]:
    """:data:`~.data.FEATURES` of a position, in order ("hits": Shield and Armor hits
    together)."""
    a = float(len(game.living()))
    sh, ar, ca = float(game.shield_hits), float(game.armor_hits), float(game.casters_destroyed)
    h = sh + ar
    return [1.0, a, sh, ar, ca, float(len(game.bolts)), a * a, a * ca, a * h, ca * ca, h * h,
            ca * h]


def predict(model: ValueModel, game: AntillesGame) -> float:
    """Expected final VP from this position: the model of the latest turn fitted at most
    ``game.turn``."""
    turn = max((int(k) for k in model.turns if int(k) <= max(game.turn, 1)), default=1)
    weights = model.turns[str(turn)]
    return sum(w * x for w, x in zip(weights, features(game), strict=True))


#: tables → :func:`values_for` (weakly: forgotten with the tables); each entry stored in one
#: step and read in one (core/memo.py)
_FOR: weakref.WeakKeyDictionary[Tables, ValueModel | None] = weakref.WeakKeyDictionary()


def values_for(tables: Tables) -> ValueModel | None:
    """The shipped values if they were fitted for these tables, else ``None`` (cached per
    tables)."""
    try:
        return _FOR[tables]
    except KeyError:
        pass
    model = shipped_values()
    found = model if model.tables == tables_fingerprint(tables) else None
    _FOR[tables] = found
    return found


def values_of(game: AntillesGame) -> ValueModel | None:
    """The values a search uses for ``game``: those it was given (the option ``search_values``,
    checked against its tables when the game was made), else the shipped ones if they fit."""
    return game.search_values or values_for(game.tables)


# -- fitting ------------------------------------------------------------------------------------
def _game_rows(args: tuple[int, dict[str, Any] | None]) -> list[tuple[int, list[float], float]]:
    """(turn, features, final VP) at the start of each turn of one heuristic game."""
    seed, raw = args
    options: dict[str, Any] = {"tables": raw} if raw else {}
    game = load("antilles", None, seed, None, "inline", **options)
    assert isinstance(game, AntillesGame)
    commander = AntillesHeuristic(seed)
    rows: list[tuple[int, list[float]]] = []
    last = 0
    while not game.over:
        if game.phase == Phase.MOVEMENT and game.turn != last:
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
    import numpy as np  # only fitting needs numpy: play and search never load it

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
    """The text of a search values file (what :func:`.data.load_values` reads back)."""
    header = (
        "# Antilles search values: expected final VP of the heuristic commander from the start\n"
        "# of a turn, one least-squares fit per turn (OUR READING, not the rules; docs/ai.md).\n"
        f"# Written by: voidwar dev antilles fit-values --games {model.games} "
        f"--seed {model.seed}\n"
        "# tables: the fingerprint of the tables these values were fitted with\n"
    )
    data = model.model_dump()
    data["turns"] = {k: data["turns"][k] for k in sorted(data["turns"], key=int)}
    return header + tomli_w.dumps(data)


def fit_values(*, out: Path = Path(VALUES_FILE), games: int = 12000, seed: int = 100000,
               workers: int = 2, tables: Path | None = None) -> None:
    """Fit the Antilles search values on GAMES heuristic games (seeds from SEED, on WORKERS
    processes) and write them to OUT; TABLES fits a tables file instead of the shipped tables.
    The shipped fit: 12,000 games, 4 minutes on two cores."""
    model = fit(games, seed, workers, load_tables(tables) if tables else None)
    Path(out).write_text(to_toml(model), encoding="utf-8")
