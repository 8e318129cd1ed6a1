"""Records, data files and action values from outside are refused with file, field and reason.

Findings of an attack on records: records with a non-string ruleset or a non-object dice (checksum
recomputed), deep nesting, a 5000-digit integer, a non-UTF-8 file, a record naming a local file
— each a RecordError, and `voidwar replay` a message, never a traceback; hand-built action
values with fields of the wrong type refused with the state unchanged; data files that coerce
(``true`` → 1, ``"11"`` → 11) or hold absurd numbers refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import voidwar
from voidwar.cli.main import app
from voidwar.core.datafile import read_toml
from voidwar.core.errors import DataFileError, IllegalAction, RecordError
from voidwar.core.record import load_record_file, replay, sign, signature_note
from voidwar.core.record_format import _KEYS, _checksum


def good_record() -> dict[str, Any]:
    g = voidwar.load("antilles", seed=3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    return g.record()


def resum(rec: dict[str, Any]) -> dict[str, Any]:
    """``rec`` with its checksum recomputed (an attacker can always do that)."""
    return {**rec, "checksum": _checksum({k: rec[k] for k in _KEYS})}


def _deep(n: int) -> Any:
    v: Any = 1
    for _ in range(n):
        v = [v]
    return v


BAD: dict[str, tuple[Any, str]] = {
    "ruleset-number": (lambda r: resum({**r, "ruleset": 7}), "ruleset"),
    "ruleset-list": (lambda r: resum({**r, "ruleset": ["antilles"]}), "ruleset"),
    "dice-list": (lambda r: resum({**r, "dice": [1, 2]}), "dice"),
    "dice-text": (lambda r: resum({**r, "dice": "seeded"}), "dice"),
    "dice-kind": (lambda r: resum({**r, "dice": {"kind": "loaded", "seed": 1}}), "dice"),
    "dice-seed-huge": (lambda r: resum({**r, "dice": {"kind": "seeded", "seed": 2**70}}),
                       "dice.seed"),
    "actions-numbers": (lambda r: resum({**r, "actions": [1, 2]}), "actions.0"),
    "options-list": (lambda r: resum({**r, "options": []}), "options"),
    "options-file": (lambda r: resum({**r, "options": {"tables": "/dev/zero"}}),
                     "options.tables"),
    "options-unknown": (lambda r: resum({**r, "options": {"dice": [6, 6]}}), "options.dice"),
    "scenario-path": (lambda r: resum({**r, "scenario": "/etc/x.toml"}), "scenario"),
    "deep": (lambda r: resum({**r, "options": {"position": _deep(500)}}), "nested"),
    "extra-field": (lambda r: {**r, "surprise": 1}, "surprise"),
    "final-number": (lambda r: resum({**r, "final": 12}), "final"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_malformed_records_are_refused_naming_the_field(name: str) -> None:
    make, field = BAD[name]
    with pytest.raises(RecordError, match=field.replace(".", r"\.")):
        replay(make(good_record()))


def write(tmp: Path, name: str, data: bytes) -> Path:
    p = tmp / name
    p.write_bytes(data)
    return p


def bad_files(tmp: Path) -> list[Path]:
    rec = good_record()
    files = [write(tmp, f"{n}.json", json.dumps(BAD[n][0](rec)).encode()) for n in sorted(BAD)]
    files.append(write(tmp, "deep.json", b"[" * 5000 + b"]" * 5000))
    files.append(write(tmp, "long-number.json", b'{"format": ' + b"9" * 5000 + b"}"))
    files.append(write(tmp, "latin1.json", json.dumps(rec).encode().replace(b"antilles",
                                                                             b"antill\xe9s")))
    files.append(write(tmp, "truncated.json", json.dumps(rec).encode()[:200]))
    files.append(write(tmp, "surrogate.json", json.dumps(resum(
        {**rec, "actions": ["move P1 to \ud800"]})).encode()))
    return files


def test_voidwar_replay_refuses_every_malformed_file_without_a_traceback(tmp_path: Path) -> None:
    runner = CliRunner()
    files = bad_files(tmp_path)
    assert len(files) >= 15
    for f in files:
        with pytest.raises(RecordError, match=str(f)):
            load_record_file(f) if f.name != "surrogate.json" else replay(load_record_file(f))
        out = runner.invoke(app, ["replay", str(f)])
        assert out.exit_code != 0, f.name
        assert ("Traceback" not in out.output and out.exception is None) or isinstance(
            out.exception, SystemExit), (f.name, out.output)


def test_replay_says_whether_a_record_is_signed_and_by_which_key(tmp_path: Path,
                                                                  monkeypatch: Any) -> None:
    rec = good_record()
    assert signature_note(rec).startswith("unsigned")
    signed = sign(rec, b"k1")
    kid = signed["signature"]["key_id"]
    replay(signed)
    monkeypatch.delenv("VOIDWAR_SERVER_KEY", raising=False)
    assert f"signed with key id {kid} (not verified" in signature_note(signed)
    assert "signature valid" in signature_note(signed, b"k1")
    forged = {**signed, "signature": {**signed["signature"], "mac": "1" * 64}}
    with pytest.raises(RecordError, match="signature"):
        signature_note(forged, b"k1")
    p = tmp_path / "signed.json"
    p.write_text(json.dumps(signed))
    monkeypatch.setenv("VOIDWAR_SERVER_KEY", "k1")
    out = CliRunner().invoke(app, ["replay", str(p)])
    assert out.exit_code == 0 and f"signed with key id {kid}: signature valid" in out.output


# -- action values ----------------------------------------------------------------------------
def _hand_built() -> list[tuple[str, Callable[[], Any]]]:
    from voidwar.rulesets.attack_vector.actions import PivotTo, SetThrust
    from voidwar.rulesets.space_fleet.actions import Move

    return [("attack-vector", lambda: SetThrust(1.5)),  # type: ignore[arg-type]
            ("attack-vector", lambda: PivotTo(None, "P1")),  # type: ignore[arg-type]
            ("space-fleet", lambda: Move("BB1", True)),
            ("space-fleet", lambda: Move("BB1", 1.0)),  # type: ignore[arg-type]
            ("antilles", lambda: Move("BB1", 1))]  # another ruleset's kind


@pytest.mark.parametrize("i", range(5))
def test_hand_built_actions_are_refused_and_change_nothing(i: int) -> None:
    """Refused when made (a field of another type than declared, core/strict.py) or when
    applied (another ruleset's kind); the game unchanged either way."""
    ruleset, make = _hand_built()[i]
    g = voidwar.load(ruleset, seed=1)
    before = g.digest()
    with pytest.raises(IllegalAction):
        g.apply(make())
    assert g.digest() == before and g.actions == []


def test_the_rulesets_own_values_are_accepted() -> None:
    for ruleset in ("antilles", "space-fleet", "attack-vector", "astral-dreams"):
        g = voidwar.load(ruleset, seed=2)
        for _ in range(5):
            g.apply(g.legal_actions()[-1])
        assert len(g.actions) == 5


# -- data files -------------------------------------------------------------------------------
def _tables(tmp: Path, old: str, new: str) -> Path:
    from voidwar.rulesets.antilles.data import default_tables

    text = Path(default_tables().source).read_text()
    assert old in text
    return write(tmp, "tables.toml", text.replace(old, new, 1).encode())


@pytest.mark.parametrize(("old", "new", "field"), [
    ("armor = 11", "armor = true", "attacks.1.armor"),
    ("armor = 11", 'armor = "11"', "attacks.1.armor"),
    ("armor = 11", f"armor = {2**63 - 1}", "attacks.1.armor"),
])
def test_data_files_are_strict_and_bounded(tmp_path: Path, old: str, new: str,
                                          field: str) -> None:
    from voidwar.rulesets.antilles.data import load_tables

    with pytest.raises(DataFileError) as e:
        load_tables(str(_tables(tmp_path, old, new)))
    assert e.value.field == field and e.value.file.endswith("tables.toml")


def test_data_files_must_be_utf8_and_small(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="not UTF-8"):
        read_toml(write(tmp_path, "a.toml", b'name = "caf\xe9"\n'))
    with pytest.raises(DataFileError, match="larger than"):
        read_toml(write(tmp_path, "b.toml", b"# " + b"x" * (5 * 1024 * 1024)))
