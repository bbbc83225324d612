"""Hadara in words: card names and texts, the prompt of every decision, the things a seat cannot
do with their reason and rule, the log, in English, Russian and Hungarian (words.py, explain.py,
locale/). Nothing a person reads names a card id, an effect code or a seat counted from 0."""

from __future__ import annotations

import random
import re

import pytest

from epochal.engine import visible
from epochal.engine.locale import prompt_words, render, rules_summary, templates, ui_strings, why_not_words
from epochal.games.hadara import actions as A
from epochal.games.hadara.decisions import refusal
from epochal.games.hadara.words import refusal_text
from tests.games.hadara.scenario import (
    CULTURE,
    FOOD,
    MILITARY,
    blank,
    colony_of,
    find_card,
    find_cards,
    fresh,
    give,
    give_colony,
    hadara,
    put,
    set_tracks,
    to_pile,
    top_colony,
    variant,
)

LANGS = ("en", "ru", "hu")
NAMES = ["Ana", "Boris", "Vera", "Gleb", "Dana"]
# What a person must never read (as tests/test_words.py): snake_case, card ids, effect codes,
# unfilled fields, Python's words; and here also a step code or a seat number.
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[IV]+-[A-Z]{3}-\d+\b|\bPE\d+\b|[{}]|None|True|False|\b[AB][1-6]\b|seats? \d")


def words(game, st, seat, lang="en"):
    return prompt_words(game, st, seat, lang, NAMES[: st.players])["text"]


# --- card names and texts ------------------------------------------------------------------------


def test_a_card_is_named_by_its_colour_epoch_and_values_in_each_language():
    game = hadara()
    green = find_card(game, color="green", epoch=1, effect=False, food=3, culture=1, military=0, income=0)
    vp = game.vp_of[green]
    assert game.display_name(game.card_id[green], "en") == f"Green card I (culture +1, food +3, {vp} VP)"
    ru = f"Зелёная карта I (культура +1, сельское хозяйство +3, {vp} ПО)"
    assert game.display_name(game.card_id[green], "ru") == ru
    assert game.display_name(game.card_id[green], "hu") == f"Zöld I. korszakkártya (kultúra +1, élelem +3, {vp} GyP)"
    patron = next(k for k in find_cards(game, pe="PE15") if game.data.cards[k].effect.color == "blue")
    assert "+1 culture per blue card" in game.display_name(game.card_id[patron], "en")
    assert "за синюю карту" in game.display_name(game.card_id[patron], "ru")


def test_display_name_words_only_card_ids():
    game = hadara()
    for text in ("green", "A2", "colony", "food", "C03-1", "I-XXX-99"):
        assert game.display_name(text, "en") is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_text_says_its_cost_and_parts_without_codes(lang):
    game = hadara()
    names = set()
    for c in game.data.cards:
        name = game.display_name(c.id, lang)
        lines = game.card_text(c.id, lang)
        assert lines and str(c.cost) in lines[0], (c.id, lines)
        assert not RAW.search(" ".join([name, *lines])), (c.id, name, lines)
        parts = 1 + any(c.bonus.as_tuple()) + (c.effect is not None) + bool(c.vp) + c.star  # a line per part
        assert len(lines) == parts, (c.id, lines)
        names.add(name)
    assert len(names) == len(game.data.cards)  # the built-in cards are told apart by their names


def test_card_texts_use_plural_forms():
    game = hadara()
    one = find_card(game, epoch=1, color="blue", effect=False)
    cheap = variant(game, cards={one: {"cost": 1}})
    five = variant(game, cards={one: {"cost": 5}})
    three = variant(game, cards={one: {"cost": 3}})
    cid = game.card_id[one]
    assert cheap.card_text(cid, "en")[0].startswith("Costs 1 coin;")
    assert five.card_text(cid, "en")[0].startswith("Costs 5 coins;")
    assert cheap.card_text(cid, "ru")[0].startswith("Стоимость: 1 монета;")
    assert three.card_text(cid, "ru")[0].startswith("Стоимость: 3 монеты;")
    assert five.card_text(cid, "ru")[0].startswith("Стоимость: 5 монет;")
    assert five.card_text(cid, "hu")[0].startswith("Ár: 5 érme;")  # Hungarian: a number takes the singular


