"""What the Attack Vector page shows in words: an ordered thrust on the ship's own display
(hidden from the other seat), the step after the engagement."""

from __future__ import annotations

import voidwar

INFO = voidwar.get_ruleset("attack-vector")


def _widget(board: dict, kind: str, piece: str) -> dict:  # type: ignore[type-arg]
    return next(w for w in board["widgets"] if w["kind"] == kind and w["piece"] == piece)


def test_an_ordered_thrust_shows_on_its_own_display_only() -> None:
    g = voidwar.load("attack-vector", "duel", seed=1)
    g.apply("thrust 3")
    assert INFO.board is not None
    mine = INFO.board(g, "blue").model_dump()
    gauge = _widget(mine, "gauges", "blue-1")["gauges"][0]
    assert gauge["text"] == "0 of 5; 3 ordered (from the Reveal)" and gauge["value"] == 3
    theirs = INFO.board(g, "red").model_dump()
    assert _widget(theirs, "gauges", "blue-1")["gauges"][0]["text"] == "0 of 5"


def test_after_the_engagement_the_step_is_said_in_words() -> None:
    g = voidwar.load("attack-vector", "game-one", seed=3)
    pol = voidwar.policies.get("heuristic", "attack-vector", seed=3)
    while not g.over:
        g.apply(pol.choose(g))
    assert INFO.board is not None
    rows = dict(INFO.board(g, "pilot").model_dump()["panels"][0]["rows"])
    assert rows["step"] == "the engagement is over"
