"""The OpenAPI document as the server is: what each request may be, and every refusal's body.

FastAPI writes the document from the request models (:mod:`.models`), which cannot know the
rulesets registered at run time or whether this server takes a client's seed. :func:`install`
makes ``/openapi.json`` narrow them as the server does (``web/setup.py``):

* ``POST /api/games``: one branch per ruleset and set of seats — the ruleset by name, its
  scenarios, its options' own schema (``RulesetInfo.options_model``: names, types, bounds), its
  seats and policies; a ``seed`` only where the server takes one (``client_seeds``); real dice
  need a human seat.
* every refusal is a :class:`~.models.Refusal` (``{"detail", "rule"?, "errors"?}``):
  FastAPI's default ``HTTPValidationError`` (``detail`` as a list) is never sent, so it is
  never documented.

What a schema cannot say is documented in words and refused with 422 without ``errors``: the
contents of a data option (a table, an army, a scenario of one's own), the ship classes a
fleet names, set-up rolls that do not fit what the rules roll, an illegal action.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from voidwar.ai import registry as policy_registry
from voidwar.core.registry import RulesetInfo, load, rulesets

log = logging.getLogger("voidwar.web")

_SCHEMAS = "#/components/schemas/"


def install(app: FastAPI, client_seeds: bool) -> None:
    """Serve ``app``'s document narrowed as above (built on its first request, then kept)."""

    def document() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = get_openapi(title=app.title, version=app.version,
                              description=app.description, routes=app.routes)
            narrow(doc, client_seeds)
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = document  # type: ignore[method-assign]


def narrow(doc: dict[str, Any], client_seeds: bool) -> None:
    """Make ``doc`` say what the server checks (in place)."""
    schemas: dict[str, Any] = doc.setdefault("components", {}).setdefault("schemas", {})
    _refusals_only(doc, schemas)
    if "CreateGame" in schemas:
        base = schemas["CreateGame"]
        if not client_seeds:
            base["properties"]["seed"] = {
                "type": "null", "title": "Seed",
                "description": "this server seeds the dice from its own randomness: it takes "
                               "no seed from a client"}
        branches = []
        for name, info in sorted(rulesets().items()):
            branches += _ruleset_branches(name, info, schemas)
        schemas["CreateGame"] = {"allOf": [base, {"anyOf": branches}],
                                 "title": base.get("title", "CreateGame"),
                                 "description": base.get("description", "")}
    assist = doc.get("paths", {}).get("/api/assist/attack-vector", {}).get("post")
    if assist is not None:
        _assist_schemas(assist, schemas)


def _assist_schemas(operation: dict[str, Any], schemas: dict[str, Any]) -> None:
    """The table assistant's request and answer (its route reads the body itself, so that
    the ruleset's rules load on its first use, not with the server)."""
    from pydantic import BaseModel, create_model

    from .routes.assist import assistant_of

    tool = assistant_of()
    answers: type[BaseModel] = create_model(
        "AssistAnswers", answers=(list[tool.answer_model], ...),  # type: ignore[name-defined]
        brief=(list[str], ...))
    for model, name in ((tool.request, "AssistRequest"), (answers, "AssistAnswers")):
        schema = model.model_json_schema(ref_template=_SCHEMAS + "{model}")
        schemas.update(schema.pop("$defs", {}))
        schema["title"] = name
        schemas[name] = schema
    operation["requestBody"]["content"]["application/json"]["schema"] = {
        "$ref": _SCHEMAS + "AssistRequest"}
    operation["responses"]["200"]["content"]["application/json"]["schema"] = {
        "$ref": _SCHEMAS + "AssistAnswers"}


def _refusals_only(node: Any, schemas: dict[str, Any]) -> None:
    """Point every use of FastAPI's ``HTTPValidationError`` at ``Refusal`` and drop it."""
    if isinstance(node, dict):
        if node.get("$ref") == _SCHEMAS + "HTTPValidationError":
            node["$ref"] = _SCHEMAS + "Refusal"
        for v in node.values():
            _refusals_only(v, schemas)
    elif isinstance(node, list):
        for v in node:
            _refusals_only(v, schemas)
    if node is schemas:
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)


