// @ts-check
// The picker: a small box at a piece listing the actions a click named (grouped, each with the
// words it asks to confirm), placed beside the piece where it hides the fewest other counters.
import { $, h } from "./common.js";

/** @typedef {import("./board-types").BoardAction} BoardAction */

export function closePicker() { $("picker").hidden = true; $("picker").replaceChildren(); }

/**
 * Open the picker at piece ``anchorId`` (null: at the map's corner) with ``acts``, each shown
 * by ``button(action)``.
 * @param {BoardAction[]} acts @param {string | null} anchorId @param {string} title
 * @param {(a: BoardAction) => HTMLElement} button
 */
export function openPicker(acts, anchorId, title, button) {
  const pk = $("picker");
  /** @type {Map<string, BoardAction[]>} */
  const groups = new Map();
  for (const a of acts) groups.set(a.group, [...(groups.get(a.group) ?? []), a]);
  pk.replaceChildren(h("div", { class: "picker-head" }, title, h("button", { class: "small", onclick: closePicker }, "×")),
    ...[...groups].map(([g, as]) => h("div", { class: "picker-group" }, g ? h("b", {}, g) : "",
      ...as.flatMap((a) => [a.confirm ? h("div", { class: "confirm-text" }, a.confirm) : "", button(a)]))));
  const node = anchorId && document.querySelector(`#board [data-piece="${CSS.escape(anchorId)}"]`);
  const wrap = $("board-wrap").getBoundingClientRect();
  const r = node ? node.getBoundingClientRect() : { left: wrap.left + 40, right: wrap.left + 40, top: wrap.top + 40, bottom: wrap.top + 40 };
  pk.hidden = false;
  const [w, ht] = [pk.offsetWidth, pk.offsetHeight];
  // beside the piece, on the side that hides the fewest other counters
  /** @type {[number, number][]} */
  const spots = [[r.right + 8, r.top], [r.left - 8 - w, r.top], [r.left, r.bottom + 8], [r.left, r.top - 8 - ht],
                 [r.right + 8, r.bottom - ht], [r.left - 8 - w, r.bottom - ht]];
  const places = spots.map(([x, y]) => [Math.min(Math.max(0, x - wrap.left), wrap.width - w), Math.max(0, y - wrap.top)]);
  const others = [...document.querySelectorAll("#board .pieces [data-piece]")].filter((e) => e !== node)
    .map((e) => e.getBoundingClientRect());
  /** @param {number[]} spot */
  const hidden = ([x, y]) => others.filter((o) => o.right - wrap.left > x && o.left - wrap.left < x + w
    && o.bottom - wrap.top > y && o.top - wrap.top < y + ht).length;
  const best = places.reduce((a, b) => (hidden(b) < hidden(a) ? b : a));
  pk.style.left = `${best[0]}px`;
  pk.style.top = `${best[1]}px`;
}
