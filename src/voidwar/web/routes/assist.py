"""The table assistant: a page and its API for players on the physical board.

``GET /assist/attack-vector`` is the page; ``POST /api/assist/attack-vector`` takes the ships
entered (hex, altitude, vector, nose, roll) and answers with the figures of the ruleset's
:class:`~voidwar.core.registry.Assistant` (found through the registry), each naming its rule.
A body of the wrong shape is a malformed request (422 with ``errors``); an entry the rules
cannot read (a hex, a vector, a window) is refused with 422 and the reason.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse
from pydantic import ValidationError

from voidwar.core.registry import Assistant, get_ruleset

from ..models import AsciiJSON, json_integers, malformed, refusals
from .static import STATIC

router = APIRouter()


@router.get("/assist/attack-vector", include_in_schema=False)
def assist_page() -> FileResponse:
    """The Attack Vector table assistant page."""
    return FileResponse(STATIC / "assist.html")


#: the ruleset whose assistant the page and the route serve
RULESET = "attack-vector"


def assistant_of(name: str = RULESET) -> Assistant:
    """The ruleset's table assistant, found through the registry."""
    found = get_ruleset(name).assistant
    if found is None:  # pragma: no cover - the registry's contract
        raise LookupError(f"{name} has no table assistant")
    return found


@router.post("/api/assist/attack-vector", responses=refusals(413, 422))
def assist_attack_vector(body: dict[str, Any]) -> JSONResponse:
    """Bearings, RAL, movement grids, a burn, the laser table and a cycle time for the ships."""
    tool = assistant_of()
    try:
        req = tool.request.model_validate(json_integers(body), strict=True)
    except ValidationError as e:
        errors = e.errors()
        if any(err["type"] != "value_error" for err in errors):
            return malformed([dict(err) for err in errors])
        words = tool.entry_error(e) if tool.entry_error else str(errors[0]["msg"])
        return AsciiJSON({"detail": words}, status_code=422)
    try:
        answers = tool.answer(req)
        headline = tool.brief(req) if tool.brief else []
    except tool.refusals as e:
        return AsciiJSON({"detail": str(e)}, status_code=422)
    return AsciiJSON({"answers": [a.model_dump() for a in answers], "brief": headline})
