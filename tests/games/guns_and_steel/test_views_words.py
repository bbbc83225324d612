"""Guns & Steel in words (words.py and the locale): what a seat decides and for which card, what it
cannot do now and why (with the numbers and the rule, and nothing it may not see), each card's
text in English and Russian with plural forms, names and their marks, the log of a game's end, the
lobby's words, and the Russian terms of the rulebook."""

from __future__ import annotations

import json
import random
import re

import pytest

from epochal.engine import locale
from epochal.engine.locale import prompt_words, render, templates, ui_strings, why_not_words
from epochal.games.guns_and_steel import decisions, make_game
from tests.games.guns_and_steel.scenario import (
    act,
    attack,
    begin,
    card,
    clause,
    fresh,
    gain,
    lose,
    pay,
    place,
    play_attacks,
    rows,
)

NAMES = ["Ana", "Boris", "Vera"]
GAME = make_game()


def prompt(game, st, seat: int, lang: str = "en") -> str:
    words = prompt_words(game, st, seat, lang, NAMES)
    assert words is not None
    return words["text"]


def why(game, st, seat: int, lang: str = "en") -> dict[str | None, dict]:
    return {w["card"]: w for w in why_not_words(game, st, seat, lang, NAMES)}


# --- prompts -----------------------------------------------------------------------------------


def test_every_decision_kind_has_a_prompt_in_english_and_russian():
    keys = GAME.prompt_keys()
    assert {f"prompt.{kind}" for kind in decisions.legal.table} <= keys
    for lang in ("en", "ru"):
        assert keys <= set(templates(GAME.name, lang)), lang


def test_R51_the_activation_prompt_names_the_card_and_its_cost():
    game, st = fresh(3, cards={"C09": card(cost={"food": 1}, effect=[pay(food=1), gain(gunpowder=1)])})
    place(game, st, 0, hand=["C09", "C06"], resource=["C01-red"])
    begin(game, st, 0, "technology")
    act(game, st, 0, "play_technology", "C09")
    d = game.describe_decision(st, 0)
    assert d == {"kind": "activate", "card": "C09", "form": "cost", "cost": {"food": 1}}
    assert prompt(game, st, 0) == "Activate Technology 9 (provisional)? Its effect first costs 1 Food"
    assert prompt(game, st, 0, "ru") == (
        "Активировать «Технология 9 (предварительно)»? Сначала эффект нужно оплатить: 1 Еда"
    )
    assert game.describe_decision(st, 1) is None  # only the seat that decides is asked


def test_R63_the_response_prompt_names_the_attacker_the_card_and_both_strengths():
    game, st = fresh(3, cards={"C10": card("attack", military=2, effect=[attack(lose(2))])})
    place(game, st, 0, hand=["C10", "C06"])
    place(game, st, 1, hand=["C07"], resource=["C01-blue"])
    begin(game, st, 0, "technology")
    act(game, st, 0, "play_technology", "C10")
    act(game, st, 0, "activate")
    seat = st.stack[-1].seats[0]
    assert st.stack[-1].kind == "respond" and seat == 1
    assert prompt(game, st, 1).startswith(
        "Ana attacks with Technology 10 (provisional) at military strength 2; yours is 0."
    )
    assert prompt(game, st, 1, "ru").startswith(
        "Ana атакует карточкой «Технология 10 (предварительно)» с военной мощью 2, ваша мощь — 0."
    )
    assert "закончите ответ" in prompt(game, st, 1, "ru")  # the plain request to stop answering, not «хватит»


