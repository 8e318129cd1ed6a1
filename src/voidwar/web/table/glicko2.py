"""Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013 revision), as published.

Each rated game is one rating period for its two players (as online boards do: ratings move
after every game), so a player's update uses one opponent and one score. The volatility step
is the Illinois algorithm of the paper's step 5.1; ``tau`` = 0.5, a new player 1500 / 350 /
0.06. The paper's own example (a 1500 / 200 / 0.06 player against 1400/30 won, 1550/100 lost,
1700/300 lost → 1464.06 / 151.52 / 0.05999) is the test vector (tests/web/test_ratings.py).

Why our own ~40 lines and not the ``glicko2`` package: its volatility function uses the
player's rating where the paper has the rating deviation (f(x)'s φ²), so its volatilities
drift from the paper's away from 1500.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: the paper's scale factor between the Glicko and Glicko-2 scales
SCALE = 173.7178
TAU = 0.5
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: rating, rating deviation, volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period: ``results`` are (opponent, score) with
    score 1 a win, 0.5 a draw, 0 a loss (steps 2-8 of the paper)."""
    mu, phi, sigma = (player.rating - 1500.0) / SCALE, player.rd / SCALE, player.vol
    if not results:  # step 6 only: the deviation grows
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    opp = [((o.rating - 1500.0) / SCALE, o.rd / SCALE, s) for o, s in results]
    v = 1.0 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1.0 - _e(mu, mj, pj)) for mj, pj, _ in opp)
    delta = v * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opp)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    sigma2 = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opp)
    return Rating(mu2 * SCALE + 1500.0, phi2 * SCALE, sigma2)
