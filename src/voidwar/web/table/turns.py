"""The table's worker: it keeps each table game's turn level with the game, runs the clock,
and sends the e-mails — in every server process, each event done by the one that claims it.

**Turns.** After every change of a game (this process's at once; another process's within
:attr:`TableConfig.every` seconds, found by comparing ``games.version`` with
``table_games.version_seen``) :meth:`Worker.advance` compares the seat to act with the turn it
holds. A new turn — another seat to act, or the same seat after an undo — sets the turn's start
and deadline and makes its jobs (``turn``: the e-mail; ``remind`` at half the time;
``timeout`` at the deadline) in one transaction with a compare-and-set on ``version_seen``:
however many processes see the change, one records the turn and its jobs exist once. A turn is
a run of one seat's actions: one e-mail a turn, not one an action. Turns start once no seat is
open (the game is full). A game that ends gets its ``end`` job: finished-game rows, ratings,
best scores, the "game over" e-mails.

**Jobs** (:mod:`.jobs`): claimed by one process each; e-mails at most once.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import and_, select, update

from voidwar.core.registry import get_ruleset

from ..live import ServiceError
from ..store import Conflict, games
from . import messages
from .host import TableHost
from .jobs import Job
from .mail import Mail
from .schema import account_seats, accounts, table_games

log = logging.getLogger("voidwar.web")

#: the hour (UTC) daily digests go out
DIGEST_HOUR = 7
PRESENCE_RENEW = 30.0
#: how often the worker forgets old rows (seconds), and how long done jobs are kept
HOUSEKEEPING, KEEP_JOBS = 3600.0, 7 * 86400.0


def result_words(result: dict[str, Any] | None, names: dict[str, str]) -> str:
    """A result in words: ``Resigned — blue (ann) wins``."""
    if not result:
        return "no result"
    words = str(result.get("outcome", "")).replace("-", " ").replace("_", " ").strip()
    parts = [words[:1].upper() + words[1:]]
    if result.get("level"):
        parts.append(str(result["level"]))
    if result.get("winner"):
        w = str(result["winner"])
        parts.append(f"{w}{' (' + names[w] + ')' if w in names else ''} wins")
    scores = result.get("scores") or {}
    if scores:
        parts.append("score: " + ", ".join(f"{s} {v}" for s, v in scores.items()))
    return " — ".join(parts)


class Worker:
    """Turns, clocks and e-mails of one process (a thread; :meth:`step` is one pass)."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.every = table.config.every
        self._kicked: set[str] = set()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._renewed = 0.0
        self._swept = time.time()
        self._mail_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="mail")
        self._handlers: dict[str, Callable[[Job], str]] = {
            "turn": self._turn, "remind": self._remind, "timeout": self._timeout,
            "end": self._end, "over": self._over, "joined": self._joined,
            "digest": self._digest}

    def start(self) -> None:
        """Run :meth:`step` every :attr:`every` seconds (and at once after a change here)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="table-worker",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop after the pass under way."""
        self._stopping.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._mail_pool.shutdown(wait=True)

    def kick(self, gid: str) -> None:
        """A game changed in this process: catch its turn up soon."""
        with self._lock:
            self._kicked.add(gid)
        self._wake.set()

    def send_now(self, mail: Mail) -> None:
        """Send an account's own e-mail (a link it asked for) off the request's thread, so
        the answer takes the same time whether or not one is sent."""
        def send() -> None:
            try:
                self.table.mailer.send(mail)
            except Exception as e:
                log.warning("could not send e-mail to %s: %s", mail.to, e)

        with contextlib.suppress(RuntimeError):  # shutting down
            self._mail_pool.submit(send)

    def _loop(self) -> None:
        while not self._stopping.is_set():
            self._wake.wait(self.every)
            self._wake.clear()
            if self._stopping.is_set():
                return
            try:
                self.step()
            except Exception as e:  # the database may be away for a moment
                log.warning("table worker pass failed: %s", e)

    def step(self) -> int:
        """One pass: the turns of changed games, then the due jobs; the jobs done."""
        with self._lock:
            kicked, self._kicked = self._kicked, set()
        for gid in sorted(kicked | set(self.stale())):
            try:
                self.advance(gid)
            except Exception:
                log.exception("turn of game %s", gid)
        done = self.run_due()
        if time.time() - self._renewed > PRESENCE_RENEW:
            self.table.presence.renew()
            self._renewed = time.time()
        if time.time() - self._swept > HOUSEKEEPING:
            self._swept = time.time()
            self.housekeeping()
        return done

    def housekeeping(self) -> int:
        """Forget what no longer matters: jobs done (or given up) a week ago, expired
        sessions, spent or expired e-mail links, ended throttling windows; rows deleted."""
        from sqlalchemy import delete, or_

        from .schema import jobs, mail_tokens, sessions, throttle

        now = self.table.clock.now()
        with self.table.db.begin() as c:
            n = c.execute(delete(jobs).where(and_(jobs.c.state.in_(("done", "failed")),
                                                  jobs.c.due < now - KEEP_JOBS))).rowcount
            n += c.execute(delete(sessions).where(sessions.c.expires < now)).rowcount
            n += c.execute(delete(mail_tokens).where(or_(
                mail_tokens.c.used == 1, mail_tokens.c.expires < now))).rowcount
            n += c.execute(delete(throttle).where(throttle.c.window_end < now)).rowcount
        return max(n, 0)

    def stale(self, limit: int = 500) -> list[str]:
        """Table games changed since their turn was last looked at (by any process)."""
        with self.table.db.read() as c:
            return [r[0] for r in c.execute(
                select(table_games.c.game_id)
                .join(games, games.c.id == table_games.c.game_id)
                .where(and_(table_games.c.state == "active",
                            games.c.version != table_games.c.version_seen)).limit(limit))]

    # -- turns -------------------------------------------------------------------------------
    def advance(self, gid: str) -> bool:
        """Bring the game's turn level with the game; True when this process recorded a
        change (and made its jobs)."""
        t = self.table
        with t.db.read() as c:
            row = c.execute(select(table_games).where(table_games.c.game_id == gid)
                            ).mappings().first()
        if len(t.is_table) > 100_000:
            t.is_table.clear()
        t.is_table[gid] = row is not None
        if row is None or row["state"] != "active":
            return False
        live = t.service.get(gid)
        with live.lock:
            version, n, over = live.version, len(live.game.actions), live.over
            seat = live.to_act
            kinds = {s: r.kind for s, r in live.seats.items()}
        if version <= row["version_seen"]:
            return False
        now = t.clock.now()
        values: dict[str, Any] = {"version_seen": version, "n_seen": n}
        if n != row["n_seen"]:
            values["last_move"] = now
        new_jobs: list[dict[str, Any]] = []
        if over:
            values.update(state="ended", listed=0, deadline=None)
            new_jobs.append({"key": f"end:{gid}", "kind": "end", "due": now})
        elif "open" in kinds.values():
            pass  # the game starts when it is full
        elif seat != row["turn_seat"] or row["turn_index"] is None or n < row["turn_index"]:
            human = kinds.get(seat or "") == "human"
            per_move = row["per_move"] if human else None
            deadline = now + per_move if per_move else None
            values.update(turn_seat=seat, turn_index=n, turn_started=now, deadline=deadline)
            if human and seat is not None:
                data = {"n": n, "version": version, "deadline": deadline}
                new_jobs.append({"key": f"turn:{gid}:{version}", "kind": "turn",
                                 "due": now + t.config.mail_delay, "seat": seat, "data": data})
                if per_move:
                    new_jobs.append({"key": f"remind:{gid}:{version}", "kind": "remind",
                                     "due": now + per_move / 2, "seat": seat, "data": data})
                    new_jobs.append({"key": f"timeout:{gid}:{version}", "kind": "timeout",
                                     "due": deadline, "seat": seat, "data": data})
        with t.db.begin() as c:
            res = c.execute(update(table_games).where(and_(
                table_games.c.game_id == gid,
                table_games.c.version_seen == row["version_seen"])).values(**values))
            if res.rowcount != 1:
                return False  # another process recorded it first
            for j in new_jobs:
                t.jobs.add(c, j["key"], j["kind"], j["due"], game_id=gid, seat=j.get("seat"),
                           data=j.get("data"))
            t.db.notify(c, {"t": "table", "tg": gid, "o": t.service.origin})
        t.hub.table_changed(gid)
        if new_jobs:
            self._wake.set()
        return True

    # -- jobs --------------------------------------------------------------------------------
    def run_due(self) -> int:
        """Claim and do the due jobs; how many."""
        t = self.table
        done = 0
        for job in t.jobs.claim(t.clock.now()):
            try:
                outcome = self._handlers[job.kind](job)
            except _SendFailed as e:
                t.jobs.retry(job, t.clock.now(), str(e))
                continue
            except Exception as e:
                log.exception("job %s failed", job.key)
                t.jobs.retry(job, t.clock.now(), f"{type(e).__name__}: {e}")
                continue
            t.jobs.done(job.key, outcome)
            done += 1
        return done

    def _row(self, gid: str | None) -> Any:
        with self.table.db.read() as c:
            return c.execute(select(table_games).where(table_games.c.game_id == gid)
                             ).mappings().first()

    def _recipient(self, gid: str, seat: str | None = None, account_id: int | None = None,
                   game_mail: bool = True) -> Any:
        """The account to write to about ``gid`` (by seat or id): None when it has no
        verified address, turned e-mails off, or unsubscribed from this game."""
        cond = account_seats.c.game_id == gid
        cond = and_(cond, account_seats.c.seat == seat) if seat is not None else and_(
            cond, account_seats.c.account_id == account_id)
        with self.table.db.read() as c:
            r = c.execute(select(accounts, account_seats.c.mail, account_seats.c.seat)
                          .join(account_seats, account_seats.c.account_id == accounts.c.id)
                          .where(cond)).mappings().first()
        if (r is None or not r["email"] or not r["email_verified"] or not r["turn_mails"]
                or (game_mail and not r["mail"])):
            return None
        return r

    def _send(self, mail: Mail) -> None:
        try:
            self.table.mailer.send(mail)
        except Exception as e:
            raise _SendFailed(f"{type(e).__name__}: {e}") from None

    def _title(self, row: Any, gid: str) -> str:
        return messages.game_title(row["ruleset"], row["scenario"], gid)

    def _current(self, job: Job) -> Any:
        """The game's table row while the job's turn is still the turn, else None."""
        row = self._row(job.game_id)
        if (row is None or row["state"] != "active" or row["turn_seat"] != job.seat
                or row["turn_index"] != job.data.get("n")):
            return None
        return row

    def _turn(self, job: Job) -> str:
        t = self.table
        gid = str(job.game_id)
        row = self._current(job)
        if row is None:
            return "the turn was over before its e-mail was due"
        if not t.mailer.enabled:
            return "no e-mail: this server has no SMTP server"
        r = self._recipient(gid, job.seat)
        if r is None:
            return "no e-mail: no verified address, or e-mails off for this game"
        if t.presence.here(gid, str(job.seat)):
            return "no e-mail: the player is on the game's page"
        if r["digest"]:
            self._queue_digest(int(r["id"]))
            return "in the daily digest"
        live = t.service.get(gid)
        with live.lock:
            info = get_ruleset(live.row.ruleset)
            prompt = info.board(live.game, job.seat).prompt if info.board else ""
            movers = [s for s in live.action_seats if s and s != job.seat]
        holders = {s: a for s, a in t.seats.holders(gid).items()}
        names = t.accounts.names(set(holders.values()))
        last = movers[-1] if movers else None
        opponent = None if last is None else names.get(holders.get(last, -1), last)
        self._send(messages.turn_mail(t.base, t.key, r["email"], int(r["id"]), gid,
                                      self._title(row, gid), opponent, prompt,
                                      job.data.get("deadline"), row["per_move"]))
        return f"sent to {r['name']}"

    def _queue_digest(self, account_id: int) -> None:
        now = self.table.clock.now()
        day = datetime.fromtimestamp(now, UTC).replace(hour=DIGEST_HOUR, minute=0, second=0,
                                                         microsecond=0)
        if day.timestamp() <= now:
            day += timedelta(days=1)
        with self.table.db.begin() as c:
            self.table.jobs.add(c, f"digest:{account_id}:{day.date().isoformat()}", "digest",
                                day.timestamp(), account_id=account_id)

    def _remind(self, job: Job) -> str:
        t = self.table
        gid = str(job.game_id)
        row = self._current(job)
        if row is None or row["deadline"] is None:
            return "the turn was over before half its time"
        if not t.mailer.enabled:
            return "no e-mail: this server has no SMTP server"
        r = self._recipient(gid, job.seat)
        if r is None:
            return "no e-mail: no verified address, or e-mails off for this game"
        if t.presence.here(gid, str(job.seat)):
            return "no e-mail: the player is on the game's page"
        left = float(row["deadline"]) - t.clock.now()
        self._send(messages.reminder_mail(t.base, t.key, r["email"], int(r["id"]), gid,
                                          self._title(row, gid), float(row["deadline"]),
                                          max(left, 0.0), row["on_timeout"]))
        return f"reminder sent to {r['name']}"

    def _timeout(self, job: Job) -> str:
        t = self.table
        gid, seat = str(job.game_id), str(job.seat)
        row = self._current(job)
        if row is None:
            return "the seat moved in time"
        live = t.service.get(gid)
        with live.lock:
            start = int(job.data.get("n", 0))
            if live.over or live.to_act != seat or any(
                    s != seat for s in live.action_seats[start:]):
                return "the seat moved in time"
            version = live.version
        if row["on_timeout"] == "bot":
            try:
                t.seats.to_bot(gid, version, seat, row["timeout_policy"] or "random")
            except Conflict:
                raise ServiceError(409, "the game changed; look again") from None
            live = t.service.get(gid)
            t.service.bots.schedule(live)
            outcome = f"{seat} ran out of time: a computer ({row['timeout_policy']}) plays it"
        else:
            t.service.resign_seat(t.service.get(gid), seat)
            outcome = f"{seat} ran out of time and forfeits"
        with t.db.begin() as c:
            c.execute(update(table_games).where(table_games.c.game_id == gid)
                      .values(timed_out=seat))
        self.kick(gid)
        return outcome

    def _end(self, job: Job) -> str:
        t = self.table
        gid = str(job.game_id)
        row = self._row(gid)
        live = t.service.get(gid)
        with live.lock:
            res = live.result()
            result = res.to_dict() if res else None
            seats = list(live.game.seats)
            ruleset, scenario, options = live.row.ruleset, live.row.scenario, live.row.options
        holders = t.seats.holders(gid)
        now = t.clock.now()
        winner = result.get("winner") if result else None
        outcome = str(result.get("outcome")) if result else "over"
        t.ratings.record_finished(gid, ruleset, holders, winner, outcome, now)
        changes = None
        if row is not None and row["rated"] and len(seats) == 2:
            changes = t.ratings.rate(gid, ruleset, holders, winner, now)
        if len(seats) == 1 and seats[0] in holders and result and seats[0] in result["scores"]:
            t.ratings.best_score(gid, holders[seats[0]], ruleset, scenario, options,
                                 float(result["scores"][seats[0]]), now)
        with t.db.begin() as c:
            for seat, account in holders.items():
                data = {"seat": seat, "rating": list(changes[account])
                        if changes and account in changes else None}
                t.jobs.add(c, f"over:{gid}:{account}", "over", now, game_id=gid,
                           account_id=account, seat=seat, data=data)
                t.notify_account(c, account)
        for account in holders.values():
            t.hub.account_changed(account)
        return f"finished ({outcome}); rated: {bool(changes)}"

    def _over(self, job: Job) -> str:
        t = self.table
        gid = str(job.game_id)
        r = self._recipient(gid, account_id=job.account_id)
        if not t.mailer.enabled or r is None:
            return "no e-mail"
        if t.presence.here(gid, str(job.seat)):
            return "no e-mail: the player is on the game's page"
        row = self._row(gid)
        live = t.service.get(gid)
        with live.lock:
            res = live.result()
        holders = t.seats.holders(gid)
        names = t.accounts.names(set(holders.values()))
        seat_names = {s: names[a] for s, a in holders.items() if a in names}
        rating = job.data.get("rating")
        self._send(messages.over_mail(
            t.base, t.key, r["email"], int(r["id"]), gid, self._title(row, gid),
            result_words(res.to_dict() if res else None, seat_names),
            (float(rating[0]), float(rating[1])) if rating else None))
        return f"sent to {r['name']}"

    def _joined(self, job: Job) -> str:
        t = self.table
        gid = str(job.game_id)
        r = self._recipient(gid, account_id=job.account_id)
        if not t.mailer.enabled or r is None:
            return "no e-mail"
        row = self._row(gid)
        self._send(messages.joined_mail(t.base, t.key, r["email"], int(r["id"]), gid,
                                        self._title(row, gid), str(job.data.get("who")),
                                        str(job.seat)))
        return f"sent to {r['name']}"

    def _digest(self, job: Job) -> str:
        from .queries import my_games

        t = self.table
        aid = int(job.account_id or 0)
        acc = t.accounts.get(aid)
        if acc is None or not acc.email or not acc.email_verified or not acc.turn_mails:
            return "no e-mail"
        mine = my_games(t, aid)["your_turn"]
        listed = [(g["id"], messages.game_title(g["ruleset"], g["scenario"], g["id"]),
                   (g["clock"] or {}).get("deadline")) for g in mine if g["mail"]]
        if not listed or not t.mailer.enabled:
            return "nothing to send"
        self._send(messages.digest_mail(t.base, t.key, acc.email, aid, listed))
        return f"digest of {len(listed)} games sent"


class _SendFailed(Exception):
    """The SMTP server did not take the message (the job is tried again later)."""
