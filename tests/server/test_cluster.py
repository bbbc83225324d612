"""Two server processes on one PostgreSQL database: one web table.

A move through one process reaches the sockets of the other; two moves at the same version
through different processes: one wins, the other is refused; killing the process that drives a
game's bots loses nothing, and the other carries the bots on to the end. These tests need a
PostgreSQL database (EPOCHAL_TEST_DATABASE_URL; see docs/web.md, "Testing on PostgreSQL").
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from contextlib import ExitStack, contextmanager

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from epochal.engine import get_game, parse_record, replay
from epochal.games.hadara import actions as A
from epochal.server import create_app
from epochal.server.cluster import UPDATES_AT_MOST
from epochal.server.process import ServerProcess

from .conftest import HUMAN, TestClient, bot, create, tok, wait_until

pytestmark = pytest.mark.skipif(
    not (os.environ.get("EPOCHAL_TEST_DATABASE_URL") or "").startswith("postgresql"),
    reason="needs EPOCHAL_TEST_DATABASE_URL naming a PostgreSQL database",
)


@pytest.fixture
def start_servers(db_url, tmp_path):
    """``start_servers(bot_delay)``: two ``epochal serve`` processes on one database."""
    with ExitStack() as stack:

        def start(bot_delay: float = 0.0) -> list[ServerProcess]:
            pair = [
                ServerProcess(
                    db_url,
                    bot_delay=bot_delay,
                    log_path=tmp_path / f"server{i}.log",
                    extra_args=["--bot-processes", "0"],
                )
                for i in range(2)
            ]
            for server in pair:
                server.start()
                stack.callback(server.stop)
            return pair

        yield start


@pytest.fixture
def servers(start_servers):
    return start_servers()


@contextmanager
def socket(server: ServerProcess, game_id: str, token: str | None = None):
    with connect(f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws", max_size=2**22) as ws:
        ws.send(json.dumps({"token": token, "lang": "en"}))
        yield ws


def next_of(ws, *types, timeout: float = 10.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] in types:
            return msg


def stored_actions(db_url: str, game_id: str) -> list[tuple[int, int]]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return [
                tuple(r)
                for r in conn.execute(
                    text("SELECT seat, action FROM actions WHERE game_id = :g ORDER BY ply"), {"g": game_id}
                )
            ]
    finally:
        engine.dispose()


def bot_drivers(db_url: str) -> dict[str, int]:
    """Game id -> pid of the server process holding its bot lease."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT g.id, a.application_name FROM games g JOIN pg_locks l ON l.locktype = 'advisory' "
                    "AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = "
                    "hashtextextended('epochal-bots:' || g.id, 0) JOIN pg_stat_activity a ON a.pid = l.pid"
                )
            )
            return {gid: int(name.rsplit(" ", 1)[1]) for gid, name in rows}
    finally:
        engine.dispose()


def test_a_move_through_one_process_reaches_the_sockets_of_the_other(servers):
    a, b = servers
    with httpx.Client(timeout=10) as http:
        game = http.post(f"{a.url}/api/games", json={"game": "hadara", "undo": True, "seats": [HUMAN, HUMAN]}).json()
        gid = game["id"]
        with socket(b, gid) as watcher, socket(b, gid, game["seats"][1]["token"]) as seat1:
            hello = next_of(watcher, "hello")
            next_of(seat1, "hello")
            assert hello["version"] == 0 and hello["meta"]["status"] == "open"
            # seat 0 opens its page on the first process: the second hears that it joined
            http.get(f"{a.url}/api/games/{gid}/view", headers=tok(game, 0))
            while next_of(watcher, "status")["meta"]["status"] != "running":
                pass  # seat 1's own join came first

            sent = time.perf_counter()
            r = http.post(
                f"{a.url}/api/games/{gid}/actions", headers=tok(game, 0), json={"action": A.SIDE, "version": 0}
            )
            assert r.status_code == 200, r.text
            update = next_of(watcher, "update")
            heard = time.perf_counter() - sent
            assert update["version"] == 1 and update["actor"] == 0 and update["seat"] is None
            assert update["view"] == http.get(f"{a.url}/api/games/{gid}/view").json()["view"]
            mine = next_of(seat1, "update")
            assert mine["view"]["you"] == 1 and mine["meta"]["actors"] == [1]
            assert heard < 2.0, f"the update took {heard:.3f} s"

            # an undo through the first process: the second's listeners get a reset
            assert http.post(f"{a.url}/api/games/{gid}/undo", headers=tok(game, 0)).status_code == 200
            reset = next_of(watcher, "reset")
            assert reset["version"] == 2 and reset["log"] == [] and reset["meta"]["actors"] == [0, 1]

            # and back: seat 1 acts through its socket on the second process
            seat1.send(json.dumps({"type": "act", "action": A.SIDE + 1, "version": 2}))
            assert next_of(seat1, "update")["version"] == 3
    with socket(a, gid) as watcher_a:  # the first process has it too, at once
        latest = next_of(watcher_a, "hello")  # or a moment later
        if latest["version"] < 3:
            latest = next_of(watcher_a, "update")
        assert latest["version"] == 3 and latest["view"]["decision"]["waiting"] == [0]


