"""``Game.notes()`` for Astral Dreams: every screen says which values are our reading, because
the text gives none (specs/astral-dreams.md, "Missing — we decide")."""

from __future__ import annotations

from rich.console import Console

import voidwar
from voidwar.rulesets.astral_dreams.render import render


def _notes(scenario: str, **options: object) -> str:
    return "\n".join(voidwar.load("astral-dreams", scenario=scenario, **options).notes())


def test_the_table_bases_deployment_and_scout_range_are_said_to_be_ours() -> None:
    """"If you have a table or desk clear of any junk, you have a great battlefield": the text
    gives no size, bases or deployment, and prints no range for the Scouts."""
    notes = _notes("open-table")
    assert '48" × 48" table' in notes and '1" bases' in notes and "our reading" in notes
    assert 'Scout ranged attacks reach 12"' in notes
    assert 'reach 10"' in _notes("open-table", scout_range=10)
    assert "terrain" not in notes and "round" not in notes.replace("Round", "")


def test_terrain_and_the_round_limit_are_said_to_be_ours() -> None:
    """"use common sense to make appropriate terrain rules (e.g., half movement up a hill,
    double movement down it)": the terrain rules are ours, and so is a round limit."""
    ridges = _notes("ridges")
    assert "use common sense" in ridges and "up, down or across the slope" in ridges
    assert "after round 12" in ridges and "stalemate" in ridges
    assert "after round 3" in _notes("ridges", round_limit=3)


def test_the_two_attacks_reading_is_said() -> None:
    """"Two Attacks per Round: the unit gets to attack twice during its turn each round": that
    both are of one kind is ours (every Ladek Marine Robot has two attacks)."""
    assert "both attacks are of one kind" in _notes("open-table")


def test_the_terminal_screen_shows_the_notes_and_records_replay_them() -> None:
    """The terminal view shows every note; a replayed record says the same."""
    g = voidwar.load("astral-dreams", scenario="ridges", seed=4)
    console = Console(width=250, record=True)
    console.print(render(g))
    out = console.export_text()
    for note in g.notes():
        assert note[:60] in out
    assert voidwar.replay(g.record()).notes() == g.notes()
