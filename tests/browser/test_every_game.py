"""Every game, as a person meets it: a whole game by clicking against bots in each language,
reading every prompt, on a phone in one language and a laptop in the other; every card of the
game's data drawn once with its text; no engine identifier on any screen; no sideways scrolling."""

from __future__ import annotations

import random
import re

import httpx
import pytest

from .conftest import seat_url, version

# Visible words a person must never read: snake_case words, card ids (1CAR16, I-GRN-07, COM062),
# effect codes (PE8), unfilled template fields.
RAW = re.compile(
    r"\b[a-z0-9]+_[a-z0-9_]+\b|\b\d[A-Z]{2,}\d+\b|\b[IV]+-[A-Z]{3}-\d+\b|\b[A-Z]{3}\d{3}\b|\bPE\d+\b|\{\w+\}"
)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
GAMES = {
    "hadara": {},
    "guns_and_steel": {},
    "imperium": {"nations": "Romans,Celts"},
    "imperial_settlers": {},
}
CASES = [(name, lang, PHONE if lang == "en" else LAPTOP) for name in GAMES for lang in ("en", "ru")]
# The page at rest: [null, 0, version] at the end screen, [prompt, options, version] on my turn.
SETTLED = """() => {
  if (document.body.classList.contains("busy")) return false;
  const version = Number(document.body.dataset.version);
  if (document.querySelector("[data-testid=end-screen]:not([hidden])")) return [null, 0, version];
  if (!document.querySelector("[data-testid=your-turn]")) return false;
  const prompt = document.querySelector("[data-testid=prompt]").innerText.trim();
  const options = document.querySelectorAll("[data-testid=decision] [data-testid=option]:enabled").length;
  return [prompt, options, version];
}"""


def check_screen(page, width: int, where: str) -> None:
    """The page does not scroll sideways and shows no engine identifier."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{where}: the page is {scroll} px wide on a {width} px screen"
    raw = sorted(set(RAW.findall(page.evaluate("document.body.innerText"))))
    assert raw == [], f"{where}: raw identifiers on screen"


@pytest.mark.parametrize(("name", "lang", "size"), CASES, ids=[f"{n}-{lang}" for n, lang, _ in CASES])
def test_a_whole_game_by_clicking_reading_every_prompt(server, browser, name, lang, size):
    game = httpx.post(
        f"{server.url}/api/games",
        timeout=10,
        json={
            "game": name,
            "seed": 11,
            "options": GAMES[name],
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy", "name": "Boris"}],
        },
    ).json()
    ctx = browser.new_context(viewport=size, locale=lang)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.goto(seat_url(game["seats"][0]["link"], lang))
    rng = random.Random(5)
    prompts = set()
    clicks = 0
    while True:
        # one round trip: the end screen, or my turn drawn with its prompt and options
        prompt, options, before = page.wait_for_function(SETTLED).json_value()
        if prompt is None:
            break
        assert prompt and options, "my turn, but no prompt or no option in the decision panel"
        if prompt not in prompts or clicks % 25 == 0:
            check_screen(page, size["width"], f"{name} {lang}: {prompt}")
        prompts.add(prompt)
        page.locator("[data-testid=decision] [data-testid=option]:enabled").nth(rng.randrange(options)).click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        clicks += 1
        assert clicks < 1500, "the game does not end"
    check_screen(page, size["width"], f"{name} {lang}: the end screen")
    assert httpx.get(f"{server.url}/api/games/{game['id']}").json()["status"] == "finished"
    assert len(prompts) > 3
    ctx.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_every_card_face_is_drawn_once_with_its_text(server, browser, name):
    cards = httpx.get(f"{server.url}/api/meta/{name}/cards?lang=ru").json()["cards"]
    for lang, size in (("en", LAPTOP), ("ru", PHONE)):
        ctx = browser.new_context(viewport=size, locale=lang)
        page = ctx.new_page()
        page.goto(f"{server.url}/cards/{name}?lang={lang}")
        page.wait_for_selector("[data-testid=card-face]")
        faces = page.locator("[data-testid=card-face]")
        assert faces.count() == len(cards)
        texts = faces.evaluate_all("els => els.map(e => [e.dataset.cardId, e.innerText.trim()])")
        assert [card for card, text in texts if len(text) < 3] == []
        check_screen(page, size["width"], f"the {name} cards in {lang}")
        ctx.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_rules_summary_opens_from_a_rule_number(server, browser, name):
    rules = httpx.get(f"{server.url}/api/meta/{name}/rules?lang=ru").json()["rules"]
    first = next(k for k in rules if not k.startswith("§"))
    ctx = browser.new_context(viewport=PHONE, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server.url}/rules/{name}?lang=ru#{first}")
    page.wait_for_selector("[data-testid=rule-entry]")
    assert page.locator("[data-testid=rule-entry]").count() == sum(not k.startswith("§") for k in rules)
    assert rules[first] in page.inner_text(f"[id='{first}']")
    check_screen(page, PHONE["width"], f"the {name} rules in Russian")
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_words_every_option_and_fits_a_phone(server, browser, lang):
    ctx = browser.new_context(viewport=PHONE, locale=lang)
    page = ctx.new_page()
    failed = []  # a words request that failed explains a missing description below
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.url}: {r.status}"))
    page.goto(f"{server.url}/?lang={lang}")
    # the form is drawn once the games' words are in (a busy machine may take a moment)
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.click("details.options summary")  # it stays open when another game is chosen
    for name in GAMES:
        page.select_option("[data-testid=game]", name)
        labels = page.locator("details.options label.option")
        assert labels.count() > 0
        check_screen(page, PHONE["width"], f"the lobby with {name}'s options in {lang}")
        helps = page.locator("details.options .option-help").all_inner_texts()
        assert all(helps), f"{name}: an option without a description (failed requests: {failed})"
    ctx.close()


def test_imperium_nations_are_picked_by_name_in_the_lobby(server, browser):
    ctx = browser.new_context(viewport=LAPTOP, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server.url}/?lang=ru")
    page.select_option("[data-testid=game]", "imperium")
    page.select_option("[data-testid=players]", "2")
    page.click("details.options summary")
    nations = page.locator("[data-testid=option-nations]")
    by_name = nations.locator("option").last
    assert by_name.inner_text() == "выбрать для каждого места"
    nations.select_option(by_name.get_attribute("value"))
    sides = page.locator("[data-testid=seat-side-0] option").all_inner_texts()
    assert "Кельты" in sides and "Celts" not in sides
    page.select_option("[data-testid=seat-side-0]", "Celts")
    page.select_option("[data-testid=seat-side-1]", "Greeks")
    page.click("[data-testid=create]")
    link = page.locator("[data-testid=seat-link-0]").input_value()
    game_id = re.search(r"/game/([^#?]+)", link).group(1)
    view = httpx.get(f"{server.url}/api/games/{game_id}/view").json()["view"]
    assert [s["nation"] for s in view["seats"]] == ["Celts", "Greeks"]
    ctx.close()


def test_a_move_waits_for_its_confirmation_when_asked(server, new_page):
    game = httpx.post(
        f"{server.url}/api/games",
        timeout=10,
        json={"game": "hadara", "seed": 3, "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]},
    ).json()
    page = new_page("en")
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("[data-testid=your-turn]")
    page.check("[data-testid=confirm-moves]")
    before = version(page)
    page.locator("[data-testid=decision] [data-testid=option]").first.click()
    page.wait_for_selector("[data-testid=confirm]")
    assert version(page) == before  # nothing was sent yet
    page.click("[data-testid=confirm-yes]")
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
