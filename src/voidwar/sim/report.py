"""Printing, plotting and publishing simulation summaries: the terminal tables, PNG plots of
every seat's score and of the outcome levels (bins that fit integer scores), the speed of the
run, and one self-contained HTML page (``--report report.html``) a designer can share."""

from __future__ import annotations

import base64
import html
import io
import math
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table


class ReportPathError(ValueError):
    """An output path (plot, report) that cannot be written; the message says why."""


def check_output_path(path: Path, what: str) -> None:
    """Refuse, before any game is played, an output file whose folder is missing, a folder,
    or a folder that cannot be written."""
    p = Path(path)
    if p.is_dir():
        raise ReportPathError(f"--{what} {p} is a folder; give a file name")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise ReportPathError(f"--{what} {p}: the folder {parent} does not exist")
    import os

    if not os.access(parent, os.W_OK):
        raise ReportPathError(f"--{what} {p}: the folder {parent} cannot be written")


def words(values: Any) -> str:
    """A mapping in words for a person (``blue heuristic, red random``; numbers as ``24``, not
    ``24.0``); anything else as its text."""
    if not isinstance(values, dict):
        return str(values)

    def one(v: Any) -> str:
        return f"{v:g}" if isinstance(v, float) else str(v)

    return ", ".join(f"{k} {one(v)}" for k, v in values.items())


