"""The problems a card data file has, in the reader's language.

A validator words each problem from English templates kept by key in a package's
``locale/problems.en.json`` (``Problems.say``): the CLI prints that sentence and the API carries
it as the problem's ``message``, so a stored data set keeps only the sentence. ``translate``
reads the sentence back: the template that made it, each field read back the same way (a field
may itself be a phrase of the catalog, "card I-BLU-04", or one of its words, "purple"), and a
place written before a problem ("celts.json: ..."); of the readings it takes the one that
accounts for the most template text. Each template is then filled from the one with the same
key in ``locale/problems.<lang>.json``, an ICU-style message (``engine.messages``: plural forms
for the counts). What no template makes stays as it is, in English.

English templates hold plain ``{field}`` placeholders only, each named once and each pair
separated by some text, so that a sentence is read back into its fields in one pass.
"""

from __future__ import annotations

import importlib.resources
import json
import re
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

FIELD = re.compile(r"\{(\w+)\}")
LONGEST = 600  # characters of a sentence worth reading back; a longer one stays as it is
DEPTH = 5  # phrases within phrases, places before a problem
EFFORT = 256  # parts of one sentence tried (a sentence of an owner's values can be built to try many)
_effort: ContextVar[int] = ContextVar("effort", default=EFFORT)


class _TooHard(Exception):
    """A sentence whose reading would take more than EFFORT parts: it stays as it is."""


class ProblemError(KeyError):
    """A problem key the English catalog lacks, or a field its template names and ``say`` lacks."""


@dataclass(frozen=True)
class Template:
    key: str
    texts: tuple[str, ...]  # the text before, between and after the fields
    fields: tuple[str, ...]
    literal: int  # characters of text outside the fields: the more, the more specific
    open_ends: frozenset[str]  # the fields that begin or end the sentence, no text of the template beyond them

    def read(self, sentence: str) -> dict[str, str] | None:
        """The fields of ``sentence`` if this template makes it, each as short as the fields
        after it allow (what ``(?P<field>.*?)`` between the texts would give: an owner's value
        may be empty), in time linear in the sentence: a backtracking regular expression takes
        seconds on a sentence built to defeat it, and a sentence holds what an owner typed."""
        texts, fields = self.texts, self.fields
        if not fields:
            return {} if sentence == texts[0] else None
        start, stop = len(texts[0]), len(sentence) - len(texts[-1])
        if stop < start or not (sentence.startswith(texts[0]) and sentence.endswith(texts[-1])):
            return None
        # latest[j]: the latest place field j may start for the fields after it to fit, the text
        # after it standing at the latest place it can
        n = len(fields)
        latest = [0] * n
        latest[-1] = stop
        for j in range(n - 2, -1, -1):
            latest[j] = sentence.rfind(texts[j + 1], 0, latest[j + 1]) if latest[j + 1] >= 0 else -1
        if start > latest[0]:
            return None
        values, at = {}, start
        for j in range(n - 1):
            text = texts[j + 1]
            end = sentence.find(text, at, latest[j + 1])  # the earliest place that leaves room
            values[fields[j]] = sentence[at:end]
            at = end + len(text)
        values[fields[-1]] = sentence[at:stop]
        return values


def _compile(key: str, english: str) -> Template:
    parts = FIELD.split(english)  # text, field, text, field, ..., text
    texts, fields = tuple(parts[::2]), tuple(parts[1::2])
    ends = {fields[0]} if fields and not texts[0] else set()
    ends |= {fields[-1]} if fields and not texts[-1] else set()
    return Template(key, texts, fields, sum(map(len, texts)), frozenset(ends))


class Problems:
    """The problem sentences of one package (a game's, or the kernel's ``epochal``): its
    English templates by key and their translations."""

    def __init__(self, package: str, *fallbacks: Problems):
        self.package = package
        self.fallbacks = fallbacks  # catalogs whose templates these sentences may hold (the kernel's)

    @property
    def english(self) -> dict[str, str]:
        return _catalog(self.package, "en")

    def say(self, key: str, /, **fields: object) -> str:
        """The English sentence of ``key`` with ``fields`` filled in."""
        try:
            template = self.english[key]
        except KeyError:
            raise ProblemError(f"{self.package}: no problem {key!r} in locale/problems.en.json") from None

        def field(match: re.Match) -> str:
            try:
                return str(fields[match.group(1)])
            except KeyError:
                raise ProblemError(f"{self.package}: problem {key!r} needs {{{match.group(1)}}}") from None

        return FIELD.sub(field, template)

    def translate(self, sentence: str, lang: str) -> str:
        """``sentence`` in ``lang``: read back into its template's fields and worded again; as
        it is when no template of this catalog (or its fallbacks) makes it."""
        if lang == "en":
            return sentence
        return _translate(self._chain(), sentence, lang)

    def knows(self, sentence: str) -> bool:
        """Whether a template of this catalog (or its fallbacks) makes ``sentence``, after the
        places (a file, an entry) written before it as ``place: ``."""
        return _known(self._chain(), sentence)

    def _chain(self) -> tuple[str, ...]:
        out = [self.package]
        for other in self.fallbacks:
            out += [p for p in other._chain() if p not in out]
        return tuple(out)


