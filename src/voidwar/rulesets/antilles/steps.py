"""What the heuristic commander (:mod:`.policies`) works out once a step and then reads.

In the movement step (3.2) the Bolts do not move, so the danger of every hex and each hex's
score before crowding stay put (:class:`TurnSetting`); in the attack step (3.3, 3.4) no Paladin
moves or falls and Bolts are only removed, so each shot's value stays put (:class:`ShotValues`).
Each is kept with what it was made from and checked against the position on every call, so it
gives exactly the numbers worked out afresh, compared in the same way.

The per-tables values are pure functions cached (:func:`attack_values`, :func:`bolt_totals`)
or remembered (:func:`board_setting`), shared by every game of a process in every thread
(core/memo.py); the settings of one step are a policy's own.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ...core.game import Action
from ...core.hexgrid import ORIGIN, Hex
from ...core.memo import remember
from .attacks import END_ATTACKS, shot, shots_by_paladin
from .fixed import CASTERS, LAST_TURN, NOT_MOVED_BONUS, PER_SURVIVING_PALADIN
from .risk import (
    Factors,
    bolt_factors,
    geometry,
    launch_survival,
    reach_factors,
    threat_sum,
)
from .state import AntillesState, Bolt, distances, place_grid
from .tables import Tables

PALADIN_VALUE = 9.0  # VP-ish worth of a Paladin: 5 VP if it survives, plus its future shots
LAYER_VALUE = {"shield": 0.8, "armor": 1.2, "caster": 3.0}


def attack_value(tables: Tables, rng: int, bonus: int) -> float:
    """Expected worth of one shot at the platform from range ``rng`` (3.3: the chart's
    column; each layer's hit weighed by :data:`LAYER_VALUE`)."""
    if rng < 1 or rng > tables.max_range:
        return 0.0
    col = tables.column(rng)

    def p_at_least(t: int) -> float:
        need = t - bonus
        return min(1.0, max(0.0, (21 - need) / 20))

    pc = p_at_least(col.caster)
    pa = p_at_least(col.armor) - pc
    ps = p_at_least(col.shield) - pc - pa
    return pc * LAYER_VALUE["caster"] + pa * LAYER_VALUE["armor"] + ps * LAYER_VALUE["shield"]


@lru_cache(maxsize=64)
def attack_values(tables: Tables, bonus: int) -> tuple[float, ...]:
    """:func:`attack_value` by range 0 .. the chart's reach + 1."""
    return tuple(attack_value(tables, r, bonus) for r in range(tables.max_range + 2))


def risk_weight(turn: int, risk_aversion: float, future_value: float) -> float:
    """What a score multiplies the risk by: risk aversion × a Paladin's worth on ``turn``
    (6.0: 5 VP if it survives, plus its future turns)."""
    worth = PER_SURVIVING_PALADIN + future_value * (LAST_TURN - turn)
    return risk_aversion * worth


@lru_cache(maxsize=16)
def by_qr(radius: int, reach: int) -> tuple[int, ...]:
    """The board places within ``reach`` of the Antilles, by (q, r)."""
    hexes = geometry(radius).hexes
    return tuple(sorted((i for i, h in enumerate(hexes) if h.distance(ORIGIN) <= reach),
                        key=lambda i: (hexes[i].q, hexes[i].r)))


#: a Bolt's type (2.2) → its code in :attr:`BoardSetting.factors`' keys
KIND_CODES: Final[dict[str, int]] = {"normal": 0, "fast": 1, "exploding": 2}


class BoardSetting:
    """What a movement step reads that depends only on the tables and the map's size, made
    once per pair (:func:`board_setting`): the index tables, the reach (the guns' range plus
    one), the attack values after moving and holding still (3.2), the places in reach in
    (q, r) order, P(surviving the Casters' actions) per number of Casters, and each Bolt's
    factors in reach (:func:`.risk.reach_factors`) by place, facing and type; for the attack
    step the distances between places and the chart's Effect B totals (3.4)."""

    def __init__(self, tables: Tables, radius: int) -> None:
        self.tables = tables
        self.radius = radius
        self.geo = geo = geometry(radius)
        self.origin = geo.place[ORIGIN]
        self.reach = reach = tables.max_range + 1
        self.attack = attack_values(tables, 0)
        self.stay_attack = attack_values(tables, NOT_MOVED_BONUS)
        self.in_reach = by_qr(radius, reach)
        self.launch = [launch_survival(tables, radius, c) for c in range(CASTERS + 1)]
        self.distances = distances(radius)
        self.bolt_totals = bolt_totals(tables)
        self.grid = place_grid(radius)
        self.width = 2 * radius + 1
        #: ``(place * 6 + facing) * 3 + type code`` → the factors of a Bolt on the map
        self.factors: dict[int, Factors] = {}
        #: the same keys → :func:`.risk.bolt_factors` on the whole map by place
        self.far: dict[int, dict[int, float]] = {}

    def bolt_factors(self, place: int, h: Hex, facing: int, kind: str) -> Factors:
        """:func:`.risk.reach_factors` of a Bolt at ``h`` (board ``place``; -1: off the
        map)."""
        code = KIND_CODES.get(kind, -1)
        if place < 0 or code < 0 or facing < 0 or facing > 5:
            return reach_factors(self.tables, self.radius, self.reach, h, facing, kind)
        key = (place * 6 + facing) * 3 + code
        found = self.factors.get(key)
        if found is None:
            found = self.factors[key] = reach_factors(self.tables, self.radius, self.reach,
                                                      h, facing, kind)
        return found

    def factor_at(self, i: int, h: Hex, facing: int, kind: str) -> float:
        """The factor of :func:`.risk.bolt_factors` (a Bolt at ``h``) at board place ``i``
        (1.0 where it has none: multiplying by it changes no product)."""
        code = KIND_CODES.get(kind, -1)
        place = self.place_of(h)
        if place < 0 or code < 0 or facing < 0 or facing > 5:
            for j, x in bolt_factors(self.tables, self.radius, h, facing, kind):
                if j == i:
                    return x
            return 1.0
        key = (place * 6 + facing) * 3 + code
        found = self.far.get(key)
        if found is None:
            found = self.far[key] = dict(bolt_factors(self.tables, self.radius, h, facing,
                                                      kind))
        return found.get(i, 1.0)

    def place_of(self, h: Hex) -> int:
        """The board place of ``h`` (:func:`.state.place_at` written out: no hash; -1 off
        the map)."""
        radius, width = self.radius, self.width
        x, y = h[0] + radius, h[1] + radius
        return self.grid[x * width + y] if 0 <= x < width and 0 <= y < width else -1

    def survival(self, casters: int) -> tuple[float, ...]:
        """:func:`.risk.launch_survival` of ``casters`` Casters."""
        if 0 <= casters < len(self.launch):
            return self.launch[casters]
        return launch_survival(self.tables, self.radius, casters)


#: the board settings made so far (:func:`board_setting`), by tables (a value: their content's
#: fingerprint) and map size; remembered (core/memo.py): a setting made whole, stored in one step
_BOARDS: Final[dict[tuple[Tables, int], BoardSetting]] = {}


def board_setting(tables: Tables, radius: int) -> BoardSetting:
    """The :class:`BoardSetting` of ``tables`` on a map of ``radius`` (made once)."""
    s = _BOARDS.get((tables, radius))
    if s is None:
        s = remember(_BOARDS, (tables, radius), BoardSetting(tables, radius), 8)
    return s


class TurnSetting:
    """What stays put through one movement step (3.2: the Bolts do not move in it), for the
    position it was made from (:meth:`fits`): per board place P(surviving the next platform
    step) (the heuristic's danger map; made for the places in reach, the guns' range plus one,
    :meth:`risk` works out any other) and the score after moving before crowding (bonus 0)
    for the places in reach, which :meth:`best_move` reads in (q, r) order."""

    def __init__(self, game: AntillesState, risk_aversion: float, future_value: float) -> None:
        tables, radius = game.tables, game.board.radius
        self.board = board = board_setting(tables, radius)
        self.tables = tables
        self.radius = radius
        self.casters = casters = game.n_casters - game.casters_destroyed
        self.turn = turn = game.turn
        self.risk_aversion = risk_aversion
        self.future_value = future_value
        self.geo = geo = board.geo
        self.distance = distance = geo.distance
        #: per board place, whether the step's fixed pieces take it (3.2: the Antilles' hex
        #: and the Bolts' on the map; the Bolts do not move in the step): :meth:`taken`
        self.blocked = blocked = [False] * len(geo.hexes)
        blocked[board.origin] = True
        survive = list(board.survival(casters))
        bolts: list[tuple[Hex, int, str]] = []
        for b in game.bolts.values():  # in play order, as the danger map multiplies
            h, f, kind = b.hex, b.facing, b.kind
            bolts.append((h, f, kind))
            j = board.place_of(h)
            if j >= 0:
                blocked[j] = True
            for i, x in board.bolt_factors(j, h, f, kind):
                survive[i] = survive[i] * x  # not ``*=``: compiled, a float product
        self.bolts = bolts
        self.reach = board.reach
        self.risky = risky = turn < LAST_TURN  # else no platform step follows
        self.weight = rw = risk_weight(turn, risk_aversion, future_value)
        self.stay_attack = board.stay_attack
        self.survive = survive
        attack = board.attack
        base = [0.0] * len(survive)  # read only in reach
        self.in_reach = in_reach = board.in_reach
        top = 0.0
        for k in range(len(in_reach)):  # rw × :meth:`risk`, written out
            i = in_reach[k]
            v = attack[distance[i]] - rw * ((1.0 - survive[i]) if risky else 0.0)
            base[i] = v
            if k == 0 or v > top:
                top = v
        self.base = base
        #: the highest score after moving before crowding: no move scores more (crowding
        #: only takes away)
        self.top = top

    def fits(self, game: AntillesState, risk_aversion: float, future_value: float) -> bool:
        """Whether ``game`` and the settings read what this setting was made from."""
        bolts, now = self.bolts, game.bolts
        if (game.turn != self.turn or game.tables is not self.tables
                or game.board.radius != self.radius
                or game.n_casters - game.casters_destroyed != self.casters
                or risk_aversion != self.risk_aversion or future_value != self.future_value
                or len(now) != len(bolts)):
            return False
        k = 0
        for b in now.values():  # an index, not ``zip``: compiled, no tuple a Bolt
            h, f, kind = bolts[k]
            if b.facing != f or b.kind != kind or b.hex != h:
                return False
            k += 1  # noqa: SIM113
        return True

    def risk(self, i: int) -> float:
        """The danger at board place ``i`` (0.0 on the last turn, which no platform step
        follows)."""
        if not self.risky:
            return 0.0
        if self.distance[i] <= self.reach:
            return 1.0 - self.survive[i]
        s = self.board.survival(self.casters)[i]
        board = self.board
        for h, f, kind in self.bolts:  # out of reach (a set position): every Bolt's factor
            s = s * board.factor_at(i, h, f, kind)
        return 1.0 - s

    def taken(self, at: list[int]) -> list[bool]:
        """Per board place, whether it is taken (3.2, :meth:`.state.AntillesState.taken_places`)
        with living Paladins at the places ``at``."""
        taken = self.blocked.copy()
        for i in at:
            taken[i] = True
        return taken

    def best_move(self, adj: list[int], taken: list[bool]) -> tuple[float, int]:
        """The best hex to move to, as (score, place; -1 when no place is free): of the
        places in reach not ``taken``, the highest score after moving less crowding (``adj``
        other Paladins next to each); of equals the first in (q, r) order, which is Hex
        order."""
        best, score = -1, 0.0
        base = self.base
        for j in self.in_reach:
            if taken[j]:
                continue
            s = base[j] - 0.3 * adj[j]
            if best < 0 or s > score:
                best, score = j, s
        return score, best


class ShotValues:
    """The heuristic's shots of one attack step, worked out once when the step's first shot
    is chosen: in the step (3.3, 3.4) no Paladin moves or falls and Bolts are only removed,
    so which shots are legal then (:func:`.attacks.shots_by_paladin`) and what each is worth
    stay put, but for the Paladins that have fired since and the Bolts destroyed since.
    :meth:`fits` checks that the position is still one of that step; :meth:`pick` is the
    legal shot of highest value (the first of equals in legal-action order)."""

    def __init__(self, game: AntillesState) -> None:
        self.tables = game.tables
        self.radius = radius = game.board.radius
        paladins = game.paladins
        self.hexes = [p.hex if p.alive else None for p in paladins]
        self.moved = [p.moved for p in paladins]
        self.fired = [p.fired for p in paladins]
        self.living = [q.hex for q in game.living() if q.hex is not None]
        self.board = board = board_setting(game.tables, radius)
        self.distance = board.geo.distance
        self.distances = board.distances
        #: per Paladin (by number - 1) its attack bonus (3.2) and board place (-1: none)
        self.bonus = [0 if p.moved else NOT_MOVED_BONUS for p in paladins]  # attack_bonus
        self.attack = board.attack
        self.still_attack = board.stay_attack
        self.at = [-1 if h is None else board.place_of(h) for h in self.hexes]
        self.bolt_totals = board.bolt_totals
        #: Bolt id → (hex, facing, kind, its place in the step's order of Bolts)
        self.bolts: dict[int, tuple[Hex, int, str, int]] = {}
        for b in game.bolts.values():
            self.bolts[b.id] = (b.hex, b.facing, b.kind, len(self.bolts))
        #: target → the expected losses its shots save (:func:`.risk.threat_sum`)
        self.losses: dict[int, float] = {}
        #: (-value, legal-action order, value, Paladin, target): sorted, best first and
        #: equals in legal-action order
        found: list[tuple[float, int, float, int, int]] = []
        bolts = game.bolts
        for pid, targets in shots_by_paladin(game):
            h = paladins[pid - 1].hex
            assert h is not None
            for t in targets:
                v = self._worth(h, pid, None if t is None else bolts[t])
                found.append((-v, len(found), v, pid, 0 if t is None else t))
        found.sort()
        #: the step's legal shots, best first: value, Paladin, target (0: the platform)
        self.values = [f[2] for f in found]
        self.pids = [f[3] for f in found]
        self.targets = [f[4] for f in found]

    def fits(self, game: AntillesState) -> bool:
        """Whether ``game`` is still in the step the shots were worked out for: the same
        tables and Paladins (hexes, living, moved; none fired then that has not now), and
        every Bolt one of the step's, where it was, in the step's order."""
        paladins = game.paladins
        if (game.tables is not self.tables or game.board.radius != self.radius
                or len(paladins) != len(self.hexes)):
            return False
        k = 0
        for p in paladins:  # an index, not ``zip``: compiled, no tuple a Paladin
            h = p.hex if p.alive else None
            was = self.hexes[k]
            if (p.moved != self.moved[k] or (self.fired[k] and not p.fired)
                    or (h is not was and h != was)):
                return False
            k += 1  # noqa: SIM113
        last = -1
        for b in game.bolts.values():
            then = self.bolts.get(b.id)
            if (then is None or then[3] <= last or then[1] != b.facing or then[2] != b.kind
                    or (then[0] is not b.hex and then[0] != b.hex)):
                return False
            last = then[3]
        return True

    def pick(self, game: AntillesState) -> Action:
        """The legal shot of highest value now (the first of equals in legal-action order:
        the Paladins that have not fired, the Bolts still in play), if it is worth anything;
        else ``end attacks``."""
        paladins, bolts, pids, targets = game.paladins, game.bolts, self.pids, self.targets
        for k in range(len(pids)):
            if paladins[pids[k] - 1].fired:
                continue
            t = targets[k]
            if t and t not in bolts:
                continue
            return shot(pids[k], t if t else None) if self.values[k] > 0 else END_ATTACKS
        return END_ATTACKS

    def worked_out(self, game: AntillesState, pid: int, target: int | None) -> float:
        """The value of Paladin ``pid``'s shot at ``target``: at the platform (``None``) the
        attack value at its range (3.3); at a Bolt P(Effect B, 3.4) × the losses it would
        cause (:func:`.risk.threat_sum`) × a Paladin's worth."""
        h = game.paladins[pid - 1].hex
        assert h is not None
        return self._worth(h, pid, None if target is None else game.bolts[target])

    def _worth(self, h: Hex, pid: int, b: Bolt | None) -> float:
        """:meth:`worked_out` of Paladin ``pid`` at ``h`` shooting at ``b`` (``None``: the
        platform)."""
        bonus, i = self.bonus[pid - 1], self.at[pid - 1]
        if b is None:
            d = self.distance[i] if i >= 0 else h.distance(ORIGIN)
            if bonus == 0:
                return self.attack[d]
            if bonus == NOT_MOVED_BONUS:
                return self.still_attack[d]
            return attack_values(self.tables, bonus)[d]
        bh = b.hex
        losses = self.losses.get(b.id)
        if losses is None:
            losses = self.losses[b.id] = threat_sum(self.tables, bh, b.facing, b.kind,
                                                    self.living)
        j = self.board.place_of(bh)
        rng = h.distance(bh) if i < 0 or j < 0 else self.distances[i][j]
        totals = self.bolt_totals
        need = (totals[rng] if 0 < rng < len(totals) else self.tables.column(rng).bolt) - bonus
        p_kill = min(1.0, max(0.0, (21 - need) / 20))
        return p_kill * losses * PALADIN_VALUE


@lru_cache(maxsize=16)
def bolt_totals(tables: Tables) -> tuple[int, ...]:
    """The chart's Effect B totals (3.4) by range (index 0 unused)."""
    return (0, *(tables.column(r).bolt for r in range(1, tables.max_range + 1)))

