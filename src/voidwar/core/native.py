"""``mypyc_attr`` for the optional compiled build (``build_compiled.py``), without a dependency.

mypyc reads ``@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)`` at compile
time: a class so marked is compiled as an ordinary Python class (its methods compiled, its
instances keeping ``__dict__`` or ``__slots__``) that interpreted code may subclass (without the
second flag a compiled method refuses ``self`` of a class it did not compile). Core's classes
must be both: rulesets subclass ``Game`` and ``Dice``, games are copied through ``__dict__``
(``clone``, ``apply``'s snapshot), and frozen values are built with ``object.__new__`` and
``object.__setattr__``. Interpreted, the decorator does nothing, so the
pure-Python path needs no ``mypy_extensions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(*_names: str, **_flags: Any) -> Any:
        """The decorator mypyc reads; a no-op here."""
        return lambda cls: cls
