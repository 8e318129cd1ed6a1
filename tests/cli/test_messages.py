"""Every misleading message found in a first hour (and the lost games), fixed: each
one a test of what the person reads."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import voidwar
from voidwar.cli.main import app
from voidwar.cli.terminal import run_terminal
from voidwar.core.registry import get_ruleset

runner = CliRunner()
PLACES = [f"place P{i} at {i},0" for i in range(1, 8)]


def play(lines: list[str], ruleset: str = "antilles", **kw: object) -> str:
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    console = Console(record=True, width=200)
    run_terminal(ruleset, console=console, read=read, **kw)  # type: ignore[arg-type]
    return console.export_text()


def test_a_typos_hint_names_actions_legal_now() -> None:
    out = play(["mvoe P1 to 1,0", "quit"], seed=1)
    line = next(ln for ln in out.splitlines() if "cannot read 'mvoe" in ln)
    assert "'place P1 at" in line and "'move " not in line  # set-up: only placements


def test_save_without_a_name_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = play([PLACES[0], "save", "quit"], seed=1)
    assert "Illegal" not in out and "saved to antilles-" in out
    (saved,) = tmp_path.glob("antilles-*.json")
    assert json.loads(saved.read_text())["actions"] == PLACES[:1]


def test_legal_with_no_match_says_so_and_numbers_play() -> None:
    out = play(["legal zzz", "legal P1 at 1,0", "1", "log", "quit"], seed=1)
    assert "no legal action contains 'zzz'" in out
    assert "1  place P1 at 1,0" in out and "P1 placed at 1,0" in out


def test_help_keeps_the_arguments_and_lists_short_forms() -> None:
    out = play(["help", "quit"], seed=1)
    assert "legal [TEXT]" in out and "save [FILE]" in out
    assert "f 2 ant → fire P2 at platform" in out


def test_short_forms_and_the_end_key() -> None:
    out = play([*PLACES, ".", "f 1 ant", "quit"], seed=1)
    assert "> end movement" in out and "> fire P1 at platform" in out


def test_space_fleet_names_the_seat_asked() -> None:
    g = voidwar.load("space-fleet", seed=1)
    c = Console(record=True, width=200)
    c.print(get_ruleset("space-fleet").render(g))  # type: ignore[misc]
    status = c.export_text().splitlines()[0]
    assert f"to act: {g.to_act}" in status and "moved first" not in status


def test_game_over_is_said_once_in_words() -> None:
    out = play([], seed=2, auto="heuristic")
    lines = [ln for ln in out.splitlines() if ln.startswith("Game over")]
    assert len(lines) == 1 and "{" not in lines[0] and "score commander" in lines[0]


def test_a_finished_game_can_still_be_saved(tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    out = play([f"save {save}", "quit"], seed=2, auto="heuristic")
    assert f"saved to {save}" in out
    assert runner.invoke(app, ["replay", str(save)]).exit_code == 0


def test_bad_save_paths_and_another_rulesets_save_are_messages(tmp_path: Path) -> None:
    other = tmp_path / "sf.json"
    other.write_text(json.dumps(voidwar.load("space-fleet", seed=1).record()))
    out = play([PLACES[0], "save /nonexistent/dir/x.json", f"save {tmp_path}",
                f"load {other}", "load /nonexistent.json", "quit"], seed=1)
    assert "the folder /nonexistent/dir does not exist" in out
    assert f"{tmp_path} is a folder" in out
    assert "is a saved space-fleet game, not antilles" in out
    assert "no file /nonexistent.json" in out
    r = runner.invoke(app, ["play", "antilles", "--load", str(other)])
    assert r.exit_code == 2 and "saved space-fleet game" in r.output


def test_quit_asks_to_save(tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    out = play([PLACES[0], "quit", "c", "quit", str(save)], seed=1)
    assert "staying in the game" in out and f"saved to {save}" in out
    assert json.loads(save.read_text())["actions"] == PLACES[:1]


def test_vs_in_a_solitaire_game_is_refused() -> None:
    r = runner.invoke(app, ["play", "antilles", "--vs", "heuristic"])
    assert r.exit_code == 2 and "one seat" in r.output and "--auto" in r.output


def test_simulate_refuses_an_unwritable_plot_before_playing() -> None:
    r = runner.invoke(app, ["simulate", "antilles", "--games", "3", "--plot",
                            "/nonexistent/x.png"])
    assert r.exit_code == 2 and "/nonexistent does not exist" in r.output
    assert "Traceback" not in r.output and "games" not in r.stdout


def test_serve_refuses_a_bad_port_and_a_port_in_use() -> None:
    r = runner.invoke(app, ["serve", "--port", "99999"])
    assert r.exit_code == 2 and "65535" in r.output and "Overflow" not in r.output
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = runner.invoke(app, ["serve", "--port", str(port)])
    assert r.exit_code == 2 and "already in use" in r.output
    assert "playing at" not in r.output


def test_space_fleet_short_forms_fractions_and_the_unmoved_end() -> None:
    lines = iter(["e hc1", "n", "m hc1 2.5", "e hc1", "quit", "n"])
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    console = Console(record=True, width=200)
    run_terminal("space-fleet", "open-space", 1, console=console, read=read, vs="heuristic")
    out = console.export_text()
    questions = [q for q in asked if "has not moved this turn" in q]
    assert questions == ["HC1 has not moved this turn (up to 3 units): end its move where it "
                         "stands? [y/N] "]  # once: after HC1 moved, `e hc1` plays at once
    assert "not played: end move HC1" in out
    assert "> move HC1 2.5" in out and "cannot read" not in out
    assert "> end move HC1" in out


def test_help_shows_queries_in_words_without_markup() -> None:
    out = play(["help", "quit"], ruleset="astral-dreams", seed=1, vs="random")
    assert "``" not in out
    assert "dist S1 R2 / dist S1 12,30: the distance, the gap between bases, and — to a point " \
           "— whether S1 may move there now" in " ".join(out.split())
    sf = play(["help", "quit"], ruleset="space-fleet", seed=1, vs="random")
    assert "ships [ID]: every ship in one line each" in sf and "``" not in sf


def test_a_broken_record_names_the_place_once(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"ruleset": "antilles",\n "actions": ["place P1 at 1,0')
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2
    said = " ".join(r.output.split())
    assert "Unterminated string starting at line 2 column 14" in said and "at at" not in said


def test_list_names_every_scenario_in_full() -> None:
    r = runner.invoke(app, ["list"])
    out = " ".join(r.output.replace("│", " ").split())
    for name in ("destroyer-skirmish", "table-minefield", "line-of-battle", "rendezvous"):
        assert name in out
    assert "…" not in r.output


def test_real_dice_the_list_offers_the_roll_and_each_roll_is_said() -> None:
    places = ["p 1 -1,1", "p 2 -2,2", "p 3 3,0", "p 4 1,1", "p 5 2,-2", "p 6 -1,3", "p 7 0,-3"]
    out = play([*places, "legal", "12", "5", "legal", "quit", "n"], dice="manual")
    after = out.split("> place P7 at 0,-3")[1]
    assert "legal actions: 20" in after and "   1  roll 1" in after
    assert "place P7 at -1,0" not in after  # not the list from before the roll was asked
    assert "d20=12 for Active Bolt Caster 1 (entered)" in after
    assert "d20=5 for Path of B1 (entered)" in after


def test_a_save_keeps_the_computer_seat_for_load_and_play_load(tmp_path: Path) -> None:
    save = tmp_path / "vs.json"
    play(["move BB1 1", f"save {save}", "quit", "n"], ruleset="space-fleet", scenario="duel",
         seed=1, vs="heuristic")
    rec = json.loads(save.read_text())
    assert rec["terms"] == {"seats": {"red": {"kind": "bot", "policy": "heuristic", "seed": 2}}}
    out = play([f"load {save}", "end move BB1", "quit", "n"], ruleset="space-fleet",
               scenario="duel", seed=1)
    assert "(red: computer (heuristic))" in out and "red (heuristic): " in out
    again = runner.invoke(app, ["play", "space-fleet", "--load", str(save), "--no-autosave"],
                          input="end move BB1\nquit\nn\n")
    assert again.exit_code == 0 and "red: computer (heuristic), as when the game was saved" \
        in again.output and "red (heuristic): " in again.output