def test_R66_a_defeated_player_is_told_how_many_resources_are_still_to_lose():
    game, st = fresh(3, cards={"C10": card("attack", military=2, effect=[attack(lose(2))])})
    place(game, st, 0, hand=["C10", "C06"])
    place(game, st, 1, resource=["C01-blue", "C02-blue", "C04-blue"])
    place(game, st, 2)
    begin(game, st, 0, "technology")
    act(game, st, 0, "play_technology", "C10")
    act(game, st, 0, "activate")
    while st.stack[-1].kind == "respond":
        game.apply(st, st.stack[-1].seats[0], 0)  # pass
    assert st.stack[-1].kind == "lose" and st.stack[-1].seats == [1]
    assert game.describe_decision(st, 1) == {"kind": "lose", "card": "C10", "owner": 0, "n": 2}
    assert prompt(game, st, 1) == (
        "Defeated by Technology 10 (provisional) of Ana: choose a resource card you lose (2 still to lose)"
    )
    assert prompt(game, st, 1, "ru").endswith("(осталось потерять: 2)")


def test_R74_the_purchase_prompt_counts_the_cards_the_seat_can_pay_for():
    game, st = fresh(3)
    place(game, st, 0, resource=["C01-red"])
    begin(game, st, 0, "purchase")
    d = game.describe_decision(st, 0)
    payable = [a for a in game.legal(st, 0) if a]  # every card but pass
    assert d == {"kind": "purchase", "n": len(payable)}
    assert re.fullmatch(
        r"Purchase phase: buy one card you can pay for \(\d+ cards?\), or buy nothing", prompt(game, st, 0)
    )
    assert prompt(game, st, 0, "ru").startswith("Фаза Покупки: купите карточку, которую можете оплатить (таких ")


def test_random_games_word_every_prompt_without_an_id_or_a_seat_number():
    raw = re.compile(r"\b[CW]\d\d\b|[{}]|\bseat \d")
    seen = set()
    for theme, seed in (("new_world", 1), ("renaissance", 2), ("combined", 3)):
        st = GAME.new(3, seed, {"theme": theme})
        rng = random.Random(seed)
        while not st.over:
            seat = GAME.actors(st)[0]
            seen.add(GAME.describe_decision(st, seat)["kind"])
            for lang in ("en", "ru"):
                assert not raw.search(prompt(GAME, st, seat, lang))
                for item in why_not_words(GAME, st, seat, lang, NAMES):
                    assert not raw.search(item["text"]), item
            GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    assert len(seen) >= 14, seen


# --- why not -------------------------------------------------------------------------------------


def test_R76_R77_pyramid_cards_the_seat_cannot_pay_for_say_what_they_cost_and_what_it_has():
    game, st = fresh(
        3,
        cards={
            "C06": card(cost={"food": 1}),
            "C07": card(cost={"iron": 2}),
            "C13": card(cost={"food": 1}),
        },
    )
    rows(game, st, ["C06", "C07", "C08"], ["C13"])  # C13 over C06 and C07: a surcharge of 2
    place(game, st, 0, resource=["C01-red"])
    begin(game, st, 0, "purchase")
    items = why(game, st, 0)
    assert "C06" not in items  # one Food pays it
    assert items["C07"]["rule"] == "R76"
    assert items["C07"]["text"] == "costs 2 Iron; you have 1 Food"
    assert items["C13"]["rule"] == "R77"
    assert items["C13"]["text"] == (
        "besides its cost 1 Food, the 2 connected cards below it add 2 resources of your choice; you have 1 Food"
    )
    ru = why(game, st, 0, "ru")
    assert ru["C13"]["text"] == (
        "кроме стоимости (1 Еда) нужно ещё 2 ресурса на выбор за связанные карточки ниже; у вас: 1 Еда"
    )
    # with nothing to pay, there is nothing to decide: the seat buys nothing (R83)
    place(game, st, 0)
    assert [e["type"] for e in begin(game, st, 0, "purchase")][:1] == ["no_purchase"]


def test_R84_R85_wonders_say_which_condition_is_missing_and_that_a_full_hand_checks_none():
    game, st = fresh(3, wonders={"W01": {"build": [clause("cards", 4)]}})
    place(game, st, 0, hand=["C06", "C07"], resource=["C01-red"])
    begin(game, st, 0, "purchase")
    items = why(game, st, 0)
    assert items[None]["rule"] == "R84"
    assert items[None]["text"] == (
        "wonders are checked only at the end of a turn with at most one card in hand; you hold 2"
    )
    w = next(w for w in st.wonders if game.wkeys[w] in ("W01", "W02"))
    text = items[game.wkeys[w]]["text"]
    assert text in ("needs 4 civilization cards; you own 3", "needs 99 civilization cards; you own 3")
    assert items[game.wkeys[w]]["rule"] == "R85"


