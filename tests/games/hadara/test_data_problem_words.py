"""The problems of a Hadara data file in the workshop reader's language (``cards.PROBLEMS``).

Every problem sentence the validator and the loader word is made from a template of
``locale/problems.en.json``; read back, it is worded again in Russian and Hungarian with nothing
English left but what the owner's file says (paths, field names, card codes). Rule numbers (R*,
PE*, EX*, D*) refer to shared/rules/hadara.md, as in test_data.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from epochal.engine.messages import format_message
from epochal.games.hadara.cards import BUILTIN, PROBLEMS, Bonus, DataError, DataSet, load, validate
from epochal.games.hadara.vocab import ColorPatron, MedalPrices, SaleBonus
from epochal.problems import FIELD
from tests.games.hadara.test_data import change_card, change_colony, change_slot, change_start

replace = msgspec.structs.replace
LOCALE = Path(__file__).resolve().parents[3] / "epochal" / "games" / "hadara" / "locale"
LANGS = ("ru", "hu")
ENGLISH = PROBLEMS.english


def catalog(lang: str) -> dict[str, str]:
    return json.loads((LOCALE / f"problems.{lang}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def data() -> DataSet:
    return load()


# --- reading a sentence back, to tell its template's words from the owner's ----------------------


def _regex(template: str) -> re.Pattern:
    parts, seen, out = FIELD.split(template), set(), []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        else:
            out.append(f"(?P={part})" if part in seen else f"(?P<{part}>.+?)")
            seen.add(part)
    return re.compile("".join(out), re.DOTALL)


PATTERNS = {key: _regex(template) for key, template in ENGLISH.items()}


def read(sentence: str) -> tuple[str, dict[str, str]] | None:
    """The template of this catalog with the most text of its own that makes ``sentence``, and
    its fields."""
    found = [(key, m.groupdict()) for key, p in PATTERNS.items() if (m := p.fullmatch(sentence))]
    if not found:
        return None
    return max(found, key=lambda kv: len(FIELD.sub("", ENGLISH[kv[0]])))


def keys_of(sentence: str) -> set[str]:
    """The keys of every template the sentence is made from, its phrases' included."""
    reading = read(sentence)
    if reading is None:
        return set()
    key, fields = reading
    return {key}.union(*(keys_of(value) for value in fields.values()))


def english_words(sentence: str) -> tuple[set[str], set[str]]:
    """(the words of the templates' own text, the words of the plain values filled in); the
    file's names (``sale_value``, ``hadara.md``, a section before ``:``) are not words."""
    reading = read(sentence)
    if reading is None:
        return set(), set(re.findall(r"[A-Za-z]{4,}", sentence))
    key, fields = reading
    text = re.sub(r"\S*[_.\[]\S*|^\w+:", " ", FIELD.sub(" ", ENGLISH[key]))
    own, plain = set(re.findall(r"[A-Za-z]{4,}", text)), set()
    for value in fields.values():
        inner_own, inner_plain = english_words(value)
        own |= inner_own
        plain |= inner_plain
    return own, plain


def english_left(sentence: str, translated: str) -> list[str]:
    """The English words of the templates of ``sentence`` still in ``translated`` (apart from
    those the owner's values hold: a field name such as ``cost``, a card code)."""
    own, plain = english_words(sentence)
    return [w for w in re.findall(r"[A-Za-z]{4,}", translated) if w in own - plain]


# --- the catalogs ---------------------------------------------------------------------------------


