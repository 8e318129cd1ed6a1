"""The terminal game in a real terminal emulator (tmux), read back as the person sees it.

pexpect reads the bytes the program writes; on the full screen only the cells that change are
written, so what is *on the screen* needs an emulator: tmux keeps the screen and
``capture-pane`` prints it. Each :class:`Tmux` runs its own tmux server (a socket of its own), so
tests in parallel never share one."""

from __future__ import annotations

import os
import secrets
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
#: the longest wait for the screen to show something (a deadline for a test that would hang,
#: never a measured time)
WAIT = 90.0


def have_tmux() -> bool:
    return shutil.which("tmux") is not None


class Tmux:
    """``voidwar ARGS`` in a tmux window of ``cols`` × ``rows``, in folder ``cwd``."""

    def __init__(self, cwd: Path, args: list[str], cols: int = 200, rows: int = 50,
                 env: dict[str, str] | None = None) -> None:
        self.sock = f"voidwar-test-{secrets.token_hex(4)}"
        base = {"PYTHONPATH": str(SRC), "VOIDWAR_AUTOSAVE_DIR": str(cwd / "auto"),
                "XDG_STATE_HOME": str(cwd / "state"), "TERM": "xterm-256color",
                "PROMPT_TOOLKIT_NO_CPR": "1", **(env or {})}
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in base.items())
        cmd = (f"cd {shlex.quote(str(cwd))} && env {exports} {shlex.quote(sys.executable)} -m "
               f"voidwar.cli.main {' '.join(shlex.quote(a) for a in args)}; "
               "code=$?; echo; echo EXIT=$code; sleep 600")
        self._tmux("new-session", "-d", "-s", "game", "-x", str(cols), "-y", str(rows), cmd)

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.sock, "-f", os.devnull, *args],
                              capture_output=True, text=True, check=True).stdout

    def screen(self) -> str:
        """The screen now, line by line."""
        return self._tmux("capture-pane", "-p", "-t", "game")

    def type(self, text: str, enter: bool = True) -> None:
        """Type ``text`` (literally), then Enter."""
        if text:
            self._tmux("send-keys", "-t", "game", "-l", text)
        if enter:
            self._tmux("send-keys", "-t", "game", "Enter")

    def key(self, name: str) -> None:
        """Press a key by tmux's name (``C-c``, ``F2``, ``PageDown``)."""
        self._tmux("send-keys", "-t", "game", name)

    def wait_for(self, *texts: str, gone: str | None = None) -> str:
        """The screen once it shows every one of ``texts`` (and no longer ``gone``)."""
        return self.wait_until(lambda s: all(t in s for t in texts)
                               and (gone is None or gone not in s), repr(texts))

    def wait_until(self, ok: Callable[[str], bool], what: str) -> str:
        """The screen once ``ok(screen)``."""
        deadline = time.monotonic() + WAIT
        while True:
            s = self.screen()
            if ok(s):
                return s
            if time.monotonic() > deadline:
                raise AssertionError(f"the screen never showed {what}:\n{s}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.sock, "kill-server"], capture_output=True,
                       check=False)

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
