// @ts-check
// The display widgets of a BoardView (voidwar/core/widgets.py: sphere, gauges, tracks, stepper,
// table, profile) → HTML/SVG beside the map. Widget kinds only: no ruleset, no notation. What
// they remember between redraws (the mount shown, a choice waiting to be confirmed, a
// stepper's place) is the page's state (state.js DisplayState), handed in with each drawing.
import { h } from "./common.js";
import { drawSphere } from "./avid.js";
import { SVGNS } from "./svg.js";

/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {BoardView["widgets"][number]} Widget */
/** @typedef {import("./board-types").SphereWidget} SphereWidget */
/** @typedef {import("./board-types").GaugeWidget} GaugeWidget */
/** @typedef {import("./board-types").TrackWidget} TrackWidget */
/** @typedef {import("./board-types").StepperWidget} StepperWidget */
/** @typedef {import("./board-types").TableWidget} TableWidget */
/** @typedef {import("./board-types").ProfileWidget} ProfileWidget */
/** @typedef {import("./state.js").DisplayState} DisplayState */
/** @typedef {import("./state.js").PendingChoice} PendingChoice */

/**
 * What the displays are drawn with: the selected piece, whether the seat may act, what sends
 * an action, selects a piece or redraws the page, and the displays' own remembered state.
 * @typedef {object} DisplayContext
 * @property {string | null} selected
 * @property {boolean} mine
 * @property {(action: string) => void} submit
 * @property {(piece: string) => void} select
 * @property {() => void} redraw
 * @property {DisplayState} ui
 */

if (!document.querySelector('link[href="/static/displays.css"]')) {
  document.head.appendChild(h("link", { rel: "stylesheet", href: "/static/displays.css" }));
}

// the displays sit in the right-hand column beside the map (under it on a phone, where the
// page is one column), where a page has a slot for them; else under the map
function container() {
  let c = document.getElementById("displays");
  if (!c) {
    c = h("div", { id: "displays", class: "displays" });
    const slot = document.getElementById("displays-slot");
    if (slot) slot.appendChild(c); else document.getElementById("board-wrap")?.after(c);
  }
  return c;
}

/** @param {BoardView} board @param {DisplayContext} ctx */
export function renderDisplays(board, ctx) {
  const c = container();
  const ws = board.widgets || [];
  if (!ws.length) { c.replaceChildren(); c.hidden = true; return; }
  c.hidden = false;
  const pieces = [...new Set(ws.filter((w) => w.piece).map((w) => w.piece))];
  const shown = ctx.selected !== null && pieces.includes(ctx.selected) ? ctx.selected : pieces[0];
  const tabs = h("div", { class: "display-tabs" }, "displays of ", ...pieces.map((p) =>
    h("button", { class: "small" + (p === shown ? " on" : ""), "data-display": p, onclick: () => ctx.select(p) }, p)));
  const cards = ws.filter((w) => !w.piece || w.piece === shown).map((w) => card(w, board, ctx));
  c.replaceChildren(tabs, ...cards);
  c.dataset.piece = shown || "";
}

/** A widget's card: its title and its body by kind. @param {Widget} w @param {BoardView} board @param {DisplayContext} ctx */
function card(w, board, ctx) {
  const body = w.kind === "sphere" ? sphere(w, ctx) : w.kind === "gauges" ? gauges(w)
    : w.kind === "tracks" ? tracks(w) : w.kind === "stepper" ? stepper(w, ctx)
      : w.kind === "table" ? table(w, ctx) : profile(w, board);
  return h("div", { class: `widget widget-${w.kind}`, "data-widget": w.kind, "data-piece": w.piece || "" },
    h("h4", {}, w.title), body);
}

/**
 * A pivot (a click on a window) or a roll is previewed on the display and confirmed before it
 * is sent. @param {PendingChoice} c @param {DisplayContext} ctx
 */
function askSphere(c, ctx) {
  if (!c.confirm && !Object.keys(c.preview || {}).length) { ctx.submit(c.action); return; }
  ctx.ui.pending = c; ctx.redraw();
}

