// voidwar board drawing: a BoardView (voidwar/core/board.py) → SVG. Knows no ruleset: the
// server says what the map is, where each piece is, what it shows, and what a click chooses.
//
// Hex maps: flat-topped cells with unit-size centres (x, y down). Tables: inches, y up (the
// origin at the lower left), drawn flipped so the top edge is at the top of the screen.
// Elements carry data-hex / data-piece / data-point / data-table attributes the page listens to.

import { drawOverlays } from "./overlays.js";

export const S = 24; // pixels per hex size unit
const SVGNS = "http://www.w3.org/2000/svg";
const OUT = new Set(["destroyed", "surrendered", "off-map", "fled"]);

export function isOut(p) { return OUT.has(p.status); }

function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent, x, y, t, attrs = {}) {
  const e = el("text", { x, y, "text-anchor": "middle", ...attrs }, parent);
  e.textContent = t;
  return e;
}

// The geometry of a board: where a position is drawn, and the scale of one map unit.
export function geometry(board) {
  const m = board.map;
  if (m.kind === "table") {
    const k = 20; // pixels per inch (bases at true size; the camera keeps them readable)
    return {
      kind: "table", unit: k, scale: m.scale || 1,
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
    box: [(Math.min(...xs) - pad) * S, (Math.min(...ys) - pad) * S,
          (Math.max(...xs) - Math.min(...xs) + 2 * pad) * S,
          (Math.max(...ys) - Math.min(...ys) + 2 * pad) * S],
  };
}

export function hexDistance(a, b) {
  const dq = a.q - b.q, dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

function hexPoints(cx, cy, s) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export function sideColour(board, side) {
  const s = board.sides.find((x) => x.id === side);
  return s ? s.colour : "#999";
}

// marks: {selected, litHexes: Map key→label, litPieces: Set, litPoints: [[x,y,text]],
//         rings: bool, last: LastAction}
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
  else drawHexes(svg, board, g, lit);
  drawMarkers(svg, board, g);
  if (g.kind === "hex") drawOverlays(svg, board, g.at, S); // vectors, plots, FP/EoT (issue 17)
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
  if (free && marks.canAct) drawAhead(svg, sel, free, g);
  const gl = el("g", { class: "lit-points" }, svg);
  for (const [x, y, t] of marks.litPoints ?? []) {
    const [px, py] = g.at({ point: [x, y] });
    const c = el("circle", { cx: px, cy: py, r: 4, class: "lit-point", "data-point": `${x},${y}` }, gl);
    el("title", {}, c).textContent = t;
  }
}

function drawHexes(svg, board, g, lit) {
  const gh = el("g", { class: "hexes" }, svg);
  const gc = el("g", { class: "coords" }, svg);
  for (const c of board.map.cells) {
    const cx = c.x * S, cy = c.y * S;
    const poly = el("polygon", { points: hexPoints(cx, cy, S * 0.98), class: "hex" + (lit.has(c.key) ? " target" : ""),
                                 "data-hex": c.key }, gh);
    el("title", {}, poly).textContent = c.label;
    text(gc, cx, cy - S * 0.55, c.label, { class: "coord" });
    if (lit.has(c.key) && lit.get(c.key)) {
      text(gh, cx, cy + S * 0.62, lit.get(c.key), { class: "lit-label", "data-hex": c.key });
    }
  }
}

function drawTable(svg, board, g, defs) {
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
      const [px, py] = g.at({ point: [x0, y1] });
      shape = el("rect", { x: px, y: py, width: (x1 - x0) * k, height: (y1 - y0) * k }, gt);
      [lx, ly] = g.at({ point: [(x0 + x1) / 2, (y0 + y1) / 2] });
    } else if (t.shape === "circle") {
      const [cx, cy, r] = t.coords;
      [lx, ly] = g.at({ point: [cx, cy] });
      shape = el("circle", { cx: lx, cy: ly, r: r * k }, gt);
    } else continue;
    shape.setAttribute("class", `feature kind-${t.kind}`);
    shape.setAttribute("data-terrain", t.id);
    shape.setAttribute("data-table", "1");
    el("title", {}, shape).textContent = describeTerrain(t);
    if (t.slope && t.shape === "rect") drawSlope(gt, defs, t, g);
    text(gt, lx, ly + 4, t.name, { class: "terrain-name" });
  }
  if (m.edges.top) text(svg, m.width * k / 2, -6, m.edges.top, { class: "edge" });
  if (m.edges.bottom) text(svg, m.width * k / 2, m.height * k + 16, m.edges.bottom, { class: "edge" });
}

