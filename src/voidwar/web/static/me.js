// @ts-check
// My games: every game the account sits in (your turn first), with the time since the last
// move and the clock; live while open (a socket says when one of them changes). Seats this
// browser holds as a guest can be claimed for the account.
import { $, errorText, h, tokensFromFragment } from "./common.js";
import { call, me, nav, say, span } from "./account.js";

/**
 * A game of the account's (GET /api/me/games).
 * @typedef {object} MyGame
 * @property {string} id
 * @property {string} ruleset
 * @property {string | null} scenario
 * @property {string} seat
 * @property {string | null} to_act
 * @property {string} status
 * @property {string} link
 * @property {boolean} rated
 * @property {boolean} mail
 * @property {string | null} timed_out
 * @property {number | null} last_move
 * @property {Record<string, string>} players
 * @property {string[]} online
 * @property {{ deadline: number | null, per_move: number, per_move_text: string } | null} clock
 */

/** @typedef {{ now: number, fetched: number, your_turn: MyGame[], waiting: MyGame[], open: MyGame[], finished: MyGame[] }} MyGames */

/** The page's state: the games last fetched, a fetch under way. @type {{ data: MyGames | null, loading: Promise<void> | null }} */
const page = { data: null, loading: null };

/** @param {MyGame} g */
function players(g) {
  return Object.entries(g.players).map(([seat, name]) => {
    const on = g.online.includes(seat);
    return h("span", { class: on ? "online" : "" }, `${seat}: ${name}${seat === g.seat ? " (you)" : ""}${on ? " ●" : ""}`);
  });
}

/** @param {MyGame} g @param {number} now */
function clockText(g, now) {
  if (!g.clock) return null;
  const left = g.clock.deadline ? g.clock.deadline - now : null;
  const low = left !== null && left < g.clock.per_move / 2;
  return h("span", { class: `tag${low ? " low" : ""}`, "data-deadline": g.clock.deadline ?? "" },
    left !== null ? `${span(left)} left` : `${g.clock.per_move_text} a move`);
}

/** @param {MyGame} g @param {number} now */
function card(g, now) {
  const turn = g.to_act === g.seat && g.status === "active";
  const parts = [
    h("a", { class: "title", href: g.link, "data-game": g.id }, `${g.ruleset}${g.scenario ? " · " + g.scenario : ""}`),
    turn ? h("span", { class: "tag turn" }, "your turn") : null,
    g.rated ? h("span", { class: "tag rated" }, "rated") : null,
    clockText(g, now),
    h("span", { class: "dim" }, g.last_move ? `last move ${span(now - g.last_move)} ago` : "no move yet"),
    ...players(g),
  ];
  if (g.status !== "active") {
    parts.push(h("span", { class: "dim" }, g.timed_out ? `${g.timed_out} ran out of time` : g.status),
      h("a", { href: `/replay/${g.id}` }, "replay"));
  } else {
    parts.push(h("button", { class: "small", "data-mail": g.id, onclick: () => toggleMail(g) },
      g.mail ? "no e-mails for this game" : "e-mail me for this game"));
  }
  return h("li", { class: turn ? "my-turn" : "", "data-id": g.id }, ...parts);
}

/** @param {MyGame} g */
async function toggleMail(g) {
  try { await call("POST", `/api/me/games/${g.id}/mail`, { on: !g.mail }); load(); } catch (e) { say(errorText(e), true); }
}

function render() {
  const data = page.data;
  if (!data) return;
  const now = data.now + (Date.now() - data.fetched) / 1000;
  /** @type {["your_turn" | "waiting" | "open" | "finished", string][]} */
  const lists = [["your_turn", "your-turn"], ["waiting", "waiting"], ["open", "open"], ["finished", "finished"]];
  for (const [key, id] of lists) {
    const list = data[key];
    $(id).replaceChildren(...(list.length ? list.map((g) => card(g, now)) : [h("li", { class: "dim" }, "none")]));
  }
  document.title = `voidwar — my games${data.your_turn.length ? ` (${data.your_turn.length} your turn)` : ""}`;
}

async function load() {
  if (page.loading) return page.loading;
  page.loading = (async () => {
    try {
      page.data = { ...(await call("GET", "/api/me/games")), fetched: Date.now() };
      render();
      document.body.dataset.loads = String(Number(document.body.dataset.loads ?? 0) + 1);
    } catch (e) { say(errorText(e), true); }
    page.loading = null;
  })();
  return page.loading;
}

// seats this browser holds as a guest (game pages remember their links): claim them
function guests() {
  /** @type {Record<string, { hash: string, ruleset?: string }>} */
  const all = JSON.parse(localStorage.getItem("voidwar.seats") || "{}");
  const data = page.data;
  const mine = new Set([...(data?.your_turn ?? []), ...(data?.waiting ?? []), ...(data?.open ?? [])].map((g) => `${g.id}/${g.seat}`));
  const items = [];
  for (const [gid, m] of Object.entries(all)) {
    const toks = tokensFromFragment(m.hash);
    for (const [seat, token] of Object.entries(toks)) {
      if (mine.has(`${gid}/${seat}`)) continue;
      items.push(h("li", {}, h("a", { href: `/game/${gid}${m.hash}` }, `${m.ruleset ?? "game"} ${gid} as ${seat}`),
        h("button", { "data-claim": `${gid}/${seat}`, onclick: () => claim(gid, seat, token) }, "make it my account's")));
    }
  }
  $("guest").replaceChildren(...items);
  $("guest-box").hidden = items.length === 0;
}

/** @param {string} gid @param {string} seat @param {string} token */
async function claim(gid, seat, token) {
  try {
    await call("POST", "/api/me/claim", { game: gid, token });
    const all = JSON.parse(localStorage.getItem("voidwar.seats") || "{}");
    delete all[gid];
    localStorage.setItem("voidwar.seats", JSON.stringify(all));
    say(`Seat ${seat} of game ${gid} is your account's now.`);
    await load();
    guests();
  } catch (e) { say(errorText(e), true); }
}

function live() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/me/ws`);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  ws.onopen = () => { $("me-live").textContent = "live"; };
  ws.onmessage = () => { clearTimeout(timer); timer = setTimeout(load, 150); };
  ws.onclose = () => { $("me-live").textContent = "reconnecting…"; setTimeout(live, 3000); };
}

async function main() {
  const m = await me();
  nav();
  if (!m.account) { location.replace("/login?next=/me"); return; }
  await load();
  guests();
  live();
  setInterval(() => { if (page.data) render(); }, 30_000); // the clocks move on
}
main();
