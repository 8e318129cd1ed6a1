"""Printing and plotting simulation summaries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def print_summary(summary: dict[str, Any], title: str, console: Console) -> None:
    """Print a simulation summary: outcome rates and means with their intervals."""
    n = summary["games"]
    console.print(f"[bold]{title}[/bold] — {n} games")
    for name, key in (("Outcome", "outcomes"), ("Victory level", "levels")):
        rows = summary.get(key) or {}
        if not rows:
            continue
        t = Table(show_header=True, header_style="bold")
        t.add_column(name)
        t.add_column("games", justify="right")
        t.add_column("rate", justify="right")
        t.add_column("95% CI", justify="right")
        for label, row in rows.items():
            t.add_row(label, str(row["count"]), _pct(row["rate"]),
                      f"{_pct(row['ci_low'])} – {_pct(row['ci_high'])}")
        console.print(t)
    if "winners" in summary:
        t = Table(show_header=True, header_style="bold")
        t.add_column("Seat")
        t.add_column("win rate (draw = ½)", justify="right")
        t.add_column("95% CI", justify="right")
        for seat, row in summary["winners"].items():
            t.add_row(seat, _pct(row["rate"]), f"{_pct(row['ci_low'])} – {_pct(row['ci_high'])}")
        console.print(t)
    t = Table(show_header=True, header_style="bold")
    t.add_column("Mean of")
    t.add_column("value", justify="right")
    t.add_column("95% CI", justify="right")
    for seat, row in summary["scores"].items():
        t.add_row(f"score ({seat})", f"{row['mean']:.2f}",
                  f"{row['ci_low']:.2f} – {row['ci_high']:.2f}")
    for key, row in summary["details"].items():
        t.add_row(key.replace("_", " "), f"{row['mean']:.2f}",
                  f"{row['ci_low']:.2f} – {row['ci_high']:.2f}")
    a = summary["actions"]
    t.add_row("actions per game", f"{a['mean']:.1f}", f"{a['ci_low']:.1f} – {a['ci_high']:.1f}")
    console.print(t)


def plot_scores(results: list[dict[str, Any]], seat: str, path: str | Path, title: str) -> None:
    """A PNG histogram of one seat's score (Antilles: the VP distribution)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = [r["scores"].get(seat, 0) for r in results]
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    lo, hi = int(min(values)), int(max(values))
    bins = range(lo, hi + 2) if hi - lo <= 120 else 60
    ax.hist(values, bins=bins, color="#3b6ea8", edgecolor="white", linewidth=0.4, align="left")
    ax.set_xlabel(f"score ({seat})")
    ax.set_ylabel("games")
    ax.set_title(title)
    mean = sum(values) / len(values)
    ax.axvline(mean, color="#c0392b", linestyle="--", label=f"mean {mean:.1f}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
