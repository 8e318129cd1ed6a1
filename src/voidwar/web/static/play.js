// /play/ID (the link in e-mails): open the game as the logged-in account, with its seats'
// tokens in the fragment (never sent to the server in a URL); log in first if needed.
import { call, me } from "./account.js";

const gid = location.pathname.split("/").filter(Boolean).pop();

async function main() {
  const m = await me();
  if (!m.account) { location.replace(`/login?next=${encodeURIComponent(location.pathname)}`); return; }
  try {
    const r = await call("GET", `/api/me/games/${gid}/seats`);
    const frag = new URLSearchParams();
    for (const [seat, token] of Object.entries(r.seats)) { frag.append("seat", seat); frag.append("token", token); }
    location.replace(`/game/${gid}#${frag.toString()}`);
  } catch (e) {
    if (e.status === 404) location.replace(`/game/${gid}`); // not your game: watch it
    else document.getElementById("play-state").textContent = e.message;
  }
}
main();
