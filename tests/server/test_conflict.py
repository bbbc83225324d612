"""The version check: a write applies only to the version it was built on.

The store refuses a move or an undo made at a version the game has left, whoever made the
change first; a server whose table was overtaken catches up from the store and answers
409 stale with the new version. Two apps on one database stand in for two processes (on SQLite
nobody tells the second about the first's moves, so it meets the refusal itself).
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from epochal.games.hadara import actions as A
from epochal.server import create_app
from epochal.server.db import ACTIONS, GAMES, StaleVersion, Store, make_engine, migrate, now

from .conftest import HUMAN, TestClient, create, service, tok


@pytest.fixture
def stores(db_url):
    engine = make_engine(db_url)
    migrate(engine)
    yield Store(engine), Store(engine)
    engine.dispose()


def new_game(store: Store, game_id: str = "g1") -> None:
    stamp = now()
    store.create_game(
        {
            "id": game_id,
            "game": "hadara",
            "version": "1",
            "data_key": "builtin",
            "data_id": None,
            "players": 2,
            "seed": 1,
            "options": {},
            "undo": True,
            "undos": 0,
            "status": "open",
            "ply": 0,
            "scores": None,
            "winners": None,
            "created_at": stamp,
            "updated_at": stamp,
        },
        [
            {
                "game_id": game_id,
                "seat": i,
                "kind": "human",
                "level": None,
                "name": f"P{i}",
                "token_hash": None,
                "joined": False,
            }
            for i in range(2)
        ],
    )


def stored_plies(store: Store, game_id: str = "g1") -> tuple[int, int, int]:
    with store.engine.connect() as conn:
        ply, undos = conn.execute(select(GAMES.c.ply, GAMES.c.undos).where(GAMES.c.id == game_id)).one()
        count = conn.execute(select(func.count()).select_from(ACTIONS).where(ACTIONS.c.game_id == game_id)).scalar_one()
    return ply, undos, count


def test_the_store_takes_one_move_per_version(stores):
    one, two = stores
    new_game(one)
    one.add_action("g1", 0, 0, 5, "open", undos=0)
    with pytest.raises(StaleVersion):
        two.add_action("g1", 0, 1, 6, "open", undos=0)  # the same ply again
    with pytest.raises(StaleVersion):
        two.add_action("g1", 2, 1, 6, "open", undos=0)  # a ply the game has not reached
    assert stored_plies(one) == (1, 0, 1)
    assert one.load("g1").actions == [(0, 5)]


def test_an_undo_is_a_new_version_that_old_writers_cannot_build_on(stores):
    one, two = stores
    new_game(one)
    one.add_action("g1", 0, 0, 5, "open", undos=0)
    one.add_action("g1", 1, 1, 6, "open", undos=0)
    one.remove_last_action("g1", 1, 1)  # ply 2 -> 1, one undo
    one.add_action("g1", 1, 1, 7, "open", undos=1)  # ply 1 again, another action
    with pytest.raises(StaleVersion):  # built on the undone action
        two.add_action("g1", 2, 0, 8, "open", undos=0)
    with pytest.raises(StaleVersion):  # that undo was already made
        two.remove_last_action("g1", 1, 1)
    assert stored_plies(one) == (2, 1, 2)
    assert one.load("g1").actions == [(0, 5), (1, 7)]
    assert one.load("g1", 1).actions == [(1, 7)] and one.load("g1", 1).first == 1


def test_the_status_follows_the_stored_seats(stores):
    one, two = stores
    new_game(one)
    one.mark_joined("g1", 0, "open")
    two.mark_joined("g1", 1, "open")  # its writer did not know seat 0 had joined
    assert one.load("g1").row["status"] == "running"
    one.add_action("g1", 0, 0, 5, "open", undos=0)
    assert one.load("g1").row["status"] == "running"


def test_a_move_clears_the_archive_flag(stores):
    one, two = stores
    new_game(one)
    one.set_archived(["g1"], True)  # a process that held the game idle archived it
    two.add_action("g1", 0, 0, 5, "open", undos=0)  # while another one plays it
    assert one.load("g1").row["archived"] is False


def test_an_overtaken_server_answers_stale_and_catches_up(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as a, TestClient(create_app(db_url, bot_delay=0)) as b:
        # basic mode: the first decision (the wheel) belongs to one seat
        game = create(a, [HUMAN, HUMAN], options={"mode": "basic"})
        gid = game["id"]
        mover = a.get(f"/api/games/{gid}/view").json()["meta"]["actors"][0]
        seen = b.get(f"/api/games/{gid}/view", headers=tok(game, mover)).json()
        legal = [x["id"] for x in seen["view"]["legal"]]
        first = a.post(
            f"/api/games/{gid}/actions", headers=tok(game, mover), json={"action": legal[0], "version": seen["version"]}
        )
        assert first.status_code == 200, first.text
        again = b.post(
            f"/api/games/{gid}/actions",
            headers=tok(game, mover),
            json={"action": legal[-1], "version": seen["version"]},
        )
        assert again.status_code == 409, again.text
        assert again.json()["error"] == "stale" and again.json()["version"] == first.json()["version"]
        after = b.get(f"/api/games/{gid}/view", headers=tok(game, mover)).json()
        assert after["version"] == first.json()["version"] and after["view"] == first.json()["view"]
        assert service(b).tables[gid].actions == [(mover, legal[0])]
        assert service(b).store.load(gid).actions == [(mover, legal[0])]


def test_an_undo_elsewhere_is_caught_up_with(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as a, TestClient(create_app(db_url, bot_delay=0)) as b:
        game = create(a, [HUMAN, HUMAN], undo=True)  # both choose a side at once
        gid = game["id"]
        assert a.post(f"/api/games/{gid}/actions", headers=tok(game, 0), json={"action": A.SIDE}).status_code == 200
        assert b.get(f"/api/games/{gid}/view", headers=tok(game, 1)).json()["version"] == 1
        assert a.post(f"/api/games/{gid}/undo", headers=tok(game, 0)).status_code == 200
        r = b.post(f"/api/games/{gid}/actions", headers=tok(game, 1), json={"action": A.SIDE})
        if r.status_code == 409:  # it had not heard of the undo (always on SQLite)
            assert r.json()["error"] == "stale" and r.json()["version"] == 2
            assert service(b).tables[gid].actions == [] and service(b).tables[gid].undos == 1
            r = b.post(f"/api/games/{gid}/actions", headers=tok(game, 1), json={"action": A.SIDE})
        assert r.status_code == 200 and r.json()["version"] == 3
        assert service(b).tables[gid].actions == [(1, A.SIDE)]
        assert service(b).store.load(gid).actions == [(1, A.SIDE)]


def test_simultaneous_choices_through_two_servers_both_count(db_url):
    """Seats choosing at once through different processes meet at the same ply; the one that
    comes second still answers the same decision, so it is stored after the first, not refused."""
    with TestClient(create_app(db_url, bot_delay=0)) as a, TestClient(create_app(db_url, bot_delay=0)) as b:
        game = create(a, [HUMAN, HUMAN, HUMAN])  # every seat chooses a side at once
        gid = game["id"]
        assert b.get(f"/api/games/{gid}/view").json()["version"] == 0
        first = a.post(f"/api/games/{gid}/actions", headers=tok(game, 0), json={"action": A.SIDE, "version": 0})
        second = b.post(f"/api/games/{gid}/actions", headers=tok(game, 1), json={"action": A.SIDE, "version": 0})
        assert first.status_code == 200 and second.status_code == 200, second.text
        assert second.json()["version"] == 2
        assert service(b).store.load(gid).actions == [(0, A.SIDE), (1, A.SIDE)]
        assert service(b).tables[gid].actions == [(0, A.SIDE), (1, A.SIDE)]