def speed_text(games: int, elapsed: float) -> str:
    """``N games in T s (R games/s)``; slower than a game a second, ``(S s a game)`` (a
    searching bot's tournament is never "0.0 games/s")."""
    rate = games / elapsed if elapsed > 0 else float("inf")
    if rate >= 1 or games == 0:
        return f"{games} games in {elapsed:.1f} s ({rate:.1f} games/s)"
    return f"{games} games in {elapsed:.1f} s ({elapsed / games:.1f} s a game)"


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def summary_rows(summary: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """The summary as tables: (title, header, rows), for the terminal and the HTML page."""
    out = []
    for name, key in (("Outcome", "outcomes"), ("Victory level", "levels")):
        rows = summary.get(key) or {}
        if rows:
            out.append((name, [name, "games", "rate", "95% CI"],
                        [[label, str(r["count"]), _pct(r["rate"]),
                          f"{_pct(r['ci_low'])} – {_pct(r['ci_high'])}"]
                         for label, r in rows.items()]))
    if "winners" in summary:
        out.append(("Seats", ["Seat", "win rate (draw = ½)", "95% CI"],
                    [[seat, _pct(r["rate"]), f"{_pct(r['ci_low'])} – {_pct(r['ci_high'])}"]
                     for seat, r in summary["winners"].items()]))
    means = [[f"score ({seat})", f"{r['mean']:.2f}", f"{r['ci_low']:.2f} – {r['ci_high']:.2f}"]
             for seat, r in summary["scores"].items()]
    means += [[k.replace("_", " "), f"{r['mean']:.2f}", f"{r['ci_low']:.2f} – {r['ci_high']:.2f}"]
              for k, r in summary["details"].items()]
    a = summary["actions"]
    means.append(["actions per game", f"{a['mean']:.1f}",
                  f"{a['ci_low']:.1f} – {a['ci_high']:.1f}"])
    out.append(("Means", ["Mean of", "value", "95% CI"], means))
    return out


def print_summary(summary: dict[str, Any], title: str, console: Console) -> None:
    """Print a simulation summary: notes, speed, outcome rates and means with intervals."""
    n = summary["games"]
    console.print(f"[bold]{title}[/bold] — {n} games")
    for note in summary.get("notes", []):
        console.print(f"[yellow]Note:[/yellow] {note}")
    if "elapsed_s" in summary:
        console.print(speed_text(n, summary["elapsed_s"]))
    for _name, header, rows in summary_rows(summary):
        t = Table(show_header=True, header_style="bold")
        for k, col in enumerate(header):
            t.add_column(col, justify="left" if k == 0 else "right")
        for row in rows:
            t.add_row(*row)
        console.print(t)


def integer_bins(values: list[float], most: int = 60) -> list[float] | int:
    """Histogram bin edges centred on whole numbers (width a whole number, at most ``most``
    bins) when every value is whole; else ``most // 2`` even bins."""
    if not values:
        return 1
    if all(float(v).is_integer() for v in values):
        lo, hi = int(min(values)), int(max(values))
        width = max(1, math.ceil((hi - lo + 1) / most))
        count = (hi - lo) // width + 1
        return [lo - 0.5 + k * width for k in range(count + 1)]
    return most // 2


def _summary(data: dict[str, Any] | list[dict[str, Any]]) -> dict[str, Any]:
    """A streamed summary's report as is; a list of game results summarised first."""
    if isinstance(data, list):
        from .summary import summarize

        return summarize(data)
    return data


def plot_figure(data: dict[str, Any] | list[dict[str, Any]], seats: list[str],
                title: str) -> Any:
    """A figure: one score histogram per seat, then the outcomes and victory levels, drawn from
    a summary's histograms (:meth:`voidwar.sim.summary.Summary.to_dict`; a list of results is
    summarised first)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hist = _summary(data).get("histograms", {})
    levels: dict[str, int] = hist.get("level_or_outcome", {})
    panels = len(seats) + 1
    fig, axes = plt.subplots(panels, 1, figsize=(8, 3.2 * panels), dpi=100, squeeze=False)
    for ax, seat in zip(axes[:, 0], seats, strict=False):
        _score_panel(ax, hist.get("scores", {}).get(seat), seat)
    ax = axes[-1, 0]
    names = list(levels)
    ax.barh(names[::-1], [levels[k] for k in names][::-1], color="#5a9e6f")
    ax.set_xlabel("games")
    ax.set_title("outcome / victory level")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def _score_panel(ax: Any, bins: list[list[float]] | None, seat: str) -> None:
    """One seat's score histogram (whole-number bins) from ``[[value, games], ...]``."""
    ax.set_xlabel(f"score ({seat})")
    ax.set_ylabel("games")
    if not bins:
        ax.set_title("too many distinct scores to draw" if bins is None else "no games")
        return
    values = [float(v) for v, _ in bins]
    counts = [c for _, c in bins]
    ax.hist(values, bins=integer_bins(values), weights=counts, color="#3b6ea8",
            edgecolor="white", linewidth=0.4)
    mean = sum(v * c for v, c in zip(values, counts, strict=True)) / sum(counts)
    ax.axvline(mean, color="#c0392b", linestyle="--", label=f"mean {mean:.1f}")
    ax.legend()


def plot_scores(data: dict[str, Any] | list[dict[str, Any]], seats: list[str] | str,
                path: str | Path, title: str) -> None:
    """Write the PNG of :func:`plot_figure` (every seat's score, then the outcome levels)."""
    import matplotlib.pyplot as plt

    fig = plot_figure(data, [seats] if isinstance(seats, str) else list(seats), title)
    fig.savefig(path)
    plt.close(fig)


def png_base64(fig: Any) -> str:
    """A figure as base64 PNG text (to embed in a page)."""
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def html_table(title: str, header: list[str], rows: list[list[str]]) -> str:
    """One HTML table (escaped)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<h2>{html.escape(title)}</h2><table><tr>{head}</tr>{body}</table>"


STYLE = ("body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;color:#222}"
         "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;"
         "padding:.25em .7em;text-align:right}td:first-child,th:first-child{text-align:left}"
         "th{background:#eef}.note{background:#fff6d5;padding:.4em .8em;border-left:4px solid"
         " #e0b000}img{max-width:100%}")


def html_page(title: str, facts: list[str], notes: list[str],
              tables: list[tuple[str, list[str], list[list[str]]]], images: list[str]) -> str:
    """A self-contained page: facts, notes, tables and base64 PNG images (no outside file)."""
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    parts += [f"<p>{html.escape(f)}</p>" for f in facts]
    parts += [f"<p class='note'>Note: {html.escape(n)}</p>" for n in notes]
    parts += [html_table(*t) for t in tables]
    parts += [f"<img alt='plot' src='data:image/png;base64,{img}'>" for img in images]
    parts.append("</body></html>")
    return "\n".join(parts)


def write_simulation_page(path: Path, summary: dict[str, Any], title: str,
                          seats: list[str] | None = None) -> None:
    """``simulate --report``: the summary's tables, the run's facts and the plots, one file
    (``seats``: the seats to plot, by default every seat of the summary)."""
    seats = list(seats if seats is not None else summary.get("scores", {}))
    facts = [speed_text(summary["games"], summary.get("elapsed_s", 0.0)),
             f"ruleset {summary.get('ruleset')}, scenario {summary.get('scenario') or 'default'}"
             f", seed {summary.get('seed')}, policies: {words(summary.get('policies'))}"]
    img = png_base64(plot_figure(summary, seats, title))
    Path(path).write_text(html_page(title, facts, summary.get("notes", []),
                                    summary_rows(summary), [img]), encoding="utf-8")


def _heatmap(ax: Any, rows: list[str], cols: list[str], rate: dict[tuple[str, str], Any],
             title: str) -> None:
    """A win-rate matrix drawn red (the column side wins) to blue (the row side wins), each
    cell labelled with its rate and 95% interval."""
    import numpy as np

    grid = np.full((len(rows), len(cols)), np.nan)
    for (r, c), cell in rate.items():
        grid[rows.index(r), cols.index(c)] = cell["rate"]
    im = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
    for (r, c), cell in rate.items():
        ax.text(cols.index(c), rows.index(r),
                f"{100 * cell['rate']:.0f}%\n[{100 * cell['ci_low']:.0f}–"
                f"{100 * cell['ci_high']:.0f}]", ha="center", va="center", fontsize=8,
                color="white" if abs(cell["rate"] - 0.5) > 0.3 else "black")
    ax.set_xticks(range(len(cols)), cols, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), rows)
    ax.set_title(title)
    ax.figure.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="win rate of the row side")


def _intervals(ax: Any, labels: list[str], mids: list[float], lows: list[float],
               highs: list[float], xlabel: str, even: float | None) -> None:
    """Each value as a dot with its 95% interval as a bar; ``even`` marks the fair value."""
    ys = list(range(len(labels)))[::-1]
    # An interval's end may pass its value by a rounding error (Wilson's low end at a 0% rate is
    # 7e-18, not 0): the bar's arms are never negative.
    ax.errorbar(mids, ys, xerr=[[max(0.0, m - lo) for m, lo in zip(mids, lows, strict=True)],
                                [max(0.0, h - m) for m, h in zip(mids, highs, strict=True)]],
                fmt="o", color="#3b6ea8", ecolor="#7a9cc6", capsize=4)
    if even is not None:
        ax.axvline(even, color="#c0392b", linestyle="--", linewidth=1, label="even")
        ax.legend(loc="lower right")
    ax.set_yticks(ys, labels)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)


def balance_figure(rep: dict[str, Any], title: str) -> Any:
    """``balance --report``: the win-rate matrix as a heatmap, then every cell's rate with its
    95% interval against the even line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cells = rep["cells"]
    rows = list(dict.fromkeys(c["row"] for c in cells))
    cols = list(dict.fromkeys(c["col"] for c in cells))
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(9, 4 + 0.9 * len(rows) + 0.35 * len(cells)),
                                 dpi=100, gridspec_kw={"height_ratios": [len(rows) + 1,
                                                                         len(cells) * 0.4 + 1]})
    _heatmap(a1, rows, cols, {(c["row"], c["col"]): c for c in cells}, "win rate matrix")
    _intervals(a2, [f"{c['row']} vs {c['col']}" for c in cells], [c["rate"] for c in cells],
               [c["ci_low"] for c in cells], [c["ci_high"] for c in cells],
               "win rate of the row side (95% interval)", 0.5)
    a2.set_xlim(0, 1)
    fig.suptitle(title)
    fig.tight_layout(rect=(0, 0, 1, 0.98))  # the page's title clear of the matrix's own
    return fig


