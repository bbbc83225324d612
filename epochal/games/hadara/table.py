"""Hadara at the web table (``Game.table_ui``): the parts of each legal action
(``Game.describe_action``, worded by the locale's ``action.<verb>`` templates), and the static
tables the page draws (``web/board.js``).

The decoding mirrors ``actions.py``. Only the seat's own legal actions are described, and they
name only cards that seat holds or that lie face up.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from .cards import COLORS, TRACKS
from .decisions import EXPECTED, feed_all_cards
from .rules import BOARD, CRESTS

# The tracks in their order on a seat's board, and the card colours in the order of its tableau.
CONSTANTS = {"tracks": list(TRACKS), "colors": list(COLORS)}


def ui(game, st, seat: int | None) -> dict:
    out: dict[str, Any] = {
        "slots": [
            {"requirement": s.requirement, "vp": s.vp, "bonus": s.bonus, "provenance": s.provenance} for s in game.slots
        ],
        "sale_value": list(game.data.sale_value),
        "tracks": list(TRACKS),
        "board": list(BOARD),
        "crests": list(CRESTS[: st.players]),
    }
    if st.epoch:
        table = game.data.medal_prices
        out["medal_prices"] = {"silver": table.silver[st.epoch - 1], "gold": table.gold[st.epoch - 1]}
    if seat is None:
        return out
    if st.epoch:
        silver, gold = game.medal_prices(st, st.seats[seat])
        out["medal_prices"] = {"silver": silver, "gold": gold}
    out["actions"] = {str(a): describe(game, st, seat, a) for a in game.legal(st, seat)}
    return out


def describe(game, st, seat: int, a: int) -> dict:
    """``Game.describe_action``: the parts of the seat's legal action ``a``, with the rule that
    allows it (``form``: ``sell`` for a card sold rather than bought, ``pay`` for a colony bought
    down with PE2, ``face_down`` for a statue whose tile lies face down, and for a pass the step
    it passes: ``colony``, ``statue``, ``medals``)."""
    s = st.seats[seat]
    frame = st.stack[-1]
    if A.WHEEL <= a < A.SIDE:
        decks = {CRESTS[i]: BOARD[(i + a) % len(BOARD)] for i in range(st.players)}
        return {
            "verb": "wheel",
            "orientation": a,
            "decks": decks,
            "yours": BOARD[(seat + a) % len(BOARD)],
            "from_deck": BOARD[(seat + a) % len(BOARD)],
            "rule": "R31",
        }
    if A.SIDE <= a < A.DRAW:
        side = "AB"[a - A.SIDE]
        card = game.data.start_cards[s.start]
        v = getattr(card, side)
        return {
            "verb": "side",
            "side": side,
            "start": card.number,
            "initiative": v.initiative,
            "coins": v.coins,
            "tracks": dict(zip(TRACKS, v.tracks.as_tuple(), strict=False)),
            "rule": "R21",
        }
    if A.DRAW <= a < A.TAKE:
        d, sell = divmod(a - A.DRAW, 2)
        keep = s.hand[1 - d]
        coins = game.sale_value(s, keep) if sell else game.price(s, keep)
        return {
            "verb": "draw",
            "discard": game.card_id[s.hand[d]],
            "card": game.card_id[keep],
            "sell": bool(sell),
            "coins": coins,
            **_trade(sell),
        }
    if A.TAKE <= a < A.COLONY:
        p, sell = divmod(a - A.TAKE, 2)
        k = st.piles[p][-1]
        coins = game.sale_value(s, k) if sell else game.price(s, k)
        return {
            "verb": "take",
            "pile": BOARD[p],
            "card": game.card_id[k],
            "sell": bool(sell),
            "coins": coins,
            **_trade(sell),
        }
    if A.COLONY <= a < A.PLUNDER:
        v = a - A.COLONY
        cost = game._colony_cost(st, s, v) or 0
        out = {"verb": "colony", "stack": v, "requirement": game.requirements[v], "cost": cost, "rule": "R46"}
        if cost:
            out["form"] = "pay"  # PE2: requirement points bought
        return out
    if a in (A.PLUNDER, A.ANNEX):
        col = game.colonies[s.colonies[-1]]
        if a == A.PLUNDER:
            return {"verb": "plunder", "colony": col.id, "coins": col.plunder, "vp": col.front_vp, "rule": "R49"}
        return {"verb": "annex", "colony": col.id, "coins": col.annex_cost, "rule": "R51"}
    if A.STATUE <= a < A.SILVER:
        code = a - A.STATUE
        slot = code // 8
        sl = game.slots[slot]
        out = {
            "verb": "statue",
            "slot": slot,
            "n": slot + 1,
            "track": TRACKS[(code % 8) // 2],
            "tile": TRACKS[(code % 8) // 2],
            "face_down": bool(code % 2),
            "bonus": sl.bonus,
            "cost": game._buy_down(s, sl.requirement, s.tracks[2]) or 0,
            "rule": "R56",
        }
        if code % 2:
            out["form"] = "face_down"
        return out
    if A.SILVER <= a < A.GOLD:
        track = TRACKS[a - A.SILVER]
        return {"verb": "silver", "track": track, "tile": track, "coins": game.medal_prices(st, s)[0], "rule": "R72"}
    if a == A.GOLD:
        return {"verb": "gold", "coins": game.medal_prices(st, s)[1], "rule": "R72"}
    if A.TILE <= a < A.FEED_PAY:
        card = frame.args["card"]
        track = TRACKS[a - A.TILE]
        bonus = game.fx.tile_holder(card).track_bonus
        return {
            "verb": "tile",
            "track": track,
            "tile": track,
            "card": game.card_id[card],
            "bonus": bonus,
            "rule": "R41",
        }
    if a == A.FEED_PAY:
        return {"verb": "feed_pay", "coins": game.fx.feed_payment(s)[0], "hunger": game.hunger(s), "rule": "R67"}
    if a == game.feed_all:
        cards = [game.card_id[k] for k in feed_all_cards(game, s)]
        return {"verb": "feed_all", "n": len(cards), "cards": cards, "hunger": game.hunger(s), "rule": "R67"}
    if a == A.PASS:
        # the form says what is passed: no colony, no statue, no more medals
        return {"verb": "pass", "step": frame.kind, "form": frame.kind, "rule": EXPECTED[frame.kind][1]}
    return {"verb": "remove", "card": game.card_id[a - A.REMOVE], "hunger": game.hunger(s), "rule": "R68"}


def _trade(sell: int) -> dict:
    """A card kept is bought (R37) or sold (R43)."""
    return {"form": "sell", "rule": "R43"} if sell else {"rule": "R37"}
