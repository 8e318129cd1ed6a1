"""Battle Platform Antilles: the rules (rule numbers are the text's own).

Sequence of play — OUR READING (the text gives the steps, not their order; docs/antilles.md):
set-up (3.1: place P1..P7), then each turn:

1. the platform acts, automatically: Bolts in play move, farthest from the Antilles first (2.15),
   then each operational Bolt Caster acts in track order (2.11–2.14) — :mod:`.platform`;
2. Paladin movement (3.2): each Paladin may move once; ``end movement``;
3. Paladin attacks (3.3, 3.4): each Paladin may fire once, each result applied at once;
   ``end attacks`` — :mod:`.attacks`;
4. end of turn: ``continue`` or ``abort`` (6.0); after turn 9 the squadron retreats.

Legality has one source, :meth:`AntillesGame.reason`: ``check`` raises what it returns and
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
from ...core.game import Action, Result, log_event, share_actions
from ...core.hexgrid import ORIGIN, Hex, direction_letter
from .actions import NOTATION, Abort, Continue, EndAttacks, EndMovement, Fire, Move, Place, parse
from .attacks import END_ATTACKS, choose_shot, fire, fire_reason, legal_shots
from .data import ValueModel, is_shipped
from .native import mypyc_attr
from .platform import platform_acts
from .position import apply_position
from .state import (
    ATTACK,
    END_OF_TURN_NINE,
    LAST_TURN,
    MISSION_ABORTED,
    MOVEMENT,
    OVER,
    PALADINS,
    SETUP,
    TURN_END,
    AntillesState,
    Paladin,
    board_hexes,
    board_places,
    finish,
    free_places,
    hex_taken,
    nth_free,
    taken_sorted,
    victory_level,
)
from .tables import Tables

#: :meth:`AntillesGame.notes` for the shipped tables (``reconstructed = true``)
RECONSTRUCTION_NOTE = (
    "The platform's tables (Active Bolt Caster, Paths, the Paladin Attacks chart), its Shield "
    "and Armor boxes, the board and the early-destruction bonus are our reconstruction: the "
    "text does not print them (docs/antilles.md).")


END_MOVEMENT = EndMovement()
#: 6.0's two choices at the end of a turn, in legal-action order, made once: every list and
#: policy hands out these values, which :meth:`Game.apply` then knows by identity
CONTINUE = Continue()
ABORT = Abort()
END_OF_TURN = (CONTINUE, ABORT)
share_actions(NOTATION, (END_MOVEMENT, *END_OF_TURN))


#: :func:`_made` by map size (a dict: its look-up costs a fraction of ``lru_cache``'s call)
_MADE: dict[int, tuple[list[list[Place]], list[list[Move]]]] = {}


def _made(radius: int) -> tuple[list[list[Place]], list[list[Move]]]:
    """Every placement and blip of a map of ``radius``, by Paladin number and board place,
    built once per process: legal-action lists hand out these values (immutable) rather than
    build hundreds a step, and :meth:`Game.apply` knows each by identity."""
    made = _MADE.get(radius)
    if made is None:
        made = _MADE[radius] = _make(radius)
    return made


def _make(radius: int) -> tuple[list[list[Place]], list[list[Move]]]:
    """What :func:`_made` hands out, built."""
    hexes = board_hexes(radius)
    places = [[Place(pid, h) for h in hexes] for pid in range(PALADINS + 1)]
    moves = [[Move(pid, h) for h in hexes] for pid in range(PALADINS + 1)]
    for pid in range(1, PALADINS + 1):  # P0 is no Paladin: its values are refused
        share_actions(NOTATION, places[pid])
        share_actions(NOTATION, moves[pid])
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
        if self.outcome:
            return super().choose_legal(pick)
        phase = self.phase
        if phase == ATTACK:
            return choose_shot(self, pick)
        if phase == TURN_END:  # 6.0: both are legal at the end of a turn
            return END_OF_TURN[pick(len(END_OF_TURN))]
        if phase != SETUP and phase != MOVEMENT:
            return super().choose_legal(pick)
        taken = taken_sorted(self)
        made = _made(self.board.radius)
        n = len(made[0][0]) - len(taken)  # len(free_places()): made[0][0] has every hex
        if phase == SETUP:
            pid = next_unplaced(self).id  # so :meth:`_placer_code` is 0
            if not n:
                return super().choose_legal(pick)
            return made[0][pid][nth_free(taken, pick(n))]
        # :meth:`_mover_code` 0: in the movement step, living and not yet moved
        movers = [p.id for p in self.paladins if p.alive and not p.moved]
        k = pick(len(movers) * n + 1)
        if k == len(movers) * n:
            return END_MOVEMENT
        return made[1][movers[k // n]][nth_free(taken, k % n)]

    def check(self, action: Action) -> None:
        """Raise the :class:`IllegalAction` :meth:`reason` gives, if any."""
        err = action_reason(self, action)
        if err is not None:
            raise err

    def execute(self, action: Action) -> None:
        """Carry out a checked action and the automatic steps that follow it
        (:func:`execute`)."""
        execute(self, action)

    def _place(self, action: Place) -> None:
        """3.1: set up a Paladin; the last one placed starts turn 1 (:func:`place`)."""
        place(self, action)

    def _move(self, action: Move) -> None:
        """3.2: a Paladin blips to a free hex (:func:`move`)."""
        move(self, action)

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
        Paladin may blip now and its hex is free (:meth:`_blip_reason`). Each half is asked
        once — per Paladin, and :meth:`free_hexes` (exactly the hexes
        :meth:`_destination_reason` accepts) — not once per pair (some 1,100 moves a step).
        Order: Paladin by number, then hex in board order, then ``end movement``."""
        dest = free_places(self)
        made = _made(self.board.radius)
        pick = _picker(dest)
        if self.phase == SETUP:
            pid = next_unplaced(self).id  # so :meth:`_placer_code` is 0
            return list(pick(made[0][pid]))
        out: list[Action] = []
        for p in self.paladins:
            if p.alive and not p.moved:  # :meth:`_mover_code` 0 in the movement step
                out.extend(pick(made[1][p.id]))
        out.append(END_MOVEMENT)
        return out

    def reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now (naming the rule), or ``None`` when it is legal
        (:func:`action_reason`)."""
        return action_reason(self, action)

    def _blip_reason(self, action: Place | Move) -> IllegalAction | None:
        """3.1 placement, 3.2 movement: the Paladin's reason, else the hex's
        (:func:`blip_reason`)."""
        return blip_reason(self, action)

    def _placer_code(self, pid: int) -> int:
        """Why Paladin ``pid`` may not be placed now, as a code (:func:`_placer_code`)."""
        return _placer_code(self, pid)

    def _placer_reason(self, pid: int) -> IllegalAction | None:
        """3.1: Paladins are placed at set-up, in order P1..P7 (:meth:`_placer_code`)."""
        code = self._placer_code(pid)
        if code == 1:
            return IllegalAction("Paladins are placed only at set-up", "Antilles 3.1")
        if code == 2:
            return IllegalAction(f"place P{self._next_unplaced().id} next (Paladins are placed "
                                 "in order)", "Antilles 3.1")
        return None

    def _mover_code(self, pid: int) -> int:
        """Why Paladin ``pid`` may not blip now, as a code (:func:`_mover_code`)."""
        return _mover_code(self, pid)

    def _mover_reason(self, pid: int) -> IllegalAction | None:
        """3.2: each living Paladin may blip once in the movement step (:meth:`_mover_code`)."""
        code = self._mover_code(pid)
        if code == 1:
            return IllegalAction("Paladins move only in the movement step", "Antilles 3.2")
        if code == 2:
            p = self.find_paladin(pid)
            assert isinstance(p, IllegalAction)
            return p
        if code == 3:
            return IllegalAction(f"P{pid} has already moved this turn", "Antilles 3.2")
        return None

    def _destination_reason(self, h: Hex, verb: str, rule: str) -> IllegalAction | None:
        """3.1/3.2: a Paladin may enter only a free hex (:meth:`free_hexes`): on the map, and
        not the Antilles', a Paladin's (its own included) or a Bolt's."""
        on_map = h in board_places(self.board.radius)  # :attr:`on_map`, one look-up fewer
        if on_map and not hex_taken(self, h):
            return None
        if not on_map:
            return IllegalAction(f"{h} is off the map (radius {self.board.radius})",
                                 f"Antilles {rule}")
        if h == ORIGIN:
            return IllegalAction(f"a Paladin may not be {verb} in the Antilles' hex",
                                 f"Antilles {rule}")
        other = self.paladin_at(h)
        if other is not None:
            return IllegalAction(f"P{other.id} is already at {h}", f"Antilles {rule}")
        bolt = self.bolt_at(h)
        assert bolt is not None  # the only other kind of taken hex
        return IllegalAction(f"Bolt B{bolt.id} is at {h}", f"Antilles {rule}")

    def _next_unplaced(self) -> Paladin:
        """3.1: the lowest-numbered Paladin not yet placed (:func:`next_unplaced`)."""
        return next_unplaced(self)

    # -- the turn --------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        """2.1: a new turn, its platform step first (:func:`start_turn`)."""
        start_turn(self)

    def _end_of_turn(self) -> None:
        """6.0: the end of a turn (:func:`end_of_turn`)."""
        end_of_turn(self)


