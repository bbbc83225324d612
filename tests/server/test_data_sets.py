"""Owners' card data sets (the workshop's API): stored, downloaded, validated by the game's own
validator, offered in the lobby, and played with only when they pass.

A set with problems is kept as a draft, never bound to a table; the owner's secret alone changes
a set; a refused request changes nothing; the built-in data of every game round-trips unchanged
(the file the server gives is the file it gets back, byte for byte) and a copy of it binds to the
built-in data id; a set survives a restart, and so does a game played with it.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from sqlalchemy import text

from epochal.engine import game_names, get_game
from epochal.server import create_app

from .conftest import HUMAN, TestClient, bot, play_random, service, tok

OWNER = "X-Owner-Token"


def builtin(client, game: str) -> bytes:
    r = client.get(f"/api/data/{game}/builtin")
    assert r.status_code == 200, r.text
    assert r.headers["content-disposition"] == f'attachment; filename="{game}-builtin.json"'
    return r.content


def upload(client, game: str, data, name: str = "My box") -> dict:
    r = client.post(f"/api/data/{game}", json={"name": name, "data": data})
    assert r.status_code == 201, r.text
    return r.json()


def broken_hadara(raw: bytes) -> str:
    """The built-in Hadara file with one blue card of epoch I removed (R5: 10 per colour)."""
    doc = json.loads(raw)
    first = next(i for i, c in enumerate(doc["cards"]) if c["color"] == "blue")
    del doc["cards"][first]
    return json.dumps(doc)


def stored_sets(client) -> list:
    with service(client).store.engine.connect() as conn:
        return list(conn.execute(text("SELECT key, name, data, playable, updated_at FROM data_sets ORDER BY key")))


@pytest.mark.parametrize("game", game_names())
def test_the_builtin_data_round_trips_byte_for_byte(client, game):
    raw = builtin(client, game)
    made = upload(client, game, raw.decode("utf-8"), name=f"{game} as printed")
    assert made["playable"] and made["problems"] == []
    assert made["status"] == get_game(game).data_status()
    assert made["data_id"] == get_game(game).data_id()  # the same bytes, the same data
    r = client.get(f"/api/data/{game}/{made['key']}/file")
    assert r.status_code == 200
    assert r.content == raw
    assert r.headers["content-disposition"].startswith("attachment;")


def test_a_broken_file_lists_its_problems_with_the_rule_and_is_kept_as_a_draft(client):
    raw = builtin(client, "hadara")
    checked = client.post("/api/data/hadara/validate", json={"data": broken_hadara(raw)})
    assert checked.status_code == 200
    body = checked.json()
    assert body["playable"] is False and body["status"] == "draft"
    assert any(p.get("rule") == "R5" and "blue" in p["message"] for p in body["problems"]), body
    assert stored_sets(client) == []  # validating stores nothing

    draft = upload(client, "hadara", broken_hadara(raw), name="half done")
    assert draft["playable"] is False and draft["problems"] == body["problems"]
    assert draft["owner_token"] and draft["owner_link"].endswith(
        f"/workshop/hadara/{draft['key']}#owner={draft['owner_token']}"
    )
    info = client.get(f"/api/data/hadara/{draft['key']}").json()
    assert info["problems"] == body["problems"] and "owner_token" not in info
    keys = [s["key"] for g in client.get("/api/meta").json()["games"] for s in g["data_sets"]]
    assert draft["key"] not in keys  # the lobby offers playable sets only


def test_a_cost_out_of_range_names_the_card(client):
    doc = json.loads(builtin(client, "hadara"))
    doc["cards"][0]["cost"] = -1
    problems = client.post("/api/data/hadara/validate", json={"data": doc}).json()["problems"]
    card = doc["cards"][0]["id"]
    assert any(p.get("path") == f"card {card}" and "cost" in p["message"] for p in problems), problems


def test_a_table_refuses_a_failing_set_and_changes_nothing(client):
    draft = upload(client, "hadara", broken_hadara(builtin(client, "hadara")))
    r = client.post("/api/games", json={"game": "hadara", "seats": [HUMAN, bot()], "data": draft["key"]})
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == "data_not_playable" and body["field"] == "data"
    assert any(p.get("rule") == "R5" for p in body["problems"])
    assert service(client).tables == {}
    assert client.get("/api/games").json()["open"] == []


def test_a_table_with_a_passing_set_names_it_in_its_record(client):
    doc = json.loads(builtin(client, "hadara"))
    made = upload(client, "hadara", json.dumps(doc, indent=1), name="my print")  # other bytes, the same cards
    assert made["playable"] and made["data_id"] != get_game("hadara").data_id()
    meta = next(g for g in client.get("/api/meta").json()["games"] if g["name"] == "hadara")
    assert {"key": made["key"], "name": "my print", "status": made["status"], "stored": True} in meta["data_sets"]
    r = client.post("/api/games", json={"game": "hadara", "seats": [bot(), bot()], "data": made["key"], "seed": 3})
    assert r.status_code == 201, r.text
    table = service(client).tables[r.json()["id"]]
    assert table.data_key == made["key"]
    assert table.record().data == made["data_id"]


def test_only_the_owner_changes_a_set_and_a_refusal_changes_nothing(client):
    raw = builtin(client, "guns_and_steel")
    made = upload(client, "guns_and_steel", raw.decode())
    before = stored_sets(client)
    url = f"/api/data/guns_and_steel/{made['key']}"
    for headers in ({}, {OWNER: "not-the-token"}, {OWNER: made["owner_token"] + "x"}):
        r = client.put(url, json={"name": "mine now", "data": "{}"}, headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "bad_owner_token"
    assert stored_sets(client) == before
    other = upload(client, "guns_and_steel", raw.decode(), name="other")
    r = client.put(url, json={"data": "{}"}, headers={OWNER: other["owner_token"]})  # another set's owner
    assert r.status_code == 403
    assert [s for s in stored_sets(client) if s[0] == made["key"]] == before

    r = client.put(url, json={"name": "fixed", "data": raw.decode()}, headers={OWNER: made["owner_token"]})
    assert r.status_code == 200 and r.json()["name"] == "fixed" and r.json()["playable"]
    r = client.put(url, json={"data": "[]"}, headers={OWNER: made["owner_token"]})
    assert r.status_code == 200 and r.json()["playable"] is False  # now a draft: off the lobby
    meta = next(g for g in client.get("/api/meta").json()["games"] if g["name"] == "guns_and_steel")
    assert made["key"] not in [s["key"] for s in meta["data_sets"]]


def test_a_set_a_game_used_stays_as_it_is(client):
    made = upload(client, "hadara", builtin(client, "hadara").decode())
    r = client.post("/api/games", json={"game": "hadara", "seats": [HUMAN, bot()], "data": made["key"]})
    assert r.status_code == 201
    before = stored_sets(client)
    r = client.put(f"/api/data/hadara/{made['key']}", json={"data": "[]"}, headers={OWNER: made["owner_token"]})
    assert r.status_code == 409 and r.json()["error"] == "data_set_in_use"
    assert stored_sets(client) == before


@pytest.mark.parametrize(
    "body, status, error",
    [
        ({"name": "", "data": "{}"}, 422, "invalid_request"),
        ({"name": "x" * 61, "data": "{}"}, 422, "invalid_request"),
        ({"name": "   ", "data": "{}"}, 422, "invalid_request"),
        ({"name": "a\u0007b", "data": "{}"}, 422, "invalid_request"),
        ({"name": "ok"}, 422, "invalid_request"),
        ({"name": "ok", "data": 5}, 422, "invalid_request"),
        ({"name": "ok", "data": "{not json"}, 422, "bad_data"),
        ({"name": "ok", "data": "{}", "owner": "me"}, 422, "invalid_request"),
        ({"name": "ok", "data": "[" * 100_000 + "]" * 100_000}, 422, "bad_data"),
    ],
)
def test_bad_input_is_refused_and_stores_nothing(client, body, status, error):
    r = client.post("/api/data/hadara", json=body)
    assert (r.status_code, r.json()["error"]) == (status, error), r.text
    assert r.json()["detail"]
    assert stored_sets(client) == []


def test_malformed_json_unknown_games_and_sets(client):
    r = client.post("/api/data/hadara", content=b'{"name": "x", "data": ', headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "malformed_json"
    assert client.post("/api/data/chess", json={"name": "x", "data": "{}"}).status_code == 404
    assert client.get("/api/data/chess/builtin").status_code == 404
    assert client.get("/api/data/hadara/set-000000000000").status_code == 404
    assert client.get("/api/data/hadara/set-000000000000/file").status_code == 404
    made = upload(client, "hadara", builtin(client, "hadara").decode())
    assert client.get(f"/api/data/imperium/{made['key']}").status_code == 404  # another game's set
    r = client.post("/api/games", json={"game": "hadara", "seats": [HUMAN, bot()], "data": "set-000000000000"})
    assert r.status_code == 422 and r.json()["field"] == "data"
    assert len(stored_sets(client)) == 1


def test_size_limits(client):
    big = '{"cards": [' + ",".join(['{"id": "x"}'] * 200_000) + "]}"  # about 2.4 MB
    r = client.post("/api/data/hadara", json={"name": "big", "data": big})
    assert r.status_code == 413 and r.json()["error"] == "bad_data", r.text
    r = client.post("/api/data/hadara", content=b"x" * (6 << 20), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"
    r = client.post("/api/games", content=b"x" * (1 << 20), headers={"content-type": "application/json"})
    assert r.status_code == 413  # the larger limit is the data sets' alone
    assert stored_sets(client) == []


def test_creation_is_rate_limited_and_the_store_is_capped(db_url, monkeypatch):
    with TestClient(create_app(db_url, bot_delay=0, create_rate=2)) as c:
        for _ in range(2):
            upload(c, "guns_and_steel", "[]")
        r = c.post("/api/data/guns_and_steel", json={"name": "third", "data": "[]"})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited" and r.headers["retry-after"]
        assert len(stored_sets(c)) == 2
    monkeypatch.setattr("epochal.server.service.MOST_SETS", 2)
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        r = c.post("/api/data/guns_and_steel", json={"name": "third", "data": "[]"})
        assert r.status_code == 507 and r.json()["error"] == "storage_full"
        assert len(stored_sets(c)) == 2
        assert c.post("/api/data/hadara", json={"name": "other game", "data": "[]"}).status_code == 201


def test_a_set_and_a_game_with_it_survive_a_restart(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        doc = json.loads(builtin(c, "hadara"))
        made = upload(c, "hadara", json.dumps(doc), name="kept")
        game = c.post("/api/games", json={"game": "hadara", "seats": [HUMAN, bot()], "data": made["key"], "seed": 5})
        assert game.status_code == 201
        game = game.json()
        play_random(c, game, [0], random.Random(1), stop=lambda msg: msg["view"]["ply"] >= 6)
        before = service(c).tables[game["id"]].state.to_json()
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        table = service(c).tables[game["id"]]  # restored at start-up, with the stored set
        assert table.state.to_json() == before
        assert table.data_key == made["key"] and table.game.data_id() == made["data_id"]
        assert game["id"] not in service(c).broken
        meta = next(g for g in c.get("/api/meta").json()["games"] if g["name"] == "hadara")
        assert made["key"] in [s["key"] for s in meta["data_sets"]]
        assert c.get(f"/api/data/hadara/{made['key']}/file").content == json.dumps(doc).encode()


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "epochal.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("game", ["hadara", "imperium"])  # a data file; a data directory's bundle
def test_a_downloaded_file_is_read_by_cards_validate_and_data(client, tmp_path, game):
    made = upload(client, game, builtin(client, game).decode())
    path = tmp_path / f"{game}.json"
    path.write_bytes(client.get(f"/api/data/{game}/{made['key']}/file").content)
    checked = cli("cards", "validate", game, str(path))
    assert checked.returncode == 0, checked.stderr
    assert f"valid {game} data" in checked.stdout
    played = cli("simulate", game, "-p", "2", "-n", "1", "--data", str(path), "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["errors"] == 0


def test_a_downloaded_draft_fails_cards_validate_with_the_same_problem_in_each_language(client, tmp_path):
    draft = upload(client, "hadara", broken_hadara(builtin(client, "hadara")))
    path = tmp_path / "draft.json"
    path.write_bytes(client.get(f"/api/data/hadara/{draft['key']}/file").content)
    checked = cli("cards", "validate", "hadara", str(path))
    assert checked.returncode == 2
    assert draft["problems"][0]["message"] in " ".join(checked.stderr.split())
    russian = client.get(f"/api/data/hadara/{draft['key']}?lang=ru").json()["problems"][0]["text"]
    checked = cli("cards", "validate", "hadara", str(path), "--lang", "ru")
    assert checked.returncode == 2 and checked.stderr.startswith("error: ")
    assert russian in " ".join(checked.stderr.split()) and "эпох" in russian
    refused = cli("cards", "validate", "imperium", str(path), "--lang", "hu")  # Hungarian is Hadara's only
    assert refused.returncode == 2 and "--lang 'hu' is not available for imperium" in refused.stderr


# --- checked marks travel with the set -------------------------------------------------------------


def test_checked_marks_are_kept_with_the_set_and_only_its_owner_changes_them(client):
    made = upload(client, "hadara", builtin(client, "hadara").decode())
    url = f"/api/data/hadara/{made['key']}"
    assert made["checked"] == []
    marks = ["cards:I-BLU-01", "cards:I-BLU-02", "colonies:C03-1", "cards:I-BLU-01"]
    r = client.put(f"{url}/checked", json={"checked": marks}, headers={OWNER: made["owner_token"]})
    assert r.status_code == 200, r.text
    assert r.json()["checked"] == marks[:3]  # each once, in order
    # another browser (no secret) opening the set sees the same progress
    assert client.get(url).json()["checked"] == marks[:3]
    before = stored_sets(client)
    other = upload(client, "hadara", builtin(client, "hadara").decode(), name="other")
    for headers in ({}, {OWNER: "nope"}, {OWNER: other["owner_token"]}):
        r = client.put(f"{url}/checked", json={"checked": []}, headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "bad_owner_token"
    assert client.get(url).json()["checked"] == marks[:3]
    assert [s for s in stored_sets(client) if s[0] == made["key"]] == [s for s in before if s[0] == made["key"]]
    # the marks change no card: the file and its data id stay as they were
    assert client.get(f"{url}/file").content == builtin(client, "hadara")
    assert client.get(url).json()["data_id"] == made["data_id"]


def test_a_set_a_game_used_still_takes_checked_marks(client):
    made = upload(client, "hadara", builtin(client, "hadara").decode())
    assert (
        client.post("/api/games", json={"game": "hadara", "seats": [HUMAN, bot()], "data": made["key"]}).status_code
        == 201
    )
    r = client.put(
        f"/api/data/hadara/{made['key']}/checked",
        json={"checked": ["cards:I-RED-03"]},
        headers={OWNER: made["owner_token"]},
    )
    assert r.status_code == 200 and r.json()["checked"] == ["cards:I-RED-03"]


@pytest.mark.parametrize(
    "body",
    [
        {"checked": "cards:I-BLU-01"},
        {"checked": [1]},
        {"checked": [""]},
        {"checked": ["x" * 201]},
        {"checked": ["a\nb"]},
        {"checked": [f"m{i}" for i in range(5001)]},
        {"checked": [], "extra": 1},
        {},
    ],
)
def test_bad_checked_marks_are_refused_and_change_nothing(client, body):
    made = upload(client, "hadara", builtin(client, "hadara").decode())
    url = f"/api/data/hadara/{made['key']}"
    client.put(f"{url}/checked", json={"checked": ["cards:I-BLU-01"]}, headers={OWNER: made["owner_token"]})
    r = client.put(f"{url}/checked", json=body, headers={OWNER: made["owner_token"]})
    assert r.status_code == 422, r.text
    assert client.get(url).json()["checked"] == ["cards:I-BLU-01"]
    assert client.put("/api/data/hadara/set-000000000000/checked", json={"checked": []}).status_code == 404


def test_a_table_with_a_set_names_it_and_draws_its_cards_from_it(client):
    """The table's page says whose cards it plays with (``meta.data_set``), and its cards (names,
    texts and the facts a card's face shows) come from that set, not from the built-in data."""
    doc = json.loads(builtin(client, "guns_and_steel"))
    card = next(c for c in doc["cards"] if c["id"] == "C24")
    card["vp"] += 1
    made = upload(client, "guns_and_steel", json.dumps(doc), name="my box")
    assert made["playable"], made["problems"][:2]
    r = client.post("/api/games", json={"game": "guns_and_steel", "seats": [HUMAN, bot()], "data": made["key"]})
    assert r.status_code == 201, r.text
    game = r.json()
    view = client.get(f"/api/games/{game['id']}/view", headers=tok(game, 0)).json()
    assert view["meta"]["data_set"] == {"key": made["key"], "name": "my box"}
    cards = client.get(f"/api/games/{game['id']}/cards").json()
    assert cards["data_set"] == {"key": made["key"], "name": "my box"}
    builtin_faces = get_game("guns_and_steel").table_constants()["faces"]
    assert cards["constants"]["faces"]["C24"]["vp"] == builtin_faces["C24"]["vp"] + 1
    assert f"{card['vp']} VP" in " ".join(next(c for c in cards["cards"] if c["id"] == "C24")["text"])

    plain = client.post("/api/games", json={"game": "guns_and_steel", "seats": [HUMAN, bot()]}).json()
    assert client.get(f"/api/games/{plain['id']}/cards").json()["data_set"] is None
    # the lobby's lists and a game's summary name the set too
    listed = {g["id"]: g for games in client.get("/api/games").json().values() for g in games}
    assert listed[game["id"]]["data_set"] == {"key": made["key"], "name": "my box"}
    assert listed[plain["id"]]["data_set"] is None
    assert client.get(f"/api/games/{game['id']}").json()["data_set"]["name"] == "my box"


