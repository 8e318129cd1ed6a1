// @ts-check
// A table drawn (BoardView maps of kind "table"): the tabletop and its terrain (hills with
// contours and uphill arrows), the selected piece's rings as the server gives them (move and
// weapon ranges, fire bands, a rear arc, a reach the terrain bends) and the path ahead of a
// ship that moves straight on. Inches, y up; drawn flipped (board.js geometry).
import { el, text, title } from "./svg.js";

/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {import("./board-types").Piece} Piece */
/** @typedef {import("./board-types").Terrain} Terrain */
/** @typedef {import("./board-types").FreeMove} FreeMove */
/** @typedef {import("./board.js").Geometry} Geometry */
/** @typedef {import("./board.js").Pt} Pt */

/** Where a table point is drawn. @param {Geometry} g @param {[number, number]} point @returns {Pt} */
function at(g, point) { return g.at({ point }) ?? [0, 0]; }

/** @param {SVGSVGElement} svg @param {BoardView} board @param {Geometry} g @param {SVGDefsElement} defs */
export function drawTable(svg, board, g, defs) {
  const m = board.map, k = g.unit;
  el("rect", { x: 0, y: 0, width: m.width * k, height: m.height * k, class: "tabletop", "data-table": "1" }, svg);
  const grid = el("g", { class: "inches" }, svg);
  for (let x = 6; x < m.width; x += 6) el("line", { x1: x * k, y1: 0, x2: x * k, y2: m.height * k }, grid);
  for (let y = 6; y < m.height; y += 6) el("line", { x1: 0, y1: y * k, x2: m.width * k, y2: y * k }, grid);
  const gt = el("g", { class: "terrain" }, svg);
  for (const t of board.terrain) {
    let shape, lx, ly;
    if (t.shape === "rect") {
      const [x0, y0, x1, y1] = t.coords;
      const [px, py] = at(g, [x0, y1]);
      shape = el("rect", { x: px, y: py, width: (x1 - x0) * k, height: (y1 - y0) * k }, gt);
      [lx, ly] = at(g, [(x0 + x1) / 2, (y0 + y1) / 2]);
    } else if (t.shape === "circle") {
      const [cx, cy, r] = t.coords;
      [lx, ly] = at(g, [cx, cy]);
      shape = el("circle", { cx: lx, cy: ly, r: r * k }, gt);
    } else continue;
    shape.setAttribute("class", `feature kind-${t.kind}`);
    shape.setAttribute("data-terrain", t.id);
    shape.setAttribute("data-table", "1");
    title(shape, describeTerrain(t));
    if (t.slope && t.shape === "rect") drawSlope(gt, defs, t, t.slope, g);
    text(gt, lx, ly + 4, t.name, { class: "terrain-name" });
  }
  if (m.edges.top) text(svg, m.width * k / 2, -6, m.edges.top, { class: "edge" });
  if (m.edges.bottom) text(svg, m.width * k / 2, m.height * k + 16, m.edges.bottom, { class: "edge" });
}

/** A terrain feature in words: what it does to movement and sight. @param {Terrain} t */
export function describeTerrain(t) {
  const what = [];
  if (t.impassable) what.push("impassable");
  if (t.blocks_los) what.push("blocks line of sight");
  if (t.slope) what.push(`${t.slope.text}: movement up ×${t.slope.up}, down ×${t.slope.down}, across ×${t.move}`);
  else if (t.move !== "1") what.push(`movement ×${t.move}`);
  return `${t.name} (${what.join(", ") || "open"})`;
}

/**
 * A hill: contour lines across the slope (clipped to its area) and arrows pointing uphill,
 * labelled with the multiplier going up.
 * @param {Element} parent @param {SVGDefsElement} defs @param {Terrain} t
 * @param {import("./board-types").SlopeView} slope @param {Geometry} g
 */
function drawSlope(parent, defs, t, slope, g) {
  const [x0, y0, x1, y1] = t.coords, k = g.unit;
  const [px, py] = at(g, [x0, y1]), w = (x1 - x0) * k, hgt = (y1 - y0) * k;
  const clip = el("clipPath", { id: `clip-${t.id}` }, defs);
  el("rect", { x: px, y: py, width: w, height: hgt }, clip);
  const gs = el("g", { class: "slope", "clip-path": `url(#clip-${t.id})`, "data-slope": t.id }, parent);
  const sx = slope.rise[0], sy = -slope.rise[1]; // uphill on the screen (y down)
  const cx = px + w / 2, cy = py + hgt / 2, half = Math.hypot(w, hgt) / 2;
  const gap = 0.75 * k; // a contour every 3/4 inch, darker toward the crest
  for (let d = -half; d <= half; d += gap) {
    const mx = cx + sx * d, my = cy + sy * d;
    el("line", { x1: mx - sy * half, y1: my + sx * half, x2: mx + sy * half, y2: my - sx * half,
                 class: "contour", "stroke-opacity": (0.25 + 0.5 * (d + half) / (2 * half)).toFixed(2) }, gs);
  }
  const len = Math.min(Math.abs(sx) * w + Math.abs(sy) * hgt, 3 * k) * 0.8;
  const across = Math.abs(sy) * w + Math.abs(sx) * hgt; // the extent across the slope
  const n = Math.max(1, Math.min(3, Math.floor(across / (4 * k))));
  for (let i = 0; i < n; i++) {
    const o = (i - (n - 1) / 2) * across / n;
    const ax = cx - sy * o, ay = cy + sx * o;
    el("line", { x1: ax - sx * len / 2, y1: ay - sy * len / 2, x2: ax + sx * len / 2, y2: ay + sy * len / 2,
                 class: "uphill", "marker-end": "url(#uphill)" }, gs);
    text(gs, ax + sx * len / 2 + 9 * sx, ay + sy * len / 2 + 9 * sy + 3, `up ×${slope.up}`, { class: "uphill-label" });
  }
}

