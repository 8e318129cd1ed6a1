"""``voidwar dev …``: developer commands — golden files, action catalogues, each ruleset's own.

* ``voidwar dev golden [RULESET] [--check] [--dir DIR]`` writes each ruleset's golden
  playthroughs (:attr:`RulesetInfo.goldens`: file name → a function giving its text) to
  ``tests/<package>/golden/<file>`` (``DIR/<package>/golden/<file>`` with ``--dir DIR``), where
  ``<package>`` is the ruleset's Python package; ``--check`` writes nothing and fails when a
  file differs. Rulesets without goldens are skipped.
* ``voidwar dev catalogue RULESET [--games N]`` writes the ruleset's shipped action catalogue.
* ``voidwar dev keystrokes [RULESET…] [--turn N]`` counts the keys of one turn at the terminal.
* ``voidwar dev RULESET COMMAND --option value`` runs one of the ruleset's
  :attr:`RulesetInfo.dev_commands`; the function's typed keyword parameters are the options.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup
from typer.models import ParameterInfo

from ..core.errors import UnknownName
from ..core.registry import RulesetInfo, get_ruleset, rulesets


class _DevGroup(TyperGroup):
    """The ``dev`` group: its own commands, then one sub-group per ruleset with dev commands
    (built when asked for, so the rulesets load only when ``voidwar dev`` runs)."""

    def list_commands(self, ctx: Any) -> list[str]:
        """The fixed commands, then the rulesets that have dev commands."""
        own = super().list_commands(ctx)
        return [*own, *(n for n, info in rulesets().items() if info.dev_commands)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """A fixed command, or the sub-group of the ruleset called ``cmd_name``."""
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            return cmd
        try:
            info = get_ruleset(cmd_name)
        except UnknownName:
            return None
        if not info.dev_commands:
            return None
        return typer.main.get_command(ruleset_app(info))


dev_app = typer.Typer(cls=_DevGroup, no_args_is_help=True, add_completion=False,
                      help="Developer commands: golden files, action catalogues, and each "
                           "ruleset's own (voidwar dev RULESET COMMAND).")


# -- golden files --------------------------------------------------------------------------
def package_name(info: RulesetInfo) -> str:
    """The ruleset's Python package name (``space_fleet``), from its game class's module."""
    parts = info.game_class.__module__.split(".")
    if "rulesets" in parts[:-1]:
        return parts[parts.index("rulesets") + 1]
    return parts[-2] if len(parts) > 1 else parts[0]


def golden_dir(info: RulesetInfo, root: Path | None = None) -> Path:
    """Where the ruleset's golden files live: ``<root>/<package>/golden`` (root ``tests``)."""
    return (root if root is not None else Path("tests")) / package_name(info) / "golden"


def sync_goldens(info: RulesetInfo, root: Path | None = None,
                 check: bool = False) -> list[tuple[Path, str]]:
    """Write (or, ``check``, compare) the ruleset's golden files; returns (path, what
    happened) for each: ``wrote``, ``unchanged``, ``differs`` or ``missing``."""
    if info.goldens is None:
        return []
    folder = golden_dir(info, root)
    out: list[tuple[Path, str]] = []
    for name, make in info.goldens().items():
        path = folder / name
        text = make()
        old = path.read_text() if path.is_file() else None
        if old == text:
            out.append((path, "unchanged"))
        elif check:
            out.append((path, "missing" if old is None else "differs"))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            out.append((path, "wrote"))
    return out