def _ruleset_branches(name: str, info: RulesetInfo, schemas: dict[str, Any]
                      ) -> list[dict[str, Any]]:
    """The requests that may create a game of ``name``: one branch a set of seats (the
    scenarios that seat the same seats share it)."""
    options_ref = _options_schema(name, info, schemas)
    seat_ref = _seat_schema(name, schemas)
    try:
        scenarios: list[str | None] = [None, *info.scenarios()]
    except Exception as e:  # a broken ruleset must not break the document
        log.warning("ruleset %s: scenarios failed: %s", name, e)
        scenarios = [None]
    by_seats: dict[tuple[str, ...], list[str | None]] = {}
    for scenario in scenarios:
        seats = _seats_of(name, scenario)
        if seats:
            by_seats.setdefault(seats, []).append(scenario)
    branches = []
    for seats, names in by_seats.items():
        named = [s for s in names if s is not None]
        choices: list[dict[str, Any]] = [{"enum": named}] if named else []
        if None in names:
            choices.append({"type": "null"})
        every_seat_not_human = {
            "type": "object", "required": list(seats),
            "additionalProperties": {"type": "object", "required": ["kind"],
                                     "properties": {"kind": {"enum": ["bot", "open"]}}}}
        branches.append({
            "type": "object",
            "title": f"{name}: seats {', '.join(seats)}",
            "properties": {
                "ruleset": {"const": name},
                "scenario": {"anyOf": choices},
                "options": {"$ref": options_ref},
                "seats": {"type": "object", "propertyNames": {"enum": list(seats)},
                          "additionalProperties": {"$ref": seat_ref}},
            },
            # a scenario other than the default one is named
            "required": ["ruleset"] if None in names else ["ruleset", "scenario"],
            # real dice are entered by a person at the table: a seat must be human
            "if": {"properties": {"dice": {"const": "manual"}}, "required": ["dice"]},
            "then": {"not": {"properties": {"seats": every_seat_not_human},
                             "required": ["seats"]}},
        })
    return branches


def _seats_of(name: str, scenario: str | None) -> tuple[str, ...]:
    """The seats of a scenario (none when it cannot be set up: it is then not offered)."""
    try:
        return tuple(load(name, scenario=scenario, seed=0).seats)
    except Exception as e:
        log.warning("cannot set up %s/%s: %s", name, scenario, e)
        return ()


def _options_schema(name: str, info: RulesetInfo, schemas: dict[str, Any]) -> str:
    """A reference to the ruleset's options schema, added to the components."""
    key = f"Options-{name}"
    model = getattr(info, "options_model", None)
    if model is not None:
        schema = model.model_json_schema(ref_template=_SCHEMAS + f"{key}-{{model}}")
        for sub, definition in schema.pop("$defs", {}).items():
            schemas[f"{key}-{sub}"] = definition
    else:  # a ruleset without a schema: its options by name, each checked when set up
        schema = {"type": "object", "additionalProperties": False,
                  "properties": {o: {"description": h} for o, h in info.option_help.items()}}
    schema["title"] = f"options of {name}"
    data = [o for o in schema.get("properties", {}) if _is_data(schema["properties"][o])]
    if data:
        schema["description"] = (
            (schema.get("description") or "") + "\n\nData options (" + ", ".join(data)
            + ") are a data file's contents inline (at most 12 deep, 20 000 values); the "
            "ruleset checks them when it sets the game up (422 naming the field).").strip()
    schemas[key] = schema
    return _SCHEMAS + key


def _is_data(prop: dict[str, Any]) -> bool:
    """Whether an option's schema takes an object (a data file's contents)."""
    return any(alt.get("type") == "object" for alt in [prop, *prop.get("anyOf", [])])


def _seat_schema(name: str, schemas: dict[str, Any]) -> str:
    """A reference to the seat schema of ``name``: who sits there, with its policies."""
    key = f"SeatSpec-{name}"
    schemas[key] = {
        "type": "object", "additionalProperties": False, "title": f"a seat of {name}",
        "properties": {
            "kind": {"enum": ["human", "bot", "open"], "default": "human"},
            "policy": {"anyOf": [{"enum": policy_registry.names(name)}, {"type": "null"}],
                       "description": "a bot's policy (default: heuristic, else random); "
                                      "ignored for other seats"},
        },
    }
    return _SCHEMAS + key
