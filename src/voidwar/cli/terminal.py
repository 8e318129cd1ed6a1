"""Starting a terminal game (``voidwar play``): the opponents, an unfinished autosave offered,
the screen and the prompt chosen for a real terminal, line mode for pipes and scripts."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from ..ai import registry as policy_registry
from ..core.chance import ExplicitChanceGame
from ..core.dice import ManualDice
from ..core.errors import UnknownName
from ..core.game import Game
from ..core.registry import get_ruleset, load
from .history import load_game_record
from .play import DiceAsker, InputFn, TerminalSession
from .prompt import COMMANDS, make_prompt
from .saves import (
    Autosave,
    BotSeats,
    SaveProblem,
    bots_in_words,
    decline,
    make_bots,
    read_record,
    saved_bots,
    unfinished_autosave,
)


def start_game(ruleset: str, scenario: str | None, seed: int | None, dice: Any,
               options: dict[str, Any], load_file: Path | None
               ) -> tuple[Game, dict[str, Any] | None]:
    """A new game, or a saved one (and its record). Manual dice play in explicit chance: rolls
    made while the game is set up are asked inline; every later roll is the chance seat's
    move."""
    manual = isinstance(dice, ManualDice)
    if load_file is not None:
        try:
            rec = read_record(load_file, ruleset)
            return load_game_record(rec, manual), rec
        except SaveProblem as e:
            raise UnknownName(str(e)) from None
    if manual:
        return load(ruleset, scenario, seed=seed, dice=dice, chance="explicit", **options), None
    return load(ruleset, scenario, seed=seed, dice=dice, **options), None


def bot_seats(game: Game, ruleset: str, vs: str | None, auto: str | None,
              seed: int | None) -> BotSeats:
    """The seats the computer plays: ``--auto`` every seat, ``--vs`` every seat but the first;
    ``--vs`` in a game of one seat is refused (there is no one for it to play). Each policy is
    checked to exist."""
    base = 0 if seed is None else seed
    name = auto or vs
    if not name:
        return {}
    if not auto and len(game.seats) < 2:
        raise UnknownName(f"{ruleset} has one seat ({game.seats[0]}): --vs has no seat to "
                          f"play; use --auto {vs} to watch it play")
    policy_registry.get(name, ruleset)
    return {s: {"kind": "bot", "policy": name, "seed": base + k}
            for k, s in enumerate(game.seats) if auto or k > 0}


def choose_bots(game: Game, ruleset: str, vs: str | None, auto: str | None,
                seed: int | None) -> dict[str, Any]:
    """The policies playing seats (:func:`bot_seats`)."""
    return make_bots(bot_seats(game, ruleset, vs, auto, seed), ruleset)


def offer_autosave(ruleset: str, console: Console, read: InputFn,
                   folder: Path | None) -> Path | None:
    """The newest unfinished autosave of ``ruleset``, if the person wants it back."""
    found = unfinished_autosave(ruleset, folder)
    if found is None:
        return None
    path, n, bots = found
    against = f"; {bots_in_words(bots)}" if bots else ""
    try:
        answer = read(f"resume the unfinished {ruleset} game autosaved in {path} ({n} actions"
                      f"{against})? [Y/n] ").strip().lower()
    except (EOFError, KeyboardInterrupt):
        answer = "n"
    if answer in ("", "y", "yes"):
        return path
    console.print(f"set aside as {decline(path)} (still loadable with --load)")
    return None


def is_terminal(console: Console) -> bool:
    """A real terminal on both ends: the screen and prompt_toolkit; else line mode."""
    return console.is_terminal and sys.stdin.isatty()


def run_terminal(ruleset: str, scenario: str | None = None, seed: int | None = None,
                 dice: str | None = None, options: dict[str, Any] | None = None,
                 vs: str | None = None, auto: str | None = None, load_file: Path | None = None,
                 console: Console | None = None, read: InputFn | None = None,
                 autosave: bool = False, autosave_folder: Path | None = None,
                 offer: bool = True, plain: bool = False) -> int:
    """Play a game at the terminal (``voidwar play``); returns the exit status. On a terminal
    the full screen (:mod:`.fullscreen`), or with ``plain`` line by line at prompt_toolkit's
    prompt; piped, line by line from stdin."""
    console = console or Console()
    info = get_ruleset(ruleset)
    tty = read is None and is_terminal(console)
    screen = tty and not plain
    holder: dict[str, TerminalSession] = {}

    def legal() -> list[str]:
        s = holder.get("s")
        return s.legal() if s else []

    commands = (*COMMANDS, *info.commands)
    read = read or (make_prompt(legal, commands) if tty else console.input)
    resumed = None
    if load_file is None and autosave and offer:
        resumed = offer_autosave(info.name, console, read, autosave_folder)
    # manual dice need their asker before the game is built: some rulesets roll during set-up
    dice_source: Any = ManualDice(DiceAsker(console, read)) if dice == "manual" else dice
    game, rec = start_game(info.name, scenario, seed, dice_source, options or {},
                           load_file or resumed)
    seats = bot_seats(game, info.name, vs, auto, seed)
    kept = {} if seats or rec is None else saved_bots(rec)
    seats = seats or {s: b for s, b in kept.items() if s in game.seats}
    save_to = None
    if autosave:
        save_to = Autosave(resumed) if resumed else Autosave.new(info.name, autosave_folder)
    from .fullscreen import run_screen  # the full screen's toolkit loads only when used

    session = TerminalSession(game, info, make_bots(seats, info.name), console, read,
                              manual=(dice == "manual"), screen=screen, autosave=save_to,
                              bot_seats=seats, full_screen=run_screen if screen else None)
    holder["s"] = session
    if resumed is not None:
        session.out(f"resumed {resumed} ({len(game.actions)} actions)")
    if kept:
        session.out(f"{bots_in_words(seats)}, as when the game was saved (--vs or --auto "
                    "choose another)")
    if isinstance(game, ExplicitChanceGame):
        game.inner.dice.manual = True  # type: ignore[attr-defined]
    return session.run()
