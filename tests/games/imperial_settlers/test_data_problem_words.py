"""The problems of an Imperial Settlers data set in the owner's language: every sentence the
loader and the validator (``cards.py``) word comes from a template of
``locale/problems.en.json`` (``cards.say``), so that ``cards.PROBLEMS.translate`` reads it back
and words it in Russian (``locale/problems.ru.json``), with the game's own terms and the rule
numbers (R15, §2, D6) as they are. The English sentences themselves do not change (test_data.py
and the other tests assert on them)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from epochal import datafile
from epochal.engine.messages import format_message
from epochal.games.imperial_settlers import cards as C
from epochal.problems import FIELD, Placed, Said, _catalog
from epochal.problems import _reading as read_back

LOCALE = Path(C.__file__).parent / "locale"
EN = json.loads((LOCALE / "problems.en.json").read_text(encoding="utf-8"))
RU = json.loads((LOCALE / "problems.ru.json").read_text(encoding="utf-8"))
CHAIN = C.PROBLEMS._chain()
WORD = re.compile(r"[a-z]+")
NAMES = re.compile(r"'[\w./\[\]]*'|`[^`]*`|\S*[_./\[\]]\S*")  # quoted keys, paths and file names: kept as they are
JSON_WORDS = {"null", "true", "false"}  # JSON's own words, in every language
TEXT_FIELDS = {"where", "file", "dir", "id", "value", "key", "fields", "good", "goods", "kinds", "values"}
TEXT_FIELDS |= {"code", "colours", "deck", "lang", "langs", "op", "yields", "want", "got", "field", "kind"}

# keys no data set can reach: msgspec refuses a provenance outside its three values before the
# validator runs
UNREACHED = {"card.provenance"}


def test_every_problem_has_a_russian_wording_that_formats():
    assert sorted(EN) == sorted(RU)
    for key, english in EN.items():
        fields = FIELD.findall(english)
        assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), key
        assert english.strip() != "{" + (fields[0] if fields else "") + "}", key
        assert not re.search(r"\}\{", english), key  # two fields always have text between them
        for args in ({f: 7 for f in fields}, {f: "x" if f in TEXT_FIELDS else 7 for f in fields}):
            worded = format_message(RU[key], args, "ru")
            assert "{" not in worded and worded, key


def test_the_lists_and_words_of_the_catalog_are_the_games_own():
    """The literal-only templates read back the vocabulary the sentences carry as fields."""
    assert C.say("list.storable") == ", ".join(C.STORABLE)
    assert C.say("list.track_gains") == ", ".join(C.TRACK_GAINS)
    assert C.say("list.attack_targets") == ", ".join(C.ATTACK_TARGETS)
    assert C.say("list.kinds") == ", ".join(C.KINDS)
    assert C.say("list.provenance") == ", ".join(C.PROVENANCE)
    assert {k.removeprefix("good.") for k in EN if k.startswith("good.")} == set(C.GOODS) | set(C.PAYS)


# --- representative broken data -----------------------------------------------------------------

DROP = object()

# by deck file and card id: the fields each card gets (DROP: removed)
CARDS: dict[str, dict[str, dict]] = {
    "common": {
        "COM003": {"id": "XYZ003"},  # R15
        "COM036": {"id": "COM037"},
        "COM007": {"copies": 11},
        "COM011": {"kind": "dragon"},
        "COM015": {"colours": ["teal", "red", "red"]},
        "COM016": {"cost": {"gem": 1, "wood": 11}},  # R58
        "COM017": {"raze": {"gem": 1, "wood": 0}},
        "COM018": {"discard": 2, "vp": 30, "deal": "gem"},  # R13, R59
        "COM001": {"production": [{"op": "gain", "wood": 1}]},
        "COM021": {"production": [{"op": "gain", "wood": 1}]},
        "COM025": {"action": {"do": [{"op": "steal"}]}},
        "COM002": {"action": {"do": []}, "triggers": [{"on": "explode"}, {"on": "build", "colour": "teal"}]},
        "COM032": {"action": DROP},
        "COM052": {"kind": "dragon", "production": DROP},
        "COM012": {"variants": {"COM099": {}, "COM013": {"cost": {"gem": 1}}, "COM014": {"vp": 1}}},
        "COM026": {"source": ["nowhere"]},
        "COM027": {"translated": {"de": "Alter Wald"}},
        "COM028": {"translated": {"en": "Gold Brook"}},
        "COM030": {
            "action": {"limit": 3, "pay": {"gem": 1, "wood": 11}, "do": []},  # R89, R91
            "stand_in": {"limit": 0, "pay": {"gold": 0, "gem2": 1}},
        },
        "COM029": {"storage": {"capacity": 0, "goods": ["defence", "wood", "wood"]}},  # R168, R132
        "COM033": {"storage": {"capacity": 1, "goods": []}},
        "COM039": {
            "under": {"capacity": 30, "vp": 30, "per": 0, "max": 30, "goods": ["wood"]},
            "storage": {"capacity": 1},
        },
        "COM040": {"keeps": {"capacity": 0, "vp": -1, "per": 11, "max": 0, "goods": ["gem", "wood", "wood"]}},
        "COM041": {"keeps": {"goods": []}},  # R155
        "COM042": {"action": {"do": [{"op": "tuck"}, {"op": "put_on"}, {"op": "trade_deal"}, {"op": "capture"}]}},
        "COM043": {
            "trade": {"yields": "goods", "lost": "ends", "now": False, "each_production": False, "kinds": [], "vp": 30}
        },
        "COM044": {
            "trade": {
                "yields": "deal",
                "lost": "ends",
                "goods": {"gem": 1, "wood": 11},
                "kinds": ["dragon", "action", "action"],
            }
        },
        "COM046": {
            "capture": {
                "production": "captor",
                "activate": "owner",
                "tokens": 0,
                "kinds": ["dragon", "feature", "feature"],
                "ends": ["cleanup", "cleanup"],
            }
        },
        "COM049": {"capture": {"production": "captor", "activate": "owner", "kinds": []}},
        "COM050": {"action": {"do": [{"op": "fly"}]}},
        "COM008": {"production": [{"op": "gain_per", "good": "wood"}]},
        "COM023": {"production": [{"op": "gain", "wood": 11}], "bonus": [{"op": "gain", "wood": 0}]},
        "COM053": {"action": {"do": [{"op": "choose", "options": [[]]}]}},
        "COM004": {"triggers": [{"on": "build", "do": [{"op": "steal"}] * 21}]},
        "COM056": {"action": {"do": [{"op": "raze_location"}]}, "stand_in": {"do": [{"op": "gain", "x": 1}]}},
        "COM057": {"action": {"do": [{"op": "gain_per", "good": "gem", "colour": "red"}]}},
        "COM005": {
            "triggers": [{"on": "build", "do": [{"op": "gain_per", "good": "wood", "colour": "red", "max": "a"}]}]
        },
        "COM006": {"triggers": [{"on": "build", "do": "x"}]},
    },
    "romans": {"ROM011": {"raze": {"vp": 1}}},  # R13
}
FILES: dict[str, dict] = {  # the deck files' own fields
    "romans": {"board": {"store": "gem", "production": [{"op": "fly"}]}},
    "barbarians": {"faction": "Vikings", "board": DROP},  # R139
    "egyptians": {"deck": "romans"},
}


def _edit(node: dict, changes: dict) -> None:
    for key, value in changes.items():
        if value is DROP:
            node.pop(key, None)
        else:
            node[key] = value


def _copy(tmp_path: Path, name: str) -> Path:
    out = tmp_path / name
    shutil.copytree(C.DATA_DIR, out)
    return out


def _problems(directory: Path) -> list[str]:
    with pytest.raises(C.DataError) as info:
        C.load(directory)
    return info.value.problems or [str(info.value)]


def _broken_decks(tmp_path: Path) -> list[str]:
    directory = _copy(tmp_path, "decks")
    for deck in C.DECKS:
        path = directory / f"{deck}.json"
        doc = json.loads(path.read_text(encoding="utf-8"))
        _edit(doc, FILES.get(deck, {}))
        changes = CARDS.get(deck, {})
        found = [_edit(card, changes[card["id"]]) for card in list(doc["cards"]) if card["id"] in changes]
        assert len(found) == len(changes)
        path.write_text(json.dumps(doc), encoding="utf-8")
    attacks = json.loads((directory / C.ATTACK_FILE).read_text(encoding="utf-8"))
    attacks["cards"][0]["id"] = "COM001"
    (directory / C.ATTACK_FILE).write_text(json.dumps(attacks), encoding="utf-8")
    return _problems(directory)


def _missing_and_factionless(tmp_path: Path) -> list[str]:
    directory = _copy(tmp_path, "missing")
    (directory / "japanese.json").unlink()  # R2
    path = directory / "egyptians.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc.pop("faction")
    path.write_text(json.dumps(doc), encoding="utf-8")
    return _problems(directory)


def _refused_files(tmp_path: Path) -> list[str]:
    """The files the loader refuses whole: one sentence each."""
    out = []
    empty = tmp_path / "empty"
    empty.mkdir()
    for directory, edit in (
        (tmp_path / "nowhere", None),
        (empty, None),
        (_copy(tmp_path, "garbage"), ("common.json", "{not json")),
        (_copy(tmp_path, "deep"), ("common.json", "[" * 100_000 + "]" * 100_000)),
        (_copy(tmp_path, "deep_attacks"), (C.ATTACK_FILE, "[" * 100_000 + "]" * 100_000)),
        (_copy(tmp_path, "typed"), ("common.json", None)),
    ):
        if edit is not None:
            name, text = edit
            if text is None:  # a field of the wrong type: msgspec's words, the card named
                doc = json.loads((directory / name).read_text(encoding="utf-8"))
                doc["cards"][8]["copies"] = "two"
                text = json.dumps(doc)
            (directory / name).write_text(text, encoding="utf-8")
        out += _problems(directory)
    return out


ATTACK_FILES = [
    [],
    {"deck": "x", "sources": {"a": 1}, "note": 1, "extra": 1, "cards": "x"},
    {
        "deck": "attacks",
        "sources": {"s": "a source"},
        "cards": [
            1,
            {"id": "", "target": "wood"},
            {"id": "A1", "target": ["wood"], "x": 1, "provenance": "bad", "source": "s", "note": 1},
            {"id": "A1", "target": "gem", "source": ["nope"]},
        ],
    },
]


@pytest.fixture(scope="module")
def sentences(tmp_path_factory) -> list[str]:
    """Every problem the broken data sets above produce."""
    tmp = tmp_path_factory.mktemp("problems")
    out = _broken_decks(tmp) + _missing_and_factionless(tmp) + _refused_files(tmp)
    for raw in ATTACK_FILES:
        out += C.check_attacks(raw)
    return out


def _reading(sentence: str):
    return read_back(CHAIN, sentence)


def _keys(reading) -> set[str]:
    """The keys of the templates (of this game's catalog or the kernel's) in a reading of a
    sentence (as ``translate`` reads it): its own, its fields', its place's."""
    if isinstance(reading, Placed):
        return _keys(reading.place) | _keys(reading.problem)
    if isinstance(reading, Said):
        return {reading.key}.union(*(_keys(v) for v in reading.fields.values()))
    return set()


def _english_words(reading) -> set[str]:
    """The English words of the literal text of the templates in a reading (quoted keys, paths
    and file names aside: those are the owner's file's, and stay)."""
    if isinstance(reading, Placed):
        return _english_words(reading.place) | _english_words(reading.problem)
    if not isinstance(reading, Said):
        return set()
    english = _catalog(reading.package, "en")[reading.key]
    words = {w for w in WORD.findall(NAMES.sub(" ", FIELD.sub(" ", english))) if len(w) >= 4}
    return words.union(*(_english_words(v) for v in reading.fields.values()))


def english_left(sentence: str, russian: str) -> set[str]:
    """The English words of ``sentence``'s templates still in its translation ``russian``."""
    left = {w for w in WORD.findall(NAMES.sub(" ", russian)) if len(w) >= 4}
    return left & _english_words(_reading(sentence)) - JSON_WORDS


