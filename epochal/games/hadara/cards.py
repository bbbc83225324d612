"""Hadara card database: the schema of a data file, its loader and its validator.

A data file is JSON (format ``epochal-hadara-data/1``, documented in
``docs/games/hadara-data.md``). The built-in file is ``data/hadara.json``. Every item carries its
provenance: ``exact`` (stated by the rulebooks, the spec or the reference facts), ``partial``
(some fields stated, the rest stand-ins) or ``provisional`` (a stand-in obeying every known
constraint). An owner of the physical game replaces the file with ``--data FILE``.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal, NamedTuple

import msgspec

from epochal import datafile
from epochal.engine.locale import ui_strings

from .vocab import ColorPatron, Effect

FORMAT = "epochal-hadara-data/1"
BUILTIN = Path(__file__).parent / "data" / "hadara.json"

TRACKS = ("income", "military", "culture", "food")
COLORS = ("blue", "yellow", "green", "red", "purple")
# R7: a colour's cards raise (and PE15 patrons count for) this track.
COLOR_TRACK = {"yellow": "income", "red": "military", "blue": "culture", "green": "food"}

Provenance = Literal["exact", "partial", "provisional"]
Color = Literal["blue", "yellow", "green", "red", "purple"]


class Bonus(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    income: int = 0
    military: int = 0
    culture: int = 0
    food: int = 0

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.income, self.military, self.culture, self.food)


# --- items ------------------------------------------------------------------------------------


class Card(msgspec.Struct, forbid_unknown_fields=True):
    id: str  # e.g. "I-BLU-03": epoch, colour, number within the deck
    epoch: int  # 1, 2, 3
    color: Color
    cost: int
    vp: int = 0
    bonus: Bonus = msgspec.field(default_factory=Bonus)
    effect: Effect | None = None
    star: bool = False  # purple only: advanced games only (R13)
    provenance: Provenance = "provisional"
    source: str = ""  # where an exact/partial value comes from


class StartSide(msgspec.Struct, forbid_unknown_fields=True):
    initiative: int
    coins: int
    tracks: Bonus


class StartCard(msgspec.Struct, forbid_unknown_fields=True):
    number: int
    A: StartSide
    B: StartSide
    provenance: Provenance = "provisional"
    source: str = ""


class Colony(msgspec.Struct, forbid_unknown_fields=True):
    id: str  # e.g. "C03-1"
    requirement: int  # MILITARY needed (R46)
    front_vp: int  # scored if plundered
    plunder: int  # coins taken when plundering
    annex_cost: int  # coins paid when annexing
    back_bonus: Bonus  # hidden until annexed (R50)
    back_vp: int  # scored if annexed; >= front_vp (R52)
    provenance: Provenance = "provisional"
    source: str = ""


class StatueSlot(msgspec.Struct, forbid_unknown_fields=True):
    requirement: int  # CULTURE needed (R56)
    vp: int  # the statue's own VP (R55)
    bonus: int  # X: track bonus face up, or VP face down (R57)
    provenance: Provenance = "provisional"
    source: str = ""


class MedalTable(msgspec.Struct, forbid_unknown_fields=True):
    silver: list[int]  # price in epoch I, II, III
    gold: list[int]
    provenance: Provenance = "provisional"
    source: str = ""


class DataSet(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    name: str
    cards: list[Card]
    start_cards: list[StartCard]
    colonies: list[Colony]
    statue_slots: list[StatueSlot]
    medal_prices: MedalTable
    sale_value: list[int] = msgspec.field(default_factory=lambda: [2, 3, 4])  # R43, exact
    notes: str = ""

    @property
    def provisional(self) -> bool:
        """True if any item is not exact: the table and `epochal games` say so."""
        items: list[Card | StartCard | Colony | StatueSlot | MedalTable]
        items = [*self.cards, *self.start_cards, *self.colonies, *self.statue_slots, self.medal_prices]
        return any(item.provenance != "exact" for item in items)

    def provenance_counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for kind, items in (
            ("cards", self.cards),
            ("start_cards", self.start_cards),
            ("colonies", self.colonies),
            ("statue_slots", self.statue_slots),
            ("medal_prices", [self.medal_prices]),
        ):
            counts = {"exact": 0, "partial": 0, "provisional": 0}
            for item in items:
                counts[item.provenance] += 1
            out[kind] = counts
        return out


@cache
def data_form(lang: str = "en") -> dict:
    """The workshop's form of a data file (``Game.data_form``): items carry one provenance;
    every field, value and effect worded in ``lang`` (``locale/workshop.<lang>.json``, the
    table's colour and track words)."""
    schema = msgspec.json.schema(DataSet)
    words = datafile.workshop_words(BUILTIN.parent.parent / "locale", lang, lambda code: ui_strings("hadara", code))
    return {
        "schema": schema,
        "lists": [
            {"list": "cards", "id": "id", "group": "epoch", "kind": "card", "label": words["list.cards"]},
            {
                "list": "start_cards",
                "id": "number",
                "group": None,
                "kind": "start card",
                "label": words["list.start_cards"],
            },
            {"list": "colonies", "id": "id", "group": None, "kind": "colony", "label": words["list.colonies"]},
            {
                "list": "statue_slots",
                "id": None,
                "group": None,
                "kind": "statue slot",
                "label": words["list.statue_slots"],
            },
        ],
        "exact": {"by": "item", "field": "provenance", "value": "exact", "source": "source"},
        "labels": datafile.form_labels(schema, words, {"value": ("color.",)}),
    }


class DataError(datafile.DataError):
    """A data file that cannot be used; the message names the file, the item and the field."""


LABELS = {"cards": "card", "colonies": "colony", "start_cards": "start card", "statue_slots": "statue slot"}
MAX_NUMBER = 999  # every number in a data file (costs, VP, coins, requirements ...)


def load(path: str | Path | None = None) -> DataSet:
    """Read and validate a data file (the built-in one when ``path`` is None)."""
    path = Path(path) if path is not None else BUILTIN
    data = datafile.decode(datafile.read_bytes(path, DataError), path, DataSet, DataError, LABELS)
    datafile.refuse(path, validate(data), DataError)
    return data


# --- validation ---------------------------------------------------------------------------------
# Each check enforces something hadara.md states or derives (R* rules, EX* examples, D* notes on
# missing data). Choices made only for the provisional built-in set (cost ranges, which tracks a
# colour's cards raise, the stack values 9/21/30, medal prices, ...) are deliberately not enforced,
# so that a transcription of the physical game is never rejected for differing from them.

EPOCHS = (1, 2, 3)
ROMAN = {1: "I", 2: "II", 3: "III"}
CARDS_PER_COLOR: dict[Color, int] = {"blue": 10, "yellow": 10, "green": 10, "red": 10, "purple": 14}  # R5
MIN_BASIC_PURPLE = 10  # D3: a 5-player first game deals 10 purple cards per epoch
PATRON_COLORS = ("blue", "yellow", "green", "red")  # PE15, D1
START_NUMBERS = (1, 2, 3, 4, 5)  # 1.2, D4
COLONY_STACKS, COLONIES_PER_STACK = 5, 5  # R15, D5
STATUE_SLOTS = 4  # R9, R54
SALE_VALUE = [2, 3, 4]  # R43


class AtMost(NamedTuple):
    """A stated upper bound, e.g. EX12 only tells that the requirement is at most 12."""

    limit: int


class Fact(NamedTuple):
    kind: str  # "card", "colony", "statue slot" or "start card" (either side)
    fields: dict[str, object]  # field -> stated value (or AtMost)
    text: str  # short description for messages


# Single items the spec states (hadara.md section 7; section 9 lists them as data constraints).
FACTS: dict[str, Fact] = {
    "EX2": Fact(
        "start card",
        {"initiative": 2, "coins": 8, "tracks": Bonus(income=2, military=1, culture=3, food=4)},
        "initiative 2, INCOME 2 MILITARY 1 CULTURE 3 FOOD 4, 8 coins",
    ),
    "EX4": Fact(
        "card",
        {"epoch": 1, "color": "blue", "cost": 3, "bonus": Bonus(culture=2, food=1), "vp": 2},
        "blue epoch I card, cost 3, CULTURE +2 FOOD +1, 2 VP",
    ),
    "EX20": Fact(
        "card", {"color": "yellow", "bonus": Bonus(income=1, military=1)}, "yellow card with INCOME +1 MILITARY +1"
    ),
    "EX11": Fact(
        "colony",
        {
            "requirement": 3,
            "front_vp": 2,
            "plunder": 3,
            "annex_cost": 1,
            "back_bonus": Bonus(income=1, military=1),
            "back_vp": 2,
        },
        "requirement 3, 2 VP, plunder 3, annex 1, back INCOME +1 MILITARY +1 and 2 VP",
    ),
    "EX12": Fact(
        "colony",
        {"requirement": AtMost(12), "annex_cost": 1, "back_bonus": Bonus(military=2, culture=1), "back_vp": 5},
        "requirement <= 12, annex 1, back MILITARY +2 CULTURE +1 and 5 VP",
    ),
    "EX13": Fact(
        "colony", {"requirement": AtMost(15), "plunder": 5, "front_vp": 8}, "requirement <= 15, plunder 5, 8 VP"
    ),
    "EX14": Fact("statue slot", {"requirement": 6, "vp": 4}, "requirement 6, 4 VP"),
    "EX15": Fact("statue slot", {"requirement": AtMost(13), "bonus": 3}, "requirement <= 13, X = 3"),
    "EX16": Fact("statue slot", {"requirement": AtMost(20), "vp": 14, "bonus": 4}, "requirement <= 20, 14 VP, X = 4"),
}

SECTION = {"card": "cards", "colony": "colonies", "statue slot": "statue_slots", "start card": "start_cards"}

# EX24 (final scoring) shows these VP values; section 9 records them as occurring.
VP_SEEN: dict[str, tuple[int, ...]] = {
    "cards": (1, 2, 3, 4, 5, 6),
    "colonies": (2, 5, 8, 11),
    "statue_slots": (4, 8, 14),
}


def validate(data: DataSet) -> list[str]:
    """Every constraint the spec records (hadara.md sections 1.2, 4, 7, 9); [] when all hold.

    Each problem names the item (card id, colony id, start card number, statue slot number or
    section of the file) and the field, and cites the rule it breaks.
    """
    problems: list[str] = []
    if data.format != FORMAT:
        problems.append(f"format: {data.format!r}, expected {FORMAT!r}")
    problems += _too_large(data)
    problems += _check_cards(data.cards)
    problems += _check_start_cards(data.start_cards)
    problems += _check_colonies(data.colonies)
    problems += _check_statue_slots(data.statue_slots)
    problems += _check_medal_prices(data.medal_prices)
    if data.sale_value != SALE_VALUE:
        problems.append(f"sale_value: {data.sale_value}, but R43 states {SALE_VALUE} (epochs I-III)")
    problems += _check_facts(data)
    problems += _check_vp_seen(data)
    return problems


# --- small helpers ---


def _too_large(data: DataSet) -> list[str]:
    """Every number above MAX_NUMBER, named by its item and field."""

    def walk(value, where: str) -> list[str]:
        if isinstance(value, dict):
            return [p for key, item in value.items() for p in walk(item, f"{where}.{key}" if where else key)]
        if isinstance(value, list):
            return [p for i, item in enumerate(value) for p in walk(item, f"{where}[{i}]")]
        if type(value) is int and value > MAX_NUMBER:
            return [f"{where}: {value} is more than {MAX_NUMBER}"]
        return []

    top = msgspec.to_builtins(data)
    problems = []
    for section, label in LABELS.items():
        for item in top[section]:
            name = item.get("id", item.get("number"))
            problems += [f"{label} {name}: {p}" for p in walk(item, "")]
    return problems + walk({k: v for k, v in top.items() if k not in LABELS}, "")


def _negatives(label: str, values: dict[str, int]) -> list[str]:
    return [
        f"{label}: {name} {value} must be >= 0" for name, value in values.items() if value is not None and value < 0
    ]


def _bonus_negatives(label: str, prefix: str, bonus: Bonus) -> list[str]:
    return _negatives(label, {f"{prefix}.{track}": getattr(bonus, track) for track in TRACKS})


def _duplicates(kind: str, field: str, values: list) -> list[str]:
    return [f"{kind} {value}: {field} used {n} times, must be unique" for value, n in Counter(values).items() if n > 1]


def _tag(effect: Effect) -> str:
    return str(type(effect).__struct_config__.tag)  # every effect's tag is a string ("PE1" ...)


def _show(value: object) -> str:
    if isinstance(value, Bonus):
        shown = [f"{track.upper()} +{getattr(value, track)}" for track in TRACKS if getattr(value, track)]
        return " ".join(shown) or "none"
    return f"<= {value.limit}" if isinstance(value, AtMost) else str(value)


# --- epoch cards (R5, R6, R13, R90, PE1-PE15, D1, D3) ---


def _check_cards(cards: list[Card]) -> list[str]:
    problems = _duplicates("card", "id", [card.id for card in cards])
    for card in cards:
        problems += _card_problems(card)
    problems += _check_deck_counts(cards)
    problems += _check_patrons(cards)
    return problems


def _card_problems(card: Card) -> list[str]:
    label = f"card {card.id}"
    problems = []
    if card.epoch not in EPOCHS:
        problems.append(f"{label}: epoch {card.epoch} must be 1, 2 or 3 (R5)")
    problems += _negatives(label, {"cost": card.cost, "vp": card.vp})
    problems += _bonus_negatives(label, "bonus", card.bonus)
    if card.color != "purple":
        if card.effect is not None:
            problems.append(
                f"{label}: effect {_tag(card.effect)} on a {card.color} card; only purple cards carry effects (R6)"
            )
        if card.star:
            problems.append(f"{label}: star on a {card.color} card; only purple cards carry it (R5)")
    elif card.effect is not None:
        problems += _effect_problems(label, card.effect)
    return problems


def _effect_problems(label: str, effect: Effect) -> list[str]:
    prefix = f"effect {_tag(effect)}"
    problems = []
    for name, value in msgspec.structs.asdict(effect).items():
        if isinstance(value, list):  # PE5: one price per epoch
            if len(value) != len(EPOCHS):
                problems.append(f"{label}: {prefix} {name} has {len(value)} entries, expected 3 (epochs I-III)")
            problems += _negatives(label, {f"{prefix} {name}[{i}]": v for i, v in enumerate(value)})
        elif isinstance(value, int):
            problems += _negatives(label, {f"{prefix} {name}": value})
    return problems


def _check_deck_counts(cards: list[Card]) -> list[str]:
    per_deck = Counter((card.epoch, card.color) for card in cards)
    basic_purple = Counter(card.epoch for card in cards if card.color == "purple" and not card.star)
    problems = []
    for epoch in EPOCHS:
        for color, expected in CARDS_PER_COLOR.items():
            if per_deck[epoch, color] != expected:
                problems.append(
                    f"cards: epoch {ROMAN[epoch]} has {per_deck[epoch, color]} {color} cards, expected {expected} (R5)"
                )
        if basic_purple[epoch] < MIN_BASIC_PURPLE:
            problems.append(
                f"cards: epoch {ROMAN[epoch]} has {basic_purple[epoch]} purple cards "
                f"without a star, a 5-player first game needs {MIN_BASIC_PURPLE} "
                "(R13, D3)"
            )
    return problems


def _check_patrons(cards: list[Card]) -> list[str]:
    patrons = [(card.id, card.effect) for card in cards if isinstance(card.effect, ColorPatron)]
    problems = []
    if len(patrons) != len(PATRON_COLORS):
        problems.append(f"cards: {len(patrons)} PE15 colour patron cards, expected 4 (PE15, D1)")
    for color in PATRON_COLORS:
        ids = [card_id for card_id, effect in patrons if effect.color == color]
        if len(ids) != 1:
            problems.append(f"cards: PE15 for {color} on {len(ids)} cards {ids}, expected exactly 1 (PE15, D1)")
    return problems


# --- start cards (1.2, R23, R29, R83, D4) ---


def _check_start_cards(cards: list[StartCard]) -> list[str]:
    problems = []
    if len(cards) != len(START_NUMBERS):
        problems.append(f"start_cards: {len(cards)} cards, expected 5 (section 1.2)")
    problems += _duplicates("start card", "number", [card.number for card in cards])
    for card in cards:
        label = f"start card {card.number}"
        if card.number not in START_NUMBERS:
            problems.append(f"{label}: number must be 1 to 5 (D4)")
        for name in ("A", "B"):
            side: StartSide = getattr(card, name)
            problems += _negatives(label, {f"{name}.initiative": side.initiative, f"{name}.coins": side.coins})
            problems += _bonus_negatives(label, f"{name}.tracks", side.tracks)
    problems += _initiative_clashes(cards)
    return problems


def _initiative_clashes(cards: list[StartCard]) -> list[str]:
    """Players choose sides independently (R21), so no two cards may share an initiative on any
    pair of sides, or the first-player order of R29 would not be strict (R83)."""
    problems = []
    for i, first in enumerate(cards):
        for second in cards[i + 1 :]:
            for a in ("A", "B"):
                for b in ("A", "B"):
                    value = getattr(first, a).initiative
                    if value == getattr(second, b).initiative:
                        problems.append(
                            f"start card {second.number}: {b}.initiative {value} equals start card "
                            f"{first.number} {a}.initiative; the first player order must be strict "
                            "for every choice of sides (R29, R83)"
                        )
    return problems


# --- colonies (R15, R46-R53, D5) ---


def _check_colonies(colonies: list[Colony]) -> list[str]:
    problems = []
    if len(colonies) != COLONY_STACKS * COLONIES_PER_STACK:
        problems.append(f"colonies: {len(colonies)} tokens, expected 25 (section 1.2)")
    problems += _duplicates("colony", "id", [colony.id for colony in colonies])
    for colony in colonies:
        label = f"colony {colony.id}"
        problems += _negatives(
            label,
            {
                "requirement": colony.requirement,
                "front_vp": colony.front_vp,
                "plunder": colony.plunder,
                "annex_cost": colony.annex_cost,
                "back_vp": colony.back_vp,
            },
        )
        problems += _bonus_negatives(label, "back_bonus", colony.back_bonus)
        if colony.back_vp < colony.front_vp:
            problems.append(f"{label}: back_vp {colony.back_vp} must be >= front_vp {colony.front_vp} (R52)")
    problems += _check_colony_stacks(colonies)
    return problems


def _check_colony_stacks(colonies: list[Colony]) -> list[str]:
    per_value = Counter(colony.requirement for colony in colonies)
    problems = [
        f"colonies: requirement {value} has {n} tokens, expected {COLONIES_PER_STACK} (R15, D5)"
        for value, n in sorted(per_value.items())
        if n != COLONIES_PER_STACK
    ]
    values = sorted(per_value)
    if len(values) != COLONY_STACKS:
        problems.append(f"colonies: {len(values)} requirement values {values}, expected 5 stacks (R15, D5)")
    elif not (values[0] == 3 and 3 < values[1] < 15 and values[2] == 15 and values[3] > 19):
        problems.append(
            f"colonies: requirement values {values} do not fit {{3, a, 15, b, c}} with "
            "3 < a < 15 and 19 < b < c (R84, D5)"
        )
    return problems


# --- statue slots, medals (R9, R55, R72, D6, D7) ---


def _check_statue_slots(slots: list[StatueSlot]) -> list[str]:
    problems = []
    if len(slots) != STATUE_SLOTS:
        problems.append(f"statue_slots: {len(slots)} slots, expected 4 (R9, R54)")
    for number, slot in enumerate(slots, 1):
        problems += _negatives(
            f"statue slot {number}", {"requirement": slot.requirement, "vp": slot.vp, "bonus": slot.bonus}
        )
    return problems


def _check_medal_prices(table: MedalTable) -> list[str]:
    problems = []
    for kind in ("silver", "gold"):
        prices = getattr(table, kind)
        if len(prices) != len(EPOCHS):
            problems.append(f"medal_prices: {kind} has {len(prices)} prices, expected 3 (epochs I-III, R72)")
        problems += _negatives("medal_prices", {f"{kind}[{i}]": p for i, p in enumerate(prices)})
    return problems


# --- stated facts (section 7) ---


def _faces(data: DataSet, kind: str) -> list[tuple[str, str, list[tuple[str, object]]]]:
    """(label, source, [(field prefix, object compared with a fact)]) for every item of a kind."""
    if kind == "card":
        return [(f"card {c.id}", c.source, [("", c)]) for c in data.cards]
    if kind == "colony":
        return [(f"colony {c.id}", c.source, [("", c)]) for c in data.colonies]
    if kind == "statue slot":
        return [(f"statue slot {n}", s.source, [("", s)]) for n, s in enumerate(data.statue_slots, 1)]
    return [(f"start card {c.number}", c.source, [("A.", c.A), ("B.", c.B)]) for c in data.start_cards]


def _mismatches(item: object, fields: dict[str, object]) -> list[tuple[str, object, object]]:
    out = []
    for name, stated in fields.items():
        value = getattr(item, name)
        if value > stated.limit if isinstance(stated, AtMost) else value != stated:
            out.append((name, value, stated))
    return out


def _check_facts(data: DataSet) -> list[str]:
    """An item whose source cites an example must agree with what the example states; a fact
    that no item cites must still be found somewhere in the data (section 9 lists them)."""
    problems = []
    for ref, fact in FACTS.items():
        items = _faces(data, fact.kind)
        citing = [item for item in items if ref in re.findall(r"\bEX\d+\b", item[1])]
        for label, _, faces in citing:
            if all(_mismatches(obj, fact.fields) for _, obj in faces):
                prefix, obj = faces[0]
                problems += [
                    f"{label}: {prefix}{name} {_show(value)}, but hadara.md {ref} states {_show(stated)}"
                    for name, value, stated in _mismatches(obj, fact.fields)
                ]
        found = any(not _mismatches(obj, fact.fields) for _, _, faces in items for _, obj in faces)
        if not citing and not found:
            problems.append(f"{SECTION[fact.kind]}: no {fact.kind} matches hadara.md {ref} ({fact.text})")
    return problems


def _check_vp_seen(data: DataSet) -> list[str]:
    seen = {
        "cards": {card.vp for card in data.cards},
        "colonies": {vp for c in data.colonies for vp in (c.front_vp, c.back_vp)},
        "statue_slots": {slot.vp for slot in data.statue_slots},
    }
    return [
        f"{kind}: no item is worth {vp} VP, which EX24 scores"
        for kind, values in VP_SEEN.items()
        for vp in values
        if vp not in seen[kind]
    ]
