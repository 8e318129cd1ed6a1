// voidwar board drawing: the view JSON of any ruleset → an SVG board.
//
// extractModel(view, ruleset) finds the pieces in a view by shape, not by ruleset name:
//   any object with a string `id` and a position — `hex` ([q,r], [q,r,z], "q,r", "q,r,z",
//   {q,r,z}), `at`/`pos`/`position` ("x,y" inches or [x,y]), or `q`+`r` / `x`+`y` keys.
// A view with a `table` {width,height} is drawn as an inch-scaled table; otherwise as a map of
// flat-topped axial hexes (pixel x = 1.5*q*size, y = sqrt(3)*(r + q/2)*size). A `board` with
// shape "hexagon" and a radius gives the map; without one the map covers the pieces. Hex-valued
// entries of `board` (Antilles' platform) become landmarks. A board of `cols` × `rows` is an
// "odd-q" offset rectangle whose hexes are named "CCRR" (Space Fleet: "0511" = column 5, row 11;
// axial q = c, r = row - (c - (c & 1)) / 2). Nothing found → a plain unit list.

export const HEX_SIZE = 22;
const SQRT3 = Math.sqrt(3);
const SVGNS = "http://www.w3.org/2000/svg";
// names a landmark also answers to in action notation
const LANDMARK_ALIASES = { antilles: ["platform", "antilles"] };
const SIDE_COLOURS = ["#4aa3ff", "#ff6b5a", "#7ddc72", "#f4c542", "#c58bff", "#5ee0d0"];

export function hexToPixel(q, r, size = HEX_SIZE) {
  return [1.5 * q * size, SQRT3 * (r + q / 2) * size];
}

function num(v) {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return NaN;
  const m = v.match(/^\s*(-?\d+)\s*\/\s*(\d+)\s*$/);
  return m ? Number(m[1]) / Number(m[2]) : Number(v);
}

// position of a piece-like object: {hex:[q,r,z]} | {pt:[x,y]} | null
export function fromOffset(c, w) { return [c, w - (c - (c & 1)) / 2]; }
export function offsetLabel(q, r) {
  const w = r + (q - (q & 1)) / 2;
  return String(q).padStart(2, "0") + String(w).padStart(2, "0");
}

function positionOf(o) {
  const h = o.hex ?? o.position_hex;
  if (h !== undefined && h !== null) {
    let a = null;
    if (Array.isArray(h)) a = h.map(Number);
    else if (typeof h === "string" && /^\d{4}$/.test(h)) {
      a = fromOffset(Number(h.slice(0, 2)), Number(h.slice(2)));
    } else if (typeof h === "string") a = h.split(",").map(Number);
    else if (typeof h === "object" && "q" in h) a = [h.q, h.r, h.z ?? h.alt ?? 0];
    if (a && a.length >= 2 && a.every(Number.isFinite)) return { hex: a };
  }
  for (const k of ["at", "pos", "position"]) {
    const p = o[k];
    if (p === undefined || p === null) continue;
    let a = null;
    if (Array.isArray(p)) a = p.map(num);
    else if (typeof p === "string") a = p.split(",").map(num);
    else if (typeof p === "object" && "x" in p) a = [num(p.x), num(p.y), num(p.z ?? 0)];
    else if (typeof p === "object" && "q" in p) return { hex: [p.q, p.r, p.z ?? 0] };
    if (a && a.length >= 2 && a.every(Number.isFinite)) return { pt: a };
  }
  if (Number.isInteger(o.q) && Number.isInteger(o.r)) return { hex: [o.q, o.r, o.z ?? o.alt ?? 0] };
  if (typeof o.x === "number" && typeof o.y === "number") return { pt: [o.x, o.y] };
  return null;
}

function altitudeOf(o, pos) {
  for (const k of ["z", "alt", "altitude", "level", "elevation"]) {
    if (typeof o[k] === "number") return o[k];
  }
  if (pos && pos.hex && pos.hex.length >= 3) return pos.hex[2];
  return null;
}

