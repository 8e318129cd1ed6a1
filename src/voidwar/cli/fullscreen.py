"""The full-screen terminal game: a prompt_toolkit ``Application`` whose panes hold still.

Why prompt_toolkit and not Rich Live or Textual: the prompt already is prompt_toolkit's (history,
Tab completion of the legal actions, line editing, F2), and its full-screen layout keeps that same
input line at the bottom while fixed windows around it are redrawn in place (only the cells that
change are written). Rich still draws every pane (its output parsed as ANSI), so the rulesets'
drawings are the ones line mode prints. Textual would be a second widget toolkit and a new
dependency; Rich Live cannot own an input line.

Panes (docs/terminal.md): header · board | selected piece / side pane (legal actions numbered,
help, log, a query) / log with rolls · messages · prompt. The terminal's title says whose turn it
is and how many actions were played (what a script or a pseudo-terminal test waits for).
"""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl, UIContent, UIControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment, Segments
from rich.style import Style as RichStyle
from rich.text import Text

from . import screen as scr
from .entry import end_action, resolve
from .prompt import COMMANDS, ActionCompleter, history_file

if TYPE_CHECKING:
    from .play import TerminalSession

Lines = list[StyleAndTextTuples]

#: fixed heights (borders included): messages, the selected piece, the log
MESSAGE_ROWS = 6
SELECTED_ROWS = 9
#: the side column is never narrower than this
SIDE_MIN = 44


def rich_lines(renderable: RenderableType, width: int, height: int) -> Lines:
    """``renderable`` drawn by Rich in ``width`` × ``height`` cells, as prompt_toolkit lines."""
    console = Console(file=io.StringIO(), width=max(1, width), height=max(1, height),
                      force_terminal=True, color_system="256", legacy_windows=False,
                      emoji=False, highlight=False)
    with console.capture() as cap:
        console.print(renderable, end="", crop=True)
    return list(split_lines(to_formatted_text(ANSI(cap.get()))))[:height]


class RichControl(UIControl):
    """A pane drawn by Rich at the window's own size, redrawn only when its key changes."""

    def __init__(self, draw: Callable[[int, int], RenderableType],
                 key: Callable[[], Hashable]) -> None:
        self.draw = draw
        self.key = key
        self._cache: tuple[Hashable, Lines] | None = None

    def create_content(self, width: int, height: int) -> UIContent:
        """The pane's lines (cached by its key and size)."""
        k = (self.key(), width, height)
        if self._cache is None or self._cache[0] != k:
            self._cache = (k, rich_lines(self.draw(width, height), width, height))
        lines = self._cache[1]
        return UIContent(get_line=lambda i: lines[i] if i < len(lines) else [],
                         line_count=max(1, len(lines)))

    def is_focusable(self) -> bool:
        """Panes never take the input focus (the prompt has it)."""
        return False


