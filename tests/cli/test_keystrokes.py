"""Keystrokes a turn: the terminal's short forms, numbers and `.` cut the typing."""

from __future__ import annotations

import pytest

from voidwar.cli.entry import resolve
from voidwar.cli.keystrokes import count_turn
from voidwar.core.registry import get_ruleset, load

#: (ruleset, turn) and the issue's figure of keys a turn typed in full
CASES = [("antilles", 2, 175), ("space-fleet", 2, 105), ("attack-vector", 1, None),
         ("astral-dreams", 2, None)]


@pytest.mark.parametrize(("ruleset", "turn", "issue"), CASES, ids=[c[0] for c in CASES])
def test_a_turn_takes_far_fewer_keys(ruleset: str, turn: int, issue: int | None) -> None:
    k = count_turn(ruleset, turn, seed=1)
    assert k.actions > 0 and k.full > 0
    assert k.short <= k.no_numbers < k.full
    assert k.short * 2 <= k.full  # at most half the keys of the full notation
    if issue is not None:  # the issue typed a turn in full; so does this count (same order)
        assert k.full > issue / 3
    if ruleset == "attack-vector":  # every `done` of the 8 segments is `.` and Enter
        dones = [t for t, a in k.lines if a == "done"]
        assert dones and set(dones) == {"."}


@pytest.mark.parametrize("ruleset", ["antilles", "space-fleet", "attack-vector",
                                     "astral-dreams"])
def test_every_short_form_expands_back_to_its_action(ruleset: str) -> None:
    info = get_ruleset(ruleset)
    import sys

    shorten = sys.modules[info.shortcuts.__module__].shorten  # type: ignore[union-attr]
    game = load(info.name, None, seed=2)
    checked = 0
    for _ in range(60):
        if game.over:
            break
        legal = game.legal_notations()
        for a in legal[:40]:
            s = shorten(game, a)
            if s is not None:
                assert info.shortcuts(game, s) == a, (s, a)  # type: ignore[misc]
                assert resolve(s, game, legal, legal, info.shortcuts) == a
                checked += 1
        game.apply(legal[-1] if len(legal) > 1 else legal[0])
    assert checked > 10
