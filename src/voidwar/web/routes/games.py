"""The lobby and games: the rulesets, creating and listing games, a game's summary, joining."""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from voidwar.ai import registry as policy_registry
from voidwar.core.registry import load, rulesets

from ..models import REFUSALS, AsciiJSON, Created, CreateGame, GameId, JoinSeat, SeatGiven
from ..setup import terms
from . import Service

log = logging.getLogger("voidwar.web")

router = APIRouter()


def _seats_of(request: Request, name: str, scenario: str | None) -> list[str]:
    """The seats of a scenario (cached per application; none when it cannot be set up)."""
    cache: dict[tuple[str, str | None], list[str]] = request.app.state.seats_cache
    key = (name, scenario)
    if key not in cache:
        try:
            cache[key] = list(load(name, scenario=scenario, seed=0).seats)
        except Exception as e:  # a broken scenario must not break the lobby
            log.warning("cannot set up %s/%s: %s", name, scenario, e)
            cache[key] = []
    return cache[key]


@router.get("/api/server", tags=["rulesets"])
def server_terms(service: Service) -> dict[str, Any]:
    """What this server lets a client choose: ``client_seeds`` (a dice seed of its own; off by
    default, when the server seeds every game from its secret)."""
    return {"client_seeds": service.client_seeds}


@router.get("/api/rulesets", tags=["rulesets"])
def list_rulesets(request: Request) -> list[dict[str, Any]]:
    """Every ruleset with its scenarios, the seats of each, its policies and options."""
    out = []
    for name, info in rulesets().items():
        try:
            scenarios = info.scenarios()
        except Exception as e:
            log.warning("ruleset %s: scenarios failed: %s", name, e)
            scenarios = {}
        out.append({
            "name": name,
            "title": info.title,
            "description": info.description,
            "scenarios": [
                {"name": s, "description": d, "seats": _seats_of(request, name, s)}
                for s, d in scenarios.items()
            ],
            "default_seats": _seats_of(request, name, None),
            "policies": policy_registry.names(name),
            "options": dict(info.option_help),
        })
    return out


def links(gid: str, tokens: dict[str, str]) -> tuple[list[SeatGiven], str]:
    """Each seat's link (with its token), and the hot-seat link holding every token."""
    given = [SeatGiven(seat=s, token=t, link=f"/game/{gid}#seat={s}&token={t}")
             for s, t in tokens.items()]
    hot = f"/game/{gid}#" + "&".join(f"seat={s}&token={t}" for s, t in tokens.items())
    return given, hot


@router.post("/api/games", status_code=201, tags=["games"], responses=REFUSALS)
def create_game(body: CreateGame, service: Service) -> Created:
    """Create a game; every human seat's secret token comes back (once) with its link."""
    live, tokens = service.create(
        body.ruleset, body.scenario, dict(body.options), body.seed,
        {s: (spec.kind, spec.policy) for s, spec in body.seats.items()},
        dice=body.dice, setup_rolls=list(body.setup_rolls),
    )
    given, hot = links(live.id, tokens)
    return Created(id=live.id, ruleset=live.row.ruleset, scenario=live.row.scenario,
                   seats=service.seats_public(live), tokens=given, hotseat_link=hot,
                   spectator_link=f"/game/{live.id}", terms=service.terms(live))


@router.get("/api/games", tags=["games"])
def list_games(service: Service,
               limit: Annotated[int, Query(ge=1, le=500)] = 50) -> list[dict[str, Any]]:
    """Stored games, most recently played first (public facts only, with the terms each
    seat plays under: the dice and the non-default options)."""
    return [
        {"id": g.id, "ruleset": g.ruleset, "scenario": g.scenario, "status": g.status,
         "created": g.created, "updated": g.updated, "n_actions": g.n_actions,
         "terms": terms(g, [])}
        for g in service.store.list_games(limit)
    ]


@router.get("/api/games/{gid}", tags=["games"], responses=REFUSALS,
            response_model=dict[str, Any])
def game_summary(gid: GameId, service: Service) -> AsciiJSON:
    """Public facts of a game: seats, whose turn, status, result, and its terms (dice,
    non-default options, notes) — what a player is told before taking a seat."""
    live = service.get(gid)
    with live.lock:
        res = live.result()
        return AsciiJSON({
            "id": live.id, "ruleset": live.row.ruleset, "scenario": live.row.scenario,
            "seats": service.seats_public(live), "to_act": live.to_act, "status": live.status,
            "over": live.over, "n_actions": len(live.game.actions), "version": live.version,
            "result": res.to_dict() if res else None, "terms": service.terms(live)})


@router.post("/api/games/{gid}/join", tags=["seats"], responses=REFUSALS)
def join_seat(gid: GameId, body: JoinSeat, service: Service) -> SeatGiven:
    """Take an open seat; its secret token comes back (once)."""
    token = service.join(gid, body.seat)
    given, _ = links(gid, {body.seat: token})
    return given[0]
