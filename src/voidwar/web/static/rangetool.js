// The range and line-of-sight tool: from the selected piece to the hex or table point under
// the pointer — the range in hexes, or on a table the distance (inches or units), whether
// terrain blocks the line of sight, the fire bands and arcs it falls in, the terrain there.
import { describeTerrain, geometry, hexDistance, losBlocker, ringsAt } from "./board.js";

// the tool's line for piece `p` and the pointer event `ev` (`at`: the table point under it);
// null when there is nothing to say (the line stays as it was)
export function rangeText(board, p, ev, at) {
  if (!p.position) return null;
  if (board.map.kind === "table") {
    if (!p.position.point) return null;
    const b = at, a = p.position.point;
    const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const m = board.map, dist = m.unit === "unit" ? `${(d / m.scale).toFixed(2)} units` : `${d.toFixed(2)}"`;
    const block = losBlocker(board, a, b);
    const t = board.terrain.find((x) => x.shape === "rect" ? b[0] >= x.coords[0] && b[0] <= x.coords[2] && b[1] >= x.coords[1] && b[1] <= x.coords[3]
      : x.shape === "circle" && Math.hypot(b[0] - x.coords[0], b[1] - x.coords[1]) <= x.coords[2]);
    const sight = board.terrain.length ? (block ? " · sight blocked by " + block.name : " · clear line of sight") : "";
    const rings = ringsAt(p, b);
    return `${p.id} → ${b[0].toFixed(1)},${b[1].toFixed(1)}: ${dist}${sight}${rings.length ? " · " + rings.join(" · ") : ""}${t ? " · " + describeTerrain(t) : ""}`;
  }
  const hx = ev.target.closest("[data-hex]");
  const cells = geometry(board).cells;
  const from = cells.get(p.position.hex), to = hx ? cells.get(hx.dataset.hex) : null;
  return from && to ? `${p.id} → ${to.label}: range ${hexDistance(from, to)} hex${hexDistance(from, to) === 1 ? "" : "es"}` : "";
}
