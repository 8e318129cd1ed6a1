"""Action notation: one declaration per action kind gives its text, its parser and its
structured form (DESIGN.md "Actions": ``parse(str(a)) == a``, like chess SAN).

A ruleset declares each action as a frozen dataclass with a template::

    @notation("move {paladin} to {hex}", paladin=Numbered("P"), hex=HEX, actor="paladin")
    @dataclass(frozen=True, slots=True)
    class Move(Action):
        paladin: int
        hex: Hex

and gets, from that one line:

* ``str(Move(3, Hex(2, -1)))`` → ``"move P3 to 2,-1"``;
* ``Notation(Move, ...).parse("Move p3 to 2, -1")`` → ``Move(3, Hex(2, -1))`` (case and spacing
  are free; a space in the template is one or more spaces, punctuation may have spaces around it);
* ``structured(action)`` → ``{"kind": "move", "text": "move P3 to 2,-1", "actor": "P3",
  "hex": [2, -1]}`` and ``Notation.from_dict`` back.

Template syntax: ``{name}`` is a field (its :class:`Field` says how it reads and writes), ``[...]``
an optional part: on input it may be left out; on output it is written when it has no fields
(``place {paladin} [at ]{hex}`` writes ``at``) or when none of its fields is empty (``None`` or
``()``: ``[{ship}: ]thrust {value}`` leaves the prefix out for ``ship=None``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, ClassVar, TypeVar

from .errors import IllegalAction, NotationError
from .fields import (
    Choice,
    Either,
    Field,
    Int,
    Numbered,
    Several,
    Word,
    literal_pattern,
    reads_back,
)
from .strict import strict_init

__all__ = ["Action", "ActionSpec", "Choice", "Either", "Field", "Int", "Notation", "NotationError",
           "Numbered", "Several", "Word", "is_declared", "notation", "structured", "written"]

A = TypeVar("A", bound="Action")


class Action:
    """Base of every ruleset's action values: frozen, comparable, ``str()`` is the notation."""

    __slots__ = ("text",)
    #: the notation text, kept on the value once the record has needed it (:func:`written`;
    #: ``None`` until then)
    text: str | None
    #: set by :func:`notation` on each declared action class
    __notation__: ClassVar[ActionSpec]

    def to_dict(self) -> dict[str, Any]:
        """The structured form (see the module docstring)."""
        return structured(self)


# -- templates ----------------------------------------------------------------------------------
_TOKEN = re.compile(r"\{(\w+)\}|\[|\]|[^{}\[\]]+")


@dataclass(frozen=True)
class _Part:
    literal: str | None = None
    field: str | None = None
    optional: tuple[_Part, ...] | None = None


def _parse_template(template: str) -> tuple[_Part, ...]:
    stack: list[list[_Part]] = [[]]
    for m in _TOKEN.finditer(template):
        tok = m.group(0)
        if m.group(1):
            stack[-1].append(_Part(field=m.group(1)))
        elif tok == "[":
            stack.append([])
        elif tok == "]":
            inner = tuple(stack.pop())
            stack[-1].append(_Part(optional=inner))
        else:
            stack[-1].append(_Part(literal=tok))
    if len(stack) != 1:
        raise ValueError(f"unbalanced [ ] in template {template!r}")
    return tuple(stack[0])


@dataclass
class ActionSpec:
    """One action kind's declaration: its class, template and fields."""

    cls: type[Action]
    template: str
    fields: dict[str, Field[Any]]
    kind: str | None
    actor: str | None
    parts: tuple[_Part, ...]
    regex: re.Pattern[str]
    #: the first field of an action whose value its text would not read back as (the record
    #: replays the text), or ``None``: every field reads back (:func:`_compile_unwritten`)
    unwritten: Callable[[Action], str | None] = field(default=lambda action: None, repr=False)
    #: the text of an action of this kind (generated: :func:`_compile_format`)
    write: Callable[[Action], str] = field(default=lambda action: "", repr=False)

    @property
    def optional_fields(self) -> list[str]:
        """The fields inside optional parts of the template."""
        return _field_names(p for p in self.parts if p.optional)

    def format(self, action: Action) -> str:
        """The action's text (the generated ``__str__`` does the same, faster)."""
        return self._format(self.parts, action)

    def _format(self, parts: Iterable[_Part], action: Action) -> str:
        out: list[str] = []
        for p in parts:
            if p.literal is not None:
                out.append(p.literal)
            elif p.field is not None:
                out.append(self.fields[p.field].format(getattr(action, p.field)))
            elif p.optional is not None and not any(
                self.fields[name].empty(getattr(action, name)) for name in _field_names(p.optional)
            ):
                out.append(self._format(p.optional, action))
        return "".join(out)

    def read(self, text: str) -> Action | None:
        """Text (normalised spaces) → action of this kind, or ``None`` when it does not match."""
        m = self.regex.fullmatch(text)
        if m is None:
            return None
        kwargs = {name: f.absent if m.group(name) is None else f.parse(m.group(name))
                  for name, f in self.fields.items()}
        return self.cls(**kwargs)

    def kind_of(self, action: Action) -> str:
        """The ``kind`` of the structured form."""
        if self.kind is not None:
            return self.kind
        first = _first_field(self.parts)
        assert first is not None  # a template without a leading literal starts with a field
        return self.fields[first].format(getattr(action, first)).lower()

    def help(self) -> str:
        """The template with each field's hint (``move PN to Q,R``)."""
        return _help(self.parts, self.fields)


