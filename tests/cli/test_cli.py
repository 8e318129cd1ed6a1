"""The `voidwar` command: play (scripted input), simulate (JSON, plot, workers), replay."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from voidwar.cli.main import app
from voidwar.cli.terminal import run_terminal

runner = CliRunner()


PROMPTS: list[str] = []


def scripted(lines: list[str]):  # type: ignore[no-untyped-def]
    it = iter(lines)
    PROMPTS.clear()

    def read(prompt: str) -> str:
        PROMPTS.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_terminal_play_undo_save_and_load(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    console = Console(record=True, width=140)
    lines = [f"place P{i} at {i},0" for i in range(1, 8)]
    lines += ["legal P3 to 5,", "move P1 to -5,5", "undo", "teleport", "help",
              f"save {save}", "quit"]
    assert run_terminal("antilles", seed=4, console=console, read=scripted(lines)) == 0
    out = console.export_text()
    assert "move P3 to 5,-5" in out
    assert "took back the last action" in out
    assert "cannot read 'teleport'" in out
    rec = json.loads(save.read_text())
    assert rec["actions"][-1] == "place P7 at 7,0"  # the undone move is not saved
    console2 = Console(record=True, width=140)
    assert run_terminal("antilles", load_file=save, console=console2,
                        read=scripted(["end movement", "quit"])) == 0
    assert "Turn 1" in console2.export_text()


def test_manual_dice_play_as_the_chance_seat(tmp_path: Path) -> None:
    """Manual dice use explicit chance: each roll is the chance seat's move, typed as a number;
    a bad roll is refused by the rules of the die and changes nothing; the game is the inline
    game with the same rolls."""
    import voidwar

    console = Console(record=True, width=140)
    places = [f"place P{i} at {i},0" for i in range(1, 8)]
    save = tmp_path / "manual.json"
    lines = [*places, "1", "0", "1", "1", "1", f"save {save}", "quit"]
    run_terminal("antilles", dice="manual", console=console, read=scripted(lines))
    out = console.export_text()
    assert "a d20 cannot show 0" in out
    assert "Caster 4: recharge, but no Shield is hit" in out
    rolls = [p for p in PROMPTS if p.startswith("roll a d20 for Active Bolt Caster")]
    assert len(rolls) == 5  # four casters, one of them asked twice
    rec = json.loads(save.read_text())
    assert rec["dice"] == {"kind": "manual", "values": [1, 1, 1, 1]}
    inline = voidwar.load("antilles", dice=[1, 1, 1, 1])
    for a in places:
        inline.apply(a)
    assert rec["final"] == inline.digest()


def test_manual_dice_undo_and_load_go_on_asking(tmp_path: Path) -> None:
    save = tmp_path / "manual.json"
    places = [f"place P{i} at {i},0" for i in range(1, 8)]
    console = Console(record=True, width=140)
    # undo while a roll is pending takes back the action that waits for it (P7's placement)
    run_terminal("antilles", dice="manual", console=console,
                 read=scripted([*places, "1", "undo", f"save {save}", "quit"]))
    assert "took back place P7 at 7,0 (it was waiting for a roll)" in console.export_text()
    assert json.loads(save.read_text())["actions"] == places[:-1]
    console2 = Console(record=True, width=140)
    run_terminal("antilles", load_file=save, console=console2,
                 read=scripted([places[-1], "2", "3", "4", "5", "undo", "quit"]))
    assert PROMPTS[1].startswith("roll a d20 for Active Bolt Caster 1")
    assert "roll a d20 for Path of B1> " in PROMPTS  # the loaded game rolls by hand, as saved
    assert "took back place P7 at 7,0 (it was waiting" in console2.export_text()
    assert PROMPTS[-1] == "commander> "


def test_auto_play_to_the_end() -> None:
    console = Console(record=True, width=140)
    assert run_terminal("antilles", seed=2, auto="heuristic", console=console,
                        read=scripted([])) == 0
    assert "Game over" in console.export_text()


def test_simulate_json_is_identical_for_any_worker_count(tmp_path: Path) -> None:
    args = ["simulate", "antilles", "--games", "16", "--policy", "random", "--seed", "9",
            "--json"]
    one = runner.invoke(app, [*args, "--workers", "1"])
    two = runner.invoke(app, [*args, "--workers", "2", "--plot", str(tmp_path / "vp.png")])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    a = json.loads(one.stdout)
    b = json.loads(two.stdout[: two.stdout.rindex("}") + 1])
    assert a["outcomes"] == b["outcomes"] and a["scores"] == b["scores"]
    assert a["games"] == 16
    assert (tmp_path / "vp.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_refuses_unknown_policy_and_bad_tables(tmp_path: Path) -> None:
    r = runner.invoke(app, ["simulate", "antilles", "--policy", "genius", "--games", "2"])
    assert r.exit_code == 2 and "unknown policy" in r.output
    bad = tmp_path / "t.toml"
    bad.write_text("name = 1")
    r = runner.invoke(app, ["simulate", "antilles", "--games", "2", "--tables", str(bad)])
    assert r.exit_code == 2 and str(bad) in r.output


def test_replay_command_checks_the_record(tmp_path: Path) -> None:
    import voidwar

    g = voidwar.load("antilles", seed=1)
    bot = voidwar.policies.get("heuristic", "antilles", 1)
    while not g.over:
        g.apply(bot.choose(g))
    p = tmp_path / "r.json"
    p.write_text(json.dumps(g.record()))
    r = runner.invoke(app, ["replay", str(p)])
    assert r.exit_code == 0 and "result:" in r.output
    p.write_text(json.dumps(dict(g.record(), actions=[])))
    r = runner.invoke(app, ["replay", str(p)])
    assert r.exit_code == 2 and "checksum" in r.output


def test_manual_dice_from_the_first_roll_of_set_up() -> None:
    """Space Fleet may roll initiative while the game is built: the asker must already be there."""
    console = Console(record=True, width=160)
    run_terminal("space-fleet", scenario="cruiser-action", dice="manual", console=console,
                 read=scripted(["4", "3", "2", "5", "1", "6", "quit"]))
    assert PROMPTS[0].startswith("roll a d6 for"), PROMPTS[:3]


def test_simulate_on_ray_equals_local() -> None:
    import pytest

    pytest.importorskip("ray")
    args = ["simulate", "antilles", "--games", "6", "--policy", "random", "--seed", "3",
            "--json"]
    local = runner.invoke(app, args)
    ray = runner.invoke(app, [*args, "--backend", "ray", "--workers", "2"])
    assert local.exit_code == 0 and ray.exit_code == 0, ray.output
    a = json.loads(local.stdout)
    b = json.loads(ray.stdout[ray.stdout.index("{"): ray.stdout.rindex("}") + 1])
    assert a["scores"] == b["scores"] and a["outcomes"] == b["outcomes"]
    bad = runner.invoke(app, [*args, "--backend", "cloud"])
    assert bad.exit_code != 0 and "unknown backend" in bad.output


def test_manual_dice_against_a_computer_opponent() -> None:
    """The heuristic plays the ruleset's game also when the dice are explicit chance."""
    console = Console(record=True, width=160)
    rolls = [str(1 + (i * 7) % 6) for i in range(60)]
    run_terminal("space-fleet", scenario="cruiser-action", dice="manual", auto="heuristic",
                 console=console, read=scripted(["4", "3", *rolls, "quit"]))
    out = console.export_text()
    assert "(heuristic): fire" in out
    assert sum(p.startswith("roll a d6 for") for p in PROMPTS) > 10


def test_ruleset_policies_play_explicit_chance_games_like_inline_ones() -> None:
    import voidwar
    from voidwar.core.chance import CHANCE
    from voidwar.core.dice import SeededDice

    inline = voidwar.load("astral-dreams", seed=8)
    explicit = voidwar.load("astral-dreams", dice=SeededDice(8), chance="explicit")
    bots = {s: voidwar.policies.get("heuristic", "astral-dreams", 3) for s in inline.seats}
    twins = {s: voidwar.policies.get("heuristic", "astral-dreams", 3) for s in inline.seats}
    given = len(inline.dice.history)  # set-up rolls came inline from the same seed in both
    for _ in range(40):
        if inline.over:
            break
        seat = inline.to_act or ""
        inline.apply(bots[seat].choose(inline))
        explicit.apply(twins[seat].choose(explicit))
        while explicit.to_act == CHANCE:  # the chance seat: the inline game's rolls, in turn
            explicit.apply(f"roll {inline.dice.history[given]}")
            given += 1
        assert explicit.digest() == inline.digest()
    assert explicit.actions == inline.actions and given == len(inline.dice.history)
