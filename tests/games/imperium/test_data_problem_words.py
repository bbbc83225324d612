"""The Imperium data file's problems in Russian: every sentence of the loader and the validator
is made from a template of locale/problems.en.json (``cards.PROBLEMS``), so the workshop reads
it back and words it from locale/problems.ru.json. The English sentences stay as they were;
these tests break the built-in data in many ways and check that each problem is known and
reads in Russian, in the game's own terms, with its rule numbers (R9, R22, R30 ...) kept."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import msgspec
import pytest

import epochal
from epochal.engine.messages import format_message
from epochal.games.imperium import cards as C
from epochal.games.imperium import vocab

LOCALE = Path(C.__file__).parent / "locale"
EN = json.loads((LOCALE / "problems.en.json").read_text("utf-8"))
RU = json.loads((LOCALE / "problems.ru.json").read_text("utf-8"))
FIELD = re.compile(r"\{(\w+)\}")
RULE = re.compile(r"\bR\d+\b")
WORD = re.compile(r"\b[a-z]{4,}\b")
# What an owner writes in the file, kept as it is in a translation: quoted values, code spans,
# lists and objects, JSON paths and file names (``side_b.play``, ``play[0]``, ``romans.json``).
JSONISH = re.compile(r"(?<!\w)'[^']*'|\"[^\"]*\"|`[^`]*`|\[[^\]]*\]|\{[^}]*\}|[\w$./-]*[_.$\[/][\w$./\[\]-]*")
KEYS = set(C.Card.__struct_fields__) | set(C.Face.__struct_fields__)  # a card's keys: "location 'path'"
KERNEL_EN = json.loads((Path(epochal.__file__).parent / "locale" / "problems.en.json").read_text("utf-8"))
TEMPLATES = [FIELD.split(template)[::2] for template in [*EN.values(), *KERNEL_EN.values()]]  # their texts


def russian(sentence: str) -> str:
    return C.PROBLEMS.translate(sentence, "ru")


def english_left(sentence: str, translated: str) -> list[str]:
    """The English words (4+ lowercase letters) of ``translated`` that are the text of a
    template ``sentence`` holds, not the file's own words: its JSON values, paths, file names
    and a card's keys."""
    literal = set()
    for texts in TEMPLATES:
        if re.search(".+?".join(map(re.escape, texts)), sentence, re.DOTALL):
            literal |= {w for text in texts for w in WORD.findall(text)}
    allowed = {w for token in JSONISH.findall(sentence) for w in WORD.findall(token)} | KEYS
    return sorted(set(WORD.findall(translated)) & literal - allowed)


def assert_reads_in_russian(sentence: str) -> str:
    assert C.PROBLEMS.knows(sentence), sentence
    translated = russian(sentence)
    assert translated != sentence, sentence
    assert not english_left(sentence, translated), (sentence, translated, english_left(sentence, translated))
    assert RULE.findall(translated) == RULE.findall(sentence), (sentence, translated)
    return translated


# --- the catalogs ----------------------------------------------------------------------------------


def test_every_problem_has_its_russian_and_no_other():
    assert EN.keys() == RU.keys()


@pytest.mark.parametrize("key", sorted(EN))
def test_each_russian_template_formats_with_the_english_fields(key):
    fields = set(FIELD.findall(EN[key]))
    numbers = {name for name in fields if re.search(r"\{" + name + r", plural", RU[key])}
    sevens = format_message(RU[key], dict.fromkeys(fields, 7), "ru")
    words = format_message(RU[key], {name: 7 if name in numbers else f"<{name}>" for name in fields}, "ru")
    for name in fields - numbers:  # every field is in the translation
        assert f"<{name}>" in words, (key, name)
    assert not FIELD.search(sevens) and not FIELD.search(words), key
    assert RULE.findall(RU[key]) == RULE.findall(EN[key]), key


def test_the_english_templates_read_back():
    """Plain fields only, never two side by side, never a lone field."""
    for key, template in EN.items():
        assert re.fullmatch(r"[a-z_]+(\.[A-Za-z_]+)*", key), key
        assert not re.search(r"\}\{", template), key
        assert FIELD.sub("", template).strip(), key
        assert not re.search(r"\{\w+,", template), key


# --- broken data -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cards() -> list:
    return C.load()


def card(**fields) -> C.Card:
    return msgspec.convert({"id": "X1", "name": "X", **fields}, type=C.Card)


def first(cards, **match):
    return next(c for c in cards if all(getattr(c, k) == v for k, v in match.items()))


def changed(cards, old, **fields):
    return [msgspec.structs.replace(c, **fields) if c is old else c for c in cards]


