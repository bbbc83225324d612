"""A data file's problems in the reader's language (``epochal.problems``): every catalog's
templates can be read back and worded in each of its languages, and the kernel's sentences (a
file that is not JSON, msgspec's messages, the schema checks) come out in Russian and Hungarian
with nothing English left but the file's own names and paths."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as hst

from epochal import datafile
from epochal.engine.messages import format_message
from epochal.problems import FIELD, KERNEL, ProblemError, Problems, _compile

ROOT = Path(__file__).resolve().parents[2] / "epochal"
CATALOGS = sorted(p.parent for p in ROOT.rglob("locale/problems.en.json"))
LANGS = ("ru", "hu")


def catalog(folder: Path, lang: str) -> dict[str, str]:
    path = folder / f"problems.{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def english_left(translated: str, english: dict[str, str]) -> list[str]:
    """The words of the English templates' own text (three letters or more) still in
    ``translated``, outside what it quotes (a path in backquotes, a value in quotes)."""
    text = re.sub(r"`[^`]*`|'[^']*'", "", translated)
    vocabulary = {w for t in english.values() for w in re.findall(r"[A-Za-z]{3,}", FIELD.sub(" ", t))}
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w in vocabulary - {"JSON", "MiB"}]


def test_the_kernel_and_every_game_have_a_catalog():
    assert ROOT / "locale" in CATALOGS
    games = {p.parent.name for p in CATALOGS if p.parent.parent.name == "games"}
    assert {"hadara", "guns_and_steel", "imperium", "imperial_settlers"} <= games


@pytest.mark.parametrize("folder", CATALOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_english_template_reads_back_and_every_language_words_it(folder):
    english = catalog(folder, "en")
    assert english
    for key, template in english.items():
        parts = FIELD.split(template)
        assert "{" not in "".join(parts[::2]), f"{key}: only plain {{field}} placeholders in English"
        assert all(parts[i] for i in range(2, len(parts) - 1, 2)), f"{key}: two fields touch: {template!r}"
        assert "".join(parts[::2]).strip(), f"{key}: a template of a lone field"
    for lang in ("ru", "hu"):
        words = catalog(folder, lang)
        if not words:
            continue  # the language is not offered for this game (Hungarian: Hadara's only)
        assert set(words) == set(english), f"{lang}: keys differ from English: {set(words) ^ set(english)}"
        for key, template in english.items():
            fields = set(FIELD.findall(template))
            for value in (7, "x"):
                try:
                    text = format_message(words[key], dict.fromkeys(fields, value), lang)
                except Exception:
                    if value == "x":
                        continue  # a plural form needs a number: the field is a count
                    raise
                assert text, f"{lang}: {key} words nothing"


def test_say_fills_the_english_template_and_refuses_what_it_lacks():
    assert KERNEL.say("schema.integer", low=0, high=5) == "an integer from 0 to 5"
    with pytest.raises(ProblemError):
        KERNEL.say("no such problem")
    with pytest.raises(ProblemError):
        KERNEL.say("schema.integer", low=0)


def decode_problem(raw: bytes) -> str:
    class Card(msgspec.Struct, forbid_unknown_fields=True):
        id: str
        cost: int = 0

    with pytest.raises(datafile.DataError) as caught:
        datafile.decode(raw, "the file", list[Card])
    return str(caught.value)


SENTENCES = [
    decode_problem(b'[{"id": "a", "cost": "x"}]'),
    decode_problem(b'[{"cost": 1}]'),
    decode_problem(b'[{"id": "a", "gold": 1}]'),
    decode_problem(b"[{"),
    decode_problem(b"[1 2]"),
    decode_problem(b'[{"id": "a",}]'),
    *datafile.List(datafile.Int(1, 2), 0, 3).problems(5, "play[0].n"),
    *datafile.List(datafile.Int(1, 2), 0, 3).problems([9], "play[0].n"),
    *datafile.Obj({"n": datafile.Int(0, 9)}).problems({"m": 1}, "play[1]"),
    *datafile.Map(datafile.Choice("wood", "stone"), datafile.Bool()).problems({"gold": True}, "cost"),
]


@pytest.mark.parametrize("sentence", SENTENCES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_kernels_sentences_are_worded_in_each_language(sentence, lang):
    assert KERNEL.knows(sentence)
    translated = KERNEL.translate(sentence, lang)
    assert translated != sentence
    assert not english_left(translated, catalog(ROOT / "locale", "en")), translated


def test_a_sentence_in_a_russian_reader_s_words():
    sentence = decode_problem(b'[{"id": "a", "cost": "x"}]')
    assert sentence == "the file: card a: Expected `int`, got `str` - at `$[0].cost`"
    assert KERNEL.translate(sentence, "ru") == "файл: карта a: ожидалось: целое число, а стоит: строка — в `$[0].cost`"
    nested = "play[0].n: 5 is not a list of 0 to 3 items, each an integer from 1 to 2"
    assert KERNEL.translate(nested, "ru") == (
        "play[0].n: 5 — это не список из 0–3 элементов, каждый — целое число от 1 до 2"
    )
    assert KERNEL.translate(nested, "en") == nested


def test_a_place_before_a_known_problem_is_kept_and_the_problem_worded():
    sentence = "celts.json: card 1CEL1: Object missing required field `id` - at `$[3]`"
    assert KERNEL.knows(sentence)
    assert KERNEL.translate(sentence, "ru") == "celts.json: карта 1CEL1: не хватает обязательного поля `id` — в `$[3]`"


def test_a_sentence_no_template_makes_stays_as_it_is():
    for sentence in ("something else entirely", "a: b: c", "x" * 5000, ""):
        assert not KERNEL.knows(sentence)
        assert KERNEL.translate(sentence, "ru") == sentence


def test_a_catalog_without_the_language_keeps_the_english():
    empty = Problems("tests", KERNEL)  # a package without catalogs: the kernel's words only
    assert empty.translate("the file: not valid JSON: x", "ru") == "файл: это не JSON: x"
    assert empty.translate("the file: not valid JSON: x", "xx") == "the file: not valid JSON: x"


def backtracking(english: str, sentence: str) -> dict[str, str] | None:
    """What a regular expression with a lazy group per field reads (the reading ``read`` keeps)."""
    parts = FIELD.split(english)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.*?)" for i, p in enumerate(parts))
    found = re.fullmatch(regex, sentence, re.DOTALL)
    return found.groupdict() if found else None


TEXTS = hst.text(alphabet="ab: ", max_size=4)


@given(
    texts=hst.lists(TEXTS, min_size=1, max_size=5).map(lambda t: [t[0], *(x or ":" for x in t[1:-1]), t[-1]]),
    sentence=hst.text(alphabet="ab: ", max_size=24),
)
def test_a_template_reads_a_sentence_as_a_lazy_regular_expression_would(texts, sentence):
    english = "".join(t + (f"{{f{i}}}" if i < len(texts) - 1 else "") for i, t in enumerate(texts))
    assert _compile("k", english).read(sentence) == backtracking(english, sentence)


def test_a_sentence_built_to_defeat_backtracking_reads_back_into_itself():
    """Owners type the values a sentence holds: one built so that a lazy regular expression
    backtracks for seconds (600 characters of separators for an eight-field template) reads in
    one pass, into fields that make the sentence again."""
    english = "{a} +{b} {c} +{d} {e} +{f} {g} +{h}"
    filler = "card card : : or + , " * 4
    sentence = filled(english, {f: filler for f in "abcdefgh"})
    assert len(sentence) > 600
    values = _compile("k", english).read(sentence)
    assert values is not None and filled(english, values) == sentence
    assert _compile("k", english).read(sentence + " +") is not None
    assert _compile("k", english + "!").read(sentence) is None


def filled(english: str, values: dict[str, str]) -> str:
    return FIELD.sub(lambda m: values[m.group(1)], english)
