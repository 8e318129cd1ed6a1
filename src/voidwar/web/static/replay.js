// The replay viewer: step or scrub through a stored game (GET /api/games/ID/replay/STEP).
import { api, h, resultText, tokensFromFragment } from "./common.js";
import { drawBoard } from "./board.js";

const $ = (id) => document.getElementById(id);
const gid = location.pathname.split("/").filter(Boolean).pop();
const tokens = tokensFromFragment();
const token = Object.values(tokens)[0] ?? null;
let n = 0;
let timer = null;
let want = 0;
let loading = false;

async function show(step) {
  want = Math.max(0, Math.min(n, step));
  $("step").value = String(want);
  if (loading) return;
  loading = true;
  try {
    let shown;
    do {
      shown = want;
      const r = await api("GET", `/api/games/${gid}/replay/${shown}`, { token });
      n = r.n_actions;
      $("step").max = String(n);
      $("pos").textContent = `step ${r.step} of ${n}`;
      $("pos").dataset.step = String(r.step);
      $("status").textContent = r.over ? "Game over." : r.board ? r.board.prompt : `${r.to_act} to act.`;
      $("result").hidden = !r.over;
      $("result").textContent = r.over ? `Result: ${resultText(r.result, (id) => r.board?.sides.find((x) => x.id === id)?.name ?? id)}` : "";
      $("fallback").hidden = !!r.board;
      if (r.board) drawBoard($("board"), r.board, { last: r.board.last });
      else $("raw").textContent = JSON.stringify(r.view, null, 1);
      $("entry").replaceChildren(...r.log.map((e) => h("li", { class: "entry" + (e.index === r.step - 1 ? " current" : "") },
        h("div", { class: "act" }, e.index >= 0 ? `${e.index + 1}. ${side(r, e.seat)}: ${e.action ?? "(hidden)"}` : "set-up"),
        ...e.events.map((ev) => h("div", { class: `ev ev-${ev.kind}` }, ev.text)))));
      $("entry").scrollTop = $("entry").scrollHeight;
    } while (shown !== want);
  } catch (err) {
    $("status").textContent = err.message;
  }
  loading = false;
}

// a seat by its side's name on the board ("Blue fleet"), as the game page says it
function side(r, seat) {
  const sd = r.board && seat ? r.board.sides.find((x) => x.id === seat) : null;
  return sd ? sd.name : seat ?? "?";
}

function play() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; return; }
  $("play").textContent = "pause";
  timer = setInterval(() => {
    if (want >= n) { play(); return; }
    show(want + 1);
  }, 400);
}

async function main() {
  const g = await api("GET", `/api/games/${gid}`);
  n = g.n_actions;
  $("title").textContent = `replay · ${g.ruleset}${g.scenario ? " · " + g.scenario : ""} · ${gid}`;
  $("title").dataset.ruleset = g.ruleset;
  $("game-link").href = `/game/${gid}${location.hash}`;
  $("step").max = String(n);
  $("step").addEventListener("input", () => show(Number($("step").value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(want - 1));
  $("next").addEventListener("click", () => show(want + 1));
  $("last").addEventListener("click", () => show(n));
  $("play").addEventListener("click", play);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") show(want + 1);
    if (ev.key === "ArrowLeft") show(want - 1);
  });
  show(0);
}
main();
