"""Finished games sent to analysis (POST/GET /api/games/<id>/analysis): a bounded queue, one
analysis at a time in a worker process, the result stored with the game and re-queued after a
restart, and each viewer shown only what it may see: a seat its own decisions, face up (where
the table allows it) every seat's, a spectator none. The numbers are those of ``epochal analyse``
with the same iteration budget.
"""

from __future__ import annotations

import asyncio
import copy
import random
import subprocess
import sys
import time

import pytest
from fastapi.testclient import TestClient

from epochal.engine import get_game, parse_record, replay_states
from epochal.engine.hidden import seen_cards
from epochal.engine.locale import action_words, card_texts
from epochal.server import create_app
from epochal.server.analysis import Analyses
from epochal.sim.analysis import analyse_record, evaluate

from .conftest import HUMAN, bot, create, service

BUDGET = 20  # iterations per decision: enough to rank a few options, fast enough for a test


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=0, analysis_budget=BUDGET)) as c:
        yield c


def finished(client, seed: int = 3, **body) -> str:
    """A two-bot Hadara game played to its end on the server."""
    gid = create(client, [bot(), bot()], seed=seed, **body)["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{gid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.02)
    return gid


def analysed(client, gid: str, timeout: float = 90.0) -> dict:
    """Wait for the game's analysis to end; its answer face up."""
    deadline = time.monotonic() + timeout
    seen = set()
    while True:
        got = client.get(f"/api/games/{gid}/analysis", params={"seat": "open"}).json()
        seen.add(got["status"])
        if got["status"] not in ("queued", "running"):
            assert got["status"] == "done", got
            return got
        assert time.monotonic() < deadline, f"the analysis did not end: {got}"
        if got["status"] == "running" and got["total"]:
            assert 0 <= got["done"] <= got["total"]
        time.sleep(0.05)


def held(monkeypatch) -> list[str]:
    """Hold every analysis at its start (the runner waits), so a test can look at the queue; the
    returned list collects the games whose turn came."""
    started: list[str] = []

    async def wait(self, game_id):
        started.append(game_id)
        await asyncio.Event().wait()  # until the server stops

    monkeypatch.setattr(Analyses, "_analyse", wait)
    return started


def test_a_finished_game_is_analysed_once_with_the_numbers_of_epochal_analyse(client):
    gid = finished(client)
    assert client.get(f"/api/games/{gid}/analysis").json() == {
        "status": "none",
        "done": 0,
        "total": None,
        "budget": BUDGET,
    }
    first = client.post(f"/api/games/{gid}/analysis")
    assert first.status_code == 200, first.text
    assert first.json()["status"] in ("queued", "running") and first.json()["budget"] == BUDGET
    again = client.post(f"/api/games/{gid}/analysis").json()  # the same request changes nothing
    assert again["status"] in ("queued", "running", "done")
    assert len(service(client).analyses.jobs) <= 1
    got = analysed(client, gid)
    assert got["done"] == got["total"] == len(got["decisions"]) > 20
    assert client.post(f"/api/games/{gid}/analysis").json()["status"] == "done"
    # the numbers of `epochal analyse RECORD --budget 20`
    record = parse_record(client.get(f"/api/games/{gid}/record").content)
    expected = analyse_record(record, budget=BUDGET).to_builtins()
    assert [d["index"] for d in got["decisions"]] == [d["index"] for d in expected["decisions"]]
    for mine, theirs in zip(got["decisions"], expected["decisions"], strict=True):
        for key in ("seat", "taken", "best", "win_before", "win_after", "loss", "judgement", "iterations"):
            assert mine[key] == theirs[key], (mine["index"], key)
        assert [(o["action"], o["text"], o["visits"], o["win"], o["score"]) for o in mine["options"]] == [
            (o["action"], o["text"], o["visits"], o["win"], o["score"]) for o in theirs["options"]
        ]
    for mine, theirs in zip(got["summary"], expected["summary"], strict=True):
        assert mine == theirs
    # the words in the page's language, the numbers the same
    ru = client.get(f"/api/games/{gid}/analysis", params={"seat": "open", "lang": "ru"}).json()
    game = get_game("hadara")
    states = [s.clone() for s in replay_states(record, game=game)]
    d = ru["decisions"][3]
    assert [o["text"] for o in d["options"]] == [
        action_words(game, states[d["index"]], d["seat"], o["action"], "ru", record.seats) for o in d["options"]
    ]
    assert [o["win"] for o in d["options"]] == [o["win"] for o in got["decisions"][3]["options"]]


def test_each_viewer_sees_only_what_it_may(client):
    gid = finished(client, seed=4)
    client.post(f"/api/games/{gid}/analysis")
    everything = analysed(client, gid)
    assert everything["seats"] == [0, 1] and {d["seat"] for d in everything["decisions"]} == {0, 1}

    def ask(seat=None, **more):
        params = {"seat": seat, **more} if seat is not None else more
        r = client.get(f"/api/games/{gid}/analysis", params=params)
        assert r.status_code == 200, r.text
        return r.json()

    for seat in (0, 1):
        mine = ask(seat)
        assert mine["seats"] == [seat] and mine["viewpoint"] == seat
        assert mine["decisions"] == [d for d in everything["decisions"] if d["seat"] == seat]
        assert [s["seat"] for s in mine["summary"]] == [seat]
    for spectator in (ask(), ask("spectator")):
        assert spectator["status"] == "done" and spectator["seats"] == []
        assert spectator["decisions"] == [] and spectator["summary"] == []
    # a seat's answer names no card hidden from it at the decision (by the game's view rules)
    record = parse_record(client.get(f"/api/games/{gid}/record").content)
    game = get_game("hadara")
    states = [s.clone() for s in replay_states(record, game=game)]
    names = {i: c["name"] for c in card_texts(game, "en") for i in [c["id"], *c.get("copies", [])]}
    looked = 0
    for d in ask(0)["decisions"]:
        state = states[d["index"]]
        hidden = seen_cards(game, game.open_view(state)) - seen_cards(game, game.view(state, 0))
        seen = {names.get(c) for c in seen_cards(game, game.view(state, 0))}
        words = " ".join(o["text"] for o in d["options"])
        for card in hidden:
            if names.get(card) and names[card] not in seen:
                assert names[card] not in words, (d["index"], card)
                looked += 1
    assert looked > 10, "no hidden card was looked for: the test would prove nothing"


def test_a_re_dealt_opponent_changes_nothing_a_seat_is_shown(client):
    """Seat 1's decisions evaluated from positions where its hand is re-dealt (as seat 0 cannot
    tell them apart) change seat 1's analysis but not one byte of what seat 0 is shown."""
    gid = finished(client, seed=5)
    client.post(f"/api/games/{gid}/analysis")
    analysed(client, gid)
    svc = service(client)
    before = client.get(f"/api/games/{gid}/analysis", params={"seat": 0}).content
    theirs = client.get(f"/api/games/{gid}/analysis", params={"seat": 1}).content
    record = parse_record(client.get(f"/api/games/{gid}/record").content)
    game = get_game("hadara")
    states = [s.clone() for s in replay_states(record, game=game)]
    rng = random.Random(5)
    stored = svc.store.analysis(gid, result=True)["result"]
    other = copy.deepcopy(stored)
    for d in other["decisions"]:
        if d["seat"] != 1:
            continue
        state = game.determinize(states[d["index"]], 0, rng)  # all seat 0 cannot see, dealt anew
        taken = game.legal(state, 1)[0]
        found = evaluate(game, state, 1, d["index"], taken, (BUDGET, None), 9, "en", record.seats)
        d.update(taken=taken, best=found.best, win_before=found.win_before, win_after=found.win_after)
        d.update(loss=found.loss, judgement=found.judgement)
        d["options"] = [
            {"action": o.action, "texts": {"en": o.text}, "visits": o.visits, "win": o.win, "score": o.score}
            for o in found.options
        ]
    assert other != stored
    svc.store.end_analysis(gid, other)
    svc.analyses.results.clear()
    assert client.get(f"/api/games/{gid}/analysis", params={"seat": 1}).content != theirs
    assert client.get(f"/api/games/{gid}/analysis", params={"seat": 0}).content == before


def test_a_table_that_hides_its_replay_shows_no_analysis_face_up(client):
    gid = finished(client, seed=6, open_replay=False)
    client.post(f"/api/games/{gid}/analysis")
    analysed_as_seat = None
    deadline = time.monotonic() + 90
    while analysed_as_seat is None or analysed_as_seat["status"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.05)
        analysed_as_seat = client.get(f"/api/games/{gid}/analysis", params={"seat": 1}).json()
    assert analysed_as_seat["open_allowed"] is False and analysed_as_seat["seats"] == [1]
    r = client.get(f"/api/games/{gid}/analysis", params={"seat": "open"})
    assert r.status_code == 403 and r.json()["error"] == "open_replay_off"
    spectator = client.get(f"/api/games/{gid}/analysis").json()
    assert spectator["decisions"] == [] and spectator["summary"] == []


def test_bad_requests_are_answered_and_change_nothing(client):
    running = create(client, [HUMAN, HUMAN])["id"]
    r = client.post(f"/api/games/{running}/analysis")
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    assert "finished" in r.json()["detail"]
    r = client.get(f"/api/games/{running}/analysis")
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    assert service(client).store.analysis(running) is None
    for method in ("GET", "POST"):
        r = client.request(method, "/api/games/nosuchgame/analysis")
        assert r.status_code == 404 and r.json()["error"] == "no_such_game"
    gid = finished(client, seed=7)
    for params, field in (
        ({"seat": "2"}, "seat"),
        ({"seat": "-1"}, "seat"),
        ({"seat": "everyone"}, "seat"),
        ({"seat": "x" * 40}, "seat"),
        ({"lang": "xx"}, "lang"),
        ({"lang": "x" * 40}, "lang"),
    ):
        r = client.get(f"/api/games/{gid}/analysis", params=params)
        assert r.status_code == 422 and r.json()["field"] == field, (params, r.text)
    assert client.get(f"/api/games/{gid}/analysis").json()["status"] == "none"


def test_the_queue_is_bounded_and_says_where_a_game_waits(client, monkeypatch):
    started = held(monkeypatch)
    games = [finished(client, seed=10 + i) for i in range(3)]
    svc = service(client)
    svc.analyses.limit = 1
    first = client.post(f"/api/games/{games[0]}/analysis").json()
    assert first["status"] == "queued"
    deadline = time.monotonic() + 10
    while not started:  # the first game's turn came: it no longer waits
        assert time.monotonic() < deadline
        time.sleep(0.01)
    second = client.post(f"/api/games/{games[1]}/analysis").json()
    assert second["status"] == "queued" and second["ahead"] == 1
    r = client.post(f"/api/games/{games[2]}/analysis")
    assert r.status_code == 503 and r.json()["error"] == "analysis_queue_full"
    assert "waiting for analysis" in r.json()["detail"] and r.headers["Retry-After"] == "60"
    assert svc.store.analysis(games[2]) is None
    # asking again for a queued game is no new request, even with the queue full
    assert client.post(f"/api/games/{games[1]}/analysis").json()["status"] == "queued"
    assert list(svc.analyses.waiting) == [games[1]]


def test_an_analysis_survives_a_restart(db_url, monkeypatch):
    """Queued or running when the server stops: queued again when it starts. Done: read from
    the store by a new server."""
    with monkeypatch.context() as m:
        held(m)
        with TestClient(create_app(db_url, bot_delay=0, bot_processes=0, analysis_budget=BUDGET)) as c:
            gid = finished(c, seed=8)
            waiting = finished(c, seed=9)
            assert c.post(f"/api/games/{gid}/analysis").json()["status"] == "queued"
            assert c.post(f"/api/games/{waiting}/analysis").json()["status"] == "queued"
            time.sleep(0.2)
            assert service(c).store.analysis(gid)["status"] in ("queued", "running")
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=0, analysis_budget=BUDGET)) as c:
        assert list(service(c).analyses.jobs) == [gid, waiting]
        done = analysed(c, gid)
        analysed(c, waiting)
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=0, analysis_budget=BUDGET)) as c:
        assert service(c).analyses.jobs == {}
        assert c.get(f"/api/games/{gid}/analysis", params={"seat": "open"}).json() == done
        assert c.post(f"/api/games/{gid}/analysis").json()["status"] == "done"


