"""The analysis board: play on from a replay's step (POST /api/games/<id>/branch, and
POST /api/replay/branch for a record file).

The new table must stand exactly at the replay's position after the step, be stored as the
source's setup plus that prefix of its actions (so a restart rebuilds it and its record is the
whole line), stay out of the lobby's lists, let its bots move at once, keep undo from going back
past the branch point, and be refused where the source's replay may not show every card face up.
Every refused request creates nothing.
"""

from __future__ import annotations

import json
import time

from sqlalchemy import func, select

from epochal.engine import get_game, parse_record, replay_states
from epochal.server import create_app
from epochal.server.db import ACTIONS, GAMES

from .conftest import HUMAN, TestClient, bot, create, service, wait_until


def finished(client, seats, game="hadara", **body) -> dict:
    made = create(client, seats, game=game, **body)
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{made['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.02)
    return made


def branch(client, gid: str, step: int, seats: list, **more):
    return client.post(f"/api/games/{gid}/branch", json={"step": step, "seats": seats, **more})


def counts(client) -> tuple[int, int]:
    """Games and stored actions: what a refused request must leave as it was."""
    with service(client).store.engine.connect() as conn:
        return (
            conn.execute(select(func.count()).select_from(GAMES)).scalar_one(),
            conn.execute(select(func.count()).select_from(ACTIONS)).scalar_one(),
        )


def positions(record: dict, game: str = "hadara") -> list[bytes]:
    """Every position of a record, from the engine alone."""
    states = replay_states(parse_record(json.dumps(record)), game=get_game(game), complete=False)
    return [s.to_json() for s in states]


def view(client, made: dict, seat: int | None) -> dict:
    headers = {"X-Seat-Token": made["seats"][seat]["token"]} if seat is not None else {}
    r = client.get(f"/api/games/{made['id']}/view", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_board_stands_at_the_steps_position_and_survives_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        source = finished(client, [bot(), bot("easy"), bot()], seed=11)
        record = client.get(f"/api/games/{source['id']}/record").json()
        step = len(record["actions"]) // 2
        r = branch(client, source["id"], step, [HUMAN, HUMAN, HUMAN])
        assert r.status_code == 201, r.text
        made = r.json()
        gid = made["id"]
        svc = service(client)
        expected = positions(record)[step]
        assert svc.tables[gid].state.to_json() == expected
        assert svc.tables[gid].state.to_json() == svc.replays.get(f"table:{source['id']}").state(step).to_json()
        # every seat a person's, each with its link; one page plays them all (hot-seat)
        assert [s["kind"] for s in made["seats"]] == ["human"] * 3 and made["branched_at"] == step
        assert made["play_link"].startswith(made["spectator_link"] + "#seat=" + made["seats"][0]["token"])
        assert all(f"{i}.{made['seats'][i]['token']}" in made["play_link"] for i in range(3))
        assert made["play_link"].endswith("&host=" + made["host_token"])
        # the names of the source's seats, a table already under way
        assert [s["name"] for s in made["seats"]] == record["seats"]
        summary = client.get(f"/api/games/{gid}").json()
        assert summary["status"] == "running" and summary["ply"] == step and summary["branched_at"] == step
        # the seat that owes the decision sees the step's position and may act
        actor = svc.tables[gid].game.actors(svc.tables[gid].state)[0]
        seen = view(client, made, actor)
        assert seen["view"]["legal"] and seen["meta"]["branched_at"] == step
        assert len(seen["log"]) == len(view(client, made, actor)["log"]) > 0
        # private: in no list of the lobby, however many there are
        lobby = client.get("/api/games").json()
        assert gid not in {g["id"] for status in lobby.values() for g in status}
        assert source["id"] in {g["id"] for g in lobby["finished"]}
        # its stored record is the whole line: the source's setup and first actions
        assert svc.store.load(gid).actions == [tuple(a) for a in record["actions"][:step]]
        action = seen["view"]["legal"][0]["id"]
        r = client.post(
            f"/api/games/{gid}/actions",
            headers={"X-Seat-Token": made["seats"][actor]["token"]},
            json={"action": action, "version": seen["version"]},
        )
        assert r.status_code == 200, r.text
        after = svc.tables[gid].state.to_json()
    with TestClient(create_app(db_url, bot_delay=0)) as client:  # a new server on the same database
        table = service(client).tables[gid]  # replayed at start-up: unfinished
        assert table.state.to_json() == after and table.branched_at == step
        assert table.actions == [tuple(a) for a in record["actions"][:step]] + [(actor, action)]
        lobby = client.get("/api/games").json()
        assert gid not in {g["id"] for status in lobby.values() for g in status}


def test_bots_take_their_seats_at_once_and_play_the_line_to_its_end(client):
    source = finished(client, [bot(), bot()], seed=12)
    steps = client.get(f"/api/games/{source['id']}").json()["ply"]
    r = branch(client, source["id"], 5, [bot("random"), bot("easy")])
    assert r.status_code == 201, r.text
    made = r.json()
    assert all("token" not in s for s in made["seats"]) and made["play_link"] == (
        f"{made['spectator_link']}#host={made['host_token']}"
    )
    table = service(client).tables[made["id"]]
    wait_until(lambda: table.state.over, 60, "the bots to finish the line")
    assert table.record().actions[:5] == [
        tuple(a) for a in client.get(f"/api/games/{source['id']}/record").json()["actions"][:5]
    ]
    assert steps > 5
    # the finished line replays as a record from the deal; it stays out of the lobby
    assert client.get(f"/api/games/{made['id']}/replay", params={"step": 3}).status_code == 200
    assert made["id"] not in {g["id"] for g in client.get("/api/games").json()["finished"]}
    # and its "play again" is private too
    again = client.post(f"/api/games/{made['id']}/rematch", headers={"X-Host-Token": made["host_token"]})
    assert again.status_code == 200, again.text
    assert service(client).tables[again.json()["id"]].branched_at == 0
    lobby = client.get("/api/games").json()
    assert again.json()["id"] not in {g["id"] for status in lobby.values() for g in status}


def test_a_bot_to_move_at_the_step_moves_right_away(client):
    source = finished(client, [bot(), bot()], seed=13)
    record = client.get(f"/api/games/{source['id']}/record").json()
    step = 4
    game = get_game("hadara")
    mover = next(
        game.actors(s) for i, s in enumerate(replay_states(parse_record(json.dumps(record)), game=game)) if i == step
    )[0]
    seats = [HUMAN, HUMAN]
    seats[mover] = bot("random")
    made = branch(client, source["id"], step, seats).json()
    table = service(client).tables[made["id"]]
    wait_until(lambda: len(table.actions) > step, 10, "the bot's move")
    assert table.actions[:step] == [tuple(a) for a in record["actions"][:step]]
    assert table.actions[step][0] == mover


def test_undo_takes_back_the_boards_moves_but_not_past_the_branch_point(client):
    source = finished(client, [bot(), bot()], seed=14)
    step = 6
    made = branch(client, source["id"], step, [HUMAN, HUMAN]).json()
    gid, svc = made["id"], service(client)
    table = svc.tables[gid]
    last = table.log[-1].seat  # the source's last move before the branch point
    r = client.post(f"/api/games/{gid}/undo", headers={"X-Seat-Token": made["seats"][last]["token"]})
    assert r.status_code == 409 and r.json()["error"] == "branch_point" and str(step) in r.json()["detail"]
    assert view(client, made, last)["meta"]["undo_seat"] is None
    # a move of the board's own, revealing nothing, is taken back, by its seat
    for _ in range(20):
        actor = table.game.actors(table.state)[0]
        msg = view(client, made, actor)
        r = client.post(
            f"/api/games/{gid}/actions",
            headers={"X-Seat-Token": made["seats"][actor]["token"]},
            json={"action": msg["view"]["legal"][0]["id"], "version": msg["version"]},
        )
        assert r.status_code == 200, r.text
        meta = r.json()["meta"]
        if meta["undo_seat"] == actor:
            break
    else:
        raise AssertionError("no move of the board could be taken back")
    # every seat's page is told whose last move may be taken back (the hot-seat page undoes it)
    other = 1 - actor
    assert view(client, made, other)["meta"]["undo_seat"] == actor
    before = len(table.actions)
    r = client.post(f"/api/games/{gid}/undo", headers={"X-Seat-Token": made["seats"][actor]["token"]})
    assert r.status_code == 200, r.text
    assert len(table.actions) == before - 1 >= step


def test_a_record_file_plays_on_from_its_step(client):
    source = finished(client, [bot(), bot()], seed=15)
    record = client.get(f"/api/games/{source['id']}/record").json()
    step = len(record["actions"]) // 3
    r = client.post("/api/replay/branch", json={"record": record, "step": step, "seats": [HUMAN, bot("easy")]})
    assert r.status_code == 201, r.text
    made = r.json()
    table = service(client).tables[made["id"]]
    assert table.branched_at == step and table.record().actions[:step] == [tuple(a) for a in record["actions"][:step]]
    assert table.state.ply >= step  # the bot may have moved already
    # a record of a game not finished plays on from its last step too
    short = {k: v for k, v in record.items() if k != "scores"} | {"actions": record["actions"][:10]}
    r = client.post("/api/replay/branch", json={"record": short, "step": 10, "seats": [HUMAN, HUMAN]})
    assert r.status_code == 201, r.text
    assert service(client).tables[r.json()["id"]].state.to_json() == positions(short)[10]


def test_no_board_where_the_replay_hides_the_cards(client):
    off = finished(client, [bot(), bot()], seed=16, open_replay=False)
    before = counts(client)
    r = branch(client, off["id"], 3, [HUMAN, HUMAN])
    assert r.status_code == 403 and r.json()["error"] == "open_replay_off"
    assert "face up" in r.json()["detail"]
    assert counts(client) == before


def test_bad_requests_are_refused_clearly_and_create_nothing(client):
    source = finished(client, [bot(), bot()], seed=17)
    gid = source["id"]
    steps = client.get(f"/api/games/{gid}").json()["ply"]
    running = create(client, [HUMAN, HUMAN], seed=3)
    bad = [
        ("step too far", gid, {"step": steps + 1, "seats": [HUMAN, HUMAN]}, 422, "invalid_request", "step"),
        ("the end", gid, {"step": steps, "seats": [HUMAN, HUMAN]}, 422, "invalid_request", "step"),
        ("negative step", gid, {"step": -1, "seats": [HUMAN, HUMAN]}, 422, "invalid_request", "step"),
        ("text step", gid, {"step": "3", "seats": [HUMAN, HUMAN]}, 422, "invalid_request", "step"),
        ("bool step", gid, {"step": True, "seats": [HUMAN, HUMAN]}, 422, "invalid_request", "step"),
        ("no step", gid, {"seats": [HUMAN, HUMAN]}, 422, "invalid_request", "step"),
        ("too few seats", gid, {"step": 2, "seats": [HUMAN]}, 422, "invalid_request", "seats"),
        ("too many seats", gid, {"step": 2, "seats": [HUMAN] * 3}, 422, "invalid_request", "seats"),
        ("no seats", gid, {"step": 2, "seats": []}, 422, "invalid_request", "seats"),
        ("kind", gid, {"step": 2, "seats": [HUMAN, {"kind": "alien"}]}, 422, "invalid_request", "seats.1.kind"),
        ("level", gid, {"step": 2, "seats": [HUMAN, bot("godlike")]}, 422, "invalid_request", "seats.1.level"),
        (
            "person's level",
            gid,
            {"step": 2, "seats": [{"kind": "human", "level": "easy"}, HUMAN]},
            422,
            "invalid_request",
            "seats.0.level",
        ),
        (
            "long name",
            gid,
            {"step": 2, "seats": [{"kind": "human", "name": "x" * 41}, HUMAN]},
            422,
            "invalid_request",
            "seats.0.name",
        ),
        ("unknown field", gid, {"step": 2, "seats": [HUMAN, HUMAN], "seed": 3}, 422, "invalid_request", "seed"),
        ("not finished", running["id"], {"step": 0, "seats": [HUMAN, HUMAN]}, 409, "not_finished", None),
        ("no such game", "nosuchgame", {"step": 0, "seats": [HUMAN, HUMAN]}, 404, "no_such_game", None),
    ]
    before = counts(client)
    for what, game_id, body, status, error, field in bad:
        r = client.post(f"/api/games/{game_id}/branch", json=body)
        assert (r.status_code, r.json()["error"], r.json().get("field")) == (status, error, field), (what, r.text)
        assert r.json()["detail"], what
    for raw in (b"{not json", b"[1, 2]", b"null", b"[" * 50_000 + b"]" * 50_000):
        r = client.post(f"/api/games/{gid}/branch", content=raw, headers={"Content-Type": "application/json"})
        assert 400 <= r.status_code < 500 and r.json()["error"], raw[:20]
    record = client.get(f"/api/games/{gid}/record").json()
    files = [
        ("not a record", {"record": {"game": "hadara"}, "step": 0, "seats": [HUMAN, HUMAN]}, "bad_record"),
        ("unknown game", {"record": {**record, "game": "chess"}, "step": 0, "seats": [HUMAN, HUMAN]}, "bad_record"),
        ("illegal", {"record": {**record, "actions": [[0, 10**6]]}, "step": 0, "seats": [HUMAN, HUMAN]}, "bad_record"),
        ("huge seed", {"record": {**record, "seed": 10**30}, "step": 0, "seats": [HUMAN, HUMAN]}, "bad_record"),
        ("step too far", {"record": record, "step": steps + 1, "seats": [HUMAN, HUMAN]}, "invalid_request"),
        ("seats", {"record": record, "step": 1, "seats": [HUMAN]}, "invalid_request"),
        ("no record", {"step": 1, "seats": [HUMAN, HUMAN]}, "invalid_request"),
    ]
    for what, body, error in files:
        r = client.post("/api/replay/branch", json=body)
        assert r.status_code == 422 and r.json()["error"] == error and r.json()["detail"], (what, r.text)
    assert counts(client) == before


def test_boards_count_against_the_creation_limit(db_url):
    with TestClient(create_app(db_url, bot_delay=0, create_rate=2)) as client:
        source = finished(client, [bot(), bot()], seed=18)  # one creation of the two
        assert branch(client, source["id"], 2, [HUMAN, HUMAN]).status_code == 201
        r = branch(client, source["id"], 2, [HUMAN, HUMAN])
        assert r.status_code == 429 and r.json()["error"] == "rate_limited" and int(r.headers["Retry-After"]) >= 1
