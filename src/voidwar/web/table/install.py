"""Adding the online table to an application (its routes and ``app.state.table``)."""

from __future__ import annotations

from fastapi import FastAPI

from ..routes import accounts, table, table_pages
from ..service import GameService
from .config import TableConfig
from .online import OnlineTable


def install(app: FastAPI, service: GameService, key: bytes, config: TableConfig | None
            ) -> OnlineTable:
    """Add the online table to ``app``: its routes, and ``app.state.table`` (started and
    closed with the application)."""
    online = OnlineTable(service, key, config or TableConfig())
    app.state.table = online
    for module in (accounts, table, table_pages):
        app.include_router(module.router)
    return online
