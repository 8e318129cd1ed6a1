// @ts-check
// Map overlays of a BoardView (voidwar/core/board.py Overlay): a vector line with an arrowhead,
// a movement plot (a dot in each hex still to be entered, its segment beside it), the track of
// the hexes already entered this turn (a solid line, a square and its segment at each), FP and
// EoT rings. Generic:
// the kinds are drawing kinds, the server says where each point is.
import { el, title } from "./svg.js";

/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {import("./board-types").Position} Position */

/** @param {BoardView} board @param {string} side */
function colourOf(board, side) {
  const s = board.sides.find((x) => x.id === side);
  return s ? s.colour : "#999";
}

/**
 * The board's overlays into ``svg``.
 * @param {SVGSVGElement} svg
 * @param {BoardView} board
 * @param {(pos: Position) => [number, number] | null} at where a position is drawn (pixels)
 * @param {number} S pixels per hex size unit
 */
export function drawOverlays(svg, board, at, S) {
  const layer = el("g", { class: "overlays" }, svg);
  let defs = svg.querySelector("defs");
  if (!defs) defs = el("defs", {}, svg);
  for (const sd of board.sides) {
    const m = el("marker", { id: `arrow-${sd.id}`, viewBox: "0 0 10 10", refX: "8", refY: "5",
                             markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" }, defs);
    el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: sd.colour }, m);
  }
  for (const o of board.overlays || []) {
    const pts = o.points.map(at).filter((p) => p !== null);
    if (!pts.length) continue;
    const c = colourOf(board, o.side);
    const g = el("g", { class: `overlay overlay-${o.kind}`, "data-overlay": o.kind, "data-piece": o.piece,
                        "data-hexes": o.points.map((p) => p.hex).join(" ") }, layer);
    title(g, o.label);
    if (o.kind === "vector" && pts.length >= 2) {
      const [a, b] = [pts[0], pts[pts.length - 1]];
      if (a[0] !== b[0] || a[1] !== b[1]) {
        el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: c, "stroke-width": 2.2,
                     "marker-end": `url(#arrow-${o.side})`, class: "vector-line" }, g);
      }
    } else if (o.kind === "plot") {
      pts.forEach(([x, y], i) => {
        el("circle", { cx: x, cy: y, r: S * 0.12, fill: c, opacity: 0.75, class: "plot-dot" }, g);
        const t = el("text", { x: x + S * 0.28, y: y - S * 0.22, class: "plot-label", fill: c }, g);
        t.textContent = o.labels[i] ?? "";
      });
    } else if (o.kind === "track") {
      // the hexes already entered this turn: a solid line from where the turn began
      el("polyline", { points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: c,
                       "stroke-width": 2.5, opacity: 0.55, "stroke-linejoin": "round",
                       class: "track-line" }, g);
      pts.forEach(([x, y], i) => {
        if (i === 0) {
          el("rect", { x: x - S * 0.16, y: y - S * 0.16, width: S * 0.32, height: S * 0.32,
                       fill: "none", stroke: c, "stroke-width": 1.5, class: "track-start" }, g);
          return;
        }
        el("rect", { x: x - S * 0.1, y: y - S * 0.1, width: S * 0.2, height: S * 0.2, fill: c,
                     class: "track-dot" }, g);
        const t = el("text", { x: x - S * 0.3, y: y - S * 0.22, class: "plot-label track-label",
                               fill: c, "text-anchor": "end" }, g);
        t.textContent = o.labels[i] ?? "";
      });
    } else if (o.kind === "fp" || o.kind === "eot") {
      const [x, y] = pts[0];
      el("circle", { cx: x, cy: y, r: S * (o.kind === "fp" ? 0.7 : 0.8), fill: "none", stroke: c,
                     "stroke-width": o.kind === "fp" ? 2 : 1.5,
                     "stroke-dasharray": o.kind === "eot" ? "4 3" : "", class: `${o.kind}-ring` }, g);
      const t = el("text", { x, y: y + S * (o.kind === "fp" ? -0.78 : 1.15), class: "overlay-label",
                             "text-anchor": "middle", fill: c }, g);
      t.textContent = o.kind === "fp" ? "FP" : "EoT";
    }
  }
}