def test_every_problem_reads_back_in_russian(sentences):
    assert len(sentences) > 100
    for sentence in sentences:
        assert C.PROBLEMS.knows(sentence), sentence
        russian = C.PROBLEMS.translate(sentence, "ru")
        assert russian != sentence, sentence
        assert not english_left(sentence, russian), (sentence, russian)
        assert "{" not in russian, russian


def test_the_broken_data_reaches_every_problem_of_the_catalog(sentences):
    reached = set().union(*(_keys(_reading(s)) for s in sentences))
    assert {"good.wood", "good.gold"} <= reached  # the words of the goods, as a sentence carries them
    assert {k for k in EN if not k.startswith("good.")} - UNREACHED - reached == set()


def test_the_kinds_of_location_are_worded_as_the_rules_do_R17(sentences):
    """A production or an action on the wrong kind of location names the kind as R17 does; an
    unknown kind stays as the file has it."""
    assert "common.json: card COM001: production on a feature location" in sentences
    assert "card.production_on_feature" in _keys(_reading("common.json: card COM001: production on a feature location"))
    assert "card.production_on" in _keys(_reading("common.json: card COM011: production on a dragon location"))
    assert C.PROBLEMS.translate("common.json: card COM025: an action on a production location", "ru") == (
        "common.json: карточка COM025: действие у локации с производством, а оно бывает только у локации с действием"
    )


