// @ts-check
// A spherical attitude display (SphereWidget of voidwar/core/board.py) drawn like the printed
// AVID: azimuth windows around rings whose colour bands the server names, upper and lower
// hemispheres side by side (marks below the reference ring circled), lit windows for targets,
// the chosen mount's arc hatched; a click on a window with an action chooses it.
import { el } from "./svg.js";

/** @typedef {import("./board-types").SphereWidget} SphereWidget */

/** @type {Record<string, string>} */
const BAND = { amber: "#d89b2b", blue: "#2f6fd6", green: "#3aa05a", purple: "#8a4fcf" };

/** @param {number} cx @param {number} cy @param {number} r @param {number} deg @returns {[number, number]} */
const pt = (cx, cy, r, deg) => [cx + r * Math.sin(deg * Math.PI / 180), cy - r * Math.cos(deg * Math.PI / 180)];

/** The path of a window: the ring band from r0 to r1 between angles a0 and a1 (degrees). @param {number} cx @param {number} cy @param {number} r0 @param {number} r1 @param {number} a0 @param {number} a1 */
function sector(cx, cy, r0, r1, a0, a1) {
  if (r0 <= 0) { // the pole: a whole disc
    return `M ${cx - r1} ${cy} a ${r1} ${r1} 0 1 0 ${2 * r1} 0 a ${r1} ${r1} 0 1 0 ${-2 * r1} 0`;
  }
  const [x0, y0] = pt(cx, cy, r1, a0), [x1, y1] = pt(cx, cy, r1, a1);
  const [x2, y2] = pt(cx, cy, r0, a1), [x3, y3] = pt(cx, cy, r0, a0);
  return `M ${x0} ${y0} A ${r1} ${r1} 0 0 1 ${x1} ${y1} L ${x2} ${y2} A ${r0} ${r0} 0 0 0 ${x3} ${y3} Z`;
}

/**
 * What the page asks of the sphere: ``mount`` the mount whose arc is hatched, ``onPick`` what a
 * click on a window with an action does, ``preview`` marker → the window it will stand in (drawn
 * primed), ``chosen`` the window clicked, outlined while the page asks to confirm.
 * @typedef {object} SphereOptions
 * @property {string} [mount]
 * @property {((action: string, window: string) => void) | null} [onPick]
 * @property {Record<string, string> | null} [preview]
 * @property {string | null} [chosen]
 */

/** @param {SphereWidget} w @param {SphereOptions} [opts] */
export function drawSphere(w, opts = {}) {
  const R = 92, gap = 36, W = 4 * R + gap + 44, H = 2 * R + 44;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "sphere", "data-piece": w.piece });
  const n = w.azimuths.length, step = 360 / n, rings = w.rings;
  // band radii: the outer band is ring 0, the pole (ring = rings) the centre
  /** @param {number} i */
  const edge = (i) => R * (1 - i / (rings + 0.35));
  /** @type {[number, string, number][]} */
  const hemis = [[22 + R, "above (+)", 1], [22 + 3 * R + gap, "below (−)", -1]];
  for (const [cx, title, sign] of hemis) {
    const cy = R + 22;
    el("text", { x: cx, y: 12, class: "sphere-title", "text-anchor": "middle" }, svg).textContent = title;
    for (const win of w.windows) {
      if (win.e * sign < 0) continue;
      const i = Math.abs(win.e);
      const r1 = edge(i), r0 = i === rings ? 0 : edge(i + 1);
      const a = win.k * step;
      const cls = ["window", `band-${win.band}`];
      if (win.lit) cls.push("lit");
      if (win.action) cls.push("can");
      if (opts.mount && win.arcs.includes(opts.mount)) cls.push("in-arc");
      const g = el("g", { class: cls.join(" "), "data-window": win.key, "data-action": win.action || "" }, svg);
      el("path", { d: sector(cx, cy, r0, r1, a - step / 2, a + step / 2), fill: BAND[win.band] || "#555" }, g);
      const rm = i === rings ? 0 : (r0 + r1) / 2;
      const [tx, ty] = pt(cx, cy, rm, a);
      el("title", {}, g).textContent = `${win.key} (${win.band})${win.marks.length ? ": " + win.marks.map((m) => m.label).join(", ") : ""}${win.arcs.length ? " · mounts " + win.arcs.join(" ") : ""}${win.action ? " · click: " + win.action : ""}`;
      win.marks.forEach((m, j) => {
        const y = ty + 3 + (j - (win.marks.length - 1) / 2) * 9;
        const t = el("text", { x: tx, y, class: `mark mark-${m.kind}${m.faint ? " faint" : ""}`, "text-anchor": "middle",
                               fill: m.side || "" }, g);
        t.textContent = m.kind === "target" ? m.label.split(" ").pop() ?? "" : m.label;
        if (m.circled) el("circle", { cx: tx, cy: y - 3, r: 5.5, class: "circled" }, g);
      });
      if (opts.chosen === win.key) {
        el("path", { d: sector(cx, cy, r0, r1, a - step / 2, a + step / 2), class: "chosen" }, g);
      }
      const ahead = Object.entries(opts.preview || {}).filter(([, k]) => k === win.key).map(([m]) => m);
      if (ahead.length) { // where the markers will stand once the change is made
        el("text", { x: tx, y: ty + 3 + Math.max(win.marks.length, 1) * 6 + 4, class: "mark preview",
                     "text-anchor": "middle" }, g).textContent = ahead.join(" ") + "′";
      }
      const pick = opts.onPick;
      if (win.action && pick) g.addEventListener("click", () => pick(win.action, win.key));
    }
    for (let k = 0; k < n; k++) { // azimuth names around the outer ring
      const [x, y] = pt(cx, cy, R + 9, k * step);
      el("text", { x, y: y + 3, class: "azimuth", "text-anchor": "middle" }, svg).textContent = w.azimuths[k];
    }
  }
  return svg;
}
