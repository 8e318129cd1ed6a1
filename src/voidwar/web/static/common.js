// @ts-check
// Shared helpers of the voidwar pages: the API, seat tokens from the link, small DOM helpers.

/** @typedef {Record<string, string>} Tokens seat → its token, held in this browser */

/**
 * An Error with the HTTP status of the answer that caused it.
 * @typedef {Error & { status?: number }} ApiError
 */

// Links carry seat tokens in the fragment (never sent to the server in a URL):
//   /game/ID#seat=red&token=abc            one remote seat
//   /game/ID#seat=red&token=abc&seat=blue&token=def   hot-seat: both seats in this browser
/** @param {string} [hash] @returns {Tokens} */
export function tokensFromFragment(hash = location.hash) {
  /** @type {Tokens} */
  const out = {};
  const parts = new URLSearchParams(hash.replace(/^#/, ""));
  const seats = parts.getAll("seat"), tokens = parts.getAll("token");
  seats.forEach((s, i) => { if (tokens[i]) out[s] = tokens[i]; });
  return out;
}

/**
 * A JSON API call with the seat's token; throws an {@link ApiError} naming the refusal (and
 * the rule, where the server names one).
 * @param {string} method
 * @param {string} path
 * @param {{ token?: string | null, body?: unknown }} [options]
 * @returns {Promise<any>} the answer's JSON (its shape is the caller's to name)
 */
export async function api(method, path, { token = null, body = undefined } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers["X-Seat-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(path, { method, headers,
                                body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (_) { data = null; }
  if (!r.ok) {
    const msg = data && data.detail ? data.detail : `${r.status} ${r.statusText}`;
    /** @type {ApiError} */
    const err = new Error(data && data.rule ? `${msg} [${data.rule}]` : msg);
    err.status = r.status;
    throw err;
  }
  return data;
}

/** @typedef {Node | string | null | undefined | false} Child what {@link h} takes as a child */

/**
 * An HTML element: attributes (``onclick`` a listener, ``text`` its text; null, undefined and
 * false leave an attribute out, true sets it empty) and children.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") e.addEventListener("click", v);
    else if (k === "text") e.textContent = v;
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return e;
}

/**
 * The page's element ``id``, of the kind ``kind`` (any HTML element when none is named). Its
 * markup has it: a page without it is a bug, said at once.
 * @template {Element} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (...args: any[]): T }} [kind]
 * @returns {T}
 */
export function $(id, kind) {
  const e = document.getElementById(id);
  const want = kind ?? HTMLElement;
  if (!(e instanceof want)) throw new Error(`the page has no ${want.name} #${id}`);
  return /** @type {T} */ (/** @type {unknown} */ (e));
}

/** The value of the page's input (or select) ``id``. @param {string} id @returns {string} */
export function valueOf(id) {
  const e = document.getElementById(id);
  if (e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement) return e.value;
  throw new Error(`the page has no input #${id}`);
}

/** The outcome code in words: "antilles-destroyed" → "Antilles destroyed". @param {unknown} code */
export function outcomeWords(code) {
  const words = String(code ?? "").replace(/[-_]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

/**
 * A game's result as the server sends it (core/game.py Result.to_dict).
 * @typedef {object} Result
 * @property {string} outcome
 * @property {string | null} [winner]
 * @property {string | null} [level]
 * @property {Record<string, number>} [scores]
 */

/**
 * The result as a sentence; seats named by ``name(seat)`` (the board's side names).
 * @param {Result | null | undefined} res
 * @param {(seat: string) => string} [name]
 */
export function resultText(res, name = (seat) => seat) {
  if (!res) return "";
  const scores = Object.entries(res.scores ?? {}).map(([s, v]) => `${name(s)} ${v}`).join(", ");
  const parts = [outcomeWords(res.outcome)];
  if (res.level) parts.push(res.level);
  if (res.winner) parts.push(`${name(res.winner)} wins`);
  if (scores) parts.push(`score: ${scores}`);
  return parts.join(" — ");
}

/** The game's socket address. @param {string} gid @param {string | null} token */
export function socketUrl(gid, token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${proto}://${location.host}/api/games/${gid}/ws${q}`;
}

/** What a caught error says. @param {unknown} e */
export function errorText(e) { return e instanceof Error ? e.message : String(e); }
