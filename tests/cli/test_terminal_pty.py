"""The terminal program as a person uses it, driven in a pseudo-terminal (pexpect): a whole game
of each ruleset with Tab completion and numbered choices, save/quit/resume, Ctrl-C and resume."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

SRC = Path(__file__).resolve().parents[2] / "src"
SEATS = r"(commander|blue|pilot|scouts)>"
COUNT = re.compile(rb"\xb7 (\d+) actions")


def spawn(tmp: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(SRC), VOIDWAR_AUTOSAVE_DIR=str(tmp / "auto"),
               XDG_STATE_HOME=str(tmp / "state"), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
               COLUMNS="160", LINES="45")
    return pexpect.spawn(sys.executable, ["-m", "voidwar.cli.main", "play", *args], env=env,
                         cwd=str(tmp), dimensions=(45, 160), timeout=60)


def next_prompt(child: pexpect.spawn, last: int) -> tuple[str, int]:
    """Wait for a fresh screen (its action count past ``last``) and the prompt under it."""
    while True:
        k = child.expect([r"game over>", COUNT])
        if k == 0:
            return "over", last
        n = int(child.match.group(1))
        if n > last or last < 0:
            k = child.expect([SEATS, r"game over>"])
            return ("seat", "over")[k], n


CASES = [
    ("antilles", ["--seed", "3"], ["pla\t", "P\t", "at -1,1\r"], "place P1 at -1,1"),
    ("attack-vector", ["--seed", "1"], ["thr\t", "1\r"], "thrust 1"),
    ("astral-dreams", ["--seed", "1", "--vs", "random"], ["en\t", "S1\r"], "end S1"),
    ("space-fleet", ["--seed", "1", "--vs", "random"], ["mov\t", "DD1 1\r"], "move DD1 1"),
]


@pytest.mark.parametrize(("ruleset", "args", "keys", "seen"), CASES, ids=[c[0] for c in CASES])
def test_a_whole_game_with_completion_and_numbers(tmp_path: Path, ruleset: str,
                                                  args: list[str], keys: list[str],
                                                  seen: str) -> None:
    child = spawn(tmp_path, ruleset, "--new", *args)
    state, n = next_prompt(child, -1)
    for k in keys:  # the first action by Tab completion, word by word
        child.send(k)
    state, n = next_prompt(child, n)
    moves = 1
    while state != "over" and moves < 400:
        child.send("1\r")  # numbered choice: the first legal action
        moves += 1
        state, n = next_prompt(child, n)
    assert state == "over", f"no end after {moves} numbered choices"
    assert b"Game over: " in child.before  # the result, in words, on the last screen
    child.send("save done.json\r")
    child.expect("saved to done.json")
    child.send("quit\r")
    child.expect("bye")
    child.expect(pexpect.EOF)
    rec = json.loads((tmp_path / "done.json").read_text())
    assert rec["ruleset"] == ruleset and len(rec["actions"]) >= moves
    assert rec["actions"][0] == seen  # what Tab completed


def test_save_quit_and_resume(tmp_path: Path) -> None:
    child = spawn(tmp_path, "antilles", "--seed", "3", "--new")
    n = next_prompt(child, -1)[1]
    for text in ("p 1 -1,1", "p 2 -2,2", "2"):
        child.send(text + "\r")
        n = next_prompt(child, n)[1]
    child.send("quit\r")
    child.expect("save before leaving")
    child.send("mine.json\r")
    child.expect("saved to mine.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(json.loads((tmp_path / "mine.json").read_text())["actions"]) == 3
    again = spawn(tmp_path, "antilles", "--load", "mine.json")
    again.expect(br"\xb7 3 actions")
    again.expect(SEATS)
    again.send("quit\r")
    again.expect("bye")
    again.expect(pexpect.EOF)


def test_ctrl_c_autosaves_and_the_next_play_offers_it(tmp_path: Path) -> None:
    child = spawn(tmp_path, "antilles", "--seed", "5")
    n = next_prompt(child, -1)[1]
    for text in ("p 1 -1,1", "p 2 -2,2"):
        child.send(text + "\r")
        n = next_prompt(child, n)[1]
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
    again.expect(br"\xb7 2 actions")
    again.expect("resumed")
    again.expect(SEATS)
    again.send("p 3 3,0\r")
    next_prompt(again, 2)
    again.send("quit\r")
    again.expect("save before leaving")
    again.send("n\r")
    again.expect(pexpect.EOF)
    assert not list((tmp_path / "auto").glob("antilles-*[0-9].json"))  # declined: removed