def test_purple_effects_are_worded_with_their_parameters():
    game = hadara()
    pe6 = game.card_id[find_card(game, pe="PE6")]
    assert "pay 2 coins instead of removing a card, at most 6 times a step" in " ".join(game.card_text(pe6, "en"))
    assert "заплатить 2 монеты вместо того, чтобы убрать карту" in " ".join(game.card_text(pe6, "ru"))
    pe5 = game.card_id[find_card(game, pe="PE5")]
    text = " ".join(game.card_text(pe5, "en"))
    assert "silver 4 coins in epoch II, 15 coins in epoch III" in text and "gold 6 coins in epoch II" in text
    assert "в эпохе II" in " ".join(game.card_text(pe5, "ru"))
    patron = next(k for k in find_cards(game, pe="PE15") if game.data.cards[k].effect.color == "blue")
    assert "Культура +1 за каждую вашу синюю карту" in " ".join(game.card_text(game.card_id[patron], "ru"))
    assert "Kultúra +1 minden kék lapodért" in " ".join(game.card_text(game.card_id[patron], "hu"))


def test_the_catalogue_lists_every_card_with_its_colour_as_deck():
    game = hadara()
    catalog = game.card_catalog()
    assert [e["id"] for e in catalog] == game.card_id
    assert {e["deck"] for e in catalog} == {"blue", "yellow", "green", "red", "purple"}


# --- prompts --------------------------------------------------------------------------------------


def test_every_decision_kind_has_its_prompt_in_every_language():
    game = hadara()
    for lang in LANGS:
        assert game.prompt_keys() <= templates("hadara", lang).keys(), lang
    kinds = {key.split(".")[1] for key in game.prompt_keys()}
    assert kinds == {"side", "wheel", "draw", "take", "colony", "colony_mode", "statue", "tile", "feed", "medals"}


def test_prompt_side_and_wheel():
    game = hadara()
    st = game.new(3, 4)
    number = game.data.start_cards[st.seats[0].start].number
    assert words(game, st, 0) == (
        f"Choose the side of your start card {number}: each side has its own initiative, start values and coins"
    )
    game.apply(st, 0, A.SIDE)
    assert game.describe_decision(st, 0) == {"kind": "side", "form": "chosen"}
    assert words(game, st, 0, "ru") == "Сторона выбрана; ждём остальных"
    game.apply(st, 1, A.SIDE)
    game.apply(st, 2, A.SIDE)
    first = st.first[0]
    assert words(game, st, first) == (
        "You are the first player of epoch I: set the wheel by choosing the deck you draw from first"
    )
    assert "установите колесо" in words(game, st, first, "ru")


def test_prompt_draw_names_both_drawn_cards_its_deck_and_the_coins():
    game, st = fresh(3, seed=2)
    game.apply(st, st.first[0], A.WHEEL)
    seat = st.seats[0]
    one, other = (game.display_name(game.card_id[k], "en") for k in seat.hand)
    text = words(game, st, 0)
    assert text.startswith(f"Round 1 of 5: you drew {one} and {other} from the ")
    assert f"(you have {seat.coins} coins)" in text
    description = game.describe_decision(st, 0)
    assert "card" not in description  # both cards are on the board; none is "the" prompt card
    ru = words(game, st, 0, "ru")
    assert ru.startswith("Раунд 1 из 5: вы взяли из ") and "колоды карты «" in ru


def test_prompt_take_colony_statue_medals():
    game, st = blank(players=3, step="B1")
    to_pile(game, st, find_card(game, epoch=1, color="red", effect=False))
    put(st, 0, "take")
    st.seats[0].coins = 1
    assert words(game, st, 0) == (
        f"Take the top card of a discard pile and buy or sell it (your turn {st.turn // 3 + 1} of 5; you have 1 coin)"
    )
    game, st = blank()
    set_tracks(game, st.seats[0], military=9)
    put(st, 0, "colony", step="A4")
    assert words(game, st, 0) == "Take a colony your military (9) reaches, or pass"
    assert words(game, st, 0, "ru") == (
        "Захватите колонию, необходимое значение которой не больше вашего военного дела (9), или пасуйте"
    )
    set_tracks(game, st.seats[0], culture=7)
    st.stack.pop()
    put(st, 0, "statue", step="A5")
    assert "Create a statue in a free slot your culture (7) reaches with one of your 8 unused bonus tiles" in words(
        game, st, 0
    )
    assert "бонусных жетонов" in words(game, st, 0, "ru") and "лицевой стороной вниз" in words(game, st, 0, "ru")
    st.stack.pop()
    st.seats[0].coins = 21
    put(st, 0, "medals", step="B6")
    silver, gold = game.medal_prices(st, st.seats[0])
    text = words(game, st, 0)
    assert f"a silver medal costs {silver} coins" in text and f"a gold one {gold} coins" in text
    assert "you have 21 coins" in text and "7 VP per set of five colours" in text
    assert "у вас 21 монета" in words(game, st, 0, "ru")


