"""Glicko-2 against the paper's own example (Glickman, "Example of the Glicko-2 system")."""

from __future__ import annotations

import pytest

from voidwar.web.table.glicko2 import Rating, update
from voidwar.web.table.ratings import score_of, tables_key


def test_the_papers_example() -> None:
    player = Rating(1500, 200, 0.06)
    opponents = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, opponents)
    # the paper: r' = 1464.06, RD' = 151.52, sigma' = 0.05999
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.vol == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    new = update(Rating(1500, 200, 0.06), [])
    phi = 200 / 173.7178
    assert new.rating == 1500
    assert new.rd == pytest.approx((phi * phi + 0.06 * 0.06) ** 0.5 * 173.7178, abs=1e-9)


def test_a_win_and_a_loss_are_mirror_images_between_new_players() -> None:
    won = update(Rating(), [(Rating(), 1.0)])
    lost = update(Rating(), [(Rating(), 0.0)])
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.rating > 1600 and won.rd < 350
    drawn = update(Rating(), [(Rating(), 0.5)])
    assert drawn.rating == pytest.approx(1500)


def test_scores_and_table_keys() -> None:
    assert score_of("red", "red") == 1.0 and score_of("blue", "red") == 0.0
    assert score_of("red", None) == 0.5
    assert tables_key({}) == "standard"
    assert tables_key({"tables": {"a": 1}}) == tables_key({"tables": {"a": 1}})
    assert tables_key({"tables": {"a": 1}}) != tables_key({"tables": {"a": 2}})