/** @param {PendingChoice} p @param {DisplayContext} ctx */
function confirmBox(p, ctx) {
  return h("div", { class: "confirm-box", "data-confirm": p.action }, h("div", { class: "confirm-text" }, p.confirm ?? ""),
    h("button", { "data-confirm-go": "1", onclick: () => { ctx.ui.pending = null; ctx.submit(p.action); } }, `confirm: ${p.label || p.action}`),
    h("button", { class: "small", "data-confirm-cancel": "1", onclick: () => { ctx.ui.pending = null; ctx.redraw(); } }, "cancel"));
}

/** @param {SphereWidget} w @param {DisplayContext} ctx */
function sphere(w, ctx) {
  const ui = ctx.ui, pending = ui.pending;
  const mine = pending && (w.windows.some((x) => x.action === pending.action) || w.choices.some((c) => c.action === pending.action)) ? pending : null;
  const svg = drawSphere(w, { mount: ui.mount, preview: mine ? mine.preview : null, chosen: mine ? mine.window : null,
    onPick: ctx.mine ? (action, key) => {
      const win = w.windows.find((x) => x.key === key);
      askSphere({ action, label: action, confirm: win?.confirm, preview: win?.preview, window: key }, ctx);
    } : null });
  const mounts = w.mounts.length ? h("div", { class: "mounts" }, "arc of mount ",
    ...["", ...w.mounts].map((m) => h("button", { class: "small" + (m === ui.mount ? " on" : ""), "data-mount": m,
      onclick: () => { ui.mount = m; ctx.redraw(); } }, m || "none"))) : "";
  const choices = ctx.mine && w.choices.length ? h("div", { class: "choices" },
    ...w.choices.map((c) => h("button", { class: "small" + (mine && mine.action === c.action ? " on" : ""), "data-action": c.action,
      onclick: () => askSphere({ action: c.action, label: c.label, confirm: c.confirm, preview: c.preview }, ctx) }, c.label))) : "";
  return h("div", {}, svg, h("div", { class: "dim note" }, w.note), mine ? confirmBox(mine, ctx) : "", mounts, choices);
}

/** @param {GaugeWidget} w */
function gauges(w) {
  return h("div", {}, ...w.gauges.map((g) => h("div", { class: `gauge tone-${g.tone}`, "data-gauge": g.name, title: g.rule },
    h("span", { class: "gname" }, g.name),
    h("span", { class: "bar" }, h("i", { style: `width:${Math.max(0, Math.min(100, 100 * g.value / (g.max || 1)))}%` })),
    h("span", { class: "gtext" }, g.text))));
}

/** @param {TrackWidget} w */
function tracks(w) {
  return h("div", {}, ...w.tracks.map((t) => h("div", { class: "track", "data-track": t.name },
    h("span", { class: "tname" }, t.name),
    h("span", { class: "cells" }, ...t.cells.map((c) => h("i", { class: `cell ${c.state}`, title: c.text || c.label }, c.text && c.text.length <= 3 ? c.text : c.label))),
    h("small", { class: "dim" }, " " + t.note))), h("small", { class: "dim" }, w.rule));
}

/** @param {StepperWidget} w @param {DisplayContext} ctx */
function stepper(w, ctx) {
  const key = w.piece + w.title, stepAt = ctx.ui.stepAt;
  const cur = w.choices.findIndex((c) => c.label === w.current);
  let i = stepAt[key] ?? cur;
  const show = h("b", { class: "step-value", "data-step": "value" }, w.choices[i]?.label ?? "");
  const set = /** @type {HTMLButtonElement} */ (h("button", { "data-step": "set", onclick: () => { const c = w.choices[i]; if (c && c.action) { delete stepAt[key]; ctx.submit(c.action); } } }, "set"));
  /** @param {number} d */
  const move = (d) => { i = Math.max(0, Math.min(w.choices.length - 1, i + d)); stepAt[key] = i; show.textContent = w.choices[i].label; set.disabled = !w.choices[i].action; };
  set.disabled = !w.choices[i]?.action || !ctx.mine;
  return h("div", { class: "stepper" }, `now ${w.current} · `,
    h("button", { class: "small", "data-step": "down", onclick: () => move(-1) }, "−"), show,
    h("button", { class: "small", "data-step": "up", onclick: () => move(1) }, "+"), set);
}