def test_prompt_colony_mode_shows_the_front_only():
    game, st = blank()
    token = st.stacks[1][-1]
    col = game.colonies[token]
    give_colony(game, st, 0, token)
    st.seats[0].coins = 5
    put(st, 0, "colony_mode", step="A4")
    text = words(game, st, 0)
    assert f"Your new colony (military {col.requirement}): plunder it for {col.plunder} coins" in text
    assert f"annex it for {col.annex_cost} coin" in text and "you have 5 coins" in text
    assert str(col.back_vp) + " VP" not in text.replace(f"{col.front_vp} VP", "")  # the back stays hidden (R50)


def test_prompt_tile_names_the_card_and_prompt_feed_counts():
    game, st = blank(epoch=2)
    card = find_card(game, pe="PE3")
    give(game, st, 0, card)
    put(st, 0, "tile", card=card)
    assert game.describe_decision(st, 0)["card"] == game.card_id[card]
    assert words(game, st, 0) == (
        f"Put one of your unused bonus tiles on {game.display_name(game.card_id[card], 'en')}: that tile's track +2"
    )
    game, st = blank(step="B5")
    cards = find_cards(game, epoch=1, color="red", effect=False, food=0)[:5]
    give(game, st, 0, *cards)
    set_tracks(game, st.seats[0], food=3)
    put(st, 0, "feed")
    assert words(game, st, 0) == "Feeding: you own 5 cards but your food is 3: remove 2 cards"
    assert words(game, st, 0, "ru") == (
        "Обеспечение продовольствием: у вас 5 карт, а сельское хозяйство — 3: уберите карты (2)"
    )
    pe6 = find_card(game, pe="PE6", epoch=1)
    give(game, st, 0, pe6)
    st.seats[0].coins = 10
    set_tracks(game, st.seats[0], food=3)
    assert words(game, st, 0).endswith("remove 3 cards, or pay 2 coins for each instead (up to 6 times this step)")


# --- why not ---------------------------------------------------------------------------------------


def test_why_not_a_drawn_card_it_cannot_pay_for_R38():
    game, st = fresh(2, seed=11)
    game.apply(st, st.first[0], A.WHEEL)
    seat = st.seats[1]
    keep = seat.hand[1]
    seat.coins = game.price(seat, keep) - 1
    found = [w for w in game.why_not(st, 1) if w["card"] == game.card_id[keep]]
    assert found == [
        {
            "reason": "unaffordable",
            "verb": "buy",
            "card": game.card_id[keep],
            "cost": game.price(seat, keep),
            "have": seat.coins,
            "rule": "R38",
        }
    ]
    worded = [w for w in why_not_words(game, st, 1, "en") if w["card"] == game.card_id[keep]]
    cost = game.price(seat, keep)
    assert worded[0]["text"] == f"costs {cost} coin{'s' * (cost != 1)}, you have {seat.coins}: you can only sell it"
    assert worded[0]["rule"] == "R38" and "R38" in rules_summary("hadara", "en")
    # the refusal of the action itself says the same
    with pytest.raises(Exception) as info:
        game.apply(st, 1, A.draw(0, False))
    assert str(worded[0]["text"]) in str(info.value)


def test_why_not_colonies_say_which_requirement_and_the_numbers():
    game, st = blank()
    low, high = game.requirements[0], game.requirements[2]
    give_colony(game, st, 0, colony_of(game, low)[0])
    set_tracks(game, st.seats[0], military=low + 1)
    put(st, 0, "colony", step="A4")
    by = {w["requirement"]: w for w in game.why_not(st, 0)}
    assert by[low]["reason"] == "colony_owned" and by[low]["rule"] == "R53"
    assert by[high] | {"need": high, "have": low + 1, "rule": "R46"} == by[high]
    texts = {w["text"] for w in why_not_words(game, st, 0, "en")}
    assert f"you already own a colony of military {low}" in texts
    assert f"the colony of military {high} needs military {high}, you have {low + 1}" in texts
    ru = {w["text"] for w in why_not_words(game, st, 0, "ru")}
    assert f"у вас уже есть колония с необходимым значением {low}" in ru


def test_why_not_with_the_buy_down_card_names_the_price_of_the_missing_points():
    game, st = blank()
    give(game, st, 0, find_card(game, pe="PE2"))
    v = 2
    need = game.requirements[v]
    set_tracks(game, st.seats[0], military=need - 2)
    st.seats[0].coins = 5
    put(st, 0, "colony", step="A4")
    item = next(w for w in game.why_not(st, 0) if w["requirement"] == need)
    assert item["form"] == "pay" and item["cost"] == 6 and item["coins"] == 5
    assert refusal_text(game, item, "en").endswith("the missing points cost 6 coins, you have 5")


