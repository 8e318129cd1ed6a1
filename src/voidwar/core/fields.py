"""Field types of action notation (:mod:`.notation`): how one slot of a template reads and
writes its text, and its structured (JSON) form."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from .errors import NotationError

T = TypeVar("T")


class Field(Generic[T]):
    """How one slot of a template reads and writes. ``pattern`` is a regex without groups."""

    pattern: str = r"\S+"
    #: shown in help text in place of the field (``Q,R``)
    hint: str = "X"
    #: :meth:`format` as the text of an f-string of the value ``v`` (``"{v[0]},{v[1]}"``),
    #: which an action's generated ``__str__`` writes inline; ``None``: it calls ``format``
    inline: str | None = None

    def parse(self, text: str) -> T:
        """Text (already matched by :attr:`pattern`) → value."""
        raise NotImplementedError

    def format(self, value: T) -> str:
        """Value → text."""
        return str(value)

    def to_json(self, value: T) -> Any:
        """Value → its structured (JSON) form."""
        return self.format(value)

    def from_json(self, data: Any) -> T:
        """Structured form → value; :class:`NotationError` naming what is wrong."""
        if not isinstance(data, str):
            raise NotationError(f"expected text, got {type(data).__name__}")
        if not re.fullmatch(self.pattern, data, re.IGNORECASE):
            raise NotationError(f"{data!r} is not a {self.hint}")
        return self.parse(data)

    #: the value of the field when its optional part is left out
    absent: Any = None

    def writes_exactly(self, value: T) -> bool:
        """Whether :meth:`format` writes ``value`` as a text that reads back as it
        (:func:`reads_back`, which tries it; the notation caches it by value). A field whose
        values are many and rarely met twice (a table position) may say it directly from
        the value, as its :meth:`format` and :attr:`pattern` decide it."""
        return reads_back(self, value)

    def empty(self, value: T) -> bool:
        """True when an optional part holding this field is left out of the text."""
        return value is None or value == ()


class Int(Field[int]):
    """A whole number of at most ``digits`` digits (longer text is no action, not an error)."""

    def __init__(self, digits: int = 6, signed: bool = False, hint: str = "N") -> None:
        self.pattern = ("-?" if signed else "") + rf"\d{{1,{digits}}}"
        self.limit = 10 ** digits
        self.signed = signed
        self.hint = hint

    def parse(self, text: str) -> int:
        """Text → the number."""
        return int(text)

    def to_json(self, value: int) -> Any:
        """The number itself."""
        return value

    def from_json(self, data: Any) -> int:
        """A whole number within the digit bound; booleans and floats are refused."""
        if isinstance(data, bool) or not isinstance(data, int):
            raise NotationError(f"expected a whole number, got {data!r}")
        if not (-self.limit if self.signed else 0) <= data < self.limit:
            raise NotationError("the number is out of range")
        return data


class Numbered(Field[int]):
    """A piece named by a letter and a number (``P3`` ↔ 3)."""

    def __init__(self, prefix: str, digits: int = 4) -> None:
        self.prefix = prefix
        self.pattern = rf"{re.escape(prefix)}\d{{1,{digits}}}"
        self.hint = f"{prefix}N"

    def parse(self, text: str) -> int:
        """``P3`` → 3."""
        return int(text[len(self.prefix):])

    def format(self, value: int) -> str:
        """3 → ``P3``."""
        return f"{self.prefix}{value}"


class Word(Field[str]):
    """A name matching ``pattern``, written in upper case when ``upper``."""

    def __init__(self, pattern: str, upper: bool = False, lower: bool = False,
                 hint: str = "NAME") -> None:
        self.pattern = pattern
        self.upper = upper
        self.lower = lower
        self.hint = hint

    def parse(self, text: str) -> str:
        """The name, in the declared case."""
        return text.upper() if self.upper else text.lower() if self.lower else text


class Choice(Field[T]):
    """One of a fixed set of words, each standing for a value (the first word of a value is
    the one written); ``aliases`` are read but never written."""

    def __init__(self, words: Mapping[str, T], aliases: Mapping[str, T] | None = None,
                 hint: str | None = None) -> None:
        self.words = dict(words)
        self.read = {w.lower(): v for w, v in {**self.words, **(aliases or {})}.items()}
        # longest first, so "platform" is not read as a prefix of something longer
        self.pattern = "|".join(re.escape(w) for w in sorted(self.read, key=len, reverse=True))
        self.pattern = f"(?:{self.pattern})"
        self.hint = hint or "|".join(self.words)

    def parse(self, text: str) -> T:
        """The word's value."""
        return self.read[text.lower()]

    def format(self, value: T) -> str:
        """The first word standing for ``value``."""
        for word, v in self.words.items():
            if v == value and type(v) is type(value):
                return word
        raise NotationError(f"{value!r} is not one of {self.hint}")


