// @ts-check
// voidwar board drawing: a BoardView (voidwar/core/board.py) → SVG. Knows no ruleset and no
// rule: the server says what the map is, where each piece is, what it shows, what a click
// chooses, and what the rules measure (ranges, lines of sight, reach); this only draws it.
//
// Hex maps: flat-topped cells with unit-size centres (x, y down). Tables: inches, y up (the
// origin at the lower left), drawn flipped so the top edge is at the top of the screen.
// Elements carry data-hex / data-piece / data-point / data-table attributes the page listens to.

import { drawOverlays } from "./overlays.js";
import { el, text, title } from "./svg.js";
import { drawAhead, drawRings, drawTable } from "./tabletop.js";

/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {import("./board-types").Piece} Piece */
/** @typedef {import("./board-types").Position} Position */
/** @typedef {import("./board-types").Cell} Cell */
/** @typedef {import("./board-types").LastAction} LastAction */
/** @typedef {[number, number]} Pt a point on the drawing (pixels, y down) */

/**
 * Where a board's positions are drawn and the size of one map unit in pixels.
 * @typedef {object} Geometry
 * @property {"hex" | "table"} kind
 * @property {number} unit pixels per map unit (a hex's size; an inch)
 * @property {Map<string, Cell>} cells a hex map's cells by key (empty on a table)
 * @property {(pos: Partial<Position> | null | undefined) => Pt | null} at where a position is drawn
 * @property {(px: number, py: number) => Pt} toMap a drawing point in map units (a table: inches, y up)
 * @property {[number, number, number, number]} box the whole map's view box
 */

/**
 * What the page marks on the drawing (all optional).
 * @typedef {object} Marks
 * @property {string | null} [selected] the selected piece
 * @property {Map<string, string>} [litHexes] hexes an action of it chooses → their label
 * @property {Set<string>} [litPieces] pieces an action chooses
 * @property {[number, number, string][]} [litPoints] table points an action chooses (x, y, its text)
 * @property {LastAction | null} [last]
 * @property {boolean} [canAct] the seat may act (the path ahead is drawn)
 */

export const S = 24; // pixels per hex size unit
const OUT = new Set(["destroyed", "surrendered", "off-map", "fled"]);

/** @param {Piece} p */
export function isOut(p) { return OUT.has(p.status); }

/** The geometry of a board (see {@link Geometry}). @param {BoardView} board @returns {Geometry} */
export function geometry(board) {
  const m = board.map;
  if (m.kind === "table") {
    const k = 20; // pixels per inch (bases at true size; the camera keeps them readable)
    return {
      kind: "table", unit: k, cells: new Map(),
      at: (pos) => pos && pos.point ? [pos.point[0] * k, (m.height - pos.point[1]) * k] : null,
      toMap: (px, py) => [px / k, m.height - py / k],
      box: [-k, -k, (m.width + 2) * k, (m.height + 2) * k],
    };
  }
  const cells = new Map(m.cells.map((c) => [c.key, c]));
  const xs = m.cells.map((c) => c.x), ys = m.cells.map((c) => c.y);
  const pad = 1.3;
  return {
    kind: "hex", unit: S, cells,
    at: (pos) => {
      const c = pos && pos.hex ? cells.get(pos.hex) : null;
      return c ? [c.x * S, c.y * S] : null;
    },
    toMap: (px, py) => [px / S, py / S],
    box: [(Math.min(...xs) - pad) * S, (Math.min(...ys) - pad) * S,
          (Math.max(...xs) - Math.min(...xs) + 2 * pad) * S,
          (Math.max(...ys) - Math.min(...ys) + 2 * pad) * S],
  };
}

/** The corners of a flat-topped hexagon. @param {number} cx @param {number} cy @param {number} s */
function hexPoints(cx, cy, s) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** @param {BoardView} board @param {string | null | undefined} side */
export function sideColour(board, side) {
  const s = board.sides.find((x) => x.id === side);
  return s ? s.colour : "#999";
}

