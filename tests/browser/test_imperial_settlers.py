"""Imperial Settlers' table in a real browser: a whole game is played by clicking, reading every
prompt; every action sits on its thing and in the decision panel; every card reads as words of the
page's language (names in that language, unofficial ones marked, no card codes in sight); the card
gallery draws every card with its text; a phone never scrolls sideways."""

from __future__ import annotations

import random
import re
import time

import httpx
import pytest

from .conftest import create_game, my_turn_or_end, seat_url

pytestmark = pytest.mark.browser

HUMAN = {"kind": "human", "name": "Amira"}
BOT = {"kind": "bot", "level": "random"}
FIXED = {"pass", "end", "stop", "decline", "source", "exchange", "option", "attack"}
# What a person must never read on the page: card codes, snake_case keys, rule codes outside links.
RAW = re.compile(r"\b(?:COM|ROM|BAR|EGY|JAP|ATK)\d{3}\b|\b[a-z]+_[a-z_]+\b|\(cs\)")
LATIN = re.compile(r"[A-Za-z]")


def seat_view(server, game: dict, seat: int = 0, lang: str = "en") -> dict:
    r = httpx.get(
        f"{server.url}/api/games/{game['id']}/view?lang={lang}",
        headers={"X-Seat-Token": game["seats"][seat]["token"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    return r.json()


def visible_text(page) -> str:
    """The words on the page a person reads (hover titles are not part of it)."""
    return page.inner_text("body")


def check_placement(page, msg: dict) -> set[str]:
    """Every legal action is a control in the decision panel; one that acts on a card is on that
    card on the board too, and taking a resource sits on the goods of the seat it is taken from."""
    view, ui = msg["view"], msg["ui"]
    panel = set(
        page.locator("[data-testid=decision] [data-action-id]").evaluate_all("els => els.map(e => e.dataset.actionId)")
    )
    placed = page.locator("[data-testid=board] [data-action-id]").evaluate_all(
        """els => els.map(e => ({id: e.dataset.actionId,
                                 card: e.closest('[data-card]')?.dataset.card || null,
                                 goods: e.closest('.is-board')?.dataset.testid || null}))"""
    )
    where = {p["id"]: p for p in placed}
    kinds = set()
    for a in view["legal"]:
        d = ui["actions"][str(a["id"])]
        kinds.add(d["verb"])
        assert str(a["id"]) in panel, f"action {a['text']} is not in the decision panel"
        if d["verb"] in FIXED:
            continue
        p = where.get(str(a["id"]))
        assert p is not None, f"action {a['text']} has no control on the board"
        if d.get("card"):
            assert p["card"] == d["card"], f"{a['text']} sits on {p['card']}, not on {d['card']}"
        elif d["verb"] == "steal":
            assert p["goods"] == f"board-{d['owner']}"
    return kinds


def check_cards(page, lang: str) -> None:
    """Each card on the board shows its name and its words; a card whose ability is not known says
    so; in Russian no card name is in Latin letters."""
    cards = page.locator("[data-testid=board] .is-card[data-card]").evaluate_all(
        """els => els.map(e => ({id: e.dataset.card, name: e.querySelector('.is-name')?.innerText || '',
                                 title: e.title, text: e.innerText}))"""
    )
    for c in cards:
        assert c["name"].strip(), c
        assert c["id"] in c["title"], "the card's code belongs on hover"
        if lang == "ru":
            assert not LATIN.search(c["name"]), c["name"]


def test_a_whole_game_is_played_by_clicking_and_reads_as_words(server, new_page):
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
    prompts: set[str] = set()
    why_seen = 0
    clicks = 0
    deadline = time.monotonic() + 240
    while my_turn_or_end(page) == "turn" and time.monotonic() < deadline:
        msg = seat_view(server, game)
        if msg["version"] != int(page.evaluate("document.body.dataset.version")):
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=msg["version"])
            continue
        seen |= check_placement(page, msg)
        prompt = page.inner_text("[data-testid=decision] .decision-prompt")
        assert prompt.strip() and not RAW.search(prompt), prompt
        prompts.add(prompt)
        if clicks % 8 == 0:
            check_cards(page, "en")
            text = visible_text(page)
            assert not RAW.search(text), RAW.search(text).group(0)
        why_seen += page.locator("[data-testid=why-not] li").count()
        # do things more often than passing, so the board fills up, yet reach the end
        options = page.locator("[data-testid=decision] [data-action-id]:enabled")
        count = options.count()
        assert count, "my turn, and nothing to click"
        passes = [i for i in range(count) if options.nth(i).inner_text().strip() in ("pass", "end your turn")]
        others = [i for i in range(count) if i not in passes]
        pick = rng.choice(passes) if passes and (not others or rng.random() < 0.35) else rng.choice(others)
        before = int(page.evaluate("document.body.dataset.version"))
        options.nth(pick).click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        page.wait_for_selector("body:not(.busy)")
        clicks += 1
    assert not errors, errors
    assert page.locator("[data-testid=end-screen]").is_visible(), f"the game did not end in time ({clicks} clicks)"
    print(f"{clicks} clicks, {len(prompts)} different prompts, actions seen: {sorted(seen)}")
    assert {"build", "pick", "pass"} <= seen, seen
    assert why_seen, "no reason was ever given for something that could not be done"
    table = page.locator("[data-testid=score-table]")
    assert table.locator("tr[data-category=track] th").inner_text().startswith("VP track")
    log = page.inner_text("[data-testid=log]")
    assert not RAW.search(log), RAW.search(log).group(0)


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
    assert "разведка" in page.inner_text("[data-testid=decision]").lower()
    check_cards(page, "ru")
    rng = random.Random(1)
    for _ in range(4):  # a few moves: the log fills in Russian
        if my_turn_or_end(page) != "turn":
            break
        options = page.locator("[data-testid=decision] [data-action-id]:enabled")
        before = int(page.evaluate("document.body.dataset.version"))
        options.nth(rng.randrange(options.count())).click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        page.wait_for_selector("body:not(.busy)")
    my_turn_or_end(page)
    log = page.inner_text("[data-testid=log]")
    assert "Amira берёт карточку «" in log and "takes" not in log
    assert not re.search(r"\b(?:wood|stone|worker|raze|common|empire)\b", log), log
    text = visible_text(page)
    assert not RAW.search(text), RAW.search(text).group(0)

    page.select_option("[data-testid=lang]", "en")
    page.wait_for_function("() => document.querySelector('[data-testid=log]').innerText.includes('Amira takes')")
    assert "берёт" not in page.inner_text("[data-testid=log]")
    board = page.inner_text("[data-testid=board]").lower()
    assert "round 1 of 5" in board and "production" in board and "features" in board and "your hand" in board
    assert "производство" not in board and "раунд" not in board
    assert not re.search(r"[А-Яа-яЁё]", page.inner_text("[data-testid=board]"))


def test_an_unofficial_name_is_marked_and_its_known_name_is_on_hover(server, new_page):
    """A Roman card known only by its Czech name reads as our translation with a mark, and its hover
    names the Czech edition's name; no page shows the Czech name itself."""
    game = create_game(
        server, [HUMAN, BOT], game="imperial_settlers", seed=3, options={"factions": "Romans,Barbarians"}
    )
    for lang, czech_word in (("en", "Czech edition"), ("ru", "Чешское издание")):
        page = new_page(lang)
        page.goto(seat_url(game["seats"][0]["link"], lang))
        page.wait_for_selector("body[data-version]")
        my_turn_or_end(page)
        marked = page.locator("[data-testid=board] .is-card[data-card^=ROM]").evaluate_all(
            "els => els.map(e => ({name: e.querySelector('.is-name').innerText, title: e.title}))"
        )
        assert marked, "no Roman card in sight"
        for card in marked:
            if card["name"].endswith("*"):
                assert czech_word in card["title"] or "edition" in card["title"].lower(), card
        assert "(cs)" not in visible_text(page)


def test_the_card_gallery_draws_every_card_with_its_words(server, new_page):
    for lang in ("en", "ru"):
        page = new_page(lang)
        page.goto(f"{server.url}/cards/imperial_settlers?lang={lang}")
        page.wait_for_selector("[data-testid=card-face]")
        faces = page.locator("[data-testid=card-face]").evaluate_all(
            """els => els.map(e => ({id: e.dataset.cardId, name: e.querySelector('.is-name')?.innerText || '',
                                     lines: [...e.querySelectorAll('.is-line')].map(l => l.innerText)}))"""
        )
        assert len(faces) == 54 + 4 * 18 + 16
        for face in faces:
            assert face["name"] and face["lines"] and all(line.strip() for line in face["lines"]), face
            if lang == "ru":
                assert not LATIN.search(face["name"]), face["name"]
        text = visible_text(page)
        assert not RAW.search(text), RAW.search(text).group(0)


def test_a_phone_never_scrolls_sideways(server, browser):
    game = create_game(server, [HUMAN, BOT, BOT], game="imperial_settlers", seed=4)
    for lang in ("en", "ru"):
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang)
        ctx.set_default_timeout(20_000)
        page = ctx.new_page()
        page.goto(seat_url(game["seats"][0]["link"], lang))
        page.wait_for_selector("body[data-version]")
        my_turn_or_end(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # card names keep whole words on a line, and the controls on the board are finger-sized
        widths = page.locator("[data-testid=board] .is-name").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().width)"
        )
        assert widths and min(widths) >= 60, widths
        heights = page.locator("[data-testid=board] [data-action-id]").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)"
        )
        assert all(height >= 40 for height in heights), heights
        page.goto(f"{server.url}/cards/imperial_settlers?lang={lang}")
        page.wait_for_selector("[data-testid=card-face]")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        ctx.close()