export function extractModel(view, ruleset) {
  const pieces = [];
  const unplaced = [];
  const groups = [];
  const walk = (node, group, depth) => {
    if (depth > 6 || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      node.forEach((n) => walk(n, group, depth + 1));
      return;
    }
    if (typeof node.id === "string") {
      const pos = positionOf(node);
      const side = node.side ?? node.seat ?? node.owner ?? node.player ?? group;
      if (!groups.includes(side)) groups.push(side);
      const alive = !(node.alive === false || node.destroyed === true || node.removed === true);
      const piece = { id: node.id, side, group, data: node, alive, pos,
                      alt: altitudeOf(node, pos),
                      facing: node.facing ?? node.heading ?? node.orientation?.heading ?? null };
      if (pos) pieces.push(piece); else if (alive) unplaced.push(piece);
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === "board" || k === "table") continue;
      walk(v, Array.isArray(v) ? k : group, depth + 1);
    }
  };
  walk(view, "units", 0);
  const model = { ruleset, pieces, unplaced, groups, landmarks: [], kind: "list",
                  label: (q, r) => `${q},${r}` };
  const table = view.table;
  if (table && typeof table === "object" && Number.isFinite(num(table.width))) {
    model.kind = "table";
    model.width = num(table.width);
    model.height = num(table.height);
    return model;
  }
  // no table: integer positions are hexes (Attack Vector's [q, r, z])
  for (const p of pieces) {
    if (p.pos.pt && p.pos.pt.every(Number.isInteger)) {
      p.pos = { hex: p.pos.pt };
      if (p.alt === null && p.pos.hex.length >= 3) p.alt = p.pos.hex[2];
    }
  }
  const board = view.board ?? view.map ?? null;
  if (board && typeof board === "object") {
    for (const [k, v] of Object.entries(board)) {
      if (Array.isArray(v) && v.length >= 2 && v.length <= 3 && v.every(Number.isInteger)) {
        model.landmarks.push({ id: k, hex: v, aliases: LANDMARK_ALIASES[k] ?? [k] });
      }
    }
  }
  const hexPieces = pieces.filter((p) => p.pos.hex);
  if (board && board.shape === "hexagon" && Number.isInteger(board.radius)) {
    const c = Array.isArray(board.center) ? board.center : [0, 0];
    model.kind = "hex";
    model.hexes = hexagon(c[0], c[1], board.radius);
  } else if (board && Number.isInteger(board.cols) && Number.isInteger(board.rows)) {
    model.kind = "hex";
    model.offset = true;
    model.label = offsetLabel;
    model.hexes = [];
    for (let c = 0; c < board.cols; c++) {
      for (let w = 0; w < board.rows; w++) model.hexes.push(fromOffset(c, w));
    }
  } else if (hexPieces.length) {
    model.kind = "hex";
    model.hexes = covering(hexPieces.map((p) => p.pos.hex), 4);
  }
  return model;
}

function hexagon(cq, cr, radius) {
  const out = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) {
      out.push([cq + q, cr + r]);
    }
  }
  return out;
}

function covering(hexes, margin) {
  const qs = hexes.map((h) => h[0]);
  const ys = hexes.map((h) => h[1] + h[0] / 2);
  // at least `margin` around the pieces, and about as wide as tall
  const ySpan = Math.max(...ys) - Math.min(...ys), qSpan = Math.max(...qs) - Math.min(...qs);
  const qPad = Math.max(margin, Math.ceil((ySpan * 1.15 - qSpan) / 2));
  const yPad = Math.max(margin, Math.ceil((qSpan * 0.87 - ySpan) / 2));
  const qmin = Math.min(...qs) - qPad, qmax = Math.max(...qs) + qPad;
  const ymin = Math.min(...ys) - yPad, ymax = Math.max(...ys) + yPad;
  const out = [];
  for (let q = qmin; q <= qmax; q++) {
    for (let r = Math.ceil(ymin - q / 2); r <= Math.floor(ymax - q / 2); r++) out.push([q, r]);
  }
  return out;
}

