"""Imperium's table for the terminal (``Game.board_panels``): where the round stands, the market
with its tokens and tucked unrest, the decks, every seat's nation, state, tokens and piles side
by side, each seat's power card (and active path card), play area and development area, and the seat's
own hand, history and sunken pile, the hand with each card's text.

Everything is read from the seat's view (``view.view``), never from the state, so a panel names
only what the seat may see; it is worded by the board's words (``locale/ui.<lang>.json``, the
web table's) and the card names, token amounts and card texts of ``words.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine.locale import ui_strings
from epochal.engine.messages import format_message

from .words import UNOFFICIAL, Words, capital, card_name, card_text

if TYPE_CHECKING:
    from .rules import ImperiumRules
    from .state import ImperiumState

TOKENS = ("materials", "population", "progress")
MARKET_DECKS = ("main", "region", "uncivilised", "civilised")


def board_panels(game: ImperiumRules, st: ImperiumState, seat: int, lang: str = "en") -> list[dict]:
    v = game.view(st, seat)
    w = _Words(game, lang)
    names = [w.seat_name(s["seat"], seat) for s in v["seats"]]
    panels = [_status(w, v, names), _market(w, v), _decks(w, v), _seats(w, v, names)]
    panels += [_areas(w, s, names, s["seat"] == seat) for s in v["seats"]]
    hand = v["seats"][seat].get("hand")
    if hand:
        panels.append(_hand(w, hand))
    if w.unofficial:  # a name that is our translation: said once, with where the game stands
        panels[0]["rows"].append([w("panel.unofficial")])
    return panels


class _Words:
    """The board's words in one language (English filling a key it lacks) and the game's own
    templates (token amounts, categories, quoted names)."""

    def __init__(self, game: ImperiumRules, lang: str):
        self.game, self.lang = game, lang
        self.ui = ui_strings(game.name, lang)
        self.words = Words(game, lang)
        self.unofficial = False  # set once a name shown is our translation

    def __call__(self, key: str, **args) -> str:
        return format_message(self.ui[key], args, self.lang)

    def seat_name(self, s: int, me: int) -> str:
        name = self("panel.seat", n=s + 1)
        return self("panel.you", name=name) if s == me else name

    def name(self, card: str) -> str:
        name = card_name(self.game.cards[self.game.index_of[card]], self.lang)
        self.unofficial |= name.endswith(UNOFFICIAL)
        return name

    def quoted(self, card: str) -> str:
        return self.words.t("quoted", name=self.name(card))

    def tokens(self, amounts: dict) -> str:
        return self.words.tokens(amounts)

    def suits(self, card: str) -> str:
        c = self.game.cards[self.game.index_of[card]]
        return self.words.both([self.words.t(f"kind.suit.{s}") for s in c.suits])


def _status(w: _Words, v: dict, names: list[str]) -> dict:
    """The round, whose turn it is, who plays first this round, and the end drawing near."""
    now = [w("round", n=v["round"]), w("turn", name=names[v["turn"]])]
    if v["final_round"]:
        now.append(w("final"))
    elif v["scoring_triggered"]:
        now.append(w("triggered"))
    rows = [[" · ".join(now)], [w("panel.first", name=names[v["first"]])]]
    return {"title": w("title"), "rows": rows, "header": False}


def _market(w: _Words, v: dict) -> dict:
    """A row per market card: its name, categories, the tokens on it (R54, R84) and the unrest
    card tucked under it (R53)."""
    rows = [[w("panel.card"), w("panel.suits"), w("panel.on_it")]]
    for slot in v["market"]:
        card = slot["card"]
        if card is None:
            rows.append([w("panel.empty"), "", ""])
            continue
        on_it = [w.tokens(slot["tokens"])] if slot["tokens"] else []
        if slot["unrest"]:
            on_it.append(w("tucked"))
        rows.append([w.name(card), w.suits(card), "\n".join(on_it)])
    return {"title": w("market"), "rows": rows, "header": True}


def _decks(w: _Words, v: dict) -> dict:
    """The market decks beside the fame deck, the unrest pile, the exile pile and the side of
    «King of Kings» (R46-R51); counts only, their cards are hidden."""
    left = [(w(f"deck.{d}"), str(v["decks"].get(d, 0))) for d in MARKET_DECKS]
    right = [
        (w("fame"), str(v["fame"])),
        (w("unrest_pile"), str(v["unrest_pile"])),
        (w("exile"), str(v["exile"])),
        (w(f"kok.{v['king_of_kings']}"), ""),
    ]
    return {"title": w("decks"), "rows": [[*a, *b] for a, b in zip(left, right, strict=True)], "header": False}


def _seats(w: _Words, v: dict, names: list[str]) -> dict:
    """Every seat side by side: nation, state, tokens in its supply, action and exhaust tokens,
    and how many cards lie in its hand and piles."""
    seats = v["seats"]

    def row(label: str, cell) -> list[str]:
        return [label, *(str(cell(s)) for s in seats)]

    rows = [
        ["", *names],
        row(w("panel.nation"), lambda s: w.ui.get(f"side.{s['nation']}", s["nation"])),
        row(w("panel.state"), lambda s: w(f"state.{s['state']}")),
        *(row(capital(w(f"res.{res}")), lambda s, res=res: s[res]) for res in TOKENS),
        row(capital(w("action_tokens")), lambda s: s["actions"]),
        row(capital(w("exhaust_tokens")), lambda s: s["exhausts"]),
        row(w("panel.hand"), lambda s: s["hand_size"]),
        row(w("panel.deck"), lambda s: s["deck_size"]),
        row(w("panel.discard"), lambda s: len(s["discard"])),
        row(w("panel.history"), lambda s: s["history_size"]),
        row(w("panel.nation_deck"), lambda s: s["nation_deck"]),
    ]
    if any(s["nation"] == "Atlanteans" for s in seats):  # the sunken pile's size is open (R188)
        rows.append(row(w("panel.sunken"), lambda s: s["sunken_size"]))
    if any(s["path"] for s in seats):  # the Utopians' path deck (R33)
        rows.append(row(w("panel.path"), lambda s: s["path_size"]))
    return {"title": w("panel.players"), "rows": rows, "header": True}


def _areas(w: _Words, s: dict, names: list[str], mine: bool) -> dict:
    """One seat's cards face up: its power card, play area (exhausted cards and garrisons
    marked), development area, and to the seat itself its own history."""
    nation = w.ui.get(f"side.{s['nation']}", s["nation"])

    def marked(card: str, exhausted: bool, garrison: list[str] | None = None, tokens: dict | None = None) -> str:
        notes = [w("exhausted")] if exhausted else []
        if garrison:
            notes.append(w("panel.garrisoned", names=", ".join(w.quoted(g) for g in garrison)))
        if tokens:  # tokens lying on the card (Pottery)
            notes.append(w.tokens(tokens))
        return w("panel.noted", card=w.quoted(card), notes="; ".join(notes)) if notes else w.quoted(card)

    rows = []
    if s["power"]:
        rows.append([w("power"), marked(s["power"], s["power_exhausted"])])
    if s["path"]:  # the active path card counts as a second power card (R206)
        path = s["path"]
        rows.append([w("path"), f"{marked(path['card'], path['exhausted'])}, {w('path_side', side=path['side'])}"])
    play = [marked(p["card"], p["exhausted"], p["garrison"], p.get("tokens")) for p in s["play"]]
    rows.append([w("play"), ", ".join(play) or w("panel.none")])
    development = ", ".join(w.quoted(c) for c in s["development"]) or w("panel.none")
    exhausted = [w("exhausted")] if s["development_exhausted"] else []
    rows.append([w("quests" if s.get("quests") else "development"), "\n".join([development, *exhausted])])
    if s.get("quests"):  # King Arthur: the quest under the Court (R198)
        rows.append([w("active_quest"), w.quoted(s["active_quest"]) if s["active_quest"] else w("panel.none")])
    if s["nation_exhausted"]:
        rows.append([w("panel.nation_deck"), w("exhausted")])
    if mine and s.get("history"):
        rows.append([w("history"), ", ".join(w.quoted(c) for c in s["history"])])
    if mine and s.get("sunken"):  # only the owner sees the sunken cards (R188)
        rows.append([w("sunken"), ", ".join(w.quoted(c) for c in s["sunken"])])
    return {"title": f"{names[s['seat']]} · {nation}", "rows": rows, "header": False}


def _hand(w: _Words, hand: list[str]) -> dict:
    """The seat's own hand: each card's name and its text (``words.card_text``); copies of one
    card (the unrest cards) once, with their number."""
    copies: dict[tuple[str, str], int] = {}
    for card in hand:
        face = (w.name(card), "\n".join(card_text(w.game, card, w.lang)))
        copies[face] = copies.get(face, 0) + 1
    rows = [[w("panel.copies", name=name, n=n) if n > 1 else name, text] for (name, text), n in copies.items()]
    return {"title": w("hand"), "rows": rows, "header": False}
