"""The terminal game loop, for every ruleset: draw, list (numbered) legal actions, read notation.

Commands at the prompt (besides actions, their numbers and short forms): ``help``,
``legal [text]``, ``more``, ``undo``, ``save [FILE]``, ``load FILE``, ``log``, ``board``,
``quit``, and the read-only queries the ruleset adds (``RulesetInfo.commands``). On a terminal
the screen holds still (:mod:`.screen`) and the prompt is prompt_toolkit's (:mod:`.prompt`);
piped or scripted, the same session prints line by line. See docs/terminal.md.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..core.chance import CHANCE, ExplicitChanceGame
from ..core.errors import DiceError, IllegalAction, RecordError, VoidwarError
from ..core.game import Event, Game
from ..core.notation import NotationError
from ..core.registry import RulesetInfo
from . import screen as scr
from .entry import hint, resolve
from .history import load_game_record, take_back
from .listing import page_lines
from .saves import (
    Autosave,
    BotSeats,
    SaveProblem,
    bots_in_words,
    default_save_name,
    make_bots,
    read_record,
    save_game,
    saved_bots,
)
from .words import help_lines, result_line

InputFn = Callable[[str], str]

class DiceAsker:
    """Asks the person at the terminal for a die result (manual dice while the game is set
    up; after that, manual dice are explicit chance: the prompt is the chance seat's)."""

    def __init__(self, console: Console, read: InputFn) -> None:
        self.console = console
        self.read = read

    def __call__(self, sides: int, purpose: str) -> int:
        """Prompt until the person types a result from 1 to ``sides``."""
        while True:
            text = self.read(f"roll a d{sides} for {purpose}: ").strip()
            if text.isdigit() and 1 <= int(text) <= sides:
                return int(text)
            self.console.print(f"[red]a d{sides} shows 1..{sides}, not {text!r}[/red]")


class TerminalSession:
    """One game at the terminal: who is human, who is a bot, and the loop."""

    def __init__(self, game: Game, info: RulesetInfo, bots: dict[str, Any], console: Console,
                 read: InputFn, manual: bool = False, screen: bool = False,
                 autosave: Autosave | None = None, bot_seats: BotSeats | None = None,
                 full_screen: Callable[[TerminalSession], int] | None = None) -> None:
        self.game = game
        #: runs the session on the full screen (:func:`.fullscreen.run_screen`, given by the
        #: caller: the screen is built on the session, not the other way round)
        self.full_screen = full_screen
        self.info = info
        self.bots = bots
        #: the seats the computer plays, as saves record them (so a resumed game keeps them)
        self.bot_seats: BotSeats = dict(bot_seats or {})
        self.console = console
        self.read = read
        self.manual = manual or isinstance(game, ExplicitChanceGame)
        self.screen = screen
        self.autosave = autosave
        self.messages: list[Text | str] = []
        #: messages said so far (the pane keeps only the last 50: its redraw goes by this count)
        self.said = 0
        self.side: tuple[str, list[Text | str]] | None = None
        self.filter = ""
        self.page = 0
        self.saved_digest = game.digest()
        self.last_file: Path | None = None
        self._legal: tuple[Hashable, list[str]] | None = None
        self.over_shown = False
        self.question: tuple[str, Callable[[str | None], bool]] | None = None
        self.farewell: list[str] = []
        #: lines the side pane holds (the full screen sets it; line mode prints every line)
        self.side_rows: Callable[[], int] = lambda: 10**6
        self.side_offset = 0

    # -- output ----------------------------------------------------------------------------
    @property
    def rules_game(self) -> Game:
        """The ruleset's own game object (renderers and queries read it)."""
        g = self.game
        return g.inner if isinstance(g, ExplicitChanceGame) else g

    def out(self, text: str | Text, style: str = "") -> None:
        """One message: printed at once (line mode) or into the messages pane (screen)."""
        t = text if isinstance(text, Text) else Text(text, style=style)
        if self.screen:
            self.messages.append(t)
            del self.messages[:-50]
            self.said += 1
        else:
            self.console.print(t)

    def show(self, title: str, lines: list[Text | str]) -> None:
        """Help, a list or a query's answer: the side pane (screen) or printed (line mode)."""
        if self.screen:
            self.side, self.side_offset = (title, lines), 0
        else:
            for ln in lines:
                self.console.print(ln)

    def legal(self) -> list[str]:
        """The legal notations now (cached until the game changes)."""
        g = self.game
        pending = g.pending_roll
        # an action waiting for real dice changes neither the log nor the actions: the seat to
        # act and the rolls entered so far do
        key = (id(g), len(g.log), len(g.actions), g.to_act,
               len(pending.known) if pending is not None else -1)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, [] if g.over else g.legal_notations())
        return self._legal[1]

    def numbered(self) -> list[str]:
        """The numbered list: the legal actions containing the filter."""
        f = self.filter.lower()
        return [a for a in self.legal() if f in a.lower()]

    def draw(self) -> None:
        """Line mode: the board (the full screen draws its panes itself)."""
        if not self.screen:
            self.console.print(scr.draw_board(self.info, self.rules_game))

    def header(self) -> Text:
        """The screen's first line: the game, who is to act, the count of actions."""
        g = self.game
        who = "game over" if g.over else f"to act: {g.to_act}"
        n = len(g.actions)
        parts = [self.info.title, g.scenario or "", who, f"{n} action{'' if n == 1 else 's'}"]
        t = Text(" " + " · ".join(p for p in parts if p), style="bold reverse")
        if g.notes():
            t.append("  · notes: see help", style="yellow reverse")
        return t

    def _notes(self) -> list[Text | str]:
        return [Text("Note: " + n, style="yellow") for n in self.rules_game.notes()]

    def actions_pane(self, rows: int, width: int | None = None) -> tuple[str, list[Text | str]]:
        """The side pane's numbered legal actions in ``rows`` lines of ``width`` characters
        (the notes before the first action)."""
        notes = self._notes() if not self.game.actions else []
        return self._page(max(3, rows - 2 * len(notes)), notes, width)

    def _page(self, rows: int, head: list[Text | str], width: int | None = None
              ) -> tuple[str, list[Text | str]]:
        """One page of the numbered legal list (:mod:`.listing`)."""
        shown = self.numbered()
        if self.game.over:
            return "game over", [*head, result_line(self.game), "",
                                 "save FILE · log · undo · quit"]
        lines, self.page, _ = page_lines(shown, rows, self.page, width)
        what = f" containing {self.filter!r}" if self.filter else ""
        return f"legal actions{what}: {len(shown)} — type a number", [*head, *lines]

    # -- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        """The prompt loop until the person quits; the exit status (130 after Ctrl-C)."""
        try:
            if self.screen and self.full_screen is not None:
                return self.full_screen(self)
            return self._loop()
        except KeyboardInterrupt:
            where = (f"the game is autosaved in {self.autosave.current}; `voidwar play "
                     f"{self.info.name}` offers it again" if self.autosave and self.game.actions
                     else "nothing to save")
            self.farewell.append(f"\ninterrupted: {where}")
            return 130
        finally:
            for line in self.farewell:
                self.console.print(line)
            self.farewell.clear()

    def say_last(self, text: str) -> None:
        """A line for the normal screen, as the program ends (after the full screen closes)."""
        if self.screen:
            self.farewell.append(text)
        else:
            self.console.print(text)

    def bot_to_act(self) -> bool:
        """Whether a policy plays the seat to act now."""
        return not self.game.over and self.game.to_act in self.bots

    def bot_step(self) -> bool:
        """One bot move if a bot is to act (its action shown as a message); then the game's
        end, once."""
        seat = self.game.to_act
        if seat is not None and self.bot_to_act():
            self.bot_played(seat, self.bots[seat].choose(self.game))
            return True
        self.show_end()
        return False

    def bot_played(self, seat: str, action: object) -> None:
        """Play a bot's chosen action (shown as a message), then the game's end, once."""
        self.out(Text(f"{seat} ({self.bots[seat].name}): {action}", style="dim"))
        self._apply(str(action))
        self.show_end()

    def show_end(self) -> None:
        """The result line, once, when the game is over."""
        if self.game.over and not self.over_shown:
            self.over_shown = True
            self.out(result_line(self.game), "bold")

    def _loop(self) -> int:
        for n in self._notes():
            self.console.print(n)
        while True:
            while self.bot_step():
                pass
            self.draw()
            try:
                line = self.read(self.prompt_text()).strip()
            except EOFError:
                line = "quit"
            if self.handle(line):
                return 0

    def prompt_text(self) -> str:
        """The prompt: a pending question, ``game over>``, the roll asked for, or the seat."""
        if self.question is not None:
            return self.question[0]
        if self.game.over:
            return "game over> "
        if self.game.to_act == CHANCE:
            pending = self.game.pending_roll
            return f"roll a d{pending.sides} for {pending.purpose}> " if pending else "chance> "
        return f"{self.game.to_act}> "

    def handle(self, line: str) -> bool:
        """One line typed at the prompt (an answer to a pending question, a command or an
        action); True means leave."""
        if self.question is not None:
            _, then = self.question
            self.question = None
            return then(line)
        line = line.strip()
        if line.isdigit() and not self.game.over and self.game.to_act == CHANCE:
            line = f"roll {line}"
        return bool(line) and self._command(line)

    def ask(self, prompt: str, then: Callable[[str | None], bool]) -> bool:
        """Ask a question: at once in line mode; on the full screen the next line answers it
        (``None``: the person gave up, Ctrl-C or Ctrl-D)."""
        if self.screen:
            self.question = (prompt, then)
            return False
        try:
            answer: str | None = self.read(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            answer = None
        return then(answer)

    def _apply(self, text: str) -> bool:
        """Play one action; the events (with rolls) as messages; autosave after it."""
        asked = self.game.pending_roll if self.game.to_act == CHANCE else None
        try:
            events = self.game.apply(text)
        except NotationError:
            self.out(Text(f"cannot read {text!r} as an action or a command; "
                          f"{hint(text, self.legal())}", style="red"))
            return False
        except IllegalAction as e:
            rule = f" ({e.rule})" if e.rule else ""
            self.out(Text(f"Illegal: {e.reason}{rule}", style="red"))
            return False
        except DiceError as e:
            self.out(Text(f"Dice: {e}; nothing changed", style="red"))
            return False
        if asked is not None and not events:  # a roll taken; the action waits for more
            self.out(Text(f"    d{asked.sides}={text.split()[-1]} for {asked.purpose} (entered)",
                          style="magenta"))
        self._after_change(events)
        return True

    def _after_change(self, events: list[Event]) -> None:
        self.filter, self.page, self.side = "", 0, None
        for ev in events:
            self.out(Text(("    " if ev.kind == "roll" else "  ") + ev.text,
                          style="magenta" if ev.kind == "roll" else ""))
        if self.autosave is not None:
            problem = self.autosave.write(self.game, self.bot_seats)
            if problem:
                self.out(Text(problem, style="yellow"))

    # -- commands --------------------------------------------------------------------------
    def _command(self, line: str) -> bool:
        """Handle one line; True means leave."""
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        handler = {"quit": self._quit, "exit": self._quit, "q": self._quit,
                   "help": self._help, "?": self._help, "legal": self._legal_cmd,
                   "more": self._more, "log": self._log, "undo": self._undo_cmd,
                   "save": self._save_cmd, "load": self._load_cmd,
                   "board": self._board}.get(word)
        if handler is not None and line not in self.legal():
            return bool(handler(rest))
        if word in self.info.commands:
            try:
                answer = self.info.commands[word](self.rules_game, rest)
                self.show(f"{word} {rest}", [escape(x) for x in answer.splitlines()])
            except (VoidwarError, ValueError) as e:
                self.out(Text(str(e), style="red"))
            return False
        if self.game.over:
            self.out(Text("the game is over: save FILE, log, undo or quit", style="yellow"))
            return False
        full = resolve(line, self.rules_game, self.legal(), self.numbered(),
                       self.info.shortcuts)
        if full == line and " " not in line and line not in self.legal() and any(
                a.split()[0].lower() == line.lower() for a in self.legal()):
            return self._legal_cmd(line)  # a kind of action alone (`fire`): list that kind
        if full != line:
            self.out(Text(f"> {full}", style="cyan"))
        question = self._question_for(line, full)
        if question:
            return self.ask(question, lambda a: self._confirmed(a, full))
        self._apply(full)
        return False

    def _question_for(self, typed: str, full: str) -> str | None:
        """The ruleset's question before a short form it thinks a person may not mean (never
        for the full notation, a number from the list or the end-step key)."""
        if (self.info.confirm is None or typed == full or typed.isdigit() or typed == "."
                or full not in self.legal()):
            return None
        return self.info.confirm(self.rules_game, full)

    def _confirmed(self, answer: str | None, full: str) -> bool:
        if (answer or "").strip().lower() in ("y", "yes"):
            self._apply(full)
        else:
            self.out(Text(f"not played: {full}", style="yellow"))
        return False

    def _help(self, _: str) -> bool:
        self.show("help", [*self._notes(), *help_lines(self.info, self.legal())])
        return False

    def _legal_cmd(self, rest: str) -> bool:
        self.filter, self.page, self.side = rest, 0, None
        shown = self.numbered()
        if not shown:
            self.out(Text(f"no legal action contains {rest!r} ({len(self.legal())} legal "
                          "now; `legal` lists them all)" if rest else
                          "no legal action now", style="yellow"))
            self.filter = ""
        elif not self.screen:
            self._print_page()
        return False

    def _print_page(self) -> None:
        title, lines = self._page(200, [])
        self.console.print(Text(title, style="bold"))
        for ln in lines:
            self.console.print(ln)

    def _more(self, _: str) -> bool:
        """The next page: of the side pane's text (help, log, a query), else of the legal list."""
        return self.scroll(1)

    def scroll(self, pages: int) -> bool:
        """Page the side pane by ``pages`` (negative: back); the legal list wraps round."""
        if self.side is not None and self.screen:
            self.side_offset = max(0, self.side_offset + pages * self.side_rows())
            return False
        self.page += pages
        self.side = None
        if not self.screen:
            self._print_page()
        return False

    def _log(self, _: str) -> bool:
        lines: list[Text | str] = [Text(("  " if e.kind == "roll" else "") + e.text,
                                        style=scr.LOG_STYLE.get(e.kind, ""))
                                   for e in self.game.log]
        self.show("the whole log (latest last; more / PgUp / PgDn scroll)", lines)
        self.side_offset = 10**9  # the latest lines (the pane cuts it to the last page)
        return False

    def _board(self, _: str) -> bool:
        self.side = None
        if not self.screen:
            self.draw()
        return False

    def _undo_cmd(self, _: str) -> bool:
        try:
            self.game, what = take_back(self.game)
            self.over_shown = False
            self.out(Text(what, style="yellow"))
            self._after_change([])
        except (IllegalAction, RecordError) as e:
            self.out(Text(str(e), style="red"))
        return False

    def _save_cmd(self, rest: str) -> bool:
        path = Path(rest) if rest else (self.last_file or default_save_name(self.info.name))
        try:
            p = save_game(self.game, path, self.bot_seats)
        except SaveProblem as e:
            self.out(Text(str(e), style="red"))
            return False
        self.last_file, self.saved_digest = p, self.game.digest()
        self.out(f"saved to {p} (`voidwar replay {p}` or `voidwar play {self.info.name} "
                 f"--load {p}`)")
        if self.game.pending_roll is not None:
            self.out(Text("the action waiting for its roll is not saved", style="yellow"))
        return False

    def _load_cmd(self, rest: str) -> bool:
        if not rest:
            self.out(Text("load needs a file: load FILE", style="yellow"))
            return False
        try:
            rec = read_record(rest, self.info.name)
            self.game = load_game_record(rec, self.manual)
            kept = {s: b for s, b in saved_bots(rec).items() if s in self.game.seats}
            if kept:
                self.bots, self.bot_seats = make_bots(kept, self.info.name), kept
        except (SaveProblem, VoidwarError) as e:
            self.out(Text(str(e), style="red"))
            return False
        self.saved_digest, self.last_file, self.over_shown = self.game.digest(), Path(rest), False
        self.out(f"loaded {rest}" + (f" ({bots_in_words(kept)})" if kept else ""))
        self._after_change([])
        return False

    def _quit(self, _: str) -> bool:
        """Leave; with unsaved actions, ask first (y: save, n: leave, c: stay, or a FILE)."""
        if not self.game.actions or self.game.digest() == self.saved_digest:
            if self.autosave is not None:
                self.autosave.discard()
            self.say_last("bye")
            return True
        name = self.last_file or default_save_name(self.info.name)
        return self.ask(f"save before leaving? y = to {name}, n = leave without saving, "
                        "c = stay, or a file name: ", lambda a: self._quit_answer(a, name))

    def _quit_answer(self, answer: str | None, name: Path) -> bool:
        if answer is None:
            kept = f"; autosaved in {self.autosave.current}" if self.autosave else ""
            self.say_last(f"\nbye{kept}")
            return True
        low = answer.strip().lower()
        if low in ("c", "cancel", ""):
            self.out("staying in the game")
            return False
        if low not in ("n", "no"):
            try:
                p = save_game(self.game, name if low in ("y", "yes") else Path(answer.strip()),
                              self.bot_seats)
            except SaveProblem as e:
                self.out(Text(f"{e}; still in the game", style="red"))
                return False
            self.say_last(f"saved to {p}")
        if self.autosave is not None:
            self.autosave.discard()
        self.say_last("bye")
        return True
