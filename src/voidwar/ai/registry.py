"""Policy lookup: ``get("heuristic", ruleset="antilles", seed=1)`` (also ``voidwar.policies``).

Ruleset-specific policies come from the ruleset's registry entry; generic ones (``random`` and
the searches of :mod:`voidwar.ai`, registered by the package) work on every ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.chance import CHANCE, ExplicitChanceGame
from ..core.errors import IllegalAction, UnknownName
from ..core.game import Action, Game
from ..core.policy import Policy
from ..core.registry import get_ruleset

#: name → factory of the generic policies: filled when :mod:`voidwar.ai` is imported (under
#: the import lock), each entry stored in one step; read only after
_GENERIC: dict[str, Callable[[int], Policy]] = {}


def register_generic(name: str, factory: Callable[[int], Policy]) -> None:
    """Make ``factory(seed)`` the policy ``name`` of every ruleset (a ruleset's own wins)."""
    _GENERIC[name] = factory


def names(ruleset: str) -> list[str]:
    """The policy names ``ruleset`` knows: its own and the generic ones, sorted."""
    return sorted({*get_ruleset(ruleset).policies, *_GENERIC})


class RulesPolicy:
    """A ruleset's own policy, handed the ruleset's game object also when play runs in
    explicit-chance mode (manual dice): at a player's decision the wrapped game's inner game
    stands at the same position. Everything else is the wrapped policy's."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.name = policy.name

    def choose(self, game: Game) -> Action:
        """The wrapped policy's choice on the rules' own game (never at a pending roll)."""
        if ExplicitChanceGame in type(game).__mro__:  # isinstance, without ABCMeta's hook
            assert isinstance(game, ExplicitChanceGame)
            if game.to_act == CHANCE:
                raise IllegalAction("a roll is pending: the chance seat acts, not a policy")
            game = game.inner
        return self.policy.choose(game)

    def chooser(self, game: Game) -> Callable[[Game], Action]:
        """The ``choose`` to call for every decision of ``game``: the wrapped policy's own
        when ``game`` is the rules' game (no explicit chance), so a batch of games skips
        this wrapper's test per action."""
        if ExplicitChanceGame in type(game).__mro__:
            return self.choose
        return self.policy.choose

    def __getattr__(self, name: str) -> Any:
        if name == "policy" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.policy, name)


def get(name: str, ruleset: str, seed: int = 0) -> Policy:
    """The policy ``name`` for ``ruleset``, seeded with ``seed``; :class:`UnknownName` if none."""
    info = get_ruleset(ruleset)
    if name in info.policies:
        return RulesPolicy(info.policies[name](seed))
    if name in _GENERIC:
        return _GENERIC[name](seed)
    raise UnknownName(
        f"unknown policy {name!r} for {info.name} (known: {', '.join(names(ruleset))})"
    )


__all__ = ["RulesPolicy", "get", "names", "register_generic"]