def test_the_problems_come_worded_in_the_language_asked_for(client):
    """The workshop's problems in the page's language (``?lang=``): ``text`` beside the
    validator's English ``message``, which stays as the CLI prints it (R5: three epochs)."""
    doc = json.loads(builtin(client, "hadara"))
    doc["cards"][0]["epoch"] = 5
    english = client.post("/api/data/hadara/validate", json={"data": doc}).json()["problems"]
    russian = client.post("/api/data/hadara/validate?lang=ru", json={"data": doc}).json()["problems"]
    assert [p["message"] for p in russian] == [p["message"] for p in english]
    assert all(p["text"] == p["message"] for p in english)
    epoch = next(p for p in russian if p.get("rule") == "R5" and "epoch 5" in p["message"])
    assert "эпох" in epoch["text"] and "R5" in epoch["text"], epoch
    unknown = client.post("/api/data/hadara/validate?lang=xx", json={"data": doc}).json()["problems"]
    assert unknown == english  # a language the game lacks: English

    draft = upload(client, "hadara", doc, name="epoch five")
    stored = client.get(f"/api/data/hadara/{draft['key']}?lang=ru").json()["problems"]
    assert stored == russian  # a stored set's sentences are worded when asked for
    too_long = client.post("/api/data/hadara/validate?lang=" + "r" * 9, json={"data": doc})
    assert too_long.status_code == 422 and too_long.json()["error"] == "invalid_request"
