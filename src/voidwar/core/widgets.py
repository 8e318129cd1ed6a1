"""What a page draws beside and over the map: overlays (lines, marks) and display widgets (an
AVID sphere, gauges, tracks, steppers, tables, profiles). Generic kinds a page draws, named by
no ruleset; a ruleset's ``board_view`` fills them (:mod:`.board`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    # every field is in the JSON a page reads (defaults included), as its schema says
    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


class Position(_Model):
    """Where a piece is: a hex key, or a point in inches (table)."""

    hex: str | None = None
    point: tuple[float, float] | None = None



class Overlay(_Model):
    """Something drawn on the map through hexes: ``vector`` (a line with an arrowhead from the
    first position to the last), ``plot`` (the hexes still to be entered, ``labels`` beside
    each), ``track`` (the hexes already entered, a solid line through them, ``labels`` beside
    each), ``fp`` and ``eot`` (a ring on one hex)."""

    kind: Literal["vector", "plot", "track", "fp", "eot"]
    piece: str
    side: str
    points: list[Position]
    labels: list[str] = Field(default_factory=list)
    label: str = ""


class Mark(_Model):
    """A mark in a display window: an orientation marker, a target with its range, a path."""

    kind: Literal["marker", "target", "path"]
    label: str
    side: str | None = None
    #: drawn circled (below the reference plane) or faint (not exactly in the window)
    circled: bool = False
    faint: bool = False


class SphereWindow(_Model):
    """One window of a spherical display: azimuth ``k`` of ``azimuths`` (clockwise from the
    top) and ring ``e`` (0 the outer band, ± rings inward, ±``rings`` the pole); ``band`` names its
    colour; ``action`` is what a click on it chooses; ``arcs`` the mounts that bear through it."""

    key: str
    k: int
    e: int
    band: str
    marks: list[Mark] = Field(default_factory=list)
    lit: bool = False
    action: str = ""
    arcs: list[str] = Field(default_factory=list)
    #: shown before ``action`` is sent: what the change will be (the page always asks)
    confirm: str = ""
    #: where each orientation marker will stand once ``action`` is done (marker → window key),
    #: previewed on the display while the page asks
    preview: dict[str, str] = Field(default_factory=dict)


class Choice(_Model):
    """A labelled action button inside a widget."""

    label: str
    action: str
    confirm: str = ""
    #: as :attr:`SphereWindow.preview`: the markers' windows once the choice is done
    preview: dict[str, str] = Field(default_factory=dict)


class SphereWidget(_Model):
    """A spherical attitude display (an AVID): two hemispheres of ring windows."""

    kind: Literal["sphere"] = "sphere"
    title: str
    piece: str
    azimuths: list[str]
    rings: int
    bands: list[str]
    windows: list[SphereWindow]
    mounts: list[str] = Field(default_factory=list)
    choices: list[Choice] = Field(default_factory=list)
    note: str = ""


class Gauge(_Model):
    """A bar: ``value`` of ``max`` with its text, tone and rule."""

    name: str
    value: float
    max: float
    text: str
    tone: Literal["info", "ok", "warn", "bad"] = "info"
    rule: str = ""


class GaugeWidget(_Model):
    """A block of bars (thrust, fuel, power, heat)."""

    kind: Literal["gauges"] = "gauges"
    title: str
    piece: str
    gauges: list[Gauge]


class TrackCell(_Model):
    """One cell of a track: ``used``, ``current``, ``free`` or ``marked``."""

    label: str
    text: str = ""
    state: Literal["used", "current", "free", "marked"] = "free"


class Track(_Model):
    """A row of cells (a thrust chart column, a weapon's timer, a hit location's boxes)."""

    name: str
    cells: list[TrackCell]
    note: str = ""


class TrackWidget(_Model):
    """Rows of cells under a title, with the rule they come from."""

    kind: Literal["tracks"] = "tracks"
    title: str
    piece: str
    tracks: list[Track]
    rule: str = ""


class StepperWidget(_Model):
    """An ordered list of values to step through and set (a thrust setting)."""

    kind: Literal["stepper"] = "stepper"
    title: str
    piece: str
    current: str
    choices: list[Choice]


class TableWidget(_Model):
    """A small table of facts (bearings to each enemy, the movement grid)."""

    kind: Literal["table"] = "table"
    title: str
    piece: str
    columns: list[str]
    rows: list[list[str]]
    rule: str = ""
    #: a choice per row (``""``: none), e.g. fire at that row's target
    choices: list[list[Choice]] = Field(default_factory=list)


class ProfilePoint(_Model):
    """A piece seen from the side: horizontal place ``x`` (map units) and height ``z``."""

    piece: str
    side: str
    x: float
    z: float
    label: str
    ghost: bool = False


class ProfileWidget(_Model):
    """A side elevation: who is above whom (now and at the end of the turn)."""

    kind: Literal["profile"] = "profile"
    title: str
    piece: str = ""
    points: list[ProfilePoint]
    #: what the horizontal axis runs along (``blue-1 → red-1``); ``x`` is measured along it
    axis: str = ""
    #: the horizontal unit of ``x`` and the vertical unit of ``z`` (``hex``, ``level``)
    x_unit: str = ""
    z_unit: str = ""


Widget = Annotated[SphereWidget | GaugeWidget | TrackWidget | StepperWidget | TableWidget
                   | ProfileWidget, Field(discriminator="kind")]
