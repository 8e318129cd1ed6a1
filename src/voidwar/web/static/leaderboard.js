// @ts-check
// Ratings per ruleset, and the best scores of solitaire games per scenario and table file.
import { $, h, valueOf } from "./common.js";
import { call, nav, when } from "./account.js";

/**
 * GET /api/leaderboard/RULESET: the ratings, and per scenario and table file the best scores.
 * @typedef {object} Board
 * @property {{ name: string, rating: number, rd: number, games: number }[]} ratings
 * @property {{ scenario: string | null, tables: string, scores: { name: string, score: number, at: number, game: string }[] }[]} best_scores
 */

async function show() {
  const r = valueOf("l-ruleset");
  history.replaceState(null, "", `/leaderboard?ruleset=${r}`);
  /** @type {Board} */
  const b = await call("GET", `/api/leaderboard/${r}`);
  $("l-ratings").replaceChildren(h("tr", {}, ...["#", "player", "rating", "deviation", "games"].map((x) => h("th", {}, x))),
    ...(b.ratings.length ? b.ratings.map((p, i) => h("tr", {}, h("td", {}, String(i + 1)),
      h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name)),
      h("td", {}, p.rating.toFixed(0)), h("td", {}, `±${p.rd.toFixed(0)}`), h("td", {}, String(p.games))))
      : [h("tr", {}, h("td", { colspan: 5, class: "dim" }, "no rated game yet"))]));
  $("l-best-box").hidden = b.best_scores.length === 0;
  $("l-best").replaceChildren(...b.best_scores.map((t) => h("div", {},
    h("h3", {}, `${t.scenario || "default scenario"} — ${t.tables === "standard" ? "the standard tables" : "table file " + t.tables}`),
    h("table", { class: "grid" }, h("tr", {}, ...["#", "player", "score", "when", ""].map((x) => h("th", {}, x))),
      ...t.scores.map((s, i) => h("tr", {}, h("td", {}, String(i + 1)),
        h("td", {}, h("a", { href: `/players/${encodeURIComponent(s.name)}` }, s.name)),
        h("td", {}, String(s.score)), h("td", {}, when(s.at)),
        h("td", {}, h("a", { href: `/replay/${s.game}` }, "replay"))))))));
}

async function main() {
  nav();
  /** @type {{ name: string, title: string }[]} */
  const rulesets = await call("GET", "/api/rulesets");
  $("l-ruleset").replaceChildren(...rulesets.map((r) => h("option", { value: r.name }, r.title)));
  const want = new URLSearchParams(location.search).get("ruleset");
  if (want && rulesets.some((r) => r.name === want)) $("l-ruleset", HTMLSelectElement).value = want;
  $("l-ruleset").addEventListener("change", show);
  show();
}
main();
