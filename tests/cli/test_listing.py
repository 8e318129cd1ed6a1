"""The numbered legal list when it is long: every kind of action named on the first page, a
family bigger than a page folded into one line, numbers always the place in the whole list."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

import voidwar
from voidwar.cli.listing import page_lines
from voidwar.cli.terminal import run_terminal


def plain(lines: list[Text | str]) -> list[str]:
    return [ln.plain if isinstance(ln, Text) else ln for ln in lines]


def test_attack_vector_fire_orders_are_named_on_the_first_page() -> None:
    g = voidwar.load("attack-vector", "game-one", seed=1)
    legal = g.legal_notations()
    assert len(legal) > 80 and sum(a.startswith("pivot to") for a in legal) > 40
    lines, _, pages = page_lines(legal, 21, 0, width=40)
    text = plain(lines)
    assert "fire (16)" in text[0] and "type a kind to list it" in text[0]
    first = legal.index(next(a for a in legal if a.startswith("pivot to"))) + 1
    last = max(k for k, a in enumerate(legal, start=1) if a.startswith("pivot to"))
    assert f"{first:>4}–{last} pivot to … ({last - first + 1}): legal pivot to" in text
    for ln in text:  # every number is the action's place in the whole list
        num, _, action = ln.strip().partition("  ")
        if num.isdigit():
            assert legal[int(num) - 1] == action
    every = [ln for p in range(pages) for ln in plain(page_lines(legal, 21, p, 40)[0])]
    assert any("fire A1 at T1" in ln for ln in every)
    assert sum("pivot to" in ln for ln in every) == 1  # one folded line


def test_a_short_list_is_one_plain_page() -> None:
    legal = [f"move DD1 {k}" for k in range(1, 6)] + ["end move DD1"]
    lines, _, pages = page_lines(legal, 21, 0)
    assert pages == 1 and plain(lines) == [f"{k:>4}  {a}" for k, a in enumerate(legal, 1)]


def test_typing_a_kind_lists_it() -> None:
    lines = iter(["fire", "quit"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    console = Console(record=True, width=200)
    run_terminal("attack-vector", "game-one", 1, console=console, read=read)
    out = console.export_text()
    assert "legal actions containing 'fire': 16" in out and "cannot read" not in out
    legal = voidwar.load("attack-vector", "game-one", seed=1).legal_notations()
    fire = [a for a in legal if a.startswith("fire")]
    assert f"   1  {fire[0]}" in out and f"  16  {fire[-1]}" in out