@cache
def _catalog(package: str, lang: str) -> dict[str, str]:
    """``locale/problems.<lang>.json`` of ``package`` ({} when it has none)."""
    try:
        text = importlib.resources.files(package).joinpath("locale", f"problems.{lang}.json").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return json.loads(text)


@cache
def _templates(packages: tuple[str, ...]) -> list[tuple[str, Template]]:
    return [(p, _compile(k, t)) for p in packages for k, t in _catalog(p, "en").items()]


class Said(NamedTuple):
    """How a sentence was made: a template and its fields (each the plain text or a reading)."""

    text: str
    package: str
    key: str
    fields: dict[str, str | Reading]


class Placed(NamedTuple):
    """A problem after its place, "celts.json: card 1CEL1: ...": the place, then the problem."""

    text: str
    place: str | Reading
    problem: Reading


Reading = Said | Placed


@lru_cache(maxsize=8192)
def _read_back(packages: tuple[str, ...], sentence: str, depth: int) -> tuple[int, Reading] | None:
    """The reading of ``sentence`` that accounts for the most template text, and how much; None
    when no template makes it."""
    if depth == 0 or len(sentence) > LONGEST:
        return None
    left = _effort.get()
    if left <= 0:
        raise _TooHard
    _effort.set(left - 1)
    best: tuple[int, Reading] | None = None
    for package, template in _templates(packages):
        found = template.read(sentence)
        if found is None:
            continue
        score, fields = template.literal, {}
        for name, value in found.items():
            inner = _read_back(packages, value, depth - 1) if value != sentence else None
            if inner is None and name in template.open_ends and ": " in _outside_brackets(value):
                break  # "card {id}" taking "X: a problem no template makes" along: not this reading
            score += inner[0] if inner else 0
            fields[name] = inner[1] if inner else value
        else:
            if best is None or score > best[0]:
                best = (score, Said(sentence, package, template.key, fields))
    place, colon, rest = sentence.partition(": ")
    problem = _read_back(packages, rest, depth - 1) if colon else None
    if problem is not None:
        where = _read_back(packages, place, depth - 1)
        score = len(colon) + problem[0] + (where[0] if where else 0)
        if best is None or score >= best[0]:  # a tie: the place apart from the problem
            best = (score, Placed(sentence, where[1] if where else place, problem[1]))
    return best


def _outside_brackets(text: str) -> str:
    """``text`` without what it quotes or brackets (a value such as ``{'food': 2}``)."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "", text)
    while True:
        shorter = re.sub(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}", "", text)
        if shorter == text:
            return text
        text = shorter


def _reading(packages: tuple[str, ...], sentence: str) -> Reading | None:
    _effort.set(EFFORT)
    try:
        found = _read_back(packages, sentence, DEPTH)
    except _TooHard:
        return None
    return None if found is None else found[1]


def _known(packages: tuple[str, ...], sentence: str) -> bool:
    return _reading(packages, sentence) is not None


def _translate(packages: tuple[str, ...], sentence: str, lang: str) -> str:
    found = _reading(packages, sentence)
    return sentence if found is None else _worded(found, lang)


def _worded(reading: str | Reading, lang: str) -> str:
    """A reading in ``lang``; a part without words in ``lang`` keeps its English."""
    from epochal.engine.messages import MessageError, format_message  # the engine imports this module's users

    if isinstance(reading, str):
        return reading
    if isinstance(reading, Placed):
        return f"{_worded(reading.place, lang)}: {_worded(reading.problem, lang)}"
    wording = _catalog(reading.package, lang).get(reading.key)
    if wording is None:
        return reading.text
    args: dict[str, object] = {}
    for name, value in reading.fields.items():
        text = _worded(value, lang)
        args[name] = int(text) if re.fullmatch(r"-?\d{1,15}", text) else text
    try:
        return format_message(wording, args, lang)
    except MessageError:
        return reading.text


KERNEL = Problems("epochal")  # the problems of reading any data file (``epochal.datafile``, msgspec's)
