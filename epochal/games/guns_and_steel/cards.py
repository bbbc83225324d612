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
    """Every constraint the rules record that a data file can break."""
    problems: list[str] = []
    ids = [c.id for c in data.cards]
    for cid in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"card {cid}: id used twice")
    expected = list(START_IDS) + [f"C{i:02d}" for i in range(6, 56)]
    if sorted(ids) != expected:
        absent = sorted(set(expected) - set(ids))
        extra = sorted(set(ids) - set(expected))
        problems.append(f"cards: the box holds C01-C55 (R6); missing {absent or 'none'}, unexpected {extra or 'none'}")
    for c in data.cards:
        where = f"card {c.id}"
        number = int(c.id[1:]) if c.id[1:].isdigit() and c.id[:1] == "C" else 0
        theme = (
            "start" if 1 <= number <= 5 else next((t for t, (lo, hi) in THEME_IDS.items() if lo <= number <= hi), None)
        )
        if c.theme != theme:
            problems.append(f"{where}: theme {c.theme!r}, but its number makes it {theme} (R6)")
        if c.type not in TYPES:
            problems.append(f"{where}: type {c.type!r} is not one of {', '.join(TYPES)} (R20)")
        if c.resource not in RESOURCES:
            problems.append(f"{where}: resource {c.resource!r} is not a resource (R11)")
        for res, n in c.cost.items():
            if res not in RESOURCES or not isinstance(n, int) or n < 1:
                problems.append(f"{where}: cost {res}: {n} (a resource and a count >= 1, R76)")
            elif n > MAX_UNITS:
                problems.append(f"{where}: cost {res}: {n}, more than {MAX_UNITS}")
        if c.theme == "start" and (c.cost or c.two_player):
            problems.append(f"{where}: a start card is never bought nor removed (§19.2)")
        for name, value in (("vp", c.vp), ("military", c.military)):
            if value < 0:
                problems.append(f"{where}: {name} {value} is negative")
            elif value > MAX_VP:
                problems.append(f"{where}: {name} {value}, more than {MAX_VP}")
        for field in c.sources:
            if field not in CARD_FIELDS and field != "resource":
                problems.append(f"{where}: sources names {field!r}, not a card field")
        problems += [f"{where}: effect{p}" for p in check_effect(c.effect, c)]
        if c.theme != "renaissance" and _gives_vp(c.effect):
            problems.append(f"{where}: only Renaissance cards move the VP card (R70, R73)")
    start = [c for c in data.cards if c.theme == "start"]
    counts = {r: sum(c.resource == r for c in start) for r in RESOURCES}
    if {r: n for r, n in counts.items() if n} != START_RESOURCES:
        problems.append(
            f"start cards: their resource sides give 3 Food and 2 Iron (R9), not "
            f"{ {r: n for r, n in counts.items() if n} }"
        )
    for theme, (lo, _hi) in THEME_IDS.items():
        for offset, (epoch, n) in enumerate(EPOCH_COUNTS.items()):
            first = lo + sum(list(EPOCH_COUNTS.values())[:offset])
            want = {f"C{i:02d}" for i in range(first, first + n)}
            have = {c.id for c in data.cards if c.theme == theme and c.resource == epoch}
            if have != want:
                problems.append(
                    f"{theme} {epoch}: cards {sorted(have)}, the box has C{first:02d}-C{first + n - 1:02d} (R6)"
                )
    for theme in THEME_IDS:
        left = [
            EPOCH_COUNTS[e] - sum(c.two_player for c in data.cards if c.theme == theme and c.resource == e)
            for e in EPOCHS
        ]
        if any(a != b + 1 for a, b in zip(left, left[1:], strict=False)):
            problems.append(
                f"{theme}: without its two-player cards the rows hold {left}; each "
                f"row must be one card longer than the row above (R39.2, R40)"
            )
    wids = [w.id for w in data.wonders]
    expected_w = [f"W{i:02d}" for i in range(1, 21)]
    if sorted(wids) != expected_w:
        problems.append(f"wonders: the box holds W01-W20 (R6), found {sorted(wids)}")
    cards = {c.id: c for c in data.cards}
    for w in data.wonders:
        where = f"wonder {w.id}"
        number = int(w.id[1:]) if w.id[1:].isdigit() else 0
        theme = next((t for t, (lo, hi) in WONDER_IDS.items() if lo <= number <= hi), None)
        if w.theme != theme:
            problems.append(f"{where}: theme {w.theme!r}, but its number makes it {theme} (R6)")
        if w.epoch not in EPOCHS:
            problems.append(f"{where}: epoch {w.epoch!r} is not one of {', '.join(EPOCHS)}")
        card = cards.get(w.depicts)
        if card is None or card.theme != w.theme:
            problems.append(f"{where}: depicts {w.depicts!r}, not a card of its theme (R26)")
        if w.theme == "new_world" and not w.build:
            problems.append(f"{where}: a New World wonder needs a build condition (R25.6)")
        if w.theme == "renaissance" and (not w.glory or w.tokens < 1):
            problems.append(
                f"{where}: a Renaissance wonder needs a glory condition and a token count >= 1 (R25.6b, R25.7)"
            )
        if w.theme == "renaissance" and w.build:
            problems.append(
                f"{where}: Renaissance checks only the glory condition (R93, A23); "
                f"a build condition would never be read"
            )
        if w.theme == "new_world" and (w.glory or w.tokens):
            problems.append(f"{where}: New World has no glory tokens (R38, R85)")
        if w.tokens > GLORY_TOKENS:
            problems.append(f"{where}: {w.tokens} glory tokens, but a player has only {GLORY_TOKENS} (R38)")
        if w.vp < 0:
            problems.append(f"{where}: vp {w.vp} is negative")
        elif w.vp > MAX_VP:
            problems.append(f"{where}: vp {w.vp}, more than {MAX_VP}")
        if card is not None and card.theme == w.theme and card.resource != w.epoch:
            problems.append(
                f"{where}: depicts {w.depicts}, a {card.resource} card; the setup "
                f"compares cards of the wonder's own row, {w.epoch} (R43, E1, A12)"
            )
        if w.theme == "new_world":
            late = [c.what for c in w.build if c.what in NW_UNKNOWN_COUNTS]
            if late:
                problems.append(
                    f"{where}: build counts {', '.join(late)}; New World has no VP "
                    f"card (R73) and checks before the recall (R85)"
                )
        for part in ("build", "glory"):
            problems += [f"{where}: {part}{p}" for p in check_condition(getattr(w, part))]
        for field in w.sources:
            if field not in WONDER_FIELDS:
                problems.append(f"{where}: sources names {field!r}, not a wonder field")
    for theme in WONDER_IDS:
        for epoch in EPOCHS:
            n = sum(w.theme == theme and w.epoch == epoch for w in data.wonders)
            if n != 2:
                problems.append(f"{theme} wonders: {n} of epoch {epoch}, a pair per epoch (R42)")
            elif len({w.depicts for w in data.wonders if w.theme == theme and w.epoch == epoch}) < 2:
                problems.append(
                    f"{theme} wonders of epoch {epoch}: both depict the same card, so "
                    f"the setup cannot choose between them (R43)"
                )
            elif all(w.two_player for w in data.wonders if w.theme == theme and w.epoch == epoch):
                problems.append(
                    f"{theme} wonders of epoch {epoch}: both carry the two-player "
                    f"icon, so two players would have none (A11)"
                )
    keys = set(data.sources)
    entries: list[Civ | Wonder] = [*data.cards, *data.wonders]
    for entry in entries:
        for field, cite in entry.sources.items():
            key = cite.split(":")[0].strip()
            if key not in keys:
                kind = "card" if isinstance(entry, Civ) else "wonder"
                problems.append(
                    f"{kind} {entry.id}: source {key!r} of {field} is not described in the file's 'sources'"
                )
    return problems


