"""Games in play: the live games, their seats and tokens, their bots and their subscribers.

Everything here goes through the Game protocol only (``voidwar.load``, ``legal_actions``,
``apply``, ``view``, ``record``, policies), so every ruleset plays on the web unchanged.

Order of an accepted action: apply it to the live game (transactional — an illegal action
changes nothing) → insert and **commit** its row → publish it → answer the client. If the commit
fails the live game is rebuilt from the database, so memory never runs ahead of the store.

Hidden information. A seat sees ``game.view(seat)``; a spectator ``game.view(None)``. A ruleset
that does not override :meth:`Game.view` has none, so every action and event is public. For a
ruleset that does, another seat's action text and the events it caused are withheld from a seat
until the next moment that seat's view is the whole state again (``view(seat) == state_dict()``:
the secret orders have been revealed, the simultaneous fire resolved) or the game is over. A
ruleset may also mark an event public with ``emit(..., public=True)``, or supply
``log_for(seat) -> list[dict]`` to build the log itself.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import voidwar
from voidwar.core.chance import CHANCE, ExplicitChanceGame
from voidwar.core.dice import ManualDice, ScriptedDice, dice_from_spec
from voidwar.core.errors import DataFileError, DiceError, IllegalAction, UnknownName
from voidwar.core.game import Event, Game, Result
from voidwar.core.policy import Policy
from voidwar.core.registry import get_ruleset

from .store import GameRow, SeatRow, Store

log = logging.getLogger("voidwar.web")

SEAT_KINDS = ("human", "bot", "open")


class ServiceError(Exception):
    """A refusal with an HTTP status and a reason a player understands."""

    def __init__(self, status: int, reason: str, rule: str | None = None) -> None:
        self.status = status
        self.reason = reason
        self.rule = rule
        super().__init__(reason)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def has_hidden_information(game: Game) -> bool:
    """True when the ruleset overrides ``view`` (it may hide something from some seat)."""
    rules = game.inner if isinstance(game, ExplicitChanceGame) else game
    return type(rules).view is not Game.view


def is_manual(row: GameRow) -> bool:
    """A game played with real dice: people enter every roll (explicit chance)."""
    return row.dice.get("kind") == "manual"


def _update_public(game: Game, public: dict[str | None, int]) -> None:
    """Every seat that sees the whole state now may read every action so far."""
    if not has_hidden_information(game):
        return
    whole = game.state_dict()
    for seat in (*game.seats, None):
        if game.view(seat) == whole:
            public[seat] = len(game.actions)


@dataclass
class Live:
    """A game in memory, mirroring its rows in the store."""

    row: GameRow
    seats: dict[str, SeatRow]
    game: Game
    #: seat that took each action (None for one the store does not know)
    action_seats: list[str | None]
    #: entries[0]: events of the set-up; entries[i + 1]: events of action i
    entries: list[list[Event]]
    lock: threading.RLock = field(default_factory=threading.RLock)
    version: int = 0
    #: seat (None: spectators) → how many of the first actions that seat may read in the log
    public_upto: dict[str | None, int] = field(default_factory=dict)
    bots_running: bool = False
    policies: dict[str, Policy] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def over(self) -> bool:
        return self.row.status != "active"

    @property
    def to_act(self) -> str | None:
        return None if self.over else self.game.to_act

    def result(self) -> Result | None:
        if self.row.status == "resigned":
            others = [s for s in self.game.seats if s != self.row.resigned_by]
            return Result(
                outcome="resigned",
                scores={},
                winner=others[0] if len(others) == 1 else None,
                details={"resigned_by": self.row.resigned_by},
            )
        return self.game.result


Subscriber = Callable[[Live, dict[str, Any]], None]


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
        self._stopping.set()
        self._bots.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    def subscribe(self, fn: Subscriber) -> None:
        """``fn(live, message)`` is called after every committed change of any game."""
        self._subscribers.append(fn)

    # -- loading -----------------------------------------------------------------------------
    def _build(self, row: GameRow, explicit: bool = True) -> Game:
        """The stored game's start. Manual dice: in explicit chance (the set-up rolls from the
        stored values), unless ``explicit`` is False — then inline with every stored roll
        scripted (replaying finished actions)."""
        try:
            if is_manual(row):
                values = [int(v) for v in row.dice.get("values", [])]
                if not explicit:
                    return voidwar.load(row.ruleset, scenario=row.scenario,
                                        dice=ScriptedDice(values), **row.options)
                return voidwar.load(row.ruleset, scenario=row.scenario,
                                    dice=ScriptedDice(values, then=ManualDice()),
                                    chance="explicit", **row.options)
            dice = dice_from_spec(row.dice)
            return voidwar.load(row.ruleset, scenario=row.scenario, dice=dice, **row.options)
        except (UnknownName, DataFileError, DiceError, ValueError, TypeError) as e:
            raise ServiceError(500, f"stored game {row.id} cannot be set up: {e}") from None

    @staticmethod
    def _feed(game: Game, values: list[int]) -> list[Event]:
        """Manual dice: answer the pending rolls from the stored values not yet used."""
        events: list[Event] = []
        while game.to_act == CHANCE:
            pending = game.pending_roll
            used = len(game.dice.history) + (len(pending.known) if pending is not None else 0)
            if used >= len(values):
                break
            events += game.apply(f"roll {values[used]}")
        return events

    def _load(self, gid: str) -> Live:
        row = self.store.get_game(gid)
        if row is None:
            raise ServiceError(404, f"no game {gid!r}")
        game = self._build(row)
        manual = is_manual(row)
        values = [int(v) for v in row.dice.get("values", [])] if manual else []
        entries: list[list[Event]] = [list(game.log)]
        seats_of: list[str | None] = []
        public: dict[str | None, int] = {}
        _update_public(game, public)
        for i, (seat, text) in enumerate(self.store.get_actions(gid)):
            try:
                events = game.apply(text)
                if manual:
                    events += self._feed(game, values)
            except (IllegalAction, DiceError) as e:
                raise ServiceError(
                    500, f"stored game {gid} action #{i + 1} {text!r}: {e}") from None
            entries.append(events)
            seats_of.append(seat)
            _update_public(game, public)
        pending = row.dice.get("pending") if manual else None
        if isinstance(pending, dict) and game.to_act == pending.get("seat"):
            try:  # the action that waits for rolls, with the rolls entered for it so far
                game.apply(str(pending.get("action")))
                self._feed(game, values)
            except (IllegalAction, DiceError) as e:
                raise ServiceError(500, f"stored game {gid}: the action waiting for rolls "
                                        f"{pending.get('action')!r}: {e}") from None
        live = Live(row=row, seats=self.store.get_seats(gid), game=game, action_seats=seats_of,
                    entries=entries, public_upto=public)
        self._make_policies(live)
        return live

    def _make_policies(self, live: Live) -> None:
        seed = live.row.dice.get("seed", 0)
        for i, (name, s) in enumerate(sorted(live.seats.items())):
            if s.kind == "bot" and s.policy:
                live.policies[name] = voidwar.policies.get(
                    s.policy, live.row.ruleset, seed=(int(seed) * 7919 + i + 1) % 2**63)

    def get(self, gid: str) -> Live:
        with self._live_lock:
            live = self._live.get(gid)
        if live is not None:
            return live
        live = self._load(gid)
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
                game = voidwar.load(info.name, scenario=scenario, dice=setup, **options)
                if setup.pos < len(setup.values):
                    raise ServiceError(422, f"{info.name} rolls {setup.pos} dice while setting "
                                            f"up; {len(setup.values)} set-up rolls were given")
            else:
                game = voidwar.load(info.name, scenario=scenario, seed=seed, **options)
        except DiceError as e:
            raise ServiceError(422, f"cannot set up {info.name}: {e} (with real dice, send the "
                                    "rolls made while setting up as setup_rolls)") from None
        except (UnknownName, DataFileError, ValueError, TypeError, KeyError) as e:
            raise ServiceError(422, f"cannot set up {info.name}: {e}") from None
        unknown = sorted(set(seat_specs) - set(game.seats))
        if unknown:
            raise ServiceError(422, f"{info.name} has no seat {', '.join(unknown)} "
                                    f"(seats: {', '.join(game.seats)})")
        tokens: dict[str, str] = {}
        rows: list[SeatRow] = []
        known_policies = voidwar.policies.names(info.name)
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
        if dice == "manual" and not tokens:
            raise ServiceError(422, "real dice need a person at the table: make a seat human")
        gid = secrets.token_hex(6)
        status = "over" if game.over else "active"
        spec = ({"kind": "manual", "values": list(game.dice.history)} if dice == "manual"
                else game.dice.spec())
        self.store.create_game(gid, info.name, game.scenario, game.record_options(),
                               spec, rows, status=status)
        live = self._load(gid)
        with self._live_lock:
            self._live[gid] = live
        self._schedule_bots(live)
        return live, tokens

    def join(self, gid: str, seat: str) -> str:
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
            action = game.to_action(text)
            events = game.apply(action)
        except IllegalAction as e:
            raise ServiceError(422, e.reason, e.rule) from None
        except DiceError as e:
            raise ServiceError(422, str(e)) from None
        idx = len(game.actions) - 1
        status = "over" if game.over else "active"
        dice: dict[str, Any] | None = None
        if is_manual(live.row):
            dice = {"kind": "manual", "values": self._rolls_entered(live, game)}
            waiting = game.pending_roll
            if waiting is not None:
                dice["pending"] = {"seat": waiting.seat, "action": str(waiting.action)}
            live.row.dice = dice
            if len(game.actions) == before:  # a roll (or an action) now waiting for rolls
                try:
                    self.store.set_dice(live.id, dice)
                except Exception:
                    self._reload(live)
                    raise
                self._publish(live, "roll", seat)
                return idx, events
            if actor == CHANCE and pending is not None:
                seat = pending.seat  # the action is the seat's that gave it, not the roller's
        try:
            self.store.add_action(live.id, idx, seat, game.actions[-1], status=status,
                                  dice=dice)
        except Exception:
            # memory must not run ahead of the store: rebuild from what was committed
            self._reload(live)
            raise
        live.row.status = status
        live.action_seats.append(seat)
        live.entries.append(events)
        _update_public(game, live.public_upto)
        self._publish(live, "action", seat)
        return idx, events

    @staticmethod
    def _rolls_entered(live: Live, game: Game) -> list[int]:
        """Every roll entered so far: those used (set-up, finished actions, the pending one's)
        and, after a restart, any stored ones not yet asked for again."""
        used = list(game.dice.history)
        pending = game.pending_roll
        if pending is not None:
            used += list(pending.known)
        stored = [int(v) for v in live.row.dice.get("values", [])]
        return used + stored[len(used):] if stored[:len(used)] == used else used

    def _reload(self, live: Live) -> None:
        fresh = self._load(live.id)
        live.row, live.seats, live.game = fresh.row, fresh.seats, fresh.game
        live.action_seats, live.entries = fresh.action_seats, fresh.entries
        live.public_upto = fresh.public_upto

    def legal(self, live: Live, seat: str | None) -> list[str]:
        with live.lock:
            if (seat is not None and not live.over and live.game.to_act == CHANCE
                    and live.seats[seat].kind == "human"):
                return live.game.legal_notations()
            if seat is None or live.over or live.game.to_act != seat:
                return []
            return live.game.legal_notations()

    def resign(self, gid: str, token: str | None) -> Live:
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
            self.store.truncate_actions(gid, target)
            if is_manual(live.row):
                # forget the action waiting for rolls; then keep only the rolls still used
                self.store.set_dice(gid, {"kind": "manual", "values": live.row.dice["values"]})
                self._reload(live)
                live.row.dice = {"kind": "manual", "values": list(live.game.dice.history)}
                self.store.set_dice(gid, live.row.dice)
            self._reload(live)
            self._publish(live, "undo", seat)
            done_n = len(live.game.actions)
        self._schedule_bots(live)
        return True, [], done_n

    # -- what a seat may see -----------------------------------------------------------------
    def log_for(self, live: Live, seat: str | None) -> list[dict[str, Any]]:
        """The action history and roll log as ``seat`` may see it (see the module docstring)."""
        game = live.game
        hook = getattr(game, "log_for", None)
        if callable(hook) and not live.over:
            return list(hook(seat))
        public = live.over or not has_hidden_information(game)
        out: list[dict[str, Any]] = []
        for i, events in enumerate(live.entries):
            out.append(self.entry_for(live, i - 1, events, seat, public))
        return out

    def entry_for(self, live: Live, idx: int, events: list[Event], seat: str | None,
                  public: bool | None = None) -> dict[str, Any]:
        if public is None:
            public = live.over or not has_hidden_information(live.game)
        actor = live.action_seats[idx] if idx >= 0 else None
        mine = (public or idx < 0 or (actor is not None and actor == seat)
                or idx < live.public_upto.get(seat, 0))
        evs = [e for e in events if mine or e.data.get("public") is True]
        return {
            "index": idx,
            "seat": actor,
            "action": (live.game.actions[idx] if mine else None) if idx >= 0 else None,
            "events": [{"kind": e.kind, "text": e.text} for e in evs],
        }

    def view_for(self, live: Live, seat: str | None) -> dict[str, Any]:
        with live.lock:
            game = live.game
            result = live.result()
            view = game.state_dict() if live.over else game.view(seat)
            return {
                "id": live.id,
                "ruleset": live.row.ruleset,
                "scenario": live.row.scenario,
                "seat": seat,
                "seats": self.seats_public(live),
                "to_act": live.to_act,
                "status": live.status,
                "over": live.over,
                "result": result.to_dict() if result else None,
                "n_actions": len(game.actions),
                "version": live.version,
                "view": view,
                "log": self.log_for(live, seat),
                "legal": self.legal(live, seat),
                "undo_requested": sorted(
                    n for n, s in live.seats.items() if s.undo_at == len(game.actions)),
            }

    def seats_public(self, live: Live) -> dict[str, dict[str, Any]]:
        return {n: {"kind": s.kind, "policy": s.policy} for n, s in live.seats.items()}

    def replay_step(self, gid: str, step: int, seat: str | None) -> dict[str, Any]:
        """The game after its first ``step`` actions, as ``seat`` may see it."""
        live = self.get(gid)
        with live.lock:
            n = len(live.game.actions)
            if not 0 <= step <= n:
                raise ServiceError(422, f"step must be between 0 and {n}")
            texts = list(live.game.actions[:step])
            public = live.over or not has_hidden_information(live.game)
            entry = self.entry_for(live, step - 1, live.entries[step], seat, public)
        game = self._build(live.row, explicit=False)
        for t in texts:
            game.apply(t)
        return {
            "id": gid,
            "step": step,
            "n_actions": n,
            "to_act": game.to_act,
            "over": game.over,
            "result": game.result.to_dict() if game.result else None,
            "view": game.state_dict() if public else game.view(seat),
            "entry": entry,
        }

    def record(self, gid: str) -> dict[str, Any]:
        live = self.get(gid)
        with live.lock:
            if not live.over and has_hidden_information(live.game):
                raise ServiceError(
                    403, "the record of a game with hidden information is given once it is over")
            rec = live.game.record()
            if live.row.status == "resigned":
                rec = {**rec, "resigned_by": live.row.resigned_by}
            return rec

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