#: value types whose text is a function of type and value alone (:meth:`Either.format` keeps it)
_PLAIN = frozenset({int, str, bool, type(None)})
_TEXTS_LIMIT = 4096


class Either(Field[Any]):
    """The first of ``options`` whose pattern matches (``platform`` or a Bolt ``B5``)."""

    def __init__(self, *options: Field[Any]) -> None:
        self.options = options
        self.pattern = "(?:" + "|".join(f"(?:{o.pattern})" for o in options) + ")"
        self.hint = "|".join(o.hint for o in options)
        #: (type, value) → text, for plain values (whose text depends on nothing else):
        #: ``format`` tries the options with regexes, and an action's text is written often
        self._texts: dict[tuple[type, Any], str] = {}

    def _which(self, text: str) -> Field[Any]:
        for o in self.options:
            if re.fullmatch(o.pattern, text, re.IGNORECASE):
                return o
        raise NotationError(f"{text!r} is not a {self.hint}")

    def parse(self, text: str) -> Any:
        """Read with the first option whose pattern matches."""
        return self._which(text).parse(text)

    def format(self, value: Any) -> str:
        """Written with the first option that writes ``value`` and reads it back."""
        plain = type(value) in _PLAIN
        if plain:
            text = self._texts.get((type(value), value))
            if text is not None:
                return text
        text = self._format(value)
        if plain and len(self._texts) < _TEXTS_LIMIT:
            self._texts[(type(value), value)] = text
        return text

    def _format(self, value: Any) -> str:
        for o in self.options:
            try:
                text = o.format(value)
            except (NotationError, TypeError, ValueError):
                continue
            if re.fullmatch(o.pattern, text, re.IGNORECASE) and o.parse(text) == value:
                return text
        raise NotationError(f"{value!r} is not a {self.hint}")


class Several(Field[tuple[T, ...]]):
    """One or more of ``item`` joined by ``sep`` (``S2 and S3``)."""

    def __init__(self, item: Field[T], sep: str = " and ") -> None:
        self.item = item
        self.sep = sep
        self.sep_pattern = literal_pattern(sep)
        self.pattern = f"(?:{item.pattern})(?:{self.sep_pattern}(?:{item.pattern}))*"
        self.hint = f"{item.hint}[{sep}{item.hint}...]"
        self.absent = ()

    def parse(self, text: str) -> tuple[T, ...]:
        """Each item's value, in order."""
        parts = re.split(self.sep_pattern, text, flags=re.IGNORECASE)
        return tuple(self.item.parse(p) for p in parts)

    def format(self, value: tuple[T, ...]) -> str:
        """The items joined by the separator."""
        return self.sep.join(self.item.format(v) for v in value)

    def to_json(self, value: tuple[T, ...]) -> Any:
        """A list of the items' structured forms."""
        return [self.item.to_json(v) for v in value]

    def from_json(self, data: Any) -> tuple[T, ...]:
        """A list of structured items → a tuple of values."""
        if not isinstance(data, list):
            raise NotationError(f"expected a list, got {type(data).__name__}")
        return tuple(self.item.from_json(d) for d in data)


def reads_back(field: Field[Any], value: Any) -> bool:
    """Whether ``field`` writes ``value`` as a text its pattern matches and reads back as the
    very value (the same type, equal): what a record needs of an action's every field, so that
    replaying its text makes the same game. A value a hand-built action holds may not: a
    point finer than the notation's decimals, a number beyond its digits, a name in another
    case than the notation writes."""
    try:
        text = field.format(value)
        if re.fullmatch(field.pattern, text, re.IGNORECASE) is None:
            return False
        back = field.parse(text)
    except (ValueError, TypeError, ArithmeticError, LookupError, NotationError):
        return False
    return type(back) is type(value) and back == value


def literal_pattern(text: str) -> str:
    """The regex of a template's literal text: a space is one or more spaces, punctuation may
    have spaces around it, letters match in any case (the whole pattern is case-free)."""
    out = []
    for ch in text:
        if ch == " ":
            out.append(r"\s+")
        elif ch.isalnum():
            out.append(re.escape(ch))
        else:
            out.append(r"\s*" + re.escape(ch) + r"\s*")
    pat = "".join(out)
    while r"\s*\s+" in pat or r"\s+\s*" in pat or r"\s*\s*" in pat:
        pat = pat.replace(r"\s*\s+", r"\s*").replace(r"\s+\s*", r"\s*")
        pat = pat.replace(r"\s*\s*", r"\s*")
    return pat
