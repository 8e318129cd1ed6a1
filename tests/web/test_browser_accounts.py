"""The online table in a real browser: two accounts play a rated Space Fleet game over
"days" (tests/web/table_story.py). Pictures go to a temporary folder; docs/screenshots/ is
refreshed by ``scripts/table-screenshots`` only. Skipped without Playwright or chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from voidwar.web.table import ManualClock

from .table_helpers import smtp_server
from .table_story import ARGS, run_story, table_server

playwright_sync = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


def test_two_accounts_play_a_rated_game_over_days(tmp_path: Path) -> None:
    clock = ManualClock(1_800_000_000.0)
    with smtp_server() as (smtp, inbox), \
            table_server(f"sqlite:///{tmp_path / 'games.db'}", smtp, clock) as (base, app), \
            playwright_sync.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            story = run_story(browser, base, app, clock, inbox, tmp_path / "shots")
        finally:
            browser.close()
    assert story["late"] in ("Ann", "Bob")  # the story checked one e-mail a turn itself
    print(f"first to move: {story['first']}; turn e-mails: {story['turn_mails']}")
    for name in ("table-lobby.png", "table-my-games.png", "table-profile.png"):
        assert (tmp_path / "shots" / name).stat().st_size > 10_000
