"""Sending e-mail: an SMTP server named by URL, and the table's messages.

``smtp://host:port`` (plain, as a local relay or a test server takes it),
``smtp+starttls://user:password@host:587`` (STARTTLS, then login), ``smtps://…:465`` (TLS
from the start). Messages are built with the standard library's :mod:`email` package and sent
with :mod:`smtplib`; each carries ``List-Unsubscribe`` (a one-click link, RFC 8058) where it is
about a game.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import unquote, urlsplit

from ..live import ServiceError


@dataclass(frozen=True)
class SmtpUrl:
    """Where and how to send."""

    host: str
    port: int
    mode: str  # "plain" | "starttls" | "tls"
    user: str | None = None
    password: str | None = None


def parse_smtp_url(url: str) -> SmtpUrl:
    """``smtp://``, ``smtp+starttls://`` or ``smtps://`` with an optional user, password and
    port; a clear error otherwise."""
    parts = urlsplit(url)
    modes = {"smtp": ("plain", 25), "smtp+starttls": ("starttls", 587), "smtps": ("tls", 465)}
    if parts.scheme not in modes or not parts.hostname:
        raise ValueError(f"--smtp {url!r}: expected smtp://host:port, smtp+starttls://user:"
                         "password@host:587 or smtps://user:password@host:465")
    mode, default_port = modes[parts.scheme]
    return SmtpUrl(parts.hostname, parts.port or default_port, mode,
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None)


@dataclass(frozen=True)
class Mail:
    """One message to send."""

    to: str
    subject: str
    body: str
    unsubscribe: str | None = None  # the one-click unsubscribe link


class Mailer:
    """Sends :class:`Mail` through the configured server (none: :attr:`enabled` is False)."""

    def __init__(self, url: str | None, sender: str, timeout: float = 20.0) -> None:
        self.server = parse_smtp_url(url) if url else None
        self.sender = sender
        self.timeout = timeout

    @property
    def enabled(self) -> bool:
        """Whether this server sends e-mail at all."""
        return self.server is not None

    def require(self) -> None:
        """Refuse what needs e-mail on a server without it."""
        if not self.enabled:
            raise ServiceError(503, "this server sends no e-mail (started without --smtp)")

    def message(self, mail: Mail) -> EmailMessage:
        """The message as it goes out."""
        m = EmailMessage()
        m["From"] = self.sender
        m["To"] = mail.to
        m["Subject"] = mail.subject
        m["Date"] = formatdate(localtime=False)
        m["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2] or None)
        if mail.unsubscribe:
            m["List-Unsubscribe"] = f"<{mail.unsubscribe}>"
            m["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        m.set_content(mail.body)
        return m

    def send(self, mail: Mail) -> None:
        """Send one message (raises on failure: the caller retries later)."""
        s = self.server
        if s is None:
            return
        msg = self.message(mail)
        if s.mode == "tls":
            with smtplib.SMTP_SSL(s.host, s.port, timeout=self.timeout,
                                  context=ssl.create_default_context()) as smtp:
                self._deliver(smtp, s, msg)
            return
        with smtplib.SMTP(s.host, s.port, timeout=self.timeout) as smtp:
            if s.mode == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            self._deliver(smtp, s, msg)

    @staticmethod
    def _deliver(smtp: smtplib.SMTP, s: SmtpUrl, msg: EmailMessage) -> None:
        if s.user:
            smtp.login(s.user, s.password or "")
        smtp.send_message(msg)


def smtp_problem(url: str | None) -> str | None:
    """What is wrong with an ``--smtp`` URL (None: nothing, or no URL)."""
    if not url:
        return None
    try:
        parse_smtp_url(url)
    except ValueError as e:
        return str(e)
    return None
