// Shared helpers of the voidwar pages: the API, seat tokens from the link, small DOM helpers.

// Links carry seat tokens in the fragment (never sent to the server in a URL):
//   /game/ID#seat=red&token=abc            one remote seat
//   /game/ID#seat=red&token=abc&seat=blue&token=def   hot-seat: both seats in this browser
export function tokensFromFragment(hash = location.hash) {
  const out = {};
  const parts = new URLSearchParams(hash.replace(/^#/, ""));
  const seats = parts.getAll("seat"), tokens = parts.getAll("token");
  seats.forEach((s, i) => { if (tokens[i]) out[s] = tokens[i]; });
  return out;
}

export async function api(method, path, { token = null, body = undefined } = {}) {
  const headers = {};
  if (token) headers["X-Seat-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(path, { method, headers,
                                body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (_) { data = null; }
  if (!r.ok) {
    const msg = data && data.detail ? data.detail : `${r.status} ${r.statusText}`;
    const err = new Error(data && data.rule ? `${msg} [${data.rule}]` : msg);
    err.status = r.status;
    throw err;
  }
  return data;
}

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") e.addEventListener("click", v);
    else if (k === "text") e.textContent = v;
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return e;
}

/** The outcome code in words: "antilles-destroyed" → "Antilles destroyed". */
export function outcomeWords(code) {
  const words = String(code ?? "").replace(/[-_]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

/** The result as a sentence; seats named by `name(seat)` (the board's side names). */
export function resultText(res, name = (seat) => seat) {
  if (!res) return "";
  const scores = Object.entries(res.scores ?? {}).map(([s, v]) => `${name(s)} ${v}`).join(", ");
  const parts = [outcomeWords(res.outcome)];
  if (res.level) parts.push(res.level);
  if (res.winner) parts.push(`${name(res.winner)} wins`);
  if (scores) parts.push(`score: ${scores}`);
  return parts.join(" — ");
}

export function socketUrl(gid, token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${proto}://${location.host}/api/games/${gid}/ws${q}`;
}
