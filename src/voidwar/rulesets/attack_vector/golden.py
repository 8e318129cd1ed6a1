"""Golden playthroughs (OpenSpiel-style readable traces): the tutorials and a seeded duel.

:data:`GOLDENS` maps each golden file's name to the function that writes its text;
``voidwar dev golden attack-vector`` regenerates the files after an intended rules change (review
the diff), and the ruleset's tests fail on any unintended one.

* ``game-one.txt`` … ``game-three.txt``: the sample games of the tutorial (AV:T A5.1–A5.3), seed 1,
  with the text's orders (:data:`GAME_ORDERS`, one list per orders step: Game One's two lasers at
  the chocolate on segment 5, A5.166; Game Three's two lasers on segment 6, A5.372, a flex point
  after segment 8 and our second turn).
* ``duel-seed1.txt``: the heuristic captain on both sides of the ``duel`` battle, seed 1.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from voidwar.core.registry import load

from .captain import HeuristicCaptain
from .game import AttackVectorGame
from .sequence import Phase

#: the text's orders for the tutorials, one list per segment (then "done")
GAME_ORDERS: dict[str, list[list[str]]] = {
    "game-one": [[], [], [], [], ["fire A1 at T2", "fire B1 at T2"], [], [], []],
    "game-two": [["pivot to A"], [], ["thrust 5"], [], ["pivot to B/C"], ["bias A"], [],
                 ["thrust 0"]],
    "game-three": [["pivot to C+"], [], ["thrust 4"], [], ["thrust 0"],
                   ["fire B1 at T1", "fire B2 at T1", "pivot to C"],
                   ["fire A1 at T2", "fire A2 at T2"], [], ["flex ecm 1 eccm 0"], *[[]] * 9],
}
TUTORIALS = tuple(GAME_ORDERS)
DUEL_SEED = 1


def _load(scenario: str, seed: int) -> AttackVectorGame:
    game = load("attack-vector", scenario=scenario, seed=seed)
    assert isinstance(game, AttackVectorGame)
    return game


def ship_lines(game: AttackVectorGame) -> list[str]:
    """Each ship's motion state and each target's bearing or eater (the tutorial traces)."""
    out = []
    for s in game.ships.values():
        m = s.orient.marker_windows()
        dots = {k: v for k, v in s.burn.dots.items() if v} if s.burn else {}
        out.append(
            f"  {s.id}: at {s.pos} fp {s.fp} eot {s.eot(game.segment)} v {s.velocity} "
            f"nose {m['nose']} top {m['top']} stbd {m['starboard']} thrust {s.thrust} "
            f"cells {s.burn.cells if s.burn else 0} dots {dots} fuel {s.fuel_used} "
            f"facing {s.facing.label if s.facing else '-'}"
        )
    for t in game.targets.values():
        if t.present and game.ships:
            sid = next(iter(game.ships))
            out.append(f"  bearing {sid}->{t.id}: {game.bearing(sid, t.id)}")
        elif t.killed_by is not None:
            out.append(f"  {t.id} killed by {t.killed_by} ({t.damage} damage)")
        else:
            out.append(f"  {t.id} eaten by {t.eaten_by}")
    return out


def tutorial_trace(scenario: str) -> str:
    """The golden playthrough of a tutorial scenario with the text's orders, seed 1."""
    game = _load(scenario, 1)
    lines = [f"# golden playthrough: {scenario} (seed 1)", f"digest {game.digest()}"]
    for orders in GAME_ORDERS[scenario]:
        where = "after segment 8" if game.phase == Phase.END_OF_TURN else f"segment {game.segment}"
        lines.append(f"== turn {game.turn} {where} ({len(game.legal_actions())} legal actions)")
        lines += ship_lines(game)
        if game.combat is not None:
            lines += systems_lines(game)
        for text in [*orders, "done"]:
            events = game.apply(text)
            lines.append(f"> {text}")
            lines += [f"  | {e.text}" for e in events if e.kind not in ("done",)]
    lines.append(f"over {game.over} result {game.result}")
    lines += ship_lines(game)
    if game.combat is not None:
        lines += systems_lines(game)
    lines.append(f"digest {game.digest()}")
    return "\n".join(lines) + "\n"


def systems_lines(game: AttackVectorGame) -> list[str]:
    """Each ship's position, power, heat, radiators, status and weapon timers (the duel)."""
    out = []
    for sid, s in game.ships.items():
        d = s.systems
        weapons = " ".join(
            f"{w['id']}{'x' if w['destroyed'] else ''}@{w['ready_abs']}" for w in d["weapons"]
        )
        out.append(
            f"  {sid}: at {s.pos} v {s.velocity} nose {s.orient.nose} thrust {s.thrust} "
            f"power {d['power']['stored']}/{d['power']['capacity']} "
            f"heat {d['heat']['stored']}/{d['heat']['capacity']} rad {d['heat']['radiators']} "
            f"{d['status']} weapons {weapons}"
        )
    return out


def duel_trace() -> str:
    """The golden playthrough of the duel: heuristic captains (seeds 1 and 2), dice seed 1."""
    game = _load("duel", DUEL_SEED)
    captains = {"blue": HeuristicCaptain(1), "red": HeuristicCaptain(2)}
    lines = [
        f"# golden playthrough: duel, heuristic vs heuristic, seed {DUEL_SEED}",
        f"digest {game.digest()}",
    ]
    last = None
    while not game.over:
        key = (game.turn, game.segment, game.phase)
        if key != last:
            lines.append(
                f"== turn {game.turn} segment {game.segment} {game.phase} "
                f"({len(game.legal_actions())} legal actions for {game.to_act})"
            )
            lines += systems_lines(game)
            last = key
        seat = game.to_act
        assert seat is not None
        action = captains[seat].choose(game)
        events = game.apply(action)
        lines.append(f"> {seat}: {action}")
        lines += [f"  | {e.text}" for e in events if e.kind not in ("done",)]
    lines.append(f"over {game.over} result {game.result}")
    lines += systems_lines(game)
    lines.append(f"digest {game.digest()}")
    return "\n".join(lines) + "\n"


#: golden file name → the function that writes its text
GOLDENS: dict[str, Callable[[], str]] = {
    **{f"{sc}.txt": partial(tutorial_trace, sc) for sc in TUTORIALS},
    f"duel-seed{DUEL_SEED}.txt": duel_trace,
}

__all__ = ["GAME_ORDERS", "GOLDENS", "TUTORIALS", "duel_trace", "tutorial_trace"]