def _field_names(parts: Iterable[_Part]) -> list[str]:
    names: list[str] = []
    for p in parts:
        if p.field is not None:
            names.append(p.field)
        elif p.optional is not None:
            names.extend(_field_names(p.optional))
    return names


def _first_field(parts: tuple[_Part, ...]) -> str | None:
    for p in parts:
        if p.optional is not None:
            continue
        return p.field
    return None


def _help(parts: Iterable[_Part], flds: Mapping[str, Field[Any]]) -> str:
    out = []
    for p in parts:
        if p.literal is not None:
            out.append(p.literal)
        elif p.field is not None:
            out.append(flds[p.field].hint)
        elif p.optional is not None:
            out.append("[" + _help(p.optional, flds) + "]")
    return "".join(out)


def _regex(parts: Iterable[_Part], flds: Mapping[str, Field[Any]]) -> str:
    out = []
    for p in parts:
        if p.literal is not None:
            out.append(literal_pattern(p.literal))
        elif p.field is not None:
            out.append(f"(?P<{p.field}>{flds[p.field].pattern})")
        elif p.optional is not None:
            out.append(f"(?:{_regex(p.optional, flds)})?")
    pat = "".join(out)
    for a, b in ((r"\s*\s+", r"\s*"), (r"\s+\s*", r"\s*"), (r"\s*\s*", r"\s*")):
        pat = pat.replace(a, b)
    return pat


def _static_kind(parts: tuple[_Part, ...]) -> str | None:
    words: list[str] = []
    for p in parts:
        if p.optional is not None:
            continue
        if p.field is not None:
            break
        if p.literal is not None:
            words.extend(w for w in re.split(r"[^A-Za-z0-9]+", p.literal) if w)
    return "-".join(words).lower() or None


def notation(template: str, field_map: Mapping[str, Field[Any]] | None = None, *,
             kind: str | None = None, actor: str | None = None,
             **more_fields: Field[Any]) -> Callable[[type[A]], type[A]]:
    """Declare a frozen dataclass action's notation (see the module docstring).

    Fields are given as keywords, or in ``field_map`` for a field whose name is a keyword here
    (``kind``). ``kind`` names the action in its structured form (default: the template's
    leading words, or the value of its leading field); ``actor`` is the field that names the
    acting piece (``"actor"`` in the structured form)."""
    field_types = {**(field_map or {}), **more_fields}
    parts = _parse_template(template)
    names = _field_names(parts)
    missing = [n for n in names if n not in field_types]
    if missing:
        raise ValueError(f"template {template!r}: no Field for {missing}")
    regex = re.compile(_regex(parts, field_types), re.IGNORECASE)

    def declare(cls: type[A]) -> type[A]:
        fields = {n: field_types[n] for n in names}
        optional = set(_field_names(p for p in parts if p.optional))
        spec = ActionSpec(cls, template, fields, kind or _static_kind(parts), actor, parts, regex)
        spec.unwritten = _compile_unwritten(spec, optional)
        spec.write = _compile_format(spec)
        cls.__notation__ = spec
        cls.__str__ = _text_of(spec.write)  # type: ignore[assignment,method-assign]
        cls.__init__ = strict_init(cls, {"text": None})  # type: ignore[method-assign]
        setstate = cls.__dict__.get("__setstate__")
        if setstate is not None:  # a slotted dataclass's copies and pickles: no text yet
            cls.__setstate__ = _without_text(setstate)  # type: ignore[attr-defined]
        return cls

    return declare


def written(action: Action) -> str:
    """The text of ``action``, a value of a declared kind, for the record: written once and
    kept on the value (:attr:`Action.text`), after its fields are found to read back as they
    are (:attr:`ActionSpec.unwritten`: a record replays the text); an
    :class:`IllegalAction` naming the field otherwise."""
    text = action.text
    if text is not None:
        return text
    spec = type(action).__notation__
    name = spec.unwritten(action)
    if name is not None:
        raise IllegalAction(
            f"{type(action).__name__} {name}: {getattr(action, name)!r:.80} is not written "
            "exactly by the notation (its text would read back as another value; a record "
            "replays the text)")
    text = spec.write(action)
    object.__setattr__(action, "text", text)  # one store of a value made whole
    return text


