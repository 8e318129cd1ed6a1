// @ts-check
// The JSON the game and replay pages read besides the board (voidwar/web/views.py): a seat's
// view of a game, its log, its legal actions, a replay step. Types only; the board's own types
// are generated from its schema (board-types.d.ts, scripts/board-types).

/** @typedef {import("./board-types").BoardView} BoardView */
/** @typedef {import("./common.js").Result} Result */

/**
 * Who sits at a seat (views.py seats_public).
 * @typedef {object} SeatInfo
 * @property {"human" | "bot" | "open"} kind
 * @property {string | null} policy the computer player's policy (a bot)
 */

/**
 * One entry of the log as the seat may read it (views.py entry_for): index -1 is the set-up;
 * ``action`` is null where another seat's secret action is withheld.
 * @typedef {object} LogEntry
 * @property {number} index
 * @property {string | null} seat
 * @property {string | null} action
 * @property {{ kind: string, text: string }[]} events
 */

/**
 * A legal action in its structured form (core/notation.py): its text, kind and actor, and the
 * fields of its kind.
 * @typedef {{ text: string, kind: string, actor?: string } & Record<string, unknown>} LegalAction
 */

/**
 * The game as a seat may see it (views.py view_for, GET /api/games/ID/view).
 * @typedef {object} GameView
 * @property {string} id
 * @property {string} ruleset
 * @property {string | null} scenario
 * @property {string | null} seat the seat this view is for (null: a spectator)
 * @property {Record<string, SeatInfo>} seats
 * @property {string | null} to_act
 * @property {string} status
 * @property {boolean} over
 * @property {Result | null} result
 * @property {number} n_actions
 * @property {number} version
 * @property {Record<string, unknown>} view the rules' own view (ruleset-specific)
 * @property {BoardView | null} board
 * @property {LogEntry[]} log
 * @property {LegalAction[]} legal
 * @property {string[]} undo_requested
 */

/**
 * The game after its first ``step`` actions (views.py replay_step).
 * @typedef {object} ReplayStep
 * @property {number} step
 * @property {number} n_actions
 * @property {string | null} to_act
 * @property {boolean} over
 * @property {Result | null} result
 * @property {Record<string, unknown>} view
 * @property {BoardView | null} board
 * @property {LogEntry} entry
 * @property {LogEntry[]} log
 */

/**
 * What POST /api/games/ID/actions answers (web/models.py Acted).
 * @typedef {object} Acted
 * @property {number} index
 * @property {string} action
 * @property {string | null} to_act
 * @property {boolean} over
 */

export {};
