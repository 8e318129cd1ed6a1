"""The search's fast paths play exactly what the plain loops play.

``random_rollout`` is the rollout loop ``apply_legal(g, g.choose_legal(rng.below))`` with its
lookups hoisted; the root's kept list of untried actions (``select(..., stable=True)``) is the
scan of every key. Neither may change a single roll or pick.
"""

import pytest

import voidwar
from voidwar.ai import MCTSPolicy
from voidwar.ai.sampling import apply_legal, fast_moves, random_rollout
from voidwar.ai.tree import Node, Uct, select
from voidwar.core.dice import PCG32, KeyedDice

RULESETS = ["antilles", "space-fleet", "attack-vector", "astral-dreams"]


def _plain_rollout(g: voidwar.Game, rng: PCG32, limit: int) -> int:
    steps = 0
    while not g.over and steps < limit and g.to_act is not None:
        apply_legal(g, g.choose_legal(rng.below))
        steps += 1
    return steps


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("dice", [None, "keyed"])
def test_random_rollout_plays_the_plain_loops_game(ruleset: str, dice: str | None) -> None:
    limit = 40 if ruleset == "astral-dreams" else 400
    start = voidwar.load(ruleset, seed=11)
    a, b = start.clone(reseed=5), start.clone(reseed=5)
    if dice:
        a.dice, b.dice = KeyedDice(9), KeyedDice(9)
    assert fast_moves(a)
    n = random_rollout(a, PCG32(3), limit)
    m = _plain_rollout(b, PCG32(3), limit)
    assert n == m > 0
    assert a.actions == b.actions
    assert a.digest() == b.digest()
    assert a.over == b.over


def test_random_rollout_stops_at_its_limit() -> None:
    g = voidwar.load("antilles", seed=2)
    assert random_rollout(g, PCG32(1), 5) == 5
    assert len(g.actions) == 5 and not g.over


def test_explicit_chance_games_take_the_checked_path() -> None:
    g = voidwar.load("antilles", seed=2, chance="explicit")
    assert not fast_moves(g)


def test_kept_untried_list_picks_what_the_full_scan_picks() -> None:
    keys = [f"a{k}" for k in range(30)]
    uct = Uct(1.0, 1.0, 1.0, False)
    kept, scanned = Node(), Node()
    r1, r2 = PCG32(4), PCG32(4)
    for step in range(45):
        p = select(kept, keys, r1, uct, (0.0, 1.0), stable=True)
        q = select(scanned, keys, r2, uct, (0.0, 1.0))
        assert p == q, step
        for node in (kept, scanned):
            st = node.stats.setdefault(keys[p], [0.0, 0.0, 0.0])
            node.n += 1
            st[0] += 1
            st[1] += (p % 7) / 7
    assert kept.open is not None and kept.open[1] == []


@pytest.mark.parametrize("ruleset", ["antilles", "space-fleet"])
def test_search_statistics_do_not_depend_on_the_fast_paths(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def decide() -> tuple[str, dict[str, tuple[int, float]]]:
        g = voidwar.load(ruleset, seed=6)
        bot = MCTSPolicy(seed=3, iterations=40)
        return str(bot.choose(g)), bot.last_stats

    fast = decide()
    monkeypatch.setattr("voidwar.ai.mcts.fast_moves", lambda g: False)
    plain_select = select
    monkeypatch.setattr("voidwar.ai.mcts.select",
                        lambda node, keys, rng, uct, bounds, stable=False:
                        plain_select(node, keys, rng, uct, bounds))
    assert decide() == fast
