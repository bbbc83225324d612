"""Imperium's action id space. Ids are stable: records and agents depend on them.

Card actions are offsets by the card's index in the game's card list, so every physical card
has its own PLAY, EXHAUST and CARD (choose this card) id.
"""

ACTIVATE = 0  # R67
INNOVATE = 1  # R82
REVOLT = 2  # 2..41: revolt returning n unrest cards (R83)
MAX_REVOLT = 39
END = 50  # end Activate / stop choosing / decline an optional choice
YES = 51
NO = 52
OPTION = 53  # 53..60: option k of a "choose"
SUIT = 61  # 61..64: region, uncivilised, civilised, tributary
BT_DECK = 65  # break through: the top card of the category deck (R135 variant 2-4)
BT_MAIN = 66  # break through: reveal the main deck (R135 variant 5)
CARD_BASE = 100  # PLAY, EXHAUST, CARD blocks follow


class Layout:
    def __init__(self, n_cards: int):
        self.n = n_cards
        self.play = CARD_BASE
        self.exhaust = CARD_BASE + n_cards
        self.card = CARD_BASE + 2 * n_cards
        self.size = CARD_BASE + 3 * n_cards

    def kind(self, action: int) -> tuple[str, int]:
        if action >= self.card:
            return "card", action - self.card
        if action >= self.exhaust:
            return "exhaust", action - self.exhaust
        if action >= self.play:
            return "play", action - self.play
        return "fixed", action
