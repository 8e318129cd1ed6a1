"""The README's tour, line by line, as a newcomer types it in a fresh clone: every command that
plays or answers at once ends with exit 0 (the long simulations, the tournament and the server are
covered by their own tests: here only that their files and options are the shipped ones)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from voidwar.cli.main import app

ROOT = Path(__file__).resolve().parents[2]


def tour() -> list[list[str]]:
    """The tour's command lines (the ``.venv/bin/voidwar …`` lines of its code block)."""
    block = ROOT.joinpath("README.md").read_text().split("## A short tour")[1].split("```")[1]
    out = []
    for line in block.splitlines():
        if line.startswith(".venv/bin/voidwar "):
            out.append(shlex.split(re.sub(r"\s+#.*$", "", line))[1:])
    return out


QUICK = ("list", "play", "assist", "replay")


@pytest.mark.parametrize("args", [a for a in tour() if a[0] in QUICK],
                         ids=lambda a: " ".join(a)[:60])
def test_a_tour_line_runs_as_written(args: list[str], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # a fresh clone's folder: the paths the tour names
    monkeypatch.setenv("VOIDWAR_AUTOSAVE_DIR", str(tmp_path / "auto"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    r = CliRunner().invoke(app, args, input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output


def test_every_tour_line_names_shipped_files_and_known_commands() -> None:
    lines = tour()
    assert {a[0] for a in lines} >= {"list", "play", "assist", "simulate", "balance", "replay",
                                     "serve", "tournament", "dev"}
    for args in lines:
        for k, a in enumerate(args):
            if args[k - 1] in ("--tables",) or (args[0] == "replay" and k == 1):
                assert (ROOT / a).is_file(), a
        r = CliRunner().invoke(app, [*args[:2], "--help"] if args[0] in ("assist", "dev")
                               else [args[0], "--help"])
        assert r.exit_code == 0, args
