"""Games in play: the live games, their seats and tokens, their bots and their subscribers.

Everything here goes through the Game protocol only (``load``, ``legal_actions``, ``apply``,
``view``, ``record``, policies), so every ruleset plays on the web unchanged.

Order of an accepted action: apply it to the live game (transactional — an illegal action
changes nothing) → insert and **commit** its row → publish it → answer the client. If the commit
fails the live game is rebuilt from the database, so memory never runs ahead of the store.

What each seat may see is :mod:`.views`'s; games with real dice are :mod:`.manual`'s; rebuilding
a live game from its rows is :mod:`.loading`'s.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from voidwar.ai import registry as policy_registry
from voidwar.core.chance import CHANCE
from voidwar.core.dice import ScriptedDice
from voidwar.core.errors import DataFileError, DiceError, IllegalAction, UnknownName
from voidwar.core.game import Event, Game
from voidwar.core.registry import RulesetInfo, get_ruleset, load

from . import views
from .live import SEAT_KINDS, Live, ServiceError, Subscriber, hash_token, is_manual, update_public
from .loading import load_live
from .manual import dice_column
from .store import SeatRow, Store

log = logging.getLogger("voidwar.web")

__all__ = ["GameService", "Live", "ServiceError", "hash_token", "is_manual"]


class GameService:
    """The server's model: thread-safe operations on games, each committed before it returns."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int = 4) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self._live: dict[str, Live] = {}
        self._live_lock = threading.Lock()
        self._bots = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="bot")
        self._stopping = threading.Event()
        self._subscribers: list[Subscriber] = []

    def close(self) -> None:
        """Stop the bots and close the store."""
        self._stopping.set()
        self._bots.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    def subscribe(self, fn: Subscriber) -> None:
        """``fn(live, message)`` is called after every committed change of any game."""
        self._subscribers.append(fn)

    # -- the live games ----------------------------------------------------------------------
    def get(self, gid: str) -> Live:
        """The live game ``gid`` (loaded from the store on first use; its bots then move)."""
        with self._live_lock:
            live = self._live.get(gid)
        if live is not None:
            return live
        live = load_live(self.store, gid)
        with self._live_lock:
            live = self._live.setdefault(gid, live)
        self._schedule_bots(live)
        return live

    def resume_all(self) -> int:
        """Load every unfinished game and let its bots move (after a restart)."""
        n = 0
        for gid in self.store.active_game_ids():
            try:
                self.get(gid)
                n += 1
            except ServiceError as e:
                log.error("cannot resume game %s: %s", gid, e.reason)
        return n

    def _reload(self, live: Live) -> None:
        live.replace(load_live(self.store, live.id))

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
    ) -> tuple[Live, dict[str, str]]:
        """Start a game; returns it and the secret token of every human seat.

        ``dice="manual"``: played with real dice — every roll is entered by a person at the
        table (explicit chance: any human seat may enter it); rolls the rules make while
        setting the game up come from ``setup_rolls``."""
        try:
            info = get_ruleset(ruleset)
        except UnknownName as e:
            raise ServiceError(422, str(e)) from None
        if seed is None:
            seed = secrets.randbits(31)
        game = _set_up(info, scenario, options, seed, dice, setup_rolls)
        unknown = sorted(set(seat_specs) - set(game.seats))
        if unknown:
            raise ServiceError(422, f"{info.name} has no seat {', '.join(unknown)} "
                                    f"(seats: {', '.join(game.seats)})")
        rows, tokens = _seat_rows(info, game, seat_specs)
        if dice == "manual" and not tokens:
            raise ServiceError(422, "real dice need a person at the table: make a seat human")
        gid = secrets.token_hex(6)
        status = "over" if game.over else "active"
        spec = ({"kind": "manual", "values": list(game.dice.history)} if dice == "manual"
                else game.dice.spec())
        self.store.create_game(gid, info.name, game.scenario, game.record_options(),
                               spec, rows, status=status)
        live = load_live(self.store, gid)
        with self._live_lock:
            self._live[gid] = live
        self._schedule_bots(live)
        return live, tokens

    def join(self, gid: str, seat: str) -> str:
        """Take the open seat ``seat``; returns its new secret token."""
        live = self.get(gid)
        with live.lock:
            s = live.seats.get(seat)
            if s is None:
                raise ServiceError(404, f"game {gid} has no seat {seat!r}")
            if s.kind != "open":
                raise ServiceError(409, f"seat {seat} is not open (it is {s.kind})")
            token = secrets.token_urlsafe(18)
            if not self.store.claim_seat(gid, seat, hash_token(token)):
                raise ServiceError(409, f"seat {seat} was taken")
            live.seats = self.store.get_seats(gid)
            self._publish(live, "join", seat)
        return token

    # -- playing -----------------------------------------------------------------------------
    def act(self, gid: str, token: str | None, text: str) -> tuple[Live, int, list[Event]]:
        """The token's seat plays ``text`` (or, at a manual roll, a person enters the roll)."""
        live = self.get(gid)
        with live.lock:
            seat = self.require_seat(live, token)
            if live.over:
                raise ServiceError(409, "the game is over")
            if live.game.to_act == CHANCE:
                # real dice are rolled at the table: any human seat enters the result
                if live.seats[seat].kind != "human":
                    raise ServiceError(403, "only a person at the table enters a roll")
                t = text.strip()
                idx, events = self._apply(live, seat, f"roll {t}" if t.isdigit() else t)
            elif live.game.to_act != seat:
                raise ServiceError(409, f"it is not {seat}'s turn ({live.game.to_act} to act)")
            else:
                idx, events = self._apply(live, seat, text)
        self._schedule_bots(live)
        return live, idx, events

    def _apply(self, live: Live, seat: str | None, text: str) -> tuple[int, list[Event]]:
        """Apply, commit, publish (the caller holds the lock)."""
        game = live.game
        before = len(game.actions)
        actor = game.to_act
        pending = game.pending_roll
        try:
            events = game.apply(game.to_action(text))
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
                self._commit(live, lambda: self.store.set_dice(live.id, column))
                self._publish(live, "roll", seat)
                return idx, events
            if actor == CHANCE and pending is not None:
                seat = pending.seat  # the action is the seat's that gave it, not the roller's
        self._commit(live, lambda: self.store.add_action(live.id, idx, seat, game.actions[-1],
                                                         status=status, dice=dice))
        live.row.status = status
        live.action_seats.append(seat)
        live.entries.append(events)
        update_public(game, live.public_upto)
        self._publish(live, "action", seat)
        return idx, events

    def _commit(self, live: Live, write: Callable[[], object]) -> None:
        """Run a store write; if it fails, rebuild the live game from what was committed
        (memory must not run ahead of the store) and re-raise."""
        try:
            write()
        except Exception:
            self._reload(live)
            raise

    def legal(self, live: Live, seat: str | None) -> list[dict[str, Any]]:
        """The legal actions ``seat`` may play now, structured (:func:`.views.legal_for`)."""
        return views.legal_for(live, seat)

    def resign(self, gid: str, token: str | None) -> Live:
        """The token's seat resigns: the game ends."""
        live = self.get(gid)
        with live.lock:
            seat = self.require_seat(live, token)
            if live.over:
                raise ServiceError(409, "the game is over")
            self.store.set_status(gid, "resigned", resigned_by=seat)
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
            self.store.set_undo_request(gid, seat, n)
            live.seats[seat].undo_at = n
            waiting = [h for h in humans if live.seats[h].undo_at != n]
            if waiting:
                self._publish(live, "undo-request", seat)
                return False, waiting, n
            self._undo_to(live, target)
            self._publish(live, "undo", seat)
            done_n = len(live.game.actions)
        self._schedule_bots(live)
        return True, [], done_n

    def _undo_to(self, live: Live, target: int) -> None:
        """Keep the first ``target`` actions in the store and rebuild the live game."""
        gid = live.id
        self.store.truncate_actions(gid, target)
        if is_manual(live.row):
            # forget the action waiting for rolls; then keep only the rolls still used
            self.store.set_dice(gid, {"kind": "manual", "values": live.row.dice["values"]})
            self._reload(live)
            live.row.dice = {"kind": "manual", "values": list(live.game.dice.history)}
            self.store.set_dice(gid, live.row.dice)
        self._reload(live)

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
        """The game's record (refused while a game with hidden information is played)."""
        return views.record_for(self.get(gid))

    # -- bots --------------------------------------------------------------------------------
    def _schedule_bots(self, live: Live) -> None:
        with live.lock:
            if live.bots_running or self._stopping.is_set():
                return
            seat = live.to_act
            row = live.seats.get(seat) if seat is not None else None
            if row is None or row.kind != "bot":
                return
            live.bots_running = True
        try:
            self._bots.submit(self._run_bots, live)
        except RuntimeError:  # shutting down
            live.bots_running = False

    def _run_bots(self, live: Live) -> None:
        try:
            while not self._stopping.is_set():
                if self.bot_delay:
                    self._stopping.wait(self.bot_delay)
                with live.lock:
                    seat = live.to_act
                    if seat is None or seat not in live.policies:
                        return
                    action = live.policies[seat].choose(live.game)
                    self._apply(live, seat, str(action))
        except Exception:
            log.exception("bot failed in game %s", live.id)
        finally:
            with live.lock:
                live.bots_running = False

    # -- publishing --------------------------------------------------------------------------
    def _publish(self, live: Live, kind: str, seat: str | None) -> None:
        live.version += 1
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
        for fn in list(self._subscribers):
            try:
                fn(live, msg)
            except Exception:
                log.exception("subscriber failed")


