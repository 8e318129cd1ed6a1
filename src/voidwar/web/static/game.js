// @ts-check
// The play page (the Rally the Troops pattern, our own code): a prompt sentence with the seat's
// own actions as buttons; select a piece → only its destinations and targets light up → click
// one. A choice of amount, facing or weapon is a small picker at the piece. The board is the
// server's BoardView, drawn as it is: nothing here knows a ruleset, reads notation or measures
// anything (ranges, lines of sight and reach come with the board). The page's state is one
// object (state.js), made here and handed to what reads it.
import { $, api, h, resultText, socketUrl, tokensFromFragment } from "./common.js";
import { drawBoard, sideColour } from "./board.js";
import { camera, dragged } from "./camera.js";
import { autoSelect, boardSvg, clickPiece, deselect, lit, onBoardClick, onBoardMove } from "./choose.js";
import { renderDisplays } from "./panels.js";
import { closePicker } from "./picker.js";
import { actionButton, renderLog, renderPrompt, renderSide } from "./sidebar.js";
import { allActions, createState, myTurn, pieceById, sideName, tokenFor, viewToken } from "./state.js";

/** @typedef {import("./page-types.js").GameView} GameView */
/** @typedef {import("./page-types.js").Acted} Acted */
/** @typedef {import("./choose.js").Page} Page */

const st = createState(location.pathname.split("/").filter(Boolean).pop() ?? "");
const gid = st.gid;

/** @type {Page} */
const page = {
  st,
  render: () => render(),
  submit: (action) => { submit(action); },
  message: (text, bad) => message(text, bad),
  clickPiece: (id) => clickPiece(page, id),
};

/** Fetch the view (again, if a change came meanwhile) and draw it. */
export async function refresh() {
  if (st.refreshing) { st.again = true; return st.refreshing; }
  st.refreshing = (async () => {
    do {
      st.again = false;
      try {
        /** @type {GameView} */
        let v = await api("GET", `/api/games/${gid}/view`, { token: viewToken(st) });
        // hot-seat: the seat to act changed to another seat held here
        const acting = tokenFor(st, v.to_act);
        if (v.to_act && v.to_act !== "chance" && acting && v.seat !== v.to_act) {
          v = await api("GET", `/api/games/${gid}/view`, { token: acting });
        }
        if (!st.view || st.view.version !== v.version) st.displays.pending = null; // the state moved on
        st.view = v;
        st.board = v.board;
        render();
      } catch (e) { message(e instanceof Error ? e.message : String(e), true); }
    } while (st.again);
    st.refreshing = null;
  })();
  return st.refreshing;
}

/** @param {string} text @param {boolean} [bad] */
function message(text, bad = false) {
  const m = $("message");
  m.textContent = text;
  m.className = bad ? "message bad" : "message";
}

function render() {
  const s = st.view, board = st.board;
  if (!s) return;
  const mine = myTurn(st);
  document.title = `voidwar — ${s.ruleset} ${s.id}${mine ? " (your turn)" : ""}`;
  $("title").textContent = `${s.ruleset}${s.scenario ? " · " + s.scenario : ""} · game ${s.id}`;
  const status = $("status");
  Object.assign(status.dataset, { nActions: String(s.n_actions), toAct: s.to_act ?? "",
                                  over: String(s.over), version: String(s.version),
                                  renders: String(Number(status.dataset.renders ?? 0) + 1) });
  const held = Object.keys(st.tokens);
  status.textContent = s.over ? "Game over." : mine
    ? (s.to_act === "chance" ? "Your roll: roll the die and enter it." : `Your turn: ${sideName(st, s.to_act ?? "")}.`)
    : waitingText(s);
  $("seats").replaceChildren(...Object.entries(s.seats).map(([n, x]) => h("span", { class: "seat-chip" },
    h("i", { style: `background:${board ? sideColour(board, n) : "#999"}` }),
    `${sideName(st, n)}: ${x.kind}${x.policy ? " " + x.policy : ""}${held.includes(n) ? " (you)" : ""}`)),
    held.length ? "" : h("span", {}, " — you are watching"));
  $("result").hidden = !s.over;
  $("result").textContent = s.over ? `Result: ${resultText(s.result, (id) => sideName(st, id))}` : "";
  $("rematch").hidden = !(s.over && held.length);
  $("resign").hidden = s.over || !held.length;
  $("undo").hidden = !held.length;
  $("join-box").replaceChildren(...Object.entries(s.seats)
    .filter(([, x]) => x.kind === "open" && !s.over)
    .map(([n]) => h("button", { "data-join": n, onclick: () => join(n) }, `Take the open seat ${n}`)));
  $("undo-state").textContent = s.undo_requested.length ? `undo asked by: ${s.undo_requested.join(", ")}` : "";
  $("replay-link", HTMLAnchorElement).href = `/replay/${s.id}${location.hash}`;
  $("assist-link").hidden = s.ruleset !== "attack-vector";
  $("controls").hidden = held.length === 0;
  $("fallback").hidden = !!board;
  if (board) {
    if (st.selected && !pieceById(st, st.selected)) st.selected = null;
    autoSelect(st);
    const marks = { selected: st.selected, ...lit(st), last: board.last, canAct: mine };
    const key = JSON.stringify([board, st.selected, marks.canAct]);
    if (key !== st.drawn) { drawBoard(boardSvg(), board, marks); camera(boardSvg()); st.drawn = key; }
    renderDisplays(board, { selected: st.selected, mine, submit: page.submit, select: page.clickPiece,
                            redraw: render, ui: st.displays });
    renderPrompt(st, board, page);
    fitBoard();
    renderSide(st, board, page);
  } else {
    $("prompt-text").textContent = mine ? "Choose an action." : "";
    $("prompt-actions").replaceChildren();
    $("actions").replaceChildren(...s.legal.map((a) => actionButton(page, a.text, a.text)));
  }
  renderLog(st);
  notifyTurn();
}

