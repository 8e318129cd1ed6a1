"""The server's routes, one module a concern: the lobby and games, play, the websocket, pages.

Each route reaches the application's :class:`~voidwar.web.service.GameService` through
:func:`service_of` (``app.state.service``); :func:`voidwar.web.server.create_app` assembles
the routers.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from ..service import GameService


async def service_of(request: Request) -> GameService:
    """The application's game service (async: no thread hop for each request)."""
    service: GameService = request.app.state.service
    return service


#: a route parameter that receives the game service
Service = Annotated[GameService, Depends(service_of)]
