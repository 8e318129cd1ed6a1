"""The JSON API's request and answer bodies, path and header parameters, and refusals."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import Header
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    WrapValidator,
    field_validator,
)
from pydantic_core import PydanticCustomError

from voidwar.core.bounds import SEED_LIMIT


def _utf8(text: str) -> str:
    """Text that is UTF-8 (a lone surrogate is not)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("text must be UTF-8 (it holds a lone surrogate)") from None
    return text


#: a client's text: UTF-8 only
Text = Annotated[str, AfterValidator(_utf8)]


def integral(value: Any) -> Any:
    """A JSON number with no fraction as the integer it is (JSON Schema's ``integer``
    includes ``3.0``); anything else as it is, for the strict check that follows."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def json_integers(value: Any) -> Any:
    """``value`` with every number that has no fraction made an integer, at any depth."""
    if isinstance(value, dict):
        return {k: json_integers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_integers(v) for v in value]
    return integral(value)


#: integers as JSON Schema means them: ``3`` or ``3.0``, never ``"3"`` or ``true`` (the models
#: are strict); the bounds inside, so that the document states them
JsonInt = Annotated[int, BeforeValidator(integral)]
Seed = Annotated[int, Field(ge=0, lt=SEED_LIMIT), BeforeValidator(integral)]
SetupRoll = Annotated[int, Field(ge=1, le=100), BeforeValidator(integral)]
ActionIndex = Annotated[int, Field(ge=0, le=10**6), BeforeValidator(integral)]

GameId = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="game id")]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]
#: an option is a scalar, or inline data (a table or army file's contents); each ruleset's
#: options schema checks them (rulesets/<r>/options.py: types, bounds, never a file name)
OptionValue = Annotated[str | int | float | bool | list[Any] | dict[str, Any] | None,
                        BeforeValidator(integral)]
#: an option's name: every ruleset's options are lower-case identifiers
OPTION_NAME = r"^[a-z][a-z0-9_]{0,63}$"
OptionName = Annotated[Text, Field(pattern=OPTION_NAME)]


# -- request and answer bodies --------------------------------------------------------------
class SeatSpec(BaseModel):
    """Who sits in a seat: a ``human`` (gets a token), a ``bot`` (a policy) or ``open``."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={
        "if": {"properties": {"kind": {"const": "bot"}}, "required": ["kind"]},
        "else": {"properties": {"policy": {"type": "null"}}}})
    kind: Literal["human", "bot", "open"] = "human"
    policy: str | None = Field(None, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$",
                               description="a bot's policy (default: heuristic, else random)")

    @field_validator("policy")
    @classmethod
    def _policy_of_a_bot(cls, v: str | None, info: ValidationInfo) -> str | None:
        # a person or an open seat plays no policy: one sent for it would be dropped
        if v is not None and info.data.get("kind", "human") != "bot":
            raise PydanticCustomError("not_a_bot", "a policy is for a bot seat (kind: bot)")
        return v


class CreateGame(BaseModel):
    """A new game: ruleset, scenario, options, seed, who sits where, the dice.

    The server's document (``/openapi.json``) narrows this per ruleset: its scenarios, its
    options' schema, its seats and policies (:mod:`.contract`)."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={
        # real dice take no seed; the server's dice make their own set-up rolls
        "if": {"properties": {"dice": {"const": "manual"}}, "required": ["dice"]},
        "then": {"properties": {"seed": {"type": "null"}}},
        "else": {"properties": {"setup_rolls": {"maxItems": 0}}}})
    ruleset: Text = Field(max_length=64, examples=["antilles"])
    scenario: Text | None = Field(None, max_length=128,
                                  description="one of the ruleset's scenarios, by name")
    options: dict[OptionName, OptionValue] = Field(
        default_factory=dict, max_length=32,
        json_schema_extra={"propertyNames": {"pattern": OPTION_NAME}},
        description="the ruleset's options (GET /api/rulesets lists them), checked by its "
                    "schema; data options as inline content, never a file name")
    seats: dict[Annotated[Text, Field(max_length=64)], SeatSpec] = Field(
        default_factory=dict, max_length=16,
        description="seat name → who sits there; seats left out are human")
    dice: Literal["seeded", "manual"] = Field(
        "seeded", description="seeded: the server rolls; manual: real dice, a person at the "
        "table enters every roll (the game waits for the chance seat)")
    seed: Seed | None = Field(None, description="the dice seed, with seeded dice only: only "
                                                "where the server lets the creator choose it "
                                                "(every seat is told); else the server seeds "
                                                "the dice itself")
    setup_rolls: list[SetupRoll] = Field(
        default_factory=list, max_length=64,
        description="manual dice only: the rolls the rules make while setting the game up")

    @field_validator("seed")
    @classmethod
    def _seed_with_seeded_dice(cls, v: int | None, info: ValidationInfo) -> int | None:
        # real dice have no seed: one sent with them would be silently dropped
        if v is not None and info.data.get("dice") == "manual":
            raise PydanticCustomError("manual_dice", "real dice (dice: manual) take no seed")
        return v

    @field_validator("setup_rolls")
    @classmethod
    def _rolls_with_real_dice(cls, v: list[int], info: ValidationInfo) -> list[int]:
        # the server's dice make their own set-up rolls: rolls sent with them would be dropped
        if v and info.data.get("dice", "seeded") != "manual":
            raise PydanticCustomError(
                "seeded_dice", "set-up rolls are for real dice (dice: manual); with the "
                               "server's dice (dice: seeded) the server rolls them")
        return v


class SeatGiven(BaseModel):
    """A seat's secret token and its link (given once)."""

    seat: str
    token: str
    link: str


