// The play page (the Rally the Troops pattern, our own code): a prompt sentence with the seat's
// own actions as buttons; select a piece → only its destinations and targets light up → click
// one. A choice of amount, facing or weapon is a small picker at the piece. The board is the
// server's BoardView; nothing here knows a ruleset or reads notation.
import { api, h, resultText, socketUrl, tokensFromFragment } from "./common.js";
import { describe, drawBoard, geometry, isOut, sideColour } from "./board.js";
import { camera, dragged } from "./camera.js";
import { dropPending, renderDisplays } from "./panels.js";
import { closePicker, openPicker as placePicker } from "./picker.js";
import { rangeText } from "./rangetool.js";

const gid = location.pathname.split("/").filter(Boolean).pop();
let tokens = tokensFromFragment();
let state = null;
let board = null;
let selected = null;
let refreshing = null;
let again = false;
let socketOpen = false;
let wasMyTurn = false;
let drawn = "";

const $ = (id) => document.getElementById(id);

function humanSeatHeld() {
  return Object.keys(tokens).find((s) => state && state.seats[s] && state.seats[s].kind === "human");
}
function tokenFor(seat) {
  if (seat === "chance") { const s = humanSeatHeld(); return s ? tokens[s] : null; }
  return seat && tokens[seat] ? tokens[seat] : null;
}
function viewToken() {
  if (state && tokenFor(state.to_act)) return tokenFor(state.to_act);
  const seats = Object.keys(tokens);
  return seats.length ? tokens[seats[0]] : null;
}
function myTurn() { return state && !state.over && tokenFor(state.to_act) !== null; }

export async function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      try {
        let v = await api("GET", `/api/games/${gid}/view`, { token: viewToken() });
        // hot-seat: the seat to act changed to another seat held here
        if (v.to_act && v.to_act !== "chance" && tokenFor(v.to_act) && v.seat !== v.to_act) {
          v = await api("GET", `/api/games/${gid}/view`, { token: tokenFor(v.to_act) });
        }
        if (!state || state.version !== v.version) dropPending(); // the state moved on
        state = v;
        board = v.board;
        render();
      } catch (e) { message(e.message, true); }
    } while (again);
    refreshing = null;
  })();
  return refreshing;
}

function message(text, bad = false) {
  const m = $("message");
  m.textContent = text;
  m.className = bad ? "message bad" : "message";
}

function actionsOf(id) { return (board && board.actions[id]) || []; }
function allActions() { return board ? Object.values(board.actions).flat() : []; }
function pieceById(id) { return board.pieces.find((p) => p.id === id); }
function hexOf(id) { const p = pieceById(id); return p && p.position ? p.position.hex : null; }

function lit() {
  const litHexes = new Map(), litPieces = new Set(), litPoints = [];
  for (const a of actionsOf(selected)) {
    if (a.hex) litHexes.set(a.hex, litHexes.has(a.hex) && litHexes.get(a.hex) !== a.label ? "…" : a.label.length <= 3 ? a.label : "");
    if (a.target) litPieces.add(a.target);
    if (a.point) litPoints.push([a.point[0], a.point[1], a.label]);
  }
  if (!selected) { // pieces that can act, and hexes an action of no chosen piece names
    for (const [actor, acts] of Object.entries(board.actions)) if (actor && acts.length) litPieces.add(actor);
  }
  return { litHexes, litPieces, litPoints };
}

