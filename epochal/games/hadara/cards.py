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
from epochal.problems import KERNEL, Problems

from .vocab import ColorPatron, Effect

# Every problem a data file can have is worded from a template of locale/problems.en.json, so that
# the workshop shows it in the reader's language (``PROBLEMS.translate``).
PROBLEMS = Problems("epochal.games.hadara", KERNEL)
say = PROBLEMS.say

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
STACK_PATTERN = "{3, a, 15, b, c}"  # R84, D5: the requirement values of the five stacks
STATUE_SLOTS = 4  # R9, R54
SALE_VALUE = [2, 3, 4]  # R43


class AtMost(NamedTuple):
    """A stated upper bound, e.g. EX12 only tells that the requirement is at most 12."""

    limit: int


class Fact(NamedTuple):
    kind: str  # "card", "colony", "statue slot" or "start card" (either side)
    fields: dict[str, object]  # field -> stated value (or AtMost)
    text: str  # short description for messages (a template of locale/problems.en.json)


# Single items the spec states (hadara.md section 7; section 9 lists them as data constraints).
FACTS: dict[str, Fact] = {
    "EX2": Fact(
        "start card",
        {"initiative": 2, "coins": 8, "tracks": Bonus(income=2, military=1, culture=3, food=4)},
        say("fact.EX2"),
    ),
    "EX4": Fact(
        "card",
        {"epoch": 1, "color": "blue", "cost": 3, "bonus": Bonus(culture=2, food=1), "vp": 2},
        say("fact.EX4"),
    ),
    "EX20": Fact("card", {"color": "yellow", "bonus": Bonus(income=1, military=1)}, say("fact.EX20")),
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
        say("fact.EX11"),
    ),
    "EX12": Fact(
        "colony",
        {"requirement": AtMost(12), "annex_cost": 1, "back_bonus": Bonus(military=2, culture=1), "back_vp": 5},
        say("fact.EX12"),
    ),
    "EX13": Fact("colony", {"requirement": AtMost(15), "plunder": 5, "front_vp": 8}, say("fact.EX13")),
    "EX14": Fact("statue slot", {"requirement": 6, "vp": 4}, say("fact.EX14")),
    "EX15": Fact("statue slot", {"requirement": AtMost(13), "bonus": 3}, say("fact.EX15")),
    "EX16": Fact("statue slot", {"requirement": AtMost(20), "vp": 14, "bonus": 4}, say("fact.EX16")),
}

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
        problems.append(say("data.format", value=repr(data.format), expected=repr(FORMAT)))
    problems += _too_large(data)
    problems += _check_cards(data.cards)
    problems += _check_start_cards(data.start_cards)
    problems += _check_colonies(data.colonies)
    problems += _check_statue_slots(data.statue_slots)
    problems += _check_medal_prices(data.medal_prices)
    if data.sale_value != SALE_VALUE:
        problems.append(say("data.sale_value", value=data.sale_value, stated=SALE_VALUE))
    problems += _check_facts(data)
    problems += _check_vp_seen(data)
    return problems


# --- small helpers ---


def _too_large(data: DataSet) -> list[str]:
    """Every number above MAX_NUMBER, named by its item and field."""

    def walk(value, where: str) -> list[tuple[str, int]]:
        if isinstance(value, dict):
            return [p for key, item in value.items() for p in walk(item, f"{where}.{key}" if where else key)]
        if isinstance(value, list):
            return [p for i, item in enumerate(value) for p in walk(item, f"{where}[{i}]")]
        if type(value) is int and value > MAX_NUMBER:
            return [(where, value)]
        return []

    top = msgspec.to_builtins(data)
    problems = []
    for section, kind in LABELS.items():
        for item in top[section]:
            label = _label(kind, item.get("id", item.get("number")))
            problems += [
                say("number.item_too_large", item=label, where=where, value=value, most=MAX_NUMBER)
                for where, value in walk(item, "")
            ]
    rest = walk({k: v for k, v in top.items() if k not in LABELS}, "")
    return problems + [say("number.too_large", where=where, value=value, most=MAX_NUMBER) for where, value in rest]


def _label(kind: str, name: object) -> str:
    """An item as problems name it: ``card I-BLU-03``, ``start card 2`` (``kind`` as in LABELS)."""
    return say(f"label.{kind.replace(' ', '_')}", id=name, number=name)


