"""Undo: off by default; only your own last action; never one that revealed something."""

from __future__ import annotations

import pytest

from epochal.games.hadara import actions as A
from epochal.server import create_app

from .conftest import HUMAN, TestClient, create, service, stored, tok


def act(client, game, seat, action):
    return client.post(f"/api/games/{game['id']}/actions", headers=tok(game, seat), json={"action": action})


def undo(client, game, seat):
    return client.post(f"/api/games/{game['id']}/undo", headers=tok(game, seat))


def test_undo_is_off_unless_the_game_allows_it(client):
    game = create(client, [HUMAN, HUMAN])
    assert act(client, game, 0, A.SIDE).status_code == 200
    before = stored(client, game["id"])
    r = undo(client, game, 0)
    assert r.status_code == 409 and r.json()["error"] == "undo_disabled"
    assert stored(client, game["id"]) == before


def test_take_back_a_hidden_simultaneous_choice(client):
    game = create(client, [HUMAN, HUMAN, HUMAN], undo=True)
    gid = game["id"]
    r = undo(client, game, 0)
    assert r.status_code == 409 and r.json()["error"] == "nothing_to_undo"
    start = stored(client, gid)
    version = client.get(f"/api/games/{gid}/view").json()["version"]
    answer = act(client, game, 0, A.SIDE + 1).json()
    assert answer["meta"]["can_undo"] is True
    r = undo(client, game, 0)
    assert r.status_code == 200 and r.json()["type"] == "reset"
    state, actions, row = stored(client, gid)
    assert (state, actions) == start[:2] and row["ply"] == 0 and row["undos"] == 1
    assert r.json()["version"] == version + 2  # versions never repeat
    assert r.json()["view"]["decision"]["waiting"] == [0, 1, 2]


def test_only_your_own_last_action_and_only_if_it_revealed_nothing(client):
    game = create(client, [HUMAN, HUMAN, HUMAN], undo=True)
    gid = game["id"]
    assert act(client, game, 0, A.SIDE).status_code == 200
    assert act(client, game, 1, A.SIDE).status_code == 200
    before = stored(client, gid)
    r = undo(client, game, 0)  # seat 1 acted since
    assert r.status_code == 409 and r.json()["error"] == "not_your_action"
    assert stored(client, gid) == before
    assert act(client, game, 2, A.SIDE).status_code == 200  # closes the step: every side shows
    before = stored(client, gid)
    r = undo(client, game, 2)
    assert r.status_code == 409 and r.json()["error"] == "revealed"
    assert stored(client, gid) == before
    assert client.get(f"/api/games/{gid}/view", headers=tok(game, 2)).json()["meta"]["can_undo"] is False


def test_an_undo_survives_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        game = create(c, [HUMAN, HUMAN], undo=True)
        assert act(c, game, 0, A.SIDE).status_code == 200
        assert undo(c, game, 0).status_code == 200
        assert act(c, game, 0, A.SIDE + 1).status_code == 200
        expected = stored(c, game["id"])
        view = c.get(f"/api/games/{game['id']}/view", headers=tok(game, 0)).json()
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        assert stored(c, game["id"]) == expected
        again = c.get(f"/api/games/{game['id']}/view", headers=tok(game, 0)).json()
        assert again["view"] == view["view"] and again["version"] == view["version"]
        assert undo(c, game, 0).status_code == 200  # still undoable after the restart
        assert service(c).tables[game["id"]].actions == []


def _replay_case(client, case):
    from tests.engine.test_hidden import CASES

    c = CASES[case]
    game = create(client, [HUMAN] * c["players"], game=c["game"], seed=c["seed"], undo=True)
    for seat, action in c["actions"]:
        assert act(client, game, seat, action).status_code == 200
    return game, c["then"]


@pytest.mark.parametrize(
    "case", ["F2a_imperium_cleanup_draw", "F2b_imperium_market_refill", "F2d_settlers_look_empire"]
)
def test_an_action_that_showed_its_actor_new_cards_cannot_be_taken_back(client, case):
    """F2: the clean-up draw, a market refill and a look at the empire deck carry no private
    event, yet show the actor cards; undo would let it see its next cards and choose again."""
    game, (seat, action) = _replay_case(client, case)
    answer = act(client, game, seat, action).json()
    assert answer["meta"]["can_undo"] is False
    before = stored(client, game["id"])
    r = undo(client, game, seat)
    assert r.status_code == 409 and r.json()["error"] == "revealed"
    assert stored(client, game["id"]) == before


def test_after_a_restart_undo_still_knows_what_an_action_showed(db_url):
    """F2: a restored game works out, from its record, whether the last action showed a card."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        game, (seat, action) = _replay_case(client, "F2b_imperium_market_refill")
        assert act(client, game, seat, action).status_code == 200
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        r = undo(client, game, seat)
        assert r.status_code == 409 and r.json()["error"] == "revealed"