/**
 * A point at ``deg`` degrees clockwise from the top, ``r`` pixels from (x, y) on the screen.
 * @param {number} x @param {number} y @param {number} r @param {number} deg @returns {Pt}
 */
function polar(x, y, r, deg) {
  const a = deg * Math.PI / 180;
  return [x + r * Math.sin(a), y - r * Math.cos(a)];
}

/**
 * The selected piece's rings, each shape carrying its kind and label (the range tool asks the
 * shapes which hold the pointer).
 * @param {SVGSVGElement} svg @param {Piece} p @param {Geometry} g
 */
export function drawRings(svg, p, g) {
  const centre = g.at(p.position);
  if (!centre) return;
  const [x, y] = centre;
  const gr = el("g", { class: "rings", "data-rings": p.id }, svg);
  for (const r of p.rings) {
    const rad = r.radius * g.unit, cls = `ring ring-${r.kind}`, data = { "data-ring": r.kind, "data-label": r.label };
    if (r.outline.length) {
      const pts = r.outline.map((q) => at(g, q));
      el("polygon", { points: pts.map((q) => q.map((v) => v.toFixed(1)).join(",")).join(" "), class: cls + " outline", ...data }, gr);
      const ys = pts.map((q) => q[1]);
      const top = Math.min(...ys);
      text(gr, x, top > 24 ? top - 3 : Math.max(...ys) + 11, r.label, { class: "ring-label" });
    } else if (r.arc) {
      const [a1, a2] = r.arc, span = ((a2 - a1) % 360 + 360) % 360;
      const [sx, sy] = polar(x, y, rad, a1), [ex, ey] = polar(x, y, rad, a2);
      el("path", { d: `M ${x} ${y} L ${sx} ${sy} A ${rad} ${rad} 0 ${span > 180 ? 1 : 0} 1 ${ex} ${ey} Z`,
                   class: cls, ...data }, gr);
      const [lx, ly] = polar(x, y, rad * 0.6, a1 + span / 2);
      text(gr, lx, ly, r.label, { class: "ring-label blind-label" });
    } else {
      el("circle", { cx: x, cy: y, r: rad, class: cls, ...data }, gr);
      text(gr, x, y - rad > 24 ? y - rad - 3 : y + rad + 11, r.label, { class: "ring-label" });
    }
  }
}

/**
 * The path straight ahead of the selected piece, as far as its move reaches (the server's
 * ``reach``), with a tick at every unit; a click on it moves that far (the page writes the
 * distance, the rules check it).
 * @param {SVGSVGElement} svg @param {Piece} p @param {FreeMove} f @param {Geometry} g
 */
export function drawAhead(svg, p, f, g) {
  const centre = g.at(p.position);
  if (!centre || f.heading === null) return;
  const [x, y] = centre, px = f.scale * g.unit, heading = f.heading;
  const ga = el("g", { class: "ahead", "data-table": "1", "data-ahead": p.id }, svg);
  const [ex, ey] = polar(x, y, f.reach * px, heading);
  el("line", { x1: x, y1: y, x2: ex, y2: ey, class: "ahead-hit" }, ga);
  const [bx, by] = polar(x, y, Math.min(Math.max(p.size * g.unit, 15), f.reach * px), heading);
  el("line", { x1: bx, y1: by, x2: ex, y2: ey, class: "ahead-path" }, ga); // from the bow on
  for (let u = 1; u <= f.reach + 1e-9; u++) {
    const [tx, ty] = polar(x, y, u * px, heading), [ox, oy] = polar(0, 0, 5, heading + 90);
    el("line", { x1: tx - ox, y1: ty - oy, x2: tx + ox, y2: ty + oy, class: "ahead-tick" }, ga);
  }
  el("circle", { cx: ex, cy: ey, r: 3.5, class: "ahead-end" }, ga);
  title(ga, `${p.id}: click on this path to move that far (up to ${f.reach} units)`);
}
