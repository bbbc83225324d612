"""Imperial Settlers' table in a real browser: the board draws, every action sits on its thing,
a game is played by clicking, and the page speaks Russian and English."""

from __future__ import annotations

import random
import time

import httpx
import pytest

from .conftest import click_something, create_game, my_turn_or_end, seat_url

pytestmark = pytest.mark.browser

HUMAN = {"kind": "human", "name": "Amira"}
BOT = {"kind": "bot", "level": "random"}
FIXED = {"pass", "end", "stop", "decline", "source", "exchange", "option"}


def seat_view(server, game: dict, seat: int = 0) -> dict:
    r = httpx.get(
        f"{server.url}/api/games/{game['id']}/view", headers={"X-Seat-Token": game["seats"][seat]["token"]}, timeout=10
    )
    assert r.status_code == 200, r.text
    return r.json()


def check_placement(page, msg: dict) -> set[str]:
    """Every legal action is a control on the board, on the card it acts on (or in the decision
    panel, or on the goods of the seat it takes from); none is left for the side bar."""
    view, ui = msg["view"], msg["ui"]
    placed = page.locator("[data-testid=board] [data-action-id]").evaluate_all(
        """els => els.map(e => ({id: e.dataset.actionId,
                                 card: e.closest('[data-card]')?.dataset.card || null,
                                 decision: !!e.closest('[data-testid=decision]'),
                                 goods: e.closest('.is-board')?.dataset.testid || null}))"""
    )
    where = {p["id"]: p for p in placed}
    assert page.locator("[data-testid=actions] [data-action-id]").count() == 0
    kinds = set()
    for a in view["legal"]:
        d = ui["actions"][str(a["id"])]
        kinds.add(d["verb"])
        p = where.get(str(a["id"]))
        assert p is not None, f"action {a['text']} has no control on the board"
        if d.get("card"):
            assert p["card"] == d["card"], f"{a['text']} sits on {p['card']}, not on {d['card']}"
        elif d["verb"] == "steal":
            assert p["goods"] == f"board-{d['owner']}"
        else:
            assert p["decision"], f"{a['text']} is not in the decision panel"
    return kinds


def check_flags(page, view: dict) -> None:
    """A card whose ability the data does not establish says so on its face."""
    shown = page.locator("[data-testid=board] .is-card[data-card]").evaluate_all(
        "els => els.map(e => [e.dataset.card, !!e.querySelector('[data-testid=ability-unknown]')])"
    )
    for card, flagged in shown:
        assert flagged == ("ability" in view["cards"][card]), card


def test_the_board_draws_and_a_game_is_played_by_clicking(server, new_page):
    game = create_game(server, [HUMAN, BOT], game="imperial_settlers", seed=8)
    page = new_page("en")
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("body[data-version]")
    my_turn_or_end(page)

    # the board: status, every empire's board with its goods, deals and three rows of locations
    assert "Round 1 of 5" in page.inner_text("[data-testid=status]")
    for seat in (0, 1):
        for kind, title in (("production", "Production"), ("feature", "Features"), ("action", "Actions")):
            assert title in page.inner_text(f"[data-testid=row-{kind}-{seat}]")
        goods = page.locator(f"[data-testid=goods-{seat}] [data-good]").evaluate_all(
            "els => els.map(e => e.dataset.good)"
        )
        assert goods == ["wood", "stone", "food", "gold", "worker", "raze", "defence"]
        assert page.locator(f"[data-testid=deals-{seat}]").is_visible()
    assert page.locator("[data-testid=hand] [data-card]").count() >= 4
    assert page.locator("[data-testid=seat-1] [data-testid=hand]").count() == 0  # no one else's hand

    rng = random.Random(5)
    seen: set[str] = set()
    hand_build = opponent_raze = False
    clicks = 0
    deadline = time.monotonic() + 40
    while my_turn_or_end(page) == "turn" and clicks < 250 and time.monotonic() < deadline:
        msg = seat_view(server, game)
        if msg["version"] != int(page.evaluate("document.body.dataset.version")):
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=msg["version"])
            continue
        seen |= check_placement(page, msg)
        if clicks % 10 == 0:
            check_flags(page, msg["view"])
        hand_build |= page.locator("[data-testid=hand] [data-card] button.k-build").count() > 0
        opponent_raze |= page.locator("[data-testid=seat-1] [data-card] button.k-raze").count() > 0
        # prefer doing things over passing, so the board fills up
        buttons = page.locator("[data-testid=board] [data-action-id]:enabled:not(.k-pass)")
        if buttons.count() and rng.random() < 0.85:
            before = int(page.evaluate("document.body.dataset.version"))
            buttons.nth(rng.randrange(buttons.count())).click()
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        else:
            click_something(page, rng)
        clicks += 1
    assert not errors, errors
    assert clicks >= 20
    print(f"{clicks} clicks, actions seen: {sorted(seen)}, a raze offered on the bot's empire: {opponent_raze}")
    assert hand_build, "no hand card ever offered Build"
    assert {"build", "pick", "pass"} <= seen, seen
    locations = page.locator("[data-testid=seat-0] .is-locations [data-card]").count()
    assert locations >= 1
    if page.locator("[data-testid=end-screen]").is_visible():
        table = page.locator("[data-testid=score-table]")
        assert table.locator("tr[data-category=track] th").inner_text() == "VP track"