RUSSIAN = {
    "common.json holds 83 cards, not 84 (§2)": "В common.json 83 карточки, а должно быть 84 (§2)",
    "common.json: card COM015: unknown colour 'teal'": "common.json: карточка COM015: неизвестный цвет 'teal'",
    "common.json: card XYZ003: an id is COM and 3 digits (R15)": (
        "common.json: карточка XYZ003: код карточки — это COM и 3 цифры (R15)"
    ),
    "common.json: card COM016: cost wood 11: from 0 to 10": (
        "common.json: карточка COM016: дерево в стоимости — 11, а можно от 0 до 10"
    ),
    "common.json: card COM029: storage good 'defence' is not a good of the supply "
    "(wood, stone, food, gold, worker, raze, R132)": (
        "common.json: карточка COM029: товар хранилища 'defence' — не товар личного запаса "
        "(дерево, камень, еда, золотой, рабочий, жетон разрушений, R132)"
    ),
    "common.json: card COM030: action limit 3 (R89, R91)": (
        "common.json: карточка COM030: действие — 3 раза за раунд, а бывает 1 или 2 (R89, R91)"
    ),
    "common.json: card COM023: production[0].wood: Expected `int` <= 10": (
        "common.json: карточка COM023: production[0].wood: ожидалось: целое число не больше 10"
    ),
    "common.json: card COM050: action.do[0].op: unknown operation 'fly'": (
        "common.json: карточка COM050: action.do[0].op: неизвестная операция 'fly'"
    ),
    "romans.json board: production[0].op: unknown operation 'fly'": (
        "romans.json, планшет: production[0].op: неизвестная операция 'fly'"
    ),
    "solo_attacks.json: 4 attack cards, not 16 (§2, R196)": (
        "solo_attacks.json: 4 карточки атаки, а должно быть 16 (§2, R196)"
    ),
    "japanese.json: missing; a data directory holds every empire's deck (R2: up to four players, each an empire)": (
        "japanese.json: файла нет, а в папке данных должна быть колода каждой империи "
        "(R2: до четырёх игроков, у каждого своя империя)"
    ),
}


def test_what_the_owner_reads_in_russian(sentences):
    for english, russian in RUSSIAN.items():
        assert english in sentences
        assert C.PROBLEMS.translate(english, "ru") == russian


def test_a_card_named_in_msgspecs_words_reads_in_russian(sentences):
    """A field of the wrong type, refused by msgspec with the card named (kernel words)."""
    (typed,) = [s for s in sentences if "Expected `int`, got `str`" in s]
    assert typed.endswith(": card COM011: Expected `int`, got `str` - at `$.cards[8].copies`")
    assert C.PROBLEMS.translate(typed, "ru").endswith(
        ": карточка COM011: ожидалось: целое число, а стоит: строка — в `$.cards[8].copies`"
    )


def test_a_draft_the_workshop_previews_notes_the_same_sentences(tmp_path):
    directory = _copy(tmp_path, "draft")
    path = directory / "common.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["cards"][0]["colours"] = ["teal"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with datafile.lenient() as noted:
        C.load(directory)
    assert noted == ["common.json: card COM001: unknown colour 'teal'"]
    assert C.PROBLEMS.translate(noted[0], "ru") == "common.json: карточка COM001: неизвестный цвет 'teal'"
