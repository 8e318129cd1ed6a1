"""The boards the page draws (no browser): one per ruleset, hiding what the view hides."""

from __future__ import annotations

import itertools

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


# -- sides from data, every Bolt counted, this turn's movement, previews ------
@pytest.mark.parametrize(("ruleset", "scenario"), [("antilles", None), ("space-fleet", "duel"),
                                                   ("astral-dreams", "ruins"),
                                                   ("attack-vector", "duel")])
def test_side_names_and_colours_come_from_the_rulesets_data(ruleset: str,
                                                            scenario: str | None) -> None:
    import importlib

    mod = importlib.import_module(f"voidwar.rulesets.{ruleset.replace('-', '_')}.data")
    data = mod.sides()
    game = voidwar.load(ruleset, scenario, seed=1)
    b = _board(game, game.seats[0])
    for side in b.sides:
        entry = data.sides[side.id]
        assert side.colour == entry.colour
        assert side.name == (entry.name or side.name) and side.name
    assert len({s.colour for s in b.sides}) == len(b.sides)


def test_a_seat_the_side_data_does_not_name_takes_a_spare_colour() -> None:
    from voidwar.core.board import SideData, SidesFile, sides_for

    data = SidesFile(sides={"blue": SideData(name="Blue", colour="#0000ff")},
                     spare=["#00ff00", "#ff0000"])
    got = sides_for(data, ["blue", "green", "amber"])
    assert [(s.name, s.colour) for s in got] == [("Blue", "#0000ff"), ("Green", "#00ff00"),
                                                 ("Amber", "#ff0000")]


def test_every_antilles_bolt_launched_is_in_play_or_out_and_counted() -> None:
    """Bolts destroyed (2.16, 2.17, 2.2, 3.4) or gone off the map (2.18) are pieces out of play
    (the tray), with their type, and the panel counts them; none is lost from the board."""
    game = voidwar.load("antilles", seed=3)
    pol = voidwar.policies.get("heuristic", "antilles", seed=1)
    seen_out = set()
    while not game.over:
        game.apply(pol.choose(game))
        b = _board(game, "commander")
        launched = sum(1 for e in game.log if e.kind == "launch")
        bolts = [p for p in b.pieces if p.kind.endswith("Bolt")]
        assert len(bolts) == launched == len({p.id for p in bolts})
        live = {f"B{x['id'][1:]}" for x in game.view("commander")["bolts"]}
        for p in bolts:
            assert (p.status == "active") == (p.id in live), p
            assert p.counters[0].on_counter and p.counters[0].value in "NFX"
        out = [p for p in bolts if p.status in OUT_OF_PLAY]
        left = {f"B{e.data['bolt']}" for e in game.log if e.kind == "exit"}
        assert {p.id for p in out if p.status == "off-map"} == left
        rows = dict(b.panels[0].rows)
        assert int(rows["Bolts destroyed"]) + int(rows["Bolts off the map"]) == len(out)
        seen_out |= {p.status for p in out}
    assert seen_out == {"destroyed", "off-map"}


def test_attack_vector_track_is_this_turns_hexes_entered_segment_by_segment() -> None:
    """The track overlay: where the ship began this turn, then each hex it entered, labelled
    with its segment (A2.1); it ends at the ship; it restarts at every new turn."""
    from voidwar.core.hexgrid import Hex3
    from voidwar.rulesets.attack_vector.vectors import offset

    game = voidwar.load("attack-vector", "duel", seed=3)
    pol = voidwar.policies.get("random", "attack-vector", seed=1)
    starts: dict[str, str] = {}
    turn = 0
    checked = 0
    while not game.over and len(game.actions) < 120:
        v = game.view(game.to_act)
        b = _board(game, game.to_act)
        if v["turn"] != turn:
            turn = v["turn"]
            starts = {sid: f"{s['position'][0]},{s['position'][1]}"
                      for sid, s in v["ships"].items()}
        for sid, s in v["ships"].items():
            tr = next((o for o in b.overlays if o.kind == "track" and o.piece == sid), None)
            if tr is None:
                continue
            hexes = [p.hex for p in tr.points]
            assert hexes[0] == starts[sid]
            assert hexes[-1] == f"{s['position'][0]},{s['position'][1]}"
            segs = [int(lab.rstrip("+-")) for lab in tr.labels[1:]]
            assert segs == sorted(segs) and all(1 <= g <= v["segment"] for g in segs)
            for a, c in itertools.pairwise(hexes):  # one hex at a time
                qa, ra = map(int, a.split(","))
                qc, rc = map(int, c.split(","))
                assert offset(Hex3(qa, ra, 0), Hex3(qc, rc, 0)).horizontal == 1
            checked += 1
        game.apply(pol.choose(game))
    assert checked > 20 and turn >= 2


def test_attack_vector_pivot_and_roll_previews_are_what_the_rules_do() -> None:
    """A window's preview is where the markers stand once that pivot is made (A5.321), a roll's
    where they stand after the roll: checked by playing the order until it completes."""
    from voidwar.rulesets.attack_vector.displays import MARK

    base = voidwar.load("attack-vector", "duel", seed=1)
    b = _board(base, "blue")
    sphere = next(w for w in b.widgets if w.kind == "sphere" and w.piece == "blue-1")
    picks = [(w.action, w.preview) for w in sphere.windows if w.action][:3]
    picks += [(c.action, c.preview) for c in sphere.choices if c.preview][:2]
    assert len(picks) == 5
    for action, preview in picks:
        assert "confirm" not in action and preview["N"]
        g = voidwar.load("attack-vector", "duel", seed=1)
        g.apply(action)
        for _ in range(200):  # every seat says done until the change is complete
            if any(e.kind == "facing" and "complete" in e.text and e.data.get("ship") == "blue-1"
                   for e in g.log):
                break
            g.apply("done")
        s = g.view("blue")["ships"]["blue-1"]
        assert s["facing_change"] is None, action
        marks = s["orientation"]["markers"]
        assert {MARK[m]: w for m, w in marks.items()} == preview, action
