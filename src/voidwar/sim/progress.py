"""The progress bar of a simulation: it moves per game, with games/s, elapsed time and ETA."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        """``12.3 games/s`` (blank until the first game is done)."""
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} games/s", style="cyan")


def game_progress(console: Console) -> Progress:
    """A bar for a run of games (disabled when ``console`` is no terminal)."""
    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                    MofNCompleteColumn(), RateColumn(), TextColumn("elapsed"),
                    TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                    console=console, disable=not console.is_terminal)
