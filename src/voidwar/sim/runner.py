"""Play many games: one process, or batches of games on worker processes.

Game *i* of a run seeded *S* gets the seed ``derive_seed(S, i)``; its dice and each seat's policy
derive their own streams from that. So the results are identical for any worker count and any
batch size, and any single game can be replayed from its seed.

:func:`simulate_summary` streams: each game goes into a :class:`~.summary.Summary` as it ends,
a worker process (started once, the ruleset and policies loaded once) summarises its batch and
sends only that, and the parent merges the partial summaries while a bounded number of batches
are in flight, so memory stays flat in the number of games. :func:`simulate` returns every
game's result (for a few thousand games: tournaments, balance cells, tests).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, as_completed, wait
from dataclasses import dataclass, field
from typing import Any

from ..ai import registry as policy_registry
from ..core.dice import derive_seed
from ..core.game import Game
from ..core.policy import Policy, RandomPolicy
from ..core.registry import load
from .summary import Summary

Progress = Callable[[int], None]


@dataclass(frozen=True)
class GameSpec:
    """What to play: a ruleset, scenario, options and a policy name per seat.

    ``policies`` maps seat → policy name; a seat not named uses ``default_policy``.
    """

    ruleset: str
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    policies: dict[str, str] = field(default_factory=dict)
    default_policy: str = "random"
    max_actions: int = 100_000


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch with master seed ``seed``."""
    return derive_seed(seed, index)


def play_one(spec: GameSpec, seed: int) -> dict[str, Any]:
    """Play one game to the end; return its result as JSON-ready data."""
    game = load(spec.ruleset, spec.scenario, seed=derive_seed(seed, 0), **spec.options)
    seats = game.seats
    players = {}
    for k, seat in enumerate(seats):
        bot = policy_registry.get(spec.policies.get(seat, spec.default_policy), spec.ruleset,
                                  derive_seed(seed, 1 + k))
        players[seat] = _player(bot, game)
    n = 0
    limit = spec.max_actions
    only = players[seats[0]] if len(seats) == 1 else None
    while not game.over:
        if only is not None:  # one seat: it acts whenever the game goes on
            only(game)
        else:
            acting = game.to_act
            assert acting is not None
            players[acting](game)
        n += 1
        if n >= limit:
            raise RuntimeError(f"game with seed {seed} did not end in {limit} actions")
    result = game.result
    assert result is not None
    return {"seed": seed, "actions": n, "seats": list(seats), **result.to_dict()}


def _player(bot: Policy, game: Game) -> Callable[[Game], object]:
    """What plays ``bot``'s move in ``game``: its own ``play`` where it has one (the random
    policy: :meth:`Game.apply_choice`), else ``apply`` of its choice."""
    if isinstance(bot, RandomPolicy):
        return bot.play
    choose = bot.chooser(game) if isinstance(bot, policy_registry.RulesPolicy) else bot.choose

    def play(g: Game) -> object:
        return g.apply(choose(g))

    return play


def play_batch(spec: GameSpec, seed: int, indices: list[int],
               progress: Progress | None = None) -> list[dict[str, Any]]:
    """Play the games ``indices`` of a batch (one worker's share); ``progress(1)`` after each."""
    out = []
    for i in indices:
        r = play_one(spec, game_seed(seed, i))
        r["index"] = i
        out.append(r)
        if progress:
            progress(1)
    return out


def batches(games: int, workers: int, batch_size: int | None = None) -> Iterator[list[int]]:
    """Split game indices into batches: many small ones per worker, so the progress bar moves
    steadily (a batch reports when it is done) and the load balances."""
    size = batch_size or max(1, min(50, games // (workers * 16) or 1))
    for start in range(0, games, size):
        yield list(range(start, min(games, start + size)))


#: the most games a streamed batch holds by default (a worker's partial summary per batch)
STREAM_BATCH = 500


def ranges(games: int, workers: int, batch_size: int | None = None) -> Iterator[range]:
    """Game index ranges for the streamed runners: about 16 a worker, at most
    :data:`STREAM_BATCH` games each (``batch_size`` fixes the size)."""
    size = batch_size or max(1, min(STREAM_BATCH, games // (workers * 16) or 1))
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def summarize_batch(spec: GameSpec, seed: int, start: int, stop: int,
                    progress: Progress | None = None) -> Summary:
    """Play games ``start``..``stop - 1`` of a run and return their summary (no results)."""
    summary = Summary()
    for i in range(start, stop):
        summary.add(play_one(spec, game_seed(seed, i)))
        if progress:
            progress(1)
    return summary


#: a pool worker's spec: one process's own, set once by its initializer before any task
#: (the pool runs one task at a time per process)
_WORKER: dict[str, GameSpec] = {}


def warm(spec: GameSpec) -> None:
    """Load the ruleset, its data and every policy of ``spec`` once (a worker's start-up)."""
    game = load(spec.ruleset, spec.scenario, seed=0, **spec.options)
    for k, seat in enumerate(game.seats):
        policy_registry.get(spec.policies.get(seat, spec.default_policy), spec.ruleset, k)


def settle() -> None:
    """After a worker's warm-up: move every object made so far (modules, data tables) out of
    the cyclic collector's reach (:func:`gc.freeze`), so that its full collections during the
    games walk only what the games made, not the whole loaded ruleset again and again."""
    gc.collect()
    gc.freeze()


def _worker_start(spec: GameSpec) -> None:
    """Process-pool initializer: keep the spec and warm up, once per worker process."""
    _WORKER["spec"] = spec
    warm(spec)
    settle()


def _worker_batch(seed: int, start: int, stop: int) -> Summary:
    """A pool task: the worker's spec, games ``start``..``stop - 1``, their summary."""
    return summarize_batch(_WORKER["spec"], seed, start, stop)


def simulate_summary(
    spec: GameSpec,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    batch_size: int | None = None,
) -> Summary:
    """Play ``games`` games and return their streamed :class:`Summary` (module docstring): the
    same summary for any ``workers`` and ``batch_size``; ``progress(k)`` as games end."""
    if games < 1:
        raise ValueError("games must be at least 1")
    total = Summary()
    if workers <= 1:
        return summarize_batch(spec, seed, 0, games, progress)
    todo = ranges(games, workers, batch_size)
    with ProcessPoolExecutor(max_workers=workers, initializer=_worker_start,
                             initargs=(spec,)) as pool:
        pending: set[Future[Summary]] = set()
        while True:
            for r in todo:  # keep a few batches a worker in flight, never all of them
                pending.add(pool.submit(_worker_batch, seed, r.start, r.stop))
                if len(pending) >= 3 * workers:
                    break
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                part = fut.result()
                total.merge(part)
                if progress:
                    progress(part.games)
    return total


def default_workers() -> int:
    """The number of cores this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else (os.cpu_count() or 1))


def simulate(
    spec: GameSpec,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    batch_size: int | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games; return their results in index order."""
    if games < 1:
        raise ValueError("games must be at least 1")
    results: list[dict[str, Any]] = []
    if workers <= 1:
        for batch in batches(games, 1, batch_size):
            results.extend(play_batch(spec, seed, batch, progress))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_batch, spec, seed, b)
                       for b in batches(games, workers, batch_size)]
            for fut in as_completed(futures):
                res = fut.result()
                results.extend(res)
                if progress:
                    progress(len(res))
    results.sort(key=lambda r: r["index"])
    return results
