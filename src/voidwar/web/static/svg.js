// @ts-check
// Making SVG elements: the one helper the board, its overlays and the displays draw with.
export const SVGNS = "http://www.w3.org/2000/svg";

/** @typedef {Record<string, string | number>} Attrs */

/**
 * An SVG element with its attributes, appended to ``parent`` when one is given.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * A text centred at (x, y) (unless ``attrs`` says otherwise).
 * @param {Element} parent @param {number} x @param {number} y @param {string} t @param {Attrs} [attrs]
 */
export function text(parent, x, y, t, attrs = {}) {
  const e = el("text", { x, y, "text-anchor": "middle", ...attrs }, parent);
  e.textContent = t;
  return e;
}

/** A tooltip on ``e``. @param {Element} e @param {string} t */
export function title(e, t) { el("title", {}, e).textContent = t; }
