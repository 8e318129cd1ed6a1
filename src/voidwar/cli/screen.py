"""What the panes of the terminal game hold, drawn with Rich: the board (the ruleset's drawing),
the log with every roll, the side pane's lines. :mod:`.fullscreen` lays them out; line mode
prints them."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ..core.game import Event, Game
from ..core.registry import RulesetInfo

#: styles of the log by event kind (rolls stand out: they are what a player checks)
LOG_STYLE = {"roll": "magenta", "over": "bold green", "turn": "bold", "destroyed": "bold red",
             "removed": "bold red", "hit": "bold"}


def draw_board(info: RulesetInfo, game: Game, **wanted: Any) -> RenderableType:
    """The ruleset's drawing without its own log (the log has a pane of its own); ``wanted``
    passes more drawing options (``notes=False``, ``height=``) to a renderer that takes them."""
    if info.render is None:
        return Text(str(game.view(None)))
    try:
        params = inspect.signature(info.render).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    kw = {k: v for k, v in {"log": False, **wanted}.items() if k in params}
    drawn: RenderableType = info.render(game, **kw)
    return drawn


def log_text(events: Sequence[Event], lines: int) -> Text:
    """The last ``lines`` events, rolls indented and coloured."""
    out = Text()
    for ev in list(events)[-max(1, lines):]:
        pre = "  " if ev.kind == "roll" else ""
        out.append(pre + ev.text + "\n", style=LOG_STYLE.get(ev.kind, ""))
    return out


def side_text(lines: Sequence[Text | str]) -> Text:
    """The side pane's lines as one Text."""
    out = Text()
    for ln in lines:
        out.append_text(ln if isinstance(ln, Text) else Text(ln))
        out.append("\n")
    return out


def group(*parts: Any) -> Group:
    """A Rich group (re-exported so play.py needs no Rich layout imports)."""
    return Group(*parts)
