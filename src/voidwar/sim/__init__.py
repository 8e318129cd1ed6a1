"""Batch simulation, statistics and reports, shared by every ruleset."""

from .runner import GameSpec, play_one, simulate, simulate_summary
from .stats import mean_ci, summarize, wilson
from .summary import Summary

__all__ = ["GameSpec", "Summary", "mean_ci", "play_one", "simulate", "simulate_summary",
           "summarize", "wilson"]
