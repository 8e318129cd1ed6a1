// @ts-check
// The range and line-of-sight tool: from the selected piece to what is under the pointer, in
// the server's words only. A piece of another side: the range, line of sight and note the
// rules measured (Piece.sights), the line drawn from one to the other (dashed red when blocked,
// the blocking terrain outlined). A hex: the range to it (Piece.ranges). A table point: which of
// the piece's drawn rings hold it (its move and weapon ranges, fire bands, rear arc, terrain-bent
// reach) and the terrain there — asked of the drawn shapes themselves (the browser's hit test),
// so the page measures nothing.
import { describeTerrain } from "./tabletop.js";

/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {import("./board-types").Piece} Piece */
/** @typedef {import("./board-types").Sight} Sight */

const SVGNS = "http://www.w3.org/2000/svg";

/** ``range`` in the map's unit, as the page writes it. @param {BoardView} board @param {number} range */
export function rangeWords(board, range) {
  const unit = board.map.unit;
  if (unit === "hex") return `range ${range} hex${range === 1 ? "" : "es"}`;
  return unit === "unit" ? `${range.toFixed(2)} units` : `${range.toFixed(2)}"`;
}

/** What the sight says, after the arrow. @param {BoardView} board @param {Sight} s */
export function sightWords(board, s) {
  const parts = [rangeWords(board, s.range)];
  if (board.terrain.some((t) => t.blocks_los)) {
    const t = s.blocked_by ? board.terrain.find((x) => x.id === s.blocked_by) : null;
    parts.push(s.blocked_by ? `sight blocked by ${t ? t.name : s.blocked_by}` : "clear line of sight");
  }
  if (s.note) parts.push(s.note);
  return parts.join(" · ");
}

/**
 * The tool's line for piece ``p`` and what the pointer is on: ``at`` the element under it,
 * ``user`` the pointer in the board drawing's coordinates, ``map`` in the map's (a table).
 * Null when there is nothing to say (the line stays as it was).
 * @param {SVGSVGElement} svg
 * @param {BoardView} board
 * @param {Piece} p
 * @param {Element} at
 * @param {DOMPoint} user
 * @param {[number, number] | null} map
 * @returns {string | null}
 */
export function rangeText(svg, board, p, at, user, map) {
  showSight(svg, board, p, null);
  if (!p.position) return null;
  const other = at.closest(".pieces [data-piece]");
  const sight = other instanceof SVGElement && p.sights.find((s) => s.target === other.dataset.piece);
  if (sight) {
    showSight(svg, board, p, sight);
    return `${p.id} → ${sight.target}: ${sightWords(board, sight)}`;
  }
  if (board.map.kind === "table") {
    if (!map) return null;
    const said = [...ringsAt(svg, p, user), ...terrainAt(svg, board, user)];
    return `${p.id} → ${map[0].toFixed(1)},${map[1].toFixed(1)}${said.length ? ": " + said.join(" · ") : ""}`;
  }
  const hx = at.closest("[data-hex]");
  const key = hx instanceof SVGElement ? hx.dataset.hex : undefined;
  const i = key === undefined ? -1 : board.map.cells.findIndex((c) => c.key === key);
  if (i < 0 || !p.ranges.length) return "";
  return `${p.id} → ${board.map.cells[i].label}: ${rangeWords(board, p.ranges[i])}`;
}

/** Whether the drawn shape ``e`` holds the drawing's point ``user``. @param {Element} e @param {DOMPoint} user */
function holds(e, user) { return e instanceof SVGGeometryElement && e.isPointInFill(user); }

/**
 * What the selected piece's drawn rings say of the point: the first fire band holding it (or
 * out of range), its move and weapon ranges, the arcs and the terrain-bent reach holding it.
 * @param {SVGSVGElement} svg @param {Piece} p @param {DOMPoint} user @returns {string[]}
 */
function ringsAt(svg, p, user) {
  const drawn = [...svg.querySelectorAll(`[data-rings="${CSS.escape(p.id)}"] [data-ring]`)];
  const out = [];
  const bands = drawn.filter((e) => e.getAttribute("data-ring") === "band");
  if (bands.length) {
    const band = bands.find((e) => holds(e, user)); // drawn in the rules' order: nearest first
    out.push(band ? band.getAttribute("data-label") ?? "" : "out of range");
  }
  for (const e of drawn) {
    const kind = e.getAttribute("data-ring"), label = e.getAttribute("data-label") ?? "";
    if (kind === "band") continue;
    const inside = holds(e, user);
    if (e.classList.contains("outline")) out.push(inside ? "within its straight-leg reach" : "beyond its straight-leg reach");
    else if (kind === "blind") { if (inside) out.push(label); }
    else out.push(`${inside ? "within" : "beyond"} ${label}`);
  }
  return out;
}

/** The terrain drawn under the point. @param {SVGSVGElement} svg @param {BoardView} board @param {DOMPoint} user */
function terrainAt(svg, board, user) {
  const e = [...svg.querySelectorAll("[data-terrain]")].find((x) => holds(x, user));
  const t = e && board.terrain.find((x) => x.id === e.getAttribute("data-terrain"));
  return t ? [describeTerrain(t)] : [];
}

/**
 * The line of sight from ``p`` to the sighted piece drawn (``null``: none drawn): solid when
 * clear, dashed red when blocked, with the blocking terrain outlined.
 * @param {SVGSVGElement} svg @param {BoardView} board @param {Piece} p @param {Sight | null} sight
 */
export function showSight(svg, board, p, sight) {
  svg.querySelector(".sight-line")?.remove();
  for (const e of svg.querySelectorAll(".blocking")) e.classList.remove("blocking");
  if (!sight) return;
  const from = svg.querySelector(`.pieces [data-piece="${CSS.escape(p.id)}"] .body`);
  const to = svg.querySelector(`.pieces [data-piece="${CSS.escape(sight.target)}"] .body`);
  if (!from || !to) return;
  const line = document.createElementNS(SVGNS, "line");
  line.setAttribute("x1", from.getAttribute("cx") ?? "0");
  line.setAttribute("y1", from.getAttribute("cy") ?? "0");
  line.setAttribute("x2", to.getAttribute("cx") ?? "0");
  line.setAttribute("y2", to.getAttribute("cy") ?? "0");
  line.setAttribute("class", `sight-line ${sight.blocked_by ? "blocked" : "clear"}`);
  line.dataset.sight = sight.target;
  svg.appendChild(line);
  if (sight.blocked_by) svg.querySelector(`[data-terrain="${CSS.escape(sight.blocked_by)}"]`)?.classList.add("blocking");
}