def test_english_templates_follow_the_rules():
    for key, template in ENGLISH.items():
        assert re.fullmatch(r"[a-z_]+(\.[A-Za-z0-9_]+)*", key), key
        parts = FIELD.split(template)
        assert all(parts[i] for i in range(2, len(parts) - 1, 2)), f"{key}: two fields touch"
        assert "".join(parts[::2]).strip(), f"{key}: a lone field"
        assert "{" not in "".join(parts[::2]), f"{key}: only plain fields"


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_in_every_language_and_each_formats(lang):
    words = catalog(lang)
    assert list(words) == list(ENGLISH), "the same keys, in the same order"
    for key, template in ENGLISH.items():
        fields = set(FIELD.findall(template))
        numbers = set(re.findall(r"\{(\w+), (?:plural|select)", words[key]))
        assert numbers <= fields, (lang, key)
        assert format_message(words[key], dict.fromkeys(fields, 7), lang)
        text = {name: 7 if name in numbers else "x" for name in fields}
        assert format_message(words[key], text, lang)
        for name in fields:
            assert "{" + name in words[key], f"{lang}: {key} drops {{{name}}}"


def test_item_labels_come_last_so_a_whole_problem_wins_a_tie():
    """ "card {id}" also makes "card I-BLU-03: cost -1 must be >= 0" (its id read as a place and a
    problem), as much template text as "{item}: {field} {value} must be >= 0" with the label as
    its item; on a tie the earlier template wins, so the labels close the catalog."""
    keys = list(ENGLISH)
    labels = [k for k in keys if k.startswith("label.")]
    assert labels and keys[-len(labels) :] == labels


def test_rule_references_are_kept_in_each_language():
    rules = re.compile(r"\b(?:R\d+|PE\d+|EX\d+|D\d+)\b")
    for lang in LANGS:
        words = catalog(lang)
        for key, template in ENGLISH.items():
            assert sorted(rules.findall(template)) == sorted(rules.findall(words[key])), (lang, key)


# --- broken data: every problem the validator words -----------------------------------------------


