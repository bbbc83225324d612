"""Imperial Settlers' table for the terminal (``Game.board_panels``): the round, its phase, the
first player and whose turn it is; every empire side by side (its goods, VP, board, deals,
foundations, hand size and piles); each empire's locations in their three rows (production,
features, actions) with what lies on them; the Lookout's face-up cards or the seat's draft packet;
the seat's own hand with each card's text; in the solo mode the virtual opponent.

Everything is read from the seat's view (``view.view``), never from the state, so a panel names
only what the seat may see. The words are the web board's (``locale/ui.<lang>.json``) and the card
names, texts and goods of ``words.py``; a panel holds no card code and no key of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine.locale import ui_strings
from epochal.engine.messages import format_message

from . import words
from .cards import COLOURS, KINDS, SUPPLY
from .phases import ROUNDS
from .vocab import Gain

if TYPE_CHECKING:
    from .rules import SettlersRules
    from .state import SettlersState


def board_panels(game: SettlersRules, st: SettlersState, seat: int, lang: str = "en") -> list[dict]:
    v = game.view(st, seat)
    w = _Words(game, lang, v)
    names = [w.seat_name(s["seat"], seat) for s in v["seats"]]
    panels = [_status(w, v, names), _empires(w, v, names)]
    panels += [_locations(w, v, s, names) for s in v["seats"]]
    if v.get("solo"):
        panels.append(_solo(w, v["solo"]))
    if v["table"]:
        panels.append(_names_panel(w, w("lookout"), v["table"]))
    mine = v["seats"][seat]
    if mine.get("packet"):
        panels.append(_names_panel(w, w("packet"), mine["packet"]))
    panels.append(_hand(w, mine.get("hand", [])))
    return panels


class _Words:
    """The board's words of one language (English filling a key it lacks), as ICU templates, and
    the card names and goods of ``words.py``."""

    def __init__(self, game: SettlersRules, lang: str, view: dict):
        self.game, self.lang, self.view = game, lang, view
        self.ui = {**ui_strings(game.name, "en"), **ui_strings(game.name, lang)}

    def __call__(self, key: str, **args) -> str:
        return format_message(self.ui[key], args, self.lang)

    def seat_name(self, s: int, me: int) -> str:
        name = self("seat_name", n=s + 1)
        return self("seat_you", name=name) if s == me else name

    def card(self, cid: str) -> str:
        return words.display_name(self.game, cid, self.lang) or self("unknown_card")

    def count(self, good: str, n: int) -> str:
        return words.count(self.game, self.lang, good, n)

    def empire(self, faction: str) -> str:
        return self.ui.get(f"side.{faction}") or self(f"faction.{faction}")


def _phase(phase: str) -> str:
    """The phase a step belongs to, as the board names it."""
    if phase.startswith("lookout"):
        return "lookout"
    if phase.startswith("action") or phase in ("after_action", "next_turn"):
        return "action"
    if phase.startswith("attack"):
        return "attack"
    return phase


def _status(w: _Words, v: dict, names: list[str]) -> dict:
    """The round and its phase (R5, R22), the first player (R28), whose turn it is in the Action
    phase (R50), the common deck and its discard pile."""
    phase = _phase(v["phase"])
    rows = [[w("round", n=v["round"], of=ROUNDS), w(f"phase.{phase}")], [_cap(w("first", name=names[v["first"]]))]]
    if phase == "action" and not v["over"]:
        rows.append([_cap(w("turn", name=names[v["turn"]]))])
    rows.append([_cap(w("common_deck", n=v["common_deck"])), w("common_discard", n=len(v["common_discard"]))])
    return {"title": w("title"), "rows": rows, "header": False}


def _empires(w: _Words, v: dict, names: list[str]) -> dict:
    """Every seat side by side: its empire, VP, the goods in its supply, its board, its deals and
    foundations, how many cards of each deck it holds, its empire deck and discard pile."""
    seats = v["seats"]
    phase = _phase(v["phase"])
    rows: list[list[str]] = [["", *names]]
    rows.append([w("empire"), *[w.empire(s["faction"]) for s in seats]])
    rows.append([w("vp_track"), *[str(s["vp"]) for s in seats]])
    rows.append([w("supply"), *[_supply(w, s) for s in seats]])
    boards = [_board(w, s["faction"]) for s in seats]
    rows.append([w("board_production"), *[produced for produced, _ in boards]])
    rows.append([_cap(w("stored")), *[kept for _, kept in boards]])
    rows.append([w("deals"), *[_deals(w, s) for s in seats]])
    rows.append([w("foundations"), *[_foundations(w, s) for s in seats]])
    rows.append([w("in_hand"), *[w("hand_split", c=s["hand_common"], e=s["hand_empire"]) for s in seats]])
    rows.append([w("empire_deck"), *[str(s["deck"]) for s in seats]])
    rows.append([w("empire_discard"), *[str(len(s["discard"])) for s in seats]])
    if phase == "action" and any(s["passed"] for s in seats):
        rows.append(["", *[w("passed") if s["passed"] else "" for s in seats]])
    return {"title": w("empires"), "rows": rows, "header": True}


def _supply(w: _Words, s: dict) -> str:
    goods = [w.count(g, s["supply"][g]) for g in SUPPLY if s["supply"].get(g)]
    return "\n".join(goods) or w("supply_empty")


def _board(w: _Words, faction: str) -> tuple[str, str]:
    """What the empire's board produces each round (R41), a good a line, and the good it keeps
    through Cleanup (R126)."""
    b = w.game.data.boards.get(faction)
    if b is None:
        return "—", "—"
    gained: dict[str, int] = {}
    for op in b.production:
        if not isinstance(op, Gain):
            return words.ops_text(w.game, b.production, w.lang), words.good_word(w.game, w.lang, b.store)
        for good in words.GAIN_FIELDS:
            gained[good] = gained.get(good, 0) + getattr(op, good)
    produced = "\n".join(w.count(good, n) for good, n in gained.items() if n)
    return produced or "—", words.good_word(w.game, w.lang, b.store)


def _deals(w: _Words, s: dict) -> str:
    """Each deal by name with the good it pays each Production (R69); in the solo mode an
    attack card taken as a deal too."""
    cards = w.view["cards"]
    lines = []
    for cid in s["deals"]:
        good = cards.get(cid, {}).get("deal")
        lines.append(w("deal_of", card=w.card(cid), good=w.count(good, 1)) if good else w.card(cid))
    lines += [w.card(a["id"]) for a in s.get("attack_deals", [])]
    return "\n".join(lines) or w("no_deals")


def _foundations(w: _Words, s: dict) -> str:
    """Foundations made by razing are open (R109); those put down from a hand are face down: the
    seat sees its own, the others only how many."""
    lines = [w.card(cid) for cid in s["foundations"]]
    own = s.get("hidden_foundation_cards")
    if own is not None:
        lines += [w("face_down", name=w.card(cid)) for cid in own]
    elif s["hidden_foundations"]:
        lines.append(w("face_down_count", n=len(s["hidden_foundations"])))
    return "\n".join(lines) or "—"


def _locations(w: _Words, v: dict, s: dict, names: list[str]) -> dict:
    """A seat's locations in the three rows of its empire (R17, R19), each sorted by colour then name,
    with what lies on each: a defence token, a samurai, the uses made this round."""
    cards = v["cards"]
    by_kind: dict[str, list[tuple[int, str, str]]] = {kind: [] for kind in KINDS}
    for loc in s["locations"]:
        c = cards.get(loc["card"], {})
        colours = c.get("colours") or []
        order = COLOURS.index(colours[0]) if colours and colours[0] in COLOURS else len(COLOURS)
        name = w.card(loc["card"])
        by_kind.setdefault(c.get("kind", "feature"), []).append((order, name, _marks(w, name, loc)))
    header = [w(f"row.{kind}") for kind in KINDS]
    column = ["\n".join(text for _, _, text in sorted(by_kind[kind])) or "—" for kind in KINDS]
    title = w("locations_of", name=names[s["seat"]], empire=w.empire(s["faction"]))
    return {"title": title, "rows": [header, column], "header": True}


def _marks(w: _Words, name: str, loc: dict) -> str:
    marks = [w("defended")] if loc["defence"] else []
    if loc["samurai"]:
        marks.append(w("samurai_on"))
    if loc["used"]:
        marks.append(w("used", n=loc["used"]))
    return w("marked", name=name, marks=", ".join(marks)) if marks else name


def _solo(w: _Words, solo: dict) -> dict:
    """The virtual opponent (§19): its attack deck and the attacks left this phase, the targets of
    its revealed attack cards, newest first (its deals, R209), its locations (razing targets,
    R204), its trophies and how your empire locations compare (R219)."""
    attacks = [words.good_word(w.game, w.lang, a["target"]) for a in solo["attack_row"]]
    left = w("attacks_left", n=solo["attacks_left"]) if solo["attacks_left"] else ""
    rows = [
        [_cap(w("attack_deck", n=solo["attack_deck"])), left],
        [w("attack_targets"), ", ".join(attacks) or "—"],
        [w("virtual_locations"), "\n".join(w.card(cid) for cid in solo["virtual_locations"]) or "—"],
        [w("trophies"), ", ".join(w.card(cid) for cid in solo["trophies"]) or "—"],
        ["", w("versus", t=len(solo["trophies"]), e=solo["empire_locations"])],
    ]
    return {"title": w("virtual"), "rows": rows, "header": False}


def _names_panel(w: _Words, title: str, cards: list[str]) -> dict:
    """Face-up cards by name (the actions offered for them carry their text)."""
    return {"title": title, "rows": [[w.card(cid)] for cid in cards], "header": False}


def _hand(w: _Words, hand: list[str]) -> dict:
    """The seat's own hand, each card with every line of its text."""
    rows = [[w.card(cid), "\n".join(words.card_text(w.game, cid, w.lang))] for cid in hand]
    return {"title": w("hand_of", n=len(hand)), "rows": rows or [[w("no_cards")]], "header": False}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
