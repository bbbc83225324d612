"""The host of a table: the host link, stand-in bots for absent people, new seat links and the
turn clock; bad input and wrong links change nothing, nothing leaks, everything survives a
restart."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest

from epochal.server import create_app

from .conftest import HUMAN, TestClient, bot, create, play_random, service, tok, wait_until


def host(game: dict) -> dict:
    return {"X-Host-Token": game["host_token"]}


@pytest.fixture
def game(client):
    return create(client, [HUMAN, HUMAN], options={"mode": "basic"}, seed=5)


def snapshot(client, gid):
    t = service(client).tables[gid]
    row = service(client).store.load(gid)
    return t.state.to_json(), row.seats, {k: row.row[k] for k in ("clock", "fallback", "status")}


def test_creating_a_game_hands_out_a_host_link_that_nothing_public_shows(client, game):
    gid = game["id"]
    assert game["host_link"].endswith(f"/game/{gid}#host={game['host_token']}")
    assert len(game["host_token"]) >= 32
    seen = client.get("/api/games").text + client.get(f"/api/games/{gid}").text
    seen += client.get(f"/api/games/{gid}/view").text + client.get(f"/api/games/{gid}/view", headers=tok(game, 0)).text
    assert game["host_token"] not in seen
    r = client.get(f"/api/games/{gid}/host", headers=host(game))
    assert r.status_code == 200
    body = r.json()
    assert [s["kind"] for s in body["seats"]] == ["human", "human"] and body["clock"] is None
    assert not any(s["token"] in r.text for s in game["seats"])  # the host sees no seat's secret


@pytest.mark.parametrize(
    "headers,status,error",
    [
        ({}, 401, "missing_host_token"),
        ({"X-Host-Token": "nope"}, 403, "bad_host_token"),
        ("seat", 403, "bad_host_token"),  # a seat's link is not the host's
    ],
)
def test_host_requests_without_the_host_link_are_refused_and_change_nothing(client, game, headers, status, error):
    gid = game["id"]
    if headers == "seat":
        headers = {"X-Host-Token": game["seats"][0]["token"]}
    before = snapshot(client, gid)
    for method, path, body in [
        ("GET", f"/api/games/{gid}/host", None),
        ("PUT", f"/api/games/{gid}/seats/1/stand-in", {"level": "easy"}),
        ("POST", f"/api/games/{gid}/seats/1/link", None),
        ("PUT", f"/api/games/{gid}/clock", {"seconds": 60, "fallback": "easy"}),
    ]:
        r = client.request(method, path, headers=headers, json=body)
        assert (r.status_code, r.json()["error"]) == (status, error), (path, r.text)
    assert snapshot(client, gid) == before


def test_another_games_host_link_opens_nothing_here(client, game):
    other = create(client, [HUMAN, HUMAN])
    r = client.put(f"/api/games/{game['id']}/clock", headers=host(other), json={"seconds": 60})
    assert r.status_code == 403 and r.json()["error"] == "bad_host_token"


@pytest.mark.parametrize(
    "path,body,status,error",
    [
        ("seats/2/stand-in", {"level": "easy"}, 404, "no_such_seat"),
        ("seats/-1/stand-in", {"level": "easy"}, 404, "no_such_seat"),
        ("seats/x/stand-in", {"level": "easy"}, 422, "invalid_request"),
        ("seats/0/stand-in", {"level": "genius"}, 422, "invalid_request"),
        ("seats/0/stand-in", {"level": 3}, 422, "invalid_request"),
        ("seats/0/stand-in", {}, 422, "invalid_request"),
        ("seats/0/stand-in", {"level": "easy", "also": 1}, 422, "invalid_request"),
        ("seats/0/stand-in", {"level": "e" * 5000}, 422, "invalid_request"),
        ("clock", {"seconds": 1}, 422, "invalid_request"),
        ("clock", {"seconds": 10**9}, 422, "invalid_request"),
        ("clock", {"seconds": "60"}, 422, "invalid_request"),
        ("clock", {"seconds": 60, "fallback": "random"}, 422, "invalid_request"),
        ("clock", {"fallback": "easy"}, 422, "invalid_request"),
        ("clock", [1, 2], 422, "invalid_request"),
    ],
)
def test_bad_host_requests_are_answered_and_change_nothing(client, game, path, body, status, error):
    gid = game["id"]
    before = snapshot(client, gid)
    r = client.put(f"/api/games/{gid}/{path}", headers=host(game), json=body)
    assert (r.status_code, r.json()["error"]) == (status, error), r.text
    assert r.json()["detail"]
    assert snapshot(client, gid) == before


def test_a_bots_own_seat_is_not_the_hosts_to_change(client):
    game = create(client, [HUMAN, bot("random")])
    r = client.put(f"/api/games/{game['id']}/seats/1/stand-in", headers=host(game), json={"level": "easy"})
    assert r.status_code == 409 and r.json()["error"] == "bot_seat"
    r = client.post(f"/api/games/{game['id']}/seats/1/link", headers=host(game))
    assert r.status_code == 409 and r.json()["error"] == "bot_seat"


def test_a_stand_in_plays_for_an_absent_person_and_gives_the_seat_back(client, game):
    gid = game["id"]
    client.get(f"/api/games/{gid}/view", headers=tok(game, 0))
    assert client.get(f"/api/games/{gid}").json()["status"] == "open"  # seat 1 never came
    r = client.put(f"/api/games/{gid}/seats/1/stand-in", headers=host(game), json={"level": "easy"})
    assert r.status_code == 200 and r.json()["status"] == "running"
    assert r.json()["seats"][1]["stand_in"] == "easy"
    table = service(client).tables[gid]
    # seat 0 plays; the stand-in answers seat 1's decisions
    play_random(client, game, [0], random.Random(1), stop=lambda msg: msg["view"]["ply"] >= 12)
    assert 1 in {seat for seat, _ in table.actions}
    # the person comes back: their own moves are refused until the host gives the seat back
    wait_until(lambda: 1 not in table.game.actors(table.state) or table.state.over, what="the stand-in's turn ends")
    r = client.put(f"/api/games/{gid}/seats/1/stand-in", headers=host(game), json={"level": None})
    assert r.status_code == 200 and r.json()["seats"][1]["stand_in"] is None
    play_random(client, game, [0], random.Random(2), stop=lambda msg: 1 in table.game.actors(table.state))
    ply = len(table.actions)
    time.sleep(0.5)  # a bot would have moved at once (no delay in these tests)
    assert len(table.actions) == ply and 1 in table.game.actors(table.state)
    play_random(client, game, [1], random.Random(3), stop=lambda msg: len(table.actions) > ply)
    assert table.actions[ply][0] == 1


def test_a_person_cannot_move_while_a_stand_in_plays_their_seat(client, game):
    gid = game["id"]
    client.put(f"/api/games/{gid}/seats/0/stand-in", headers=host(game), json={"level": "easy"})
    table = service(client).tables[gid]
    # the stand-in thinks with a delay of 0; the refusal does not depend on whose turn it is
    r = client.post(f"/api/games/{gid}/actions", headers=tok(game, 0), json={"action": 0})
    assert r.status_code == 409 and r.json()["error"] == "stand_in"
    assert "host" in r.json()["detail"]
    assert table.seats[0].stand_in == "easy"


def test_a_new_seat_link_revokes_the_old_one_and_closes_its_pages(client, game):
    gid = game["id"]
    old = game["seats"][1]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"token": old}))
        assert json.loads(ws.receive_text())["type"] == "hello"
        r = client.post(f"/api/games/{gid}/seats/1/link", headers=host(game))
        assert r.status_code == 200
        fresh = r.json()
        msg = json.loads(ws.receive_text())
        while msg["type"] in ("status", "chat"):
            msg = json.loads(ws.receive_text())
        assert msg["type"] == "error" and msg["error"] == "bad_token"
    assert fresh["link"].endswith(f"/game/{gid}#seat={fresh['token']}") and fresh["token"] != old
    r = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": old})
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    assert client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": fresh["token"]}).json()["seat"] == 1
    assert fresh["token"] not in client.get("/api/games").text + client.get(f"/api/games/{gid}").text


def test_when_the_turn_clock_runs_out_the_easy_bot_moves_and_the_log_says_so(client, game):
    gid = game["id"]
    table = service(client).tables[gid]
    mover = table.game.actors(table.state)[0]
    r = client.put(f"/api/games/{gid}/clock", headers=host(game), json={"seconds": 2, "fallback": "easy"})
    assert r.status_code == 200
    msg = client.get(f"/api/games/{gid}/view", headers=tok(game, mover)).json()
    assert msg["meta"]["clock"]["seconds"] == 2 and msg["meta"]["clock"]["deadline"] > 0
    wait_until(lambda: table.actions, timeout=10, what="the clock's move")
    assert table.actions[0][0] == mover and table.log[0].by == "clock"
    log = client.get(f"/api/games/{gid}/view", headers=tok(game, 0)).json()["log"]
    assert log[0]["by"] == "clock"
    client.put(f"/api/games/{gid}/clock", headers=host(game), json={"seconds": None})
    ply = len(table.actions)
    assert table.clock is None and len(table.actions) == ply


def test_the_pass_fallback_passes_where_the_rules_allow(client):
    game = create(client, [HUMAN, HUMAN], game="guns_and_steel", seed=3)
    gid = game["id"]
    table = service(client).tables[gid]
    rules = table.game
    # play until a seat's decision offers passing
    rng = random.Random(0)
    while rules.timeout_action(table.state, rules.actors(table.state)[0]) is None:
        seat = rules.actors(table.state)[0]
        action = rng.choice(rules.legal(table.state, seat))
        client.post(f"/api/games/{gid}/actions", headers=tok(game, seat), json={"action": action})
    seat = rules.actors(table.state)[0]
    expected = rules.timeout_action(table.state, seat)
    ply = len(table.actions)
    client.put(f"/api/games/{gid}/clock", headers=host(game), json={"seconds": 2, "fallback": "pass"})
    wait_until(lambda: len(table.actions) > ply, timeout=10, what="the clock's pass")
    assert table.actions[ply] == (seat, expected) and table.log[ply].by == "clock"


def test_the_hosts_changes_survive_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        game = create(c, [HUMAN, HUMAN, HUMAN], options={"mode": "basic"}, seed=9)
        gid = game["id"]
        c.put(f"/api/games/{gid}/seats/2/stand-in", headers=host(game), json={"level": "random"})
        fresh = c.post(f"/api/games/{gid}/seats/1/link", headers=host(game)).json()["token"]
        c.put(f"/api/games/{gid}/clock", headers=host(game), json={"seconds": 2, "fallback": "easy"})
        table = service(c).tables[gid]
        wait_until(lambda: any(e.by == "clock" for e in table.log), timeout=15, what="a clock move")
        c.put(f"/api/games/{gid}/clock", headers=host(game), json={"seconds": 3600, "fallback": "pass"})
        wait_until(lambda: not table.bots or 2 not in table.game.actors(table.state), what="the stand-in's move")
        before = table.state.to_json(), [e.by for e in table.log]
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        table = service(c).tables[gid]
        assert (table.state.to_json(), [e.by for e in table.log]) == before
        assert (table.clock, table.fallback) == (3600, "pass")
        assert [s.stand_in for s in table.seats] == [None, None, "random"]
        assert c.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": fresh}).json()["seat"] == 1
        old = c.get(f"/api/games/{gid}/view", headers=tok(game, 1))
        assert old.status_code == 403
        assert c.get(f"/api/games/{gid}/host", headers=host(game)).status_code == 200


def test_the_host_keeps_watching_to_a_spectator_link_and_can_replace_it(client, game):
    gid = game["id"]
    assert client.get(f"/api/games/{gid}/view").status_code == 200  # anyone may watch at first
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"token": None}))
        assert json.loads(ws.receive_text())["type"] == "hello"
        r = client.put(f"/api/games/{gid}/watch-link", headers=host(game), json={"keep": True})
        first = r.json()["link"].split("#watch=")[1]
        msg = json.loads(ws.receive_text())
        while msg["type"] in ("status", "chat"):
            msg = json.loads(ws.receive_text())
        assert msg["error"] == "watch_link"  # the open spectator page is told and closed
    r = client.get(f"/api/games/{gid}/view")
    assert r.status_code == 403 and r.json()["error"] == "watch_link"
    assert client.get(f"/api/games/{gid}/view", headers={"X-Watch-Token": first}).json()["seat"] is None
    assert client.get(f"/api/games/{gid}/view", headers=tok(game, 0)).json()["seat"] == 0  # seats are not affected
    listed = [g for g in client.get("/api/games").json()["open"] if g["id"] == gid]
    assert listed[0]["spectator_link"] is None and first not in client.get("/api/games").text
    second = client.put(f"/api/games/{gid}/watch-link", headers=host(game), json={"keep": True}).json()["link"]
    second = second.split("#watch=")[1]
    assert client.get(f"/api/games/{gid}/view", headers={"X-Watch-Token": first}).status_code == 403
    assert client.get(f"/api/games/{gid}/view", headers={"X-Watch-Token": second}).status_code == 200
    assert client.get(f"/api/games/{gid}/chat", headers={"X-Watch-Token": second}).status_code == 200
    client.put(f"/api/games/{gid}/watch-link", headers=host(game), json={"keep": False})
    assert client.get(f"/api/games/{gid}/view").status_code == 200


@pytest.mark.parametrize(
    "body,headers,status,error",
    [
        ({"keep": "yes"}, "host", 422, "invalid_request"),
        ({}, "host", 422, "invalid_request"),
        ({"keep": True}, "seat", 403, "bad_host_token"),
        ({"keep": True}, None, 401, "missing_host_token"),
    ],
)
def test_bad_watch_link_requests_change_nothing(client, game, body, headers, status, error):
    headers = host(game) if headers == "host" else {"X-Host-Token": game["seats"][0]["token"]} if headers else {}
    r = client.put(f"/api/games/{game['id']}/watch-link", headers=headers, json=body)
    assert (r.status_code, r.json()["error"]) == (status, error)
    assert client.get(f"/api/games/{game['id']}/view").status_code == 200


def test_a_spectator_link_survives_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        game = create(c, [HUMAN, HUMAN])
        watch = c.put(f"/api/games/{game['id']}/watch-link", headers=host(game), json={"keep": True}).json()["link"]
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        assert c.get(f"/api/games/{game['id']}/view").status_code == 403
        headers = {"X-Watch-Token": watch.split("#watch=")[1]}
        assert c.get(f"/api/games/{game['id']}/view", headers=headers).status_code == 200


def test_a_bot_loop_cancelled_as_its_table_changes_stops(client, game):
    """The server's shutdown cancels each table's bot loop and waits for it. A loop waiting on
    the turn clock that is cancelled in the same turn as its table changes must stop: Python
    3.11's ``wait_for`` returned with the change and lost the cancel, and the shutdown of a test
    server on PostgreSQL waited for the loop forever."""
    gid = game["id"]
    r = client.put(f"/api/games/{gid}/clock", headers=host(game), json={"seconds": 60, "fallback": "easy"})
    assert r.status_code == 200, r.text
    table = service(client).tables[gid]
    wait_until(lambda: table.bot_task is not None, what="the clock's task")

    async def change_and_cancel() -> bool:
        task = table.bot_task
        await asyncio.sleep(0.05)  # the loop waits for the clock or a change
        table.changed.set()
        task.cancel()
        await asyncio.wait([task], timeout=2)
        return task.cancelled()

    assert client.portal.call(change_and_cancel)