def broken(data: DataSet) -> dict[str, DataSet]:
    """The built-in data broken one way at a time, each breaking a rule or a stated fact."""
    cards = data.cards
    patron = next(c for c in cards if isinstance(c.effect, ColorPatron) and c.effect.color == "blue")
    medals = data.medal_prices
    return {
        "format": replace(data, format="epochal-hadara-data/2"),
        "R43_sale_value": replace(data, sale_value=[2, 3, 5]),
        "numbers_at_most_999": change_card(
            replace(data, sale_value=[2, 3, 1000], medal_prices=replace(medals, gold=[8, 12, 1000])),
            "I-GRN-02",
            cost=1000,
            bonus=Bonus(food=1234),
        ),
        "item_numbers_at_most_999": change_slot(
            change_start(change_colony(data, "C09-2", plunder=1000), 3, "B", coins=5000), 3, vp=1000
        ),
        "R6_card_numbers_non_negative": change_card(data, "I-BLU-03", cost=-1, vp=-2, bonus=Bonus(culture=-1)),
        "PE5_prices_non_negative": change_card(data, "II-PUR-02", effect=MedalPrices(silver=[None, -4, 15])),
        "PE1_coins_non_negative": change_card(data, "I-PUR-01", effect=SaleBonus(coins=-1)),
        "PE5_one_price_per_epoch": change_card(data, "II-PUR-02", effect=MedalPrices(silver=[4, 15])),
        "R5_unique_card_ids": replace(data, cards=[*cards, cards[0]]),
        "R5_epoch_1_to_3": change_card(data, "III-GRN-02", epoch=4),
        "R6_effect_only_purple": change_card(data, "I-GRN-01", effect=SaleBonus()),
        "R5_star_only_purple": change_card(data, "III-BLU-09", star=True),
        "R5_deck_counts": change_card(data, "I-YEL-01", color="purple"),
        "R5_a_deck_short": replace(data, cards=[c for c in cards if c.id != "II-RED-01"]),
        "R13_D3_ten_purple_without_star": change_card(data, "II-PUR-06", star=True),
        "PE15_D1_patron_moved": change_card(data, patron.id, effect=ColorPatron(color="red")),
        "PE15_D1_patron_gone": change_card(data, patron.id, effect=None),
        "section_1_2_five_start_cards": replace(data, start_cards=data.start_cards[:4]),
        "D4_start_numbers": change_start(data, 5, number=6),
        "D4_unique_start_numbers": change_start(data, 5, number=4),
        "R23_start_values_non_negative": change_start(data, 4, "B", coins=-1, initiative=-3, tracks=Bonus(food=-2)),
        "R29_R83_initiative_clash": change_start(data, 1, "B", initiative=3),
        "section_1_2_25_colonies": replace(data, colonies=data.colonies[:24]),
        "R15_unique_colony_ids": change_colony(data, "C21-5", id="C21-4"),
        "R52_colony_numbers_non_negative": change_colony(data, "C30-4", annex_cost=-1, back_bonus=Bonus(military=-1)),
        "R52_back_vp_at_least_front_vp": change_colony(data, "C21-2", back_vp=1, front_vp=9),
        "R15_D5_five_stacks": change_colony(data, "C30-5", requirement=40),
        "R84_D5_stack_values": replace(
            data, colonies=[replace(c, requirement=18) if c.requirement == 21 else c for c in data.colonies]
        ),
        "R9_R54_four_statue_slots": replace(data, statue_slots=data.statue_slots[:3]),
        "R55_slot_numbers_non_negative": change_slot(data, 3, bonus=-1),
        "R72_three_medal_prices": replace(data, medal_prices=replace(medals, silver=[6, 9])),
        "R72_medal_prices_non_negative": replace(data, medal_prices=replace(medals, gold=[-8, 12, 28])),
        "EX4_card_must_match": change_card(data, "I-BLU-04", cost=4, bonus=Bonus(culture=1), color="green", epoch=2),
        "EX20_card_must_match": change_card(data, "I-YEL-05", bonus=Bonus(income=2, military=1, food=1)),
        "EX4_card_must_exist": change_card(data, "I-BLU-04", source="", cost=5),
        "EX11_colony_must_match": change_colony(data, "C03-1", back_bonus=Bonus(), front_vp=1),
        "EX12_requirement_at_most_12": change_colony(data, "C09-1", requirement=14),
        "EX11_colony_must_exist": change_colony(data, "C03-1", source="", back_vp=3),
        "EX15_slot_must_match": change_slot(data, 1, requirement=14, bonus=2),
        "EX14_slot_must_exist": change_slot(data, 0, source="", requirement=5),
        "EX2_start_card_must_match": change_start(
            data, 2, "A", coins=9, tracks=Bonus(income=2, military=1, culture=3, food=5)
        ),
        "EX2_start_card_must_exist": change_start(change_start(data, 2, "A", coins=9), 2, source=""),
        "EX24_vp_values_occur": replace(data, cards=[replace(c, vp=4) if c.vp == 5 else c for c in cards]),
        "section_7_every_fact_missing": no_fact_found(data),
    }


def no_fact_found(data: DataSet) -> DataSet:
    """No item cites an example of hadara.md section 7, and none agrees with what it states."""
    changed = replace(
        data,
        cards=[replace(c, source="") for c in data.cards],
        colonies=[replace(c, source="") for c in data.colonies],
        statue_slots=[replace(s, source="") for s in data.statue_slots],
        start_cards=[replace(c, source="") for c in data.start_cards],
    )
    changed = change_card(changed, "I-BLU-04", cost=5)  # EX4
    changed = change_card(changed, "I-YEL-05", bonus=Bonus(income=1, food=1))  # EX20
    for colony_id, change in (("C03-1", {"back_vp": 3}), ("C09-1", {"annex_cost": 2}), ("C15-1", {"plunder": 4})):
        changed = change_colony(changed, colony_id, **change)  # EX11, EX12, EX13
    for index, change in enumerate(({"requirement": 5}, {"bonus": 2}, {"vp": 13})):
        changed = change_slot(changed, index, **change)  # EX14, EX15, EX16
    return change_start(changed, 2, "A", coins=9)  # EX2


@pytest.fixture(scope="module")
def problems(data) -> dict[str, list[str]]:
    return {name: validate(changed) for name, changed in broken(data).items()}


def every_problem(problems: dict[str, list[str]]) -> list[str]:
    return list(dict.fromkeys(p for found in problems.values() for p in found))


