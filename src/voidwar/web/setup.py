"""Setting a game up for a client, who is trusted with nothing.

* The **ruleset** and **scenario** are names from the registry's lists — never a path.
* The **options** pass the ruleset's strict schema (``rulesets/<r>/options.py``, through
  :func:`voidwar.core.bounds.check_options`): unknown names, wrong types and values out of range
  (army size, points, fleets, map) are 422 naming the field; data options only inline, bounded.
* The **dice** are the server's: seeded from the operating system's randomness (the seed is
  kept in the store and given only once the game is over), or real dice rolled at the table. A
  client's seed is accepted only where the server allows it (``client_seeds``: tests, local
  play), and every seat is then told the creator chose it.
* The **terms** (:func:`terms`) — the dice, every non-default option, the ruleset's notes — are
  shown to every seat before it joins (the game's summary, the lobby) and kept in the record.
"""

from __future__ import annotations

import logging
import secrets
from functools import lru_cache
from typing import Any

from voidwar.ai import registry as policy_registry
from voidwar.core.bounds import JSON_SAFE_SEED_LIMIT, check_options
from voidwar.core.dice import ScriptedDice
from voidwar.core.errors import DataFileError, DiceError, UnknownName
from voidwar.core.game import Game
from voidwar.core.registry import RulesetInfo, get_ruleset, load

from .live import SEAT_KINDS, ServiceError, hash_token
from .store import GameRow, SeatRow

log = logging.getLogger("voidwar.web")


def ruleset_of(name: str) -> RulesetInfo:
    """The ruleset a client names; 422 otherwise."""
    try:
        return get_ruleset(name)
    except UnknownName as e:
        raise ServiceError(422, f"ruleset: {e}") from None


def check_request(info: RulesetInfo, scenario: str | None, options: dict[str, Any]) -> None:
    """Refuse a scenario that is not one of the ruleset's by name, and options the ruleset's
    schema refuses (422 naming the field)."""
    if scenario is not None:
        known = info.scenarios()
        if scenario not in known:
            raise ServiceError(422, f"scenario: unknown scenario {scenario[:64]!r} of "
                                    f"{info.name} (known: {', '.join(known)})")
    try:
        check_options(info, options, "request")
    except DataFileError as e:
        raise ServiceError(422, f"{e.field}: {e.reason}") from None


def pick_seed(seed: int | None, client_seeds: bool) -> tuple[int, str]:
    """The dice seed and who chose it (``server`` or ``creator``). The server draws below
    2**53 (:data:`~voidwar.core.bounds.JSON_SAFE_SEED_LIMIT`): a page reads it exactly."""
    if seed is None:
        return secrets.randbelow(JSON_SAFE_SEED_LIMIT), "server"
    if not client_seeds:
        raise ServiceError(422, "seed: the server chooses the dice (seeded from its own "
                                "randomness) or you play with real dice (dice: manual)")
    return seed, "creator"


def set_up(info: RulesetInfo, scenario: str | None, options: dict[str, Any], seed: int,
           dice: str, setup_rolls: list[int] | None) -> Game:
    """A new game of ``info`` as a (checked) request asks for it; a refusal names what is
    wrong."""
    if dice not in ("seeded", "manual"):
        raise ServiceError(422, f"dice must be 'seeded' or 'manual', not {dice[:20]!r}")
    try:
        if dice == "manual":
            setup = ScriptedDice(list(setup_rolls or []))
            game = load(info.name, scenario=scenario, dice=setup, **options)
            if setup.pos < len(setup.values):
                raise ServiceError(422, f"{info.name} rolls {setup.pos} dice while setting "
                                        f"up; {len(setup.values)} set-up rolls were given")
            return game
        return load(info.name, scenario=scenario, seed=seed, **options)
    except ServiceError:
        raise
    except DiceError as e:
        raise ServiceError(422, f"cannot set up {info.name}: {e} (with real dice, send the "
                                "rolls made while setting up as setup_rolls)") from None
    except (UnknownName, DataFileError) as e:
        raise ServiceError(422, f"cannot set up {info.name}: {e}") from None
    except Exception as e:  # the options passed the schema but broke the set-up: still a 422
        log.warning("set-up of %s failed: %r", info.name, e)
        raise ServiceError(422, f"cannot set up {info.name} with these options: "
                                f"{type(e).__name__}") from None


def seat_rows(info: RulesetInfo, game: Game, seat_specs: dict[str, tuple[str, str | None]],
              given: dict[str, str] | None = None) -> tuple[list[SeatRow], dict[str, str]]:
    """The seat rows of a new game, and the secret token of each human seat (``given``: the
    tokens some seats get, an account's derived ones; the others are random)."""
    unknown = sorted(set(seat_specs) - set(game.seats))
    if unknown:
        raise ServiceError(422, f"{info.name} has no seat {', '.join(unknown)} "
                                f"(seats: {', '.join(game.seats)})")
    tokens: dict[str, str] = {}
    rows: list[SeatRow] = []
    known_policies = policy_registry.names(info.name)
    for seat in game.seats:
        kind, policy = seat_specs.get(seat, ("human", None))
        if kind not in SEAT_KINDS:
            raise ServiceError(422, f"seat {seat}: kind must be one of {', '.join(SEAT_KINDS)}")
        if kind == "bot":
            policy = policy or ("heuristic" if "heuristic" in known_policies else "random")
            if policy not in known_policies:
                raise ServiceError(422, f"seat {seat}: unknown policy {policy!r} for "
                                        f"{info.name} (known: {', '.join(known_policies)})")
        else:
            policy = None
        token_hash = None
        if kind == "human":
            tokens[seat] = (given or {}).get(seat) or secrets.token_urlsafe(18)
            token_hash = hash_token(tokens[seat])
        rows.append(SeatRow(seat, kind, policy, token_hash, None))
    return rows, tokens


@lru_cache(maxsize=64)
def _defaults(ruleset: str, scenario: str | None) -> dict[str, Any]:
    """The record options of a game with no options (what "default" means)."""
    try:
        return load(ruleset, scenario=scenario, seed=0).record_options()
    except Exception:  # a scenario that needs options has no defaults to compare with
        return {}


def dice_terms(row: GameRow) -> dict[str, Any]:
    """Who rolls the dice of a game, in words and as data (no seed while it is played)."""
    if row.dice.get("kind") == "manual":
        return {"kind": "manual", "text": "real dice: every roll is entered by a person at "
                                          "the table"}
    if row.seeded_by == "creator":
        return {"kind": "seeded", "chosen_by": "creator",
                "text": "seeded by the creator of the game, who can know every roll "
                        f"(seed {row.dice.get('seed')})", "seed": row.dice.get("seed")}
    return {"kind": "seeded", "chosen_by": "server",
            "text": "rolled by the server (seeded from its own randomness; the seed is "
                    "published with the record once the game is over)"}


def terms(row: GameRow, notes: list[str]) -> dict[str, Any]:
    """What every seat is told before it joins: the dice, every option that differs from the
    ruleset's default for the scenario, and the ruleset's notes on what it plays."""
    defaults = _defaults(row.ruleset, row.scenario)
    changed = {k: v for k, v in row.options.items() if defaults.get(k, _MISSING) != v}
    return {"dice": dice_terms(row), "options": changed, "notes": list(notes)}


_MISSING = object()
