"""The terminal game loop, for every ruleset: draw, list legal actions, read notation.

Commands at the prompt (besides action notation): ``help``, ``legal [filter]``, ``undo``,
``save FILE``, ``load FILE``, ``log``, ``quit``, and any read-only queries the ruleset adds
(``RulesetInfo.commands``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from ..ai import registry as policy_registry
from ..core.chance import CHANCE, ExplicitChanceGame
from ..core.dice import ManualDice
from ..core.errors import DiceError, IllegalAction, RecordError, VoidwarError
from ..core.game import Game
from ..core.record import load_record_file, replay, replay_explicit, save, undo
from ..core.registry import RulesetInfo, get_ruleset, load

InputFn = Callable[[str], str]

HELP = """[bold]Commands[/bold]
  <action>        an action in notation (see `legal`); e.g. [cyan]{example}[/cyan]
  legal [text]    list the legal actions (only those containing text)
  undo            take back the last action (and its rolls)
  save FILE       save the game as a record (JSON)
  load FILE       load a saved record
  log             the whole roll and event log
  quit            leave (save first if you want to come back)"""


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
                 read: InputFn, manual: bool = False) -> None:
        self.game = game
        self.info = info
        self.bots = bots
        self.console = console
        self.read = read
        self.manual = manual or isinstance(game, ExplicitChanceGame)

    @property
    def rules_game(self) -> Game:
        """The ruleset's own game object (renderers and queries read it)."""
        g = self.game
        return g.inner if isinstance(g, ExplicitChanceGame) else g

    def draw(self) -> None:
        """Draw the game (the ruleset's renderer, else its JSON view)."""
        if self.info.render is not None:
            self.console.print(self.info.render(self.rules_game))
        else:
            self.console.print_json(data=self.game.view(None))

    def run(self) -> int:
        """The prompt loop until the game ends or the person quits; the exit status."""
        while True:
            self.draw()
            if self.game.over:
                r = self.game.result
                assert r is not None
                level = f" — {r.level}" if r.level else ""
                self.console.print(f"[bold]Game over:[/bold] {r.outcome}{level}; scores "
                                   f"{json.dumps(r.scores)}")
                return 0
            seat = self.game.to_act
            assert seat is not None
            if seat == CHANCE:
                line = self._read_roll()
                if line is None:
                    return 0
                if line and self._command(line):
                    return 0
                continue
            if seat in self.bots:
                action = self.bots[seat].choose(self.game)
                self.console.print(f"[dim]{seat} ({self.bots[seat].name}):[/dim] {action}")
                self._apply(str(action))
                continue
            try:
                line = self.read(f"{seat}> ").strip()
            except (EOFError, KeyboardInterrupt):
                self.console.print("\nbye")
                return 0
            if not line:
                continue
            if self._command(line):
                return 0

    def _read_roll(self) -> str | None:
        """Manual dice: the game waits for a die (explicit chance); a bare number is a roll."""
        pending = self.game.pending_roll
        prompt = (f"roll a d{pending.sides} for {pending.purpose}> " if pending is not None
                  else "chance> ")
        try:
            line = self.read(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            self.console.print("\nbye")
            return None
        return f"roll {line}" if line.isdigit() else line

    def _apply(self, text: str) -> None:
        try:
            events = self.game.apply(text)
        except IllegalAction as e:
            rule = f" ({e.rule})" if e.rule else ""
            self.console.print(f"[red]Illegal:[/red] {e.reason}{rule}")
            return
        except DiceError as e:
            self.console.print(f"[red]Dice:[/red] {e}; nothing changed")
            return
        for ev in events:
            style = "dim" if ev.kind == "roll" else ""
            self.console.print(f"  {ev.text}", style=style)

    def _command(self, line: str) -> bool:
        """Handle one line; True means quit."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("quit", "exit", "q"):
            return True
        if word in ("help", "?"):
            legal = self.game.legal_notations()
            self.console.print(HELP.format(example=legal[0] if legal else "…"))
            for name in self.info.commands:
                self.console.print(f"  {name} …        (query: {self.info.name})")
            return False
        if word == "legal":
            shown = [a for a in self.game.legal_notations() if rest.lower() in a.lower()]
            for a in shown[:200]:
                self.console.print(f"  {a}")
            if len(shown) > 200:
                self.console.print(f"  … and {len(shown) - 200} more (narrow with `legal TEXT`)")
            return False
        if word == "log":
            for ev in self.game.log:
                self.console.print(f"  {ev.text}")
            return False
        if word == "undo":
            try:
                self.game, what = self._undone()
                self.console.print(f"[yellow]{what}[/yellow]")
            except (IllegalAction, RecordError) as e:
                self.console.print(f"[red]{e}[/red]")
            return False
        if word == "save" and rest:
            save(self.game, rest)
            self.console.print(f"saved to {rest}")
            if self.game.pending_roll is not None:
                self.console.print("[yellow]the action waiting for its roll is not saved[/yellow]")
            return False
        if word == "load" and rest:
            try:
                self.game = self._loaded(load_record_file(rest))
                self.console.print(f"loaded {rest}")
            except VoidwarError as e:
                self.console.print(f"[red]{e}[/red]")
            return False
        if word in self.info.commands:
            try:
                self.console.print(self.info.commands[word](self.rules_game, rest))
            except (VoidwarError, ValueError) as e:
                self.console.print(f"[red]{e}[/red]")
            return False
        self._apply(line)
        return False


    def _undone(self) -> tuple[Game, str]:
        """Take back the last action and its rolls; with a roll pending, the action that
        waits for it."""
        g = self.game
        if isinstance(g, ExplicitChanceGame):
            if g.pending_roll is not None:
                return (replay_explicit(g.record(), upto=len(g.actions)),
                        f"took back {g.pending_roll.action} (it was waiting for a roll)")
            if not g.actions:
                raise IllegalAction("nothing to undo (0 actions so far)")
            return replay_explicit(g.record(), upto=len(g.actions) - 1), "took back the last action"
        return undo(g), "took back the last action"

    def _loaded(self, rec: dict[str, Any]) -> Game:
        return load_game_record(rec, self.manual)


def load_game_record(rec: dict[str, Any], manual: bool) -> Game:
    """A saved game: a manual-dice record goes on in explicit chance (the terminal asks for
    each roll); others replay inline."""
    kind = rec.get("dice", {}).get("kind")
    if kind == "manual" or (manual and kind == "scripted"):
        return replay_explicit(rec)
    return replay(rec)


def start_game(ruleset: str, scenario: str | None, seed: int | None, dice: Any,
               options: dict[str, Any], load_file: Path | None) -> Game:
    """A new game, or a saved one. Manual dice play in explicit chance: rolls made while the
    game is set up are asked inline; every later roll is the chance seat's move."""
    manual = isinstance(dice, ManualDice)
    if load_file is not None:
        return load_game_record(load_record_file(load_file), manual)
    if manual:
        return load(ruleset, scenario, seed=seed, dice=dice, chance="explicit", **options)
    return load(ruleset, scenario, seed=seed, dice=dice, **options)


def run_terminal(ruleset: str, scenario: str | None = None, seed: int | None = None,
                 dice: str | None = None, options: dict[str, Any] | None = None,
                 vs: str | None = None, auto: str | None = None, load_file: Path | None = None,
                 console: Console | None = None, read: InputFn | None = None) -> int:
    """Play a game at the terminal (``voidwar play``); returns the exit status."""
    console = console or Console()
    info = get_ruleset(ruleset)
    read = read or console.input
    # manual dice need their asker before the game is built: some rulesets roll during set-up
    dice_source: Any = ManualDice(DiceAsker(console, read)) if dice == "manual" else dice
    game = start_game(info.name, scenario, seed, dice_source, options or {}, load_file)
    bots: dict[str, Any] = {}
    base = 0 if seed is None else seed
    if auto:
        bots = {s: policy_registry.get(auto, info.name, base + k)
                for k, s in enumerate(game.seats)}
    elif vs:
        bots = {s: policy_registry.get(vs, info.name, base + k)
                for k, s in enumerate(game.seats) if k > 0}
    session = TerminalSession(game, info, bots, console, read, manual=(dice == "manual"))
    if isinstance(game, ExplicitChanceGame):
        game.inner.dice.manual = True  # type: ignore[attr-defined]
    return session.run()
