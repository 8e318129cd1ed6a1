"""What a ruleset tells a search about its games (DESIGN.md "The next shape").

The rules classes know nothing of bots. A ruleset that wants a better search than uniform random
rollouts gives its :class:`~voidwar.core.registry.RulesetInfo` a ``search=`` object of a
:class:`SearchHooks` subclass (``rulesets/<r>/search.py``); :mod:`voidwar.ai` reads it through
:func:`voidwar.core.registry.search_hooks` and nothing else. Every hook has a neutral default, so a
ruleset without one still searches (uniform rollouts to the end of the game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from .game import Action, Game


class SearchHooks:
    """A ruleset's search hooks; subclass and override what the ruleset can say."""

    #: search settings measured best for the ruleset (``MCTSPolicy`` keywords such as
    #: ``horizon_periods``), applied by the ``mcts-h`` policy (docs/ai.md)
    settings: ClassVar[Mapping[str, Any]] = {}

    def tuning(self, game: Game) -> dict[str, Any]:
        """The search settings for ``game``: :attr:`settings`, unless the best settings depend on
        the game's options (Antilles: its tables)."""
        return dict(self.settings)

    def evaluate(self, game: Game) -> dict[str, float] | None:
        """A static estimate of each seat's value for search cut-offs, or ``None``.

        With several seats: each seat's chance to win, in [0, 1] (a finished game gives what
        :func:`voidwar.ai.values.terminal_values` gives). Solitaire: the expected final score."""
        return None

    def candidates(self, game: Game, legal: list[Action]) -> list[Action]:
        """The actions of ``legal`` a search should weigh first, most promising first, or ``[]``
        for no preference (progressive widening tries them before random ones)."""
        return []

    def score_range(self, game: Game) -> tuple[float, float] | None:
        """The lowest and highest score a solitaire game can end with (the search's value
        scale), or ``None`` when the ruleset gives none."""
        return None


#: the hooks of a ruleset that declares none
NO_SEARCH_HOOKS = SearchHooks()
