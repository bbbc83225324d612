"""An unexpected exception in the rules changes nothing, answers a JSON 500 and stops no game.

The fault is injected by wrapping the game's ``apply`` so that it raises ``RuntimeError``, as a
card data file that validates but breaks a rule program does.
"""

from __future__ import annotations

import json
import logging
import random

import pytest

from epochal.engine import replay

from .conftest import HUMAN, bot, create, play_random, service, stored, tok, wait_until


def break_apply(monkeypatch, game, when=lambda state, seat, action: True):
    """Make ``game.apply`` raise whenever ``when(state, seat, action)``; the faults raised."""
    real = game.apply
    faults = []

    def apply(state, seat, action):
        if when(state, seat, action):
            faults.append((state.ply, seat, action))
            raise RuntimeError("a rule program broke")
        return real(state, seat, action)

    monkeypatch.setattr(game, "apply", apply)
    return faults


def snapshot(client, game):
    """What a failed action must leave as it was: state, stored record, every seat's view."""
    gid = game["id"]
    views = [client.get(f"/api/games/{gid}/view", headers=tok(game, s)).json() for s in (0, 1)]
    views.append(client.get(f"/api/games/{gid}/view").json())
    return stored(client, gid), [(v["version"], v["view"]) for v in views]


def test_an_engine_exception_over_http_changes_nothing(client, monkeypatch, caplog):
    """F3: a RuntimeError in apply answers a JSON 500 with an error id (also in the log), and
    the state, the stored actions, the version and every view stay as they were."""
    game = create(client, [HUMAN, HUMAN], options={"mode": "basic"}, seed=3)
    play_random(client, game, [0, 1], random.Random(3), stop=lambda msg: msg["view"]["ply"] >= 6)
    table = service(client).tables[game["id"]]
    mover = table.game.actors(table.state)[0]
    action = client.get(f"/api/games/{game['id']}/view", headers=tok(game, mover)).json()["view"]["legal"][0]["id"]
    before = snapshot(client, game)
    break_apply(monkeypatch, table.game)
    with caplog.at_level(logging.ERROR, logger="epochal.server"):
        r = client.post(f"/api/games/{game['id']}/actions", headers=tok(game, mover), json={"action": action})
    assert r.status_code == 500 and r.headers["content-type"] == "application/json", r.text
    body = r.json()
    assert body["error"] == "internal_error" and body["detail"] and len(body["error_id"]) == 12
    logged = [rec for rec in caplog.records if body["error_id"] in rec.getMessage()]
    assert logged and logged[0].exc_info and "a rule program broke" in str(logged[0].exc_info[1])
    assert snapshot(client, game) == before
    monkeypatch.undo()  # the rules work again: the same action goes through
    r = client.post(f"/api/games/{game['id']}/actions", headers=tok(game, mover), json={"action": action})
    assert r.status_code == 200 and r.json()["version"] == before[1][0][0] + 1


def test_an_engine_exception_over_the_socket_keeps_the_connection(client, monkeypatch):
    """F3: over the WebSocket the actor gets an error message and stays connected; no listener
    hears of the failed action."""
    game = create(client, [HUMAN, HUMAN], options={"mode": "basic"}, seed=5)
    table = service(client).tables[game["id"]]
    mover = table.game.actors(table.state)[0]
    with (
        client.websocket_connect(f"/api/games/{game['id']}/ws") as ws,
        client.websocket_connect(f"/api/games/{game['id']}/ws") as watcher,
    ):
        ws.send_text(json.dumps({"token": game["seats"][mover]["token"]}))
        watcher.send_text(json.dumps({"token": None}))
        hello = json.loads(ws.receive_text())
        assert json.loads(watcher.receive_text())["type"] == "hello"
        before = snapshot(client, game)
        faults = break_apply(monkeypatch, table.game)
        action = hello["view"]["legal"][0]["id"]
        ws.send_text(json.dumps({"type": "act", "action": action}))
        while (msg := json.loads(ws.receive_text()))["type"] != "error":
            assert msg["type"] in ("status", "chat")  # a seat joining may be announced; the chat so far
        assert msg["status"] == 500 and msg["error"] == "internal_error" and msg["error_id"]
        assert faults and snapshot(client, game) == before
        monkeypatch.undo()
        ws.send_text(json.dumps({"type": "act", "action": action}))
        update = json.loads(ws.receive_text())
        assert update["type"] == "update" and update["version"] == hello["version"] + 1
        seen = json.loads(watcher.receive_text())
        while seen["type"] in ("status", "chat"):
            seen = json.loads(watcher.receive_text())
        assert seen["type"] == "update" and seen["version"] == update["version"]


def test_a_bot_whose_move_raises_plays_another_and_the_game_goes_on(client, monkeypatch, caplog):
    """F3: in a bot game the rules raise on a bot's choice at ply 5; the bot plays another
    legal action, the fault is logged, and the game is played to the end with a stored record
    that replays to the same position."""
    from epochal.engine import get_game

    game_obj = get_game("hadara")
    done = []

    def once_at_ply_5(state, seat, action):
        if state.ply == 5 and not done:
            done.append(action)
            return True
        return False

    faults = break_apply(monkeypatch, game_obj, once_at_ply_5)
    with caplog.at_level(logging.WARNING, logger="epochal.server"):
        game = create(client, [bot("random"), bot("random")], options={"mode": "basic"}, seed=8)
        svc = service(client)
        wait_until(lambda: svc.tables[game["id"]].state.over, 60, "the bot game to end")
    table = svc.tables[game["id"]]
    assert len(faults) == 1 and table.state.ply > 5
    assert any("instead of" in rec.getMessage() for rec in caplog.records)
    assert any(rec.exc_info and "a rule program broke" in str(rec.exc_info[1]) for rec in caplog.records)
    assert not table.bot_task or not table.bot_task.cancelled()
    monkeypatch.undo()
    _, actions, row = stored(client, game["id"])
    assert actions == table.actions and row["status"] == "finished"
    assert replay(table.record()).to_json() == table.state.to_json()


@pytest.mark.parametrize("path", ["/api/games", "/api/games/x1/view"])
def test_an_unexpected_error_anywhere_is_a_json_500(client, monkeypatch, path):
    """F3: no endpoint answers a text/plain 500: the catch-all answers JSON with an error id."""
    svc = service(client)

    async def broken(*args, **kwargs):
        raise KeyError("surprise")

    monkeypatch.setattr(svc, "lobby", broken)
    monkeypatch.setattr(svc, "open_table", broken, raising=False)
    r = client.get(path)
    assert r.status_code == 500 and r.headers["content-type"] == "application/json"
    assert r.json()["error"] == "internal_error" and r.json()["error_id"]
