"""Loading TOML data files with pydantic validation; refusals name file, field and reason.

Validation is strict (JSON types: ``true`` is no number, ``"11"`` no integer) and every file or
inline value is bounded before it is validated (:func:`check_bounded`: size, depth, text and
number lengths, UTF-8), so no data file, record or request can tie up or crash a reader.
"""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from .errors import DataFileError

M = TypeVar("M", bound=BaseModel)


class StrictModel(BaseModel):
    """Base of every data-file model: unknown fields are refused, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Bounds:
    """How large a data file, record or inline value may be (:func:`check_bounded`)."""

    #: bytes of a file
    size: int = 4 * 1024 * 1024
    #: nesting of lists and tables
    depth: int = 24
    #: values in all (every list item, table entry and scalar counts one)
    items: int = 200_000
    #: characters of one text (or table key)
    text: int = 10_000
    #: magnitude of a whole number (and of a float)
    number: int = 2**53


#: the bounds of data files and records
DEFAULT_BOUNDS = Bounds()


def check_bounded(data: Any, file: str, bounds: Bounds = DEFAULT_BOUNDS, where: str = "") -> None:
    """Refuse (:class:`DataFileError` naming file and field) data that is too deep, too large,
    holds an over-long text or number, a non-finite float, text that is not UTF-8 (a lone
    surrogate) or anything but JSON/TOML values."""
    count = 0
    stack: list[tuple[str, Any, int]] = [(where, data, 0)]
    while stack:
        path, value, depth = stack.pop()
        count += 1
        if count > bounds.items:
            raise DataFileError(file, path or "(top level)", f"more than {bounds.items} values")
        if isinstance(value, dict | list | tuple):
            if depth >= bounds.depth:
                raise DataFileError(file, path or "(top level)",
                                    f"nested more than {bounds.depth} deep")
            pairs = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in pairs:
                if isinstance(value, dict):
                    if not isinstance(k, str):
                        raise DataFileError(file, path or "(top level)", "a key must be text")
                    _check_text(k, file, path, bounds)
                stack.append((f"{path}.{k}" if path else str(k), v, depth + 1))
        else:
            _check_scalar(value, file, path or "(top level)", bounds)


def _check_scalar(value: Any, file: str, path: str, bounds: Bounds) -> None:
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, str):
        _check_text(value, file, path, bounds)
    elif isinstance(value, int):
        if abs(value) > bounds.number:
            raise DataFileError(file, path, f"a number beyond ±{bounds.number}")
    elif isinstance(value, float):
        if not math.isfinite(value) or abs(value) > bounds.number:
            raise DataFileError(file, path, f"{value!r} is not a usable number")
    elif type(value).__module__ != "datetime":  # TOML dates are values too
        raise DataFileError(file, path, f"a {type(value).__name__} is no data value")


def _check_text(text: str, file: str, path: str, bounds: Bounds) -> None:
    if len(text) > bounds.text:
        raise DataFileError(file, path or "(top level)", f"text longer than {bounds.text}")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise DataFileError(file, path or "(top level)", "text that is not UTF-8 "
                                "(a lone surrogate)") from None


def _read_bytes(p: Path, bounds: Bounds) -> str:
    """A file's text: refused when it cannot be read, is too large or is not UTF-8."""
    try:
        with p.open("rb") as fh:
            raw = fh.read(bounds.size + 1)
    except OSError as e:
        raise DataFileError(str(p), "(file)", f"cannot read: {e.strerror}") from None
    if len(raw) > bounds.size:
        raise DataFileError(str(p), "(file)", f"larger than {bounds.size} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataFileError(str(p), "(file)", f"not UTF-8 text (byte {e.start})") from None


#: the bounds of inline data given as an option (an army, a table file's contents): smaller
#: than a file's in size, values and depth (a client sends them), the same in a text's length
#: and a number's magnitude, so a file's contents loaded locally are recordable data too
INLINE_BOUNDS = Bounds(size=256 * 1024, depth=12, items=20_000)


def _inline(value: dict[str, Any]) -> dict[str, Any]:
    try:
        check_bounded(value, "(inline data)", INLINE_BOUNDS)
    except DataFileError as e:
        raise ValueError(_where(e.field) + e.reason) from None
    return value


def _where(field: str) -> str:
    """``field: `` for a message, nothing for the top level."""
    return "" if field == "(top level)" else f"{field}: "


#: an option given as data inline (a file's contents, never its name), bounded
InlineData = Annotated[dict[str, Any], AfterValidator(_inline)]


class OptionsModel(BaseModel):
    """Base of every ruleset's options schema (``rulesets/<r>/options.py``): strict types,
    unknown names refused; the server and records validate options with it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def read_toml(path: str | Path, bounds: Bounds = DEFAULT_BOUNDS) -> dict[str, Any]:
    """A TOML file's data; :class:`DataFileError` for a file that cannot be read or parsed,
    or that is not bounded (:func:`check_bounded`)."""
    p = Path(path)
    text = _read_bytes(p, bounds)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataFileError(str(p), "(syntax)", f"not valid TOML: {e}") from None
    except (RecursionError, ValueError) as e:  # nesting too deep, an over-long number
        raise DataFileError(str(p), "(syntax)", f"not usable TOML: {e}") from None
    check_bounded(data, str(p), bounds)
    return data


def parse_json(text: str, file: str, bounds: Bounds = DEFAULT_BOUNDS) -> Any:
    """JSON text's data, bounded; :class:`DataFileError` naming ``file`` otherwise."""
    if len(text) > bounds.size:
        raise DataFileError(file, "(file)", f"larger than {bounds.size} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        # json's messages may end in "at" ("Unterminated string starting at"): the place
        # then follows them
        where = f"line {e.lineno} column {e.colno}"
        said = f"{e.msg} {where}" if e.msg.endswith(" at") else f"{e.msg} at {where}"
        raise DataFileError(file, "(syntax)", f"not valid JSON: {said}") from None
    except (RecursionError, ValueError) as e:  # nesting too deep, an over-long number
        raise DataFileError(file, "(syntax)", f"not usable JSON: {str(e)[:120]}") from None
    check_bounded(data, file, bounds)
    return data


def read_json(path: str | Path, bounds: Bounds = DEFAULT_BOUNDS) -> Any:
    """A JSON file's data; :class:`DataFileError` for a file that cannot be read or parsed,
    or that is not bounded."""
    p = Path(path)
    return parse_json(_read_bytes(p, bounds), str(p), bounds)


def package_file(package: str, name: str) -> Path:
    """Path of a data file shipped inside a package."""
    return Path(str(resources.files(package).joinpath(name)))


def validate(model: type[M], data: Any, file: str) -> M:
    """Validate ``data`` against ``model``, strictly (JSON types, no coercion: ``true`` is no
    number, ``"11"`` no integer); the first error becomes a :class:`DataFileError`."""
    check_bounded(data, file)
    try:
        return _validate_strict(model, data)
    except ValidationError as e:
        errors = e.errors()
        err = next((x for x in errors if x["type"] != "is_instance_of"), errors[0])
        loc = ".".join(str(x) for x in err["loc"]) or "(top level)"
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        raise DataFileError(file, loc, msg) from None


def _validate_strict(model: type[M], data: Any) -> M:
    """Strict validation of JSON-shaped data; fields of a type of their own (a ``Fraction``
    read from text) then read their input themselves."""
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError):  # not plain JSON data (TOML dates, objects): lax
        return model.model_validate(data)
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as e:
        if any(x["type"] != "is_instance_of" for x in e.errors()):
            raise
    return model.model_validate(data)


def load_model(model: type[M], path: str | Path) -> M:
    """Read and validate a TOML data file."""
    return validate(model, read_toml(path), str(path))
