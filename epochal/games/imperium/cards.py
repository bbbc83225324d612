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

from epochal import datafile
from epochal.datafile import AnyObject, Bool, Choice, Either, Int, Lazy, List, Map, Obj, Rule, Tagged, Text

DATA_DIR = Path(__file__).parent / "data"
SUITS = ("region", "uncivilised", "civilised", "tributary", "fame", "unrest")
MARKET_SUITS = ("region", "uncivilised", "civilised", "tributary")
RESOURCES = ("materials", "population", "progress")
TYPES = ("city", "metropolis", "scroll", "mask", "knight")
REGION_TYPES = ("production", "fertile", "river")
LOCATIONS = ("in-play", "nation", "accession", "development", "supply", "deck")
NATIONS = ("Carthaginians", "Celts", "Greeks", "Macedonians", "Persians", "Romans", "Scythians", "Vikings")
TRIGGERS = ("play", "exhaust", "solstice")
GROUPS = ("market", "fame", "unrest", "king_of_kings")
COMMON_GROUPS = {"market": 62, "fame": 8, "unrest": 12, "king_of_kings": 1}  # R9, R10
MIN_NATIONS = 4  # a 4-player game deals four different nations (R29)
MAX_COUNT = 20  # tokens, cards and counts in an operation or a cost
MAX_VP = 20  # a card's fixed VP, and the VP of one line, either sign
MAX_OPS = 30  # operations in one list; options in a choose: 8 (actions.py)

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
    id: str  # the printed number
    name: str  # English
    name_ru: str | None = None  # Russian, where a source states it
    deck: str = "common"  # "common" or the nation
    group: str | None = None  # common deck: market, fame, unrest, king_of_kings
    suits: list[str] = []  # banner first; dual uncivilised+civilised
    state: Literal["barbarian", "empire"] | None = None
    pinned: bool = False
    attack: bool = False
    power: bool = False
    types: list[str] = []  # city, metropolis, scroll, mask, knight
    regions: list[str] = []  # production, fertile, river (with repeats)
    vp: Any = None  # int | {"per": ..} | {"if": ..}; None = no VP
    players: int | None = None  # 3 = 3+ players, 4 = 4 players only
    location: str | None = None  # nation cards: where setup puts them
    cost: dict[str, int] = {}  # development cost
    free: bool = False  # "free play": no action token (R74)
    unplayable: bool = False
    no_garrison: bool = False
    play: list[dict] = []
    exhaust: list[dict] = []
    solstice: list[dict] = []
    passive: list[dict] = []
    side_b: Face | None = None  # the other face of a power card / King of Kings
    provenance: Provenance = "exact"
    source: str = ""


class DataError(datafile.DataError):
    """A data file that cannot be used; names the file, the card and the field."""


# op name -> allowed keys (besides "op"); the loader rejects anything else
OPS: dict[str, set[str]] = {
    "gain": {*RESOURCES, "action", "via"},
    "gain_per": {"res", "n", "count"},
    "pay": {*RESOURCES, "action"},
    "steal": {"res", "n", "else_unrest", "state", "in_play"},
    "return_exhaust": set(),
    "draw": {"n", "if_able", "per"},
    "discard": {"n", "may", "from"},
    "history": {"from", "may", "filter"},
    "top_of_deck": {"from", "may", "n"},
    "retrieve": {"filter", "n", "may", "to", "from"},
    "garrison": {"may", "filter"},
    "recall": {"filter", "may", "count_var"},
    "abandon": {"filter", "n", "may", "count_var", "self"},
    "take_unrest": {"n"},
    "return_unrest": {"from", "n", "up_to", "may"},
    "exile_market": {"may", "n"},
    "acquire": {"suits", "may", "filter", "n", "exile", "then_play", "token"},
    "break_through": {"suits", "may", "filter"},
    "develop": {"free", "may"},
    "look_fame": {"n", "take"},
    "nation_top_to_discard": set(),
    "nation_look": {"then"},
    "find": {"filter"},
    "exile_self": set(),
    "give_card": {"from"},
    "choose": {"options"},
    "may": {"do"},
    "if": {"cond", "do", "else"},
    "each_other": {"do", "safe"},
    "all_players": {"do", "safe"},
    "when": {"event", "do", "filter"},
    "hook": {"name", "args"},
    "end_trigger": {"why"},
    "require": {"in_play", "in_history"},
    "play_card": {"from", "filter", "free", "may"},
    "market_add": set(RESOURCES),
    "swap_exile": {"may"},
}
PASSIVES = {"hand_size", "attack_toll", "recall_to_avoid_attack", "hook", "args"}