@dataclass
class Geometry:
    """Pane sizes for a terminal of ``cols`` × ``rows``."""

    cols: int
    rows: int
    board_w: int

    @property
    def body(self) -> int:
        """Lines between the header and the messages."""
        return max(8, self.rows - 1 - MESSAGE_ROWS - 1)

    @property
    def log(self) -> int:
        """The log pane's height."""
        return max(4, self.body // 4)

    @property
    def side(self) -> int:
        """The side pane's height (what is left of the column)."""
        return max(4, self.body - SELECTED_ROWS - self.log)


def piece_function(session: TerminalSession) -> Callable[[Any, str], Any] | None:
    """The ruleset's ``piece(game, token)`` drawing of one piece (``RulesetInfo.piece``)."""
    return session.info.piece


class Screen:
    """The panes and the input line of one terminal game."""

    def __init__(self, session: TerminalSession) -> None:
        self.s = session
        self.piece = piece_function(session)
        self._board_w: tuple[Hashable, int] | None = None
        legal = session.legal
        commands = (*COMMANDS, *session.info.commands)
        self.buffer = Buffer(completer=QuestionAware(self, ActionCompleter(legal, commands)),
                             history=history_file(), multiline=False,
                             complete_while_typing=False, accept_handler=self._accept)
        session.side_rows = lambda: self.geometry().side - 2
        self.app: Application[int] = Application(
            layout=Layout(self._layout(), focused_element=self.buffer),
            key_bindings=self._keys(), full_screen=True, mouse_support=False,
            before_render=lambda _app: self._title())
        self._title_now = ""
        #: the bot seat thinking now (in a worker thread), if any
        self.thinking: str | None = None

    # -- sizes -----------------------------------------------------------------------------
    def board_key(self) -> Hashable:
        """What the board drawing depends on."""
        g = self.s.game
        pending = g.pending_roll
        return (id(g), len(g.log), len(g.actions), g.to_act,
                len(pending.known) if pending is not None else -1)

    def geometry(self) -> Geometry:
        """The pane sizes now (the board as wide as its drawing, the side ≥ SIDE_MIN)."""
        size = self.app.output.get_size() if hasattr(self, "app") else None
        cols, rows = (size.columns, size.rows) if size else (200, 50)
        key = (self.board_key(), cols, rows)
        if self._board_w is None or self._board_w[0] != key:
            console = Console(file=io.StringIO(), width=cols, height=rows)
            most = max(30, cols - SIDE_MIN)
            try:
                need = Measurement.get(console, console.options,
                                       self.board(most, Geometry(cols, rows, 0).body)
                                       ).maximum + 4
            except Exception:  # a drawing that cannot say: two thirds of the width
                need = cols * 2 // 3
            self._board_w = (key, max(30, min(need, cols - SIDE_MIN)))
        return Geometry(cols, rows, self._board_w[1])

    # -- panes -----------------------------------------------------------------------------
    def board(self, width: int, height: int) -> RenderableType:
        """The ruleset's drawing (without its own log and notes) for a pane of this size (its
        borders included)."""
        return scr.draw_board(self.s.info, self.s.rules_game, notes=False, height=height - 2,
                              width=width - 4)

    def _board_pane(self, width: int, height: int) -> RenderableType:
        return Panel(self.board(width, height), title="board", title_align="left",
                     border_style="dim", height=height)

    def selected_text(self) -> tuple[str, RenderableType]:
        """The piece named on the input line, else in the first legal action, else the last
        action played: the ruleset's ``piece`` drawing of it."""
        s = self.s
        typed = self.buffer.text.strip()
        texts = []
        if typed and s.question is None:
            texts.append(resolve(typed, s.rules_game, s.legal(), s.numbered(),
                                 s.info.shortcuts))
            texts.append(typed)
        texts += [*s.legal()[:1], *map(str, s.game.actions[-1:]), str(s.game.to_act)]
        if self.piece is not None:
            for text in texts:
                for token in text.replace(",", " ").split():
                    try:
                        drawn = self.piece(s.rules_game, token.upper())
                    except Exception:  # a token the ruleset cannot read is no piece
                        drawn = None
                    if drawn is not None:
                        return token.upper(), drawn
        end = end_action(s.legal())
        return "", Text(f"no piece named; `.` or F2: {end}" if end else "no piece named",
                        style="dim")

    def _selected_pane(self, width: int, height: int) -> RenderableType:
        name, drawn = self.selected_text()
        s, typed = self.s, self.buffer.text.strip()
        if typed and s.question is None:
            full = resolve(typed, s.rules_game, s.legal(), s.numbered(), s.info.shortcuts)
            if full != typed:
                drawn = Group(Text(f"Enter plays: {full}", style="cyan"), drawn)
        return Panel(drawn, title=f"selected {name}".strip(), title_align="left",
                     border_style="green", height=height)

    def _side_pane(self, width: int, height: int) -> RenderableType:
        s = self.s
        rows = height - 2
        if s.side is not None:
            title, lines = s.side
            wrapped = wrapped_lines(scr.side_text(lines), width - 4)
            s.side_offset = min(s.side_offset, max(0, len(wrapped) - rows))
            shown = wrapped[s.side_offset:s.side_offset + rows]
            if s.side_offset + rows < len(wrapped):
                left = len(wrapped) - s.side_offset - rows + 1
                shown = [*shown[:-1], [Segment(f"… {left} more lines: more / PgDn",
                                               RichStyle(dim=True))]]
            return Panel(Segments([seg for ln in shown for seg in (*ln, Segment.line())]),
                         title=title, title_align="left", border_style="cyan", height=height)
        title, lines = s.actions_pane(rows, width - 4)
        return Panel(scr.side_text(lines), title=title, title_align="left", border_style="cyan",
                     height=height)

    def _log_pane(self, width: int, height: int) -> RenderableType:
        text = scr.log_text(self.s.game.log, height - 2)
        text.no_wrap, text.overflow = True, "ellipsis"
        return Panel(text, title="log (rolls indented)", title_align="left",
                     border_style="dim", height=height)

    def _messages_pane(self, width: int, height: int) -> RenderableType:
        msgs = [m if isinstance(m, Text) else Text(m) for m in self.s.messages[-(height - 2):]]
        for m in msgs:
            m.no_wrap, m.overflow = True, "ellipsis"
        return Panel(scr.side_text(msgs), title="messages", title_align="left",
                     border_style="dim", height=height)

    def _state_key(self) -> Hashable:
        s = self.s
        return (self.board_key(), s.said, id(s.side), s.side_offset, s.page, s.filter,
                s.question is not None)

    def _layout(self) -> FloatContainer:
        g = self.geometry

        def pane(draw: Callable[[int, int], RenderableType], key: Callable[[], Hashable],
                 **kw: Any) -> Window:
            return Window(RichControl(draw, key), **kw)

        header = pane(lambda w, h: self.s.header(), self._state_key, height=1)
        right = HSplit([
            pane(self._selected_pane, lambda: (self._state_key(), self.buffer.text),
                 height=SELECTED_ROWS),
            pane(self._side_pane, self._state_key, height=lambda: Dimension.exact(g().side)),
            pane(self._log_pane, self._state_key, height=lambda: Dimension.exact(g().log)),
        ])
        body = VSplit([pane(self._board_pane, self.board_key,
                            width=lambda: Dimension.exact(g().board_w)), right])
        prompt = Window(BufferControl(self.buffer, input_processors=[
            BeforeInput(lambda: self.s.prompt_text(), style="class:prompt bold")]), height=1)
        root = HSplit([header, body, pane(self._messages_pane, self._state_key,
                                          height=MESSAGE_ROWS), prompt])
        menu = Float(xcursor=True, ycursor=True,
                     content=ConditionalContainer(CompletionsMenu(max_height=12), filter=True))
        return FloatContainer(root, floats=[menu])

    # -- input -----------------------------------------------------------------------------
    def _accept(self, buffer: Buffer) -> bool:
        """Enter: the line goes to the session; leave when it says so; then the bots play."""
        s = self.s
        if s.bot_to_act() and s.question is None:
            seat = str(s.game.to_act)
            s.out(Text(f"wait: {seat} ({s.bots[seat].name}) is to act", style="yellow"))
            return False
        if s.handle(buffer.text):
            self.app.exit(result=0)
            return False
        self.app.create_background_task(self.bots())
        return False

    async def bots(self) -> None:
        """The bots' moves, one at a time, the screen redrawn after each. A bot thinks in a
        worker thread (it only reads the game), so the screen answers keys meanwhile; its move
        is played here, on the screen's loop, and typed actions wait for it (``_accept``)."""
        s = self.s
        while (seat := s.game.to_act) is not None and s.bot_to_act():
            self.thinking = seat
            self.app.invalidate()
            try:
                action = await asyncio.to_thread(s.bots[seat].choose, s.game)
            finally:
                self.thinking = None
            s.bot_played(seat, action)
            self.app.invalidate()
            await asyncio.sleep(0.05 if not s.bots.keys() - {s.game.to_act} else 0)
        s.show_end()
        self.app.invalidate()

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("c-c")
        def _interrupt(event: KeyPressEvent) -> None:
            event.app.exit(exception=KeyboardInterrupt())

        @keys.add("c-d")
        def _eof(event: KeyPressEvent) -> None:
            if event.current_buffer.text:
                event.current_buffer.delete()
                return
            if self.s.question is not None:
                self.s.question = None
            event.current_buffer.text = "quit"
            event.current_buffer.validate_and_handle()

        @keys.add("f2")
        def _end_step(event: KeyPressEvent) -> None:
            end = end_action(self.s.legal())
            if end is not None and self.s.question is None:
                event.current_buffer.text = end
                event.current_buffer.validate_and_handle()

        @keys.add("tab")
        def _complete(event: KeyPressEvent) -> None:
            complete_now(event.current_buffer)

        @keys.add("pagedown")
        def _down(event: KeyPressEvent) -> None:
            self.s.scroll(1)

        @keys.add("pageup")
        def _up(event: KeyPressEvent) -> None:
            self.s.scroll(-1)

        return keys

    def _title(self) -> None:
        """The terminal's title: ruleset, the prompt's subject, the count of actions."""
        s = self.s
        who = (s.question[0].split("?")[0] + "?" if s.question else s.prompt_text().rstrip("> "))
        title = f"voidwar {s.info.name} · {who} · {len(s.game.actions)} actions"
        if title != self._title_now:
            self._title_now = title
            self.app.output.set_title(title)


class QuestionAware(Completer):
    """Completes actions and commands, except while a question waits for its answer."""

    def __init__(self, screen: Screen, inner: Completer) -> None:
        self.screen = screen
        self.inner = inner

    def get_completions(self, document: Any, complete_event: Any) -> Any:
        """The inner completer's completions, none during a question."""
        if self.screen.s.question is not None:
            return iter(())
        return self.inner.get_completions(document, complete_event)


def complete_now(buffer: Buffer) -> None:
    """Tab: one completion is inserted at once, several insert what they share (in the order the
    keys came: no completion races the next key), then Tab again opens the menu."""
    if buffer.complete_state is not None:
        buffer.complete_next()
        return
    if buffer.completer is None:
        return
    found = list(buffer.completer.get_completions(
        buffer.document, CompleteEvent(completion_requested=True)))
    if len(found) == 1:
        buffer.apply_completion(found[0])
        return
    texts = [c.text for c in found]
    common = os.path.commonprefix(texts) if texts else ""  # noqa: RUF071 (text, not paths)
    if len(common) > len(buffer.document.text_before_cursor):
        buffer.text, buffer.cursor_position = common, len(common)
    elif found:
        buffer.start_completion(select_first=False)


def wrapped_lines(renderable: RenderableType, width: int) -> list[list[Segment]]:
    """``renderable`` wrapped at ``width``, line by line (to page the side pane)."""
    console = Console(file=io.StringIO(), width=max(1, width), force_terminal=True,
                      color_system="256", highlight=False)
    return console.render_lines(renderable, console.options.update(width=max(1, width)),
                                pad=False)


def run_screen(session: TerminalSession) -> int:
    """Run the full-screen game until the person leaves; the exit status."""
    screen = Screen(session)
    session.screen = True

    def start() -> None:
        screen.app.create_background_task(screen.bots())

    screen.app.pre_run_callables.append(start)
    return screen.app.run()
