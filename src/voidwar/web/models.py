"""The JSON API's request and answer bodies, path and header parameters, and refusals."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import Header
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

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

GameId = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="game id")]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]
#: an option is a scalar, or inline data (a table or army file's contents); each ruleset's
#: options schema checks them (rulesets/<r>/options.py: types, bounds, never a file name)
OptionValue = str | int | float | bool | list[Any] | dict[str, Any] | None


# -- request and answer bodies --------------------------------------------------------------
class SeatSpec(BaseModel):
    """Who sits in a seat: a ``human`` (gets a token), a ``bot`` (a policy) or ``open``."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot", "open"] = "human"
    policy: str | None = Field(None, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")


class CreateGame(BaseModel):
    """A new game: ruleset, scenario, options, seed, who sits where, the dice."""

    model_config = ConfigDict(extra="forbid")
    ruleset: Text = Field(max_length=64, examples=["antilles"])
    scenario: Text | None = Field(None, max_length=128,
                                  description="one of the ruleset's scenarios, by name")
    options: dict[Annotated[Text, Field(max_length=64)], OptionValue] = Field(
        default_factory=dict, max_length=32,
        description="the ruleset's options (GET /api/rulesets lists them), checked by its "
                    "schema; data options as inline content, never a file name")
    seed: int | None = Field(None, ge=0, lt=SEED_LIMIT,
                             description="the dice seed: only where the server lets the "
                                         "creator choose it (every seat is told); else the "
                                         "server seeds the dice itself")
    seats: dict[Annotated[Text, Field(max_length=64)], SeatSpec] = Field(
        default_factory=dict, max_length=16,
        description="seat name → who sits there; seats left out are human")
    dice: Literal["seeded", "manual"] = Field(
        "seeded", description="seeded: the server rolls; manual: real dice, a person at the "
        "table enters every roll (the game waits for the chance seat)")
    setup_rolls: list[Annotated[int, Field(ge=1, le=100)]] = Field(
        default_factory=list, max_length=64,
        description="manual dice: the rolls the rules make while setting the game up")


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


#: a structured action as ``/legal`` lists it (``{"text", "kind", "actor", ...}``)
StructuredAction = dict[Text, Text | int | list[int | Text] | None]


class SubmitAction(BaseModel):
    """An action: its text notation, or its structured form as ``/legal`` lists it."""

    model_config = ConfigDict(extra="forbid")
    action: Text | StructuredAction = Field(examples=["fire P2 at platform"])
    index: int | None = Field(None, ge=0, le=10**6,
                              description="the action count you saw: a repeated request is "
                                          "then refused (409) instead of played twice")


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


class Refusal(BaseModel):
    """Why a request was refused (and the rule, for an illegal action)."""

    detail: str
    rule: str | None = None


REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"model": Refusal, "description": "no seat token"},
    403: {"model": Refusal, "description": "wrong seat token"},
    404: {"model": Refusal, "description": "no such game"},
    409: {"model": Refusal, "description": "not now (not your turn, game over, seat taken)"},
    413: {"model": Refusal, "description": "request too large"},
    422: {"model": Refusal, "description": "malformed request or illegal action"},
}


def action_text(action: str | dict[str, Any]) -> str:
    """The notation of a submitted action: the text itself, or a structured action's
    ``text`` (which the rules then read and check like any text); a 422 otherwise."""
    text = action.get("text") if isinstance(action, dict) else action
    if not isinstance(text, str) or not 1 <= len(text) <= 500:
        raise RequestValidationError([{"type": "value_error", "loc": ("body", "action"),
                                       "msg": "an action is its text (1-500 characters) or a "
                                              "structured action with its 'text'",
                                       "input": action}])
    return text


class AsciiJSON(JSONResponse):
    """JSON with every non-ASCII character escaped: always encodable (lone surrogates too).
    A route that returns one directly skips FastAPI's re-serialisation of its answer through
    pydantic (the hot routes: a view, the legal actions, an action's answer)."""

    def render(self, content: Any) -> bytes:
        """The body."""
        return json.dumps(content, ensure_ascii=True, allow_nan=False, default=str,
                          separators=(",", ":")).encode("ascii")
