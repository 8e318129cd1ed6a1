// The play page: the board, whose turn, the legal actions, the roll log, undo and resign.
// Acting: click a unit to see its actions, then click a target hex or unit (or a spot on the
// table) — the action chosen is the legal one that mentions both; or press an action button.
import { api, h, resultText, socketUrl, tokensFromFragment } from "./common.js";
import { describe, drawBoard, extractModel, factsOf } from "./board.js";

const gid = location.pathname.split("/").filter(Boolean).pop();
let tokens = tokensFromFragment();
let state = null;
let model = null;
let selected = null;
let choice = null; // actions offered after an ambiguous click
let seq = 0;
let refreshing = null;
let again = false;
let drawn = ""; // what the board shows now: a second message of the same state leaves it be

const $ = (id) => document.getElementById(id);

function esc(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
function mentionsId(action, id) {
  return new RegExp(`(^|[^\\w-])${esc(id)}($|[^\\w])`).test(action);
}
function mentionsHex(action, key) {
  return new RegExp(`(?<![\\w.,-])${esc(key)}(?:,-?\\d+)?(?![\\w.,])`).test(action);
}
const HEXES_IN = /(?<![\w.,-])(-?\d+),(-?\d+)(?![\w.])/g;
const LABELS_IN = /(?<![\w.,-])(\d{4})(?![\w.,])/g;
const POINT_IN = /(?<![\w,-])(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)(?![\w.])/;

// Real dice: when the game waits for a roll ("chance" to act), any human seat held here
// enters it.
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

export async function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      const mine = ++seq;
      try {
        let v = await api("GET", `/api/games/${gid}/view`, { token: viewToken() });
        if (v.to_act && v.to_act !== "chance" && tokenFor(v.to_act) && v.seat !== v.to_act) {
          v = await api("GET", `/api/games/${gid}/view`, { token: tokenFor(v.to_act) });
        }
        if (mine === seq) { state = v; render(); }
      } catch (e) {
        message(e.message, true);
      }
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

function legal() { return state ? state.legal : []; }
function myTurn() { return state && !state.over && tokenFor(state.to_act) !== null; }

function piecesAt(key) {
  const ids = [];
  for (const p of model.pieces) {
    if (p.pos.hex && model.label(p.pos.hex[0], p.pos.hex[1]) === key) ids.push(p.id);
  }
  for (const lm of model.landmarks) {
    if (model.label(lm.hex[0], lm.hex[1]) === key) ids.push(...lm.aliases);
  }
  return ids;
}
function aliasesOf(id) {
  const lm = model.landmarks.find((l) => l.id === id);
  return lm ? lm.aliases : [id];
}

function targetsOf(id) {
  const t = new Set();
  for (const a of legal()) {
    if (!mentionsId(a, id)) continue;
    for (const m of a.matchAll(model.offset ? LABELS_IN : HEXES_IN)) {
      t.add(model.offset ? m[1] : `${m[1]},${m[2]}`);
    }
    for (const p of model.pieces) if (p.id !== id && mentionsId(a, p.id)) t.add(p.id);
    for (const lm of model.landmarks) {
      if (lm.aliases.some((al) => mentionsId(a, al))) t.add(lm.id);
    }
  }
  return t;
}

function render() {
  const s = state;
  document.title = `voidwar — ${s.ruleset} ${s.id}`;
  $("title").textContent = `${s.ruleset}${s.scenario ? " · " + s.scenario : ""} · game ${s.id}`;
  const st = $("status");
  st.dataset.nActions = String(s.n_actions);
  st.dataset.toAct = s.to_act ?? "";
  st.dataset.renders = String(Number(st.dataset.renders ?? 0) + 1);
  st.dataset.over = String(s.over);
  st.dataset.version = String(s.version);
  const held = Object.keys(tokens);
  let text;
  const roll = s.view && s.view.chance;
  if (s.over) text = "Game over.";
  else if (s.to_act === "chance" && roll) {
    text = tokenFor("chance") ? `Roll a ${roll.die} for ${roll.purpose} and enter it.`
      : `Waiting for a ${roll.die} roll for ${roll.purpose}.`;
  } else if (tokenFor(s.to_act)) text = `Your turn: ${s.to_act}.`;
  else {
    const seat = s.seats[s.to_act];
    text = seat && seat.kind === "bot" ? `${s.to_act} (bot: ${seat.policy}) is thinking…`
      : seat && seat.kind === "open" ? `Waiting for someone to take the open seat ${s.to_act}.`
        : `Waiting for ${s.to_act}.`;
  }
  st.textContent = `${text}  Actions so far: ${s.n_actions}.`;
  $("seats").textContent = Object.entries(s.seats)
    .map(([n, x]) => `${n}: ${x.kind}${x.policy ? " " + x.policy : ""}${held.includes(n) ? " (you)" : ""}`)
    .join(" · ") + (held.length ? "" : " — you are watching");
  $("result").textContent = s.over ? resultText(s.result) : "";
  $("join-box").replaceChildren(...Object.entries(s.seats)
    .filter(([, x]) => x.kind === "open" && !s.over)
    .map(([n]) => h("button", { "data-join": n, onclick: () => join(n) }, `Take the open seat ${n}`)));
  $("result").hidden = !s.over;
  $("undo-state").textContent = s.undo_requested.length
    ? `undo asked by: ${s.undo_requested.join(", ")}` : "";
  $("replay-link").href = `/replay/${s.id}${location.hash}`;

  model = extractModel(s.view, s.ruleset);
  if (selected && !model.pieces.concat(model.unplaced).some((p) => p.id === selected)
      && !model.landmarks.some((l) => l.id === selected)) selected = null;
  const targets = selected ? targetsOf(selected) : new Set();
  const key = JSON.stringify([s.view, selected, [...targets]]);
  if (key !== drawn) {
    drawBoard($("board"), model, { selected, targets });
    drawn = key;
  }
  $("facts").replaceChildren(...factsOf(s.view).map(([k, t]) =>
    h("span", { class: "fact" }, h("b", {}, k), ` ${t}`)));
  renderUnits();
  renderActions();
  renderLog();
  $("controls").hidden = held.length === 0;
}

function renderUnits() {
  const tray = $("unplaced");
  tray.replaceChildren();
  for (const p of model.unplaced) {
    tray.appendChild(h("button", { class: "unit" + (p.id === selected ? " selected" : ""),
                                   "data-piece": p.id, title: describe(p),
                                   onclick: () => clickPiece(p.id) }, p.id));
  }
  $("unplaced-box").hidden = model.unplaced.length === 0;
  if (model.kind === "list") {
    const list = $("unit-list");
    list.replaceChildren(...model.pieces.map((p) => h("li", { text: describe(p) })));
    $("raw").textContent = JSON.stringify(state.view, null, 1);
  }
  $("fallback").hidden = model.kind !== "list";
  const panel = $("unit-actions");
  panel.replaceChildren();
  let acts = [];
  let head = "";
  if (choice) { acts = choice; head = "Which one?"; }
  else if (selected) {
    acts = legal().filter((a) => aliasesOf(selected).some((al) => mentionsId(a, al)));
    const p = model.pieces.concat(model.unplaced).find((x) => x.id === selected);
    head = p ? describe(p) : selected;
    if (!acts.length) head += myTurn() ? " — no action now" : "";
  }
  $("unit-head").textContent = head;
  for (const a of acts) panel.appendChild(actionButton(a));
  $("unit-box").hidden = !head;
}

function actionButton(a) {
  return h("button", { class: "action", "data-action": a, onclick: () => submit(a) }, a);
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren(...legal().map(actionButton));
  $("actions-head").textContent = state.to_act === "chance" && myTurn()
    ? `Enter the ${state.view.chance.die} (type the number or press it)`
    : myTurn() ? `Legal actions of ${state.to_act} (${legal().length})`
      : "Legal actions appear here on your turn";
}

function renderLog() {
  const log = $("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  log.replaceChildren(...state.log.map((e) => {
    const li = h("li", { class: "entry" });
    if (e.index >= 0) {
      li.appendChild(h("div", { class: "act" },
        `${e.index + 1}. ${e.seat ?? "?"}: ${e.action ?? "(hidden)"}`));
    }
    for (const ev of e.events) {
      li.appendChild(h("div", { class: `ev ev-${ev.kind}` }, ev.text));
    }
    return li;
  }));
  if (atBottom) log.scrollTop = log.scrollHeight;
}

