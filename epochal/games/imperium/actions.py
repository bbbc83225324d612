"""Imperium's action id space. Ids are stable: records and agents depend on them.

Card actions are offsets by the card's index in the game's card list, so every physical card
has its own PLAY, EXHAUST and CARD (choose this card) id.
"""

from epochal.engine.actions import ActionSpace

MAX_REVOLT = 39
CARD_BLOCKS = ("play", "exhaust", "card")


def space(n_cards: int) -> ActionSpace:
    s = ActionSpace()
    s.add("activate")  # R67
    s.add("innovate")  # R82
    s.add("revolt", MAX_REVOLT + 1)  # revolt returning n unrest cards (R83)
    s.add("end", at=50)  # end Activate / stop choosing / decline an optional choice
    s.add("yes")
    s.add("no")
    s.add("option", 8)  # option k of a "choose"
    s.add("suit", 4)  # region, uncivilised, civilised, tributary
    s.add("bt_deck")  # break through: the top card of the category deck (R135 variant 2-4)
    s.add("bt_main")  # break through: reveal the main deck (R135 variant 5)
    s.add("play", n_cards, at=100, cards=True)  # play card k (R71)
    s.add("exhaust", n_cards, cards=True)  # exhaust card k (R78)
    s.add("card", n_cards, cards=True)  # choose card k where an effect asks for a card
    return s


_FIXED = space(0)
ACTIVATE, INNOVATE, REVOLT, END, YES, NO, OPTION, SUIT, BT_DECK, BT_MAIN = _FIXED.starts(
    "activate", "innovate", "revolt", "end", "yes", "no", "option", "suit", "bt_deck", "bt_main"
)
