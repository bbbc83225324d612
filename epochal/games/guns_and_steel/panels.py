"""Guns & Steel's table for the terminal (``Game.board_panels``): where the game stands, the
technology pyramid row by row, the wonders beside it, the development projects (both sets
combined), every seat's zone, the seat's own hand with each card's text, and an attack or a
payment under way.

Everything is read from the seat's view (``view.view``), never from the state, so a panel names
only what the seat may see (A33, R33); it is worded by the board's words (``locale/ui.<lang>.json``)
and the card names, resource counts and card texts of ``words.py``, the words the web page shows.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from epochal.engine.locale import ui_strings
from epochal.engine.messages import format_message

from .cards import EPOCHS, Civ
from .words import card_text, clause_text, display_name, entry_of, resources, technology_line

if TYPE_CHECKING:
    from .rules import GunsRules
    from .state import GunsState


def board_panels(game: GunsRules, st: GunsState, seat: int, lang: str = "en") -> list[dict]:
    v = game.view(st, seat)
    w = _Words(game, lang, v)
    panels = [_status(w, v), _pyramid(w, v), _wonders(w, v)]
    if v["stacks"]:
        panels.append(_stacks(w, v))
    order = [seat] + [s["seat"] for s in v["seats"] if s["seat"] != seat]
    panels += [_seat(w, v, v["seats"][s]) for s in order]
    hand = v["seats"][seat]["hand"]
    if hand:
        rows = [[w.card(key), "\n".join(card_text(game, key, lang))] for key in hand]
        panels.append({"title": w("panel.hand", n=len(hand)), "rows": rows, "header": False})
    if v["attack"]:
        panels.append(_attack(w, v))
    if v["payment"]:
        panels.append(_payment(w, v))
    return panels


class _Words:
    """The board's words of one language (English filling a key it lacks), as ICU templates, and
    the names of the seats, cards and resources of one view."""

    def __init__(self, game: GunsRules, lang: str, view: dict):
        self.game, self.lang, self.view = game, lang, view
        self.ui = {**ui_strings(game.name, "en"), **ui_strings(game.name, lang)}

    def __call__(self, key: str, **args) -> str:
        return format_message(self.ui[key], args, self.lang)

    def cap(self, key: str, **args) -> str:
        text = self(key, **args)
        return text[:1].upper() + text[1:]

    def seat(self, seat: int) -> str:
        colour = self(f"colour.{self.view['seats'][seat]['colour']}")
        return self("panel.seat", n=seat + 1, colour=colour, you="yes" if seat == self.view["you"] else "no")

    def card(self, key: str) -> str:
        return display_name(self.game, key, self.lang) or ""

    def res(self, counts: dict[str, int]) -> str:
        return resources(self.game, counts, self.lang) or self("none")

    def cost(self, key: str, surcharge: int | None) -> str:
        """A card's base cost and the resources of choice its connected cards below add (R76b)."""
        text = self.res(self.view["cards"][key]["cost"])
        return text + " " + self("payment.any", n=surcharge) if surcharge else text

    def facts(self, key: str) -> str:
        """Type, VP, military strength and the response icon, as the card's face shows them."""
        entry = entry_of(self.game, key)
        return technology_line(self.game, entry, self.lang) if isinstance(entry, Civ) else ""


def _status(w: _Words, v: dict) -> dict:
    """The card set, the round, the phase, the first player and the seat to play."""
    phase = "over" if v["over"] else v["phase"]
    rows = [
        [w("option.theme"), w(f"theme.{v['theme']}")],
        [w("panel.round"), v["round"]],
        [w("panel.phase"), w(f"phase.{phase}")],
        [w("panel.first"), w.seat(v["first"])],
    ]
    if phase not in ("setup", "over"):  # before the first turn the later seats decide alone
        rows.append([w("panel.turn"), w.seat(v["turn"])])
    return {"title": w("title"), "rows": rows, "header": False}


def _pyramid(w: _Words, v: dict) -> dict:
    """The rows of the pyramid, the Space epoch on top as it lies, a row per card in its place:
    its name, its cost with the surcharge of the connected cards below, its type, VP and military
    strength; a bought card's slot stays a gap (R20, R76)."""
    rows: list[list] = [[w("panel.epoch"), w("panel.card"), w("panel.cost"), ""]]
    for epoch, row in reversed(list(zip(EPOCHS, v["pyramid"], strict=False))):
        for i, slot in enumerate(row):
            label = w(f"term.{epoch}") if i == 0 else ""
            key = slot["card"]
            if key is None:
                rows.append([label, w("panel.bought"), "", ""])
            else:
                rows.append([label, w.card(key), w.cost(key, slot["surcharge"]), w.facts(key)])
    return {"title": w("pyramid"), "rows": rows, "header": True}


