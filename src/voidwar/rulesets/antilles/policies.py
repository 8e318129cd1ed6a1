"""Computer commanders for Antilles.

``heuristic`` estimates, for every hex, the chance that a Paladin standing there is destroyed in
the next platform step — by enumerating the Path table for every Bolt in play and every entry of
the Active Bolt Caster table (a single pass, ignoring interactions between Bolts) — then for each
Paladin weighs expected damage to the platform (range column, +3 for holding still) against that
risk. It keeps still when that is safe enough, shoots Bolts that threaten the squadron, spreads out
against Exploding Bolts, and aborts a lost cause.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from ...core.dice import PCG32
from ...core.game import Action, Game
from ...core.hexgrid import ORIGIN, Hex
from ...core.memo import remember
from .actions import Fire, Move, Place
from .attacks import END_ATTACKS
from .fixed import LAST_TURN
from .game import ABORT, CONTINUE, END_MOVEMENT, AntillesGame, made_move, made_place
from .risk import (
    bolt_danger,
    kill_hexes,
    launch_danger,
    threat_sum,
)
from .state import ATTACK, MOVEMENT, SETUP, Bolt, Paladin
from .steps import (
    PALADIN_VALUE,
    ShotValues,
    TurnSetting,
    attack_value,
    attack_values,
    risk_weight,
)
from .tables import Tables

Danger = dict[Hex, float]

CASTER_HITS_PER_SHOT = 0.3  # about what a still Paladin at range 1-2 scores a turn
#: :func:`.steps.attack_values`, by its old name
_attacks = attack_values
_kill_hexes = kill_hexes
_bolt_danger = bolt_danger
_launch_danger = launch_danger


def _survival(maps: list[Danger], start: dict[Hex, float] | None = None) -> dict[Hex, float]:
    """P(surviving every map) per hex, multiplied on from ``start`` in map order."""
    survive: dict[Hex, float] = defaultdict(lambda: 1.0)
    if start:
        survive.update(start)
    for m in maps:
        for h, p in m.items():
            survive[h] *= max(0.0, 1.0 - min(p, 1.0))
    return survive


@lru_cache(maxsize=64)
def _launch_survival(tables: Tables, casters: int) -> dict[Hex, float]:
    """:func:`_survival` of ``casters`` Caster actions (the part of a turn's danger that only
    depends on how many Casters are left)."""
    return dict(_survival([_launch_danger(tables)] * casters))


def _combine(*maps: Danger) -> Danger:
    return {h: 1.0 - s for h, s in _survival(list(maps)).items()}


@lru_cache(maxsize=64)
def _placement_danger(tables: Tables, casters: int) -> Danger:
    """Set-up's danger map: ``casters`` Caster actions and no Bolts (read-only, shared)."""
    return _combine(*([_launch_danger(tables)] * casters))


#: hex → its six neighbours (:meth:`Hex.neighbors`); remembered (core/memo.py)
_NEIGHBORS: dict[Hex, tuple[Hex, ...]] = {}
#: hex → its distance from the Antilles; remembered (core/memo.py)
_DISTANCE: dict[Hex, int] = {}


def _neighbors(h: Hex) -> tuple[Hex, ...]:
    n = _NEIGHBORS.get(h)
    if n is None:
        n = remember(_NEIGHBORS, h, tuple(h.neighbors()), 100_000)
    return n


def _adjacent_counts(hexes: list[Hex]) -> dict[Hex, int]:
    """How many of ``hexes`` are next to each hex."""
    near: dict[Hex, int] = defaultdict(int)
    for o in hexes:
        for h in _neighbors(o):
            near[h] += 1
    return near


def _origin_distance(h: Hex) -> int:
    d = _DISTANCE.get(h)
    if d is None:
        d = remember(_DISTANCE, h, h.distance(ORIGIN), 100_000)
    return d


#: (what :meth:`AntillesHeuristic._place` reads) → its placement; remembered (core/memo.py)
_PLACEMENTS: dict[tuple[object, ...], Place] = {}


