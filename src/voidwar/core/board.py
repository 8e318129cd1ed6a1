"""The board a page draws: one typed model for every ruleset.

Each ruleset's ``board_view(game, seat)`` builds a :class:`BoardView` from the same state as
``view(seat)`` (``visible(game, seat)`` below) and nothing else but public fixed data (the map,
terrain, profiles), so the board never shows what the view hides. A page draws only this: map
geometry, fixed side colours and names, pieces with their status and counters, terrain, markers,
panels, a prompt sentence and the seat's legal actions grouped by the piece that makes them, each
with the board element a click on which chooses it (a piece, a hex, a point).

Hex maps are flat-topped (``hexgrid.pixel``: unit size, y down); a table is in inches with y up
(origin at the lower left), so a page flips it. Angles (a facing, an arc) are degrees clockwise
from the top of the map.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .chance import CHANCE, ChanceNeeded, ExplicitChanceGame
from .datafile import StrictModel, load_model
from .game import Action, Event, Game
from .hexgrid import Hex, pixel
from .widgets import Overlay, Position, Widget

Status = Literal["active", "done", "damaged", "crippled", "destroyed", "surrendered", "off-map",
                 "unplaced", "fled"]
#: statuses of pieces out of play: drawn wrecked, in the casualty tray and counted
OUT_OF_PLAY: frozenset[str] = frozenset({"destroyed", "surrendered", "off-map", "fled"})


class _Model(BaseModel):
    # every field is in the JSON a page reads (defaults included): its schema says so, and the
    # page's generated types with it (scripts/board-types)
    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


class Side(_Model):
    """A side (seat) with its fixed name and colour (from the ruleset's data)."""

    id: str
    name: str
    colour: str


class SideData(StrictModel):
    """A side's entry in a ruleset's ``data/sides.toml``: its name on the board (empty: the
    ruleset names it from other data) and its fixed colour."""

    name: str = ""
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")


class SidesFile(StrictModel):
    """``data/sides.toml``: ``[sides.<seat>]`` entries, and ``spare`` colours (in order) for
    seats a scenario names that the file does not."""

    sides: dict[str, SideData]
    spare: list[Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]] = Field(
        default_factory=list)


def read_sides(path: str | Path) -> SidesFile:
    """A ruleset's side entries (called once, by its ``data.py``)."""
    return load_model(SidesFile, path)


def sides_for(data: SidesFile, seats: Iterable[str],
              names: Callable[[str], str] | None = None) -> list[Side]:
    """The board's sides for ``seats``: each its entry's name and colour; a seat the file does
    not list gets the next spare colour and its own name capitalised."""
    out, spare = [], 0
    for seat in seats:
        entry = data.sides.get(seat)
        if entry is None:
            colour = data.spare[spare % len(data.spare)] if data.spare else "#999999"
            spare += 1
            entry = SideData(name="", colour=colour)
        name = entry.name or (names(seat) if names else seat.capitalize())
        out.append(Side(id=seat, name=name, colour=entry.colour))
    return out


def log_of(game: Game) -> list[Event]:
    """The events of ``game`` so far (of the rules a real-dice wrapper holds)."""
    inner = game.inner if isinstance(game, ExplicitChanceGame) else game
    return list(inner.log)


class Cell(_Model):
    """One hex of a hex map: ``key`` is what actions name it by, ``label`` its printed name."""

    key: str
    label: str
    q: int
    r: int
    x: float
    y: float


class Ring(_Model):
    """A circle around a piece (a move or weapon range on a table), radius in map units.

    ``arc``: only the sector from the first angle clockwise to the second is drawn (a rear
    arc). ``outline``: where the reach is no circle (terrain that slows or speeds movement), the
    polygon the rules' own cost function gives, in map units; the page draws it instead."""

    radius: float
    label: str
    kind: Literal["move", "range", "melee", "band", "blind"] = "range"
    arc: tuple[float, float] | None = None
    outline: list[tuple[float, float]] = Field(default_factory=list)


