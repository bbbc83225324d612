"""A table's chat: seats write and read, spectators per the host's setting, muted seats, rate
limits, bad messages refused and nothing leaked; messages survive a restart."""

from __future__ import annotations

import json

import pytest

from epochal.server import create_app
from epochal.server.service import CHAT_LENGTH, CHAT_PER_MINUTE

from .conftest import HUMAN, TestClient, create, service, tok


def host(game: dict) -> dict:
    return {"X-Host-Token": game["host_token"]}


@pytest.fixture
def game(client):
    return create(client, [HUMAN, HUMAN], options={"mode": "basic"}, seed=5)


def next_chat(ws) -> dict:
    while True:
        msg = json.loads(ws.receive_text())
        if msg["type"] == "chat":
            return msg


def test_two_seats_chat_over_the_socket_and_a_spectator_reads(client, game):
    gid = game["id"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as a,
        client.websocket_connect(f"/api/games/{gid}/ws") as b,
        client.websocket_connect(f"/api/games/{gid}/ws") as watcher,
    ):
        for ws, token in ((a, game["seats"][0]["token"]), (b, game["seats"][1]["token"]), (watcher, None)):
            ws.send_text(json.dumps({"token": token}))
            assert next_chat(ws) == {"type": "chat", "messages": [], "all": True}
        a.send_text(json.dumps({"type": "chat", "text": "  hello <b>Boris</b>  "}))
        for ws in (a, b, watcher):
            (message,) = next_chat(ws)["messages"]
            assert message["text"] == "hello <b>Boris</b>"  # text as typed; the page shows it as text
            assert (message["seat"], message["name"], message["n"]) == (0, "Player 1", 0)
        b.send_text(json.dumps({"type": "chat", "text": "hi"}))
        assert next_chat(a)["messages"][0]["seat"] == 1
        watcher.send_text(json.dumps({"type": "chat", "text": "may I?"}))
        err = json.loads(watcher.receive_text())
        while err["type"] != "error":
            err = json.loads(watcher.receive_text())
        assert err["error"] == "chat_closed"  # spectators read by default, and do not write
    log = client.get(f"/api/games/{gid}/chat", headers=tok(game, 1)).json()["messages"]
    assert [m["text"] for m in log] == ["hello <b>Boris</b>", "hi"]


def test_the_host_closes_the_chat_to_spectators_or_opens_it_for_writing(client, game):
    gid = game["id"]
    client.post(f"/api/games/{gid}/chat", headers=tok(game, 0), json={"text": "secret plan"})
    assert client.put(f"/api/games/{gid}/chat", headers=host(game), json={"spectators": "off"}).status_code == 200
    r = client.get(f"/api/games/{gid}/chat")
    assert r.status_code == 403 and r.json()["error"] == "chat_closed"
    with client.websocket_connect(f"/api/games/{gid}/ws") as watcher:
        watcher.send_text(json.dumps({"token": None}))
        assert json.loads(watcher.receive_text())["type"] == "hello"
        client.post(f"/api/games/{gid}/chat", headers=tok(game, 1), json={"text": "more secrets"})
        watcher.send_text(json.dumps({"type": "ping"}))
        assert json.loads(watcher.receive_text())["type"] == "pong"  # no chat came before the pong
    client.put(f"/api/games/{gid}/chat", headers=host(game), json={"spectators": "write"})
    r = client.post(f"/api/games/{gid}/chat", json={"text": "good game"})
    assert r.status_code == 201 and r.json()["seat"] is None and r.json()["name"] == "spectator"
    assert len(client.get(f"/api/games/{gid}/chat").json()["messages"]) == 3


def test_a_muted_seat_cannot_write_until_the_host_lets_it(client, game):
    gid = game["id"]
    assert client.put(f"/api/games/{gid}/seats/1/mute", headers=host(game), json={"muted": True}).status_code == 200
    r = client.post(f"/api/games/{gid}/chat", headers=tok(game, 1), json={"text": "spam"})
    assert r.status_code == 403 and r.json()["error"] == "muted"
    assert client.get(f"/api/games/{gid}/view", headers=tok(game, 0)).json()["meta"]["muted"] == [False, True]
    client.put(f"/api/games/{gid}/seats/1/mute", headers=host(game), json={"muted": False})
    assert client.post(f"/api/games/{gid}/chat", headers=tok(game, 1), json={"text": "sorry"}).status_code == 201


