"""The boards the page draws (no browser): one per ruleset, hiding what the view hides."""

from __future__ import annotations

import voidwar
from voidwar.core.board import OUT_OF_PLAY, pending_partial
from voidwar.core.registry import get_ruleset, rulesets


def _board(game, seat):  # type: ignore[no-untyped-def]
    fn = get_ruleset(game.ruleset).board
    assert fn is not None
    return fn(game, seat)


def test_every_ruleset_has_a_board_whose_actions_are_the_legal_ones() -> None:
    assert {"antilles", "space-fleet", "astral-dreams", "attack-vector"} <= {
        n for n, info in rulesets().items() if info.board is not None}
    for name in [n for n, info in rulesets().items() if info.board is not None]:
        game = voidwar.load(name, seed=2)
        b = _board(game, game.to_act)
        assert b.prompt and b.sides and b.pieces
        texts = sorted(a.text for acts in b.actions.values() for a in acts)
        assert texts == sorted(game.legal_notations()), name
        assert _board(game, None).actions == {}  # a spectator acts on nothing


def test_space_fleet_hides_the_other_sides_declarations_and_trays_the_lost() -> None:
    game = voidwar.load("space-fleet", "duel", seed=3)
    pol = voidwar.policies.get("heuristic", "space-fleet", seed=1)
    hidden = False
    while not game.over:
        v = {s: game.view(s) for s in game.seats}
        for s in game.seats:
            b = _board(game, s)
            declared = [m for m in b.markers if m.kind == "declared"]
            assert len(declared) == len(v[s]["declared"])
            hidden |= len(v[s]["declared"]) < len(game.state_dict()["declared"])
        game.apply(pol.choose(game))
    assert hidden
    end = _board(game, "blue")
    assert any(p.status in OUT_OF_PLAY for p in end.pieces)


def test_real_dice_board_advances_roll_by_roll() -> None:
    from voidwar.core.chance import ChanceOutcome

    game = voidwar.load("antilles", seed=1, chance="explicit")
    pol = voidwar.policies.get("heuristic", "antilles", seed=1)
    while game.to_act != "chance":
        game.apply(pol.choose(game))
    seen = []
    while game.to_act == "chance":
        _shown, events, rolls = pending_partial(game, "commander")
        seen.append((len(events), len(rolls)))
        game.apply(ChanceOutcome(7))
    assert seen[0][1] == 0 and seen[-1][1] == len(seen) - 1
    assert seen[-1][0] > seen[0][0]  # the events (and state) so far grow roll by roll