def check_ops(ops: list, passive: bool = False, where: str = "") -> list[str]:
    """Problems in an op list (unknown ops or keys), for the loader."""
    problems = []
    for i, op in enumerate(ops):
        here = f"{where}[{i}]"
        if not isinstance(op, dict):
            problems.append(f"{here}: an operation is an object, not {op!r}")
            continue
        if passive:
            unknown = set(op) - PASSIVES
            if unknown:
                problems.append(f"{here}: unknown passive keys {sorted(unknown)}")
            if isinstance(op.get("args"), dict) and "do" in op["args"]:  # a passive that acts
                problems += check_ops(op["args"]["do"], where=f"{here}.args.do")
            continue
        name = op.get("op")
        if name not in OPS:
            problems.append(f"{here}: unknown operation {name!r}")
            continue
        if name == "hook":
            from .hooks import HOOKS

            if op.get("name") not in HOOKS:
                problems.append(f"{here}: no hook named {op.get('name')!r}")
        unknown = set(op) - OPS[name] - {"op"}
        if unknown:
            problems.append(f"{here}: {name} has no keys {sorted(unknown)}")
        for key in ("do", "else"):
            if key in op:
                problems += check_ops(op[key], where=f"{here}.{key}")
        if name == "choose":
            for k, option in enumerate(op.get("options", [])):
                problems += check_ops(option, where=f"{here}.options[{k}]")
    return problems


_DECODER = msgspec.json.Decoder(list[Card])


def load_file(path: Path) -> list[Card]:
    raw = datafile.read_bytes(path, DataError)
    try:
        cards = _DECODER.decode(raw)
    except msgspec.ValidationError as exc:
        raise DataError(f"{path}: {datafile.located(str(exc), raw)}") from None
    except msgspec.DecodeError as exc:
        raise DataError(f"{path}: not valid JSON: {exc}") from None
    if not cards:
        raise DataError(f"{path}: no cards; a deck file lists its cards")
    return cards


def load(directory: Path | None = None) -> list[Card]:
    """Every card: the common deck, then each nation, validated."""
    directory = Path(directory or DATA_DIR)
    if not directory.is_dir():
        raise DataError(f"{directory}: not a directory of Imperium data files")
    cards = load_file(directory / "common.json")
    files = {"common": "common.json"}
    origin = ["common.json"] * len(cards)
    for nation in NATIONS:
        path = directory / f"{nation.lower()}.json"
        if path.exists():
            nation_cards = load_file(path)
            cards += nation_cards
            origin += [path.name] * len(nation_cards)
            files[nation] = path.name
    problems = validate(cards, files, origin)
    if problems:
        raise DataError(f"{directory}: " + "; ".join(problems[:20]))
    return cards


def validate(cards: list[Card], files: dict[str, str] | None = None, origin: list[str] | None = None) -> list[str]:
    """Every problem of a card list: each field's type and range, the operations deeply
    (required keys, value types, known names), and what setup needs of each deck. ``files``
    maps a deck to its file name, ``origin`` gives each card's file (for the messages)."""
    problems = []
    seen = set()
    for i, card in enumerate(cards):
        where = f"card {card.id}"
        if origin:
            where = f"{origin[i]}: {where}"
        if card.id in seen:
            problems.append(f"{where}: duplicate id")
        seen.add(card.id)
        found = _card_problems(card)
        problems += [f"{where}: {p}" for p in found]
        if found:
            continue  # check_ops expects the shapes the schema checks
        faces = [("", card)] + ([("side_b.", card.side_b)] if card.side_b else [])
        for prefix, face in faces:
            for trigger in (*TRIGGERS, "passive"):
                for problem in check_ops(getattr(face, trigger), passive=trigger == "passive"):
                    problems.append(f"{where}: {prefix}{trigger}: {problem}")
    problems += _deck_problems(cards, files or {})
    return problems


