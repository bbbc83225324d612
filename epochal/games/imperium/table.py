"""Imperium at the web table (``Game.table_ui``): what each legal action acts on, so the page
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
        "actions": {str(a): describe(game, st, frame, a) for a in game.legal(st, seat)},
        "purpose": game.purpose(frame),
        "texts": frame.args.get("texts"),
    }


def describe(game, st, frame, a: int) -> dict:
    kind, k = game.action_space.kind(a)
    if kind in A.CARD_BLOCKS:
        where = "market" if any(s.card == k for s in st.market) else "table"
        return {"kind": kind, "card": game.cards[k].id, "where": where}
    if a == A.ACTIVATE:
        return {"kind": "activate"}
    if a == A.INNOVATE:
        return {"kind": "innovate"}
    if A.REVOLT <= a < A.END:
        return {"kind": "revolt", "n": a - A.REVOLT}
    if a == A.END:
        return {"kind": "end" if frame and frame.kind == "activate" else "decline"}
    if a in (A.YES, A.NO):
        return {"kind": "yes" if a == A.YES else "no"}
    if A.OPTION <= a < A.SUIT:
        return {"kind": "option", "n": a - A.OPTION}
    if A.SUIT <= a < A.BT_DECK:
        return {"kind": "suit", "suit": MARKET_SUITS[a - A.SUIT]}
    return {"kind": "bt_deck" if a == A.BT_DECK else "bt_main"}