function render() {
  const s = state;
  document.title = `voidwar — ${s.ruleset} ${s.id}${myTurn() ? " (your turn)" : ""}`;
  $("title").textContent = `${s.ruleset}${s.scenario ? " · " + s.scenario : ""} · game ${s.id}`;
  const st = $("status");
  Object.assign(st.dataset, { nActions: String(s.n_actions), toAct: s.to_act ?? "",
                              over: String(s.over), version: String(s.version),
                              renders: String(Number(st.dataset.renders ?? 0) + 1) });
  const held = Object.keys(tokens);
  st.textContent = s.over ? "Game over." : myTurn()
    ? (s.to_act === "chance" ? "Your roll: roll the die and enter it." : `Your turn: ${sideName(s.to_act)}.`)
    : waitingText(s);
  $("seats").replaceChildren(...Object.entries(s.seats).map(([n, x]) => h("span", { class: "seat-chip" },
    h("i", { style: `background:${board ? sideColour(board, n) : "#999"}` }),
    `${sideName(n)}: ${x.kind}${x.policy ? " " + x.policy : ""}${held.includes(n) ? " (you)" : ""}`)),
    held.length ? "" : h("span", {}, " — you are watching"));
  $("result").hidden = !s.over;
  $("result").textContent = s.over ? `Result: ${resultText(s.result, sideName)}` : "";
  $("rematch").hidden = !(s.over && held.length);
  $("resign").hidden = s.over || !held.length;
  $("undo").hidden = !held.length;
  $("join-box").replaceChildren(...Object.entries(s.seats)
    .filter(([, x]) => x.kind === "open" && !s.over)
    .map(([n]) => h("button", { "data-join": n, onclick: () => join(n) }, `Take the open seat ${n}`)));
  $("undo-state").textContent = s.undo_requested.length ? `undo asked by: ${s.undo_requested.join(", ")}` : "";
  $("replay-link").href = `/replay/${s.id}${location.hash}`;
  $("assist-link").hidden = s.ruleset !== "attack-vector";
  $("controls").hidden = held.length === 0;
  $("fallback").hidden = !!board;
  if (board) {
    if (selected && !pieceById(selected)) selected = null;
    autoSelect();
    const marks = { selected, ...lit(), last: board.last, canAct: !!myTurn() };
    const key = JSON.stringify([board, selected, marks.canAct]);
    if (key !== drawn) { drawBoard($("board"), board, marks); camera($("board")); drawn = key; }
    renderDisplays(board, { selected, mine: !!myTurn(), submit, select: clickPiece, redraw: render });
    renderPrompt();
    fitBoard();
    renderSide();
  } else {
    $("prompt-text").textContent = myTurn() ? "Choose an action." : "";
    $("prompt-actions").replaceChildren();
    $("actions").replaceChildren(...s.legal.map((a) => actionButton(a.text, a.text)));
  }
  renderLog();
  notifyTurn();
}

// When only one piece can act (the prompt names it: "Place P1 on a free hex", "Move DD1 …"),
// it is chosen for the player: its hexes and points light up at once. Deselecting it (×, Esc)
// is respected until the game moves on.
let declined = -1;
let picked = false; // the selection is the player's own (never replaced by the page)
function autoSelect() {
  if (selected && (picked || actionsOf(selected).length)) return;
  if (selected) selected = null; // the page's choice has done its part
  if (!myTurn() || declined === state.version) return;
  const actors = Object.entries(board.actions).filter(([a, acts]) => a && acts.length).map(([a]) => a);
  if (actors.length === 1 && pieceById(actors[0])) selected = actors[0];
}
function deselect() { selected = null; picked = false; declined = state ? state.version : -1; closePicker(); if (state) render(); }

// the map zooms to fit the window below the prompt, notes and toolbar (at least 420 px high;
// 300 on a phone, where the page scrolls)
function fitBoard() {
  const svg = $("board");
  const top = svg.getBoundingClientRect().top + window.scrollY;
  const least = window.innerWidth <= 800 ? 300 : 420;
  svg.style.maxHeight = `${Math.max(least, window.innerHeight - top - 12)}px`;
}
window.addEventListener("resize", () => { if (board) fitBoard(); });

function sideName(id) {
  const sd = board && board.sides.find((x) => x.id === id);
  return sd ? sd.name : id;
}

function waitingText(s) {
  const seat = s.seats[s.to_act];
  if (s.to_act === "chance") return "Waiting for a roll to be entered.";
  return seat && seat.kind === "bot" ? `${sideName(s.to_act)} (computer: ${seat.policy}) is thinking…`
    : seat && seat.kind === "open" ? `Waiting for someone to take the open seat ${s.to_act}.`
      : `Waiting for ${sideName(s.to_act)}.`;
}

