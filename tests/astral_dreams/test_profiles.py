"""Every number of every profile, checked against the text.

``TEXT`` is transcribed from rules/astral-dreams.txt (Imperial Scouts, Ladek Marine Robots); when
the rules text itself is at hand, the profiles are also parsed from it and compared.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from voidwar.rulesets.astral_dreams.data import units

# name: (level, points, speed, armor, health, MA, MD, RA, range, RD, save, attacks)
SCOUTS = {
    "spacer": ("Spacer", 1, 4, 6, 17, 1, 3, 1, 3, None, 12, 2, 1),
    "scout": ("Scout", 2, 9, 6, 17, 2, 4, 1, 4, None, 12, 2, 1),
    "navigator": ("Navigator", 3, 14, 6, 18, 3, 4, 1, 4, None, 12, 2, 1),
    "sub-lieutenant": ("Sub-Lieutenant", 4, 19, 6, 18, 4, 5, 1, 5, None, 12, 2, 1),
    "master-scout": ("Master Scout", 5, 24, 6, 18, 5, 6, 1, 6, None, 12, 2, 1),
    "lieutenant": ("Lieutenant", 6, 29, 6, 19, 6, 7, 1, 7, None, 12, 2, 1),
    "first-lieutenant": ("First Lieutenant", 7, 34, 6, 19, 7, 8, 1, 8, None, 12, 2, 1),
    "commander": ("Commander", 8, 39, 6, 19, 8, 9, 1, 9, None, 12, 2, 2),
    "captain": ("Captain", 9, 43, 6, 19, 9, 10, 1, 10, None, 12, 2, 2),
    "post-captain": ("Post Captain", 10, 49, 6, 20, 10, 11, 1, 11, None, 12, 2, 2),
}
ROBOTS = {
    "marine": ("Marine", 3, 21, 8, 21, 3, 6, 2, 6, 12, 13, 0, 2),
    "corporal": ("Corporal", 4, 26, 8, 21, 4, 8, 2, 8, 12, 13, 0, 2),
    "sergeant": ("Sergeant", 5, 31, 8, 21, 6, 10, 4, 10, 12, 13, 1, 2),
    "lieutenant": ("Lieutenant", 6, 36, 8, 21, 7, 12, 4, 12, 12, 13, 1, 2),
    "captain": ("Captain", 7, 41, 8, 21, 9, 14, 4, 14, 12, 13, 1, 2),
    "major": ("Major", 8, 46, 8, 21, 10, 16, 4, 16, 12, 13, 1, 2),
}
FIELDS = ("name", "level", "points", "speed", "armor", "health", "ma", "md", "ra", "range", "rd",
          "save", "attacks")


def _row(side: str, key: str) -> tuple[object, ...]:
    p = units().side(side).units[key]
    return tuple(getattr(p, f) for f in FIELDS)


@pytest.mark.parametrize("key", list(SCOUTS))
def test_scout_profiles(key: str) -> None:
    assert _row("scouts", key) == SCOUTS[key]


@pytest.mark.parametrize("key", list(ROBOTS))
def test_robot_profiles(key: str) -> None:
    assert _row("robots", key) == ROBOTS[key]
    assert units().robots.units[key].md_note == "blunt"


def test_all_ranks_and_nothing_else() -> None:
    assert list(units().scouts.units) == list(SCOUTS)
    assert list(units().robots.units) == list(ROBOTS)


RULES = Path(__file__).resolve().parents[3] / "shared" / "rules" / "astral-dreams.txt"


def _parse_text(text: str) -> list[dict[str, object]]:
    """Profiles as the text prints them (name line, 'Level N - P PTS', the stat grid)."""
    blocks = re.split(r"\n(?=[A-Z][A-Za-z -]+\n(?:Good|Evil) )", text)
    out: list[dict[str, object]] = []
    for b in blocks:
        m = re.match(r"([A-Z][A-Za-z -]+)\n(?:Good|Evil)[^\n]*\nLevel (\d+) [-–] ?(\d+) ?PTS", b)
        if not m:
            continue
        stat = dict(re.findall(r"(Speed|Armor|Health|Save|MA|MD|RA|RD):\s*([+\d]+)", b))
        rng = re.search(r"RA:\s*\+\d+ (\d+)”", b)
        out.append({
            "name": m.group(1).strip(), "level": int(m.group(2)), "points": int(m.group(3)),
            "speed": int(stat["Speed"]), "armor": int(stat["Armor"]),
            "health": int(stat["Health"]), "ma": int(stat["MA"]), "md": int(stat["MD"]),
            "ra": int(stat["RA"]), "rd": int(stat["RD"]), "save": int(stat["Save"]),
            "range": int(rng.group(1)) if rng else None,
            "attacks": 2 if "Two Attacks" in b.split("Special")[-1] else 1,
        })
    return out


@pytest.mark.skipif(not RULES.exists(), reason="the rules text is not beside this checkout")
def test_profiles_match_the_rules_text_itself() -> None:
    parsed = _parse_text(RULES.read_text())
    assert len(parsed) == 16
    ours = [*(units().scouts.units.values()), *(units().robots.units.values())]
    for mine, theirs in zip(ours, parsed, strict=True):
        assert {k: getattr(mine, k) for k in theirs} == theirs