def test_the_page_in_russian_and_in_english(server, new_page):
    game = create_game(server, [HUMAN, BOT], game="imperial_settlers", seed=3)
    page = new_page("ru")
    page.goto(seat_url(game["seats"][0]["link"], "ru"))
    page.wait_for_selector("body[data-version]")
    my_turn_or_end(page)
    board = page.inner_text("[data-testid=board]").lower()  # headings are set in capitals
    assert "раунд 1 из 5" in board and "производство" in board and "особенности" in board
    assert "действия" in board and "ваша рука" in board and "сделки под планшетом" in board
    assert "round" not in board and "your hand" not in board
    assert page.inner_text("[data-testid=your-turn]") == "Ваш ход"
    assert "ваше решение" in board
    for _ in range(3):  # a few moves: the log fills in Russian
        if my_turn_or_end(page) != "turn":
            break
        click_something(page, random.Random(1))
    my_turn_or_end(page)
    log = page.inner_text("[data-testid=log]")
    assert "Amira берёт" in log and "takes" not in log

    page.select_option("[data-testid=lang]", "en")
    page.wait_for_function("() => document.querySelector('[data-testid=log]').innerText.includes('Amira takes')")
    assert "берёт" not in page.inner_text("[data-testid=log]")
    board = page.inner_text("[data-testid=board]").lower()
    assert "round 1 of 5" in board and "production" in board and "features" in board and "your hand" in board
    assert "производство" not in board and "раунд" not in board
    provisional = page.locator("[data-testid=board] [data-testid=ability-unknown]").all_inner_texts()
    assert all("ability unknown" in text for text in provisional)


def test_the_solo_mode_shows_the_virtual_opponent(server, new_page):
    meta = httpx.get(f"{server.url}/api/meta", timeout=10).json()
    if next(g for g in meta["games"] if g["name"] == "imperial_settlers")["players"][0] > 1:
        pytest.skip("this engine has no solo mode")
    game = create_game(
        server, [HUMAN], game="imperial_settlers", seed=2, options={"stand_ins": "on", "solo_attack_deals": "targets"}
    )
    page = new_page("en")
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("[data-testid=virtual-opponent]")
    assert "The virtual opponent" in page.inner_text("[data-testid=virtual-opponent]")
    assert page.locator("[data-testid=virtual-opponent] [data-attack]").count() >= 1  # R196.3
    rng = random.Random(3)
    for _ in range(25):
        if my_turn_or_end(page) != "turn":
            break
        msg = seat_view(server, game)
        if msg["version"] != int(page.evaluate("document.body.dataset.version")):
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=msg["version"])
            continue
        check_placement(page, msg)
        click_something(page, rng)
    assert page.locator("[data-testid=virtual-opponent] [data-testid=versus]").is_visible()
