"""Loading TOML data files with pydantic validation; refusals name file, field and reason."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DataFileError

M = TypeVar("M", bound=BaseModel)


class StrictModel(BaseModel):
    """Base of every data-file model: unknown fields are refused, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def read_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file's data; :class:`DataFileError` for a file that cannot be read or parsed."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as e:
        raise DataFileError(str(p), "(file)", f"cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise DataFileError(str(p), "(file)", "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise DataFileError(str(p), "(syntax)", f"not valid TOML: {e}") from None


def read_json(path: str | Path) -> Any:
    """A JSON file's data; :class:`DataFileError` for a file that cannot be read or parsed."""
    p = Path(path)
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise DataFileError(str(p), "(file)", f"cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise DataFileError(str(p), "(file)", "not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise DataFileError(str(p), "(syntax)", f"not valid JSON: {e.msg}") from None
    except (RecursionError, ValueError) as e:  # nesting too deep, an over-long number
        raise DataFileError(str(p), "(syntax)", f"not usable JSON: {e}") from None


def package_file(package: str, name: str) -> Path:
    """Path of a data file shipped inside a package."""
    return Path(str(resources.files(package).joinpath(name)))


def validate(model: type[M], data: Any, file: str) -> M:
    """Validate ``data`` against ``model``; the first error becomes a :class:`DataFileError`."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(top level)"
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        raise DataFileError(file, loc, msg) from None


def load_model(model: type[M], path: str | Path) -> M:
    """Read and validate a TOML data file."""
    return validate(model, read_toml(path), str(path))
