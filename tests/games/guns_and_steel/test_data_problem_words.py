"""The Guns & Steel card data's problems in the workshop reader's words (``epochal.problems``):
every sentence the validator writes comes from a template of ``locale/problems.en.json`` (the
English unchanged: the CLI prints it, the API returns it), is read back by the catalog, and reads
in Russian with the game's own terms and plural forms, keeping the rules it cites (R6, R43, A11 ...)
and what the owner's file says (card codes, paths such as ``effect[0].do[1]``, op names, values).

The built-in file is broken one way at a time, enough ways to reach every problem template."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from epochal.engine.messages import format_message
from epochal.games.guns_and_steel import cards as C
from epochal.problems import FIELD, KERNEL

LOCALE = Path(C.__file__).parent / "locale"
EN = json.loads((LOCALE / "problems.en.json").read_text(encoding="utf-8"))
RU = json.loads((LOCALE / "problems.ru.json").read_text(encoding="utf-8"))
RAW = json.loads(C.DATA_FILE.read_text(encoding="utf-8"))
ENGLISH = {**KERNEL.english, **EN}  # the templates a sentence may be made of, the kernel's too

# --- reading a sentence back ----------------------------------------------------------------------


def _pattern(template: str) -> re.Pattern:
    parts = FIELD.split(template)
    regex = [re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts)]
    return re.compile("".join(regex), re.DOTALL)


def made_of(sentence: str) -> tuple[str, dict[str, str]]:
    """The key of the most specific template (most literal text) that makes ``sentence``
    whole, and its fields."""
    best: tuple[int, str, dict[str, str]] | None = None
    for key, template in ENGLISH.items():
        found = _pattern(template).fullmatch(sentence)
        literal = len(FIELD.sub("", template))
        if found and (best is None or literal > best[0]):
            best = (literal, key, found.groupdict())
    assert best is not None, f"no template makes {sentence!r}"
    return best[1], best[2]


def english_left(sentence: str, russian: str) -> list[str]:
    """English words of the templates' own text still in the Russian of ``sentence``: outside
    what it quotes ('sources', 'defeated'), and not the file's own words a field carries as
    they are (a path, a list of allowed values); a field the catalog words (the label "card
    C06", a resource) must not bring its English along."""
    _, fields = made_of(sentence)
    kept = {w for v in fields.values() if C.PROBLEMS.translate(v, "ru") == v for w in re.findall(r"[A-Za-z]+", v)}
    vocabulary = {w for t in EN.values() for w in re.findall(r"[A-Za-z]{3,}", FIELD.sub(" ", t))}
    text = re.sub(r"`[^`]*`|'[^']*'", "", russian)
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w in vocabulary - kept]


# --- the catalogs -----------------------------------------------------------------------------------


def test_every_english_key_has_russian_words_and_each_formats_with_its_fields():
    assert set(EN) == set(RU)
    for key, template in EN.items():
        parts = FIELD.split(template)
        assert "{" not in "".join(parts[::2]) and "}" not in "".join(parts[::2]), key
        assert all(parts[i] for i in range(2, len(parts) - 1, 2)), f"{key}: two fields touch"
        assert "".join(parts[::2]).strip(), f"{key}: a lone field"
        if key != "label.card":  # the game's own word for a card, «карточка», where the kernel's is «карта»
            assert not set(KERNEL.english.values()) & {template}, f"{key}: the kernel's catalog has it"
        fields = set(FIELD.findall(template))
        for value in (7, "x"):
            try:
                text = format_message(RU[key], dict.fromkeys(fields, value), "ru")
            except Exception:
                if value == "x" and re.search(r"\{\w+, plural", RU[key]):
                    continue  # a count: the reader gives it an int
                raise
            assert text and text != template, key
            assert "{" not in text, f"{key}: {text}"


def test_the_catalog_says_what_the_validator_said_before_word_for_word():
    assert C.say("label.wonder", id="W06") == "wonder W06"
    assert C.say("card.twice", where="card C06") == "card C06: id used twice"
    assert C.say("wonders.pair", theme="new_world", n=3, epoch="horses") == (
        "new_world wonders: 3 of epoch horses, a pair per epoch (R42)"
    )


