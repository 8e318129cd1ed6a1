"""One registry: ruleset name → its game class, scenarios, policies, search hooks and renderer.

A ruleset is any importable package that exposes a :class:`RulesetInfo` and names it in the
``voidwar.rulesets`` entry-point group (``antilles = "voidwar.rulesets.antilles:RULESET"`` in
``pyproject.toml``), so a ruleset can ship as a package of its own. Core imports no ruleset: it
loads each entry point when its name is first asked for. :func:`register` adds one by hand
(tests, scripts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .bounds import admit
from .chance import load_explicit
from .dice import Dice, make_dice
from .errors import UnknownName
from .search import NO_SEARCH_HOOKS, SearchHooks

if TYPE_CHECKING:
    from .board import BoardView
    from .game import Game
    from .policy import Policy


PolicyFactory = Callable[[int], "Policy"]


@dataclass(frozen=True)
class Doc:
    """The help of a tool's parameter (``Annotated[int, Doc("the points allowance")]``);
    ``argument``: given by its place on the command line, not as ``--name``."""

    help: str
    argument: bool = False


@dataclass(frozen=True)
class ToolGroup:
    """A command group a ruleset adds to ``voidwar`` (``voidwar army new …``): its help and its
    commands, each a function whose typed keyword parameters (with :class:`Doc`) are the
    command's arguments and options; what it returns (text, or a Rich renderable) is printed,
    and a :class:`~voidwar.core.errors.VoidwarError` it raises is the command's refusal."""

    help: str
    commands: dict[str, Callable[..., Any]]


@dataclass(frozen=True)
class Assistant:
    """A ruleset's table assistant: figures for players of a game on the physical board (the
    terminal's ``voidwar assist``, the page's ``/assist/…``), computed by the rules the engine
    plays with. ``answer(request)`` takes a validated ``request`` and returns ``answer_model``
    values; it raises one of ``refusals`` (with the reason) for an entry the rules cannot read."""

    #: the ships (or pieces) entered, as a strict pydantic model
    request: type[Any]
    answer: Callable[[Any], list[Any]]
    #: one figure of the answer, as a pydantic model
    answer_model: type[Any]
    refusals: tuple[type[Exception], ...] = (ValueError,)
    #: the answer as said across the table, one line each (None: none shorter than the answer)
    brief: Callable[[Any], list[str]] | None = None
    #: a request's validation error in words: which entry, and why
    entry_error: Callable[[Any], str] | None = None


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
    #: the options as a strict pydantic model (``rulesets/<r>/options.py``): what a server
    #: or a record may give — inline data only, bounded work (core.record.check_options)
    options_model: type[Any] | None = None
    #: what the ruleset tells a search (evaluation, candidates, tuning, score range)
    search: SearchHooks = NO_SEARCH_HOOKS
    #: the golden playthroughs: file name → a function that writes its text (``voidwar dev
    #: golden`` regenerates them; the ruleset's tests diff them)
    goldens: Callable[[], dict[str, Callable[[], str]]] | None = None
    #: developer commands (``voidwar dev RULESET NAME``): name → a function whose typed
    #: keyword parameters become the command's options (Typer)
    dev_commands: dict[str, Callable[..., Any]] = field(default_factory=dict)
    #: the board a page draws: (game, seat) → :class:`~voidwar.core.board.BoardView`, built
    #: from the same state as ``game.view(seat)`` and never showing more (``None``: the page
    #: offers the legal actions as a list)
    board: Callable[[Game, str | None], BoardView] | None = None
    #: short forms typed at the terminal: fn(game, text) → the full notation text, or ``None``
    #: when ``text`` is no short form of this ruleset (Antilles: ``f 2 ant`` → ``fire P2 at
    #: platform``); the terminal tries the full notation first, then this (docs/terminal.md)
    shortcuts: Callable[[Game, str], str | None] | None = None
    #: the inverse of ``shortcuts``: fn(game, action text) → its shortest short form, or ``None``
    #: (``voidwar dev keystrokes`` counts what a player types)
    shorten: Callable[[Game, str], str | None] | None = None
    #: the terminal's selected-piece pane: fn(game, piece token) → a Rich renderable, or ``None``
    #: when ``token`` names no piece
    piece: Callable[[Game, str], Any] | None = None
    #: the table assistant for a game on the physical board (None: the ruleset has none)
    assistant: Assistant | None = None
    #: the ruleset's own command groups of ``voidwar`` by name (Astral Dreams: ``army``,
    #: ``campaign``); the command line mounts them (:class:`ToolGroup`)
    tools: dict[str, ToolGroup] = field(default_factory=dict)
    #: a question the terminal asks before it plays a short form a person may not mean:
    #: fn(game, action text) → the question, or ``None`` to play it at once (Space Fleet: ``e
    #: dd1`` ending the move of a ship that has not moved)
    confirm: Callable[[Game, str], str | None] | None = None

    @property
    def data_folder(self) -> Path:
        """The folder of the ruleset's data files (``<package>/data``): tables, scenarios and
        what tools built for it (the interop action catalogue, ``catalogue.json``)."""
        package = self.game_class.__module__.rpartition(".")[0]
        return Path(str(resources.files(package))) / "data"


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