def test_the_chat_and_the_hosts_changes_through_one_process_reach_the_other(servers):
    a, b = servers
    with httpx.Client(timeout=10) as http:
        game = http.post(f"{a.url}/api/games", json={"game": "hadara", "seats": [HUMAN, HUMAN]}).json()
        gid, host = game["id"], {"X-Host-Token": game["host_token"]}
        with socket(b, gid, game["seats"][1]["token"]) as seat1, socket(b, gid) as watcher:
            next_of(seat1, "hello")
            next_of(watcher, "hello")
            r = http.post(f"{a.url}/api/games/{gid}/chat", headers=tok(game, 0), json={"text": "hello from a"})
            assert r.status_code == 201
            while not (said := next_of(seat1, "chat"))["messages"]:
                pass  # the chat so far (empty) comes first
            assert said["messages"][0]["text"] == "hello from a"
            # a message through the second process is numbered after the first
            r = http.post(f"{b.url}/api/games/{gid}/chat", headers=tok(game, 1), json={"text": "hi from b"})
            assert r.json()["n"] == 1
            # the host's changes through the first process reach the second's pages and rules
            http.put(f"{a.url}/api/games/{gid}/seats/0/stand-in", headers=host, json={"level": "easy"})
            while next_of(seat1, "status", "update")["meta"]["stand_ins"] != ["easy", None]:
                pass
            http.put(f"{a.url}/api/games/{gid}/watch-link", headers=host, json={"keep": True})
            assert next_of(watcher, "error")["error"] == "watch_link"
            assert http.get(f"{b.url}/api/games/{gid}/view").status_code == 403


def test_two_moves_at_one_version_through_two_processes_one_wins(servers, db_url):
    a, b = servers
    with httpx.Client(timeout=10) as http:
        game = http.post(
            f"{a.url}/api/games", json={"game": "hadara", "options": {"mode": "basic"}, "seats": [HUMAN, HUMAN]}
        ).json()
        gid = game["id"]
        rng = random.Random(3)
        contests = wins = 0
        while contests < 12:
            view = http.get(f"{a.url}/api/games/{gid}/view").json()
            assert not view["view"]["over"]
            actors = view["meta"]["actors"]
            # both processes must show the same position before they are raced
            deadline = time.monotonic() + 5
            seen = [http.get(f"{s.url}/api/games/{gid}/view", headers=tok(game, actors[0])).json() for s in (a, b)]
            while seen[0]["version"] != seen[1]["version"] and time.monotonic() < deadline:
                time.sleep(0.01)
                seen = [http.get(f"{s.url}/api/games/{gid}/view", headers=tok(game, actors[0])).json() for s in (a, b)]
            assert seen[0]["view"] == seen[1]["view"]
            legal = [x["id"] for x in seen[0]["view"]["legal"]]
            if len(actors) > 1 or len(legal) < 2:  # only a seat's own decision is raced
                r = http.post(
                    f"{a.url}/api/games/{gid}/actions",
                    headers=tok(game, actors[0]),
                    json={"action": rng.choice(legal), "version": seen[0]["version"]},
                )
                assert r.status_code == 200, r.text
                continue
            picks = rng.sample(legal, 2)
            answers = race(
                [f"{s.url}/api/games/{gid}/actions" for s in servers],
                tok(game, actors[0]),
                [{"action": pick, "version": seen[0]["version"]} for pick in picks],
            )
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            won = next(r for r in answers if r.status_code == 200).json()
            lost = next(r for r in answers if r.status_code == 409).json()
            assert lost["error"] == "stale" and lost["version"] == won["version"]
            wins += answers[1].status_code == 200
            contests += 1
        record = stored_actions(db_url, gid)
        final = [http.get(f"{s.url}/api/games/{gid}/view").json() for s in (a, b)]
        assert final[0]["version"] == final[1]["version"] == len(record)
        assert final[0]["view"] == final[1]["view"]


