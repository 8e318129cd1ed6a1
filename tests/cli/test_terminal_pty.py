"""The terminal program as a person uses it, driven in a pseudo-terminal (pexpect) of 200×50:
a whole game of each ruleset on the full screen with Tab completion and numbered choices,
save/quit/resume, Ctrl-C and resume; and the same in line mode (``--plain``).

On the full screen only the cells that change are written, so the tests wait for the terminal's
title (``voidwar RULESET · WHO · N actions``), which the screen sets whenever it changes."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from voidwar.core.record import replay  # noqa: E402

SRC = Path(__file__).resolve().parents[2] / "src"
HUMANS = ("commander", "blue", "pilot", "scouts")
TITLE = re.compile(rb"\x1b\]2;voidwar [a-z-]+ \xc2\xb7 ([^\x07]*?) \xc2\xb7 (\d+) actions\x07")


def spawn(tmp: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(SRC), VOIDWAR_AUTOSAVE_DIR=str(tmp / "auto"),
               XDG_STATE_HOME=str(tmp / "state"), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
               COLUMNS="200", LINES="50")
    return pexpect.spawn(sys.executable, ["-m", "voidwar.cli.main", "play", *args], env=env,
                         cwd=str(tmp), dimensions=(50, 200), timeout=60)


def next_title(child: pexpect.spawn, last: int) -> tuple[str, int]:
    """Wait until the title says a person (or the end, or a question) is to answer after more
    than ``last`` actions: (who, count)."""
    while True:
        child.expect(TITLE)
        who, n = child.match.group(1).decode(), int(child.match.group(2))
        if n > last and (who in HUMANS or who == "game over" or who.endswith("?")):
            return who, n


CASES = [
    ("antilles", ["--seed", "3"], ["pla\t", "P\t", "at -1,1\r"], "place P1 at -1,1"),
    ("attack-vector", ["--seed", "1"], ["thr\t", "1\r"], "thrust 1"),
    ("astral-dreams", ["--seed", "1", "--vs", "random"], ["en\t", "S1\r"], "end S1"),
    ("space-fleet", ["--seed", "1", "--vs", "random"], ["mov\t", "DD1 1\r"], "move DD1 1"),
]


@pytest.mark.parametrize(("ruleset", "args", "keys", "seen"), CASES, ids=[c[0] for c in CASES])
def test_a_whole_game_on_the_full_screen(tmp_path: Path, ruleset: str, args: list[str],
                                         keys: list[str], seen: str) -> None:
    child = spawn(tmp_path, ruleset, "--new", *args)
    who, n = next_title(child, -1)
    child.expect(b"\x1b\\[\\?1049h")  # the alternate screen: the full-screen layout
    for k in keys:  # the first action by Tab completion, word by word
        child.send(k)
    who, n = next_title(child, n)
    moves = 1
    while who != "game over" and moves < 400:
        child.send("1\r")  # numbered choice: the first legal action
        moves += 1
        who, n = next_title(child, n)
    assert who == "game over", f"no end after {moves} numbered choices"
    child.send("save done.json\r")
    child.send("quit\r")
    child.expect("bye")
    child.expect(pexpect.EOF)
    rec = json.loads((tmp_path / "done.json").read_text())
    assert rec["ruleset"] == ruleset and len(rec["actions"]) >= moves
    assert rec["actions"][0] == seen  # what Tab completed
    assert replay(rec).over  # the finished game replays to its end


def test_save_quit_and_resume_on_the_full_screen(tmp_path: Path) -> None:
    child = spawn(tmp_path, "antilles", "--seed", "3", "--new")
    n = next_title(child, -1)[1]
    for text in ("p 1 -1,1", "p 2 -2,2", "2"):
        child.send(text + "\r")
        n = next_title(child, n)[1]
    child.send("quit\r")
    assert next_title(child, n - 1)[0] == "save before leaving?"
    child.send("mine.json\r")
    child.expect("saved to mine.json")  # printed on the normal screen as the program ends
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(json.loads((tmp_path / "mine.json").read_text())["actions"]) == 3
    again = spawn(tmp_path, "antilles", "--load", "mine.json")
    assert next_title(again, 2) == ("commander", 3)
    again.send("quit\r")
    again.expect("bye")
    again.expect(pexpect.EOF)


def test_ctrl_c_autosaves_and_the_next_play_offers_it(tmp_path: Path) -> None:
    child = spawn(tmp_path, "antilles", "--seed", "5")
    n = next_title(child, -1)[1]
    for text in ("p 1 -1,1", "p 2 -2,2"):
        child.send(text + "\r")
        n = next_title(child, n)[1]
    child.sendcontrol("c")
    child.expect("autosaved in")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    again = spawn(tmp_path, "antilles", "--seed", "5")
    again.expect("resume the unfinished antilles game")
    again.expect(r"\[Y/n\]")  # the long path may wrap the line: look at the count alone
    assert re.search(rb"\(2(\x1b\[0m|\s)*actions", again.before)
    again.send("\r")
    assert next_title(again, 1) == ("commander", 2)
    again.send("p 3 3,0\r")
    assert next_title(again, 2) == ("commander", 3)
    again.send("quit\r")
    assert next_title(again, 2)[0] == "save before leaving?"
    again.send("n\r")
    again.expect("bye")
    again.expect(pexpect.EOF)
    assert not list((tmp_path / "auto").glob("antilles-*[0-9].json"))  # declined: removed


PROMPT = r"(commander|blue|pilot|scouts)>"


@pytest.mark.parametrize(("ruleset", "args", "keys", "seen"), CASES[:2],
                         ids=[c[0] for c in CASES[:2]])
def test_a_whole_game_in_line_mode(tmp_path: Path, ruleset: str, args: list[str],
                                   keys: list[str], seen: str) -> None:
    """``--plain`` on a terminal: line by line, with the same prompt (completion, numbers)."""
    child = spawn(tmp_path, ruleset, "--new", "--plain", *args)
    child.expect(PROMPT)
    assert b"\x1b[?1049h" not in child.before  # no full screen
    for k in keys:
        child.send(k)
    moves = 1
    while moves < 400:
        if child.expect([PROMPT, "game over>"]) == 1:
            break
        child.send("1\r")
        moves += 1
    assert b"Game over: " in child.before
    child.send("save done.json\r")
    child.expect("saved to done.json")
    child.send("quit\r")
    child.expect("bye")
    child.expect(pexpect.EOF)
    rec = json.loads((tmp_path / "done.json").read_text())
    assert rec["actions"][0] == seen and replay(rec).over
