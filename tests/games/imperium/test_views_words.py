"""Imperium in words: each card's text from its operations, the prompt of every decision naming the
card that asks, what a seat cannot do and why (never naming a card it cannot see), the log lines,
and the Russian rulebook's terms. On the scenario helpers (scenario.py)."""

from __future__ import annotations

import random
import re

from epochal.engine.locale import action_words, prompt_words, render, rules_summary, ui_strings, why_not_words
from epochal.games.imperium import actions as A
from tests.games.imperium.scenario import fresh, give, idx, play, put_in_market

NAMES = ["Ana", "Boris", "Vera", "Gleb"]
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b\d[A-Z]{2,}\d+\b|[{}]|effect:|tokens:|None|True|False")


def text(game, card_id, lang):
    return game.card_text(card_id, lang)


def prompt(game, st, seat, lang):
    return prompt_words(game, st, seat, lang, NAMES)["text"]


# --- card texts --------------------------------------------------------------------------------


def test_prosperity_reads_as_its_effects_in_english_and_in_the_rulebooks_russian_terms():
    game, _ = fresh("Romans", "Celts", activate=False)
    assert text(game, "1ROM9", "en")[1] == (
        "Play: All players may draw 1 card. Choose one: gain 1 material for each production icon in your "
        "play area OR gain 1 population for each region card in your play area."
    )
    ru = text(game, "1ROM9", "ru")[1]
    assert ru.startswith("При розыгрыше: Все игроки могут взять 1 карту. Выберите: получить 1 жетон ресурсов")
    assert "за каждую карту региона в вашей игровой области" in ru


def test_a_development_card_shows_its_cost_its_attack_and_its_vp_with_plural_forms():
    game, _ = fresh("Romans", "Celts", activate=False)
    en = text(game, "1ROM3", "en")
    assert en == [
        "Attack · Empire",
        "Development cost: 4 materials and 1 population",
        "Play: All other players discard 2 cards. You may break through for 1 civilised card.",
        "Scores 3 VP",
    ]
    ru = text(game, "1ROM3", "ru")
    assert ru[1] == "Цена прогресса: 4 жетона ресурсов и 1 жетон населения"
    assert ru[2] == (
        "При розыгрыше: Все остальные игроки сбрасывают 2 карты с руки. Вы можете присвоить 1 карту цивилизации."
    )
    assert "Приносит 1 ПО за каждые 6 жетонов ресурсов в вашем запасе" in text(game, "1CAR1", "ru")  # many
    assert "Приносит 1 ПО за каждые 3 жетона ресурсов в вашем запасе" in text(game, "1CAR1", "ru")[-1]  # few


def test_a_reaction_and_a_passive_read_as_sentences_with_their_keywords():
    game, _ = fresh("Celts", "Romans", activate=False)
    ru = text(game, "1CEL1", "ru")
    assert ru[1] == (
        "Эксплуатация: Когда вы приобретаете или присваиваете карту истоков, вы можете эксплуатировать эту "
        "карту, чтобы заставить всех остальных игроков взять 1 карту беспорядков."
    )
    assert text(game, "1TRI5", "en")[1] == "Passive: Your hand limit rises by 1."
    assert text(game, "1UNC10", "ru")[-1] == "Приносит 2 ПО за каждый символ плодородия среди всех ваших карт"
    assert text(game, "1FAM9", "ru")[-1].startswith("Сторона Б: При розыгрыше: Если ваш период — варварство")


def test_every_card_has_a_text_in_each_language_without_codes():
    game, _ = fresh("Romans", "Celts", activate=False)
    for card in game.cards:
        for lang in ("en", "ru"):
            lines = text(game, card.id, lang)
            assert len(lines) >= 2 or card.power or card.unplayable, (card.id, lines)
            assert not RAW.search(" ".join(lines)), (card.id, lang, lines)


# --- names -------------------------------------------------------------------------------------


