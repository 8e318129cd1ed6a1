// The account's page: its e-mail address (verified by a link), turn e-mails or a daily
// digest, logging out; an e-mail verification link lands here too (its token in the fragment).
import { call, me, nav, say } from "./account.js";

const $ = (id) => document.getElementById(id);

async function verify(token) {
  const box = $("verify-box");
  box.hidden = false;
  try {
    const r = await call("POST", "/api/account/verify", { token });
    box.textContent = `Confirmed: ${r.verified} is the address of ${r.name}.`;
    box.id = "verified";
  } catch (e) { box.textContent = e.message; }
  history.replaceState(null, "", "/account");
}

function show(m) {
  const a = m.account;
  $("account-box").hidden = false;
  $("acc-name").textContent = a.name;
  $("acc-profile").href = `/players/${encodeURIComponent(a.name)}`;
  $("email").value = a.email || "";
  $("email-state").textContent = !m.mail ? "This server sends no e-mail."
    : !a.email ? "No address: no e-mails." : a.email_verified ? `${a.email} (confirmed)`
      : `${a.email} (not confirmed yet: open the link we sent)`;
  $("turn-mails").checked = a.turn_mails;
  $("digest").checked = a.digest;
}

async function main() {
  const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");
  if (token) await verify(token);
  const m = await me(true);
  nav();
  if (!m.account) {
    if (!token) location.href = "/login?next=/account";
    return;
  }
  show(m);
  $("logout").addEventListener("click", async () => {
    await call("POST", "/api/account/logout");
    location.href = "/";
  });
  $("email-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try { show(await call("POST", "/api/account/email", { email: $("email").value })); say("Saved."); } catch (e) { say(e.message, true); }
  });
  $("prefs-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      show(await call("POST", "/api/account/prefs", { turn_mails: $("turn-mails").checked, digest: $("digest").checked }));
      say("Saved.");
    } catch (e) { say(e.message, true); }
  });
}
main();
