"""The numbered list of legal actions, one page of it at a time, readable when it is long.

Numbers are always the action's place in the whole list (what the person types plays it). When
the list needs more than one page, a summary line names every kind of action with its count, and
a family of actions (the same first two words: ``pivot to``, ``move R1``) bigger than a page
folds into one line with its numbers and the ``legal`` filter that lists it, while other
families remain — so the few orders of another kind (Attack Vector's ``fire A1 at red-1``
among 61 pivots) come early. Typing a kind (``fire``) lists only that kind.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rich.text import Text


@dataclass
class Entry:
    """One line of the list: an action and its number, or a folded family (``count``
    actions from number ``first`` to ``last``)."""

    first: int
    text: str
    last: int = 0
    count: int = 0


def family(action: str) -> str:
    """An action's family: its first two words (``pivot to``, ``move P3``)."""
    return " ".join(action.split()[:2])


def entries(shown: list[str], per: int) -> list[Entry]:
    """The list's lines: each action with its number, and each family bigger than a page
    folded (only when the list needs more than one page and other families remain)."""
    sizes = Counter(family(a) for a in shown)
    big = {f for f, n in sizes.items() if n > per} if len(shown) > per else set()
    if big == set(sizes):  # nothing else to show: page through them (Antilles' placements)
        big = set()
    out: list[Entry] = []
    seen: set[str] = set()
    for k, a in enumerate(shown, start=1):
        f = family(a)
        if f not in big:
            out.append(Entry(k, a))
        elif f not in seen:
            seen.add(f)
            last = max(i for i, b in enumerate(shown, start=1) if family(b) == f)
            out.append(Entry(k, f, last, sizes[f]))
    return out


def summary(shown: list[str]) -> Text:
    """Every kind of action (its first word) with its count, in the list's order (typing a
    kind lists only those)."""
    kinds = Counter(a.split()[0] for a in shown if a.split())
    return Text(" · ".join(f"{k} ({n})" for k, n in kinds.items()) + " — type a kind to list it",
                style="dim")


def page_lines(shown: list[str], rows: int, page: int, width: int | None = None
               ) -> tuple[list[Text | str], int, int]:
    """Page ``page`` (wrapping round) of the list in ``rows`` lines of ``width`` characters:
    its lines, the page shown and the number of pages."""
    head = summary(shown)
    tall = 1 if width is None else -(-len(head.plain) // max(1, width))
    per = max(1, rows - 1 - tall)
    lines = entries(shown, per)
    pages = max(1, -(-len(lines) // per))
    page %= pages
    out: list[Text | str] = []
    if len(shown) > per:
        out.append(head)
    for e in lines[page * per:(page + 1) * per]:
        if not e.count:
            out.append(f"{e.first:>4}  {e.text}")
        else:
            out.append(Text(f"{e.first:>4}–{e.last} {e.text} … ({e.count}): legal {e.text}",
                            style="dim"))
    if pages > 1:
        out.append(Text(f"page {page + 1}/{pages}: `more` for the next, `legal TEXT` to "
                        "narrow", style="dim"))
    return out, page, pages