def test_R51_R58_hand_cards_whose_effect_could_not_be_activated_say_why():
    game, st = fresh(
        3,
        cards={
            "C09": card(cost={"food": 1}, effect=[pay(iron=2), gain(gunpowder=1)]),
            "C12": card("tactics", cost={"food": 1}, effect=[play_attacks()]),
        },
    )
    place(game, st, 0, hand=["C09", "C12", "C06"], resource=["C04-red"])
    begin(game, st, 0, "technology")
    items = why(game, st, 0)
    assert items["C09"]["rule"] == "R51"
    assert items["C09"]["text"] == "its effect costs 2 Iron; you have 1 Iron, so it could not be activated"
    assert items["C12"]["rule"] == "R58"
    assert (
        why(game, st, 0, "ru")["C12"]["text"]
        == "на руке нет другой карточки Атаки, которую можно сыграть и активировать"
    )
    assert "C06" not in items


def test_why_not_and_the_prompt_name_nothing_the_seat_cannot_see():
    """A re-deal of everything hidden from the seat changes neither (A33)."""
    checked = 0
    for theme, seed in (("new_world", 4), ("renaissance", 5), ("combined", 6)):
        st = GAME.new(3, seed, {"theme": theme})
        rng = random.Random(seed)
        while not st.over:
            seat = GAME.actors(st)[0]
            for trial in range(2):
                other = GAME.determinize(st, seat, random.Random(trial))
                assert GAME.why_not(other, seat) == GAME.why_not(st, seat)
                assert GAME.describe_decision(other, seat) == GAME.describe_decision(st, seat)
            checked += 1
            GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    assert checked > 100


# --- card texts and names ----------------------------------------------------------------------------


def test_card_texts_show_both_sides_in_english_and_russian():
    assert GAME.card_text("C10", "en") == [
        "Attack all opponents; each opponent you defeat loses 1 resource of their choice",
        "Attack · 1 VP · military strength 2 · response icon",
        "Base cost: 1 Food, 1 Iron",
        "Resource side: Horses",
    ]
    assert GAME.card_text("C10", "ru") == [
        "Атакуйте всех оппонентов; каждый побеждённый оппонент теряет 1 ресурс на свой выбор",
        "Атака · 1 ПО · военная мощь 2 · значок Ответа",
        "Базовая стоимость: 1 Еда, 1 Железо",
        "Сторона ресурса: Лошади",
    ]
    assert GAME.card_text("C03-green", "en") == GAME.card_text("C03", "en")  # a start card in any colour
    assert GAME.card_text("C03", "en")[2] == "Start card: one in each player colour, never bought"
    assert GAME.card_text("W17", "en") == [
        "Glory token condition: 4 VP on the cards taken back this turn; 3 glory tokens build it",
        "Wonder · Information epoch · 5 VP",
    ]


def test_card_texts_take_the_plural_forms_of_each_language():
    # two Gunpowder, two Oil and a Horse; up to two Attack cards; 2 resources lost
    assert GAME.card_text("C55", "ru")[0] == "Сыграйте с руки до 2 карточек Атаки и активируйте каждую"
    assert GAME.card_text("C55", "ru")[2] == "Базовая стоимость: 1 Лошадь, 2 Пороха, 2 Нефти"
    assert GAME.card_text("C55", "en")[0] == "Play up to 2 Attack cards from your hand and activate each"
    assert GAME.card_text("C55", "en")[2] == "Base cost: 1 Horse, 2 Gunpowder, 2 Oil"
    assert GAME.card_text("C30", "ru")[0].startswith("Сыграйте с руки карточку Атаки и активируйте её")
    assert "теряет 2 ресурса" in GAME.card_text("C21", "ru")[0]
    assert "loses 2 resources" in GAME.card_text("C21", "en")[0]
    game, _ = fresh(3, cards={"C22": card("attack", military=1, effect=[attack(lose(5))])})
    assert "теряет 5 ресурсов" in game.card_text("C22", "ru")[0]
    # what every player does is said in the third person, and no "up to 1"
    assert GAME.card_text("C38", "ru")[0] == (
        "Каждый игрок, начиная с вас и далее по часовой стрелке, восстанавливает одну свою карточку; получите 1 ПО"
    )
    assert GAME.card_text("C38", "en")[0] == (
        "Every player, you first and then clockwise, restores one of their cards; gain 1 VP"
    )


