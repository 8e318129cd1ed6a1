"""Battle Platform Antilles: the turn's steps and each action's legality, as functions.

The steps (:func:`execute`: set-up 3.1, movement 3.2, the attacks 3.3/3.4 in :mod:`.attacks`,
the end of a turn 6.0, the platform's step 2.1x in :mod:`.platform`) and the reasons an action
is refused (:func:`action_reason`, naming the rule) are module functions, not methods of
:class:`.game.AntillesGame`, which delegates to them: compiled, a call of a function is a C
call, a method of the (non-native) game a look-up through its type and a call through Python's
protocol.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.game import Action, log_event
from ...core.hexgrid import ORIGIN, Hex
from .actions import Abort, Continue, EndAttacks, EndMovement, Fire, Move, Place
from .attacks import fire, fire_reason
from .platform import platform_acts
from .state import (
    ATTACK,
    END_OF_TURN_NINE,
    LAST_TURN,
    MISSION_ABORTED,
    MOVEMENT,
    PALADINS,
    SETUP,
    TURN_END,
    AntillesState,
    Paladin,
    finish,
    hex_taken,
)


def execute(game: AntillesState, action: Action) -> None:
    """:meth:`.game.AntillesGame.execute`: carry out a checked action and the automatic steps that
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


def mover_code(game: AntillesState, pid: int) -> int:
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


def placer_code(game: AntillesState, pid: int) -> int:
    """Why Paladin ``pid`` may not be placed now, as a code (0: it may), so that the
    legality scans build no refusal: 1 not set-up, 2 not next (3.1)."""
    if game.phase != SETUP:
        return 1
    return 0 if pid == next_unplaced(game).id else 2


def action_reason(game: AntillesState, action: Action) -> IllegalAction | None:
    """:meth:`.game.AntillesGame.reason` (a function: ``check`` and the scans call it directly);
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


def blip_reason(game: AntillesState, action: Place | Move) -> IllegalAction | None:
    """3.1 placement, 3.2 movement: the Paladin's reason, else the hex's. A legal blip
    (the usual case) is known from the two codes, without a method call."""
    h = action.hex
    if isinstance(action, Move):
        if (not mover_code(game, action.paladin) and h in game.places
                and not hex_taken(game, h)):
            return None
        return (mover_reason(game, action.paladin)
                or destination_reason(game, h, "moved", "3.2"))
    if (not placer_code(game, action.paladin) and h in game.places
            and not hex_taken(game, h)):
        return None
    return (placer_reason(game, action.paladin)
            or destination_reason(game, h, "placed", "3.1"))


def placer_reason(game: AntillesState, pid: int) -> IllegalAction | None:
    """3.1: Paladins are placed at set-up, in order P1..P7 (:func:`placer_code`)."""
    code = placer_code(game, pid)
    if code == 1:
        return IllegalAction("Paladins are placed only at set-up", "Antilles 3.1")
    if code == 2:
        return IllegalAction(f"place P{next_unplaced(game).id} next (Paladins are placed "
                             "in order)", "Antilles 3.1")
    return None


def mover_reason(game: AntillesState, pid: int) -> IllegalAction | None:
    """3.2: each living Paladin may blip once in the movement step (:func:`mover_code`)."""
    code = mover_code(game, pid)
    if code == 1:
        return IllegalAction("Paladins move only in the movement step", "Antilles 3.2")
    if code == 2:
        p = game.find_paladin(pid)
        assert isinstance(p, IllegalAction)
        return p
    if code == 3:
        return IllegalAction(f"P{pid} has already moved this turn", "Antilles 3.2")
    return None


def destination_reason(game: AntillesState, h: Hex, verb: str,
                       rule: str) -> IllegalAction | None:
    """3.1/3.2: a Paladin may enter only a free hex (:meth:`AntillesState.free_hexes`): on
    the map, and not the Antilles', a Paladin's (its own included) or a Bolt's."""
    on_map = h in game.places
    if on_map and not hex_taken(game, h):
        return None
    if not on_map:
        return IllegalAction(f"{h} is off the map (radius {game.board.radius})",
                             f"Antilles {rule}")
    if h == ORIGIN:
        return IllegalAction(f"a Paladin may not be {verb} in the Antilles' hex",
                             f"Antilles {rule}")
    other = game.paladin_at(h)
    if other is not None:
        return IllegalAction(f"P{other.id} is already at {h}", f"Antilles {rule}")
    bolt = game.bolt_at(h)
    assert bolt is not None  # the only other kind of taken hex
    return IllegalAction(f"Bolt B{bolt.id} is at {h}", f"Antilles {rule}")
