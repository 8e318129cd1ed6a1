"""``voidwar dev``: golden files from RulesetInfo.goldens, dev commands from typed functions,
and the action catalogue writer — on toy rulesets registered here."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from voidwar.cli.dev import package_name
from voidwar.cli.main import app
from voidwar.core import registry
from voidwar.core.dice import Dice
from voidwar.core.errors import IllegalAction
from voidwar.core.game import Action, Game, Result
from voidwar.core.registry import RulesetInfo, get_ruleset, register

runner = CliRunner()


@dataclass(frozen=True)
class Step(Action):
    size: int

    def __str__(self) -> str:
        return f"step {self.size}"


class Walk(Game):
    """Solitaire: step 1 or 2 until 5 or more; the score is the number of steps."""

    ruleset = "toy-dev"

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any]) -> None:
        super().__init__(dice, scenario, options)
        self.at = 0

    @property
    def seats(self) -> tuple[str, ...]:
        return ("walker",)

    @property
    def to_act(self) -> str | None:
        return None if self.over else "walker"

    def legal_actions(self) -> list[Action]:
        return [Step(1), Step(2)]

    def parse_action(self, text: str) -> Action:
        if text in ("step 1", "step 2"):
            return Step(int(text[-1]))
        raise IllegalAction(f"not an action: {text!r}")

    def check(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the walk is over")

    def execute(self, action: Action) -> None:
        assert isinstance(action, Step)
        self.at += action.size

    @property
    def over(self) -> bool:
        return self.at >= 5

    @property
    def result(self) -> Result | None:
        return Result("done", {"walker": len(self.actions)}) if self.over else None

    def state_dict(self) -> dict[str, Any]:
        return {"at": self.at}


Walk.__module__ = "voidwar.rulesets.toy_dev.game"  # as if it were a ruleset package

GOLDEN = {"one.txt": lambda: "one\n", "two.txt": lambda: "two\n"}


def echo(*, word: str, times: int = 2, loud: bool = False) -> str:
    """Say WORD a few times."""
    text = " ".join([word] * times)
    return text.upper() if loud else text


def ping() -> None:
    """Print nothing."""


TOYS = [
    RulesetInfo(
        name="toy-dev", title="Toy walk", game_class=Walk,
        factory=lambda dice, scenario, options: Walk(dice, scenario, options),
        scenarios=lambda: {"walk": "a short walk"}, goldens=lambda: GOLDEN,
        dev_commands={"echo": echo}),
    RulesetInfo(
        name="toy-dev-bare", title="Toy walk without goldens", game_class=Walk,
        factory=lambda dice, scenario, options: Walk(dice, scenario, options),
        scenarios=lambda: {"walk": "a short walk"}, dev_commands={"ping": ping}),
]


@pytest.fixture(autouse=True)
def toy_rulesets() -> Iterator[None]:
    """Register the toys around each test only (the rest of the suite never sees them)."""
    for info in TOYS:
        register(info)
    yield
    for info in TOYS:
        registry._REGISTRY.pop(info.name, None)


def test_package_name_comes_from_the_game_class_module() -> None:
    assert package_name(get_ruleset("toy-dev")) == "toy_dev"
    assert package_name(get_ruleset("space-fleet")) == "space_fleet"


def test_golden_writes_then_checks(tmp_path: Path) -> None:
    r = runner.invoke(app, ["dev", "golden", "toy-dev", "--dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    folder = tmp_path / "toy_dev" / "golden"
    assert (folder / "one.txt").read_text() == "one\n"
    assert (folder / "two.txt").read_text() == "two\n"
    r = runner.invoke(app, ["dev", "golden", "toy-dev", "--check", "--dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "unchanged" in r.output


def test_golden_check_fails_on_a_difference_and_writes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "toy_dev" / "golden"
    folder.mkdir(parents=True)
    (folder / "one.txt").write_text("ONE\n")
    r = runner.invoke(app, ["dev", "golden", "toy-dev", "--check", "--dir", str(tmp_path)])
    assert r.exit_code == 1
    assert "one.txt: differs" in r.output and "two.txt: missing" in r.output
    assert (folder / "one.txt").read_text() == "ONE\n"
    assert not (folder / "two.txt").exists()


def test_golden_skips_a_ruleset_without_goldens(tmp_path: Path) -> None:
    r = runner.invoke(app, ["dev", "golden", "toy-dev-bare", "--check", "--dir", str(tmp_path)])
    assert r.exit_code == 0
    assert "skipped" in r.output
    assert not any(tmp_path.iterdir())


def test_golden_refuses_an_unknown_ruleset() -> None:
    r = runner.invoke(app, ["dev", "golden", "no-such-ruleset"])
    assert r.exit_code == 2


def test_dev_command_options_come_from_typed_keyword_parameters() -> None:
    r = runner.invoke(app, ["dev", "toy-dev", "echo", "--word", "hey", "--times", "3"])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == "hey hey hey"
    r = runner.invoke(app, ["dev", "toy-dev", "echo", "--word", "hey", "--loud"])
    assert r.output.strip() == "HEY HEY"
    assert runner.invoke(app, ["dev", "toy-dev", "echo"]).exit_code == 2  # --word is required
    r = runner.invoke(app, ["dev", "toy-dev", "echo", "--word", "x", "--times", "many"])
    assert r.exit_code == 2  # typed: an int


def test_a_single_dev_command_stays_a_sub_command() -> None:
    r = runner.invoke(app, ["dev", "toy-dev-bare", "ping"])
    assert r.exit_code == 0, r.output
    assert r.output == ""
    assert runner.invoke(app, ["dev", "no-such-ruleset", "ping"]).exit_code == 2


def test_dev_help_lists_the_rulesets_with_dev_commands() -> None:
    r = runner.invoke(app, ["dev", "--help"])
    assert r.exit_code == 0
    for name in ("golden", "catalogue", "toy-dev", "toy-dev-bare"):
        assert name in r.output


@pytest.mark.parametrize("games", [1, 2])
def test_catalogue_writes_the_notations_seen(tmp_path: Path, games: int) -> None:
    r = runner.invoke(app, ["dev", "catalogue", "toy-dev", "--games", str(games),
                            "--dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    data = json.loads((tmp_path / "toy-dev.json").read_text())
    assert data == {"ruleset": "toy-dev", "overflow": 1024, "notations": ["step 1", "step 2"]}
