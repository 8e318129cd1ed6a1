// @ts-check
// The game page's state: one object, made here and handed to whatever reads or changes it
// (nothing of the page's state lives in a module's variables). The questions the page asks of
// it — whose turn, which token, which actions — are answered here from it alone.
import { tokensFromFragment } from "./common.js";

/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {import("./board-types").BoardAction} BoardAction */
/** @typedef {import("./board-types").Piece} Piece */
/** @typedef {import("./page-types.js").GameView} GameView */
/** @typedef {import("./common.js").Tokens} Tokens */

/**
 * A choice of a display widget waiting to be confirmed before it is sent.
 * @typedef {object} PendingChoice
 * @property {string} action
 * @property {string} [label]
 * @property {string} [confirm]
 * @property {Record<string, string>} [preview] marker → the window it will stand in
 * @property {string} [window] the window clicked
 */

/**
 * What the displays beside the map remember between redraws (panels.js).
 * @typedef {object} DisplayState
 * @property {string} mount the mount whose arc the sphere shows ("": none)
 * @property {PendingChoice | null} pending
 * @property {Record<string, number>} stepAt stepper → the index it shows
 */

/**
 * @typedef {object} PageState
 * @property {string} gid the game
 * @property {Tokens} tokens the seats held in this browser (the link's fragment)
 * @property {GameView | null} view the last view the server sent
 * @property {BoardView | null} board its board (null: a ruleset without one)
 * @property {string | null} selected the selected piece
 * @property {boolean} picked the selection is the player's own (the page never replaces it)
 * @property {number} declined the version at which the player put the page's choice down
 * @property {Promise<void> | null} refreshing the view being fetched
 * @property {boolean} again a change came while fetching: fetch once more
 * @property {boolean} socketOpen the socket brings each change
 * @property {boolean} wasMyTurn it was this browser's turn at the last drawing
 * @property {string} drawn what the board shows (redrawn only when it changes)
 * @property {number} tapped when a finger last tapped the board (ms, performance.now)
 * @property {DisplayState} displays
 */

/** A page's state for game ``gid``, before its first view. @param {string} gid @returns {PageState} */
export function createState(gid) {
  return {
    gid, tokens: tokensFromFragment(), view: null, board: null, selected: null, picked: false,
    declined: -1, refreshing: null, again: false, socketOpen: false, wasMyTurn: false, drawn: "",
    tapped: -Infinity, displays: { mount: "", pending: null, stepAt: {} },
  };
}

/** A human seat held here (for a roll entered by hand). @param {PageState} st */
function humanSeatHeld(st) {
  return Object.keys(st.tokens).find((s) => st.view && st.view.seats[s] && st.view.seats[s].kind === "human");
}

/** The token that acts for ``seat`` here, or null. @param {PageState} st @param {string | null | undefined} seat */
export function tokenFor(st, seat) {
  if (seat === "chance") { const s = humanSeatHeld(st); return s ? st.tokens[s] : null; }
  return seat && st.tokens[seat] ? st.tokens[seat] : null;
}

/** The token to read the view with: the seat to act's, else any held here. @param {PageState} st */
export function viewToken(st) {
  const acting = st.view ? tokenFor(st, st.view.to_act) : null;
  if (acting) return acting;
  const seats = Object.keys(st.tokens);
  return seats.length ? st.tokens[seats[0]] : null;
}

/** Whether a seat held here is to act. @param {PageState} st @returns {boolean} */
export function myTurn(st) { return !!st.view && !st.view.over && tokenFor(st, st.view.to_act) !== null; }

/** The legal actions of piece ``id`` ("": the seat's own). @param {PageState} st @param {string | null} id @returns {BoardAction[]} */
export function actionsOf(st, id) { return (st.board && id !== null && st.board.actions[id]) || []; }

/** Every legal action on the board. @param {PageState} st @returns {BoardAction[]} */
export function allActions(st) { return st.board ? Object.values(st.board.actions).flat() : []; }

/** @param {PageState} st @param {string | null} id @returns {Piece | undefined} */
export function pieceById(st, id) { return st.board ? st.board.pieces.find((p) => p.id === id) : undefined; }

/** The hex piece ``id`` stands in. @param {PageState} st @param {string} id */
export function hexOf(st, id) { const p = pieceById(st, id); return p && p.position ? p.position.hex : null; }

/** A seat by its side's name on the board. @param {PageState} st @param {string} id */
export function sideName(st, id) {
  const sd = st.board && st.board.sides.find((x) => x.id === id);
  return sd ? sd.name : id;
}
