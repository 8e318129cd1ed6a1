"""A stable per-ruleset action catalogue: notation ↔ index in a fixed ``Discrete`` space.

Learning libraries want a fixed set of action ids; a ruleset's actions are notations whose set
depends on the position (and, in Astral Dreams, on continuous table positions). The catalogue is

* a list of known notations (index = position in the list), shipped per ruleset as
  ``<ruleset's package>/data/catalogue.json`` (built by ``voidwar dev catalogue RULESET`` from
  seeded playouts of every scenario with the random and heuristic policies), or built the same
  way on first use when no file ships; followed by
* ``overflow`` hashed slots for notations the list lacks: a notation goes to
  ``len(list) + crc32(notation) % overflow``, probing to the next free slot when another legal
  action of the same position already holds it (legal actions are probed in notation order).

So an action's id is the same in every game of the ruleset (for a listed notation always; for an
unlisted one unless two legal actions of one position collide), and within a position the map
between legal actions and ids is one-to-one. ``action_mask`` marks the ids of the legal actions.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..ai import registry
from ..core.dice import derive_seed
from ..core.errors import IllegalAction
from ..core.game import Action, Game
from ..core.registry import get_ruleset, load

DEFAULT_OVERFLOW = 1024


@dataclass(frozen=True)
class ActionCatalogue:
    """A ruleset's listed notations (ids ``0..len-1``) and ``overflow`` hashed ids after them."""

    ruleset: str
    notations: tuple[str, ...]
    overflow: int = DEFAULT_OVERFLOW
    _index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.overflow < 1:
            raise ValueError("a catalogue needs at least one overflow slot")
        self._index.update({n: i for i, n in enumerate(self.notations)})

    @property
    def size(self) -> int:
        """The number of action ids: listed notations plus overflow slots."""
        return len(self.notations) + self.overflow

    def assign(self, legal: Sequence[Action]) -> dict[int, Action]:
        """Id → action for a position's legal actions (one-to-one)."""
        out: dict[int, Action] = {}
        unlisted: list[tuple[str, Action]] = []
        for a in legal:
            text = str(a)
            i = self._index.get(text)
            if i is None:
                unlisted.append((text, a))
            else:
                out[i] = a
        base = len(self.notations)
        if len(unlisted) > self.overflow:
            raise ValueError(f"{len(unlisted)} unlisted actions exceed {self.overflow} slots")
        for text, a in sorted(unlisted, key=lambda ta: ta[0]):
            slot = zlib.crc32(text.encode()) % self.overflow
            while base + slot in out:
                slot = (slot + 1) % self.overflow
            out[base + slot] = a
        return out

    def mask(self, legal: Sequence[Action]) -> list[int]:
        """1 at the id of each legal action, 0 elsewhere (``size`` entries)."""
        m = [0] * self.size
        for i in self.assign(legal):
            m[i] = 1
        return m

    def decode(self, index: int, legal: Sequence[Action]) -> Action:
        """The legal action with id ``index``; :class:`IllegalAction` if none has it."""
        a = self.assign(legal).get(int(index))
        if a is None:
            raise IllegalAction(f"action id {index} is not legal here")
        return a

    def to_json(self) -> dict[str, Any]:
        """The catalogue as JSON-ready data (the shipped file's content)."""
        return {"ruleset": self.ruleset, "overflow": self.overflow,
                "notations": list(self.notations)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ActionCatalogue:
        """The catalogue :meth:`to_json` gave."""
        return ActionCatalogue(str(data["ruleset"]), tuple(data["notations"]),
                               int(data["overflow"]))


def build(ruleset: str, games: int = 20, seed: int = 0, max_actions: int = 3000,
          overflow: int = DEFAULT_OVERFLOW, max_notations: int = 20000) -> ActionCatalogue:
    """Collect the legal notations met in seeded playouts of every scenario (sorted)."""
    info = get_ruleset(ruleset)
    seen: set[str] = set()
    pols = [p for p in ("random", "heuristic") if p in registry.names(info.name)]
    for k, scenario in enumerate(sorted(info.scenarios())):
        for i in range(games):
            s = derive_seed(seed, k, i)
            game = load(info.name, scenario, seed=s)
            bot = registry.get(pols[i % len(pols)], info.name, derive_seed(s, 1))
            n = 0
            while not game.over and n < max_actions:
                seen.update(str(a) for a in game.legal_actions())
                game.apply(bot.choose(game))
                n += 1
    notations = sorted(seen)[:max_notations]
    return ActionCatalogue(info.name, tuple(notations), overflow)


#: the file a ruleset ships its catalogue in, in its data folder
CATALOGUE_FILE = "catalogue.json"


@cache
def catalogue(ruleset: str) -> ActionCatalogue:
    """The catalogue the ruleset ships with its data, or one built with the default seeded
    playouts."""
    info = get_ruleset(ruleset)
    try:
        text = (info.data_folder / CATALOGUE_FILE).read_text()
    except (FileNotFoundError, OSError, TypeError, ValueError):
        return build(info.name)
    return ActionCatalogue.from_json(json.loads(text))


def observe(view: Any, size: int = 512) -> list[float]:
    """A fixed-length vector from a JSON view, by feature hashing: each number adds its value
    to the bucket of its path, each string or bool adds 1 to the bucket of path=value.
    List positions are part of the path. Generic; a ruleset may offer a better encoder."""
    vec = [0.0] * size

    def walk(obj: Any, path: str) -> None:
        if isinstance(obj, dict):
            for k, v in obj.items():
                walk(v, f"{path}/{k}")
        elif isinstance(obj, list | tuple):
            for i, v in enumerate(obj):
                walk(v, f"{path}/{i}")
        elif isinstance(obj, bool) or obj is None or isinstance(obj, str):
            vec[zlib.crc32(f"{path}={obj}".encode()) % size] += 1.0
        elif isinstance(obj, int | float):
            vec[zlib.crc32(path.encode()) % size] += float(obj)
        else:
            vec[zlib.crc32(f"{path}={obj}".encode()) % size] += 1.0

    walk(view, "")
    return vec


def legal_for(game: Game) -> list[Action]:
    """The legal actions, or none once the game is over."""
    return game.legal_actions() if not game.over else []


def write_catalogue(
    ruleset: str, games: int = 20, folder: Path | None = None
) -> tuple[Path, ActionCatalogue]:
    """Build the ruleset's catalogue from ``games`` playouts a scenario and write it as
    ``<folder>/<ruleset>.json``, or by default into the ruleset's own data folder
    (``catalogue.json``, shipped with it); ``voidwar dev catalogue``."""
    info = get_ruleset(ruleset)
    cat = build(info.name, games=games)
    out = (folder / f"{info.name}.json") if folder else info.data_folder / CATALOGUE_FILE
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(cat.to_json(), indent=0) + "\n")
    return out, cat
