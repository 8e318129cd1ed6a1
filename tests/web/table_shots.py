"""Refresh the online table's screenshots in docs/screenshots/ (the lobby, my games, a
profile) by running the browser story (:mod:`tests.web.table_story`) on a fresh database.
Run ``scripts/table-screenshots``; the tests never write there."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from voidwar.web.table import ManualClock

from .table_helpers import smtp_server
from .table_story import ARGS, run_story, table_server

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def main() -> None:
    from playwright.sync_api import sync_playwright

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else SHOTS
    with tempfile.TemporaryDirectory() as tmp, smtp_server() as (smtp, inbox), \
            table_server(f"sqlite:///{tmp}/games.db", smtp,
                         ManualClock(1_800_000_000.0)) as (base, app), \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=ARGS)
        try:
            run_story(browser, base, app, app.state.table.clock, inbox, out)
        finally:
            browser.close()
    print(f"screenshots in {out}: table-lobby.png, table-my-games.png, table-profile.png, "
          "table-game.png")


if __name__ == "__main__":
    main()
