"""A player key in a real browser: made in the lobby from the seats this browser holds, its link
opened in another browser (a phone, say) lists the same games, whose seats open from there."""

from __future__ import annotations

import httpx

from .conftest import create_game

HUMAN = {"kind": "human"}


def test_a_player_key_opened_in_a_new_browser_lists_the_seats(server, browser):
    laptop = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en")
    page = laptop.new_page()
    page.goto(f"{server.url}/?lang=en")
    page.select_option("[data-testid=game]", "hadara")
    page.select_option("[data-testid=players]", "2")
    page.select_option("[data-testid=seat-kind-0]", "human")
    page.select_option("[data-testid=seat-kind-1]", "bot")
    page.fill("[data-testid=seat-name-0]", "Amira")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=my-game]")
    page.click("[data-testid=make-key]")
    key_link = page.locator("[data-testid=key-link]").input_value()
    assert "/#key=" in key_link
    # a seat this browser gets later joins the key by itself
    other = create_game(server, [HUMAN, HUMAN], seed=3)
    page.goto(other["seats"][1]["link"].replace("#", "?lang=en#"))
    page.wait_for_selector("body[data-version]")
    key = key_link.split("#key=")[1]
    assert key not in httpx.get(f"{server.url}/api/games").text

    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru")
    lobby = phone.new_page()
    lobby.goto(key_link)
    lobby.locator("[data-testid=my-game]").nth(1).wait_for()
    assert lobby.locator("[data-testid=my-game]").count() == 2
    assert "#key" not in lobby.url  # the key is kept by the browser, not left in the address bar
    names = lobby.locator("[data-testid=my-games]").inner_text()
    assert "Amira" in names and "Player 2" in names
    lobby.locator("[data-testid=my-game]", has_text="Amira").locator("[data-testid=my-game-play]").click()
    lobby.wait_for_selector("body[data-version]")
    assert "Amira" in lobby.locator("#title").inner_text()
    laptop.close()
    phone.close()
