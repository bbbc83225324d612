"""An owner's evening with the card workshop, in a real browser, for Hadara, Guns & Steel and
Imperial Settlers: transcribe three cards of each game through the form (one with an effect built
from the game's operations: pick an operation, fill its fields), break a rule and see the problem
with its rule number beside the field, fix it, save the set, create a table with it in the lobby,
and find the transcribed cards among that table's cards, worded in English and in Russian.

One server and one page for the three games: the page is what a person would use, and the
waits are for what the page draws (never a sleep), so that a loaded machine only makes it slower.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import seat_url

WAIT = 30_000  # a preview is a validation of the whole file on the server: slow on a loaded machine


def start(page, url: str, game: str) -> None:
    """From the lobby, where the card data is chosen, to the workshop, with the game picked."""
    page.goto(f"{url}/?lang=en")
    page.get_by_test_id("game").select_option(game)
    page.get_by_test_id("workshop-link").click()
    expect(page.get_by_test_id("ws-game")).to_have_value(game)
    page.get_by_test_id("ws-builtin").click()
    page.get_by_test_id("ws-preview-en").wait_for()


def show(page, card: str) -> None:
    """Walk to a card with the picker, as the owner finds it by its code (and name)."""
    picker = page.get_by_test_id("ws-pick")
    value = picker.evaluate(
        "(sel, id) => [...sel.options].find((o) => o.textContent.replace(/^✓ /, '').split(' — ')[0] === id)?.value",
        card,
    )
    assert value, f"{card} is not in the workshop's picker"
    picker.select_option(value)
    expect(page.get_by_test_id("ws-card-id")).to_have_text(re.compile(rf": {re.escape(card)}$"))
    page.get_by_test_id("ws-preview-en").wait_for()


def field(page, path: str):
    return page.get_by_test_id("ws-form").locator(f'[data-path="{path}"]')


def says(page, english: str, russian: str) -> None:
    """The card's generated text, as the page shows it while the owner types, in both languages."""
    expect(page.get_by_test_id("ws-preview-en")).to_contain_text(english, timeout=WAIT)
    expect(page.get_by_test_id("ws-preview-ru")).to_contain_text(russian, timeout=WAIT)


def enter(page, path: str, value: str) -> None:
    control = field(page, path)
    if control.evaluate("e => e.tagName") == "SELECT":
        control.select_option(value)
    else:
        control.fill(value)


def broken(page, name: str, value: str, rule: str, fixed: str) -> None:
    """A value a rule forbids: the problem stands beside the field with its rule number; the
    right value takes it away."""
    enter(page, name, value)
    problem = page.get_by_test_id("ws-form").locator(f'[data-field="{name}"] [data-testid=ws-field-problem]')
    expect(problem.first).to_contain_text(rule, timeout=WAIT)
    expect(problem.first.get_by_test_id("ws-rule")).to_have_text(f"Rule {rule}")
    expect(page.get_by_test_id("ws-status")).to_contain_text("problem")
    expect(page.get_by_test_id("ws-problem-list")).to_contain_text(rule)
    enter(page, name, fixed)
    expect(problem).to_have_count(0, timeout=WAIT)
    expect(page.get_by_test_id("ws-problems")).to_be_hidden(timeout=WAIT)


def checked(page) -> None:
    page.get_by_test_id("ws-checked").check()


def save(page, game: str, name: str) -> str:
    page.get_by_test_id("ws-name").fill(name)
    page.get_by_test_id("ws-save").click()
    page.get_by_test_id("ws-owner-link").wait_for()
    expect(page.get_by_test_id("ws-status")).to_contain_text("pass")
    return re.search(rf"/workshop/{game}/(set-\w+)", page.url).group(1)


def play(page, url: str, game: str, key: str, name: str, cards: dict[str, tuple[str, str]]) -> None:
    """Create a table with the set in the lobby, open the seat's page (it names the set), follow
    its cards link, and read each transcribed card there in English, then in Russian."""
    page.goto(f"{url}/?lang=en")
    page.get_by_test_id("game").select_option(game)
    data = page.get_by_test_id("data")
    expect(data.locator(f'option[value="{key}"]')).to_contain_text(name)
    data.select_option(key)
    page.get_by_test_id("create").click()
    link = page.get_by_test_id("seat-link-0").input_value()
    game_id = re.search(r"/game/([^#?]+)", link).group(1)
    listed = page.locator(f'li[data-game-id="{game_id}"] [data-testid=game-data-set]')  # the lobby's list names it
    expect(listed.first).to_contain_text(name, timeout=WAIT)

    page.goto(seat_url(link, "en"))
    expect(page.get_by_test_id("data-set")).to_contain_text(name, timeout=WAIT)
    page.goto(url + page.get_by_test_id("cards-link").get_attribute("href"))
    expect(page.get_by_test_id("cards-of")).to_contain_text(name, timeout=WAIT)
    for card, (english, _) in cards.items():
        expect(page.locator(f'[data-testid=card-face][data-card-id="{card}"]')).to_contain_text(english)
    page.get_by_test_id("lang").select_option("ru")
    for card, (_, russian) in cards.items():
        expect(page.locator(f'[data-testid=card-face][data-card-id="{card}"]')).to_contain_text(russian, timeout=WAIT)
    expect(page.get_by_test_id("cards-of")).to_contain_text(name)