def _set_up(info: RulesetInfo, scenario: str | None, options: dict[str, Any], seed: int,
            dice: str, setup_rolls: list[int] | None) -> Game:
    """A new game of ``info`` as a client asked for it; a refusal names what is wrong."""
    for key in info.file_options:
        if isinstance(options.get(key), str):
            # never read a path on the server for a client: send the file's contents
            raise ServiceError(422, f"option {key} names a file on the server; send the "
                                    "file's contents as data (an object) instead")
    if dice not in ("seeded", "manual"):
        raise ServiceError(422, f"dice must be 'seeded' or 'manual', not {dice!r}")
    try:
        if dice == "manual":
            setup = ScriptedDice(list(setup_rolls or []))
            game = load(info.name, scenario=scenario, dice=setup, **options)
            if setup.pos < len(setup.values):
                raise ServiceError(422, f"{info.name} rolls {setup.pos} dice while setting "
                                        f"up; {len(setup.values)} set-up rolls were given")
            return game
        return load(info.name, scenario=scenario, seed=seed, **options)
    except DiceError as e:
        raise ServiceError(422, f"cannot set up {info.name}: {e} (with real dice, send the "
                                "rolls made while setting up as setup_rolls)") from None
    except (UnknownName, DataFileError, ValueError, TypeError, KeyError) as e:
        raise ServiceError(422, f"cannot set up {info.name}: {e}") from None


def _seat_rows(info: RulesetInfo, game: Game, seat_specs: dict[str, tuple[str, str | None]]
               ) -> tuple[list[SeatRow], dict[str, str]]:
    """The seat rows of a new game, and the secret token of each human seat."""
    tokens: dict[str, str] = {}
    rows: list[SeatRow] = []
    known_policies = policy_registry.names(info.name)
    for seat in game.seats:
        kind, policy = seat_specs.get(seat, ("human", None))
        if kind not in SEAT_KINDS:
            raise ServiceError(422, f"seat {seat}: kind must be one of {', '.join(SEAT_KINDS)}")
        if kind == "bot":
            policy = policy or ("heuristic" if "heuristic" in known_policies else "random")
            if policy not in known_policies:
                raise ServiceError(422, f"seat {seat}: unknown policy {policy!r} for "
                                        f"{info.name} (known: {', '.join(known_policies)})")
        else:
            policy = None
        token_hash = None
        if kind == "human":
            tokens[seat] = secrets.token_urlsafe(18)
            token_hash = hash_token(tokens[seat])
        rows.append(SeatRow(seat, kind, policy, token_hash, None))
    return rows, tokens
