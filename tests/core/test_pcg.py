"""PCG32's numbers, pinned: every output of the generator, the seed derivation and the
dice built on them are the numbers the code gave before PCG32 moved onto native 64-bit integers
(``core/pcg.py``). Any change that alters one number fails here. The test runs whichever build
is present: pure Python, and the compiled module when ``make compiled`` has built it
(``test_the_module_runs_the_view_it_is_built_for`` says which ran)."""

from __future__ import annotations

import copy
import hashlib
import importlib.machinery
import pickle

import pytest

from voidwar.core import pcg
from voidwar.core.dice import PCG32, KeyedDice, SeededDice, derive_seed, splitmix64

SIDES = [2, 3, 4, 6, 8, 10, 12, 20, 100, 1000, 2**31 + 1, 2**32 - 1, 2**32]

#: seed, the state after seeding, four ``next_u32``, one ``below`` of each of SIDES, ``random()``
#: and the state after it all (seeds at and above 2^63, and above 2^64: seeding masks to 64 bits)
PINS = [
    (0x0, 0x1a08ee1184ba6d32, [3894649422, 2055130073, 2315086854, 2925816488],
     [1, 2, 1, 5, 2, 2, 11, 7, 23, 913, 1699635020, 1232956497, 1635946854],
     0.6533245618948949, 0xaefab65d77135303),
    (0x1, 0x725ae23ed14fec5f, [1412771199, 1791099446, 124312908, 1968572995],
     [0, 2, 1, 4, 3, 0, 4, 18, 24, 970, 1174856446, 2744574565, 646512119],
     0.7261693663301773, 0xee7722e45e0b3313),
    (0x2a, 0x977afd8015414a94, [3270867926, 1795671209, 1924641435, 1143034755],
     [1, 1, 0, 5, 0, 3, 1, 5, 68, 414, 1693907024, 251273835, 3019696858],
     0.1714304844161053, 0xfb05b0267c70204d),
    (0x100000005, 0x2038322103a5e913, [275805278, 291011784, 215416599, 2820169428],
     [0, 2, 0, 1, 0, 6, 7, 13, 31, 31, 1665103945, 1166978622, 133810791],
     0.9210722577535797, 0x1b7747cdc27c838a),
    (0x7fffffffffffffff, 0x41b6f9e43824ee05, [808901937, 2039663947, 3323886478, 3494943133],
     [0, 1, 3, 3, 6, 8, 10, 15, 82, 430, 467075631, 2221130194, 2520429024],
     0.48373447718697105, 0x1117a9f10369f899),
    (0x8000000000000000, 0x9a08ee1184ba6d32, [575596579, 3420060286, 1816562173, 1793633892],
     [0, 0, 0, 4, 1, 1, 1, 0, 56, 136, 291922313, 1464575808, 310903577],
     0.8710135155960822, 0x5ec3f99f561701ed),
    (0x800000000000000b, 0x658e6c03cf26e421, [3232439530, 384170129, 4047477459, 4278197894],
     [1, 2, 1, 0, 5, 1, 6, 19, 15, 900, 2017194458, 227429861, 2358436467],
     0.9317699107406644, 0xe7cfdd3b448febe0),
    (0xffffffffffffffff, 0xc1b6f9e43824ee05, [3643879478, 3444271506, 2072954526, 2577256464],
     [1, 0, 3, 1, 3, 7, 8, 9, 70, 389, 2020686358, 35691479, 3251864675],
     0.19483317295616398, 0xe406a43a33e672b2),
    (0x10000000000000007, 0x84469b4e9cd0e76d, [1273465047, 4201302492, 1760530922, 3811196712],
     [0, 2, 0, 4, 4, 8, 0, 14, 94, 99, 701129115, 2051685093, 3219792855],
     0.37856763224653456, 0x7bcb8a76edd850fc),
]


@pytest.mark.parametrize(("seed", "seeded", "u32", "below", "unit", "after"), PINS)
def test_pcg32_gives_the_pinned_numbers(seed: int, seeded: int, u32: list[int],
                                        below: list[int], unit: float, after: int) -> None:
    rng = PCG32(seed)
    assert rng.state == seeded
    assert [rng.next_u32() for _ in range(4)] == u32
    assert [rng.below(n) for n in SIDES] == below
    assert rng.random() == unit
    assert rng.state == after


def _long_run(seed: int) -> tuple[str, int]:
    rng, out = PCG32(seed), []
    for i in range(20_000):
        out.append(rng.below(SIDES[i % len(SIDES)]) if i % 3 else rng.next_u32())
    return hashlib.sha256(",".join(map(str, out)).encode()).hexdigest(), rng.state


@pytest.mark.parametrize(("seed", "digest", "after"), [
    (7, "b129c46025595e17ec04e856652c76c67a0259e4c903f9047ca7c7cfc4208cf3",
     17812531155825356147),
    (2**63 + 1, "3587228e4a72238e27d1a7373c86a4ebf11ca8a3b6c22648407b1438870d6729",
     7764922488796446422),
])
def test_a_long_run_of_outputs_is_the_pinned_one(seed: int, digest: str, after: int) -> None:
    assert _long_run(seed) == (digest, after)


def test_seed_derivation_and_the_dice_built_on_pcg32_are_pinned() -> None:
    assert [splitmix64(x) for x in (0, 1, 2**63, 2**64 - 1)] == [
        16294208416658607535, 10451216379200822465, 5196802822362493915, 16490336266968443936]
    assert [derive_seed(5), derive_seed(5, 3), derive_seed(2**64 - 1, 2**63, 7)] == [
        7134611160154358618, 7485121835981390325, 1395976497537490755]
    seeded = SeededDice(2**63 + 3)
    assert [seeded.roll_value(n, "x") for n in (6, 6, 20, 2, 100, 10)] == [6, 5, 13, 1, 72, 8]
    keyed = KeyedDice(11)
    rolls = [keyed.roll_value(n, p) for n, p in ((6, "a"), (6, "b"), (20, "a"), (6, "a"))]
    assert rolls == [3, 3, 10, 3]


@pytest.mark.parametrize("seed", [3, 2**63 + 5, 2**64 - 1])
def test_copies_pickles_and_a_set_state_continue_the_same_stream(seed: int) -> None:
    rng = PCG32(seed)
    rng.below(6)
    twins = [rng.copy(), copy.deepcopy(rng), copy.copy(rng), pickle.loads(pickle.dumps(rng))]
    moved = PCG32(0)
    moved.state = rng.state
    twins.append(moved)
    expected = [rng.below(20) for _ in range(50)]
    for twin in twins:
        assert type(twin) is PCG32
        assert [twin.below(20) for _ in range(50)] == expected
        assert twin.state == rng.state
    assert 0 <= rng.state < 2**64  # the state reads as the unsigned value, compiled or not
    moved.state = 2**64 + 5  # a state is taken mod 2^64
    assert moved.state == 5


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="positive"):
        PCG32(1).below(0)


def test_the_module_runs_the_view_it_is_built_for() -> None:
    compiled = pcg.__file__ is not None and pcg.__file__.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert pcg.NATIVE is compiled  # wrapping 64-bit arithmetic exactly when compiled