def _text_of(write: Callable[[Action], str]) -> Callable[[Action], str]:
    """A declared kind's ``__str__``: the text kept on the value (:func:`written`), else
    written now."""

    def __str__(self: Action) -> str:
        text = self.text
        return text if text is not None else write(self)

    return __str__


def _without_text(setstate: Callable[[Action, Any], None]) -> Callable[[Action, Any], None]:
    """A slotted dataclass's ``__setstate__`` (copies, pickles), the text not yet written."""

    def __setstate__(self: Action, state: Any) -> None:
        setstate(self, state)
        object.__setattr__(self, "text", None)

    return __setstate__


def _exactness(f: Field[Any]) -> Callable[[Any], bool]:
    """``f.writes_exactly``: its own test where the field gives one, else the text tried
    (:func:`.fields.reads_back`) cached by value, one cache per field of each kind, made at
    import with the kind (a pure function of an immutable value)."""
    if type(f).writes_exactly is not Field.writes_exactly:
        return f.writes_exactly
    return lru_cache(maxsize=4096, typed=True)(partial(reads_back, f))


def _compile_unwritten(spec: ActionSpec, optional: set[str]) -> Callable[[Action], str | None]:
    """:attr:`ActionSpec.unwritten` for ``spec``, generated once as straight-line code: each
    field's :func:`_exactness` asked of its value (a field left out of the text, at its absent
    value, needs none)."""
    if not spec.fields:
        return _nothing_unwritten
    env: dict[str, Any] = {"_slow": partial(_unwritten_uncached, spec, optional)}
    lines = ["def unwritten(self):", "    try:"]
    for n, f in spec.fields.items():
        env[f"_x_{n}"], env[f"_a_{n}"] = _exactness(f), f.absent
        lines.append(f"        v = self.{n}")
        gate = f"v != _a_{n} and " if n in optional else ""
        lines.append(f"        if {gate}not _x_{n}(v): return {n!r}")
    lines += ["    except TypeError:  # a value that cannot be hashed",
              "        return _slow(self)", "    return None"]
    exec("\n".join(lines) + "\n", env)  # the source comes from the declaration only
    fn: Callable[[Action], str | None] = env["unwritten"]
    return fn


def _nothing_unwritten(action: Action) -> None:
    """:attr:`ActionSpec.unwritten` of a kind without fields."""
    return None


def _unwritten_uncached(spec: ActionSpec, optional: set[str], action: Action) -> str | None:
    """:attr:`ActionSpec.unwritten` tried field by field without the caches."""
    for n, f in spec.fields.items():
        v = getattr(action, n)
        if not (n in optional and v == f.absent) and not reads_back(f, v):
            return n
    return None


def _compile_format(spec: ActionSpec) -> Callable[[Action], str]:
    """``__str__`` for ``spec``, generated once as straight-line code (text is read often:
    records, logs, search keys), the way :mod:`dataclasses` generates ``__init__``: each run of
    literals and fields is one f-string, each optional part a conditional term."""
    env: dict[str, Any] = {"_EMPTY": ""}

    def expr(parts: Iterable[_Part]) -> str:
        terms: list[str] = []
        run: list[str] = []  # the f-string being built (its text, braces escaped)

        def close() -> None:
            if run:
                terms.append("f" + repr("".join(run)))
                run.clear()

        for p in parts:
            if p.literal is not None:
                run.append(_literal_text((p,)))
            elif p.field is not None:
                run.append(_field_code(p.field, spec.fields[p.field], env))
            elif p.optional is not None and not _field_names(p.optional):
                run.append(_literal_text(p.optional))  # no fields: always written
            elif p.optional is not None:
                close()
                names = _field_names(p.optional)
                for n in names:
                    env[f"_e_{n}"] = spec.fields[n].empty
                empty = " or ".join(f"_e_{n}(self.{n})" for n in names) or "False"
                terms.append(f"(_EMPTY if ({empty}) else {expr(p.optional)})")
        close()
        return " + ".join(terms) or "_EMPTY"

    source = f"def __str__(self):\n    return {expr(spec.parts)}\n"
    exec(source, env)  # the source comes from the declaration only, never from input
    fn: Callable[[Action], str] = env["__str__"]
    fn.__qualname__ = f"{spec.cls.__qualname__}.__str__"
    return fn


