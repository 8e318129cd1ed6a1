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

import math
import time
from collections.abc import Callable
from typing import Any

from ..core.chance import CHANCE, ExplicitChanceGame
from ..core.dice import PCG32, KeyedDice, SeededDice, derive_seed
from ..core.errors import DiceError, IllegalAction, RecordError
from ..core.game import Action, Game, Result
from ..core.policy import Policy
from ..core.registry import search_hooks
from ..core.search import NO_SEARCH_HOOKS, SearchHooks


def _hooks(game: Game) -> SearchHooks:
    """The ruleset's evaluation and candidates; none while an explicit-chance roll pends."""
    return NO_SEARCH_HOOKS if isinstance(game, ExplicitChanceGame) else search_hooks(game)


class _Node:
    """One seat's node: its own decisions here (``stats``) and where each edge leads."""

    __slots__ = ("children", "ends", "first", "n", "prior", "samples", "stats", "twins")

    def __init__(self) -> None:
        self.n = 0
        self.prior: str | None = None  # the prior policy's choice here (first seen position)
        #: the ruleset's ``SearchHooks.candidates`` here, tried after the prior's choice
        self.first: list[str] = []
        self.stats: dict[str, list[float]] = {}  # notation → [visits, value sum, sum of squares]
        self.children: dict[str, _Node] = {}
        #: root only: notation → the value of its k-th sample (k-th common random numbers)
        self.samples: dict[str, list[float]] = {}
        #: root only: notation → the digests of the states its first samples ended in
        self.ends: dict[str, list[str]] = {}
        #: root only: actions whose first samples ended where the prior's did (``twins``)
        self.twins: set[str] = set()

    def child(self, key: str) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


def terminal_values(result: Result, seats: tuple[str, ...]) -> dict[str, float]:
    """Raw values per seat (module docstring): win 1 / loss 0 / draw 1/n, or the solitaire score."""
    if len(seats) == 1:
        return {seats[0]: float(result.scores.get(seats[0], 0.0))}
    if result.winner is not None:
        return {s: 1.0 if s == result.winner else 0.0 for s in seats}
    return {s: 1.0 / len(seats) for s in seats}


