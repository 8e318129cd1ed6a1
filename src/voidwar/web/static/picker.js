// The picker: a small box at a piece listing the actions a click named (grouped, each with the
// words it asks to confirm), placed beside the piece where it hides the fewest other counters.
import { h } from "./common.js";

const $ = (id) => document.getElementById(id);

export function closePicker() { $("picker").hidden = true; $("picker").replaceChildren(); }

export function openPicker(acts, anchorId, title, button) {
  const pk = $("picker");
  const groups = new Map();
  for (const a of acts) {
    if (!groups.has(a.group)) groups.set(a.group, []);
    groups.get(a.group).push(a);
  }
  pk.replaceChildren(h("div", { class: "picker-head" }, title, h("button", { class: "small", onclick: closePicker }, "×")),
    ...[...groups].map(([g, as]) => h("div", { class: "picker-group" }, g ? h("b", {}, g) : "",
      ...as.flatMap((a) => [a.confirm ? h("div", { class: "confirm-text" }, a.confirm) : "", button(a)]))));
  const node = anchorId && document.querySelector(`#board [data-piece="${CSS.escape(anchorId)}"]`);
  const wrap = $("board-wrap").getBoundingClientRect();
  const r = node ? node.getBoundingClientRect() : { left: wrap.left + 40, right: wrap.left + 40, top: wrap.top + 40, bottom: wrap.top + 40 };
  pk.hidden = false;
  const [w, ht] = [pk.offsetWidth, pk.offsetHeight];
  // beside the piece, on the side that hides the fewest other counters
  const spots = [[r.right + 8, r.top], [r.left - 8 - w, r.top], [r.left, r.bottom + 8], [r.left, r.top - 8 - ht],
                 [r.right + 8, r.bottom - ht], [r.left - 8 - w, r.bottom - ht]]
    .map(([x, y]) => [Math.min(Math.max(0, x - wrap.left), wrap.width - w), Math.max(0, y - wrap.top)]);
  const others = [...document.querySelectorAll("#board .pieces [data-piece]")].filter((e) => e !== node)
    .map((e) => e.getBoundingClientRect());
  const hidden = ([x, y]) => others.filter((o) => o.right - wrap.left > x && o.left - wrap.left < x + w
    && o.bottom - wrap.top > y && o.top - wrap.top < y + ht).length;
  const best = spots.reduce((a, b) => (hidden(b) < hidden(a) ? b : a));
  pk.style.left = `${best[0]}px`;
  pk.style.top = `${best[1]}px`;
}

