"""The heuristic's fast paths decide as the plain arithmetic does: counted danger maps, the
movement step's once-a-turn scores, and events whose text is formatted when read."""

from __future__ import annotations

from collections import defaultdict

import voidwar
from voidwar.core.dice import PCG32
from voidwar.core.game import Action, Event
from voidwar.core.hexgrid import Hex
from voidwar.rulesets.antilles import AntillesGame
from voidwar.rulesets.antilles.actions import EndMovement
from voidwar.rulesets.antilles.game import made_move
from voidwar.rulesets.antilles.policies import AntillesHeuristic, _attacks, _rank
from voidwar.rulesets.antilles.risk import bolt_danger, kill_hexes
from voidwar.rulesets.antilles.state import Phase
from voidwar.rulesets.antilles.tables import Tables


def _flown(tables: Tables, start: Hex, facing: int, kind: str) -> dict[Hex, float]:
    """The danger map as first written: 1/n (1/n² per pair) added in flight order."""
    out: dict[Hex, float] = defaultdict(float)
    p1 = 1 / len(tables.paths)
    for path in tables.paths:
        kills, end, f = kill_hexes(start, facing, kind, path)
        if kind != "fast":
            for h in kills:
                out[h] += p1
            continue
        for path2 in tables.paths:
            for h in kills | kill_hexes(end, f, kind, path2)[0]:
                out[h] += p1 * p1
    return dict(out)


def test_counted_danger_maps_are_the_flown_sums_bit_for_bit() -> None:
    game = voidwar.load("antilles", seed=0)
    assert isinstance(game, AntillesGame)
    for h in game.hexes[::9]:
        for facing in range(6):
            for kind in ("normal", "fast", "exploding"):
                got = bolt_danger(game.tables, h, facing, kind)
                want = _flown(game.tables, h, facing, kind)
                assert got.keys() == want.keys()
                assert all(got[x].hex() == want[x].hex() for x in want), (h, facing, kind)


def _plain_move(bot: AntillesHeuristic, game: AntillesGame) -> Action:
    """3.2 as the heuristic first wrote it: every free hex scored for every Paladin."""
    danger, free, adjacent = bot._movement_setting(game)
    attack = _attacks(game.tables, 3)
    for p in game.living():
        if p.moved or p.hex is None or not free:
            continue
        stay = bot.hex_score(game, p.hex, 3, danger, [q.hex for q in game.living()
                                                      if q.hex is not None and q is not p])
        d = p.hex.distance(Hex(0, 0))
        assert stay == ((attack[d] if d < len(attack) else 0.0)
                        - bot._risk_weight(game) * (danger.get(p.hex, 0.0)
                                                    if game.turn < 9 else 0.0)
                        - 0.3 * adjacent.get(p.hex, 0))
        score, best = min(bot._scored_hexes(game, p, free, danger, adjacent), key=_rank)
        if score > stay + 0.05:
            return made_move(game.board.radius, p.id, best)
    return EndMovement()


def test_movement_choices_are_the_plain_scores() -> None:
    compared = 0
    for seed in range(12):
        game = voidwar.load("antilles", seed=seed)
        assert isinstance(game, AntillesGame)
        bot = AntillesHeuristic(seed, risk_aversion=0.1 + 0.05 * seed)
        rng = PCG32(seed)
        while not game.over:
            if game.phase == Phase.MOVEMENT:
                assert bot.choose(game) == _plain_move(bot, game)
                compared += 1
            # now and then a random action, so that odd positions are met too
            action = (game.choose_legal(rng.below) if rng.below(3) == 0 else bot.choose(game))
            game.apply(action)
    assert compared > 100


def test_an_event_formatted_when_read_is_the_event_written_out() -> None:
    lazy = Event.formatted("move", "P{} moves {} → {}", (3, Hex(1, -2), Hex(2, -2)), {"p": 3})
    eager = Event("move", "P3 moves 1,-2 → 2,-2", {"p": 3})
    assert lazy == eager and repr(lazy) == repr(eager) and str(lazy) == eager.text
    assert lazy.to_dict() == eager.to_dict()
    assert Event("move", "P3 moves 1,-2 → 2,-3", {"p": 3}) != lazy
    game = voidwar.load("antilles", seed=4)
    events = game.apply(game.legal_actions()[0])
    assert events[0].text == f"P1 placed at {game.paladins[0].hex}"