class BoardMap(_Model):
    """The geometry: a hex map (cells) or a table of ``width`` × ``height`` inches."""

    kind: Literal["hex", "table"]
    cells: list[Cell] = Field(default_factory=list)
    width: float = 0
    height: float = 0
    #: the unit a range tool measures in; ``scale``: map units (inches) per one of them
    unit: Literal["hex", "inch", "unit"] = "hex"
    scale: float = 1
    #: labels of the edges (``{"top": "Robots' edge"}``)
    edges: dict[str, str] = Field(default_factory=dict)


class Counter(_Model):
    """A value shown on or beside a counter: ``shields 1/2``."""

    name: str
    value: str
    max: str | None = None
    #: drawn on the counter itself (the few that must be read at a glance)
    on_counter: bool = False
    tone: Literal["info", "ok", "warn", "bad"] = "info"


class Sight(_Model):
    """Another piece as the rules measure it from this one, for the page's range tool:
    ``range`` in the map's unit (hexes; on a table inches or units, ``BoardMap.unit``),
    ``blocked_by`` the terrain (its ``Terrain.id``) that blocks the line of sight (``None``: a
    clear line, or no terrain that blocks sight), ``note`` the rules' word on a shot along it (a
    band, a rear arc, why it may not be fired), empty where they say nothing more."""

    target: str
    range: float
    blocked_by: str | None = None
    note: str = ""


class Piece(_Model):
    """A piece on the board (or off it): id, side, status, position and its counters."""

    id: str
    side: str
    label: str
    kind: str = ""
    status: Status = "active"
    position: Position | None = None
    #: degrees clockwise from the top of the map
    facing: float | None = None
    altitude: int | None = None
    #: radius in map units (a hex counter is about 0.55)
    size: float = 0.55
    counters: list[Counter] = Field(default_factory=list)
    #: what it has done this turn (``moved``, ``fired``, ``acted``)
    flags: list[str] = Field(default_factory=list)
    #: the whole profile for the selected-piece panel
    profile: list[Counter] = Field(default_factory=list)
    rings: list[Ring] = Field(default_factory=list)
    #: drawn larger, as a landmark (the Antilles platform)
    landmark: bool = False
    #: the pieces of the other sides in play as the rules measure them from this one
    sights: list[Sight] = Field(default_factory=list)
    #: on a hex map, the range in hexes from this piece to each of ``map.cells``, in their order
    ranges: list[int] = Field(default_factory=list)


class SlopeView(_Model):
    """A hill's slope: ``rise`` the direction its ground rises (a unit vector, y up), ``up`` and
    ``down`` the movement multipliers going up and down it (``move`` of the feature: across),
    ``text`` how the rules describe it (``rising north``)."""

    rise: tuple[float, float]
    up: str
    down: str
    text: str


class Terrain(_Model):
    """A terrain feature, drawn by kind: a rectangle or circle (inches) or a set of hexes."""

    id: str
    kind: str
    name: str
    shape: Literal["rect", "circle", "hexes"]
    coords: list[float] = Field(default_factory=list)  # x0,y0,x1,y1 | cx,cy,r
    hexes: list[str] = Field(default_factory=list)
    blocks_los: bool = False
    impassable: bool = False
    move: str = "1"
    slope: SlopeView | None = None


class Marker(_Model):
    """Something drawn that is not a piece: a mine pattern, a target point, a pending roll."""

    kind: str
    label: str
    position: Position
    side: str | None = None
    #: drawn as a circle of this radius in map units (a mine pattern on a table)
    radius: float | None = None


class Panel(_Model):
    """A block of facts beside the map (turn, phase, platform boxes) in the rules' terms."""

    title: str
    rows: list[tuple[str, str]] = Field(default_factory=list)


