"""Loading Attack Vector's data files: one place, each shipped file parsed and validated once.

Shipped files live in ``data/`` beside this module: ``thrust_chart.toml`` (the reconstructed
thrust chart, AV:T A5.241–A5.274), ``movement_grid.toml`` (the movement grid's remainder table,
AV:T A2.1, reconstructed), ``ships/*.toml`` (ship classes, A2.4), ``scenarios/*.toml`` and
``systems/*.toml`` (the Rafik's systems, the MRLS damage table A2.2 and our "Dn" results). Each is
read once per process and cached; what is returned is shared read-only (the models are frozen and
a game copies what it changes). A user's own file (a path) is read when asked for.

The caches are pure functions of file names (core/memo.py): two threads that read a file at
once each get an equal model.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from voidwar.core.board import SidesFile, read_sides
from voidwar.core.datafile import load_model, read_toml, validate
from voidwar.core.errors import DataFileError, UnknownName

from .grid_file import GridFile, grid_of, grid_toml
from .movement_grid import MovementGrid
from .scenario import Scenario
from .ships import ShipClass
from .systems.model import SystemsModel
from .systems.weapons import DResultsModel, WeaponRules, WeaponTablesModel
from .thrust import ChartFile, ThrustChart, chart_toml

DATA_DIR = Path(__file__).parent / "data"
CHART_FILE = DATA_DIR / "thrust_chart.toml"
GRID_FILE = DATA_DIR / "movement_grid.toml"
SHIP_DIR = DATA_DIR / "ships"
SCENARIO_DIR = DATA_DIR / "scenarios"
SYSTEMS_DIR = DATA_DIR / "systems"
SYSTEMS_FILE = SYSTEMS_DIR / "rafik-mk1-systems.toml"
WEAPON_TABLES_FILE = SYSTEMS_DIR / "weapon-tables.toml"
D_RESULTS_FILE = SYSTEMS_DIR / "d-results.toml"


def _is_path(name: str) -> bool:
    return name.endswith(".toml") or "/" in name


# -- the thrust chart ----------------------------------------------------------------------------
@cache
def thrust_chart() -> ThrustChart:
    """The shipped thrust chart (AV:T A5.241–A5.274, reconstructed; spec §7.3–7.7)."""
    return ThrustChart(load_model(ChartFile, CHART_FILE), str(CHART_FILE))


def load_chart(path: str | Path | None = None) -> ThrustChart:
    """The shipped chart, or a user's chart file."""
    if path is None:
        return thrust_chart()
    return ThrustChart(load_model(ChartFile, path), str(path))


def write_thrust_chart(path: str = "") -> None:
    """Developer command: rewrite the chart file from the formulas (default: the shipped
    ``data/thrust_chart.toml``); review the diff before committing it."""
    target = Path(path) if path else CHART_FILE
    target.write_text(chart_toml(), encoding="utf-8")
    print(f"wrote {target}")


# -- the movement grid's remainder table --------------------------------------------------------
@cache
def movement_grid() -> MovementGrid:
    """The shipped remainder table (AV:T A2.1; our reconstruction, :mod:`.movement_grid`)."""
    return grid_of(load_model(GridFile, GRID_FILE), str(GRID_FILE))


def load_movement_grid(grid: str | Path | dict[str, Any] | None = None) -> MovementGrid:
    """The shipped table, a player's own file (a path: the printed card typed in), or a file's
    contents (a record's or a client's inline data); a bad table is refused with file, field and
    reason (:class:`~voidwar.core.errors.DataFileError`)."""
    if grid is None:
        return movement_grid()
    if isinstance(grid, dict):
        name = "(movement_grid data)"
        return grid_of(validate(GridFile, grid, name), name)
    return grid_of(load_model(GridFile, grid), str(grid))


def write_movement_grid(path: str = "") -> None:
    """Developer command: rewrite the remainder table file from our reconstruction (default: the
    shipped ``data/movement_grid.toml``); review the diff before committing it."""
    target = Path(path) if path else GRID_FILE
    target.write_text(grid_toml(), encoding="utf-8")
    print(f"wrote {target}")


# -- ship classes --------------------------------------------------------------------------------
@cache
def _ship_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in SHIP_DIR.glob("*.toml")))


def ship_names() -> list[str]:
    """The shipped ship classes (``rafik_mk1``)."""
    return list(_ship_names())


@cache
def _shipped_class(name: str) -> ShipClass:
    p = SHIP_DIR / f"{name}.toml"
    if name not in _ship_names():
        raise DataFileError(name, "(file)",
                            f"no such ship class (known: {', '.join(ship_names())})")
    return load_model(ShipClass, p)


def load_ship_class(spec: str | Path | dict[str, Any]) -> ShipClass:
    """A shipped class by name (``"rafik_mk1"``), a user's ship file's contents (what a
    scenario and its record embed) or a path to a user's ship file (A2.4)."""
    if isinstance(spec, dict):
        return validate(ShipClass, spec, "(ship data)")
    s = str(spec)
    if _is_path(s):
        return load_model(ShipClass, s)
    return _shipped_class(s)


def ship_classes(sc: Scenario, file: str) -> dict[str, ShipClass]:
    """Every ship's class in scenario ``sc`` (read from ``file``), by ship id."""
    out = {}
    for s in sc.ships:
        try:
            out[s.id] = load_ship_class(s.ship)
        except DataFileError:
            raise
        except Exception as e:  # pragma: no cover - defensive
            raise DataFileError(file, f"ships.{s.id}.ship", str(e)) from None
    return out


# -- scenarios -----------------------------------------------------------------------------------
@cache
def _scenarios() -> dict[str, Scenario]:
    return {p.stem: load_model(Scenario, p) for p in sorted(SCENARIO_DIR.glob("*.toml"))}


