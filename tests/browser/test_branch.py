"""The analysis board in a real browser: from a replay's step, "Play from here" opens a private
table at that position, where one page plays every person's seat in turn (hot-seat) and bots
take theirs; from a finished game of the server, and from a record file, on a phone in Russian.

The engine replays the source record beside the page, so the check knows the truth: the new
table's position is the replay's after the step (the same actions, the same ply, the same seat to
move), and each move the page makes is made for the seat that owed it.
"""

from __future__ import annotations

import json
import random

import httpx
import pytest

from epochal.engine import get_game, parse_record, replay_states
from epochal.server.process import ServerProcess

from .conftest import click_something, version

BOTS = [{"kind": "bot", "level": "random", "name": "Amira"}, {"kind": "bot", "level": "random", "name": "Boris"}]


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """A server with one finished two-bot game of Hadara: the server, the game's id, its record."""
    folder = tmp_path_factory.mktemp("branch")
    proc = ServerProcess(f"sqlite:///{folder / 'branch.sqlite'}", bot_delay=0.0, log_path=folder / "server.log")
    proc.start()
    try:
        with httpx.Client(base_url=proc.url, timeout=10) as http:
            r = http.post("/api/games", json={"game": "hadara", "seats": BOTS, "seed": 21})
            assert r.status_code == 201, r.text
            gid = r.json()["id"]
            import time

            deadline = time.monotonic() + 120
            while http.get(f"/api/games/{gid}").json()["status"] != "finished":
                assert time.monotonic() < deadline, "the bots did not finish"
                time.sleep(0.1)
            record = http.get(f"/api/games/{gid}/record").json()
        yield proc, gid, record
    finally:
        proc.stop()


def actors_at(record: dict, step: int) -> list[int]:
    game = get_game(record["game"])
    for n, state in enumerate(replay_states(parse_record(json.dumps(record)), game=game)):
        if n == step:
            return game.actors(state)
    raise AssertionError(step)


def board(proc, page) -> dict:
    """The new table's summary (its id from the page's address)."""
    gid = page.url.split("/game/")[1].split("?")[0].split("#")[0]
    return httpx.get(f"{proc.url}/api/games/{gid}", timeout=10).json()


def test_play_from_here_opens_a_hot_seat_table_at_the_step(source, new_page):
    proc, gid, record = source
    step = 17
    page = new_page("en")
    page.goto(f"{proc.url}/replay/{gid}?lang=en#step={step}&seat=open")
    page.wait_for_selector(f"body[data-step='{step}'][data-viewpoint='open']")
    page.click("[data-testid=branch-open]")
    page.wait_for_selector("[data-testid=branch-start]")  # the dialog is open (after the bot levels came)
    dialog = page.locator("[data-testid=branch-dialog]")
    assert "step 17" in dialog.inner_text()
    # every seat a person by default: hot-seat
    assert [page.locator(f"[data-testid=branch-seat-{i}]").input_value() for i in (0, 1)] == ["human", "human"]
    page.click("[data-testid=branch-start]")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("[data-testid=your-turn]")
    summary = board(proc, page)
    assert summary["branched_at"] == step and summary["ply"] == step and summary["status"] == "running"
    assert version(page) == step  # the page draws the position after the step's actions
    assert page.locator("[data-testid=board-note]").is_visible()
    lobby = httpx.get(f"{proc.url}/api/games", timeout=10).json()
    assert summary["id"] not in {g["id"] for status in lobby.values() for g in status}
    # the page plays the seat that owes the decision, then the next, each move for its own seat
    names = record["seats"]
    rng = random.Random(5)
    seats_played = set()
    for _ in range(8):
        page.wait_for_selector("[data-testid=your-turn]")
        summary = board(proc, page)
        turn = page.locator("[data-testid=your-turn]").inner_text()
        actor = next(s for s in summary["actors"] if turn == f"{names[s]} to move")
        assert names[actor] in page.locator("#title").inner_text()
        before = summary["ply"]
        click_something(page, rng)
        after = httpx.get(f"{proc.url}/api/games/{summary['id']}/view", timeout=10).json()
        assert after["version"] > before
        seats_played.add(actor)
    assert seats_played == {0, 1}
    # the stored line starts with the source's first actions
    full = board(proc, page)
    assert full["ply"] >= step + 8