def test_russian_names_are_the_rulebooks_or_marked_translations_with_the_english_name_known():
    game, _ = fresh("Romans", "Celts", activate=False)
    assert game.display_name("1UNC12", "ru") == "Колодец-журавль"  # printed in the rulebook
    assert game.display_name("1UNC11", "ru") == "Лодки" and game.display_name("1UNC19", "ru") == "Порт"
    assert game.display_name("1CAR11", "ru") == "Реформы*"  # our translation, marked
    assert game.display_name("1CAR11", "en") == "Advance"
    cards = game.table_constants()["cards"]
    assert cards["1CAR11"]["en"] == "Advance" and "en" not in cards["1UNC12"]
    official = sum(1 for c in game.cards if c.name_ru)
    assert official + sum(1 for c in game.cards if c.name_ru_translated) == len(game.cards)
    assert not any(c.name_ru and c.name_ru_translated for c in game.cards)


def test_the_russian_table_uses_the_rulebooks_terms():
    ui = ui_strings("imperium", "ru")
    assert ui["title"] == "Империи: Классика и Легенды"
    assert ui["unrest_pile"] == "Колода беспорядков" and ui["exile"] == "Колода изгнания"
    assert ui["in_hand"] == "на руке: {n}" and ui["garrison"] == "Карты укрепления"
    assert ui["kok.B"] == "«Царь царей»: сторона Б" and ui["side.Romans"] == "Римляне"
    assert ui["option.power_side.B"] == "Сторона Б"


# --- prompts and answers -------------------------------------------------------------------------


def test_the_turn_and_activate_prompts_say_what_is_decided():
    game, st = fresh("Romans", "Celts", activate=False)
    assert prompt(game, st, 0, "en").startswith("Choose Activate (play and exhaust cards), Innovate")
    game.apply(st, 0, A.ACTIVATE)
    assert prompt(game, st, 0, "en").endswith("(3 action tokens and 5 exhaust tokens left)")
    assert prompt(game, st, 0, "ru").endswith("(у вас 3 жетона действия и 5 жетонов эксплуатации)")


def test_a_choice_names_the_card_that_asks_and_each_option_reads_as_what_it_does():
    game, st = fresh("Romans", "Celts")
    give(game, st, 0, "1ROM15")  # Prosperity: all players may draw, then choose
    play(game, st, 0, "1ROM15")
    d = game.describe_decision(st, 0)
    assert d["kind"] == "may" and d["card"] == "1ROM15"
    assert prompt(game, st, 0, "en") == "Prosperity: you may draw 1 card"
    assert prompt(game, st, 0, "ru") == "Процветание: вы можете взять 1 карту"
    assert action_words(game, st, 0, A.YES, "en", NAMES) == "Yes: draw 1 card"
    game.apply(st, 0, A.NO)
    assert prompt(game, st, 1, "en") == "Prosperity of Ana: you may draw 1 card"  # all players may
    game.apply(st, 1, A.NO)
    assert prompt(game, st, 0, "ru") == "Процветание: выберите один вариант"
    options = [action_words(game, st, 0, a, "en", NAMES) for a in game.legal(st, 0)]
    assert options == [
        "Gain 1 material for each production icon in your play area",
        "Gain 1 population for each region card in your play area",
    ]


def test_a_card_choice_says_what_the_card_is_chosen_for():
    game, st = fresh("Romans", "Celts")
    give(game, st, 0, "1ROM14")  # Glory: abandon 3 regions, then the fame deck
    for region in ("1ROM11", "1ROM12", "1ROM20", "1CEL9"):
        give(game, st, 0, region, "play")
    play(game, st, 0, "1ROM14")
    assert prompt(game, st, 0, "en") == "Glory: choose a card in your play area to abandon (3 to go)"
    abandon = "Величие*: выберите карту в вашей игровой области, которую разрушите (осталось: 3)"
    assert prompt(game, st, 0, "ru") == abandon
    words = {action_words(game, st, 0, a, "ru", NAMES) for a in game.legal(st, 0)}
    assert "Разрушить «Аквитанская Галлия*»" in words


# --- why not -------------------------------------------------------------------------------------


