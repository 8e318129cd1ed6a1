"""Batches of games as Ray tasks (``voidwar simulate ... --backend ray [--address ADDR]``).

The driver splits the game indices into batches exactly as the local runner does and derives
nothing else: each task runs :func:`voidwar.sim.runner.play_batch`, which seeds game *i* with
``derive_seed(seed, i)``. So the results are identical to the local backend for the same seed,
whatever the cluster size (tested with a local Ray of 2 CPUs).

Pointing at a cluster (docs/ai.md): start a head with ``ray start --head`` on one machine and
``ray start --address HEAD:6379`` on the others, each with voidwar installed at the same version;
then run ``voidwar simulate ... --backend ray --address HEAD:6379`` (or ``--address auto`` on a
cluster node). Without ``--address`` a private local Ray is started with ``num_cpus`` CPUs.

:func:`simulate_ray_summary` streams like :func:`voidwar.sim.runner.simulate_summary`: the spec
is put in the object store once, each task summarises its batch on a (reused) Ray worker that
loaded the ruleset once, a bounded number of tasks are in flight, and the driver merges the
partial summaries into the very summary the process pool gives.
"""

from __future__ import annotations

import threading
from typing import Any

from .runner import GameSpec, Progress, batches, play_batch, ranges, settle, summarize_batch, warm
from .summary import Summary


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the extra
        raise RuntimeError("the Ray backend needs the 'ray' extra: "
                           "pip install 'voidwar[ray]'") from e
    return ray


def ensure_ray(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Connect to ``address`` (a running cluster) or start a local Ray once per process."""
    ray = _ray()
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "configure_logging": False}
        if address is not None:
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=num_cpus, **kwargs)
    return ray


#: the remote functions, made once per driver process, and the specs a worker process has
#: warmed up: set and read under :data:`_LOCK` (a driver may run from several threads; a Ray
#: worker may run tasks in threads)
_LOCK = threading.Lock()
_REMOTE: Any = None


def _remote_play_batch() -> Any:
    global _REMOTE
    with _LOCK:
        if _REMOTE is None:
            _REMOTE = _ray().remote(play_batch)
        return _REMOTE


_WARM: set[str] = set()


def _summarize_task(spec: GameSpec, seed: int, start: int, stop: int) -> Summary:
    """A Ray task: warm up once per worker process and spec, then summarise the batch."""
    key = repr(spec)
    with _LOCK:
        if key not in _WARM:
            warm(spec)
            settle()
            _WARM.add(key)
    return summarize_batch(spec, seed, start, stop)


_REMOTE_SUMMARY: Any = None


def simulate_ray_summary(
    spec: GameSpec,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    batch_size: int | None = None,
    address: str | None = None,
    num_cpus: int | None = None,
) -> Summary:
    """Like :func:`voidwar.sim.runner.simulate_summary`, with batches as Ray tasks (module
    docstring); ``workers`` sizes the batches and how many are in flight."""
    global _REMOTE_SUMMARY
    if games < 1:
        raise ValueError("games must be at least 1")
    ray = ensure_ray(address, num_cpus)
    with _LOCK:
        if _REMOTE_SUMMARY is None:
            _REMOTE_SUMMARY = ray.remote(_summarize_task)
    spec_ref = ray.put(spec)
    todo = ranges(games, max(1, workers), batch_size)
    limit = 3 * max(1, workers, int(ray.cluster_resources().get("CPU", 1)))
    pending: list[Any] = []
    total = Summary()
    while True:
        for r in todo:
            pending.append(_REMOTE_SUMMARY.remote(spec_ref, seed, r.start, r.stop))
            if len(pending) >= limit:
                break
        if not pending:
            return total
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            part = ray.get(ref)
            total.merge(part)
            if progress:
                progress(part.games)


def simulate_ray(
    spec: GameSpec,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    batch_size: int | None = None,
    address: str | None = None,
    num_cpus: int | None = None,
) -> list[dict[str, Any]]:
    """Like :func:`voidwar.sim.runner.simulate`, with batches as Ray tasks.

    ``workers`` only sizes the batches (several per worker); the cluster decides placement.
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    ray = ensure_ray(address, num_cpus)
    task = _remote_play_batch()
    pending = [task.remote(spec, seed, b)
               for b in batches(games, max(1, workers), batch_size)]
    results: list[dict[str, Any]] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            res = ray.get(ref)
            results.extend(res)
            if progress:
                progress(len(res))
    results.sort(key=lambda r: r["index"])
    return results


def shutdown() -> None:
    """Shut Ray down if it is initialised in this process."""
    ray = _ray()
    if ray.is_initialized():
        ray.shutdown()
