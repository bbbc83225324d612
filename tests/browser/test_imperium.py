"""Imperium at the web table: its board layout, playing by clicking, and both languages."""

from __future__ import annotations

import random

import httpx

from .conftest import click_something, my_turn_or_end, seat_url


def create_imperium(server, seed: int) -> dict:
    r = httpx.post(
        f"{server.url}/api/games",
        timeout=10,
        json={
            "game": "imperium",
            "seed": seed,
            "options": {"nations": "Romans,Celts"},
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy"}],
        },
    )
    assert r.status_code == 201, r.text
    return r.json()


def test_imperium_board_is_drawn_and_played_by_clicking(server, new_page):
    game = create_imperium(server, seed=5)
    page = new_page("en")
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("[data-testid=your-turn]")
    board = page.inner_text("[data-testid=board]").lower()  # headings are upper-cased by CSS
    assert "market" in board and "your hand" in board and "development area" in board
    assert page.locator(".im-market .im-card[data-card]").count() == 5  # R52
    assert page.locator(".im-seat.mine .im-card").count() >= 5
    # the Celts' hand stays hidden: only its size is shown
    assert "celts" in board and page.locator(".im-seat:not(.mine) h4", has_text="Your hand").count() == 0
    page.click("[data-testid=board] [data-action-id]:has-text('Activate')")
    page.wait_for_selector(
        ".im-seat.mine [data-action-id]:has-text('Play'), "
        "[data-testid=board] [data-action-id]:has-text('End activation')"
    )
    rng = random.Random(3)
    for _ in range(25):
        if my_turn_or_end(page) == "end":
            break
        click_something(page, rng)
    assert page.locator("[data-testid=log] li").count() > 5
    assert httpx.get(f"{server.url}/api/games/{game['id']}").json()["status"] in ("running", "finished")


def test_imperium_board_in_russian(server, new_page):
    game = create_imperium(server, seed=6)
    page = new_page("ru")
    page.goto(seat_url(game["seats"][0]["link"], "ru"))
    page.wait_for_selector("[data-testid=your-turn]")
    board = page.inner_text("[data-testid=board]").lower()
    assert "рынок" in board and "ваша рука" in board and "область прогресса" in board
    assert "market" not in board