def _apply_legal(g: Game, action: Action) -> None:
    """Apply an action taken from ``g.legal_actions()`` (or a policy's choice) on a private copy.

    Rollouts skip :meth:`Game.apply`'s re-check (``legal_actions`` already vouched for it) and its
    event bookkeeping; this is the base class's ``apply`` without ``check``. Explicit-chance
    games go through their own ``apply``."""
    if isinstance(g, ExplicitChanceGame) or g.dice.can_fail:
        g.apply(action)
        return
    g.execute(action)
    g.actions.append(str(action))
    g._pending.clear()


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
        self.last_root: _Node | None = None
        self._rollout_cache: dict[str, Policy] = {}

    # -- public --------------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        if self.tuned:
            self._apply_settings(game)
        seat = game.to_act
        if seat is None:
            raise IllegalAction("the game is over")
        legal = game.legal_actions()
        call = self.calls
        self.calls += 1
        if seat == CHANCE:
            return self._sample_chance(game, PCG32(derive_seed(self.seed, call)))
        if len(legal) == 1:
            self.last_stats = {str(legal[0]): (0, 0.0)}
            self.last_iterations = 0
            return legal[0]
        rng = PCG32(derive_seed(self.seed, call, 0))
        seats = game.seats
        roots = {s: _Node() for s in seats}
        base, replay_prefix = self._root_sampler(game, seat)
        self._lo: dict[str, float] = {}
        self._hi: dict[str, float] = {}
        rules = game.inner if isinstance(game, ExplicitChanceGame) else game
        fixed = search_hooks(rules).score_range(rules)
        for s in seats:
            if len(seats) > 1:
                self._lo[s], self._hi[s] = 0.0, 1.0
            elif fixed is not None:
                lo, hi = fixed
                self._lo[s], self._hi[s] = float(lo), float(hi)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        i = 0
        while True:
            if self.iterations is not None:
                if i >= self.iterations:
                    break
            elif deadline is not None and i > 0 and time.perf_counter() >= deadline:
                break
            it_seed = derive_seed(self.seed, call, i + 1)
            self._iterate(base, replay_prefix, seat, roots, it_seed, rng,
                          derive_seed(self.seed, call, 0, 1))
            i += 1
        root = roots[seat]
        by_text = {str(a): a for a in legal}
        self.last_stats = {
            k: (int(v[0]), v[1] / v[0]) for k, v in root.stats.items() if k in by_text and v[0]
        }
        self._last_var = {
            k: max(0.0, v[2] / v[0] - (v[1] / v[0]) ** 2) for k, v in root.stats.items() if v[0]
        }
        self.last_iterations = i
        self.last_root = root
        if not self.last_stats:
            return legal[rng.below(len(legal))]
        best = self._final(root.prior)
        return by_text[best]

    # -- internals -------------------------------------------------------------------------------
    _SETTINGS = ("c", "rollout", "max_rollout_steps", "prior", "prior_weight", "widening",
                 "margin", "horizon_steps", "horizon_periods", "tree_depth", "keyed_dice",
                 "paired", "min_pairs", "twins")

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
        """The decision. With a prior: its choice, unless another action has more visits and a
        mean better by ``margin`` standard errors. Without: the best mean among the actions with
        at least half the visits of the most visited (robust, yet a deterministic but worse
        action that UCT kept sampling with a tiny budget does not win on visits alone)."""
        stats = self.last_stats
        var = getattr(self, "_last_var", {})
        if prior and prior in stats:
            pn, pm = stats[prior]
            pv = var.get(prior, 0.0) / pn

            samples = self.last_root.samples if self.last_root is not None else {}
            twins = self.last_root.twins if self.last_root is not None else set()
            base = samples.get(prior, [])

            def clearly_better(k: str, n: int, m: float) -> bool:
                if k in twins:
                    return False
                if self.paired and k in samples and (len(base) >= 2 or self.min_pairs > 2):
                    d = [a - b for a, b in zip(samples[k], base, strict=False)]
                    if len(d) < self.min_pairs:
                        return False
                    mean = sum(d) / len(d)
                    sd = math.sqrt(max(0.0, sum(x * x for x in d) / len(d) - mean * mean))
                    return mean > 0 and mean > self.margin * sd / math.sqrt(len(d) - 1)
                se = math.sqrt(pv + var.get(k, 0.0) / n)
                return n > pn and m > pm + self.margin * se

            better = [(k, v) for k, v in stats.items() if clearly_better(k, *v)]
            if not better:
                return prior
            return max(better, key=lambda kv: (kv[1][0], kv[1][1]))[0]
        most = max(v[0] for v in stats.values())
        cands = [(k, v) for k, v in stats.items() if 2 * v[0] >= most]
        return max(cands, key=lambda kv: (kv[1][1], kv[1][0]))[0]

    def _root_sampler(self, game: Game, seat: str) -> tuple[Game, list[tuple[str, str, bool]]]:
        """The state iterations start from, and actions to redo from there.

        Normally the position itself (no redo). When the last actions include other seats'
        secret orders, start before them: the seat's own orders are redone as recorded, the
        others' are resampled each iteration (they are unknown to ``seat``)."""
        start = game
        redo: list[tuple[str, str, bool]] = []
        if type(game).is_secret is not Game.is_secret and game.actions:
            try:
                start, redo = self._before_secret_run(game)
            except (RecordError, IllegalAction, DiceError):
                start, redo = game, []
        start = start.clone()
        if hasattr(start, "log"):
            start.log = []  # history the rules never read; keeps per-iteration copies cheap
        return start, redo

    @staticmethod
    def _before_secret_run(game: Game) -> tuple[Game, list[tuple[str, str, bool]]]:
        from ..core.record import replay

        rec = game.record()
        n = len(game.actions)
        m = 0
        best: Game = game
        best_redo: list[tuple[str, str, bool]] = []
        while m < n:
            before = replay(rec, upto=n - m - 1)
            text = game.actions[n - m - 1]
            act = before.parse_action(text)
            if not before.is_secret(act):
                break
            m += 1
            best = before
            g = before.clone()
            redo: list[tuple[str, str, bool]] = []
            for t in game.actions[n - m :]:
                who = g.to_act or ""
                a = g.parse_action(t)
                redo.append((who, t, g.is_secret(a)))
                g.apply(a)
            best_redo = redo
        return best, best_redo

    def _sample_chance(self, g: Game, rng: PCG32) -> Action:
        outcomes = g.chance_outcomes()  # type: ignore[attr-defined]
        x = rng.random()
        acc = 0.0
        for a, p in outcomes:
            acc += float(p)
            if x < acc:
                return a  # type: ignore[no-any-return]
        return outcomes[-1][0]  # type: ignore[no-any-return]

    def _named(self, r: str | Policy | None, g: Game, seed: int) -> Policy | None:
        if r is None:
            return None
        if isinstance(r, str):
            key = f"{r}/{g.ruleset}"
            pol = self._rollout_cache.get(key)
            if pol is None:
                from .. import policies

                pol = self._rollout_cache[key] = policies.get(r, g.ruleset, seed)
            return pol
        return r

    def _rollout_policy(self, g: Game, seed: int, fresh: bool = False) -> Policy | None:
        if fresh and isinstance(self.rollout, str):
            from .. import policies

            return policies.get(self.rollout, g.ruleset, seed)
        return self._named(self.rollout, g, seed)

    def _iterate(
        self,
        base: Game,
        redo: list[tuple[str, str, bool]],
        me: str,
        roots: dict[str, _Node],
        seed: int,
        rng: PCG32,
        crn: int,
    ) -> None:
        g = base.determinize(me, seed)
        seats = g.seats
        # resample the others' secret orders since the last reveal (as the rollout policy
        # would give them: the model of the other side; uniformly without one); redo our own
        model = self._rollout_policy(g, seed) if redo else None
        for who, text, secret in redo:
            if g.over:
                break
            if who == me or not secret:
                try:
                    g.apply(text)
                    continue
                except IllegalAction:
                    pass
            if model is not None:
                g.apply(model.choose(g))
            else:
                acts = g.legal_actions()
                g.apply(acts[rng.below(len(acts))])
        ptr = dict(roots)
        path: list[tuple[_Node, str, str]] = []
        in_tree = True
        steps = 0
        rollout = self._rollout_policy(g, seed)
        limit = self.max_rollout_steps if self.horizon_steps is None else self.horizon_steps
        period = g.search_period() if self.horizon_periods is not None else None
        stop_at = None if period is None else period + (self.horizon_periods or 0)
        while not g.over and steps < limit:
            if stop_at is not None and not in_tree and (g.search_period() or 0) >= stop_at:
                break
            seat = g.to_act
            if seat is None:
                break
            if seat == CHANCE:
                g.apply(self._sample_chance(g, rng))
                continue
            if in_tree:
                legal = g.legal_actions()
                node = ptr[seat]
                if self.prior is not None and node.prior is None:
                    pp = self._named(self.prior, g, seed)
                    node.prior = str(pp.choose(g)) if pp is not None else ""
                    node.first = [str(a) for a in _hooks(g).candidates(g, legal)]
                act = self._select(node, legal, seat, rng)
                key = str(act)
                new = key not in node.stats
                if new:
                    node.stats[key] = [0.0, 0.0, 0.0]
                secret = g.is_secret(act)
                if not path and seat == me and isinstance(g.dice, (SeededDice, KeyedDice)):
                    # common random numbers: the k-th sample of every root action rolls the
                    # same dice (and seeds the rollout policy alike), so root actions are
                    # compared on paired luck — far less noise for the same budget. Keyed
                    # dice keep the pairing roll for roll even when one line rolls more
                    # often than another (one more shot) before the rolls that matter.
                    k = int(node.stats[key][0])
                    g.dice = (KeyedDice if self.keyed_dice else SeededDice)(derive_seed(crn, k))
                    rollout = self._rollout_policy(g, derive_seed(crn, k, 1), fresh=True)
                path.append((node, key, seat))
                g.apply(act)
                for t in seats:
                    ptr[t] = ptr[t].child(key if (t == seat or not secret) else "?" + seat)
                if new or (self.tree_depth is not None and len(path) >= self.tree_depth):
                    in_tree = False
            else:
                steps += 1
                if rollout is None:
                    legal = g.legal_actions()
                    _apply_legal(g, legal[rng.below(len(legal))])
                else:
                    _apply_legal(g, rollout.choose(g))
        values = self._values(g, seats)
        if path and path[0][2] == me:
            node, key, _ = path[0]
            node.samples.setdefault(key, []).append(values[me])
            ends = node.ends.setdefault(key, [])
            if len(ends) < self.twins:
                ends.append(g.digest())
                self._find_twins(node, key)
        for node, key, seat in path:
            node.n += 1
            st = node.stats[key]
            st[0] += 1
            st[1] += values[seat]
            st[2] += values[seat] ** 2

    def _find_twins(self, root: _Node, key: str) -> None:
        """Mark root actions whose first ``twins`` samples ended where the prior's did."""
        prior = root.prior
        base = root.ends.get(prior or "", [])
        if len(base) < self.twins:
            return
        for k in ([key] if key != prior else list(root.ends)):
            if k != prior and k not in root.twins and root.ends[k] == base:
                root.twins.add(k)

    def _values(self, g: Game, seats: tuple[str, ...]) -> dict[str, float]:
        res = g.result if g.over else None
        if res is None:
            if self.evaluate is not None:
                return self.evaluate(g)
            estimate = _hooks(g).evaluate(g)
            if estimate is not None:
                return estimate
            if len(seats) > 1:
                return {s: 1.0 / len(seats) for s in seats}
            return {s: self._lo.get(s, 0.0) for s in seats}
        vals = terminal_values(res, seats)
        for s, v in vals.items():
            if s not in self._lo or v < self._lo[s]:
                self._lo[s] = v
            if s not in self._hi or v > self._hi[s]:
                self._hi[s] = v
        return vals

    def _select(self, node: _Node, legal: list[Action], seat: str, rng: PCG32) -> Action:
        untried = [a for a in legal if str(a) not in node.stats]
        if untried and self.prior is not None and len(untried) < len(legal):
            # progressive widening behind a prior: a node with n visits tries at most
            # 1 + widening·√n of its actions (the prior's first), so small budgets refine the
            # prior's line instead of averaging over random untried replies; twins of the
            # prior's choice do not count
            allowed = 1 + int(self.widening * math.sqrt(node.n))
            if len(legal) - len(untried) - len(node.twins) >= allowed:
                untried = []
        if untried:
            for want in ([node.prior] if node.prior else []) + node.first:
                for a in untried:
                    if str(a) == want:
                        return a
            return untried[rng.below(len(untried))]
        lo, hi = self._lo.get(seat, 0.0), self._hi.get(seat, 1.0)
        span = hi - lo if hi > lo else 1.0
        logn = math.log(max(node.n, 1))
        best: Action = legal[0]
        best_u = -math.inf
        for a in legal:
            key = str(a)
            st = node.stats.get(key)
            if st is None or key in node.twins:  # held back by widening, or the prior's twin
                continue
            n, w = st[0], st[1]
            if n == 0:
                return a
            u = ((w / n) - lo) / span + self.c * math.sqrt(logn / n)
            if key == node.prior:
                u += self.prior_weight / (1 + n)
            if u > best_u:
                best, best_u = a, u
        return best


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