export function describeTerrain(t) {
  const what = [];
  if (t.impassable) what.push("impassable");
  if (t.blocks_los) what.push("blocks line of sight");
  if (t.slope) what.push(`${t.slope.text}: movement up ×${t.slope.up}, down ×${t.slope.down}, across ×${t.move}`);
  else if (t.move !== "1") what.push(`movement ×${t.move}`);
  return `${t.name} (${what.join(", ") || "open"})`;
}

// A hill: contour lines across the slope (clipped to its area) and arrows pointing uphill,
// labelled with the multiplier going up.
function drawSlope(parent, defs, t, g) {
  const [x0, y0, x1, y1] = t.coords, k = g.unit;
  const [px, py] = g.at({ point: [x0, y1] }), w = (x1 - x0) * k, hgt = (y1 - y0) * k;
  const clip = el("clipPath", { id: `clip-${t.id}` }, defs);
  el("rect", { x: px, y: py, width: w, height: hgt }, clip);
  const gs = el("g", { class: "slope", "clip-path": `url(#clip-${t.id})`, "data-slope": t.id }, parent);
  const sx = t.slope.rise[0], sy = -t.slope.rise[1]; // uphill on the screen (y down)
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
    text(gs, ax + sx * len / 2 + 9 * sx, ay + sy * len / 2 + 9 * sy + 3, `up ×${t.slope.up}`, { class: "uphill-label" });
  }
}

function drawMarkers(svg, board, g) {
  const gm = el("g", { class: "markers" }, svg);
  for (const m of board.markers) {
    const at = g.at(m.position);
    if (!at) continue;
    const [x, y] = at;
    const e = el("g", { class: `marker marker-${m.kind}`, "data-marker": m.kind }, gm);
    if (m.radius !== null && m.radius !== undefined) {
      e.setAttribute("data-table", "1"); // a click inside still chooses a point of the table
      e.setAttribute("data-at", m.position.point.join(","));
      e.setAttribute("data-radius", String(m.radius));
      el("circle", { cx: x, cy: y, r: m.radius * g.unit, class: "area" }, e);
      el("circle", { cx: x, cy: y, r: 2, class: "centre" }, e);
    } else if (m.kind === "mine") el("polygon", { points: hexPoints(x, y, S * 0.9) }, e);
    else el("circle", { cx: x, cy: y + S * 0.55, r: S * 0.22 }, e);
    el("title", {}, e).textContent = m.label;
  }
}

// a point at `deg` degrees clockwise from the top, `r` pixels from (x, y) on the screen
function polar(x, y, r, deg) {
  const a = deg * Math.PI / 180;
  return [x + r * Math.sin(a), y - r * Math.cos(a)];
}

function drawRings(svg, p, g) {
  const [x, y] = g.at(p.position);
  const gr = el("g", { class: "rings", "data-rings": p.id }, svg);
  for (const r of p.rings) {
    const rad = r.radius * g.unit, cls = `ring ring-${r.kind}`;
    if (r.outline.length) {
      const pts = r.outline.map((q) => g.at({ point: q }).map((v) => v.toFixed(1)).join(","));
      el("polygon", { points: pts.join(" "), class: cls + " outline", "data-ring": r.kind }, gr);
      const ys = r.outline.map((q) => g.at({ point: q })[1]);
      const top = Math.min(...ys);
      text(gr, x, top > 24 ? top - 3 : Math.max(...ys) + 11, r.label, { class: "ring-label" });
    } else if (r.arc) {
      const [a1, a2] = r.arc, span = ((a2 - a1) % 360 + 360) % 360;
      const [sx, sy] = polar(x, y, rad, a1), [ex, ey] = polar(x, y, rad, a2);
      el("path", { d: `M ${x} ${y} L ${sx} ${sy} A ${rad} ${rad} 0 ${span > 180 ? 1 : 0} 1 ${ex} ${ey} Z`,
                   class: cls, "data-ring": r.kind }, gr);
      const [lx, ly] = polar(x, y, rad * 0.6, a1 + span / 2);
      text(gr, lx, ly, r.label, { class: "ring-label blind-label" });
    } else {
      el("circle", { cx: x, cy: y, r: rad, class: cls, "data-ring": r.kind }, gr);
      text(gr, x, y - rad > 24 ? y - rad - 3 : y + rad + 11, r.label, { class: "ring-label" });
    }
  }
}

