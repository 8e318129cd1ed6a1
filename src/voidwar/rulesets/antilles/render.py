"""Terminal drawing of an Antilles game (Rich): the hex board, the platform, the roll log."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.game import Game
from ...core.hexgrid import ORIGIN, direction_letter
from .fixed import LAST_TURN
from .game import AntillesGame

BOLT_STYLE = {"normal": "magenta", "fast": "bright_red", "exploding": "bold red"}
BOLT_LETTER = {"normal": "n", "fast": "f", "exploding": "x"}


ARROWS = "↑↗↘↓↙↖"  # facings A-F


def board_text(game: AntillesGame, coords: bool = False) -> Text:
    """Flat-topped hexes on a doubled-row canvas: column q at x = 4(q + R), row 2r + q.

    Neighbouring columns never share a row, so a label may be up to 7 characters wide: Paladins
    ``P3`` (green: still, +3; yellow: moved), Bolts type + facing arrow + number (``x↗12``);
    with ``coords`` an empty hex shows its coordinates ``q,r`` (dim), as the notation writes
    them (the terminal); else a ``·`` (the golden playthroughs).
    """
    radius = game.board.radius
    width = 8 * radius + 8
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for h in game.board:
        cells[(h.q, 2 * h.r + h.q)] = (f"{h.q},{h.r}" if coords else "·", "dim")
    cells[(0, 0)] = ("<A>", "bold cyan")
    for p in game.living():
        assert p.hex is not None
        cells[(p.hex.q, 2 * p.hex.r + p.hex.q)] = (
            f"P{p.id}", "bold yellow" if p.moved else "bold green")
    for b in game.bolts.values():
        label = f"{BOLT_LETTER[b.kind]}{ARROWS[b.facing]}{b.id}"
        cells[(b.hex.q, 2 * b.hex.r + b.hex.q)] = (label, BOLT_STYLE[b.kind])
    out = Text()
    for row in range(-2 * radius, 2 * radius + 1):
        line = Text()
        for q in range(-radius, radius + 1):
            if (q, row) not in cells:
                continue
            label, style = cells[(q, row)]
            x = 4 * (q + radius) + 1
            line.append(" " * max(0, x - len(line.plain)))
            line.append(label, style=style)
        line.append(" " * max(0, width - len(line.plain)))
        out.append_text(line)
        out.append("\n")
    return out


def _boxes(hit: int, total: int, label: str) -> Text:
    t = Text(f"{label:<8}")
    t.append("■" * hit, style="red")
    t.append("□" * (total - hit), style="green")
    return t


def render(game: Game, log: bool = True, notes: bool = True) -> Group:
    """The game's notes (:func:`notes_text`; ``notes=False``: the full screen shows them in its
    side pane), the board beside the platform's boxes, the Paladins and Bolts, then (``log``)
    the recent log (the terminal screen has a log pane of its own)."""
    assert isinstance(game, AntillesGame)
    side = Table.grid(padding=(0, 1))
    side.add_row(Text(f"Turn {game.turn} of {LAST_TURN} · "
                      f"{game.phase}", style="bold"))
    side.add_row(_boxes(game.shield_hits, game.n_shields, "Shields"))
    side.add_row(_boxes(game.armor_hits, game.n_armor, "Armor"))
    side.add_row(_boxes(game.casters_destroyed, game.n_casters, "Casters"))
    side.add_row(Text(f"VP so far: {game.victory_points()}"))
    side.add_row(Text(""))
    for p in game.paladins:
        if p.hex is None:
            side.add_row(Text(f"P{p.id}  not placed", style="dim"))
        elif not p.alive:
            side.add_row(Text(f"P{p.id}  destroyed", style="dim strike"))
        else:
            state = "moved" if p.moved else "still +3"
            fired = ", fired" if p.fired else ""
            side.add_row(Text(f"P{p.id}  {p.hex}  range {p.hex.distance(ORIGIN)}  {state}{fired}"))
    for b in game.bolts.values():
        side.add_row(Text(f"B{b.id}  {b.kind} at {b.hex} facing {direction_letter(b.facing)}",
                          style=BOLT_STYLE[b.kind]))
    board = board_text(game, coords=True)
    grid = Table.grid(padding=(0, 3))
    grid.add_column(no_wrap=True, min_width=8 * game.board.radius + 8)
    grid.add_column()
    grid.add_row(board, side)
    legend = Text("<A> Antilles   P# Paladin (green: still, yellow: moved)\n"
                  "n/f/x + facing arrow + # : normal/fast/exploding Bolt   q,r: a hex",
                  style="dim")
    head = notes_text(game) if notes else []
    if not log:
        return Group(*head, grid, legend)
    lines = Text()
    for ev in game.log[-12:]:
        lines.append(("  " if ev.kind == "roll" else "") + ev.text + "\n",
                     style="dim" if ev.kind == "roll" else "")
    return Group(*head, grid, legend, Text("Log:", style="bold"), lines)


def piece(game: Game, token: str) -> Text | None:
    """The terminal's selected-piece pane: Paladin ``P3`` (or ``3``) or Bolt ``B2``: where it
    is, its range to the platform, whether it moved or fired; ``None`` for no piece."""
    assert isinstance(game, AntillesGame)
    t = token.upper().lstrip("P") if not token.upper().startswith("B") else token.upper()
    for p in game.paladins:
        if t == str(p.id):
            if p.hex is None or not p.alive:
                return Text(f"Paladin P{p.id}: {'not placed' if p.hex is None else 'destroyed'}")
            state = "moved this turn" if p.moved else "still (+3 to fire, rule 4)"
            return Text(f"Paladin P{p.id} at {p.hex}\nrange {p.hex.distance(ORIGIN)} to the "
                        f"platform\n{state}" + ("\nhas fired" if p.fired else "\nhas not fired"),
                        style="bold yellow" if p.moved else "bold green")
    for b in game.bolts.values():
        if t == f"B{b.id}":
            return Text(f"Bolt B{b.id}: {b.kind} at {b.hex}, facing "
                        f"{direction_letter(b.facing)}\nrange {b.hex.distance(ORIGIN)} to the "
                        "platform", style=BOLT_STYLE[b.kind])
    return None


def notes_text(game: Game) -> list[Text]:
    """:meth:`~voidwar.core.game.Game.notes` as the screen's first lines (our reconstruction
    of the tables, a user's file): every screen says what the game plays."""
    return [Text("Note: " + n, style="italic yellow") for n in game.notes()]
