"""Regenerate the golden playthrough: ``python tests/astral_dreams/regen_golden.py``.

A readable trace of a seeded game on the ruins (terrain) scenario, cut to 6 rounds, heuristic
Scouts against heuristic Robots: each action with the number of legal actions, every roll and
event, the units at the end of each round, the result. ``test_play.py`` diffs it, so that any
change to the rules, the profiles, the scenario or the move candidates shows up.
"""

from __future__ import annotations

from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "ruins_seed7_heuristic.txt"


def playthrough(seed: int = 7) -> str:
    import voidwar
    from voidwar.rulesets.astral_dreams.game import AstralDreams
    from voidwar.sim.playthrough import playthrough as trace

    game = voidwar.load("astral-dreams", scenario="ruins", seed=seed, round_limit=6)
    assert isinstance(game, AstralDreams)
    bots = {
        "scouts": voidwar.policies.get("heuristic", "astral-dreams", seed),
        "robots": voidwar.policies.get("heuristic", "astral-dreams", seed + 1),
    }
    rounds = [game.round]

    def new_round(g: object, action: str) -> bool:
        assert isinstance(g, AstralDreams)
        changed = g.round != rounds[-1]
        rounds.append(g.round)
        return changed

    def units(g: object) -> str:
        assert isinstance(g, AstralDreams)
        return "  units: " + ", ".join(
            f"{u['id']}@{u['at']} h{u['health']}" for u in g.state_dict()["units"])

    return trace(game, bots,
                 f"Astral Dreams, ruins (6 rounds), seed {seed}, heuristic scouts vs robots",
                 snapshot=units, snapshot_after=new_round)


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(playthrough())
    print(f"wrote {GOLDEN}")
