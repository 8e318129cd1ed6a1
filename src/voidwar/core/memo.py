"""Tables every game of a process shares, and why many threads may use them at once.

The web server plays many games in the threads of one process, and a search plays many copies
of a game; the rules, the policies, the AI and the core keep what they work out once in tables
those games share. Every such table takes one of four forms, and its comment names which:

* **built at import**: made whole when its module is imported (Python imports a module once,
  under its import lock) and immutable: a tuple, a frozenset, bytes, a ``MappingProxyType``.
* **a pure function, cached**: ``functools.cache`` / ``lru_cache`` of a function of immutable
  values. Two threads that miss together may both compute; each gets a correct (equal) value.
* **remembered** (:func:`remember`): a dict from an immutable value to a value that is never
  changed once made, made whole before it is stored and stored in one atomic step
  (``dict.setdefault``), so that every thread gets the one value stored first; a bound empties
  it, and a reader then only misses and makes the value again. The key is a value, never
  ``id()`` (an id is reused once its object dies).
* **one game's or one object's own**: an attribute of the game (copied with it), or a memo on
  a read-only object kept by the same rules as a remembered table.

Never a list filled by appends, a table filled entry by entry after a check that it is empty,
or a value changed after it is stored: another thread may read it half made.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """Store ``value`` (made whole) under ``key`` unless a value is there already, and return
    the one stored: ``table.setdefault`` is one atomic step, so two threads that made the
    value together both get the first one stored. A table of ``limit`` entries is emptied
    first."""
    if len(table) >= limit:
        table.clear()
    return table.setdefault(key, value)


def interned(make: Callable[..., V]) -> Callable[..., V]:
    """``make(*args)``, one object per arguments (of the same types) for the whole process:
    ``lru_cache`` in front (a C call), and behind it a remembered table, so that threads that
    miss together still get the same object (``lru_cache`` alone may hand each its own).
    For immutable values a ruleset hands out again and again (its actions)."""
    table: dict[tuple[Any, ...], V] = {}

    def one(*args: Any) -> V:
        return table.setdefault((*args, *map(type, args)), make(*args))

    return lru_cache(maxsize=None, typed=True)(one)


__all__ = ["interned", "remember"]
