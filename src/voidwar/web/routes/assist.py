"""The table assistant (issue 17): a page and its API for players on the physical board.

``GET /assist/attack-vector`` is the page; ``POST /api/assist/attack-vector`` takes the ships
entered (hex, altitude, vector, nose, roll) and answers with the figures of
:mod:`voidwar.rulesets.attack_vector.assist`, each naming its rule. A malformed entry is refused
with 422 and the reason.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse

from .static import STATIC

router = APIRouter()


@router.get("/assist/attack-vector", include_in_schema=False)
def assist_page() -> FileResponse:
    """The Attack Vector table assistant page."""
    return FileResponse(STATIC / "assist.html")


@router.post("/api/assist/attack-vector")
def assist_attack_vector(body: dict[str, Any]) -> JSONResponse:
    """Bearings, RAL, movement grids, a burn, the laser table and a cycle time for the ships."""
    from pydantic import ValidationError

    from ...rulesets.attack_vector.assist import Request, answer, brief, entry_error
    from ...rulesets.attack_vector.avid import WindowError

    try:
        req = Request.model_validate(body)
        answers = answer(req)
        headline = brief(req)
    except ValidationError as e:
        return JSONResponse({"detail": entry_error(e)}, status_code=422)
    except (ValueError, WindowError) as e:
        return JSONResponse({"detail": str(e)}, status_code=422)
    return JSONResponse({"answers": [a.model_dump() for a in answers], "brief": headline})