function actionButton(text, label, cls = "action") {
  return h("button", { class: cls, "data-action": text, onclick: () => submit(text) }, label);
}

// what every seat must be told about the rules played (Game.notes), under the prompt: shown
// open until the player folds it (remembered per ruleset in this browser)
function renderNotes() {
  let box = $("notes");
  const key = `voidwar.notes-folded.${state.ruleset}`;
  if (!box) {
    const folded = localStorage.getItem(key) ?? (window.innerWidth <= 800 ? "1" : "0"); // a phone: folded
    const fold = h("details", { id: "notes-box", class: "notes", open: folded !== "1" },
      h("summary", { id: "notes-head" }), h("ul", { id: "notes" }));
    fold.addEventListener("toggle", () => localStorage.setItem(key, fold.open ? "0" : "1"));
    $("prompt").after(fold);
    box = $("notes");
  }
  $("notes-box").hidden = !board.notes.length;
  $("notes-head").textContent = `Notes on the rules played (${board.notes.length}): our readings, where the text is silent`;
  const texts = JSON.stringify(board.notes);
  if (box.dataset.notes !== texts) {
    box.dataset.notes = texts;
    box.replaceChildren(...board.notes.map((n) => h("li", { class: "note" }, n)));
  }
}

function renderPrompt() {
  renderNotes();
  $("prompt-text").textContent = board.prompt;
  $("prompt").classList.toggle("mine", !!myTurn());
  const own = actionsOf("");
  $("prompt-actions").replaceChildren(...own.map((a) => actionButton(a.text, a.label || a.text, "prompt-btn")));
  $("rolls").textContent = board.rolls.length ? `Rolls entered for this action: ${board.rolls.join(", ")}` : "";
  const l = board.last;
  $("last").replaceChildren(...(l ? [h("b", {}, `Last: ${l.seat ? sideName(l.seat) + " — " : ""}${l.text}`),
    ...l.events.slice(-6).map((e) => h("div", { class: "ev" }, e))] : []));
}

function renderSide() {
  // sides, with pieces in play and out of play
  $("legend").replaceChildren(...board.sides.map((sd) => {
    const mine = board.pieces.filter((p) => p.side === sd.id && p.status !== "unplaced");
    const out = mine.filter(isOut).length;
    return h("div", { class: "legend-row", "data-side": sd.id }, h("i", { style: `background:${sd.colour}` }),
      `${sd.name}: ${mine.length - out} in play`, out ? h("span", { class: "out-count" }, `, ${out} out`) : "");
  }));
  $("panels").replaceChildren(...board.panels.map((p) => h("div", { class: "panel" },
    h("h4", {}, p.title), h("dl", {}, ...p.rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])))));
  // the casualty tray and the pieces waiting to be placed
  const tray = (filter, box, list) => {
    const ps = board.pieces.filter(filter);
    $(box).hidden = ps.length === 0;
    $(list).replaceChildren(...ps.map((p) => h("button", {
      class: `tray-piece status-${p.status}` + (p.id === selected ? " selected" : ""),
      "data-piece": p.id, "data-status": p.status, title: describe(p),
      style: `border-color:${sideColour(board, p.side)}`, onclick: () => clickPiece(p.id),
    }, `${p.label}`, h("small", {}, ` ${p.status}`))));
  };
  tray(isOut, "tray-box", "tray");
  tray((p) => p.status === "unplaced", "unplaced-box", "unplaced");
  $("tray-head").textContent = `Out of play (${board.pieces.filter(isOut).length})`;
  renderProfile();
}

