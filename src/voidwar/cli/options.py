"""Shared command-line pieces: ``-o key=value`` game options and the simulation backend."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import typer


def parse_options(pairs: list[str] | None, **named: Any) -> dict[str, Any]:
    """``-o key=value`` pairs (values read as JSON when they parse, else as text) + named flags."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"option {pair!r} must be key=value")
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    out.update({k: v for k, v in named.items() if v is not None})
    return out


def simulate_function(backend: str, address: str | None) -> Callable[..., Any] | None:
    """The batch runner of a backend: ``None`` for the local process pool, or Ray's."""
    if backend == "local":
        if address is not None:
            raise typer.BadParameter("--address needs --backend ray")
        return None
    if backend == "ray":
        from ..sim.ray_backend import simulate_ray

        return partial(simulate_ray, address=address)
    raise typer.BadParameter(f"unknown backend {backend!r} (local or ray)")