def _wonders(w: _Words, v: dict) -> dict:
    """A row per epoch's wonder: its name and epoch, its condition (the build condition, or in
    Renaissance the glory-token condition and how many tokens build it, R93), its VP, and who
    built it or the glory tokens on it."""
    track = any(s["vp_track"] is not None for s in v["seats"])
    rows: list[list] = [[w("panel.wonder"), w("panel.condition"), w("panel.vp"), w("panel.built")]]
    for entry in v["wonders"]:
        key = entry["wonder"]
        wonder = w.game.wonder_list[w.game.windex[key]]
        condition = clause_text(w.game, wonder.glory if track else wonder.build, w.lang)
        if track:
            condition += "\n" + w("tokens", n=wonder.tokens)
        if entry["taken_by"] is not None:
            built = w("taken_by", name=w.seat(entry["taken_by"]))
        else:
            tokens = [w("panel.tokens", name=w.seat(s), n=n) for s, n in enumerate(entry["glory"]) if n]
            built = "\n".join(tokens) or w("none")
        name = w.card(key) + "\n" + w(f"epoch.{entry['epoch']}")
        rows.append([name, condition[:1].upper() + condition[1:], wonder.vp, built])
    return {"title": w("wonders"), "rows": rows, "header": True}


def _stacks(w: _Words, v: dict) -> dict:
    """Both sets combined: each epoch's development project, its card count and its open top card
    with its cost and surcharge (D13, R113)."""
    rows: list[list] = [[w("panel.epoch"), w("panel.left"), w("panel.top"), w("panel.cost")]]
    for epoch in EPOCHS:
        stack = v["stacks"][epoch]
        count = w("stack", n=stack["count"]) if stack["count"] else w("stack_empty")
        top = stack["top"]
        cost = w.cost(top, stack["surcharge"]) if top else ""
        rows.append([w(f"term.{epoch}"), count, w.card(top) if top else w("none"), cost])
    return {"title": w("stacks"), "rows": rows, "header": True}


def _seat(w: _Words, v: dict, s: dict) -> dict:
    """A seat's zone and counters: military strength, VP card and glory tokens (Renaissance),
    hand size, resource-side cards (their other side named to their owner only), technology-side
    cards by name, this turn's temporary resources, wonders, score so far."""
    mine = s["seat"] == v["you"]
    rows: list[list] = [[w.cap("military"), s["military"]]]
    if s["vp_track"] is not None:
        rows.append([w("vp_track"), s["vp_track"]])
        rows.append([w.cap("glory_left"), s["glory_left"]])
    rows.append([w("panel.hand_size"), s["hand_count"]])
    res = [z for z in s["zone"] if z["side"] == "resource"]
    if mine:
        lines = [w("panel.own_resource", res=w(f"res.{z['resource']}"), name=w.card(z["card"])) for z in res]
        shown = "\n".join(lines) or w("none")
    else:
        shown = w.res(Counter(z["resource"] for z in res))
    rows.append([w("panel.resources", n=len(res)), shown])
    techs = [w.card(z["card"]) for z in s["zone"] if z["side"] == "technology"]
    rows.append([w("panel.technologies", n=len(techs)), "\n".join(techs) or w("none")])
    if s["temp"]:
        rows.append([w("temp"), w.res(s["temp"])])
    if s["wonders"]:
        won = [w("panel.wonder_vp", name=w.card(x), n=v["wonder_cards"][x]["vp"]) for x in s["wonders"]]
        rows.append([w("won"), "\n".join(won)])
    rows.append([w.cap("score"), s["score"]])
    title = w.seat(s["seat"])
    if s["seat"] == v["first"]:
        title += " · " + w("panel.first_mark")
    return {"title": title, "rows": rows, "header": False}


def _attack(w: _Words, v: dict) -> dict:
    """The attack under way: the attacker, the card and its strength, and each opponent's military
    strength and whether it has answered, is answering or is defeated (R60-R66)."""
    a = v["attack"]
    rows: list[list] = []
    for s in v["seats"]:
        q = s["seat"]
        if q == a["attacker"]:
            continue
        state = (
            "defeated"
            if q in a["defeated"]
            else "answering"
            if q == a["waiting"]
            else "answered"
            if q in a["responded"]
            else "waiting"
        )
        rows.append([w.seat(q), w("military_n", n=s["military"]), w(f"panel.attack.{state}")])
    title = w("attack", attacker=w.seat(a["attacker"]), card=w.card(a["card"]), n=a["strength"])
    return {"title": title, "rows": rows, "header": False}


def _payment(w: _Words, v: dict) -> dict:
    """A payment being chosen unit by unit: for what, the cost with the resources of choice on
    top, and what is paid so far (R76-R81)."""
    p = v["payment"]
    what = w.card(p["for"]) if p["for"] else w("payment.effect")
    purpose = f"payment.{p['purpose']}" if f"payment.{p['purpose']}" in w.ui else "payment"
    parts = [resources(w.game, p["cost"], w.lang), w("payment.any", n=p["any"]) if p["any"] else ""]
    cost = " ".join(x for x in parts if x) or w("none")
    paid = resources(w.game, dict(Counter(p["paid"])), w.lang) or w("payment.nothing")
    rows = [[w("panel.to_pay"), cost], [w.cap("payment.paid"), paid]]
    if p["seat"] != v["you"]:
        rows.insert(0, [w("panel.payer"), w.seat(p["seat"])])
    return {"title": w(purpose, what=what), "rows": rows, "header": False}