// the map zooms to fit the window below the prompt, notes and toolbar (at least 420 px high;
// 300 on a phone, where the page scrolls)
function fitBoard() {
  const svg = boardSvg();
  const top = svg.getBoundingClientRect().top + window.scrollY;
  const least = window.innerWidth <= 800 ? 300 : 420;
  svg.style.maxHeight = `${Math.max(least, window.innerHeight - top - 12)}px`;
}
window.addEventListener("resize", () => { if (st.board) fitBoard(); });

/** @param {GameView} s */
function waitingText(s) {
  const seat = s.to_act ? s.seats[s.to_act] : undefined, name = sideName(st, s.to_act ?? "");
  if (s.to_act === "chance") return "Waiting for a roll to be entered.";
  return seat && seat.kind === "bot" ? `${name} (computer: ${seat.policy}) is thinking…`
    : seat && seat.kind === "open" ? `Waiting for someone to take the open seat ${s.to_act}.`
      : `Waiting for ${name}.`;
}

// -- acting ----------------------------------------------------------------------------------
/** Send an action for the seat to act. @param {string} action */
async function submit(action) {
  const s = st.view;
  if (!s || !myTurn(st)) { message("It is not your turn.", true); return; }
  closePicker();
  try {
    /** @type {Acted} */
    const r = await api("POST", `/api/games/${gid}/actions`, { token: tokenFor(st, s.to_act), body: { action } });
    message(`Done: ${action}`);
    if (!r.over && r.to_act !== s.to_act) { st.selected = null; st.picked = false; }
  } catch (e) { message(e instanceof Error ? e.message : String(e), true); }
  if (!st.socketOpen) await refresh(); // the socket's message brings the new view otherwise
}

/** @param {string} seat */
async function join(seat) {
  try {
    const r = await api("POST", `/api/games/${gid}/join`, { body: { seat } });
    const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
    frag.append("seat", seat);
    frag.append("token", r.token);
    history.replaceState(null, "", `#${frag.toString()}`);
    st.tokens = tokensFromFragment();
    remember();
    message(`You sit at ${seat}. The seat link is below and remembered by this browser.`);
  } catch (e) { message(e instanceof Error ? e.message : String(e), true); }
  await refresh();
}

async function undo() {
  const seats = st.view?.seats ?? {};
  const held = Object.keys(st.tokens).filter((s) => seats[s] && seats[s].kind === "human");
  try {
    /** @type {{ done: boolean, waiting_for: string[] } | null} */
    let r = null;
    for (const s of held) r = await api("POST", `/api/games/${gid}/undo`, { token: st.tokens[s] });
    message(r && r.done ? "Undone." : `Undo asked; waiting for ${r ? r.waiting_for.join(", ") : "the other seats"}.`);
  } catch (e) { message(e instanceof Error ? e.message : String(e), true); }
  st.selected = null;
  st.picked = false;
  await refresh();
}

async function resign() {
  const toAct = st.view?.to_act;
  const seat = toAct && tokenFor(st, toAct) ? toAct : Object.keys(st.tokens)[0];
  if (!confirm(`Resign ${seat}?`)) return;
  try { await api("POST", `/api/games/${gid}/resign`, { token: st.tokens[seat] }); } catch (e) { message(e instanceof Error ? e.message : String(e), true); }
  await refresh();
}

