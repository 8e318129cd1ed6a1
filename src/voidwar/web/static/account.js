// @ts-check
// The online table's pages: who is logged in, API calls with the session's CSRF token, the
// navigation bar (my games, open games, leaderboard, the account), small time helpers.
import { h } from "./common.js";

/**
 * An account as GET /api/account/me gives it.
 * @typedef {object} Account
 * @property {string} name
 * @property {string | null} email
 * @property {boolean} email_verified
 * @property {boolean} turn_mails
 * @property {boolean} digest
 */

/**
 * Who is logged in: the account (null: nobody), the CSRF token, whether the server sends mail.
 * @typedef {{ account: Account | null, csrf: string, mail?: boolean }} Me
 */

/** The answer of GET /api/account/me, fetched once per page (or when asked afresh). @type {{ me: Me | null }} */
const session = { me: null };

/** The logged-in account and the CSRF token ({account: null} when nobody is logged in). @returns {Promise<Me>} */
export async function me(fresh = false) {
  if (!session.me || fresh) session.me = await (await fetch("/api/account/me")).json();
  return /** @type {Me} */ (session.me);
}

/**
 * A JSON API call; state-changing ones carry the CSRF token. Throws an Error with the detail
 * (and the answer's status).
 * @param {string} method @param {string} path @param {unknown} [body] @returns {Promise<any>}
 */
export async function call(method, path, body = undefined) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (method !== "GET") headers["X-CSRF-Token"] = (await me()).csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (_) { data = null; }
  if (!r.ok) {
    /** @type {import("./common.js").ApiError} */
    const err = new Error(data && data.detail ? data.detail : `${r.status} ${r.statusText}`);
    err.status = r.status;
    throw err;
  }
  return data;
}

/** "3 hours", "2 days 4 hours", "5 minutes". @param {number | null | undefined} seconds */
export function span(seconds) {
  if (seconds === null || seconds === undefined) return "";
  let s = Math.max(0, Math.round(seconds / 60) * 60);
  const d = Math.floor(s / 86400); s -= d * 86400;
  const hr = Math.floor(s / 3600); s -= hr * 3600;
  const m = Math.floor(s / 60);
  /** @type {[number, string][]} */
  const units = [[d, "day"], [hr, "hour"], [m, "minute"]];
  const parts = units.filter(([n]) => n).map(([n, u]) => `${n} ${u}${n === 1 ? "" : "s"}`);
  return parts.slice(0, 2).join(" ") || "less than a minute";
}

/** A time (seconds since 1970) as "2024-05-01 12:30 UTC". @param {number} t */
export function when(t) {
  return new Date(t * 1000).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

/** The navigation links, put at the end of the page's header. */
export async function nav() {
  const header = document.querySelector("header");
  if (!header || document.getElementById("account-nav")) return;
  const box = h("nav", { id: "account-nav", class: "account-nav" });
  header.appendChild(box);
  /** @type {Me | { account: null }} */
  let m = { account: null };
  try { m = await me(); } catch (_) { /* the links without the account */ }
  const links = [h("a", { href: "/open" }, "Open games"), h("a", { href: "/leaderboard" }, "Leaderboard")];
  if (m.account) {
    links.unshift(h("a", { href: "/me", id: "nav-me" }, "My games"));
    links.push(h("a", { href: `/players/${encodeURIComponent(m.account.name)}`, id: "nav-name" }, m.account.name),
      h("a", { href: "/account" }, "Account"));
  } else {
    links.push(h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, id: "nav-login" }, "Log in"));
  }
  box.replaceChildren(...links);
}

/** Messages for the page's #message box. @param {string} text */
export function say(text, bad = false) {
  const m = document.getElementById("message");
  if (!m) return;
  m.textContent = text;
  m.className = bad ? "message bad" : "message";
}
