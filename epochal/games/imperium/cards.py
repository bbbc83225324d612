"""Imperium card database: schema, loader and validator.

Every card is keyed by its printed number (``1CIV10``, ``ROM6``, ``UNR3``); a double-sided power
card is one card with two faces (``side_b``). Effects are data: lists of operations from the
small vocabulary of ``vocab.py`` (gain, pay, draw, acquire, break through, discard, history,
garrison, choose, may, each other player ...; docs/games/imperium-data.md), decoded into its
typed structs as a file loads and run by the handlers of ``effects.py``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec

from epochal import datafile
from epochal.datafile import Choice, Either, Int, List, Map, Text
from epochal.engine.locale import ui_strings
from epochal.problems import KERNEL, Problems

from .vocab import (
    HOOKS,
    MAX_COUNT,
    Hook,
    MarketSuit,
    OnPayPopulation,
    OnTakeUnrest,
    Ops,
    Passives,
    VPInt,
    When,
    WhenGone,
    walk,
)
from .vocab import VP as VPLine

# Every problem sentence from locale/problems.en.json, so that the workshop can translate it.
PROBLEMS = Problems("epochal.games.imperium", KERNEL)
say = PROBLEMS.say

DATA_DIR = Path(__file__).parent / "data"
SUITS = ("region", "uncivilised", "civilised", "tributary", "fame", "unrest")
MARKET_SUITS: tuple[MarketSuit, ...] = ("region", "uncivilised", "civilised", "tributary")
RESOURCES = ("materials", "population", "progress")
TYPES = ("city", "metropolis", "scroll", "mask", "knight")
REGION_TYPES = ("production", "fertile", "river")
LOCATIONS = ("in-play", "nation", "accession", "development", "supply", "deck", "path")
NATIONS = (
    "Carthaginians",
    "Celts",
    "Greeks",
    "Macedonians",
    "Persians",
    "Romans",
    "Scythians",
    "Vikings",
    "Egyptians",
    "Mauryans",
    "Minoans",
    "Olmecs",
    "Qin",
    "Atlanteans",
    "Utopians",
    "Arthurians",
)
# Nations without a nation deck or an accession card (R34, R35, R195, R209).
NO_NATION_DECK = ("Atlanteans", "Utopians")
TRIGGERS = ("play", "exhaust", "solstice")
GROUPS = ("market", "fame", "unrest", "king_of_kings")
COMMON_GROUPS = {"market": 62, "fame": 8, "unrest": 12, "king_of_kings": 1}  # R9, R10
# The two common decks (R59): a game uses one; a data directory needs the Classics file, and the
# Legends file when it offers that deck. A common card's ``box`` is its file's.
BOXES = ("classics", "legends")
COMMON_FILES = {"classics": "common.json", "legends": "legends_common.json"}
# The 16 nations of both boxes (R7, R58), for the tributaries named after one (R60). The nations
# with card data, the ones a seat can play, are ``NATIONS``.
ALL_NATIONS = (
    *("Carthaginians", "Celts", "Greeks", "Macedonians", "Persians", "Romans", "Scythians", "Vikings"),
    *("Arthurians", "Atlanteans", "Egyptians", "Mauryans", "Minoans", "Olmecs", "Qin", "Utopians"),
)
MIN_NATIONS = 4  # a 4-player game deals four different nations (R29)

Provenance = Literal["exact", "partial", "provisional"]


class Face(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """What one side of a power card (or King of Kings) says."""

    name: str = ""
    name_ru: str | None = None  # a path card's side B: the rulebook's name (Shangri-La)
    name_ru_translated: str | None = None
    vp: VPInt | VPLine | None = None
    play: Ops = []
    exhaust: Ops = []
    solstice: Ops = []
    passive: Passives = []


class Card(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    id: str  # the printed number
    name: str  # English
    name_ru: str | None = None  # the Russian edition's name, where a source prints it (``source`` cites it)
    name_ru_translated: str | None = None  # else: our translation of the English name's meaning, not official
    deck: str = "common"  # "common" or the nation
    group: str | None = None  # common deck: market, fame, unrest, king_of_kings
    box: Literal["classics", "legends"] | None = None  # common deck: its box (R59); common.json's are Classics
    nation: str | None = None  # a tributary named after a nation: that nation (R60)
    suits: list[str] = []  # banner first; dual uncivilised+civilised
    state: Literal["barbarian", "empire"] | None = None
    pinned: bool = False
    attack: bool = False
    power: bool = False
    types: list[str] = []  # city, metropolis, scroll, mask, knight
    regions: list[str] = []  # production, fertile, river (with repeats)
    vp: VPInt | VPLine | None = None  # None: no VP
    players: int | None = None  # 3 = 3+ players, 4 = 4 players only
    location: str | None = None  # nation cards: where setup puts them
    cost: dict[str, int] = {}  # development cost
    free: bool = False  # "free play": no action token (R74)
    unplayable: bool = False
    no_garrison: bool = False
    fixed: bool = False  # never abandoned or recalled (Gwaith Camlan; King Arthur's Court, never played: R167)
    play: Ops = []
    exhaust: Ops = []
    solstice: Ops = []
    passive: Passives = []
    side_b: Face | None = None  # the other face of a power card / King of Kings
    provenance: Provenance = "exact"
    source: str = ""


def _bundle_struct() -> type:
    """A bundle of this game's data directory (``datafile.pack``) as a struct: each deck file,
    a list of cards, a field named by the file (the workshop walks them as one file)."""
    names = [*COMMON_FILES.values(), *(f"{nation.lower()}.json" for nation in NATIONS)]
    files = [(name[:-5], list[Card] | None, msgspec.field(default=None, name=name)) for name in names]
    bundle_files = msgspec.defstruct("Files", files, omit_defaults=True)
    return msgspec.defstruct("Bundle", [("format", str), ("game", str), ("files", bundle_files), ("note", str, "")])


@cache
def data_form(lang: str = "en") -> dict:
    """The workshop's form (``Game.data_form``) of a bundle of the deck files: the common decks
    by group, then each nation's cards, in printed order; a card's ``provenance`` and ``source``
    say what is established; the fields the rules fix to a few values offered as those values,
    worded in ``lang``."""
    schema = datafile.with_choices(
        msgspec.json.schema(_bundle_struct()),
        {
            ("Card", "deck"): ("common", *NATIONS),
            ("Card", "group"): GROUPS,
            ("Card", "nation"): ALL_NATIONS,
            ("Card", "suits"): SUITS,
            ("Card", "types"): TYPES,
            ("Card", "regions"): REGION_TYPES,
            ("Card", "location"): LOCATIONS,
            ("Card", "cost"): RESOURCES,
        },
    )
    words = datafile.workshop_words(DATA_DIR.parent / "locale", lang, lambda code: ui_strings("imperium", code))
    lists: list[dict[str, Any]] = [
        {
            "list": ["files", name],
            "file": name,
            "id": "id",
            "group": "group",
            "kind": "card",
            "label": words[f"list.{box}"],
        }
        for box, name in COMMON_FILES.items()
    ]
    lists += [
        {
            "list": ["files", f"{nation.lower()}.json"],
            "file": f"{nation.lower()}.json",
            "id": "id",
            "group": None,
            "kind": "card",
            "label": words.get(f"deck.{nation}") or words[f"side.{nation}"],
        }
        for nation in NATIONS
    ]
    words |= {f"field.{entry['file']}": entry["label"] for entry in lists}  # the bundle's files are its lists
    return {
        "schema": schema,
        "bundle": True,
        "lists": lists,
        "exact": {"by": "item", "field": "provenance", "value": "exact", "source": "source"},
        "labels": datafile.form_labels(
            schema, words, {"value": ("suit.", "res.", "state.", "side.", "type.", "region.", "location.")}
        ),
    }


class DataError(datafile.DataError):
    """A data file that cannot be used; names the file, the card and the field."""


_DECODER = msgspec.json.Decoder(list[Card])


def load_file(path: Path) -> list[Card]:
    raw = datafile.read_bytes(path, DataError)
    try:
        cards = _DECODER.decode(raw)
    except msgspec.ValidationError as exc:
        raise DataError(f"{path}: {datafile.located(worded(str(exc), raw), raw)}") from None
    except msgspec.DecodeError as exc:
        raise DataError(KERNEL.say("file_not_json", file=path, detail=exc)) from None
    if not cards:
        raise DataError(say("file.no_cards", file=path))
    return cards


def worded(message: str, raw: bytes) -> str:
    """A msgspec message about an operation's keys in the loader's words ("choose needs key
    'options'"), naming the operation; any other message as it is."""
    match = re.match(r"Object (missing required|contains unknown) field `(\w+)`( - at `\$(.*)`)$", message)
    if not match:
        return message
    node = raw_node(raw, match.group(4))
    if not isinstance(node, dict) or not isinstance(node.get("op", node.get("hook")), str):
        return message
    name = node.get("op", node.get("hook"))
    problem = "load.needs_key" if match.group(1) == "missing required" else "load.has_no_key"
    return say(problem, name=name, key=repr(match.group(2)), where=f"${match.group(4)}")


def raw_node(raw: bytes, path: str):
    """The JSON value at a msgspec path (``[22].play[0]``), or None."""
    try:
        node = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        return None
    for index, key in re.findall(r"\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)", path):
        try:
            node = node[key] if key else node[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def load(directory: Path | None = None) -> list[Card]:
    """Every card: the common deck, then each nation, validated."""
    directory = Path(directory or DATA_DIR)
    if not directory.is_dir():
        raise DataError(say("dir.not_directory", directory=directory))
    cards: list[Card] = []
    origin: list[str] = []
    box_problems = []
    for box, name in COMMON_FILES.items():
        if box != "classics" and not (directory / name).exists():
            continue  # a directory without it offers the Classics deck only
        deck = load_file(directory / name)
        for card in deck:
            if card.box is None and card.deck == "common" and box == "classics":
                card.box = "classics"
            if card.box != box:
                where = f"{name}: {say('label.card', id=card.id)}"
                box_problems.append(say("card.box_file", where=where, box=repr(card.box), file_box=repr(box)))
        cards += deck
        origin += [name] * len(deck)
    files = {"common": "common.json"}
    missing = [f"{nation.lower()}.json" for nation in NATIONS if not (directory / f"{nation.lower()}.json").exists()]
    if missing:
        raise DataError(say("dir.missing", directory=directory, files=", ".join(missing)))
    for nation in NATIONS:
        path = directory / f"{nation.lower()}.json"
        nation_cards = load_file(path)
        cards += nation_cards
        origin += [path.name] * len(nation_cards)
        files[nation] = path.name
    problems = box_problems + validate(cards, files, origin)
    if not datafile.noted(problems):  # a draft the workshop previews goes on (datafile.lenient)
        raise DataError(f"{directory}: " + "; ".join(problems[:20]), problems)
    return cards


def validate(cards: list[Card], files: dict[str, str] | None = None, origin: list[str] | None = None) -> list[str]:
    """Every problem of a card list beyond the types the decoder checked (the operations'
    keys, types and ranges are the vocabulary's, ``vocab.py``): each card field's range, the
    hooks' names, and what setup needs of each deck. ``files`` maps a deck to its file name,
    ``origin`` gives each card's file (for the messages)."""
    problems = []
    seen = set()
    for i, card in enumerate(cards):
        where = say("label.card", id=card.id)
        if origin:
            where = f"{origin[i]}: {where}"
        if card.id in seen:
            problems.append(say("card.duplicate", where=where))
        seen.add(card.id)
        problems += _card_problems(card, where)
    problems += _deck_problems(cards, files or {})
    return problems


def _card_problems(card: Card, where: str | None = None) -> list[str]:
    """Every problem of one card, each a sentence about ``where`` (the card, after its file;
    by default "card <id>")."""
    where = where or say("label.card", id=card.id)
    problems = []
    checks = [
        ("id", card.id, Text(40)),
        ("deck", card.deck, Choice("common", *NATIONS)),
        ("suits", card.suits, List(Choice(*SUITS), 0, 2, unique=True)),
        ("types", card.types, List(Choice(*TYPES), 0, 4, unique=True)),
        ("regions", card.regions, List(Choice(*REGION_TYPES), 0, 6)),
        ("cost", card.cost, Map(Choice(*RESOURCES), Int(0, MAX_COUNT))),
        ("players", card.players, Either(Choice(None), Int(2, 4), what=say("what.players"))),
    ]
    for name, value, schema in checks:
        problems += schema.problems(value, f"{where}: {name}")
    if len(card.suits) == 2 and card.suits != ["uncivilised", "civilised"]:
        problems.append(say("card.dual_suits", where=where, suits=card.suits))
    if card.deck == "common":
        if card.group not in GROUPS:
            problems.append(say("card.group_unknown", where=where, group=repr(card.group), groups=", ".join(GROUPS)))
        elif not _group_suits_fit(card.group, card.suits):
            problems.append(say("card.group_suits", where=where, suits=card.suits, group=repr(card.group)))
        if card.location is not None:
            problems.append(say("card.location_common", where=where, location=repr(card.location)))
        if card.nation is not None and (card.group != "market" or card.suits != ["tributary"]):
            problems.append(say("card.nation_tributary", where=where))
        named = Either(Choice(None), Choice(*ALL_NATIONS), what=say("what.nation"))
        problems += named.problems(card.nation, f"{where}: nation")
    else:
        if card.group is not None:
            problems.append(say("card.group_nation", where=where, group=repr(card.group)))
        if card.box is not None or card.nation is not None:
            problems.append(say("card.box_nation", where=where))
        if card.location not in (*LOCATIONS, None):
            problems.append(
                say("card.location_unknown", where=where, location=repr(card.location), locations=", ".join(LOCATIONS))
            )
        if card.power and card.location != "in-play":
            problems.append(say("card.power_in_play", where=where))
        if card.location == "supply" and "unrest" not in card.suits:
            problems.append(say("card.supply_unrest", where=where))
    if card.side_b is not None and not card.power and card.group != "king_of_kings" and card.location != "path":
        problems.append(say("card.side_b", where=where))
    if card.location == "path" and card.deck != "Utopians":
        problems.append(say("card.path_utopians", where=where))
    faces = [("", card)] + ([("side_b.", card.side_b)] if card.side_b else [])
    for prefix, face in faces:
        lists = [(trigger, getattr(face, trigger)) for trigger in TRIGGERS]
        reacting = [x for x in face.passive if isinstance(x, OnTakeUnrest | OnPayPopulation | WhenGone)]
        lists += [("passive", x.args.do) for x in reacting]
        for at, ops in lists:
            for op in walk(ops):
                if isinstance(op, Hook) and op.name not in HOOKS:
                    problems.append(say("card.no_hook", where=f"{where}: {prefix}{at}", name=repr(op.name)))
        exhaust = face.exhaust
        for i, op in enumerate(exhaust[1:], 1):
            if isinstance(op, When):
                problems.append(say("card.when_alone", where=f"{where}: {prefix}exhaust[{i}]"))
        for trigger in ("play", "solstice"):
            for i, op in enumerate(getattr(face, trigger)):
                if isinstance(op, When):
                    problems.append(say("card.when_trigger", where=f"{where}: {prefix}{trigger}[{i}]"))
    return problems


def _group_suits_fit(group: str, suits: list[str]) -> bool:
    if group == "market":
        return len(suits) == 1 and suits[0] in MARKET_SUITS or suits == ["uncivilised", "civilised"]
    if group in ("fame", "king_of_kings"):
        return suits == ["fame"]
    return suits == ["unrest"]


def _deck_problems(cards: list[Card], files: dict[str, str]) -> list[str]:
    """What setup needs of the decks: the common deck's groups (R9, R10), a power card and an
    accession card per nation (R30, R34), and enough nations for four players."""
    problems = []
    for box in BOXES:
        common_file = files.get("common", "common.json") if box == "classics" else COMMON_FILES[box]
        counts: dict = {}
        for c in cards:
            if c.deck == "common" and (c.box or "classics") == box:
                counts[c.group] = counts.get(c.group, 0) + 1
        if counts and counts != COMMON_GROUPS or box == "classics" and not counts:
            problems.append(say("deck.groups", file=common_file, counts=counts, expected=COMMON_GROUPS))
    nations = [n for n in NATIONS if any(c.deck == n for c in cards)]
    for nation in nations:
        name = files.get(nation, f"{nation.lower()}.json")
        mine = [c for c in cards if c.deck == nation]
        n = sum(c.power for c in mine)
        if n != 1:
            problems.append(say("deck.power", file=name, n=n))
        if nation in NO_NATION_DECK:
            bad = sum(c.location in ("accession", "nation") for c in mine)
            if bad:
                problems.append(say("deck.no_nation_deck", file=name, n=bad, nation=say(f"nation.{nation}")))
        elif (n := sum(c.location == "accession" for c in mine)) != 1:
            problems.append(say("deck.accession", file=name, n=n))
    for nation, name in files.items():
        if nation != "common" and nation not in nations:
            problems.append(say("deck.empty_file", file=name, deck=repr(nation)))
    if len(nations) < MIN_NATIONS:
        names = ", ".join(nations) or KERNEL.say("schema.none")
        problems.append(say("deck.nations", n=len(nations), names=names, least=MIN_NATIONS))
    return problems