# --- breaking the built-in file ---------------------------------------------------------------------


def entry(data: dict, ident: str) -> dict:
    group = data["cards"] if ident.startswith("C") else data["wonders"]
    return next(e for e in group if e["id"] == ident)


def effect(ident: str, *ops: dict) -> Callable[[dict], None]:
    def mutate(data: dict) -> None:
        entry(data, ident)["effect"] = list(ops)

    return mutate


def build(ident: str, *clauses: dict, part: str = "build") -> Callable[[dict], None]:
    def mutate(data: dict) -> None:
        entry(data, ident)[part] = list(clauses)

    return mutate


def fields(ident: str, **values) -> Callable[[dict], None]:
    def mutate(data: dict) -> None:
        entry(data, ident).update(values)

    return mutate


def twins(data: dict) -> None:
    entry(data, "W02")["depicts"] = entry(data, "W01")["depicts"]


def two_player_pair(data: dict) -> None:
    for w in ("W01", "W02"):
        entry(data, w)["two_player"] = True


GAIN = {"op": "gain", "res": {"food": 1}}
BREAKS: dict[str, tuple[Callable[[dict], None], str]] = {  # name: (mutation, a problem it must give)
    "R6 duplicate id": (fields("C07", id="C06"), "card.twice"),
    "R6 missing card": (fields("C07", id="C77"), "cards.box"),
    "R6 theme of another number": (fields("C06", theme="renaissance"), "entry.theme"),
    "R6 number of no theme": (fields("W05", id="W55"), "entry.theme_none"),
    "R20 unknown type": (fields("C06", type="magic"), "card.type"),
    "R11 unknown resource": (fields("C06", resource="gold"), "card.resource"),
    "R76 cost of no resource": (fields("C20", cost={"gold": 1}), "card.cost"),
    "cost too high": (fields("C20", cost={"oil": 9}), "card.cost_most"),
    "s19_2 start card with a cost": (fields("C01", cost={"food": 1}), "card.start_bought"),
    "negative military": (fields("C06", military=-1), "entry.negative"),
    "VP too high": (fields("W03", vp=30), "entry.most"),
    "card source of no field": (fields("C06", sources={"colour": "spec: R6"}), "card.source_field"),
    "R73 VP op on a New World card": (effect("C06", {"op": "vp"}), "card.vp_op"),
    "R9 start resources": (fields("C01", resource="iron"), "start.resources"),
    "R6 epoch count": (fields("C12", resource="gunpowder"), "epoch.cards"),
    "R40 two-player rows": (fields("C06", two_player=True), "theme.rows"),
    "R6 wonder ids": (fields("W20", id="W21"), "wonders.box"),
    "unknown epoch": (fields("W01", epoch="stone"), "wonder.epoch"),
    "R26 depicts another theme": (fields("W01", depicts="C31"), "wonder.depicts"),
    "R25_6 no build condition": (build("W01"), "wonder.build_needed"),
    "R25_6b no glory condition": (build("W11", part="glory"), "wonder.glory_needed"),
    "A23 build condition in Renaissance": (build("W11", {"what": "military", "at_least": 2}), "wonder.build_unread"),
    "R38 glory tokens in New World": (fields("W01", tokens=2), "wonder.no_glory"),
    "R38 too many tokens": (fields("W12", tokens=6), "wonder.tokens"),
    "R43 depicts another row": (fields("W01", depicts="C13"), "wonder.row"),
    "R73 R85 late count": (build("W03", {"what": "recalled_vp", "at_least": 3}), "wonder.late_counts"),
    "wonder source of no field": (fields("W01", sources={"colour": "spec: R6"}), "wonder.source_field"),
    "R42 three of an epoch": (fields("W03", epoch="horses"), "wonders.pair"),
    "R43 same picture": (twins, "wonders.same_card"),
    "A11 two-player pair": (two_player_pair, "wonders.two_player"),
    "uncited source": (fields("C21", sources={"cost": "rulebook: page 12"}), "entry.source"),
    "op resource map": (effect("C06", {"op": "gain", "res": {"gold": 1}}), "effect.res"),
    "op resource word": (effect("C06", {"op": "restore", "res": "gold"}), "effect.res_word"),
    "R71 VP cost of 0": (effect("C32", {"op": "pay_vp", "n": 0}, {"op": "vp"}), "effect.pay_vp_low"),
    "VP cost too high": (effect("C32", {"op": "pay_vp", "n": 30}, {"op": "vp"}), "effect.pay_vp_most"),
    "n of 0": (effect("C06", {"op": "restore", "n": 0}), "effect.n_low"),
    "n too high": (effect("C06", {"op": "restore", "n": 9}), "effect.n_most"),
    "R51 cost after the effect": (effect("C06", GAIN, {"op": "pay", "res": {"food": 1}}), "effect.cost_first"),
    "cost inside each_player": (
        effect("C06", {"op": "each_player", "do": [{"op": "pay", "res": {"food": 1}}]}),
        "effect.cost_inside",
    ),
    "R66 hand_over outside an attack": (effect("C06", {"op": "hand_over"}), "effect.attack_only"),
    "R54 R66 lose outside an attack": (effect("C06", {"op": "lose"}), "effect.loser"),
    "lose_vp to_attacker outside an attack": (
        effect("C32", {"op": "each_other", "do": [{"op": "lose_vp", "to_attacker": True}]}),
        "effect.to_attacker",
    ),
    "R20 attack on a Society card": (effect("C06", {"op": "attack"}), "effect.attack_type"),
    "R59 attack inside each_player": (
        effect("C03", {"op": "each_player", "do": [{"op": "attack"}]}),
        "effect.attack_inside",
    ),
    "R68 negative attack VP": (effect("C03", {"op": "attack", "vp": -1}), "effect.attack_vp_negative"),
    "attack VP too high": (effect("C03", {"op": "attack", "vp": 30}), "effect.attack_vp_most"),
    "R57 play_attacks on a Society card": (effect("C06", {"op": "play_attacks"}), "effect.tactics"),
    "R20 reactivate of no type": (effect("C06", {"op": "reactivate", "type": "magic"}), "effect.reactivate_type"),
    "R53 reactivate inside each_player": (
        effect("C06", {"op": "each_player", "do": [{"op": "reactivate"}]}),
        "effect.reactivate_inside",
    ),
    "each_player inside each_other": (
        effect("C06", {"op": "each_other", "do": [{"op": "each_player", "do": [GAIN]}]}),
        "effect.nest",
    ),
    "each_player with nothing to do": (effect("C06", {"op": "each_player", "do": []}), "effect.empty"),
    "R25_6 unknown count": (build("W01", {"what": "gold", "at_least": 1}), "condition.what"),
    "count without of": (build("W01", {"what": "resource_cards", "at_least": 1}), "condition.of_needed"),
    "count with an of it does not take": (
        build("W01", {"what": "military", "of": "food", "at_least": 1}),
        "condition.no_of",
    ),
    "at_least of 0": (build("W13", {"what": "cards", "at_least": 0}, part="glory"), "condition.low"),
    "at_least too high": (build("W01", {"what": "wonders", "at_least": 200}), "condition.most"),
}


