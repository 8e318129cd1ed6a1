"""What the terminal game says in words: the help, a docstring as one line, the result line."""

from __future__ import annotations

import re

from rich.markup import escape
from rich.text import Text

from ..core.game import Game
from ..core.registry import RulesetInfo
from .entry import end_action

HELP = """[bold]Actions[/bold]
  <action>         in notation, e.g. [cyan]{example}[/cyan]; Tab completes it word by word
  <number>         the action of that number in the legal list
  .   (or F2)      the action that ends this step ({end})
[bold]Commands[/bold]
  legal \\[TEXT]     number the legal actions (only those containing TEXT); more: next page
  undo             take back the last action (and its rolls)
  save \\[FILE]      save the game (a record for `voidwar replay`; no FILE: a fresh name)
  load FILE        load a saved game of this ruleset
  log              the whole log, every roll
  quit             leave (asks to save); Ctrl-C leaves at once, the game autosaved"""


def doc_markup(doc: str | None) -> str:
    """A docstring's first paragraph as one line of Rich markup: its ``code`` in cyan, no
    reStructuredText left for the person to read."""
    para = " ".join((doc or "").strip().split("\n\n")[0].split())
    return code_markup(re.sub(r"^Terminal query\s+", "", para))


def code_markup(text: str) -> str:
    """``text`` escaped for Rich, its ````code```` in cyan."""
    parts = escape(text).split("``")
    return "".join(f"[cyan]{x}[/cyan]" if k % 2 else x for k, x in enumerate(parts))


def help_lines(info: RulesetInfo, legal: list[str]) -> list[Text]:
    """``help``: the actions and commands, the ruleset's short forms and its queries."""
    short = (info.shortcuts.__doc__ or "").strip().splitlines() if info.shortcuts else []
    lines = HELP.format(example=escape(legal[0]) if legal else "…",
                        end=escape(end_action(legal) or "none now")).splitlines()
    if short:
        lines.append("[bold]Short forms[/bold]")
        lines += [f"  {code_markup(s.strip())}" for s in short if s.strip()]
    if info.commands:
        lines.append("[bold]Queries[/bold] (they change nothing)")
    for name, fn in info.commands.items():
        doc = doc_markup(fn.__doc__) or "a query"
        shown = Text.from_markup(doc).plain
        lines.append(f"  {doc}" if shown.startswith(name) else f"  {name}: {doc}")
    return [Text.from_markup(x) for x in lines]


def result_line(game: Game) -> str:
    """``Game over: outcome — level; winner; scores`` in words, once."""
    r = game.result
    if r is None:
        return ""
    level = f" — {r.level}" if r.level else ""
    who = f"; {r.winner} wins" if r.winner else ""
    scores = ", ".join(f"{s} {v:g}" if isinstance(v, float) else f"{s} {v}"
                       for s, v in r.scores.items())
    return f"Game over: {r.outcome}{level}{who}; score {scores}"
