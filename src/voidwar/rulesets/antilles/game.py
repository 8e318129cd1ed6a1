"""Battle Platform Antilles: the rules (rule numbers are the text's own).

Sequence of play — OUR READING (the text gives the steps, not their order; docs/antilles.md):
set-up (3.1: place P1..P7), then each turn:

1. the platform acts, automatically: Bolts in play move, farthest from the Antilles first (2.15),
   then each operational Bolt Caster acts in track order (2.11–2.14) — :mod:`.platform`;
2. Paladin movement (3.2): each Paladin may move once; ``end movement``;
3. Paladin attacks (3.3, 3.4): each Paladin may fire once, each result applied at once;
   ``end attacks`` — :mod:`.attacks`;
4. end of turn: ``continue`` or ``abort`` (6.0); after turn 9 the squadron retreats.

The steps and the reasons an action is refused are functions in :mod:`.turn` (the methods
here delegate to them). Legality has one source, :meth:`AntillesGame.reason`
(:func:`.turn.action_reason`): ``check`` raises what it returns and
``legal_actions`` is the candidates it finds nothing against, in a fixed order (records, golden
files and a C reference program depend on it). For blips and shots the filter asks the reason's
two halves — the Paladin's, and the hex's or the target's — once each rather than once per pair;
a test compares the result with ``check`` over every Paladin, hex and target.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from ...core.dice import Dice
from ...core.errors import IllegalAction
from ...core.game import Action, Game, Result
from ...core.hexgrid import Hex, direction_letter
from ...core.memo import remember
from ...core.native import mypyc_attr
from ...core.notation import written
from .actions import NOTATION, Abort, Continue, EndMovement, Move, Place, parse
from .attacks import END_ATTACKS, choose_shot, legal_shots
from .data import ValueModel, is_shipped
from .position import apply_position
from .state import (
    ATTACK,
    MOVEMENT,
    OVER,
    PALADINS,
    SETUP,
    TURN_END,
    AntillesState,
    board_hexes,
    board_places,
    free_places,
    nth_free,
    taken_sorted,
    victory_level,
)
from .tables import Tables
from .turn import (
    action_reason,
    execute,
    next_unplaced,
)

#: :meth:`AntillesGame.notes` for the shipped tables (``reconstructed = true``)
RECONSTRUCTION_NOTE = (
    "The platform's tables (Active Bolt Caster, Paths, the Paladin Attacks chart), its Shield "
    "and Armor boxes, the board and the early-destruction bonus are our reconstruction: the "
    "text does not print them (docs/antilles.md).")


END_MOVEMENT = EndMovement()
#: 6.0's two choices at the end of a turn, in legal-action order, made once: every list and
#: policy hands out these values
CONTINUE = Continue()
ABORT = Abort()
END_OF_TURN = (CONTINUE, ABORT)


#: :func:`_made` by map size (a dict: its look-up costs a fraction of ``lru_cache``'s call);
#: remembered (core/memo.py): every thread hands out the same values
_MADE: dict[int, tuple[list[list[Place]], list[list[Move]]]] = {}


def _made(radius: int) -> tuple[list[list[Place]], list[list[Move]]]:
    """Every placement and blip of a map of ``radius``, by Paladin number and board place,
    built once per process: legal-action lists hand out these values (immutable) rather than
    build hundreds a step."""
    made = _MADE.get(radius)
    if made is None:
        made = remember(_MADE, radius, _make(radius), 64)
    return made


def _make(radius: int) -> tuple[list[list[Place]], list[list[Move]]]:
    """What :func:`_made` hands out, built whole: each value with its notation text
    (:func:`~voidwar.core.notation.written`, which a record needs once the value is applied),
    so that no apply writes it later (a map has some two thousand such values)."""
    hexes = board_hexes(radius)
    places = [[Place(pid, h) for h in hexes] for pid in range(PALADINS + 1)]
    moves = [[Move(pid, h) for h in hexes] for pid in range(PALADINS + 1)]
    for rows in (places, moves):
        for row in rows:
            for value in row:
                written(value)
    return places, moves


def _picker(dest: list[int]) -> Callable[[Sequence[Action]], Sequence[Action]]:
    """``lambda seq: [seq[i] for i in dest]``, as one C call (:func:`operator.itemgetter`)."""
    if len(dest) > 1:
        return itemgetter(*dest)
    return lambda seq: [seq[i] for i in dest]


def made_move(radius: int, pid: int, h: Hex) -> Move:
    """``Move(pid, h)``: the shared value of :func:`_made` where there is one."""
    i = board_places(radius).get(h)
    if i is None or not 0 <= pid <= PALADINS:
        return Move(pid, h)
    return _made(radius)[1][pid][i]


def made_place(radius: int, pid: int, h: Hex) -> Place:
    """``Place(pid, h)``: the shared value of :func:`_made` where there is one."""
    i = board_places(radius).get(h)
    if i is None or not 0 <= pid <= PALADINS:
        return Place(pid, h)
    return _made(radius)[0][pid][i]


@mypyc_attr(native_class=False)
class AntillesGame(AntillesState):
    """Battle Platform Antilles (solitaire): the Commander against a dice-driven platform."""

    ruleset = "antilles"
    rules_version = 1
    notation = NOTATION

    def __init__(
        self, dice: Dice, scenario: str | None, options: dict[str, Any], tables: Tables,
        search_values: ValueModel | None = None,
    ) -> None:
        super().__init__(dice, scenario, options, tables)
        #: the option ``search_values``, validated for these tables (:mod:`.data`); the search
        #: reads it (:mod:`.values`), the record keeps it
        self.search_values = search_values
        if "position" in options:
            apply_position(self, options["position"])

    # -- protocol --------------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """One seat: the Commander of the squadron (solitaire)."""
        return (self.SEAT,)

    @property
    def to_act(self) -> str | None:
        """The Commander, until the battle is over."""
        return None if self.outcome else self.SEAT

    def search_period(self) -> int:
        """Search horizons count turns (2.1)."""
        return self.turn

    @property
    def over(self) -> bool:
        """True once the battle has an outcome (6.0)."""
        return self.outcome is not None

    def notes(self) -> list[str]:
        """What the player must be told: the text prints none of the platform's tables, so
        they are our reconstruction (the shipped file, ``reconstructed = true``) or a named
        file's. What the text fixes (:mod:`.fixed`) no file changes."""
        model = self.tables.model
        if model.reconstructed and is_shipped(self.tables):
            return [RECONSTRUCTION_NOTE]
        where = "a record" if self.tables.source.startswith("(") else self.tables.source
        what = ("a reconstruction" if model.reconstructed
                else "given as the printed game's (reconstructed = false)")
        return [f"The platform's tables are “{model.name}” from {where}, {what}: the text "
                "does not print them; what the text fixes is unchanged (docs/antilles.md)."]

    def record_options(self) -> dict[str, Any]:
        """The options, with a user's tables and search values embedded so the record
        replays anywhere."""
        opts = dict(self.options)
        if "tables" in opts:
            opts["tables"] = self.tables.raw
        if "search_values" in opts and self.search_values is not None:
            opts["search_values"] = self.search_values.model_dump()
        return opts

    def parse_action(self, text: str) -> Action:
        """Notation → action (:mod:`.actions`); ``done`` ends the current step."""
        return parse(text, self.phase)

    def legal_actions(self) -> list[Action]:
        """The actions :meth:`reason` finds nothing against, in the fixed order: blips
        (:meth:`_legal_blips`), shots (:func:`.attacks.legal_shots`), then the step's end."""
        if self.outcome:
            return []
        if self.phase in (SETUP, MOVEMENT):
            return self._legal_blips()
        if self.phase == ATTACK:
            return [*legal_shots(self), END_ATTACKS]
        return [a for a in END_OF_TURN if action_reason(self, a) is None]

    def choose_legal(self, pick: Callable[[int], int]) -> Action:
        """``legal_actions()[pick(n)]``, building only the action picked: the blips are the
        product of the Paladins that may blip and the free hexes (:meth:`_legal_blips`), the
        shots are counted (:func:`.attacks.choose_shot`), so index ``k`` is decoded, not
        looked up."""
        return decode_pick(self, pick)

    def check(self, action: Action) -> None:
        """Raise the :class:`IllegalAction` :meth:`reason` gives, if any."""
        err = action_reason(self, action)
        if err is not None:
            raise err

    def execute(self, action: Action) -> None:
        """Carry out a checked action and the automatic steps that follow it
        (:func:`execute`)."""
        execute(self, action)

    @property
    def result(self) -> Result | None:
        """The outcome, its VP (6.0) and victory level (6.1), once the battle is over."""
        if not self.outcome:
            return None
        vp = self.victory_points()
        survivors = len(self.living())
        return Result(
            outcome=self.outcome,
            scores={self.SEAT: vp},
            winner=None,
            level=victory_level(vp),
            details={
                "turn": self.end_turn or self.turn,
                "paladins_lost": PALADINS - survivors,
                "paladins_surviving": survivors,
                "boxes_destroyed": self.boxes_destroyed(),
                "casters_destroyed": self.casters_destroyed,
            },
        )

    def state_dict(self) -> dict[str, Any]:
        """The whole battle as JSON-ready data: board, platform boxes, Paladins, Bolts, VP."""
        return {
            "ruleset": self.ruleset,
            "turn": self.turn,
            "phase": OVER if self.outcome else self.phase,
            "board": {"shape": "hexagon", "radius": self.board.radius, "antilles": [0, 0]},
            "platform": {
                "shields": {"hit": self.shield_hits, "boxes": self.n_shields},
                "armor": {"hit": self.armor_hits, "boxes": self.n_armor},
                "casters": {"destroyed": self.casters_destroyed, "boxes": self.n_casters},
            },
            "paladins": [
                {
                    "id": f"P{p.id}",
                    "hex": None if p.hex is None else [p.hex.q, p.hex.r],
                    "alive": p.alive,
                    "moved": p.moved,
                    "fired": p.fired,
                }
                for p in self.paladins
            ],
            "bolts": [
                {"id": f"B{b.id}", "type": b.kind, "hex": [b.hex.q, b.hex.r],
                 "facing": direction_letter(b.facing)}
                for b in self.bolts.values()
            ],
            "outcome": self.outcome,
            "vp": self.victory_points(),
        }

    # -- legality --------------------------------------------------------------------------------
    def _legal_blips(self) -> list[Action]:
        """Set-up and movement: a blip (:class:`Place`, :class:`Move`) is legal when its
        Paladin may blip now and its hex is free (:func:`.turn.blip_reason`). Each half is
        asked once — per Paladin, and :meth:`free_hexes` (exactly the hexes
        :func:`.turn.destination_reason` accepts) — not once per pair (some 1,100 moves a
        step).
        Order: Paladin by number, then hex in board order, then ``end movement``."""
        dest = free_places(self)
        made = _made(self.board.radius)
        pick = _picker(dest)
        if self.phase == SETUP:
            pid = next_unplaced(self).id  # so :func:`.turn.placer_code` is 0
            return list(pick(made[0][pid]))
        out: list[Action] = []
        for p in self.paladins:
            if p.alive and not p.moved:  # :func:`.turn.mover_code` 0 in the movement step
                out.extend(pick(made[1][p.id]))
        out.append(END_MOVEMENT)
        return out

    def reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now (naming the rule), or ``None`` when it is legal
        (:func:`action_reason`)."""
        return action_reason(self, action)


def decode_pick(game: AntillesGame, pick: Callable[[int], int]) -> Action:
    """:meth:`AntillesGame.choose_legal`'s action, decoded from ``pick`` (a function: no
    method looked up)."""
    if game.outcome:
        return Game.choose_legal(game, pick)
    phase = game.phase
    if phase == ATTACK:
        return choose_shot(game, pick)
    if phase == TURN_END:  # 6.0: both are legal at the end of a turn
        return END_OF_TURN[pick(len(END_OF_TURN))]
    if phase != SETUP and phase != MOVEMENT:
        return Game.choose_legal(game, pick)
    taken = taken_sorted(game)
    made = _made(game.board.radius)
    n = len(made[0][0]) - len(taken)  # len(free_places()): made[0][0] has every hex
    if phase == SETUP:
        pid = next_unplaced(game).id  # so :func:`.turn.placer_code` is 0
        if not n:
            return Game.choose_legal(game, pick)
        return made[0][pid][nth_free(taken, pick(n))]
    # :func:`.turn.mover_code` 0: in the movement step, living and not yet moved
    movers = [p.id for p in game.paladins if p.alive and not p.moved]
    k = pick(len(movers) * n + 1)
    if k == len(movers) * n:
        return END_MOVEMENT
    return made[1][movers[k // n]][nth_free(taken, k % n)]
