"""Space Fleet's computer admiral: the ``heuristic`` policy.

Movement: for the ship it moves, it enumerates every legal way through the move (forward steps
and turns, by the turning rule) and picks the end hex and facing with the best score: its own fire
against what it can reach, minus the fire the enemy can bring against it, minus a heavy penalty
for a heavy ship (cruiser and up) showing its rear arc to an enemy, plus a bonus for a friendly
ship covering that rear arc; mined hexes are avoided and ships close on the enemy.

Fire: it concentrates on ships whose shields are down (or nearly, counting the hits already
declared this class step), prefers the short range, and holds a damaged ship's fire to regenerate
a shield when it is outgunned (more enemy guns bear on it than it brings) or has only long-range
shots. It reads the game but never changes it.

Its tables are pure functions cached, or remembered (:data:`_MASKS`): shared by every game of a
process in every thread (core/memo.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, TypeAlias

from ...core.dice import PCG32
from ...core.game import Action, Game
from ...core.hexgrid import Hex
from .actions import EndFire, EndMove, Fire, Move, Turn, end_move_of, lay_of, move_of, turn_of
from .data import tables
from .fire import hit_chance
from .game import SpaceFleetGame
from .movement import turn_refusal
from .state import Phase, Ship, band_for, board_steps, in_rear_arc, other, rear_offset
from .table_game import SpaceFleetTableGame
from .table_policy import plan_table_move

HEAVY = ("HC", "BB", "DN")


def p_hit(shooter_cls: str, target_cls: str, dist: int, missile: bool = False) -> float:
    """Chance of a hit at ``dist`` hexes, ignoring the beam-nearby modifier (Space Fleet:
    Firing)."""
    return hit_chance(shooter_cls, target_cls, band_for(dist), missile)


@cache
def _hit_row(shooter_cls: str, target_cls: str, far: int) -> tuple[float, ...]:
    """:func:`p_hit` (beams) at each distance 0 to ``far``."""
    return tuple(p_hit(shooter_cls, target_cls, d) for d in range(far + 1))


def can_bear(ship_hex: Hex, facing: int, target: Hex) -> bool:
    """A ship at ``ship_hex`` facing ``facing`` can fire at ``target``: it is not in the rear
    90° arc (Space Fleet: Firing)."""
    return not in_rear_arc(ship_hex, facing, target)


@cache
def rear_mask(dq: int, dr: int) -> int:
    """Bit ``f`` set when the offset ``dq, dr`` lies in the rear arc of a ship facing ``f``
    (:func:`rear_offset` for the six facings at once)."""
    return sum(1 << f for f in range(6) if rear_offset(f, dq, dr))


#: (dq, dr) → (:func:`rear_mask` of the offset, of its opposite), filled as offsets are met:
#: remembered (core/memo.py), each entry a pair of ints stored in one step
_MASKS: dict[tuple[int, int], tuple[int, int]] = {}


def _hex_key(q: int, r: int) -> int:
    """One integer for the hex ``q, r`` (distinct for coordinates under 2,048 either way)."""
    return q * 4096 + r


class _Cells:
    """A map's hexes numbered (in :func:`.state.board_steps`'s order) and the number of the
    hex ahead of each in each direction (``-1`` off the map): the movement walk's table, so
    that its positions are integers (worked out once per map size, read-only)."""

    __slots__ = ("ahead", "index", "qs", "rs")

    def __init__(self, cols: int, rows: int) -> None:
        steps = board_steps(cols, rows)
        hexes = list(steps)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(hexes)}
        self.qs: list[int] = [h.q for h in hexes]
        self.rs: list[int] = [h.r for h in hexes]
        #: cell ``i`` facing ``f``: ``ahead[6 * i + f]``
        self.ahead: list[int] = [-1 if n is None else self.index[n]
                                 for h in hexes for n in steps[h]]


@cache
def _cells(cols: int, rows: int) -> _Cells:
    """:class:`_Cells` of a ``cols`` × ``rows`` map (one per map size)."""
    return _Cells(cols, rows)


class _Scorer:
    """The movement score of one ship's end hex and facing: its own fire against what it can
    reach, minus the fire the enemy can bring against it (weighted by ``caution`` and how frail
    it is), the distance to the nearest enemy, friends crowding it (``spread``), and for a
    heavy ship its rear arc shown to an enemy (less a friend covering it).

    Everything that does not depend on the end hex — the fleets, the hit chances by distance
    (Space Fleet: Firing), the ship's frailty — is worked out once per plan, and everything
    that does not depend on the facing once per hex (each foe's rear-arc bits for the six
    facings); each score is the same sum, term for term, as computing it afresh. It holds no
    reference to the game or the policy (and ``__slots__``): reference counting frees it."""

    __slots__ = ("_hexes", "cf", "far", "foes", "friends", "heavy", "spread")

    def __init__(self, g: SpaceFleetGame, ship: Ship, caution: float, spread: float) -> None:
        far = tables().firing.bands[-1].max + 1  # every distance from here on: no band
        self.far = far
        shots = ship.beams + ship.launchers
        self.foes: list[tuple[int, int, int, bool, tuple[float, ...], tuple[float, ...]]] = []
        for e in g.fleet(other(ship.side)):
            mult = 2.0 if e.shields == 0 else 1.0
            guns = e.beams + e.launchers
            gain = tuple(shots * p * mult for p in _hit_row(ship.cls, e.cls, far))
            threat = tuple(guns * p for p in _hit_row(e.cls, ship.cls, far))
            self.foes.append((e.hex.q, e.hex.r, e.facing % 6, e.moved, gain, threat))
        self.friends = [(fr.hex.q, fr.hex.r) for fr in g.fleet(ship.side) if fr.id != ship.id]
        self.cf = caution * (1.0 + 2.0 * (1 - ship.shields / max(1, ship.profile.shields)))
        self.spread = spread
        self.heavy = ship.cls in HEAVY
        #: :meth:`_at` of each hex met, keyed by :func:`_hex_key`
        self._hexes: dict[int, tuple[list[tuple[int, float, bool]], float, int, int, int]] = {}

    def _at(self, hq: int, hr: int) -> tuple[list[tuple[int, float, bool]], float, int, int, int]:
        """What the score of hex ``hq, hr`` owes nothing to the facing: each foe's rear-arc
        bits, gain and nearness, the fire the enemy brings against it, the nearest enemy,
        friends adjacent, and the facings whose rear arc a friend within 2 hexes covers."""
        far, masks = self.far, _MASKS
        foes: list[tuple[int, float, bool]] = []
        threat = 0.0
        nearest = 99
        for eq, er, ef, moved, gain, danger in self.foes:
            dq, dr = eq - hq, er - hr
            d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            if d < nearest:
                nearest = d
            k = d if d < far else far
            m = masks.get((dq, dr))
            if m is None:
                m = masks[(dq, dr)] = (rear_mask(dq, dr), rear_mask(-dq, -dr))
            foes.append((m[0], gain[k], d <= 12))
            if not m[1] >> ef & 1 or not moved:
                threat += danger[k]
        crowd = cover = 0
        for fq, fr in self.friends:
            dq, dr = fq - hq, fr - hr
            d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            if d <= 1:
                crowd += 1
            if d <= 2:
                cover |= rear_mask(dq, dr)
        out = self._hexes[_hex_key(hq, hr)] = (foes, threat, nearest, crowd, cover)
        return out

    def score(self, h: Hex, f: int, mine_cost: float) -> float:
        """The score of ending the move in ``h`` facing ``f`` (``mine_cost``: mines entered)."""
        return self.score_at(h.q, h.r, f, mine_cost)

    def score_at(self, hq: int, hr: int, f: int, mine_cost: float) -> float:
        """:meth:`score` of the hex ``hq, hr``."""
        at = self._hexes.get(_hex_key(hq, hr))
        foes, threat, nearest, crowd, cover = at if at is not None else self._at(hq, hr)
        f %= 6
        offense = 0.0
        rear_exposed = 0
        for bits, gain, close in foes:
            if not bits >> f & 1:
                offense += gain
            elif close:
                rear_exposed += 1
        score = (offense - self.cf * threat - mine_cost - 0.15 * nearest
                 - self.spread * crowd)
        if self.heavy:
            score -= 3.0 * rear_exposed
            score += 0.5 if cover >> f & 1 else 0.0
        return score


#: the steps to a node of the movement walk, last first: ``(step, the _Trail before it or None)``
#: (not spelt as a recursive alias: mypyc's build crashes on one)
_Trail: TypeAlias = tuple[Action, Any]


@dataclass(slots=True)
class _Plan:
    score: float
    path: tuple[Action, ...]  # the steps to the best end (EndMove: stay)


class HeuristicPolicy:
    """See the module docstring."""

    name = "heuristic"

    def __init__(self, seed: int = 0, caution: float = 0.25, spread: float = 0.5) -> None:
        self.rng = PCG32(seed)
        self.caution = caution  # weight of the enemy fire a position draws
        self.spread = spread  # penalty per friendly ship adjacent (beam fire within 1 hex: -1)
        # the rest of the last plan, keyed by the exact position each step is taken from; a
        # plan made again from a later step of it would pick the same end (a speed-up only)
        self._steps: dict[tuple[object, ...], Action] = {}

    def choose(self, game: Game) -> Action:
        """The heuristic's action for the side to act (it never changes ``game``)."""
        if not isinstance(game, SpaceFleetGame):
            raise TypeError("the Space Fleet heuristic plays only Space Fleet")
        legal = game.legal_actions()
        if game.phase == Phase.MOVEMENT:
            return self._movement(game, legal)
        return self._fire(game, legal)

    # ------------------------------------------------------------------ movement
    def _movement(self, g: SpaceFleetGame, legal: list[Action]) -> Action:
        if g.moving is not None:
            ship = g.ships[g.moving]
        else:
            movers = [g.ships[a.ship] for a in legal if isinstance(a, EndMove)]
            # move the ship that is furthest from the enemy first (the others then react)
            ship = max(movers, key=lambda s: (self._nearest(g, s), s.id))
        lay = lay_of(ship.id)
        if lay in legal and self._nearest(g, ship) <= 6:
            return lay
        if isinstance(g, SpaceFleetTableGame):
            table_step = plan_table_move(g, ship, self.caution, self.spread)
            return table_step if table_step in legal else end_move_of(ship.id)
        around = self._surroundings(g, ship)
        key = (around, ship.hex, ship.facing, g.moved_hexes, g.turned)
        step = self._steps.get(key)
        if step is None or step not in legal:
            plan = self._plan(g, ship)
            self._remember(around, ship, g.moved_hexes, g.turned, plan.path)
            step = plan.path[0]
        return step if step in legal else end_move_of(ship.id)

    @staticmethod
    def _surroundings(g: SpaceFleetGame, ship: Ship) -> tuple[object, ...]:
        """Everything a plan for ``ship`` depends on besides its own position."""
        others = tuple((s.id, s.hex, s.facing, s.shields, s.moved, s.beams, s.launchers)
                       for s in g.ships.values() if s.active and s.id != ship.id)
        return (g.turn, ship.id, ship.speed, ship.shields, others, frozenset(g.mines))

    def _remember(self, around: tuple[object, ...], ship: Ship, moved: int, turned: bool,
                  path: tuple[Action, ...]) -> None:
        self._steps.clear()
        h, f = ship.hex, ship.facing
        for step in path:
            self._steps[(around, h, f, moved, turned)] = step
            if isinstance(step, Move):
                h, moved, turned = h.neighbor(f), moved + 1, False
            elif isinstance(step, Turn):
                f, turned = (f + (1 if step.right else -1)) % 6, True

    def _nearest(self, g: SpaceFleetGame, ship: Ship) -> float:
        return min((g.gap(ship, e) for e in g.fleet(other(ship.side))), default=99)

    def _plan(self, g: SpaceFleetGame, ship: Ship) -> _Plan:
        """Every way through the move, depth first (a step ahead, then a left, then a right
        turn), keeping the first end with the best score. The walk is a loop over an explicit
        stack, each node's steps a chain of ``(step, parent)`` tuples: no recursive closure, so
        no reference cycle, and reference counting frees everything the plan builds."""
        speed = ship.speed
        full = speed if g.move_speed is None else g.move_speed
        board, cls = g.board, ship.cls
        cells = _cells(board.cols, board.rows)
        index, ahead, qs, rs = cells.index, cells.ahead, cells.qs, cells.rs
        here = index.get(ship.hex)
        stay, step = end_move_of(ship.id), move_of(ship.id, 1)
        scorer = _Scorer(g, ship, self.caution, self.spread)
        best_score = scorer.score(ship.hex, ship.facing, 0.0)
        if here is None:  # pragma: no cover - a ship off the map
            return _Plan(best_score, (stay,))
        occupied: set[int] = set()
        for s in g.ships.values():
            if s.active and s.id != ship.id:
                c = index.get(s.hex)
                if c is not None:
                    occupied.add(c)
        mines = {index[h] for h in g.mines if h in index}
        left_turn, right_turn = turn_of(ship.id, False), turn_of(ship.id, True)
        best: _Trail | None = None
        # a node (cell, facing, hexes moved, turned) as one integer; moved stays under span
        span = max(speed, g.moved_hexes) + 1
        seen: set[int] = set()
        base: dict[int, float] = {}  # score before mine costs, per end cell and facing
        turns: dict[int, bool] = {}  # may turn, by hexes moved and turned
        stack: list[tuple[int, int, int, bool, float, _Trail | None]] = [
            (here, ship.facing % 6, g.moved_hexes, g.turned, 0.0, None)]
        while stack:
            c, f, moved, turned, mine_cost, trail = stack.pop()
            cf = 6 * c + f
            key = (cf * span + moved) * 2 + (1 if turned else 0)
            if key in seen:
                continue
            seen.add(key)
            if trail is not None:
                b = base.get(cf)
                if b is None:
                    b = base[cf] = scorer.score_at(qs[c], rs[c], f, 0.0)
                sc = b - mine_cost
                if sc > best_score:
                    best_score, best = sc, trail
            # pushed in reverse: the step ahead is walked first, then left, then right
            # Space Fleet: Movement — a turn after each hex, not after the last of a full move
            tk = 2 * moved + (1 if turned else 0)
            may = turns.get(tk)
            if may is None:
                may = turns[tk] = turn_refusal(cls, full, moved, turned) is None
            if may:
                stack.append((c, (f + 1) % 6, moved, True, mine_cost, (right_turn, trail)))
                stack.append((c, (f - 1) % 6, moved, True, mine_cost, (left_turn, trail)))
            if moved < speed:
                n = ahead[cf]
                if n >= 0 and n not in occupied:
                    stack.append((n, f, moved + 1, False,
                                  mine_cost + (1.5 if n in mines else 0.0), (step, trail)))
        path: list[Action] = []
        while best is not None:
            path.append(best[0])
            best = best[1]
        return _Plan(best_score, (*reversed(path), stay))

    # ------------------------------------------------------------------ fire
    def _fire(self, g: SpaceFleetGame, legal: list[Action]) -> Action:
        fires = [a for a in legal if isinstance(a, Fire)]
        pending: dict[str, float] = {}
        for fid, tid, missile in g.declared:
            sh, tg = g.ships[fid], g.ships[tid]
            if sh.side != g.to_act:
                continue  # only our own declarations (the other side's are hidden)
            p = hit_chance(sh.cls, tg.cls, g.band_between(sh, tg), missile)
            pending[tid] = pending.get(tid, 0.0) + p * (3.5 if missile else 1.0)
        best: Fire | None = None
        best_sc = 0.0
        for a in fires:
            sh, tg = g.ships[a.ship], g.ships[a.target]
            if self._hold(g, sh):
                continue
            p = hit_chance(sh.cls, tg.cls, g.band_between(sh, tg), a.missile)
            if p <= 0:
                continue
            left = tg.shields - pending.get(tg.id, 0.0)
            value = 3.0 if left <= 0 else 1.0 + 1.0 / (1.0 + left)
            if tg.crippled:
                value += 1.0
            value *= 1.0 + tg.profile.cost / 60
            expected = p * (3.5 if a.missile else 1.0)
            if a.missile and left > 3 and tg.shields > 0:
                expected *= 0.6  # save missiles for ships with their shields down
            sc = expected * value
            # the higher score, and of equal scores the greater text (written for ties only)
            if best is None or sc > best_sc or (sc == best_sc and str(a) > str(best)):
                best, best_sc = a, sc
        if best is not None:
            return best
        return EndFire()

    def _hold(self, g: SpaceFleetGame, ship: Ship) -> bool:
        """Hold fire to regenerate: only a damaged ship that has not fired yet, is able to
        regenerate, and is outgunned or has only long-range shots (Effect of hits)."""
        if ship.fired or not ship.can_regenerate or ship.shields >= ship.profile.shields:
            return False
        enemies = g.fleet(other(ship.side))
        mine = max((hit_chance(ship.cls, e.cls, g.band_between(ship, e))
                    for e in enemies if not g.rear(ship, e)), default=0.0)
        bearing = sum(e.beams + e.launchers for e in enemies
                      if not g.rear(e, ship)
                      and hit_chance(e.cls, ship.cls, g.band_between(e, ship)) > 0)
        outgunned = bearing > 2 * (ship.beams + ship.launchers) and ship.shields <= 1
        return mine <= 1 / 6 or outgunned
