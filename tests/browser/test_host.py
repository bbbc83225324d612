"""The host in a real browser: the host link from the lobby, a bot for an absent person, a new
seat link that closes the old page, and a turn clock that runs out."""

from __future__ import annotations

import random
import re

import httpx

from .conftest import click_something, my_turn_or_end, seat_url

HUMAN = {"kind": "human"}


def create_in_lobby(server, page, lang: str = "en") -> dict:
    """Two people at a Hadara table, made in the lobby; the seat and host links it hands out."""
    page.goto(f"{server.url}/?lang={lang}")
    page.select_option("[data-testid=game]", "hadara")
    page.select_option("[data-testid=players]", "2")
    for seat in (0, 1):
        page.select_option(f"[data-testid=seat-kind-{seat}]", "human")
    page.fill("[data-testid=seat-name-0]", "Amira")
    page.fill("[data-testid=seat-name-1]", "Boris")
    page.click("[data-testid=create]")
    links = {
        "seat0": page.locator("[data-testid=seat-link-0]").input_value(),
        "seat1": page.locator("[data-testid=seat-link-1]").input_value(),
        "host": page.locator("[data-testid=host-link]").input_value(),
    }
    links["id"] = re.search(r"/game/([^#?]+)", links["host"]).group(1)
    return links


def test_the_host_lets_a_bot_play_for_an_absent_person_and_the_game_goes_on(server, new_page):
    page = new_page("en")
    links = create_in_lobby(server, page)
    assert "#host=" in links["host"] and links["host"] != links["seat0"]
    # the creator plays seat 0 in the same browser: the host panel is on the seat's page
    page.goto(seat_url(links["seat0"], "en"))
    page.wait_for_selector("[data-testid=host-seat-1]")
    assert "Boris" in page.locator("[data-testid=host-seat-1]").inner_text()
    page.select_option("[data-testid=host-level-1]", "random")
    page.click("[data-testid=host-stand-in-1]")
    page.wait_for_selector("[data-testid=host-give-back-1]")
    assert "a bot (random) plays for them" in page.locator("[data-testid=host-seat-1]").inner_text()
    rng = random.Random(2)
    clicks = 0
    while my_turn_or_end(page) == "turn" and clicks < 12:
        click_something(page, rng)
        clicks += 1
    summary = httpx.get(f"{server.url}/api/games/{links['id']}").json()
    assert summary["status"] == "running" and summary["seats"][1]["stand_in"] == "random"
    assert clicks == 12  # Boris never came, and the game went on

    # Boris comes back; the host gives the seat back and Boris plays it himself
    page.click("[data-testid=host-give-back-1]")
    page.wait_for_selector("[data-testid=host-stand-in-1]")
    boris = new_page("en")
    boris.goto(seat_url(links["seat1"], "en"))
    boris.wait_for_selector("body[data-version]")
    assert boris.locator("[data-testid=host]").inner_text() == ""  # Boris's browser is not the host's


def test_a_new_link_closes_the_old_page_and_opens_the_seat(server, new_page):
    host = new_page("ru")
    links = create_in_lobby(server, host, "ru")
    old = new_page("ru")
    old.goto(seat_url(links["seat1"], "ru"))
    old.wait_for_selector("body[data-version]")
    host.goto(seat_url(links["host"], "ru"))
    host.wait_for_selector("[data-testid=host-new-link-1]")
    assert "Хозяин стола" in host.locator("[data-testid=host]").inner_text()
    host.click("[data-testid=host-new-link-1]")
    fresh = host.locator("[data-testid=host-issued-link]").input_value()
    assert fresh != links["seat1"] and "#seat=" in fresh
    old.wait_for_selector("[data-testid=turn-banner]:has-text('новую ссылку')")
    new = new_page("ru")
    new.goto(seat_url(fresh, "ru"))
    new.wait_for_selector("body[data-version]")
    assert "Boris" in new.locator("#title").inner_text()


def test_a_turn_clock_of_two_seconds_runs_out_and_the_easy_bot_moves(server, new_page):
    page = new_page("en")
    links = create_in_lobby(server, page)
    page.goto(seat_url(links["host"], "en"))  # the host watches, nobody plays
    page.wait_for_selector("[data-testid=host-clock]")
    page.fill("[data-testid=host-clock]", "2")
    page.select_option("[data-testid=host-clock-unit]", "1")
    page.click("[data-testid=host-clock-apply]")
    page.wait_for_selector("[data-testid=clock]")
    page.wait_for_selector("[data-testid=by-clock]", timeout=15_000)
    assert "time ran out" in page.locator("[data-testid=log]").inner_text()
    summary = httpx.get(f"{server.url}/api/games/{links['id']}").json()
    assert summary["ply"] >= 1


def test_the_host_keeps_watching_to_a_link_and_the_open_spectator_page_is_told(server, new_page):
    host = new_page("en")
    links = create_in_lobby(server, host)
    watcher = new_page("en")
    watcher.goto(f"{server.url}/game/{links['id']}?lang=en")
    watcher.wait_for_selector("body[data-version]")
    host.goto(seat_url(links["host"], "en"))
    host.wait_for_selector("[data-testid=host-watch]")
    host.select_option("[data-testid=host-watch]", "link")
    watch_link = host.locator("[data-testid=host-watch-link]").input_value()
    assert "#watch=" in watch_link
    watcher.wait_for_selector("[data-testid=turn-banner]:has-text('spectator link')")
    late = new_page("en")
    late.goto(seat_url(watch_link, "en"))
    late.wait_for_selector("body[data-version]")
    assert "watching" in late.locator("#title").inner_text().lower()