async function submit(action) {
  if (!myTurn()) { message("It is not your turn.", true); return; }
  choice = null;
  try {
    const r = await api("POST", `/api/games/${gid}/actions`,
                        { token: tokenFor(state.to_act), body: { action } });
    message(`${action}${r.events.length ? " — " + r.events.map((e) => e.text).join("; ") : ""}`);
  } catch (e) {
    message(e.message, true);
  }
  await refresh();
}

function chooseFrom(cands, fallback) {
  if (cands.length === 1) { submit(cands[0]); return; }
  if (cands.length > 1) { choice = cands; renderUnits(); return; }
  fallback();
}

function clickPiece(id) {
  choice = null;
  if (!state) return;
  if (selected && selected !== id && myTurn()) {
    const p = model.pieces.find((x) => x.id === id);
    const key = p && p.pos.hex ? model.label(p.pos.hex[0], p.pos.hex[1]) : null;
    const cands = legal().filter((a) => aliasesOf(selected).some((s) => mentionsId(a, s))
      && (aliasesOf(id).some((al) => mentionsId(a, al)) || (key && mentionsHex(a, key))));
    return chooseFrom(cands, () => select(id));
  }
  select(selected === id ? selected : id);
}

function select(id) {
  selected = id;
  render();
}

function clickHex(key) {
  choice = null;
  if (!state || !myTurn()) return;
  const here = piecesAt(key);
  const hits = (a) => mentionsHex(a, key) || here.some((id) => mentionsId(a, id));
  if (selected) {
    const cands = legal().filter((a) => aliasesOf(selected).some((s) => mentionsId(a, s)) && hits(a));
    return chooseFrom(cands, () => message(`${selected} has no action on ${key}`, true));
  }
  const cands = legal().filter((a) => mentionsHex(a, key));
  chooseFrom(cands, () => message(`no action on ${key}; click a unit first`, true));
}

