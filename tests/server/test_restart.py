"""Persistence: an acknowledged action is already stored; killing the server loses nothing.

The hard test kills a real uvicorn process with SIGKILL (no shutdown code runs), starts a new
one on the same SQLite file and port, and checks that every game continues from exactly the
position it was in, bots included.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time

import httpx

from epochal.engine import get_game, parse_record, replay
from epochal.server import create_app
from epochal.server.process import ServerProcess

from .conftest import HUMAN, TestClient, bot, create, play_random, service, tok


def test_a_clean_restart_rebuilds_every_game(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        games = [create(c, [HUMAN, HUMAN, bot("random")], seed=s) for s in (1, 2)]
        for i, game in enumerate(games):
            play_random(c, game, [0, 1], random.Random(i), stop=lambda msg, n=10 + 15 * i: msg["view"]["ply"] >= n)
        before = {g["id"]: service(c).tables[g["id"]].state.to_json() for g in games}
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        assert {g["id"]: service(c).tables[g["id"]].state.to_json() for g in games} == before
        play_random(c, games[0], [0, 1], random.Random(9))
        assert service(c).tables[games[0]["id"]].state.over


def acknowledged_actions(db_path: str, game_id: str) -> list[tuple[int, int]]:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY ply", (game_id,)).fetchall()


def test_killing_the_server_loses_nothing_and_the_game_goes_on(tmp_path):
    db = str(tmp_path / "kill.sqlite")
    url = f"sqlite:///{db}"
    server = ServerProcess(url, bot_delay=0.0, log_path=tmp_path / "server.log").start()
    rng = random.Random(4)
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            game = http.post(
                "/api/games", json={"game": "hadara", "seed": 77, "seats": [HUMAN, bot("easy"), bot("random")]}
            ).json()
            gid, headers = game["id"], tok(game, 0)
            mine = []
            while len(mine) < 12:
                msg = http.get(f"/api/games/{gid}/view", headers=headers).json()
                if not msg["view"]["legal"]:
                    time.sleep(0.005)
                    continue
                action = rng.choice(msg["view"]["legal"])["id"]
                r = http.post(
                    f"/api/games/{gid}/actions", headers=headers, json={"action": action, "version": msg["version"]}
                )
                if r.status_code == 409:
                    continue
                assert r.status_code == 200, r.text
                answer = r.json()
                mine.append((answer["index"], action))
                # acknowledged means stored: the row is in the file before we read the answer
                stored = acknowledged_actions(db, gid)
                assert stored[answer["index"]] == (0, action)
            # wait until only the person owes a decision, so no bot moves before the kill
            while True:
                before = http.get(f"/api/games/{gid}/view", headers=headers).json()
                if before["view"]["decision"]["waiting"] == [0]:
                    break
                time.sleep(0.01)
        server.kill()
        after_kill = acknowledged_actions(db, gid)
        assert len(after_kill) == before["version"]
        assert all(after_kill[i] == (0, a) for i, a in mine)

        server = ServerProcess(url, port=server.port, bot_delay=0.0, log_path=tmp_path / "server.log").start()
        with httpx.Client(base_url=server.url, timeout=10) as http:
            again = http.get(f"/api/games/{gid}/view", headers=headers).json()
            assert again["view"] == before["view"] and again["version"] == before["version"]
            assert again["log"] == before["log"]
            # and the game goes on to the end, bots included
            while not again["view"]["over"]:
                if again["view"]["legal"]:
                    r = http.post(
                        f"/api/games/{gid}/actions",
                        headers=headers,
                        json={"action": rng.choice(again["view"]["legal"])["id"], "version": again["version"]},
                    )
                    assert r.status_code in (200, 409), r.text
                again = http.get(f"/api/games/{gid}/view", headers=headers).json()
            record = http.get(f"/api/games/{gid}/record")
            assert record.status_code == 200
    finally:
        server.stop()
    rec = parse_record(record.content)
    assert rec.actions[: len(after_kill)] == [tuple(a) for a in after_kill]
    final = replay(rec)
    assert [s.total for s in get_game("hadara").scores(final)] == rec.scores
    assert json.loads(json.dumps(again["view"]["scores"]))[0]["total"] == rec.scores[0]
