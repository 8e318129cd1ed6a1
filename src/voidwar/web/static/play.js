// @ts-check
// /play/ID (the link in e-mails): open the game as the logged-in account, with its seats'
// tokens in the fragment (never sent to the server in a URL); log in first if needed.
import { call, me } from "./account.js";

const gid = location.pathname.split("/").filter(Boolean).pop();

async function main() {
  const m = await me();
  if (!m.account) { location.replace(`/login?next=${encodeURIComponent(location.pathname)}`); return; }
  try {
    /** @type {{ seats: Record<string, string> }} */
    const r = await call("GET", `/api/me/games/${gid}/seats`);
    const frag = new URLSearchParams();
    for (const [seat, token] of Object.entries(r.seats)) { frag.append("seat", seat); frag.append("token", token); }
    location.replace(`/game/${gid}#${frag.toString()}`);
  } catch (e) {
    const err = /** @type {import("./common.js").ApiError} */ (e);
    if (err.status === 404) location.replace(`/game/${gid}`); // not your game: watch it
    else { const box = document.getElementById("play-state"); if (box) box.textContent = err.message; }
  }
}
main();
