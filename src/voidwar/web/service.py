"""Games in play: the live games, their seats and tokens, their bots and their subscribers.

Everything here goes through the Game protocol only (``load``, ``legal_actions``, ``apply``,
``view``, ``record``, policies), so every ruleset plays on the web unchanged.

The store is the single source of truth; a process's live game is a cache, checked against the
stored version before each use (:func:`.loading.catch_up`), so any number of processes on any
number of machines can serve the same game. Order of an accepted action: catch up → apply it to
the live game (transactional — an illegal action changes nothing) → append its row under the
game's version (compare-and-set, unique (game, index)) and **commit** → publish it (locally,
and through PostgreSQL ``NOTIFY`` to every other process) → answer the client. If the commit
fails or loses the race the live game is rebuilt from the store and the client is told (409),
so memory never runs ahead of the store and no action is accepted twice.

Creating games for untrusted clients is :mod:`.setup`'s; bots are :mod:`.bots`' jobs; what each
seat may see is :mod:`.views`'s; games with real dice are :mod:`.manual`'s; rebuilding a live
game from its rows is :mod:`.loading`'s.
"""

from __future__ import annotations

import hmac
import logging
import os
import secrets
import threading
from collections.abc import Callable
from typing import Any

from voidwar.core.chance import CHANCE
from voidwar.core.errors import DiceError, IllegalAction
from voidwar.core.game import Event
from voidwar.core.record import sign

from . import views
from .bots import Bots
from .live import Live, ServiceError, Subscriber, hash_token, is_manual
from .loading import catch_up, load_live
from .manual import dice_column
from .setup import check_request, pick_seed, ruleset_of, seat_rows, set_up, terms
from .store import Conflict, Store

log = logging.getLogger("voidwar.web")

__all__ = ["GameService", "Live", "ServiceError", "hash_token", "is_manual"]


