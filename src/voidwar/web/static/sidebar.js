// @ts-check
// What the game page shows around the map, from the page's state: the prompt and its own
// actions, the notes on the rules played, the last action, the sides and their trays, the
// panels, the selected piece's profile and the log.
import { $, h } from "./common.js";
import { describe, isOut, sideColour } from "./board.js";
import { actionsOf, myTurn, pieceById, sideName } from "./state.js";

/** @typedef {import("./state.js").PageState} PageState */
/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {import("./board-types").Piece} Piece */

/**
 * What the sidebar's buttons do (the page's own actions, given by game.js).
 * @typedef {object} Acts
 * @property {(action: string) => void} submit send an action
 * @property {(piece: string) => void} clickPiece as a click on the piece on the map
 */

/** A button that sends ``text``. @param {Acts} acts @param {string} text @param {string} label @param {string} [cls] */
export function actionButton(acts, text, label, cls = "action") {
  return h("button", { class: cls, "data-action": text, onclick: () => acts.submit(text) }, label);
}

/**
 * What every seat must be told about the rules played (Game.notes), under the prompt: shown
 * open until the player folds it (remembered per ruleset in this browser).
 * @param {PageState} st @param {BoardView} board
 */
function renderNotes(st, board) {
  const key = `voidwar.notes-folded.${st.view?.ruleset}`;
  if (!document.getElementById("notes")) {
    const folded = localStorage.getItem(key) ?? (window.innerWidth <= 800 ? "1" : "0"); // a phone: folded
    const fold = /** @type {HTMLDetailsElement} */ (h("details", { id: "notes-box", class: "notes", open: folded !== "1" },
      h("summary", { id: "notes-head" }), h("ul", { id: "notes" })));
    fold.addEventListener("toggle", () => localStorage.setItem(key, fold.open ? "0" : "1"));
    $("prompt").after(fold);
  }
  const box = $("notes");
  $("notes-box").hidden = !board.notes.length;
  $("notes-head").textContent = `Notes on the rules played (${board.notes.length}): our readings, where the text is silent`;
  const texts = JSON.stringify(board.notes);
  if (box.dataset.notes !== texts) {
    box.dataset.notes = texts;
    box.replaceChildren(...board.notes.map((n) => h("li", { class: "note" }, n)));
  }
}

/** The prompt, its own actions, the rolls entered and the last action. @param {PageState} st @param {BoardView} board @param {Acts} acts */
export function renderPrompt(st, board, acts) {
  renderNotes(st, board);
  $("prompt-text").textContent = board.prompt;
  $("prompt").classList.toggle("mine", myTurn(st));
  const own = actionsOf(st, "");
  $("prompt-actions").replaceChildren(...own.map((a) => actionButton(acts, a.text, a.label || a.text, "prompt-btn")));
  $("rolls").textContent = board.rolls.length ? `Rolls entered for this action: ${board.rolls.join(", ")}` : "";
  const l = board.last;
  $("last").replaceChildren(...(l ? [h("b", {}, `Last: ${l.seat ? sideName(st, l.seat) + " — " : ""}${l.text}`),
    ...l.events.slice(-6).map((e) => h("div", { class: "ev" }, e))] : []));
}

/** The sides with their pieces in and out of play, the panels, the trays, the profile. @param {PageState} st @param {BoardView} board @param {Acts} acts */
export function renderSide(st, board, acts) {
  $("legend").replaceChildren(...board.sides.map((sd) => {
    const mine = board.pieces.filter((p) => p.side === sd.id && p.status !== "unplaced");
    const out = mine.filter(isOut).length;
    return h("div", { class: "legend-row", "data-side": sd.id }, h("i", { style: `background:${sd.colour}` }),
      `${sd.name}: ${mine.length - out} in play`, out ? h("span", { class: "out-count" }, `, ${out} out`) : "");
  }));
  $("panels").replaceChildren(...board.panels.map((p) => h("div", { class: "panel" },
    h("h4", {}, p.title), h("dl", {}, ...p.rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])))));
  // the casualty tray and the pieces waiting to be placed
  /** @param {(p: Piece) => boolean} filter @param {string} box @param {string} list */
  const tray = (filter, box, list) => {
    const ps = board.pieces.filter(filter);
    $(box).hidden = ps.length === 0;
    $(list).replaceChildren(...ps.map((p) => h("button", {
      class: `tray-piece status-${p.status}` + (p.id === st.selected ? " selected" : ""),
      "data-piece": p.id, "data-status": p.status, title: describe(p),
      style: `border-color:${sideColour(board, p.side)}`, onclick: () => acts.clickPiece(p.id),
    }, `${p.label}`, h("small", {}, ` ${p.status}`))));
  };
  tray(isOut, "tray-box", "tray");
  tray((p) => p.status === "unplaced", "unplaced-box", "unplaced");
  $("tray-head").textContent = `Out of play (${board.pieces.filter(isOut).length})`;
  renderProfile(st);
}

/** The selected piece's profile. @param {PageState} st */
function renderProfile(st) {
  const p = pieceById(st, st.selected);
  $("profile-box").hidden = !p;
  if (!p) return;
  $("profile-head").textContent = `${p.id}${p.kind ? " — " + p.kind : ""} (${sideName(st, p.side)})`;
  $("profile").replaceChildren(h("dt", {}, "status"), h("dd", { "data-status": p.status }, p.status),
    ...(p.flags.length ? [h("dt", {}, "this turn"), h("dd", {}, p.flags.join(", "))] : []),
    ...p.profile.flatMap((c) => [h("dt", {}, c.name),
      h("dd", { class: `tone-${c.tone}`, "data-counter": c.name }, c.max !== null ? `${c.value} / ${c.max}` : c.value)]));
  const n = actionsOf(st, p.id).length;
  $("profile-acts").textContent = myTurn(st) ? (n ? `${n} action${n > 1 ? "s" : ""}: the lit hexes, pieces and points, or the picker` : "no action now") : "";
}

/** The log, kept scrolled to its end when it was there. @param {PageState} st */
export function renderLog(st) {
  const log = $("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  log.replaceChildren(...(st.view?.log ?? []).map((e) => {
    const li = h("li", { class: "entry" });
    if (e.index >= 0) li.appendChild(h("div", { class: "act" }, `${e.index + 1}. ${sideName(st, e.seat ?? "?")}: ${e.action ?? "(hidden)"}`));
    else li.appendChild(h("div", { class: "act" }, "Set-up"));
    for (const ev of e.events) li.appendChild(h("div", { class: `ev ev-${ev.kind}` }, ev.text));
    return li;
  }));
  if (atBottom) log.scrollTop = log.scrollHeight;
}