def test_killing_the_process_that_drives_the_bots_loses_nothing(start_servers, db_url):
    servers = start_servers(bot_delay=0.05)
    rng = random.Random(5)
    with httpx.Client(timeout=10) as http:
        first = servers[0]
        mixed = http.post(
            f"{first.url}/api/games",
            json={"game": "hadara", "seed": 11, "seats": [HUMAN, bot("random"), bot("random")]},
        ).json()
        bots_only = http.post(
            f"{first.url}/api/games",
            json={"game": "hadara", "seed": 12, "seats": [bot("random"), bot("easy"), bot("random")]},
        ).json()
        pids = {s.proc.pid: s for s in servers}
        deadline = time.monotonic() + 10
        while not {mixed["id"], bots_only["id"]} <= set(drivers := bot_drivers(db_url)):
            assert time.monotonic() < deadline, f"no bot leases taken: {drivers}"
            time.sleep(0.05)
        doomed = pids[drivers[bots_only["id"]]]
        survivor = next(s for s in servers if s is not doomed)

        def play(server: ServerProcess, moves: int | None) -> list[tuple[int, int]]:
            """The person's moves through ``server``: (index, action) of each acknowledged one."""
            done: list[tuple[int, int]] = []
            gid = mixed["id"]
            limit = time.monotonic() + 60
            while moves is None or len(done) < moves:
                assert time.monotonic() < limit, "the game did not move on"
                msg = http.get(f"{server.url}/api/games/{gid}/view", headers=tok(mixed, 0)).json()
                if msg["view"]["over"]:
                    break
                if not msg["view"]["legal"]:
                    time.sleep(0.01)
                    continue
                action = rng.choice(msg["view"]["legal"])["id"]
                r = http.post(
                    f"{server.url}/api/games/{gid}/actions",
                    headers=tok(mixed, 0),
                    json={"action": action, "version": msg["version"]},
                )
                if r.status_code == 409:
                    continue
                assert r.status_code == 200, r.text
                done.append((r.json()["index"], action))
            return done

        mine = play(servers[1], 6)  # the person's page is on the second process
        before = {g["id"]: stored_actions(db_url, g["id"]) for g in (mixed, bots_only)}
        assert len(before[bots_only["id"]]) > 3, "the bots-only game has not started"
        doomed.kill()  # SIGKILL: its leases go with its connections
        killed_at = time.monotonic()
        at_kill = {g["id"]: stored_actions(db_url, g["id"]) for g in (mixed, bots_only)}
        for gid, actions in at_kill.items():
            assert actions[: len(before[gid])] == before[gid]

        # the survivor takes the bots on within a few seconds
        while len(stored_actions(db_url, bots_only["id"])) <= len(at_kill[bots_only["id"]]):
            assert time.monotonic() - killed_at < 5, "nobody took the bots over"
            time.sleep(0.05)
        assert set(bot_drivers(db_url).values()) == {survivor.proc.pid}

        mine += play(survivor, None)
        deadline = time.monotonic() + 60
        while http.get(f"{survivor.url}/api/games/{bots_only['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots-only game did not end"
            time.sleep(0.1)
        for game in (mixed, bots_only):
            r = http.get(f"{survivor.url}/api/games/{game['id']}/record")
            assert r.status_code == 200, r.text
            rec = parse_record(r.content)
            assert rec.actions[: len(at_kill[game["id"]])] == at_kill[game["id"]]
            assert [s.total for s in get_game("hadara").scores(replay(rec))] == rec.scores
            if game is mixed:
                assert all(rec.actions[i] == (0, a) for i, a in mine)


def test_moves_made_while_a_process_was_not_listening_reach_it(db_url, caplog):
    """Its listening connection is cut (a database restart, a network hiccup): it reconnects,
    compares every game it holds with the database and catches up on what it missed."""
    with TestClient(create_app(db_url, bot_delay=0)) as a, TestClient(create_app(db_url, bot_delay=0)) as b:
        game = create(a, [HUMAN, HUMAN], options={"mode": "basic"})
        gid = game["id"]
        assert b.get(f"/api/games/{gid}/view").json()["version"] == 0
        engine = create_engine(db_url, isolation_level="AUTOCOMMIT")  # pg_stat_activity afresh
        listening = text(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name LIKE 'epochal listen %'"
        )
        with engine.connect() as conn:
            wait_until(lambda: len(conn.execute(listening).all()) == 2, what="both apps to listen")
            for (pid,) in conn.execute(listening).all():
                conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        engine.dispose()
        rng = random.Random(8)
        for _ in range(UPDATES_AT_MOST + 4):  # more than it sends one by one
            view = a.get(f"/api/games/{gid}/view").json()
            mover = view["meta"]["actors"][0]
            legal = a.get(f"/api/games/{gid}/view", headers=tok(game, mover)).json()["view"]["legal"]
            assert (
                a.post(
                    f"/api/games/{gid}/actions", headers=tok(game, mover), json={"action": rng.choice(legal)["id"]}
                ).status_code
                == 200
            )
        final = a.get(f"/api/games/{gid}/view").json()
        wait_until(
            lambda: b.get(f"/api/games/{gid}/view").json()["version"] == final["version"],
            timeout=10,
            what="the second app to catch up",
        )
        assert b.get(f"/api/games/{gid}/view").json()["view"] == final["view"]
    assert "listening for other processes' changes failed" in caplog.text


def race(urls: list[str], headers: dict, bodies: list[dict]) -> list:
    """POST bodies[i] to urls[i] from one thread each, released together; the answers in order."""
    start = threading.Barrier(len(urls))
    answers: list = [None] * len(urls)

    def move(i: int) -> None:
        with httpx.Client(timeout=10) as own:
            start.wait()
            answers[i] = own.post(urls[i], headers=headers, json=bodies[i])

    threads = [threading.Thread(target=move, args=(i,)) for i in range(len(urls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers
