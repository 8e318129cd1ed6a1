"""Records: a game as JSON (ruleset, versions, options, dice, actions), replayed exactly.

A record is event-sourced: replaying its actions from its dice reproduces every roll and every
state. It carries a checksum over its own content and the digest of the final state, so a
truncated, foreign, tampered or version-incompatible record is refused with a reason — never
half-loaded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .chance import CHANCE, ChanceOutcome, ExplicitChanceGame
from .dice import Asker, ScriptedDice, dice_from_spec
from .errors import DiceError, IllegalAction, RecordError, UnknownName
from .game import Game
from .record_format import _KEYS, FORMAT, FORMAT_VERSION, _checksum, make_record
from .registry import get_ruleset, load

__all__ = ["FORMAT", "FORMAT_VERSION", "_KEYS", "_checksum", "check_record", "load_record_file",
           "make_record", "replay", "replay_explicit", "save", "undo"]


def check_record(rec: Any) -> dict[str, Any]:
    """Validate a record's envelope (not yet its actions); return it or raise RecordError."""
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f"not a voidwar record (format is {rec.get('format')!r})")
    fv = rec.get("format_version")
    if fv != FORMAT_VERSION:
        raise RecordError(
            f"record format version {fv!r} is not supported (this engine reads {FORMAT_VERSION})"
        )
    missing = [k for k in (*_KEYS, "checksum") if k not in rec]
    if missing:
        raise RecordError(f"record is incomplete: missing {', '.join(missing)}")
    body = {k: rec[k] for k in _KEYS}
    if rec["checksum"] != _checksum(body):
        raise RecordError("record checksum does not match its content (edited or corrupted)")
    try:
        info = get_ruleset(rec["ruleset"])
    except UnknownName as e:
        raise RecordError(str(e)) from None
    if rec["rules_version"] != info.game_class.rules_version:
        raise RecordError(
            f"record was made with {rec['ruleset']} rules version {rec['rules_version']}, "
            f"this engine plays version {info.game_class.rules_version}"
        )
    if not isinstance(rec["actions"], list) or not all(isinstance(a, str) for a in rec["actions"]):
        raise RecordError("record actions must be a list of strings")
    if not isinstance(rec["options"], dict):
        raise RecordError("record options must be an object")
    return rec


def replay(rec: Any, upto: int | None = None, ask: Asker | None = None) -> Game:
    """Rebuild the game a record describes, checking every action and the final state.

    ``upto`` stops after that many actions (replay viewers, undo). With manual dice, ``ask`` is
    asked for rolls beyond the recorded ones.
    """
    rec = check_record(rec)
    try:
        dice = dice_from_spec(rec["dice"], ask)
    except DiceError as e:
        raise RecordError(f"record dice: {e}") from None
    try:
        game = load(rec["ruleset"], scenario=rec["scenario"], dice=dice, **rec["options"])
    except Exception as e:  # any failure to rebuild is a refusal, not a crash
        raise RecordError(f"record cannot be set up: {e}") from None
    actions = rec["actions"] if upto is None else rec["actions"][:upto]
    for i, text in enumerate(actions, 1):
        try:
            game.apply(text)
        except (IllegalAction, DiceError) as e:
            raise RecordError(f"record action #{i} {text!r} cannot be replayed: {e}") from None
    if upto is None and game.digest() != rec["final"]:
        raise RecordError("replayed state differs from the recorded final state (tampered record)")
    if upto is not None and isinstance(dice, ScriptedDice) and dice.then is not None:
        # undo with manual dice: forget the rolls of the actions that were cut off
        dice.values = dice.values[: dice.pos]
    return game


def replay_explicit(rec: Any, upto: int | None = None) -> ExplicitChanceGame:
    """Rebuild a record's game in explicit-chance mode, feeding the recorded rolls as chance
    outcomes (manual dice at the terminal: load and undo). ``upto`` stops after that many
    actions; the game then waits for its next action, or roll, as the original did."""
    rec = check_record(rec)
    spec = rec["dice"]
    values = spec.get("values")
    if spec.get("kind") not in ("manual", "scripted") or not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise RecordError("explicit-chance replay needs a record of manual or scripted rolls")
    setup = ScriptedDice(values)
    try:
        game = load(rec["ruleset"], scenario=rec["scenario"], dice=setup, chance="explicit",
                    **rec["options"])
    except Exception as e:  # any failure to rebuild is a refusal, not a crash
        raise RecordError(f"record cannot be set up: {e}") from None
    assert isinstance(game, ExplicitChanceGame)
    game.inner.dice.manual = spec["kind"] == "manual"  # type: ignore[attr-defined]
    pos = setup.pos
    actions = rec["actions"] if upto is None else rec["actions"][:upto]
    for i, text in enumerate(actions, 1):
        try:
            game.apply(text)
            while game.to_act == CHANCE:
                if pos >= len(values):
                    raise RecordError(f"record action #{i} {text!r} needs more rolls than "
                                      "the record holds")
                game.apply(ChanceOutcome(values[pos]))
                pos += 1
        except (IllegalAction, DiceError) as e:
            raise RecordError(f"record action #{i} {text!r} cannot be replayed: {e}") from None
    if upto is None and game.digest() != rec["final"]:
        raise RecordError("replayed state differs from the recorded final state (tampered record)")
    return game


def undo(game: Game, steps: int = 1, ask: Asker | None = None) -> Game:
    """The game as it was ``steps`` actions ago (replay minus the last actions)."""
    if steps < 1 or steps > len(game.actions):
        raise IllegalAction(f"nothing to undo ({len(game.actions)} actions so far)")
    return replay(game.record(), upto=len(game.actions) - steps, ask=ask)


def save(game: Game, path: str | Path) -> None:
    """Write ``game``'s record to ``path`` as JSON."""
    Path(path).write_text(json.dumps(game.record(), indent=1) + "\n")


def load_record_file(path: str | Path) -> dict[str, Any]:
    """Read and check a record file; :class:`RecordError` naming the file otherwise."""
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as e:
        raise RecordError(f"{p}: cannot read: {e.strerror}") from None
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{p}: not valid JSON (truncated?): {e.msg} at line {e.lineno}") from None
    try:
        return check_record(rec)
    except RecordError as e:
        raise RecordError(f"{p}: {e}") from None
