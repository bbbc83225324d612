"""Imperial Settlers card database: schema, loader and validator.

One data file per deck (``common.json``, ``romans.json``, ...): an object with the deck's
``sources`` and ``cards``, and for a faction its ``board``. A card entry stands for its copies:
``"id": "COM012", "copies": 3`` is COM012, COM013, COM014; ``variants`` lists how one copy
differs (cost, raze bonus, deal). The loader expands the entries into one ``Phys`` per physical
card, which the engine indexes (0..203). Effects are data: lists of operations from the small
vocabulary in docs/games/imperial-settlers-data.md (``vocab.py``), run by ``effects.py``.

The solo mode's 16 attack cards are in ``solo_attacks.json`` (``load_attacks``); a data
directory without one uses the built-in (provisional) file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec

from epochal import datafile
from epochal.datafile import Choice, Int, Map, Obj
from epochal.engine.locale import ui_strings
from epochal.problems import KERNEL, Problems

from .vocab import (
    COLOURS,
    GOODS,
    MAX_COUNT,
    MAX_VP,
    RESOURCES,
    SUPPLY,
    TRACK_GAINS,
    CaptureLocation,
    CardOps,
    PutOn,
    TradeDeal,
    Tuck,
)

DATA_DIR = Path(__file__).parent / "data"
FACTIONS = ("Romans", "Barbarians", "Egyptians", "Japanese")  # R2
CODES = {"Romans": "ROM", "Barbarians": "BAR", "Egyptians": "EGY", "Japanese": "JAP"}
DECKS = ("common", "romans", "barbarians", "egyptians", "japanese")
KINDS = ("production", "feature", "action")  # R17
PAYS = ("wood", "stone", "food", "gold", "worker", "raze", "card", "deal")
DEALS = ("wood", "stone", "food", "gold", "worker", "raze", "vp", "card")
TRIGGERS = ("build", "raze", "opponent_exchange")
PROVENANCE = ("exact", "partial", "provisional")
COMMON_COUNT = 84  # §2
FACTION_COUNT = 30
ATTACK_FILE = "solo_attacks.json"
ATTACK_COUNT = 16  # §2, R196
ATTACK_TARGETS = ("wood", "stone", "food", "gold", "worker", "raze", "defence", "vp", "card")  # the goods of R10
MAX_COPIES = 10  # copies of one card entry (the most in the box: 6 Ruins)

Provenance = Literal["exact", "partial", "provisional"]

# every problem sentence from locale/problems.en.json, so the workshop can translate it
PROBLEMS = Problems("epochal.games.imperial_settlers", KERNEL)
say = PROBLEMS.say


class Action(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    limit: int = 1  # activations per round (R89, R91)
    pay: dict[str, int] = {}  # goods placed on the card; "card"/"deal": discarded
    do: CardOps = []


class Trigger(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    on: str  # build / raze / opponent_exchange
    colour: str | None = None  # build: only locations of this colour
    do: CardOps = []
    # a feature works in its owner's turn, not in the Production phase (R48, A10), unless its
    # card says it "also works in the Production phase" (Sphinx, R162)
    in_production: bool = False


STORABLE = ("wood", "stone", "food", "gold", "worker", "raze")  # supply goods a card may store


class Storage(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A location that stores goods on itself (Warehouses, R131, R168): at each Cleanup's storage
    step (R126.1) its owner keeps up to ``capacity`` of these ``goods`` on it, past the discard
    (R127). Lost (discarded, razed, removed), what lay on it goes to the personal supply, to be
    spent until the Cleanup like any good there (R168, not R59c)."""

    capacity: int
    goods: list[str] = msgspec.field(default_factory=lambda: list(RESOURCES))  # R168: "resources"


