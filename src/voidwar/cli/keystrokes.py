"""How many keys a person types for one turn of a game (``voidwar dev keystrokes``).

A policy chooses one turn's actions; for each, the cheapest line the terminal turns into that
same action (:func:`.entry.resolve`, checked, never assumed) is counted, Enter included: ``.``
for the action that ends the step, the number in the legal list, the ruleset's short form
(``shortcuts.shorten``, the inverse of ``expand``), a unique word-prefix abbreviation, or the
full notation. The full notation's count is the baseline the issue measured.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..ai import registry as policy_registry
from ..core.game import Game
from ..core.registry import RulesetInfo, get_ruleset, load
from .entry import end_action, resolve


@dataclass
class TurnKeys:
    """One turn's count: actions, keys typed in full and keys with the terminal's help."""

    ruleset: str
    seat: str
    turn: int
    actions: int = 0
    full: int = 0
    short: int = 0
    no_numbers: int = 0
    lines: list[tuple[str, str]] = field(default_factory=list)


def _shorten_fn(info: RulesetInfo) -> Callable[[Game, str], str | None] | None:
    return info.shorten


def _abbreviation(action: str, legal: list[str]) -> str:
    """The shortest prefixes of the words of ``action`` that fit it alone (word by word)."""
    words = action.split()
    cut = [1] * len(words)
    others = [a.split() for a in legal if a != action and len(a.split()) == len(words)]
    for k, w in enumerate(words):
        while cut[k] < len(w) and any(
                all(o[i].lower().startswith(words[i][:cut[i]].lower())
                    for i in range(k + 1)) for o in others):
            cut[k] += 1
    return " ".join(w[:c] for w, c in zip(words, cut, strict=True))


#: a number is counted only while the action is on the side pane's first page
FIRST_PAGE = 20


def cheapest(game: Game, info: RulesetInfo, action: str, numbers: bool = True) -> str:
    """The shortest line that the terminal plays as ``action`` now (``numbers``: a number from
    the first page of the legal list counts too)."""
    legal = game.legal_notations()
    tries = [action]
    if end_action(legal) == action:
        tries.append(".")
    if numbers and legal.index(action) < FIRST_PAGE:
        tries.append(str(legal.index(action) + 1))
    shorten = _shorten_fn(info)
    if shorten is not None:
        s = shorten(game, action)
        if s:
            tries.append(s)
    tries.append(_abbreviation(action, legal))
    fits = [t for t in tries if resolve(t, game, legal, legal, info.shortcuts) == action]
    return min(fits, key=len)


def _turn(game: Game) -> int:
    g: Any = getattr(game, "inner", game)
    for name in ("round", "turn"):
        value = getattr(g, name, None)
        if isinstance(value, int):
            return value
    return 0


def count_turn(ruleset: str, turn: int = 2, seed: int = 1, policy: str = "heuristic",
               scenario: str | None = None) -> TurnKeys:
    """Keys typed by the first seat over game turn ``turn`` (every seat played by
    ``policy``)."""
    info = get_ruleset(ruleset)
    game = load(info.name, scenario, seed=seed)
    seat = game.seats[0]
    bots = {s: policy_registry.get(policy, info.name, seed + k) for k, s in enumerate(game.seats)}
    out = TurnKeys(info.name, seat, turn)
    while not game.over and _turn(game) <= turn:
        who = game.to_act
        action = str(bots[who].choose(game)) if who in bots else game.legal_notations()[0]
        if who == seat and _turn(game) == turn:
            typed = cheapest(game, info, action)
            out.actions += 1
            out.full += len(action) + 1
            out.short += len(typed) + 1
            out.no_numbers += len(cheapest(game, info, action, numbers=False)) + 1
            out.lines.append((typed, action))
        game.apply(action)
    return out


def report(rulesets: list[str], turn: int = 2, seed: int = 1) -> list[TurnKeys]:
    """The count for each ruleset (its first seat, turn ``turn``)."""
    return [count_turn(r, turn, seed) for r in rulesets]
