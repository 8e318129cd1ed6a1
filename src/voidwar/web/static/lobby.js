// The lobby: pick a ruleset and scenario, choose who sits where, create, share the links.
import { api, h } from "./common.js";

const $ = (id) => document.getElementById(id);
let rulesets = [];

function current() { return rulesets.find((r) => r.name === $("ruleset").value); }

function seatsOf(rs) {
  const sc = rs.scenarios.find((s) => s.name === $("scenario").value);
  return sc && sc.seats.length ? sc.seats : rs.default_seats;
}

function fillScenarios() {
  const rs = current();
  $("ruleset-desc").textContent = rs.description || rs.title;
  $("scenario").replaceChildren(...rs.scenarios.map((s) => h("option", { value: s.name }, s.name)));
  $("options").replaceChildren(...Object.entries(rs.options).map(([k, help]) =>
    h("label", { title: help }, `${k} `, h("input", { "data-option": k, placeholder: help }))));
  $("options-box").hidden = Object.keys(rs.options).length === 0;
  fillSeats();
}

function fillSeats() {
  const rs = current();
  const sc = rs.scenarios.find((s) => s.name === $("scenario").value);
  $("scenario-desc").textContent = sc ? sc.description : "";
  const seats = seatsOf(rs);
  $("seats").replaceChildren(...seats.map((seat, i) => {
    const sel = h("select", { "data-seat": seat },
      h("option", { value: "human" }, "a human (gets a link)"),
      h("option", { value: "open" }, "open (anyone may join)"),
      ...rs.policies.map((p) => h("option", { value: `bot:${p}` }, `computer: ${p}`)));
    // by default: the first seat is you, the others the best computer player
    if (i > 0) sel.value = rs.policies.includes("heuristic") ? "bot:heuristic" : `bot:${rs.policies[0]}`;
    return h("label", { class: "seat" }, `${seat} `, sel);
  }));
}

function optionValue(v) {
  if (/^-?\d+$/.test(v)) return Number(v);
  if (/^-?\d*\.\d+$/.test(v)) return Number(v);
  if (v === "true" || v === "false") return v === "true";
  return v;
}

async function create(ev) {
  ev.preventDefault();
  const seats = {};
  for (const sel of document.querySelectorAll("[data-seat]")) {
    const [kind, policy] = sel.value.split(":");
    seats[sel.dataset.seat] = policy ? { kind, policy } : { kind };
  }
  const options = {};
  for (const inp of document.querySelectorAll("[data-option]")) {
    if (inp.value.trim()) options[inp.dataset.option] = optionValue(inp.value.trim());
  }
  const body = { ruleset: $("ruleset").value, scenario: $("scenario").value || null, seats, options };
  if ($("dice").value === "manual") {
    body.dice = "manual";
    body.setup_rolls = $("setup-rolls").value.split(/[\s,]+/).filter(Boolean).map(Number);
  } else if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    const g = await api("POST", "/api/games", { body });
    $("created-id").textContent = g.id;
    const abs = (p) => `${location.origin}${p}`;
    $("play-here").href = g.tokens.length ? g.hotseat_link : g.spectator_link;
    $("play-here").textContent = g.tokens.length ? "Play here" : "Watch the bots";
    $("seat-links").replaceChildren(...g.tokens.map((t) =>
      h("li", {}, `${t.seat}: `, h("a", { href: t.link, "data-seat-link": t.seat }, abs(t.link)))));
    $("spectate").href = g.spectator_link;
    $("spectate").textContent = abs(g.spectator_link);
    $("created").hidden = false;
    $("message").textContent = "";
    listGames();
  } catch (e) {
    $("message").textContent = e.message;
    $("message").className = "message bad";
  }
}

async function listGames() {
  const games = await api("GET", "/api/games?limit=30");
  $("games").replaceChildren(...games.map((g) => h("li", {},
    h("a", { href: `/game/${g.id}` }, `${g.ruleset} ${g.scenario ?? ""}`), ` ${g.status} · `,
    h("a", { href: `/replay/${g.id}` }, "replay"), ` · ${g.updated.slice(0, 16).replace("T", " ")}`)));
}

// the games this browser holds a seat in (game pages remember their seat links)
async function listMine() {
  const all = JSON.parse(localStorage.getItem("voidwar.seats") || "{}");
  const items = [];
  for (const [id, m] of Object.entries(all)) {
    let g = null;
    try { g = await api("GET", `/api/games/${id}`); } catch (_) { continue; }
    const turn = g.status === "active" && m.seats.includes(g.to_act);
    items.push(h("li", { "data-mine": id, class: turn ? "my-turn" : "" },
      h("a", { href: `/game/${id}${m.hash}`, "data-rejoin": id }, `${g.ruleset} ${g.scenario ?? ""} as ${m.seats.join(", ")}`),
      turn ? h("b", {}, " — your turn") : ` ${g.status}`, " · ", h("a", { href: `/replay/${id}${m.hash}` }, "replay")));
  }
  $("mine").replaceChildren(...items);
  $("mine-box").hidden = items.length === 0;
}

async function main() {
  rulesets = await api("GET", "/api/rulesets");
  // the server seeds every game from its secret unless it lets clients choose a seed
  const terms = await api("GET", "/api/server");
  const seedAllowed = !!terms.client_seeds;
  $("seed-box").hidden = !seedAllowed;
  $("ruleset").replaceChildren(...rulesets.map((r) => h("option", { value: r.name }, r.title)));
  const want = new URLSearchParams(location.search).get("ruleset");
  if (want && rulesets.some((r) => r.name === want)) $("ruleset").value = want;
  $("ruleset").addEventListener("change", fillScenarios);
  $("scenario").addEventListener("change", fillSeats);
  $("new-game").addEventListener("submit", create);
  $("dice").addEventListener("change", () => {
    const manual = $("dice").value === "manual";
    $("seed-box").hidden = manual || !seedAllowed;
    $("setup-box").hidden = !manual;
  });
  fillScenarios();
  listGames();
  listMine();
}
main();