/** @param {TableWidget} w @param {DisplayContext} ctx */
function table(w, ctx) {
  const rows = w.rows.map((r, i) => h("tr", { "data-row": r[0] }, ...r.map((c) => h("td", {}, c)),
    h("td", {}, ...(ctx.mine ? (w.choices[i] || []) : []).map((c) => h("button", { class: "small", "data-choice": c.action,
      onclick: () => { if (c.confirm) { ctx.ui.pending = c; ctx.redraw(); } else ctx.submit(c.action); } }, c.label)))));
  const out = h("div", {}, h("table", { class: "grid" }, h("thead", {}, h("tr", {}, ...w.columns.map((c) => h("th", {}, c)), h("th", {}, ""))),
    h("tbody", {}, ...rows)), h("small", { class: "dim" }, w.rule));
  const pending = ctx.ui.pending;
  if (pending && w.choices.flat().some((c) => c.action === pending.action)) out.appendChild(confirmBox(pending, ctx));
  return out;
}

/**
 * Side elevation: the horizontal axis runs along the line the server names (x in hexes), the
 * vertical is altitude (levels); every ship on an altitude stick from level 0, its EoT dashed.
 * @param {ProfileWidget} w @param {BoardView} board
 */
function profile(w, board) {
  const W = 460, H = 178, L = 34, R = 14, T = 16, B = 34;
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "profile-strip");
  const xs = w.points.map((p) => p.x), zs = w.points.map((p) => p.z);
  const x0 = Math.min(...xs, 0) - 1.5, x1 = Math.max(...xs, 0) + 1.5;
  const z0 = Math.min(...zs, 0) - 1, z1 = Math.max(...zs, 0) + 1;
  /** @param {number} x */
  const X = (x) => L + (W - L - R) * (x - x0) / (x1 - x0 || 1);
  /** @param {number} z */
  const Y = (z) => H - B - (H - T - B) * (z - z0) / (z1 - z0 || 1);
  /** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
  const add = (tag, attrs, text) => { const e = document.createElementNS(SVGNS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v)); if (text !== undefined) e.textContent = text; svg.appendChild(e); return e; };
  const every = Math.max(1, Math.ceil((z1 - z0) / 8));
  for (let z = Math.ceil(z0); z <= z1; z += every) { // the altitude scale
    add("line", { x1: L, x2: W - R, y1: Y(z), y2: Y(z), class: z === 0 ? "plane" : "level" });
    add("text", { x: L - 4, y: Y(z) + 3, class: "dim zlabel", "text-anchor": "end" }, `${z > 0 ? "+" : ""}${z}`);
  }
  add("text", { x: 2, y: T - 4, class: "dim" }, `altitude (${w.z_unit || "level"}s)`);
  add("text", { x: W - R, y: H - 4, class: "dim", "text-anchor": "end" }, `along ${w.axis} (${w.x_unit || "hex"}es)`);
  for (let x = Math.ceil(x0 / 5) * 5; x <= x1; x += (x1 - x0 > 60 ? 10 : 5)) { // the range scale
    add("line", { x1: X(x), x2: X(x), y1: H - B, y2: H - B + 4, class: "level" });
    add("text", { x: X(x), y: H - B + 12, class: "dim xlabel", "text-anchor": "middle" }, String(x));
  }
  /** @type {[number, number][]} */
  const used = [];
  for (const p of w.points) {
    const c = board.sides.find((s) => s.id === p.side)?.colour || "#999";
    const x = X(p.x), y = Y(p.z);
    add("line", { x1: x, x2: x, y1: Y(0), y2: y, stroke: c, class: p.ghost ? "stick ghost" : "stick", "data-piece": p.piece });
    add("circle", { cx: x, cy: y, r: p.ghost ? 3.5 : 5.5, fill: p.ghost ? "none" : c, stroke: c, "data-piece": p.piece, "data-z": String(p.z), class: p.ghost ? "ghost" : "now" });
    let ly = y - 8; // stagger labels that would overlap
    while (used.some(([ux, uy]) => Math.abs(ux - x) < 70 && Math.abs(uy - ly) < 10)) ly -= 10;
    if (ly < T) ly = y + 16;
    used.push([x, ly]);
    const right = x > W - 110; // near the right edge: the label reads leftwards
    add("text", { x: right ? x - 6 : x + 6, y: ly, fill: c, "text-anchor": right ? "end" : "start",
                  class: p.ghost ? "plabel ghost" : "plabel" }, p.label);
  }
  return svg;
}