class BoardAction(_Model):
    """A legal action and where a click chooses it.

    ``actor`` is the piece that acts (``None``: an action of the seat, shown in the prompt);
    ``target`` a piece, ``hex`` a cell key, ``point`` a table point a click there chooses;
    with none of the three it is a choice in the small picker at the actor, under ``group``.
    """

    text: str
    kind: str
    actor: str | None = None
    target: str | None = None
    hex: str | None = None
    point: tuple[float, float] | None = None
    label: str = ""
    group: str = ""
    #: shown before the action is sent (a shot's range, to-hit and damage): the page always
    #: asks, even for a single choice
    confirm: str = ""
    #: a keyboard key that chooses it (``d`` for done)
    key: str = ""


class FreeMove(_Model):
    """A move a click anywhere within reach makes (the rules check it; a refusal names the rule).

    ``point``: to any point; the page writes ``template`` with ``{point}`` replaced by the
    clicked ``x,y``; ``reach`` in map units. ``ahead``: straight ahead along ``heading`` from the
    piece; a click on that path writes ``{distance}``, the clicked distance in units of ``scale``
    map units, to ``step``, at most ``reach`` (in those units)."""

    actor: str
    template: str
    reach: float
    mode: Literal["point", "ahead"] = "point"
    heading: float | None = None
    scale: float = 1
    step: float = 0.01


class LastAction(_Model):
    """The last action the seat may see, and what it did (highlighted on the board)."""

    text: str
    seat: str | None = None
    actor: str | None = None
    target: str | None = None
    hex: str | None = None
    point: tuple[float, float] | None = None
    events: list[str] = Field(default_factory=list)


class BoardView(_Model):
    """Everything a page draws of one game for one seat (see the module docstring)."""

    map: BoardMap
    sides: list[Side]
    pieces: list[Piece] = Field(default_factory=list)
    terrain: list[Terrain] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)
    panels: list[Panel] = Field(default_factory=list)
    prompt: str = ""
    #: the seat's legal actions by acting piece (``""``: actions of the seat itself)
    actions: dict[str, list[BoardAction]] = Field(default_factory=dict)
    free_moves: list[FreeMove] = Field(default_factory=list)
    last: LastAction | None = None
    result: str | None = None
    #: rolls entered so far for the action waiting on real dice
    rolls: list[str] = Field(default_factory=list)
    #: lines drawn on the map (vectors, movement plots, future positions)
    overlays: list[Overlay] = Field(default_factory=list)
    #: the displays beside the map (AVID, gauges, tracks, boxes, steppers ...)
    widgets: list[Widget] = Field(default_factory=list)
    #: what every seat must be told about the rules played (:meth:`Game.notes`)
    notes: list[str] = Field(default_factory=list)


#: set on the copy :func:`pending_partial` makes (a state in the middle of an action)
PARTIAL = "_board_partial_roll"


# -- helpers for the rulesets' board_view ------------------------------------------------------
def visible(game: Game, seat: str | None) -> dict[str, Any]:
    """The state ``seat`` may see: the whole state once the game is over, else ``view(seat)``."""
    return game.state_dict() if game.over else game.view(seat)


def hex_cells(hexes: Iterable[Hex], key: Callable[[Hex], str],
              label: Callable[[Hex], str] | None = None) -> list[Cell]:
    """Cells of a flat-topped map, centres from :func:`hexgrid.pixel`."""
    out = []
    for h in hexes:
        x, y = pixel(h)
        k = key(h)
        out.append(Cell(key=k, label=label(h) if label else k, q=h.q, r=h.r,
                        x=round(x, 3), y=round(y, 3)))
    return out


def rules_of(game: Game) -> Game:
    """The rules' own game (through a real-dice wrapper)."""
    return game.inner if isinstance(game, ExplicitChanceGame) else game


def in_play(board: BoardView) -> list[Piece]:
    """The pieces on the map: placed and not out of play."""
    return [p for p in board.pieces if p.position is not None and p.status not in OUT_OF_PLAY
            and p.status != "unplaced"]


