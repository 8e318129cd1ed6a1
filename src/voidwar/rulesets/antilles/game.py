"""Battle Platform Antilles: the rules (rule numbers are the text's own).

Sequence of play — OUR READING (the text gives the steps, not their order; docs/antilles.md):
set-up (3.1: place P1..P7), then each turn:

1. the platform acts, automatically: Bolts in play move, farthest from the Antilles first (2.15),
   then each operational Bolt Caster acts in track order (2.11–2.14);
2. Paladin movement (3.2): each Paladin may move once; ``end movement``;
3. Paladin attacks (3.3, 3.4): each Paladin may fire once, each result applied at once;
   ``end attacks``;
4. end of turn: ``continue`` or ``abort`` (6.0); after turn 9 the squadron retreats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.dice import Dice
from ...core.errors import IllegalAction
from ...core.game import Action, Game, Result
from ...core.hexgrid import ORIGIN, Hex, HexagonBoard, direction_letter
from .actions import Abort, Continue, EndAttacks, EndMovement, Fire, Move, Place, parse
from .tables import Tables
from .values import ValueModel, values_for

PALADINS = 7  # 1.0: "a squadron of seven Paladin Assault Ships"
NOT_MOVED_BONUS = 3  # 3.2: "Paladins which do not move ... add 3 to their attack die rolls"

#: 6.1 Victory Levels: (lowest VP, level), highest first.
VICTORY_LEVELS: tuple[tuple[int, str], ...] = (
    (71, "Decisive Paladin Victory"),
    (50, "Solid Paladin Victory"),
    (40, "Marginal Antilles Victory"),
    (20, "Solid Antilles Victory"),
    (-(10**9), "Crushing Paladin Defeat"),
)


def victory_level(vp: int) -> str:
    """6.1: ≤19 Crushing Paladin Defeat … 71+ Decisive Paladin Victory."""
    for low, name in VICTORY_LEVELS:
        if vp >= low:
            return name
    raise AssertionError("unreachable")


@dataclass
class Paladin:
    id: int
    hex: Hex | None = None
    alive: bool = True
    moved: bool = False
    fired: bool = False


@dataclass
class Bolt:
    id: int
    kind: str  # normal | fast | exploding (2.2)
    hex: Hex
    facing: int  # 0..5 = A..F


class AntillesGame(Game):
    """Battle Platform Antilles (solitaire): the Commander against a dice-driven platform."""

    ruleset = "antilles"
    rules_version = 1
    SEAT = "commander"

    def __init__(
        self, dice: Dice, scenario: str | None, options: dict[str, Any], tables: Tables,
        values: ValueModel | None = None,
    ) -> None:
        super().__init__(dice, scenario, options)
        self.tables = tables
        #: the search's estimate (:mod:`.values`): given, else the shipped one if it fits
        self.values = values or values_for(tables)
        self.board = HexagonBoard(tables.model.board.radius)
        self.hexes: tuple[Hex, ...] = tuple(self.board)
        plat = tables.model.platform
        self.n_shields, self.n_armor, self.n_casters = plat.shields, plat.armor, plat.casters
        self.turn = 0
        self.phase = "setup"  # setup | movement | attack | end | over
        self.paladins = [Paladin(i) for i in range(1, PALADINS + 1)]
        self.bolts: dict[int, Bolt] = {}
        self.next_bolt = 1
        self.shield_hits = 0
        self.armor_hits = 0
        self.casters_destroyed = 0
        self.outcome: str | None = None
        self.end_turn: int | None = None
        if "position" in options:
            self._set_position(options["position"])

    def _set_position(self, pos: Any) -> None:
        """Start from a hand-built position (the ``position`` option), like a chess FEN.

        ``{"turn": 3, "phase": "attack", "paladins": {"1": [0, -2]}, "moved": [1],
        "fired": [], "bolts": [["exploding", [1, 0], "C"]], "hits": {"shields": 2, "armor": 0,
        "casters": 1}}`` — Paladins not listed are destroyed. Used by tests and tools; records
        keep it, so such games replay like any other.
        """
        from .position import apply_position

        apply_position(self, pos)

    # -- protocol --------------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return (self.SEAT,)

    @property
    def to_act(self) -> str | None:
        return None if self.outcome else self.SEAT

    def search_period(self) -> int:
        """Search horizons count turns (2.1)."""
        return self.turn

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def record_options(self) -> dict[str, Any]:
        opts = dict(self.options)
        if "tables" in opts:  # embed a user's tables so the record replays anywhere
            opts["tables"] = self.tables.raw
        if "search_values" in opts and self.values is not None:
            opts["search_values"] = self.values.model_dump()
        return opts

    def parse_action(self, text: str) -> Action:
        return parse(text, self.phase)

    def legal_actions(self) -> list[Action]:
        if self.outcome:
            return []
        if self.phase == "setup":
            nxt = self._next_unplaced()
            return [Place(nxt.id, h) for h in self.free_hexes()]
        if self.phase == "movement":
            out: list[Action] = []
            free = self.free_hexes()
            for p in self.living():
                if not p.moved:
                    out.extend(Move(p.id, h) for h in free)
            out.append(EndMovement())
            return out
        if self.phase == "attack":
            out = []
            for p in self.living():
                if p.fired or p.hex is None:
                    continue
                if p.hex.distance(ORIGIN) <= self.tables.max_range:
                    out.append(Fire(p.id, None))
                for b in self.bolts.values():
                    if p.hex.distance(b.hex) <= self.tables.max_range:
                        out.append(Fire(p.id, b.id))
            out.append(EndAttacks())
            return out
        acts: list[Action] = [Continue()]
        if self.phase == "end":
            acts.append(Abort())
        return acts

    def check(self, action: Action) -> None:
        if self.outcome:
            raise IllegalAction("the battle is over")
        phase = self.phase
        if isinstance(action, Place):
            if phase != "setup":
                raise IllegalAction("Paladins are placed only at set-up", "Antilles 3.1")
            nxt = self._next_unplaced()
            if action.paladin != nxt.id:
                raise IllegalAction(f"place P{nxt.id} next (Paladins are placed in order)",
                                    "Antilles 3.1")
            self._check_destination(action.hex, "placed", "3.1")
        elif isinstance(action, Move):
            if phase != "movement":
                raise IllegalAction("Paladins move only in the movement step", "Antilles 3.2")
            p = self._paladin(action.paladin)
            if p.moved:
                raise IllegalAction(f"P{p.id} has already moved this turn", "Antilles 3.2")
            if action.hex == p.hex:
                raise IllegalAction(f"P{p.id} is already at {p.hex}", "Antilles 3.2")
            self._check_destination(action.hex, "moved", "3.2")
        elif isinstance(action, EndMovement):
            if phase != "movement":
                raise IllegalAction("it is not the movement step", "Antilles 3.2")
        elif isinstance(action, Fire):
            self._check_fire(action)
        elif isinstance(action, EndAttacks):
            if phase != "attack":
                raise IllegalAction("it is not the attack step", "Antilles 3.3")
        elif isinstance(action, Continue):
            if phase != "end":
                raise IllegalAction("the turn is not over yet", "Antilles 6.0")
        elif isinstance(action, Abort):
            if phase != "end":
                raise IllegalAction("the mission may be aborted only at the end of a turn",
                                    "Antilles 6.0")
        else:
            raise IllegalAction(f"not an Antilles action: {action}")

    def execute(self, action: Action) -> None:
        if isinstance(action, Place):
            self._paladin(action.paladin).hex = action.hex
            self.emit("place", f"P{action.paladin} placed at {action.hex}",
                      paladin=action.paladin, hex=[action.hex.q, action.hex.r])
            if all(p.hex is not None for p in self.paladins):
                self._start_turn()
        elif isinstance(action, Move):
            p = self._paladin(action.paladin)
            self.emit("move", f"P{p.id} moves {p.hex} → {action.hex}", paladin=p.id,
                      hex=[action.hex.q, action.hex.r])
            p.hex, p.moved = action.hex, True
        elif isinstance(action, EndMovement):
            self.phase = "attack"
        elif isinstance(action, Fire):
            self._fire(action)
        elif isinstance(action, EndAttacks):
            self._end_of_turn()
        elif isinstance(action, Continue):
            self._start_turn()
        elif isinstance(action, Abort):
            self._finish("mission-aborted")

    @property
    def result(self) -> Result | None:
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
        return {
            "ruleset": self.ruleset,
            "turn": self.turn,
            "phase": "over" if self.outcome else self.phase,
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

    # -- queries ---------------------------------------------------------------------------------
    def living(self) -> list[Paladin]:
        return [p for p in self.paladins if p.alive and p.hex is not None]

    def boxes_destroyed(self) -> int:
        """6.0 "box destroyed" / "component destroyed": we count Shield, Armor and Caster boxes."""
        return self.shield_hits + self.armor_hits + self.casters_destroyed

    def victory_points(self) -> int:
        """6.0 Victory Points for the outcome so far (or as if the game ended now)."""
        sc = self.tables.model.scoring
        alive = len([p for p in self.paladins if p.alive])
        if self.outcome == "antilles-destroyed":
            turns_left = max(0, sc.last_turn - self.turn)
            return sc.destroyed_base + sc.per_surviving_paladin * alive + (
                sc.early_bonus_per_turn * turns_left
            )
        if self.outcome == "paladins-destroyed":
            return self.boxes_destroyed()
        return self.boxes_destroyed() + sc.per_surviving_paladin * alive

    def bolt_at(self, h: Hex) -> Bolt | None:
        for b in self.bolts.values():
            if b.hex == h:
                return b
        return None

    def paladin_at(self, h: Hex) -> Paladin | None:
        for p in self.paladins:
            if p.alive and p.hex == h:
                return p
        return None

    def attack_bonus(self, p: Paladin) -> int:
        """3.2: +3 to attack rolls for a Paladin that did not move this turn."""
        return 0 if p.moved else NOT_MOVED_BONUS

    # -- helpers ---------------------------------------------------------------------------------
    def _paladin(self, pid: int) -> Paladin:
        if not 1 <= pid <= PALADINS:
            raise IllegalAction(f"there is no Paladin P{pid} (P1..P{PALADINS})", "Antilles 1.0")
        p = self.paladins[pid - 1]
        if not p.alive:
            raise IllegalAction(f"P{pid} has been destroyed", "Antilles 2.16")
        return p

    def _next_unplaced(self) -> Paladin:
        return next(p for p in self.paladins if p.hex is None)

    def free_hexes(self) -> list[Hex]:
        """3.2: hexes a Paladin may enter — not the Antilles', a Paladin's or a Bolt's."""
        taken = {p.hex for p in self.paladins if p.alive} | {b.hex for b in self.bolts.values()}
        taken.add(ORIGIN)
        return [h for h in self.hexes if h not in taken]

    def _free_for_paladin(self, h: Hex) -> bool:
        return h != ORIGIN and self.paladin_at(h) is None and self.bolt_at(h) is None

    def _check_destination(self, h: Hex, verb: str, rule: str) -> None:
        if h not in self.board:
            raise IllegalAction(f"{h} is off the map (radius {self.board.radius})",
                                f"Antilles {rule}")
        if h == ORIGIN:
            raise IllegalAction("a Paladin may not be " + verb + " in the Antilles' hex",
                                f"Antilles {rule}")
        other = self.paladin_at(h)
        if other is not None:
            raise IllegalAction(f"P{other.id} is already at {h}", f"Antilles {rule}")
        bolt = self.bolt_at(h)
        if bolt is not None:
            raise IllegalAction(f"Bolt B{bolt.id} is at {h}", f"Antilles {rule}")

    def _check_fire(self, action: Fire) -> None:
        if self.phase != "attack":
            raise IllegalAction("Paladins fire only in the attack step", "Antilles 3.3")
        p = self._paladin(action.paladin)
        if p.fired:
            raise IllegalAction(f"P{p.id} has already fired this turn", "Antilles 3.3")
        assert p.hex is not None
        if action.target is None:
            rng = p.hex.distance(ORIGIN)
            if rng > self.tables.max_range:
                raise IllegalAction(
                    f"the Antilles is {rng} hexes from P{p.id}; fusion guns reach "
                    f"{self.tables.max_range}", "Antilles 3.3")
        else:
            b = self.bolts.get(action.target)
            if b is None:
                raise IllegalAction(f"there is no Bolt B{action.target} in play", "Antilles 3.4")
            rng = p.hex.distance(b.hex)
            if rng > self.tables.max_range:
                raise IllegalAction(
                    f"B{b.id} is {rng} hexes from P{p.id}; the chart reaches "
                    f"{self.tables.max_range}", "Antilles 3.4")

    # -- the turn --------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn += 1
        self.emit("turn", f"— Turn {self.turn} —", turn=self.turn)
        for p in self.paladins:
            p.moved = p.fired = False
        self._platform_acts()
        if not self.outcome:
            self.phase = "movement"

    def _end_of_turn(self) -> None:
        if self.turn >= self.tables.model.scoring.last_turn:
            self._finish("end-of-turn-nine")  # 6.0 End of Turn Nine: the survivors retreat
        else:
            self.phase = "end"

    def _finish(self, outcome: str) -> None:
        self.outcome = outcome
        self.end_turn = self.turn
        self.phase = "over"
        vp = self.victory_points()
        self.emit("end", f"{outcome}: {vp} VP, {victory_level(vp)}", outcome=outcome, vp=vp)

    def _platform_acts(self) -> None:
        # 2.15 Existing Bolts: farthest from the Antilles first; equal range by Bolt number
        # (the text allows any order; we fix one so that replays are exact).
        order = sorted(self.bolts.values(), key=lambda b: (-b.hex.distance(ORIGIN), b.id))
        for bolt in order:
            if self.outcome:
                return
            if bolt.id in self.bolts:
                self._fly(bolt)
        # 2.11–2.14: each operational Caster acts, in track order.
        for caster in range(1, self.n_casters - self.casters_destroyed + 1):
            self._caster_acts(caster)
            if self.outcome:
                return

    def _caster_acts(self, caster: int) -> None:
        """2.11/2.13/2.14: roll on the Active Bolt Caster table until the Caster is done."""
        again = True
        while again and not self.outcome:
            again = False
            entry = self.tables.caster[self.roll(20, f"Active Bolt Caster {caster}") - 1]
            if entry.action == "recharge":
                # 2.14 Recharge: remove one hit from a Shield box; none hit → no action.
                if self.shield_hits:
                    self.shield_hits -= 1
                    self.emit("recharge", f"Caster {caster} recharges a Shield box")
                else:
                    self.emit("recharge", f"Caster {caster}: recharge, but no Shield is hit")
            elif entry.action == "launch":
                self._launch(caster, entry.bolt or "normal", entry.facing or 0)
            else:
                # 2.14 Launch and roll again — our reading of "launch a Bolt as normal": roll
                # again for the Bolt (re-rolling non-launch entries), then roll another action.
                self.emit("again", f"Caster {caster}: launch and roll again")
                while True:
                    sub = self.tables.caster[self.roll(20, f"Bolt for Caster {caster}") - 1]
                    if sub.action == "launch":
                        break
                self._launch(caster, sub.bolt or "normal", sub.facing or 0)
                again = True

    def _launch(self, caster: int, kind: str, facing: int) -> None:
        """2.11: a Bolt starts in the Antilles' hex facing the table's direction, then flies
        its whole Path before the next Caster acts (2.12)."""
        bolt = Bolt(self.next_bolt, kind, ORIGIN, facing)
        self.next_bolt += 1
        self.emit("launch", f"Caster {caster} launches {kind} Bolt B{bolt.id} facing "
                  f"{direction_letter(facing)}", bolt=bolt.id, type=kind, facing=facing)
        other = self.bolt_at(ORIGIN)
        if other is not None:
            # 2.17: a newly launched Bolt meets a Bolt that ended its movement in the Antilles hex.
            del self.bolts[other.id]
            self.emit("collision", f"B{bolt.id} meets B{other.id} in the Antilles hex: both "
                      "destroyed (2.17)")
            return
        self.bolts[bolt.id] = bolt
        self._fly(bolt)

    def _fly(self, bolt: Bolt) -> None:
        """2.12 one Path; 2.2 Fast Bolts roll a second Path once the first is done."""
        paths = 2 if bolt.kind == "fast" else 1
        for n in range(paths):
            if bolt.id not in self.bolts or self.outcome:
                return
            label = f"Path of B{bolt.id}" + (" (second, fast)" if n else "")
            steps = self.tables.paths[self.roll(20, label) - 1]
            for veer in steps:
                if not self._step(bolt, veer):
                    return

    def _step(self, bolt: Bolt, veer: int) -> bool:
        """Move a Bolt one hex; resolve 2.18, 2.17, 2.16 and 2.2 (exploding). False: it is gone."""
        bolt.facing = (bolt.facing + veer) % 6
        nxt = bolt.hex.neighbor(bolt.facing)
        if nxt not in self.board:  # 2.18 Exiting the Map
            del self.bolts[bolt.id]
            self.emit("exit", f"B{bolt.id} leaves the map", bolt=bolt.id)
            return False
        bolt.hex = nxt
        other = next((b for b in self.bolts.values() if b.hex == nxt and b.id != bolt.id), None)
        if other is not None:  # 2.17 Entering a Hex Occupied by Another Bolt
            del self.bolts[bolt.id]
            del self.bolts[other.id]
            self.emit("collision", f"B{bolt.id} hits B{other.id} at {nxt}: both destroyed (2.17)")
            return False
        pal = self.paladin_at(nxt)
        if bolt.kind == "exploding":
            # 2.2 Exploding Bolts explode on entering a hex adjacent to a Paladin (or its hex).
            adjacent = [p for p in self.living() if p.hex is not None and p.hex.distance(nxt) == 1]
            if pal is not None or adjacent:
                del self.bolts[bolt.id]
                victims = ([pal] if pal else []) + adjacent
                self.emit("explosion", f"Exploding B{bolt.id} detonates at {nxt}", bolt=bolt.id)
                for p in victims:
                    self._destroy_paladin(p, f"destroyed by the explosion of B{bolt.id} (2.2)")
                return False
        elif pal is not None:  # 2.16 Entering a Hex Occupied by a Paladin
            del self.bolts[bolt.id]
            self._destroy_paladin(pal, f"destroyed by B{bolt.id}, which is destroyed too (2.16)")
            return False
        return True

    def _destroy_paladin(self, p: Paladin, how: str) -> None:
        p.alive = False
        self.emit("paladin-lost", f"P{p.id} {how}", paladin=p.id)
        if not any(q.alive for q in self.paladins):
            self._finish("paladins-destroyed")  # 6.0 Paladins Destroyed

    def _fire(self, action: Fire) -> None:
        p = self._paladin(action.paladin)
        assert p.hex is not None
        p.fired = True
        bonus = self.attack_bonus(p)
        if action.target is None:
            rng = p.hex.distance(ORIGIN)
            roll = self.roll(20, f"Paladin Attacks, P{p.id} at range {rng}")
            total = roll + bonus
            col = self.tables.column(rng)
            if total >= col.caster:
                self._hit("caster", p, total)
            elif total >= col.armor:
                self._hit("armor", p, total)
            elif total >= col.shield:
                self._hit("shield", p, total)
            else:
                self.emit("miss", f"P{p.id} ({roll}+{bonus}={total}) misses the Antilles")
        else:
            b = self.bolts[action.target]
            rng = p.hex.distance(b.hex)
            roll = self.roll(20, f"Paladin Attacks (Effect B), P{p.id} at B{b.id}, range {rng}")
            total = roll + bonus
            if total >= self.tables.column(rng).bolt:
                del self.bolts[b.id]
                self.emit("bolt-destroyed", f"P{p.id} ({roll}+{bonus}={total}) destroys B{b.id}")
            else:
                self.emit("miss", f"P{p.id} ({roll}+{bonus}={total}) misses B{b.id}")

    def _hit(self, layer: str, p: Paladin, total: int) -> None:
        """4.0: place a hit; full Shields overflow to Armor, full Armor to the Casters."""
        if layer == "shield" and self.shield_hits >= self.n_shields:
            layer = "armor"
        if layer == "armor" and self.armor_hits >= self.n_armor:
            layer = "caster"
        if layer == "shield":
            self.shield_hits += 1
            what = "REDUCE SHIELD"
        elif layer == "armor":
            self.armor_hits += 1
            what = "REDUCE ARMOR"
        else:
            self.casters_destroyed += 1
            what = "DESTROY BOLT CASTER"
        self.emit("hit", f"P{p.id} ({total}): {what}", layer=layer)
        if self.casters_destroyed >= self.n_casters:
            self._finish("antilles-destroyed")  # 5.0: the game ends immediately
