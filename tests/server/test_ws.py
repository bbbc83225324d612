"""The WebSocket: hello, one update per action to every seat and spectator, errors, acting."""

from __future__ import annotations

import contextlib
import json

import pytest

from .conftest import HUMAN, create, service, stored, tok


@pytest.fixture
def connect(client):
    """Open sockets that are closed (and their server tasks finished) after the test."""
    with contextlib.ExitStack() as stack:

        def open_socket(game, seat=None, lang="en"):
            ws = stack.enter_context(client.websocket_connect(f"/api/games/{game['id']}/ws"))
            token = game["seats"][seat]["token"] if seat is not None else None
            ws.send_text(json.dumps({"token": token, "lang": lang}))
            return ws

        yield open_socket


def next_of(ws, *types):
    """The next message of one of ``types`` (join notices may come in between)."""
    while True:
        msg = json.loads(ws.receive_text())
        if msg["type"] in types:
            return msg


@pytest.fixture
def game(client):
    # basic mode: the first decision (the wheel) belongs to one seat, and no bot moves in between
    return create(client, [HUMAN, HUMAN], options={"mode": "basic"}, undo=True)


def mover_of(client, game):
    t = service(client).tables[game["id"]]
    return t.game.actors(t.state)[0]


def test_hello_gives_each_listener_its_own_view(client, game, connect):
    seat0, spectator = connect(game, 0), connect(game)
    a, b = next_of(seat0, "hello"), next_of(spectator, "hello")
    assert a["seat"] == 0 and a["view"]["you"] == 0 and "hand" in a["view"]["seats"][0]
    assert b["seat"] is None and b["view"]["you"] is None and b["view"]["legal"] == []
    assert all("hand" not in s for s in b["view"]["seats"])
    assert a["meta"]["names"] == ["Player 1", "Player 2"] and a["meta"]["undo"] is True


def test_every_listener_hears_every_action_once(client, game, connect):
    listeners = [connect(game, 0), connect(game, 1), connect(game)]
    hellos = [next_of(ws, "hello") for ws in listeners]
    assert len({h["version"] for h in hellos}) == 1
    mover = mover_of(client, game)
    for step in range(3):
        legal = client.get(f"/api/games/{game['id']}/view", headers=tok(game, mover_of(client, game))).json()
        mover = mover_of(client, game)
        r = client.post(
            f"/api/games/{game['id']}/actions",
            headers=tok(game, mover),
            json={"action": legal["view"]["legal"][0]["id"]},
        )
        assert r.status_code == 200
        answered = r.json()
        updates = [next_of(ws, "update") for ws in listeners]
        assert [u["version"] for u in updates] == [hellos[0]["version"] + step + 1] * 3
        assert updates[mover]["view"] == answered["view"] and updates[mover]["events"] == answered["events"]
        assert [u["seat"] for u in updates] == [0, 1, None]
        assert updates[2]["view"]["legal"] == []


@pytest.mark.parametrize(
    "first,status,error",
    [
        ('{"token": "forged"}', 403, "bad_token"),
        ('{"token": 12}', 422, "invalid_request"),
        ('{"lang": "xx"}', 422, "invalid_request"),
        ("{not json", 400, "malformed_json"),
        ('["a list"]', 422, "invalid_request"),
    ],
)
def test_a_bad_hello_is_answered_and_closed(client, game, first, status, error):
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        ws.send_text(first)
        msg = json.loads(ws.receive_text())
        assert msg["type"] == "error" and msg["status"] == status and msg["error"] == error and msg["detail"]
        assert ws.receive()["code"] == 4000 + status


def test_an_unknown_game_is_answered_404(client):
    with client.websocket_connect("/api/games/nothing/ws") as ws:
        ws.send_text("{}")
        msg = json.loads(ws.receive_text())
        assert msg["status"] == 404 and msg["error"] == "no_such_game"
        assert ws.receive()["code"] == 4404


@pytest.mark.parametrize(
    "message,status,error",
    [
        ("{oops", 400, "malformed_json"),
        ('"act"', 422, "invalid_request"),
        ('{"type": "dance"}', 422, "invalid_request"),
        ('{"type": "act"}', 422, "invalid_request"),
        ('{"type": "act", "action": "7"}', 422, "invalid_request"),
        ('{"type": "act", "action": true}', 422, "invalid_request"),
        ('{"type": "act", "action": 1, "seat": 0}', 422, "invalid_request"),
        ('{"type": "act", "action": 99999}', 422, "unknown_action"),
        ('{"type": "act", "action": 70}', 422, "illegal_action"),
        ('{"type": "act", "action": 0, "version": -5}', 409, "stale"),
        ('{"type": "undo"}', 409, "nothing_to_undo"),
    ],
)
def test_bad_socket_messages_are_answered_and_change_nothing(client, game, connect, message, status, error):
    mover = mover_of(client, game)
    ws = connect(game, mover)
    next_of(ws, "hello")
    before = stored(client, game["id"])
    ws.send_text(message)
    msg = next_of(ws, "error")
    assert msg["status"] == status and msg["error"] == error and msg["detail"], msg
    assert stored(client, game["id"]) == before
    ws.send_text('{"type": "ping"}')
    assert next_of(ws, "pong", "update")["type"] == "pong"  # no update was sent before it


def test_out_of_turn_and_spectator_acts_are_refused(client, game, connect):
    mover = mover_of(client, game)
    other, spectator = connect(game, 1 - mover), connect(game)
    next_of(other, "hello")
    next_of(spectator, "hello")
    before = stored(client, game["id"])
    other.send_text('{"type": "act", "action": 0}')
    assert next_of(other, "error")["error"] == "not_your_turn"
    spectator.send_text('{"type": "act", "action": 0}')
    assert next_of(spectator, "error")["status"] == 401
    spectator.send_text('{"type": "undo"}')
    assert next_of(spectator, "error")["status"] == 401
    assert stored(client, game["id"]) == before


def test_acting_and_undoing_over_the_socket(client, connect):
    # advanced mode starts with the simultaneous choice of start card sides: the first answer
    # reveals nothing, so it can be taken back
    game = create(client, [HUMAN, HUMAN], undo=True)
    mover = 0
    ws, watcher = connect(game, mover), connect(game)
    hello = next_of(ws, "hello")
    next_of(watcher, "hello")
    before = service(client).tables[game["id"]].state.to_json()
    ws.send_text(json.dumps({"type": "act", "action": hello["view"]["legal"][0]["id"], "version": hello["version"]}))
    update = next_of(ws, "update")
    assert update["version"] == hello["version"] + 1 and update["meta"]["can_undo"] is True
    assert next_of(watcher, "update")["version"] == update["version"]
    ws.send_text('{"type": "undo"}')
    reset = next_of(ws, "reset")
    assert reset["version"] == update["version"] + 1
    assert next_of(watcher, "reset")["version"] == reset["version"]
    assert service(client).tables[game["id"]].state.to_json() == before
