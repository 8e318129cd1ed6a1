/* The board view's types (voidwar/core/board.py BoardView), generated from its JSON
 * schema by scripts/board-types with json-schema-to-typescript: do not edit, run it again.
 * tests/web/test_page_types.py fails when this file is not what the generator makes now. */

/**
 * Everything a page draws of one game for one seat (see the module docstring).
 */
export interface BoardView {
  actions: {
    [k: string]: BoardAction[];
  };
  free_moves: FreeMove[];
  last: LastAction | null;
  map: BoardMap;
  markers: Marker[];
  notes: string[];
  overlays: Overlay[];
  panels: Panel[];
  pieces: Piece[];
  prompt: string;
  result: string | null;
  rolls: string[];
  sides: Side[];
  terrain: Terrain[];
  widgets: (
    SphereWidget | GaugeWidget | TrackWidget | StepperWidget | TableWidget | ProfileWidget
  )[];
}
/**
 * A legal action and where a click chooses it.
 *
 * ``actor`` is the piece that acts (``None``: an action of the seat, shown in the prompt);
 * ``target`` a piece, ``hex`` a cell key, ``point`` a table point a click there chooses;
 * with none of the three it is a choice in the small picker at the actor, under ``group``.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "BoardAction".
 */
export interface BoardAction {
  actor: string | null;
  confirm: string;
  group: string;
  hex: string | null;
  key: string;
  kind: string;
  label: string;
  point: [number, number] | null;
  target: string | null;
  text: string;
}
/**
 * A move a click anywhere within reach makes (the rules check it; a refusal names the rule).
 *
 * ``point``: to any point; the page writes ``template`` with ``{point}`` replaced by the
 * clicked ``x,y``; ``reach`` in map units. ``ahead``: straight ahead along ``heading`` from the
 * piece; a click on that path writes ``{distance}``, the clicked distance in units of ``scale``
 * map units, to ``step``, at most ``reach`` (in those units).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "FreeMove".
 */
export interface FreeMove {
  actor: string;
  heading: number | null;
  mode: "point" | "ahead";
  reach: number;
  scale: number;
  step: number;
  template: string;
}
/**
 * The last action the seat may see, and what it did (highlighted on the board).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "LastAction".
 */
export interface LastAction {
  actor: string | null;
  events: string[];
  hex: string | null;
  point: [number, number] | null;
  seat: string | null;
  target: string | null;
  text: string;
}
/**
 * The geometry: a hex map (cells) or a table of ``width`` × ``height`` inches.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "BoardMap".
 */
export interface BoardMap {
  cells: Cell[];
  edges: {
    [k: string]: string;
  };
  height: number;
  kind: "hex" | "table";
  scale: number;
  unit: "hex" | "inch" | "unit";
  width: number;
}
/**
 * One hex of a hex map: ``key`` is what actions name it by, ``label`` its printed name.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Cell".
 */
export interface Cell {
  key: string;
  label: string;
  q: number;
  r: number;
  x: number;
  y: number;
}
/**
 * Something drawn that is not a piece: a mine pattern, a target point, a pending roll.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Marker".
 */
export interface Marker {
  kind: string;
  label: string;
  position: Position;
  radius: number | null;
  side: string | null;
}
/**
 * Where a piece is: a hex key, or a point in inches (table).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Position".
 */
export interface Position {
  hex: string | null;
  point: [number, number] | null;
}
/**
 * Something drawn on the map through hexes: ``vector`` (a line with an arrowhead from the
 * first position to the last), ``plot`` (the hexes still to be entered, ``labels`` beside
 * each), ``track`` (the hexes already entered, a solid line through them, ``labels`` beside
 * each), ``fp`` and ``eot`` (a ring on one hex).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Overlay".
 */
export interface Overlay {
  kind: "vector" | "plot" | "track" | "fp" | "eot";
  label: string;
  labels: string[];
  piece: string;
  points: Position[];
  side: string;
}
/**
 * A block of facts beside the map (turn, phase, platform boxes) in the rules' terms.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Panel".
 */
export interface Panel {
  rows: [string, string][];
  title: string;
}
/**
 * A piece on the board (or off it): id, side, status, position and its counters.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Piece".
 */
export interface Piece {
  altitude: number | null;
  counters: Counter[];
  facing: number | null;
  flags: string[];
  id: string;
  kind: string;
  label: string;
  landmark: boolean;
  position: Position | null;
  profile: Counter[];
  ranges: number[];
  rings: Ring[];
  side: string;
  sights: Sight[];
  size: number;
  status:
    | "active"
    | "done"
    | "damaged"
    | "crippled"
    | "destroyed"
    | "surrendered"
    | "off-map"
    | "unplaced"
    | "fled";
}
/**
 * A value shown on or beside a counter: ``shields 1/2``.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Counter".
 */
export interface Counter {
  max: string | null;
  name: string;
  on_counter: boolean;
  tone: "info" | "ok" | "warn" | "bad";
  value: string;
}
/**
 * A circle around a piece (a move or weapon range on a table), radius in map units.
 *
 * ``arc``: only the sector from the first angle clockwise to the second is drawn (a rear
 * arc). ``outline``: where the reach is no circle (terrain that slows or speeds movement), the
 * polygon the rules' own cost function gives, in map units; the page draws it instead.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Ring".
 */
