// Log in, sign up, ask for a password-reset link, or (with the link's token) set a new one.
import { call, me, nav, say } from "./account.js";

const $ = (id) => document.getElementById(id);
const next = new URLSearchParams(location.search).get("next");
const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");

function goOn() {
  // only a path on this site (never another site's address)
  location.href = next && next.startsWith("/") && !next.startsWith("//") ? next : "/me";
}

async function submit(ev, fn) {
  ev.preventDefault();
  try { await fn(); } catch (e) { say(e.message, true); }
}

$("login-form").addEventListener("submit", (ev) => submit(ev, async () => {
  await call("POST", "/api/account/login", { name: $("login-name").value, password: $("login-password").value });
  goOn();
}));
$("signup-form").addEventListener("submit", (ev) => submit(ev, async () => {
  const body = { name: $("signup-name").value, password: $("signup-password").value };
  if ($("signup-email").value.trim()) body.email = $("signup-email").value.trim();
  await call("POST", "/api/account/signup", body);
  goOn();
}));
$("show-forgot").addEventListener("click", (ev) => { ev.preventDefault(); $("forgot-form").hidden = false; });
$("forgot-form").addEventListener("submit", (ev) => submit(ev, async () => {
  const r = await call("POST", "/api/account/reset", { name_or_email: $("forgot-who").value });
  say(r.detail);
}));
$("reset-form").addEventListener("submit", (ev) => submit(ev, async () => {
  const r = await call("POST", "/api/account/reset/confirm", { token, password: $("reset-password").value });
  history.replaceState(null, "", "/login");
  $("reset-form").hidden = true;
  for (const f of ["login-form", "signup-form"]) $(f).hidden = false;
  if (r.name) $("login-name").value = r.name;
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