function renderProfile() {
  const p = selected ? pieceById(selected) : null;
  $("profile-box").hidden = !p;
  if (!p) return;
  $("profile-head").textContent = `${p.id}${p.kind ? " — " + p.kind : ""} (${sideName(p.side)})`;
  $("profile").replaceChildren(h("dt", {}, "status"), h("dd", { "data-status": p.status }, p.status),
    ...(p.flags.length ? [h("dt", {}, "this turn"), h("dd", {}, p.flags.join(", "))] : []),
    ...p.profile.flatMap((c) => [h("dt", {}, c.name),
      h("dd", { class: `tone-${c.tone}`, "data-counter": c.name }, c.max !== null ? `${c.value} / ${c.max}` : c.value)]));
  const n = actionsOf(p.id).length;
  $("profile-acts").textContent = myTurn() ? (n ? `${n} action${n > 1 ? "s" : ""}: the lit hexes, pieces and points, or the picker` : "no action now") : "";
}

function renderLog() {
  const log = $("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  log.replaceChildren(...state.log.map((e) => {
    const li = h("li", { class: "entry" });
    if (e.index >= 0) li.appendChild(h("div", { class: "act" }, `${e.index + 1}. ${sideName(e.seat ?? "?")}: ${e.action ?? "(hidden)"}`));
    else li.appendChild(h("div", { class: "act" }, "Set-up"));
    for (const ev of e.events) li.appendChild(h("div", { class: `ev ev-${ev.kind}` }, ev.text));
    return li;
  }));
  if (atBottom) log.scrollTop = log.scrollHeight;
}

// -- choosing ----------------------------------------------------------------------------------
// a click that names actions: one plain action is made at once; one that asks to be confirmed
// (a shot and its chance), or several, open the picker at the piece
function openPicker(acts, anchorId, title) {
  placePicker(acts, anchorId, title, (a) => actionButton(a.text, a.label || a.text, "pick"));
}

function choose(acts, anchorId, title) {
  if (acts.length === 1 && !acts[0].confirm) { submit(acts[0].text); return true; }
  if (acts.length) { openPicker(acts, anchorId, title); return true; }
  return false;
}

function select(id) {
  selected = id;
  picked = true;
  closePicker();
  render();
  const unplaced = actionsOf(id).filter((a) => !a.hex && !a.target && !a.point);
  if (myTurn() && unplaced.length && !(board.widgets || []).some((w) => w.piece === id)) openPicker(unplaced, id, `${id}: choose`);
}

function clickPiece(id) {
  closePicker();
  if (!board) return;
  const all = selected === id && myTurn() ? actionsOf(id).filter((a) => !a.hex && !a.target && !a.point) : [];
  if (all.length) { openPicker(all, id, `${id}: all orders`); return; } // a second click: every order
  if (selected && selected !== id && myTurn()) {
    const hx = hexOf(id);
    const acts = actionsOf(selected).filter((a) => a.target === id || (hx && a.hex === hx));
    if (choose(acts, id, `${selected} → ${id}`)) return;
  }
  if (!selected && myTurn() && !actionsOf(id).length) {
    const hx = hexOf(id);
    if (hx && choose(allActions().filter((a) => a.hex === hx), id, hx)) return;
  }
  select(id);
}

function clickHex(key) {
  closePicker();
  if (!board || !myTurn()) return;
  if (selected) {
    if (choose(actionsOf(selected).filter((a) => a.hex === key), selected, `${selected} → ${key}`)) return;
    if (!picked && choose(allActions().filter((a) => a.hex === key), null, key)) return;
    selected = null;
    picked = false;
    render();
    return;
  }
  if (!choose(allActions().filter((a) => a.hex === key), null, key)) message(`No action on ${key}: choose a piece first.`, true);
}

function clickTable(x, y) {
  closePicker();
  if (!board || !myTurn() || !selected) return;
  const near = actionsOf(selected).filter((a) => a.point && Math.hypot(a.point[0] - x, a.point[1] - y) < 0.4);
  if (near.length) { submit(near[0].text); return; }
  const free = board.free_moves.find((f) => f.actor === selected);
  if (!free) { message(`${selected} cannot move now.`, true); return; }
  const fmt = (v) => String(Math.round(v * 100) / 100);
  if (free.mode === "ahead") { moveAhead(free, x, y); return; }
  submit(free.template.replace("{point}", `${fmt(x)},${fmt(y)}`));
}

