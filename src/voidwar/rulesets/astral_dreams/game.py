"""Astral Dreams: the state and the rules of the round.

Rule references name the text's sections: "The Round" 1 (initiative), 2 (the turn: a movement,
b melee attack, c range attack), 3 (subsequent turns), "Objective", "Miniatures" (points),
"Abbreviations" (two attacks per round). Where the text is silent we follow
specs/astral-dreams.md and say so ("our reading").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.dice import Dice
from ...core.errors import DataFileError, IllegalAction, UnknownName
from ...core.game import Action, Game, Result
from ...core.tabletop import (
    Point,
    Table,
    fmt,
    in_contact,
    overlaps,
    path_clear_of_bases,
    toward,
    within,
)
from .actions import Attack, End, Move, parse
from .data import SIDES, Army, Profile, Scenario, parse_army, read_army_file, scenarios, units

R_ROUND = "Astral Dreams: The Round"
R_INIT = "Astral Dreams: The Round 1 (Initiative)"
R_TURN = "Astral Dreams: The Round 2 (The Turn)"
R_MOVE = "Astral Dreams: The Round 2a (Movement)"
R_MELEE = "Astral Dreams: The Round 2b (Melee Attack)"
R_RANGE = "Astral Dreams: The Round 2c (Range Attack)"
R_TWO = "Astral Dreams: Abbreviations (Two Attacks per Round)"

PREFIX = {"scouts": "S", "robots": "R"}
OPTIONS = ("army_a", "army_b", "points", "scout_range", "round_limit", "free_deploy")


def other(side: str) -> str:
    return "robots" if side == "scouts" else "scouts"


@dataclass
class Unit:
    """One miniature on the table."""

    id: str
    side: str
    type: str
    profile: Profile
    pos: Point
    health: int
    done: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "side": self.side, "type": self.type, "at": str(self.pos),
            "health": self.health, "done": self.done,
        }


@dataclass(frozen=True)
class Setup:
    """Everything fixed at the start: scenario values after options."""

    table: Table
    radius: Fraction
    tolerance: Fraction
    deploy_depth: Fraction
    scout_range: int
    round_limit: int
    points: int
    #: explicit positions may be anywhere on the table (hand-built positions, real games)
    free_deploy: bool = False


class AstralDreams(Game):
    ruleset = "astral-dreams"
    rules_version = 1

    def __init__(
        self, dice: Dice, scenario: str, options: dict[str, Any], setup: Setup,
        armies: dict[str, Army],
    ) -> None:
        super().__init__(dice, scenario, options)
        self.setup = setup
        self.armies = armies
        self.units: dict[str, Unit] = {}
        self.fallen: list[str] = []
        self.round = 0
        self.first = "scouts"
        self.turn = "scouts"
        self.current: str | None = None  # the unit mid-activation
        self.moved = False
        self.attack_kind: str | None = None
        self.attacks_left = 0
        self._result: Result | None = None
        for side in SIDES:
            self._deploy(side, armies[side])
        self._start_round()

    # -- setup -----------------------------------------------------------------------------
    def _zone_ok(self, side: str, p: Point) -> bool:
        s = self.setup
        if side == "scouts":
            return p.y <= s.deploy_depth
        return p.y >= s.table.height - s.deploy_depth

    def _placeable(self, p: Point, placed: list[Point]) -> str | None:
        s = self.setup
        if not s.table.base_on_table(p, s.radius):
            return "the base is not wholly on the table"
        for q in placed:
            if overlaps(p, s.radius, q, s.radius):
                return f"the base overlaps another at {q}"
        f = s.table.impassable_on([p], s.radius)
        if f is not None:
            return f"the base stands in impassable terrain ({f.name})"
        return None

    def _slots(self, side: str, placed: list[Point]) -> list[Point]:
        """Automatic deployment (our reading): rows 2" apart inside the zone, 2" spacing,
        filled from the middle of the edge outward."""
        s = self.setup
        two = Fraction(2)
        mid_depth = s.deploy_depth / 2
        rows = [mid_depth]
        k = 1
        while mid_depth - k * two >= s.radius or mid_depth + k * two <= s.deploy_depth:
            for y in (mid_depth + k * two, mid_depth - k * two):
                if s.radius <= y <= s.deploy_depth:
                    rows.append(y)
            k += 1
        xs = [s.table.width / 2]
        j = 1
        while s.table.width / 2 - j * two >= s.radius:
            xs += [s.table.width / 2 - j * two, s.table.width / 2 + j * two]
            j += 1
        out: list[Point] = []
        for y in rows:
            yy = y if side == "scouts" else s.table.height - y
            for x in xs:
                p = Point(x, yy)
                if self._placeable(p, placed + out) is None:
                    out.append(p)
        return out

    def _deploy(self, side: str, army: Army) -> None:
        """Place an army: given positions first (checked), then the scenario's rows."""
        table = units().side(side).units
        placed = [u.pos for u in self.units.values()]
        explicit: list[Point | None] = []
        types: list[str] = []
        for i, e in enumerate(army.units):
            for j in range(e.count):
                types.append(e.type)
                if e.at is None:
                    explicit.append(None)
                    continue
                p = Point.parse(e.at[j])
                why = self._placeable(p, placed)
                if why is None and not self.setup.free_deploy and not self._zone_ok(side, p):
                    why = f"{p} is outside the {side}' deployment zone"
                if why is not None:
                    raise DataFileError(f"{side} army", f"units.{i}.at.{j}", why)
                placed.append(p)
                explicit.append(p)
        slots = iter(self._slots(side, placed))
        for n, (t, given) in enumerate(zip(types, explicit, strict=True), 1):
            if given is not None:
                p = given
            else:
                try:
                    p = next(slots)
                except StopIteration:
                    raise DataFileError(
                        f"{side} army", "units", "too many miniatures for the deployment zone"
                    ) from None
            uid = f"{PREFIX[side]}{n}"
            prof = table[t]
            self.units[uid] = Unit(uid, side, t, prof, p, prof.health)

    # -- queries ---------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return SIDES

    @property
    def to_act(self) -> str | None:
        return None if self._result is not None else self.turn

    def search_period(self) -> int:
        """Search horizons count rounds."""
        return self.round

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result

    def side_units(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def ready(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and not u.done]

    def range_of(self, u: Unit) -> int:
        """Robots print 12"; the Scouts print none: the scenario's ``scout_range`` (our reading)."""
        return u.profile.range if u.profile.range is not None else self.setup.scout_range

    def in_contact(self, a: Unit, b: Unit, at: Point | None = None) -> bool:
        s = self.setup
        return in_contact(at or a.pos, s.radius, b.pos, s.radius, s.tolerance)

    def in_range(self, a: Unit, b: Unit, at: Point | None = None) -> bool:
        """Range is measured centre to centre (our reading) and needs a clear line of sight."""
        p = at or a.pos
        return within(p, b.pos, self.range_of(a)) and self.setup.table.line_of_sight(
            p, b.pos
        ) is None

    def surviving_points(self, side: str) -> int:
        return sum(u.profile.points for u in self.side_units(side))

    def unit(self, uid: str) -> Unit:
        u = self.units.get(uid)
        if u is None:
            if uid in self.fallen:
                raise IllegalAction(f"{uid} has been destroyed and removed from the game")
            raise IllegalAction(f"there is no unit {uid}")
        return u

    # -- actions ---------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return parse(text)

    def _own_active(self, uid: str) -> Unit:
        """The unit must be the acting side's, and may act now (The Round 2, 3)."""
        u = self.unit(uid)
        if u.side != self.turn:
            raise IllegalAction(f"{uid} is not yours: the {self.turn} act now", R_TURN)
        if self.current is not None and self.current != uid:
            raise IllegalAction(
                f"{self.current} is taking its turn; finish it ('end {self.current}') first",
                R_TURN,
            )
        if u.done:
            raise IllegalAction(f"{uid} has already taken its turn this round", R_TURN)
        return u

    def check_path(self, u: Unit, path: list[Point]) -> None:
        """Movement (The Round 2a): up to speed, on the table, never through or onto a base,
        never into impassable terrain (our reading of the terrain advice)."""
        s = self.setup
        for p in path[1:]:
            if not s.table.base_on_table(p, s.radius):
                raise IllegalAction(f"{p} would put {u.id}'s base off the table", R_MOVE)
        if not s.table.path_fits(path, u.profile.speed):
            cost = s.table.path_cost(path)
            raise IllegalAction(
                f"{u.id} moves up to {u.profile.speed}\"; that path costs {cost:.2f}\"", R_MOVE
            )
        others = [(o.id, o.pos, s.radius) for o in self.units.values() if o.id != u.id]
        hit = path_clear_of_bases(path, s.radius, others)
        if hit is not None:
            raise IllegalAction(
                f"{u.id}'s base would pass through or onto {hit}'s base (bases never overlap)",
                R_MOVE,
            )
        f = s.table.impassable_on(path, s.radius)
        if f is not None:
            raise IllegalAction(f"{u.id} cannot enter the {f.name} (impassable)", R_MOVE)

    def check(self, action: Action) -> None:
        if self._result is not None:
            raise IllegalAction("the game is over")
        if isinstance(action, Move):
            u = self._own_active(action.unit)
            if self.current == u.id:
                if self.attack_kind is not None:
                    raise IllegalAction(f"{u.id} has attacked; it moves before attacking", R_TURN)
                raise IllegalAction(f"{u.id} has already moved this turn", R_MOVE)
            path = action.path_from(u.pos)
            if all(p == u.pos for p in path[1:]):
                raise IllegalAction(
                    f"{u.id} is already at {u.pos}: attack or 'end {u.id}' to stay", R_MOVE
                )
            self.check_path(u, path)
        elif isinstance(action, Attack):
            self._check_attack(action)
        elif isinstance(action, End):
            self._own_active(action.unit)
        else:
            raise IllegalAction(f"not an Astral Dreams action: {action!r}")

    def _check_attack(self, a: Attack) -> None:
        u = self._own_active(a.unit)
        rule = R_MELEE if a.kind == "melee" else R_RANGE
        left = self.attacks_left if self.current == u.id and self.attack_kind else u.profile.attacks
        if self.attack_kind is not None and self.current == u.id and a.kind != self.attack_kind:
            raise IllegalAction(
                f"{u.id} made a {self.attack_kind} attack: both attacks are of one kind "
                f"(never melee and ranged in one turn)", rule,
            )
        if len(a.targets) > left:
            raise IllegalAction(
                f"{u.id} has {left} attack{'s' if left != 1 else ''} left"
                + ("" if u.profile.attacks == 2 else " (no Two Attacks per Round)"),
                R_TWO,
            )
        for t in dict.fromkeys(a.targets):
            tgt = self.unit(t)
            if tgt.side == u.side:
                raise IllegalAction(f"{t} is on your own side", rule)
            if a.kind == "melee":
                if not self.in_contact(u, tgt):
                    raise IllegalAction(
                        f"{u.id} is not base to base with {t} "
                        f"({self.gap(u, tgt):.2f}\" between the bases)", rule,
                    )
            else:
                d = u.pos.dist(tgt.pos)
                if not within(u.pos, tgt.pos, self.range_of(u)):
                    raise IllegalAction(
                        f"{t} is {d:.2f}\" from {u.id}, beyond its range of {self.range_of(u)}\"",
                        rule,
                    )
                f = self.setup.table.line_of_sight(u.pos, tgt.pos)
                if f is not None:
                    raise IllegalAction(f"the {f.name} blocks the line of sight to {t}", rule)

    def gap(self, a: Unit, b: Unit) -> float:
        return a.pos.dist(b.pos) - 2 * float(self.setup.radius)

    def execute(self, action: Action) -> None:
        if isinstance(action, Move):
            u = self.units[action.unit]
            self.current, self.moved = u.id, True
            path = action.path_from(u.pos)
            cost = self.setup.table.path_cost(path)
            self.emit(
                "move", f"{u.id} moves {u.pos} → {action.to} ({cost:.2f}\" of {u.profile.speed}\")",
                unit=u.id, frm=str(u.pos), to=str(action.to),
            )
            u.pos = action.to
            if not self.attack_options(u):
                self.emit("note", f"{u.id} has no target in contact or range; its turn ends")
                self._finish(u)
        elif isinstance(action, Attack):
            u = self.units[action.unit]
            if self.current != u.id or self.attack_kind is None:
                self.current, self.attack_kind, self.attacks_left = u.id, action.kind, (
                    u.profile.attacks
                )
            for t in action.targets:
                self.attacks_left -= 1
                if t not in self.units:
                    self.emit("note", f"{u.id}'s attack is lost: {t} was already removed")
                    continue
                self._resolve(u, self.units[t], action.kind)
                if self._result is not None:
                    return
            if self.attacks_left <= 0 or not self.attack_options(u, self.attack_kind):
                self._finish(u)
        elif isinstance(action, End):
            u = self.units[action.unit]
            self.emit("end", f"{u.id} ends its turn")
            self._finish(u)

    def _resolve(self, u: Unit, t: Unit, kind: str) -> None:
        """An attack: d20 + MA (or RA) ≥ Armor hits; MD (or RD) comes off Health; at 0 or less
        the target is removed (The Round 2b.i–ii, 2c.i–ii)."""
        bonus = u.profile.ma if kind == "melee" else u.profile.ra
        dmg = u.profile.md if kind == "melee" else u.profile.rd
        word = "melee" if kind == "melee" else "ranged"
        d = self.roll(20, f"{u.id} {word} attack on {t.id}")
        total = d + bonus
        if total >= t.profile.armor:
            t.health -= dmg
            self.emit(
                "hit", f"{u.id} hits {t.id}: {d}+{bonus}={total} ≥ {t.profile.armor}; "
                f"{dmg} damage, health {t.health}",
                unit=u.id, target=t.id, roll=d, total=total, damage=dmg,
            )
            if t.health <= 0:
                del self.units[t.id]
                self.fallen.append(t.id)
                self.emit("removed", f"{t.id} ({t.profile.name}) is destroyed", unit=t.id)
                self._check_victory()
        else:
            self.emit(
                "miss", f"{u.id} misses {t.id}: {d}+{bonus}={total} < {t.profile.armor}",
                unit=u.id, target=t.id, roll=d, total=total,
            )

    def _check_victory(self) -> None:
        """Objective: destroy all of the opposing side's units."""
        for side in SIDES:
            if not self.side_units(side):
                win = other(side)
                self._end(f"{win}-win", win, f"the {side} have no units left")
                return

    def _end(self, outcome: str, winner: str | None, why: str) -> None:
        self.current, self.attack_kind, self.attacks_left, self.moved = None, None, 0, False
        self.emit("over", f"game over: {why}", winner=winner)
        self._result = Result(
            outcome=outcome,
            scores={s: float(self.surviving_points(s)) for s in SIDES},
            winner=winner,
            details={
                "rounds": self.round,
                "scouts_left": len(self.side_units("scouts")),
                "robots_left": len(self.side_units("robots")),
                "scouts_points_left": self.surviving_points("scouts"),
                "robots_points_left": self.surviving_points("robots"),
            },
        )

    def _finish(self, u: Unit) -> None:
        """End ``u``'s turn; the other player goes next, unless they are out of miniatures
        (The Round 3; one side out: the other finishes, our reading); then a new round."""
        u.done = True
        self.current, self.attack_kind, self.attacks_left, self.moved = None, None, 0, False
        if self.ready(other(self.turn)):
            self.turn = other(self.turn)
        elif not self.ready(self.turn):
            self._start_round()

    def _start_round(self) -> None:
        """The Round 1: each player rolls 1d20, the highest goes first; ties are re-rolled."""
        lim = self.setup.round_limit
        if lim and self.round >= lim:
            a, b = self.surviving_points("scouts"), self.surviving_points("robots")
            win = "scouts" if a > b else "robots" if b > a else None
            self._end(
                "round-limit" if win else "draw", win,
                f"round limit {lim}: surviving points scouts {a}, robots {b}",
            )
            return
        self.round += 1
        for u in self.units.values():
            u.done = False
        self.emit("round", f"round {self.round}", round=self.round)
        while True:
            a = self.roll(20, "initiative, scouts")
            b = self.roll(20, "initiative, robots")
            if a != b:
                break
            self.emit("note", f"initiative tied at {a}: roll again")
        self.first = self.turn = "scouts" if a > b else "robots"
        self.emit("initiative", f"the {self.first} have initiative ({a} vs {b})",
                  first=self.first)

    # -- legal actions ---------------------------------------------------------------------
    def attack_options(self, u: Unit, kind: str | None = None) -> list[Attack]:
        out: list[Attack] = []
        for t in self.units.values():
            if t.side == u.side:
                continue
            if kind in (None, "melee") and self.in_contact(u, t):
                out.append(Attack("melee", u.id, (t.id,)))
            if kind in (None, "shoot") and self.in_range(u, t):
                out.append(Attack("shoot", u.id, (t.id,)))
        return out

    def legal_actions(self) -> list[Action]:
        if self._result is not None:
            return []
        if self.current is not None:
            u = self.units[self.current]
            acts: list[Action] = list(self.attack_options(u, self.attack_kind))
            acts.append(End(u.id))
            return acts
        out: list[Action] = []
        for u in self.ready(self.turn):
            out.extend(self.attack_options(u))
            out.extend(Move(u.id, p) for p in self.move_candidates(u))
            out.append(End(u.id))
        return out

    def reach(self, u: Unit, target: Point, want: float) -> Point | None:
        """The farthest grid point up to ``want`` inches along the straight line toward
        ``target`` (negative: away) that the speed pays for, clamped to the table."""
        s = self.setup
        end = s.table.clamp(toward(u.pos, target, want), s.radius)
        if end == u.pos:
            return None
        if s.table.path_fits([u.pos, end], u.profile.speed):
            return end
        # bisection on the float cost, then the exact test on the chosen grid point
        lo, hi = 0.0, abs(want)
        sign = 1.0 if want >= 0 else -1.0
        speed = float(u.profile.speed) - 0.005
        for _ in range(12):
            mid = (lo + hi) / 2
            p = s.table.clamp(toward(u.pos, target, sign * mid), s.radius)
            if s.table.path_cost([u.pos, p]) <= speed:
                lo = mid
            else:
                hi = mid
        best = s.table.clamp(toward(u.pos, target, sign * lo), s.radius)
        if best == u.pos or not s.table.path_fits([u.pos, best], u.profile.speed):
            return None
        return best

    def move_candidates(self, u: Unit) -> list[Point]:
        """A finite, useful set of destinations: for each enemy, to base contact, full speed
        toward and away, to the edge of this unit's range; and beside each line-of-sight
        blocker (cover). Any other point is accepted by notation and checked alike."""
        s = self.setup
        speed = float(u.profile.speed)
        step = 0.02
        contact = 2 * float(s.radius) + float(s.tolerance) / 2
        rng = float(self.range_of(u))
        pts: list[Point] = []
        for e in self.units.values():
            if e.side == u.side:
                continue
            d = u.pos.dist(e.pos)
            if d > contact:
                pts.append(toward(e.pos, u.pos, contact))
            if d - contact > speed:
                p = self.reach(u, e.pos, speed - step)
                if p is not None:
                    pts.append(p)
            p = self.reach(u, e.pos, -(speed - step))
            if p is not None:
                pts.append(p)
            if abs(d - rng) > step:
                pts.append(toward(e.pos, u.pos, rng - 0.05))
        # flanking: full speed at 45° and 90° either side of the line to the two nearest
        # enemies (the way around a blocker)
        near = sorted(
            (e for e in self.units.values() if e.side != u.side), key=lambda e: u.pos.fdist2(e.pos)
        )[:2]
        for e in near:
            pts.extend(p for p in flank_points(u.pos, e.pos, speed - step) if s.table.path_fits(
                [u.pos, p], u.profile.speed))
        for f in s.table.features:
            if not f.blocks_los:
                continue
            pts.extend(cover_points(f, float(s.radius)))
        seen: set[Point] = set()
        out: list[Point] = []
        for p in pts:
            if p in seen or p == u.pos:
                continue
            seen.add(p)
            try:
                self.check_path(u, [u.pos, p])
            except IllegalAction:
                continue
            out.append(p)
        return out

    # -- state -----------------------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        s = self.setup
        return {
            "scenario": self.scenario,
            "round": self.round,
            "initiative": self.first,
            "turn": self.turn,
            "current": self.current,
            "attack_kind": self.attack_kind,
            "attacks_left": self.attacks_left,
            "units": [u.to_dict() for u in self.units.values()],
            "fallen": list(self.fallen),
            "table": {"width": fmt(s.table.width), "height": fmt(s.table.height)},
            "result": self._result.to_dict() if self._result else None,
        }

    def record_options(self) -> dict[str, Any]:
        """Options with both armies embedded, so a record replays anywhere."""
        opts = {k: v for k, v in self.options.items() if k not in ("army_a", "army_b")}
        opts["army_a"] = self.armies["scouts"].to_data()
        opts["army_b"] = self.armies["robots"].to_data()
        return opts


def flank_points(a: Point, b: Point, dist: float) -> list[Point]:
    """Points ``dist`` from ``a`` at ±45° and ±90° off the line toward ``b``."""
    ax, ay = a.as_floats()
    bx, by = b.as_floats()
    base = math.atan2(by - ay, bx - ax)
    return [
        Point.near(ax + dist * math.cos(base + off), ay + dist * math.sin(base + off))
        for off in (math.pi / 4, -math.pi / 4, math.pi / 2, -math.pi / 2)
    ]


def cover_points(f: Any, radius: float) -> list[Point]:
    """Points just outside a feature's sides (rect) or around it (circle)."""
    from ...core.tabletop import Circle, Rect

    off = radius + 0.05
    sh = f.shape
    if isinstance(sh, Rect):
        x0, y0, x1, y1 = (float(v) for v in (sh.x0, sh.y0, sh.x1, sh.y1))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return [
            Point.near(cx, y0 - off), Point.near(cx, y1 + off),
            Point.near(x0 - off, cy), Point.near(x1 + off, cy),
        ]
    if isinstance(sh, Circle):
        cx, cy = sh.centre.as_floats()
        r = float(sh.radius) + off
        return [Point.near(cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (0, math.pi / 2, math.pi, 3 * math.pi / 2)]
    return []


# -- factory -------------------------------------------------------------------------------------
def _int_option(options: dict[str, Any], key: str, default: int, low: int) -> int:
    v = options.get(key, default)
    if isinstance(v, str):
        try:
            v = int(v.strip())
        except ValueError:
            raise UnknownName(f"option {key} must be a whole number, not {v!r}") from None
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise UnknownName(f"option {key} must be a whole number ≥ {low}, not {v!r}")
    return v


def _bool_option(options: dict[str, Any], key: str) -> bool:
    v = options.get(key, False)
    if isinstance(v, str) and v.strip().lower() in ("true", "false", "yes", "no", "1", "0"):
        return v.strip().lower() in ("true", "yes", "1")
    if not isinstance(v, bool):
        raise UnknownName(f"option {key} must be true or false, not {v!r}")
    return v


def _army_option(value: Any, side: str, allowance: int) -> Army:
    """``army_a``/``army_b``: a path to a TOML/JSON army list, or the list's data inline."""
    if isinstance(value, Army):
        data: Any = value.to_data()
        name = "(inline army)"
    elif isinstance(value, dict):
        data, name = value, "(inline army)"
    elif isinstance(value, str):
        data, name = read_army_file(value), value
    else:
        raise UnknownName(f"an army is a file path or a table, not {type(value).__name__}")
    army = parse_army(data, name, allowance)
    if army.side != side:
        raise DataFileError(
            name, "side", f"this is a {army.side} army; the {side} seat needs a {side} army"
        )
    return army


def make_game(dice: Dice, scenario: str | None, options: dict[str, Any]) -> AstralDreams:
    """The registry factory: validates the scenario name and every option."""
    name = scenario or "open-table"
    table = scenarios()
    if name not in table:
        raise UnknownName(f"unknown Astral Dreams scenario {name!r} (known: {', '.join(table)})")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise UnknownName(
            f"unknown Astral Dreams option(s) {', '.join(unknown)} (known: {', '.join(OPTIONS)})"
        )
    sc: Scenario = table[name]
    points = _int_option(options, "points", sc.points, 1)
    setup = Setup(
        table=sc.table(),
        radius=sc.base_diameter / 2,
        tolerance=sc.contact_tolerance,
        deploy_depth=sc.deploy_depth,
        scout_range=_int_option(options, "scout_range", sc.scout_range, 1),
        round_limit=_int_option(options, "round_limit", sc.round_limit, 0),
        points=points,
        free_deploy=_bool_option(options, "free_deploy"),
    )
    armies = {
        "scouts": _army_option(options.get("army_a", sc.scouts), "scouts", points),
        "robots": _army_option(options.get("army_b", sc.robots), "robots", points),
    }
    return AstralDreams(dice, name, options, setup, armies)
