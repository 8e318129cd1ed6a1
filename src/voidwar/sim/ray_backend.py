"""Batches of games as Ray tasks (``voidwar simulate ... --backend ray [--address ADDR]``).

The driver splits the game indices into batches exactly as the local runner does and derives
nothing else: each task runs :func:`voidwar.sim.runner.play_batch`, which seeds game *i* with
``derive_seed(seed, i)``. So the results are identical to the local backend for the same seed,
whatever the cluster size (tested with a local Ray of 2 CPUs).

Pointing at a cluster (docs/ai.md): start a head with ``ray start --head`` on one machine and
``ray start --address HEAD:6379`` on the others, each with voidwar installed at the same version;
then run ``voidwar simulate ... --backend ray --address HEAD:6379`` (or ``--address auto`` on a
cluster node). Without ``--address`` a private local Ray is started with ``num_cpus`` CPUs.
"""

from __future__ import annotations

from typing import Any

from .runner import GameSpec, Progress, batches, play_batch


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


_REMOTE: Any = None


def _remote_play_batch() -> Any:
    global _REMOTE
    if _REMOTE is None:
        _REMOTE = _ray().remote(play_batch)
    return _REMOTE


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
