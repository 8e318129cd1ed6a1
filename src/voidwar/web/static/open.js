// Open games: the lobby of games looking for players (join with one click), and posting one.
import { h } from "./common.js";
import { call, me, nav, say, span } from "./account.js";

const $ = (id) => document.getElementById(id);
let rulesets = [];
let account = null;

function current() { return rulesets.find((r) => r.name === $("p-ruleset").value); }
function seatsOf(rs) {
  const sc = rs.scenarios.find((s) => s.name === $("p-scenario").value);
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
  const mine = $("p-seat").value;
  $("p-others").replaceChildren(...seatsOf(rs).filter((s) => s !== mine).map((s) =>
    h("label", { class: "seat" }, `${s} `, h("select", { "data-other": s },
      h("option", { value: "open" }, "open: another player joins"),
      ...rs.policies.map((p) => h("option", { value: `bot:${p}` }, `computer: ${p}`))))));
}

function optionValue(v) {
  if (/^-?\d+$/.test(v) || /^-?\d*\.\d+$/.test(v)) return Number(v);
  if (v === "true" || v === "false") return v === "true";
  return v;
}

async function post(ev) {
  ev.preventDefault();
  const body = { ruleset: $("p-ruleset").value, scenario: $("p-scenario").value || null,
                 seat: $("p-seat").value, dice: $("p-dice").value, rated: $("p-rated").checked,
                 on_timeout: $("p-timeout").value, seats: {}, options: {} };
  for (const sel of document.querySelectorAll("[data-other]")) body.seats[sel.dataset.other] = sel.value;
  for (const inp of document.querySelectorAll("[data-option]")) {
    if (inp.value.trim()) body.options[inp.dataset.option] = optionValue(inp.value.trim());
  }
  if ($("p-unit").value !== "none") body.time_control = { [$("p-unit").value]: Number($("p-time").value) };
  try {
    const r = await call("POST", "/api/lobby", body);
    say(`Posted: game ${r.id}. You will be told when someone joins.`);
    $("message").dataset.game = r.id;
    list();
  } catch (e) { say(e.message, true); }
}

async function join(g) {
  try {
    const r = await call("POST", `/api/lobby/${g.id}/join`, {});
    location.href = r.link;
  } catch (e) { say(e.message, true); list(); }
}

async function list() {
  const games = await call("GET", "/api/lobby");
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
  account = (await me()).account;
  nav();
  rulesets = await call("GET", "/api/rulesets");
  $("p-ruleset").replaceChildren(...rulesets.map((r) => h("option", { value: r.name }, r.title)));
  $("p-ruleset").addEventListener("change", fillScenarios);
  $("p-scenario").addEventListener("change", fillSeats);
  $("p-seat").addEventListener("change", fillOthers);
  $("p-rated").addEventListener("change", () => { if ($("p-rated").checked) $("p-timeout").value = "forfeit"; });
  $("post-form").addEventListener("submit", post);
  $("post-form").hidden = !account;
  fillScenarios();
  await list();
  setInterval(list, 15_000);
}
main();
