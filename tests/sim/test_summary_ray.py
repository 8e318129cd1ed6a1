"""The Ray backend streams the very summary the process pool gives (a local Ray of 2 CPUs)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("ray")

from voidwar.sim.ray_backend import ensure_ray, shutdown, simulate_ray_summary
from voidwar.sim.runner import GameSpec, simulate_summary


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    yield ensure_ray(num_cpus=2)
    shutdown()


def test_ray_summary_identical_to_the_process_pool(local_ray: Any) -> None:
    spec = GameSpec("antilles", default_policy="random")
    local = simulate_summary(spec, 8, seed=11, workers=2, batch_size=3)
    seen: list[int] = []
    remote = simulate_ray_summary(spec, 8, seed=11, workers=2, progress=seen.append,
                                  batch_size=2)
    assert remote.to_dict() == local.to_dict()
    assert sum(seen) == 8 and len(seen) == 4