def test_why_not_statues_annexing_and_medals():
    game, st = blank()
    set_tracks(game, st.seats[0], culture=game.slots[0].requirement)
    put(st, 0, "statue", step="A5")
    found = game.why_not(st, 0)
    assert [w["n"] for w in found] == [2, 3, 4] and {w["reason"] for w in found} == {"statue_culture"}
    assert refusal_text(game, found[0], "en") == (
        f"statue slot 2 needs culture {game.slots[1].requirement}, you have {game.slots[0].requirement}"
    )
    game, st = blank()
    token = next(t for t in range(len(game.colonies)) if game.colonies[t].annex_cost > 0 and t in st.stacks[1])
    top_colony(game, st, token)
    give_colony(game, st, 0, token)
    st.seats[0].coins = 0
    put(st, 0, "colony_mode", step="A4")
    assert [w["reason"] for w in game.why_not(st, 0)] == ["annex_coins"]
    assert "колонию нужно разграбить" in why_not_words(game, st, 0, "ru")[0]["text"]
    game, st = blank(step="B6")
    st.seats[0].coins = 1
    put(st, 0, "medals")
    gold = next(w for w in why_not_words(game, st, 0, "en") if w["verb"] == "gold")
    assert gold["text"] == f"a gold medal costs {game.medal_prices(st, st.seats[0])[1]} coins, you have 1"


def test_why_not_names_no_hidden_card_and_does_not_change_with_a_redeal():
    game = hadara()
    rng = random.Random(1)
    for seed in range(4):
        st = game.new(3, seed)
        for _ in range(300):
            actors = game.actors(st)
            if not actors:
                break
            seat = actors[0]
            mine = game.why_not(st, seat)
            shown = set(game.view(st, seat)["cards"])
            assert all(w.get("card") is None or w["card"] in shown for w in mine)
            for other in range(st.players):
                if other != seat:
                    hidden = {game.card_id[k] for k in st.seats[other].hand + st.seats[other].sold_secret}
                    assert not hidden & {w.get("card") for w in mine}
            redealt = game.determinize(st, seat, random.Random(seed))
            assert game.why_not(redealt, seat) == mine
            assert game.describe_decision(redealt, seat) == game.describe_decision(st, seat)
            game.apply(st, seat, rng.choice(game.legal(st, seat)))


def test_refusals_of_actions_read_as_the_why_not_sentences():
    game, st = blank()
    set_tracks(game, st.seats[0], military=0)
    put(st, 0, "colony", step="A4")
    d = st.stack[-1]
    item = refusal(game, st, d, 0, A.COLONY + 4)
    assert item["reason"] == "colony_military"
    with pytest.raises(Exception) as info:
        game.apply(st, 0, A.COLONY + 4)
    assert refusal_text(game, item, "en") in str(info.value)


# --- the log ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_logs_in_words_naming_seats_and_cards(lang):
    game = hadara()
    rng = random.Random(3)
    for players in (2, 4):
        st = game.new(players, 3)
        lines = []
        while game.actors(st):
            seat = game.actors(st)[0]
            for ev in visible(game.apply(st, seat, rng.choice(game.legal(st, seat))), 0):
                lines.append(render("hadara", ev, lang, NAMES[:players], game.display_name))
        bad = [line for line in lines if RAW.search(line) or not line.strip()]
        assert bad == []
        winners = [NAMES[s] for s in game.winners(st)]
        assert any(all(w in line for w in winners[:1]) for line in lines[-len(winners) :])
        joined = "\n".join(lines)
        assert "Step" not in joined and "Этап" not in joined and "Szakasz:" not in joined
        if lang == "ru":
            assert not re.search(r"[A-Za-z]{4,}", re.sub(r"\b(?:Ana|Boris|Vera|Gleb)\b", "", joined))


def test_log_first_players_and_compensation_name_the_seats():
    game = hadara()
    st = game.new(4, 1)
    events = []
    for i in range(4):  # the sides chosen, the start cards apply (R23-R24)
        events += game.apply(st, i, A.SIDE)
    first = next(e for e in events if e["type"] == "first_players")
    text = render("hadara", first, "en", NAMES[:4], game.display_name)
    assert text == (
        f"First players: {NAMES[st.first[0]]} in epoch I, {NAMES[st.first[1]]} in epoch II, "
        f"{NAMES[st.first[2]]} in epoch III"
    )
    paid = [e for e in events if e["type"] == "compensation"]
    assert [e["seat"] for e in paid] == [s for s in range(4) if s not in st.first]
    assert render("hadara", paid[0], "ru", NAMES[:4], game.display_name) == (
        f"{NAMES[paid[0]['seat']]} ни разу не будет первым игроком и получает 1 монету"
    )


