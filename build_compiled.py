"""Optional compiled build: the hot modules compiled with mypyc from their typed source.

Run ``make compiled`` (or ``python build_compiled.py``): it builds one extension module per
listed source file IN PLACE next to it (``src/voidwar/.../risk.cpython-*.so``) plus one shared
library (``src/voidwar/_compiled__mypyc*.so``); Python then imports the ``.so`` instead of the
``.py``.  ``make clean-compiled`` removes them all.  Nothing else changes: the ``.py`` files stay
the one source of the rules, pure Python stays the default, and
``tests/antilles/test_compiled.py`` plays the same games both ways and compares them.

Core's hot path is listed too (``game.py``: ``Game.apply`` and the events; ``tabletop.py``):
their classes are marked ``@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)``
(``core/native.py``), so they stay ordinary classes with compiled methods that every ruleset
subclasses and copies through ``__dict__`` as before.
Space Fleet's rules classes are marked the same way (the free table's game subclasses them);
its ships are native classes. Notation gives actions their ``__str__`` and ``__init__`` at run
time, so ``notation.py`` (and ``strict.py``) stay interpreted.
``tests/core/test_compiled.py`` plays every ruleset's games both ways and compares them.
"""

from __future__ import annotations

import os

#: the compiled modules (paths from the repository root), chosen by profile (docs/architecture.md)
MODULES = (
    # core: what every ruleset runs per action (Game.apply: parse → check → execute, the
    # events) and the tabletop geometry. dice.py and policy.py stay interpreted: compiled, their
    # methods of ordinary classes gained nothing (docs/architecture.md "Compiled build").
    "src/voidwar/core/hexgrid.py",
    # PCG32 on native 64-bit integers: every die and every random pick
    "src/voidwar/core/pcg.py",
    # the shared tables' one atomic store, called from the compiled rules' memos
    "src/voidwar/core/memo.py",
    "src/voidwar/core/game.py",
    "src/voidwar/core/tabletop/exact.py",
    "src/voidwar/core/tabletop/points.py",
    "src/voidwar/core/tabletop/segments.py",
    "src/voidwar/core/tabletop/shapes.py",
    "src/voidwar/rulesets/antilles/risk.py",
    "src/voidwar/rulesets/antilles/attacks.py",
    "src/voidwar/rulesets/antilles/platform.py",
    "src/voidwar/rulesets/antilles/state.py",
    "src/voidwar/rulesets/antilles/policies.py",
    "src/voidwar/rulesets/antilles/steps.py",
    "src/voidwar/rulesets/antilles/turn.py",
    "src/voidwar/rulesets/antilles/game.py",
    # Space Fleet: the heuristic's path search, and the rules: the ships (native classes), the
    # game classes non-native like core's (the free table subclasses them), the damage table
    # (tests/space_fleet/test_compiled.py)
    "src/voidwar/rulesets/space_fleet/policies.py",
    "src/voidwar/rulesets/space_fleet/state.py",
    "src/voidwar/rulesets/space_fleet/battle.py",
    "src/voidwar/rulesets/space_fleet/movement.py",
    "src/voidwar/rulesets/space_fleet/fire.py",
    "src/voidwar/rulesets/space_fleet/damage.py",
    # a ship's profile: a native frozen dataclass, its stats read as a C struct's fields
    "src/voidwar/rulesets/space_fleet/profile.py",
    "src/voidwar/rulesets/space_fleet/game.py",
    # Astral Dreams: where a miniature may move (the destinations' chunks and masks), and the
    # rules and the heuristic: the game classes non-native like core's (docs/architecture.md),
    # the miniatures native
    "src/voidwar/rulesets/astral_dreams/legs.py",
    "src/voidwar/rulesets/astral_dreams/destinations.py",
    "src/voidwar/rulesets/astral_dreams/state.py",
    "src/voidwar/rulesets/astral_dreams/attacks.py",
    "src/voidwar/rulesets/astral_dreams/movement.py",
    "src/voidwar/rulesets/astral_dreams/game.py",
    "src/voidwar/rulesets/astral_dreams/policies.py",
    # Attack Vector: the sequence of play, the orders, the ship state, the AVID and the vectors
    # (the game classes non-native like core's, docs/architecture.md)
    "src/voidwar/rulesets/attack_vector/sequence.py",
    "src/voidwar/rulesets/attack_vector/orders.py",
    "src/voidwar/rulesets/attack_vector/motion_orders.py",
    "src/voidwar/rulesets/attack_vector/state.py",
    "src/voidwar/rulesets/attack_vector/game.py",
    "src/voidwar/rulesets/attack_vector/avid.py",
    "src/voidwar/rulesets/attack_vector/vectors.py",
)


def module_names() -> list[str]:
    """:data:`MODULES` as dotted module names (``voidwar.core.hexgrid``)."""
    return [p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in MODULES]


#: the shared library's module name (it lives inside the package)
GROUP = "voidwar._compiled"


def main() -> None:
    """Compile :data:`MODULES` in place (``build_ext --inplace``)."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    # A bare Distribution: setup() would read pyproject.toml, which the wheel build owns.
    # ``separate`` with the one group: the same single shared library as ``group_name=GROUP``,
    # but mypyc then assumes that any class may have subclasses it did not compile. Otherwise
    # it checks ``self`` of a non-native class's compiled methods against the subclasses it
    # compiled only (mypyc ignores ``allow_interpreted_subclasses`` on non-native classes):
    # core's ``Game.__init__`` refused every ruleset's game but the compiled Antilles one.
    modules = list(MODULES)
    dist = Distribution({"name": "voidwar-compiled", "package_dir": {"": "src"},
                         "ext_modules": mypycify(modules, separate=[(modules, GROUP)],
                                                 target_dir="build/mypyc")})
    build = dist.get_command_obj("build_ext")
    build.inplace = True
    build.parallel = os.cpu_count() or 1
    dist.run_command("build_ext")


if __name__ == "__main__":
    main()
