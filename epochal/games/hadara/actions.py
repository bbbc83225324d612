"""Hadara's action id space. Ids are stable: records and agents depend on them."""

from epochal.engine.actions import ActionSpace


def space(n_cards: int) -> ActionSpace:
    s = ActionSpace()
    s.add("wheel", 5)  # wheel orientation (R31)
    s.add("side", 2)  # start card side A / B (R21)
    s.add("draw", 2, 2)  # discard hand[i], buy (0) or sell (1) the other (R33)
    s.add("take", 5, 2)  # take the top card of pile p, buy (0) or sell (1) (R63-R64)
    s.add("colony", 5)  # take a colony of requirement stack v (R46)
    s.add("plunder")  # R49
    s.add("annex")  # R49
    s.add("statue", 4, 4, 2)  # (slot, track, face down) (R56-R57)
    s.add("silver", 4)  # silver medal with a tile of track t (R73)
    s.add("gold")  # R74
    s.add("tile", 4)  # PE3 tile of track t
    s.add("feed_pay")  # PE6: pay instead of removing a card
    s.add("pass")  # pass a colony/statue step, finish buying medals
    s.add("remove", n_cards, cards=True)  # remove card index k in Feeding (R67)
    # R67: the cards to remove are the player's choice; this one id removes, in one go, the
    # cards decisions.feed_all_cards names (after the card block: the ids before it stay).
    s.add("feed_all")
    return s


_FIXED = space(0)
WHEEL, SIDE, DRAW, TAKE, COLONY, PLUNDER, ANNEX, STATUE, SILVER, GOLD, TILE, FEED_PAY, PASS, REMOVE = _FIXED.starts(
    "wheel",
    "side",
    "draw",
    "take",
    "colony",
    "plunder",
    "annex",
    "statue",
    "silver",
    "gold",
    "tile",
    "feed_pay",
    "pass",
    "remove",
)


# The rules build these ids in their hot paths: the block arithmetic, the same as encode().
def draw(discard_index: int, sell: bool) -> int:
    return DRAW + 2 * discard_index + int(sell)


def take(pile: int, sell: bool) -> int:
    return TAKE + 2 * pile + int(sell)


# take(p, False), take(p, True) per pile p: the ids legal_take lists for every Phase B turn.
TAKES = tuple((take(p, False), take(p, True)) for p in range(5))


def statue(slot: int, track: int, face_down: bool) -> int:
    return STATUE + slot * 8 + track * 2 + int(face_down)
