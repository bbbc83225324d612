""" "Play again": a seat or the host sets up the next game of a finished one: the same people,
bots and options, the seats moved on by one (their sides with them), each person's own link
opening their new seat; refused before the end and without a seat's or the host's link."""

from __future__ import annotations

import json
import random

import pytest

from epochal.engine import sides
from epochal.server import create_app

from .conftest import HUMAN, TestClient, bot, create, play_random, service, tok


def finished(client, **body) -> dict:
    game = create(client, [HUMAN, HUMAN, bot("random")], **body)
    play_random(client, game, [0, 1], random.Random(1))
    assert service(client).tables[game["id"]].state.over
    return game


def test_sides_move_on_with_their_seats():
    names = ("Romans", "Japanese", "Egyptians", "Barbarians")
    assert sides.shifted("Romans,Japanese,Egyptians", names, 1) == "Japanese,Egyptians,Romans"
    assert sides.shifted("rotation:3", names, 1) == "rotation:0"
    assert sides.shifted("rotate", names, 1) == "rotate"


def test_a_seat_asks_for_a_rematch_and_every_person_opens_their_new_seat(client):
    game = finished(client, game="imperial_settlers", options={"factions": "Romans,Japanese,Egyptians"}, seed=3)
    gid = game["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"token": game["seats"][0]["token"]}))
        assert json.loads(ws.receive_text())["meta"]["rematch"] is None
        r = client.post(f"/api/games/{gid}/rematch", headers=tok(game, 1))
        assert r.status_code == 200
        new = r.json()["id"]
        msg = json.loads(ws.receive_text())
        while msg["type"] != "status":
            msg = json.loads(ws.receive_text())
        assert msg["meta"]["rematch"] == new  # the old table's pages hear of it
    assert client.post(f"/api/games/{gid}/rematch", headers=tok(game, 0)).json()["id"] == new  # once only
    summary = client.get(f"/api/games/{new}").json()
    assert [s["name"] for s in summary["seats"]] == ["Player 2", "Bot 3 (random)", "Player 1"]
    assert summary["status"] == "open"
    table = service(client).tables[new]
    assert table.state.options["factions"] == "Japanese,Egyptians,Romans"  # each keeps their empire
    # each person's own secret opens their seat at the new table
    assert client.get(f"/api/games/{new}/view", headers=tok(game, 1)).json()["seat"] == 0
    assert client.get(f"/api/games/{new}/view", headers=tok(game, 0)).json()["seat"] == 2
    assert client.get(f"/api/games/{gid}").json()["rematch"] == new
    assert client.get(f"/api/games/{new}/host", headers={"X-Host-Token": game["host_token"]}).status_code == 200


def test_the_host_may_ask_too_and_the_host_settings_carry_over(client):
    game = create(client, [HUMAN, HUMAN], seed=4)
    gid, host = game["id"], {"X-Host-Token": game["host_token"]}
    client.put(f"/api/games/{gid}/chat", headers=host, json={"spectators": "write"})
    watch = client.put(f"/api/games/{gid}/watch-link", headers=host, json={"keep": True}).json()["link"]
    play_random(client, game, [0, 1], random.Random(2))
    new = client.post(f"/api/games/{gid}/rematch", headers=host).json()["id"]
    assert service(client).tables[new].spectator_chat == "write"
    assert client.get(f"/api/games/{new}/view").status_code == 403  # still kept to the spectator link
    assert client.get(f"/api/games/{new}/view", headers={"X-Watch-Token": watch.split("#watch=")[1]}).status_code == 200


@pytest.mark.parametrize(
    "headers,status,error",
    [
        ({}, 401, "missing_token"),
        ({"X-Seat-Token": "nope"}, 403, "bad_token"),
        ({"X-Host-Token": "nope"}, 403, "bad_host_token"),
    ],
)
def test_a_rematch_needs_a_seat_or_the_host(client, headers, status, error):
    game = finished(client)
    before = set(service(client).tables)
    r = client.post(f"/api/games/{game['id']}/rematch", headers=headers)
    assert (r.status_code, r.json()["error"]) == (status, error)
    assert set(service(client).tables) == before


def test_no_rematch_before_the_end(client):
    game = create(client, [HUMAN, HUMAN])
    r = client.post(f"/api/games/{game['id']}/rematch", headers=tok(game, 0))
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    r = client.post("/api/games/nothing/rematch", headers=tok(game, 0))
    assert r.status_code == 404


def test_a_rematch_survives_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        game = finished(c, seed=6)
        new = c.post(f"/api/games/{game['id']}/rematch", headers=tok(game, 0)).json()["id"]
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        assert c.get(f"/api/games/{game['id']}/view", headers=tok(game, 0)).json()["meta"]["rematch"] == new
        assert c.get(f"/api/games/{new}/view", headers=tok(game, 0)).json()["seat"] == 2
