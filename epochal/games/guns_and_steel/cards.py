"""Guns & Steel card database: schema, loader and validator.

One JSON file holds the whole box: the five start cards (C01-C05, the same in every colour),
the 25 civilization cards of each theme (New World C06-C30, Renaissance C31-C55) and the 20
wonders (W01-W20). Effects and wonder conditions are data: the operations of ``vocab.py`` (the
vocabulary of D15) and the clauses below, documented with a worked example in
docs/games/guns-and-steel-data.md.

A field is established only when the card's ``sources`` maps it to a citation (the spec's rule
or example, or the reference file); every other field is a stand-in, and the card is then
``provisional``. ``gaps()`` lists, per card, the fields that are not established.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

from epochal import datafile
from epochal.engine.locale import ui_strings
from epochal.problems import KERNEL, Problems

# The effect vocabulary (vocab.py) is part of the schema: its users name it from here too.
from .vocab import (  # noqa: F401
    ATTACK_ONLY,
    COSTS,
    ActivateAttacks,
    AnyOp,
    Attack,
    EachOther,
    EachPlayer,
    Gain,
    GiveWonder,
    HandOver,
    Lose,
    LoseVp,
    Op,
    Pay,
    PayVp,
    PlayAttacks,
    Reactivate,
    Restore,
    Use,
    Vp,
)

# every problem sentence from locale/problems.en.json, so the workshop can word it in Russian
PROBLEMS = Problems("epochal.games.guns_and_steel", KERNEL)
say = PROBLEMS.say

DATA_DIR = Path(__file__).parent / "data"
DATA_FILE = DATA_DIR / "guns_and_steel.json"

RESOURCES = ("food", "iron", "horses", "gunpowder", "oil", "information", "space")  # R11, R12
EPOCHS = RESOURCES[2:]  # pyramid rows 1..5, bottom to top (R39)
TYPES = ("society", "tactics", "attack")  # R20
THEMES = ("start", "new_world", "renaissance")  # R6
START_IDS = tuple(f"C{i:02d}" for i in range(1, 6))  # R6, R10
THEME_IDS = {"new_world": (6, 30), "renaissance": (31, 55)}  # R6
EPOCH_COUNTS = {"horses": 7, "gunpowder": 6, "oil": 5, "information": 4, "space": 3}  # R6
START_RESOURCES = {"food": 3, "iron": 2}  # R9
WONDER_IDS = {"new_world": (1, 10), "renaissance": (11, 20)}  # R6
CARD_FIELDS = ("name", "type", "cost", "vp", "military", "response", "two_player", "effect")
WONDER_FIELDS = ("name", "epoch", "vp", "depicts", "two_player", "build", "glory", "tokens")
SPEC = "shared/rules/guns-and-steel.md"
MAX_UNITS = 5  # resources in a cost or an operation, and an operation's n
MAX_VP = 20  # a card's or a wonder's VP, a card's military strength
MAX_AT_LEAST = 99  # a wonder condition's count

# --- wonder conditions (R25.6, R25.6b) --------------------------------------------------------

COUNTS = {
    "resource_cards": "your zone's cards lying resource side up, of resource type `of`",
    "tech_cards": "your zone's cards lying technology side up, of technology type `of`",
    "military": "your military strength (R61)",
    "cards": "civilization cards you own, in zone and hand",
    "epoch_cards": "civilization cards you own whose resource side is `of`",
    "recalled_vp": "the VP of the cards you took back into your hand this turn (E12)",
    "vp": "the VP on your VP card",
    "wonders": "wonders you own",
}


NW_UNKNOWN_COUNTS = ("vp", "recalled_vp")  # New World: no VP card (R73), check before recall
GLORY_TOKENS = 5  # per player (R38)


class Clause(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    what: str
    at_least: int
    of: str | None = None


# --- cards -----------------------------------------------------------------------------------


class Civ(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A civilization card (R17-R24). Start cards exist once per colour (R10)."""

    id: str
    theme: str
    resource: str  # the resource side; for non-start cards the epoch (R22)
    type: str
    name: dict[str, str] = {}  # by language: en (literal where D2), ru
    cost: dict[str, int] = {}  # base cost (R76); start cards are never bought
    vp: int = 0
    military: int = 0
    response: bool = False  # the response icon (R21)
    two_player: bool = False  # "remove when playing with two" (R39.2)
    effect: list[AnyOp] = []
    sources: dict[str, str] = {}  # established field -> citation; the rest is a stand-in
    note: str = ""