def _negatives(label: str, values: dict[str, int], effect: str | None = None) -> list[str]:
    """A problem for each negative value (the fields of purple ``effect``, when it is given)."""
    return [
        say("number.negative", item=label, field=name, value=value)
        if effect is None
        else say("effect.negative", item=label, effect=effect, field=name, value=value)
        for name, value in values.items()
        if value is not None and value < 0
    ]


def _bonus_negatives(label: str, prefix: str, bonus: Bonus) -> list[str]:
    return _negatives(label, {f"{prefix}.{track}": getattr(bonus, track) for track in TRACKS})


def _duplicates(kind: str, field: str, values: list) -> list[str]:
    return [
        say("item.duplicate", item=_label(kind, value), field=field, n=n)
        for value, n in Counter(values).items()
        if n > 1
    ]


def _tag(effect: Effect) -> str:
    return str(type(effect).__struct_config__.tag)  # every effect's tag is a string ("PE1" ...)


BONUS_SHOWN = {1: "bonus.one", 2: "bonus.two", 3: "bonus.three", 4: "bonus.four"}  # how many tracks it raises


def _show(value: object) -> str:
    if isinstance(value, Bonus):
        fields: dict[str, object] = {}
        for i, track in enumerate((t for t in TRACKS if getattr(value, t)), 1):
            suffix = str(i) if i > 1 else ""
            fields |= {f"track{suffix}": say(f"track.{track}"), f"n{suffix}": getattr(value, track)}
        return say(BONUS_SHOWN[len(fields) // 2], **fields) if fields else KERNEL.say("schema.none")
    return say("at_most", limit=value.limit) if isinstance(value, AtMost) else str(value)


# --- epoch cards (R5, R6, R13, R90, PE1-PE15, D1, D3) ---


def _check_cards(cards: list[Card]) -> list[str]:
    problems = _duplicates("card", "id", [card.id for card in cards])
    for card in cards:
        problems += _card_problems(card)
    problems += _check_deck_counts(cards)
    problems += _check_patrons(cards)
    return problems


def _card_problems(card: Card) -> list[str]:
    label = _label("card", card.id)
    problems = []
    if card.epoch not in EPOCHS:
        problems.append(say("card.epoch", item=label, epoch=card.epoch))
    problems += _negatives(label, {"cost": card.cost, "vp": card.vp})
    problems += _bonus_negatives(label, "bonus", card.bonus)
    if card.color != "purple":
        if card.effect is not None:
            problems.append(say("card.effect_color", item=label, effect=_tag(card.effect), color=card.color))
        if card.star:
            problems.append(say("card.star_color", item=label, color=card.color))
    elif card.effect is not None:
        problems += _effect_problems(label, card.effect)
    return problems


def _effect_problems(label: str, effect: Effect) -> list[str]:
    tag = _tag(effect)
    problems = []
    for name, value in msgspec.structs.asdict(effect).items():
        if isinstance(value, list):  # PE5: one price per epoch
            if len(value) != len(EPOCHS):
                problems.append(say("effect.entries", item=label, effect=tag, field=name, n=len(value)))
            problems += _negatives(label, {f"{name}[{i}]": v for i, v in enumerate(value)}, tag)
        elif isinstance(value, int):
            problems += _negatives(label, {name: value}, tag)
    return problems


def _check_deck_counts(cards: list[Card]) -> list[str]:
    per_deck = Counter((card.epoch, card.color) for card in cards)
    basic_purple = Counter(card.epoch for card in cards if card.color == "purple" and not card.star)
    problems = []
    for epoch in EPOCHS:
        for color, expected in CARDS_PER_COLOR.items():
            if per_deck[epoch, color] != expected:
                problems.append(
                    say("deck.count", epoch=ROMAN[epoch], n=per_deck[epoch, color], color=color, expected=expected)
                )
        if basic_purple[epoch] < MIN_BASIC_PURPLE:
            problems.append(say("deck.basic_purple", epoch=ROMAN[epoch], n=basic_purple[epoch], need=MIN_BASIC_PURPLE))
    return problems


def _check_patrons(cards: list[Card]) -> list[str]:
    patrons = [(card.id, card.effect) for card in cards if isinstance(card.effect, ColorPatron)]
    problems = []
    if len(patrons) != len(PATRON_COLORS):
        problems.append(say("patrons.count", n=len(patrons)))
    for color in PATRON_COLORS:
        ids = [card_id for card_id, effect in patrons if effect.color == color]
        if len(ids) != 1:
            problems.append(say("patrons.color", color=color, n=len(ids), ids=ids))
    return problems


# --- start cards (1.2, R23, R29, R83, D4) ---


def _check_start_cards(cards: list[StartCard]) -> list[str]:
    problems = []
    if len(cards) != len(START_NUMBERS):
        problems.append(say("start.count", n=len(cards)))
    problems += _duplicates("start card", "number", [card.number for card in cards])
    for card in cards:
        label = _label("start card", card.number)
        if card.number not in START_NUMBERS:
            problems.append(say("start.number", item=label))
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
                            say(
                                "start.initiative",
                                item=_label("start card", second.number),
                                side=b,
                                value=value,
                                other=first.number,
                                other_side=a,
                            )
                        )
    return problems


# --- colonies (R15, R46-R53, D5) ---


def _check_colonies(colonies: list[Colony]) -> list[str]:
    problems = []
    if len(colonies) != COLONY_STACKS * COLONIES_PER_STACK:
        problems.append(say("colonies.count", n=len(colonies)))
    problems += _duplicates("colony", "id", [colony.id for colony in colonies])
    for colony in colonies:
        label = _label("colony", colony.id)
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
            problems.append(say("colony.back_vp", item=label, back=colony.back_vp, front=colony.front_vp))
    problems += _check_colony_stacks(colonies)
    return problems


def _check_colony_stacks(colonies: list[Colony]) -> list[str]:
    per_value = Counter(colony.requirement for colony in colonies)
    problems = [
        say("colonies.stack", value=value, n=n, expected=COLONIES_PER_STACK)
        for value, n in sorted(per_value.items())
        if n != COLONIES_PER_STACK
    ]
    values = sorted(per_value)
    if len(values) != COLONY_STACKS:
        problems.append(say("colonies.stacks", n=len(values), values=values))
    elif not (values[0] == 3 and 3 < values[1] < 15 and values[2] == 15 and values[3] > 19):
        problems.append(say("colonies.shape", values=values, pattern=STACK_PATTERN))
    return problems


# --- statue slots, medals (R9, R55, R72, D6, D7) ---


def _check_statue_slots(slots: list[StatueSlot]) -> list[str]:
    problems = []
    if len(slots) != STATUE_SLOTS:
        problems.append(say("statues.count", n=len(slots)))
    for number, slot in enumerate(slots, 1):
        problems += _negatives(
            _label("statue slot", number), {"requirement": slot.requirement, "vp": slot.vp, "bonus": slot.bonus}
        )
    return problems


def _check_medal_prices(table: MedalTable) -> list[str]:
    problems = []
    for kind in ("silver", "gold"):
        prices = getattr(table, kind)
        if len(prices) != len(EPOCHS):
            problems.append(say("medals.count", kind=kind, n=len(prices)))
        problems += _negatives("medal_prices", {f"{kind}[{i}]": p for i, p in enumerate(prices)})
    return problems


# --- stated facts (section 7) ---


def _faces(data: DataSet, kind: str) -> list[tuple[str, str, list[tuple[str, object]]]]:
    """(label, source, [(field prefix, object compared with a fact)]) for every item of a kind."""
    if kind == "card":
        return [(_label(kind, c.id), c.source, [("", c)]) for c in data.cards]
    if kind == "colony":
        return [(_label(kind, c.id), c.source, [("", c)]) for c in data.colonies]
    if kind == "statue slot":
        return [(_label(kind, n), s.source, [("", s)]) for n, s in enumerate(data.statue_slots, 1)]
    return [(_label(kind, c.number), c.source, [("A.", c.A), ("B.", c.B)]) for c in data.start_cards]


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
                    say(
                        "fact.mismatch",
                        item=label,
                        field=f"{prefix}{name}",
                        value=_show(value),
                        ref=ref,
                        stated=_show(stated),
                    )
                    for name, value, stated in _mismatches(obj, fact.fields)
                ]
        found = any(not _mismatches(obj, fact.fields) for _, _, faces in items for _, obj in faces)
        if not citing and not found:
            problems.append(say(f"fact.missing.{fact.kind.replace(' ', '_')}", ref=ref, text=fact.text))
    return problems


def _check_vp_seen(data: DataSet) -> list[str]:
    seen = {
        "cards": {card.vp for card in data.cards},
        "colonies": {vp for c in data.colonies for vp in (c.front_vp, c.back_vp)},
        "statue_slots": {slot.vp for slot in data.statue_slots},
    }
    return [
        say("vp.unseen", section=kind, vp=vp)
        for kind, values in VP_SEEN.items()
        for vp in values
        if vp not in seen[kind]
    ]
