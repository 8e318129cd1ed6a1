"""The pages: the lobby, a game, a replay, and their static files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

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


class RevalidatedFiles(StaticFiles):
    """Static files a browser keeps and revalidates with their ETag (a 304 without a body
    while a file is unchanged; a new version is fetched at once after an upgrade)."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        """The file's response with ``Cache-Control: no-cache`` (revalidate before reuse)."""
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def mount_static(app: FastAPI) -> None:
    """Serve the pages' files under ``/static``, cached by the browser and revalidated."""
    app.mount("/static", RevalidatedFiles(directory=STATIC), name="static")