/** The whole board into ``svg`` (cleared first). @param {SVGSVGElement} svg @param {BoardView} board @param {Marks} [marks] */
export function drawBoard(svg, board, marks = {}) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const g = geometry(board);
  svg.setAttribute("viewBox", g.box.map((v) => v.toFixed(1)).join(" "));
  svg.setAttribute("class", `board ${g.kind}`);
  svg.dataset.counterRadius = String(g.kind === "hex" ? S * 0.56 : 10); // for the camera's --k
  const defs = el("defs", {}, svg);
  const arrow = el("marker", { id: "uphill", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5,
                               markerHeight: 5, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "uphill-head" }, arrow);
  const bowHead = el("marker", { id: "bow", viewBox: "0 0 10 10", refX: 2, refY: 5, markerWidth: 3.2,
                                 markerHeight: 3.2, orient: "auto" }, defs);
  el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "bow-head" }, bowHead);
  const lit = marks.litHexes ?? new Map();
  if (g.kind === "table") drawTable(svg, board, g, defs);
  else drawHexes(svg, board, lit);
  drawMarkers(svg, board, g);
  if (g.kind === "hex") drawOverlays(svg, board, g.at, S); // vectors, plots, FP and EoT
  const pieces = board.pieces.filter((p) => !isOut(p) && g.at(p.position));
  const sel = pieces.find((p) => p.id === marks.selected);
  drawWrecks(svg, board, g);
  if (sel && g.kind === "table") drawRings(svg, sel, g);
  if (marks.last) drawLast(svg, board, g, marks.last);
  const gp = el("g", { class: "pieces" }, svg);
  for (const { p, x, y, at, stacked } of layout(pieces, g)) {
    if (at) { // fanned out of a stack: a leg from the counter to where the piece stands
      el("line", { x1: at[0], y1: at[1], x2: x, y2: y, class: "stack-leg" }, gp);
      el("circle", { cx: at[0], cy: at[1], r: 2.2, class: "stack-foot" }, gp);
    }
    drawPiece(gp, board, g, p, x, y, marks, stacked, !!at);
  }
  // the path ahead lies over the counters (a short move starts under the ship's own counter)
  const free = sel && board.free_moves.find((f) => f.actor === sel.id && f.mode === "ahead");
  if (sel && free && marks.canAct) drawAhead(svg, sel, free, g);
  const gl = el("g", { class: "lit-points" }, svg);
  for (const [x, y, t] of marks.litPoints ?? []) {
    const at = g.at({ point: [x, y] });
    if (!at) continue;
    const c = el("circle", { cx: at[0], cy: at[1], r: 4, class: "lit-point", "data-point": `${x},${y}` }, gl);
    title(c, t);
  }
}

/** @param {SVGSVGElement} svg @param {BoardView} board @param {Map<string, string>} lit */
function drawHexes(svg, board, lit) {
  const gh = el("g", { class: "hexes" }, svg);
  const gc = el("g", { class: "coords" }, svg);
  for (const c of board.map.cells) {
    const cx = c.x * S, cy = c.y * S;
    const poly = el("polygon", { points: hexPoints(cx, cy, S * 0.98), class: "hex" + (lit.has(c.key) ? " target" : ""),
                                 "data-hex": c.key }, gh);
    title(poly, c.label);
    text(gc, cx, cy - S * 0.55, c.label, { class: "coord" });
    const label = lit.get(c.key);
    if (label) text(gh, cx, cy + S * 0.62, label, { class: "lit-label", "data-hex": c.key });
  }
}

/** @param {SVGSVGElement} svg @param {BoardView} board @param {Geometry} g */
function drawMarkers(svg, board, g) {
  const gm = el("g", { class: "markers" }, svg);
  for (const m of board.markers) {
    const at = g.at(m.position);
    if (!at) continue;
    const [x, y] = at;
    const e = el("g", { class: `marker marker-${m.kind}`, "data-marker": m.kind }, gm);
    if (m.radius !== null && m.position.point) {
      e.setAttribute("data-table", "1"); // a click inside still chooses a point of the table
      e.setAttribute("data-at", m.position.point.join(","));
      e.setAttribute("data-radius", String(m.radius));
      el("circle", { cx: x, cy: y, r: m.radius * g.unit, class: "area" }, e);
      el("circle", { cx: x, cy: y, r: 2, class: "centre" }, e);
    } else if (m.kind === "mine") el("polygon", { points: hexPoints(x, y, S * 0.9) }, e);
    else el("circle", { cx: x, cy: y + S * 0.55, r: S * 0.22 }, e);
    title(e, m.label);
  }
}

