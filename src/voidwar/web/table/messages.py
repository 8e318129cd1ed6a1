"""The table's e-mails in words, and the one-click unsubscribe links they carry.

An unsubscribe link names the account and the game (or ``*``: every e-mail about games) and
carries an HMAC of both under the server's key, so it works without logging in and cannot be
made for another account.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime

from .clock import span
from .mail import Mail


def unsubscribe_mac(key: bytes, account_id: int, gid: str) -> str:
    """The MAC of an unsubscribe link (``gid`` ``*``: every game)."""
    sub = hmac.new(key, b"voidwar unsubscribe links", hashlib.sha256).digest()
    return hmac.new(sub, f"{account_id}:{gid}".encode(), hashlib.sha256).hexdigest()[:32]


def unsubscribe_link(base: str, key: bytes, account_id: int, gid: str) -> str:
    """The one-click link that stops e-mails about ``gid`` (``*``: all)."""
    mac = unsubscribe_mac(key, account_id, gid)
    return f"{base}/mail/unsubscribe?a={account_id}&g={gid}&t={mac}"


def when(t: float) -> str:
    """A moment in UTC, to the minute."""
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _footer(base: str, key: bytes, account_id: int, gid: str) -> str:
    return (f"\n--\nNo more e-mails about this game: {unsubscribe_link(base, key, account_id, gid)}"
            f"\nNo more e-mails about any game: {unsubscribe_link(base, key, account_id, '*')}"
            f"\nSettings: {base}/account\n")


def game_title(ruleset: str, scenario: str | None, gid: str) -> str:
    """``space-fleet duel (game 1a2b…)``."""
    return f"{ruleset}{' ' + scenario if scenario else ''} (game {gid})"


def turn_mail(base: str, key: bytes, to: str, account_id: int, gid: str, title: str,
              opponent: str | None, prompt: str, deadline: float | None,
              per_move: float | None) -> Mail:
    """Your turn: who moved (None: nobody yet, the game has begun), the board's prompt, the
    clock, the link that opens the game."""
    clock = (f"\nYou have {span(per_move)} for this move: until {when(deadline)}.\n"
             if deadline is not None and per_move else "")
    lead = f"{opponent} has moved in {title}" if opponent else f"{title} has begun"
    body = (f"{lead}. It is your turn.\n\n{prompt}\n{clock}\n"
            f"Open the game: {base}/play/{gid}\n" + _footer(base, key, account_id, gid))
    return Mail(to, f"voidwar: your turn in {title}", body,
                unsubscribe_link(base, key, account_id, gid))


def reminder_mail(base: str, key: bytes, to: str, account_id: int, gid: str, title: str,
                  deadline: float, left: float, on_timeout: str) -> Mail:
    """Half the time for the move is gone."""
    then = ("you forfeit the game" if on_timeout == "forfeit"
            else "a computer player takes your seat for the rest of the game")
    body = (f"Half the time for your move in {title} is gone: {span(left)} left, until "
            f"{when(deadline)}. If it runs out, {then}.\n\nOpen the game: {base}/play/{gid}\n"
            + _footer(base, key, account_id, gid))
    return Mail(to, f"voidwar: {span(left)} left for your move in {title}", body,
                unsubscribe_link(base, key, account_id, gid))


def over_mail(base: str, key: bytes, to: str, account_id: int, gid: str, title: str,
              result: str, rating: tuple[float, float] | None) -> Mail:
    """The game ended: the result (and the rating change)."""
    rated = (f"\nYour rating: {rating[0]:.0f} -> {rating[1]:.0f}\n" if rating else "")
    body = (f"{title} is over: {result}.\n{rated}\nReplay: {base}/replay/{gid}\n"
            + _footer(base, key, account_id, gid))
    return Mail(to, f"voidwar: {title} is over", body,
                unsubscribe_link(base, key, account_id, gid))


def joined_mail(base: str, key: bytes, to: str, account_id: int, gid: str, title: str,
                who: str, seat: str) -> Mail:
    """Someone took a seat in the account's open game."""
    body = (f"{who} joined your game {title} as {seat}.\n\nOpen the game: {base}/play/{gid}\n"
            + _footer(base, key, account_id, gid))
    return Mail(to, f"voidwar: {who} joined {title}", body,
                unsubscribe_link(base, key, account_id, gid))


def digest_mail(base: str, key: bytes, to: str, account_id: int,
                games: list[tuple[str, str, float | None]]) -> Mail:
    """Once a day: the games where it is the account's turn (id, title, deadline)."""
    lines = [f"- {title}{'  (until ' + when(d) + ')' if d else ''}: {base}/play/{gid}"
             for gid, title, d in games]
    body = (f"It is your turn in {len(games)} game{'s' if len(games) != 1 else ''}:\n\n"
            + "\n".join(lines) + f"\n\nAll your games: {base}/me\n"
            f"--\nNo more e-mails about any game: {unsubscribe_link(base, key, account_id, '*')}"
            f"\nSettings (one e-mail a turn instead of a digest): {base}/account\n")
    return Mail(to, f"voidwar: your turn in {len(games)} game{'s' if len(games) != 1 else ''}",
                body, unsubscribe_link(base, key, account_id, "*"))


def verify_mail(base: str, to: str, token: str) -> Mail:
    """The link that confirms an e-mail address."""
    return Mail(to, "voidwar: confirm your e-mail address",
                f"Confirm this address for your voidwar account: "
                f"{base}/account/verify#token={token}\n\nThe link works once, for 48 hours. "
                "If you did not ask for it, ignore this e-mail.\n")


def reset_mail(base: str, to: str, name: str, token: str) -> Mail:
    """The link that sets a new password."""
    return Mail(to, "voidwar: set a new password",
                f"Someone (we hope you) asked to set a new password for the voidwar account "
                f"{name}: {base}/account/reset#token={token}\n\nThe link works once, for an "
                "hour. If you did not ask for it, ignore this e-mail: your password stays.\n")
