"""Replays of finished games (GET /api/games/<id>/replay) and of record files (POST /api/replay).

A step is the position after that many actions. Seen from a seat it must be exactly what the
seat was sent at that moment of the game (the table's ``hello``: view, board data, words, log),
which the first test checks against the messages a played game really sent; seen from a seat in
any of the four games it must equal the engine's own view of the replayed position, hold the
log only up to the step and only as the seat saw it, and name no card the seat could not see,
even when every hidden card is re-dealt (``determinize``). Face up is what the table allowed.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from fastapi.testclient import TestClient

from epochal.engine import game_names, get_game, parse_record, replay_states, visible
from epochal.engine.hidden import seen_cards
from epochal.server import create_app
from epochal.server.replay import CHECKPOINT, Replays, record_key
from epochal.server.words import action_texts, decision_words

from .conftest import HUMAN, bot, create, play_random, service

HELLO_PARTS = ("view", "ui", "action_texts", "prompt", "why_not", "log")


def finished(client, seats, game="hadara", timeout=60.0, **body) -> dict:
    """A game of bots played to its end on the server."""
    made = create(client, seats, game=game, **body)
    deadline = time.monotonic() + timeout
    while client.get(f"/api/games/{made['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.02)
    return made


def replay(client, gid, step, seat=None, lang="en", **more) -> dict:
    params = {"step": step, "lang": lang, **more}
    if seat is not None:
        params["seat"] = seat
    r = client.get(f"/api/games/{gid}/replay", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def same(x):
    return json.loads(json.dumps(x))


def test_each_step_shows_each_seat_and_a_spectator_exactly_what_they_were_sent(client):
    """Two people play; every ``hello`` each was sent (and a spectator's, asked at the same
    moments) is compared with the replay of that step from that seat, in Russian."""
    game = create(client, [HUMAN, HUMAN], seed=3)
    gid = game["id"]
    seen: dict = {}
    spectator: dict[int, str] = {}

    def look(msg):
        r = client.get(f"/api/games/{gid}/view?lang=ru")
        spectator[r.json()["version"]] = r.text
        return False

    play_random(client, game, [0, 1], random.Random(3), stop=look, lang="ru", seen=seen)
    hellos = [(seat, json.loads(text)) for seat, texts in seen.items() for text in texts]
    hellos += [(None, json.loads(text)) for text in spectator.values()]
    hellos = [(seat, m) for seat, m in hellos if m["type"] == "hello"]
    assert len({m["version"] for _, m in hellos}) > 40
    compared = 0
    for seat, sent in hellos:
        step = sent["version"]  # no undo: the version is the number of actions
        got = replay(client, gid, step, seat, "ru")
        for part in HELLO_PARTS:
            assert got.get(part) == sent.get(part), (seat, step, part)
        assert got["step"] == step and got["seat"] == seat and got["meta"]["names"] == sent["meta"]["names"]
        compared += 1
    assert compared > 80


def test_the_replay_answers_the_steps_who_acted_and_the_log_up_to_the_step(client):
    game = finished(client, [bot(), bot()], seed=5)
    gid = game["id"]
    record = parse_record(client.get(f"/api/games/{gid}/record").content)
    n = len(record.actions)
    first = replay(client, gid, 0, 0)
    assert first["steps"] == n and first["acted"] == [s for s, _ in record.actions]
    assert first["log"] == [] and first["action"] is None and first["open_allowed"] is True
    assert first["view"]["over"] is False and first["meta"]["replay"] is True
    last = replay(client, gid, n, 0)
    assert last["view"]["over"] is True and last["meta"]["status"] == "finished"
    assert [e["index"] for e in last["log"]] == sorted(e["index"] for e in last["log"])
    middle = replay(client, gid, n // 2, 1)
    assert middle["log"] and all(e["index"] < n // 2 for e in middle["log"])
    assert middle["log"] == [e for e in replay(client, gid, n, 1)["log"] if e["index"] < n // 2]
    # the rest of the log: from an action on, as a page that has the beginning asks
    rest = replay(client, gid, n, 0, log_from=n // 2)
    assert rest["log"] == [e for e in last["log"] if e["index"] >= n // 2]
    # the step's action in words: for its own seat and face up, not for the others
    step = next(i + 1 for i, (s, _) in enumerate(record.actions) if s == 1)
    assert replay(client, gid, step, 1)["action"]["seat"] == 1
    assert replay(client, gid, step, 1)["action"]["text"]
    assert replay(client, gid, step, "open")["action"]["seat"] == 1
    assert replay(client, gid, step, 0)["action"] is None
    assert replay(client, gid, step)["action"] is None


@pytest.mark.parametrize("name", game_names())
def test_every_games_replay_shows_each_seat_its_own_view_and_nothing_hidden(client, name):
    players = 2
    game = finished(client, [bot(), bot()], game=name, seed=7)
    gid = game["id"]
    record = parse_record(client.get(f"/api/games/{gid}/record").content)
    engine = get_game(name)
    events: list = []
    states = [s.clone() for s in replay_states(record, game=engine, events=events)]
    n = len(record.actions)
    rng = random.Random(7)
    steps = sorted({0, 1, n, *rng.sample(range(n + 1), min(n + 1, 12))})
    guarded = 0  # hidden cards looked for
    for step in steps:
        state = states[step]
        for seat in [*range(players), None]:
            got = replay(client, gid, step, seat)
            assert got["view"] == same(engine.view(state, seat)), (step, seat)
            assert got["ui"] == same(engine.table_ui(state, seat)), (step, seat)
            told_events = [
                (e["index"], [{k: v for k, v in ev.items() if k != "text"} for ev in e["events"]]) for e in got["log"]
            ]
            expected = [(i, same(visible(events[i], seat))) for i in range(step) if visible(events[i], seat)]
            assert told_events == expected, (step, seat)
            if seat is None:
                continue
            # what the seat may not see now: every card of another seat's hidden places, found
            # as the cards the open view adds to the seat's own
            hidden = seen_cards(engine, engine.open_view(state)) - seen_cards(engine, engine.view(state, seat))
            parts = [got[k] for k in ("view", "ui", "action_texts", "action")] + [got.get("prompt"), got.get("why_not")]
            told = seen_cards(engine, parts)
            assert not told & hidden, (step, seat, sorted(told & hidden)[:5])
            guarded += len(hidden)
            # the same answer from a position where every card the seat cannot see is re-dealt
            other = engine.determinize(state, seat, rng)
            names = record.seats
            assert got["view"] == same(engine.view(other, seat))
            assert got["ui"] == same(engine.table_ui(other, seat))
            assert got["action_texts"] == action_texts(engine, other, seat, "en", names)
            words = decision_words(engine, other, seat, "en", names)
            assert {k: got.get(k) for k in words} == same(words)
        opened = replay(client, gid, step, "open")
        assert opened["view"] == same(engine.open_view(state)) and opened["seat"] is None
        assert [e["index"] for e in opened["log"]] == [i for i in range(step) if events[i]]
    assert guarded > 20  # the seats did hide cards from each other


def test_the_face_up_log_holds_each_seats_private_events_with_their_readers(client):
    game = finished(client, [bot(), bot()], seed=9)
    gid = game["id"]
    n = replay(client, gid, 0)["steps"]
    opened = replay(client, gid, n, "open")
    own = {seat: {e["index"]: e["events"] for e in replay(client, gid, n, seat)["log"]} for seat in (0, 1)}
    private = 0
    for entry in opened["log"]:
        for ev in entry["events"]:
            readers = ev.get("to", [0, 1])
            for seat in readers:  # each reader's own log holds it, worded the same
                assert {k: v for k, v in ev.items() if k != "to"} in own[seat][entry["index"]]
            private += "to" in ev
    assert private > 5


def test_face_up_is_refused_where_the_table_turned_it_off_and_the_setting_is_kept(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        off = finished(client, [bot(), bot()], seed=4, open_replay=False)
        on = finished(client, [bot(), bot()], seed=4)
        assert replay(client, off["id"], 3, 0)["open_allowed"] is False
        r = client.get(f"/api/games/{off['id']}/replay", params={"step": 3, "seat": "open"})
        assert r.status_code == 403 and r.json()["error"] == "open_replay_off" and r.json()["field"] == "seat"
        rematch = client.post(f"/api/games/{off['id']}/rematch", headers={"X-Host-Token": off["host_token"]})
        assert rematch.status_code == 200, rematch.text
        assert service(client).tables[rematch.json()["id"]].open_replay is False  # "play again" keeps it
    with TestClient(create_app(db_url, bot_delay=0)) as client:  # read back from the store
        r = client.get(f"/api/games/{off['id']}/replay", params={"step": 3, "seat": "open"})
        assert r.status_code == 403 and r.json()["error"] == "open_replay_off"
        assert replay(client, on["id"], 3, "open")["open_allowed"] is True


def test_a_game_not_finished_has_no_replay(client):
    game = create(client, [HUMAN, HUMAN], seed=2)
    for seat in ("0", "open", None):
        r = client.get(f"/api/games/{game['id']}/replay", params={"step": 0, **({"seat": seat} if seat else {})})
        assert r.status_code == 409 and r.json()["error"] == "not_finished"
    summary = client.get(f"/api/games/{game['id']}").json()
    assert "replay_link" not in summary


BAD_QUERIES = [
    ({"step": -1}, 422, "invalid_request", "step"),
    ({"step": 10**6}, 422, "invalid_request", "step"),
    ({"step": "x"}, 422, "invalid_request", "step"),
    ({"step": 1.5}, 422, "invalid_request", "step"),
    ({"step": 0, "seat": "2"}, 422, "invalid_request", "seat"),
    ({"step": 0, "seat": "-1"}, 422, "invalid_request", "seat"),
    ({"step": 0, "seat": "0x1"}, 422, "invalid_request", "seat"),
    ({"step": 0, "seat": "everyone"}, 422, "invalid_request", "seat"),
    ({"step": 0, "seat": "9" * 40}, 422, "invalid_request", "seat"),
    ({"step": 0, "lang": "xx"}, 422, "invalid_request", "lang"),
    ({"step": 0, "log_from": -3}, 422, "invalid_request", "log_from"),
]


def test_bad_inputs_are_refused_with_the_usual_error_and_change_nothing(client):
    game = finished(client, [bot(), bot()], seed=6)
    gid = game["id"]
    before = client.get(f"/api/games/{gid}/record").content
    for params, status, error, field in BAD_QUERIES:
        r = client.get(f"/api/games/{gid}/replay", params=params)
        assert (r.status_code, r.json()["error"], r.json().get("field")) == (status, error, field), params
        assert r.json()["detail"]
    r = client.get("/api/games/nosuchgame/replay", params={"step": 0})
    assert r.status_code == 404 and r.json()["error"] == "no_such_game"
    assert client.get(f"/api/games/{gid}/record").content == before
    assert client.get(f"/api/games/{gid}").json()["status"] == "finished"


def test_a_record_file_replays_as_the_table_does_and_face_up(client):
    game = finished(client, [bot(), bot()], seed=8)
    gid = game["id"]
    record = client.get(f"/api/games/{gid}/record").json()
    n = len(record["actions"])
    for step, seat in ((0, 0), (n // 3, 1), (n, None), (n // 2, "open")):
        r = client.post("/api/replay", json={"record": record, "step": step, "seat": seat, "lang": "ru"})
        assert r.status_code == 200, r.text
        got, table = r.json(), replay(client, gid, step, seat, "ru")
        assert got["open_allowed"] is True and got["meta"]["game_id"] is None
        for part in (*HELLO_PARTS, "step", "steps", "acted", "action", "seat", "viewpoint"):
            assert got.get(part) == table.get(part), (step, seat, part)
    # a record of a game not finished replays too: the file holds the seed, nothing is hidden
    short = {**record, "actions": record["actions"][:10], "scores": None}
    short.pop("scores")
    r = client.post("/api/replay", json={"record": short, "step": 10, "seat": "open"})
    assert r.status_code == 200 and r.json()["steps"] == 10 and r.json()["meta"]["status"] == "running"


def bad_records(record: dict) -> list:
    return [
        ("not an object", {"record": "hadara"}, 422, "invalid_request"),
        ("unknown field", {"record": {**record, "extra": 1}}, 422, "bad_record"),
        ("missing field", {"record": {k: v for k, v in record.items() if k != "seed"}}, 422, "bad_record"),
        ("unknown game", {"record": {**record, "game": "chess"}}, 422, "bad_record"),
        ("other version", {"record": {**record, "version": "99"}}, 422, "bad_record"),
        ("other card data", {"record": {**record, "data": "somewhere-else"}}, 422, "bad_record"),
        ("no players", {"record": {**record, "seats": []}}, 422, "bad_record"),
        ("bad option", {"record": {**record, "options": {"mode": "chess"}}}, 422, "bad_record"),
        ("illegal action", {"record": {**record, "actions": [[0, 10**6]]}}, 422, "bad_record"),
        ("bad seat", {"record": {**record, "actions": [[9, 0]]}}, 422, "bad_record"),
        ("action after the end", {"record": {**record, "actions": [*record["actions"], [0, 0]]}}, 422, "bad_record"),
        ("wrong scores", {"record": {**record, "scores": [0, 0]}}, 422, "bad_record"),
        ("actions not pairs", {"record": {**record, "actions": [[0]]}}, 422, "bad_record"),
        ("huge numbers", {"record": {**record, "seed": 10**30}}, 422, "bad_record"),
        ("step too far", {"record": record, "step": len(record["actions"]) + 1}, 422, "invalid_request"),
        ("bad seat name", {"record": record, "seat": "all"}, 422, "invalid_request"),
        ("bad language", {"record": record, "lang": "zz"}, 422, "invalid_request"),
        ("unknown key", {"record": record, "turn": 3}, 422, "invalid_request"),
        ("bool step", {"record": record, "step": True}, 422, "invalid_request"),
    ]


def test_bad_record_files_are_refused_with_a_clear_error(client):
    game = finished(client, [bot(), bot()], seed=8)
    record = client.get(f"/api/games/{game['id']}/record").json()
    for what, body, status, error in bad_records(record):
        r = client.post("/api/replay", json=body)
        assert (r.status_code, r.json()["error"]) == (status, error), (what, r.text)
        assert r.json()["detail"], what
    r = client.post("/api/replay", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "malformed_json"
    r = client.post("/api/replay", content=b"[" * 50_000 + b"]" * 50_000, headers={"Content-Type": "application/json"})
    assert r.status_code in (400, 413, 422) and r.json()["error"]
    big = {"record": {**record, "seats": ["x" * 1000] * 100}}
    r = client.post("/api/replay", json=big)
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"


def test_a_long_game_is_replayed_once_and_each_step_rebuilds_from_a_kept_position(client):
    game = finished(client, [bot(), bot()], game="guns_and_steel", seed=1)
    gid = game["id"]
    n = replay(client, gid, 0)["steps"]
    replays = service(client).replays
    kept = replays.get(f"table:{gid}")
    assert kept is not None and len(kept.checkpoints) == n // CHECKPOINT + 1
    for step in (n, n - 1, 1, n // 2):
        assert replay(client, gid, step, 0)["step"] == step
    assert replays.get(f"table:{gid}") is kept  # not built again
    engine = get_game("guns_and_steel")
    record = parse_record(client.get(f"/api/games/{gid}/record").content)
    states = list(s.to_json() for s in replay_states(record, game=engine))
    assert all(kept.state(step).to_json() == states[step] for step in range(0, n + 1, 7))


def test_the_kept_replays_are_bounded():
    replays = Replays(kept=2)
    for key in ("a", "b", "c"):
        replays.put(key, key)  # type: ignore[arg-type]
    assert replays.get("a") is None and replays.get("b") == "b" and replays.get("c") == "c"
    replays.get("b")
    replays.put("d", "d")  # type: ignore[arg-type]
    assert replays.get("c") is None and replays.get("b") == "b"
    assert record_key(parse_record(b'{"game":"x","version":"1","options":{},"seats":[],"seed":0,"actions":[]}'))


def test_the_lobby_lists_a_finished_games_replay(client):
    game = finished(client, [bot(), bot()], seed=10)
    finished_games = client.get("/api/games").json()["finished"]
    row = next(g for g in finished_games if g["id"] == game["id"])
    assert row["replay_link"] == f"/replay/{game['id']}"
    assert client.get(f"/replay/{game['id']}").status_code == 200
    assert "replay" in client.get("/replay").text


def test_every_word_of_the_replay_page_exists_in_each_language_of_the_page():
    import re
    from pathlib import Path

    web = Path(__file__).parents[2] / "epochal" / "web"
    source = (web / "js" / "i18n.js").read_text()
    blocks = dict(re.findall(r"\n  (\w\w): \{\n(.*?)\n  \},", source, re.S))
    assert {"en", "ru", "hu"} <= set(blocks)
    used = set()
    for name in ("js/replay.js", "js/board-view.js", "replay.html"):
        text = (web / name).read_text()
        used |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", text))
        used |= set(re.findall(r"""data-i18n="([\w.]+)\"""", text))
        used |= set(re.findall(r"""\["\w+", "(replay\.[\w.]+)"\]""", text))  # the buttons' titles
    assert {"replay.title", "replay.open", "replay.first", "replay.file_help"} <= used
    for lang, block in blocks.items():
        keys = set(re.findall(r'"([\w.]+)":', block))
        assert sorted(used - keys) == [], lang
