"""Where parts meet: a game that loads records, replays and verifies; the signature covers the
whole record; action values are strict. Each test is a finding of the seams audit on the
engine of that day, which these tests failed."""

from __future__ import annotations

import copy
import dataclasses
import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import voidwar
from voidwar.cli.main import app
from voidwar.core.bounds import JSON_SAFE_SEED_LIMIT, SEED_LIMIT
from voidwar.core.errors import DataFileError, DiceError, IllegalAction, RecordError
from voidwar.core.record import audit, check_record, key_id_of, replay, sign, signature_note
from voidwar.core.record_format import _KEYS, _checksum
from voidwar.core.tabletop import Point

KEY = b"a server's key"


def resum(rec: dict[str, Any]) -> dict[str, Any]:
    """``rec`` with its checksum recomputed (anyone can)."""
    return {**rec, "checksum": _checksum({k: rec[k] for k in _KEYS})}


def played(name: str, n: int = 6, **kw: Any) -> voidwar.Game:
    game = voidwar.load(name, **kw)
    for _ in range(n):
        if game.over:
            break
        game.apply(game.legal_actions()[0])
    return game


# -- 1. seeds: what load takes, a record holds --------------------------------------------------
@pytest.mark.parametrize("seed", [0, 2**53, 2**62, SEED_LIMIT - 1])
def test_every_seed_load_takes_records_and_replays(seed: int) -> None:
    game = played("antilles", seed=seed)
    rec = json.loads(json.dumps(game.record()))
    assert replay(rec).digest() == game.digest()


def test_a_seed_load_refuses_is_one_no_record_holds() -> None:
    with pytest.raises(DiceError, match="2\\*\\*64"):
        voidwar.load("antilles", seed=SEED_LIMIT)
    rec = resum({**played("antilles", seed=1).record(),
                 "dice": {"kind": "seeded", "seed": SEED_LIMIT}})
    with pytest.raises(RecordError, match=r"dice\.seed"):
        check_record(rec)


def test_the_server_draws_seeds_a_page_reads_exactly() -> None:
    from voidwar.web.setup import pick_seed

    seeds = [pick_seed(None, client_seeds=False)[0] for _ in range(200)]
    assert all(0 <= s < JSON_SAFE_SEED_LIMIT for s in seeds)
    assert max(seeds) > 2**40  # drawn from the whole range, not a small one


# -- 2. one set of bounds ----------------------------------------------------------------------
def test_astral_dreams_points_have_no_ceiling_but_a_numbers() -> None:
    game = played("astral-dreams", points=1000, seed=2)
    assert replay(json.loads(json.dumps(game.record()))).digest() == game.digest()
    game = voidwar.load("astral-dreams", points=1040, seed=2)  # a campaign's 100th game
    assert replay(game.record()).digest() == game.digest()


def test_an_army_over_the_miniature_bound_is_refused_at_load_as_in_a_record(tmp_path: Path
                                                                           ) -> None:
    army = tmp_path / "horde.toml"
    army.write_text('side = "scouts"\npoints = 1000\n[[units]]\ntype = "spacer"\ncount = 41\n')
    with pytest.raises(DataFileError, match="at most 40 miniatures"):
        voidwar.load("astral-dreams", army_a=str(army), seed=1)


def test_an_attack_vector_scenario_with_a_long_source_records_and_replays() -> None:
    data = copy.deepcopy(voidwar.load("attack-vector", scenario="duel").record_options()
                         .get("scenario_data") or _scenario_data("duel"))
    data["source"] = "s" * 9_000
    game = played("attack-vector", scenario_data=data, seed=4)
    assert replay(json.loads(json.dumps(game.record()))).digest() == game.digest()
    data["source"] = "s" * 10_001  # over every text's bound: refused at load, not at replay
    with pytest.raises(DataFileError, match="longer than 10000"):
        voidwar.load("attack-vector", scenario_data=data, seed=4)


def _scenario_data(name: str) -> dict[str, Any]:
    from voidwar.core.datafile import read_toml
    from voidwar.rulesets.attack_vector.data import SCENARIO_DIR

    return read_toml(SCENARIO_DIR / f"{name}.toml")


# -- 3. the signature covers everything ---------------------------------------------------------
def _signed() -> dict[str, Any]:
    rec = {**played("space-fleet", scenario="duel", seed=3).record(), "resigned_by": "red",
           "terms": {"dice": {"kind": "seeded", "chosen_by": "server"}, "options": {}}}
    return sign(rec, KEY)


@pytest.mark.parametrize("edit", [
    lambda r: r.update(resigned_by="blue"),
    lambda r: r.update(resigned_by=None),
    lambda r: r.pop("resigned_by"),
    lambda r: r["terms"].update(options={"turn_limit": 3}),
    lambda r: r["terms"]["dice"].update(chosen_by="creator"),
    lambda r: r.pop("terms"),
    lambda r: r["signature"].update(covers="checksum"),
])
def test_no_field_of_a_signed_record_changes_unnoticed(edit: Any) -> None:
    rec = _signed()
    assert "signature valid" in signature_note(rec, KEY)
    edited = copy.deepcopy(rec)
    edit(edited)
    assert audit(edited, KEY)["valid"] is False
    with pytest.raises(RecordError):
        signature_note(check_record(edited), KEY)


