"""Astral Dreams' own commands (``voidwar army …``, ``voidwar campaign …``): army lists and
campaigns ("Miniatures": forces are purchased by points; a campaign begins at fifty points and
adds ten a game). Each is a plain function the command line mounts through the registry
(:attr:`~voidwar.core.registry.RulesetInfo.tools`): its parameters are the command's, what it
returns is printed, a :class:`~voidwar.core.errors.VoidwarError` is its refusal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.errors import VoidwarError
from ...core.registry import Doc, ToolGroup
from .campaign import load_campaign, new_campaign, record_result, save_campaign
from .data import army_to_toml, load_army, suggest_army, units


def army_new(
    side: Annotated[str, Doc("scouts or robots")],
    points: Annotated[int, Doc("the points allowance")] = 50,
    out: Annotated[Path | None, Doc("write here (else print)")] = None,
    name: Annotated[str, Doc("the army's name")] = "",
) -> Text:
    """A starting army list for SIDE at POINTS (TOML; edit it, then 'voidwar army check')."""
    army = suggest_army(side.strip().lower(), points)
    if name:
        army = army.model_copy(update={"name": name})
    text = army_to_toml(army)
    if out is None:
        return Text(text.rstrip("\n"))
    out.write_text(text)
    return Text(f"wrote {out}: {army.miniatures()} miniatures, {army.cost()} of {points} points")


def army_check(
    file: Annotated[Path, Doc("an army list (TOML, or JSON)", argument=True)],
    points: Annotated[int | None, Doc("the game's allowance, if not the list's")] = None,
) -> Table:
    """Validate an army list: known units of its side, within the points; exit 2 with the
    reason otherwise."""
    army = load_army(file, points)
    table = units().side(army.side).units
    t = Table(title=f"{army.name or file.name}: {army.side}, {army.cost()} of "
              f"{points or army.points} points — valid")
    for col in ("unit", "count", "points each", "subtotal"):
        t.add_column(col)
    for entry in army.units:
        p = table[entry.type]
        t.add_row(p.name, str(entry.count), str(p.points), str(p.points * entry.count))
    return t


def campaign_new(
    file: Annotated[Path, Doc("campaign file to create (.json or .toml)", argument=True)],
    scenario: Annotated[str, Doc("the scenario each game uses")] = "open-table",
    start: Annotated[int, Doc("points for the first game")] = 50,
    step: Annotated[int, Doc("points added for each later game")] = 10,
    name: Annotated[str, Doc("the campaign's name")] = "campaign",
    force: Annotated[bool, Doc("overwrite an existing file")] = False,
) -> Text:
    """Start a campaign file."""
    if file.exists() and not force:
        raise VoidwarError(f"{file} exists (use --force to overwrite)")
    camp = new_campaign(name, scenario, start, step)
    save_campaign(camp, file)
    return Text(f"campaign {name!r} in {file}: game 1 at {camp.allowance(1)} points, "
                f"+{step} each game after")


def campaign_show(file: Annotated[Path, Doc("the campaign file", argument=True)]) -> Group:
    """The games played, their allowances and results, and the next game's allowance."""
    camp = load_campaign(file)
    t = Table(title=f"{camp.name}: {camp.scenario}, {camp.start_points} points +{camp.step}/game")
    for col in ("game", "points", "scenario", "winner", "outcome", "scouts", "robots", "record"):
        t.add_column(col)
    for g in camp.games:
        t.add_row(str(g.game), str(g.points), g.scenario, g.winner or "draw", g.outcome,
                  f"{g.scores.get('scouts', ''):g}" if g.scores else "",
                  f"{g.scores.get('robots', ''):g}" if g.scores else "", g.record or "")
    w = camp.wins()
    return Group(t, Text(f"wins: scouts {w['scouts']}, robots {w['robots']}, draws "
                         f"{w['draw']}; next: game {camp.next_game} at "
                         f"{camp.allowance(camp.next_game)} points"))


def campaign_record(
    file: Annotated[Path, Doc("the campaign file", argument=True)],
    record: Annotated[Path | None, Doc("a finished game's record (JSON save)")] = None,
    winner: Annotated[str | None, Doc("scouts, robots or draw (a real table)")] = None,
    note: Annotated[str, Doc("a note to keep")] = "",
) -> Text:
    """Record the next game's result, from its record file or typed in."""
    if (record is None) == (winner is None):
        raise VoidwarError("give exactly one of --record FILE or --winner scouts|robots|draw")
    camp = load_campaign(file)
    entry = record_result(camp, winner=winner, record_path=record, note=note)
    save_campaign(camp, file)
    return Text(f"game {entry.game} ({entry.points} points): {entry.outcome}; next game "
                f"{camp.next_game} at {camp.allowance(camp.next_game)} points")


def campaign_next(
    file: Annotated[Path, Doc("the campaign file", argument=True)],
    armies: Annotated[Path | None, Doc("write starting army lists here")] = None,
) -> Text:
    """The next game's setup: its number, allowance, scenario and the command that plays it."""
    camp = load_campaign(file)
    n = camp.next_game
    pts = camp.allowance(n)
    lines = [f"game {n} of {camp.name!r}: {pts} points a side, scenario {camp.scenario}"]
    cmd = f"voidwar play astral-dreams --scenario {camp.scenario} -o points={pts}"
    if armies is not None:
        armies.mkdir(parents=True, exist_ok=True)
        paths = {}
        for side in ("scouts", "robots"):
            p = armies / f"game{n}-{side}.toml"
            if not p.exists():
                p.write_text(army_to_toml(suggest_army(side, pts)))
            paths[side] = p
            lines.append(f"{side} army list: {p}")
        cmd += f" --army-a {paths['scouts']} --army-b {paths['robots']}"
    else:
        cmd += " --army-a SCOUTS.toml --army-b ROBOTS.toml"
    lines += ["play it:  " + cmd, f"then:     voidwar campaign record {file} --record "
                                   "SAVED_GAME.json"]
    return Text("\n".join(lines))


#: the command groups of ``voidwar`` this ruleset adds
TOOLS = {
    "army": ToolGroup("Astral Dreams army lists: write a starting list, check a list.",
                      {"new": army_new, "check": army_check}),
    "campaign": ToolGroup("Astral Dreams campaigns: 50 points, +10 each game, results kept.",
                          {"new": campaign_new, "show": campaign_show,
                           "record": campaign_record, "next": campaign_next}),
}
