"""Records: a game as JSON (ruleset, versions, options, dice, actions), replayed exactly.

A record is event-sourced: replaying its actions from its dice reproduces every roll and every
state. It carries a checksum over its own content and the digest of the final state, so a
truncated, foreign, tampered or version-incompatible record is refused with a reason — never
half-loaded.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from .bounds import SEED_LIMIT, check_options
from .chance import CHANCE, ChanceOutcome, ExplicitChanceGame
from .datafile import Bounds, check_bounded, read_json
from .dice import Asker, ScriptedDice, dice_from_spec
from .errors import DataFileError, DiceError, IllegalAction, RecordError, UnknownName
from .game import Game
from .record_format import (
    _KEYS,
    EXTRA_KEYS,
    FORMAT,
    FORMAT_VERSION,
    Envelope,
    _checksum,
    envelope_error,
    key_id_of,
    make_record,
    sign,
    signature_problem,
    verify,
)
from .registry import get_ruleset, load

if TYPE_CHECKING:
    from .registry import RulesetInfo

__all__ = ["FORMAT", "FORMAT_VERSION", "_KEYS", "_checksum", "audit", "check_options",
           "check_record", "key_id_of", "load_record_file", "make_record", "replay",
           "replay_explicit", "save", "server_key", "sign", "signature_note", "undo", "verify"]


#: how large a record may be (a long game's actions and rolls fit with room to spare); its
#: numbers may reach a seed's 64 bits (each field's own bound is the envelope's, options the
#: ruleset's schema under the usual bounds)
RECORD_BOUNDS = Bounds(size=32 * 1024 * 1024, items=2_500_000, number=SEED_LIMIT)

#: the environment variable holding a server's record key (text; see docs/web.md)
KEY_ENV = "VOIDWAR_SERVER_KEY"


def server_key() -> bytes | None:
    """The record key named by ``$VOIDWAR_SERVER_KEY`` (None when unset)."""
    text = os.environ.get(KEY_ENV, "").strip()
    return text.encode() if text else None


def _field_error(field: str, reason: str) -> RecordError:
    return RecordError(f"{field}: {reason}")


def check_record(rec: Any) -> dict[str, Any]:
    """Validate a record's envelope (not yet its actions); return it or raise RecordError
    naming the field and the reason. Options are checked by the ruleset's options schema
    (:attr:`RulesetInfo.options_model`): a record embeds its data, it never names a file."""
    if not isinstance(rec, dict):
        raise _field_error("(top level)", "a record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f"not a voidwar record (format is {str(rec.get('format'))[:40]!r})")
    fv = rec.get("format_version")
    if fv != FORMAT_VERSION:
        raise RecordError(f"record format version {str(fv)[:20]!r} is not supported (this "
                          f"engine reads {FORMAT_VERSION})")
    missing = [k for k in (*_KEYS, "checksum") if k not in rec]
    if missing:
        raise RecordError(f"record is incomplete: missing {', '.join(missing)}")
    unknown = sorted(set(rec) - {*_KEYS, "checksum", *EXTRA_KEYS})
    if unknown:
        raise _field_error(str(unknown[0])[:64], "not a field of a record")
    try:
        check_bounded(rec, "record", RECORD_BOUNDS)
        Envelope.model_validate(rec)
    except DataFileError as e:
        raise _field_error(e.field, e.reason) from None
    except ValidationError as e:
        raise _field_error(*envelope_error(e)) from None
    body = {k: rec[k] for k in _KEYS}
    if rec["checksum"] != _checksum(body):
        raise RecordError("record checksum does not match its content (edited or corrupted)")
    try:
        info = get_ruleset(rec["ruleset"])
    except UnknownName as e:
        raise _field_error("ruleset", str(e)) from None
    if rec["ruleset"] != info.name:  # a record names its ruleset exactly, as it writes it
        raise _field_error("ruleset", f"{str(rec['ruleset'])[:64]!r} is not a ruleset's name "
                                      f"as a record writes it (did you mean {info.name!r}?)")
    problem = signature_problem(rec)
    if problem is not None:
        raise _field_error("signature", problem)
    if rec["rules_version"] != info.game_class.rules_version:
        raise RecordError(
            f"record was made with {rec['ruleset']} rules version {rec['rules_version']}, "
            f"this engine plays version {info.game_class.rules_version}"
        )
    _check_scenario(info, rec["scenario"])
    try:
        check_options(info, rec["options"], "record")
    except DataFileError as e:
        raise _field_error(e.field, e.reason) from None
    return rec


def _check_scenario(info: RulesetInfo, scenario: str | None) -> None:
    """A record's scenario is one of the ruleset's by name (never a file)."""
    if scenario is None:
        return
    try:
        known = info.scenarios()
    except Exception:  # a ruleset whose scenarios cannot be listed names none
        known = {}
    if scenario not in known:
        raise _field_error("scenario", f"{scenario!r} is not one of {info.name}'s scenarios "
                                       f"({', '.join(known) or 'none'})")


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
    """Read and check a record file (bounded, UTF-8 JSON); :class:`RecordError` naming the
    file, the field and the reason otherwise."""
    p = Path(path)
    try:
        rec = read_json(p, RECORD_BOUNDS)
    except DataFileError as e:
        raise RecordError(f"{p}: {e.field}: {e.reason}") from None
    try:
        return check_record(rec)
    except RecordError as e:
        raise RecordError(f"{p}: {e}") from None


def signature_note(rec: dict[str, Any], key: bytes | None = None) -> str:
    """Whether a (checked) record is signed, by which key id, and whether ``key`` (default:
    ``$VOIDWAR_SERVER_KEY``) confirms it."""
    sig = rec.get("signature")
    if not isinstance(sig, dict):
        return "unsigned record (no server vouches for it)"
    kid = sig.get("key_id")
    key = key if key is not None else server_key()
    if key is None:
        return f"signed with key id {kid} (not verified here: set {KEY_ENV} to that key)"
    if key_id_of(key) != kid:
        return f"signed with key id {kid} (not verified: the key here is {key_id_of(key)})"
    if verify(rec, key):
        return f"signed with key id {kid}: signature valid"
    raise RecordError(f"signature: the MAC does not match key id {kid} (forged or edited)")


def audit(rec: Any, key: bytes | None) -> dict[str, Any]:
    """Everything a record's reader can check, and what it found: the envelope and the
    checksum, the ruleset, scenario and options, every action replayed from the dice, the
    final digest, and — when ``key`` is this server's — the signature over the whole record.
    ``valid`` is true only when every check passed; ``detail`` names the first that failed."""
    checks = ["envelope", "checksum", "ruleset, scenario and options", "actions replayed",
              "final digest"]
    out: dict[str, Any] = {"valid": False, "checked": checks,
                           "server_key_id": key_id_of(key) if key else None}
    sig = rec.get("signature") if isinstance(rec, dict) else None
    out["signed"] = isinstance(sig, dict)
    out["key_id"] = sig.get("key_id") if isinstance(sig, dict) else None
    out["signed_here"] = False
    try:
        game = replay(rec)
    except RecordError as e:
        out["detail"] = str(e)
        return out
    out.update(actions=len(game.actions), final=game.digest())
    if key and isinstance(sig, dict) and sig.get("key_id") == key_id_of(key):
        checks.append("signature")
        if not verify(rec, key):
            out["detail"] = ("signature: the MAC does not match this server's key (forged, or "
                             "a field edited after signing)")
            return out
        out["signed_here"] = True
    out["valid"] = True
    return out
