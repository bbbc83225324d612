"""The card data: loading, checking and the built-in deck.

Every card's fields come from ``data/cards.json``; nothing about a card lives in code. A data
file that breaks the format (an unknown operation or field, a duplicate id) is refused with
every problem listed, each naming its card.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from epochal import datafile

from .vocab import MAX_OPTIONS, AnyOp, Choose, EachOther

BUILTIN = Path(__file__).parent / "data" / "cards.json"


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
            out.append(f"{card.id}: a second card with this id")
        seen.add(card.id)
        if "en" not in card.name:
            out.append(f"{card.id}: no English name")
        out += [f"{card.id}: {p}" for p in _op_problems(card.effect)]
    if len(data.cards) < 3 * 4:
        out.append(f"the deck has {len(data.cards)} cards; four players need 12 (R2)")
    return out


def _op_problems(ops: list) -> list[str]:
    out = []
    for op in ops:
        if getattr(op, "n", 1) < 1:
            out.append(f"{type(op).__name__.lower()} needs n of 1 or more")
        if isinstance(op, Choose):
            if not 2 <= len(op.options) <= MAX_OPTIONS:
                out.append(f"choose lists 2 to {MAX_OPTIONS} options (R7)")
            for option in op.options:
                out += _op_problems(option)
        if isinstance(op, EachOther):
            out += _op_problems(op.do)
    return out


def load(path: Path = BUILTIN) -> DataSet:
    data = datafile.decode(datafile.read_bytes(path), path, DataSet)
    datafile.refuse(path, problems(data))
    return data