class Keep(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """What a location keeps to the end of the game and scores for: the cards put under it by
    ``tuck`` (Gate, R152) or the goods put on it by ``put_on`` (Shrine, R155). Neither goes back
    (R152: never to the hand) nor is discarded at Cleanup (R129); the location cannot be razed
    (``unrazeable``, R79). At game end it gives ``vp`` VP for every ``per`` things on it, at most
    ``max`` (R134). The printed capacity and VP formula are not in the rulebook (D8): the card's
    data gives them. ``goods`` names what may be put on it (Shrine: "resources")."""

    capacity: int | None = None  # None: no limit
    vp: int = 0
    per: int = 1
    max: int | None = None
    goods: list[str] = msgspec.field(default_factory=lambda: list(RESOURCES))


class Trade(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """The deals a location makes with opponents' locations (``trade_deal``; Trade Route, R73).
    The rulebook gives only how other cards treat them (R153, R156, R167, R174, R178, R179); the
    rest is the printed card's (D6), so every part is a field. ``yields``: what the deal gives —
    the location's ``production`` (run as the maker's own), its ``deal`` bonus, or the fixed
    ``goods``; ``now`` at once when made (R68) and ``each_production`` in every later Production;
    ``kinds``/``decks``: the locations it may be made with; ``lost``: when that location leaves
    its owner's empire (razed, discarded, removed) the deal ``ends`` or ``stays``; ``vp``: end-game
    VP per such deal (a deal under the board scores none, R71)."""

    yields: Literal["production", "deal", "goods"]
    lost: Literal["ends", "stays"]
    goods: dict[str, int] = {}
    now: bool = True
    each_production: bool = True
    kinds: list[str] = msgspec.field(default_factory=lambda: list(KINDS))
    decks: Literal["any", "common", "empire"] = "any"
    vp: int = 0


class Capture(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """How a location captures opponents' locations (``capture``; Temple of Ra, R163, R164). The
    capture cost and targets, the sharing and the end are the printed card's (D7), so each is a
    field. ``tokens``: captures at a time (the 4 Egyptian tokens, A16); ``kinds``/``decks``/
    ``protected`` (whether a location holding a defence token or samurai may be captured): the
    targets; ``production``: who gains a captured production location's goods in each Production
    (``captor``, ``owner`` or ``both``; none at the capture, R163); ``activate``: who may activate
    a captured action location, one count of uses a round between them (R163); ``scores``: whose
    end-game VP it is (the card stays its owner's, R164); ``ends``: besides the location leaving
    play (R164: the token comes back), each ``cleanup`` or when this location is ``lost``."""

    production: Literal["captor", "owner", "both"]
    activate: Literal["captor", "owner", "both"]
    tokens: int = 4
    kinds: list[str] = msgspec.field(default_factory=lambda: list(KINDS))
    decks: Literal["any", "common", "empire"] = "any"
    protected: bool = True
    scores: Literal["owner", "captor"] = "owner"
    ends: list[Literal["cleanup", "lost"]] = []


class Card(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """One entry of a data file: a card and its copies."""

    id: str  # the first copy's id: deck code + 3 digits
    kind: str
    colours: list[str]
    cost: dict[str, int]
    copies: int = 1
    name: str | None = None  # English-edition name, where established
    name_probable: str | None = None  # a probable English name
    name_ru: str | None = None  # the Russian-edition name (the rulebook's)
    name_cs: str | None = None  # the Czech-edition name (ncf), for cards without a name
    # language -> our translation of the meaning of a known name, for a language whose edition's
    # name no source gives: shown marked as unofficial, never as the edition's name
    translated: dict[str, str] = {}
    discard: int = 0  # built locations / foundations to discard (R59)
    raze: dict[str, int] | None = None  # raze bonus (R13); None: cannot be razed
    deal: str | None = None  # deal bonus (empire cards, R68)
    vp: int | None = None  # end-game VP; None: 1 common, 2 empire (R134)
    production: CardOps = []
    bonus: CardOps = []  # build bonus (R62)
    action: Action | None = None
    triggers: list[Trigger] = []
    unrazeable: bool = False  # "cannot be razed" (R79)
    storage: Storage | None = None  # stores goods on itself through Cleanup (R131, R168)
    under: Keep | None = None  # keeps the cards tucked under it to game end (Gate, R152)
    keeps: Keep | None = None  # keeps the goods put on it to game end (Shrine, R155)
    trade: Trade | None = None  # deals it makes with opponents' locations (Trade Route, R73, D6)
    capture: Capture | None = None  # how it captures opponents' locations (Temple of Ra, R163, D7)
    stand_in: Action | None = None  # played only with the option stand_ins=on
    variants: dict[str, dict[str, Any]] = {}
    known: dict[str, str] = {}  # facts known about a part the engine does not play
    unknown: list[str] = []  # what is not established (the gaps)
    conflicts: list[str] = []  # where the sources disagree, and which one is kept
    note: str = ""
    provenance: Provenance = "exact"
    source: list[str] = []


class Board(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    production: CardOps
    store: str  # the good kept through Cleanup (R126, R131)
    provenance: Provenance = "provisional"
    source: list[str] = []
    note: str = ""


class DeckFile(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    deck: str
    cards: list[Card]
    sources: dict[str, str] = {}
    faction: str | None = None
    name_ru: str | None = None
    board: Board | None = None


class AttackCard(msgspec.Struct, omit_defaults=True):
    """A solo attack card: the one good it shows, its attack target (R198)."""

    id: str
    target: str
    provenance: Provenance = "provisional"
    source: list[str] = []
    note: str = ""


class AttackDeck(msgspec.Struct, omit_defaults=True):
    cards: list[AttackCard]
    sources: dict[str, str] = {}
    note: str = ""
    path: str = ""  # where it was loaded from


class AttackFile(msgspec.Struct, omit_defaults=True):
    """``solo_attacks.json`` as its file holds it (``check_attacks`` reads it): the workshop's form."""

    deck: str
    cards: list[AttackCard]
    sources: dict[str, str] = {}
    note: str = ""


def _bundle_struct() -> type:
    """A bundle of this game's data directory (``datafile.pack``) as a struct: each deck file a
    field named by the file (the workshop walks them as one file)."""
    files: list[tuple[str, Any, Any]] = [
        (deck, DeckFile | None, msgspec.field(default=None, name=f"{deck}.json")) for deck in DECKS
    ]
    files.append(("solo_attacks", AttackFile | None, msgspec.field(default=None, name=ATTACK_FILE)))
    bundle_files = msgspec.defstruct("Files", files, omit_defaults=True)
    return msgspec.defstruct("Bundle", [("format", str), ("game", str), ("files", bundle_files), ("note", str, "")])


@cache
def data_form(lang: str = "en") -> dict:
    """The workshop's form (``Game.data_form``) of a bundle of the deck files: each deck's cards
    in printed order (the common deck, each empire, the solo attack cards), an entry's
    ``provenance`` and ``source`` keys (described by its file's ``sources``) saying what is
    established; the fields the rules fix to a few values offered as those values, worded in
    ``lang``."""
    schema = datafile.with_choices(
        msgspec.json.schema(_bundle_struct()),
        {
            ("DeckFile", "deck"): DECKS,
            ("DeckFile", "faction"): FACTIONS,
            ("Card", "kind"): KINDS,
            ("Card", "colours"): COLOURS,
            ("Card", "cost"): RESOURCES,
            ("Card", "raze"): GOODS,
            ("Card", "deal"): DEALS,
            ("Card", "translated"): NAME_LANGS,
            ("Action", "pay"): PAYS,
            ("Trigger", "on"): TRIGGERS,
            ("Trigger", "colour"): COLOURS,
            ("Storage", "goods"): STORABLE,
            ("Trade", "goods"): TRACK_GAINS,
            ("Trade", "kinds"): KINDS,
            ("Capture", "kinds"): KINDS,
            ("Board", "store"): SUPPLY,
            ("AttackCard", "target"): ATTACK_TARGETS,
        },
    )
    words = datafile.workshop_words(
        DATA_DIR.parent / "locale", lang, lambda code: ui_strings("imperial_settlers", code)
    )
    lists: list[dict[str, Any]] = [
        {
            "list": ["files", f"{deck}.json", "cards"],
            "file": f"{deck}.json",
            "id": "id",
            "group": None,
            "kind": "card",
            "label": words[f"list.{deck}"],
        }
        for deck in DECKS
    ]
    lists.append(
        {
            "list": ["files", ATTACK_FILE, "cards"],
            "file": ATTACK_FILE,
            "id": "id",
            "group": None,
            "kind": "card",
            "label": words["list.solo_attacks"],
        }
    )
    words |= {f"field.{entry['file']}": entry["label"] for entry in lists}  # the bundle's files are its lists
    return {
        "schema": schema,
        "bundle": True,
        "lists": lists,
        "exact": {"by": "item", "field": "provenance", "value": "exact", "source": "source", "citations": "sources"},
        "labels": datafile.form_labels(
            schema, words, {"value": ("kind.", "colour.", "good.", "faction."), "field": ("good.",)}
        ),
    }


class Phys:
    """One physical card as the engine uses it (variants applied)."""

    __slots__ = (
        "index",
        "id",
        "entry",
        "deck",
        "faction",
        "common",
        "kind",
        "colours",
        "cost",
        "discard",
        "raze",
        "deal",
        "vp",
        "production",
        "bonus",
        "action",
        "stand_in",
        "triggers",
        "unrazeable",
        "storage",
        "under",
        "keeps",
        "trade",
        "capture",
        "name",
        "cost_key",
    )

    def __init__(self, index: int, cid: str, entry: Card, faction: str | None, over: dict):
        self.index = index
        self.id = cid
        self.entry = entry
        self.faction = faction  # None: a common card
        self.common = faction is None
        self.deck = "common" if faction is None else faction
        self.kind = entry.kind
        self.colours = frozenset(entry.colours)
        self.cost = dict(over.get("cost", entry.cost))
        self.discard = entry.discard
        self.raze = over.get("raze", entry.raze)
        self.deal = over.get("deal", entry.deal)
        self.vp = entry.vp if entry.vp is not None else (1 if faction is None else 2)  # R134
        self.production = entry.production
        self.bonus = entry.bonus
        self.action = entry.action
        self.stand_in = entry.stand_in
        self.triggers = entry.triggers
        self.unrazeable = entry.unrazeable
        self.storage = entry.storage
        self.under = entry.under
        self.keeps = entry.keeps
        self.trade = entry.trade
        self.capture = entry.capture
        self.name = display_name(entry)
        # the cost as (wood, stone, food), all a card's cost can name (R58), made once from the
        # data: empire.cost_check prices the hand with it
        self.cost_key = (self.cost.get("wood", 0), self.cost.get("stone", 0), self.cost.get("food", 0))


NAME_LANGS = ("en", "ru")  # the languages a card's translated name may be in
UNOFFICIAL = "*"  # marks a name that is our translation or a probable name, not an edition's


def official_name(entry: Card, lang: str) -> str | None:
    """The name the edition in ``lang`` prints, where a source gives it."""
    return {"en": entry.name, "ru": entry.name_ru}.get(lang)


def display_name(entry: Card, lang: str = "en") -> str:
    """The card's name for a reader of ``lang``: the edition's own name; else our translation
    (or, in English, the probable name) marked as unofficial; else the English one."""
    official = official_name(entry, lang)
    if official:
        return official
    unofficial = entry.translated.get(lang) or (entry.name_probable if lang == "en" else None)
    if unofficial:
        return unofficial + UNOFFICIAL
    return display_name(entry, "en") if lang != "en" else entry.name_cs or entry.id


def copy_ids(entry: Card) -> list[str]:
    """The ids of an entry's copies; [] for a malformed id or a copy count out of range (the
    validator reports those), so that no entry can make the loader allocate without bound."""
    if not (len(entry.id) == 6 and entry.id[3:].isdigit()) or not 1 <= entry.copies <= MAX_COPIES:
        return []
    code, number = entry.id[:3], int(entry.id[3:])
    return [f"{code}{number + i:03d}" for i in range(entry.copies)]


class DataError(datafile.DataError):
    """A data file that cannot be used; names the file, the card and the field."""


def load_file(path: Path) -> tuple[DeckFile, list[str]]:
    """A deck file, and the problems of its operation lists: each list is converted on its own,
    so that one bad operation is reported with its card and the file's other problems too (a
    bad list is read as empty, and the problems refuse the data)."""
    raw = datafile.read_bytes(path, DataError)
    try:
        doc = msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise DataError(KERNEL.say("file_not_json", file=path, detail=exc)) from None
    except RecursionError:
        raise DataError(say("file.deck_too_deep", file=path)) from None
    problems = _check_ops(doc, path.name)
    try:
        return msgspec.convert(doc, DeckFile), problems
    except msgspec.ValidationError as exc:
        located = datafile.located(str(exc), raw, {"cards": "card"}, top="entry")
        raise DataError(f"{path}: {located}") from None


def _check_ops(doc, name: str) -> list[str]:
    """The problems of every operation list in a decoded deck file (the board's production, each
    card's production, bonus, action, stand-in and triggers); a list with problems is emptied."""
    if not isinstance(doc, dict):
        return []
    problems = []
    board = doc.get("board")
    if isinstance(board, dict):
        board_at = say("label.board", file=name)
        problems += [f"{board_at}: {p}" for p in _empty_if_bad(board, "production", "production")]
    cards = doc.get("cards")
    for i, card in enumerate(cards if isinstance(cards, list) else []):
        if not isinstance(card, dict):
            continue
        cid = card.get("id")
        where = _card_at(name, cid, i)
        found = _empty_if_bad(card, "production", "production") + _empty_if_bad(card, "bonus", "bonus")
        for part in ("action", "stand_in"):
            if isinstance(card.get(part), dict):
                found += _empty_if_bad(card[part], "do", f"{part}.do")
        triggers = card.get("triggers")
        for j, trigger in enumerate(triggers if isinstance(triggers, list) else []):
            if isinstance(trigger, dict):
                found += _empty_if_bad(trigger, "do", f"triggers[{j}].do")
        problems += [f"{where}: {p}" for p in found]
    return problems


def _empty_if_bad(node: dict, key: str, label: str) -> list[str]:
    if key not in node:
        return []
    try:
        msgspec.convert(node[key], CardOps)
    except msgspec.ValidationError as exc:
        node[key] = []
        return [_op_problem(label, str(exc))]
    return []


def _op_problem(label: str, message: str) -> str:
    """A msgspec message about an operation list, worded for the data's owner: where (the
    field, then the path into the list) and what."""
    text, at = message, ""
    if message.endswith("`") and " - at `$" in message:
        text, at = message[:-1].rsplit(" - at `$", 1)
    if at.endswith(".op") and text.startswith("Invalid value "):
        return say("op.unknown", where=f"{label}{at}", op=text[len("Invalid value ") :])
    return f"{label}{at}: {text}"  # msgspec's words (the kernel's problems, or op.* of ours)


def _card_at(name: str, cid: object, i: int) -> str:
    """Where a card entry of file ``name`` is: by its id, or else its place in the list."""
    return f"{name}: {say('label.card', id=cid[:40])}" if isinstance(cid, str) and cid else f"{name}: cards[{i}]"


class DataSet:
    """Every deck: entries, physical cards, boards; and the solo attack deck."""

    def __init__(self, files: dict[str, DeckFile], attacks: AttackDeck | None = None):
        self.files = files
        self.attacks = attacks if attacks is not None else AttackDeck(cards=[])
        self.entries: list[tuple[Card, str | None]] = []
        self.phys: list[Phys] = []
        self.boards: dict[str, Board] = {}
        for deck in DECKS:
            f = files.get(deck)
            if f is None:
                continue
            faction = f.faction
            if faction is not None and f.board is not None:
                self.boards[faction] = f.board
            for entry in f.cards:
                self.entries.append((entry, faction))
                for cid in copy_ids(entry):
                    over = entry.variants.get(cid, {})
                    if not _VARIANT.fits(over):  # the validator reports it
                        over = {}
                    self.phys.append(Phys(len(self.phys), cid, entry, faction, over))


def load(directory: Path | None = None) -> DataSet:
    directory = Path(directory or DATA_DIR)
    if not directory.is_dir():
        raise DataError(say("dir.not_data", dir=directory))
    files = {}
    op_problems: list[str] = []
    for deck in DECKS:
        path = directory / f"{deck}.json"
        if path.exists():
            files[deck], found = load_file(path)
            op_problems += found
    if "common" not in files:
        raise DataError(say("dir.no_common", dir=directory))
    data = DataSet(files, load_attacks(attack_path(directory)))
    problems = op_problems + validate(data)
    taken = {c.id for c in data.phys} & {a.id for a in data.attacks.cards}
    problems += [
        say("attacks.id_of_deck", where=f"{ATTACK_FILE}: {say('label.card', id=cid)}", id=cid) for cid in sorted(taken)
    ]
    if not datafile.noted(problems):  # a draft the workshop previews goes on (datafile.lenient)
        raise DataError(f"{directory}: " + "; ".join(problems[:20]), problems)
    return data


def attack_path(directory: Path) -> Path:
    """The attack deck of a data directory; the built-in one when it has none."""
    path = Path(directory) / ATTACK_FILE
    return path if path.exists() else DATA_DIR / ATTACK_FILE


_ATTACK_FIELDS = {"id", "target", "provenance", "source", "note"}
_ATTACK_FILE_FIELDS = {"deck", "sources", "note", "cards"}


def load_attacks(path: Path) -> AttackDeck:
    """The solo attack deck (R196, R198), checked field by field: every error names the file,
    the card and the field."""
    try:
        raw = msgspec.json.decode(datafile.read_bytes(path, DataError))
    except msgspec.DecodeError as exc:
        raise DataError(KERNEL.say("file_not_json", file=path, detail=exc)) from None
    except RecursionError:
        raise DataError(say("file.attacks_too_deep", file=path)) from None
    problems = check_attacks(raw, str(path))
    if not datafile.noted(problems):
        raise DataError("; ".join(problems[:20]), problems)
    cards = [
        AttackCard(
            id=c["id"],
            target=c["target"],
            provenance=c.get("provenance", "provisional"),
            source=list(c.get("source", [])),
            note=c.get("note", ""),
        )
        for c in raw["cards"]
    ]
    return AttackDeck(cards=cards, sources=dict(raw.get("sources", {})), note=raw.get("note", ""), path=str(path))


def check_attacks(raw, name: str = ATTACK_FILE) -> list[str]:
    """Problems in a decoded attack file: its shape, 16 cards (§2), one good each (R198)."""
    if not isinstance(raw, dict):
        return [say("attacks.not_object", file=name)]
    problems = []
    for key in sorted(set(raw) - _ATTACK_FILE_FIELDS):
        problems.append(say("field.unknown", where=name, key=repr(key), fields="deck, sources, note, cards"))
    if raw.get("deck") != "attacks":
        problems.append(say("attacks.deck", file=name, value=repr(raw.get("deck"))))
    sources = raw.get("sources", {})
    if not isinstance(sources, dict) or not all(isinstance(v, str) for v in sources.values()):
        problems.append(say("field.sources", where=name))
        sources = {}
    if not isinstance(raw.get("note", ""), str):
        problems.append(say("field.note", where=name))
    cards = raw.get("cards")
    if not isinstance(cards, list):
        return problems + [say("attacks.cards", file=name)]
    if len(cards) != ATTACK_COUNT:
        problems.append(say("attacks.count", file=name, count=len(cards), want=ATTACK_COUNT))
    seen: set[str] = set()
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            problems.append(say("attacks.card_not_object", file=name, i=i, value=repr(c)))
            continue
        cid = c.get("id")
        where = _card_at(name, cid, i)
        if not isinstance(cid, str) or not cid.strip():
            problems.append(say("attacks.id_empty", where=where))
        elif cid in seen:
            problems.append(say("attacks.id_twice", where=where, id=cid))
        else:
            seen.add(cid)
        for key in sorted(set(c) - _ATTACK_FIELDS):
            fields = "id, target, provenance, source, note"
            problems.append(say("field.unknown", where=where, key=repr(key), fields=fields))
        target = c.get("target")
        if isinstance(target, list):
            problems.append(say("attacks.target_list", where=where, value=repr(target)))
        elif target not in ATTACK_TARGETS:
            problems.append(say("attacks.target", where=where, value=repr(target), goods=", ".join(ATTACK_TARGETS)))
        if c.get("provenance", "provisional") not in PROVENANCE:
            problems.append(
                say("attacks.provenance", where=where, value=repr(c.get("provenance")), values=", ".join(PROVENANCE))
            )
        source = c.get("source", [])
        if not isinstance(source, list) or not all(isinstance(s, str) for s in source):
            problems.append(say("attacks.source_list", where=where))
        else:
            for s in source:
                if s not in sources:
                    problems.append(say("attacks.source_unknown", where=where, key=repr(s)))
        if not isinstance(c.get("note", ""), str):
            problems.append(say("field.note", where=where))
    return problems


def validate(data: DataSet) -> list[str]:
    """Every problem of the loaded decks: each field's type and range, the deck sizes (§2) and
    one file per empire. (The operations are checked as each file loads, ``load_file``.)"""
    problems: list[str] = []
    seen: set[str] = set()
    for deck, f in data.files.items():
        name = f"{deck}.json"
        if f.deck != deck:
            problems.append(say("deck.name", file=name, value=repr(f.deck), deck=repr(deck)))
        if (deck == "common") != (f.faction is None):
            problems.append(say("deck.faction_named", file=name))
        if f.faction is not None:
            if f.faction not in FACTIONS or deck != f.faction.lower():
                problems.append(say("deck.unknown_faction", file=name, value=repr(f.faction)))
            if f.board is None:
                problems.append(say("deck.no_board", file=name))
            elif f.board.store not in SUPPLY:
                problems.append(say("deck.board_store", file=name, value=repr(f.board.store)))
        code = "COM" if f.faction is None else CODES.get(f.faction, "???")
        count = 0
        for c in f.cards:
            where = f"{name}: {say('label.card', id=c.id[:40])}"
            if not 1 <= c.copies <= MAX_COPIES:
                problems.append(say("card.copies", where=where, copies=c.copies, most=MAX_COPIES))
                continue
            ids = copy_ids(c)
            if not ids or c.id[:3] != code:
                problems.append(say("card.id_form", where=where, code=code))
            for cid in ids:
                if cid in seen:
                    problems.append(say("card.id_twice", where=where, id=cid))
                seen.add(cid)
            count += c.copies
            if c.kind not in KINDS:
                problems.append(say("card.unknown_kind", where=where, value=repr(c.kind)))
            for colour in c.colours:
                if colour not in COLOURS:
                    problems.append(say("card.unknown_colour", where=where, value=repr(colour)))
            if len(set(c.colours)) != len(c.colours):
                problems.append(say("card.colour_twice", where=where, colours=c.colours))
            for good in c.cost:
                if good not in RESOURCES:
                    problems.append(say("card.cost_good", where=where, good=repr(good)))
            problems += _counts(where, "count.cost", c.cost, 0)
            for good in c.raze or {}:
                if good not in GOODS:
                    problems.append(say("card.raze_good", where=where, good=repr(good)))
            problems += _counts(where, "count.raze", c.raze or {}, 1)
            if not 0 <= c.discard <= 1:
                problems.append(say("card.discard", where=where, n=c.discard))
            if c.vp is not None and not 0 <= c.vp <= MAX_VP:
                problems.append(say("card.vp", where=where, n=c.vp, most=MAX_VP))
            if c.deal is not None and c.deal not in DEALS:
                problems.append(say("card.deal_good", where=where, value=repr(c.deal)))
            if f.faction is None and (c.deal is not None or c.discard):
                problems.append(say("card.common_deal", where=where))
            if f.faction is not None and f.faction != "Japanese" and c.raze is not None:
                problems.append(say("card.razeable", where=where))
            if c.kind != "production" and c.production:
                problems.append(say(_by_kind("card.production_on", c.kind), where=where, kind=c.kind))
            if c.kind != "action" and (c.action or c.stand_in):
                problems.append(say(_by_kind("card.action_on", c.kind), where=where, kind=c.kind))
            if c.kind == "action" and c.action is None and c.stand_in is None and c.provenance != "provisional":
                problems.append(say("card.action_unknown", where=where))
            for cid, over in c.variants.items():
                if cid not in ids:
                    problems.append(say("card.variant_copy", where=where, id=cid))
                if set(over) - {"cost", "raze", "deal"}:
                    problems.append(say("card.variant_changes", where=where, id=cid, fields=sorted(set(over))))
                else:
                    problems += [f"{where}: {p}" for p in _VARIANT.problems(over, f"variants.{cid}")]
            for name_, act in (("action", c.action), ("stand_in", c.stand_in)):
                if act is None:
                    continue
                if act.limit not in (1, 2):
                    problems.append(say(f"{name_}.limit", where=where, limit=act.limit))
                for good in act.pay:
                    if good not in PAYS:
                        problems.append(say(f"{name_}.pays", where=where, good=repr(good)))
                problems += _counts(where, f"count.{name_}_pay", act.pay, 1)
            if c.storage is not None:
                if not 1 <= c.storage.capacity <= MAX_COUNT:
                    problems.append(say("storage.capacity", where=where, n=c.storage.capacity, most=MAX_COUNT))
                if not c.storage.goods:
                    problems.append(say("storage.no_good", where=where, goods=", ".join(STORABLE)))
                for good in c.storage.goods:
                    if good not in STORABLE:
                        problems.append(say("storage.good", where=where, good=repr(good), goods=", ".join(STORABLE)))
                if len(set(c.storage.goods)) != len(c.storage.goods):
                    problems.append(say("storage.twice", where=where))
            problems += _keep_problems(where, c)
            problems += _trade_capture_problems(where, c)
            for t in c.triggers:
                if t.on not in TRIGGERS:
                    problems.append(say("trigger.unknown", where=where, value=repr(t.on)))
                if t.colour is not None and t.colour not in COLOURS:
                    problems.append(say("trigger.colour", where=where, value=repr(t.colour)))
            for s in c.source:
                if s not in f.sources:
                    problems.append(say("card.source", where=where, key=repr(s), file=name))
            if c.provenance not in PROVENANCE:
                problems.append(say("card.provenance", where=where, value=repr(c.provenance)))
            for lang, text in c.translated.items():
                if lang not in NAME_LANGS or not text.strip():
                    problems.append(say("card.translated_lang", where=where, lang=repr(lang), langs=NAME_LANGS))
                elif official_name(c, lang):
                    problems.append(say("card.translated_known", where=where, lang=repr(lang)))
        expected = COMMON_COUNT if f.faction is None else FACTION_COUNT
        if count != expected:
            problems.append(say("deck.count", file=name, count=count, want=expected))
    for faction in FACTIONS:
        if faction.lower() not in data.files:
            problems.append(say("deck.missing", file=f"{faction.lower()}.json"))
    return problems


def _op_lists(c: Card):
    """Every operation list of a card entry, nested options included."""
    lists = [c.production, c.bonus, *(t.do for t in c.triggers)]
    lists += [act.do for act in (c.action, c.stand_in) if act is not None]
    while lists:
        ops = lists.pop()
        for op in ops:
            yield op
            lists += getattr(op, "options", [])


def _keep_problems(where: str, c: Card) -> list[str]:
    """``under`` and ``keeps`` (R152, R155, R134) and the operations that fill them."""
    problems = []
    for field, keep in (("under", c.under), ("keeps", c.keeps)):  # R152, R155
        if keep is None:
            continue
        if keep.capacity is not None and not 1 <= keep.capacity <= MAX_VP:
            problems.append(say(f"{field}.capacity", where=where, n=keep.capacity, most=MAX_VP))
        if not 0 <= keep.vp <= MAX_VP:
            problems.append(say(f"{field}.vp", where=where, n=keep.vp, most=MAX_VP))
        if not 1 <= keep.per <= MAX_COUNT:
            problems.append(say(f"{field}.per", where=where, n=keep.per, most=MAX_COUNT))
        if keep.max is not None and not 1 <= keep.max <= MAX_VP:
            problems.append(say(f"{field}.max", where=where, n=keep.max, most=MAX_VP))
        if field == "under" and keep.goods != list(RESOURCES):
            problems.append(say("under.goods", where=where))
        if field == "keeps":
            if not keep.goods:
                problems.append(say("keeps.no_good", where=where, goods=", ".join(STORABLE)))
            for good in keep.goods:
                if good not in STORABLE:
                    problems.append(say("keeps.good", where=where, good=repr(good), goods=", ".join(STORABLE)))
            if len(set(keep.goods)) != len(keep.goods):
                problems.append(say("keeps.twice", where=where))
    ops = list(_op_lists(c))
    if any(isinstance(op, Tuck) for op in ops) and c.under is None:
        problems.append(say("keeps.tuck", where=where))
    if any(isinstance(op, PutOn) for op in ops) and c.keeps is None:
        problems.append(say("keeps.put_on", where=where))
    if (c.under is not None or c.keeps is not None) and c.storage is not None:
        problems.append(say("keeps.storage", where=where))
    return problems


def _trade_capture_problems(where: str, c: Card) -> list[str]:
    """``trade`` (R73, R156, D6) and ``capture`` (R163, R164, A16, D7) and the operations that use them."""
    problems = []
    t = c.trade
    if t is not None:
        if t.yields == "goods" and not t.goods:
            problems.append(say("trade.goods_needed", where=where))
        if t.yields != "goods" and t.goods:
            problems.append(say("trade.goods_unused", where=where, yields=repr(t.yields)))
        for good in t.goods:
            if good not in TRACK_GAINS:
                problems.append(say("trade.good", where=where, good=repr(good), goods=", ".join(TRACK_GAINS)))
        problems += _counts(where, "count.trade_goods", t.goods, 1)
        if not t.now and not t.each_production:
            problems.append(say("trade.nothing", where=where))
        problems += _kinds_problems(where, "trade", t.kinds)
        if not 0 <= t.vp <= MAX_VP:
            problems.append(say("trade.vp", where=where, n=t.vp, most=MAX_VP))
    k = c.capture
    if k is not None:
        if not 1 <= k.tokens <= MAX_COUNT:
            problems.append(say("capture.tokens", where=where, n=k.tokens, most=MAX_COUNT))
        problems += _kinds_problems(where, "capture", k.kinds)
        if len(set(k.ends)) != len(k.ends):
            problems.append(say("capture.ends_twice", where=where))
    ops = list(_op_lists(c))
    if any(isinstance(op, TradeDeal) for op in ops) and t is None:
        problems.append(say("trade.trade_deal", where=where))
    if any(isinstance(op, CaptureLocation) for op in ops) and k is None:
        problems.append(say("capture.capture", where=where))
    return problems


def _kinds_problems(where: str, field: str, kinds: list[str]) -> list[str]:
    """The location kinds (R17) of ``field`` (trade or capture)."""
    problems = [say(f"{field}.kind", where=where, value=repr(k)) for k in kinds if k not in KINDS]
    if not kinds:
        problems.append(say(f"{field}.no_kinds", where=where, kinds=", ".join(KINDS)))
    if len(set(kinds)) != len(kinds):
        problems.append(say(f"{field}.kind_twice", where=where))
    return problems


def _counts(where: str, key: str, goods: dict[str, int], low: int) -> list[str]:
    """The counts of ``goods`` out of ``low``..MAX_COUNT, worded by the problem ``key``."""
    return [
        say(key, where=where, good=good, n=n, low=low, most=MAX_COUNT)
        for good, n in goods.items()
        if not low <= n <= MAX_COUNT
    ]


def _by_kind(key: str, kind: str) -> str:
    """The problem ``key`` worded for a location of ``kind`` (``card.action_on_feature``), so that
    its translation names the kind as the rules do; ``key`` itself for an unknown kind."""
    return f"{key}_{kind}" if f"{key}_{kind}" in PROBLEMS.english else key


_VARIANT = Obj(
    optional={
        "cost": Map(Choice(*RESOURCES), Int(0, MAX_COUNT)),
        "raze": Map(Choice(*GOODS), Int(1, MAX_COUNT)),
        "deal": Choice(*DEALS),
    },
    name="a variant",
)
