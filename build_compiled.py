"""Optional compiled build: the hot Antilles modules compiled with mypyc from their typed source.

Run ``make compiled`` (or ``python build_compiled.py``): it builds one extension module per
listed source file IN PLACE next to it (``src/voidwar/.../risk.cpython-*.so``) plus one shared
library (``src/voidwar/_compiled__mypyc*.so``); Python then imports the ``.so`` instead of the
``.py``.  ``make clean-compiled`` removes them all.  Nothing else changes: the ``.py`` files stay
the one source of the rules, pure Python stays the default, and
``tests/antilles/test_compiled.py`` plays the same games both ways and compares them.

Only modules of functions and plain data are listed: a compiled class cannot subclass an
interpreted one (the rulesets' games subclass core's ``Game``) and notation's actions assign
``__str__`` at run time, so the modules that define them stay interpreted.
"""

from __future__ import annotations

import os

#: the compiled modules (paths from the repository root), chosen by profile (docs/architecture.md)
MODULES = (
    "src/voidwar/core/hexgrid.py",
    "src/voidwar/rulesets/antilles/risk.py",
    "src/voidwar/rulesets/antilles/attacks.py",
    "src/voidwar/rulesets/antilles/platform.py",
    "src/voidwar/rulesets/antilles/state.py",
    "src/voidwar/rulesets/antilles/policies.py",
    "src/voidwar/rulesets/antilles/game.py",
    # Space Fleet: the heuristic's path search (its rules classes subclass core's Game and the
    # free table subclasses them, so they stay interpreted; tests/space_fleet/test_compiled.py)
    "src/voidwar/rulesets/space_fleet/policies.py",
    # Astral Dreams: the move candidates' geometry (issue 18; plain classes and functions)
    "src/voidwar/rulesets/astral_dreams/candidates.py",
    "src/voidwar/rulesets/astral_dreams/movegen.py",
    "src/voidwar/rulesets/astral_dreams/paths.py",
)

#: the shared library's module name (it lives inside the package)
GROUP = "voidwar._compiled"


def main() -> None:
    """Compile :data:`MODULES` in place (``build_ext --inplace``)."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    # A bare Distribution: setup() would read pyproject.toml, which the wheel build owns.
    dist = Distribution({"name": "voidwar-compiled", "package_dir": {"": "src"},
                         "ext_modules": mypycify(list(MODULES), group_name=GROUP,
                                                     target_dir="build/mypyc")})
    build = dist.get_command_obj("build_ext")
    build.inplace = True
    build.parallel = os.cpu_count() or 1
    dist.run_command("build_ext")


if __name__ == "__main__":
    main()
