// @ts-check
// Choosing on the board: select a piece → only its destinations and targets light up → click
// one. A click that names one plain action makes it; one that asks to be confirmed, or several,
// open the picker at the piece. The pointer's move feeds the range tool. All from the page's
// state; what a click may choose is the server's (BoardView.actions, free_moves).
import { $ } from "./common.js";
import { geometry } from "./board.js";
import { closePicker, openPicker as placePicker } from "./picker.js";
import { rangeText, showSight } from "./rangetool.js";
import { actionsOf, allActions, hexOf, myTurn, pieceById } from "./state.js";
import { actionButton } from "./sidebar.js";

/** @typedef {import("./state.js").PageState} PageState */
/** @typedef {import("./board-types").BoardAction} BoardAction */
/** @typedef {import("./board-types").FreeMove} FreeMove */

/**
 * The page as choosing sees it: its state and what redraws it, sends an action and tells the
 * player something.
 * @typedef {object} Page
 * @property {PageState} st
 * @property {() => void} render
 * @property {(action: string) => void} submit
 * @property {(text: string, bad?: boolean) => void} message
 * @property {(piece: string) => void} clickPiece
 */

/** The board's SVG. */
export function boardSvg() { return $("board", SVGSVGElement); }

/**
 * What the selected piece's actions light up (with no piece selected: the pieces that can
 * act): hexes with their label, pieces, table points.
 * @param {PageState} st
 */
export function lit(st) {
  /** @type {Map<string, string>} */
  const litHexes = new Map();
  /** @type {Set<string>} */
  const litPieces = new Set();
  /** @type {[number, number, string][]} */
  const litPoints = [];
  for (const a of actionsOf(st, st.selected)) {
    if (a.hex) litHexes.set(a.hex, litHexes.has(a.hex) && litHexes.get(a.hex) !== a.label ? "…" : a.label.length <= 3 ? a.label : "");
    if (a.target) litPieces.add(a.target);
    if (a.point) litPoints.push([a.point[0], a.point[1], a.label]);
  }
  if (!st.selected && st.board) { // pieces that can act
    for (const [actor, acts] of Object.entries(st.board.actions)) if (actor && acts.length) litPieces.add(actor);
  }
  return { litHexes, litPieces, litPoints };
}

/**
 * When only one piece can act (the prompt names it: "Place P1 on a free hex", "Move DD1 …"),
 * it is chosen for the player: its hexes and points light up at once. Deselecting it (×, Esc)
 * is respected until the game moves on.
 * @param {PageState} st
 */
export function autoSelect(st) {
  if (st.selected && (st.picked || actionsOf(st, st.selected).length)) return;
  if (st.selected) st.selected = null; // the page's choice has done its part
  if (!st.board || !myTurn(st) || st.declined === st.view?.version) return;
  const actors = Object.entries(st.board.actions).filter(([a, acts]) => a && acts.length).map(([a]) => a);
  if (actors.length === 1 && pieceById(st, actors[0])) st.selected = actors[0];
}

/** Put the selection down (×, Esc). @param {Page} page */
export function deselect(page) {
  const st = page.st;
  st.selected = null;
  st.picked = false;
  st.declined = st.view ? st.view.version : -1;
  closePicker();
  if (st.view) page.render();
}

/** @param {Page} page @param {BoardAction[]} acts @param {string | null} anchorId @param {string} title */
function openPicker(page, acts, anchorId, title) {
  placePicker(acts, anchorId, title, (a) => actionButton(page, a.text, a.label || a.text, "pick"));
}

/**
 * One plain action is made at once; one that asks to be confirmed (a shot and its chance), or
 * several, open the picker. False when there is none.
 * @param {Page} page @param {BoardAction[]} acts @param {string | null} anchorId @param {string} title
 */
function choose(page, acts, anchorId, title) {
  if (acts.length === 1 && !acts[0].confirm) { page.submit(acts[0].text); return true; }
  if (acts.length) { openPicker(page, acts, anchorId, title); return true; }
  return false;
}

/** The actions of ``id`` no click on the map chooses (the picker's). @param {PageState} st @param {string} id */
function unplaced(st, id) { return actionsOf(st, id).filter((a) => !a.hex && !a.target && !a.point); }

/** @param {Page} page @param {string} id */
function select(page, id) {
  const st = page.st;
  st.selected = id;
  st.picked = true;
  closePicker();
  page.render();
  const acts = unplaced(st, id);
  if (myTurn(st) && acts.length && !(st.board?.widgets ?? []).some((w) => w.piece === id)) openPicker(page, acts, id, `${id}: choose`);
}

/** A click on a piece (on the map or in a tray). @param {Page} page @param {string} id */
export function clickPiece(page, id) {
  const st = page.st;
  closePicker();
  if (!st.board) return;
  const all = st.selected === id && myTurn(st) ? unplaced(st, id) : [];
  if (all.length) { openPicker(page, all, id, `${id}: all orders`); return; } // a second click: every order
  const hx = hexOf(st, id);
  if (st.selected && st.selected !== id && myTurn(st)) {
    const acts = actionsOf(st, st.selected).filter((a) => a.target === id || (hx && a.hex === hx));
    if (choose(page, acts, id, `${st.selected} → ${id}`)) return;
  }
  if (!st.selected && myTurn(st) && !actionsOf(st, id).length) {
    if (hx && choose(page, allActions(st).filter((a) => a.hex === hx), id, hx)) return;
  }
  select(page, id);
}