# The rules' steps as functions, not methods: compiled, a call of a function is a C call, a
# method of the (non-native) game a look-up through its type and a call through Python's
# protocol.
def execute(game: AntillesState, action: Action) -> None:
    """:meth:`AntillesGame.execute`: carry out a checked action and the automatic steps that
    follow it; the most frequent kinds told apart by exact type, then the rest."""
    cls = type(action)
    if cls is Fire:
        fire(game, action)  # type: ignore[arg-type]
    elif cls is Move:
        move(game, action)  # type: ignore[arg-type]
    elif cls is Place:
        place(game, action)  # type: ignore[arg-type]
    elif cls is EndMovement or isinstance(action, EndMovement):
        game.phase = ATTACK
    elif cls is EndAttacks or isinstance(action, EndAttacks):
        end_of_turn(game)
    elif cls is Continue or isinstance(action, Continue):
        start_turn(game)
    elif isinstance(action, Move):
        move(game, action)
    elif isinstance(action, Place):
        place(game, action)
    elif isinstance(action, Fire):
        fire(game, action)
    elif isinstance(action, Abort):
        finish(game, MISSION_ABORTED)


def place(game: AntillesState, action: Place) -> None:
    """3.1: set up a Paladin; the last one placed starts turn 1."""
    h = action.hex
    paladins = game.paladins
    pid = action.paladin
    paladins[pid - 1].hex = h
    log_event(game, "place", "P{} placed at {}", (pid, h), {"paladin": pid, "hex": [h[0], h[1]]})
    for p in paladins:
        if p.hex is None:
            return
    start_turn(game)


