"""Guns & Steel's table in a real browser: the pyramid draws row by row, a two-player game is played
by clicking on both seats' pages (resources, technologies, activations, payments, purchases), the
decision panel holds every legal action under the server's prompt, a zone card turns over, the
provisional data is flagged, neither page ever shows the other seat's hand; the rest of a payment
is paid in one click on the payment banner whose words name the cards it spends; the pyramid cards the
seat cannot pay for say why; on a phone the page never scrolls sideways (the pyramid scrolls in its
own frame), no card name is broken and every control is large enough to touch; the page, the log
and the card gallery speak Russian without a card id."""

from __future__ import annotations

import random
import re
import time

import httpx
import pytest

from .conftest import create_game, seat_url, version

pytestmark = pytest.mark.browser

SEATS = [{"kind": "human", "name": "Amira"}, {"kind": "human", "name": "Boris"}]
PHONE = {"width": 390, "height": 844}
# Words a person must never read (as the page-wide test has them) and the card ids of this game.
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\{\w+\}|\bNone\b|\bTrue\b|\b[CW]\d\d\b")
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
# Each line rect of a name beyond its word count is a word broken across lines.
BROKEN_NAMES = """els => els.filter(e => {
  const range = document.createRange(); range.selectNodeContents(e);
  return range.getClientRects().length > e.innerText.trim().split(/\\s+/).length;
}).map(e => e.innerText)"""