def _rank(sh: tuple[float, Hex]) -> tuple[float, int, int]:
    """Best score first; ties: lower q, then lower r."""
    return -sh[0], sh[1].q, sh[1].r


class AntillesHeuristic:
    """A careful commander (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, risk_aversion: float = 0.3, future_value: float = 1.0,
                 abort_below: int = 2) -> None:
        self.rng = PCG32(seed)
        self.risk_aversion = risk_aversion
        self.future_value = future_value
        self.abort_below = abort_below
        self._cache: tuple[object, Danger] | None = None
        #: the setting of the movement step last asked (:meth:`_turn_setting`)
        self._turn: TurnSetting | None = None
        #: the shot values of the attack step last asked (:meth:`_attack`)
        self._shots: ShotValues | None = None

    # -- estimates --------------------------------------------------------------------------------
    def danger(self, game: AntillesGame) -> Danger:
        """P(a Paladin at a hex is destroyed during the next platform step), per hex."""
        key = (game.tables, game.casters_destroyed,
               tuple((b.id, b.hex, b.facing, b.kind) for b in game.bolts.values()))
        if self._cache and self._cache[0] == key:
            return self._cache[1]
        casters = game.n_casters - game.casters_destroyed
        bolts = [self._bolt_map(game.tables, b) for b in game.bolts.values()]
        survive = _survival(bolts, _launch_survival(game.tables, casters))
        d = {h: 1.0 - s for h, s in survive.items()}
        self._cache = (key, d)
        return d

    @staticmethod
    def _bolt_map(tables: Tables, b: Bolt) -> Danger:
        return _bolt_danger(tables, b.hex, b.facing, b.kind)

    @staticmethod
    def attack_value(game: AntillesGame, rng: int, bonus: int) -> float:
        """Expected worth of one shot at the platform from range ``rng``."""
        return AntillesHeuristic.attack_value_of(game.tables, rng, bonus)

    @staticmethod
    def attack_value_of(tables: Tables, rng: int, bonus: int) -> float:
        """:meth:`attack_value` for ``tables`` (:func:`.steps.attack_value`)."""
        return attack_value(tables, rng, bonus)

    def hex_score(self, game: AntillesGame, h: Hex, bonus: int, danger: Danger,
                  others: list[Hex]) -> float:
        """A Paladin's worth at ``h`` this turn: expected damage to the platform, less the risk
        of losing it in the next platform step, less crowding (Exploding Bolts, 2.2)."""
        crowd = sum(1 for o in others if o.distance(h) == 1)
        attack = self.attack_value(game, h.distance(ORIGIN), bonus)
        return self._score(game, attack, danger.get(h, 0.0), crowd)

    def _score(self, game: AntillesGame, attack: float, risk: float, crowd: int) -> float:
        if game.turn >= LAST_TURN:  # no platform step follows the last turn's attacks
            risk = 0.0
        return attack - self._risk_weight(game) * risk - 0.3 * crowd

    def _risk_weight(self, game: AntillesGame) -> float:
        """What :meth:`_score` multiplies the risk by: risk aversion × a Paladin's worth."""
        return risk_weight(game.turn, self.risk_aversion, self.future_value)

    def _scored_hexes(self, game: AntillesGame, p: Paladin, free: list[Hex], danger: Danger,
                      adjacent: dict[Hex, int]) -> list[tuple[float, Hex]]:
        """``free`` hexes with their :meth:`hex_score` for ``p`` after moving (bonus 0), in
        ``free``'s order. ``adjacent`` counts living Paladins next to each hex."""
        assert p.hex is not None
        own = set(_neighbors(p.hex))
        attack = _attacks(game.tables, 0)
        rw = self._risk_weight(game)
        risky = game.turn < LAST_TURN  # else no platform step follows (:meth:`_score`)
        get = danger.get
        out = []
        for h in free:
            crowd = adjacent.get(h, 0) - (1 if h in own else 0)
            risk = get(h, 0.0) if risky else 0.0
            out.append((attack[_origin_distance(h)] - rw * risk - 0.3 * crowd, h))
        return out

    def _ranked_hexes(self, game: AntillesGame, p: Paladin, free: list[Hex], danger: Danger,
                      adjacent: dict[Hex, int]) -> list[tuple[float, Hex]]:
        """:meth:`_scored_hexes`, best first (ties: lower q, then lower r)."""
        out = self._scored_hexes(game, p, free, danger, adjacent)
        out.sort(key=_rank)
        return out

    def _movement_setting(self, game: AntillesGame) -> tuple[Danger, list[Hex], dict[Hex, int]]:
        """What every movement choice of one call needs: the danger map, the hexes worth
        moving to (within one hex of gun range) and how many Paladins are next to each hex."""
        danger = self.danger(game)
        reach = game.tables.max_range + 1
        free = [h for h in game.free_hexes() if _origin_distance(h) <= reach]
        # living() Paladins stand on the map
        adjacent = _adjacent_counts([q.hex for q in game.living() if q.hex is not None])
        return danger, free, adjacent

    # -- decisions --------------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        """The commander's action now: placement (3.1), a move (3.2), a shot (3.3, 3.4) or,
        at the end of a turn, continue or abort (6.0)."""
        assert isinstance(game, AntillesGame)
        phase = game.phase
        if phase == MOVEMENT:  # the phase constants: module globals, not enum look-ups
            return self._move(game)
        if phase == ATTACK:
            return self._attack(game)
        if phase == SETUP:
            return self._place(game)
        return ABORT if self.should_abort(game) else CONTINUE

    def should_abort(self, game: AntillesGame) -> bool:
        """6.0 abort: too few Paladins left, or too little time to finish the Casters."""
        alive = len(game.living())
        casters_left = game.n_casters - game.casters_destroyed
        if alive <= self.abort_below and casters_left > 1:
            return True
        turns_left = LAST_TURN - game.turn
        return casters_left > turns_left * alive * CASTER_HITS_PER_SHOT

    def _place(self, game: AntillesGame) -> Action:
        """3.1: the free hex of best :meth:`hex_score` (bonus 3) for the next Paladin. A pure
        function of what it reads (the key below): every battle's set-up is decided once."""
        key = (game.tables, game.n_casters, game.turn, self.risk_aversion, self.future_value,
               tuple(q.hex for q in game.paladins),
               tuple(b.hex for b in game.bolts.values()))
        placed = _PLACEMENTS.get(key)
        if placed is None:
            placed = remember(_PLACEMENTS, key, self._best_place(game), 10_000)
        return placed

    def _best_place(self, game: AntillesGame) -> Place:
        p = next(p for p in game.paladins if p.hex is None)
        danger = _placement_danger(game.tables, game.n_casters)
        near = _adjacent_counts([q.hex for q in game.paladins if q.hex is not None])
        attack = _attacks(game.tables, 3)
        rw = self._risk_weight(game)
        risky = game.turn < LAST_TURN

        def key(h: Hex) -> tuple[float, int, int]:  # (hex_score(h, bonus 3), -q, -r)
            d = _origin_distance(h)
            risk = danger.get(h, 0.0) if risky else 0.0
            score = (attack[d] if d < len(attack) else 0.0) - rw * risk - 0.3 * near.get(h, 0)
            return score, -h.q, -h.r

        return made_place(game.board.radius, p.id, max(game.free_hexes(), key=key))

    def _turn_setting(self, game: AntillesGame) -> TurnSetting:
        """The movement step's :class:`TurnSetting`, made again only when the position it
        reads has changed."""
        setting = self._turn
        if setting is None or not setting.fits(game, self.risk_aversion, self.future_value):
            setting = self._turn = TurnSetting(game, self.risk_aversion, self.future_value)
        return setting

    def _move(self, game: AntillesGame) -> Action:
        """3.2: the first Paladin (by number) whose best hex (:meth:`_scored_hexes`, bonus 0)
        beats staying put (:meth:`hex_score`, bonus 3) by 0.05 moves there; else end
        movement. Only what crowding changes is scored per Paladin
        (:meth:`TurnSetting.best_move`)."""
        setting = self._turn_setting(game)
        geo, board = setting.geo, setting.board
        nbrs, grid, radius, width = geo.neighbors, board.grid, board.radius, board.width
        living = game.living()
        adj = [0] * len(geo.hexes)
        at: list[int] = []
        for q in living:
            h = q.hex
            assert h is not None  # living() stand on the map
            x, y = h[0] + radius, h[1] + radius  # :meth:`.steps.BoardSetting.place_of`
            i = grid[x * width + y] if 0 <= x < width and 0 <= y < width else -1
            if i < 0:
                i = geo.place[h]  # the KeyError of a hex off the map
            at.append(i)
            for j in nbrs[i]:
                adj[j] = adj[j] + 1  # not ``+=``: compiled, an int sum
        taken: list[bool] | None = None  # made when first needed: every other place is free
        attack, rw, distance = setting.stay_attack, setting.weight, geo.distance
        survive, reach, risky, top = setting.survive, setting.reach, setting.risky, setting.top
        for k in range(len(living)):
            p = living[k]
            if p.moved:
                continue
            i = at[k]
            d = distance[i]
            # :meth:`TurnSetting.risk`, its usual case (in reach) written out
            risk = ((1.0 - survive[i]) if d <= reach else setting.risk(i)) if risky else 0.0
            stay = (attack[d] if d < len(attack) else 0.0) - rw * risk - 0.3 * adj[i]
            if not top > stay + 0.05:  # no move can score more than ``top``
                continue
            if taken is None:
                taken = setting.taken(at)
            own = nbrs[i]
            for j in own:  # crowding by the others: this one leaves its place
                adj[j] = adj[j] - 1
            score, best = setting.best_move(adj, taken)
            if best >= 0 and score > stay + 0.05:
                return made_move(game.board.radius, p.id, geo.hexes[best])
            for j in own:
                adj[j] = adj[j] + 1
        return END_MOVEMENT

    def candidates(self, game: AntillesGame) -> list[Action]:
        """Alternatives worth a search's comparison, best first: in movement, each Paladin's
        best hex by this policy's score, then ending movement, then each one's second best;
        in the attack phase, every legal shot by its value, then ending attacks."""
        if game.phase == MOVEMENT:
            danger, free, adjacent = self._movement_setting(game)
            best: list[Action] = []
            second: list[Action] = []
            for p in game.living():
                if p.moved or p.hex is None:
                    continue
                ranked = self._ranked_hexes(game, p, free, danger, adjacent)
                best += [Move(p.id, h) for _, h in ranked[:1]]
                second += [Move(p.id, h) for _, h in ranked[1:2]]
            return [*best, END_MOVEMENT, *second]
        if game.phase == ATTACK:
            shots = [a for a in game.legal_actions() if isinstance(a, Fire)]
            shots.sort(key=lambda a: -self._shot_value(game, a))
            return [*shots, END_ATTACKS]
        return []

    def _shot_value(self, game: AntillesGame, a: Fire) -> float:
        p = game.paladins[a.paladin - 1]
        assert p.hex is not None
        bonus = game.attack_bonus(p)
        if a.target is None:
            return self.attack_value(game, p.hex.distance(ORIGIN), bonus)
        b = game.bolts[a.target]
        living = [q.hex for q in game.living() if q.hex is not None]
        expected_losses = threat_sum(game.tables, b.hex, b.facing, b.kind, living)
        need = game.tables.column(p.hex.distance(b.hex)).bolt - bonus
        p_kill = min(1.0, max(0.0, (21 - need) / 20))
        return p_kill * expected_losses * PALADIN_VALUE

    def _attack(self, game: AntillesGame) -> Action:
        """3.3, 3.4: the legal shot of highest :meth:`_shot_value` (the first of equals), if
        it is worth anything; else end attacks. The step's shots are found and valued once
        (:class:`ShotValues`)."""
        values = self._shots
        if values is None or not values.fits(game):
            values = self._shots = ShotValues(game)
        return values.pick(game)
