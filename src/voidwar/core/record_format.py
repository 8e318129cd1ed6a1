"""The record envelope (DESIGN.md "Records"): what a record holds, its checksum, its signature.

:mod:`.record` checks and replays records; this module writes them (so the Game protocol can
make its own record without importing the registry), declares the envelope as a strict schema
(:class:`Envelope`: every field's type and bounds, so a malformed record is refused naming the
field) and signs them: a server vouches for a record with an HMAC-SHA256 over its checksum,
under a key it names by ``key_id`` (:func:`sign`, :func:`verify`).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .canonical import canonical_json
from .version import __version__

if TYPE_CHECKING:
    from .game import Game

FORMAT = "voidwar-record"
FORMAT_VERSION = 1
_KEYS = ("format", "format_version", "engine", "ruleset", "rules_version", "scenario", "options",
         "dice", "actions", "final")
#: keys a record may carry besides its body and checksum (not covered by the checksum)
EXTRA_KEYS = ("signature", "resigned_by", "terms")
#: the most actions, rolls and characters of one action text a record may hold
MAX_ACTIONS = 100_000
MAX_ROLLS = 1_000_000
MAX_ACTION_TEXT = 500
SIGNATURE_ALG = "hmac-sha256"

_strict = ConfigDict(extra="forbid", strict=True)


class SeedSpec(BaseModel):
    """Dice a seed drives (``{"kind": "seeded", "seed": 7}``)."""

    model_config = _strict
    kind: Literal["seeded", "keyed"]
    seed: int = Field(ge=0, lt=2**64)


class RollsSpec(BaseModel):
    """Dice given as their results (a script, or the rolls of real dice)."""

    model_config = _strict
    kind: Literal["scripted", "manual"]
    values: list[Annotated[int, Field(ge=1, le=1000)]] = Field(max_length=MAX_ROLLS)


class Signature(BaseModel):
    """A server's word for a record: HMAC-SHA256 of the checksum under the key ``key_id``."""

    model_config = _strict
    alg: Literal["hmac-sha256"]
    key_id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
    mac: str = Field(pattern=r"^[0-9a-f]{64}$")


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


def key_id_of(key: bytes) -> str:
    """The public name of a signing key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(b"voidwar-record-key:" + key).hexdigest()[:16]


def _mac(key: bytes, rec: dict[str, Any], key_id: str) -> str:
    msg = f"{FORMAT}|{key_id}|{rec['checksum']}".encode()
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


def sign(rec: dict[str, Any], key: bytes) -> dict[str, Any]:
    """``rec`` with a signature under ``key`` (the checksum covers the body, the MAC the
    checksum and the key id)."""
    kid = key_id_of(key)
    return {**rec, "signature": {"alg": SIGNATURE_ALG, "key_id": kid,
                                 "mac": _mac(key, rec, kid)}}


def verify(rec: dict[str, Any], key: bytes) -> bool:
    """True when ``rec`` (already checked) carries a valid signature made with ``key``."""
    sig = rec.get("signature")
    if not isinstance(sig, dict) or sig.get("key_id") != key_id_of(key):
        return False
    return hmac.compare_digest(str(sig.get("mac")), _mac(key, rec, key_id_of(key)))