#: the entry-point group a ruleset package names its :class:`RulesetInfo` in
ENTRY_POINT_GROUP = "voidwar.rulesets"

#: name → ruleset, filled as rulesets are first asked for (possibly by several threads of a
#: server at once): each entry is stored in one step, and readers walk a copy of the values
#: taken in one step (``tuple``), never the dict while another thread may add to it
_REGISTRY: dict[str, RulesetInfo] = {}


def register(info: RulesetInfo) -> RulesetInfo:
    """Add (or replace) a ruleset by hand; installed rulesets come from entry points."""
    _REGISTRY[info.name] = info
    return info


def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _load_entry_point(ep: EntryPoint) -> RulesetInfo:
    info = ep.load()
    if not isinstance(info, RulesetInfo):
        raise UnknownName(f"entry point {ep.name!r} ({ep.value}) is not a RulesetInfo")
    return register(info)


def rulesets() -> dict[str, RulesetInfo]:
    """Every registered ruleset by name (loads every installed one)."""
    for name, ep in _entry_points().items():
        if name not in _REGISTRY:
            _load_entry_point(ep)
    return dict(sorted(_REGISTRY.items()))


def _match(key: str) -> RulesetInfo | None:
    for info in tuple(_REGISTRY.values()):
        if key == info.name or key in info.aliases:
            return info
    return None


def get_ruleset(name: str) -> RulesetInfo:
    """The ruleset called ``name`` (or one of its aliases); loads only that one when it can."""
    key = name.strip().lower().replace("_", "-")
    found = _match(key)
    if found is not None:
        return found
    eps = _entry_points()
    if key in eps:
        return _load_entry_point(eps[key])
    found = _match(key) if len(rulesets()) else None  # an alias: load them all
    if found is not None:
        return found
    known = ", ".join(sorted(_REGISTRY))
    raise UnknownName(f"unknown ruleset {name!r} (known: {known})")


def search_hooks(game: Game) -> SearchHooks:
    """The search hooks of ``game``'s ruleset (neutral ones for an unregistered game)."""
    if not game.ruleset:
        return NO_SEARCH_HOOKS
    try:
        return get_ruleset(game.ruleset).search
    except UnknownName:
        return NO_SEARCH_HOOKS


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
        game = load_explicit(info, scenario, options, make_dice(dice, seed))
        admit(info, game.inner)
        return game
    if chance != "inline":
        raise UnknownName(f"unknown chance mode {chance!r} (use 'inline' or 'explicit')")
    return admit(info, info.factory(make_dice(dice, seed), scenario, options))