def broken(mutate: Callable[[dict], None]) -> list[str]:
    data = json.loads(json.dumps(RAW))
    mutate(data)
    return C.validate(msgspec.json.decode(json.dumps(data), type=C.DataFile))


PROBLEMS = {name: broken(mutate) for name, (mutate, _key) in BREAKS.items()}


def test_the_built_in_file_has_no_problem():
    assert C.validate(C.load().file) == []


@pytest.mark.parametrize("name", BREAKS)
def test_each_break_gives_its_problem_and_every_problem_is_worded_in_russian(name):
    problems = PROBLEMS[name]
    assert BREAKS[name][1] in {made_of(p)[0] for p in problems}, problems
    for sentence in problems:
        assert C.PROBLEMS.knows(sentence), sentence
        russian = C.PROBLEMS.translate(sentence, "ru")
        assert russian != sentence
        assert not english_left(sentence, russian), (sentence, russian)
        assert C.PROBLEMS.translate(sentence, "en") == sentence


def test_the_breaks_reach_every_problem_of_the_catalog():
    reached = {made_of(p)[0] for problems in PROBLEMS.values() for p in problems}
    phrases = {k for k in EN if k.split(".")[0] in ("label", "word", "field", "count")}
    assert set(EN) - phrases <= reached, set(EN) - phrases - reached