def test_a_record_files_step_plays_on_against_a_bot_on_a_phone_in_russian(source, browser, tmp_path):
    proc, _, record = source
    file = tmp_path / "game.json"
    file.write_text(json.dumps(record))
    step = 30
    bot_seat = 1 - actors_at(record, step)[0]  # the person moves first; then the bot
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru", is_mobile=True, has_touch=True)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        page.goto(f"{proc.url}/replay?lang=ru")
        page.set_input_files("[data-testid=record-file]", str(file))
        page.wait_for_selector("body[data-step='0']")
        page.evaluate(f"location.hash = 'step={step}&seat=open'")
        page.wait_for_selector(f"body[data-step='{step}']")
        page.click("[data-testid=branch-open]")
        page.wait_for_selector("[data-testid=branch-start]")
        dialog = page.locator("[data-testid=branch-dialog]")
        assert "Играть дальше с шага 30" in dialog.inner_text()
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0
        page.select_option(f"[data-testid=branch-seat-{bot_seat}]", "easy")
        page.click("[data-testid=branch-start]")
        page.wait_for_url("**/game/**")
        page.wait_for_selector("[data-testid=your-turn]")
        summary = board(proc, page)
        assert summary["ply"] == step and summary["branched_at"] == step
        assert [s["kind"] for s in summary["seats"]][bot_seat] == "bot"
        assert "Доска для анализа" in page.locator("[data-testid=board-note]").inner_text()
        # the person moves until it is the bot's turn; the bot takes its seat then
        rng = random.Random(2)
        for _ in range(20):
            log = httpx.get(f"{proc.url}/api/games/{summary['id']}/view", timeout=10).json()["log"]
            if any(e["seat"] == bot_seat and e["index"] >= step for e in log):
                break
            if page.locator("[data-testid=your-turn]").count():
                click_something(page, rng)
            else:
                page.wait_for_timeout(200)
        else:
            raise AssertionError("the bot did not move")
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0
    finally:
        ctx.close()


def test_no_play_from_here_where_the_replay_is_not_face_up(tmp_path, new_page):
    proc = ServerProcess(f"sqlite:///{tmp_path / 'closed.sqlite'}", bot_delay=0.0, log_path=tmp_path / "server.log")
    proc.start()
    try:
        r = httpx.post(
            f"{proc.url}/api/games", json={"game": "hadara", "seats": BOTS, "seed": 3, "open_replay": False}, timeout=10
        )
        gid = r.json()["id"]
        import time

        deadline = time.monotonic() + 120
        while httpx.get(f"{proc.url}/api/games/{gid}", timeout=10).json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        page = new_page("en")
        page.goto(f"{proc.url}/replay/{gid}?lang=en#step=5&seat=0")
        page.wait_for_selector("body[data-step='5']")
        button = page.locator("[data-testid=branch-open]")
        assert button.is_disabled()
        assert "face up" in button.get_attribute("title")
    finally:
        proc.stop()


def test_play_again_on_a_board_is_hot_seat_too(source, new_page):
    """The rematch gives every person the next seat; the same page still plays each seat in turn."""
    proc, gid, record = source
    steps = len(record["actions"])
    step = next(n for n in range(steps - 12, steps) if actors_at(record, n))
    made = httpx.post(
        f"{proc.url}/api/games/{gid}/branch",
        json={"step": step, "seats": [{"kind": "human"}, {"kind": "human"}]},
        timeout=10,
    ).json()
    page = new_page("en")
    page.goto(made["play_link"].replace("#", "?lang=en#"))
    rng = random.Random(7)
    while True:
        page.wait_for_selector("[data-testid=your-turn], [data-testid=end-screen]:not([hidden])")
        if page.locator("[data-testid=end-screen]").is_visible():
            break
        click_something(page, rng)
    page.click("[data-testid=rematch]")
    page.click("[data-testid=rematch-link]")
    page.wait_for_url(lambda url: made["id"] not in url)
    names = record["seats"]
    played = set()
    for _ in range(6):
        page.wait_for_selector("[data-testid=your-turn]")
        summary = board(proc, page)
        assert summary["branched_at"] == 0  # private as well
        turn = page.locator("[data-testid=your-turn]").inner_text()
        played.add(next(s for s in summary["actors"] if turn == f"{summary['seats'][s]['name']} to move"))
        click_something(page, rng)
    assert played == {0, 1} and {s["name"] for s in summary["seats"]} == set(names)
