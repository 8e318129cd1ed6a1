// @ts-check
// The online table on a game's page: who holds each seat, the time control and the turn's
// clock, and the game's chat (its seats only). Its socket also tells the server this seat is
// on the page (no turn e-mail then). Separate from game.js: it reads only the link's tokens.
import { $, h, tokensFromFragment } from "./common.js";
import { nav, span, when } from "./account.js";

/**
 * The table of a game (GET /api/games/ID/table): who holds each seat, who is on the page, the
 * time control and the turn's deadline.
 * @typedef {object} TableInfo
 * @property {Record<string, string>} players
 * @property {string[]} [online]
 * @property {boolean} rated
 * @property {number} now
 * @property {string | null} turn
 * @property {string | null} timed_out
 * @property {{ per_move: number, per_move_text: string, deadline: number | null, on_timeout: string, timeout_policy: string } | null} clock
 */

/**
 * This page's table state: the table last fetched and when, the last chat message shown.
 * @type {{ gid: string, info: TableInfo | null, fetchedAt: number, lastChat: number }}
 */
const table = { gid: location.pathname.split("/").filter(Boolean).pop() ?? "", info: null, fetchedAt: 0, lastChat: 0 };
const gid = table.gid;

function token() {
  const t = tokensFromFragment();
  const seats = Object.keys(t);
  return seats.length ? t[seats[0]] : null;
}

function box() {
  const had = document.getElementById("table-box");
  if (had) return had;
  const b = h("div", { id: "table-box", class: "table-box" },
    h("div", { id: "table-players", class: "dim" }), h("div", { id: "table-clock", class: "clock" }),
    h("div", { id: "chat-box", hidden: true }, h("h3", {}, "Chat"), h("ul", { id: "chat-log", class: "chat-log" }),
      h("form", { id: "chat-form" }, h("input", { id: "chat-text", maxlength: "500", placeholder: "say something to the table", autocomplete: "off" }),
        h("button", { type: "submit" }, "Send"))));
  const anchor = document.getElementById("seats");
  if (anchor) anchor.after(b); else document.querySelector("main")?.appendChild(b);
  $("chat-form").addEventListener("submit", send);
  return b;
}

function renderClock() {
  const info = table.info;
  if (!info) return;
  const c = info.clock;
  const el = $("table-clock");
  if (!c) { el.textContent = info.rated ? "rated game" : ""; return; }
  const now = info.now + (Date.now() - table.fetchedAt) / 1000;
  const rule = c.on_timeout === "forfeit" ? "then the seat forfeits" : `then a computer (${c.timeout_policy}) takes the seat`;
  let text = `${c.per_move_text} a move${info.rated ? " · rated" : ""}`;
  if (info.timed_out) text += ` · ${info.timed_out} ran out of time`;
  else if (c.deadline && info.turn) {
    const left = c.deadline - now;
    text += ` · ${info.turn} to move: ${left > 0 ? span(left) + " left" : "time is up"} (until ${when(c.deadline)}; ${rule})`;
  }
  el.textContent = text;
  el.classList.toggle("low", !!(c.deadline && c.deadline - now < c.per_move / 2));
  el.dataset.deadline = c.deadline === null ? "" : String(c.deadline);
}

async function load() {
  const r = await fetch(`/api/games/${gid}/table`);
  if (!r.ok) return;
  /** @type {TableInfo} */
  const info = await r.json();
  table.info = info;
  table.fetchedAt = Date.now();
  box();
  const names = Object.entries(info.players).map(([s, n]) =>
    `${s}: ${n}${info.online && info.online.includes(s) ? " ●" : ""}`);
  $("table-players").textContent = names.length ? `Players — ${names.join(" · ")}` : "";
  $("table-box").hidden = !names.length && !info.clock;
  renderClock();
}

async function loadChat() {
  const t = token();
  if (!t) return;
  const r = await fetch(`/api/games/${gid}/chat?after=${table.lastChat}`, { headers: { "X-Seat-Token": t } });
  if (!r.ok) return;
  /** @type {{ id: number, name: string, text: string }[]} */
  const msgs = (await r.json()).messages;
  $("chat-box").hidden = false;
  for (const m of msgs) {
    if (m.id <= table.lastChat) continue; // two loads at once (the socket and a send) overlap
    table.lastChat = m.id;
    // text only: a message is never markup
    $("chat-log").appendChild(h("li", { "data-chat": String(m.id) }, h("span", { class: "who" }, m.name), m.text));
  }
  $("chat-log").scrollTop = $("chat-log").scrollHeight;
}

/** Send the chat line. @param {Event} ev */
async function send(ev) {
  ev.preventDefault();
  const input = $("chat-text", HTMLInputElement), text = input.value.trim();
  if (!text) return;
  const r = await fetch(`/api/games/${gid}/chat`, { method: "POST", headers: { "X-Seat-Token": token() ?? "", "Content-Type": "application/json" },
                                                    body: JSON.stringify({ text }) });
  if (r.ok) { input.value = ""; loadChat(); }
  else { const d = await r.json().catch(() => ({})); input.setCustomValidity(d.detail || "refused"); input.reportValidity(); }
}

function live() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const t = token();
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${gid}/table/ws${t ? `?token=${encodeURIComponent(t)}` : ""}`);
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "chat") loadChat(); else if (msg.type === "table") load();
  };
  ws.onclose = (e) => { if (e.code < 4000) setTimeout(live, 3000); };
}

async function main() {
  nav();
  await load();
  await loadChat();
  live();
  setInterval(renderClock, 15_000);
  window.addEventListener("hashchange", () => { loadChat(); });
}
main();
