"""From what a person types to an action: numbered choices, ``.`` for the end of a step, the
ruleset's short forms (``RulesetInfo.shortcuts``), unique abbreviations of legal actions, and
hints drawn from the actions legal *now* (never another phase's).

Order (docs/terminal.md): the full notation as typed; a number from the numbered list; ``.``;
the ruleset's short form; a word-by-word abbreviation that fits exactly one legal action.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence

from ..core.game import Game

Shortcuts = Callable[[Game, str], str | None]

#: words that end a step, in the order ``.`` (and the F2 key) tries them
END_WORDS = ("done", "end", "pass", "continue")


def end_action(legal: Sequence[str]) -> str | None:
    """The one legal action that ends the current step (``done``, ``end …``, ``pass``), if any."""
    for word in END_WORDS:
        hits = [a for a in legal if a == word or a.startswith(word + " ")]
        if len(hits) == 1:
            return hits[0]
    return None


def abbreviation(text: str, legal: Sequence[str]) -> str | None:
    """The one legal action whose words each begin with the typed words (``mo p3 to 5,-5``)."""
    words = text.lower().split()
    if not words:
        return None
    hits = []
    for a in legal:
        parts = a.lower().split()
        if len(parts) == len(words) and all(p.startswith(w) for p, w in zip(parts, words,
                                                                          strict=True)):
            hits.append(a)
    return hits[0] if len(hits) == 1 else None


def resolve(text: str, game: Game, legal: Sequence[str], numbered: Sequence[str],
            shortcuts: Shortcuts | None) -> str:
    """The notation to play for ``text`` (unchanged when nothing else fits: the rules then
    say why it is not legal)."""
    t = text.strip()
    if t in legal:
        return t
    if t.isdigit() and numbered:
        k = int(t)
        if 1 <= k <= len(numbered):
            return numbered[k - 1]
    if t == ".":
        end = end_action(legal)
        if end is not None:
            return end
    if shortcuts is not None:
        try:
            full = shortcuts(game, t)
        except (ValueError, KeyError, IndexError):
            full = None
        if full:
            return full
    return abbreviation(t, legal) or t


def hint(text: str, legal: Sequence[str], limit: int = 3) -> str:
    """Suggestions for a line that is not a legal action, taken from the legal actions now."""
    if not legal:
        return ""
    word = text.split()[0].lower() if text.split() else ""
    same = [a for a in legal if a.split()[0].lower() == word]
    pool = same or list(legal)
    close = difflib.get_close_matches(text, pool, n=limit, cutoff=0.0)
    shown = ", ".join(f"'{a}'" for a in close)
    return f"legal now, e.g. {shown} ({len(legal)} in all: `legal` numbers them)"
