// A camera for the board's SVG: it keeps its own view box across redraws, moves to fit the
// pieces and map overlays only when they leave the view or shrink well inside it, and glides
// there (no jump); the wheel zooms about the pointer, a drag pans, "fit all" (key f) refits.
const cams = new WeakMap();

function fitBox(svg) {
  const parts = [".pieces", ".overlays", ".markers"].map((s) => svg.querySelector(s)).filter(Boolean);
  let box = null;
  for (const p of parts) {
    const b = p.getBBox();
    if (!b.width && !b.height) continue;
    box = box ? [Math.min(box[0], b.x), Math.min(box[1], b.y), Math.max(box[2], b.x + b.width), Math.max(box[3], b.y + b.height)]
      : [b.x, b.y, b.x + b.width, b.y + b.height];
  }
  if (!box) return null;
  const pad = 60, w = Math.max(box[2] - box[0] + 2 * pad, 360), h = Math.max(box[3] - box[1] + 2 * pad, 260);
  const cx = (box[0] + box[2]) / 2, cy = (box[1] + box[3]) / 2;
  return [cx - w / 2, cy - h / 2, w, h];
}

const inside = (a, b) => a[0] >= b[0] && a[1] >= b[1] && a[0] + a[2] <= b[0] + b[2] && a[1] + a[3] <= b[1] + b[3];

function set(svg, v) { svg.setAttribute("viewBox", v.map((x) => x.toFixed(1)).join(" ")); }

function glide(svg, cam, to) {
  const from = cam.view.slice(), t0 = performance.now(), ms = 350;
  cam.target = to;
  const stepFn = (t) => {
    if (cam.target !== to) return;
    const u = Math.min(1, (t - t0) / ms), e = u * (2 - u);
    cam.view = from.map((f, i) => f + (to[i] - f) * e);
    set(svg, cam.view);
    if (u < 1) requestAnimationFrame(stepFn);
  };
  requestAnimationFrame(stepFn);
}

export function fitAll(svg) {
  const cam = cams.get(svg);
  if (!cam) return;
  cam.manual = false;
  const f = fitBox(svg);
  if (f) glide(svg, cam, f);
}

// call after every drawBoard: restores the camera's view and moves it when needed
export function camera(svg) {
  let cam = cams.get(svg);
  const fit = fitBox(svg);
  if (!cam) {
    cam = { view: fit || svg.getAttribute("viewBox").split(" ").map(Number), manual: false, target: null };
    cams.set(svg, cam);
    install(svg, cam);
    set(svg, cam.view);
    return;
  }
  set(svg, cam.view);
  if (!fit || cam.manual) return;
  const tooBig = cam.view[2] > 2.2 * fit[2] && cam.view[3] > 2.2 * fit[3];
  if (!inside(fit, cam.view) || tooBig) glide(svg, cam, fit);
}

function install(svg, cam) {
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect(), k = ev.deltaY > 0 ? 1.15 : 1 / 1.15;
    const v = cam.view, px = v[0] + v[2] * (ev.clientX - r.left) / r.width, py = v[1] + v[3] * (ev.clientY - r.top) / r.height;
    cam.view = [px - (px - v[0]) * k, py - (py - v[1]) * k, v[2] * k, v[3] * k];
    cam.manual = true; cam.target = null;
    set(svg, cam.view);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("mousedown", (ev) => { if (ev.button === 0) drag = { x: ev.clientX, y: ev.clientY, v: cam.view.slice(), moved: false }; });
  window.addEventListener("mousemove", (ev) => {
    if (!drag) return;
    const r = svg.getBoundingClientRect(), dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) < 4 && !drag.moved) return;
    drag.moved = true;
    cam.view = [drag.v[0] - dx * drag.v[2] / r.width, drag.v[1] - dy * drag.v[3] / r.height, drag.v[2], drag.v[3]];
    cam.manual = true; cam.target = null;
    set(svg, cam.view);
  });
  window.addEventListener("mouseup", () => {
    if (drag && drag.moved) svg.addEventListener("click", (e) => e.stopPropagation(), { capture: true, once: true });
    drag = null;
  });
  const btn = document.createElement("button");
  btn.className = "small"; btn.id = "fit-all"; btn.textContent = "fit all (f)";
  btn.addEventListener("click", () => fitAll(svg));
  const bar = document.querySelector(".toolbar");
  if (bar) bar.appendChild(btn);
  document.addEventListener("keydown", (ev) => { if (ev.key === "f" && !ev.target.closest("input")) fitAll(svg); });
}