// a finished game offers a rematch: the same ruleset, scenario, options and kind of dice; the
// seats held here stay here (their tokens in the new link), a bot stays the same bot, and a seat
// someone else held becomes an open seat they take from the lobby (or the link they are sent)
async function rematch() {
  const s = st.view;
  if (!s) return;
  const held = Object.keys(st.tokens);
  /** @type {Record<string, { kind: string, policy?: string | null }>} */
  const seats = {};
  for (const [n, x] of Object.entries(s.seats)) {
    seats[n] = x.kind === "bot" ? { kind: "bot", policy: x.policy } : { kind: held.includes(n) ? "human" : "open" };
  }
  /** @type {{ dice?: { kind: string }, options?: Record<string, unknown> }} */
  let terms = {};
  try { terms = (await api("GET", `/api/games/${gid}`)).terms || {}; } catch (_) { terms = {}; }
  /** @type {Record<string, unknown>} */
  const body = { ruleset: s.ruleset, scenario: s.scenario, seats };
  if (terms.dice && terms.dice.kind === "manual") body.dice = "manual";
  if (terms.options && Object.keys(terms.options).length) body.options = terms.options;
  try {
    /** @type {{ id: string, tokens: { seat: string, token: string }[], spectator_link: string }} */
    let g;
    try { g = await api("POST", "/api/games", { body }); } catch (e) {
      if (!body.options) throw e;
      delete body.options; // options this server will not take again: the game as shipped
      g = await api("POST", "/api/games", { body });
    }
    const mine = g.tokens.filter((t) => held.includes(t.seat));
    const frag = new URLSearchParams();
    for (const t of mine) { frag.append("seat", t.seat); frag.append("token", t.token); }
    location.href = mine.length ? `/game/${g.id}#${frag.toString()}` : g.spectator_link;
  } catch (e) { message(e instanceof Error ? e.message : String(e), true); }
}

// -- seats remembered, turn notifications ------------------------------------------------------
function remember() {
  if (!Object.keys(st.tokens).length) return;
  const all = JSON.parse(localStorage.getItem("voidwar.seats") || "{}");
  all[gid] = { hash: location.hash, seats: Object.keys(st.tokens), ruleset: st.view ? st.view.ruleset : all[gid]?.ruleset, saved: Date.now() };
  localStorage.setItem("voidwar.seats", JSON.stringify(all));
  $("seat-link", HTMLInputElement).value = location.href;
  $("seat-link-box").hidden = false;
}

function notifyTurn() {
  const mine = myTurn(st);
  if (mine && !st.wasMyTurn && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("voidwar: your turn", { body: st.board ? st.board.prompt : `game ${gid}` });
  }
  st.wasMyTurn = mine;
}

/** The game's socket: each change refetches the view; reconnects, waiting longer each time. */
function connect(delay = 500) {
  const ws = new WebSocket(socketUrl(gid, viewToken(st)));
  ws.onmessage = (m) => {
    let msg = {};
    try { msg = JSON.parse(m.data); } catch (_) { msg = {}; }
    const version = /** @type {{ version?: unknown }} */ (msg).version;
    if (st.view && typeof version === "number" && version <= st.view.version) return;
    refresh();
  };
  ws.onopen = () => { $("live").textContent = "live"; st.socketOpen = true; delay = 500; };
  ws.onclose = () => {
    st.socketOpen = false;
    $("live").textContent = "reconnecting…";
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}

window.addEventListener("hashchange", () => { st.tokens = tokensFromFragment(); remember(); refresh(); });
// A finger's tap is taken at the exact point it lifted: the browser's touch adjustment would
// hand it to the largest thing nearby (the hex under a small counter, a counter beside a lit
// point); the click the browser makes of the tap is then no second choice.
boardSvg().addEventListener("pointerup", (ev) => {
  if (ev.pointerType !== "touch" || dragged(boardSvg())) return;
  st.tapped = performance.now();
  onBoardClick(page, ev, document.elementFromPoint(ev.clientX, ev.clientY));
});
boardSvg().addEventListener("click", (ev) => { if (performance.now() - st.tapped > 600) onBoardClick(page, ev); });
boardSvg().addEventListener("mousemove", (ev) => onBoardMove(st, ev));
$("undo").addEventListener("click", undo);
$("resign").addEventListener("click", resign);
$("rematch").addEventListener("click", rematch);
$("t-coords", HTMLInputElement).addEventListener("change", () => document.body.classList.toggle("show-coords", $("t-coords", HTMLInputElement).checked));
$("t-pieces", HTMLInputElement).addEventListener("change", () => document.body.classList.toggle("hide-pieces", $("t-pieces", HTMLInputElement).checked));
$("notify").addEventListener("click", () => { if ("Notification" in window) Notification.requestPermission(); });
$("copy-link").addEventListener("click", () => { $("seat-link", HTMLInputElement).select(); navigator.clipboard?.writeText($("seat-link", HTMLInputElement).value); message("Seat link copied."); });
$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("typed-action", HTMLInputElement), t = input.value.trim();
  if (t) { submit(t); input.value = ""; }
});
$("deselect").addEventListener("click", () => deselect(page));
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") deselect(page);
  const typing = ev.target instanceof Element && ev.target.closest("input");
  const k = !typing && myTurn(st) && allActions(st).find((a) => a.key && a.key === ev.key);
  if (k) submit(k.text);
});
refresh().then(() => { remember(); connect(); });
