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
  ``id()`` (an id is reused once its object dies) — but see :class:`ByIdentity`.
* **one game's or one object's own**: an attribute of the game (copied with it), or a memo on
  a read-only object kept by the same rules as a remembered table.

Never a list filled by appends, a table filled entry by entry after a check that it is empty,
or a value changed after it is stored: another thread may read it half made.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

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


class ByIdentity(Generic[K, V]):
    """A remembered table keyed by object identity, for read-only objects that compare by value
    slowly or cannot be hashed (a validated scenario, a data model). Each entry holds its key
    object, so the key's id cannot be reused by another object while the entry lives, and a
    hit must be that very object; entries are stored in one atomic step as in
    :func:`remember`."""

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int) -> None:
        self._entries: dict[int, tuple[K, V]] = {}
        self._limit = limit

    def get(self, key: K) -> V | None:
        """The value stored for this very object, or ``None``."""
        entry = self._entries.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        return None

    def remember(self, key: K, value: V) -> V:
        """Store ``value`` for ``key`` unless one is there, and return the one stored."""
        entries = self._entries
        if len(entries) >= self._limit:
            entries.clear()
        # the entry under this id can only be this object's: it holds its key alive
        return entries.setdefault(id(key), (key, value))[1]


__all__ = ["ByIdentity", "interned", "remember"]
