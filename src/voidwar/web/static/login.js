// @ts-check
// Log in, sign up, ask for a password-reset link, or (with the link's token) set a new one.
import { $, valueOf } from "./common.js";
import { call, me, nav, say } from "./account.js";

const next = new URLSearchParams(location.search).get("next");
const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");

function goOn() {
  // only a path on this site (never another site's address)
  location.href = next && next.startsWith("/") && !next.startsWith("//") ? next : "/me";
}

/** A form's submission: ``fn``, its refusal said. @param {Event} ev @param {() => Promise<void>} fn */
async function submit(ev, fn) {
  ev.preventDefault();
  try { await fn(); } catch (e) { say(e instanceof Error ? e.message : String(e), true); }
}

$("login-form").addEventListener("submit", (ev) => submit(ev, async () => {
  await call("POST", "/api/account/login", { name: valueOf("login-name"), password: valueOf("login-password") });
  goOn();
}));
$("signup-form").addEventListener("submit", (ev) => submit(ev, async () => {
  /** @type {Record<string, string>} */
  const body = { name: valueOf("signup-name"), password: valueOf("signup-password") };
  if (valueOf("signup-email").trim()) body.email = valueOf("signup-email").trim();
  await call("POST", "/api/account/signup", body);
  goOn();
}));
$("show-forgot").addEventListener("click", (ev) => { ev.preventDefault(); $("forgot-form").hidden = false; });
$("forgot-form").addEventListener("submit", (ev) => submit(ev, async () => {
  const r = await call("POST", "/api/account/reset", { name_or_email: valueOf("forgot-who") });
  say(r.detail);
}));
$("reset-form").addEventListener("submit", (ev) => submit(ev, async () => {
  const r = await call("POST", "/api/account/reset/confirm", { token, password: valueOf("reset-password") });
  history.replaceState(null, "", "/login");
  $("reset-form").hidden = true;
  for (const f of ["login-form", "signup-form"]) $(f).hidden = false;
  if (r.name) $("login-name", HTMLInputElement).value = r.name;
  say(r.detail);
}));

async function main() {
  const m = await me();
  nav();
  if (token && location.pathname === "/account/reset") {
    $("page-title").textContent = "New password";
    for (const f of ["login-form", "signup-form"]) $(f).hidden = true;
    $("reset-form").hidden = false;
    return;
  }
  if (m.account) say(`You are logged in as ${m.account.name}.`);
}
main();