def test_an_older_signature_vouches_only_for_a_record_it_covered() -> None:
    import hashlib
    import hmac

    plain = played("antilles", seed=5).record()
    kid = key_id_of(KEY)
    mac = hmac.new(KEY, f"voidwar-record|{kid}|{plain['checksum']}".encode(),
                   hashlib.sha256).hexdigest()
    old = {**plain, "signature": {"alg": "hmac-sha256", "key_id": kid, "mac": mac}}
    assert "signature valid" in signature_note(check_record(old), KEY)
    with pytest.raises(RecordError, match="older signature"):
        check_record({**old, "resigned_by": "commander"})


def test_voidwar_replay_refuses_an_edited_signed_record(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOIDWAR_SERVER_KEY", KEY.decode())
    rec = _signed()
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(rec))
    bad.write_text(json.dumps({**rec, "resigned_by": "blue"}))
    runner = CliRunner()
    ok = runner.invoke(app, ["replay", str(good)])
    assert ok.exit_code == 0 and "signature valid" in ok.output
    refused = runner.invoke(app, ["replay", str(bad)])
    assert refused.exit_code != 0 and "signature valid" not in refused.output
    assert "Traceback" not in refused.output


# -- 4. verify replays ------------------------------------------------------------------------
def test_verify_replays_the_actions() -> None:
    rec = played("antilles", seed=6).record()
    assert audit(rec, None)["valid"] is True
    nonsense = resum({**rec, "actions": ["nonsense"]})
    answer = audit(nonsense, None)
    assert answer["valid"] is False and "nonsense" in answer["detail"]
    forged = resum({**rec, "final": "0" * 32})
    assert audit(forged, None)["valid"] is False
    assert "actions replayed" in answer["checked"] and "final digest" in answer["checked"]


# -- 7. action values are strict ----------------------------------------------------------------
def _equal_but_mistyped(value: Any) -> list[Any]:
    """Values equal to ``value`` in Python but of another type (the dangerous ones: they pass
    an equality test), one level into a dataclass field."""
    if type(value) is int:
        out: list[Any] = [Fraction(value), Decimal(value), float(value)]
        return [*out, bool(value)] if value in (0, 1) else out
    if type(value) is Fraction:
        return [float(value)] + ([int(value)] if value.denominator == 1 else [])
    if dataclasses.is_dataclass(value):
        out = []
        for f in dataclasses.fields(value):
            if f.init:
                for bad in _equal_but_mistyped(getattr(value, f.name)):
                    try:
                        out.append(dataclasses.replace(value, **{f.name: bad}))  # type: ignore[type-var]
                    except TypeError:  # compiled, a native value refuses it when made
                        continue
        return out
    return []


@pytest.mark.parametrize("name", ["antilles", "space-fleet", "astral-dreams", "attack-vector"])
def test_a_mistyped_field_is_refused_before_anything_changes(name: str) -> None:
    game = voidwar.load(name, seed=7)
    refused = 0
    for _ in range(40):
        if game.over:
            break
        for action in game.legal_actions()[:30]:
            for f in dataclasses.fields(action):  # type: ignore[arg-type]
                value = getattr(action, f.name)
                if isinstance(value, Point):  # a point checks its coordinates when made
                    for axis in ("x", "y"):
                        for bad in _equal_but_mistyped(getattr(value, axis)):
                            if type(bad) is int:  # the same exact value: a Fraction made
                                continue
                            xy = {"x": value.x, "y": value.y, axis: bad}
                            with pytest.raises(TypeError, match=f"a point's {axis}"):
                                Point(xy["x"], xy["y"])
                            refused += 1
                for bad in _equal_but_mistyped(value):
                    before = game.digest()
                    with pytest.raises(IllegalAction, match=f.name):  # made, or applied
                        game.apply(dataclasses.replace(  # type: ignore[type-var]
                            action, **{f.name: bad}))
                    assert game.digest() == before
                    refused += 1
        game.apply(game.legal_actions()[-1])
    assert refused > 0


def test_space_fleet_move_of_a_fraction_changes_nothing() -> None:
    from voidwar.rulesets.space_fleet.actions import Move

    game = voidwar.load("space-fleet", scenario="duel", seed=1)
    move = next(a for a in game.legal_actions() if isinstance(a, Move))
    before = (game.digest(), game.state_dict())
    with pytest.raises(IllegalAction, match="hexes: a Fraction where the rules read an int"):
        game.apply(dataclasses.replace(move, hexes=Fraction(move.hexes)))
    assert (game.digest(), game.state_dict()) == before


# -- 8. records name their ruleset exactly --------------------------------------------------------
@pytest.mark.parametrize("alias", ["space_fleet", "space-fleet ", "Space-Fleet", "sf"])
def test_a_record_names_its_ruleset_exactly(alias: str) -> None:
    rec = played("space-fleet", scenario="duel", seed=1).record()
    with pytest.raises(RecordError, match="ruleset"):
        check_record(resum({**rec, "ruleset": alias}))
