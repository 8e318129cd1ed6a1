"""Monte Carlo tree search for any ruleset, through the Game protocol only (docs/ai.md).

* **Open loop.** Tree nodes stand for action *paths*, not states. Every iteration replays from a
  copy of the position with fresh dice (``determinize(seat, seed)``, by default
  ``clone(reseed=seed)``), so node values average over die rolls and the search never sees the
  real future rolls. Chance decisions of an explicit-chance game (seat ``"chance"``) are sampled
  with their probabilities and are not tree edges.
* **Hidden information.** Each iteration starts from a state sampled consistent with what the
  searching seat may see: the ruleset hook :meth:`Game.determinize`, plus resampling of other
  seats' secret orders (``Game.is_secret``) made since the last reveal.
* **Simultaneous secret orders.** Each seat has its own tree, keyed by the actions that seat can
  see: another seat's secret order is an edge ``?seat`` in it. So a seat's choice never depends on
  the secret choice of a seat that "moved" just before it (decoupled selection per seat,
  multiple-observer ISMCTS).
* **Budget** in iterations (reproducible for a seed) or seconds. Rollouts use a uniform random
  choice, or a given policy (``rollout="heuristic"`` resolves the ruleset's own).
* **Values** from ``Result``: with several seats the winner scores 1, the others 0, a draw 1/n;
  a solitaire game's score is scaled to [0, 1] by the ruleset's ``SearchHooks.score_range``
  when it gives one, otherwise by the range of scores the search has seen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.chance import CHANCE, ExplicitChanceGame
from ..core.dice import PCG32, KeyedDice, SeededDice, derive_seed
from ..core.errors import IllegalAction
from ..core.game import Action, Game
from ..core.policy import Policy
from ..core.registry import search_hooks
from . import registry
from .choice import Judge, final_choice
from .sampling import (
    Redo,
    apply_legal,
    fast_moves,
    hooks,
    random_rollout,
    redo_run,
    root_sampler,
    sample_chance,
)
from .tree import Node, Step, Uct, backup, record_root_sample, select
from .values import ValueScale, leaf_values, terminal_values

#: the tree node (its old name, kept for analysis scripts and tests)
_Node = Node


@dataclass
class _Walk:
    """One iteration under way: its game copy, each seat's node, the path, the rollout."""

    g: Game
    me: str
    seed: int
    crn: int
    ptr: dict[str, Node]
    path: list[Step]
    rollout: Policy | None
    in_tree: bool = True