def test_log_russian_plurals_and_cases():
    game = hadara()
    ev = {"type": "bought", "seat": 0, "card": game.card_id[0], "price": 1}
    name = game.display_name(game.card_id[0], "ru")
    assert render("hadara", ev, "ru", NAMES, game.display_name) == f"Ana покупает: «{name}» за 1 монету"
    assert render("hadara", {**ev, "price": 3}, "ru", NAMES, game.display_name).endswith("за 3 монеты")
    assert render("hadara", {**ev, "price": 5}, "ru", NAMES, game.display_name).endswith("за 5 монет")
    assert render("hadara", {**ev, "price": 0}, "ru", NAMES, game.display_name).endswith("бесплатно")
    took = {"type": "took", "seat": 1, "card": game.card_id[0], "pile": "yellow"}
    assert render("hadara", took, "ru", NAMES, game.display_name).startswith("Boris берёт из жёлтой стопки сброса: «")
    income = {"type": "income", "seat": 2, "coins": 4, "tax": 0}
    assert render("hadara", income, "ru", NAMES, game.display_name) == "Vera получает доход: 4 монеты"
    assert render("hadara", income, "en", NAMES, game.display_name) == "Vera takes 4 coins of income"


# --- the Russian rulebook's terms -------------------------------------------------------------------


def test_russian_words_are_the_rulebook_terms():
    ru = {**templates("hadara", "ru"), **ui_strings("hadara", "ru")}
    text = "\n".join(ru.values())
    for term in (
        "бонусный жетон",
        "лицевой стороной вниз",
        "необходимым значением",
        "продовольствия",
        "убрать карту",
        "устанавливает колесо",
        "разграбляет",
        "Получение дохода",
        "Захват колонии",
        "Создание статуи",
        "Обеспечение продовольствием",
        "Покупка медалей",
        "Оставшиеся монеты (5 = 1 ПО)",
        "на обороте",
        "Хадара",
    ):
        assert term.lower() in text.lower(), term
    for wrong in ("рубашкой вверх", "жетон бонуса", "еды", "грабит ", "поворачивает колесо", "Доход»", " оборот "):
        assert wrong not in text, wrong
    assert ru["side.A"] == "А" and ru["side.B"] == "Б"  # Cyrillic letters


def test_every_option_and_score_row_has_a_label_and_help_in_each_language():
    game = hadara()
    for lang in LANGS:
        ui = ui_strings("hadara", lang)
        assert ui["title"] == {"en": "Hadara", "ru": "Хадара", "hu": "Hadara"}[lang]
        for option in game.options:
            assert ui[f"option.{option.name}"] and ui[f"option.{option.name}.help"].endswith(".")
            for choice in option.choices:
                assert ui[f"option.{option.name}.{choice}"]
        for key in ("colonies", "statues", "silver", "gold", "cards", "coins", "tiebreak"):
            assert ui[f"score.{key}.help"], (lang, key)
        assert "0" in ui["score.gold.help"]  # says why a gold medal may score nothing


def test_score_notes_explain_a_gold_medal_without_a_set():
    game, st = blank(epoch=3, step="B6")
    give(game, st, 0, *find_cards(game, epoch=1, color="red", effect=False)[:2])
    st.seats[0].gold = 1
    st.seats[0].coins = 13
    notes = game.score_notes(st, st.seats[0])
    missing = ["blue", "yellow", "green", "purple"]  # what a set lacks: the page says why gold scored 0
    assert notes["gold"] == {"medals": 1, "sets": 0, "bonus": 0, "jokers": 0, "missing": missing}
    assert notes["coins"] == {"coins": 13, "vp": 2, "left": 3}
    assert game.score_seat(st, st.seats[0]).breakdown["gold"] == 0


def test_every_rule_the_words_cite_has_a_summary_in_each_language():
    for lang in LANGS:
        summary = rules_summary("hadara", lang)
        assert all(f"R{n}" in summary for n in range(1, 99)), lang
        assert not any(RAW.search(text) for text in summary.values())


@pytest.mark.parametrize("track", [MILITARY, CULTURE, FOOD])
def test_track_words_exist_for_every_part_that_names_a_track(track):
    for lang in LANGS:
        ui = ui_strings("hadara", lang)
        name = ("income", "military", "culture", "food")[track]
        assert ui[f"tile.{name}"] and ui[f"track.{name}"] and ui[f"term.{name}"]
