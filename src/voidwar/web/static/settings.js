// @ts-check
// The account's page: its e-mail address (verified by a link), turn e-mails or a daily
// digest, logging out; an e-mail verification link lands here too (its token in the fragment).
import { $, errorText, valueOf } from "./common.js";
import { call, me, nav, say } from "./account.js";

/** @typedef {import("./account.js").Me} Me */

/** Confirm the address the link verifies. @param {string} token */
async function verify(token) {
  const box = $("verify-box");
  box.hidden = false;
  try {
    const r = await call("POST", "/api/account/verify", { token });
    box.textContent = `Confirmed: ${r.verified} is the address of ${r.name}.`;
    box.id = "verified";
  } catch (e) { box.textContent = errorText(e); }
  history.replaceState(null, "", "/account");
}

/** @param {Me} m */
function show(m) {
  const a = m.account;
  if (!a) return;
  $("account-box").hidden = false;
  $("acc-name").textContent = a.name;
  $("acc-profile", HTMLAnchorElement).href = `/players/${encodeURIComponent(a.name)}`;
  $("email", HTMLInputElement).value = a.email || "";
  $("email-state").textContent = !m.mail ? "This server sends no e-mail."
    : !a.email ? "No address: no e-mails." : a.email_verified ? `${a.email} (confirmed)`
      : `${a.email} (not confirmed yet: open the link we sent)`;
  $("turn-mails", HTMLInputElement).checked = a.turn_mails;
  $("digest", HTMLInputElement).checked = a.digest;
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
    try { show(await call("POST", "/api/account/email", { email: valueOf("email") })); say("Saved."); } catch (e) { say(errorText(e), true); }
  });
  $("prefs-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      show(await call("POST", "/api/account/prefs", { turn_mails: $("turn-mails", HTMLInputElement).checked,
                                                      digest: $("digest", HTMLInputElement).checked }));
      say("Saved.");
    } catch (e) { say(errorText(e), true); }
  });
}
main();