class GameService:
    """The server's model: thread-safe operations on games, each committed before it returns."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int = 4, *,
                 client_seeds: bool = False, key: bytes | None = None,
                 bot_lease: float = 15.0, sweep_every: float = 1.0,
                 max_cached: int = 2000, bots: bool = True) -> None:
        self.store = store
        self.client_seeds = client_seeds
        self.key = key
        #: names this process in the store's bot claims and its change announcements
        self.origin = f"{os.uname().nodename[:40]}:{os.getpid()}:{secrets.token_hex(3)}"
        self.max_cached = max_cached
        self._live: dict[str, Live] = {}
        self._live_lock = threading.Lock()
        self._stopping = threading.Event()
        self._subscribers: list[Subscriber] = []
        #: ``fn(live, seat)`` before a seat's action is applied: raises ServiceError to refuse
        #: it (the online table's time controls)
        self.guards: list[Callable[[Live, str], None]] = []
        self.bots = Bots(self, workers=bot_workers, delay=bot_delay, lease=bot_lease,
                         sweep_every=sweep_every, enabled=bots)

    def start(self) -> None:
        """Listen for other processes' changes (PostgreSQL) and sweep for bot jobs."""
        self.store.listen(self._on_change)
        self.bots.start()

    def close(self) -> None:
        """Stop the bots and close the store."""
        self._stopping.set()
        self.bots.stop()
        self.store.close()

    def subscribe(self, fn: Subscriber) -> None:
        """``fn(live, message)`` is called after every committed change of any game."""
        self._subscribers.append(fn)

    # -- the live games: a cache of the store ------------------------------------------------
    def get(self, gid: str, refresh: bool = True) -> Live:
        """The game ``gid``, level with the store (loaded on first use, caught up after;
        ``refresh=False``: the caller catches it up under its own hold of the lock)."""
        with self._live_lock:
            live = self._live.get(gid)
        if live is None:
            live = load_live(self.store, gid)
            with self._live_lock:
                if len(self._live) >= self.max_cached:
                    self._evict()
                live = self._live.setdefault(gid, live)
        elif refresh:
            with live.lock:
                self.refresh(live)
        return live

    def cached(self, gid: str) -> Live | None:
        """The cached copy of ``gid``, if this process holds one (not caught up)."""
        with self._live_lock:
            return self._live.get(gid)

    def _evict(self) -> None:
        """Forget the older half of the cached games (the store keeps them all)."""
        for gid in list(self._live)[: len(self._live) // 2]:
            del self._live[gid]

    def refresh(self, live: Live, kind: str | None = None, seat: str | None = None
                ) -> list[int] | None:
        """Catch ``live`` up with the store (the caller holds its lock) and tell this
        process's websockets what another process changed: one message per action added,
        else one of ``kind`` (what the change's announcement said; ``resync`` after a
        rebuild, ``change`` otherwise). The indices of the actions added, None after a
        rebuild."""
        before = live.version
        added = catch_up(self.store, live)
        if live.version == before:
            return added
        if added:
            for idx in added:
                self._publish(live, "action", live.action_seats[idx], idx)
        elif added is None:
            self._publish(live, kind if kind in ("undo", "resign") else "resync", seat)
        else:
            self._publish(live, kind if kind and kind != "action" else "change", seat)
        return added

    def resume_all(self) -> int:
        """After a start: take the bot jobs nobody holds (the other games load on demand)."""
        return self.bots.sweep()

    def _reload(self, live: Live) -> None:
        """Rebuild ``live`` from the store (its copy may have run ahead: a failed write) and
        tell the websockets what other processes changed meanwhile."""
        n, generation, version = len(live.action_seats), live.row.generation, live.version
        live.replace(load_live(self.store, live.id))
        if live.version == version:
            return
        if live.row.generation == generation and len(live.action_seats) >= n:
            for idx in range(n, len(live.action_seats)):
                self._publish(live, "action", live.action_seats[idx], idx)
        else:
            self._publish(live, "resync", None)

    def _on_change(self, note: dict[str, Any]) -> None:
        """Another process changed a game: catch the cached copy up and tell this process's
        websockets (one message per action added)."""
        if note.get("o") == self.origin or not isinstance(note.get("g"), str):
            return
        live = self.cached(note["g"])
        if live is None:
            return
        with live.lock:
            if live.version >= int(note.get("v", 0)):
                return
            self.refresh(live, str(note.get("t", "change")), note.get("s"))

    # -- seats and tokens --------------------------------------------------------------------
    def seat_of(self, live: Live, token: str | None) -> str | None:
        """The seat a token opens (None: no token, a spectator). A wrong token is refused."""
        if token is None or token == "":
            return None
        h = hash_token(token)
        for name, s in live.seats.items():
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return name
        raise ServiceError(403, "this token opens no seat of this game")

    def require_seat(self, live: Live, token: str | None) -> str:
        """The seat a token opens; refused without a token."""
        seat = self.seat_of(live, token)
        if seat is None:
            raise ServiceError(401, "a seat token is needed (header X-Seat-Token)")
        return seat

    # -- creating and joining ----------------------------------------------------------------
    def create(
        self,
        ruleset: str,
        scenario: str | None,
        options: dict[str, Any],
        seed: int | None,
        seat_specs: dict[str, tuple[str, str | None]],
        dice: str = "seeded",
        setup_rolls: list[int] | None = None,
        tokens: dict[str, str] | None = None,
    ) -> tuple[Live, dict[str, str]]:
        """Start a game; returns it and the secret token of every human seat.

        Everything a client sends is checked first (:mod:`.setup`). ``dice="manual"``: real
        dice — every roll is entered by a person at the table (explicit chance: any human seat
        may enter it); rolls the rules make while setting up come from ``setup_rolls``.
        ``tokens``: the tokens some human seats get (an account's); the others' are random."""
        info = ruleset_of(ruleset)
        check_request(info, scenario, options)
        seed, seeded_by = pick_seed(seed, self.client_seeds)
        game = set_up(info, scenario, options, seed, dice, setup_rolls)
        rows, tokens = seat_rows(info, game, seat_specs, tokens)
        if dice == "manual" and not tokens:
            raise ServiceError(422, "real dice need a person at the table: make a seat human")
        gid = secrets.token_hex(8)
        status = "over" if game.over else "active"
        spec = ({"kind": "manual", "values": list(game.dice.history)} if dice == "manual"
                else game.dice.spec())
        kinds = {r.seat: r.kind for r in rows}
        bot_due = status == "active" and kinds.get(str(game.to_act)) == "bot"
        self.store.create_game(gid, info.name, game.scenario, game.record_options(), spec, rows,
                               status=status, seeded_by="manual" if dice == "manual"
                               else seeded_by, bot_due=bot_due)
        live = self.get(gid)
        self.bots.schedule(live)
        return live, tokens

    def terms(self, live: Live) -> dict[str, Any]:
        """What a seat is told before it joins: dice, non-default options, notes."""
        return terms(live.row, live.game.notes())

    def join(self, gid: str, seat: str, token: str | None = None) -> str:
        """Take the open seat ``seat``; returns its new secret token (``token``: the one to
        give it, an account's)."""
        live = self.get(gid)
        with live.lock:
            s = live.seats.get(seat)
            if s is None:
                raise ServiceError(404, f"game {gid} has no seat {seat[:64]!r}")
            if s.kind != "open":
                raise ServiceError(409, f"seat {seat} is not open (it is {s.kind})")
            token = token or secrets.token_urlsafe(18)
            version = self._write(live, lambda v: self.store.claim_seat(
                gid, v, seat, hash_token(token), note=self._note("join", seat)))
            if version is None:
                self._reload(live)
                raise ServiceError(409, f"seat {seat} was taken")
            live.seats = self.store.get_seats(gid)
            self._publish(live, "join", seat)
        return token

    # -- playing -----------------------------------------------------------------------------
    def act(self, gid: str, token: str | None, text: str, index: int | None = None
            ) -> tuple[Live, int, list[Event]]:
        """The token's seat plays ``text`` (or, at a manual roll, a person enters the roll).
        ``index``: the place the action is meant for (the action count the player saw), so a
        repeated request is refused rather than played twice."""
        live = self.get(gid, refresh=False)
        with live.lock:
            self.refresh(live)
            seat = self.require_seat(live, token)
            if live.over:
                raise ServiceError(409, "the game is over")
            if index is not None and index != len(live.game.actions):
                raise ServiceError(409, f"this action was meant as action #{index}, but the "
                                        f"game has {len(live.game.actions)} actions now")
            for guard in self.guards:
                guard(live, seat)
            if live.game.to_act == CHANCE:
                # real dice are rolled at the table: any human seat enters the result
                if live.seats[seat].kind != "human":
                    raise ServiceError(403, "only a person at the table enters a roll")
                t = text.strip()
                idx, events = self.apply_as(live, seat, f"roll {t}" if t.isdigit() else t)
            elif live.game.to_act != seat:
                raise ServiceError(409, f"it is not {seat}'s turn ({live.game.to_act} to act)")
            else:
                idx, events = self.apply_as(live, seat, text)
        self.bots.schedule(live)
        return live, idx, events

    def _note(self, kind: str, seat: str | None) -> dict[str, Any]:
        """The announcement of a change to the other processes."""
        return {"t": kind, "s": seat, "o": self.origin}

    def bot_due(self, live: Live) -> bool:
        """Whether a bot seat is to act in ``live``."""
        seat = live.to_act
        row = live.seats.get(seat) if seat is not None else None
        return row is not None and row.kind == "bot"

    def apply_as(self, live: Live, seat: str | None, text: str) -> tuple[int, list[Event]]:
        """Apply, commit under the version, publish (the caller holds the lock, and has just
        caught ``live`` up)."""
        game = live.game
        before = len(game.actions)
        actor = game.to_act
        pending = game.pending_roll
        try:
            events = game.apply(text)
        except IllegalAction as e:
            raise ServiceError(422, e.reason, e.rule) from None
        except DiceError as e:
            raise ServiceError(422, str(e)) from None
        idx = len(game.actions) - 1
        status = "over" if game.over else "active"
        dice: dict[str, Any] | None = None
        if is_manual(live.row):
            column = dice = live.row.dice = dice_column(live, game)
            if len(game.actions) == before:  # a roll (or an action) now waiting for rolls
                self._write(live, lambda v: self.store.set_dice(
                    live.id, v, column, note=self._note("roll", seat)))
                self._publish(live, "roll", seat)
                return idx, events
            if actor == CHANCE and pending is not None:
                seat = pending.seat  # the action is the seat's that gave it, not the roller's
        live.row.status = status
        due = status == "active" and self.bot_due(live)
        undo = any(s.undo_at is not None for s in live.seats.values())
        self._write(live, lambda v: self.store.add_action(
            live.id, v, idx, seat, game.actions[-1], status=status, dice=dice, bot_due=due,
            note=self._note("action", seat), undo_pending=undo))
        live.row.n_actions = idx + 1
        live.action_seats.append(seat)
        live.entries.append(events)
        for s in live.seats.values():
            s.undo_at = None
        live.reveal.advance(game)
        self._publish(live, "action", seat, idx)
        return idx, events

    def _write(self, live: Live, write: Callable[[int], int | None]) -> int | None:
        """Run a store write at ``live``'s version and take the new version. If it fails or
        another process changed the game first, rebuild ``live`` from what was committed
        (memory must not run ahead of the store): a lost race is 409, to look again."""
        try:
            version = write(live.version)
        except Conflict:
            self._reload(live)
            raise ServiceError(409, "the game changed at the same moment (another seat, "
                                    "window or server); look again and retry") from None
        except Exception:
            self._reload(live)
            raise
        if version is not None:
            live.version = live.row.version = version
        return version

    def legal(self, live: Live, seat: str | None) -> list[dict[str, Any]]:
        """The legal actions ``seat`` may play now, structured (:func:`.views.legal_for`)."""
        return views.legal_for(live, seat)

    def resign(self, gid: str, token: str | None) -> Live:
        """The token's seat resigns: the game ends."""
        live = self.get(gid)
        with live.lock:
            return self.resign_seat(live, self.require_seat(live, token))

    def resign_seat(self, live: Live, seat: str) -> Live:
        """``seat`` resigns (its player asked, or its time ran out): the game ends."""
        gid = live.id
        with live.lock:
            if live.over:
                raise ServiceError(409, "the game is over")
            self._write(live, lambda v: self.store.set_status(
                gid, v, "resigned", resigned_by=seat, note=self._note("resign", seat)))
            live.row.status, live.row.resigned_by = "resigned", seat
            self._publish(live, "resign", seat)
        return live

    def request_undo(self, gid: str, token: str | None) -> tuple[bool, list[str], int]:
        """Undo by agreement: done once every human seat has asked at this position.

        It takes back the last action of a human seat and every bot action after it (so the
        position returns to a human's decision). Returns (done, seats still to agree, actions).
        """
        live = self.get(gid)
        with live.lock:
            seat = self.require_seat(live, token)
            if live.row.status == "resigned":
                raise ServiceError(409, "a resigned game cannot be undone")
            humans = [n for n, s in live.seats.items() if s.kind == "human"]
            target = max((i for i, s in enumerate(live.action_seats) if s in humans), default=None)
            if live.game.pending_roll is not None:
                target = len(live.action_seats)  # real dice: take back the action that waits
            if target is None:
                raise ServiceError(409, "nothing to undo: no human seat has acted yet")
            n = len(live.game.actions)
            self._write(live, lambda v: self.store.set_undo_request(
                gid, v, seat, n, note=self._note("undo-request", seat)))
            live.seats[seat].undo_at = n
            waiting = [h for h in humans if live.seats[h].undo_at != n]
            if waiting:
                self._publish(live, "undo-request", seat)
                return False, waiting, n
            self._undo_to(live, target)
            self._publish(live, "undo", seat)
            done_n = len(live.game.actions)
        self.bots.schedule(live)
        return True, [], done_n

    def _undo_to(self, live: Live, target: int) -> None:
        """Keep the first ``target`` actions in the store and rebuild the live game."""
        gid = live.id
        dice = ({"kind": "manual", "values": live.row.dice["values"]} if is_manual(live.row)
                else None)
        self._write(live, lambda v: self.store.truncate_actions(
            gid, v, target, dice=dice, note=self._note("undo", None)))
        self._reload(live)
        if is_manual(live.row):  # keep only the rolls the remaining actions used
            kept = {"kind": "manual", "values": list(live.game.dice.history)}
            self._write(live, lambda v: self.store.set_dice(gid, v, kept))
            self._reload(live)
        if self.bot_due(live):
            self.store.set_bot_due(gid, live.version, True)

    # -- what a seat may see (see .views) ----------------------------------------------------
    def log_for(self, live: Live, seat: str | None) -> list[dict[str, Any]]:
        """The action history and roll log as ``seat`` may see it."""
        return views.log_for(live, seat)

    def entry_for(self, live: Live, idx: int, events: list[Event], seat: str | None,
                  public: bool | None = None) -> dict[str, Any]:
        """Log entry ``idx`` (-1: the set-up) as ``seat`` may read it."""
        return views.entry_for(live, idx, events, seat, public)

    def view_for(self, live: Live, seat: str | None) -> dict[str, Any]:
        """The game as ``seat`` may see it, with its log and legal actions."""
        return views.view_for(live, seat)

    def seats_public(self, live: Live) -> dict[str, dict[str, Any]]:
        """Who sits where (kind and policy)."""
        return views.seats_public(live)

    def replay_step(self, gid: str, step: int, seat: str | None) -> dict[str, Any]:
        """The game after its first ``step`` actions, as ``seat`` may see it."""
        return views.replay_step(self.get(gid), step, seat)

    def record(self, gid: str) -> dict[str, Any]:
        """The game's record, with its terms, signed with the server's key. Refused while a
        game with hidden information is played, and while a game the server rolls for is
        played (the record holds the seed: it would tell every future roll)."""
        live = self.get(gid)
        with live.lock:
            if not live.over and live.row.seeded_by == "server" and not is_manual(live.row):
                raise ServiceError(403, "the record of a game the server rolls for is given "
                                        "once it is over (it holds the dice's seed)")
            rec = {**views.record_for(live), "terms": self.terms(live)}
        return sign(rec, self.key) if self.key else rec

    # -- publishing --------------------------------------------------------------------------
    def _publish(self, live: Live, kind: str, seat: str | None, index: int | None = None
                 ) -> None:
        msg = {
            "type": kind,
            "game": live.id,
            "seat": seat,
            "version": live.version,
            "n_actions": len(live.game.actions),
            "to_act": live.to_act,
            "status": live.status,
            "over": live.over,
        }
        if index is not None:
            msg["index"] = index
        for fn in list(self._subscribers):
            try:
                fn(live, msg)
            except Exception:
                log.exception("subscriber failed")