def test_a_server_without_an_analysis_budget_says_so(db_url):
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=0, analysis_budget=0)) as c:
        gid = finished(c)
        r = c.post(f"/api/games/{gid}/analysis")
        assert r.status_code == 503 and r.json()["error"] == "analysis_off"
    with pytest.raises(ValueError, match="analysis_budget"):
        create_app(db_url, analysis_budget=-1)


@pytest.mark.parametrize(
    "args, env, message",
    [
        (["--analysis-budget", "-5"], {}, "--analysis-budget must be 0 to"),
        ([], {"EPOCHAL_ANALYSIS_BUDGET": "many"}, "EPOCHAL_ANALYSIS_BUDGET must be a number"),
        ([], {"EPOCHAL_ANALYSIS_BUDGET": "99999999999"}, "EPOCHAL_ANALYSIS_BUDGET must be at most"),
    ],
)
def test_serve_refuses_a_bad_analysis_budget(tmp_path, args, env, message):
    import os

    r = subprocess.run(
        [sys.executable, "-m", "epochal.cli", "serve", "--database", f"sqlite:///{tmp_path / 'x.sqlite'}", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=60,
    )
    assert r.returncode == 2
    assert message in r.stderr


def test_every_word_of_the_analysis_exists_in_each_language_of_the_page():
    import re
    from pathlib import Path

    web = Path(__file__).parents[2] / "epochal" / "web"
    source = (web / "js" / "i18n.js").read_text()
    blocks = dict(re.findall(r"\n  (\w\w): \{\n(.*?)\n  \},", source, re.S))
    text = (web / "js" / "analysis.js").read_text()
    used = set(re.findall(r"""["']((?:analysis|replay|table)\.\w+)["']""", text))  # every key named
    # the judgements and their counts, named from the server's words
    kinds = ("inaccuracy", "mistake", "blunder")
    assert "t(`analysis.${here.judgement}`" in text and "t(`analysis.n_${kind}`" in text
    used |= {f"analysis.{k}" for k in kinds} | {f"analysis.n_{k}" for k in kinds} | {"table.analyse"}
    assert {"analysis.title", "analysis.start", "analysis.running", "analysis.hidden"} <= used
    for lang, block in blocks.items():
        keys = set(re.findall(r'"([\w.]+)":', block))
        assert sorted(used - keys) == [], lang


def test_a_failed_analysis_says_why_and_is_queued_again_when_asked(client, monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    gid = finished(client, seed=13)

    async def crash(self, game_id):
        raise BrokenProcessPool("a worker died")

    with monkeypatch.context() as m:
        m.setattr(Analyses, "_analyse", crash)
        client.post(f"/api/games/{gid}/analysis")
        deadline = time.monotonic() + 10
        while (got := client.get(f"/api/games/{gid}/analysis").json())["status"] != "failed":
            assert time.monotonic() < deadline, got
            time.sleep(0.02)
    assert got["error"] == "the process that analysed the game stopped; ask again"
    assert client.post(f"/api/games/{gid}/analysis").json()["status"] in ("queued", "running")
    assert analysed(client, gid)["done"] > 20
