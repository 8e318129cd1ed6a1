"""Astral Dreams campaigns ("Miniatures": "I highly suggest beginning a campaign (a series of
wargames between the same player(s)) with fifty points for each side. For each game you play
afterwards add ten points to your allowance").

A campaign file (JSON, or TOML when its name ends in ``.toml``) holds the starting allowance, the
step, the scenario and the results recorded so far; the next game's allowance is
``start + step × games played``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.datafile import read_toml, validate
from ...core.errors import DataFileError, RecordError
from ...core.record import load_record_file, replay
from .data import Army, parse_army, scenarios

FORMAT = "astral-dreams-campaign"


class GameEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: int = Field(ge=1)
    points: int = Field(ge=1)
    scenario: str
    winner: Literal["scouts", "robots"] | None
    outcome: str
    scores: dict[str, float] = Field(default_factory=dict)
    rounds: int | None = None
    record: str | None = None
    note: str = ""


class Campaign(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["astral-dreams-campaign"] = "astral-dreams-campaign"
    name: str = "campaign"
    scenario: str = "open-table"
    start_points: int = Field(default=50, ge=1)
    step: int = Field(default=10, ge=0)
    games: list[GameEntry] = Field(default_factory=list)

    def allowance(self, game: int) -> int:
        """Points for game ``game`` (1-based): fifty, then ten more each game."""
        return self.start_points + self.step * (game - 1)

    @property
    def next_game(self) -> int:
        return len(self.games) + 1

    def wins(self) -> dict[str, int]:
        out = {"scouts": 0, "robots": 0, "draw": 0}
        for g in self.games:
            out[g.winner or "draw"] += 1
        return out


def new_campaign(name: str, scenario: str, start: int = 50, step: int = 10) -> Campaign:
    if scenario not in scenarios():
        raise DataFileError(
            "(campaign)", "scenario",
            f"unknown scenario {scenario!r} (known: {', '.join(scenarios())})",
        )
    return Campaign(name=name, scenario=scenario, start_points=start, step=step)


def load_campaign(path: str | Path) -> Campaign:
    p = Path(path)
    if p.suffix.lower() == ".toml":
        data: Any = read_toml(p)
    else:
        try:
            data = json.loads(p.read_text())
        except OSError as e:
            raise DataFileError(str(p), "(file)", f"cannot read: {e.strerror}") from None
        except json.JSONDecodeError as e:
            raise DataFileError(str(p), "(syntax)", f"not valid JSON: {e.msg}") from None
    camp = validate(Campaign, data, str(p))
    for i, g in enumerate(camp.games):
        if g.game != i + 1:
            raise DataFileError(str(p), f"games.{i}.game", f"expected game {i + 1}, found {g.game}")
    return camp


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    return json.dumps(str(v))


def dump_campaign(camp: Campaign) -> str:
    """The campaign as TOML text (no TOML writer ships with Python; the shape is fixed)."""
    data = camp.model_dump(exclude_none=True)
    games = data.pop("games")
    lines = [f"{k} = {_toml_value(v)}" for k, v in data.items()]
    for g in games:
        lines += ["", "[[games]]"] + [f"{k} = {_toml_value(v)}" for k, v in g.items()]
    return "\n".join(lines) + "\n"


def save_campaign(camp: Campaign, path: str | Path) -> None:
    p = Path(path)
    if p.suffix.lower() == ".toml":
        p.write_text(dump_campaign(camp))
    else:
        p.write_text(json.dumps(camp.model_dump(exclude_none=True), indent=1) + "\n")


def record_result(
    camp: Campaign,
    winner: str | None = None,
    record_path: str | Path | None = None,
    note: str = "",
) -> GameEntry:
    """Add the next game's result: from a finished game's record (checked: replayed, the right
    scenario, both armies within the allowance) or as a winner typed in (a game on a real table).
    """
    n = camp.next_game
    points = camp.allowance(n)
    if record_path is not None:
        rec = load_record_file(record_path)
        if rec.get("ruleset") != "astral-dreams":
            raise RecordError(f"{record_path}: not an Astral Dreams record")
        game = replay(rec)
        res = game.result
        if res is None:
            raise RecordError(f"{record_path}: the game is not finished")
        for key in ("army_a", "army_b"):
            army: Army = parse_army(rec["options"][key], f"{record_path} ({key})")
            if army.cost() > points:
                raise RecordError(
                    f"{record_path}: the {army.side} army costs {army.cost()} points, over game "
                    f"{n}'s allowance of {points}"
                )
        entry = GameEntry.model_validate({
            "game": n, "points": points, "scenario": str(rec["scenario"]), "winner": res.winner,
            "outcome": res.outcome, "scores": dict(res.scores),
            "rounds": int(res.details["rounds"]), "record": str(record_path), "note": note,
        })
    else:
        if winner not in ("scouts", "robots", "draw"):
            raise DataFileError("(campaign)", "winner", "give scouts, robots or draw (or a record)")
        entry = GameEntry.model_validate({
            "game": n, "points": points, "scenario": camp.scenario,
            "winner": None if winner == "draw" else winner,
            "outcome": "draw" if winner == "draw" else f"{winner}-win", "note": note,
        })
    camp.games.append(entry)
    return entry
