"""What a seat is deciding and what it cannot do now, as parts the locale words
(``Game.describe_decision`` through ``prompt.<kind>``, ``Game.why_not`` through ``why.<reason>``).

Both read the true state and name only what the seat may see: its own drawn cards, the tops of
the discard piles, its own coins and tracks, the fronts of the colonies. The things a seat cannot
do are the answers it would expect to have (buying a card it holds, taking a colony of each
stack, a statue in each free slot, each medal) that the decision's legal answers lack, each
with the reason ``decisions.refusal`` gives for it: the rules' own refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import actions as A
from .decisions import refusal
from .state import BOARD, ROUNDS

if TYPE_CHECKING:
    from epochal.engine import Decision

    from .rules import HadaraRules
    from .state import HadaraState

ROMAN = ("", "I", "II", "III")

# Every template describe_decision may name.
PROMPT_KEYS = {
    "prompt.side",
    "prompt.side.chosen",
    "prompt.wheel",
    "prompt.draw",
    "prompt.draw.chosen",
    "prompt.take",
    "prompt.colony",
    "prompt.colony.second",
    "prompt.colony_mode",
    "prompt.statue",
    "prompt.statue.second",
    "prompt.tile",
    "prompt.feed",
    "prompt.feed.pay",
    "prompt.medals",
}


def describe_decision(game: HadaraRules, st: HadaraState, seat: int) -> dict | None:
    if not st.stack:
        return None
    d = st.stack[-1]
    if seat not in d.seats:
        return None
    if seat not in d.waiting():  # a simultaneous choice made, the others still choosing
        return {"kind": d.kind, "form": "chosen"}
    return DESCRIBE[d.kind](game, st, seat, d)


def _side(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    return {"kind": "side", "n": game.data.start_cards[st.seats[i].start].number, "rule": "R21"}


def _wheel(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    return {"kind": "wheel", "epoch": ROMAN[st.epoch], "rule": "R31"}


def _draw(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    seat = st.seats[i]
    return {
        "kind": "draw",
        # both drawn cards are named; neither is "the" card of the decision (the board shows both)
        "one": game.card_id[seat.hand[0]],
        "other": game.card_id[seat.hand[1]],
        "from_deck": BOARD[game.deck_at(st, i)],
        "round": st.round + 1,
        "rounds": ROUNDS,
        "coins": seat.coins,
        "rule": "R33",
    }


def _take(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    return {
        "kind": "take",
        "turn": st.turn // st.players + 1,
        "turns": ROUNDS,
        "coins": st.seats[i].coins,
        "rule": "R63",
    }


def _colony(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    seat = st.seats[i]
    out = {"kind": "colony", "military": seat.tracks[1], "coins": seat.coins, "rule": "R46"}
    if seat.took:
        out["form"] = "second"  # PE13
    return out


def _colony_mode(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    seat = st.seats[i]
    col = game.colonies[seat.colonies[-1]]  # its front only: the back stays hidden (R50)
    return {
        "kind": "colony_mode",
        "requirement": col.requirement,
        "plunder": col.plunder,
        "vp": col.front_vp,
        "annex": col.annex_cost,
        "coins": seat.coins,
        "rule": "R49",
    }


def _statue(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    seat = st.seats[i]
    out = {"kind": "statue", "culture": seat.tracks[2], "tiles": sum(seat.tiles), "rule": "R56"}
    if seat.took:
        out["form"] = "second"  # PE13
    return out


def _tile(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    card = d.args["card"]
    return {"kind": "tile", "card": game.card_id[card], "bonus": game.fx.tile_holder(card).track_bonus, "rule": "R41"}


def _feed(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    seat = st.seats[i]
    out = {"kind": "feed", "cards": len(seat.cards), "food": seat.tracks[3], "n": game.hunger(seat), "rule": "R67"}
    if A.FEED_PAY in game.legal(st, i):  # PE6
        per_card, cap = game.fx.feed_payment(seat)
        out.update(form="pay", cost=per_card, left=cap - seat.fed_paid)
    return out


def _medals(game: HadaraRules, st: HadaraState, i: int, d: Decision) -> dict:
    seat = st.seats[i]
    silver, gold = game.medal_prices(st, seat)
    return {"kind": "medals", "silver": silver, "gold": gold, "coins": seat.coins, "rule": "R72"}


DESCRIBE: dict[str, Callable[..., dict]] = {
    "side": _side,
    "wheel": _wheel,
    "draw": _draw,
    "take": _take,
    "colony": _colony,
    "colony_mode": _colony_mode,
    "statue": _statue,
    "tile": _tile,
    "feed": _feed,
    "medals": _medals,
}


# --- what the seat cannot do now ------------------------------------------------------------


def why_not(game: HadaraRules, st: HadaraState, seat: int) -> list[dict]:
    if not st.stack:
        return []
    d = st.stack[-1]
    if seat not in d.seats or seat not in d.waiting():
        return []
    expected = EXPECTED.get(d.kind)
    if expected is None:
        return []
    legal = set(game.legal(st, seat))
    out = []
    for action in expected(game, st, seat):
        if action not in legal:
            found = refusal(game, st, d, seat, action)
            if found is not None:
                out.append(found)
    return out


def _expect_draw(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return [A.draw(0, False), A.draw(1, False)]  # buying either drawn card (R37)


def _expect_take(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return [A.take(p, False) for p, pile in enumerate(st.piles) if pile]  # buying a pile's top


def _expect_colony(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return [A.COLONY + v for v, stack in enumerate(st.stacks) if stack]


def _expect_annex(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return [A.ANNEX]


def _first_tile(game: HadaraRules, st: HadaraState, i: int) -> int:
    tiles = st.seats[i].tiles
    return next((t for t in range(4) if tiles[t]), 0)


def _expect_statue(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    seat = st.seats[i]
    track = _first_tile(game, st, i)
    return [A.statue(s, track, False) for s in range(len(game.slots)) if seat.statues[s] == -1]


def _expect_medals(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return [A.SILVER + _first_tile(game, st, i), A.GOLD]


def _expect_feed(game: HadaraRules, st: HadaraState, i: int) -> list[int]:
    return [A.FEED_PAY] if game.fx.feed_payment(st.seats[i]) is not None else []


EXPECTED: dict[str, Callable[..., list[int]]] = {
    "draw": _expect_draw,
    "take": _expect_take,
    "colony": _expect_colony,
    "colony_mode": _expect_annex,
    "statue": _expect_statue,
    "medals": _expect_medals,
    "feed": _expect_feed,
}
