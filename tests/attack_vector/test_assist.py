"""The table assistant against the text's worked examples, and its terminal and web
entries. Every figure comes from the rules code and names its rule."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from voidwar.cli.main import app
from voidwar.rulesets.attack_vector import assist as A

ME = A.ShipEntry(id="me", position="0", velocity="0", nose="A")


def _grid(v: str, column: int = 1) -> list[str]:
    """A column's eight segment rows (the card's layout: 4 header rows, then segments 1-8)."""
    return [row[column] for row in A.movement_grid(v).rows[4:]]


def test_a2_1_seven_and_twelve_hexes_a_turn() -> None:
    # A2.1: 7 hexes a turn move one hex on segments 2..8; 12 a turn move 1,2,1,2,1,2,1,2
    assert _grid("7A") == ["·", "1", "1", "1", "1", "1", "1", "1"]
    assert _grid("12A") == ["1", "2", "1", "2", "1", "2", "1", "2"]
    g = A.movement_grid("12A")
    assert g.figure("hexes a turn") == "12" and g.rule.startswith("A2.1")
    assert g.figure("remainder table") == "ours (reconstructed)"


def test_the_grid_in_the_cards_layout() -> None:
    # Vel, Dir, Each, Rmd per component (major, minor, vertical), then segments 1-8 (A2.1)
    g = A.movement_grid("5A 3B +2")  # Sample Game One's vector: A, A, B, A+, A, B, A, B+
    assert g.columns == ["", "major", "minor", "vertical", "at"]
    assert g.rows[:4] == [["Vel", "5", "3", "2", ""], ["Dir", "A", "B", "+", ""],
                          ["Each", "0", "0", "0", ""], ["Rmd", "5", "3", "2", ""]]
    assert [r[0] for r in g.rows[4:]] == [str(s) for s in range(1, 9)]
    assert _grid("5A 3B +2", 1) == ["1", "1", "·", "1", "1", "·", "1", "·"]
    assert _grid("5A 3B +2", 2) == ["·", "·", "1", "·", "·", "1", "·", "1"]
    assert _grid("5A 3B +2", 3) == ["·", "·", "·", "1", "·", "·", "·", "1"]
    assert g.rows[-1][-1] == g.figure("end of turn") == "5A 3B +2"
    one = A.movement_grid("4A")
    assert [r[2] for r in one.rows] == [""] * 12  # no minor component: an empty column


def test_the_assistant_with_a_grid_of_ones_own(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from voidwar.rulesets.attack_vector.grid_file import table_toml
    from voidwar.rulesets.attack_vector.movement_grid import REMAINDERS, pair_key, spread

    per = {pair_key(a, b): (list(spread(a)), list(spread(b)))
           for a in REMAINDERS for b in REMAINDERS}
    up = {pair_key(a, b): list(spread(b)) for a in REMAINDERS for b in REMAINDERS}
    card = tmp_path / "card.toml"
    card.write_text(table_toml(per, up, source="typed in"))
    ours = CliRunner().invoke(app, ["assist", "attack-vector", "-s", "me:0:4A 2B:A"])
    theirs = CliRunner().invoke(app, ["assist", "attack-vector", "-s", "me:0:4A 2B:A",
                                      "--grid", str(card)])
    assert ours.exit_code == theirs.exit_code == 0, theirs.output
    assert "ours (reconstructed)" in ours.output and str(card) not in ours.output
    assert ours.output != theirs.output
    card.write_text("[horizontal]\n")
    bad = CliRunner().invoke(app, ["assist", "attack-vector", "-s", "me:0:4A 2B:A",
                                   "--grid", str(card)])
    said = bad.output.replace("\n", "")  # the console wraps a long path
    assert bad.exit_code == 2 and "card.toml" in said  # file, field and reason
    assert "vertical: Field required" in said


def test_the_thrust_5_column() -> None:
    # the thrust-5 orthogonal column (A5.262-A5.274; spec §7.5): dots 1 1 1 2 1 1 1 2 (10),
    # displacement 0 0 0 1 0 1 1 2 (5 hexes, half the vector change: A2.4)
    b = A.burn("5", nose="A")
    assert b.rows[0][1:] == ["1A", "1A", "1A", "2A", "1A", "1A", "1A", "2A"]
    assert b.rows[1][1:] == ["·", "·", "·", "1A", "·", "1A", "1A", "2A"]
    assert b.figure("vector change") == "10A" and b.figure("displacement") == "5A"
    assert b.figure("fuel") == "10 FU" and b.figure("G") == "5/4"


def test_a_burn_with_the_nose_off_a_hex_side_splits_by_the_bias() -> None:
    b = A.burn("4", nose="A/B", bias="B")
    assert A.parse_vector(b.figure("vector change")) == A.parse_vector("4A 4B")


@pytest.mark.parametrize(("where", "target", "rng", "window", "ring"), [
    ("A5.153", "4A 2F -1", "6", "F/A", "amber"),
    ("A5.162", "3A 2F -2", "5", "F/A-", "blue (below: circled)"),
    ("A5.171", "6A +5", "7", "A+", "blue"),
])
def test_the_ral_examples(where: str, target: str, rng: str, window: str, ring: str) -> None:
    a = A.bearings(ME, A.ShipEntry(id="t", position=target))
    assert (a.figure("RAL range"), a.figure("AVID window"), a.figure("ring")) == (rng, window, ring)
    assert all(f.rule for f in a.figures)


def test_the_a5_166_mounts_and_the_a5_152_split() -> None:
    a = A.bearings(ME, A.ShipEntry(id="t", position="3A 2F -2"))
    assert a.figure("mounts bearing").startswith("A, B ")  # C may not fire (A5.166)
    assert a.figure("horizontal split") == "2 in F + 3 in A"


def test_the_laser_table_example() -> None:
    # A5.166 / spec §11.2: range 10, roll 6 → bracket 0-10 → 7 damage
    a = A.laser(10)
    assert a.figure("bracket") == "0-10" and a.rows[0][6] == "7"
    assert a.figure("to hit") == "100%"
    far = A.laser(23)
    assert far.figure("bracket") == "23-30" and far.rows[0][1] == "D1"
    with pytest.raises(ValueError, match="maximum range 30"):
        A.laser(31)


def test_the_cycle_time_example() -> None:
    # A5.371: fired on segment 6 with (+5) → ready on segment 3 of the next turn
    a = A.cycle(1, 6)
    assert a.figure("ready") == "turn 2 segment 3" and a.figure("power per shot") == "3"


def test_relative_vector_and_closing_ranges() -> None:
    a = A.relative(ME, A.ShipEntry(id="t", position="10A", velocity="4D"))
    assert a.figure("relative vector") == "4D" and a.figure("closest range this turn") == "6"


def test_positions_as_map_labels() -> None:
    assert A.position("3,-2,1") == A.Hex3(3, -2, 1)
    assert A.position("2A +1") == A.Hex3(0, -2, 1)


def test_the_whole_request_and_bad_input() -> None:
    req = A.Request(ships=[ME, A.ShipEntry(id="t", position="4A 2F -1")], thrust="5",
                    fired_segment=6)
    titles = [a.title for a in A.answer(req)]
    assert titles[0] == "bearing me → t" and any("range 6" in t for t in titles)
    with pytest.raises(ValueError):
        A.answer(A.Request(ships=[A.ShipEntry(velocity="4Q")]))


def test_the_terminal_assistant() -> None:
    r = CliRunner().invoke(app, ["assist", "attack-vector", "-s", "me:0:0:A",
                                 "-s", "t:4A 2F -1:0:D", "--fired", "1:6", "--thrust", "5"])
    assert r.exit_code == 0, r.output
    assert "F/A" in r.output and "A5.153" in r.output and "turn 2 segment 3" in r.output
    bad = CliRunner().invoke(app, ["assist", "attack-vector", "-s", "me:0"])
    assert bad.exit_code != 0


def test_the_assistant_api(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from voidwar.web.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}")) as c:
        assert c.get("/assist/attack-vector").status_code == 200
        r = c.post("/api/assist/attack-vector", json={
            "ships": [{"id": "me"}, {"id": "t", "position": "6A +5"}], "fired_segment": 6})
        assert r.status_code == 200
        first = r.json()["answers"][0]
        assert {f["name"]: f["value"] for f in first["figures"]}["RAL range"] == "7"
        bad = c.post("/api/assist/attack-vector", json={"ships": [{"id": "x", "nose": "Q"}]})
        assert bad.status_code == 422 and "not an AVID window" in bad.text
        grid = c.post("/api/assist/attack-vector", json={
            "ships": [{"id": "x", "velocity": "4A"}], "movement_grid": {"horizontal": {}}})
        assert grid.status_code == 422 and "(movement_grid data): vertical" in grid.text


def test_the_assistant_at_the_table_short_name_and_brief_answer() -> None:
    """``voidwar assist avt A B --brief``: the bearing and range both ways in one line."""
    r = CliRunner().invoke(app, ["assist", "avt", "A:0,0:4A:A", "B:3,-5:0:D", "--brief"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "A → B range 5, amber ring, window A/B; B → A range 5, amber ring, window D/E"]
    full = CliRunner().invoke(app, ["assist", "attack-vector", "-s", "A:0,0:4A:A", "-s",
                                    "B:3,-5:0:D"])
    assert full.output.splitlines()[0] == r.output.splitlines()[0]  # the answer comes first
    up = CliRunner().invoke(app, ["assist", "avt", "A:0,0:4A:A", "B:0,0,2:0:D", "--brief"])
    assert "A → B range 2" in up.output  # q,r,z: the origin hex at level 2
    help_text = " ".join(CliRunner().invoke(app, ["assist", "avt", "--help"]).output.split())
    assert "0,0,2: the origin hex at level 2" in " ".join(help_text.replace("│", "").split())


def test_a_bad_entry_is_a_sentence_without_library_words(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from voidwar.web.server import create_app

    r = CliRunner().invoke(app, ["assist", "avt", "A:0,0:4Q:A", "B:3,-5:0:D"])
    assert r.exit_code == 2
    assert r.output.strip() == "error: ship 1 (A): not a vector: '4Q' (write e.g. 4A 2B +1, or 0)"
    roll = CliRunner().invoke(app, ["assist", "avt", "A:0:4A:A:x"])
    assert roll.exit_code == 2 and "ROLL is a whole number" in roll.output
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}")) as c:
        bad = c.post("/api/assist/attack-vector", json={"ships": [{"id": "x", "velocity": "4Q"}]})
        assert bad.json()["detail"] == "ship 1 (x): not a vector: '4Q' (write e.g. 4A 2B +1, or 0)"
        ok = c.post("/api/assist/attack-vector", json={"ships": [{"id": "a"}, {"id": "b",
                                                                               "position": "3A"}]})
        assert ok.json()["brief"][0].startswith("a → b range 3")
    for text in (r.output, bad.text):
        assert "pydantic" not in text and "http" not in text and "Value error" not in text