// A click on the path straight ahead of the piece: the distance to the click, in the move's
// units and steps, at most its reach (a click a little past the end moves it all the way).
function moveAhead(free, x, y) {
  const at = pieceById(selected).position.point;
  const a = free.heading * Math.PI / 180, ux = Math.sin(a), uy = Math.cos(a);
  const vx = x - at[0], vy = y - at[1];
  const along = (vx * ux + vy * uy) / free.scale, off = Math.abs(vx * uy - vy * ux);
  if (off > Math.max(0.8, 0.4 * free.scale) || along <= 0) {
    message(`${selected} moves straight ahead: click on its path (the line from its bow).`, true);
    return;
  }
  if (along > free.reach + 0.5) { message(`${selected} can move up to ${free.reach} units more.`, true); return; }
  const steps = Math.min(Math.round(along / free.step), Math.round(free.reach / free.step));
  const dist = Number((steps * free.step).toFixed(6));
  if (dist <= 0) return; // the ship itself: it stays selected
  submit(free.template.replace("{distance}", String(dist)));
}

function boardPoint(ev) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return geometry(board).toMap(p.x, p.y);
}

// what was clicked or tapped: ``at`` the element under the pointer (a tap's own, see below)
function onBoardClick(ev, at = ev.target) {
  if (!(at instanceof Element)) return;
  const lp = at.closest("[data-point]");
  if (lp && selected) {
    const a = actionsOf(selected).find((x) => x.point && `${x.point[0]},${x.point[1]}` === lp.dataset.point);
    if (a) { closePicker(); submit(a.text); return; }
  }
  const piece = at.closest("[data-piece]");
  if (piece) { clickPiece(piece.dataset.piece); return; }
  const hex = at.closest("[data-hex]");
  if (hex) { clickHex(hex.dataset.hex); return; }
  if (at.closest("[data-table]")) clickTable(...boardPoint(ev));
}

// the range / line-of-sight tool: from the selected piece to the hex or point under the pointer
function onBoardMove(ev) {
  const p = board && selected ? pieceById(selected) : null;
  if (!p) { $("range").textContent = ""; return; }
  const text = rangeText(board, p, ev, board.map.kind === "table" ? boardPoint(ev) : null);
  if (text !== null) $("range").textContent = text;
}

// -- acting ----------------------------------------------------------------------------------
async function submit(action) {
  if (!myTurn()) { message("It is not your turn.", true); return; }
  closePicker();
  try {
    const r = await api("POST", `/api/games/${gid}/actions`, { token: tokenFor(state.to_act), body: { action } });
    message(`Done: ${action}`);
    if (!r.over && r.to_act !== state.to_act) { selected = null; picked = false; }
  } catch (e) { message(e.message, true); }
  if (!socketOpen) await refresh(); // the socket's message brings the new view otherwise
}

async function join(seat) {
  try {
    const r = await api("POST", `/api/games/${gid}/join`, { body: { seat } });
    const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
    frag.append("seat", seat);
    frag.append("token", r.token);
    history.replaceState(null, "", `#${frag.toString()}`);
    tokens = tokensFromFragment();
    remember();
    message(`You sit at ${seat}. The seat link is below and remembered by this browser.`);
  } catch (e) { message(e.message, true); }
  await refresh();
}

async function undo() {
  const held = Object.keys(tokens).filter((s) => state.seats[s] && state.seats[s].kind === "human");
  try {
    let r = null;
    for (const s of held) r = await api("POST", `/api/games/${gid}/undo`, { token: tokens[s] });
    message(r && r.done ? "Undone." : `Undo asked; waiting for ${r.waiting_for.join(", ")}.`);
  } catch (e) { message(e.message, true); }
  selected = null;
  picked = false;
  await refresh();
}

async function resign() {
  const seat = tokenFor(state.to_act) ? state.to_act : Object.keys(tokens)[0];
  if (!confirm(`Resign ${seat}?`)) return;
  try { await api("POST", `/api/games/${gid}/resign`, { token: tokens[seat] }); } catch (e) { message(e.message, true); }
  await refresh();
}