export interface Ring {
  arc: [number, number] | null;
  kind: "move" | "range" | "melee" | "band" | "blind";
  label: string;
  outline: [number, number][];
  radius: number;
}
/**
 * Another piece as the rules measure it from this one, for the page's range tool:
 * ``range`` in the map's unit (hexes; on a table inches or units, ``BoardMap.unit``),
 * ``blocked_by`` the terrain (its ``Terrain.id``) that blocks the line of sight (``None``: a
 * clear line, or no terrain that blocks sight), ``note`` the rules' word on a shot along it (a
 * band, a rear arc, why it may not be fired), empty where they say nothing more.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Sight".
 */
export interface Sight {
  blocked_by: string | null;
  note: string;
  range: number;
  target: string;
}
/**
 * A side (seat) with its fixed name and colour (from the ruleset's data).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Side".
 */
export interface Side {
  colour: string;
  id: string;
  name: string;
}
/**
 * A terrain feature, drawn by kind: a rectangle or circle (inches) or a set of hexes.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Terrain".
 */
export interface Terrain {
  blocks_los: boolean;
  coords: number[];
  hexes: string[];
  id: string;
  impassable: boolean;
  kind: string;
  move: string;
  name: string;
  shape: "rect" | "circle" | "hexes";
  slope: SlopeView | null;
}
/**
 * A hill's slope: ``rise`` the direction its ground rises (a unit vector, y up), ``up`` and
 * ``down`` the movement multipliers going up and down it (``move`` of the feature: across),
 * ``text`` how the rules describe it (``rising north``).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "SlopeView".
 */
export interface SlopeView {
  down: string;
  /**
   * @minItems 2
   * @maxItems 2
   */
  rise: [number, number];
  text: string;
  up: string;
}
/**
 * A spherical attitude display (an AVID): two hemispheres of ring windows.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "SphereWidget".
 */
export interface SphereWidget {
  azimuths: string[];
  bands: string[];
  choices: Choice[];
  kind: "sphere";
  mounts: string[];
  note: string;
  piece: string;
  rings: number;
  title: string;
  windows: SphereWindow[];
}
/**
 * A labelled action button inside a widget.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Choice".
 */
export interface Choice {
  action: string;
  confirm: string;
  label: string;
  preview: {
    [k: string]: string;
  };
}
/**
 * One window of a spherical display: azimuth ``k`` of ``azimuths`` (clockwise from the
 * top) and ring ``e`` (0 the outer band, ± rings inward, ±``rings`` the pole); ``band`` names its
 * colour; ``action`` is what a click on it chooses; ``arcs`` the mounts that bear through it.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "SphereWindow".
 */
export interface SphereWindow {
  action: string;
  arcs: string[];
  band: string;
  confirm: string;
  e: number;
  k: number;
  key: string;
  lit: boolean;
  marks: Mark[];
  preview: {
    [k: string]: string;
  };
}
/**
 * A mark in a display window: an orientation marker, a target with its range, a path.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Mark".
 */
export interface Mark {
  circled: boolean;
  faint: boolean;
  kind: "marker" | "target" | "path";
  label: string;
  side: string | null;
}
/**
 * A block of bars (thrust, fuel, power, heat).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "GaugeWidget".
 */
export interface GaugeWidget {
  gauges: Gauge[];
  kind: "gauges";
  piece: string;
  title: string;
}
/**
 * A bar: ``value`` of ``max`` with its text, tone and rule.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Gauge".
 */
export interface Gauge {
  max: number;
  name: string;
  rule: string;
  text: string;
  tone: "info" | "ok" | "warn" | "bad";
  value: number;
}
/**
 * Rows of cells under a title, with the rule they come from.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "TrackWidget".
 */
export interface TrackWidget {
  kind: "tracks";
  piece: string;
  rule: string;
  title: string;
  tracks: Track[];
}
/**
 * A row of cells (a thrust chart column, a weapon's timer, a hit location's boxes).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "Track".
 */
export interface Track {
  cells: TrackCell[];
  name: string;
  note: string;
}
/**
 * One cell of a track: ``used``, ``current``, ``free`` or ``marked``.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "TrackCell".
 */
export interface TrackCell {
  label: string;
  state: "used" | "current" | "free" | "marked";
  text: string;
}
/**
 * An ordered list of values to step through and set (a thrust setting).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "StepperWidget".
 */
export interface StepperWidget {
  choices: Choice[];
  current: string;
  kind: "stepper";
  piece: string;
  title: string;
}
/**
 * A small table of facts (bearings to each enemy, the movement grid).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "TableWidget".
 */
export interface TableWidget {
  choices: Choice[][];
  columns: string[];
  kind: "table";
  piece: string;
  rows: string[][];
  rule: string;
  title: string;
}
/**
 * A side elevation: who is above whom (now and at the end of the turn).
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "ProfileWidget".
 */
export interface ProfileWidget {
  axis: string;
  kind: "profile";
  piece: string;
  points: ProfilePoint[];
  title: string;
  x_unit: string;
  z_unit: string;
}
/**
 * A piece seen from the side: horizontal place ``x`` (map units) and height ``z``.
 *
 * This interface was referenced by `BoardView`'s JSON-Schema
 * via the `definition` "ProfilePoint".
 */
export interface ProfilePoint {
  ghost: boolean;
  label: string;
  piece: string;
  side: string;
  x: number;
  z: number;
}