def test_every_card_has_a_text_without_an_id_in_both_languages():
    for entry in GAME.card_catalog():
        for lang in ("en", "ru"):
            lines = GAME.card_text(entry["id"], lang)
            assert len(lines) >= 2 and all(lines)
            assert not re.search(r"\b[CW]\d\d\b|[{}]|_", " ".join(lines)), (entry["id"], lang, lines)


def test_names_are_printed_translated_or_provisional_never_an_id():
    # printed in Russian (the rulebook): the English translates it, marked
    assert GAME.display_name("C10", "ru") == "Рыцари"
    assert GAME.display_name("C10", "en") == "Knights*"
    # printed in English only: the Russian translates it, marked
    assert GAME.display_name("C07", "en") == "Domestication"
    assert GAME.display_name("C07", "ru") == "Одомашнивание*"
    assert GAME.display_name("W03", "ru") == "Ангкор-Ват*"
    # no name known
    assert GAME.display_name("C25", "en") == "Technology 25 (provisional)"
    assert GAME.display_name("C25", "ru") == "Технология 25 (предварительно)"
    assert GAME.display_name("W12", "ru") == "Чудо 12 (предварительно)"
    assert GAME.display_name("C03-green", "ru") == "Стартовая карточка 3"
    # terms of the game
    assert GAME.display_name("horses", "ru") == "Лошади"
    assert GAME.display_name("new_world", "en") == "New World"
    for entry in GAME.card_catalog():
        for lang in ("en", "ru"):
            name = GAME.display_name(entry["id"], lang)
            assert name and not re.search(r"\b[CW]\d\d\b", name)
            cyrillic = bool(re.search("[а-яё]", name, re.I))
            assert cyrillic == (lang == "ru"), (entry["id"], lang, name)  # no page mixes languages


# --- the log -------------------------------------------------------------------------------------


def test_the_end_of_the_game_names_the_reason_every_score_and_the_winners():
    st = GAME.new(3, 9)
    rng = random.Random(9)
    events = []
    while not st.over:
        seat = GAME.actors(st)[0]
        events = GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    end = events[[e["type"] for e in events].index("game_over") :]
    texts = {lang: [render(GAME.name, e, lang, NAMES, GAME.display_name) for e in end] for lang in ("en", "ru")}
    assert texts["en"][0].startswith("The game ends: ")
    assert all(name in " ".join(texts["en"][1:4]) for name in NAMES)
    scores = GAME.scores(st)
    for s, name in enumerate(NAMES):
        assert f"{name}: {scores[s].total} VP (civilization cards {scores[s].breakdown['cards']}" in texts["en"][1 + s]
        assert f"{name}: {scores[s].total} ПО" in texts["ru"][1 + s]
    winners = GAME.winners(st)
    verb = "shares the victory" if len(winners) > 1 else "wins"
    assert texts["en"][4:] == [f"{NAMES[w]} {verb} with {scores[w].total} VP" for w in winners]
    for text in texts["en"] + texts["ru"]:
        assert not re.search(r"last_wonder|last_space|round_limit|vp15|winners|\[", text), text


