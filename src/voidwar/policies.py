"""Policy lookup: ``voidwar.policies.get("heuristic", ruleset="antilles", seed=1)``.

Ruleset-specific policies come from the ruleset's registry entry; generic ones (``random`` and
any in :mod:`voidwar.ai`) work on every ruleset.
"""

from __future__ import annotations

from collections.abc import Callable

from .core.errors import UnknownName
from .core.policy import Policy
from .core.registry import get_ruleset

_GENERIC: dict[str, Callable[[int], Policy]] = {}


def register_generic(name: str, factory: Callable[[int], Policy]) -> None:
    _GENERIC[name] = factory


def names(ruleset: str) -> list[str]:
    from . import ai  # noqa: F401  (registers the generic policies)

    return sorted({*get_ruleset(ruleset).policies, *_GENERIC})


def get(name: str, ruleset: str, seed: int = 0) -> Policy:
    from . import ai  # noqa: F401

    info = get_ruleset(ruleset)
    if name in info.policies:
        return info.policies[name](seed)
    if name in _GENERIC:
        return _GENERIC[name](seed)
    raise UnknownName(
        f"unknown policy {name!r} for {info.name} (known: {', '.join(names(ruleset))})"
    )
