"""Batch simulation, statistics and reports, shared by every ruleset."""

from .runner import GameSpec, play_one, simulate
from .stats import mean_ci, summarize, wilson

__all__ = ["GameSpec", "mean_ci", "play_one", "simulate", "summarize", "wilson"]