def test_why_not_names_the_state_and_the_action_token_with_their_rules_but_not_a_missing_payment():
    game, st = fresh("Romans", "Celts")
    p = st.seats[0]
    give(game, st, 0, "1ROM3")  # Empire card, Barbarian state
    give(game, st, 0, "1CAR11")  # Advance: pay 3 or 5 materials
    p.materials = 1
    p.progress = 0
    reasons = {w["card"]: w for w in game.why_not(st, 0)}
    assert reasons["1ROM3"]["reason"] == "needs_empire" and reasons["1ROM3"]["rule"] == "R72"
    assert "1CAR11" not in reasons  # played all the same, for nothing (R71, R73)
    words = {w["card"]: w["text"] for w in why_not_words(game, st, 0, "ru", NAMES)}
    assert words["1ROM3"] == "можно разыграть только в периоде цивилизации"
    p.actions = 0
    give(game, st, 0, "1ROM16")
    reasons = {w["card"]: w for w in game.why_not(st, 0)}
    assert reasons["1ROM16"]["reason"] == "no_action" and reasons["1ROM16"]["rule"] == "R71"


def test_why_not_a_payment_says_what_it_needs_and_what_the_seat_has():
    game, st = fresh("Greeks", "Celts")
    p = st.seats[0]
    p.actions = 1  # the Greek power card spends 2 actions to exhaust
    reasons = {w["card"]: w["text"] for w in why_not_words(game, st, 0, "en", NAMES)}
    assert reasons["1GRE1"] == "needs 2 actions; you have 1 action"
    give(game, st, 0, "1CAR10", "play")  # Caravans: exhaust: pay 3 materials and discard a card
    p.materials, p.progress = 1, 0
    reasons = {w["card"]: w["text"] for w in why_not_words(game, st, 0, "ru", NAMES)}
    assert reasons["1CAR10"] == "нужно 3 жетона ресурсов, а у вас 1 жетон ресурсов"
    p.exhausts = 0
    reasons = {w["card"]: w["text"] for w in why_not_words(game, st, 0, "ru", NAMES)}
    assert reasons["1GRE1"] == "нет жетона эксплуатации, чтобы эксплуатировать эту карту"


def test_why_not_an_exhaust_opening_with_a_discard_says_the_step_and_leaves_the_name_to_the_page():
    game, st = fresh("Romans", "Celts")
    p = st.seats[0]
    give(game, st, 0, "1CIV14", "play")  # Temple: exhaust: discard a card to gain 1 progress
    give(game, st, 0, "1ROM14")  # Glory: with no region in play it is still played (R71, R73)
    p.deck += [c for c in p.hand if c != idx(game, "1ROM14")]
    p.hand = [idx(game, "1ROM14")]
    reasons = {w["card"]: w for w in why_not_words(game, st, 0, "ru", NAMES)}
    assert "1ROM14" not in reasons
    p.hand = []
    reasons = {w["card"]: w for w in why_not_words(game, st, 0, "ru", NAMES)}
    assert reasons["1CIV14"]["rule"] == "R163"
    assert reasons["1CIV14"]["text"] == "сейчас нельзя сбросить 1 карту с руки"


def test_why_not_says_nothing_of_cards_the_seat_cannot_see():
    game = fresh("Romans", "Celts", activate=False)[0]
    for seed in range(4):
        rng = random.Random(seed)
        st = game.new(3, seed)
        for _ in range(300):
            if st.over:
                break
            seat = game.actors(st)[0]
            told = game.why_not(st, seat)
            again = game.why_not(game.determinize(st, seat, random.Random(seed)), seat)
            assert told == again
            described = game.describe_decision(st, seat)
            assert described == game.describe_decision(game.determinize(st, seat, random.Random(seed + 1)), seat)
            game.apply(st, seat, rng.choice(game.legal(st, seat)))


