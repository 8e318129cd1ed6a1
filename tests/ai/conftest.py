"""Toy rulesets (toys.py) for these tests only: registered around each test, then removed, so
the rest of the suite never sees them in ``rulesets()``."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from toys import TOY_NAMES, register_toys

from voidwar.core import registry


@pytest.fixture(autouse=True)
def toy_rulesets() -> Iterator[None]:
    register_toys()
    yield
    for name in TOY_NAMES:
        registry._REGISTRY.pop(name, None)
