"""Typed errors: every refusal names what is wrong, and where."""

from __future__ import annotations


class VoidwarError(Exception):
    """Base class of every error voidwar raises on purpose."""


class IllegalAction(VoidwarError):
    """An action the rules forbid (or that cannot be parsed). The game is left unchanged.

    ``rule`` names the rule that forbids it (``"Antilles 3.2"``), ``reason`` says why in words a
    player understands.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)


class NotationError(IllegalAction):
    """Text or a structured form that is no action of this ruleset."""


class DiceError(VoidwarError):
    """A die result that cannot be used: out of range, or a script that ran out."""


class RecordError(VoidwarError):
    """A record (save file, replay) that is truncated, foreign, tampered or incompatible."""


class DataFileError(VoidwarError):
    """A data file (tables, ships, scenarios, armies) refused with file, field and reason."""

    def __init__(self, file: str, field: str, reason: str) -> None:
        self.file = file
        self.field = field
        self.reason = reason
        super().__init__(f"{file}: {field}: {reason}")


class UnknownName(VoidwarError):
    """An unknown ruleset, scenario, policy or option."""
