"""What the data layout of the rules and the heuristic must keep: the hand-written clone plays
the same game, the free places decoded from the taken ones are the free list, the tabled
danger counts are the flown Paths'."""

from __future__ import annotations

import copy

import pytest

import voidwar
from voidwar.core.dice import PCG32
from voidwar.rulesets.antilles import AntillesGame
from voidwar.rulesets.antilles.actions import Fire, Move, Place


def _play(game: AntillesGame, rng: PCG32, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])


def test_clone_is_independent_and_identical_to_a_deep_copy() -> None:
    for seed in range(6):
        game = voidwar.load("antilles", seed=seed)
        assert isinstance(game, AntillesGame)
        _play(game, PCG32(seed), 12 + 4 * seed)
        twin, deep = game.clone(), copy.deepcopy(game)
        assert twin.digest() == deep.digest() == game.digest()
        assert twin.actions == game.actions and twin.dice.history == game.dice.history
        before = game.digest()
        _play(twin, PCG32(99), 200)  # the copy plays on; the original is untouched
        assert game.digest() == before
        assert all(p.hex == q.hex for p, q in zip(game.paladins, deep.paladins, strict=True))
        _play(game, PCG32(99), 200)
        _play(deep, PCG32(99), 200)
        assert game.digest() == twin.digest() == deep.digest()  # same future rolls
        assert game.log == twin.log


def test_reseeded_clone_has_fresh_dice() -> None:
    game = voidwar.load("antilles", seed=3)
    a, b = game.clone(reseed=11), game.clone(reseed=11)
    _play(a, PCG32(1), 120)
    _play(b, PCG32(1), 120)
    assert a.digest() == b.digest()
    assert game.dice.history == [] and game.actions == []


def test_a_hand_built_value_plays_like_a_listed_one_and_a_mistyped_one_is_never_made() -> None:
    game = voidwar.load("antilles", seed=0)
    listed = game.legal_actions()[5]
    assert isinstance(listed, Place)
    other = voidwar.load("antilles", seed=0)
    other.apply(Place(listed.paladin, listed.hex))  # a fresh value, the same action
    game.apply(listed)
    assert game.digest() == other.digest() and game.actions == other.actions
    with pytest.raises(voidwar.IllegalAction, match="hex: a tuple where the rules read a Hex"):
        Move(1, (2, -1))  # type: ignore[arg-type]
    with pytest.raises(voidwar.IllegalAction, match="target: a bool where the rules read an"):
        Fire(1, True)
    assert Fire(1, None) == game.notation.parse("fire P1 at platform")  # type: ignore[union-attr]


def test_free_places_decoded_from_the_taken_ones_are_the_free_list() -> None:
    from voidwar.rulesets.antilles.state import nth_free

    for seed in range(4):
        game = voidwar.load("antilles", seed=seed)
        assert isinstance(game, AntillesGame)
        rng = PCG32(seed)
        while not game.over:
            free = game.free_places()
            taken = sorted(game.taken_places())
            assert len(free) == len(game.hexes) - len(taken)
            assert [nth_free(taken, k) for k in range(len(free))] == free
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])


def test_a_bolt_in_the_antilles_hex_is_one_taken_place_for_the_picks() -> None:
    """A Bolt that ends its Path in the Antilles' hex (2.17) repeats that place in the pieces'
    list: the sorted places count it once, and every pick decodes to its legal action."""
    from voidwar.core.hexgrid import ORIGIN
    from voidwar.rulesets.antilles.state import MOVEMENT, Bolt, taken_sorted

    game = voidwar.load("antilles", seed=3)
    assert isinstance(game, AntillesGame)
    rng = PCG32(3)
    while game.phase != MOVEMENT:
        _play(game, rng, 1)
    game.bolts[99] = Bolt(99, "normal", ORIGIN, 0)
    taken = taken_sorted(game)
    assert taken == sorted(set(taken)) == sorted(game.taken_places())
    legal = game.legal_actions()
    assert [game.choose_legal(lambda n, k=k: k) for k in range(len(legal))] == legal


