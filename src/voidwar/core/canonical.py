"""Canonical JSON: one text for one value (sorted keys, no spaces, ASCII), for digests."""

from __future__ import annotations

import json
from typing import Any


def canonical_json(obj: Any) -> str:
    """``obj`` as canonical JSON text (digests and record checksums hash this)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
