"""Hand-built Antilles positions (the ``position`` option), validated like any data file.

``{"turn": 3, "phase": "attack", "paladins": {"1": [0, -2]}, "moved": [1], "fired": [],
"bolts": [["exploding", [1, 0], "C"]], "hits": {"shields": 2, "armor": 0, "casters": 1}}`` —
Paladins not listed are destroyed. Used by tests and tools, like a chess FEN; records keep it,
so such games replay like any other.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import DataFileError
from ...core.hexgrid import ORIGIN, Hex, direction_index
from .state import LAST_TURN, PALADINS, AntillesState, Bolt, Phase

#: the phases a position may start in
PHASES = (Phase.MOVEMENT, Phase.ATTACK, Phase.END)
FIELDS = {"turn", "phase", "paladins", "moved", "fired", "bolts", "hits"}


def _hex(value: Any, field: str) -> Hex:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) for v in value)):
        raise DataFileError("position", field, f"a hex is [q, r], not {value!r}")
    return Hex(value[0], value[1])


def apply_position(game: AntillesState, pos: Any) -> None:
    """Set ``game`` (just made) to the position ``pos``; refusals name field and reason."""
    if not isinstance(pos, dict):
        raise DataFileError("position", "(top level)", "a position is an object")
    unknown = set(pos) - FIELDS
    if unknown:
        raise DataFileError("position", sorted(unknown)[0], "unknown field")
    game.turn = int(pos.get("turn", 1))
    if not 1 <= game.turn <= LAST_TURN:
        raise DataFileError("position", "turn", f"turn {game.turn} is outside the game")
    phase = pos.get("phase", "movement")
    if phase not in PHASES:
        raise DataFileError("position", "phase",
                            f"{phase!r} is not one of {tuple(str(p) for p in PHASES)}")
    game.phase = Phase(phase)
    occupied = _place_paladins(game, pos.get("paladins", {}))
    for field in ("moved", "fired"):
        for pid in pos.get(field, []):
            if not isinstance(pid, int) or not 1 <= pid <= PALADINS:
                raise DataFileError("position", field, f"no Paladin {pid!r}")
            setattr(game.paladins[pid - 1], field, True)
    _place_bolts(game, pos.get("bolts", []), occupied)
    _set_hits(game, pos.get("hits", {}))


def _place_paladins(game: AntillesState, placed: Any) -> set[Hex]:
    """The ``paladins`` field: number → [q, r]; the others are destroyed. Returns the hexes
    they hold."""
    if not isinstance(placed, dict):
        raise DataFileError("position", "paladins", "an object of Paladin number → [q, r]")
    occupied: set[Hex] = set()
    for p in game.paladins:
        key = str(p.id)
        if key in placed:
            h = _hex(placed[key], f"paladins.{key}")
            if h not in game.board or h == ORIGIN or h in occupied:
                raise DataFileError("position", f"paladins.{key}",
                                    f"{h} is off the map, the Antilles' hex or taken")
            occupied.add(h)
            p.hex, p.alive = h, True
        else:
            p.hex, p.alive = None, False
    for k in placed:
        if not k.isdigit() or not 1 <= int(k) <= PALADINS:
            raise DataFileError("position", f"paladins.{k}", "Paladins are numbered 1..7")
    return occupied


def _place_bolts(game: AntillesState, bolts: Any, occupied: set[Hex]) -> None:
    """The ``bolts`` field: [type, [q, r], facing A-F] each, numbered B1, B2, … in order."""
    for i, entry in enumerate(bolts):
        try:
            kind, where, facing = entry
            f = direction_index(facing)
        except (TypeError, ValueError):
            raise DataFileError("position", f"bolts.{i}",
                                "a Bolt is [type, [q, r], facing A-F]") from None
        if kind not in ("normal", "fast", "exploding"):
            raise DataFileError("position", f"bolts.{i}", f"unknown bolt type {kind!r}")
        h = _hex(where, f"bolts.{i}")
        if h not in game.board or h in occupied:
            raise DataFileError("position", f"bolts.{i}", f"{h} is off the map or taken")
        occupied.add(h)
        b = Bolt(game.next_bolt, kind, h, f)
        game.bolts[b.id] = b
        game.next_bolt += 1


def _set_hits(game: AntillesState, hits: Any) -> None:
    """The ``hits`` field: destroyed Shield, Armor and Caster boxes (at least one Caster
    stands)."""
    for key, boxes in (("shields", game.n_shields), ("armor", game.n_armor),
                       ("casters", game.n_casters - 1)):
        v = hits.get(key, 0)
        if not isinstance(v, int) or not 0 <= v <= boxes:
            raise DataFileError("position", f"hits.{key}", f"must be 0..{boxes}")
    game.shield_hits = hits.get("shields", 0)
    game.armor_hits = hits.get("armor", 0)
    game.casters_destroyed = hits.get("casters", 0)
