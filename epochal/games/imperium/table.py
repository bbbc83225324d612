"""Imperium at the web table (``Game.table_ui``): what each legal action acts on
(``Game.describe_action``, worded by the locale's ``action.<verb>`` templates), so the page
(``web/board.js``) can put it on that card or button.

Only the seat's own legal actions are described; they name cards the seat holds, cards face up
on the table, or the cards a decision shows it (the fame cards it looks at). A choice an effect
asks carries the form of its purpose (``prompts.FORMS``), so each answer reads as what it does
("Discard Advance", "Take the top card of the region deck"); a choose's option and a may's offer
carry an effect reference (``words.ref``) that the reader's language words.
"""

from __future__ import annotations

from . import actions as A
from . import prompts
from .cards import MARKET_SUITS, RESOURCES

# A nation's resource tokens, in the order the page shows them.
CONSTANTS = {"resources": list(RESOURCES)}


def constants(game) -> dict:
    """``Game.table_constants``: besides the resources, each card's colour (its first category,
    or its power) and, where its Russian name is our translation, its English name (the board's
    hover for the unofficial mark). The same for every language and every seat."""
    cards = {}
    for c in game.cards:
        entry = {"suit": "power" if c.power else (c.suits[0] if c.suits else "none")}
        if not c.name_ru:
            entry["en"] = c.name
        cards[c.id] = entry
    return {**CONSTANTS, "cards": cards}


def ui(game, st, seat: int | None) -> dict:
    frame = st.stack[-1] if st.stack else None
    if seat is None or frame is None or seat not in frame.seats:
        return {}
    return {"actions": {str(a): describe(game, st, seat, a) for a in game.legal(st, seat)}}


def describe(game, st, seat: int, a: int) -> dict:
    """``Game.describe_action``: the seat's legal action ``a`` with the rule that allows it."""
    d = st.stack[-1] if st.stack else None
    kind, k = game.action_space.kind(a)
    rule = d.args.get("rule") if d is not None else None
    form = prompts.form(d) if d is not None else ""
    if kind in A.CARD_BLOCKS:
        where = "market" if any(s.card == k for s in st.market) else "table"
        out = {"verb": kind, "card": game.cards[k].id, "where": where}
        if kind == "card":
            out["rule"] = rule or "R150"
            if form in prompts.KINDS["card"]:
                out["form"] = form
            return out
        return {**out, "rule": "R71" if kind == "play" else "R78"}
    if a == A.ACTIVATE:
        return {"verb": "activate", "rule": "R69"}
    if a == A.INNOVATE:
        return {"verb": "innovate", "rule": "R82"}
    if A.REVOLT <= a < A.END:
        return {"verb": "revolt", "n": a - A.REVOLT, "rule": "R83"}
    if a == A.END:
        if d is None or d.kind == "activate":
            return {"verb": "end", "rule": "R69"}
        out = {"verb": "decline", "rule": rule}
        if form in prompts.KINDS.get(d.kind, ()):
            out["form"] = form
        return out
    if a in (A.YES, A.NO):
        out = {"verb": "yes" if a == A.YES else "no", "rule": rule}
        described = prompts.describe_decision(game, st, seat) or {}
        if described.get("form"):
            out["form"] = described["form"]
        for part in ("text", "tokens", "target", "card"):
            if part in described:
                out[part] = described[part]
        return out
    if A.OPTION <= a < A.SUIT:
        n = a - A.OPTION
        out = {"verb": "option", "n": n, "number": n + 1, "rule": rule}
        text = prompts.option_ref(game, st, d, n) if d is not None else None
        if text:
            out.update(text=text, form="text")
        elif form == "marvellous":
            out["form"] = form
        elif form == "steal_from":  # the option's number is the seat's (R170, G29)
            out.update(form=form, target=n)
        return out
    if A.SUIT <= a < A.BT_DECK:
        suit = MARKET_SUITS[a - A.SUIT]
        out = {"verb": "suit", "suit": suit, "category": suit, "rule": rule or "R134"}
        if form in prompts.KINDS["suit"]:
            out["form"] = form
        return out
    declared = d.args.get("suit", "") if d is not None else ""
    verb = "bt_deck" if a == A.BT_DECK else "bt_main"
    return {"verb": verb, "category": declared, "deck_name": declared, "found": declared, "rule": "R135"}
