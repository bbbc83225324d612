"""The table's chat in a real browser: two seats talk, a spectator reads, or does not once the
host closes the chat to spectators; what people type is shown as text."""

from __future__ import annotations

import httpx

from .conftest import create_game, seat_url

HUMAN = {"kind": "human"}


def say(page, text: str) -> None:
    page.fill("[data-testid=chat-input]", text)
    page.click("[data-testid=chat-send]")


def test_two_seats_chat_and_a_spectator_reads_until_the_host_closes_it(server, new_page):
    game = create_game(server, [HUMAN, HUMAN], seed=4)
    amira, boris, watcher = new_page("en"), new_page("ru"), new_page("en")
    amira.goto(seat_url(game["seats"][0]["link"], "en"))
    boris.goto(seat_url(game["seats"][1]["link"], "ru"))
    watcher.goto(seat_url(game["spectator_link"], "en"))
    for page in (amira, boris, watcher):
        page.wait_for_selector("body[data-version]")
    say(amira, "<img src=x onerror=alert(1)> hello")
    boris.wait_for_selector("[data-testid=chat-message]")
    assert "<img src=x onerror=alert(1)> hello" in boris.locator("[data-testid=chat]").inner_text()
    assert boris.locator("[data-testid=chat] img").count() == 0  # shown as text, never as markup
    say(boris, "привет")
    amira.wait_for_selector("[data-testid=chat-message]:has-text('привет')")
    watcher.wait_for_selector("[data-testid=chat-message]:has-text('привет')")
    assert not watcher.locator("[data-testid=chat-input]").is_visible()  # spectators read, do not write

    r = httpx.put(
        f"{server.url}/api/games/{game['id']}/chat",
        headers={"X-Host-Token": game["host_token"]},
        json={"spectators": "off"},
    )
    assert r.status_code == 200
    watcher.wait_for_selector("[data-testid=chat]", state="hidden")
    late = new_page("en")
    late.goto(seat_url(game["spectator_link"], "en"))
    late.wait_for_selector("body[data-version]")
    assert not late.locator("[data-testid=chat]").is_visible()
    assert "привет" not in late.content()