def scenario_names() -> dict[str, str]:
    """The shipped scenarios: name → title."""
    return {name: sc.title for name, sc in _scenarios().items()}


def is_scenario_path(name: str) -> bool:
    """Whether a scenario argument names a user's file (not a shipped scenario)."""
    return name.endswith(".toml")


def read_scenario_file(path: str) -> dict[str, Any]:
    """A user's scenario file's contents (bounded in size and depth: :func:`read_toml`)."""
    return read_toml(path)


def scenario_from_data(data: Any, file: str) -> Scenario:
    """A scenario from its contents (a record's inline data, or a user's file with its ship
    files embedded: :func:`embed_ship_files`). Its ships are shipped classes by name or ship
    data, never a file's name: a record carries no files."""
    sc = validate(Scenario, data, file)
    for i, s in enumerate(sc.ships):
        if isinstance(s.ship, str) and _is_path(s.ship):
            raise DataFileError(file, f"ships.{i}.ship", f"{s.ship[:64]!r}: inline scenario "
                                "data gives a ship class by name "
                                f"({', '.join(ship_names())}) or as its data, never a file")
    return sc


def embed_ship_files(data: dict[str, Any]) -> dict[str, Any]:
    """A user's scenario file's contents with each ship file it names read in as data (A2.4:
    ships of one's own design), so that the game's record replays without the files."""
    ships = data.get("ships")
    if not isinstance(ships, list):
        return data
    embedded = []
    for s in ships:
        ship = s.get("ship") if isinstance(s, dict) else None
        if isinstance(ship, str) and _is_path(ship):
            s = {**s, "ship": read_toml(ship)}
        embedded.append(s)
    return {**data, "ships": embedded}


def load_scenario(name_or_path: str) -> Scenario:
    """A shipped scenario by name or a user's scenario file (a path ending in ``.toml``)."""
    if name_or_path.endswith(".toml"):
        return load_model(Scenario, name_or_path)
    sc = _scenarios().get(name_or_path)
    if sc is None:
        raise UnknownName(
            f"unknown Attack Vector scenario {name_or_path!r} "
            f"(known: {', '.join(scenario_names())})"
        )
    return sc


# -- ship systems (part 2) -----------------------------------------------------------------------
def _read_systems(path: str) -> tuple[SystemsModel, str]:
    data = read_toml(path)
    if "systems" in data and isinstance(data["systems"], dict):
        data = data["systems"]
    return validate(SystemsModel, data, path), path


#: a systems file named by a ship class, read once (shipped files and users' alike)
_systems_file = lru_cache(maxsize=32)(_read_systems)


def load_systems(path: str | Path | None = None) -> tuple[SystemsModel, str]:
    """A systems file (top level = the ``[systems]`` table); default: the Rafik Mk. 1 (read
    once); a user's file is read when asked for."""
    if path is None:
        return _systems_file(str(SYSTEMS_FILE))
    return _read_systems(str(path))


def systems_model(cls: ShipClass, ship_file: str = "(ship file)") -> SystemsModel | None:
    """The ship class's ``[systems]`` table: inline, or ``file = "NAME.toml"`` naming a shipped
    systems file (or a path)."""
    table = cls.systems
    if table is None:
        return None
    if set(table) == {"file"}:
        name = str(table["file"])
        p = Path(name)
        if not p.is_absolute() and not p.exists():
            p = SYSTEMS_DIR / name
        if not p.exists():
            raise DataFileError(ship_file, "systems.file", f"no such systems file {name!r}")
        return _systems_file(str(p))[0]
    return validate(SystemsModel, table, ship_file)


def load_weapon_rules(
    tables: str | dict[str, Any] | None = None, d_results: str | dict[str, Any] | None = None
) -> WeaponRules:
    """The shipped damage tables (A2.2) and "Dn" meanings, or a user's own (a path, or data
    already read — records embed the data so that a game replays on any machine)."""
    if not isinstance(tables, dict) and not isinstance(d_results, dict):
        return _weapon_files(tables, d_results)
    if isinstance(tables, dict):
        tmodel = validate(WeaponTablesModel, tables, "(weapon_tables data)")
    else:
        tmodel = load_model(WeaponTablesModel, Path(tables) if tables else WEAPON_TABLES_FILE)
    if isinstance(d_results, dict):
        dmodel, dname = validate(DResultsModel, d_results, "(d_results data)"), "(d_results data)"
    else:
        dpath = Path(d_results) if d_results else D_RESULTS_FILE
        dmodel, dname = load_model(DResultsModel, dpath), str(dpath)
    return WeaponRules(tmodel, dmodel, dname)


@lru_cache(maxsize=16)
def _weapon_files(tables: str | None, d_results: str | None) -> WeaponRules:
    tpath = Path(tables) if tables else WEAPON_TABLES_FILE
    dpath = Path(d_results) if d_results else D_RESULTS_FILE
    return WeaponRules(
        load_model(WeaponTablesModel, tpath), load_model(DResultsModel, dpath), str(dpath)
    )


__all__ = ["DATA_DIR", "load_chart", "load_movement_grid", "load_scenario", "load_ship_class",
           "load_systems", "load_weapon_rules", "movement_grid", "scenario_names", "ship_classes",
           "ship_names", "systems_model", "thrust_chart", "write_movement_grid",
           "write_thrust_chart"]


# -- the sides on the board ----------------------------------------------------------------------
@cache
def sides() -> SidesFile:
    """The seats' names and fixed colours on the board (``data/sides.toml``)."""
    return read_sides(DATA_DIR / "sides.toml")
