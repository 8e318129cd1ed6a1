"""The pieces of :meth:`.game.AttackVectorGame.digest` (issue 18): canonical texts remembered by
the values they are made of, spliced into the encoded rest of the state.

A ship's text is ``canonical_json(ship.to_dict(segment))``; it is remembered under
:func:`ship_key`, every value ``to_dict`` reads (the class, the movement grid and the systems
dict by identity: the class and the grid are read-only data and part 2 replaces the systems dict
whole at every change, never editing it, :class:`.fire.SystemsDict`). A test checks the
remembered texts against a fresh encoding along random games of every scenario.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from voidwar.core.memo import remember

from .fire import SystemsDict
from .sequence import Target
from .state import ShipState

#: canonical_json's encoder, built once (the same settings: sorted keys, no spaces, ASCII)
ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode
#: stand-ins for the ships' and the targets' texts in the rest of the state, and for a systems
#: dict's text in a ship's (private-use characters, escaped in the text)
SHIPS_TOKEN = "\ue000voidwar-ships\ue001"
TARGETS_TOKEN = "\ue000voidwar-targets\ue001"
SYSTEMS_TOKEN = "\ue000voidwar-systems\ue001"
SHIPS_TEXT = ENCODE(SHIPS_TOKEN)
TARGETS_TEXT = ENCODE(TARGETS_TOKEN)
SYSTEMS_TEXT = ENCODE(SYSTEMS_TOKEN)

#: Texts shared by every game of the process, in every thread: remembered (core/memo.py), each
#: keyed by the values its text reads (immutable: ints, strings, tuples of them) and stored
#: whole in one step.
#: the rest of the state's text, split at the ships and the targets, by the game's values
_HEADS: dict[tuple[Any, ...], tuple[str, str, str] | None] = {}
#: ship_key → (``"id":text``, the class): the class is unhashable, so the key holds its name
#: and a hit must be the very class the text was written for
_SHIPS: dict[tuple[Any, ...], tuple[str, object]] = {}
_TARGETS: dict[tuple[Any, ...], str] = {}
_LIMIT = 50_000


def _keep(table: dict[Any, Any], key: Any, value: Any) -> None:
    remember(table, key, value, _LIMIT)


def head_parts(key: tuple[Any, ...], head: Callable[[], dict[str, Any]]
               ) -> tuple[str, str, str] | None:
    """The text of ``head()`` (the state but its ships and targets) with the ships' and targets'
    places cut out — (before, between, after) — remembered under ``key`` (every value
    ``head()`` reads); ``None`` when a stand-in's text occurs elsewhere in it."""
    try:
        return _HEADS[key]
    except KeyError:
        pass
    d = head()
    d["ships"] = SHIPS_TOKEN
    d["targets"] = TARGETS_TOKEN
    text = ENCODE(d)
    parts: tuple[str, str, str] | None = None
    if text.count(SHIPS_TEXT) == 1 and text.count(TARGETS_TEXT) == 1:
        before, rest = text.split(SHIPS_TEXT)
        if TARGETS_TEXT in rest:  # sorted keys: "ships" comes before "targets"
            between, after = rest.split(TARGETS_TEXT)
            parts = (before, between, after)
    _keep(_HEADS, key, parts)
    return parts


def splice(text: str, token: str, piece: str) -> str | None:
    """``text`` with ``token`` replaced by ``piece``, or ``None`` unless ``token`` occurs exactly
    once in ``text`` (the piece's own contents are never searched)."""
    if text.count(token) != 1:
        return None
    before, after = text.split(token)
    return before + piece + after


def ship_key(s: ShipState, seg: int) -> tuple[Any, ...]:
    """Every value :meth:`.state.ShipState.to_dict` reads (the class by its name, checked by
    :func:`ship_text`; a systems dict by its text; the movement grid by its fingerprint)."""
    b, f = s.burn, s.facing
    return (s.id, s.seat, s.cls.name, s.pos, s.fp, seg, s.velocity,
            s.grid.fingerprint, s.orient, s.thrust, s.fuel_used,
            s.engine_boxes_lost,
            None if b is None else (b.thrust, b.cells, tuple(b.dots.items()), b.carry),
            s.bias,
            None if f is None else (f.kind, f.label, f.start, tuple(f.steps), f.applied),
            tuple(s.carry.items()), s.start, s.moved, s.displaced, s.out, _systems_key(s.systems))


def _systems_key(systems: dict[str, Any]) -> object:
    """A systems dict by its text (a synced one, never edited, writes its text once)."""
    if isinstance(systems, SystemsDict):
        return systems.canonical()
    return ENCODE(systems) if systems else None


def ship_text(s: ShipState, seg: int) -> str:
    """``"id":`` and ``canonical_json(s.to_dict(seg))``, remembered by :func:`ship_key`."""
    key = ship_key(s, seg)
    known = _SHIPS.get(key)
    if known is not None and known[1] is s.cls:
        return known[0]
    d = s.to_dict(seg)
    sysd = d["systems"]
    text: str | None = None
    if isinstance(sysd, SystemsDict):
        d["systems"] = SYSTEMS_TOKEN
        text = splice(ENCODE(d), SYSTEMS_TEXT, sysd.canonical())
        d["systems"] = sysd
    if text is None:
        text = ENCODE(d)
    text = f"{ENCODE(s.id)}:{text}"
    _keep(_SHIPS, key, (text, s.cls))
    return text


def target_dict(t: Target) -> dict[str, Any]:
    """A target as JSON-ready data (damage and killer only once fired upon)."""
    d: dict[str, Any] = {"position": [t.pos.q, t.pos.r, t.pos.z], "eaten_by": t.eaten_by}
    if t.damage:
        d.update(damage=t.damage, toughness=t.toughness, killed_by=t.killed_by)
    return d


def targets_text(targets: dict[str, Target]) -> str:
    """``canonical_json`` of the targets' dicts, remembered by their values."""
    key = tuple((tid, t.pos, t.eaten_by, t.damage, t.toughness, t.killed_by)
                for tid, t in targets.items())
    text = _TARGETS.get(key)
    if text is None:
        text = ENCODE({tid: target_dict(t) for tid, t in targets.items()})
        _keep(_TARGETS, key, text)
    return text
