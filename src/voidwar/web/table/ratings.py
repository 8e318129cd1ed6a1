"""Ratings (Glicko-2 per ruleset, :mod:`.glicko2`), finished games per account, and the best
scores of solitaire games (Antilles) per scenario and table file.

A rated game is a two-seat game between two accounts, rated once when it ends: one
transaction reads both players' ratings (``FOR UPDATE`` on PostgreSQL, so two games ending at
once for one player queue), writes both new ratings under their row versions and one history
row per player under the unique (account, game) — a game is never rated twice.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import and_, func, insert, select, update

from .db import Db
from .glicko2 import Rating
from .glicko2 import update as glicko_update
from .schema import accounts, best_scores, finished, rating_history, ratings

NEW = Rating()


class _Retry(Exception):
    """A rating row changed under this transaction: read again."""


def score_of(seat: str, winner: str | None) -> float:
    """A seat's score in a finished two-seat game: 1 won, 0 lost, 0.5 no winner (a draw)."""
    if winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


def tables_key(options: dict[str, Any]) -> str:
    """Which table file a solitaire game played: ``standard``, or a digest of its contents."""
    data = options.get("tables")
    if data is None:
        return "standard"
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return "tables-" + hashlib.sha256(text.encode()).hexdigest()[:12]


class Ratings:
    """Ratings, finished games and best scores."""

    def __init__(self, db: Db) -> None:
        self.db = db

    def record_finished(self, gid: str, ruleset: str, holders: dict[str, int],
                        winner: str | None, outcome: str, now: float) -> None:
        """One row per account that sat in the finished game (its profile's counts)."""
        with self.db.begin() as c:
            for seat, account in holders.items():
                self.db.insert_new(c, finished, {
                    "account_id": account, "game_id": gid, "ruleset": ruleset, "seat": seat,
                    "won": int(winner == seat), "outcome": outcome[:64], "at": now})

    def rate(self, gid: str, ruleset: str, players: dict[str, int], winner: str | None,
             now: float) -> dict[int, tuple[float, float]] | None:
        """Rate a finished two-seat game: account → (before, after); None when it was rated
        already (or is not a game between two accounts)."""
        if len(players) != 2 or len(set(players.values())) != 2:
            return None
        (seat_a, a), (seat_b, b) = sorted(players.items(), key=lambda p: p[1])
        for _ in range(5):
            try:
                new, before = self._rate_once(gid, ruleset, (seat_a, a), (seat_b, b),
                                              winner, now)
            except _Retry:  # another game rated one of them meanwhile: read again
                continue
            if new is None:
                return None
            return {x: (before[x], new[x]) for x in (a, b)}
        return None

    def _rate_once(self, gid: str, ruleset: str, pa: tuple[str, int], pb: tuple[str, int],
                   winner: str | None, now: float
                   ) -> tuple[dict[int, float] | None, dict[int, float]]:
        (seat_a, a), (seat_b, b) = pa, pb
        with self.db.begin() as c:
            done = c.execute(select(func.count()).select_from(rating_history).where(
                rating_history.c.game_id == gid)).scalar()
            if done:
                return None, {}
            query = select(ratings).where(and_(ratings.c.ruleset == ruleset,
                                               ratings.c.account_id.in_([a, b])))
            if self.db.is_postgres:
                query = query.order_by(ratings.c.account_id).with_for_update()
            rows = {r["account_id"]: r for r in c.execute(query).mappings().all()}
            now_r = {x: Rating(rows[x]["rating"], rows[x]["rd"], rows[x]["vol"])
                     if x in rows else NEW for x in (a, b)}
            sa, sb = score_of(seat_a, winner), score_of(seat_b, winner)
            new = {a: glicko_update(now_r[a], [(now_r[b], sa)]),
                   b: glicko_update(now_r[b], [(now_r[a], sb)])}
            lost = False
            for x, opp, s in ((a, b, sa), (b, a, sb)):
                r = new[x]
                if x in rows:
                    res = c.execute(update(ratings).where(and_(
                        ratings.c.account_id == x, ratings.c.ruleset == ruleset,
                        ratings.c.version == rows[x]["version"])).values(
                            rating=r.rating, rd=r.rd, vol=r.vol,
                            games=ratings.c.games + 1, version=ratings.c.version + 1))
                    lost = lost or res.rowcount != 1
                else:
                    lost = lost or not self.db.insert_new(c, ratings, {
                        "account_id": x, "ruleset": ruleset, "rating": r.rating,
                        "rd": r.rd, "vol": r.vol, "games": 1, "version": 1})
                if lost:
                    break
                c.execute(insert(rating_history).values(
                    account_id=x, game_id=gid, ruleset=ruleset, opponent_id=opp, score=s,
                    before=now_r[x].rating, after=r.rating, rd_after=r.rd, at=now))
            if lost:
                raise _Retry
        return ({x: new[x].rating for x in (a, b)}, {x: now_r[x].rating for x in (a, b)})

    def best_score(self, gid: str, account: int, ruleset: str, scenario: str | None,
                   options: dict[str, Any], score: float, now: float) -> None:
        """A finished solitaire game's score for the best-scores table."""
        with self.db.begin() as c:
            self.db.insert_new(c, best_scores, {
                "game_id": gid, "account_id": account, "ruleset": ruleset,
                "scenario": scenario or "", "tables_key": tables_key(options),
                "score": score, "at": now})

    # -- reading -----------------------------------------------------------------------------
    def of(self, account_id: int) -> dict[str, dict[str, Any]]:
        """The account's rating per ruleset."""
        with self.db.read() as c:
            rows = c.execute(select(ratings).where(ratings.c.account_id == account_id)
                             ).mappings().all()
        return {r["ruleset"]: {"rating": round(r["rating"], 1), "rd": round(r["rd"], 1),
                               "vol": r["vol"], "games": r["games"]} for r in rows}

    def history(self, account_id: int, limit: int = 200) -> list[dict[str, Any]]:
        """The account's rating changes, newest first."""
        opp = accounts.alias("opp")
        with self.db.read() as c:
            rows = c.execute(
                select(rating_history, opp.c.name.label("opponent"))
                .join(opp, opp.c.id == rating_history.c.opponent_id)
                .where(rating_history.c.account_id == account_id)
                .order_by(rating_history.c.at.desc()).limit(limit)).mappings().all()
        return [{"game": r["game_id"], "ruleset": r["ruleset"], "opponent": r["opponent"],
                 "score": r["score"], "before": round(r["before"], 1),
                 "after": round(r["after"], 1), "at": r["at"]} for r in rows]

    def leaderboard(self, ruleset: str, limit: int = 50) -> list[dict[str, Any]]:
        """The ruleset's players by rating."""
        with self.db.read() as c:
            rows = c.execute(
                select(accounts.c.name, ratings.c.rating, ratings.c.rd, ratings.c.games)
                .join(accounts, accounts.c.id == ratings.c.account_id)
                .where(ratings.c.ruleset == ruleset)
                .order_by(ratings.c.rating.desc()).limit(limit)).all()
        return [{"name": r[0], "rating": round(r[1], 1), "rd": round(r[2], 1), "games": r[3]}
                for r in rows]

    def best(self, ruleset: str, limit: int = 20) -> list[dict[str, Any]]:
        """The best solitaire scores per (scenario, table file), best first."""
        with self.db.read() as c:
            rows = c.execute(
                select(best_scores.c.scenario, best_scores.c.tables_key, best_scores.c.score,
                       best_scores.c.game_id, best_scores.c.at, accounts.c.name)
                .join(accounts, accounts.c.id == best_scores.c.account_id)
                .where(best_scores.c.ruleset == ruleset)
                .order_by(best_scores.c.scenario, best_scores.c.tables_key,
                          best_scores.c.score.desc(), best_scores.c.at)).all()
        out: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for sc, tk, score, gid, at, name in rows:
            entries = out.setdefault((sc, tk), [])
            if len(entries) < limit:
                entries.append({"name": name, "score": score, "game": gid, "at": at})
        return [{"scenario": sc, "tables": tk, "scores": e} for (sc, tk), e in out.items()]

    def counts(self, account_id: int) -> dict[str, dict[str, int]]:
        """Games played and won per ruleset."""
        with self.db.read() as c:
            rows = c.execute(select(finished.c.ruleset, func.count(), func.sum(finished.c.won))
                             .where(finished.c.account_id == account_id)
                             .group_by(finished.c.ruleset)).all()
        return {r[0]: {"played": int(r[1]), "won": int(r[2] or 0)} for r in rows}

    def finished_games(self, account_id: int, limit: int = 100) -> list[dict[str, Any]]:
        """The account's finished games, newest first."""
        with self.db.read() as c:
            rows = c.execute(select(finished).where(finished.c.account_id == account_id)
                             .order_by(finished.c.at.desc()).limit(limit)).mappings().all()
        return [{"game": r["game_id"], "ruleset": r["ruleset"], "seat": r["seat"],
                 "won": bool(r["won"]), "outcome": r["outcome"], "at": r["at"]} for r in rows]
