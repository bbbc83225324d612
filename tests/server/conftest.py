"""Fixtures for the web table's API tests: an app on a scratch SQLite file, and helpers."""

from __future__ import annotations

import functools
import json
import os
import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette prefers httpx2; the TestClient works with httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from epochal.server import create_app

HUMAN = {"kind": "human"}


def pytest_collection_modifyitems(items):
    # Starlette asks for httpx2 instead of httpx; the TestClient works the same with either.
    for item in items:
        if "tests/server" in str(item.fspath):
            item.add_marker(pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette"))


def bot(level: str = "random") -> dict:
    return {"kind": "bot", "level": level}


@functools.cache
def worker_database(url: str) -> str:
    """Each pytest-xdist worker empties its database before every test, so each gets a
    database of its own on the same PostgreSQL server, named after the given one."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    base = make_url(url)
    if not worker or base.get_backend_name() != "postgresql":
        return url
    name = f"{base.database}_{worker}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        if conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}).first() is None:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh database per test: SQLite by default; EPOCHAL_TEST_DATABASE_URL runs the same
    tests on another database (e.g. a local PostgreSQL), emptied before each test (under xdist,
    one database per worker beside it)."""
    url = os.environ.get("EPOCHAL_TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path / 'table.sqlite'}"
    from sqlalchemy import create_engine, text

    from epochal.server.db import Base

    url = worker_database(url)
    engine = create_engine(url)
    with engine.begin() as conn:
        Base.metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()
    return url


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


def service(client):
    return client.app.state.service


def create(client, seats, **body) -> dict:
    r = client.post("/api/games", json={"game": "hadara", "seats": seats, **body})
    assert r.status_code == 201, r.text
    return r.json()


def tok(game: dict, seat: int) -> dict:
    return {"X-Seat-Token": game["seats"][seat]["token"]}


def stored(client, game_id: str) -> tuple[bytes, list, dict]:
    """What must not change when a request is refused: the state and the stored record."""
    svc = service(client)
    table = svc.tables[game_id]
    row = svc.store.load(game_id)
    return table.state.to_json(), row.actions, {k: row.row[k] for k in ("ply", "status", "undos")}


def wait_until(predicate, timeout: float = 20.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


def play_random(
    client, game: dict, seats: list[int], rng, stop=None, lang: str = "en", seen: dict | None = None
) -> None:
    """Act for the given human seats with random legal actions until the game ends (or
    ``stop(view)``); bots move by themselves. ``seen[seat]`` collects every raw response."""
    gid = game["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        progressed = False
        for seat in seats:
            r = client.get(f"/api/games/{gid}/view?lang={lang}", headers=tok(game, seat))
            assert r.status_code == 200, r.text
            if seen is not None:
                seen.setdefault(seat, []).append(r.text)
            msg = r.json()
            if msg["view"]["over"] or (stop and stop(msg)):
                return
            legal = msg["view"]["legal"]
            if legal:
                r = client.post(
                    f"/api/games/{gid}/actions?lang={lang}",
                    headers=tok(game, seat),
                    json={"action": rng.choice(legal)["id"], "version": msg["version"]},
                )
                if r.status_code == 409 and r.json()["error"] in ("not_your_turn", "stale", "game_over"):
                    continue  # a bot moved in between: look again
                assert r.status_code == 200, r.text
                if seen is not None:
                    seen[seat].append(r.text)
                progressed = True
        if not progressed:
            time.sleep(0.002)
    raise AssertionError("the game did not end in time")


def loads(text: str) -> dict:
    return json.loads(text)
