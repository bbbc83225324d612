"""Guns & Steel's table in a real browser: the pyramid draws row by row, a two-player game is played
by clicking on both seats' pages (resources, technologies, activations, payments, purchases), a
zone card turns over, the provisional data is flagged, neither page ever shows the other seat's
hand, and the page (card effects and wonder conditions too) speaks Russian."""

from __future__ import annotations

import random
import time

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import create_game, seat_url, version

pytestmark = pytest.mark.browser

SEATS = [{"kind": "human", "name": "Amira"}, {"kind": "human", "name": "Boris"}]
# What the test would rather click, first to last: it wants each phase's own action done on the
# board, and a purchase over passing, so that cards move and turn over.
PREFERENCE = [
    "start_resource",
    "play_resource",
    "play_technology",
    "activate",
    "spend",
    "buy",
    "buy_stack",
    "respond",
    "respond_spend",
    "claim",
    "glory",
    "restore",
    "target",
    "take",
    "lose",
    "give_wonder",
    "play_attack",
    "activate_attack",
    "recall",
    "move_glory",
]


def seat_view(server, game: dict, seat: int | None) -> dict:
    headers = {"X-Seat-Token": game["seats"][seat]["token"]} if seat is not None else {}
    r = httpx.get(f"{server.url}/api/games/{game['id']}/view", headers=headers, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def synced(page, msg: dict) -> bool:
    """The page shows the position the API just answered with (else wait for it and retry)."""
    if msg["version"] == version(page):
        return True
    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=msg["version"])
    return False


