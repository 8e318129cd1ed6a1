"""The screen that holds still (Rich Layout): fixed panes for the board, the side pane (the
numbered legal actions, help, a query's answer), the log with every roll, and the messages of
the last action; the prompt sits on the last line, below them.

Each pane is cut to its size, so nothing is scrolled off: long lists are paged (``more``).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.layout import Layout
from rich.measure import Measurement
from rich.panel import Panel
from rich.text import Text

from ..core.game import Event, Game
from ..core.registry import RulesetInfo

#: styles of the log by event kind (rolls stand out: they are what a player checks)
LOG_STYLE = {"roll": "magenta", "over": "bold green", "turn": "bold", "destroyed": "bold red",
             "removed": "bold red", "hit": "bold"}


#: the most lines the messages pane takes (borders included)
MESSAGE_ROWS = 7


def draw_board(info: RulesetInfo, game: Game) -> RenderableType:
    """The ruleset's drawing without its own log (the log has a pane of its own)."""
    if info.render is None:
        return Text(str(game.view(None)))
    try:
        params = inspect.signature(info.render).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    drawn: RenderableType = (info.render(game, log=False)  # type: ignore[call-arg]
                             if "log" in params else info.render(game))
    return drawn


def log_text(events: Sequence[Event], lines: int) -> Text:
    """The last ``lines`` events, rolls indented and coloured."""
    out = Text()
    for ev in list(events)[-max(1, lines):]:
        pre = "  " if ev.kind == "roll" else ""
        out.append(pre + ev.text + "\n", style=LOG_STYLE.get(ev.kind, ""))
    return out


def board_width(console: Console, board: RenderableType, total: int) -> int:
    """How wide the board pane is: the drawing's own width, leaving the side panes ≥ 36."""
    try:
        need = Measurement.get(console, console.options, board).maximum + 4  # border, padding
    except Exception:  # a renderable that cannot say: give it two thirds
        need = total * 2 // 3
    return max(20, min(need, total - 36))


def side_text(lines: Sequence[Text | str]) -> Text:
    """The side pane's lines as one Text."""
    out = Text()
    for ln in lines:
        out.append_text(ln if isinstance(ln, Text) else Text(ln))
        out.append("\n")
    return out


def compose(console: Console, header: Text, board: RenderableType, side_title: str,
            side: Text, events: Sequence[Event], messages: Sequence[Text | str],
            height: int) -> Layout:
    """The whole screen (``height`` lines): header, board | side over log, messages."""
    width = console.width
    msg_rows = min(MESSAGE_ROWS, max(3, len(messages) + 2))
    root = Layout()
    root.split_column(Layout(header, name="header", size=1), Layout(name="body"),
                      Layout(Panel(side_text(messages[-(msg_rows - 2):]), title="messages",
                                   title_align="left", border_style="dim"),
                             name="messages", size=msg_rows))
    body = root["body"]
    bw = board_width(console, board, width)
    body.split_row(Layout(Panel(board, title="board", title_align="left", border_style="dim"),
                          name="board", size=bw), Layout(name="right"))
    body_h = max(6, height - 1 - msg_rows)
    log_h = max(5, body_h * 2 // 5)
    body["right"].split_column(
        Layout(Panel(side, title=side_title, title_align="left", border_style="cyan"),
               name="side"),
        Layout(Panel(log_text(events, log_h - 2), title="log (rolls indented)",
                     title_align="left", border_style="dim"), name="log", size=log_h))
    return root


def side_rows(console: Console, messages: int) -> int:
    """How many lines of text the side pane holds (for paging the legal actions)."""
    msg_rows = min(MESSAGE_ROWS, max(3, messages + 2))
    body_h = max(6, console.height - 1 - 1 - msg_rows)
    log_h = max(5, body_h * 2 // 5)
    return max(3, body_h - log_h - 2)


def group(*parts: Any) -> Group:
    """A Rich group (re-exported so play.py needs no Rich layout imports)."""
    return Group(*parts)
