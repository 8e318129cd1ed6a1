// @ts-check
// The replay viewer: step or scrub through a stored game (GET /api/games/ID/replay/STEP). The
// viewer's state is one object, handed to what reads it.
import { $, api, h, resultText, tokensFromFragment } from "./common.js";
import { drawBoard } from "./board.js";

/** @typedef {import("./page-types.js").ReplayStep} ReplayStep */

/**
 * @typedef {object} ReplayState
 * @property {string} gid
 * @property {string | null} token a seat's token held here (it sees what that seat saw)
 * @property {number} n the game's number of actions
 * @property {number} want the step asked for
 * @property {boolean} loading a step is being fetched
 * @property {ReturnType<typeof setInterval> | null} timer playing
 */

/** @type {ReplayState} */
const rs = {
  gid: location.pathname.split("/").filter(Boolean).pop() ?? "",
  token: Object.values(tokensFromFragment())[0] ?? null, n: 0, want: 0, loading: false, timer: null,
};

const stepInput = () => $("step", HTMLInputElement);

/** Show step ``step`` (the last one asked for, when several are asked while one loads). @param {number} step */
async function show(step) {
  rs.want = Math.max(0, Math.min(rs.n, step));
  stepInput().value = String(rs.want);
  if (rs.loading) return;
  rs.loading = true;
  try {
    let shown;
    do {
      shown = rs.want;
      /** @type {ReplayStep} */
      const r = await api("GET", `/api/games/${rs.gid}/replay/${shown}`, { token: rs.token });
      rs.n = r.n_actions;
      stepInput().max = String(rs.n);
      $("pos").textContent = `step ${r.step} of ${rs.n}`;
      $("pos").dataset.step = String(r.step);
      $("status").textContent = r.over ? "Game over." : r.board ? r.board.prompt : `${r.to_act} to act.`;
      $("result").hidden = !r.over;
      $("result").textContent = r.over ? `Result: ${resultText(r.result, (id) => r.board?.sides.find((x) => x.id === id)?.name ?? id)}` : "";
      $("fallback").hidden = !!r.board;
      if (r.board) drawBoard($("board", SVGSVGElement), r.board, { last: r.board.last });
      else $("raw").textContent = JSON.stringify(r.view, null, 1);
      $("entry").replaceChildren(...r.log.map((e) => h("li", { class: "entry" + (e.index === r.step - 1 ? " current" : "") },
        h("div", { class: "act" }, e.index >= 0 ? `${e.index + 1}. ${side(r, e.seat)}: ${e.action ?? "(hidden)"}` : "set-up"),
        ...e.events.map((ev) => h("div", { class: `ev ev-${ev.kind}` }, ev.text)))));
      $("entry").scrollTop = $("entry").scrollHeight;
    } while (shown !== rs.want);
  } catch (err) {
    $("status").textContent = err instanceof Error ? err.message : String(err);
  }
  rs.loading = false;
}

/** A seat by its side's name on the board ("Blue fleet"), as the game page says it. @param {ReplayStep} r @param {string | null} seat */
function side(r, seat) {
  const sd = r.board && seat ? r.board.sides.find((x) => x.id === seat) : null;
  return sd ? sd.name : seat ?? "?";
}

function play() {
  if (rs.timer) { clearInterval(rs.timer); rs.timer = null; $("play").textContent = "play"; return; }
  $("play").textContent = "pause";
  rs.timer = setInterval(() => {
    if (rs.want >= rs.n) { play(); return; }
    show(rs.want + 1);
  }, 400);
}

async function main() {
  const g = await api("GET", `/api/games/${rs.gid}`);
  rs.n = g.n_actions;
  $("title").textContent = `replay · ${g.ruleset}${g.scenario ? " · " + g.scenario : ""} · ${rs.gid}`;
  $("title").dataset.ruleset = g.ruleset;
  $("game-link", HTMLAnchorElement).href = `/game/${rs.gid}${location.hash}`;
  stepInput().max = String(rs.n);
  stepInput().addEventListener("input", () => show(Number(stepInput().value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(rs.want - 1));
  $("next").addEventListener("click", () => show(rs.want + 1));
  $("last").addEventListener("click", () => show(rs.n));
  $("play").addEventListener("click", play);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") show(rs.want + 1);
    if (ev.key === "ArrowLeft") show(rs.want - 1);
  });
  show(0);
}
main();
