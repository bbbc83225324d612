"""Imperium at the web table: its board layout, cards drawn with their text, playing by clicking
on the cards and in the decision panel, the reasons a card cannot be played, and both languages."""

from __future__ import annotations

import random
import re

import httpx

from .conftest import click_something, my_turn_or_end, seat_url

CARD_ID = re.compile(r"\b\d[A-Z]{3}\d+\b")


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
    # every card shows its text, and no card id is visible (ids are on hover only)
    assert page.locator(".im-card[data-card] .im-line").count() >= 20
    assert not CARD_ID.search(page.inner_text("body"))
    # the Celts' hand stays hidden: only its size is shown
    assert "celts" in board and page.locator(".im-seat:not(.mine) h4", has_text="Your hand").count() == 0
    prompt = page.inner_text("[data-testid=prompt]")
    assert prompt.startswith("Choose Activate")
    page.click("[data-testid=decision] [data-action-id]:has-text('Activate')")
    page.wait_for_selector(
        ".im-seat.mine [data-action-id]:has-text('Play'), [data-testid=decision] :text('End activation')"
    )
    assert "Activate: play or exhaust a card" in page.inner_text("[data-testid=prompt]")
    rng = random.Random(3)
    for _ in range(25):
        if my_turn_or_end(page) == "end":
            break
        click_something(page, rng)
    assert page.locator("[data-testid=log] li").count() > 5
    assert httpx.get(f"{server.url}/api/games/{game['id']}").json()["status"] in ("running", "finished")


def test_imperium_board_in_russian_with_unofficial_names_marked(server, new_page):
    game = create_imperium(server, seed=6)
    page = new_page("ru")
    page.goto(seat_url(game["seats"][0]["link"], "ru"))
    page.wait_for_selector("[data-testid=your-turn]")
    board = page.inner_text("[data-testid=board]").lower()
    assert "рынок" in board and "ваша рука" in board and "область прогресса" in board
    assert "market" not in board and "при розыгрыше:" in board and "колода беспорядков" in board
    assert "римляне" in board and "кельты" in board  # the nations by name
    # a translated name carries its mark, and the English name on hover
    mark = page.locator(".im-card .im-unofficial").first
    assert mark.inner_text() == "*" and "Наш перевод английского названия" in mark.get_attribute("title")
    # Military Engineering waits in the development area: an Empire card (R72)
    page.click("[data-testid=decision] [data-action-id]:has-text('Активация')")
    page.wait_for_selector("[data-testid=prompt]:has-text('Активация: разыграйте')")
    assert "Карта способности" in page.inner_text(".im-seat.mine")
