"""The pages: the lobby, a game, a replay, and their static files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from ..models import GameId

#: the folder of the pages' files
STATIC = Path(str(resources.files("voidwar.web") / "static"))

router = APIRouter(include_in_schema=False)


@router.get("/")
def lobby() -> FileResponse:
    """The lobby page."""
    return FileResponse(STATIC / "lobby.html")


@router.get("/game/{gid}")
def game_page(gid: GameId) -> FileResponse:
    """A game's page (the seat and token travel in the link's fragment)."""
    return FileResponse(STATIC / "game.html")


@router.get("/replay/{gid}")
def replay_page(gid: GameId) -> FileResponse:
    """A game's replay page."""
    return FileResponse(STATIC / "replay.html")


@router.get("/favicon.ico")
def favicon() -> Response:
    """No icon."""
    return Response(status_code=204)


def mount_static(app: FastAPI) -> None:
    """Serve the pages' files under ``/static``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