@dev_app.command("golden")
def golden(
    ruleset: Annotated[str | None, typer.Argument(help="one ruleset (default: every one)")]
    = None,
    check: Annotated[bool, typer.Option("--check", help="compare only; fail on a difference")]
    = False,
    folder: Annotated[Path | None, typer.Option("--dir", help="root instead of tests/")] = None,
) -> None:
    """Write the golden playthroughs of every ruleset that has some (or check them)."""
    try:
        infos = [get_ruleset(ruleset)] if ruleset else list(rulesets().values())
    except UnknownName as e:
        raise typer.BadParameter(str(e)) from None
    bad = 0
    for info in infos:
        if info.goldens is None:
            typer.echo(f"{info.name}: no golden playthroughs (skipped)")
            continue
        for path, what in sync_goldens(info, folder, check):
            typer.echo(f"{path}: {what}")
            bad += what in ("differs", "missing")
    if bad:
        typer.echo(f"{bad} golden file(s) differ from what the rules write now", err=True)
        raise typer.Exit(1)


# -- action catalogues ---------------------------------------------------------------------
@dev_app.command("catalogue")
def catalogue_command(
    ruleset: Annotated[str, typer.Argument(help="the ruleset")],
    games: Annotated[int, typer.Option(min=1, help="seeded playouts a scenario")] = 20,
    folder: Annotated[Path | None, typer.Option("--dir", help="write here, not in the package")]
    = None,
) -> None:
    """Rebuild the ruleset's shipped action catalogue (its data/catalogue.json)."""
    from ..interop.catalogue import write_catalogue

    try:
        out, cat = write_catalogue(ruleset, games=games, folder=folder)
    except UnknownName as e:
        raise typer.BadParameter(str(e)) from None
    typer.echo(f"{out}: {len(cat.notations)} notations + {cat.overflow} overflow slots")


@dev_app.command("keystrokes")
def keystrokes_command(
    ruleset: Annotated[list[str] | None, typer.Argument(help="rulesets (default: every one)")]
    = None,
    turn: Annotated[int, typer.Option(help="the game turn (round) to count")] = 2,
    seed: Annotated[int, typer.Option(help="seed of the game")] = 1,
    show: Annotated[bool, typer.Option("--show", help="list each line typed")] = False,
) -> None:
    """Count the keys the first seat types for one turn: in full, and with the
    terminal's help (``.``, a number on the first page, short forms, abbreviations)."""
    from .keystrokes import count_turn

    names = ruleset or list(rulesets())
    for name in names:
        k = count_turn(name, turn, seed)
        typer.echo(f"{k.ruleset}: {k.seat}, turn {k.turn}: {k.actions} actions; keys in full "
                   f"{k.full}, with short forms {k.no_numbers}, with numbers too {k.short}")
        if show:
            for typed, action in k.lines:
                typer.echo(f"    {typed:<18} -> {action}")


# -- each ruleset's own --------------------------------------------------------------------
def _option(annotation: Any) -> Any:
    """``annotation`` as a Typer option (kept as it is when it already says how)."""
    if typing.get_origin(annotation) is Annotated and any(
            isinstance(m, ParameterInfo) for m in annotation.__metadata__):
        return annotation
    return Annotated[annotation, typer.Option()]


def as_command(fn: Callable[..., Any]) -> Callable[..., None]:
    """A Typer command running ``fn``: each typed keyword parameter becomes an option (required
    when it has no default); what ``fn`` returns, unless None, is printed."""
    hints = typing.get_type_hints(fn, include_extras=True)
    params = [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY, annotation=_option(hints.get(p.name, str)))
        for p in inspect.signature(fn).parameters.values()
        if p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    ]

    def command(**kwargs: Any) -> None:
        result = fn(**kwargs)
        if result is not None:
            typer.echo(result)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__doc__ = fn.__doc__
    command.__name__ = getattr(fn, "__name__", "command")
    return command


def ruleset_app(info: RulesetInfo) -> typer.Typer:
    """The ``voidwar dev RULESET`` group: one command per entry of ``info.dev_commands``."""
    app = typer.Typer(name=info.name, no_args_is_help=True, add_completion=False,
                      help=f"Developer commands of {info.title}.")

    @app.callback()
    def _group() -> None:
        """Keep a ruleset with a single command a group (``voidwar dev RULESET COMMAND``)."""

    for name, fn in info.dev_commands.items():
        app.command(name)(as_command(fn))
    return app
