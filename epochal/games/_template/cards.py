"""The card data: loading, checking and the built-in deck.

Every card's fields come from ``data/cards.json``; nothing about a card lives in code. A data
file that breaks the format (an unknown operation or field, a duplicate id) is refused with
every problem listed, each naming its card; each problem is said from a template of
``locale/problems.en.json``, so that the workshop words it in the reader's language.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from epochal import datafile
from epochal.problems import KERNEL, Problems

from .vocab import MAX_OPTIONS, AnyOp, Choose, EachOther

BUILTIN = Path(__file__).parent / "data" / "cards.json"
say = Problems("epochal.games._template", KERNEL).say  # the problems' words: locale/problems.<lang>.json


class Card(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: dict[str, str]  # language -> name
    effect: list[AnyOp]


class DataSet(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    version: int
    cards: list[Card]


def problems(data: DataSet) -> list[str]:
    """What the rules forbid in a data set that its format allows."""
    out = []
    seen: set[str] = set()
    for card in data.cards:
        if card.id in seen:
            out.append(say("card.twice", id=card.id))
        seen.add(card.id)
        if "en" not in card.name:
            out.append(say("card.no_english_name", id=card.id))
        out += [f"{card.id}: {p}" for p in _op_problems(card.effect)]
    if len(data.cards) < 3 * 4:
        out.append(say("deck.too_small", n=len(data.cards)))
    return out


def _op_problems(ops: list) -> list[str]:
    out = []
    for op in ops:
        if getattr(op, "n", 1) < 1:
            out.append(say("op.n_at_least_1", op=type(op).__name__.lower()))
        if isinstance(op, Choose):
            if not 2 <= len(op.options) <= MAX_OPTIONS:
                out.append(say("choose.options", most=MAX_OPTIONS))
            for option in op.options:
                out += _op_problems(option)
        if isinstance(op, EachOther):
            out += _op_problems(op.do)
    return out


def load(path: Path = BUILTIN) -> DataSet:
    data = datafile.decode(datafile.read_bytes(path), path, DataSet)
    datafile.refuse(path, problems(data))
    return data
