""" "Play again" in a real browser: at the end one seat asks, and every seat's page offers its
own way to the new table, where the seats have moved on by one."""

from __future__ import annotations

import random
import time

import httpx

from .conftest import create_game, seat_url

HUMAN = {"kind": "human"}


def play_out(server, game: dict) -> None:
    """Both people play random legal moves through the API until the game is over."""
    rng, gid = random.Random(5), game["id"]
    with httpx.Client(base_url=server.url, timeout=10) as http:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            for seat in (0, 1):
                headers = {"X-Seat-Token": game["seats"][seat]["token"]}
                msg = http.get(f"/api/games/{gid}/view", headers=headers).json()
                if msg["view"]["over"]:
                    return
                if msg["view"]["legal"]:
                    action = rng.choice(msg["view"]["legal"])["id"]
                    http.post(f"/api/games/{gid}/actions", headers=headers, json={"action": action})
    raise AssertionError("the game did not end")


def test_play_again_moves_every_seat_to_the_new_table(server, new_page):
    game = create_game(server, [{"kind": "human", "name": "Amira"}, {"kind": "human", "name": "Boris"}], seed=8)
    play_out(server, game)
    amira, boris = new_page("en"), new_page("ru")
    amira.goto(seat_url(game["seats"][0]["link"], "en"))
    boris.goto(seat_url(game["seats"][1]["link"], "ru"))
    for page in (amira, boris):
        page.wait_for_selector("[data-testid=end-screen]:not([hidden])")
    boris.click("[data-testid=rematch]")
    for page in (amira, boris):
        page.wait_for_selector("[data-testid=rematch-link]")
    amira.click("[data-testid=rematch-link]")
    boris.click("[data-testid=rematch-link]")
    for page, name in ((amira, "Amira"), (boris, "Boris")):
        page.wait_for_selector("body[data-version]")
        assert name in page.locator("#title").inner_text()
        assert f"/game/{game['id']}" not in page.url
    new_id = amira.url.split("/game/")[1].split("?")[0]
    summary = httpx.get(f"{server.url}/api/games/{new_id}").json()
    assert [s["name"] for s in summary["seats"]] == ["Boris", "Amira"]  # the next player starts
    assert summary["status"] == "running"  # both have come to the new table