def test_translated_kill_counts_are_the_flown_ones() -> None:
    from collections import Counter

    from voidwar.rulesets.antilles import risk

    game = voidwar.load("antilles", seed=0)
    assert isinstance(game, AntillesGame)
    paths = game.tables.paths
    place = {h: i for i, h in enumerate(game.hexes)}
    for h in game.hexes[::7]:
        for facing in range(6):
            for kind in ("normal", "exploding", "fast"):
                flown: Counter[object] = Counter()
                for path in paths:  # the Paths flown from h itself (2.12), no translation
                    flown.update(risk.kill_hexes(h, facing, kind, path)[0])
                if kind != "fast":
                    assert risk.path_counts(paths, h, facing, kind) == dict(flown)
                else:  # pairs of Paths: every second one on the first's kills, else flown on
                    pairs: Counter[object] = Counter()
                    for path in paths:
                        kills, end, f = risk.kill_hexes(h, facing, kind, path)
                        pairs.update({x: len(paths) for x in kills})
                        for second in paths:
                            pairs.update(risk.kill_hexes(end, f, kind, second)[0] - kills)
                    assert risk.fast_counts(paths, h, facing, kind) == dict(pairs)
                danger = risk.bolt_danger(game.tables, h, facing, kind)
                assert sorted(risk.bolt_factors(game.tables, game.board.radius, h, facing, kind)) \
                    == sorted(risk.factors(place, danger))


def test_place_grid_finds_every_place_and_nothing_off_the_map() -> None:
    from voidwar.core.hexgrid import Hex
    from voidwar.rulesets.antilles.state import board_places, place_at, place_grid

    for radius in (4, 7, 10):
        places, grid = board_places(radius), place_grid(radius)
        for q in range(-radius - 2, radius + 3):
            for r in range(-radius - 2, radius + 3):
                assert place_at(grid, radius, q, r) == places.get(Hex(q, r), -1)


def test_threat_sum_adds_the_danger_maps_numbers_in_order() -> None:
    """:func:`risk.threat_sum` is bit for bit ``sum(bolt_danger(...).get(h, 0.0) ...)``."""
    from voidwar.core.hexgrid import Hex
    from voidwar.rulesets.antilles import risk

    game = voidwar.load("antilles", seed=0)
    assert isinstance(game, AntillesGame)
    rng = PCG32(5)
    hexes = list(game.hexes)
    for kind in ("normal", "fast", "exploding"):
        for facing in range(6):
            for _ in range(20):
                start = hexes[rng.below(len(hexes))]
                living = [hexes[rng.below(len(hexes))] for _ in range(rng.below(8))]
                living.append(Hex(start.q + 40, start.r))  # off the map: no danger
                danger = risk.bolt_danger(game.tables, start, facing, kind)
                want = sum(danger.get(h, 0.0) for h in living)
                got = risk.threat_sum(game.tables, start, facing, kind, living)
                assert got == want and type(got) is type(want)


def test_the_end_of_a_turn_offers_continue_then_abort_listed_and_picked_alike() -> None:
    """6.0: at the end of a turn the choices are ``continue`` and ``abort``, in that order, and
    the pick by index decodes to the list's."""
    from voidwar.rulesets.antilles.actions import Abort, Continue
    from voidwar.rulesets.antilles.state import Phase

    game = voidwar.load("antilles", seed=2)
    assert isinstance(game, AntillesGame)
    rng = PCG32(2)
    seen = 0
    while not game.over:
        if game.phase == Phase.END:
            assert game.legal_actions() == [Continue(), Abort()]
            assert game.choose_legal(lambda n: 1 if n == 2 else -1) == Abort()
            game.apply(game.choose_legal(lambda n: 0 if n == 2 else -1))
            seen += 1
            continue
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    assert seen


def test_events_logged_between_actions_are_not_the_next_actions() -> None:
    """``apply`` returns its own action's events only: those logged from its start on."""
    game = voidwar.load("antilles", seed=0)
    game.emit("note", "a note between actions")
    events = game.apply(game.legal_actions()[0])
    assert [e.kind for e in events] == ["place"]
    assert [e.kind for e in game.log] == ["note", "place"]
    assert game.apply(game.legal_actions()[0]) == [game.log[-1]]
