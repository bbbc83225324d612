"""Hadara's table for the terminal (``Game.board_panels``): where the game stands, the decks and
discard piles, the colony stacks, every seat's coins, tracks, colonies, statues, medals and tiles,
the cards each seat owns, and the seat's own drawn and sold cards with their text.

Everything is read from the seat's view (``view.view``), never from the state, so a panel can
name only what the seat may see; and it is worded by the board's words (``locale/ui.<lang>.json``)
and the card names and texts of ``words.py``, the same words the web page shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine.locale import ui_strings
from epochal.engine.messages import format_message

from .cards import COLORS, TRACKS
from .words import ROMAN, card_text, display_name, effect_words, say

if TYPE_CHECKING:
    from .rules import HadaraRules
    from .state import HadaraState


def board_panels(game: HadaraRules, st: HadaraState, seat: int, lang: str = "en") -> list[dict]:
    v = game.view(st, seat)
    w = _Words(game, lang)
    names = [w.seat_name(s, seat) for s in v["seats"]]
    prices = game.medal_prices(st, st.seats[seat]) if st.epoch else None
    panels = [_status(w, v, names, prices), _board(game, w, v, names), _colonies(w, v), _players(game, w, v, names)]
    panels += [_tableau(w, v, s, names) for s in v["seats"] if s["cards"]]
    mine = v["seats"][seat]
    if mine.get("hand"):
        panels.append(_cards_panel(game, w, w("your_hand"), mine["hand"]))
    if mine.get("sold_this_epoch"):
        panels.append(_cards_panel(game, w, w("sold"), mine["sold_this_epoch"]))
    return panels


class _Words:
    """The board's words of one language (English filling a key it lacks), as ICU templates."""

    def __init__(self, game: HadaraRules, lang: str):
        self.game, self.lang = game, lang
        self.ui = {**ui_strings(game.name, "en"), **ui_strings(game.name, lang)}

    def __call__(self, key: str, **args) -> str:
        return format_message(self.ui[key], args, self.lang)

    def track(self, track: str) -> str:
        return self.ui[f"track.{track}"]

    def term(self, track: str) -> str:
        """A track's name inside a sentence (lower case where the language wants it)."""
        return self.ui[f"term.{track}"]

    def seat_name(self, s: dict, me: int) -> str:
        name = self("seat_name", n=s["seat"] + 1, crest=self.ui[f"crest.{s['crest']}"])
        return self("seat_you", name=name) if s["seat"] == me else name

    def card(self, card: str) -> str:
        return display_name(self.game, card, self.lang) or ""


def _status(w: _Words, v: dict, names: list[str], prices: tuple[int, int] | None) -> dict:
    """The epoch and its step, the drawing round, the first player, the seat's medal prices this
    epoch (PE5 may lower them; its cards lie face up)."""
    step = w(f"step.{v['step']}")
    rows = [[w("epoch", n=ROMAN[v["epoch"]]) + " · " + step if v["epoch"] else step]]
    if v["step"] == "A2":
        rows.append([w("round", n=v["round"] + 1)])
    if v["epoch"] and v["first_players"]:
        rows.append([w("first", name=names[v["first_players"][v["epoch"] - 1]])])
    if prices:
        rows.append([w("medal_prices", silver=prices[0], gold=prices[1])])
    return {"title": w("title"), "rows": rows, "header": False}


def _board(game: HadaraRules, w: _Words, v: dict, names: list[str]) -> dict:
    """A row per deck: in a drawing round the seats drawing from it (by crest, as the wheel shows
    them), its count and the discard pile's, and the pile's top card (its name, cost and effect)."""
    drawing: dict[str, list[str]] = {}
    for s in v["seats"]:
        color = v["crest_decks"].get(s["crest"])
        if color:
            crest = w.ui[f"crest.{s['crest']}"]
            drawing.setdefault(color, []).append(w("seat_you", name=crest) if s["seat"] == v["you"] else crest)
    rows = []
    for b in v["board"]:
        deck = w(f"deck.{b['color']}")
        if b["color"] in drawing:
            deck += "\n" + w("drawing", names=", ".join(drawing[b["color"]]))
        counts = w("deck", n=b["deck"]) + "\n" + w("pile", n=b["pile"])
        rows.append([deck, counts, _brief(game, w, b["top"]) if b["top"] else w("empty")])
    return {"title": w("board"), "rows": rows, "header": False}


def _brief(game: HadaraRules, w: _Words, card: str) -> str:
    """A face-up card in brief: its name (which carries its bonuses, VP and effect label), its
    cost and sale value, and a purple card's effect in full."""
    c = game.data.cards[game.index_of[card]]
    lines = [w.card(card), say(game, w.lang, "card.cost", n=c.cost, sale=game.data.sale_value[c.epoch - 1])]
    if c.effect is not None:
        lines.append(effect_words(game, c.effect, w.lang))
    return "\n".join(lines)