function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// facing → degrees clockwise from "up": letters A–F (60° steps; two letters = the corner
// between them), or an integer (0–5 sides; 0–11 twelve-point facings for attack-vector)
export function facingAngle(f, ruleset) {
  if (f === null || f === undefined) return null;
  if (typeof f === "string") {
    const letters = f.toUpperCase().replace(/[^A-F]/g, "");
    if (!letters.length) return null;
    const a = "ABCDEF".indexOf(letters[0]) * 60;
    if (letters.length === 2) {
      const b = "ABCDEF".indexOf(letters[1]) * 60;
      return (b - a + 360) % 360 === 60 ? a + 30 : (b + 30) % 360;
    }
    return a;
  }
  if (Number.isInteger(f)) return ruleset === "attack-vector" ? f * 30 : f * 60;
  return null;
}

function sideColour(model, side) {
  const i = model.groups.indexOf(side);
  return SIDE_COLOURS[(i < 0 ? 0 : i) % SIDE_COLOURS.length];
}

// Draw `model` into `svg`; returns nothing. Elements carry data-hex / data-piece / data-table
// attributes the page listens to.
export function drawBoard(svg, model, marks = {}) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const sel = marks.selected ?? null;
  const targets = marks.targets ?? new Set();
  if (model.kind === "table") return drawTable(svg, model, sel, targets);
  if (model.kind !== "hex") {
    svg.setAttribute("viewBox", "0 0 10 10");
    svg.setAttribute("class", "board empty");
    return;
  }
  svg.setAttribute("class", "board hexmap");
  const S = HEX_SIZE;
  const centres = model.hexes.map(([q, r]) => hexToPixel(q, r, S));
  const xs = centres.map((c) => c[0]), ys = centres.map((c) => c[1]);
  const pad = S * 1.2;
  const x0 = Math.min(...xs) - pad, y0 = Math.min(...ys) - pad;
  svg.setAttribute("viewBox",
    `${x0} ${y0} ${Math.max(...xs) - x0 + pad} ${Math.max(...ys) - y0 + pad}`);
  const corners = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * 60 * i;
    corners.push([S * Math.cos(a), S * Math.sin(a)]);
  }
  const gHex = el("g", { class: "hexes" }, svg);
  model.hexes.forEach(([q, r], i) => {
    const [cx, cy] = centres[i];
    const key = model.label(q, r);
    const poly = el("polygon", {
      points: corners.map(([x, y]) => `${(cx + x).toFixed(2)},${(cy + y).toFixed(2)}`).join(" "),
      class: "hex" + (targets.has(key) ? " target" : ""),
      "data-hex": key,
    }, gHex);
    const t = el("title", {}, poly);
    t.textContent = key;
  });
  // coordinates on the centre hex and the rim, small
  for (const lm of model.landmarks) {
    const [cx, cy] = hexToPixel(lm.hex[0], lm.hex[1], S);
    const g = el("g", { class: "landmark" + (targets.has(lm.id) ? " target" : ""),
                        "data-piece": lm.id, "data-hex": model.label(lm.hex[0], lm.hex[1]) }, svg);
    el("circle", { cx, cy, r: S * 0.8 }, g);
    const t = el("text", { x: cx, y: cy + 4, "text-anchor": "middle" }, g);
    t.textContent = lm.id.slice(0, 3).toUpperCase();
    const tt = el("title", {}, g);
    tt.textContent = `${lm.id} (${model.label(lm.hex[0], lm.hex[1])})`;
  }
  // stack pieces sharing a hex
  const stacks = new Map();
  for (const p of model.pieces) {
    if (!p.pos.hex) continue;
    const key = model.label(p.pos.hex[0], p.pos.hex[1]);
    if (!stacks.has(key)) stacks.set(key, []);
    stacks.get(key).push(p);
  }
  const gP = el("g", { class: "pieces" }, svg);
  for (const [key, ps] of stacks) {
    ps.forEach((p, i) => {
      const [q, r] = p.pos.hex;
      let [cx, cy] = hexToPixel(q, r, S);
      if (ps.length > 1) { cx += (i - (ps.length - 1) / 2) * S * 0.5; cy += (i % 2) * 3; }
      drawPiece(gP, model, p, cx, cy, S * 0.55, key, sel, targets);
    });
  }
}