def _literal_text(parts: Iterable[_Part]) -> str:
    """Field-free parts as the text of an f-string (braces escaped; nested optional parts
    without fields are always written)."""
    out = []
    for p in parts:
        if p.literal is not None:
            out.append(p.literal.replace("{", "{{").replace("}", "}}"))
        elif p.optional is not None:
            out.append(_literal_text(p.optional))
    return "".join(out)


def _field_code(name: str, f: Field[Any], env: dict[str, Any]) -> str:
    """One field in the generated ``__str__``'s f-string: the field's ``format`` inlined where
    it is one of the plain ones (``Numbered``'s prefix and number, ``Field``'s ``str``) or the
    field gives it (:attr:`Field.inline`), else a call of it; the text is the same either
    way."""
    own = "format" in vars(f)
    if f.inline is not None:
        return f.inline.replace("{v", "{self." + name)
    if type(f) is Numbered and not own and type(f.prefix) is str:
        env[f"_p_{name}"] = f.prefix
        return f"{{_p_{name}}}{{self.{name}}}"
    if type(f).format is Field.format and not own:
        return f"{{self.{name}!s}}"
    env[f"_f_{name}"] = f.format
    return f"{{_f_{name}(self.{name})}}"


def structured(action: Action) -> dict[str, Any]:
    """An action as data: ``kind``, ``text``, ``actor`` (the acting piece) and its fields."""
    spec = type(action).__notation__
    out: dict[str, Any] = {"kind": spec.kind_of(action), "text": str(action)}
    lead = None if spec.kind is not None else _first_field(spec.parts)
    for name, f in spec.fields.items():
        if name == lead:
            continue
        value = getattr(action, name)
        if f.empty(value) and name in spec.optional_fields:
            continue
        out["actor" if name == spec.actor else name] = f.to_json(value)
    return out


class Notation:
    """The notation of one ruleset: its action classes, tried in order."""

    def __init__(self, *classes: type[Action], help: str | None = None,
                 aliases: Mapping[str, Action] | None = None) -> None:
        self.specs = [c.__notation__ for c in classes]
        #: the declared kinds: a value of one of them is strict (:mod:`.strict`), so
        #: ``Game.apply`` takes it as it is
        self.kinds = frozenset(classes)
        self._help = help
        #: whole texts read as a fixed action (``pass`` → ``end fire``); never written
        self.aliases = {" ".join(k.lower().split()): v for k, v in (aliases or {}).items()}

    @property
    def help(self) -> str:
        """What the notation accepts, one form per kind (for error messages)."""
        return self._help or " | ".join(s.help() for s in self.specs)

    def parse(self, text: str) -> Action:
        """Text → action (no legality check); :class:`NotationError` for unreadable text."""
        if not isinstance(text, str):
            raise NotationError(f"not an action: {text!r}")
        t = " ".join(text.strip().split())
        alias = self.aliases.get(t.lower())
        if alias is not None:
            return alias
        for spec in self.specs:
            action = spec.read(t)
            if action is not None:
                return action
        shown = text if len(text) <= 80 else text[:77] + "..."
        raise NotationError(f"cannot read {shown!r}; write one of: {self.help}")

    def from_dict(self, data: Mapping[str, Any]) -> Action:
        """A structured form → action; :class:`NotationError` naming the field otherwise."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise NotationError("a structured action needs a 'kind'")
        kind = data["kind"]
        for spec in self.specs:
            lead = None if spec.kind is not None else _first_field(spec.parts)
            if spec.kind is not None and spec.kind != kind:
                continue
            kwargs: dict[str, Any] = {}
            if lead is not None:
                lead_field = spec.fields[lead]
                if not re.fullmatch(lead_field.pattern, kind, re.IGNORECASE):
                    continue
                kwargs[lead] = lead_field.parse(kind)
            for name, f in spec.fields.items():
                if name == lead:
                    continue
                key = "actor" if name == spec.actor else name
                if key in data:
                    try:
                        kwargs[name] = f.from_json(data[key])
                    except NotationError as e:
                        raise NotationError(f"{kind}: field {key!r}: {e}") from None
                elif name in spec.optional_fields:
                    kwargs[name] = f.absent
                else:
                    raise NotationError(f"{kind}: field {key!r} is missing")
            unknown = set(data) - {"kind", "text", *("actor" if n == spec.actor else n
                                                      for n in spec.fields)}
            if unknown:
                raise NotationError(f"{kind}: unknown field(s) {sorted(unknown)}")
            action = spec.cls(**kwargs)
            if spec.read(" ".join(str(action).split())) != action:
                raise NotationError(f"{kind}: {data!r} does not round-trip")
            return action
        raise NotationError(f"unknown action kind {kind!r}")


def is_declared(cls: type[Any]) -> bool:
    """True for an action class declared with :func:`notation`."""
    return isinstance(getattr(cls, "__notation__", None), ActionSpec)
