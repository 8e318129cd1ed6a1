"""The online table: accounts, their seats, the lobby of open games, time controls, turn
e-mails, ratings and chat, on top of the game service (:class:`voidwar.web.service.
GameService`) and in the same database.

:class:`OnlineTable` holds the parts; :func:`install` adds it to an application
(``app.state.table``); the routes are :mod:`voidwar.web.routes.accounts` and
:mod:`voidwar.web.routes.table`; the worker that keeps turns, clocks and e-mails is
:mod:`.turns`.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import select, update

from ..live import Live, ServiceError
from ..service import GameService
from . import schema
from .accounts import Account, Accounts
from .chat import Chat, LiveHub, Presence
from .clock import span
from .config import TableConfig
from .db import Db
from .jobs import Jobs
from .mail import Mailer
from .ratings import Ratings
from .schema import table_games
from .seats import AccountSeats

log = logging.getLogger("voidwar.web")

#: per-move limits a poster may choose (seconds)
PER_MOVE_MIN, PER_MOVE_MAX = 3600.0, 30 * 86400.0


def per_move_seconds(days: float | None, hours: float | None) -> float | None:
    """The time control chosen: days or hours per move (one of them), bounded; 422 else."""
    if days is not None and hours is not None:
        raise ServiceError(422, "time_control: days or hours per move, not both")
    seconds = days * 86400 if days is not None else hours * 3600 if hours is not None else None
    if seconds is not None and not PER_MOVE_MIN <= seconds <= PER_MOVE_MAX:
        raise ServiceError(422, "time_control: between 1 hour and 30 days per move")
    return seconds


class OnlineTable:
    """The parts of the online table and the operations that span them."""

    def __init__(self, service: GameService, key: bytes, config: TableConfig) -> None:
        self.service = service
        self.key = key
        self.config = config
        self.clock = config.clock
        self.db = Db(service.store)
        schema.create(service.store.engine, service.store.is_postgres)
        origin = service.origin
        self.accounts = Accounts(self.db, self.clock)
        self.seats = AccountSeats(self.db, key, origin)
        self.jobs = Jobs(self.db, origin)
        self.chat = Chat(self.db)
        self.presence = Presence(self.db, origin)
        self.hub = LiveHub(self.db, origin)
        self.ratings = Ratings(self.db)
        self.mailer = Mailer(config.smtp, config.mail_from)
        #: game → its seconds per move (None: no clock); fixed at posting, so kept
        self._per_move: dict[str, float | None] = {}
        #: game → whether it is a table game (a game becomes one when posted or claimed,
        #: never stops being one): the changes of other games cost the worker nothing
        self.is_table: dict[str, bool] = {}
        from .turns import Worker

        self.worker = Worker(self)
        service.subscribe(self._changed)
        service.guards.append(self.check_time)

    @property
    def base(self) -> str:
        """The public address links start with."""
        return self.config.public_url.rstrip("/")

    def start(self) -> None:
        """Hear other processes' changes and start the worker."""
        self.service.store.listen(self.hub.on_note)
        if self.config.worker:
            self.worker.start()

    def close(self) -> None:
        """Stop the worker; this process's pages are gone."""
        self.worker.stop()
        try:
            self.presence.forget_mine()
        except Exception as e:  # the database may already be gone
            log.warning("could not clear presence: %s", e)

    def _changed(self, live: Live, msg: dict[str, Any]) -> None:
        """Every committed change in this process: the worker catches the turn up (off the
        request's thread) and my-games pages here hear of it."""
        if self.is_table.get(live.id) is False:
            return  # a guest game: no turn to keep (another process's claim: the worker's
            # pass over the changed table games finds it within a second)
        self.worker.kick(live.id)
        self.hub.game_changed(live.id)

    def notify_account(self, c: Any, account_id: int) -> None:
        """Tell every process's pages of the account (on commit)."""
        self.db.notify(c, {"t": "account", "a": account_id, "o": self.service.origin})

    # -- time controls -----------------------------------------------------------------------
    def per_move(self, gid: str) -> float | None:
        """The game's seconds per move (None: no clock, or no table game)."""
        if gid not in self._per_move:
            with self.db.read() as c:
                r = c.execute(select(table_games.c.per_move)
                              .where(table_games.c.game_id == gid)).first()
            if len(self._per_move) > 50_000:
                self._per_move.clear()
            self._per_move[gid] = None if r is None else r[0]
        return self._per_move[gid]

    def check_time(self, live: Live, seat: str) -> None:
        """Refuse an action of a seat whose time for the move has run out (409), whether or
        not the worker has applied the timeout yet."""
        if self.per_move(live.id) is None:
            return
        with self.db.read() as c:
            r = c.execute(select(table_games.c.turn_seat, table_games.c.turn_index,
                                 table_games.c.deadline)
                          .where(table_games.c.game_id == live.id)).first()
        if r is None or r[2] is None or r[0] != seat:
            return
        start = int(r[1] or 0)
        if any(s != seat for s in live.action_seats[start:]):
            return  # the turn passed since (the worker has not caught up yet)
        if self.clock.now() >= float(r[2]):
            raise ServiceError(409, f"{seat}'s time for this move ran out "
                                    f"({span(self.clock.now() - float(r[2]))} ago); the "
                                    "game's timeout rule applies")

    # -- posting and joining -----------------------------------------------------------------
    def post(self, account: Account, ruleset: str, scenario: str | None,
             options: dict[str, Any], dice: str, setup_rolls: list[int], seat: str | None,
             others: dict[str, str], per_move: float | None, on_timeout: str,
             timeout_policy: str | None, rated: bool) -> tuple[Live, str]:
        """Post a game: the account takes ``seat`` (default: the first), the others are open
        (listed in the lobby) unless ``others`` gives them a bot (``bot:policy``). Returns the
        game and the account's seat."""
        if on_timeout not in ("forfeit", "bot"):
            raise ServiceError(422, "on_timeout: 'forfeit' or 'bot'")
        if rated and on_timeout != "forfeit":
            raise ServiceError(422, "on_timeout: a rated game is forfeited on time (a bot's "
                                    "result would be rated as its player's)")
        if rated and dice != "seeded":
            raise ServiceError(422, "dice: a rated game is rolled by the server")
        specs: dict[str, tuple[str, str | None]] = {}
        for s, who in others.items():
            kind, _, policy = who.partition(":")
            if kind not in ("open", "bot"):
                raise ServiceError(422, f"seats.{s[:64]}: 'open' or 'bot:<policy>'")
            specs[s] = (kind, policy or None)
        nonce, token = self.seats.new_token(account.id)
        probe_seats = self._seats_of(ruleset, scenario)
        mine = seat or (probe_seats[0] if probe_seats else "")
        if mine in specs:
            raise ServiceError(422, f"seat: {mine} is yours; it cannot also be open or a bot")
        if probe_seats and mine not in probe_seats:
            raise ServiceError(422, f"seat: {ruleset} has no seat {mine[:64]!r} (seats: "
                                    f"{', '.join(probe_seats)})")
        for s in probe_seats:
            specs.setdefault(s, ("human", None) if s == mine else ("open", None))
        if rated and (len(probe_seats) != 2 or any(k != "open" for s, (k, _) in specs.items()
                                                   if s != mine)):
            raise ServiceError(422, "rated: a rated game has two seats, yours and an open one")
        if on_timeout == "bot":
            timeout_policy = self._policy(ruleset, timeout_policy)
        live, _tokens = self.service.create(ruleset, scenario, options, None, specs, dice=dice,
                                            setup_rolls=setup_rolls, tokens={mine: token})
        listed = any(k == "open" for k, _ in specs.values())
        now = self.clock.now()
        with self.db.begin() as c:
            self.seats.add(c, live.id, mine, account.id, nonce, now)
            c.execute(table_games.insert().values(
                game_id=live.id, creator_id=account.id, ruleset=live.row.ruleset,
                scenario=live.row.scenario, listed=int(listed), rated=int(rated),
                per_move=per_move, on_timeout=on_timeout, timeout_policy=timeout_policy,
                state="active", posted=now, version_seen=-1, n_seen=0))
            self.notify_account(c, account.id)
        self._per_move[live.id] = per_move
        self.is_table[live.id] = True
        self.hub.account_changed(account.id)
        self.worker.kick(live.id)
        return live, mine

    def _seats_of(self, ruleset: str, scenario: str | None) -> list[str]:
        from voidwar.core.registry import load

        from ..setup import check_request, ruleset_of

        info = ruleset_of(ruleset)
        check_request(info, scenario, {})
        try:
            return list(load(info.name, scenario=scenario, seed=0).seats)
        except Exception:
            return []

    @staticmethod
    def _policy(ruleset: str, policy: str | None) -> str:
        from voidwar.ai import registry as policy_registry

        known = policy_registry.names(ruleset)
        chosen = policy or ("heuristic" if "heuristic" in known else "random")
        if chosen not in known:
            raise ServiceError(422, f"timeout_policy: unknown policy {chosen[:64]!r} for "
                                    f"{ruleset} (known: {', '.join(known)})")
        return chosen

    def join(self, account: Account, gid: str, seat: str | None) -> str:
        """Take an open seat of a listed game (the first, or ``seat``); the poster is told.
        404 no such open game, 409 full or already seated."""
        with self.db.read() as c:
            t = c.execute(select(table_games).where(table_games.c.game_id == gid)
                          ).mappings().first()
        if t is None:
            raise ServiceError(404, f"no game {gid[:32]!r} in the lobby")
        holders = self.seats.holders(gid)
        if account.id in holders.values():
            raise ServiceError(409, "you already sit in this game")
        live = self.service.get(gid)
        with live.lock:
            open_seats = [n for n, s in live.seats.items() if s.kind == "open"]
            if live.over:
                raise ServiceError(409, f"game {gid} is over")
        if not open_seats:
            raise ServiceError(409, f"game {gid} is full: no open seat")
        if seat is not None and seat not in open_seats:
            raise ServiceError(409, f"seat {seat[:64]} of game {gid} is not open (open: "
                                    f"{', '.join(open_seats)})")
        take = seat or open_seats[0]
        nonce, token = self.seats.new_token(account.id)
        self.service.join(gid, take, token=token)
        now = self.clock.now()
        with self.db.begin() as c:
            self.seats.add(c, gid, take, account.id, nonce, now)
            if len(open_seats) == 1:
                c.execute(update(table_games).where(table_games.c.game_id == gid)
                          .values(listed=0))
            creator = t["creator_id"]
            if creator is not None and creator != account.id:
                self.jobs.add(c, f"joined:{gid}:{take}", "joined", now, game_id=gid,
                              account_id=creator, seat=take, data={"who": account.name})
                self.notify_account(c, creator)
            self.notify_account(c, account.id)
        for a in {account.id, creator} - {None}:
            self.hub.account_changed(int(a))
        self.worker.kick(gid)
        return take

    def claim(self, account: Account, gid: str, token: str) -> tuple[str, str]:
        """A guest seat (its token) becomes the account's, on every device: (seat, new
        token). The guest link stops opening it."""
        live = self.service.get(gid)
        with live.lock:
            seat = self.service.require_seat(live, token)
            version = live.version
        if seat in self.seats.holders(gid):
            raise ServiceError(409, f"seat {seat} already belongs to an account")
        from ..store import Conflict

        now = self.clock.now()
        try:
            new = self.seats.claim(gid, version, seat, token, account.id, now)
        except Conflict:
            raise ServiceError(409, "the game changed at the same moment; try again") from None
        with self.db.begin() as c:
            self.db.insert_new(c, table_games, {
                "game_id": gid, "creator_id": None, "ruleset": live.row.ruleset,
                "scenario": live.row.scenario, "listed": 0, "rated": 0, "per_move": None,
                "on_timeout": "forfeit", "state": "active", "posted": now,
                "version_seen": -1, "n_seen": 0})
            self.notify_account(c, account.id)
        self.is_table[gid] = True
        self._per_move.pop(gid, None)
        self.service.get(gid)
        self.hub.account_changed(account.id)
        self.worker.kick(gid)
        return seat, new
