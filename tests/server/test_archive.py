"""Idle unfinished games are archived: out of memory, not replayed at start-up, restored on
demand. Start-up reads only the games it replays, however many finished or archived ones the
store holds."""

from __future__ import annotations

import json
import random
import time
from datetime import timedelta

from sqlalchemy import select

from epochal.server import create_app
from epochal.server.db import GAMES, Store, make_engine, migrate, now

from .conftest import HUMAN, TestClient, bot, create, play_random, service, tok

DAY = 86400


def archived_flag(client, game_id: str) -> bool:
    with service(client).store.engine.connect() as conn:
        return conn.execute(select(GAMES.c.archived).where(GAMES.c.id == game_id)).scalar_one()


def test_an_idle_game_is_archived_and_restored_when_opened(client):
    """F6: an unfinished game nobody touched for ``archive_after`` (30 days by default) and
    nobody watches leaves memory, with its bots, and is flagged in the store; opening it
    restores it at the same position and clears the flag. Watched and busy games stay."""
    svc = service(client)
    idle = create(client, [HUMAN, bot("random")], seed=1)
    play_random(client, idle, [0], random.Random(1), stop=lambda msg: msg["view"]["ply"] >= 8)
    watched, busy = create(client, [HUMAN, HUMAN]), create(client, [HUMAN, HUMAN])
    position = svc.tables[idle["id"]].state.to_json()
    view = client.get(f"/api/games/{idle['id']}/view", headers=tok(idle, 0)).json()
    month_ago = time.time() - 31 * DAY
    for g in (idle, watched):
        svc.tables[g["id"]].touched = month_ago
    svc.tables[busy["id"]].touched = time.time() - 29 * DAY
    bots = svc.tables[idle["id"]].bot_task
    with client.websocket_connect(f"/api/games/{watched['id']}/ws") as ws:
        ws.send_text(json.dumps({"token": None}))
        assert json.loads(ws.receive_text())["type"] == "hello"
        assert client.portal.call(svc.archive_idle) == [idle["id"]]
    assert idle["id"] not in svc.tables and {watched["id"], busy["id"]} <= set(svc.tables)
    assert archived_flag(client, idle["id"]) and not archived_flag(client, watched["id"])
    assert bots.cancelled() or bots.done()
    again = client.get(f"/api/games/{idle['id']}/view", headers=tok(idle, 0)).json()
    assert (again["version"], again["view"]) == (view["version"], view["view"])
    assert svc.tables[idle["id"]].state.to_json() == position and not archived_flag(client, idle["id"])
    play_random(client, idle, [0], random.Random(2))  # its bot plays again, to the end


def test_start_up_reads_none_of_the_finished_and_archived_games(db_url, monkeypatch):
    """F6: recover archives the unfinished games untouched for ``archive_after`` and replays
    only the live ones; the finished and archived games are never read."""
    engine = make_engine(db_url)
    migrate(engine)
    store = Store(engine)
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        live = [create(c, [HUMAN, HUMAN])["id"] for _ in range(2)]
    old = now() - timedelta(days=40)
    kinds = {"finished": 0, "archived": 0, "stale": 0}
    for i in range(150):
        kind = ("finished", "archived", "stale")[i % 3]
        kinds[kind] += 1
        gid = f"{kind[:2]}{i:06d}"
        store.create_game(
            {
                "id": gid,
                "game": "hadara",
                "version": "?",
                "data_key": "builtin",
                "data_id": None,
                "players": 2,
                "seed": i,
                "options": {},
                "undo": False,
                "undos": 0,
                "status": "finished" if kind == "finished" else "running",
                "ply": 0,
                "scores": None,
                "winners": None,
                "created_at": old,
                "updated_at": old,
                "archived": kind == "archived",
            },
            [
                {
                    "game_id": gid,
                    "seat": s,
                    "kind": "human",
                    "level": None,
                    "name": f"P{s}",
                    "token_hash": None,
                    "joined": True,
                }
                for s in range(2)
            ],
        )
    read = []
    real_load = Store.load
    monkeypatch.setattr(Store, "load", lambda self, gid, *a, **k: read.append(gid) or real_load(self, gid, *a, **k))
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        assert sorted(read) == sorted(live) and set(service(c).tables) == set(live)
        with engine.connect() as conn:
            flags = dict(conn.execute(select(GAMES.c.id, GAMES.c.archived)).all())
        assert all(flags[g] for g in flags if g.startswith(("st", "ar")))  # stale ones archived now
        assert not any(flags[g] for g in live)
    engine.dispose()


def test_the_archive_time_is_configurable(db_url):
    with TestClient(create_app(db_url, bot_delay=0, archive_after=0.5)) as c:
        svc = service(c)
        game = create(c, [HUMAN, HUMAN])
        assert svc.settings.archive_after == 0.5 * DAY
        svc.tables[game["id"]].touched = time.time() - 0.6 * DAY
        assert c.portal.call(svc.archive_idle) == [game["id"]]