function drawPiece(parent, model, p, cx, cy, rad, key, sel, targets) {
  const cls = ["piece", `side-${model.groups.indexOf(p.side)}`];
  if (!p.alive) cls.push("dead");
  if (sel === p.id) cls.push("selected");
  if (targets.has(p.id)) cls.push("target");
  const g = el("g", { class: cls.join(" "), "data-piece": p.id, "data-hex": key }, parent);
  el("circle", { cx, cy, r: rad, fill: sideColour(model, p.side) }, g);
  const ang = facingAngle(p.facing, model.ruleset);
  if (ang !== null && p.alive) {
    const a = (ang - 90) * Math.PI / 180;
    el("line", { x1: cx, y1: cy, x2: cx + Math.cos(a) * rad * 1.5, y2: cy + Math.sin(a) * rad * 1.5,
                 class: "facing" }, g);
  }
  const t = el("text", { x: cx, y: cy + rad * 0.35, "text-anchor": "middle",
                         "font-size": rad * 0.95 }, g);
  t.textContent = shortLabel(p.id);
  if (p.alt !== null && p.alt !== undefined) {
    // altitude-aware label (Attack Vector): the level above/below the map plane
    const lab = el("text", { x: cx + rad * 0.9, y: cy - rad * 0.8, class: "alt",
                             "font-size": rad * 0.8 }, g);
    lab.textContent = (p.alt > 0 ? "+" : "") + p.alt;
  }
  const tip = el("title", {}, g);
  tip.textContent = describe(p);
}

// "blue-1" → "B1": long ids shortened to fit a counter
export function shortLabel(id) {
  if (id.length <= 4) return id;
  const digits = (id.match(/\d+$/) || [""])[0];
  return (id.replace(/[^A-Za-z]/g, "").slice(0, 4 - digits.length) || id[0]).toUpperCase() + digits;
}

export function describe(p) {
  const skip = new Set(["id"]);
  const parts = Object.entries(p.data)
    .filter(([k, v]) => !skip.has(k) && (v === null || typeof v !== "object"))
    .map(([k, v]) => `${k}: ${v}`);
  return `${p.id} — ${parts.join(", ")}`;
}

function drawTable(svg, model, sel, targets) {
  svg.setAttribute("class", "board table");
  const m = 1;
  svg.setAttribute("viewBox", `${-m} ${-m} ${model.width + 2 * m} ${model.height + 2 * m}`);
  el("rect", { x: 0, y: 0, width: model.width, height: model.height, class: "tabletop",
               "data-table": "1" }, svg);
  const grid = el("g", { class: "inches" }, svg);
  for (let x = 6; x < model.width; x += 6) {
    el("line", { x1: x, y1: 0, x2: x, y2: model.height }, grid);
  }
  for (let y = 6; y < model.height; y += 6) {
    el("line", { x1: 0, y1: y, x2: model.width, y2: y }, grid);
  }
  const gP = el("g", { class: "pieces" }, svg);
  for (const p of model.pieces) {
    if (!p.pos.pt) continue;
    const [x, y] = p.pos.pt;
    drawPiece(gP, model, p, x, y, 0.5, `${x},${y}`, sel, targets);
  }
}

// The scalar facts of a view (turn, phase, platform boxes, score...) as [label, text] pairs:
// everything that is not a piece, a board or a table, flattened two levels deep.
export function factsOf(view) {
  const out = [];
  const isPiece = (x) => x && typeof x === "object" && "id" in x;
  const isPieceList = (v) => v && typeof v === "object"
    && (Array.isArray(v) ? v.some(isPiece) : Object.values(v).length > 0 && Object.values(v).every(isPiece));
  const flat = (v, depth) => {
    if (v === null || typeof v !== "object") return String(v);
    if (Array.isArray(v)) {
      if (isPieceList(v)) return null;
      return depth > 1 ? JSON.stringify(v) : v.map((x) => flat(x, depth + 1)).join(", ");
    }
    if (depth > 1) return JSON.stringify(v);
    const parts = Object.entries(v).map(([k, x]) => {
      const t = flat(x, depth + 1);
      return t === null ? null : `${k} ${t}`;
    }).filter((x) => x !== null);
    return parts.join(", ");
  };
  for (const [k, v] of Object.entries(view)) {
    if (["board", "table", "ruleset", "map"].includes(k) || isPieceList(v)) continue;
    const t = flat(v, 0);
    if (t !== null && t !== "" && t !== "null") out.push([k, t]);
  }
  return out;
}
