"""Batch simulation, statistics and reports, shared by every ruleset."""

from .runner import GameSpec, play_one, simulate, simulate_summary
from .stats import mean_ci, wilson
from .summary import Summary, summarize

__all__ = ["GameSpec", "Summary", "mean_ci", "play_one", "simulate", "simulate_summary",
           "summarize", "wilson"]