/** @param {SVGSVGElement} svg @param {BoardView} board @param {Geometry} g @param {LastAction} last */
function drawLast(svg, board, g, last) {
  /** @param {string} id */
  const find = (id) => board.pieces.find((p) => p.id === id && !isOut(p));
  const a = last.actor ? find(last.actor) : null;
  let to = null;
  if (last.target) { const t = board.pieces.find((p) => p.id === last.target); to = t ? g.at(t.position) : null; }
  else if (last.hex) to = g.at({ hex: last.hex });
  else if (last.point) to = g.at({ point: last.point });
  const from = a ? g.at(a.position) : null;
  const gl = el("g", { class: "last" }, svg);
  if (from && to && last.target) el("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "shot" }, gl);
  if (to) el("circle", { cx: to[0], cy: to[1], r: g.kind === "hex" ? S * 0.8 : 16, class: "last-to" }, gl);
}

/**
 * The drawing radius of a counter: on a table its base at true size, on a hex map a counter
 * filling most of its hex (smaller when it shares the hex).
 * @param {Piece} p @param {Geometry} g @param {boolean} [stacked]
 */
export function radius(p, g, stacked = false) {
  return g.kind === "table" ? p.size * g.unit : S * (p.landmark ? 0.85 : stacked ? 0.42 : 0.56);
}

/** @typedef {{ p: Piece, x: number, y: number, at: Pt | null, stacked: boolean }} Placed */

/**
 * Where each counter is drawn: at its own place, except pieces that would cover one another
 * (one hex, or bases overlapping on a table — an enemy ending its move on a ship): those fan
 * out round their common centre, each counter whole and clickable, a leg to where it stands.
 * @param {Piece[]} pieces placed pieces (each drawn somewhere) @param {Geometry} g @returns {Placed[]}
 */
export function layout(pieces, g) {
  const spots = pieces.map((p) => ({ p, at: g.at(p.position) ?? [0, 0], r: radius(p, g) }));
  const parent = spots.map((_, i) => i);
  /** @param {number} i @returns {number} */
  const root = (i) => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  for (let i = 0; i < spots.length; i++) {
    for (let j = i + 1; j < spots.length; j++) {
      const a = spots[i], b = spots[j];
      const same = g.kind === "hex" ? a.p.position?.hex === b.p.position?.hex
        : Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]) < (a.r + b.r) * 0.98;
      if (same) parent[root(i)] = root(j);
    }
  }
  /** @type {Map<number, typeof spots>} */
  const groups = new Map();
  spots.forEach((s, i) => { const k = root(i); groups.set(k, [...(groups.get(k) ?? []), s]); });
  /** @type {Placed[]} */
  const out = [];
  for (const grp of groups.values()) {
    if (grp.length === 1) { out.push({ p: grp[0].p, x: grp[0].at[0], y: grp[0].at[1], at: null, stacked: false }); continue; }
    const n = grp.length, stacked = g.kind === "hex";
    const cx = grp.reduce((a, s) => a + s.at[0], 0) / n, cy = grp.reduce((a, s) => a + s.at[1], 0) / n;
    const r = Math.max(...grp.map((s) => radius(s.p, g, stacked)));
    const R = (n === 2 ? r : r / Math.sin(Math.PI / n)) * 1.3; // room for badges and bows
    // keep the pieces' own directions from the centre where they differ (ids break ties)
    grp.sort((a, b) => Math.atan2(a.at[1] - cy, a.at[0] - cx) - Math.atan2(b.at[1] - cy, b.at[0] - cx) || (a.p.id < b.p.id ? -1 : 1));
    const spread = Math.hypot(grp[0].at[0] - cx, grp[0].at[1] - cy) > 0.5;
    const base = spread ? Math.atan2(grp[0].at[1] - cy, grp[0].at[0] - cx) : Math.PI;
    grp.forEach((s, i) => {
      const a = base + (2 * Math.PI * i) / n;
      out.push({ p: s.p, x: cx + R * Math.cos(a), y: cy + R * Math.sin(a), at: s.at, stacked });
    });
  }
  return out;
}

