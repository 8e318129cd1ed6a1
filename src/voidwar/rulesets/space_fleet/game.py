"""Space Fleet: two fleets on a hex map (rules: ../shared/rules/space-fleet.txt; the free table is
:mod:`.table_game`).

A turn is a movement phase (ships move one at a time, slowest first by current speed, the players
alternating inside a sliding window), a fire phase (classes fire smallest first, each
class's fire simultaneous) and the end of the turn (regeneration, repairs, victory check).

Legality has one source, :meth:`SpaceFleetGame._reason` (the movement and fire reasons of
:mod:`.movement` and :mod:`.fire`); ``legal_actions`` filters the candidates through it and
``check`` raises what it returns. This module holds that and the turn sequence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from ...core.dice import Dice
from ...core.errors import IllegalAction
from ...core.game import Action
from ...core.native import mypyc_attr
from ...core.notation import Notation
from .actions import NOTATION, Advance, EndFire, EndMove, Fire, LayMine, Move, Sweep, Turn
from .battle import check_over, movers
from .damage import end_of_turn
from .data import SEATS, Scenario, tables
from .fire import Firing, resolve_fire_step
from .movement import Movement
from .state import ACTIVE, FIRING, MOVEMENT, OVER, Outcome, other

#: the movement actions' classes (an exact-type test first: the commonest actions)
_MOVE_TYPES: Final = (Move, Advance, Turn, LayMine, Sweep, EndMove)
_MOVE_KINDS: Final = frozenset(_MOVE_TYPES)
_FIRE_TYPES: Final = (Fire, EndFire)
_FIRE_KINDS: Final = frozenset(_FIRE_TYPES)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class SpaceFleetGame(Movement, Firing):
    """A game of Space Fleet; see the module docstring."""

    ruleset = "space-fleet"
    has_secret_orders = True
    has_hidden_information = True
    #: 2: slowest ships by current speed, not class; a ship slowed by a mine mid-move stops and
    #: may still turn (Space Fleet: Movement)
    rules_version = 2
    notation: ClassVar[Notation | None] = NOTATION

    def __init__(self, dice: Dice, scenario: str | None, options: dict[str, Any],
                 setup: Scenario) -> None:
        super().__init__(dice, scenario, options, setup)
        self._start_turn()

    # ------------------------------------------------------------------ protocol
    def parse_action(self, text: str) -> Action:
        """Read the notation (docs/space-fleet.md, "Notation"); no legality check."""
        return type(self).notation.parse(text)  # type: ignore[union-attr]

    def check(self, action: Action) -> None:
        """Raise the reason ``action`` is illegal now (the one :meth:`_reason`)."""
        err = self._reason(action)
        if err is not None:
            raise err

    def legal_actions(self) -> list[Action]:
        """The candidate actions that :meth:`_reason` lets through, in a fixed order (the
        movement and fire scans judge each ship once by the rules about the ship, and each of
        its candidates by the rules about the action: the same functions :meth:`_reason`
        asks)."""
        phase = self.phase  # to_act, read here
        if phase is OVER:
            return []
        side = self.step_side if phase is MOVEMENT else self.fire_side
        if side is None:
            return []
        if phase is MOVEMENT:
            return self._legal_moves(side)
        return self._legal_fire(side)

    def choose_legal(self, pick: Callable[[int], int]) -> Action:
        """``legal_actions()[pick(n)]``, building only the action picked (a random policy)."""
        side = self.to_act
        if side is None:
            return super().choose_legal(pick)
        if self.phase is MOVEMENT:
            return self._choose_move(side, pick)
        return self._choose_fire(side, pick)

    def _candidates(self) -> list[Action]:
        side = self.to_act
        if side is None:
            return []
        if self.phase is MOVEMENT:
            return self._move_candidates(side)
        return self._fire_candidates(side)

    def _reason(self, a: Action) -> IllegalAction | None:
        """Why ``a`` is illegal now, or ``None``: the one source of legality."""
        if self.phase is OVER:
            return IllegalAction("the game is over")
        kind = type(a)  # the exact kinds first: one set look-up, where isinstance tries six
        if kind in _MOVE_KINDS:
            return self._move_reason(a)  # type: ignore[arg-type]
        if kind in _FIRE_KINDS:
            return self._fire_reason(a)  # type: ignore[arg-type]
        if isinstance(a, _MOVE_TYPES):
            return self._move_reason(a)
        if isinstance(a, _FIRE_TYPES):
            return self._fire_reason(a)
        return IllegalAction(f"not a Space Fleet action: {a!r}")

    def execute(self, action: Action) -> None:
        """Carry out a checked action. A ship leaves play only by damage, whose steps end
        (a move, a fire step, the turn) by seeing whether the game is over (:func:`check_over`)."""
        kind = type(action)
        if kind in _MOVE_KINDS or (kind not in _FIRE_KINDS and isinstance(action, _MOVE_TYPES)):
            self._execute_move(action)  # type: ignore[arg-type]
        elif isinstance(action, Fire):
            self._declare(action)
        elif isinstance(action, EndFire) and self.fire_side is not None:
            self._side_done(self.fire_side)

    # ------------------------------------------------------------------ sequencing
    def _start_turn(self) -> None:
        """Initiative, then the movement phase (Space Fleet: Movement)."""
        for s in self.ships.values():
            s.fired = s.moved = False
        # "Slowest ships move first, either roll for initiative or alternate first move."
        if self.initiative == "alternate":
            self.first = SEATS[(self.turn - 1) % 2]
        else:
            while True:
                a = self.roll(6, f"initiative {SEATS[0]}")
                b = self.roll(6, f"initiative {SEATS[1]}")
                if a != b:
                    break
            self.first = SEATS[0] if a > b else SEATS[1]
        self.phase = MOVEMENT
        self.moves_made = 0
        self.fire_step = 0
        text = f"turn {self.turn}: {self.first} has the initiative"
        if not any(s.side == self.first for s, _v in movers(self)):
            text += (f", but no ship among the slowest: {other(self.first)} moves first")
        self.emit("turn", text, turn=self.turn)
        self._next_mover(other(self.first))

    def _next_mover(self, last: str) -> None:
        """The players alternate; a player with no ship in the window is passed over."""
        ready = {s.side for s, _v in movers(self)}
        for side in (other(last), last):
            if side in ready:
                self.step_side = side
                return
        self.step_side = None
        self._start_fire()

    def _start_fire(self) -> None:
        self.phase = FIRING
        self.fire_step = 0
        self._open_fire_step()

    def _open_fire_step(self) -> None:
        """The next class (smallest first) with a shot to declare; none left ends the turn."""
        order = tables().firing.order
        # a class with no active ship has no shot: its step passes at once
        present = {s.cls for s in self.ships.values() if s.status is ACTIVE}
        while self.fire_step < len(order):
            self.declared = []
            self.fire_done = []
            if order[self.fire_step] not in present:
                self.fire_done = [self.first, other(self.first)]  # as _next_firer leaves it
            elif self._next_firer():
                return
            self.fire_step += 1
        self._end_turn()

    def _next_firer(self) -> bool:
        """The side that moved first declares first, then the other (Space Fleet: Firing)."""
        for side in (self.first, other(self.first)):
            if side not in self.fire_done and self._can_declare(side):
                self.fire_side = side
                return True
            if side not in self.fire_done:
                self.fire_done.append(side)
        return False

    def _side_done(self, side: str) -> None:
        """When both sides are done the class step's fire resolves, all of it at once."""
        if side not in self.fire_done:
            self.fire_done.append(side)
        if self._next_firer():
            return
        if self.declared:
            self.emit("volley", f"{tables().classes[self.fire_class].name} fire resolves",
                      cls=self.fire_class)
            resolve_fire_step(self, self.declared)
        self.declared = []
        self.fire_side = None
        check_over(self)
        if self.phase is OVER:
            return
        self.fire_step += 1
        self._open_fire_step()

    def _end_turn(self) -> None:
        """Regeneration and repairs (Effect of hits), then the turn limit."""
        self.fire_side = None
        end_of_turn(self)
        check_over(self)
        if self.phase is OVER:
            return
        if self.turn >= self.turn_limit:
            self.finish(Outcome.TURN_LIMIT)
            return
        self.turn += 1
        self._start_turn()

    # ------------------------------------------------------------------ search and views
    def search_period(self) -> int:
        """Search horizons count game turns."""
        return self.turn

    def is_secret(self, action: Action) -> bool:
        """Firing: "all fire from one class is simultaneous" — a side's declarations (and its
        hand-over to the other side) stay hidden until the class step resolves."""
        if isinstance(action, Fire):
            return True
        if isinstance(action, EndFire) and self.fire_side is not None:
            rival = other(self.fire_side)
            return rival not in self.fire_done and self._can_declare(rival)
        return False

    def secret_step(self) -> tuple[str, int, int] | None:
        """A class step of the fire phase while its declarations are open: "all fire from one
        class is simultaneous" (Space Fleet: Firing), so what either side declares in it — and
        whether it declared anything — is revealed when the step resolves. Only the turn, the
        phase and the class step decide it, which every seat sees."""
        if self.phase is FIRING and self.fire_side is not None:
            return ("fire", self.turn, self.fire_step)
        return None

    def notes(self) -> list[str]:
        """Our readings a player must know (docs/space-fleet.md, "Our reading")."""
        return ["'Slowest ships move first' goes by each ship's current speed (a half-speed "
                "battleship moves with the dreadnoughts): our reading of the text, "
                "docs/space-fleet.md."]

    def view(self, seat: str | None) -> dict[str, Any]:
        """Fire within a class is simultaneous: a seat does not see the other side's
        declarations of the current class step before they resolve."""
        d = self.state_dict()
        hidden = [s for s in self.declared if self.ships[s[0]].side != seat]
        d["declared"] = [s for s in d["declared"] if self.ships[s[0]].side == seat]
        # nor which of its ships declared: a hidden shot leaves the ship's counters as they
        # were before the step (a class fires once a turn, so it had not fired yet)
        shooters = {ship_id for ship_id, _target, _missile in hidden}
        for ship in d["ships"]:
            if ship["id"] in shooters:
                ship["fired"] = False
                ship["missiles"] += sum(1 for sid, _t, m in hidden if sid == ship["id"] and m)
        return d