def seat_view(server, game: dict, seat: int | None, lang: str = "en") -> dict:
    headers = {"X-Seat-Token": game["seats"][seat]["token"]} if seat is not None else {}
    r = httpx.get(f"{server.url}/api/games/{game['id']}/view?lang={lang}", headers=headers, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def act_api(server, game: dict, seat: int, action: int, at: int) -> None:
    r = httpx.post(
        f"{server.url}/api/games/{game['id']}/actions",
        json={"action": action, "version": at},
        headers={"X-Seat-Token": game["seats"][seat]["token"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text


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
    keys = "els => els.map(e => e.dataset.key)"
    mine = page.locator("[data-testid=hand] [data-key]").evaluate_all(keys)
    assert not set(mine) & set(other_hand)
    shown = page.locator(f"[data-testid=seat-{other}] [data-key]").evaluate_all(keys)
    assert not set(shown) & set(other_hand), set(shown) & set(other_hand)


def check_panel(page, msg: dict) -> None:
    """The decision panel: the server's prompt, a control for every legal action (in the server's
    words), and the things the seat cannot do now with their reasons."""
    assert page.inner_text("[data-testid=decision] .decision-prompt").strip() == msg["prompt"]["text"]
    options = page.locator("[data-testid=decision] [data-testid=option]")
    assert sorted(options.evaluate_all("els => els.map(e => Number(e.dataset.actionId))")) == sorted(
        a["id"] for a in msg["view"]["legal"]
    )
    if msg["why_not"]:
        assert page.locator("[data-testid=decision] [data-testid=why-not] li").count() == len(msg["why_not"])


def choose(page, view: dict, rng: random.Random):
    """The board control to click for this position: the preferred kind, else a random one from
    the decision panel (a pass, or what the board does not place)."""
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
    return a.get("kind"), page.locator(f"[data-testid=decision] [data-action-id='{a['id']}']")


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
            .locator("[data-testid=zone-0] [data-key][data-side]")
            .evaluate_all("els => els.map(e => [e.dataset.key, e.dataset.side])")
        ):
            sides.setdefault(entry[0], set()).add(entry[1])
        if steps % 8 == 0:
            check_pyramid(page, msg["view"])
        check_panel(page, msg)
        kind, target = choose(page, msg["view"], rng)
        before = version(page)
        target.click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        clicked[kind] = clicked.get(kind, 0) + 1
        steps += 1

    print(f"{steps} clicks: {clicked}")
    assert not errors, errors
    assert goals_met(clicked, sides), (clicked, sides)
    log = pages[0].inner_text("#log")
    assert log and not RAW.search(log), RAW.findall(log)


def goals_met(clicked: dict[str, int], sides: dict[str, set[str]]) -> bool:
    """Both phases' plays, an activation decision, a purchase made on a slot and paid for, and a
    card of seat 0's zone seen on both sides."""
    return (
        {"play_resource", "play_technology", "buy", "spend"} <= set(clicked)
        and clicked.get("activate", 0) + clicked.get("skip", 0) >= 1
        and any(len(s) == 2 for s in sides.values())
    )


def play_to(server, game: dict, seat: int, kind: str, rng: random.Random, lang: str = "en") -> dict:
    """Random moves through the API (the first seat's, the other one a bot) until ``seat`` decides
    ``kind``; the seat's message then."""
    for _ in range(400):
        msg = seat_view(server, game, seat, lang)
        legal = msg["view"]["legal"]
        if msg["view"]["decision"]["kind"] == kind and legal:
            return msg
        if not legal:
            time.sleep(0.05)
            continue
        moves = [a for a in legal if a["kind"] != "pass"] or legal
        act_api(server, game, seat, rng.choice(moves)["id"], msg["version"])
    raise AssertionError(f"no {kind} decision came")


def play_to_pay_all(server, game: dict, seat: int, rng: random.Random, lang: str = "en") -> dict:
    """Random moves through the API until ``seat`` may pay the rest of a payment at once; the
    seat's message then (single payments are never the shortcut)."""
    for _ in range(600):
        msg = seat_view(server, game, seat, lang)
        legal = msg["view"]["legal"]
        if any(a["kind"] == "pay_all" for a in legal):
            return msg
        if not legal:
            time.sleep(0.05)
            continue
        moves = [a for a in legal if a["kind"] != "pass"] or legal
        act_api(server, game, seat, rng.choice(moves)["id"], msg["version"])
    raise AssertionError("the rest of a payment was never payable at once")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rest_of_a_payment_is_paid_in_one_click_that_names_what_it_spends(server, new_page, lang):
    game = create_game(server, [SEATS[0], {"kind": "bot", "level": "random"}], game="guns_and_steel", seed=4)
    msg = play_to_pay_all(server, game, 0, random.Random(7), lang)
    rest = next(a for a in msg["view"]["legal"] if a["kind"] == "pay_all")
    page = new_page(lang)
    page.goto(seat_url(game["seats"][0]["link"], lang))
    page.wait_for_selector("[data-testid=payment-banner]")
    on_board = page.locator(f"[data-testid=payment-banner] [data-action-id='{rest['id']}']")
    in_panel = page.locator(f"[data-testid=decision] [data-action-id='{rest['id']}']")
    assert on_board.count() == 1 and in_panel.count() == 1
    words = on_board.inner_text()
    assert words.lower() == msg["action_texts"][str(rest["id"])].lower()
    names = httpx.get(f"{server.url}/api/games/{game['id']}/cards?lang={lang}", timeout=10).json()["cards"]
    name_of = {c["id"]: c["name"] for c in names}
    for key in rest["cards"]:  # every card it turns over, by its name
        assert name_of[key.split("-")[0]] in words
    assert not RAW.search(words), RAW.findall(words)
    before = version(page)
    on_board.click()
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    after = seat_view(server, game, 0, lang)
    payment = after["view"]["payment"]  # the bot may have begun a payment of its own since
    assert payment is None or payment["seat"] != 0 or payment["paid"] == []
    log = page.inner_text("#log")
    assert log and not RAW.search(log), RAW.findall(log)


def test_pyramid_cards_the_seat_cannot_pay_for_say_why_with_the_rule(server, new_page):
    game = create_game(server, [SEATS[0], {"kind": "bot", "level": "random"}], game="guns_and_steel", seed=3)
    msg = play_to(server, game, 0, "purchase", random.Random(2))
    page = new_page("en")
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("[data-testid=decision] [data-testid=option]")
    pyramid = {s["card"] for row in msg["view"]["pyramid"] for s in row if s["card"]}
    expected = {w["card"]: w for w in msg["why_not"] if w["card"] in pyramid}
    assert expected, "the seat could pay for every card of the pyramid"
    marked = page.locator("[data-testid=pyramid] .gs-slot .gs-card.why-not")
    assert sorted(marked.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(expected)
    card, why = next(iter(expected.items()))
    note = page.locator(f"[data-testid=pyramid] .gs-slot [data-card='{card}'] [data-testid=why-not-card]")
    assert why["text"] in note.inner_text()
    assert note.locator(f"a.rule[data-rule='{why['rule']}']").count() == 1
    assert why["rule"] in ("R76", "R77")
    # a card the seat can pay for is not marked, and buying it is one click on its slot
    buys = [a for a in msg["view"]["legal"] if a["kind"] == "buy"]
    for a in buys:
        assert a["card"] not in expected
        assert page.locator(f"[data-testid=pyramid] [data-slot][data-action-id='{a['id']}']").count() == 1


def test_on_a_phone_the_page_fits_and_the_pyramid_scrolls_in_its_own_frame(server, browser):
    game = create_game(server, [SEATS[0], {"kind": "bot", "level": "random"}], game="guns_and_steel", seed=8)
    play_to(server, game, 0, "purchase", random.Random(5))
    ctx = browser.new_context(viewport=PHONE, locale="en")
    page = ctx.new_page()
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("[data-testid=decision] [data-testid=option]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    frame = page.locator("[data-testid=pyramid-scroll]")
    wide, shown = frame.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert wide > shown  # the seven cards of a row keep their width and scroll
    names = page.locator(".gs-name")
    assert names.count() > 20
    assert names.evaluate_all(BROKEN_NAMES) == []
    assert min(names.evaluate_all("els => els.map(e => e.clientWidth)")) >= 80
    small = page.locator("[data-testid=board] button, [data-testid=decision] button").evaluate_all(
        "els => els.filter(e => e.offsetParent && e.getBoundingClientRect().height < 40).map(e => e.innerText)"
    )
    assert small == []
    text = page.inner_text("body")
    assert not RAW.search(text), RAW.findall(text)
    # scrolled sideways, the pyramid stays where it was when the next position is drawn
    frame.evaluate("e => { e.scrollLeft = 200; }")
    before = version(page)
    page.locator("[data-testid=decision] [data-testid=option]").last.click()
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    page.wait_for_selector("body:not(.busy)")
    kept = "() => document.querySelector('[data-testid=pyramid-scroll]').scrollLeft === 200"
    page.wait_for_function(kept, timeout=5_000)
    ctx.close()


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
    assert "пирамида технологий" in board and "technology pyramid" not in board
    assert "ренессанс" in page.inner_text("[data-testid=turn-banner]").lower()
    assert "восстановите" in board and "restore" not in board  # card effects in Russian
    assert "технология 3" in board  # a card without a known name, never its id
    assert page.locator("[data-testid=pyramid] [data-wonder]").count() == 5
    view = seat_view(server, game, 0, "ru")["view"]
    assert view["seats"][0]["vp_track"] is not None  # Renaissance: the VP card is drawn
    assert page.locator("[data-testid=vp-track-0]").is_visible()
    prompt = page.inner_text("[data-testid=prompt]")
    assert prompt and not re.search(r"[A-Za-z]{3,}", prompt)
    text = page.inner_text("body")
    assert not RAW.search(text), RAW.findall(text)
    # a card shows its number and its other lines only on hover
    first = page.locator("[data-testid=pyramid] .gs-slot .gs-card").first
    assert re.search(r"#C\d\d", first.get_attribute("title"))


def test_the_card_gallery_draws_every_card_with_its_words(server, browser):
    cards = httpx.get(f"{server.url}/api/meta/guns_and_steel/cards?lang=ru", timeout=10).json()["cards"]
    ctx = browser.new_context(viewport=PHONE, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server.url}/cards/guns_and_steel?lang=ru")
    page.wait_for_selector("[data-testid=card-face] .gs-face")
    faces = page.locator("[data-testid=card-face]")
    assert faces.count() == len(cards) == 75
    knights = page.inner_text("[data-card-id=C10]")
    assert "Рыцари" in knights and "Атакуйте всех оппонентов" in knights and "Базовая стоимость" in knights
    assert "Условие постройки" in page.inner_text("[data-card-id=W01]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.locator(".gs-name").evaluate_all(BROKEN_NAMES) == []
    text = page.inner_text("body")
    assert not RAW.search(text), RAW.findall(text)
    ctx.close()
