"""The card workshop in a real browser, on a phone: start from Hadara's built-in cards, change a
card and see its words change, break a rule and see the problem with its rule number beside the
field (in Russian too), fix it, mark the card checked, save, and find the set in the lobby's
card data select."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

NO_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_an_owner_edits_checks_and_saves_a_hadara_card(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en", is_mobile=True, has_touch=True)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    try:
        page.goto(f"{server.url}/workshop?lang=ru")  # the games by their titles in the page's language
        expect(page.get_by_test_id("ws-game").locator("option[value=imperium]")).to_have_text(
            "Империи: Классика и Легенды"
        )
        page.goto(f"{server.url}/workshop?lang=en")
        page.get_by_test_id("ws-game").select_option("hadara")
        page.get_by_test_id("ws-builtin").click()
        english = page.get_by_test_id("ws-preview-en")
        english.wait_for()
        assert page.get_by_test_id("ws-card-id").inner_text().endswith("I-BLU-01")
        assert page.get_by_test_id("ws-preview-ru").inner_text().strip()
        before = english.inner_text()
        progress = page.get_by_test_id("ws-progress")
        assert "0 of" in progress.inner_text()
        assert page.evaluate(NO_SCROLL)

        form = page.get_by_test_id("ws-form")
        form.locator('input[data-path="cost"]').fill("4")
        page.wait_for_function(
            "(b) => document.querySelector('[data-testid=ws-preview-en]')?.innerText !== b", arg=before
        )
        assert "4" in english.inner_text()

        form.locator('input[data-path="epoch"]').fill("5")  # R5: epochs I, II and III
        problem = page.get_by_test_id("ws-field-problem").first
        problem.wait_for()
        assert "R5" in problem.inner_text() and "epoch" in problem.inner_text()
        assert page.get_by_test_id("ws-rule").first.inner_text() == "Rule R5"
        assert "problem" in page.get_by_test_id("ws-status").inner_text()
        page.get_by_test_id("lang").select_option("ru")  # the problem in the reader's language
        expect(page.get_by_test_id("ws-field-problem").first).to_contain_text("эпох", timeout=20_000)
        expect(page.get_by_test_id("ws-rule").first).to_have_text("Правило R5", timeout=20_000)
        page.get_by_test_id("lang").select_option("en")
        expect(page.get_by_test_id("ws-field-problem").first).to_contain_text("epoch 5", timeout=20_000)
        form = page.get_by_test_id("ws-form")  # drawn again in the language chosen
        form.locator('input[data-path="epoch"]').fill("1")
        page.get_by_test_id("ws-field-problem").first.wait_for(state="detached")
        english.wait_for()
        assert page.get_by_test_id("ws-problems").is_hidden()

        page.get_by_test_id("ws-checked").check()
        assert "1 of" in progress.inner_text()
        page.get_by_test_id("ws-next").click()
        assert page.get_by_test_id("ws-card-id").inner_text().endswith("I-BLU-02")

        page.get_by_test_id("ws-name").fill("My own Hadara")
        page.get_by_test_id("ws-save").click()
        link = page.get_by_test_id("ws-owner-link")
        link.wait_for()
        assert "#owner=" in link.inner_text() and "/workshop/hadara/set-" in page.url
        assert page.evaluate(NO_SCROLL)

        # the checked mark travels with the set: another browser, without the secret, sees it
        key = re.search(r"/workshop/hadara/(set-\w+)", page.url).group(1)
        stored = httpx.get(f"{server.url}/api/data/hadara/{key}", timeout=30).json()
        assert stored["playable"] and stored["name"] == "My own Hadara", stored
        other = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en")
        try:
            seen = other.new_page()
            seen.goto(f"{server.url}/workshop/hadara/{key}?lang=en")
            seen.wait_for_function("() => /1 of/.test(document.querySelector('[data-testid=ws-progress]')?.innerText)")
        finally:
            other.close()

        page.goto(f"{server.url}/?lang=en")
        page.get_by_test_id("game").select_option("hadara")
        # the form is drawn again once the games' words arrive: wait for the option, not a snapshot
        expect(page.get_by_test_id("data").locator("option", has_text="My own Hadara")).to_have_count(1, timeout=20_000)
    finally:
        ctx.close()


def test_the_builtin_data_of_every_game_round_trips_through_the_page_unchanged(browser, server):
    """Load each game's built-in data in the workshop, walk to another card and back, change a
    field and change it back, save: the stored file is the built-in file, byte for byte (its
    layout kept), so it plays as the built-in data."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en")
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    try:
        for game in ("hadara", "guns_and_steel", "imperium", "imperial_settlers"):
            page.goto(f"{server.url}/workshop?lang=en")
            page.get_by_test_id("ws-game").select_option(game)
            page.get_by_test_id("ws-builtin").click()
            page.get_by_test_id("ws-form").wait_for()
            page.get_by_test_id("ws-next").click()
            page.get_by_test_id("ws-prev").click()
            number = page.get_by_test_id("ws-form").locator("input[type=number]:not([disabled])").first
            if number.count():
                was = number.input_value()
                number.fill(str(int(was or 0) + 1))
                number.fill(was)
            page.get_by_test_id("ws-name").fill(f"{game} as printed")
            page.get_by_test_id("ws-save").click()
            page.get_by_test_id("ws-owner-link").wait_for()
            key = re.search(r"/workshop/\w+/(set-\w+)", page.url).group(1)
            stored = httpx.get(f"{server.url}/api/data/{game}/{key}/file", timeout=30).content
            builtin = httpx.get(f"{server.url}/api/data/{game}/builtin", timeout=30).content
            assert stored == builtin, game
            info = httpx.get(f"{server.url}/api/data/{game}/{key}", timeout=30).json()
            assert info["playable"], (game, info["problems"][:3])
    finally:
        ctx.close()
