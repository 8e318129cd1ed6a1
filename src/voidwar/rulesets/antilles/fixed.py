"""The numbers the Antilles text fixes itself: they belong to the rules, never to a table file.

A table file (the shipped reconstruction or a user's, ``--tables``) supplies only what the text
lacks: the d20 tables, the chart, the Shield and Armor boxes, the board, the early bonus. The
fields below were once table values; a file that names one is refused unless it repeats the
text's own number (old files and records stay readable), so ``casters = 3`` or ``last_turn = 8``
can never change the game (docs/antilles.md, "Your own tables").
"""

from __future__ import annotations

PALADINS = 7  # 1.0: "a squadron of seven Paladin Assault Ships"
NOT_MOVED_BONUS = 3  # 3.2: "Paladins which do not move ... add 3 to their attack die rolls"
CASTERS = 4  # 5.0: "The Platform is destroyed when all four Bolt Casters have been destroyed"
DESTROYED_BASE = 50  # 6.0 Antilles Destroyed: "Score 50 Victory Points"
PER_SURVIVING_PALADIN = 5  # 6.0: "An additional five Victory Points ... for each surviving Paladin"
LAST_TURN = 9  # 6.0 End of Turn Nine: "At the end of the ninth turn ... must retreat"
#: 3.3 worked example: "At a range of 2, a Paladin rolls a 17 ... adds 3 ... The total is
#: therefore 20, which results in a Bolt Caster being destroyed."
EXAMPLE_RANGE, EXAMPLE_TOTAL = 2, 20

#: table-file field → (the text's value, the text's words) for every number the text fixes
FIXED_FIELDS: dict[str, tuple[int, str]] = {
    "platform.casters": (CASTERS, '5.0 "all four Bolt Casters"'),
    "scoring.destroyed_base": (DESTROYED_BASE, '6.0 "Score 50 Victory Points"'),
    "scoring.per_surviving_paladin": (
        PER_SURVIVING_PALADIN, '6.0 "An additional five Victory Points ... for each surviving '
        'Paladin"'),
    "scoring.last_turn": (LAST_TURN, '6.0 "At the end of the ninth turn"'),
}


def fixed_reason(field: str, value: int) -> str | None:
    """Why a table file may not give ``value`` for the text-fixed ``field`` (``None``: it
    repeats the text's number)."""
    want, words = FIXED_FIELDS[field]
    if value == want:
        return None
    return (f"fixed by the text, {words}: it is {want}, not a table value "
            f"(leave it out of the table file)")