def test_each_way_of_breaking_the_data_is_found(problems):
    assert all(problems.values()), [name for name, found in problems.items() if not found]


def test_the_problems_reach_every_template(problems):
    reached = set().union(*(keys_of(p) for p in every_problem(problems)))
    assert reached == set(ENGLISH), set(ENGLISH) - reached


@pytest.mark.parametrize("lang", LANGS)
def test_every_problem_is_worded_in_the_reader_s_language(problems, lang):
    for sentence in every_problem(problems):
        assert PROBLEMS.knows(sentence), sentence
        translated = PROBLEMS.translate(sentence, lang)
        assert translated != sentence
        assert not english_left(sentence, translated), (sentence, translated)
        assert PROBLEMS.translate(sentence, "en") == sentence


def test_the_helper_finds_english_left_behind():
    sentence = "card I-BLU-03: cost -1 must be >= 0"
    assert english_left(sentence, "карта I-BLU-03: cost -1 must be >= 0") == ["must"]
    assert english_left(sentence, "карта I-BLU-03: cost = -1, а должно быть не меньше 0") == []
    fact = "card I-BLU-04: color green, but hadara.md EX4 states blue"
    assert english_left(fact, "карта I-BLU-04: color = green, а в hadara.md EX4 указано: синий") == ["green"]


RUSSIAN = {
    "card I-BLU-03: cost -1 must be >= 0": "карта I-BLU-03: cost = -1, а должно быть не меньше 0",
    "cards: epoch II has 9 red cards, expected 10 (R5)": (
        "Карты эпох: в эпохе II 9 карт цвета «красный», а нужно 10 (R5)"
    ),
    "card I-GRN-01: effect PE1 on a green card; only purple cards carry effects (R6)": (
        "карта I-GRN-01: эффект PE1 на карте цвета «зелёный»; эффекты бывают только у фиолетовых карт (R6)"
    ),
    "cards: epoch II has 9 purple cards without a star, a 5-player first game needs 10 (R13, D3)": (
        "Карты эпох: в эпохе II 9 фиолетовых карт без звезды, а для первой игры впятером нужно 10 (R13, D3)"
    ),
    "cards: PE15 for blue on 0 cards [], expected exactly 1 (PE15, D1)": (
        "Карты эпох: PE15 для цвета «синий» — на 0 картах [], а нужно ровно на одной (PE15, D1)"
    ),
    "start card 3: A.initiative 3 equals start card 1 B.initiative; the first player order must be strict "
    "for every choice of sides (R29, R83)": (
        "стартовая карта 3: A.initiative 3 совпадает с B.initiative стартовой карты 1; порядок первого игрока "
        "должен быть строгим при любом выборе сторон (R29, R83)"
    ),
    "colonies: requirement 30 has 4 tokens, expected 5 (R15, D5)": (
        "Колонии: требование 30 — у 4 жетонов, а нужно 5 (R15, D5)"
    ),
    "card I-BLU-04: bonus CULTURE +1, but hadara.md EX4 states CULTURE +2 FOOD +1": (
        "карта I-BLU-04: bonus = Культура +1, а в hadara.md EX4 указано: Культура +2, Сельское хозяйство +1"
    ),
    "colony C09-1: requirement 14, but hadara.md EX12 states <= 12": (
        "колония C09-1: requirement = 14, а в hadara.md EX12 указано: не больше 12"
    ),
    "statue_slots: no statue slot matches hadara.md EX14 (requirement 6, 4 VP)": (
        "Места для статуй: ни одно место для статуи не соответствует hadara.md EX14 (требование 6, 4 ПО)"
    ),
    "start card 3: B.coins: 5000 is more than 999": "стартовая карта 3: B.coins: 5000 — больше допустимого 999",
}

