"""``mypyc_attr`` for the optional compiled build (``build_compiled.py``), without a dependency.

mypyc reads ``@mypyc_attr(native_class=False)`` at compile time: a class so marked is compiled as
an ordinary Python class (its methods compiled), which it must be where it subclasses an
interpreted class (core's ``Game``) or relies on ``__dict__``. Interpreted, the decorator does
nothing, so the pure-Python path needs no ``mypy_extensions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(*_names: str, **_flags: Any) -> Any:
        """The decorator mypyc reads; a no-op here."""
        return lambda cls: cls
