"""What a game may be: the one declaration of the bounds its seed, dice, options and actions meet.

Three places take a game from outside: :func:`voidwar.load`, the server (a client's request) and
a record (:func:`voidwar.core.record.check_record`). Each applies the declarations below — the
seed and dice models, :func:`check_options` on the ruleset's options schema, the action limits —
so that a game that loads always records, and its record always replays and verifies:

* :func:`admit` is the last step of ``load``: the game's dice and the options *as its record
  will hold them* (files embedded as data) must pass what a record must pass.
* :class:`~voidwar.core.record_format.Envelope` (a record's fields) uses :class:`SeedSpec`,
  :class:`RollsSpec`, :data:`MAX_ACTIONS` and :data:`MAX_ACTION_TEXT` from here.
* :meth:`voidwar.core.game.Game.apply` refuses an action beyond :data:`MAX_ACTIONS` or with a
  text longer than :data:`MAX_ACTION_TEXT` (the record could not hold it).

The seed range is the generator's: PCG32 takes 64-bit seeds, and batches derive theirs with
SplitMix64 (:func:`voidwar.core.dice.derive_seed`), so every seed below 2**64 loads and records.
A server draws its seeds below :data:`JSON_SAFE_SEED_LIMIT` so that a page's JavaScript, whose
numbers are doubles, reads them exactly.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Any, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .canonical import canonical_json
from .datafile import check_bounded
from .errors import DataFileError


class _Dice(Protocol):
    """Dice, by what a record keeps of them (:class:`~voidwar.core.dice.Dice`)."""

    def spec(self) -> dict[str, Any]: ...


class _Game(Protocol):
    """A game, by what its record keeps (:class:`~voidwar.core.game.Game`)."""

    @property
    def dice(self) -> _Dice: ...

    def record_options(self) -> dict[str, Any]: ...


class _Ruleset(Protocol):
    """A ruleset, by what its options must meet (:class:`~voidwar.core.registry.RulesetInfo`);
    the protocols keep this module below the ones it serves."""

    @property
    def options_model(self) -> type[Any] | None: ...

    @property
    def file_options(self) -> tuple[str, ...]: ...

#: seeds are 0 <= seed < SEED_LIMIT (the generator's 64 bits)
SEED_LIMIT = 2**64
#: the seeds a server draws: below 2**53, exact as a JavaScript number
JSON_SAFE_SEED_LIMIT = 2**53
#: the most actions a game (and its record) may hold
MAX_ACTIONS = 100_000
#: the most characters of one action's text
MAX_ACTION_TEXT = 500
#: the most rolls a record of scripted or real dice may hold, and the largest die
MAX_ROLLS = 1_000_000
MAX_DIE = 1000
#: option names that would reach :func:`voidwar.load`'s own parameters
RESERVED_OPTIONS = ("seed", "dice", "chance", "scenario", "name")

_strict = ConfigDict(extra="forbid", strict=True)
G = TypeVar("G", bound="_Game")


class SeedSpec(BaseModel):
    """Dice a seed drives (``{"kind": "seeded", "seed": 7}``)."""

    model_config = _strict
    kind: Literal["seeded", "keyed"]
    seed: int = Field(ge=0, lt=SEED_LIMIT)


class RollsSpec(BaseModel):
    """Dice given as their results (a script, or the rolls of real dice)."""

    model_config = _strict
    kind: Literal["scripted", "manual"]
    values: list[Annotated[int, Field(ge=1, le=MAX_DIE)]] = Field(max_length=MAX_ROLLS)


def check_dice(dice: _Dice) -> None:
    """Refuse (:class:`DataFileError` naming ``dice``) dice whose record entry a record may not
    hold: a seed outside 0..2**64-1, a script of values no die shows, or too many of them."""
    spec = dice.spec()
    seed = spec.get("seed")
    if type(seed) is int and 0 <= seed < SEED_LIMIT:  # the usual case, without a validator
        return
    model = SeedSpec if spec.get("kind") in ("seeded", "keyed") else RollsSpec
    try:
        model.model_validate(spec)
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(x) for x in ("dice", *err["loc"]))
        raise DataFileError("(dice)", field, err["msg"]) from None


def check_options(info: _Ruleset, options: Any, file: str) -> dict[str, Any]:
    """Options from outside (a record, a client, a game being loaded): a JSON object, bounded,
    that the ruleset's schema accepts (strict types, no unknown names, bounded work, inline
    data only). Returns the options; :class:`DataFileError` names the field otherwise."""
    return _check_options(info.options_model, info.file_options, options, file)


def _check_options(model: type[BaseModel] | None, file_options: tuple[str, ...], options: Any,
                   file: str) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise DataFileError(file, "options", "must be an object")
    check_bounded(options, file, where="options")
    for key in options:
        if key in RESERVED_OPTIONS:
            raise DataFileError(file, f"options.{key}", "not an option (the dice and the "
                                "scenario are not options)")
    for key in file_options:
        if key in options and not isinstance(options[key], dict):
            raise DataFileError(file, f"options.{key}", f"option {key} names a file on the "
                                "server; send the file's contents as data (an object) instead")
    if model is None:
        return options
    try:
        model.model_validate(options)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in ("options", *err["loc"]))
        msg = err["msg"].removeprefix("Value error, ")
        raise DataFileError(file, loc, msg) from None
    return options


@lru_cache(maxsize=256)
def _refusal(model: type[BaseModel] | None, file_options: tuple[str, ...], options_json: str
             ) -> tuple[str, str] | None:
    """(field, reason) refusing a game's record options (canonical JSON), or None: memoized
    on immutable values, since a batch loads the same options thousands of times."""
    try:
        _check_options(model, file_options, json.loads(options_json), "options")
    except DataFileError as e:
        return e.field, e.reason
    return None


def admit(info: _Ruleset, game: G) -> G:
    """The last step of :func:`voidwar.load`: ``game`` as its record will describe it must pass
    what a record must pass (its dice, its options with every file embedded). A game that
    would not record is refused here, with the field and the reason, instead of later."""
    check_dice(game.dice)
    options = game.record_options()
    if options:
        model: type[BaseModel] | None = info.options_model
        refusal = _refusal(model, info.file_options, canonical_json(options))
        if refusal is not None:
            raise DataFileError("options", *refusal)
    return game
