"""Where the browser tests put their screenshots: a temporary folder, so a test run never
rewrites the committed pictures (``git status`` stays clean). ``make screenshots`` sets
``VOIDWAR_SCREENSHOTS=docs/screenshots`` to refresh the pictures in docs/ on purpose."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

SHOTS = Path(os.environ.get("VOIDWAR_SCREENSHOTS")
             or Path(tempfile.gettempdir()) / f"voidwar-screenshots-{os.getuid()}")