class Created(BaseModel):
    """A created game: its public facts, the tokens, the links to share."""

    id: str
    ruleset: str
    scenario: str | None
    seats: dict[str, dict[str, Any]]
    tokens: list[SeatGiven]
    hotseat_link: str
    spectator_link: str
    terms: dict[str, Any] = Field(default_factory=dict,
                                  description="the dice and every non-default option")


class JoinSeat(BaseModel):
    """The open seat to take."""

    model_config = ConfigDict(extra="forbid")
    seat: Text = Field(max_length=64)


#: what an action's text may be
ACTION_TEXT = "an action is its text (1-500 characters) or a structured action with its 'text'"
ActionText = Annotated[Text, Field(min_length=1, max_length=500)]


#: a field that describes a structured action (``/legal`` lists ints, texts, coordinates)
ActionField = Text | JsonInt | float | bool | None


class StructuredAction(BaseModel):
    """A structured action as ``/legal`` lists it: its ``text`` (what the rules read and
    check, like any text) and the fields that describe it (``kind``, ``actor``, ...)."""

    model_config = ConfigDict(extra="allow", strict=True, allow_inf_nan=False)
    __pydantic_extra__: dict[str, ActionField | list[ActionField]] = Field(init=False)
    text: ActionText


def _one_reason(value: Any, handler: Any) -> Any:
    """Either form of an action, or one readable reason (not one per form tried)."""
    try:
        return handler(value)
    except ValidationError:
        raise PydanticCustomError("action", ACTION_TEXT) from None


class SubmitAction(BaseModel):
    """An action: its text notation, or its structured form as ``/legal`` lists it."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: Annotated[ActionText | StructuredAction, WrapValidator(_one_reason)] = Field(
        examples=["fire P2 at platform"])
    index: ActionIndex | None = Field(None, description="the action count you saw: a repeated "
                                                        "request is then refused (409) instead "
                                                        "of played twice")


class Acted(BaseModel):
    """An accepted action: its index and text, its events, who acts next."""

    index: int
    action: str
    events: list[dict[str, Any]]
    to_act: str | None
    over: bool
    status: str
    result: dict[str, Any] | None


class UndoAnswer(BaseModel):
    """Whether the undo happened, who has still to agree, the action count."""

    done: bool
    waiting_for: list[str]
    n_actions: int


class FieldError(BaseModel):
    """One thing wrong with a malformed request: where (``loc``), what (``type``), why."""

    type: str
    loc: list[str | int]
    msg: str
    input: Any = None
    ctx: dict[str, Any] | None = None


class Refusal(BaseModel):
    """Why a request was refused: ``detail`` in words; ``rule`` for an illegal action;
    ``errors`` for a malformed request (each field's error; ``detail`` then begins
    ``malformed request:``)."""

    detail: str
    rule: str | None = None
    errors: list[FieldError] | None = None


_WHY = {
    401: "no seat token",
    403: "wrong seat token",
    404: "no such game",
    409: "not now (not your turn, game over, seat taken)",
    413: "request too large",
    422: "malformed request (a body that is not UTF-8 JSON, a field the schema refuses: "
         "errors lists them), or refused by the rules: an unknown name, options or data the "
         "ruleset cannot set up, an illegal action",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route may answer, each with its :class:`Refusal` body."""
    return {c: {"model": Refusal, "description": _WHY[c]} for c in codes}


REFUSALS = refusals(401, 403, 404, 409, 413, 422)


def action_text(action: str | StructuredAction | dict[str, Any]) -> str:
    """The notation of a submitted action: the text itself, or a structured action's
    ``text`` (which the rules then read and check like any text); a 422 otherwise."""
    if isinstance(action, StructuredAction):
        return action.text
    text = action.get("text") if isinstance(action, dict) else action
    if not isinstance(text, str) or not 1 <= len(text) <= 500:
        raise RequestValidationError([{"type": "action", "loc": ("body", "action"),
                                       "msg": ACTION_TEXT, "input": action}])
    return text


class AsciiJSON(JSONResponse):
    """JSON with every non-ASCII character escaped: always encodable (lone surrogates too).
    A route that returns one directly skips FastAPI's re-serialisation of its answer through
    pydantic (the hot routes: a view, the legal actions, an action's answer)."""

    def render(self, content: Any) -> bytes:
        """The body."""
        return json.dumps(content, ensure_ascii=True, allow_nan=False, default=str,
                          separators=(",", ":")).encode("ascii")


def malformed(errors: list[dict[str, Any]]) -> AsciiJSON:
    """422 for a request the document's schema refuses: the first five errors, readable in
    ``detail`` (``malformed request: options.points: ...``) and as data in ``errors``."""
    parts = []
    for e in errors[:5]:
        loc = e.get("loc", ())
        if e.get("type") == "json_invalid":
            where = "body"  # its location is a character offset: the reason says it
        else:
            where = ".".join(str(x) for x in loc if x != "body") or "body"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    # the errors echo what was sent: as JSON, with Python's NaN and Infinity (which its JSON
    # reader takes) as the text they were
    echo = json.loads(json.dumps(errors[:5], default=str), parse_constant=str)
    return AsciiJSON({"detail": "malformed request: " + "; ".join(parts), "errors": echo},
                     status_code=422)