def test_a_seat_that_writes_too_fast_is_told_to_wait(client, game):
    gid = game["id"]
    for i in range(CHAT_PER_MINUTE):
        assert client.post(f"/api/games/{gid}/chat", headers=tok(game, 0), json={"text": f"m{i}"}).status_code == 201
    r = client.post(f"/api/games/{gid}/chat", headers=tok(game, 0), json={"text": "one more"})
    assert r.status_code == 429 and r.json()["error"] == "rate_limited" and r.json()["retry_after"] >= 1
    assert client.post(f"/api/games/{gid}/chat", headers=tok(game, 1), json={"text": "me too"}).status_code == 201


@pytest.mark.parametrize(
    "body,status,error",
    [
        ({"text": ""}, 422, "invalid_request"),
        ({"text": "   \n "}, 422, "invalid_request"),
        ({"text": "\x00\x07"}, 422, "invalid_request"),
        ({"text": "x" * (CHAT_LENGTH + 1)}, 422, "invalid_request"),
        ({"text": "x" * 100_000}, 413, "body_too_large"),
        ({"text": 3}, 422, "invalid_request"),
        ({"text": ["a"]}, 422, "invalid_request"),
        ({}, 422, "invalid_request"),
        ({"text": "hi", "seat": 1}, 422, "invalid_request"),
    ],
)
def test_bad_chat_messages_are_refused_and_store_nothing(client, game, body, status, error):
    gid = game["id"]
    r = client.post(f"/api/games/{gid}/chat", headers=tok(game, 0), json=body)
    assert (r.status_code, r.json()["error"]) == (status, error), r.text
    assert client.get(f"/api/games/{gid}/chat", headers=tok(game, 0)).json()["messages"] == []
    assert service(client).store.chat(gid) == []


@pytest.mark.parametrize(
    "path,body,headers,status,error",
    [
        ("chat", {"spectators": "everyone"}, "host", 422, "invalid_request"),
        ("chat", {"spectators": "read"}, "seat", 403, "bad_host_token"),
        ("chat", {"spectators": "read"}, None, 401, "missing_host_token"),
        ("seats/1/mute", {"muted": "yes"}, "host", 422, "invalid_request"),
        ("seats/5/mute", {"muted": True}, "host", 404, "no_such_seat"),
        ("seats/1/mute", {"muted": True}, "seat", 403, "bad_host_token"),
    ],
)
def test_bad_chat_settings_are_refused(client, game, path, body, headers, status, error):
    headers = host(game) if headers == "host" else {"X-Host-Token": game["seats"][0]["token"]} if headers else {}
    r = client.put(f"/api/games/{game['id']}/{path}", headers=headers, json=body)
    assert (r.status_code, r.json()["error"]) == (status, error), r.text
    table = service(client).tables[game["id"]]
    assert table.spectator_chat == "read" and not any(s.muted for s in table.seats)


def test_a_wrong_or_revoked_seat_token_cannot_write(client, game):
    gid = game["id"]
    r = client.post(f"/api/games/{gid}/chat", headers={"X-Seat-Token": "nope"}, json={"text": "hi"})
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    client.post(f"/api/games/{gid}/seats/0/link", headers=host(game))
    r = client.post(f"/api/games/{gid}/chat", headers=tok(game, 0), json={"text": "hi"})
    assert r.status_code == 403 and r.json()["error"] == "bad_token"


def test_the_chat_carries_no_token_and_the_lobby_no_chat(client, game):
    gid = game["id"]
    client.post(f"/api/games/{gid}/chat", headers=tok(game, 0), json={"text": "hello"})
    seen = client.get(f"/api/games/{gid}/chat").text + client.get("/api/games").text
    seen += client.get(f"/api/games/{gid}").text
    secrets = [s["token"] for s in game["seats"]] + [game["host_token"]]
    assert not any(s in seen for s in secrets)
    assert "hello" not in client.get("/api/games").text


def test_the_chat_survives_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        game = create(c, [HUMAN, HUMAN], seed=2)
        gid = game["id"]
        for seat, text in ((0, "hello"), (1, "привет")):
            assert c.post(f"/api/games/{gid}/chat", headers=tok(game, seat), json={"text": text}).status_code == 201
        c.put(f"/api/games/{gid}/chat", headers=host(game), json={"spectators": "off"})
        c.put(f"/api/games/{gid}/seats/1/mute", headers=host(game), json={"muted": True})
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        log = c.get(f"/api/games/{gid}/chat", headers=tok(game, 0)).json()["messages"]
        assert [(m["n"], m["seat"], m["text"]) for m in log] == [(0, 0, "hello"), (1, 1, "привет")]
        assert c.get(f"/api/games/{gid}/chat").status_code == 403
        assert c.post(f"/api/games/{gid}/chat", headers=tok(game, 1), json={"text": "x"}).status_code == 403
        assert c.post(f"/api/games/{gid}/chat", headers=tok(game, 0), json={"text": "again"}).json()["n"] == 2