def move(game: AntillesState, action: Move) -> None:
    """3.2: a Paladin blips to a free hex."""
    p = game.paladins[action.paladin - 1]
    h = action.hex
    pid = p.id
    log_event(game, "move", "P{} moves {} → {}", (pid, p.hex, h),
              {"paladin": pid, "hex": [h[0], h[1]]})
    p.hex = h
    p.moved = True


def start_turn(game: AntillesState) -> None:
    """2.1: a new turn, its platform step first (:func:`.platform.platform_acts`)."""
    turn = game.turn = game.turn + 1
    log_event(game, "turn", "— Turn {} —", (turn,), {"turn": turn})
    for p in game.paladins:
        p.moved = p.fired = False
    platform_acts(game)
    if not game.outcome:
        game.phase = MOVEMENT


def end_of_turn(game: AntillesState) -> None:
    """6.0: after turn 9 the squadron retreats (End of Turn Nine); else continue or abort."""
    if game.turn >= LAST_TURN:
        finish(game, END_OF_TURN_NINE)  # 6.0 End of Turn Nine: the survivors retreat
    else:
        game.phase = TURN_END


def _mover_code(game: AntillesState, pid: int) -> int:
    """Why Paladin ``pid`` may not blip now, as a code (0: it may): 1 not the movement step,
    2 no such living Paladin (:meth:`AntillesState.find_paladin`), 3 it has moved (3.2)."""
    if game.phase != MOVEMENT:
        return 1
    if not 1 <= pid <= PALADINS:
        return 2
    p = game.paladins[pid - 1]
    if not p.alive:
        return 2
    return 3 if p.moved else 0


def next_unplaced(game: AntillesState) -> Paladin:
    """3.1: the lowest-numbered Paladin not yet placed (set-up only)."""
    for p in game.paladins:
        if p.hex is None:
            return p
    raise StopIteration("every Paladin is placed")  # what ``next`` of none raised


def _placer_code(game: AntillesState, pid: int) -> int:
    """Why Paladin ``pid`` may not be placed now, as a code (0: it may), so that the
    legality scans build no refusal: 1 not set-up, 2 not next (3.1)."""
    if game.phase != SETUP:
        return 1
    return 0 if pid == next_unplaced(game).id else 2


def action_reason(game: AntillesGame, action: Action) -> IllegalAction | None:
    """:meth:`AntillesGame.reason` (a function: ``check`` and the scans call it directly);
    the kinds told apart by exact type first, the most frequent first."""
    if game.outcome:
        return IllegalAction("the battle is over")
    cls = type(action)
    if cls is Fire:
        return fire_reason(game, action)  # type: ignore[arg-type]
    if cls is Move or cls is Place:
        return blip_reason(game, action)  # type: ignore[arg-type]
    if isinstance(action, (Place, Move)):
        return blip_reason(game, action)
    if isinstance(action, Fire):
        return fire_reason(game, action)
    phase = game.phase
    if isinstance(action, EndMovement):
        if phase != MOVEMENT:
            return IllegalAction("it is not the movement step", "Antilles 3.2")
    elif isinstance(action, EndAttacks):
        if phase != ATTACK:
            return IllegalAction("it is not the attack step", "Antilles 3.3")
    elif isinstance(action, Continue):
        if phase != TURN_END:
            return IllegalAction("the turn is not over yet", "Antilles 6.0")
    elif isinstance(action, Abort):
        if phase != TURN_END:
            return IllegalAction("the mission may be aborted only at the end of a turn",
                                 "Antilles 6.0")
    else:
        return IllegalAction(f"not an Antilles action: {action}")
    return None


def blip_reason(game: AntillesGame, action: Place | Move) -> IllegalAction | None:
    """3.1 placement, 3.2 movement: the Paladin's reason, else the hex's. A legal blip
    (the usual case) is known from the two codes, without a method call."""
    h = action.hex
    if isinstance(action, Move):
        if (not _mover_code(game, action.paladin) and h in board_places(game.board.radius)
                and not hex_taken(game, h)):
            return None
        return (game._mover_reason(action.paladin)
                or game._destination_reason(h, "moved", "3.2"))
    if (not _placer_code(game, action.paladin) and h in board_places(game.board.radius)
            and not hex_taken(game, h)):
        return None
    return (game._placer_reason(action.paladin)
            or game._destination_reason(h, "placed", "3.1"))
