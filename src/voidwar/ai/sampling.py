"""The states a search samples: where iterations start, chance, secret orders, fast moves.

Each iteration starts from a state consistent with what the searching seat may see: the
ruleset's :meth:`Game.determinize`, plus the resampling of other seats' secret orders
(``Game.is_secret``) made since the last reveal. Chance decisions of an explicit-chance game
(seat ``"chance"``) are sampled with their probabilities.
"""

from __future__ import annotations

from ..core.chance import ExplicitChanceGame
from ..core.dice import PCG32
from ..core.errors import DiceError, IllegalAction, RecordError
from ..core.game import Action, Game
from ..core.policy import Policy
from ..core.record import replay
from ..core.registry import search_hooks
from ..core.search import NO_SEARCH_HOOKS, SearchHooks

#: an action to redo from an iteration's start: (seat that took it, its text, secret?)
Redo = tuple[str, str, bool]


def hooks(game: Game) -> SearchHooks:
    """The ruleset's evaluation and candidates; none while an explicit-chance roll pends."""
    return NO_SEARCH_HOOKS if isinstance(game, ExplicitChanceGame) else search_hooks(game)


def has_secret_orders(game: Game) -> bool:
    """Whether ``game`` may hide a seat's orders (:attr:`Game.has_secret_orders`; an
    explicit-chance game may, through the game it wraps)."""
    return type(game).has_secret_orders or isinstance(game, ExplicitChanceGame)


def apply_legal(g: Game, action: Action) -> None:
    """Apply an action taken from ``g.legal_actions()`` (or a policy's choice) on a private copy.

    Rollouts skip :meth:`Game.apply`'s re-check (``legal_actions`` already vouched for it) and its
    event bookkeeping; this is the base class's ``apply`` without ``check``. Explicit-chance
    games go through their own ``apply``."""
    if isinstance(g, ExplicitChanceGame) or g.dice.can_fail:
        g.apply(action)
        return
    g.execute(action)
    g.actions.append(str(action))


def fast_moves(g: Game) -> bool:
    """Whether :func:`apply_legal` may skip :meth:`Game.apply` on ``g`` (inline dice that
    cannot fail, no explicit chance), so a rollout can call ``execute`` directly."""
    return not isinstance(g, ExplicitChanceGame) and not g.dice.can_fail


def random_rollout(g: Game, rng: PCG32, limit: int) -> int:
    """Uniform random play on ``g`` (a private copy with :func:`fast_moves`) for at most
    ``limit`` actions or to the end; return how many were played.

    Each step is ``apply_legal(g, g.choose_legal(rng.below))`` (the pick
    ``legal_actions()[rng.below(n)]`` without building every action), with the bound methods
    looked up once: the same actions and rolls as that loop, without its per-step overhead."""
    choose, execute, below = g.choose_legal, g.execute, rng.below
    steps = 0
    while steps < limit and not g.over and g.to_act is not None:
        action = choose(below)
        execute(action)
        g.actions.append(str(action))
        steps += 1
    return steps


def sample_chance(g: Game, rng: PCG32) -> Action:
    """A chance outcome of an explicit-chance game, drawn with its probability."""
    outcomes = g.chance_outcomes()  # type: ignore[attr-defined]
    x = rng.random()
    acc = 0.0
    for a, p in outcomes:
        acc += float(p)
        if x < acc:
            return a  # type: ignore[no-any-return]
    return outcomes[-1][0]  # type: ignore[no-any-return]


def root_sampler(game: Game) -> tuple[Game, list[Redo]]:
    """The state iterations start from, and actions to redo from there.

    Normally the position itself (no redo). When the last actions include other seats'
    secret orders, start before them: the seat's own orders are redone as recorded, the
    others' are resampled each iteration (they are unknown to the searching seat)."""
    start = game
    redo: list[Redo] = []
    if has_secret_orders(game) and game.actions:
        try:
            start, redo = before_secret_run(game)
        except (RecordError, IllegalAction, DiceError):
            start, redo = game, []
    start = start.clone()
    if hasattr(start, "log"):
        start.log = []  # history the rules never read; keeps per-iteration copies cheap
    return start, redo


def before_secret_run(game: Game) -> tuple[Game, list[Redo]]:
    """The game before its last run of secret orders, and that run as actions to redo."""
    rec = game.record()
    n = len(game.actions)
    m = 0
    best: Game = game
    best_redo: list[Redo] = []
    while m < n:
        before = replay(rec, upto=n - m - 1)
        text = game.actions[n - m - 1]
        act = before.parse_action(text)
        if not before.is_secret(act):
            break
        m += 1
        best = before
        g = before.clone()
        redo: list[Redo] = []
        for t in game.actions[n - m :]:
            who = g.to_act or ""
            a = g.parse_action(t)
            redo.append((who, t, g.is_secret(a)))
            g.apply(a)
        best_redo = redo
    return best, best_redo


def redo_run(g: Game, redo: list[Redo], me: str, model: Policy | None, rng: PCG32) -> None:
    """Redo ``me``'s own (and every public) action of the run as recorded; resample the
    others' secret orders as ``model`` would give them (uniformly without one)."""
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