def test_log_lines_in_russian_quote_card_names_and_use_the_rulebook_s_words():
    ev = {"type": "wonder_chosen", "epoch": "horses", "row": 1, "wonder": "W01", "why": "left"}
    assert render(GAME.name, ev, "ru", NAMES, GAME.display_name) == (
        "Чудо эпохи Лошадей: «Пирамиды Гизы» (его карточка лежит в пирамиде левее)"
    )
    ev = {"type": "defeated", "seat": 2, "attacker": 0, "strength": 1, "against": 3}
    assert render(GAME.name, ev, "ru", NAMES, GAME.display_name) == "Vera проигрывает атаку (1 против 3)"
    ev = {"type": "gain", "seat": 1, "res": {"iron": 2}}
    assert render(GAME.name, ev, "ru", NAMES, GAME.display_name) == "Boris получает на этот ход: 2 Железа"
    ev = {"type": "glory", "seat": 2, "wonder": "W17", "tokens": 1}
    assert render(GAME.name, ev, "ru", NAMES, GAME.display_name) == (
        "Vera кладёт жетон Славы на «Сиднейский Оперный Театр» (жетонов этого игрока на Чуде: 1)"
    )
    ev = {"type": "buying", "seat": 0, "card": "C21", "surcharge": 3}
    assert render(GAME.name, ev, "ru", NAMES, GAME.display_name) == (
        "Ana покупает «Пушки» (+3 ресурса на выбор за связанные карточки ниже)"
    )
    ev["surcharge"] = 0
    assert render(GAME.name, ev, "en", NAMES, GAME.display_name) == "Ana buys Cannons*"


# --- the lobby, the scores, the rules summary ------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_option_has_a_label_a_sentence_of_help_and_words_for_each_choice(lang):
    own = json.loads(_ui_file(lang))  # the language's own words, no English filling in
    assert own["title"] == {"en": "Guns & Steel", "ru": "Цивилизация от начала времен"}[lang]
    for option in GAME.options:
        assert own.get(f"option.{option.name}"), option.name
        help_ = own.get(f"option.{option.name}.help", "")
        assert help_.endswith(".") and help_.count(". ") == 0, option.name  # one sentence
        for choice in option.choices:
            assert own.get(f"option.{option.name}.{choice}"), (option.name, choice)
        assert not re.search(
            r"\b[a-z]+_[a-z_]+\b|\b[RA]\d+\b", " ".join(own[k] for k in own if k.startswith(f"option.{option.name}"))
        )
    for row in GAME.score_seat(GAME.new(2, 0), 0).breakdown:
        assert own.get(f"score.{row}") and own.get(f"score.{row}.help"), row


def _ui_file(lang: str) -> str:
    import importlib.resources

    return (importlib.resources.files("epochal.games.guns_and_steel") / "locale" / f"ui.{lang}.json").read_text("utf-8")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_summary_covers_every_rule_of_the_specification(lang):
    summary = locale.rules_summary(GAME.name, lang)
    assert {f"R{n}" for n in range(1, 115)} <= set(summary)
    cited = set()
    for text in [*templates(GAME.name, lang).values()]:
        cited.update(re.findall(r"\b[RA]\d+[a-z]?\b", text))
    for item in decisions.REFUSAL_OF_DECISION.values():
        cited.add(item[1])
    assert cited <= set(summary)


def test_the_russian_words_are_the_rulebook_s():
    ru = {**templates(GAME.name, "ru"), **ui_strings(GAME.name, "ru")}
    text = " ".join(ru.values())
    assert "соперник" not in text.lower()  # «оппонент» (l.121, 176, 351)
    assert "Фаза Технологии" in ru["prompt.play_technology"]  # not «Фаза технологий»
    assert "Технологии" not in ru["phase.technology"]
    assert ru["btn.play_resource"] == "Как ресурс" and ru["btn.play_technology"] == "Как технологию"
    assert "хватит" not in text and "(там " not in text
    assert "ресурс(а)" not in text and "card(s)" not in " ".join(templates(GAME.name, "en").values())
    assert ru["epoch.horses"] == "эпоха Лошадей"
    assert "побеждён (" not in text  # «проигрывает атаку», «отражает атаку»
