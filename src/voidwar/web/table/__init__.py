"""The online table: players with accounts, games over days, turn e-mails, time controls,
ratings, chat (docs/web.md, "The online table").

:func:`.install.install` adds it to an application made by
:func:`voidwar.web.server.create_app`.
"""

from __future__ import annotations

from .clock import Clock, ManualClock, SystemClock
from .config import TableConfig
from .online import OnlineTable

__all__ = ["Clock", "ManualClock", "OnlineTable", "SystemClock", "TableConfig"]


#: the environment the worker processes of ``serve --workers`` read their table from
ENV = {"smtp": "VOIDWAR_SMTP", "mail_from": "VOIDWAR_MAIL_FROM",
       "public_url": "VOIDWAR_PUBLIC_URL", "secure_cookies": "VOIDWAR_SECURE_COOKIES",
       "mail_delay": "VOIDWAR_MAIL_DELAY"}


def config_to_env(config: TableConfig) -> dict[str, str]:
    """The table's settings as environment variables (for worker processes)."""
    return {ENV["smtp"]: config.smtp or "", ENV["mail_from"]: config.mail_from,
            ENV["public_url"]: config.public_url,
            ENV["secure_cookies"]: "1" if config.secure_cookies else "0",
            ENV["mail_delay"]: str(config.mail_delay)}


def config_from_env(environ: dict[str, str]) -> TableConfig:
    """The table's settings a worker process was given (:func:`config_to_env`)."""
    default = TableConfig()
    return TableConfig(smtp=environ.get(ENV["smtp"]) or None,
                       mail_from=environ.get(ENV["mail_from"]) or default.mail_from,
                       public_url=environ.get(ENV["public_url"]) or default.public_url,
                       secure_cookies=environ.get(ENV["secure_cookies"]) == "1",
                       mail_delay=float(environ.get(ENV["mail_delay"]) or default.mail_delay))
