// @ts-check
// A camera for the board's SVG: it keeps its own view box across redraws and moves to fit what
// matters — the pieces, the map overlays and what may be chosen now (lit hexes and points, the
// path ahead) — only when part of it leaves the view, gliding there (no jump); it never zooms in
// on its own after the first view. The wheel zooms about the pointer; a drag pans and two
// fingers pinch (pointer events: mouse, pen and touch alike); "fit all" (key f) refits.
// Counters and plot numbers keep a readable size on the screen however far the view zooms out
// (the CSS variables --k and --t the page's style scales them by).
/** @typedef {[number, number, number, number]} Box a view box: x, y, width, height */

/**
 * A drag or a pinch under way: the view when it began, the pointers then, whether it moved.
 * @typedef {{ view: Box, at: Map<number, [number, number]>, moved: boolean }} Gesture
 */

/**
 * A board's camera (one per SVG element: the drawing's own view, not the page's state).
 * @typedef {object} Camera
 * @property {Box} view
 * @property {boolean} manual the player moved it (it no longer follows on its own)
 * @property {Box | null} target where it glides to
 * @property {Gesture | null} [gesture]
 */

/** @type {WeakMap<SVGSVGElement, Camera>} */
const cams = new WeakMap();
//: what the camera frames
const FRAMED = [".pieces", ".overlays", ".markers", ".wrecks", ".hex.target", ".lit-points circle", ".ahead"];
//: the smallest radius of a counter and size of a plot number on the screen, in pixels
const MIN_COUNTER = 11, MIN_TEXT = 9;
//: a hex counter grows at most this much (0.56 of a hex's size × 1.5 still fits in its hex)
const MAX_K = 1.5;

/** What to frame: the box round every framed element, padded. @param {SVGSVGElement} svg @returns {Box | null} */
function fitBox(svg) {
  /** @type {Box | null} */
  let box = null;
  for (const e of svg.querySelectorAll(FRAMED.join(","))) {
    if (!(e instanceof SVGGraphicsElement)) continue;
    const b = e.getBBox();
    if (!b.width && !b.height) continue;
    box = box ? [Math.min(box[0], b.x), Math.min(box[1], b.y), Math.max(box[2], b.x + b.width), Math.max(box[3], b.y + b.height)]
      : [b.x, b.y, b.x + b.width, b.y + b.height];
  }
  if (!box) return null;
  const pad = 40, w = Math.max(box[2] - box[0] + 2 * pad, 360), h = Math.max(box[3] - box[1] + 2 * pad, 260);
  const cx = (box[0] + box[2]) / 2, cy = (box[1] + box[3]) / 2;
  return [cx - w / 2, cy - h / 2, w, h];
}

/** @param {Box} a @param {Box} b */
const inside = (a, b) => a[0] >= b[0] - 1 && a[1] >= b[1] - 1 && a[0] + a[2] <= b[0] + b[2] + 1 && a[1] + a[3] <= b[1] + b[3] + 1;

/** The view box, and how large counters and plot numbers are drawn for it. @param {SVGSVGElement} svg @param {Box} v */
function set(svg, v) {
  svg.setAttribute("viewBox", v.map((x) => x.toFixed(1)).join(" "));
  const r = svg.getBoundingClientRect();
  if (!r.width || !r.height) return;
  const ppu = Math.min(r.width / v[2], r.height / v[3]); // screen pixels per map unit
  const counter = Number(svg.dataset.counterRadius || 13);
  svg.style.setProperty("--k", Math.min(MAX_K, Math.max(1, MIN_COUNTER / (counter * ppu))).toFixed(3));
  svg.style.setProperty("--t", Math.max(1, MIN_TEXT / (7 * ppu)).toFixed(3));
}

/** @param {SVGSVGElement} svg @param {Camera} cam @param {Box} to */
function glide(svg, cam, to) {
  const from = cam.view, t0 = performance.now(), ms = 350;
  cam.target = to;
  /** @param {number} t */
  const stepFn = (t) => {
    if (cam.target !== to) return;
    const u = Math.min(1, (t - t0) / ms), e = u * (2 - u);
    /** @param {number} i */
    const mid = (i) => from[i] + (to[i] - from[i]) * e;
    cam.view = [mid(0), mid(1), mid(2), mid(3)];
    set(svg, cam.view);
    if (u < 1) requestAnimationFrame(stepFn);
  };
  requestAnimationFrame(stepFn);
}

/** Whether the pointer now lifted ends a drag or a pinch (no choice), not a tap. @param {SVGSVGElement} svg */
export function dragged(svg) {
  const cam = cams.get(svg);
  return !!(cam && cam.gesture && cam.gesture.moved);
}

/** Frame everything again (the player's own view forgotten). @param {SVGSVGElement} svg */
export function fitAll(svg) {
  const cam = cams.get(svg);
  if (!cam) return;
  cam.manual = false;
  const f = fitBox(svg);
  if (f) glide(svg, cam, f);
}

