"""The server's game service used from several threads at once (as its request handlers and its
bot workers use it): games of every ruleset and scenario are created and played together —
a person's seat by random legal actions from the test's threads, the other seats by the
service's own bots — with no error, and every game's record replays to the game's digest."""

from __future__ import annotations

import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

import voidwar
from voidwar.core.registry import rulesets
from voidwar.web.service import GameService, ServiceError
from voidwar.web.store import Store

THREADS = 4
#: the person's actions a game gets before the person resigns (bounds the test's length)
MOST_ACTIONS = 40
#: how long a game may wait for its bots before the test gives up on it (a hang, not a timing)
PATIENCE = 120.0


def _plans() -> list[tuple[str, str, int, str]]:
    """Every ruleset and scenario, once: (ruleset, scenario, seed, the bots' policy)."""
    out = []
    for name, info in rulesets().items():
        if name not in ("antilles", "astral-dreams", "attack-vector", "space-fleet"):
            continue  # the web tests' toy rulesets
        for k, scenario in enumerate(info.scenarios()):
            out.append((name, scenario, 1 + k, "random" if k % 2 else "heuristic"))
    return out


def _play(service: GameService, ruleset: str, scenario: str, seed: int, policy: str
          ) -> tuple[str, str]:
    """Create one game (the first seat a person's, the others bots), play the person's seat
    with random legal actions until the game ends or the person has played
    :data:`MOST_ACTIONS` (then resign); the game's id and final digest."""
    probe = voidwar.load(ruleset, scenario, seed=seed)
    person, *others = probe.seats
    live, tokens = service.create(ruleset, scenario, {}, seed,
                                  {person: ("human", None),
                                   **{seat: ("bot", policy) for seat in others}})
    gid, token = live.id, tokens[person]
    rng = random.Random(seed)
    acted = 0
    waited_since = time.monotonic()
    while acted < MOST_ACTIONS:
        live = service.get(gid)
        with live.lock:
            if live.over:
                break
            to_act, index = live.to_act, len(live.game.actions)
        if to_act != person:  # a bot's turn: one of the service's workers plays it
            if time.monotonic() - waited_since > PATIENCE:
                raise TimeoutError(f"{ruleset}/{scenario}: no bot move after {index} actions")
            time.sleep(0.002)
            continue
        legal = service.legal(live, person)
        try:
            service.act(gid, token, rng.choice(legal)["text"], index=index)
        except ServiceError as e:
            if e.status != 409:  # 409: a bot moved first; look again
                raise
        acted += 1
        waited_since = time.monotonic()
    live = service.get(gid)
    if not live.over:
        service.resign(gid, token)
        live = service.get(gid)
    with live.lock:
        return gid, live.game.digest()


def test_games_of_every_ruleset_played_through_the_service_from_threads(tmp_path: Path) -> None:
    service = GameService(Store(f"sqlite:///{tmp_path / 'games.db'}"), bot_workers=4,
                          client_seeds=True)
    service.start()
    plans = _plans()
    played: list[tuple[str, str, tuple[str, str, int, str]]] = []
    errors: list[str] = []
    barrier = threading.Barrier(THREADS)

    def run(k: int) -> None:
        barrier.wait(timeout=60)
        for plan in plans[k::THREADS]:
            try:
                played.append((*_play(service, *plan), plan))
            except Exception as e:  # every failure is reported, not only the first
                errors.append(f"{plan}: {type(e).__name__}: {e}")

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # the threads take turns as often as they can
    try:
        workers = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        assert errors == []
        assert {p[0] for _, _, p in played} == {"antilles", "astral-dreams", "attack-vector",
                                                "space-fleet"}
        assert len(played) == len(plans)
        for gid, digest, plan in played:
            record: dict[str, Any] = service.record(gid)
            assert voidwar.replay(record).digest() == digest, plan
    finally:
        sys.setswitchinterval(interval)
        service.close()