def _card_problems(card: Card) -> list[str]:
    s = _schemas()
    problems = []
    checks = [
        ("id", card.id, Text(40)),
        ("deck", card.deck, Choice("common", *NATIONS)),
        ("suits", card.suits, List(Choice(*SUITS), 0, 2, unique=True)),
        ("types", card.types, List(Choice(*TYPES), 0, 4, unique=True)),
        ("regions", card.regions, List(Choice(*REGION_TYPES), 0, 6)),
        ("cost", card.cost, Map(Choice(*RESOURCES), Int(0, MAX_COUNT))),
        ("players", card.players, Either(Choice(None), Int(2, 4), what="2, 3 or 4 (or absent)")),
    ]
    for name, value, schema in checks:
        problems += schema.problems(value, name)
    if len(card.suits) == 2 and card.suits != ["uncivilised", "civilised"]:
        problems.append(f"suits: {card.suits}; only a dual card has two, uncivilised then civilised (R22)")
    if card.deck == "common":
        if card.group not in GROUPS:
            problems.append(f"group: {card.group!r} is not one of {', '.join(GROUPS)} (a common card's group)")
        elif not _group_suits_fit(card.group, card.suits):
            problems.append(
                f"suits: {card.suits} do not fit group {card.group!r} (a market card "
                f"is region, uncivilised, civilised, tributary or dual; fame and "
                f"King of Kings are fame; unrest is unrest)"
            )
        if card.location is not None:
            problems.append(f"location: {card.location!r}; only nation cards have one")
    else:
        if card.group is not None:
            problems.append(f"group: {card.group!r}; only common cards have one")
        if card.location not in (*LOCATIONS, None):
            problems.append(f"location: {card.location!r} is not one of {', '.join(LOCATIONS)}")
        if card.power != (card.location == "in-play"):
            problems.append("power: the power card, and only it, starts in play (location 'in-play', power true; R30)")
        if card.location == "supply" and "unrest" not in card.suits:
            problems.append("suits: a supply card goes to the unrest pile, so it is an unrest (R38)")
    if card.side_b is not None and not card.power and card.group != "king_of_kings":
        problems.append("side_b: only a power card or King of Kings has a second face")
    faces = [("", card)] + ([("side_b.", card.side_b)] if card.side_b else [])
    for prefix, face in faces:
        problems += s["vp"].problems(face.vp, prefix + "vp") if face.vp is not None else []
        for trigger in TRIGGERS:
            problems += s["ops"].problems(getattr(face, trigger), prefix + trigger)
        problems += s["passives"].problems(face.passive, prefix + "passive")
        exhaust = face.exhaust
        for i, op in enumerate(exhaust[1:], 1):
            if isinstance(op, dict) and op.get("op") == "when":
                problems.append(
                    f"{prefix}exhaust[{i}]: a reactive exhaust ('when') is the "
                    f"whole exhaust effect, its first and only operation"
                )
        for trigger in ("play", "solstice"):
            for i, op in enumerate(getattr(face, trigger)):
                if isinstance(op, dict) and op.get("op") == "when":
                    problems.append(f"{prefix}{trigger}[{i}]: 'when' is a reactive exhaust; it belongs in exhaust")
    return problems


def _group_suits_fit(group: str, suits: list[str]) -> bool:
    if group == "market":
        return suits in ([s] for s in MARKET_SUITS) or suits == ["uncivilised", "civilised"]
    if group in ("fame", "king_of_kings"):
        return suits == ["fame"]
    return suits == ["unrest"]


def _deck_problems(cards: list[Card], files: dict[str, str]) -> list[str]:
    """What setup needs of the decks: the common deck's groups (R9, R10), a power card and an
    accession card per nation (R30, R34), and enough nations for four players."""
    problems = []
    common_file = files.get("common", "common.json")
    counts: dict = {}
    for c in cards:
        if c.deck == "common":
            counts[c.group] = counts.get(c.group, 0) + 1
    if counts != COMMON_GROUPS:
        problems.append(f"{common_file}: common deck groups {counts} differ from {COMMON_GROUPS} (R9, R10)")
    nations = [n for n in NATIONS if any(c.deck == n for c in cards)]
    for nation in nations:
        name = files.get(nation, f"{nation.lower()}.json")
        mine = [c for c in cards if c.deck == nation]
        for location, rule in (("in-play", "R30"), ("accession", "R34")):
            n = sum(c.location == location for c in mine)
            if n != 1:
                problems.append(f"{name}: {n} cards with location {location!r}; a nation has exactly one ({rule})")
    for nation, name in files.items():
        if nation != "common" and nation not in nations:
            problems.append(f"{name}: holds no card of deck {nation!r}")
    if len(nations) < MIN_NATIONS:
        problems.append(
            f"{len(nations)} nations have cards ({', '.join(nations) or 'none'}); "
            f"a 4-player game needs {MIN_NATIONS} (R29)"
        )
    return problems


# --- the effect vocabulary, deeply: every key's type and range ------------------------------------

_SCHEMAS: dict = {}


