"""Astral Dreams computer opponent: the ``heuristic`` policy (plays either side).

For every miniature that may still act and every place it may move to (the legal move
candidates, or staying put) it scores the best attack from there — expected points destroyed,
so a wounded target (focus fire) and a sure kill count most — minus the danger of standing
there: every enemy that could move and strike that spot on its next turn, halved where a
line-of-sight blocker stands between (cover). With no attack on offer the danger term keeps it
out of reach until it can strike first, and a small pull toward the enemy (growing with the
rounds, so that cautious play cannot stall forever) brings it forward.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...core.dice import PCG32
from ...core.game import Action, Game
from ...core.memo import remember
from ...core.native import mypyc_attr
from ...core.tabletop import MARGIN, Point, fl
from .actions import Attack, AttackKind, End, Move
from .data import Profile
from .game import AstralDreams
from .state import Setup, Unit

MELEE, SHOOT = AttackKind.MELEE, AttackKind.SHOOT


def p_hit(bonus: int, armor: int) -> float:
    """P(d20 + bonus ≥ armor) (The Round 2b.i / 2c.i)."""
    need = armor - bonus
    return min(20, max(0, 21 - need)) / 20


def _plan_inputs(g: AstralDreams, u: Unit, moved: bool
                 ) -> tuple[list[Point], list[Unit], float]:
    """What a unit's plans are scored over: the places it may stand (where it is, or each move
    candidate), the enemies, and the pull toward them (growing with the round, and past half
    a round limit)."""
    places = [u.pos] if moved else [u.pos, *g.move_candidates(u)]
    enemies = [e for e in g.units.values() if e.side != u.side]
    pull = 0.05 + 0.03 * max(0, g.round - 3)
    if g.setup.round_limit:
        pull += 0.1 * max(0, g.round - g.setup.round_limit // 2)
    return places, enemies, pull


#: :meth:`HeuristicPolicy.threat_of` by the two profiles (frozen values, hashed by their
#: fields) and the victim's health; remembered (core/memo.py)
_THREATS: dict[tuple[Profile, Profile, int], float] = {}


def _range(u: Unit, s: Setup) -> int:
    """:meth:`.state.Battle.range_of`: the profile's range, else the scenario's Scout range."""
    r = u.profile.range
    return r if r is not None else s.scout_range


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Plan:
    """An action and the score the heuristic gives it."""

    score: float
    action: Action


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class HeuristicPolicy:
    """The ``heuristic`` policy (see the module docstring); seeded for its tie-breaks."""

    name = "heuristic"

    #: how much a unit of expected loss weighs against a unit of expected gain
    caution = 0.7

    def __init__(self, seed: int = 0) -> None:
        self.rng = PCG32(seed)

    # -- scoring -------------------------------------------------------------------------------
    def attack_value(self, g: AstralDreams, u: Unit, t: Unit, kind: str, n: int) -> float:
        """Expected worth of ``n`` attacks of ``kind`` by ``u`` on ``t``: a kill is worth the
        target's points and the harm it would do next; a wound its share (focus fire)."""
        prof = u.profile
        bonus, dmg = (prof.ma, prof.md) if kind == AttackKind.MELEE else (prof.ra, prof.rd)
        p = p_hit(bonus, t.profile.armor)
        hits_to_kill = -(-t.health // dmg) if dmg > 0 else 99
        if hits_to_kill > n:
            # partial damage: worth its share of what is left of the target (focus fire)
            return n * p * min(dmg, t.health) / t.health * t.profile.points * 0.5
        p_kill = 1 - (1 - p) ** n if hits_to_kill == 1 else p**n
        # a kill is worth the target's points and the harm it would have done next
        harm = max((self.threat_of(g, t, o) for o in g.units.values() if o.side == u.side),
                   default=0.0)
        return p_kill * (t.profile.points + 2 * harm) + (1 - p_kill) * 0.1

    def threat_of(self, g: AstralDreams, e: Unit, victim: Unit) -> float:
        """Expected points ``e`` destroys of ``victim`` in one turn at its best: a pure
        function of the two profiles (read-only values) and the victim's health, remembered."""
        pe, pv = e.profile, victim.profile
        key = (pe, pv, victim.health)
        hit = _THREATS.get(key)
        if hit is not None:
            return hit
        best = 0.0
        for bonus, dmg in ((pe.ma, pe.md), (pe.ra, pe.rd)):
            p = p_hit(bonus, victim.profile.armor)
            need = -(-victim.health // dmg) if dmg > 0 else 99
            if need <= pe.attacks:
                v = (1 - (1 - p) ** pe.attacks if need == 1 else p**pe.attacks)
                best = max(best, v * victim.profile.points)
            else:
                best = max(best, pe.attacks * p * dmg / victim.profile.health
                           * victim.profile.points * 0.5)
        return remember(_THREATS, key, best, 4096)

    def plans_for(self, g: AstralDreams, u: Unit, moved: bool) -> list[Plan]:
        """One scored plan per place ``u`` may stand (where it is, or each move candidate): the
        best attack from there (in contact, or in range and sight), less ``caution`` times the
        danger (each enemy that could reach the place on its next turn, its threat halved
        behind a blocker: the worst in full, the rest halved), less a pull toward the nearest
        enemy, plus a seeded tie-break. One pass over the enemies per place: each distance
        worked out once and shared by contact, range, the danger and the pull."""
        return [Plan(score, self._action(u, p, kind, killed))
                for score, p, kind, killed in self._scores(g, u, moved, False)]

    @staticmethod
    def _action(u: Unit, p: Point, kind: AttackKind | None, killed: str | None) -> Action:
        """The action of a scored place: a move there, else (where ``u`` stands) the best
        attack from there or the end of its turn."""
        if p is not u.pos:  # a move candidate is never where u stands (.destinations)
            return Move(u.id, p)
        if kind is None or killed is None:
            return End(u.id)
        return Attack(kind, u.id, (killed,))

    def _scores(self, g: AstralDreams, u: Unit, moved: bool, best_only: bool
                ) -> list[tuple[float, Point, AttackKind | None, str | None]]:
        """:meth:`plans_for`'s scores, each with its place, the best attack's kind and its
        target (no action made). ``best_only``: only the first place of the highest score
        (what sorting the plans by score and taking the first gives), every random draw
        made alike."""
        places, enemies, pull = _plan_inputs(g, u, moved)
        if not enemies:
            return [(0.0, u.pos, None, None)]
        s = g.setup
        table, fc2, c2 = s.table, s.fcontact2, s.contact2
        los = any(f.blocks_los for f in table.features)
        reach = g.range_of(u)
        fr = float(reach)
        fr2, r2 = fr * fr, reach * reach
        contact = 2 * s.fradius + fl(s.tolerance)
        # each enemy's threat to u: a pure function of the position, worked out once
        foes: list[tuple[Unit, Point, float, float, float, float, float, float]] = [
            (e, e.pos, e.pos.fx, e.pos.fy,
             e.profile.speed + max(float(_range(e, s)), contact) + 0.25,
             contact + e.profile.speed, 0.6 if e.done else 1.0, self.threat_of(g, e, u))
            for e in enemies]
        values: dict[tuple[str, AttackKind], float] = {}
        caution, rng = self.caution, self.rng
        n = u.profile.attacks
        # above these no tolerance can bring a squared distance within contact or range
        fc2_hi, fr2_hi = fc2 * (1 + 1e-6) + 1e-6, fr2 * (1 + 1e-6) + 1e-6
        out: list[tuple[float, Point, AttackKind | None, str | None]] = []
        top_score = 0.0
        for p in places:
            px, py = p.fx, p.fy
            best_val = 0.0
            best: AttackKind | None = None
            killed: str | None = None
            nearest2 = math.inf
            # (enemy id, its weighted threat) for those that can reach p: the danger's terms
            terms: list[tuple[str, float]] = []
            for t, tp, tx, ty, reach_e, near_e, w, threat in foes:
                dx, dy = px - tx, py - ty
                d2 = dx * dx + dy * dy
                if d2 < nearest2:
                    nearest2 = d2
                if d2 <= fc2_hi:
                    tol = MARGIN * (fc2 + d2) + 1e-12  # BattleState.in_contact
                    if d2 < fc2 - tol or (d2 <= fc2 + tol and p.dist2(tp) <= c2):
                        v = values.get((t.id, MELEE), -1.0)
                        if v < 0:
                            v = values[t.id, MELEE] = self.attack_value(g, u, t, MELEE, n)
                        if v > best_val:
                            best_val, best, killed = v, MELEE, t.id
                if d2 <= fr2_hi:
                    tol = MARGIN * (fr2 + d2) + 1e-12  # within(p, t, range), then the sight
                    if (d2 < fr2 - tol or (d2 <= fr2 + tol and p.dist2(tp) <= r2)) and (
                            not los or table.line_of_sight(p, tp) is None):
                        v = values.get((t.id, SHOOT), -1.0)
                        if v < 0:
                            v = values[t.id, SHOOT] = self.attack_value(g, u, t, SHOOT, n)
                        if v > best_val:
                            best_val, best, killed = v, SHOOT, t.id
                d = math.sqrt(d2)  # math.sqrt itself: native in the compiled build
                if d <= reach_e:
                    if los and d > near_e and table.line_of_sight(tp, p) is not None:
                        terms.append((t.id, w * 0.5 * threat))  # cover
                    else:
                        terms.append((t.id, w * threat))
            danger = 0.0
            if terms:
                # the danger: the worst threat in full, the rest halved (``killed`` left out)
                total = 0.0
                top = -math.inf
                m = 0
                for tid, v in terms:
                    if killed is not None and tid == killed:
                        continue
                    if m == 0 or v > top:
                        top = v
                    total += v
                    m += 1
                if m:
                    danger = top + 0.5 * (total - top)
            score = best_val - caution * danger - pull * math.sqrt(nearest2)
            score += rng.random() * 1e-6  # break ties, seeded
            if not best_only:
                out.append((score, p, best, killed))
            elif not out or score > top_score:
                top_score = score
                if out:
                    out[0] = (score, p, best, killed)
                else:
                    out.append((score, p, best, killed))
        return out

    # -- the policy ---------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        """The acting unit's best attack (or its end), else the best plan of all."""
        if not isinstance(game, AstralDreams):
            raise TypeError("the Astral Dreams heuristic plays Astral Dreams only")
        g = game
        if g.current is not None:
            u = g.units[g.current]
            options = g.attack_options(u, g.attack_kind)
            if not options:
                return End(u.id)
            n = g.attacks_left if g.attack_kind else u.profile.attacks
            # max(options, key=value): the first of the highest value
            choice, top = options[0], -math.inf
            for i, a in enumerate(options):
                v = self.attack_value(g, u, g.units[a.targets[0]], a.kind, n)
                if i == 0 or v > top:
                    choice, top = a, v
            return choice
        # ranked(g)[0]: the first plan of the highest score, no other action made
        pick: tuple[float, Point, AttackKind | None, str | None] | None = None
        who: Unit | None = None
        for u in g.ready(g.turn):
            for sc in self._scores(g, u, False, True):
                if pick is None or sc[0] > pick[0]:
                    pick, who = sc, u
        if pick is None or who is None:
            return self.ranked(g)[0]  # nobody ready: what ranked() says (an IndexError)
        return self._action(who, pick[1], pick[2], pick[3])

    def ranked(self, g: AstralDreams) -> list[Action]:
        """Every plan of every miniature that may act (a move, an attack from where it stands,
        or ending its turn), best score first; the policy's choice is the first."""
        plans: list[Plan] = []
        for u in g.ready(g.turn):
            plans.extend(self.plans_for(g, u, moved=False))
        plans.sort(key=_negative_score)
        return [pl.action for pl in plans]


def _negative_score(plan: Plan) -> float:
    """The sort key of :meth:`HeuristicPolicy.ranked`: the best score first."""
    return -plan.score