def test_a_market_card_an_acquire_does_not_ask_for_says_so():
    game, st = fresh("Romans", "Celts")
    give(game, st, 0, "1ROM6")  # The Senate: you may acquire a civilised card
    st.seats[0].empire = True
    put_in_market(game, st, 0, "1REG6")
    put_in_market(game, st, 2, "1CIV2")
    play(game, st, 0, "1ROM6")
    refused = {w["card"] for w in game.why_not(st, 0) if w["reason"] == "not_asked"}
    assert "1REG6" in refused and "1CIV2" not in refused


# --- the log ----------------------------------------------------------------------------------------


def test_log_lines_speak_russian_with_plural_forms_and_seat_names():
    game = fresh("Romans", "Celts", activate=False)[0]

    def said(line, lang="ru"):
        return render("imperium", line, lang, NAMES, game.display_name)

    line = {"type": "pay", "seat": 0, "res": "materials", "n": 5}
    assert said(line) == "Ana тратит 5 жетонов ресурсов"
    line = {"type": "gain", "seat": 1, "res": "population", "n": 2}
    assert said(line) == "Boris получает 2 жетона населения"
    line = {"type": "market_token", "seat": 1, "res": "progress", "n": 1, "card": "1REG10"}
    assert said(line) == "Boris кладёт 1 жетон модернизации на карту «Степь*»"
    line = {"type": "end_triggered", "why": "developed", "rule": "R214", "seat": 0}
    assert "у игрока Ana не осталось карт в области прогресса" in said(line)
    line = {"type": "revolt", "seat": 0, "returned": 1}
    assert said(line, "en") == "Ana revolts, returning 1 unrest card"


def test_the_end_names_each_seats_score_and_the_winners():
    from epochal.games.imperium import scoring

    game, st = fresh("Romans", "Celts")
    lines = [render("imperium", e, "en", NAMES, game.display_name) for e in scoring.result_events(game, st)]
    assert lines[0].startswith("Ana: ") and lines[0].endswith(" VP") and lines[-1].endswith(" wins")


def test_every_rule_the_prompts_and_reasons_cite_is_summarised_in_both_languages():
    game = fresh("Romans", "Celts", activate=False)[0]
    for lang in ("en", "ru"):
        summary = rules_summary("imperium", lang)
        cited = {"R67", "R69", "R71", "R72", "R74", "R77", "R78", "R80", "R130", "R150", "R163", "R164", "R171"}
        assert cited <= summary.keys()
        assert not any(re.search(r"[A-Za-z]{4}", summary[k]) for k in summary if lang == "ru" and k.startswith("R"))
    assert idx(game, "1ROM1") >= 0


def test_every_event_of_random_games_has_a_line_in_each_language():
    game = fresh("Romans", "Celts", activate=False)[0]
    for lang in ("en", "ru"):
        for seed in range(3):
            rng = random.Random(seed)
            st = game.new(2 + seed, seed)
            while not st.over:
                seat = game.actors(st)[0]
                for ev in game.apply(st, seat, rng.choice(game.legal(st, seat))):
                    line = render("imperium", ev, lang, NAMES, game.display_name)
                    assert "=" not in line and not RAW.search(line), (lang, ev, line)


def test_R95_the_drawer_alone_reads_which_cards_were_drawn():
    """A draw is public as a count; the cards drawn are named to the drawer only."""
    from epochal.engine import get_game, visible

    game = get_game("imperium")
    st = game.new(2, 4, {"nations": "Romans,Celts"})
    rng = random.Random(4)
    while True:
        seat = game.actors(st)[0]
        events = game.apply(st, seat, rng.choice(game.legal(st, seat)))
        drew = [ev for ev in events if ev["type"] == "drew"]
        if drew:
            break
    who = drew[0]["seat"]
    mine = [render("imperium", ev, "ru", NAMES, game.display_name) for ev in visible(events, who)]
    line = next(t for t in mine if "берёт на руку:" in t)
    assert not re.search(r"\d[A-Z]{2,}\d+", line)  # names, not ids
    for other in (1 - who, None):
        assert [ev for ev in visible(events, other) if ev["type"] == "drew"] == []
        assert any(ev["type"] == "draw" for ev in visible(events, other))