def tournament_figure(report: dict[str, Any], title: str) -> Any:
    """``tournament --report``: the head-to-head matrix as a heatmap, then each policy's rating
    with its 95% interval (``rating_ci``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pols: list[str] = sorted(report["policies"], key=lambda p: -report["ratings"][p])
    if report.get("solitaire"):  # one seat: each policy's mean score and its interval
        fig, ax = plt.subplots(figsize=(8, 2 + 0.6 * len(pols)), dpi=100)
        sc = report["scores"]
        _intervals(ax, pols, [sc[p]["mean_score"] for p in pols], [sc[p]["ci_low"] for p in pols],
                   [sc[p]["ci_high"] for p in pols], "mean score (95% interval)", None)
        fig.suptitle(title)
        fig.tight_layout()
        return fig
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(8, 5 + 0.9 * len(pols)), dpi=100)
    pairs = {(a, b): report["table"][a][b] for a in pols for b in pols if a != b}
    _heatmap(a1, pols, pols, pairs, "row policy's win rate against the column policy")
    ci = report.get("rating_ci", {})
    mids = [report["ratings"][p] for p in pols]
    _intervals(a2, pols, mids, [ci.get(p, (m, m))[0] for p, m in zip(pols, mids, strict=True)],
               [ci.get(p, (m, m))[1] for p, m in zip(pols, mids, strict=True)],
               "rating (Elo scale, 95% interval)", 1500.0)
    fig.suptitle(title)
    fig.tight_layout()
    return fig