def validator_problems(cards) -> list[str]:
    """The validator's problems of the built-in cards broken one way at a time (and a few
    cards of no deck's shape at all)."""
    romans = first(cards, deck="Romans", location="deck")
    market = first(cards, deck="common", group="market", suits=["region"])
    tributary = first(cards, deck="common", group="market", suits=["tributary"])
    power = first(cards, deck="Romans", power=True)
    accession = first(cards, deck="Romans", location="accession")
    atlantean = first(cards, deck="Atlanteans", location="deck")
    utopian = first(cards, deck="Utopians", location="deck")
    out = []
    for broken in (
        cards + [cards[0]],  # duplicate id
        changed(cards, market, suits=["civilised", "uncivilised"]),  # R22
        changed(cards, market, group="markets"),
        changed(cards, market, group="fame"),
        changed(cards, market, location="deck"),
        changed(cards, market, nation="Qin"),  # R60
        changed(cards, tributary, nation="Sumerians"),  # R7
        changed(cards, romans, group="market"),
        changed(cards, romans, box="classics"),  # R59
        changed(cards, romans, location="attic"),
        changed(cards, power, location="deck"),  # R30
        changed(cards, romans, location="supply"),  # R38
        changed(cards, romans, side_b=C.Face()),
        changed(cards, romans, location="path"),  # R33
        changed(cards, romans, players=5),
        changed(cards, romans, cost={"gold": 2, "progress": 30}),
        changed(cards, romans, suits=["region", "region"]),
        changed(cards, romans, types=["castle"]),
        changed(cards, romans, id=""),
        changed(cards, market, deck="Sumerians"),
        changed(cards, romans, power=True),  # R30: two power cards
        changed(cards, accession, location="deck"),  # R34
        changed(cards, atlantean, location="nation"),  # R34, R35
        changed(cards, utopian, location="accession"),  # R209
        [c for c in cards if c is not market],  # R9, R10
        [c for c in cards if c.deck != "Romans"],  # a file holds no card of its deck
    ):
        files = {"common": "common.json", **{n: f"{n.lower()}.json" for n in C.NATIONS}}
        origin = [f"{c.deck.lower()}.json" if c.deck != "common" else "common.json" for c in broken]
        out += C.validate(broken, files, origin)
    out += C.validate([c for c in cards if c.deck in ("common", "Romans")])  # R29
    out += C.validate([])
    out += C.validate(
        [
            card(deck="Romans", location="in-play", power=True, play=[{"op": "hook", "name": "nosuch"}]),
            card(
                id="X2",
                deck="Romans",
                location="accession",
                exhaust=[{"op": "draw"}, {"op": "when", "event": "sink", "do": []}],
                solstice=[{"op": "when", "event": "sink", "do": []}],
            ),
        ]
    )
    return out


# One card file's text, broken: the loader's messages, each naming the card (``datafile.located``).
BROKEN_FILES = {
    "vocab.twice": {"play": [{"op": "acquire", "suits": ["region", "region"]}]},
    "vocab.count_one_of": {"vp": {"per": {}}},
    "vocab.cond_one_of": {"play": [{"op": "if", "cond": {}, "do": []}]},
    "vocab.vp_one_of": {"vp": {"fixed": 1, "per": {"zone": "all"}}},
    "vocab.count_filter": {"vp": {"per": {"var": "x", "filter": {}}}},
    "vocab.count_garrison": {"play": [{"op": "draw", "per": {"garrison": "self"}}]},
    "vocab.vp_if": {"vp": {"if": {"in": "play"}}},
    "vocab.vp_vp": {"vp": {"fixed": 1, "vp": 2}},
    "vocab.vp_else": {"vp": {"fixed": 1, "else": 2}},
    "vocab.vp_every": {"vp": {"fixed": 1, "every": 2}},
    "vocab.steal_total": {"play": [{"op": "steal", "res": "materials", "total": True, "else_unrest": True}]},
    "vocab.abandon_under": {"play": [{"op": "abandon", "under": {}}]},
    "vocab.abandon_holding": {"play": [{"op": "abandon", "holding": {}, "garrisoned": True}]},
    "vocab.return_from": {"play": [{"op": "return_unrest", "from": ["self", "hand"]}]},
    "vocab.acquire_exile": {"play": [{"op": "acquire", "suits": [], "market": False}]},
    "vocab.shield": {"exhaust": [{"op": "when", "event": "attacked", "do": [{"op": "draw"}]}]},
    "load.needs_key": {"play": [{"op": "choose"}]},
    "load.has_no_key": {"play": [{"op": "gain", "gold": 1}]},
    "kernel.invalid_value": {"play": [{"op": "conquer"}]},
    "kernel.expected_at": {"vp": "many"},
}


def file_problem(tmp_path: Path, text: str) -> str:
    path = tmp_path / "romans.json"
    path.write_text(text)
    with pytest.raises(C.DataError) as info:
        C.load_file(path)
    return str(info.value).replace(f"{tmp_path}/", "")  # as the workshop shows it