HUNGARIAN = {
    "card I-BLU-03: cost -1 must be >= 0": "kártya I-BLU-03: cost = -1, de nem lehet negatív",
    "cards: epoch II has 9 red cards, expected 10 (R5)": "Korszakkártyák: II. korszak: 9 piros kártya, de 10 kell (R5)",
    "card III-BLU-09: star on a blue card; only purple cards carry it (R5)": (
        "kártya III-BLU-09: csillag kék kártyán; csillaga csak lila kártyának lehet (R5)"
    ),
    "colony C03-1: back_bonus none, but hadara.md EX11 states INCOME +1 MILITARY +1": (
        "kolónia C03-1: back_bonus = nincs, de a hadara.md EX11 szerint: Jövedelem +1, Katonai erő +1"
    ),
    "start card 3: A.initiative 3 equals start card 1 B.initiative; the first player order must be strict "
    "for every choice of sides (R29, R83)": (
        "kezdőkártya 3: A.initiative 3, ugyanannyi, mint az 1. kezdőkártya B.initiative értéke; "
        "a kezdőjátékos-sorrendnek minden oldalválasztásnál egyértelműnek kell lennie (R29, R83)"
    ),
}


@pytest.mark.parametrize(("lang", "words"), [("ru", RUSSIAN), ("hu", HUNGARIAN)])
def test_what_the_owner_reads(problems, lang, words):
    found = set(every_problem(problems))
    for sentence, translated in words.items():
        assert sentence in found, sentence  # the validator words it so, byte for byte
        assert PROBLEMS.translate(sentence, lang) == translated


def test_R5_counts_are_worded_with_russian_plural_forms():
    one = PROBLEMS.say("deck.count", epoch="I", n=1, color="blue", expected=10)
    few = PROBLEMS.say("deck.count", epoch="I", n=22, color="blue", expected=10)
    assert "в эпохе I 1 карта цвета «синий»" in PROBLEMS.translate(one, "ru")
    assert "в эпохе I 22 карты цвета «синий»" in PROBLEMS.translate(few, "ru")
    start = PROBLEMS.say("start.count", n=4)
    assert PROBLEMS.translate(start, "ru") == "Стартовые карты: 4 карты, а нужно 5 (раздел 1.2)"


def test_R84_D5_braces_of_the_stack_pattern_survive_translation(problems):
    sentence = problems["R84_D5_stack_values"][0]
    assert sentence.startswith("colonies: requirement values [3, 9, 15, 18, 30] do not fit {3, a, 15, b, c}")
    assert "{3, a, 15, b, c}" in PROBLEMS.translate(sentence, "ru")
    assert "{3, a, 15, b, c}" in PROBLEMS.translate(sentence, "hu")


# --- the loader: a file that does not decode names the item (the kernel's sentences) --------------


def refused(tmp_path: Path, change) -> str:
    doc = json.loads(BUILTIN.read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "hadara.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load(path)
    return str(caught.value).replace(str(path), "hadara.json")


def test_loader_problems_name_the_item_in_each_language(tmp_path):
    wrong_type = refused(tmp_path, lambda doc: doc["cards"][3].__setitem__("cost", "x"))
    assert wrong_type == "hadara.json: card I-BLU-04: Expected `int`, got `str` - at `$.cards[3].cost`"
    assert PROBLEMS.translate(wrong_type, "ru") == (
        "hadara.json: карта I-BLU-04: ожидалось: целое число, а стоит: строка — в `$.cards[3].cost`"
    )
    assert PROBLEMS.translate(wrong_type, "hu") == (
        "hadara.json: kártya I-BLU-04: egész szám az elvárt, de szöveg áll itt: `$.cards[3].cost`"
    )
    missing = refused(tmp_path, lambda doc: doc["colonies"][2].pop("plunder"))
    assert PROBLEMS.translate(missing, "ru") == (
        "hadara.json: колония C03-3: не хватает обязательного поля `plunder` — в `$.colonies[2]`"
    )
    negative = refused(tmp_path, lambda doc: doc["start_cards"][2]["A"].__setitem__("coins", -1))
    assert (
        PROBLEMS.translate(negative, "ru") == "hadara.json: стартовая карта 3: A.coins = -1, а должно быть не меньше 0"
    )