// The path straight ahead of the selected piece, as far as its move reaches, with a tick at
// every unit; a click on it moves that far (the page writes the distance).
function drawAhead(svg, p, f, g) {
  const [x, y] = g.at(p.position), px = f.scale * g.unit;
  const ga = el("g", { class: "ahead", "data-table": "1", "data-ahead": p.id }, svg);
  const [ex, ey] = polar(x, y, f.reach * px, f.heading);
  el("line", { x1: x, y1: y, x2: ex, y2: ey, class: "ahead-hit" }, ga);
  const [bx, by] = polar(x, y, Math.min(Math.max(p.size * g.unit, 15), f.reach * px), f.heading);
  el("line", { x1: bx, y1: by, x2: ex, y2: ey, class: "ahead-path" }, ga); // from the bow on
  for (let u = 1; u <= f.reach + 1e-9; u++) {
    const [tx, ty] = polar(x, y, u * px, f.heading), [ox, oy] = polar(0, 0, 5, f.heading + 90);
    el("line", { x1: tx - ox, y1: ty - oy, x2: tx + ox, y2: ty + oy, class: "ahead-tick" }, ga);
  }
  el("circle", { cx: ex, cy: ey, r: 3.5, class: "ahead-end" }, ga);
  el("title", {}, ga).textContent = `${p.id}: click on this path to move that far (up to ${f.reach} units)`;
}

// What the rings of `p` say about the map point `b`: the first band that reaches it, whether
// it lies in an arc (the rear arc) and whether it is inside an outlined reach.
export function ringsAt(p, b) {
  const a = p.position.point, out = [];
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const band = p.rings.filter((r) => r.kind === "band").sort((x, y) => x.radius - y.radius).find((r) => d <= r.radius + 1e-9);
  if (p.rings.some((r) => r.kind === "band")) out.push(band ? band.label : "out of range");
  const bearing = ((Math.atan2(b[0] - a[0], b[1] - a[1]) * 180 / Math.PI) % 360 + 360) % 360;
  for (const r of p.rings.filter((x) => x.arc)) {
    const span = ((r.arc[1] - r.arc[0]) % 360 + 360) % 360, off = ((bearing - r.arc[0]) % 360 + 360) % 360;
    if (off > 0 && off < span) out.push(r.label);
  }
  for (const r of p.rings.filter((x) => x.outline.length)) {
    out.push(inPolygon(b, r.outline) ? "within its straight-leg reach" : "beyond its straight-leg reach");
  }
  return out;
}

function inPolygon(pt, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > pt[1]) !== (yj > pt[1]) && pt[0] < (xj - xi) * (pt[1] - yi) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function drawLast(svg, board, g, last) {
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

// The drawing radius of a counter: on a table its base at true size, on a hex map a counter
// filling most of its hex (smaller when it shares the hex).
export function radius(p, g, stacked = false) {
  return g.kind === "table" ? p.size * g.unit : S * (p.landmark ? 0.85 : stacked ? 0.42 : 0.56);
}

// Where each counter is drawn: at its own place, except pieces that would cover one another
// (one hex, or bases overlapping on a table — an enemy ending its move on a ship): those fan out
// round their common centre, each counter whole and clickable, a leg to where it stands.
export function layout(pieces, g) {
  const spots = pieces.map((p) => ({ p, at: g.at(p.position), r: radius(p, g) }));
  const parent = spots.map((_, i) => i);
  const root = (i) => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  for (let i = 0; i < spots.length; i++) {
    for (let j = i + 1; j < spots.length; j++) {
      const a = spots[i], b = spots[j];
      const same = g.kind === "hex" ? a.p.position.hex === b.p.position.hex
        : Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]) < (a.r + b.r) * 0.98;
      if (same) parent[root(i)] = root(j);
    }
  }
  const groups = new Map();
  spots.forEach((s, i) => { const k = root(i); if (!groups.has(k)) groups.set(k, []); groups.get(k).push(s); });
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

