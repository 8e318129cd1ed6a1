"""Strict action values: a declared action holds exactly the types its fields declare.

Python calls ``True == 1``, ``Fraction(1) == 1`` and ``1.0 == 1`` equal, so an action built by
hand with a ``bool``, a ``Fraction``, a ``Decimal`` or a ``float`` where its field is declared
``int`` would pass ``check`` and then break ``execute``, or be recorded as a text no one can read
back. :func:`notation` (core/notation.py) gives every declared action kind a constructor, made
here once from the dataclass's own field declarations, that refuses such a value with an
:class:`IllegalAction` naming the field — so every action value that exists is one its rules can
make, and :meth:`Game.apply` trusts a value of a declared kind without reading its text back.

What a declared type accepts (the exact class, never a subclass: ``bool`` is no ``int``):

* a class (``int``, ``str``, ``Fraction``, an enum): a value of exactly that class;
* a dataclass or a named tuple (``Hex``, ``Point``, ``Window``): exactly that class, and each of
  its compared fields of its own declared type (a hex of ``bool`` coordinates is refused);
* ``X | Y`` (``int | None``): either; ``tuple[X, ...]``: a tuple of ``X``; ``tuple[X, Y]``: a
  pair of those.

The constructor is generated once per kind as straight-line code (as :mod:`dataclasses` makes
``__init__``): the type tests inline, the fields stored as the frozen dataclass's own
constructor stores them, ``__post_init__`` called where the class has one.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from .errors import IllegalAction

__all__ = ["strict_init", "why_mistyped"]


def strict_init(cls: type, initial: Mapping[str, object] | None = None) -> Callable[..., None]:
    """The constructor of ``cls`` (a frozen dataclass) that refuses a field value of another
    type than the field declares (see the module docstring); ``initial``: slots outside the
    fields (a base class's) and the first value the constructor stores in each."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__}: a declared action is a frozen dataclass")
    hints = _hints(cls)
    env: dict[str, Any] = {"_set": object.__setattr__, "_refuse": _refuse, "_cls": cls}
    params: list[str] = []
    stores: list[str] = []
    tests: list[str] = []
    post_init = hasattr(cls, "__post_init__")
    count = [0]  # the classes' names in ``env``: _t1, _t2, ...
    for i, f in enumerate(dataclasses.fields(cls)):
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: an action's fields are given to its "
                            "constructor (no init=False, no default_factory)")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            env[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
        slot = inspect.getattr_static(cls, f.name, None)
        if isinstance(slot, types.MemberDescriptorType):  # a slot: its own store, no name look-up
            env[f"_s{i}"] = slot.__set__
            stores.append(f"    _s{i}(self, {f.name})")
        else:
            stores.append(f"    _set(self, {f.name!r}, {f.name})")
        value = f"self.{f.name}" if post_init else f.name
        env[f"_h{i}"] = hints[f.name]
        tests.append(f"    if not {_accepts(hints[f.name], value, env, count, ())}:\n"
                     f"        _refuse(_cls, {f.name!r}, {value}, _h{i})")
    for j, (slot_name, first) in enumerate((initial or {}).items()):
        env[f"_i{j}"], env[f"_v{j}"] = inspect.getattr_static(cls, slot_name).__set__, first
        stores.append(f"    _i{j}(self, _v{j})")
    body = [*stores, "    self.__post_init__()", *tests] if post_init else [*tests, *stores]
    source = f"def __init__({', '.join(['self', *params])}):\n" + "\n".join(body or ["    pass"])
    exec(source, env)  # the source comes from the class's declaration only, never from input
    fn: Callable[..., None] = env["__init__"]
    fn.__qualname__ = f"{cls.__qualname__}.__init__"
    return fn


def _hints(cls: type) -> dict[str, Any]:
    """The declared types of ``cls``'s fields, resolved (``from __future__ import
    annotations`` keeps them as text)."""
    try:
        return typing.get_type_hints(cls)  # each class's names in its own module
    except NameError as e:
        raise TypeError(f"{cls.__name__}: a field's declared type does not resolve at "
                        f"declaration ({e})") from None


def _fields_of(tp: type) -> dict[str, Any] | None:
    """The declared types of a structured value's compared fields (a dataclass's, a named
    tuple's), or ``None`` for a plain class."""
    if dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        return {f.name: hints[f.name] for f in dataclasses.fields(tp) if f.compare}
    if issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = _hints(tp)
        return {name: hints[name] for name in tp._fields}
    return None


def _accepts(tp: Any, value: str, env: dict[str, Any], count: list[int],
             within: tuple[type, ...]) -> str:
    """A Python expression, true when ``value`` (an expression) is of the declared type
    ``tp``; the classes it names are bound in ``env`` (numbered from ``count``), and a
    structured class already being checked (``within``) is checked by its class alone."""
    count[0] += 1
    n = count[0]
    if tp is type(None) or tp is None:
        return f"{value} is None"
    if tp is Any or tp is object:
        return "True"
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        options = [_accepts(a, value, env, count, within) for a in typing.get_args(tp)]
        return "(" + " or ".join(options) + ")"
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = f"_e{n}"
            each = _accepts(args[0], item, env, count, within)
            # an empty tuple (the usual optional part) makes no generator
            every = f"all({each} for {item} in {value})"
            return f"(type({value}) is tuple and (not {value} or {every}))"
        parts = [f"type({value}) is tuple", f"len({value}) == {len(args)}"]
        parts += [_accepts(a, f"{value}[{j}]", env, count, within) for j, a in enumerate(args)]
        return "(" + " and ".join(parts) + ")"
    if not isinstance(tp, type):
        raise TypeError(f"a declared action field of type {tp!r}: only classes, X | Y and "
                        "tuples are declared types")
    env[f"_t{n}"] = tp
    fields = None if tp in within else _fields_of(tp)
    if not fields:
        return f"type({value}) is _t{n}"
    parts = [f"type({value}) is _t{n}"]
    parts += [_accepts(ft, f"{value}.{name}", env, count, (*within, tp))
              for name, ft in fields.items()]
    return "(" + " and ".join(parts) + ")"


def why_mistyped(tp: Any, value: Any) -> str | None:
    """Why ``value`` is not of the declared type ``tp`` (``a bool where the rules read an
    int``), or ``None`` when it is."""
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        options = typing.get_args(tp)
        if any(why_mistyped(a, value) is None for a in options):
            return None
        return f"{_a(_name(value))} where the rules read " + " or ".join(
            _a(_type_name(a)) for a in options)
    if origin is tuple:
        if type(value) is not tuple:
            return f"{_a(_name(value))} where the rules read a tuple"
        args = typing.get_args(tp)
        items = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        if len(items) != len(value):
            return f"{len(value)} items where the rules read {len(items)}"
        for j, (item, v) in enumerate(zip(items, value, strict=True)):
            why = why_mistyped(item, v)
            if why is not None:
                return f"item {j + 1}: {why}"
        return None
    if tp is Any or tp is object:
        return None
    if tp is type(None) or tp is None:
        return None if value is None else f"{_a(_name(value))} where the rules read None"
    if type(value) is not tp:
        return f"{_a(_name(value))} where the rules read {_a(_type_name(tp))}"
    for name, ft in (_fields_of(tp) or {}).items():
        why = why_mistyped(ft, getattr(value, name))
        if why is not None:
            return f"{_a(tp.__name__)} whose {name} is {why}"
    return None


def _refuse(cls: type, name: str, value: Any, tp: Any) -> None:
    """Raise the :class:`IllegalAction` a generated constructor raises for field ``name``."""
    raise IllegalAction(f"{cls.__name__} {name}: "
                        f"{why_mistyped(tp, value) or 'a value of another type'}")


def _name(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def _type_name(tp: Any) -> str:
    return "None" if tp is type(None) or tp is None else getattr(tp, "__name__", str(tp))


def _a(noun: str) -> str:
    if noun == "None":
        return noun
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
