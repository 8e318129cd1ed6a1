// @ts-check
// The Attack Vector table assistant page: the ships as entered → POST /api/assist/attack-vector
// → the answers, each figure with its rule. All figures are the server's (the rules code).
import { $, api, h, valueOf } from "./common.js";

/** @typedef {{ id: string, hex: string, alt: string, vector: string, nose: string, roll: string }} ShipRow */

/**
 * One answer of the assistant: figures with their rules, and a table.
 * @typedef {object} Answer
 * @property {string} title
 * @property {string} rule
 * @property {{ name: string, value: string, rule: string }[]} figures
 * @property {string[]} columns
 * @property {string[][]} rows
 */

/** @type {ShipRow[]} */
const START = [
  { id: "blue", hex: "0", alt: "0", vector: "4A", nose: "A", roll: "0" },
  { id: "red", hex: "8A 3B", alt: "2", vector: "4D", nose: "D", roll: "0" },
];

/** @param {ShipRow} s */
function row(s) {
  /** @param {string} name @param {string} v @param {number} size */
  const cell = (name, v, size) => h("td", {}, h("input", { name, value: v, size: String(size) }));
  const tr = h("tr", { class: "ship-row" }, cell("id", s.id, 6), cell("hex", s.hex, 9),
    cell("alt", s.alt, 3), cell("vector", s.vector, 10), cell("nose", s.nose, 4), cell("roll", s.roll, 2),
    h("td", {}, h("button", { type: "button", class: "small", onclick: () => { tr.remove(); selects(); } }, "×")));
  tr.addEventListener("change", selects);
  return tr;
}

function ships() {
  return [...document.querySelectorAll("#ships tbody tr")].map((tr) => {
    /** @param {string} n */
    const v = (n) => { const e = tr.querySelector(`[name=${n}]`); return e instanceof HTMLInputElement ? e.value.trim() : ""; };
    const alt = parseInt(v("alt") || "0", 10) || 0;
    let hex = v("hex") || "0";
    if (/^-?\d+\s*,\s*-?\d+$/.test(hex)) hex = `${hex},${alt}`;
    else if (alt) hex = `${hex} ${alt > 0 ? "+" : "-"}${Math.abs(alt)}`;
    return { id: v("id"), position: hex, velocity: v("vector") || "0", nose: v("nose") || "A",
             roll: parseInt(v("roll") || "0", 10) || 0 };
  });
}

function selects() {
  const ids = ships().map((s) => s.id);
  for (const [sel, i] of /** @type {[HTMLSelectElement, number][]} */ ([[$("shooter", HTMLSelectElement), 0], [$("target", HTMLSelectElement), 1]])) {
    const keep = sel.value;
    sel.replaceChildren(...ids.map((id) => h("option", { value: id }, id)));
    sel.value = ids.includes(keep) ? keep : ids[Math.min(i, ids.length - 1)] ?? "";
  }
}

/** @param {Answer} a */
function card(a) {
  const figs = h("dl", { class: "figures" }, ...a.figures.flatMap((f) => [
    h("dt", {}, f.name), h("dd", { "data-figure": f.name }, h("b", {}, f.value), " ", h("small", { class: "rule" }, f.rule))]));
  const table = a.rows.length ? h("table", { class: "grid" },
    h("thead", {}, h("tr", {}, ...a.columns.map((c) => h("th", {}, c)))),
    h("tbody", {}, ...a.rows.map((r) => h("tr", {}, ...r.map((c) => h("td", {}, c)))))) : null;
  return h("div", { class: "answer", "data-title": a.title }, h("h3", {}, a.title, " ", h("small", { class: "rule" }, a.rule)), figs, table);
}

/** Ask the server (POST /api/assist/attack-vector) and show its answers. @param {Event} [ev] */
async function compute(ev) {
  if (ev) ev.preventDefault();
  const seg = parseInt(valueOf("fired-seg") || "0", 10) || 0;
  /** @type {Record<string, unknown>} */
  const body = { ships: ships(), shooter: valueOf("shooter"), target: valueOf("target"),
                 thrust: valueOf("thrust").trim(), cells: parseInt(valueOf("cells") || "8", 10),
                 weapon: valueOf("weapon").trim(), fired_turn: parseInt(valueOf("fired-turn") || "1", 10),
                 fired_segment: seg, method: $("exact", HTMLInputElement).checked ? "exact" : "rule" };
  if (valueOf("range").trim()) body.range = parseInt(valueOf("range"), 10);
  try {
    /** @type {{ brief?: string[], answers: Answer[] }} */
    const r = await api("POST", "/api/assist/attack-vector", { body });
    $("error").textContent = "";
    const head = h("div", { id: "brief", class: "brief" }, ...(r.brief || []).map((line) => h("div", {}, line)));
    $("answers").replaceChildren(head, ...r.answers.map(card));
    $("answers").dataset.n = String(r.answers.length);
  } catch (e) { $("error").textContent = e instanceof Error ? e.message : String(e); }
}

/** The ships' table body. */
function shipRows() {
  const body = $("ships").querySelector("tbody");
  if (!body) throw new Error("the ships' table has no body");
  return body;
}

shipRows().replaceChildren(...START.map(row));
$("add-ship").addEventListener("click", () => {
  const n = document.querySelectorAll("#ships tbody tr").length + 1;
  shipRows().appendChild(row({ id: `ship${n}`, hex: "0", alt: "0", vector: "0", nose: "A", roll: "0" }));
  selects();
});
$("asks").addEventListener("submit", compute);
// Enter in a ship's field computes too (the ships' table sits outside the form)
$("ships").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && ev.target instanceof Element && ev.target.closest("input")) { ev.preventDefault(); selects(); compute(); }
});
selects();
compute();