def check_pyramid(page, view: dict) -> None:
    """Five rows, Horses at the bottom, each with its slots; a bought slot is an empty gap."""
    rows = page.locator("[data-testid=pyramid] .gs-prow")
    assert rows.count() == len(view["pyramid"]) == 5
    epochs = rows.evaluate_all("els => els.map(e => e.dataset.epoch)")
    assert epochs == ["space", "information", "oil", "gunpowder", "horses"]  # top to bottom
    for r, row in enumerate(view["pyramid"]):
        drawn = page.locator(f"[data-testid=row-{r + 1}] .gs-slot")
        assert drawn.count() == len(row)
        cards = page.locator(f"[data-testid=row-{r + 1}] .gs-slot [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert cards == [s["card"] for s in row if s["card"]]
    sizes = [len(row) for row in view["pyramid"]]
    assert all(a == b + 1 for a, b in zip(sizes, sizes[1:], strict=False)), sizes


def check_secrecy(page, view: dict, other_hand: list[str], other: int) -> None:
    """This page shows no hand but its own, and none of the other seat's hand cards."""
    assert view["seats"][other]["hand"] is None
    assert page.locator(f"[data-testid=seat-{other}] [data-testid=hand]").count() == 0
    mine = page.locator("[data-testid=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert not set(mine) & set(other_hand)
    shown = page.locator(f"[data-testid=seat-{other}] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert not set(shown) & set(other_hand), set(shown) & set(other_hand)


def choose(page, view: dict, rng: random.Random):
    """The board control to click for this position: the preferred kind, else a random one."""
    kinds = {a["id"]: a.get("kind") for a in view["legal"]}
    for kind in PREFERENCE:
        ids = [i for i, k in kinds.items() if k == kind]
        if kind == "activate" and rng.random() < 0.3:
            continue
        if ids and kind == "buy":  # a purchase is made by clicking the pyramid slot itself
            return kind, page.locator(f"[data-testid=pyramid] [data-slot][data-action-id='{rng.choice(ids)}']")
        if ids:
            return kind, page.locator(f"[data-testid=board] [data-action-id='{rng.choice(ids)}']:visible").first
    a = rng.choice(view["legal"])
    return a.get("kind"), page.locator(f"[data-testid=board] [data-action-id='{a['id']}']:visible").first


def test_a_two_player_game_is_played_by_clicking_on_both_pages(server, new_page):
    game = create_game(server, SEATS, game="guns_and_steel", seed=11)
    pages = []
    errors: list[str] = []
    for seat in (0, 1):
        page = new_page("en")
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(seat_url(game["seats"][seat]["link"], "en"))
        page.wait_for_selector("body[data-version]")
        pages.append(page)

    first = seat_view(server, game, 0)
    view = first["view"]
    assert pages[0].locator("[data-testid=provisional-flag]").is_visible() == view["data"]["provisional"]
    check_pyramid(pages[0], view)
    assert pages[0].locator("[data-testid=board] [data-testid=provisional-card]").count() >= 1
    assert len(pages[0].locator("[data-testid=hand] [data-card]").all()) == len(view["seats"][0]["hand"])
    # the plain list of every legal action, as a fallback; closed, it holds no hidden controls
    plain = pages[0].locator("[data-testid=all-actions]")
    assert plain.locator("[data-action-id]").count() == 0
    plain.locator("summary").click()
    # the list fills on the details' toggle event, which comes after the click: wait for it
    expect(plain.locator("[data-action-id]")).to_have_count(len(view["legal"]))
    plain.locator("summary").click()

    rng = random.Random(4)
    clicked: dict[str, int] = {}
    sides: dict[str, set[str]] = {}  # seat 0's zone cards -> the sides they were seen on
    deadline = time.monotonic() + 40  # a safety net for a slow machine; it stops far earlier
    steps = 0
    while time.monotonic() < deadline and steps < 60 and not (steps >= 24 and goals_met(clicked, sides)):
        msgs = [seat_view(server, game, s) for s in (0, 1)]
        if msgs[0]["view"]["over"]:
            break
        actors = msgs[0]["meta"]["actors"]
        seat = actors[0]
        page, msg = pages[seat], msgs[seat]
        if not synced(page, msg) or not synced(pages[1 - seat], msgs[1 - seat]):
            continue
        for s in (0, 1):
            check_secrecy(pages[s], msgs[s]["view"], msgs[1 - s]["view"]["seats"][1 - s]["hand"], 1 - s)
        for entry in (
            pages[0]
            .locator("[data-testid=zone-0] [data-card][data-side]")
            .evaluate_all("els => els.map(e => [e.dataset.card, e.dataset.side])")
        ):
            sides.setdefault(entry[0], set()).add(entry[1])
        if steps % 8 == 0:
            check_pyramid(page, msg["view"])
        # every legal action of the seat has a control on its page
        ids = set(
            page.locator("[data-testid=board] [data-action-id]").evaluate_all(
                "els => els.map(e => Number(e.dataset.actionId))"
            )
        )
        assert {a["id"] for a in msg["view"]["legal"]} <= ids
        kind, target = choose(page, msg["view"], rng)
        before = version(page)
        target.click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        clicked[kind] = clicked.get(kind, 0) + 1
        steps += 1

    print(f"{steps} clicks: {clicked}")
    assert not errors, errors
    assert goals_met(clicked, sides), (clicked, sides)


def goals_met(clicked: dict[str, int], sides: dict[str, set[str]]) -> bool:
    """Both phases' plays, an activation decision, a purchase made on a slot and paid for, and a
    card of seat 0's zone seen on both sides."""
    return (
        {"play_resource", "play_technology", "buy", "spend"} <= set(clicked)
        and clicked.get("activate", 0) + clicked.get("skip", 0) >= 1
        and any(len(s) == 2 for s in sides.values())
    )


def test_the_page_in_russian_with_a_bot(server, new_page):
    game = create_game(
        server,
        [SEATS[0], {"kind": "bot", "level": "random"}],
        game="guns_and_steel",
        seed=5,
        options={"theme": "renaissance"},
    )
    page = new_page("ru")
    page.goto(seat_url(game["seats"][0]["link"], "ru"))
    page.wait_for_selector("body[data-version]")
    board = page.inner_text("[data-testid=board]").lower()
    assert "пирамида технологий" in board and "ренессанс" in board
    assert "technology pyramid" not in board
    assert "восстановите" in board and "restore up to" not in board  # card effects in Russian
    assert page.locator("[data-testid=pyramid] [data-wonder]").count() == 5
    view = seat_view(server, game, 0)["view"]
    assert view["seats"][0]["vp_track"] is not None  # Renaissance: the VP card is drawn
    assert page.locator("[data-testid=vp-track-0]").is_visible()
