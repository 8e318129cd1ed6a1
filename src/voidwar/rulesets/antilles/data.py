"""Loading the Antilles data files: ``data/tables.toml`` and ``data/search_values.toml``.

Each shipped file is read, validated once per process and shared read-only. A user's file of the
same shape (``--tables FILE``, the option ``search_values``) or already-parsed data (a record's)
is validated the same way; a bad one is refused with file, field and reason.

``search_values.toml`` holds the searching commander's values (our reading, docs/ai.md: how they
are used is :mod:`.values`); this module only reads and validates them, and refuses a fit made
for other tables than the game's.

The caches are pure functions of the data files (core/memo.py): two threads that read them at
once each get an equal value; what they return is read-only.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, field_validator

from ...core.board import SidesFile, read_sides
from ...core.datafile import StrictModel, package_file, read_toml, validate
from ...core.errors import DataFileError
from ...core.game import canonical_json
from .fixed import FIXED_FIELDS
from .tables import PATH_STEPS, Tables, TablesModel, parse_caster_entry

PACKAGE = __package__ or "voidwar.rulesets.antilles"
TABLES_FILE = "tables.toml"
VALUES_FILE = "search_values.toml"
#: the search values' features, in the order of each turn's weights (:mod:`.values`)
FEATURES = ("1", "alive", "shield_hits", "armor_hits", "casters_destroyed", "bolts", "alive^2",
            "alive*casters", "alive*hits", "casters^2", "hits^2", "casters*hits")


def data_file(name: str) -> Path:
    """The shipped data file ``data/<name>``."""
    return package_file(PACKAGE, f"data/{name}")


# -- tables -------------------------------------------------------------------------------------
def tables_from_data(data: dict[str, Any], source: str) -> Tables:
    """Validate parsed table data (``source`` names it in refusals) into ready tables."""
    model = validate(TablesModel, data, source)
    caster = tuple(parse_caster_entry(r) for r in model.caster_table)
    paths = tuple(tuple(PATH_STEPS[c] for c in p.upper()) for p in model.paths)
    key = hashlib.sha256(canonical_json(data).encode()).hexdigest()
    return Tables(source, data, model, caster, paths, key)


@lru_cache(maxsize=1)
def default_tables() -> Tables:
    """The shipped reconstruction (read once)."""
    path = data_file(TABLES_FILE)
    return tables_from_data(read_toml(path), str(path))


def load_tables(spec: str | Path | dict[str, Any] | None = None) -> Tables:
    """The shipped tables (``None``), a user's TOML file (a path), or already-parsed data."""
    if spec is None:
        return default_tables()
    if isinstance(spec, dict):
        return tables_from_data(spec, "(record tables)")
    return tables_from_data(read_toml(spec), str(spec))


def tables_fingerprint(tables: Tables) -> str:
    """Names a set of tables by content (search values are only valid for the tables they
    were fitted with). The text-fixed fields a file may repeat (:mod:`.fixed`) and the
    ``name`` do not count: they change nothing in the game."""
    raw = {k: dict(v) if isinstance(v, dict) else v for k, v in tables.raw.items() if k != "name"}
    for path in FIXED_FIELDS:
        section, key = path.split(".")
        if isinstance(raw.get(section), dict):
            raw[section].pop(key, None)
    return hashlib.sha256(canonical_json(raw).encode()).hexdigest()[:16]


def is_shipped(tables: Tables) -> bool:
    """Whether ``tables`` play as the shipped reconstruction (the file itself, a copy of it, or
    a record's)."""
    return tables is default_tables() or tables_fingerprint(tables) == _shipped_fingerprint()


@lru_cache(maxsize=1)
def _shipped_fingerprint() -> str:
    return tables_fingerprint(default_tables())


# -- search values ------------------------------------------------------------------------------
#: a fitted weight (expected victory points per feature): finite, of a sane size
Weight = Annotated[float, Field(ge=-1e6, le=1e6, allow_inf_nan=False)]


class ValueModel(StrictModel):
    """``search_values.toml``: the fingerprint of the tables fitted, how, and per turn the
    weights of :data:`FEATURES`."""

    tables: str
    games: int = Field(ge=1, le=10**9)
    seed: int = Field(default=0, ge=0, le=2**32)
    features: list[str]
    turns: dict[str, list[Weight]]

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


def load_values(path: str | Path) -> ValueModel:
    """A search values file, validated."""
    return validate(ValueModel, read_toml(path), str(path))


@lru_cache(maxsize=1)
def shipped_values() -> ValueModel:
    """The shipped fit (read once), made for the shipped tables."""
    return load_values(data_file(VALUES_FILE))


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


# -- the sides on the board ----------------------------------------------------------------------
@lru_cache(maxsize=1)
def sides() -> SidesFile:
    """The seats' names and fixed colours on the board (``data/sides.toml``)."""
    return read_sides(data_file("sides.toml"))
