"""The online table as its worker and its queries see it: what they use of
:class:`~voidwar.web.table.online.OnlineTable`, named here so that they need not import the
table that builds them (no circle of imports, not even for type checking)."""

from __future__ import annotations

from typing import Any, Protocol

from ..service import GameService
from .accounts import Accounts
from .chat import LiveHub, Presence
from .clock import Clock
from .config import TableConfig
from .db import Db
from .jobs import Jobs
from .mail import Mailer
from .ratings import Ratings
from .seats import AccountSeats


class TableHost(Protocol):
    """The table's parts and settings (:class:`~voidwar.web.table.online.OnlineTable`)."""

    service: GameService
    key: bytes
    config: TableConfig
    clock: Clock
    db: Db
    accounts: Accounts
    seats: AccountSeats
    jobs: Jobs
    presence: Presence
    hub: LiveHub
    ratings: Ratings
    mailer: Mailer
    #: game id → whether it is a table game (a cache the worker clears)
    is_table: dict[str, bool]

    @property
    def base(self) -> str:
        """The public address links start with."""

    def notify_account(self, c: Any, account_id: int) -> None:
        """Tell every process's pages of the account (on commit)."""