def loader_problems(tmp_path: Path) -> list[str]:
    out = [file_problem(tmp_path, json.dumps([{"id": "X1", "name": "X", **v}])) for v in BROKEN_FILES.values()]
    out.append(file_problem(tmp_path, "[]"))
    out.append(file_problem(tmp_path, "[{"))
    data = tmp_path / "data"
    shutil.copytree(C.DATA_DIR, data)
    common = json.loads((data / "common.json").read_text())
    common[0]["box"] = "legends"  # R59
    (data / "common.json").write_text(json.dumps(common))
    with pytest.raises(C.DataError) as info:
        C.load(data)
    out += info.value.problems
    for directory in (tmp_path / "nowhere", tmp_path / "empty"):
        (tmp_path / "empty").mkdir(exist_ok=True)
        shutil.copy(C.DATA_DIR / "common.json", tmp_path / "empty")
        with pytest.raises(C.DataError) as info:
            C.load(directory)
        out.append(str(info.value).replace(f"{tmp_path}/", ""))
    return out


def test_every_validator_problem_reads_in_russian(cards):
    problems = validator_problems(cards)
    assert len(problems) > 30
    for sentence in problems:
        assert_reads_in_russian(sentence)


def test_every_loader_problem_reads_in_russian(tmp_path):
    problems = loader_problems(tmp_path)
    assert len(problems) == len(BROKEN_FILES) + 7
    for sentence in problems:
        assert_reads_in_russian(sentence)


def test_the_broken_data_says_every_problem_of_the_catalog(cards, tmp_path, monkeypatch):
    """Each template of problems.en.json is said by some broken data of these tests (the
    ``.at`` ones and the labels are how the loader's messages read back)."""
    said = set()

    def recording(key, /, **fields):
        said.add(key)
        return C.PROBLEMS.say(key, **fields)

    monkeypatch.setattr(C, "say", recording)
    monkeypatch.setattr(vocab, "say", recording)
    validator_problems(cards)
    loader_problems(tmp_path)
    read_only = {key for key in EN if key.endswith(".at")} | {"label.card_problem"}
    assert set(EN) - read_only - said == set()


# --- what the owner reads --------------------------------------------------------------------------


def test_R22_a_dual_card_in_russian():
    assert russian(
        "common.json: card 1REG1: suits: ['civilised', 'uncivilised']; only a dual card has two, "
        "uncivilised then civilised (R22)"
    ) == (
        "common.json: карта 1REG1: suits: ['civilised', 'uncivilised'] — две масти бывают только у карты "
        "истоков и цивилизации, и первой идут истоки (R22)"
    )


def test_R30_R34_the_nation_decks_in_russian_with_plural_forms():
    assert (
        russian("romans.json: 2 power cards; a nation has exactly one (R30)")
        == "romans.json: 2 карты способности, а у народа она ровно одна (R30)"
    )
    assert russian("romans.json: 0 cards with location 'accession'; a nation has exactly one (R34)") == (
        "romans.json: 0 карт с location 'accession', а карта трансформации у народа ровно одна (R34)"
    )
    assert russian("atlanteans.json: 1 nation deck or accession cards; Atlanteans have none (R34, R35)") == (
        "atlanteans.json: 1 карта колоды усиления или трансформации, а у народа «Атланты» их нет (R34, R35)"
    )
    assert russian("1 nations have cards (Romans); a 4-player game needs 4 (R29)") == (
        "карты есть у 1 народа (Romans), а для игры вчетвером нужно 4 народа (R29)"
    )


def test_a_card_field_out_of_range_in_russian_R7():
    """The validator's schema sentences are the kernel's, with this game's words for what fits."""
    assert russian("greeks.json: card 1GRE3: players: 5 is not 2, 3 or 4 (or absent)") == (
        "greeks.json: карта 1GRE3: players: 5 — это не 2, 3 или 4 (или не указано)"
    )
    assert russian("common.json: card 1TRI1: nation: 'Sumerians' is not a nation of R7 (or absent)") == (
        "common.json: карта 1TRI1: nation: 'Sumerians' — это не народ из R7 (или не указан)"
    )


def test_the_loader_messages_in_russian(tmp_path):
    assert russian("romans.json: card X1: choose needs key 'options' - at `$[0].play[0]`") == (
        "romans.json: карта X1: choose: не хватает ключа 'options' — в `$[0].play[0]`"
    )
    assert russian("romans.json: card X1: vp belongs to a VP line with if or per - at `$[0].vp`") == (
        "romans.json: карта X1: «ПО» указывают только в записи ПО с «Если» или «За» — в `$[0].vp`"
    )
    assert russian(
        "romans.json: card X1: side_b: only a power card, a path card or King of Kings has a second face"
    ) == ("romans.json: карта X1: side_b: вторая сторона бывает только у карты способности, карты пути и «Царя царей»")
    assert file_problem(tmp_path, json.dumps([{"id": "X1", "name": "X", "vp": "many"}])) == (
        "romans.json: card X1: Expected `int | object | null`, got `str` - at `$[0].vp`"
    )
