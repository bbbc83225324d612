"""Limits: a locked database delays only the games that need it, bodies and socket messages
have a size, frames the server does not read are refused with a 4xxx close code, and game
creation is rate-limited per client address."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time

import pytest

from epochal.server import create_app
from epochal.server.app import TokenBuckets

from .conftest import HUMAN, TestClient, create, service, stored, tok

LIMIT = 64 * 1024


def mover_of(client, game) -> int:
    table = service(client).tables[game["id"]]
    return table.game.actors(table.state)[0]


def legal(client, game, seat) -> int:
    return client.get(f"/api/games/{game['id']}/view", headers=tok(game, seat)).json()["view"]["legal"][0]["id"]


@pytest.mark.skipif(bool(os.environ.get("EPOCHAL_TEST_DATABASE_URL")), reason="locks an SQLite file")
def test_a_locked_database_delays_only_the_games_that_need_it(client, db_url):
    """F4: while another process holds the SQLite write lock, a move waits for it (and then is
    stored), but views of that game and of another game answer at once."""
    game, other = (create(client, [HUMAN, HUMAN], options={"mode": "basic"}, seed=s) for s in (1, 2))
    for g in (game, other):
        for seat in (0, 1):  # seat everyone now: a join is a write too
            client.get(f"/api/games/{g['id']}/view", headers=tok(g, seat))
    mover = mover_of(client, game)
    action, version = legal(client, game, mover), client.get(f"/api/games/{game['id']}/view").json()["version"]
    client.get("/api/meta")  # loads every game's data once, which takes a while
    locker = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    locked_at = time.monotonic()
    answers, waits = {}, []
    moving = threading.Thread(
        target=lambda: answers.update(
            move=client.post(f"/api/games/{game['id']}/actions", headers=tok(game, mover), json={"action": action})
        )
    )
    try:
        moving.start()
        time.sleep(0.3)  # the move now waits for the lock
        for path, headers in (
            (f"/api/games/{other['id']}/view", {}),
            (f"/api/games/{other['id']}/view", tok(other, 0)),
            (f"/api/games/{game['id']}/view", tok(game, 1 - mover)),
            ("/api/meta", {}),
        ):
            started = time.monotonic()
            r = client.get(path, headers=headers)
            waits.append(time.monotonic() - started)
            assert r.status_code == 200
        assert "move" not in answers  # still waiting for the database
        assert client.get(f"/api/games/{game['id']}/view").json()["version"] == version
    finally:
        time.sleep(max(0.0, locked_at + 1.0 - time.monotonic()))  # a lock held for a second
        locker.execute("ROLLBACK")
        locker.close()
        moving.join(10)
    assert max(waits) < 0.25, waits
    assert answers["move"].status_code == 200 and answers["move"].json()["version"] == version + 1


def test_a_request_body_has_a_size_limit(client):
    """F4: a body over 64 KiB is refused with 413 JSON, by its Content-Length or, streamed
    without one, as it arrives; nothing changes."""
    game = create(client, [HUMAN, HUMAN], options={"mode": "basic"})
    mover = mover_of(client, game)
    before = stored(client, game["id"])
    padded = b'{"action": 0, "pad": "' + b"x" * LIMIT + b'"}'
    r = client.post(
        f"/api/games/{game['id']}/actions",
        content=padded,
        headers={**tok(game, mover), "Content-Type": "application/json"},
    )
    assert r.status_code == 413 and r.json()["error"] == "body_too_large" and r.json()["detail"]

    def chunks():
        yield b'{"game": "hadara", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"mode": "'
        for _ in range(20):
            yield b"x" * 8192
        yield b'"}}'

    games = len(service(client).tables)
    r = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"
    assert "content-length" not in {k.lower() for k in r.request.headers}
    assert len(service(client).tables) == games and stored(client, game["id"]) == before
    # just under the limit is read as usual (and refused for what it says)
    near = b'{"action": 0, "pad": "' + b"x" * (LIMIT - 100) + b'"}'
    r = client.post(
        f"/api/games/{game['id']}/actions",
        content=near,
        headers={**tok(game, mover), "Content-Type": "application/json"},
    )
    assert r.status_code == 422 and r.json()["field"] == "pad"


def test_the_body_limit_is_configurable(db_url):
    with TestClient(create_app(db_url, bot_delay=0, max_body=200)) as c:
        r = c.post("/api/games", json={"game": "hadara", "seats": [HUMAN, HUMAN], "options": {"mode": "x" * 200}})
        assert r.status_code == 413
        assert c.post("/api/games", json={"game": "hadara", "seats": [HUMAN, HUMAN]}).status_code == 201


@pytest.fixture
def seated(client):
    """A socket of the seat to move, past its hello."""
    game = create(client, [HUMAN, HUMAN], options={"mode": "basic"})
    mover = mover_of(client, game)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        ws.send_text(json.dumps({"token": game["seats"][mover]["token"]}))
        assert json.loads(ws.receive_text())["type"] == "hello"
        yield game, ws


def refused(ws) -> tuple[dict, int]:
    """The error message before the close, and the close code."""
    while (msg := json.loads(ws.receive_text()))["type"] != "error":
        pass
    return msg, ws.receive()["code"]


@pytest.mark.parametrize(
    "name,send,status,error",
    [
        ("binary frame", lambda ws: ws.send_bytes(b"\x00\x01"), 415, "unsupported_frame"),
        (
            "message over 64 KiB",
            lambda ws: ws.send_text(json.dumps({"type": "ping", "pad": "x" * LIMIT})),
            413,
            "message_too_large",
        ),
        (
            "JSON nested 20,000 deep",
            lambda ws: ws.send_text('{"type": "act", "action": ' + "[" * 20000 + "]" * 20000 + "}"),
            400,
            "malformed_json",
        ),
    ],
)
def test_a_socket_message_the_server_will_not_read_closes_it_with_a_4xxx_code(
    client, seated, name, send, status, error
):
    """F4/F8: binary frames, messages over 64 KiB and deeply nested JSON get an error message
    and a 4000 + status close code, not a traceback; nothing changes."""
    game, ws = seated
    before = stored(client, game["id"])
    send(ws)
    msg, code = refused(ws)
    assert msg["status"] == status and msg["error"] == error and msg["detail"]
    assert code == 4000 + status
    assert stored(client, game["id"]) == before


@pytest.mark.parametrize(
    "send,code",
    [
        (lambda ws: ws.send_bytes(b'{"token": null}'), 4415),
        (lambda ws: ws.send_text(json.dumps({"token": None, "pad": "x" * LIMIT})), 4413),
    ],
)
def test_a_hello_the_server_will_not_read_is_refused(client, send, code):
    """F8: the first message too: a binary or oversized hello is answered and closed."""
    game = create(client, [HUMAN, HUMAN])
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        send(ws)
        msg = json.loads(ws.receive_text())
        assert msg["type"] == "error" and msg["status"] == code - 4000
        assert ws.receive()["code"] == code


def test_game_creation_is_rate_limited_per_address(db_url):
    """F6: a client address may create ``create_rate`` games a minute; then 429 JSON with
    Retry-After, and no game is created. Other requests are not limited."""
    with TestClient(create_app(db_url, bot_delay=0, create_rate=3)) as c:
        made = [c.post("/api/games", json={"game": "hadara", "seats": [HUMAN, HUMAN]}) for _ in range(3)]
        assert [r.status_code for r in made] == [201] * 3
        r = c.post("/api/games", json={"game": "hadara", "seats": [HUMAN, HUMAN]})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited" and r.json()["detail"]
        assert 1 <= int(r.headers["Retry-After"]) <= 20
        assert len(service(c).tables) == 3
        assert c.get(f"/api/games/{made[0].json()['id']}/view").status_code == 200


def test_token_buckets_refill_at_the_rate():
    now = [0.0]
    buckets = TokenBuckets(30, clock=lambda: now[0])
    assert all(buckets.take("a") == 0 for _ in range(30))
    assert buckets.take("a") == pytest.approx(2.0)  # one token every 2 s
    assert buckets.take("b") == 0  # another address has its own
    now[0] += 2.0
    assert buckets.take("a") == 0 and buckets.take("a") > 0
    now[0] += 600
    assert all(buckets.take("a") == 0 for _ in range(30))  # never more than a minute's worth
    assert buckets.take("a") > 0
