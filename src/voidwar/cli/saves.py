"""Games never lost: saving and loading as messages (never a traceback), autosave after every
action to a per-game file, and the offer of an unfinished autosave on the next ``voidwar play``.

A save made at the terminal also says which seats the computer plays (the record's ``terms``,
``{"seats": {"red": {"kind": "bot", "policy": "heuristic", "seed": 1}}}``, the web's words for a
seat), so a resumed game goes on against the same opponent.

Autosaves live in ``$VOIDWAR_AUTOSAVE_DIR``, else ``$XDG_STATE_HOME/voidwar/autosave``
(``~/.local/state`` when unset); one file per game, ``RULESET-YYYYmmdd-HHMMSS.json``.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import VoidwarError
from ..core.game import Game
from ..core.record import load_record_file

#: seat → ``{"kind": "bot", "policy": NAME, "seed": N}``: the seats the computer plays
BotSeats = dict[str, dict[str, Any]]


class SaveProblem(Exception):
    """A save or load that could not be done; the message says why, in words."""


def autosave_dir() -> Path:
    """Where autosaves go (``VOIDWAR_AUTOSAVE_DIR``, else the XDG state folder)."""
    env = os.environ.get("VOIDWAR_AUTOSAVE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "voidwar" / "autosave"


def default_save_name(ruleset: str) -> Path:
    """A fresh file name in the current folder for ``save`` without a name."""
    return Path(f"{ruleset}-{time.strftime('%Y%m%d-%H%M%S')}.json")


def write_record(game: Game, path: Path, bots: BotSeats | None = None) -> None:
    """``game``'s record as JSON at ``path``, with the computer's seats (``bots``) as its
    terms."""
    rec = game.record()
    if bots:
        rec["terms"] = {"seats": bots}
    path.write_text(json.dumps(rec, indent=1) + "\n", encoding="utf-8")


def saved_bots(rec: dict[str, Any]) -> BotSeats:
    """The seats a saved record says the computer played (nothing a record cannot say)."""
    terms = rec.get("terms")
    seats = terms.get("seats") if isinstance(terms, dict) else None
    if not isinstance(seats, dict):
        return {}
    return {str(seat): {"kind": "bot", "policy": s["policy"], "seed": int(s.get("seed", 0))}
            for seat, s in seats.items()
            if isinstance(s, dict) and s.get("kind") == "bot" and isinstance(s.get("policy"), str)
            and isinstance(s.get("seed", 0), int)}


def make_bots(seats: BotSeats, ruleset: str) -> dict[str, Any]:
    """The policies of ``seats`` (each seeded as the seat says)."""
    from ..ai import registry as policy_registry

    return {s: policy_registry.get(b["policy"], ruleset, b["seed"]) for s, b in seats.items()}


def bots_in_words(bots: BotSeats) -> str:
    """``red: computer (heuristic)``."""
    return ", ".join(f"{seat}: computer ({b['policy']})" for seat, b in bots.items())


def save_game(game: Game, path: str | Path, bots: BotSeats | None = None) -> Path:
    """Save ``game`` as a record at ``path`` (with the seats ``bots`` the computer plays); a
    missing folder, a folder given as the file or a file that cannot be written is a
    :class:`SaveProblem` naming the path and the reason."""
    p = Path(path).expanduser()
    if p.is_dir():
        raise SaveProblem(f"{p} is a folder; give a file name, e.g. save {p / 'game.json'}")
    if not p.parent.is_dir():
        raise SaveProblem(f"cannot save to {p}: the folder {p.parent} does not exist")
    try:
        write_record(game, p, bots)
    except OSError as e:
        raise SaveProblem(f"cannot save to {p}: {e.strerror or e}") from None
    return p


def read_record(path: str | Path, ruleset: str | None = None) -> dict[str, Any]:
    """A saved record from ``path``; a missing, unreadable or malformed file, or (with
    ``ruleset``) another ruleset's save, is a :class:`SaveProblem`."""
    p = Path(path).expanduser()
    if p.is_dir():
        raise SaveProblem(f"{p} is a folder, not a saved game")
    if not p.exists():
        raise SaveProblem(f"no file {p}")
    try:
        rec = load_record_file(p)
    except (VoidwarError, OSError, ValueError) as e:
        raise SaveProblem(f"cannot load {p}: {e}") from None
    other = rec.get("ruleset")
    if ruleset is not None and other != ruleset:
        raise SaveProblem(f"{p} is a saved {other} game, not {ruleset}; play it with "
                          f"`voidwar play {other} --load {p}`")
    return rec


@dataclass
class Autosave:
    """The autosave file of one game: written after every action, removed once the person
    has saved or declined on leaving."""

    path: Path

    @classmethod
    def new(cls, ruleset: str, folder: Path | None = None) -> Autosave:
        """A fresh per-game autosave file for ``ruleset`` (the folder is made if needed)."""
        d = folder or autosave_dir()
        d.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = d / f"{ruleset}-{stamp}.json"
        k = 1
        while path.exists():
            k += 1
            path = d / f"{ruleset}-{stamp}-{k}.json"
        return cls(path)

    @property
    def finished_path(self) -> Path:
        """Where a finished game's autosave goes (never offered; kept for ``voidwar replay``)."""
        return self.path.with_name(self.path.stem + ".finished.json")

    def write(self, game: Game, bots: BotSeats | None = None) -> str | None:
        """Write the game (and the seats ``bots`` the computer plays); a problem comes back as
        a message (the game goes on)."""
        target = self.finished_path if game.over else self.path
        try:
            tmp = self.path.with_suffix(".tmp")
            write_record(game, tmp, bots)
            tmp.replace(target)
            (self.path if game.over else self.finished_path).unlink(missing_ok=True)
        except OSError as e:
            return f"autosave to {target} failed: {e.strerror or e}"
        return None

    @property
    def current(self) -> Path:
        """The file that holds the game now."""
        return self.finished_path if self.finished_path.exists() else self.path

    def discard(self) -> None:
        """Remove the file (the game was saved elsewhere or the person declined)."""
        self.path.unlink(missing_ok=True)
        self.finished_path.unlink(missing_ok=True)


def unfinished_autosave(ruleset: str, folder: Path | None = None
                        ) -> tuple[Path, int, BotSeats] | None:
    """The newest autosave of an unfinished ``ruleset`` game, its number of actions and the
    seats the computer plays in it."""
    d = folder or autosave_dir()
    if not d.is_dir():
        return None
    files = sorted(d.glob(f"{ruleset}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for p in files:
        if p.name.endswith((".finished.json", ".declined.json")):
            continue
        try:
            rec = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(rec, dict) and rec.get("ruleset") == ruleset:
            return p, len(rec.get("actions", [])), saved_bots(rec)
    return None


def decline(path: Path) -> Path:
    """Set an offered autosave aside (kept, never offered again); its new name."""
    new = path.with_name(path.stem + ".declined.json")
    path.replace(new)
    return new