def check_effect(ops: list, card: Civ, inside: str = "") -> list[str]:
    """Problems of an effect's op list, each as "[i]: ..." (paths into the list)."""
    problems: list[str] = []
    for i, op in enumerate(ops):
        at = f"[{i}]"
        for name in ("res",):
            value = getattr(op, name, None)
            if isinstance(value, dict):
                for res, n in value.items():
                    if res not in RESOURCES or not 1 <= n <= MAX_UNITS:
                        problems.append(
                            f"{at}: {op.__struct_config__.tag} {res}: {n} (a "
                            f"resource and a count from 1 to {MAX_UNITS})"
                        )
            elif isinstance(value, str) and value != "any" and value not in RESOURCES:
                problems.append(f"{at}: {value!r} is not a resource nor 'any'")
        if isinstance(op, PayVp):
            if op.n < 1:
                problems.append(f"{at}: pay_vp {op.n}: a VP cost is at least 1 VP (R71)")
            elif op.n > MAX_VP:
                problems.append(f"{at}: pay_vp {op.n}, more than {MAX_VP} VP")
        elif getattr(op, "n", 1) < 1:
            problems.append(f"{at}: n must be >= 1")
        elif getattr(op, "n", 1) > MAX_UNITS:
            problems.append(f"{at}: n {op.n}, more than {MAX_UNITS}")
        if isinstance(op, COSTS):
            tag = op.__struct_config__.tag
            if any(not isinstance(o, COSTS) for o in ops[:i]):
                problems.append(f"{at}: a cost ({tag}) comes before the effect it pays for (R51)")
            if inside:
                problems.append(f"{at}: a cost ({tag}) belongs to the card, not inside {inside}")
        if isinstance(op, ATTACK_ONLY) and inside != "attack":
            problems.append(
                f"{at}: {op.__struct_config__.tag} gives to the attacker: only inside an attack's 'defeated' (R66)"
            )
        if isinstance(op, (Lose, LoseVp)) and inside not in ("attack", "each_player", "each_other"):
            problems.append(
                f"{at}: {op.__struct_config__.tag} names who loses: only inside an attack's 'defeated', "
                f"each_player or each_other (R54, R66)"
            )
        if isinstance(op, LoseVp) and op.to_attacker and inside != "attack":
            problems.append(f"{at}: lose_vp to_attacker needs an attacker: only inside an attack's 'defeated'")
        if isinstance(op, Attack):
            if card.type != "attack":
                problems.append(f"{at}: only Attack cards attack (R20)")
            if inside:
                problems.append(
                    f"{at}: an attack belongs to the card, not inside {inside} "
                    f"(R59: each attack is resolved on its own)"
                )
            if op.vp < 0:
                problems.append(f"{at}: attack vp {op.vp} is negative (R68)")
            elif op.vp > MAX_VP:
                problems.append(f"{at}: attack vp {op.vp}, more than {MAX_VP}")
            problems += [f"{at}.defeated{p}" for p in check_effect(op.defeated, card, "attack")]
        if isinstance(op, (PlayAttacks, ActivateAttacks)) and card.type != "tactics":
            problems.append(f"{at}: only Tactics cards play or activate Attack cards (R57)")
        if isinstance(op, Reactivate):
            if op.type != "any" and op.type not in TYPES:
                problems.append(f"{at}: reactivate type {op.type!r} is not 'any' nor one of {', '.join(TYPES)} (R20)")
            if inside:
                problems.append(f"{at}: reactivate acts on your own zone: not inside {inside} (R53)")
        if isinstance(op, (EachPlayer, EachOther)):
            tag = str(op.__struct_config__.tag)
            if inside:
                problems.append(f"{at}: {tag} does not nest")
            if not op.do:
                problems.append(f"{at}: {tag} with nothing to do")
            problems += [f"{at}.do{p}" for p in check_effect(op.do, card, tag)]
    return problems


def _gives_vp(ops: list) -> bool:
    for op in ops:
        if isinstance(op, (Vp, LoseVp, PayVp)) or (isinstance(op, Attack) and op.vp):
            return True
        if _gives_vp(getattr(op, "do", []) or getattr(op, "defeated", [])):
            return True
    return False


def check_condition(clauses: list[Clause]) -> list[str]:
    problems: list[str] = []
    for i, c in enumerate(clauses):
        at = f"[{i}]"
        if c.what not in COUNTS:
            problems.append(f"{at}: {c.what!r} is not one of {', '.join(COUNTS)}")
            continue
        needs = {"resource_cards": RESOURCES, "epoch_cards": RESOURCES, "tech_cards": TYPES}
        if c.what in needs and c.of not in needs[c.what]:
            problems.append(f"{at}: {c.what} needs 'of', one of {', '.join(needs[c.what])}")
        if c.what not in needs and c.of is not None:
            problems.append(f"{at}: {c.what} takes no 'of'")
        if c.at_least < 1:
            problems.append(f"{at}: at_least must be >= 1")
        elif c.at_least > MAX_AT_LEAST:
            problems.append(f"{at}: at_least {c.at_least}, more than {MAX_AT_LEAST}")
    return problems
