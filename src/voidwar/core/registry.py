"""One registry: ruleset name → its game class, scenarios, policies and terminal renderer.

A ruleset is a subpackage of :mod:`voidwar.rulesets` that exposes ``RULESET``
(a :class:`RulesetInfo`). Adding a ruleset means adding that package — nothing else is edited.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .dice import Dice, make_dice
from .errors import UnknownName

if TYPE_CHECKING:
    from .game import Game
    from .policy import Policy


PolicyFactory = Callable[[int], "Policy"]


@dataclass(frozen=True)
class RulesetInfo:
    """What the registry knows of one ruleset."""

    name: str
    title: str
    game_class: type[Game]
    #: builds a game: (dice, scenario, options) → Game; validates options and scenario
    factory: Callable[[Dice, str | None, dict[str, Any]], Game]
    #: scenario name → one-line description
    scenarios: Callable[[], dict[str, str]]
    #: policy name → factory(seed) (ruleset-specific policies; generic ones live in voidwar.ai)
    policies: dict[str, PolicyFactory] = field(default_factory=dict)
    #: a function drawing the game for the terminal (returns a Rich renderable)
    render: Callable[[Game], Any] | None = None
    aliases: tuple[str, ...] = ()
    description: str = ""
    #: extra read-only terminal commands: name → fn(game, argument text) → text to print
    #: (e.g. Astral Dreams' ``dist``/``los`` queries before committing a move)
    commands: dict[str, Callable[[Game, str], str]] = field(default_factory=dict)
    #: balance matchups for ``voidwar balance``: () → list of Matchup
    balance: Callable[[], list[Matchup]] | None = None
    #: named play options the CLI maps from flags (``--tables`` → ``tables``)
    option_help: dict[str, str] = field(default_factory=dict)
    #: options whose text value is a path on the machine running the game (a table or army
    #: file). A server refuses such paths from clients and accepts only inline data.
    file_options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Matchup:
    """One cell of a balance matrix: ``row`` (played by the first seat) against ``col``.

    ``scenario`` and ``options`` are passed to :func:`load`; the report gives the first seat's
    win rate with a confidence interval.
    """

    row: str
    col: str
    scenario: str | None
    options: dict[str, Any] = field(default_factory=dict)


_REGISTRY: dict[str, RulesetInfo] = {}
_discovered = False


def register(info: RulesetInfo) -> RulesetInfo:
    _REGISTRY[info.name] = info
    return info


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    import voidwar.rulesets as pkg

    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if mod.ispkg:
            module = importlib.import_module(f"{pkg.__name__}.{mod.name}")
            info = getattr(module, "RULESET", None)
            if isinstance(info, RulesetInfo):
                register(info)
    _discovered = True


def rulesets() -> dict[str, RulesetInfo]:
    """Every registered ruleset by name."""
    _discover()
    return dict(sorted(_REGISTRY.items()))


def get_ruleset(name: str) -> RulesetInfo:
    _discover()
    key = name.strip().lower().replace("_", "-")
    for info in _REGISTRY.values():
        if key == info.name or key in info.aliases:
            return info
    known = ", ".join(sorted(_REGISTRY))
    raise UnknownName(f"unknown ruleset {name!r} (known: {known})")


def load(
    name: str,
    scenario: str | None = None,
    seed: int | None = None,
    dice: Dice | str | Iterable[int] | None = None,
    chance: str = "inline",
    **options: Any,
) -> Game:
    """Start a game: ``load("antilles", seed=7)``, ``load("space-fleet", "skirmish", dice=[4, 2])``.

    ``dice`` is ``None``/``"seeded"`` (PCG seeded by ``seed``, default 0), ``"manual"``, a list of
    results (scripted), or a :class:`~voidwar.core.dice.Dice`.

    ``chance="explicit"`` pauses the game at every roll after setup (see :mod:`.chance`);
    setup rolls then come from ``dice``. The default ``"inline"`` rolls inside the rules.
    """
    info = get_ruleset(name)
    if chance == "explicit":
        from .chance import load_explicit

        return load_explicit(info, scenario, options, make_dice(dice, seed))
    if chance != "inline":
        raise UnknownName(f"unknown chance mode {chance!r} (use 'inline' or 'explicit')")
    return info.factory(make_dice(dice, seed), scenario, options)
