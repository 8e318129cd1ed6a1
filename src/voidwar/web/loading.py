"""Games rebuilt from the store: a stored game's start, its actions replayed, its bots made.

The store keeps each game as its record and is the single source of truth; a process's live
copy is a cache of it, always what replaying the committed rows gives, so a rebuild (a restart,
a failed commit, an undo) loses nothing. :func:`catch_up` brings a cached copy level with the
store (another process may have changed the game): only the new rows when the history was
merely extended, a full rebuild when it was rewritten (an undo) or real dice are involved.
"""

from __future__ import annotations

from voidwar.ai import registry as policy_registry
from voidwar.core.dice import ManualDice, ScriptedDice, derive_seed, dice_from_spec
from voidwar.core.errors import DiceError, IllegalAction
from voidwar.core.game import Event, Game
from voidwar.core.policy import Policy
from voidwar.core.registry import load

from .live import Live, Reveal, ServiceError, is_manual
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
    except Exception as e:  # a stored game that no longer sets up is refused, not a crash
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
    reveal = Reveal()
    reveal.advance(game)
    rows = store.get_actions(gid)
    for i, (seat, text) in enumerate(rows):
        entries.append(_replay_one(game, gid, i, text, values if manual else None))
        seats_of.append(seat)
        reveal.advance(game)
    if manual:
        resume_pending(game, row, values)
    row.n_actions = len(rows)
    live = Live(row=row, seats=store.get_seats(gid), game=game, action_seats=seats_of,
                entries=entries, reveal=reveal, version=row.version)
    return live


def _replay_one(game: Game, gid: str, i: int, text: str, values: list[int] | None
                ) -> list[Event]:
    """Apply stored action ``i`` (and, with real dice, the rolls stored for it)."""
    try:
        events = game.apply(text)
        if values is not None:
            events += feed(game, values)
    except (IllegalAction, DiceError) as e:
        raise ServiceError(500, f"stored game {gid} action #{i + 1} {text!r}: {e}") from None
    return events


def catch_up(store: Store, live: Live) -> list[int] | None:
    """Bring the cached ``live`` level with the store (the caller holds its lock). Returns
    the indices of the actions it added, or None when it rebuilt the game (or nothing
    changed and the list is empty)."""
    head = store.head(live.id)
    if head is None:
        raise ServiceError(404, f"no game {live.id!r}")
    version, generation, n = head
    if version == live.version:
        return []
    have = len(live.action_seats)
    if is_manual(live.row) or generation != live.row.generation or n < have:
        live.replace(load_live(store, live.id))
        return None
    row = store.get_game(live.id)
    if row is None:
        raise ServiceError(404, f"no game {live.id!r}")
    added: list[int] = []
    for i, (seat, text) in enumerate(store.get_actions(live.id, since=have), have):
        live.entries.append(_replay_one(live.game, live.id, i, text, None))
        live.action_seats.append(seat)
        live.reveal.advance(live.game)
        added.append(i)
    if row.n_actions != len(live.action_seats):  # changed again meanwhile: start afresh
        live.replace(load_live(store, live.id))
        return None
    live.row, live.seats, live.version = row, store.get_seats(live.id), row.version
    return added


def policy_for(live: Live, seat: str) -> Policy | None:
    """A fresh policy for bot ``seat``, seeded from the game's seed, the seat's place and the
    position (any process computes the same move for the same position)."""
    s = live.seats.get(seat)
    if s is None or s.kind != "bot" or not s.policy:
        return None
    seed = int(live.row.dice.get("seed", 0))
    place = sorted(live.seats).index(seat) + 1
    return policy_registry.get(s.policy, live.row.ruleset,
                               seed=derive_seed(seed, place, len(live.action_seats)))
