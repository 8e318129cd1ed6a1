// @ts-check
// A player's profile: games played and won per ruleset, ratings and their history (with a
// small chart), finished games with their replays and signed records.
import { $, h } from "./common.js";
import { call, nav, say, when } from "./account.js";

/** @typedef {{ at: number, ruleset: string, opponent: string, score: number, before: number, after: number }} Rated */

/**
 * GET /api/players/NAME.
 * @typedef {object} Player
 * @property {string} name
 * @property {Record<string, { played: number, won: number }>} games
 * @property {Record<string, { rating: number, rd: number, games: number }>} ratings
 * @property {Rated[]} history
 * @property {{ game: string, ruleset: string, seat: string, won: boolean, outcome: string, at: number, replay: string, record: string }[]} finished
 */

const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");

/** A table's head and rows. @param {HTMLElement} table @param {string[]} head @param {(string | Node)[][]} body */
function rows(table, head, body) {
  table.replaceChildren(h("tr", {}, ...head.map((x) => h("th", {}, x))),
    ...body.map((r) => h("tr", {}, ...r.map((x) => h("td", {}, x)))));
}

/** A small chart of the rating, oldest first. @param {Rated[]} history */
function spark(history) {
  const pts = [...history].reverse();
  if (pts.length < 1) return null;
  const vals = [pts[0].before, ...pts.map((p) => p.after)];
  const lo = Math.min(...vals) - 10, hi = Math.max(...vals) + 10, w = 320, ht = 80;
  const xy = vals.map((v, i) => `${(i / Math.max(1, vals.length - 1)) * (w - 10) + 5},${ht - 5 - ((v - lo) / (hi - lo)) * (ht - 10)}`);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "spark"); svg.setAttribute("width", String(w)); svg.setAttribute("height", String(ht));
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", xy.join(" "));
  svg.appendChild(line);
  return svg;
}

async function main() {
  nav();
  /** @type {Player} */
  let p;
  try { p = await call("GET", `/api/players/${encodeURIComponent(name)}`); } catch (e) { say(e instanceof Error ? e.message : String(e), true); return; }
  document.title = `voidwar — ${p.name}`;
  $("page-title").textContent = `Player ${p.name}`;
  $("p-name").textContent = p.name;
  rows($("p-games"), ["ruleset", "played", "won"], Object.entries(p.games).map(([r, c]) => [r, String(c.played), String(c.won)]));
  rows($("p-ratings"), ["ruleset", "rating", "deviation", "rated games"],
    Object.entries(p.ratings).map(([r, x]) => [h("a", { href: `/leaderboard?ruleset=${r}` }, r), x.rating.toFixed(0), `±${x.rd.toFixed(0)}`, String(x.games)]));
  const chart = spark(p.history);
  $("p-spark").replaceChildren(...(chart ? [chart] : []));
  rows($("p-history"), ["when", "ruleset", "against", "result", "rating"], p.history.map((x) => [
    when(x.at), x.ruleset, h("a", { href: `/players/${encodeURIComponent(x.opponent)}` }, x.opponent),
    x.score === 1 ? "won" : x.score === 0 ? "lost" : "drawn", `${x.before.toFixed(0)} → ${x.after.toFixed(0)}`]));
  $("p-finished").replaceChildren(...(p.finished.length ? p.finished.map((f) => h("li", { "data-finished": f.game },
    h("span", { class: "title" }, `${f.ruleset} · game ${f.game}`), h("span", {}, `as ${f.seat}`),
    h("span", { class: f.won ? "tag turn" : "tag" }, f.won ? "won" : f.outcome.replace(/[-_]/g, " ")),
    h("span", { class: "dim" }, when(f.at)),
    h("a", { href: f.replay, "data-replay": f.game }, "replay"),
    h("a", { href: f.record, download: `voidwar-${f.game}.json` }, "signed record"))) : [h("li", { class: "dim" }, "none yet")]));
}
main();
