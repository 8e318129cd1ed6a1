"""The record envelope (DESIGN.md "Records"): what a record holds, its checksum, its signature.

:mod:`.record` checks and replays records; this module writes them (so the Game protocol can
make its own record without importing the registry), declares the envelope as a strict schema
(:class:`Envelope`: every field's type and bounds, the seed, dice and action bounds taken from
:mod:`.bounds`, so a malformed record is refused naming the field) and signs them: a server
vouches for a record with an HMAC-SHA256 over the canonical JSON of the *whole* record (every
field but the MAC itself: ``resigned_by``, ``terms`` and any later field included), under a key
it names by ``key_id`` (:func:`sign`, :func:`verify`).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Annotated, Any, Final, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .bounds import MAX_ACTION_TEXT, MAX_ACTIONS, MAX_ROLLS, RollsSpec, SeedSpec
from .canonical import canonical_json
from .version import __version__


class Recordable(Protocol):
    """What a record is made of: a game (:class:`~voidwar.core.game.Game`) as the protocol
    describes it — named here by what it must have, so that the protocol can write its own
    record without this module knowing the protocol."""

    @property
    def ruleset(self) -> str: ...

    @property
    def rules_version(self) -> int: ...

    @property
    def scenario(self) -> str | None: ...

    @property
    def actions(self) -> list[str]: ...

    @property
    def dice(self) -> Any: ...

    def record_options(self) -> dict[str, Any]: ...

    def digest(self) -> str: ...

__all__ = ["EXTRA_KEYS", "FORMAT", "FORMAT_VERSION", "MAX_ACTIONS", "MAX_ACTION_TEXT",
           "MAX_ROLLS", "Envelope", "RollsSpec", "SeedSpec", "Signature", "envelope_error",
           "key_id_of", "make_record", "sign", "signature_problem", "verify"]

FORMAT = "voidwar-record"
FORMAT_VERSION = 1
_KEYS = ("format", "format_version", "engine", "ruleset", "rules_version", "scenario", "options",
         "dice", "actions", "final")
#: keys a record may carry besides its body and checksum (not covered by the checksum; the
#: signature covers them)
EXTRA_KEYS = ("signature", "resigned_by", "terms")
SIGNATURE_ALG = "hmac-sha256"
#: what a signature covers: ``record`` — the canonical whole (this engine signs so);
#: ``checksum`` — the checksum only (servers before it: ``resigned_by`` and ``terms`` uncovered)
COVERS_RECORD: Final = "record"
COVERS_CHECKSUM: Final = "checksum"

_strict = ConfigDict(extra="forbid", strict=True)


class Signature(BaseModel):
    """A server's word for a record: HMAC-SHA256 under the key ``key_id`` of what ``covers``
    says (this engine: the whole record)."""

    model_config = _strict
    alg: Literal["hmac-sha256"]
    key_id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
    mac: str = Field(pattern=r"^[0-9a-f]{64}$")
    covers: Literal["record", "checksum"] = COVERS_CHECKSUM


class Envelope(BaseModel):
    """A record's fields, their types and bounds (options are the ruleset's to check)."""

    model_config = _strict
    format: Literal["voidwar-record"]
    format_version: int
    engine: str = Field(max_length=64)
    ruleset: str = Field(min_length=1, max_length=64)
    rules_version: int = Field(ge=0, lt=2**31)
    scenario: str | None = Field(max_length=128)
    options: dict[Annotated[str, Field(max_length=64)], Any] = Field(max_length=64)
    dice: SeedSpec | RollsSpec = Field(discriminator="kind")
    actions: list[Annotated[str, Field(max_length=MAX_ACTION_TEXT)]] = Field(
        max_length=MAX_ACTIONS)
    final: str = Field(pattern=r"^[0-9a-f]{1,64}$")
    checksum: str = Field(pattern=r"^[0-9a-f]{64}$")
    signature: Signature | None = None
    resigned_by: str | None = Field(None, max_length=64)
    terms: dict[str, Any] | None = None


def envelope_error(e: ValidationError) -> tuple[str, str]:
    """(field, reason) of the first problem pydantic found."""
    err = e.errors()[0]
    loc = [str(x) for x in err["loc"]]
    if loc and err["type"] in ("union_tag_invalid", "union_tag_not_found"):
        return ".".join(loc), "kind must be seeded, keyed, scripted or manual"
    if len(loc) >= 2 and loc[0] == "dice" and loc[1] in ("seeded", "keyed", "scripted",
                                                           "manual"):
        loc = ["dice", *loc[2:]]
    return ".".join(loc) or "(top level)", err["msg"]


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def make_record(game: Recordable) -> dict[str, Any]:
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


def key_id_of(key: bytes) -> str:
    """The public name of a signing key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(b"voidwar-record-key:" + key).hexdigest()[:16]


def _signed_text(rec: dict[str, Any], key_id: str) -> bytes:
    """What a whole-record signature covers: the canonical JSON of every field of ``rec``
    (the signature's own fields but its MAC included), so no field can change unnoticed."""
    body = {k: v for k, v in rec.items() if k != "signature"}
    body["signature"] = {"alg": SIGNATURE_ALG, "key_id": key_id, "covers": COVERS_RECORD}
    return f"{FORMAT}|".encode() + canonical_json(body).encode()


def _mac(key: bytes, message: bytes) -> str:
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def sign(rec: dict[str, Any], key: bytes) -> dict[str, Any]:
    """``rec`` with a signature under ``key`` over the whole record (every field it holds now;
    add nothing after signing)."""
    kid = key_id_of(key)
    unsigned = {k: v for k, v in rec.items() if k != "signature"}
    return {**unsigned, "signature": {"alg": SIGNATURE_ALG, "key_id": kid,
                                      "covers": COVERS_RECORD,
                                      "mac": _mac(key, _signed_text(unsigned, kid))}}


def signature_problem(rec: dict[str, Any]) -> str | None:
    """Why a (checked) record's signature cannot vouch for it whatever the key, or None: a
    signature of an older server covers the checksum only, so it cannot vouch for a record
    that says more than its checksum covers (who resigned, the terms)."""
    sig = rec.get("signature")
    if not isinstance(sig, dict) or sig.get("covers", COVERS_CHECKSUM) == COVERS_RECORD:
        return None
    uncovered = sorted(k for k in rec if k not in (*_KEYS, "checksum", "signature"))
    if uncovered:
        return (f"an older signature (it covers the checksum only, not {', '.join(uncovered)}): "
                "ask the server for the record again")
    return None


def verify(rec: dict[str, Any], key: bytes) -> bool:
    """True when ``rec`` (already checked) carries a valid signature made with ``key`` that
    covers everything the record says."""
    sig = rec.get("signature")
    kid = key_id_of(key)
    if not isinstance(sig, dict) or sig.get("key_id") != kid or signature_problem(rec):
        return False
    if sig.get("covers", COVERS_CHECKSUM) == COVERS_RECORD:
        expected = _mac(key, _signed_text(rec, kid))
    else:  # an older server's: the checksum and the key id (nothing else in the record)
        expected = _mac(key, f"{FORMAT}|{kid}|{rec['checksum']}".encode())
    return hmac.compare_digest(str(sig.get("mac")), expected)