def test_a_refused_file_lists_problems_the_catalog_knows(tmp_path):
    data = json.loads(json.dumps(RAW))
    entry(data, "C07")["id"] = "C06"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(C.DataError) as info:
        C.load(path)
    assert info.value.problems
    assert all(C.PROBLEMS.knows(p) for p in info.value.problems)


# --- what a Russian owner reads -------------------------------------------------------------------


def russian(name: str, key: str) -> str:
    return next(C.PROBLEMS.translate(p, "ru") for p in PROBLEMS[name] if made_of(p)[0] == key)


def test_R6_a_duplicate_id_and_the_box_in_russian():
    assert russian("R6 duplicate id", "card.twice") == "карточка C06: этот код использован дважды"
    assert russian("R6 missing card", "cards.box") == (
        "карточки: в коробке лежат C01–C55 (R6); не хватает: ['C07'], лишние: ['C77']"
    )
    assert russian("R6 epoch count", "epoch.cards") == (
        "Новый Мир, эпоха «Лошади»: карточки ['C06', 'C07', 'C08', 'C09', 'C10', 'C11'], а в коробке — C06–C12 (R6)"
    )


def test_R42_R38_counts_take_russian_plural_forms():
    assert russian("R42 three of an epoch", "wonders.pair") == (
        "Чудеса темы «Новый Мир»: эпохи «Лошади» — 3 Чуда, а нужно по паре на эпоху (R42)"
    )
    assert "эпохи «Порох» — 1 Чудо" in " ".join(
        C.PROBLEMS.translate(p, "ru") for p in PROBLEMS["R42 three of an epoch"]
    )
    none = C.say("wonders.pair", theme="renaissance", n=0, epoch="space")
    assert C.PROBLEMS.translate(none, "ru") == (
        "Чудеса темы «Ренессанс»: эпохи «Космос» — 0 Чудес, а нужно по паре на эпоху (R42)"
    )
    assert russian("R38 too many tokens", "wonder.tokens") == (
        "Чудо W12: нужно 6 жетонов Славы, а у игрока их всего 5 (R38)"
    )


def test_R66_R59_an_effect_problem_keeps_the_path_and_the_op_names():
    assert russian("R54 R66 lose outside an attack", "effect.loser") == (
        "карточка C06: effect[0]: lose: кто теряет, ясно только внутри 'defeated' атаки, "
        "'each_player' или 'each_other' (R54, R66)"
    )
    assert russian("R59 attack inside each_player", "effect.attack_inside") == (
        "карточка C03: effect[0].do[0]: атака относится к самой карточке, её нельзя ставить внутрь "
        "each_player (R59: каждая атака разрешается отдельно)"
    )


def test_field_and_resource_words_are_the_workshop_s():
    assert russian("negative military", "entry.negative") == (
        "карточка C06: «Военная сила» -1 — значение не может быть отрицательным"
    )
    assert russian("uncited source", "entry.source") == (
        "карточка C21: источник 'rulebook' поля «Цена» не описан в 'sources' файла"
    )
    assert russian("cost too high", "card.cost_most") == "карточка C20: цена «Нефть»: 9 — больше 5"
    assert russian("R43 depicts another row", "wonder.row") == (
        "Чудо W01: изображена карточка C13 эпохи «Порох», а при подготовке сравнивают карточки ряда "
        "самого Чуда — эпохи «Лошади» (R43, E1, A12)"
    )


def test_a_field_of_the_wrong_type_names_the_wonder_in_russian(tmp_path):
    data = json.loads(json.dumps(RAW))
    entry(data, "W01")["vp"] = "three"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(C.DataError) as info:
        C.load(path)
    sentence = str(info.value)
    assert sentence == f"{path}: wonder W01: Expected `int`, got `str` - at `$.wonders[0].vp`"
    assert C.PROBLEMS.knows(sentence)
    assert C.PROBLEMS.translate(sentence, "ru") == (
        f"{path}: Чудо W01: ожидалось: целое число, а стоит: строка — в `$.wonders[0].vp`"
    )
