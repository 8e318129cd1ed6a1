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

import tomli_w
from pydantic import BaseModel, ConfigDict, Field

from ...core.datafile import read_json, read_toml, validate
from ...core.errors import DataFileError, RecordError
from ...core.record import load_record_file, replay
from .data import Army, parse_army, scenarios

FORMAT = "astral-dreams-campaign"


class GameEntry(BaseModel):
    """One game played: its allowance, scenario, winner (``None``/left out: a draw), outcome,
    scores and the record it was checked against, if any."""

    model_config = ConfigDict(extra="forbid")

    game: int = Field(ge=1)
    points: int = Field(ge=1)
    scenario: str
    #: left out of a file for a draw (TOML has no null)
    winner: Literal["scouts", "robots"] | None = None
    outcome: str
    scores: dict[str, float] = Field(default_factory=dict)
    rounds: int | None = None
    record: str | None = None
    note: str = ""


class Campaign(BaseModel):
    """A campaign file ("Miniatures": fifty points, ten more each game): its settings and the
    games played so far."""

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
        """The number of the next game to play (1-based)."""
        return len(self.games) + 1

    def wins(self) -> dict[str, int]:
        """Games won by each side, and draws."""
        out = {"scouts": 0, "robots": 0, "draw": 0}
        for g in self.games:
            out[g.winner or "draw"] += 1
        return out


def new_campaign(name: str, scenario: str, start: int = 50, step: int = 10) -> Campaign:
    """A fresh campaign on a known scenario ("Miniatures": fifty points, then ten more)."""
    if scenario not in scenarios():
        raise DataFileError(
            "(campaign)", "scenario",
            f"unknown scenario {scenario!r} (known: {', '.join(scenarios())})",
        )
    return Campaign(name=name, scenario=scenario, start_points=start, step=step)


def load_campaign(path: str | Path) -> Campaign:
    """Read and validate a campaign file (TOML by its name, else JSON); games numbered 1, 2…"""
    p = Path(path)
    if p.suffix.lower() == ".toml":
        data: Any = read_toml(p)
    else:
        data = read_json(p)
    camp = validate(Campaign, data, str(p))
    for i, g in enumerate(camp.games):
        if g.game != i + 1:
            raise DataFileError(str(p), f"games.{i}.game", f"expected game {i + 1}, found {g.game}")
    return camp


def dump_campaign(camp: Campaign) -> str:
    """The campaign as TOML text (written by tomli-w; a draw's winner is left out)."""
    return tomli_w.dumps(camp.model_dump(exclude_none=True))


def save_campaign(camp: Campaign, path: str | Path) -> None:
    """Write the campaign (TOML by its name, else JSON)."""
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
