"""Hadara's action id space. Ids are stable: records and agents depend on them."""

WHEEL = 0  # 0..4: wheel orientation (R31)
SIDE = 5  # 5..6: start card side A / B (R21)
DRAW = 7  # 7..10: discard hand[i], buy (+0) or sell (+1) the other (R33)
TAKE = 11  # 11..20: take the top card of pile p, buy (+0) or sell (+1) (R63-R64)
COLONY = 21  # 21..25: take a colony of requirement stack v (R46)
PLUNDER = 26  # R49
ANNEX = 27  # R49
STATUE = 28  # 28..59: slot * 8 + track * 2 + face_down (R56-R57)
SILVER = 60  # 60..63: silver medal with a tile of track t (R73)
GOLD = 64  # R74
TILE = 65  # 65..68: PE3 tile of track t
FEED_PAY = 69  # PE6: pay instead of removing a card
PASS = 70  # pass a colony/statue step, finish buying medals
REMOVE = 71  # 71..: remove card index k in Feeding (R67)


def num_actions(n_cards: int) -> int:
    return REMOVE + n_cards


def draw(discard_index: int, sell: bool) -> int:
    return DRAW + 2 * discard_index + int(sell)


def take(pile: int, sell: bool) -> int:
    return TAKE + 2 * pile + int(sell)


def statue(slot: int, track: int, face_down: bool) -> int:
    return STATUE + slot * 8 + track * 2 + int(face_down)