class MCTSPolicy:
    """Open-loop, per-seat-tree UCT. See the module docstring.

    ``iterations`` or ``seconds`` bound each decision (iterations win when both are given);
    ``c`` is the UCT exploration constant on values in [0, 1]; ``rollout`` is ``None`` (uniform
    random), a policy name (resolved for the game's ruleset) or a policy; ``max_rollout_steps``
    ends long rollouts (the position then counts as a draw, or the lowest score seen).

    ``prior`` (a policy name such as ``"heuristic"``, or a policy) guides the tree: at each node
    the prior's choice is tried first and keeps a progressive bias ``prior_weight / (1 + n)``
    in its UCT value; a node visited *n* times considers at most ``1 + widening·√n`` of its
    actions (progressive widening: the prior's choice, then :meth:`SearchHooks.candidates` in
    order, then the rest at random), so the values below the root follow the prior's line
    rather than random replies; and the decision stays the prior's unless another action has
    more visits and a mean better by ``margin`` standard errors of the difference. A small
    budget thus plays like the prior, a larger one corrects it.

    Cut-offs: ``horizon_steps`` ends a rollout after that many steps, ``horizon_periods`` once
    :meth:`Game.search_period` has risen by that much (the end of this turn, round or segment
    run); the position is then valued by ``evaluate`` or else the ruleset's
    :meth:`SearchHooks.evaluate`.
    ``tree_depth`` limits the tree to that many edges (1: flat Monte Carlo over the root's
    actions, every later decision by the rollout policy — the classic rollout improvement of a
    base policy). ``tuned`` takes the ruleset's :meth:`SearchHooks.tuning` at the first decision.
    ``keyed_dice`` pairs the root actions' samples by roll purpose (:class:`KeyedDice`) rather
    than by position in one stream. ``paired`` judges "clearly better" on the paired
    differences of those samples (sample *k* of one action against sample *k* of the prior's:
    same dice) instead of on two independent means, once there are ``min_pairs`` such pairs.
    ``twins`` stops sampling a root action whose first ``twins`` samples all ended in the same
    state (:meth:`Game.digest`) as the prior choice's samples with the same dice — the same
    line in another order, such as two shots fired in swapped order; it no longer counts
    towards the widening, so the budget goes to actions that differ. ``0`` keeps sampling them.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 1.0,
        rollout: str | Policy | None = None,
        max_rollout_steps: int = 10_000,
        evaluate: Callable[[Game], dict[str, float]] | None = None,
        prior: str | Policy | None = None,
        prior_weight: float = 1.0,
        widening: float = 1.0,
        margin: float = 1.0,
        horizon_steps: int | None = None,
        horizon_periods: int | None = None,
        tree_depth: int | None = None,
        tuned: bool = False,
        keyed_dice: bool = True,
        paired: bool = False,
        min_pairs: int = 2,
        twins: int = 0,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 200
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.max_rollout_steps = max_rollout_steps
        self.evaluate = evaluate
        self.prior = prior
        self.prior_weight = prior_weight
        self.widening = widening
        self.margin = margin
        self.horizon_steps = horizon_steps
        self.horizon_periods = horizon_periods
        self.tree_depth = tree_depth
        self.keyed_dice = keyed_dice
        self.paired = paired
        self.min_pairs = max(2, min_pairs)
        self.twins = twins
        #: take the ruleset's ``SearchHooks.tuning`` for each game
        self.tuned = tuned
        self._tuned_for: tuple[str, str] | None = None
        self._untuned = {name: getattr(self, name) for name in self._SETTINGS}
        self.calls = 0
        #: after each ``choose``: root action → (visits, mean value), and the iteration count
        self.last_stats: dict[str, tuple[int, float]] = {}
        self.last_iterations = 0
        #: after each ``choose``: the searching seat's root node (statistics, for analysis)
        self.last_root: Node | None = None
        self._rollout_cache: dict[str, Policy] = {}

    # -- public --------------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        """The searching seat's action (a sampled outcome when the chance seat acts)."""
        if self.tuned:
            self._apply_settings(game)
        seat = game.to_act
        if seat is None:
            raise IllegalAction("the game is over")
        legal = game.legal_actions()
        call = self.calls
        self.calls += 1
        if seat == CHANCE:
            return sample_chance(game, PCG32(derive_seed(self.seed, call)))
        if len(legal) == 1:
            self.last_stats = {str(legal[0]): (0, 0.0)}
            self.last_iterations = 0
            return legal[0]
        rng = PCG32(derive_seed(self.seed, call, 0))
        roots = {s: Node() for s in game.seats}
        self._scale = ValueScale(game)
        self.last_iterations = self._search(game, seat, roots, call, rng)
        return self._decide(roots[seat], legal, rng)

    # -- internals -------------------------------------------------------------------------------
    _SETTINGS = ("c", "rollout", "max_rollout_steps", "prior", "prior_weight", "widening",
                 "margin", "horizon_steps", "horizon_periods", "tree_depth", "keyed_dice",
                 "paired", "min_pairs", "twins")

    def _search(self, game: Game, seat: str, roots: dict[str, Node], call: int,
                rng: PCG32) -> int:
        """Run the iterations the budget allows; return how many ran."""
        base, redo = root_sampler(game)
        # every iteration starts at this very position when nothing is resampled (the default
        # determinize only reseeds the dice): its legal actions and their text, built once
        self._root_legal: tuple[list[Action], list[str]] | None = None
        if not redo and type(base).determinize is Game.determinize:
            legal = base.legal_actions()
            self._root_legal = (legal, list(map(str, legal)))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        crn = derive_seed(self.seed, call, 0, 1)
        i = 0
        while True:
            if self.iterations is not None:
                if i >= self.iterations:
                    break
            elif deadline is not None and i > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(base, redo, seat, roots, derive_seed(self.seed, call, i + 1), rng, crn)
            i += 1
        return i

    def _decide(self, root: Node, legal: list[Action], rng: PCG32) -> Action:
        """Keep the root's statistics and make the final choice among ``legal``."""
        by_text = dict(zip(map(str, legal), legal, strict=True))
        self.last_stats = {
            k: (int(v[0]), v[1] / v[0]) for k, v in root.stats.items() if k in by_text and v[0]
        }
        self._last_var = {
            k: max(0.0, v[2] / v[0] - (v[1] / v[0]) ** 2) for k, v in root.stats.items() if v[0]
        }
        self.last_root = root
        if not self.last_stats:
            return legal[rng.below(len(legal))]
        return by_text[self._final(root.prior)]

    def _apply_settings(self, game: Game) -> None:
        """``tuned``: the ruleset's :meth:`SearchHooks.tuning` for this game over the
        constructor's settings (again for each game, so one policy can play games whose best
        settings differ)."""
        rules = game.inner if isinstance(game, ExplicitChanceGame) else game
        settings = search_hooks(rules).tuning(rules)
        key = (game.ruleset, repr(sorted(settings.items())))
        if key == self._tuned_for:
            return
        for name in settings:
            if name not in self._SETTINGS:
                raise ValueError(f"{game.ruleset}: unknown search setting {name!r}")
        for name in self._SETTINGS:
            setattr(self, name, settings.get(name, self._untuned[name]))
        self._tuned_for = key

    def _final(self, prior: str | None) -> str:
        """The decision from ``last_stats`` (see :func:`voidwar.ai.choice.final_choice`)."""
        return final_choice(prior, self.last_stats, getattr(self, "_last_var", {}),
                            self.last_root, Judge(self.margin, self.paired, self.min_pairs))

    def _named(self, r: str | Policy | None, g: Game, seed: int) -> Policy | None:
        """The policy ``r`` (a name is resolved once per ruleset and kept)."""
        if r is None:
            return None
        if isinstance(r, str):
            key = f"{r}/{g.ruleset}"
            pol = self._rollout_cache.get(key)
            if pol is None:
                pol = self._rollout_cache[key] = registry.get(r, g.ruleset, seed)
            return pol
        return r

    def _rollout_policy(self, g: Game, seed: int, fresh: bool = False) -> Policy | None:
        """The rollout policy (``fresh``: a new one seeded with ``seed``, for a named one)."""
        if fresh and isinstance(self.rollout, str):
            return registry.get(self.rollout, g.ruleset, seed)
        return self._named(self.rollout, g, seed)

    def _iterate(self, base: Game, redo: list[Redo], me: str, roots: dict[str, Node],
                 seed: int, rng: PCG32, crn: int) -> None:
        """One iteration: sample a start, walk the trees then roll out, back the values up."""
        g = base.determinize(me, seed)
        if redo:
            redo_run(g, redo, me, self._rollout_policy(g, seed), rng)
        walk = _Walk(g, me, seed, crn, dict(roots), [], self._rollout_policy(g, seed))
        self._play_out(walk, rng)
        values = leaf_values(walk.g, self._scale, self.evaluate)
        path = walk.path
        if path and path[0][2] == me:
            node, key, _ = path[0]
            record_root_sample(node, key, values[me], walk.g.digest, self.twins)
        backup(path, values)

    def _play_out(self, walk: _Walk, rng: PCG32) -> None:
        """Play the iteration's game on: tree steps, then rollout steps to a cut-off or the end."""
        g = walk.g
        steps = 0
        limit = self.max_rollout_steps if self.horizon_steps is None else self.horizon_steps
        period = g.search_period() if self.horizon_periods is not None else None
        stop_at = None if period is None else period + (self.horizon_periods or 0)
        while not g.over and steps < limit:
            if stop_at is not None and not walk.in_tree and (g.search_period() or 0) >= stop_at:
                break
            seat = g.to_act
            if seat is None:
                break
            if seat == CHANCE:
                g.apply(sample_chance(g, rng))
            elif walk.in_tree:
                self._tree_step(walk, seat, rng)
            elif walk.rollout is None and stop_at is None and fast_moves(g):
                random_rollout(g, rng, limit - steps)
                return
            else:
                steps += 1
                if walk.rollout is None:
                    # the same pick as legal_actions()[rng.below(n)], without building them all
                    apply_legal(g, g.choose_legal(rng.below))
                else:
                    apply_legal(g, walk.rollout.choose(g))

    def _tree_step(self, walk: _Walk, seat: str, rng: PCG32) -> None:
        """Select ``seat``'s edge at its node, apply it, and move every seat's node along."""
        g = walk.g
        cached = self._root_legal if not walk.path and seat == walk.me else None
        legal = cached[0] if cached is not None else g.legal_actions()
        node = walk.ptr[seat]
        if self.prior is not None and node.prior is None:
            pp = self._named(self.prior, g, walk.seed)
            node.prior = str(pp.choose(g)) if pp is not None else ""
            node.first = list(map(str, hooks(g).candidates(g, legal)))
        uct = Uct(self.c, self.prior_weight, self.widening, self.prior is not None)
        keys = cached[1] if cached is not None else list(map(str, legal))
        pick = select(node, keys, rng, uct, self._scale.bounds(seat), cached is not None)
        act, key = legal[pick], keys[pick]
        new = key not in node.stats
        if new:
            node.stats[key] = [0.0, 0.0, 0.0]
        secret = g.is_secret(act)
        if not walk.path and seat == walk.me and isinstance(g.dice, (SeededDice, KeyedDice)):
            self._pair_dice(walk, int(node.stats[key][0]))
        walk.path.append((node, key, seat))
        apply_legal(g, act)  # one of legal_actions(): no re-check
        for t in g.seats:
            walk.ptr[t] = walk.ptr[t].child(key if (t == seat or not secret) else "?" + seat)
        if new or (self.tree_depth is not None and len(walk.path) >= self.tree_depth):
            walk.in_tree = False

    def _pair_dice(self, walk: _Walk, k: int) -> None:
        """Common random numbers: the k-th sample of every root action rolls the same dice (and
        seeds the rollout policy alike), so root actions are compared on paired luck — far less
        noise for the same budget. Keyed dice keep the pairing roll for roll even when one line
        rolls more often than another (one more shot) before the rolls that matter."""
        walk.g.dice = (KeyedDice if self.keyed_dice else SeededDice)(derive_seed(walk.crn, k))
        walk.rollout = self._rollout_policy(walk.g, derive_seed(walk.crn, k, 1), fresh=True)


def make_mcts(seed: int = 0, **kwargs: Any) -> MCTSPolicy:
    """The registered ``mcts`` policy (``voidwar.policies.get("mcts", ruleset, seed)``):
    200 iterations a decision, reproducible for a seed."""
    return MCTSPolicy(seed=seed, **kwargs)


def make_mcts_1s(seed: int = 0) -> MCTSPolicy:
    """The registered ``mcts-1s`` policy: one second a decision (not reproducible)."""
    return MCTSPolicy(seed=seed, seconds=1.0)


def make_mcts_h(seed: int = 0) -> MCTSPolicy:
    """The registered ``mcts-h`` policy, the strong one: one second a decision, flat over the
    root's actions (the heuristic's choice first, kept unless another is clearly better), the
    ruleset's heuristic playing both sides on in every sample, cut off at the ruleset's tuned
    horizon (``SearchHooks.tuning``) and valued by ``SearchHooks.evaluate``."""
    return MCTSPolicy(seed=seed, seconds=1.0, prior="heuristic", rollout="heuristic",
                      tree_depth=1, tuned=True)


__all__ = ["MCTSPolicy", "make_mcts", "make_mcts_1s", "make_mcts_h", "terminal_values"]
