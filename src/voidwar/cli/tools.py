"""The rulesets' own command groups (``voidwar army …``, ``voidwar campaign …``), mounted from
the registry (:attr:`~voidwar.core.registry.RulesetInfo.tools`): the command line names no
ruleset. Each command is built from its function: a parameter annotated with
:class:`~voidwar.core.registry.Doc` is an option (``--name``) or, with ``argument=True``, an
argument; what the function returns is printed; a refusal is ``error: …`` and exit 2."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperGroup

from ..core.errors import VoidwarError
from ..core.registry import Doc, ToolGroup, rulesets

console = Console()
err = Console(stderr=True)


def tool_groups() -> dict[str, ToolGroup]:
    """Every ruleset's command groups by name (the first ruleset to name one keeps it)."""
    out: dict[str, ToolGroup] = {}
    for info in rulesets().values():
        for name, group in info.tools.items():
            out.setdefault(name, group)
    return out


def _parameter(annotation: Any, name: str) -> Any:
    """``annotation`` as Typer reads it: its :class:`Doc` made an option or an argument."""
    if typing.get_origin(annotation) is not Annotated:
        return Annotated[annotation, typer.Option()]
    base, *extras = typing.get_args(annotation)
    doc = next((m for m in extras if isinstance(m, Doc)), None)
    if doc is None:
        return Annotated[base, typer.Option()]
    if doc.argument:
        return Annotated[base, typer.Argument(help=doc.help, show_default=False)]
    return Annotated[base, typer.Option(f"--{name.replace('_', '-')}", help=doc.help)]


def as_command(fn: Callable[..., Any]) -> Callable[..., None]:
    """A Typer command that runs ``fn`` and prints what it returns."""
    hints = typing.get_type_hints(fn, include_extras=True)
    params = [p.replace(annotation=_parameter(hints.get(p.name, str), p.name))
              for p in inspect.signature(fn).parameters.values()]

    def command(**kwargs: Any) -> None:
        try:
            result = fn(**kwargs)
        except VoidwarError as e:
            err.print(f"[red]error:[/red] {e}", highlight=False)
            raise typer.Exit(2) from None
        if result is not None:
            console.print(result, highlight=False)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__doc__ = fn.__doc__
    command.__name__ = getattr(fn, "__name__", "command")
    return command


def group_command(name: str, group: ToolGroup) -> Any:
    """The Click command of one ruleset's group (``voidwar army``)."""
    sub = typer.Typer(name=name, no_args_is_help=True, add_completion=False, help=group.help)
    for command, fn in group.commands.items():
        sub.command(command)(as_command(fn))
    return typer.main.get_command(sub)


class WithRulesetTools(TyperGroup):
    """The ``voidwar`` group: its own commands, then the rulesets' groups — found when asked
    for, so that a command of its own (``voidwar version``) loads no ruleset."""

    def list_commands(self, ctx: Any) -> list[str]:
        """The own commands, then every ruleset's groups."""
        return [*super().list_commands(ctx), *tool_groups()]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """An own command, else the ruleset group called ``cmd_name``."""
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            return cmd
        group = tool_groups().get(cmd_name)
        return None if group is None else group_command(cmd_name, group)
