"""Every kind of bad input is answered with a 4xx JSON error, and nothing changes.

"Nothing" is checked where it lives: the engine state (byte-identical JSON), the stored record
(the action rows and the game row), and the version every client sees.
"""

from __future__ import annotations

import random

import pytest

from .conftest import HUMAN, bot, create, play_random, service, stored, tok

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def table(client):
    """A running game (two people, one bot) where exactly one person owes a decision."""
    game = create(client, [HUMAN, HUMAN, bot("random")], seed=4)
    gid = game["id"]
    rng = random.Random(1)
    svc = service(client)

    def one_person_to_move(msg):
        actors = svc.tables[gid].game.actors(svc.tables[gid].state)
        return len(actors) == 1 and actors[0] in (0, 1)

    play_random(client, game, [0, 1], rng, stop=one_person_to_move)
    t = svc.tables[gid]
    mover = t.game.actors(t.state)[0]
    return game, mover, 1 - mover


def post(client, game, seat_headers, body=None, raw=None, path="actions"):
    url = f"/api/games/{game['id']}/{path}"
    if raw is not None:
        return client.post(url, content=raw, headers={**JSON, **seat_headers})
    return client.post(url, json=body, headers=seat_headers)


def legal_ids(client, game, seat):
    return [
        a["id"] for a in client.get(f"/api/games/{game['id']}/view", headers=tok(game, seat)).json()["view"]["legal"]
    ]


CASES = [
    # (name, who, body or raw bytes, status, error, field)
    ("malformed JSON", "mover", b'{"action": 7', 400, "malformed_json", None),
    ("not JSON at all", "mover", b"seven", 400, "malformed_json", None),
    ("a list, not an object", "mover", [7], 422, "invalid_request", "body"),
    ("missing action", "mover", {}, 422, "invalid_request", "action"),
    ("action as text", "mover", {"action": "7"}, 422, "invalid_request", "action"),
    ("action as bool", "mover", {"action": True}, 422, "invalid_request", "action"),
    ("action as float", "mover", {"action": 7.5}, 422, "invalid_request", "action"),
    ("null action", "mover", {"action": None}, 422, "invalid_request", "action"),
    ("unknown field", "mover", {"action": 1, "seat": 1}, 422, "invalid_request", "seat"),
    ("negative id", "mover", {"action": -1}, 422, "unknown_action", "action"),
    ("id past the end", "mover", {"action": 10_000}, 422, "unknown_action", "action"),
    ("huge id", "mover", {"action": 10**30}, 422, "unknown_action", "action"),
    ("out of turn", "other", "legal-of-mover", 409, "not_your_turn", None),
    ("stale version", "mover", "stale", 409, "stale", None),
    ("missing token", "nobody", "legal-of-mover", 401, "missing_token", None),
    ("wrong token", "forger", "legal-of-mover", 403, "bad_token", None),
]


@pytest.mark.parametrize("name,who,body,status,error,field", CASES, ids=[c[0] for c in CASES])
def test_refused_and_nothing_changes(client, table, name, who, body, status, error, field):
    game, mover, other = table
    headers = {
        "mover": tok(game, mover),
        "other": tok(game, other),
        "nobody": {},
        "forger": {"X-Seat-Token": game["seats"][mover]["token"][:-2] + "xx"},
    }[who]
    if body == "legal-of-mover":
        body = {"action": legal_ids(client, game, mover)[0]}
    elif body == "stale":
        body = {"action": legal_ids(client, game, mover)[0], "version": -1}
    before = stored(client, game["id"])
    version = client.get(f"/api/games/{game['id']}/view").json()["version"]
    r = post(client, game, headers, raw=body) if isinstance(body, bytes) else post(client, game, headers, body)
    assert r.status_code == status, r.text
    err = r.json()
    assert err["error"] == error and err["detail"], err
    if field:
        assert err["field"] == field
    if error == "not_your_turn":
        assert err["rule"] == "turn order"
    assert stored(client, game["id"]) == before
    assert client.get(f"/api/games/{game['id']}/view").json()["version"] == version


def test_an_illegal_action_names_its_rule_and_changes_nothing(client, table):
    game, mover, _ = table
    t = service(client).tables[game["id"]]
    legal = set(legal_ids(client, game, mover))
    before = stored(client, game["id"])
    for action in [a for a in range(t.game.num_actions) if a not in legal][:40]:
        r = post(client, game, tok(game, mover), {"action": action})
        assert r.status_code == 422, r.text
        err = r.json()
        assert err["error"] == "illegal_action" and err["rule"] and err["detail"], err
    assert stored(client, game["id"]) == before


def test_a_token_cannot_act_for_another_seat_or_another_game(client, table):
    game, mover, other = table
    elsewhere = create(client, [HUMAN, HUMAN])
    before = stored(client, game["id"])
    action = legal_ids(client, game, mover)[0]
    r = post(client, game, tok(elsewhere, 0), {"action": action})  # a token of another game
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    r = post(client, game, tok(game, other), {"action": action})  # the other seat's token
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    assert stored(client, game["id"]) == before
    assert post(client, game, tok(game, mover), {"action": action}).status_code == 200


def test_a_finished_game_takes_no_more_actions(client):
    game = create(client, [HUMAN, bot("random")], undo=True)
    play_random(client, game, [0], random.Random(2))
    before = stored(client, game["id"])
    for path, body in (("actions", {"action": 70}), ("actions", {"action": 0}), ("undo", None)):
        r = post(client, game, tok(game, 0), body, path=path)
        assert r.status_code == 409 and r.json()["error"] == "game_over", r.text
    assert stored(client, game["id"]) == before


def test_spectators_cannot_act_or_undo(client, table):
    game, mover, _ = table
    before = stored(client, game["id"])
    for path, body in (("actions", {"action": legal_ids(client, game, mover)[0]}), ("undo", None)):
        r = post(client, game, {}, body, path=path)
        assert r.status_code == 401 and r.json()["error"] == "missing_token"
    assert stored(client, game["id"]) == before


def test_a_wrong_token_cannot_even_look(client, table):
    game, *_ = table
    r = client.get(f"/api/games/{game['id']}/view", headers={"X-Seat-Token": "guess"})
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