def _colonies(w: _Words, v: dict) -> dict:
    """A row per colony stack: its requirement, the tokens left and the front on top (what
    plundering brings, what annexing costs; the back stays unseen until annexed)."""
    rows = []
    for stack in v["colonies"]:
        top = stack["top"]
        row = [w("colony_requirement", n=stack["requirement"]), w("left", n=stack["left"])]
        if top:
            row += [w("colony_plunder", coins=top["plunder"], vp=top["vp"]), w("colony_annex", coins=top["annex_cost"])]
        else:
            row.append(w("empty"))
        rows.append(row)
    return {"title": w("colonies"), "rows": rows, "header": False}


def _players(game: HadaraRules, w: _Words, v: dict, names: list[str]) -> dict:
    """Every seat side by side: coins, start card, the four tracks, cards, colonies, statues,
    medals, unused tiles, and the cards another seat holds (their number only)."""
    seats = v["seats"]
    slots = game.slots

    def start(s: dict) -> str:
        if not s["side"]:
            return ""
        side = w.ui.get(f"side.{s['side']}", s["side"])
        return w("start", n=s["start_card"], side=side) + " · " + w("initiative", n=s["initiative"])

    def colony(c: dict) -> str:
        if c["annexed"]:
            back = [say(game, w.lang, "card.bonus", track=t, n=n) for t, n in c["back"]["bonus"].items() if n]
            back.append(say(game, w.lang, "card.vp", n=c["back"]["vp"]))
            return w("colony_annexed", requirement=c["requirement"], back=", ".join(back))
        return w("colony_front_owned", requirement=c["requirement"], vp=c["vp"])

    def statue(i: int, placed: dict) -> str:
        slot = slots[i]
        face = (
            w("statue_down", n=slot.bonus)
            if placed["face_down"]
            else say(game, w.lang, "card.bonus", track=placed["track"], n=slot.bonus)
        )
        return w("statue_placed", requirement=slot.requirement, vp=slot.vp, face=face)

    def medals(s: dict) -> str:
        parts = [w("silver_medal", track=w.term(t)) for t in s["silver"]]
        if s["gold"]:
            parts.append(w("gold_medals", n=s["gold"]))
        return "\n".join(parts) or "—"

    def tiles(s: dict) -> str:
        return "\n".join(f"{w.term(t)} {n}" for t, n in s["unused_tiles"].items() if n) or "—"

    rows: list[list] = [["", *names]]
    rows.append([_cap(w("coins")), *[s["coins"] for s in seats]])
    if any(s["side"] for s in seats):
        rows.append(["", *[start(s) for s in seats]])
    for t in TRACKS:
        rows.append([w.track(t), *[s["tracks"].get(t, "") for s in seats]])
    rows.append([w("cards"), *[len(s["cards"]) for s in seats]])
    if any(s["hand_size"] for s in seats):
        rows.append(["", *[w("hand", n=s["hand_size"]) if s["hand_size"] else "" for s in seats]])
    rows.append([w("colonies"), *["\n".join(colony(c) for c in s["colonies"]) or "—" for s in seats]])
    rows.append(
        [
            w("statues"),
            *["\n".join(statue(i, p) for i, p in enumerate(s["statues"]) if p) or "—" for s in seats],
        ]
    )
    rows.append([w("medals"), *[medals(s) for s in seats]])
    rows.append([w("tiles"), *[tiles(s) for s in seats]])
    return {"title": w("players"), "rows": rows, "header": True}


def _tableau(w: _Words, v: dict, s: dict, names: list[str]) -> dict:
    """A seat's cards by colour, by name; a card holding a bonus tile says which."""
    by_color: dict[str, list[str]] = {}
    for card in s["cards"]:
        name = w.card(card)
        held = s["held_tiles"].get(card)
        if held:
            name += " + " + w(f"tile.{held}")
        by_color.setdefault(v["cards"][card]["color"], []).append(name)
    rows = [[w(f"deck.{c}"), "\n".join(by_color[c])] for c in COLORS if c in by_color]
    return {"title": w("tableau", name=names[s["seat"]]), "rows": rows, "header": False}


def _cards_panel(game: HadaraRules, w: _Words, title: str, cards: list[str]) -> dict:
    """Cards only the seat sees, each with every line of its text."""
    rows = [[w.card(card), "\n".join(card_text(game, card, w.lang))] for card in cards]
    return {"title": title, "rows": rows, "header": False}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