// Pieces out of play that still have a place (destroyed, surrendered): a faint wreck where they
// were, so the last shot points at something; never clickable.
function drawWrecks(svg, board, g) {
  const gw = el("g", { class: "wrecks" }, svg);
  for (const p of board.pieces.filter((q) => isOut(q) && q.position && g.at(q.position))) {
    const [x, y] = g.at(p.position), r = radius(p, g) * 0.8;
    const w = el("g", { class: `wreck status-${p.status}`, "data-wreck": p.id, "data-status": p.status }, gw);
    el("circle", { cx: x, cy: y, r, fill: sideColour(board, p.side), class: "wreck-body" }, w);
    const d = r * 0.55;
    el("path", { d: `M ${x - d} ${y - d} L ${x + d} ${y + d} M ${x + d} ${y - d} L ${x - d} ${y + d}`, class: "wreck-x" }, w);
    el("title", {}, w).textContent = `${p.id} — ${p.status}`;
  }
}

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
  if (p.position.hex) e.setAttribute("data-hex", p.position.hex);
  if (p.position.point) e.setAttribute("data-at", p.position.point.join(","));
  if (p.facing !== null && p.facing !== undefined) e.setAttribute("data-facing", String(p.facing));
  el("circle", { cx: x, cy: y, r: rad, fill: sideColour(board, p.side), class: "body" }, e);
  if (p.facing !== null && p.facing !== undefined) {
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
  if (p.altitude !== null && p.altitude !== undefined) {
    text(e, x + rad * 1.05, y - rad * 0.7, (p.altitude > 0 ? "+" : "") + p.altitude,
         { class: "alt", "data-altitude": String(p.altitude) });
  }
  el("title", {}, e).textContent = describe(p);
}

export function describe(p) {
  const parts = p.counters.map((c) => `${c.name} ${c.value}${c.max !== null ? "/" + c.max : ""}`);
  return `${p.id}${p.kind ? " (" + p.kind + ")" : ""} — ${p.status}${parts.length ? ", " + parts.join(", ") : ""}`;
}

// Does the segment a→b pass through a feature that blocks sight? (a page-side aid only; the
// rules decide). Returns the first blocking terrain, or null.
export function losBlocker(board, a, b) {
  for (const t of board.terrain) {
    if (!t.blocks_los) continue;
    if (t.shape === "rect") {
      const [x0, y0, x1, y1] = t.coords;
      const inside = (p) => p[0] > x0 && p[0] < x1 && p[1] > y0 && p[1] < y1;
      if (inside(a) || inside(b)) continue;
      let lo = 0, hi = 1;
      const d = [b[0] - a[0], b[1] - a[1]];
      const ok = [[-d[0], a[0] - x0], [d[0], x1 - a[0]], [-d[1], a[1] - y0], [d[1], y1 - a[1]]].every(([p, q]) => {
        if (p === 0) return q > 0;
        const r = q / p;
        if (p < 0) lo = Math.max(lo, r); else hi = Math.min(hi, r);
        return lo < hi;
      });
      if (ok && hi - lo > 1e-6) return t;
    } else if (t.shape === "circle") {
      const [cx, cy, r] = t.coords;
      const dx = b[0] - a[0], dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy || 1;
      const u = Math.max(0, Math.min(1, ((cx - a[0]) * dx + (cy - a[1]) * dy) / len2));
      const px = a[0] + u * dx - cx, py = a[1] + u * dy - cy;
      const inA = (a[0] - cx) ** 2 + (a[1] - cy) ** 2 < r * r, inB = (b[0] - cx) ** 2 + (b[1] - cy) ** 2 < r * r;
      if (!inA && !inB && px * px + py * py < r * r) return t;
    }
  }
  return null;
}
