"""Ray backend: same results as the local runner for the same seed (a local Ray of 2 CPUs)."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from voidwar.sim.ray_backend import shutdown, simulate_ray
from voidwar.sim.runner import GameSpec, simulate


@pytest.fixture(scope="module")
def local_ray() -> object:
    from voidwar.sim.ray_backend import ensure_ray

    ray = ensure_ray(num_cpus=2)
    yield ray
    shutdown()


def test_ray_results_identical_to_local(local_ray: object) -> None:
    spec = GameSpec("antilles", policies={}, default_policy="random")
    local = simulate(spec, 6, seed=11, workers=1, batch_size=2)
    seen: list[int] = []
    remote = simulate_ray(spec, 6, seed=11, workers=2, progress=seen.append, batch_size=2)
    assert remote == local
    assert sum(seen) == 6
    assert [r["index"] for r in remote] == list(range(6))