/** @param {Page} page @param {string} key */
function clickHex(page, key) {
  const st = page.st;
  closePicker();
  if (!st.board || !myTurn(st)) return;
  if (st.selected) {
    if (choose(page, actionsOf(st, st.selected).filter((a) => a.hex === key), st.selected, `${st.selected} → ${key}`)) return;
    if (!st.picked && choose(page, allActions(st).filter((a) => a.hex === key), null, key)) return;
    st.selected = null;
    st.picked = false;
    page.render();
    return;
  }
  if (!choose(page, allActions(st).filter((a) => a.hex === key), null, key)) page.message(`No action on ${key}: choose a piece first.`, true);
}

/** A click on the table at map point (x, y). @param {Page} page @param {number} x @param {number} y */
function clickTable(page, x, y) {
  const st = page.st;
  closePicker();
  if (!st.board || !myTurn(st) || !st.selected) return;
  const sel = st.selected;
  const free = st.board.free_moves.find((f) => f.actor === sel);
  if (!free) { page.message(`${sel} cannot move now.`, true); return; }
  /** @param {number} v */
  const fmt = (v) => String(Math.round(v * 100) / 100);
  if (free.mode === "ahead") { moveAhead(page, free, x, y); return; }
  page.submit(free.template.replace("{point}", `${fmt(x)},${fmt(y)}`));
}

/**
 * A click on the path straight ahead of the piece, written as the distance the move names:
 * the click's place along the drawn path, in the move's units and steps, at most the server's
 * reach (a click a little past the end moves it all the way). The rules check what is sent.
 * @param {Page} page @param {FreeMove} free @param {number} x @param {number} y
 */
function moveAhead(page, free, x, y) {
  const sel = page.st.selected, at = pieceById(page.st, sel)?.position?.point;
  if (!at || free.heading === null) return;
  const a = free.heading * Math.PI / 180, ux = Math.sin(a), uy = Math.cos(a);
  const vx = x - at[0], vy = y - at[1];
  const along = (vx * ux + vy * uy) / free.scale, off = Math.abs(vx * uy - vy * ux);
  if (off > Math.max(0.8, 0.4 * free.scale) || along <= 0) {
    page.message(`${sel} moves straight ahead: click on its path (the line from its bow).`, true);
    return;
  }
  if (along > free.reach + 0.5) { page.message(`${sel} can move up to ${free.reach} units more.`, true); return; }
  const steps = Math.min(Math.round(along / free.step), Math.round(free.reach / free.step));
  const dist = Number((steps * free.step).toFixed(6));
  if (dist <= 0) return; // the ship itself: it stays selected
  page.submit(free.template.replace("{distance}", String(dist)));
}

/**
 * The pointer in the drawing's coordinates and, on a table, in the map's (inches, y up).
 * @param {PageState} st @param {MouseEvent} ev @returns {{ user: DOMPoint, map: [number, number] | null }}
 */
function boardPoint(st, ev) {
  const svg = boardSvg(), ctm = svg.getScreenCTM();
  const user = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm ? ctm.inverse() : undefined);
  return { user, map: st.board && st.board.map.kind === "table" ? geometry(st.board).toMap(user.x, user.y) : null };
}

/**
 * What was clicked or tapped: ``at`` the element under the pointer (a tap's own, game.js).
 * @param {Page} page @param {MouseEvent} ev @param {EventTarget | null} [at]
 */
export function onBoardClick(page, ev, at = ev.target) {
  const st = page.st;
  if (!(at instanceof Element)) return;
  const lp = at.closest("[data-point]");
  if (lp instanceof SVGElement && st.selected) {
    const a = actionsOf(st, st.selected).find((x) => x.point && `${x.point[0]},${x.point[1]}` === lp.dataset.point);
    if (a) { closePicker(); page.submit(a.text); return; }
  }
  const piece = at.closest("[data-piece]");
  if (piece instanceof SVGElement && piece.dataset.piece) { page.clickPiece(piece.dataset.piece); return; }
  const hex = at.closest("[data-hex]");
  if (hex instanceof SVGElement && hex.dataset.hex) { clickHex(page, hex.dataset.hex); return; }
  const spot = boardPoint(st, ev).map;
  if (at.closest("[data-table]") && spot) clickTable(page, spot[0], spot[1]);
}

/** The range tool: from the selected piece to what the pointer is on. @param {PageState} st @param {MouseEvent} ev */
export function onBoardMove(st, ev) {
  const svg = boardSvg();
  const p = st.board && st.selected ? pieceById(st, st.selected) : undefined;
  if (!st.board || !p || !(ev.target instanceof Element)) {
    $("range").textContent = "";
    if (st.board && p) showSight(svg, st.board, p, null);
    return;
  }
  const { user, map } = boardPoint(st, ev);
  const text = rangeText(svg, st.board, p, ev.target, user, map);
  if (text !== null) $("range").textContent = text;
}
