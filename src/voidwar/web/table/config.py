"""How a server runs its online table: its settings, apart from the table itself (the table's
parts read them, and :mod:`.host` names the table by what those parts use)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .clock import Clock, SystemClock


@dataclass
class TableConfig:
    """How a server runs its table (``voidwar serve --smtp … --public-url …``)."""

    smtp: str | None = None
    mail_from: str = "voidwar <voidwar@localhost>"
    #: the address e-mail links point to
    public_url: str = "http://localhost:8000"
    clock: Clock = field(default_factory=SystemClock)
    #: seconds after a turn begins before its e-mail goes (a player back on the page in
    #: that time gets none)
    mail_delay: float = 30.0
    #: the worker's period (seconds): clocks, e-mails, catching up with other processes
    every: float = 1.0
    #: cookies only over HTTPS (behind a TLS proxy: on)
    secure_cookies: bool = False
    #: whether this process runs the worker
    worker: bool = True