def hex_ranges(board: BoardView) -> None:
    """Every piece in play on a hex map gets its range in hexes to each cell
    (:meth:`Hex.distance`, the count every hex ruleset's range rule makes)."""
    hexes = [Hex(c.q, c.r) for c in board.map.cells]
    where = {c.key: h for c, h in zip(board.map.cells, hexes, strict=True)}
    for p in in_play(board):
        at = where.get(p.position.hex or "") if p.position else None
        if at is not None:
            p.ranges = [at.distance(h) for h in hexes]


def add_sights(board: BoardView,
               measure: Callable[[Piece, Piece], Sight | None]) -> None:
    """Every piece in play gets a :class:`Sight` of each piece in play of another side, as
    ``measure(piece, other)`` (the ruleset's range and line-of-sight rules) gives it."""
    shown = in_play(board)
    for p in shown:
        p.sights = [s for o in shown if o.side != p.side
                    for s in (measure(p, o),) if s is not None]


def legal_for_seat(game: Game, seat: str | None) -> list[Action]:
    """The legal actions of ``seat`` when it is to act (none for a spectator or at chance)."""
    if (seat is None or game.over or game.to_act != seat or game.to_act == CHANCE
            or getattr(game, PARTIAL, False)):
        return []
    return game.legal_actions()


def group(actions: Sequence[BoardAction]) -> dict[str, list[BoardAction]]:
    """Board actions by acting piece (``""`` for the seat's own), in the rules' order."""
    out: dict[str, list[BoardAction]] = {}
    for a in actions:
        out.setdefault(a.actor or "", []).append(a)
    return out


def generic_action(action: Action, pieces: set[str]) -> BoardAction:
    """The board action of a structured action: ``actor``, a piece-valued field as ``target``,
    a ``hex`` field as the cell key ``"q,r"``."""
    d = action.to_dict()
    actor = d.get("actor")
    target = next((v for k, v in d.items() if k not in ("actor", "text", "kind")
                   and isinstance(v, str) and v in pieces), None)
    hx = d.get("hex")
    hex_key = f"{hx[0]},{hx[1]}" if isinstance(hx, list) and len(hx) >= 2 else None
    return BoardAction(text=d["text"], kind=d["kind"], actor=actor if isinstance(actor, str)
                       else None, target=target, hex=hex_key, label=d["text"])


def pending_partial(game: Game, seat: str | None) -> tuple[Game, list[Event], list[str]]:
    """With real dice, the rules' state after the rolls entered so far (the board advances roll
    by roll), the events so far and the rolls. Only the seat whose action waits (or anyone, when
    the game hides nothing) sees it; otherwise ``game`` itself."""
    if not isinstance(game, ExplicitChanceGame) or game.pending_roll is None:
        return game, [], []
    w = game.pending_roll
    if seat != w.seat and game.inner.has_hidden_information:
        return game, [], []
    inner = copy.deepcopy(game.inner)
    setattr(inner, PARTIAL, True)  # mid-action: no one acts on this copy
    inner.dice.script = list(w.known)  # type: ignore[attr-defined]
    start = len(inner.log)
    with contextlib.suppress(ChanceNeeded):
        inner.execute(w.action)
    return inner, inner.log[start:], [str(v) for v in w.known]


def chance_actions(game: Game) -> list[BoardAction]:
    """The roll a person enters: one choice per face of the die."""
    return [BoardAction(text=str(a), kind="roll", label=str(a).split()[-1], group="roll")
            for a in game.legal_actions()]


def notes_of(game: Game) -> list[str]:
    """:meth:`Game.notes` of the rules played (through an explicit-chance wrapper), which every
    seat's board carries."""
    inner = game.inner if isinstance(game, ExplicitChanceGame) else game
    return list(inner.notes())