class Wonder(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    id: str
    theme: str
    epoch: str
    depicts: str  # the civilization card its upper-right icon shows (R26)
    name: dict[str, str] = {}
    vp: int = 0
    two_player: bool = False
    build: list[Clause] = []  # [NW] build condition (R25.6)
    glory: list[Clause] = []  # [REN] glory-token condition (R25.6b)
    tokens: int = 0  # [REN] glory tokens required (R25.7)
    sources: dict[str, str] = {}
    note: str = ""


class DataFile(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    cards: list[Civ]
    wonders: list[Wonder]
    sources: dict[str, str] = {}  # citation key -> what it is
    note: str = ""


NAME_LANGS = ("en", "ru")  # the languages a card's and a wonder's name are written in


@cache
def data_form(lang: str = "en") -> dict:
    """The workshop's form of a data file (``Game.data_form``): each field a source establishes
    is named in the entry's ``sources``, with a citation the file's ``sources`` explains; the
    fields the rules fix to a few values offered as those values, worded in ``lang``."""
    schema = msgspec.json.schema(DataFile)
    # every operation's ``res``: a map of resources, or one resource or "any" (check_effect)
    ops: dict[tuple[str, str], tuple] = {
        (name, "res"): RESOURCES if part["properties"]["res"].get("type") == "object" else (*RESOURCES, "any")
        for name, part in schema["$defs"].items()
        if "res" in part.get("properties", {})
    }
    schema = datafile.with_choices(
        schema,
        {
            ("Civ", "theme"): THEMES,
            ("Civ", "resource"): RESOURCES,
            ("Civ", "type"): TYPES,
            ("Civ", "cost"): RESOURCES,
            ("Civ", "name"): NAME_LANGS,
            ("Wonder", "name"): NAME_LANGS,
            ("Wonder", "theme"): THEMES[1:],
            ("Wonder", "epoch"): EPOCHS,
            ("Clause", "what"): tuple(COUNTS),
            ("Clause", "of"): (*RESOURCES, *TYPES),
            **ops,
        },
    )
    words = datafile.workshop_words(DATA_DIR.parent / "locale", lang, lambda code: ui_strings("guns_and_steel", code))
    return {
        "schema": schema,
        "lists": [
            {"list": "cards", "id": "id", "group": "theme", "kind": "card", "label": words["list.cards"]},
            {"list": "wonders", "id": "id", "group": "theme", "kind": "wonder", "label": words["list.wonders"]},
        ],
        "exact": {"by": "field", "field": "sources", "citations": "sources"},
        "labels": datafile.form_labels(schema, words, {"value": ("res.", "type.", "deck.", "theme.")}),
    }


def provenance(entry: Civ | Wonder) -> Literal["exact", "provisional"]:
    fields = CARD_FIELDS if isinstance(entry, Civ) else WONDER_FIELDS
    return "exact" if all(f in entry.sources for f in fields) else "provisional"


def missing(entry: Civ | Wonder) -> list[str]:
    fields = CARD_FIELDS if isinstance(entry, Civ) else WONDER_FIELDS
    return [f for f in fields if f not in entry.sources]


def gaps(data: DataSet) -> list[dict]:
    """Every card and wonder with a field no source establishes, and those fields."""
    return [{"id": e.id, "missing": missing(e)} for e in data.entries() if missing(e)]


def display_name(entry: Civ | Wonder, lang: str = "en") -> str:
    return entry.name.get(lang) or entry.name.get("en") or entry.id


class DataError(datafile.DataError):
    """A card data file that cannot be used; the message names the file and the fields."""


class DataSet:
    """The loaded box: cards and wonders by id."""

    def __init__(self, data: DataFile, raw: bytes, path: Path):
        self.file = data
        self.raw = raw
        self.path = path
        self.cards = {c.id: c for c in data.cards}
        self.wonders = {w.id: w for w in data.wonders}

    def entries(self) -> list[Civ | Wonder]:
        """Every card, then every wonder."""
        return [*self.file.cards, *self.file.wonders]

    def theme_cards(self, theme: str) -> list[Civ]:
        return [c for c in self.file.cards if c.theme == theme]

    def theme_wonders(self, theme: str) -> list[Wonder]:
        return [w for w in self.file.wonders if w.theme == theme]


def load(path: str | Path | None = None) -> DataSet:
    path = Path(path) if path else DATA_FILE
    raw = datafile.read_bytes(path, DataError)
    data = datafile.decode(raw, path, DataFile, DataError, {"cards": "card", "wonders": "wonder"})
    datafile.refuse(path, validate(data), DataError, most=12)
    return DataSet(data, raw, path)


def validate(data: DataFile) -> list[str]:
    """Every constraint the rules record that a data file can break (each problem a sentence
    of locale/problems.en.json)."""
    problems: list[str] = []
    ids = [c.id for c in data.cards]
    for cid in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(say("card.twice", where=_label(cid)))
    expected = list(START_IDS) + [f"C{i:02d}" for i in range(6, 56)]
    if sorted(ids) != expected:
        absent = sorted(set(expected) - set(ids))
        extra = sorted(set(ids) - set(expected))
        problems.append(say("cards.box", absent=absent or "none", extra=extra or "none"))
    for c in data.cards:
        where = _label(c.id)
        number = int(c.id[1:]) if c.id[1:].isdigit() and c.id[:1] == "C" else 0
        theme = (
            "start" if 1 <= number <= 5 else next((t for t, (lo, hi) in THEME_IDS.items() if lo <= number <= hi), None)
        )
        if c.theme != theme:
            problems.append(_theme_problem(where, c.theme, theme))
        if c.type not in TYPES:
            problems.append(say("card.type", where=where, value=repr(c.type), types=", ".join(TYPES)))
        if c.resource not in RESOURCES:
            problems.append(say("card.resource", where=where, value=repr(c.resource)))
        for res, n in c.cost.items():
            if res not in RESOURCES or not isinstance(n, int) or n < 1:
                problems.append(say("card.cost", where=where, res=res, n=n))
            elif n > MAX_UNITS:
                problems.append(say("card.cost_most", where=where, res=res, n=n, most=MAX_UNITS))
        if c.theme == "start" and (c.cost or c.two_player):
            problems.append(say("card.start_bought", where=where))
        for name, value in (("vp", c.vp), ("military", c.military)):
            if value < 0:
                problems.append(say("entry.negative", where=where, name=name, value=value))
            elif value > MAX_VP:
                problems.append(say("entry.most", where=where, name=name, value=value, most=MAX_VP))
        for field in c.sources:
            if field not in CARD_FIELDS and field != "resource":
                problems.append(say("card.source_field", where=where, field=repr(field)))
        problems += check_effect(c.effect, c, where)
        if c.theme != "renaissance" and _gives_vp(c.effect):
            problems.append(say("card.vp_op", where=where))
    start = [c for c in data.cards if c.theme == "start"]
    counts = {r: sum(c.resource == r for c in start) for r in RESOURCES}
    if {r: n for r, n in counts.items() if n} != START_RESOURCES:
        problems.append(say("start.resources", counts={r: n for r, n in counts.items() if n}))
    for theme, (lo, _hi) in THEME_IDS.items():
        for offset, (epoch, n) in enumerate(EPOCH_COUNTS.items()):
            first = lo + sum(list(EPOCH_COUNTS.values())[:offset])
            want = {f"C{i:02d}" for i in range(first, first + n)}
            have = {c.id for c in data.cards if c.theme == theme and c.resource == epoch}
            if have != want:
                problems.append(
                    say(
                        "epoch.cards",
                        theme=theme,
                        epoch=epoch,
                        have=sorted(have),
                        first=f"C{first:02d}",
                        last=f"C{first + n - 1:02d}",
                    )
                )
    for theme in THEME_IDS:
        left = [
            EPOCH_COUNTS[e] - sum(c.two_player for c in data.cards if c.theme == theme and c.resource == e)
            for e in EPOCHS
        ]
        if any(a != b + 1 for a, b in zip(left, left[1:], strict=False)):
            problems.append(say("theme.rows", theme=theme, left=left))
    wids = [w.id for w in data.wonders]
    expected_w = [f"W{i:02d}" for i in range(1, 21)]
    if sorted(wids) != expected_w:
        problems.append(say("wonders.box", found=sorted(wids)))
    cards = {c.id: c for c in data.cards}
    for w in data.wonders:
        where = _label(w.id, "wonder")
        number = int(w.id[1:]) if w.id[1:].isdigit() else 0
        theme = next((t for t, (lo, hi) in WONDER_IDS.items() if lo <= number <= hi), None)
        if w.theme != theme:
            problems.append(_theme_problem(where, w.theme, theme))
        if w.epoch not in EPOCHS:
            problems.append(say("wonder.epoch", where=where, value=repr(w.epoch), epochs=", ".join(EPOCHS)))
        card = cards.get(w.depicts)
        if card is None or card.theme != w.theme:
            problems.append(say("wonder.depicts", where=where, value=repr(w.depicts)))
        if w.theme == "new_world" and not w.build:
            problems.append(say("wonder.build_needed", where=where))
        if w.theme == "renaissance" and (not w.glory or w.tokens < 1):
            problems.append(say("wonder.glory_needed", where=where))
        if w.theme == "renaissance" and w.build:
            problems.append(say("wonder.build_unread", where=where))
        if w.theme == "new_world" and (w.glory or w.tokens):
            problems.append(say("wonder.no_glory", where=where))
        if w.tokens > GLORY_TOKENS:
            problems.append(say("wonder.tokens", where=where, tokens=w.tokens, most=GLORY_TOKENS))
        if w.vp < 0:
            problems.append(say("entry.negative", where=where, name="vp", value=w.vp))
        elif w.vp > MAX_VP:
            problems.append(say("entry.most", where=where, name="vp", value=w.vp, most=MAX_VP))
        if card is not None and card.theme == w.theme and card.resource != w.epoch:
            problems.append(say("wonder.row", where=where, card=w.depicts, resource=card.resource, epoch=w.epoch))
        if w.theme == "new_world":
            late = [c.what for c in w.build if c.what in NW_UNKNOWN_COUNTS]
            if late:
                problems.append(say("wonder.late_counts", where=where, counts=", ".join(late)))
        for part in ("build", "glory"):
            problems += check_condition(getattr(w, part), where, part)
        for field in w.sources:
            if field not in WONDER_FIELDS:
                problems.append(say("wonder.source_field", where=where, field=repr(field)))
    for theme in WONDER_IDS:
        for epoch in EPOCHS:
            n = sum(w.theme == theme and w.epoch == epoch for w in data.wonders)
            if n != 2:
                problems.append(say("wonders.pair", theme=theme, n=n, epoch=epoch))
            elif len({w.depicts for w in data.wonders if w.theme == theme and w.epoch == epoch}) < 2:
                problems.append(say("wonders.same_card", theme=theme, epoch=epoch))
            elif all(w.two_player for w in data.wonders if w.theme == theme and w.epoch == epoch):
                problems.append(say("wonders.two_player", theme=theme, epoch=epoch))
    keys = set(data.sources)
    entries: list[Civ | Wonder] = [*data.cards, *data.wonders]
    for entry in entries:
        for field, cite in entry.sources.items():
            key = cite.split(":")[0].strip()
            if key not in keys:
                where = _label(entry.id, "card" if isinstance(entry, Civ) else "wonder")
                problems.append(say("entry.source", where=where, key=repr(key), field=field))
    return problems


def _label(ident: str, kind: str = "card") -> str:
    """How a problem names a card ("card C06") or a wonder ("wonder W01")."""
    return say("label.card" if kind == "card" else "label.wonder", id=ident)


def _theme_problem(where: str, written: str, theme: str | None) -> str:
    """A card's or a wonder's theme that its number contradicts (R6)."""
    if theme is None:
        return say("entry.theme_none", where=where, value=repr(written))
    return say("entry.theme", where=where, value=repr(written), theme=theme)


def check_effect(ops: list, card: Civ, where: str, path: str = "effect", inside: str = "") -> list[str]:
    """Problems of an effect's op list, each naming the card (``where``) and the op's path in
    the card (``effect[0].do[1]``)."""
    problems: list[str] = []
    for i, op in enumerate(ops):
        at = f"{path}[{i}]"
        for name in ("res",):
            value = getattr(op, name, None)
            if isinstance(value, dict):
                for res, n in value.items():
                    if res not in RESOURCES or not 1 <= n <= MAX_UNITS:
                        tag = op.__struct_config__.tag
                        problems.append(say("effect.res", where=where, path=at, tag=tag, res=res, n=n, most=MAX_UNITS))
            elif isinstance(value, str) and value != "any" and value not in RESOURCES:
                problems.append(say("effect.res_word", where=where, path=at, value=repr(value)))
        if isinstance(op, PayVp):
            if op.n < 1:
                problems.append(say("effect.pay_vp_low", where=where, path=at, n=op.n))
            elif op.n > MAX_VP:
                problems.append(say("effect.pay_vp_most", where=where, path=at, n=op.n, most=MAX_VP))
        elif getattr(op, "n", 1) < 1:
            problems.append(say("effect.n_low", where=where, path=at))
        elif getattr(op, "n", 1) > MAX_UNITS:
            problems.append(say("effect.n_most", where=where, path=at, n=op.n, most=MAX_UNITS))
        if isinstance(op, COSTS):
            tag = op.__struct_config__.tag
            if any(not isinstance(o, COSTS) for o in ops[:i]):
                problems.append(say("effect.cost_first", where=where, path=at, tag=tag))
            if inside:
                problems.append(say("effect.cost_inside", where=where, path=at, tag=tag, inside=inside))
        if isinstance(op, ATTACK_ONLY) and inside != "attack":
            problems.append(say("effect.attack_only", where=where, path=at, tag=op.__struct_config__.tag))
        if isinstance(op, (Lose, LoseVp)) and inside not in ("attack", "each_player", "each_other"):
            problems.append(say("effect.loser", where=where, path=at, tag=op.__struct_config__.tag))
        if isinstance(op, LoseVp) and op.to_attacker and inside != "attack":
            problems.append(say("effect.to_attacker", where=where, path=at))
        if isinstance(op, Attack):
            if card.type != "attack":
                problems.append(say("effect.attack_type", where=where, path=at))
            if inside:
                problems.append(say("effect.attack_inside", where=where, path=at, inside=inside))
            if op.vp < 0:
                problems.append(say("effect.attack_vp_negative", where=where, path=at, vp=op.vp))
            elif op.vp > MAX_VP:
                problems.append(say("effect.attack_vp_most", where=where, path=at, vp=op.vp, most=MAX_VP))
            problems += check_effect(op.defeated, card, where, f"{at}.defeated", "attack")
        if isinstance(op, (PlayAttacks, ActivateAttacks)) and card.type != "tactics":
            problems.append(say("effect.tactics", where=where, path=at))
        if isinstance(op, Reactivate):
            if op.type != "any" and op.type not in TYPES:
                problems.append(
                    say("effect.reactivate_type", where=where, path=at, value=repr(op.type), types=", ".join(TYPES))
                )
            if inside:
                problems.append(say("effect.reactivate_inside", where=where, path=at, inside=inside))
        if isinstance(op, (EachPlayer, EachOther)):
            tag = str(op.__struct_config__.tag)
            if inside:
                problems.append(say("effect.nest", where=where, path=at, tag=tag))
            if not op.do:
                problems.append(say("effect.empty", where=where, path=at, tag=tag))
            problems += check_effect(op.do, card, where, f"{at}.do", tag)
    return problems


def _gives_vp(ops: list) -> bool:
    for op in ops:
        if isinstance(op, (Vp, LoseVp, PayVp)) or (isinstance(op, Attack) and op.vp):
            return True
        if _gives_vp(getattr(op, "do", []) or getattr(op, "defeated", [])):
            return True
    return False


def check_condition(clauses: list[Clause], where: str, part: str) -> list[str]:
    """Problems of a wonder's condition (``part``: build or glory), each naming the wonder
    (``where``) and the clause's path (``build[0]``)."""
    problems: list[str] = []
    for i, c in enumerate(clauses):
        at = f"{part}[{i}]"
        if c.what not in COUNTS:
            problems.append(say("condition.what", where=where, path=at, value=repr(c.what), counts=", ".join(COUNTS)))
            continue
        needs = {"resource_cards": RESOURCES, "epoch_cards": RESOURCES, "tech_cards": TYPES}
        if c.what in needs and c.of not in needs[c.what]:
            problems.append(
                say("condition.of_needed", where=where, path=at, what=c.what, values=", ".join(needs[c.what]))
            )
        if c.what not in needs and c.of is not None:
            problems.append(say("condition.no_of", where=where, path=at, what=c.what))
        if c.at_least < 1:
            problems.append(say("condition.low", where=where, path=at))
        elif c.at_least > MAX_AT_LEAST:
            problems.append(say("condition.most", where=where, path=at, n=c.at_least, most=MAX_AT_LEAST))
    return problems
