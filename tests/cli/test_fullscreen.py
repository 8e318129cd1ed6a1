"""The full screen's panes at 200×50 (in process): each holds its whole drawing, the board fits
Astral Dreams' table and Attack Vector's compact panels with the map, help pages."""

from __future__ import annotations

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from voidwar.cli.fullscreen import Screen, rich_lines
from voidwar.cli.play import TerminalSession
from voidwar.core.registry import get_ruleset, load


def screen_for(ruleset: str, tmp_path, monkeypatch) -> Screen:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("VOIDWAR_AUTOSAVE_DIR", str(tmp_path))
    info = get_ruleset(ruleset)
    s = TerminalSession(load(info.name, None, seed=1), info, {}, Console(), input, screen=True)
    sc = Screen(s)
    monkeypatch.setattr(sc.app.output, "get_size", lambda: Size(rows=50, columns=200))
    return sc


def text(lines: list) -> list[str]:  # type: ignore[type-arg]
    return ["".join(t for _s, t, *_ in ln) for ln in lines]


@pytest.fixture
def session_io():  # type: ignore[no-untyped-def]
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        yield


@pytest.mark.usefixtures("session_io")
def test_astral_dreams_table_fits_the_board_pane(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    sc = screen_for("astral-dreams", tmp_path, monkeypatch)
    g = sc.geometry()
    assert g.board_w + 44 <= 200 and g.body + 8 == 50
    board = text(rich_lines(sc._board_pane(g.board_w, g.body), g.board_w, g.body))
    assert len(board) == g.body
    joined = "\n".join(board)
    assert "robots' edge" in joined and "scouts' edge" in joined  # the whole table
    assert all(f"R{k}" in joined for k in (1, 2)) and "S7" in joined
    assert "Marine" in board[-3] or "Marine" in board[-2]  # the table's last row, uncut


@pytest.mark.usefixtures("session_io")
def test_attack_vector_panels_and_map_fit(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    sc = screen_for("attack-vector", tmp_path, monkeypatch)
    g = sc.geometry()
    joined = "\n".join(text(rich_lines(sc._board_pane(g.board_w, g.body), g.board_w, g.body)))
    for what in ("vector", "FP", "EoT", "bearings:", "A is up"):
        assert what in joined
    name, _ = sc.selected_text()
    assert name  # the pilot's ship is the selected piece
    sel = "\n".join(text(rich_lines(sc._selected_pane(g.cols - g.board_w, 9),
                                    g.cols - g.board_w, 9)))
    assert "bearings:" in sel


@pytest.mark.usefixtures("session_io")
def test_help_shows_in_the_side_pane_and_pages(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    sc = screen_for("antilles", tmp_path, monkeypatch)
    s = sc.s
    s.handle("help")
    g = sc.geometry()
    w = g.cols - g.board_w
    first = "\n".join(text(rich_lines(sc._side_pane(w, 8), w, 8)))
    assert "help" in first and "more lines: more / PgDn" in first
    s.handle("more")
    second = "\n".join(text(rich_lines(sc._side_pane(w, 8), w, 8)))
    assert second != first and "help" in second
    s.handle("p 1 -1,1")  # an action: the side pane is the numbered list again
    after = "\n".join(text(rich_lines(sc._side_pane(w, g.side), w, g.side)))
    assert "legal actions" in after and "   1  place P2" in after


@pytest.mark.usefixtures("session_io")
def test_typed_short_form_is_shown_with_its_piece(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    sc = screen_for("antilles", tmp_path, monkeypatch)
    sc.buffer.text = "p 3 2,-1"
    pane = "\n".join(text(rich_lines(sc._selected_pane(90, 9), 90, 9)))
    assert "Enter plays: place P3 at 2,-1" in pane and "Paladin P3" in pane
