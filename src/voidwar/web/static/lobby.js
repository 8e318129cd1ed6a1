// @ts-check
// The lobby: pick a ruleset and scenario, choose who sits where, create, share the links.
import { $, api, h, valueOf } from "./common.js";

/**
 * A ruleset as GET /api/rulesets lists it.
 * @typedef {object} RulesetInfo
 * @property {string} name
 * @property {string} title
 * @property {string} description
 * @property {{ name: string, description: string, seats: string[] }[]} scenarios
 * @property {string[]} default_seats
 * @property {string[]} policies
 * @property {Record<string, string>} options option → its help
 */

/** The lobby's state: the rulesets the server plays. @type {{ rulesets: RulesetInfo[] }} */
const lobby = { rulesets: [] };

function current() {
  const rs = lobby.rulesets.find((r) => r.name === valueOf("ruleset"));
  if (!rs) throw new Error(`no ruleset ${valueOf("ruleset")}`);
  return rs;
}

/** @param {RulesetInfo} rs */
function seatsOf(rs) {
  const sc = rs.scenarios.find((s) => s.name === valueOf("scenario"));
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
  const sc = rs.scenarios.find((s) => s.name === valueOf("scenario"));
  $("scenario-desc").textContent = sc ? sc.description : "";
  const seats = seatsOf(rs);
  $("seats").replaceChildren(...seats.map((seat, i) => {
    const sel = /** @type {HTMLSelectElement} */ (h("select", { "data-seat": seat },
      h("option", { value: "human" }, "a human (gets a link)"),
      h("option", { value: "open" }, "open (anyone may join)"),
      ...rs.policies.map((p) => h("option", { value: `bot:${p}` }, `computer: ${p}`))));
    // by default: the first seat is you, the others the best computer player
    if (i > 0) sel.value = rs.policies.includes("heuristic") ? "bot:heuristic" : `bot:${rs.policies[0]}`;
    return h("label", { class: "seat" }, `${seat} `, sel);
  }));
}

/** An option's typed value: a number, a boolean or the text. @param {string} v */
function optionValue(v) {
  if (/^-?\d+$/.test(v)) return Number(v);
  if (/^-?\d*\.\d+$/.test(v)) return Number(v);
  if (v === "true" || v === "false") return v === "true";
  return v;
}

/** Create the game (POST /api/games) and show its links. @param {Event} ev */
async function create(ev) {
  ev.preventDefault();
  /** @type {Record<string, { kind: string, policy?: string }>} */
  const seats = {};
  for (const sel of document.querySelectorAll("select[data-seat]")) {
    if (!(sel instanceof HTMLSelectElement) || !sel.dataset.seat) continue;
    const [kind, policy] = sel.value.split(":");
    seats[sel.dataset.seat] = policy ? { kind, policy } : { kind };
  }
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const inp of document.querySelectorAll("input[data-option]")) {
    if (inp instanceof HTMLInputElement && inp.dataset.option && inp.value.trim()) options[inp.dataset.option] = optionValue(inp.value.trim());
  }
  /** @type {Record<string, unknown>} */
  const body = { ruleset: valueOf("ruleset"), scenario: valueOf("scenario") || null, seats, options };
  if (valueOf("dice") === "manual") {
    body.dice = "manual";
    body.setup_rolls = valueOf("setup-rolls").split(/[\s,]+/).filter(Boolean).map(Number);
  } else if (valueOf("seed") !== "") body.seed = Number(valueOf("seed"));
  try {
    /** @type {{ id: string, tokens: { seat: string, link: string }[], hotseat_link: string, spectator_link: string }} */
    const g = await api("POST", "/api/games", { body });
    $("created-id").textContent = g.id;
    /** @param {string} p */
    const abs = (p) => `${location.origin}${p}`;
    $("play-here", HTMLAnchorElement).href = g.tokens.length ? g.hotseat_link : g.spectator_link;
    $("play-here").textContent = g.tokens.length ? "Play here" : "Watch the bots";
    $("seat-links").replaceChildren(...g.tokens.map((t) =>
      h("li", {}, `${t.seat}: `, h("a", { href: t.link, "data-seat-link": t.seat }, abs(t.link)))));
    $("spectate", HTMLAnchorElement).href = g.spectator_link;
    $("spectate").textContent = abs(g.spectator_link);
    $("created").hidden = false;
    $("message").textContent = "";
    listGames();
  } catch (e) {
    $("message").textContent = e instanceof Error ? e.message : String(e);
    $("message").className = "message bad";
  }
}

/**
 * A game as GET /api/games lists it.
 * @typedef {{ id: string, ruleset: string, scenario: string | null, status: string, to_act: string | null, updated: string }} GameRow
 */

async function listGames() {
  /** @type {GameRow[]} */
  const games = await api("GET", "/api/games?limit=30");
  $("games").replaceChildren(...games.map((g) => h("li", {},
    h("a", { href: `/game/${g.id}` }, `${g.ruleset} ${g.scenario ?? ""}`), ` ${g.status} · `,
    h("a", { href: `/replay/${g.id}` }, "replay"), ` · ${g.updated.slice(0, 16).replace("T", " ")}`)));
}

// the games this browser holds a seat in (game pages remember their seat links)
async function listMine() {
  /** @type {Record<string, { hash: string, seats: string[] }>} */
  const all = JSON.parse(localStorage.getItem("voidwar.seats") || "{}");
  const items = [];
  for (const [id, m] of Object.entries(all)) {
    /** @type {GameRow} */
    let g;
    try { g = await api("GET", `/api/games/${id}`); } catch (_) { continue; }
    const turn = g.status === "active" && g.to_act !== null && m.seats.includes(g.to_act);
    items.push(h("li", { "data-mine": id, class: turn ? "my-turn" : "" },
      h("a", { href: `/game/${id}${m.hash}`, "data-rejoin": id }, `${g.ruleset} ${g.scenario ?? ""} as ${m.seats.join(", ")}`),
      turn ? h("b", {}, " — your turn") : ` ${g.status}`, " · ", h("a", { href: `/replay/${id}${m.hash}` }, "replay")));
  }
  $("mine").replaceChildren(...items);
  $("mine-box").hidden = items.length === 0;
}

async function main() {
  lobby.rulesets = await api("GET", "/api/rulesets");
  // the server seeds every game from its secret unless it lets clients choose a seed
  const terms = await api("GET", "/api/server");
  const seedAllowed = !!terms.client_seeds;
  $("seed-box").hidden = !seedAllowed;
  $("ruleset").replaceChildren(...lobby.rulesets.map((r) => h("option", { value: r.name }, r.title)));
  const want = new URLSearchParams(location.search).get("ruleset");
  if (want && lobby.rulesets.some((r) => r.name === want)) $("ruleset", HTMLSelectElement).value = want;
  $("ruleset").addEventListener("change", fillScenarios);
  $("scenario").addEventListener("change", fillSeats);
  $("new-game").addEventListener("submit", create);
  $("dice").addEventListener("change", () => {
    const manual = valueOf("dice") === "manual";
    $("seed-box").hidden = manual || !seedAllowed;
    $("setup-box").hidden = !manual;
  });
  fillScenarios();
  listGames();
  listMine();
}
main();
