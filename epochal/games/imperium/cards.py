"""Imperium card database: schema, loader and validator.

Every card is keyed by its printed number (``1CIV10``, ``ROM6``, ``UNR3``); a double-sided power
card is one card with two faces (``side_b``). Effects are data: lists of operations from the
small vocabulary in ``docs/games/imperium-data.md`` (gain, pay, draw, acquire, break through,
discard, history, garrison, choose, may, each other player ...), interpreted by ``effects.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import msgspec

DATA_DIR = Path(__file__).parent / "data"
SUITS = ("region", "uncivilised", "civilised", "tributary", "fame", "unrest")
MARKET_SUITS = ("region", "uncivilised", "civilised", "tributary")
RESOURCES = ("materials", "population", "progress")
TYPES = ("city", "metropolis", "scroll", "mask", "knight")
REGION_TYPES = ("production", "fertile", "river")
LOCATIONS = ("in-play", "nation", "accession", "development", "supply", "deck")
NATIONS = ("Carthaginians", "Celts", "Greeks", "Macedonians", "Persians", "Romans", "Scythians",
           "Vikings")
TRIGGERS = ("play", "exhaust", "solstice")

Provenance = Literal["exact", "partial", "provisional"]


class Face(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """What one side of a power card (or King of Kings) says."""
    name: str = ""
    vp: Any = None
    play: list[dict] = []
    exhaust: list[dict] = []
    solstice: list[dict] = []
    passive: list[dict] = []


class Card(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    id: str                                   # the printed number
    name: str                                 # English
    name_ru: str | None = None                # Russian, where a source states it
    deck: str = "common"                      # "common" or the nation
    group: str | None = None                  # common deck: market, fame, unrest, king_of_kings
    suits: list[str] = []                     # banner first; dual uncivilised+civilised
    state: Literal["barbarian", "empire"] | None = None
    pinned: bool = False
    attack: bool = False
    power: bool = False
    types: list[str] = []                     # city, metropolis, scroll, mask, knight
    regions: list[str] = []                   # production, fertile, river (with repeats)
    vp: Any = None                            # int | {"per": ..} | {"if": ..}; None = no VP
    players: int | None = None                # 3 = 3+ players, 4 = 4 players only
    location: str | None = None               # nation cards: where setup puts them
    cost: dict[str, int] = {}                 # development cost
    free: bool = False                        # "free play": no action token (R74)
    unplayable: bool = False
    no_garrison: bool = False
    play: list[dict] = []
    exhaust: list[dict] = []
    solstice: list[dict] = []
    passive: list[dict] = []
    side_b: Face | None = None                # the other face of a power card / King of Kings
    provenance: Provenance = "exact"
    source: str = ""


class DataError(ValueError):
    """A data file that cannot be used; names the file, the card and the field."""


_DECODER = msgspec.json.Decoder(list[Card])


def load_file(path: Path) -> list[Card]:
    try:
        return _DECODER.decode(path.read_bytes())
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except msgspec.ValidationError as exc:
        raise DataError(f"{path}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise DataError(f"{path}: not valid JSON: {exc}") from None


def load(directory: Path | None = None) -> list[Card]:
    """Every card: the common deck, then each nation, validated."""
    directory = directory or DATA_DIR
    cards = load_file(directory / "common.json")
    for nation in NATIONS:
        path = directory / f"{nation.lower()}.json"
        if path.exists():
            cards += load_file(path)
    problems = validate(cards)
    if problems:
        raise DataError(f"{directory}: " + "; ".join(problems[:20]))
    return cards


def validate(cards: list[Card]) -> list[str]:
    from .effects import check_ops

    problems = []
    seen = set()
    for card in cards:
        where = f"card {card.id}"
        if card.id in seen:
            problems.append(f"{where}: duplicate id")
        seen.add(card.id)
        for suit in card.suits:
            if suit not in SUITS:
                problems.append(f"{where}: unknown suit {suit!r}")
        for t in card.types:
            if t not in TYPES:
                problems.append(f"{where}: unknown type {t!r}")
        for r in card.regions:
            if r not in REGION_TYPES:
                problems.append(f"{where}: unknown region type {r!r}")
        if card.location is not None and card.location not in LOCATIONS:
            problems.append(f"{where}: unknown starting location {card.location!r}")
        for res in card.cost:
            if res not in RESOURCES:
                problems.append(f"{where}: cost names unknown resource {res!r}")
        faces = [("", card)] + ([("side_b.", card.side_b)] if card.side_b else [])
        for prefix, face in faces:
            for trigger in (*TRIGGERS, "passive"):
                for problem in check_ops(getattr(face, trigger), passive=trigger == "passive"):
                    problems.append(f"{where}: {prefix}{trigger}: {problem}")
    common = [c for c in cards if c.deck == "common"]
    counts = {}
    for c in common:
        counts[c.group] = counts.get(c.group, 0) + 1
    expected = {"market": 62, "fame": 8, "unrest": 12, "king_of_kings": 1}
    if common and counts != expected:
        problems.append(f"common deck groups {counts} differ from {expected} (R9, R10)")
    return problems