def _schemas() -> dict:
    """The schemas of VP, operation lists and passives (built once; the hook names come from
    the rules, so they are read when first needed)."""
    if _SCHEMAS:
        return _SCHEMAS
    from .hooks import HOOKS

    n = Int(0, MAX_COUNT)
    may = Bool()
    res = Choice(*RESOURCES)
    tokens = Map(Choice(*RESOURCES), n)
    suit = Choice(*SUITS)
    region = Choice(*REGION_TYPES)
    text = Text(200)
    filt = Obj(
        optional={
            "suit": Either(suit, List(suit, 1, 6, unique=True)),
            "not_suit": suit,
            "type": List(Choice(*TYPES), 1, 5, unique=True),
            "region_type": Either(region, List(region, 1, 3, unique=True)),
            "pinned": Bool(),
            "id": List(Text(40), 1, 50),
            "name": text,
            "state": Choice("barbarian", "empire"),
            "variable_vp": Bool(),
            "attack": Bool(),
        },
        name="a filter",
    )
    zones = Choice("all", "hand", "deck", "discard", "history", "play")
    count = Either(
        Obj({"var": text}, name="a count"),
        Obj({"resource": res}, name="a count"),
        Obj({"in_play": filt}, name="a count"),
        Obj({"zone": zones}, {"filter": filt}, name="a count"),
        Obj({"unrest_others": Choice(True)}, name="a count"),
        what="a count: {var}, {resource}, {in_play}, {zone[, filter]} or {unrest_others: true}",
    )
    ops = Lazy(lambda: _SCHEMAS["ops"])
    cond = Either(
        Obj({"state": Choice("barbarian", "empire")}, name="a condition"),
        Obj({"in_play": filt}, name="a condition"),
        Obj({"var": text}, {"min": n}, name="a condition"),
        Obj({"has": tokens}, name="a condition"),
        what="a condition: {state}, {in_play}, {var[, min]} or {has}",
    )
    op_hooks = tuple(sorted(HOOKS.table))
    shapes = {
        "gain": Obj(optional={**{r: n for r in RESOURCES}, "action": n, "via": Choice("river")}, name="gain"),
        "gain_per": Obj({"res": res, "count": count}, {"n": n}, name="gain_per"),
        "pay": Obj(optional={**{r: n for r in RESOURCES}, "action": n}, name="pay"),
        "steal": Obj(
            {"res": res},
            {"n": n, "else_unrest": may, "state": Choice("barbarian", "empire"), "in_play": filt},
            name="steal",
        ),
        "return_exhaust": Obj(name="return_exhaust"),
        "draw": Obj(optional={"n": n, "if_able": may, "per": count}, name="draw"),
        "discard": Obj(optional={"n": n, "may": may, "from": Choice("hand", "drawn")}, name="discard"),
        "history": Obj(
            optional={"from": Choice("self", "hand", "discard", "hand_or_discard", "play"), "may": may, "filter": filt},
            name="history",
        ),
        "top_of_deck": Obj(optional={"from": Choice("hand", "discard"), "may": may, "n": n}, name="top_of_deck"),
        "retrieve": Obj(
            optional={
                "filter": filt,
                "n": n,
                "may": may,
                "to": Choice("hand", "deck"),
                "from": Choice("discard", "history"),
            },
            name="retrieve",
        ),
        "garrison": Obj(optional={"may": may, "filter": filt}, name="garrison"),
        "recall": Obj(optional={"filter": filt, "may": may, "count_var": text}, name="recall"),
        "abandon": Obj(optional={"filter": filt, "n": n, "may": may, "count_var": text, "self": may}, name="abandon"),
        "take_unrest": Obj(optional={"n": n}, name="take_unrest"),
        "return_unrest": Obj(
            optional={
                "from": Either(
                    List(Choice("self"), 1, 1),
                    List(Choice("hand", "discard"), 1, 2, unique=True),
                    what='["self"], or a list of "hand" and "discard"',
                ),
                "n": n,
                "up_to": may,
                "may": may,
            },
            name="return_unrest",
        ),
        "exile_market": Obj(optional={"may": may, "n": n}, name="exile_market"),
        "acquire": Obj(
            {"suits": List(Choice(*MARKET_SUITS), 0, 4, unique=True)},
            {"may": may, "filter": filt, "n": n, "exile": may, "then_play": may, "token": res},
            name="acquire",
        ),
        "break_through": Obj(
            {"suits": List(Choice(*MARKET_SUITS), 1, 4, unique=True)},
            {"may": may, "filter": filt},
            name="break_through",
        ),
        "develop": Obj(optional={"free": may, "may": may}, name="develop"),
        "look_fame": Obj(optional={"n": Int(1, 8), "take": Int(0, 1)}, name="look_fame"),
        "nation_top_to_discard": Obj(name="nation_top_to_discard"),
        "nation_look": Obj(optional={"then": Choice("bottom", "shuffle")}, name="nation_look"),
        "find": Obj(optional={"filter": filt}, name="find"),
        "exile_self": Obj(name="exile_self"),
        "give_card": Obj(optional={"from": Choice("hand", "discard", "hand_or_discard")}, name="give_card"),
        "choose": Obj({"options": List(ops, 1, 8)}, name="choose"),
        "may": Obj({"do": ops}, name="may"),
        "if": Obj({"cond": cond, "do": ops}, {"else": ops}, name="if"),
        "each_other": Obj({"do": ops}, {"safe": may}, name="each_other"),
        "all_players": Obj({"do": ops}, {"safe": may}, name="all_players"),
        "when": Obj(
            {
                "event": Choice(
                    "return_unrest", "materials_from_river", "play", "take_card", "market_materials", "attacked"
                ),
                "do": ops,
            },
            {"filter": filt},
            name="when",
        ),
        "hook": Obj({"name": Choice(*op_hooks)}, {"args": Obj(name="a hook's args")}, name="hook"),
        "end_trigger": Obj(optional={"why": text}, name="end_trigger"),
        "require": Obj(optional={"in_play": Either(filt, List(filt, 1, 5)), "in_history": filt}, name="require"),
        "play_card": Obj(
            optional={"from": Choice("discard", "hand"), "filter": filt, "free": may, "may": may}, name="play_card"
        ),
        "market_add": Obj(optional={r: n for r in RESOURCES}, name="market_add"),
        "swap_exile": Obj(optional={"may": may}, name="swap_exile"),
    }
    missing = set(OPS) ^ set(shapes)
    assert not missing, f"operations without a schema (or gone): {sorted(missing)}"
    _SCHEMAS["ops"] = List(Tagged("op", shapes), 0, MAX_OPS)
    gain = Map(Choice(*RESOURCES), n)
    hook_args = {
        "fame_look_extra": {"n": Int(0, 8), "progress": n},
        "drop_barbarian": {"filter": filt},
        "play_empire": {"filter": filt},
        "market_token": {r: n for r in RESOURCES},
        "exhaust_tokens": {"n": Int(0, 10)},
        "deck_out_unrest": {},
        "return_unrest_at_end": {"n": n},
        "play_from_discard_gain": {"filter": filt, "gain": gain},
        "cost_discount": {"filter": filt, "materials": n, "cards": n, "min": n},
        "no_history": {},
        "on_take_unrest": {"do": ops},
        "on_play_gain": {"filter": filt, "gain": gain},
        "acquire_exiled": {"filter": filt, "gain": gain},
    }

    def passive_hook(value, where):
        name = value.get("hook")
        if name is None:
            return [] if "args" not in value else [f"{where}.args: only a hook has args"]
        args = Obj(optional=hook_args[name], name=f"the args of hook {name}")
        return args.problems(value.get("args", {}), f"{where}.args")

    passive = Rule(
        Obj(
            optional={
                "hand_size": Int(-5, 10),
                "attack_toll": tokens,
                "recall_to_avoid_attack": Bool(),
                "hook": Choice(*hook_args),
                "args": AnyObject(),
            },
            name="a passive",
        ),
        passive_hook,
    )
    assert set(PASSIVES) == {"hand_size", "attack_toll", "recall_to_avoid_attack", "hook", "args"}
    _SCHEMAS["passives"] = List(passive, 0, MAX_OPS)
    vp_int = Int(-MAX_VP, MAX_VP)
    per = Either(count, Obj({"garrison": Choice("self")}, name="a count"), what=count.what)
    vp = Either(
        vp_int,
        Obj({"fixed": vp_int}, name="a VP"),
        Obj(
            {"if": Obj({"in": Choice("history", "play")}, name="a VP condition"), "vp": vp_int},
            {"else": vp_int},
            name="a VP",
        ),
        Obj({"per": per}, {"vp": vp_int, "every": Int(1, 50)}, name="a VP"),
        Obj({"sum": List(Lazy(lambda: _SCHEMAS["vp"]), 1, 5)}, name="a VP"),
        what="VP: an integer, {if, vp, else}, {per, vp, every}, {sum} or {fixed}",
    )
    _SCHEMAS["vp"] = vp
    return _SCHEMAS
