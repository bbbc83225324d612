"""Imperium at the web table (``Game.table_ui``): what each legal action acts on
(``Game.describe_action``, worded by the locale's ``action.<verb>`` templates), so the page
(``web/board.js``) can put it on that card or button.

Only the seat's own legal actions are described; they name cards the seat holds, cards face up
on the table, or the cards a decision shows it (the fame cards it looks at).
"""

from __future__ import annotations

from . import actions as A
from .cards import MARKET_SUITS, RESOURCES

# A nation's resource tokens, in the order the page shows them.
CONSTANTS = {"resources": list(RESOURCES)}


def ui(game, st, seat: int | None) -> dict:
    frame = st.stack[-1] if st.stack else None
    if seat is None or frame is None or seat not in frame.seats:
        return {}  # the decision's words are the view's, worded for this seat
    return {
        "actions": {str(a): describe(game, st, seat, a) for a in game.legal(st, seat)},
        "purpose": game.purpose(frame),
        "texts": frame.args.get("texts"),
    }


def describe(game, st, seat: int, a: int) -> dict:
    """``Game.describe_action``: the seat's legal action ``a`` with the rule that allows it. A
    choice an effect asks carries its purpose (named to the seat, which is the one deciding) and
    the rule the effect gave it."""
    frame = st.stack[-1] if st.stack else None
    kind, k = game.action_space.kind(a)
    rule = frame.args.get("rule") if frame is not None else None
    purpose = game.purpose(frame) if frame is not None else ""
    if kind in A.CARD_BLOCKS:
        where = "market" if any(s.card == k for s in st.market) else "table"
        out = {"verb": kind, "card": game.cards[k].id, "where": where}
        if kind == "card":
            return {**out, "purpose": purpose, "rule": rule or "R150"}
        return {**out, "rule": "R71" if kind == "play" else "R78"}
    if a == A.ACTIVATE:
        return {"verb": "activate", "rule": "R69"}
    if a == A.INNOVATE:
        return {"verb": "innovate", "rule": "R82"}
    if A.REVOLT <= a < A.END:
        return {"verb": "revolt", "n": a - A.REVOLT, "rule": "R83"}
    if a == A.END:
        if frame is None or frame.kind == "activate":
            return {"verb": "end", "rule": "R69"}
        return {"verb": "decline", "purpose": purpose, "rule": rule}
    if a in (A.YES, A.NO):
        out = {"verb": "yes" if a == A.YES else "no", "purpose": purpose, "rule": rule}
        text = frame.args.get("text") if frame is not None else None
        if text and a == A.YES:
            out.update(text=text, form="text")  # what the effect offered would do
        return out
    if A.OPTION <= a < A.SUIT:
        n = a - A.OPTION
        texts = (frame.args.get("texts") if frame is not None else None) or []
        out = {"verb": "option", "n": n, "number": n + 1, "rule": rule}
        if n < len(texts):
            out.update(text=texts[n], form="text")
        return out
    if A.SUIT <= a < A.BT_DECK:
        return {"verb": "suit", "suit": MARKET_SUITS[a - A.SUIT], "purpose": purpose, "rule": rule or "R134"}
    return {"verb": "bt_deck" if a == A.BT_DECK else "bt_main", "rule": "R135"}
