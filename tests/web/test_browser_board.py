"""The boards the page draws (no browser): one per ruleset, hiding what the view hides."""

from __future__ import annotations

import pytest

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


# -- every ruleset, every scenario ----------------------------------------------------------------
def _installed() -> list[str]:
    from importlib.metadata import entry_points

    from voidwar.core.registry import ENTRY_POINT_GROUP

    return sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))


def _every_scenario() -> list[tuple[str, str]]:
    return [(name, sc) for name in _installed() for sc in get_ruleset(name).scenarios()]


def _check_board(game, seat, b) -> None:  # type: ignore[no-untyped-def]
    """What every board must hold, whoever looks: acts on exactly the legal actions when its
    seat is to act (nothing else), places every piece in play on its map, serialises."""
    from voidwar.core.board import BoardView

    to_act = seat is not None and not game.over and game.to_act == seat
    texts = sorted(a.text for acts in b.actions.values() for a in acts)
    assert texts == (sorted(game.legal_notations()) if to_act else []), (seat, texts)
    keys = {c.key for c in b.map.cells}
    for p in b.pieces:
        if p.status in OUT_OF_PLAY or p.position is None:
            continue
        if b.map.kind == "hex":
            assert p.position.hex in keys, (p.id, p.position)
        else:
            x, y = p.position.point
            assert 0 <= x <= b.map.width and 0 <= y <= b.map.height, (p.id, p.position)
    for f in b.free_moves:
        assert to_act and f.actor in b.actions, f
    assert BoardView.model_validate(b.model_dump(mode="json")) == b


@pytest.mark.parametrize(("ruleset", "scenario"), _every_scenario())
def test_every_scenario_board_for_every_seat_along_a_random_game(ruleset: str,
                                                                  scenario: str) -> None:
    """30 random steps of every scenario of every installed ruleset: the board of each seat and
    of a spectator at every step, its actions the legal ones, the notes every seat is told."""
    from voidwar.web.views import board_for

    assert get_ruleset(ruleset).board is not None, ruleset
    game = voidwar.load(ruleset, scenario, seed=5)
    pol = voidwar.policies.get("random", ruleset, seed=7)
    for _ in range(30):
        for seat in [*game.seats, None]:
            _check_board(game, seat, _board(game, seat))
        web = board_for(game, game.seats[0], False, None)
        assert web is not None and web["notes"] == game.notes()
        if game.over:
            break
        game.apply(pol.choose(game))


def test_notes_reach_every_seat_through_real_dice() -> None:
    """An explicit-chance game's board carries the notes of the rules it wraps."""
    from voidwar.web.views import board_for

    game = voidwar.load("antilles", seed=1, chance="explicit")
    notes = game.inner.notes()  # type: ignore[attr-defined]
    assert notes
    for seat in [*game.seats, None]:
        b = board_for(game, seat, False, None)
        assert b is not None and b["notes"] == notes


# -- Space Fleet on the free table ------------------------------------------------------------
def test_free_table_board_is_the_table_in_inches() -> None:
    """Ships at their points with their facings in degrees, mines as circles of their radius,
    the map a table measured in units; moves at the point they end in straight ahead."""
    game = voidwar.load("space-fleet", "table-minefield", seed=1)
    v = game.view("blue")
    b = _board(game, "blue")
    unit = float(v["table"]["unit"])
    assert b.map.kind == "table" and b.map.unit == "unit" and b.map.scale == unit
    assert (b.map.width, b.map.height) == (float(v["table"]["width"]),
                                          float(v["table"]["height"]))
    ships = {s["id"]: s for s in v["ships"]}
    for p in b.pieces:
        x, y = (float(t) for t in ships[p.id]["at"].split(","))
        assert p.position.point == (x, y) and p.facing == float(ships[p.id]["facing"])
        assert [r.kind for r in p.rings] == ["band", "band", "band", "blind"]
    mines = [m for m in b.markers if m.kind == "mine"]
    assert [(m.position.point, m.radius) for m in mines] == [
        (tuple(float(t) for t in m["at"].split(",")), float(m["radius"]) * unit)
        for m in v["mines"]]
    for a in b.actions["BB1"]:
        if a.kind == "move":
            d = float(a.label)
            assert a.point == (24.0, 4.0 + d * unit)  # BB1 at 24,4 faces 0° (up the table)


