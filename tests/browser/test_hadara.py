"""Hadara's board in a real browser, as a person meets it on a phone and on a laptop: no sideways
scrolling, buttons big enough to touch, cards named and worded without ids, the things that
cannot be done shown with their reason and rule, the end screen explaining its cells."""

from __future__ import annotations

import random
import re

import httpx

from .conftest import seat_url, version

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
# Card ids (I-GRN-07), effect codes (PE8), step codes (A2), snake_case, unfilled fields.
RAW = re.compile(r"\b[IV]+-[A-Z]{3}-\d+\b|\bPE\d+\b|\b[AB][1-6]\b|\b[a-z]+_[a-z_]+\b|\{\w+\}|\bNone\b")


def create(server, lang: str, players: int = 2, seed: int = 11) -> dict:
    seats = [{"kind": "human", "name": "Ana"}] + [
        {"kind": "bot", "level": "easy", "name": name} for name in ("Boris", "Vera", "Gleb")[: players - 1]
    ]
    r = httpx.post(f"{server.url}/api/games", json={"game": "hadara", "seed": seed, "seats": seats}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def open_seat(browser, game: dict, lang: str, size: dict):
    ctx = browser.new_context(viewport=size, locale=lang)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.goto(seat_url(game["seats"][0]["link"], lang))
    page.wait_for_selector("body[data-version]")
    return ctx, page


def wait_turn(page) -> bool:
    """True on my turn, False at the end."""
    page.wait_for_selector("[data-testid=your-turn], [data-testid=end-screen]:not([hidden])")
    page.wait_for_selector("body:not(.busy)")
    return not page.locator("[data-testid=end-screen]").is_visible()


def check_screen(page, width: int, where: str) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{where}: the page is {scroll} px wide on a {width} px screen"
    raw = sorted(set(RAW.findall(page.evaluate("document.body.innerText"))))
    assert raw == [], f"{where}: raw identifiers on screen"
    small = page.evaluate(
        """() => [...document.querySelectorAll('#board button, #decision button')]
              .filter((b) => b.offsetParent && b.getBoundingClientRect().height < 40)
              .map((b) => b.innerText)"""
    )
    assert small == [], f"{where}: buttons under 40 px"
    narrow = page.evaluate(
        """() => [...document.querySelectorAll('#board .card[data-card]')]
              .filter((c) => c.offsetParent && c.getBoundingClientRect().width < 56).length"""
    )
    assert narrow == 0, f"{where}: cards too narrow to read"
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('#board .card[data-card]')]
              .filter((c) => !(c.getAttribute('aria-label') || '').trim()).map((c) => c.dataset.card)"""
    )
    assert unnamed == [], f"{where}: cards without a name"


def play(page, rng, width: int, stop) -> dict:
    """Click the decision panel's options (buying when it can), checking each new prompt's screen,
    until ``stop(page)`` or the end. Returns what was seen."""
    seen = {"prompts": set(), "why": 0, "rules": 0, "board_why": 0}
    clicks = 0
    while wait_turn(page) and not stop(page):
        prompt = page.inner_text("[data-testid=prompt]").strip()
        if prompt not in seen["prompts"]:
            check_screen(page, width, prompt)
        seen["prompts"].add(prompt)
        seen["why"] += page.locator("[data-testid=why-not] li").count()
        seen["rules"] += page.locator("[data-testid=why-not] a.rule").count()
        seen["board_why"] += page.locator("#board .card .why a.rule").count()
        options = page.locator("[data-testid=decision] [data-testid=option]:enabled")
        texts = options.all_inner_texts()
        buys = [i for i, text in enumerate(texts) if re.search(r"\bbuy|купить|megveszed", text)]
        pick = rng.choice(buys) if buys and rng.random() < 0.8 else rng.randrange(len(texts))
        before = version(page)
        options.nth(pick).click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        clicks += 1
        assert clicks < 400, "the game does not end"
    return seen


def test_a_whole_game_on_a_phone_in_russian(server, browser):
    game = create(server, "ru", players=2, seed=11)
    ctx, page = open_seat(browser, game, "ru", PHONE)
    seen = play(page, random.Random(3), PHONE["width"], lambda page: False)
    assert len(seen["prompts"]) > 10
    assert seen["why"] and seen["rules"], "no reason was ever shown for something that could not be done"
    check_screen(page, PHONE["width"], "the end screen")
    assert httpx.get(f"{server.url}/api/games/{game['id']}").json()["status"] == "finished"
    table = page.locator("[data-testid=score-table]")
    gold = table.locator("tr[data-category=gold] td").first.get_attribute("title")
    assert gold and "× 7 ПО" in gold  # the cell says how it was counted
    assert "набор" in (table.locator("tr[data-category=gold] th").get_attribute("title") or "")
    log = page.inner_text("[data-testid=log]")
    assert "Этап" not in log and not re.search(r"\bseats?\b|мест[аo] \d", log)
    assert "Фаза Б: обеспечение продовольствием" in log and "Фаза А: получение дохода" in log
    ctx.close()


def test_drafting_and_statues_on_a_laptop_in_english(server, browser):
    game = create(server, "en", players=3, seed=7)
    ctx, page = open_seat(browser, game, "en", LAPTOP)
    assert wait_turn(page)
    # the side bar (undo, log) stays within the screen
    right = page.evaluate("document.querySelector('[data-testid=log]').getBoundingClientRect().right")
    assert right <= LAPTOP["width"]
    rng = random.Random(1)
    hand_seen = False

    def at_statue(page) -> bool:
        nonlocal hand_seen
        hand = page.locator("[data-testid=hand] [data-card]")
        if hand.count() == 2:
            hand_seen = True
            ids = hand.evaluate_all("els => els.map(e => e.dataset.card)")
            prompt = page.inner_text("[data-testid=prompt]")
            names = [page.locator(f"[data-testid=hand] [data-card='{i}']").get_attribute("aria-label") for i in ids]
            assert all(name and name in prompt for name in names), "the prompt names both drawn cards"
        return page.locator("#board .statue-options button").count() > 0

    play(page, rng, LAPTOP["width"], at_statue)
    assert hand_seen
    if page.locator("#board .statue-options button").count():
        check_screen(page, LAPTOP["width"], "a statue step")
        # the statue choices sit in the free slots and again in the decision panel
        board = page.locator("#board .statue-options [data-action-id]").evaluate_all(
            "els => els.map(e => e.dataset.actionId)"
        )
        panel = page.locator("[data-testid=decision] [data-action-id]").evaluate_all(
            "els => els.map(e => e.dataset.actionId)"
        )
        assert set(board) <= set(panel)
        before = version(page)
        page.locator("#board .statue-options button").first.click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    ctx.close()


def test_the_card_gallery_draws_every_hadara_card_named_without_ids(server, browser):
    for lang, size in (("hu", PHONE), ("ru", LAPTOP)):
        ctx = browser.new_context(viewport=size, locale=lang)
        page = ctx.new_page()
        page.goto(f"{server.url}/cards/hadara?lang={lang}")
        page.wait_for_selector("[data-testid=card-face] .hd-face")
        faces = page.locator("[data-testid=card-face]")
        assert faces.count() == 162
        texts = faces.evaluate_all("els => els.map(e => e.innerText.trim())")
        assert all(len(text.splitlines()) >= 2 for text in texts)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert not RAW.findall(page.evaluate("document.body.innerText"))
        heading = {"hu": "Kék lapok", "ru": "Синие карты"}[lang]
        assert heading in page.inner_text("body")
        ctx.close()
