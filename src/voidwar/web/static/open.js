// @ts-check
// Open games: the lobby of games looking for players (join with one click), and posting one.
import { $, errorText, h, valueOf } from "./common.js";
import { call, me, nav, say, span } from "./account.js";

/** @typedef {import("./lobby.js").RulesetInfo} RulesetInfo */

/**
 * A game looking for players (GET /api/lobby).
 * @typedef {object} OpenGame
 * @property {string} id
 * @property {string} ruleset
 * @property {string | null} scenario
 * @property {boolean} rated
 * @property {{ per_move_text: string } | null} clock
 * @property {string | null} poster
 * @property {number} age
 * @property {string[]} open_seats
 * @property {{ dice: { kind: string, text: string }, options: Record<string, unknown> }} terms
 */

/** The page's state: the rulesets, the account logged in. @type {{ rulesets: RulesetInfo[], account: import("./account.js").Account | null }} */
const page = { rulesets: [], account: null };

function current() {
  const rs = page.rulesets.find((r) => r.name === valueOf("p-ruleset"));
  if (!rs) throw new Error(`no ruleset ${valueOf("p-ruleset")}`);
  return rs;
}
/** @param {RulesetInfo} rs */
function seatsOf(rs) {
  const sc = rs.scenarios.find((s) => s.name === valueOf("p-scenario"));
  return sc && sc.seats.length ? sc.seats : rs.default_seats;
}

function fillScenarios() {
  const rs = current();
  $("p-scenario").replaceChildren(...rs.scenarios.map((s) => h("option", { value: s.name }, s.name)));
  $("p-options").replaceChildren(...Object.entries(rs.options).map(([k, help]) =>
    h("label", { title: help }, `${k} `, h("input", { "data-option": k, placeholder: help }))));
  $("p-options-box").hidden = Object.keys(rs.options).length === 0;
  fillSeats();
}

function fillSeats() {
  const rs = current();
  const seats = seatsOf(rs);
  $("p-seat").replaceChildren(...seats.map((s) => h("option", { value: s }, s)));
  fillOthers();
}

function fillOthers() {
  const rs = current();
  const mine = valueOf("p-seat");
  $("p-others").replaceChildren(...seatsOf(rs).filter((s) => s !== mine).map((s) =>
    h("label", { class: "seat" }, `${s} `, h("select", { "data-other": s },
      h("option", { value: "open" }, "open: another player joins"),
      ...rs.policies.map((p) => h("option", { value: `bot:${p}` }, `computer: ${p}`))))));
}

/** An option's typed value: a number, a boolean or the text. @param {string} v */
function optionValue(v) {
  if (/^-?\d+$/.test(v) || /^-?\d*\.\d+$/.test(v)) return Number(v);
  if (v === "true" || v === "false") return v === "true";
  return v;
}

/** Post the game (POST /api/lobby). @param {Event} ev */
async function post(ev) {
  ev.preventDefault();
  /** @type {Record<string, string>} */
  const seats = {};
  /** @type {Record<string, unknown>} */
  const options = {};
  /** @type {Record<string, unknown>} */
  const body = { ruleset: valueOf("p-ruleset"), scenario: valueOf("p-scenario") || null,
                 seat: valueOf("p-seat"), dice: valueOf("p-dice"), rated: $("p-rated", HTMLInputElement).checked,
                 on_timeout: valueOf("p-timeout"), seats, options };
  for (const sel of document.querySelectorAll("select[data-other]")) {
    if (sel instanceof HTMLSelectElement && sel.dataset.other) seats[sel.dataset.other] = sel.value;
  }
  for (const inp of document.querySelectorAll("input[data-option]")) {
    if (inp instanceof HTMLInputElement && inp.dataset.option && inp.value.trim()) options[inp.dataset.option] = optionValue(inp.value.trim());
  }
  if (valueOf("p-unit") !== "none") body.time_control = { [valueOf("p-unit")]: Number(valueOf("p-time")) };
  try {
    const r = await call("POST", "/api/lobby", body);
    say(`Posted: game ${r.id}. You will be told when someone joins.`);
    $("message").dataset.game = r.id;
    list();
  } catch (e) { say(errorText(e), true); }
}

/** @param {OpenGame} g */
async function join(g) {
  try {
    const r = await call("POST", `/api/lobby/${g.id}/join`, {});
    location.href = r.link;
  } catch (e) { say(errorText(e), true); list(); }
}

async function list() {
  /** @type {OpenGame[]} */
  const games = await call("GET", "/api/lobby");
  const account = page.account;
  $("lobby").replaceChildren(...(games.length ? games.map((g) => {
    const mine = account && g.poster === account.name;
    return h("li", { "data-open": g.id },
      h("span", { class: "title" }, `${g.ruleset}${g.scenario ? " · " + g.scenario : ""}`),
      g.rated ? h("span", { class: "tag rated" }, "rated") : h("span", { class: "tag" }, "unrated"),
      h("span", { class: "tag" }, g.clock ? `${g.clock.per_move_text} a move` : "no clock"),
      h("span", { class: "dim" }, `by ${g.poster ?? "?"}, ${span(g.age)} ago; open: ${g.open_seats.join(", ")}`),
      h("span", { class: "dim", title: g.terms.dice.text }, g.terms.dice.kind === "manual" ? "real dice" : "server dice"),
      Object.keys(g.terms.options).length ? h("span", { class: "dim" }, `options: ${JSON.stringify(g.terms.options)}`) : null,
      mine ? h("span", { class: "dim" }, "(yours)") : account
        ? h("button", { "data-join": g.id, onclick: () => join(g) }, `Join as ${g.open_seats[0]}`)
        : h("a", { href: "/login?next=/open" }, "log in to join"));
  }) : [h("li", { class: "dim" }, "No open game: post one.")]));
}

async function main() {
  page.account = (await me()).account;
  nav();
  page.rulesets = await call("GET", "/api/rulesets");
  $("p-ruleset").replaceChildren(...page.rulesets.map((r) => h("option", { value: r.name }, r.title)));
  $("p-ruleset").addEventListener("change", fillScenarios);
  $("p-scenario").addEventListener("change", fillSeats);
  $("p-seat").addEventListener("change", fillOthers);
  $("p-rated").addEventListener("change", () => {
    if ($("p-rated", HTMLInputElement).checked) $("p-timeout", HTMLSelectElement).value = "forfeit";
  });
  $("post-form").addEventListener("submit", post);
  $("post-form").hidden = !page.account;
  fillScenarios();
  await list();
  setInterval(list, 15_000);
}
main();
