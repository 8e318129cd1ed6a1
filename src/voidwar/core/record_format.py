"""The record envelope (DESIGN.md "Records"): what a record holds and its checksum.

:mod:`.record` checks and replays records; this module only writes them, so the Game protocol
can make its own record without importing the registry.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from .canonical import canonical_json
from .version import __version__

if TYPE_CHECKING:
    from .game import Game

FORMAT = "voidwar-record"
FORMAT_VERSION = 1
_KEYS = ("format", "format_version", "engine", "ruleset", "rules_version", "scenario", "options",
         "dice", "actions", "final")


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def make_record(game: Game) -> dict[str, Any]:
    """``game`` as a record, with its checksum."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine": __version__,
        "ruleset": game.ruleset,
        "rules_version": game.rules_version,
        "scenario": game.scenario,
        "options": game.record_options(),
        "dice": game.dice.spec(),
        "actions": list(game.actions),
        "final": game.digest(),
    }
    return {**body, "checksum": _checksum(body)}
