"""Player keys: a browser's seats attached to one secret that lists them on any device; wrong
keys and seat secrets are refused and change nothing; nothing public carries a key; a seat whose
link the host replaced is no longer found; the store alone opens no seat; kept over a restart."""

from __future__ import annotations

import pytest

from epochal.server import create_app
from epochal.server.db import KEYS

from .conftest import HUMAN, TestClient, create, service, tok


def seat(game: dict, n: int) -> dict:
    return {"game": game["id"], "token": game["seats"][n]["token"]}


def test_a_key_made_from_a_browsers_seats_lists_them_with_their_links(client):
    a, b = create(client, [HUMAN, HUMAN]), create(client, [HUMAN, HUMAN, HUMAN])
    r = client.post("/api/keys", json={"seats": [seat(a, 0), seat(b, 2)]})
    assert r.status_code == 200
    key = r.json()["key"]
    assert r.json()["link"].endswith(f"/#key={key}") and len(key) >= 32
    found = client.post("/api/keys/seats", json={"key": key}).json()["seats"]
    assert {(s["id"], s["seat"]) for s in found} == {(a["id"], 0), (b["id"], 2)}
    for s in found:  # each link opens its seat
        view = client.get(f"/api/games/{s['id']}/view", headers={"X-Seat-Token": s["token"]}).json()
        assert view["seat"] == s["seat"]
        assert s["link"].endswith(f"/game/{s['id']}#seat={s['token']}")
    # a later seat joins the same key
    c = create(client, [HUMAN, HUMAN])
    assert client.post("/api/keys", json={"key": key, "seats": [seat(c, 1)]}).json()["key"] == key
    assert len(client.post("/api/keys/seats", json={"key": key}).json()["seats"]) == 3


def test_one_persons_key_finds_nothing_of_anothers(client):
    game = create(client, [HUMAN, HUMAN])
    mine = client.post("/api/keys", json={"seats": [seat(game, 0)]}).json()["key"]
    theirs = client.post("/api/keys", json={"seats": [seat(game, 1)]}).json()["key"]
    assert [s["seat"] for s in client.post("/api/keys/seats", json={"key": mine}).json()["seats"]] == [0]
    assert [s["seat"] for s in client.post("/api/keys/seats", json={"key": theirs}).json()["seats"]] == [1]


@pytest.mark.parametrize(
    "body,status,error",
    [
        ({"seats": []}, 422, "invalid_request"),
        ({"seats": [{"game": "x"}]}, 422, "invalid_request"),
        ({"seats": [{"game": "x", "token": "t", "seat": 0}]}, 422, "invalid_request"),
        ({"seats": [{"game": "x" * 40, "token": "t"}]}, 422, "invalid_request"),
        ({"seats": [{"game": "nothing", "token": "t"}]}, 404, "no_such_game"),
        ({"seats": "all"}, 422, "invalid_request"),
        ({"key": "made-up", "seats": "GOOD"}, 403, "bad_key"),
        ({"seats": "WRONG"}, 403, "bad_token"),
        ({"seats": "GOOD+WRONG"}, 403, "bad_token"),
    ],
)
def test_bad_requests_for_a_key_are_refused_and_store_nothing(client, body, status, error):
    game = create(client, [HUMAN, HUMAN])
    good, wrong = seat(game, 0), {"game": game["id"], "token": "not-a-seat"}
    body = dict(body)
    named = {"GOOD": [good], "WRONG": [wrong], "GOOD+WRONG": [good, wrong]}
    if isinstance(body["seats"], str) and body["seats"] in named:
        body["seats"] = named[body["seats"]]
    r = client.post("/api/keys", json=body)
    assert (r.status_code, r.json()["error"]) == (status, error), r.text
    with service(client).store.engine.connect() as conn:
        assert conn.execute(KEYS.select()).first() is None


@pytest.mark.parametrize("key", ["", "x" * 65, "made-up-key"])
def test_a_wrong_key_finds_nothing(client, key):
    r = client.post("/api/keys/seats", json={"key": key})
    assert r.status_code in (403, 422) and r.json()["error"] in ("bad_key", "invalid_request")


def test_a_seat_whose_link_the_host_replaced_is_no_longer_found(client):
    game = create(client, [HUMAN, HUMAN])
    key = client.post("/api/keys", json={"seats": [seat(game, 0), seat(game, 1)]}).json()["key"]
    client.post(f"/api/games/{game['id']}/seats/1/link", headers={"X-Host-Token": game["host_token"]})
    assert [s["seat"] for s in client.post("/api/keys/seats", json={"key": key}).json()["seats"]] == [0]


def test_no_public_answer_carries_a_key_and_the_store_holds_no_seat_secret(client):
    game = create(client, [HUMAN, HUMAN])
    key = client.post("/api/keys", json={"seats": [seat(game, 0)]}).json()["key"]
    client.get(f"/api/games/{game['id']}/view", headers=tok(game, 0))
    public = client.get("/api/games").text + client.get(f"/api/games/{game['id']}").text
    public += client.get(f"/api/games/{game['id']}/view").text
    assert key not in public
    with service(client).store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(KEYS.select())]
    stored = repr(rows)
    assert key not in stored and game["seats"][0]["token"] not in stored


def test_a_key_survives_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        game = create(c, [HUMAN, HUMAN])
        key = c.post("/api/keys", json={"seats": [seat(game, 1)]}).json()["key"]
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        (found,) = c.post("/api/keys/seats", json={"key": key}).json()["seats"]
        assert (found["id"], found["seat"], found["token"]) == (game["id"], 1, game["seats"][1]["token"])