/** Call after every drawBoard: restores the camera's view and moves it when needed. @param {SVGSVGElement} svg */
export function camera(svg) {
  let cam = cams.get(svg);
  const fit = fitBox(svg);
  if (!cam) {
    const [x, y, w, ht] = (svg.getAttribute("viewBox") ?? "0 0 100 100").split(" ").map(Number);
    cam = { view: fit || [x, y, w, ht], manual: false, target: null };
    cams.set(svg, cam);
    install(svg, cam);
    set(svg, cam.view);
    return;
  }
  set(svg, cam.view);
  if (!fit || cam.manual) return;
  if (!inside(fit, cam.view)) glide(svg, cam, union(fit, cam.view));
}

/** The fit box grown to keep the view's shape no smaller (it moves, it does not zoom in). @param {Box} fit @param {Box} view @returns {Box} */
function union(fit, view) {
  const w = Math.max(fit[2], view[2]), h = Math.max(fit[3], view[3]);
  const cx = fit[0] + fit[2] / 2, cy = fit[1] + fit[3] / 2;
  return [cx - w / 2, cy - h / 2, w, h];
}

/** The camera's listeners (wheel, drag, pinch, fit all). @param {SVGSVGElement} svg @param {Camera} cam */
function install(svg, cam) {
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect(), k = ev.deltaY > 0 ? 1.15 : 1 / 1.15;
    const v = cam.view, px = v[0] + v[2] * (ev.clientX - r.left) / r.width, py = v[1] + v[3] * (ev.clientY - r.top) / r.height;
    cam.view = [px - (px - v[0]) * k, py - (py - v[1]) * k, v[2] * k, v[3] * k];
    cam.manual = true; cam.target = null;
    set(svg, cam.view);
  }, { passive: false });
  // drag and pinch: the pointers down on the board, and the view when the gesture began
  /** @type {Map<number, [number, number]>} */
  const down = new Map();
  /** @type {Gesture | null} */
  let gesture = null, quietUntil = 0;
  const begin = () => {
    gesture = down.size ? { view: cam.view, at: new Map(down), moved: false } : null;
    cam.gesture = gesture;
  };
  svg.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    down.set(ev.pointerId, [ev.clientX, ev.clientY]);
    const was = gesture && gesture.moved;
    begin();
    if (gesture && was) gesture.moved = true;
  });
  window.addEventListener("pointermove", (ev) => {
    if (!gesture || !down.has(ev.pointerId)) return;
    down.set(ev.pointerId, [ev.clientX, ev.clientY]);
    const g = gesture, r = svg.getBoundingClientRect(), v = g.view;
    const ids = [...g.at.keys()].filter((k) => down.has(k));
    /** @param {Map<number, [number, number]>} m @param {number} k @returns {[number, number]} */
    const of = (m, k) => m.get(k) ?? [0, 0];
    if (ids.length >= 2) { // pinch: the map point under the fingers' middle stays under it
      const [a0, b0] = ids.slice(0, 2).map((k) => of(g.at, k)), [a1, b1] = ids.slice(0, 2).map((k) => of(down, k));
      const d0 = Math.hypot(a0[0] - b0[0], a0[1] - b0[1]), d1 = Math.hypot(a1[0] - b1[0], a1[1] - b1[1]);
      if (d0 < 1 || d1 < 1) return;
      const k = d0 / d1, m0 = [(a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2], m1 = [(a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2];
      const px = v[0] + v[2] * (m0[0] - r.left) / r.width, py = v[1] + v[3] * (m0[1] - r.top) / r.height;
      const w = v[2] * k, h = v[3] * k;
      cam.view = [px - w * (m1[0] - r.left) / r.width, py - h * (m1[1] - r.top) / r.height, w, h];
      gesture.moved = true;
    } else if (ids.length === 1) {
      const p0 = of(g.at, ids[0]), p1 = of(down, ids[0]);
      const dx = p1[0] - p0[0], dy = p1[1] - p0[1];
      if (Math.abs(dx) + Math.abs(dy) < 6 && !gesture.moved) return;
      gesture.moved = true;
      cam.view = [v[0] - dx * v[2] / r.width, v[1] - dy * v[3] / r.height, v[2], v[3]];
    } else return;
    cam.manual = true; cam.target = null;
    set(svg, cam.view);
  });
  /** @param {PointerEvent} ev */
  const up = (ev) => {
    if (!down.has(ev.pointerId)) return;
    down.delete(ev.pointerId);
    if (gesture && gesture.moved) quietUntil = performance.now() + 400; // the click a drag ends with is no choice
    const moved = gesture && gesture.moved;
    begin();
    if (gesture && moved) gesture.moved = true;
  };
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  svg.addEventListener("click", (e) => { if (performance.now() < quietUntil) { e.stopPropagation(); e.preventDefault(); } }, { capture: true });
  window.addEventListener("resize", () => set(svg, cam.view));
  const btn = document.createElement("button");
  btn.className = "small"; btn.id = "fit-all"; btn.textContent = "fit all (f)";
  btn.addEventListener("click", () => fitAll(svg));
  const bar = document.querySelector(".toolbar");
  if (bar) bar.appendChild(btn);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "f" && !(ev.target instanceof Element && ev.target.closest("input"))) fitAll(svg);
  });
}
