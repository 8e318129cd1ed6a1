"""Hidden means hidden everywhere: two games a seat's view cannot tell apart give that seat the
same answers, byte for byte — its view with the log and the board, a replay step, and the
websocket message of the action.

The search: play seeded random games of every ruleset whose views hide something; at positions
where one seat acts, apply each of its legal actions to a copy and group them by what another
seat (and a spectator) then sees (``view(seat)``). Every pair of actions in one group is played
through the real server (two games on the same seed and the same history) and the answers the
other seat gets are compared.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib.metadata import entry_points
from typing import Any

import pytest
from fastapi.testclient import TestClient

import voidwar
from voidwar.core.canonical import canonical_json
from voidwar.core.registry import ENTRY_POINT_GROUP, get_ruleset
from voidwar.web.server import create_app

#: every shipped ruleset whose views hide something, with each of its scenarios
SHIPPED = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))
HIDDEN = [
    (name, scenario)
    for name in SHIPPED
    if get_ruleset(name).game_class.has_hidden_information
    for scenario in get_ruleset(name).scenarios()
]


def test_the_search_covers_the_rulesets_with_secret_or_simultaneous_actions() -> None:
    assert {name for name, _ in HIDDEN} == {"space-fleet", "attack-vector"}


def _twins(ruleset: str, scenario: str, seed: int, limit: int = 400
           ) -> Iterator[tuple[list[str], str, str, str | None]]:
    """(history, action a, action b, reader): positions of a seeded random game, in a secret
    step, where a and b, played by the seat to act, leave ``reader``'s view the same and the
    step goes on (a step that ends reveals everything done in it, to every seat)."""
    game = voidwar.load(ruleset, scenario=scenario, seed=seed)
    rng = random.Random(seed)
    history: list[str] = []
    while not game.over and len(history) < limit:
        actor = game.to_act
        step = game.secret_step()
        if step is not None:
            groups: dict[tuple[str | None, str], list[str]] = {}
            for action in game.legal_actions()[:40]:
                branch = game.clone()
                branch.apply(action)
                if branch.secret_step() != step:
                    continue  # the step ended: what was secret in it is revealed to all
                for reader in (*game.seats, None):
                    if reader != actor:
                        key = (reader, canonical_json(branch.view(reader)))
                        groups.setdefault(key, []).append(str(action))
            for (reader, _), texts in groups.items():
                kinds = {t.split()[0]: t for t in texts}
                if len(kinds) >= 2:  # unlike actions the reader cannot tell apart
                    a, b = list(kinds.values())[:2]
                    yield list(history), a, b, reader
                    break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        history.append(str(action))


def _play(client: TestClient, ruleset: str, scenario: str, seed: int, history: list[str]
          ) -> tuple[str, dict[str, str]]:
    made = client.post("/api/games", json={"ruleset": ruleset, "scenario": scenario,
                                            "seed": seed}).json()
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    gid = made["id"]
    for text in history:
        _act(client, gid, tokens, text)
    return gid, tokens


def _act(client: TestClient, gid: str, tokens: dict[str, str], text: str) -> None:
    seat = client.get(f"/api/games/{gid}").json()["to_act"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": text},
                    headers={"X-Seat-Token": tokens[seat]})
    assert r.status_code == 200, r.text


def _answers(client: TestClient, gid: str, tokens: dict[str, str], reader: str | None,
             text: str) -> dict[str, Any]:
    """Everything ``reader`` receives about the action ``text``: its websocket message, then
    its view (with log and board) and the replay step after it."""
    headers = {"X-Seat-Token": tokens[reader]} if reader else {}
    query = f"?token={tokens[reader]}" if reader else ""
    with client.websocket_connect(f"/api/games/{gid}/ws{query}") as ws:
        ws.receive_json()  # hello
        _act(client, gid, tokens, text)
        message = ws.receive_json()
    view = client.get(f"/api/games/{gid}/view", headers=headers).json()
    n = view["n_actions"]
    step = client.get(f"/api/games/{gid}/replay/{n}", headers=headers).json()
    for answer in (message, view, step):
        answer.pop("game", None)
        answer.pop("id", None)
    return {"ws": message, "view": view, "replay": step}


@pytest.mark.parametrize(("ruleset", "scenario"), HIDDEN)
def test_a_seat_gets_the_same_answers_from_games_it_cannot_tell_apart(
        tmp_path: Any, ruleset: str, scenario: str) -> None:
    found = 0
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", client_seeds=True,
                               bots=False)) as client:
        for seed in (1, 2, 3):
            for history, a, b, reader in _twins(ruleset, scenario, seed):
                answers = []
                for text in (a, b):
                    gid, tokens = _play(client, ruleset, scenario, seed, history)
                    answers.append(_answers(client, gid, tokens, reader, text))
                for part in ("ws", "view", "replay"):
                    left, right = (json.dumps(x[part], sort_keys=True) for x in answers)
                    assert left == right, (
                        f"{ruleset}/{scenario} seed {seed} after {len(history)} actions: "
                        f"{reader or 'a spectator'} tells {a!r} from {b!r} by the {part}")
                found += 1
                if found >= 3:
                    return
    if get_ruleset(ruleset).game_class.has_secret_orders and found == 0:
        pytest.skip(f"{ruleset}/{scenario}: no twin positions in the seeds searched")