/**
 * Pieces out of play that still have a place (destroyed, surrendered): a faint wreck where
 * they were, so the last shot points at something; never clickable.
 * @param {SVGSVGElement} svg @param {BoardView} board @param {Geometry} g
 */
function drawWrecks(svg, board, g) {
  const gw = el("g", { class: "wrecks" }, svg);
  for (const p of board.pieces.filter(isOut)) {
    const at = g.at(p.position);
    if (!at) continue;
    const [x, y] = at, r = radius(p, g) * 0.8;
    const w = el("g", { class: `wreck status-${p.status}`, "data-wreck": p.id, "data-status": p.status }, gw);
    el("circle", { cx: x, cy: y, r, fill: sideColour(board, p.side), class: "wreck-body" }, w);
    const d = r * 0.55;
    el("path", { d: `M ${x - d} ${y - d} L ${x + d} ${y + d} M ${x + d} ${y - d} L ${x - d} ${y + d}`, class: "wreck-x" }, w);
    title(w, `${p.id} — ${p.status}`);
  }
}

/**
 * @param {Element} parent @param {BoardView} board @param {Geometry} g @param {Piece} p
 * @param {number} x @param {number} y @param {Marks} marks @param {boolean} stacked @param {boolean} [fanned]
 */
function drawPiece(parent, board, g, p, x, y, marks, stacked, fanned = false) {
  const rad = radius(p, g, stacked);
  const cls = ["piece", `status-${p.status}`];
  if (marks.selected === p.id) cls.push("selected");
  if (marks.litPieces && marks.litPieces.has(p.id)) cls.push("target");
  if (p.flags.length) cls.push(...p.flags.map((f) => `flag-${f}`));
  if (p.landmark) cls.push("landmark");
  const e = el("g", { class: cls.join(" "), "data-piece": p.id, "data-side": p.side,
                      "data-status": p.status }, parent);
  if (fanned) e.setAttribute("data-fanned", "1");
  if (p.position?.hex) e.setAttribute("data-hex", p.position.hex);
  if (p.position?.point) e.setAttribute("data-at", p.position.point.join(","));
  if (p.facing !== null) e.setAttribute("data-facing", String(p.facing));
  el("circle", { cx: x, cy: y, r: rad, fill: sideColour(board, p.side), class: "body" }, e);
  if (p.facing !== null) {
    const a = (p.facing - 90) * Math.PI / 180;
    el("line", { x1: x + Math.cos(a) * rad, y1: y + Math.sin(a) * rad,
                 x2: x + Math.cos(a) * rad * 1.45, y2: y + Math.sin(a) * rad * 1.45, class: "facing",
                 "marker-end": "url(#bow)" }, e);
  }
  const fs = Math.min(rad * 0.8, (rad * 2.6) / Math.max(p.label.length, 2));
  text(e, x, y + fs * 0.35 - (p.landmark ? rad * 0.25 : 0), p.label, { "font-size": fs.toFixed(1), class: "label" });
  const shown = p.counters.filter((c) => c.on_counter);
  if (shown.length) {
    const c = shown[0];
    const t = c.max !== null ? `${c.value}/${c.max}` : c.value;
    const bx = x, by = y + rad * (p.landmark ? 0.45 : 0.95);
    const w = Math.max(t.length * 5.2 + 4, 12);
    el("rect", { x: bx - w / 2, y: by - 6, width: w, height: 11, rx: 2, class: `badge tone-${c.tone}` }, e);
    text(e, bx, by + 3, t, { class: "badge-text counter", "data-counter": c.name });
  }
  if (p.altitude !== null) {
    text(e, x + rad * 1.05, y - rad * 0.7, (p.altitude > 0 ? "+" : "") + p.altitude,
         { class: "alt", "data-altitude": String(p.altitude) });
  }
  title(e, describe(p));
}

/** A piece in words (its tooltip, the tray). @param {Piece} p */
export function describe(p) {
  const parts = p.counters.map((c) => `${c.name} ${c.value}${c.max !== null ? "/" + c.max : ""}`);
  return `${p.id}${p.kind ? " (" + p.kind + ")" : ""} — ${p.status}${parts.length ? ", " + parts.join(", ") : ""}`;
}