// a finished game offers a rematch: the same ruleset, scenario, options and kind of dice; the
// seats held here stay here (their tokens in the new link), a bot stays the same bot, and a seat
// someone else held becomes an open seat they take from the lobby (or the link they are sent)
async function rematch() {
  const held = Object.keys(tokens);
  const seats = {};
  for (const [n, x] of Object.entries(state.seats)) {
    seats[n] = x.kind === "bot" ? { kind: "bot", policy: x.policy } : { kind: held.includes(n) ? "human" : "open" };
  }
  let terms = {};
  try { terms = (await api("GET", `/api/games/${gid}`)).terms || {}; } catch (_) { terms = {}; }
  const body = { ruleset: state.ruleset, scenario: state.scenario, seats };
  if (terms.dice && terms.dice.kind === "manual") body.dice = "manual";
  if (terms.options && Object.keys(terms.options).length) body.options = terms.options;
  try {
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
  } catch (e) { message(e.message, true); }
}

// -- seats remembered, turn notifications ------------------------------------------------------
function remember() {
  if (!Object.keys(tokens).length) return;
  const all = JSON.parse(localStorage.getItem("voidwar.seats") || "{}");
  all[gid] = { hash: location.hash, seats: Object.keys(tokens), ruleset: state ? state.ruleset : all[gid]?.ruleset, saved: Date.now() };
  localStorage.setItem("voidwar.seats", JSON.stringify(all));
  $("seat-link").value = location.href;
  $("seat-link-box").hidden = false;
}

function notifyTurn() {
  const mine = !!myTurn();
  if (mine && !wasMyTurn && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("voidwar: your turn", { body: board ? board.prompt : `game ${gid}` });
  }
  wasMyTurn = mine;
}

function connect(delay = 500) {
  const ws = new WebSocket(socketUrl(gid, viewToken()));
  ws.onmessage = (m) => {
    let msg = {};
    try { msg = JSON.parse(m.data); } catch (_) { msg = {}; }
    if (state && typeof msg.version === "number" && msg.version <= state.version) return;
    refresh();
  };
  ws.onopen = () => { $("live").textContent = "live"; socketOpen = true; delay = 500; };
  ws.onclose = () => {
    socketOpen = false;
    $("live").textContent = "reconnecting…";
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}

window.addEventListener("hashchange", () => { tokens = tokensFromFragment(); remember(); refresh(); });
// A finger's tap is taken at the exact point it lifted: the browser's touch adjustment would
// hand it to the largest thing nearby (the hex under a small counter, a counter beside a lit
// point); the click the browser makes of the tap is then no second choice.
let tapped = -Infinity;
$("board").addEventListener("pointerup", (ev) => {
  if (ev.pointerType !== "touch" || dragged($("board"))) return;
  tapped = performance.now();
  onBoardClick(ev, document.elementFromPoint(ev.clientX, ev.clientY));
});
$("board").addEventListener("click", (ev) => { if (performance.now() - tapped > 600) onBoardClick(ev); });
$("board").addEventListener("mousemove", onBoardMove);
$("undo").addEventListener("click", undo);
$("resign").addEventListener("click", resign);
$("rematch").addEventListener("click", rematch);
$("t-coords").addEventListener("change", (e) => document.body.classList.toggle("show-coords", e.target.checked));
$("t-pieces").addEventListener("change", (e) => document.body.classList.toggle("hide-pieces", e.target.checked));
$("notify").addEventListener("click", () => { if ("Notification" in window) Notification.requestPermission(); });
$("copy-link").addEventListener("click", () => { $("seat-link").select(); navigator.clipboard?.writeText($("seat-link").value); message("Seat link copied."); });
$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const t = $("typed-action").value.trim();
  if (t) { submit(t); $("typed-action").value = ""; }
});
$("deselect").addEventListener("click", deselect);
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") deselect();
  const k = !ev.target.closest("input") && myTurn() && allActions().find((a) => a.key && a.key === ev.key);
  if (k) submit(k.text);
});
refresh().then(() => { remember(); connect(); });
