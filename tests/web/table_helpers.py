"""Helpers of the online table's tests: a real SMTP server on loopback (aiosmtpd) that keeps
what it receives, an application with a manual clock, and accounts through the API."""

from __future__ import annotations

import email
import email.policy
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage, Message
from typing import Any

from fastapi.testclient import TestClient

from voidwar.web.server import create_app
from voidwar.web.table import ManualClock, OnlineTable, TableConfig

from .servers import free_port


class Inbox:
    """What the SMTP server received: parsed messages, in order."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.cond = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.original_content or envelope.content,
                                       policy=email.policy.default)
        with self.cond:
            self.messages.append(msg)
            self.cond.notify_all()
        return "250 Message accepted for delivery"

    def to(self, address: str, subject: str = "") -> list[Message]:
        """The messages to ``address`` whose subject contains ``subject``."""
        with self.cond:
            return [m for m in self.messages
                    if m["To"] == address and subject in str(m["Subject"])]

    def wait(self, address: str, subject: str, count: int = 1, timeout: float = 15.0
             ) -> list[Message]:
        """Wait until ``count`` such messages arrived (fails after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                got = [m for m in self.messages
                       if m["To"] == address and subject in str(m["Subject"])]
                if len(got) >= count:
                    return got
                left = deadline - time.monotonic()
                assert left > 0, (f"{count} e-mail(s) '{subject}' to {address} expected; got "
                                  f"{[(m['To'], m['Subject']) for m in self.messages]}")
                self.cond.wait(left)


def body(msg: Message) -> str:
    """A message's text."""
    assert isinstance(msg, EmailMessage)
    return str(msg.get_content())


def link_in(msg: Message, pattern: str) -> str:
    """The first link in a message matching ``pattern`` (a regular expression)."""
    m = re.search(pattern, body(msg))
    assert m, f"no link {pattern!r} in {body(msg)!r}"
    return m.group(0)


@contextmanager
def smtp_server() -> Iterator[tuple[str, Inbox]]:
    """A real SMTP server on a loopback port: (its smtp:// URL, its inbox)."""
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{port}", inbox
    finally:
        controller.stop()


def table_app(db_url: str, smtp: str | None, clock: ManualClock, worker: bool = False,
              every: float = 1.0, **kw: Any) -> Any:
    """An application with the online table on ``db_url``, its clock ``clock``."""
    config = TableConfig(smtp=smtp, mail_from="voidwar <table@test.invalid>",
                         public_url="http://testserver", clock=clock, mail_delay=0.0,
                         every=every, worker=worker)
    return create_app(db_url, table=config, **kw)


def table_of(client: TestClient) -> OnlineTable:
    table: OnlineTable = client.app.state.table  # type: ignore[attr-defined]
    return table


class Player:
    """An account driven through the API with its own cookies (a browser of its own)."""

    def __init__(self, app: Any, name: str, password: str = "correct horse",
                 email_address: str | None = None) -> None:
        self.client = TestClient(app)
        self.name = name
        self.password = password
        self.email = email_address
        self.csrf = ""

    def hello(self) -> dict[str, Any]:
        r = self.client.get("/api/account/me")
        assert r.status_code == 200, r.text
        self.csrf = r.json()["csrf"]
        return dict(r.json())

    def post(self, path: str, body: Any = None, **kw: Any) -> Any:
        headers = {"X-CSRF-Token": self.csrf, **kw.pop("headers", {})}
        return self.client.post(path, json=body if body is not None else {},
                                headers=headers, **kw)

    def sign_up(self) -> Any:
        self.hello()
        r = self.post("/api/account/signup", {"name": self.name, "password": self.password,
                                              **({"email": self.email} if self.email else {})})
        if r.status_code == 201:
            self.csrf = r.json()["csrf"]
        return r

    def log_in(self, password: str | None = None) -> Any:
        self.hello()
        r = self.post("/api/account/login", {"name": self.name,
                                             "password": password or self.password})
        if r.status_code == 200:
            self.csrf = r.json()["csrf"]
        return r

    def verify(self, inbox: Inbox) -> None:
        msg = inbox.wait(str(self.email), "confirm your e-mail")[-1]
        token = link_in(msg, r"#token=[A-Za-z0-9_-]+").split("=", 1)[1]
        r = self.client.post("/api/account/verify", json={"token": token})
        assert r.status_code == 200, r.text

    def tokens(self, gid: str) -> dict[str, str]:
        r = self.client.get(f"/api/me/games/{gid}/seats")
        assert r.status_code == 200, r.text
        return dict(r.json()["seats"])

    def act(self, gid: str, action: str) -> Any:
        token = next(iter(self.tokens(gid).values()))
        return self.client.post(f"/api/games/{gid}/actions", json={"action": action},
                                headers={"X-Seat-Token": token})
