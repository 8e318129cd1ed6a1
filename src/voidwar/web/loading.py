"""Games rebuilt from the store: a stored game's start, its actions replayed, its bots made.

The store keeps each game as its record; the server's live copy is always what replaying the
committed rows gives, so a rebuild (a restart, a failed commit, an undo) loses nothing.
"""

from __future__ import annotations

from voidwar.ai import registry as policy_registry
from voidwar.core.dice import ManualDice, ScriptedDice, dice_from_spec
from voidwar.core.errors import DataFileError, DiceError, IllegalAction, UnknownName
from voidwar.core.game import Event, Game
from voidwar.core.registry import load

from .live import Live, ServiceError, is_manual, update_public
from .manual import feed, resume_pending, stored_rolls
from .store import GameRow, Store


def build(row: GameRow, explicit: bool = True) -> Game:
    """The stored game's start. Manual dice: in explicit chance (the set-up rolls from the
    stored values), unless ``explicit`` is False — then inline with every stored roll
    scripted (replaying finished actions)."""
    try:
        if is_manual(row):
            values = stored_rolls(row)
            if not explicit:
                return load(row.ruleset, scenario=row.scenario, dice=ScriptedDice(values),
                            **row.options)
            return load(row.ruleset, scenario=row.scenario,
                        dice=ScriptedDice(values, then=ManualDice()), chance="explicit",
                        **row.options)
        dice = dice_from_spec(row.dice)
        return load(row.ruleset, scenario=row.scenario, dice=dice, **row.options)
    except (UnknownName, DataFileError, DiceError, ValueError, TypeError) as e:
        raise ServiceError(500, f"stored game {row.id} cannot be set up: {e}") from None


def load_live(store: Store, gid: str) -> Live:
    """The stored game ``gid`` in memory: its rows replayed, its bots ready."""
    row = store.get_game(gid)
    if row is None:
        raise ServiceError(404, f"no game {gid!r}")
    game = build(row)
    manual = is_manual(row)
    values = stored_rolls(row) if manual else []
    entries: list[list[Event]] = [list(game.log)]
    seats_of: list[str | None] = []
    public: dict[str | None, int] = {}
    update_public(game, public)
    for i, (seat, text) in enumerate(store.get_actions(gid)):
        try:
            events = game.apply(text)
            if manual:
                events += feed(game, values)
        except (IllegalAction, DiceError) as e:
            raise ServiceError(500, f"stored game {gid} action #{i + 1} {text!r}: {e}") from None
        entries.append(events)
        seats_of.append(seat)
        update_public(game, public)
    if manual:
        resume_pending(game, row, values)
    live = Live(row=row, seats=store.get_seats(gid), game=game, action_seats=seats_of,
                entries=entries, public_upto=public)
    make_policies(live)
    return live


def make_policies(live: Live) -> None:
    """A policy for every bot seat, seeded from the game's dice seed and the seat's place."""
    seed = live.row.dice.get("seed", 0)
    for i, (name, s) in enumerate(sorted(live.seats.items())):
        if s.kind == "bot" and s.policy:
            live.policies[name] = policy_registry.get(
                s.policy, live.row.ruleset, seed=(int(seed) * 7919 + i + 1) % 2**63)
