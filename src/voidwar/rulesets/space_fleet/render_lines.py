"""A map drawn line by line, folded to a height: runs of lines with nothing on them (no ship, no
mine) become one ``⋮`` line naming what they cover, the longest runs first, until the map and the
ship table fit the pane (the terminal's screen gives the board a fixed height)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text


@dataclass
class Line:
    """One line of a map: its text, whether anything stands on it, and the row (or inch) it
    shows (for the fold line's words)."""

    text: Text
    busy: bool
    row: str


def fold(lines: list[Line], height: int | None, what: str) -> Text:
    """``lines`` as one Text of at most ``height`` lines where folding empty runs can reach it
    (``None``: every line); ``what`` names the rows in the fold line (``rows``, ``y``)."""
    runs: list[tuple[int, int]] = []  # [start, end) of lines with nothing on them
    k = 0
    while k < len(lines):
        if lines[k].busy:
            k += 1
            continue
        end = k
        while end < len(lines) and not lines[end].busy:
            end += 1
        if end - k >= 2:
            runs.append((k, end))
        k = end
    folded: list[tuple[int, int]] = []
    total = len(lines)
    for start, end in sorted(runs, key=lambda r: r[0] - r[1]):
        if height is None or total <= height:
            break
        folded.append((start, end))
        total -= end - start - 1
    out = Text(no_wrap=True, overflow="crop")
    k = 0
    for start, end in sorted(folded):
        for ln in lines[k:start]:
            out.append_text(ln.text)
            out.append("\n")
        first, last = lines[start].row, lines[end - 1].row
        span = f"{first}–{last}" if first != last else first
        out.append(f" ⋮  {what} {span}: nothing there\n", style="dim italic")
        k = end
    for ln in lines[k:]:
        out.append_text(ln.text)
        out.append("\n")
    out.rstrip()
    return out