def hadara(page, url: str) -> None:
    start(page, url, "hadara")
    # a blue card's price: the words follow the number
    show(page, "I-BLU-01")
    field(page, "cost").fill("3")
    says(page, "Costs 3 coins", "Стоимость: 3 монеты")
    checked(page)
    # a purple card without an effect: pick the operation, fill its field
    show(page, "I-PUR-06")
    field(page, "effect.pe").select_option("PE9")
    field(page, "effect.coins").fill("5")
    says(page, "Each time you take a colony, take 5 coins", "получите 5 монет")
    checked(page)
    # a red card: an epoch the game has not (R5), then the card's points
    show(page, "I-RED-01")
    broken(page, "epoch", "5", "R5", "1")
    field(page, "vp").fill("3")
    says(page, "3 VP at the end", "3 ПО в конце игры")
    checked(page)
    expect(page.get_by_test_id("ws-progress")).to_contain_text("3 of 54")
    key = save(page, "hadara", "Hadara, my box")
    play(
        page,
        url,
        "hadara",
        key,
        "Hadara, my box",
        {
            "I-BLU-01": ("Costs 3 coins", "Стоимость: 3 монеты"),
            "I-PUR-06": ("take 5 coins", "получите 5 монет"),
            "I-RED-01": ("3 VP at the end", "3 ПО в конце игры"),
        },
    )


def guns_and_steel(page, url: str) -> None:
    start(page, url, "guns_and_steel")
    # a card whose name no source gives yet: its printed name, in English and in Russian
    show(page, "C19")
    names = page.get_by_test_id("ws-form").locator('[data-field="name"]')
    for lang, name in (("en", "Irrigation"), ("ru", "Орошение")):
        field(page, "name.+").select_option(lang)
        names.get_by_role("button", name="Add").click()
        field(page, f"name.{lang}").fill(name)
    says(page, "Irrigation", "Орошение")
    checked(page)
    # one more operation in a card's effect: add it, pick it, fill its fields
    show(page, "C20")
    field(page, "effect.+").click()
    field(page, "effect.1.op").select_option("use")
    field(page, "effect.1.res").select_option("iron")
    field(page, "effect.1.n").fill("1")
    says(page, "use a resource card of Iron of one opponent", "используйте одну карточку ресурса «Железо»")
    checked(page)
    # a card put in the wrong theme for its number (R6), then its points
    show(page, "C24")
    broken(page, "theme", "renaissance", "R6", "new_world")
    field(page, "vp").fill("4")
    says(page, "Society · 4 VP", "Общество · 4 ПО")
    checked(page)
    key = save(page, "guns_and_steel", "Guns & Steel, my box")
    play(
        page,
        url,
        "guns_and_steel",
        key,
        "Guns & Steel, my box",
        {
            "C19": ("Irrigation", "Орошение"),
            "C20": ("use a resource card of Iron", "используйте одну карточку ресурса «Железо»"),
            "C24": ("Society · 4 VP", "Общество · 4 ПО"),
        },
    )


def imperial_settlers(page, url: str) -> None:
    start(page, url, "imperial_settlers")
    # a Roman card known only by our translation of its Czech name: its printed names, English
    # and Russian; the validator then asks to drop the translations, and the owner does
    show(page, "ROM009")
    for name, text in (("name", "Gardens of Rome"), ("name_ru", "Сады Рима")):
        field(page, f"{name}.+").click()
        field(page, name).fill(text)
    translated = page.get_by_test_id("ws-form").locator('[data-field="translated"]')
    expect(translated.get_by_test_id("ws-field-problem").first).to_contain_text("own name is known", timeout=WAIT)
    for _ in range(2):
        translated.locator('button[title="Remove"]').first.click()
    expect(translated.get_by_test_id("ws-field-problem")).to_have_count(0, timeout=WAIT)
    says(page, "Gardens of Rome", "Сады Рима")
    checked(page)
    # a build bonus built from an operation: add one, pick it, fill its goods
    show(page, "ROM012")
    field(page, "bonus.+").click()  # the card had no build bonus: add one
    field(page, "bonus.0.op").select_option("gain")
    field(page, "bonus.0.wood").fill("2")
    says(page, "When built: 2 wood", "Бонус строительства: 2 дерева")
    checked(page)
    # an empire card discards 0 or 1 location (R59), then its cost
    show(page, "ROM015")
    broken(page, "discard", "5", "R59", "1")
    field(page, "cost.stone").fill("3")
    says(page, "Cost: 3 stone", "Стоимость: 3 камня")
    checked(page)
    key = save(page, "imperial_settlers", "Imperial Settlers, my box")
    play(
        page,
        url,
        "imperial_settlers",
        key,
        "Imperial Settlers, my box",
        {
            "ROM009": ("Gardens of Rome", "Сады Рима"),
            "ROM012": ("When built: 2 wood", "Бонус строительства: 2 дерева"),
            "ROM015": ("Cost: 3 stone", "Стоимость: 3 камня"),
        },
    )


def test_an_owner_transcribes_three_cards_of_three_games_and_plays_each_set(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en")
    ctx.set_default_timeout(WAIT)
    page = ctx.new_page()
    try:
        for transcribe in (hadara, guns_and_steel, imperial_settlers):
            transcribe(page, server.url)
    finally:
        ctx.close()