def test_free_table_free_move_reaches_what_is_left_and_a_fraction_is_legal() -> None:
    """The free move's reach is what is left of the ship's move (or the room to the edge);
    any hundredth up to it is legal, as the page writes it; turns are in the facing picker."""
    game = voidwar.load("space-fleet", "open-space", seed=1)
    b = _board(game, game.to_act)
    (f,) = b.free_moves
    ship = next(s for s in game.view(None)["ships"] if s["id"] == f.actor)
    assert f.mode == "ahead" and f.reach == ship["speed"] and f.heading == ship["facing"]
    game.apply(f.template.replace("{distance}", "1.37"))
    b = _board(game, game.to_act)
    (f,) = [x for x in b.free_moves if x.actor == ship["id"]]
    assert abs(f.reach - (ship["speed"] - 1.37)) < 1e-9
    turns = [a for a in b.actions[ship["id"]] if a.kind == "turn"]
    assert turns and all(a.group == "facing" and a.point is None and "°" in a.label
                         for a in turns)
    game.apply(f.template.replace("{distance}", str(round(f.reach, 2))))
    assert all(x.actor != ship["id"] for x in _board(game, game.to_act).free_moves) or \
        game.view(None)["moving"] != ship["id"]


def test_free_table_reach_stops_at_the_table_edge() -> None:
    """A ship near the edge reaches no farther than the table (the rules refuse leaving it)."""
    from fractions import Fraction

    from voidwar.core.errors import IllegalAction
    from voidwar.rulesets.space_fleet.actions import Advance

    game = voidwar.load("space-fleet", "open-space", seed=1)
    from voidwar.core.tabletop import Point

    sid = _board(game, game.to_act).free_moves[0].actor
    ship = game.ships[sid]  # type: ignore[attr-defined]
    ship.pos, ship.heading = Point.parse("15,1.5"), 180  # toward blue's edge, 1.5" away
    (f,) = [x for x in _board(game, game.to_act).free_moves if x.actor == sid]
    assert f.reach < ship.speed
    game.check(Advance(sid, Fraction(str(f.reach))))
    with pytest.raises(IllegalAction):
        game.check(Advance(sid, Fraction(str(f.reach)) + Fraction(1, 100)))


# -- Astral Dreams hills ------------------------------------------------------------------------
def test_hills_carry_their_slope_and_the_reach_follows_the_rules_cost() -> None:
    """Every hill of 'ridges' is drawn with its rise and multipliers; a miniature that may move
    near one has a reach outline each point of which its speed pays for (the rules' own path
    cost), and a little farther along each ray it does not."""
    import math

    from voidwar.core.tabletop import Point

    game = voidwar.load("astral-dreams", "ridges", seed=1)
    pol = voidwar.policies.get("heuristic", "astral-dreams", seed=1)
    b = _board(game, game.to_act)
    while not any(p.rings and p.rings[0].outline for p in b.pieces) and len(game.actions) < 80:
        game.apply(pol.choose(game))
        b = _board(game, game.to_act)
    feats = game.setup.table.features  # type: ignore[attr-defined]
    hills = [t for t in b.terrain if t.slope is not None]
    assert len(hills) == sum(1 for f in feats if f.slope is not None) >= 4
    for t, f in zip(b.terrain, feats, strict=True):
        if f.slope is not None:
            assert t.kind == "hill" and t.slope.up == str(f.slope.up)
            assert t.slope.down == str(f.slope.down) and t.slope.text == f.slope.describe()
            rx, ry = (float(v) for v in f.slope.rise)
            assert math.isclose(t.slope.rise[0] * ry, t.slope.rise[1] * rx, abs_tol=1e-9)
    table = game.setup.table  # type: ignore[attr-defined]
    bent = [p for p in b.pieces if p.rings and p.rings[0].outline]
    assert bent, "no miniature near a hill has a reach outline"
    for p in bent:
        u = game.units[p.id]  # type: ignore[attr-defined]
        for q in p.rings[0].outline:
            end = Point.near(*q)
            assert table.path_fits([u.pos, end], u.profile.speed), (p.id, q)
        x, y = u.pos.as_floats()
        ds = [math.hypot(qx - x, qy - y) for qx, qy in p.rings[0].outline]
        for (qx, qy), d in zip(p.rings[0].outline, ds, strict=True):
            k = 1 + 0.1 / d
            farther = Point.near(x + (qx - x) * k, y + (qy - y) * k)
            if table.base_on_table(farther, game.setup.radius):  # type: ignore[attr-defined]
                assert not table.path_fits([u.pos, farther], u.profile.speed), (p.id, qx, qy)
        assert max(ds) != min(ds)  # not a circle: the slope bends it