function clickTable(x, y) {
  choice = null;
  if (!state || !myTurn() || !selected) return;
  const template = legal().find((a) => mentionsId(a, selected) && POINT_IN.test(a));
  if (!template) { message(`${selected} cannot move now`, true); return; }
  const fmt = (v) => String(Math.round(v * 100) / 100);
  submit(template.replace(POINT_IN, `${fmt(x)},${fmt(y)}`));
}

function onBoardClick(ev) {
  const piece = ev.target.closest("[data-piece]");
  if (piece) { clickPiece(piece.dataset.piece); return; }
  const hex = ev.target.closest("[data-hex]");
  if (hex) { clickHex(hex.dataset.hex); return; }
  if (ev.target.closest("[data-table]")) {
    const svg = $("board");
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    clickTable(p.x, p.y);
  }
}

async function join(seat) {
  try {
    const r = await api("POST", `/api/games/${gid}/join`, { body: { seat } });
    // keep the new token in the address, so this link reopens the seat
    const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
    frag.append("seat", seat);
    frag.append("token", r.token);
    history.replaceState(null, "", `#${frag.toString()}`);
    tokens = tokensFromFragment();
    message(`You sit at ${seat}. Keep this page's address to come back.`);
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
  await refresh();
}

async function resign() {
  const seat = tokenFor(state.to_act) ? state.to_act : Object.keys(tokens)[0];
  if (!confirm(`Resign ${seat}?`)) return;
  try { await api("POST", `/api/games/${gid}/resign`, { token: tokens[seat] }); }
  catch (e) { message(e.message, true); }
  await refresh();
}

function connect(delay = 500) {
  const ws = new WebSocket(socketUrl(gid, viewToken()));
  ws.onmessage = () => refresh();
  ws.onopen = () => { $("live").textContent = "live"; delay = 500; };
  ws.onclose = () => {
    $("live").textContent = "reconnecting…";
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}

window.addEventListener("hashchange", () => { tokens = tokensFromFragment(); refresh(); });
$("board").addEventListener("click", onBoardClick);
$("undo").addEventListener("click", undo);
$("resign").addEventListener("click", resign);
$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const t = $("typed-action").value.trim();
  if (t) { submit(t); $("typed-action").value = ""; }
});
$("deselect").addEventListener("click", () => { selected = null; choice = null; render(); });
refresh().then(() => connect());
