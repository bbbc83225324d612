"""Imperial Settlers in words (words.py and the locales): card names in the reader's language with
translations marked, card texts generated from the operations with plural forms, the prompt of
each decision naming its card, the things a seat cannot do now and why (nothing hidden named),
log lines with names and goods in words, and the Russian rulebook's terms."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from epochal.engine.locale import prompt_words, render, rules_summary, templates, ui_strings, why_not_words
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers import words

from .scenario import act, begin, fresh, give, settlers, supply

LOCALE = Path(words.__file__).parent / "locale"
SPEC = Path(__file__).resolve().parents[4] / "shared" / "rules" / "imperial-settlers.md"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN = re.compile(r"[A-Za-z]")
NAMES = ["Ana", "Boris", "Cara", "Dan"]


@pytest.fixture(scope="module")
def game():
    return settlers()


# --- names ------------------------------------------------------------------------------------


def test_the_edition_name_where_known_else_our_translation_marked(game):
    assert game.display_name("COM003", "ru") == "Дровяной склад"  # the Russian rulebook's name
    assert game.display_name("COM003", "en") == "Wood Storage"
    assert game.display_name("COM001", "ru") == "Статуя*"  # translated from the English name
    assert game.display_name("ROM027", "en") == "Stonemason*"  # translated from the Czech Kameník
    assert game.display_name("ROM027", "ru") == "Каменотёс*"
    assert game.display_name("JAP008", "ru") == "Гарнизон"  # official in Russian...
    assert game.display_name("JAP008", "en") == "Garrison*"  # ...only probable in English
    assert game.display_name("COM013", "ru") == game.display_name("COM012", "ru")  # a copy


def test_every_card_is_named_in_each_language_and_never_in_another(game):
    for entry, _ in game.data.entries:
        en, ru = game.display_name(entry.id, "en"), game.display_name(entry.id, "ru")
        assert not CYRILLIC.search(en), en
        assert not LATIN.search(ru), ru
        assert "(cs)" not in en + ru and entry.name_cs not in (en, ru) or entry.name_cs in (entry.name, "Dojo")
        for lang, name in (("en", en), ("ru", ru)):
            official = {"en": entry.name, "ru": entry.name_ru}[lang]
            assert name.endswith("*") != bool(official), (entry.id, lang, name)


def test_the_board_learns_which_names_are_translations_and_what_is_known(game):
    sources = words.name_sources(game)
    assert sources["ROM027"] == {"en": {"cs": "Kameník"}, "ru": {"cs": "Kameník"}}
    assert sources["COM001"] == {"ru": {"en": "Statue"}}
    assert sources["JAP008"]["en"] == {"cs": "Pevnost", "ru": "Гарнизон", "probable": "Garrison"}
    assert "COM003" not in sources  # official in both languages
    constants = game.table_constants()
    assert constants["names"] == sources
    assert constants["entries"]["COM013"] == "COM012"
    assert constants["cards"]["COM012"]["kind"] == "production"


# --- card texts -------------------------------------------------------------------------------


def test_a_card_text_from_its_operations_in_each_language(game):
    assert game.card_text("COM061", "en") == [
        "Cost: 1 wood, 2 stone",
        "Action (cost: 1 worker, one of your deals): 2 VP; up to twice a round",
        "Raze bonus: 1 gold, 1 VP",
        "1 VP at game end",
    ]
    assert game.card_text("COM061", "ru") == [
        "Стоимость: 1 дерево, 2 камня",
        "Действие (стоимость: 1 рабочий, 1 ваша сделка): 2 ПО; до двух раз за раунд",
        "Бонус разрушения: 1 золотой, 1 ПО",
        "1 ПО в конце игры",
    ]
    lines = game.card_text("COM025", "ru")
    assert "Производство: 1 еда за каждую свою красную локацию (не больше 3)" in lines
    assert "Каждый раз, построив серую локацию: 1 золотой, 1 ПО" in game.card_text("COM002", "ru")
    assert "One copy differs: raze bonus 1 worker, 1 wood" in game.card_text("COM012", "en")


def test_unknown_abilities_say_so_in_plain_words(game):
    assert "Its ability is not known yet: only its cost, deal and raze bonus are played" in game.card_text(
        "ROM001", "en"
    )
    garrison = game.card_text("JAP008", "ru")
    assert any(line.startswith("Условное действие, только с вариантом «условные карточки»") for line in garrison)
    assert any(line.startswith("Стоимость действия неизвестна") for line in garrison)
    assert game.card_text("ATK001", "ru") == [
        "Карточка атаки виртуального противника, цель — дерево",
        "Условная карточка: состав напечатанной колоды атаки неизвестен",
    ]


@pytest.mark.parametrize(
    ("good", "forms"),
    [
        ("worker", {1: "1 рабочий", 2: "2 рабочих", 5: "5 рабочих", 21: "21 рабочий"}),
        ("stone", {1: "1 камень", 3: "3 камня", 5: "5 камней"}),
        ("raze", {1: "1 жетон разрушений", 2: "2 жетона разрушений", 6: "6 жетонов разрушений"}),
        ("gold", {1: "1 золотой", 2: "2 золотых"}),
        ("common_card", {1: "1 общая карточка", 2: "2 общие карточки", 5: "5 общих карточек"}),
    ],
)
def test_goods_take_their_russian_plural_forms(game, good, forms):
    for n, text in forms.items():
        assert words.count(game, "ru", good, n) == text


def test_english_plurals(game):
    assert words.goods_text(game, "en", {"worker": 1, "raze": 2, "wood": 3}) == "1 worker, 2 raze tokens, 3 wood"


# --- prompts ----------------------------------------------------------------------------------


def test_every_prompt_key_has_a_template_in_each_language(game):
    for lang in ("en", "ru"):
        assert sorted(game.prompt_keys() - templates(game.name, lang).keys()) == []


def test_the_turn_and_a_build_that_discards_name_what_is_decided(game):
    _, st = fresh("Barbarians", "Romans")
    assert prompt_words(game, st, 0, "ru", NAMES)["text"].startswith("Выберите действие")
    assert game.describe_decision(st, 1) is None  # not its turn
    give(game, st, 0, "COM007", "locations")
    give(game, st, 0, "COM008", "locations")  # two to choose from (a single one is taken unasked)
    give(game, st, 0, "BAR012")  # Sentry Tower: 2 wood and a location to discard
    supply(st, 0, wood=2)
    act(game, st, 0, "build", "BAR012")
    d = game.describe_decision(st, 0)
    assert d == {"kind": "pick", "form": "discard_location", "card": "BAR012"}
    assert prompt_words(game, st, 0, "ru", NAMES) == {
        "text": "Чтобы построить «Дозорная башня», сбросьте одну из своих локаций или фундамент",
        "card": "BAR012",
    }
    assert prompt_words(game, st, 0, "en", NAMES)["text"] == (
        "To build Sentry Tower, discard one of your locations or foundations"
    )


def test_a_gained_card_asks_its_deck_naming_the_card(game):
    _, st = fresh("Barbarians", "Romans")
    give(game, st, 0, "COM046", "locations")  # Castle: 1 worker -> 1 card
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "COM046")
    assert st.stack[-1].kind == "card_source"
    assert prompt_words(game, st, 0, "en", NAMES)["text"] == (
        "Castle gives you a card: take it from the common deck or from your empire deck"
    )


def test_random_games_word_every_prompt_without_a_card_the_seat_cannot_see(game):
    rng = random.Random(2)
    for players, options in ((3, {"lookout": "draft", "stand_ins": "on"}), (1, {"stand_ins": "on"}), (4, {})):
        st = game.new(players, rng.randrange(1000), options)
        while not st.over:
            for seat in game.actors(st):
                d = game.describe_decision(st, seat)
                assert d is not None
                key = f"prompt.{d['kind']}" + (f".{d['form']}" if d.get("form") else "")
                assert key in game.prompt_keys(), key
                det = game.determinize(st, seat, random.Random(1))
                assert game.describe_decision(det, seat) == d
                assert game.why_not(det, seat) == game.why_not(st, seat)
            seat = rng.choice(game.actors(st))
            game.apply(st, seat, rng.choice(game.legal(st, seat)))


# --- why not ----------------------------------------------------------------------------------


def test_why_a_card_cannot_be_built_or_dealt_and_razing_needs_tokens(game):
    _, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM025")  # Lord's Fields: 2 wood, 1 stone
    give(game, st, 0, "ROM023")  # Trade Colony: 1 wood, 2 stone and a location to discard
    supply(st, 0, wood=1, worker=1)
    why = {(w["reason"], w["card"]): w for w in game.why_not(st, 0)}
    cost = why[("build_cost", "COM025")]
    assert cost["cost"] == ["wood:2", "stone:1"] and cost["have"] == ["wood:1"] and cost["rule"] == "R57"
    assert ("build_discard", "ROM023") in why
    assert ("deal_food", None) in why
    assert ("raze_token", None) in why
    assert ("exchange_workers", None) in why
    texts = {w["text"] for w in why_not_words(game, st, 0, "ru", NAMES)}
    assert "нельзя построить: стоимость — 2 дерева, 1 камень, у вас есть: 1 дерево" in texts
    assert "Обмен невозможен: нужно 2 рабочих, у вас 1" in texts
    assert game.why_not(st, 1) == []  # not its turn


def test_why_a_location_cannot_be_activated(game):
    _, st = fresh("Barbarians", "Romans")
    castle = give(game, st, 0, "COM046", "locations")
    give(game, st, 0, "BAR016", "locations")  # Pack: a stand-in action, the option is off
    st.seats[0].used[castle] = 2  # both uses of the round made
    why = {w["card"]: w for w in game.why_not(st, 0) if w["verb"] == "activate"}
    assert why["COM046"]["reason"] == "used" and why["COM046"]["rule"] == "R89"
    assert why["BAR016"]["reason"] == "stand_in_off"
    worded = {w["card"]: w["text"] for w in why_not_words(game, st, 0, "en", NAMES)}
    assert worded["COM046"] == "already used this round (2 times a round)"


def test_why_not_names_no_card_the_seat_cannot_see(game):
    _, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM025")
    give(game, st, 1, "COM001")  # in the other hand
    for w in game.why_not(st, 0):
        assert w["card"] in (None, "COM025")
    det = game.determinize(st, 0, random.Random(4))
    assert game.why_not(det, 0) == game.why_not(st, 0)


def test_a_passed_player_is_no_razing_target_and_says_so(game):
    _, st = fresh("Romans", "Barbarians")
    give(game, st, 1, "COM007", "locations")
    st.seats[1].passed = True
    supply(st, 0, raze=2)
    texts = [w["text"] for w in why_not_words(game, st, 0, "en", NAMES) if w["verb"] == "raze"]
    assert texts == ["No razing of the locations of Boris: a player who has passed cannot be targeted"]


# --- the log --------------------------------------------------------------------------------------


def log(game, events, lang):
    return [render(game.name, e, lang, NAMES, game.display_name) for e in events]


def test_log_lines_name_seats_and_cards_and_word_goods(game):
    _, st = fresh("Romans", "Barbarians")
    give(game, st, 1, "COM018", "locations")  # Armorer: raze bonus 1 stone, 1 VP
    supply(st, 0, raze=2)
    events = act(game, st, 0, "raze", "COM018")
    ru = log(game, events, "ru")
    assert "Ana разрушает локацию «Оружейник» игрока Boris; она становится фундаментом" in ru
    assert "Ana получает: 1 камень, 1 ПО" in ru
    en = log(game, events, "en")
    assert "Ana razes Armorer of Boris; it becomes a foundation" in en
    for line in ru:
        assert not re.search(r"\b(?:wood|stone|raze|vp|worker|card)\b", line), line


def test_cleanup_and_the_end_speak_plainly(game):
    st = game.new(2, 1)
    rng = random.Random(1)
    lines: list[str] = []
    while not st.over:
        seat = game.actors(st)[0]
        lines += log(game, game.apply(st, seat, rng.choice(game.legal(st, seat))), "ru")
    assert any(line.startswith("Очистка: Ana ") for line in lines)
    assert "Игра окончена" in lines
    assert any(re.fullmatch(r"(Ana|Boris): \d+ ПО( — победа)?", line) for line in lines)
    for line in lines:
        assert not re.search(r"[A-Z]{3}\d{3}|\b[a-z]+_[a-z]+\b|\(cs\)", line), line
        assert not re.search(r"\b(?:wood|stone|food|gold|worker|raze|defence|common|empire)\b", line), line


def test_an_action_reads_with_its_goods_in_words(game):
    _, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM025")
    supply(st, 0, wood=2, stone=1)
    from epochal.engine.locale import action_words

    build = game.action_space.build + game.index_of["COM025"]
    assert action_words(game, st, 0, build, "ru", NAMES) == "построить «Господские пашни», заплатив: 2 дерева, 1 камень"
    exchange = A.EXCHANGE + 3
    supply(st, 0, worker=2)
    begin(st, 0)
    assert action_words(game, st, 0, exchange, "ru", NAMES) == "обменять 2 рабочих на: 1 общая карточка"


# --- the Russian rulebook's terms -----------------------------------------------------------------


def test_the_russian_words_are_the_rulebooks(game):
    ui = ui_strings(game.name, "ru")
    assert ui["good.wood"] == "дерево" and ui["good.gold"] == "золотой" and ui["good.raze"] == "жетон разрушений"
    assert ui["score.track"] == "Счётчик очков" and ui["title"] == "Поселенцы"
    assert ui["kind.production"] == "локация с производством"
    assert ui["kind.feature"] == "локация с особенностью" and ui["kind.action"] == "локация с действием"
    assert ui["stores"] == "сохраняет" and ui["stored"] == "сохраняется при очистке"
    assert ui["side.Japanese"] == "Японцы"
    everything = json.dumps([templates(game.name, "ru"), ui], ensure_ascii=False)
    assert "соперник" not in everything and "древесин" not in everything
    assert "жетон разрушения " not in everything and "Трек ПО" not in everything


def test_every_option_has_a_label_help_and_its_choices_in_each_language(game):
    for lang in ("en", "ru"):
        ui = ui_strings(game.name, lang)
        for option in game.options:
            assert ui[f"option.{option.name}"] and ui[f"option.{option.name}.help"]
            for choice in option.choices:
                if not choice.startswith("rotation:"):
                    assert ui[f"option.{option.name}.{choice}"], (lang, option.name, choice)
        for faction in ("Romans", "Barbarians", "Egyptians", "Japanese"):
            assert ui[f"side.{faction}"]
        for row in ("track", "common_locations", "empire_locations", "empire_count", "trophies", "won"):
            assert ui[f"score.{row}"] and ui[f"score.{row}.help"]


@pytest.mark.skipif(not SPEC.exists(), reason="the rules spec is not beside the repository")
def test_the_rules_summary_covers_every_rule_of_the_spec(game):
    spec = set(re.findall(r"^\* \*\*(R\d+)\.", SPEC.read_text(), re.M))
    for lang in ("en", "ru"):
        summary = rules_summary(game.name, lang)
        assert sorted(spec - summary.keys()) == []
        cited = {w for text in templates(game.name, lang).values() for w in re.findall(r"\b[RAD]\d+\b", text)}
        cited |= {r for e, _ in game.data.entries for r in re.findall(r"\b[RA]\d+\b", " ".join(e.known.values()))}
        assert sorted(cited - summary.keys()) == []


def test_the_locales_hold_the_same_keys(game):
    for name in ("{}.json", "ui.{}.json", "rules.{}.json"):
        en = json.loads((LOCALE / name.format("en")).read_text())
        ru = json.loads((LOCALE / name.format("ru")).read_text())
        assert en.keys() == ru.keys(), name
