"""Imperial Settlers' action id space. Ids are stable: records and agents depend on them.

Card actions are blocks offset by the physical card's index, so every card has its own BUILD,
DEAL, RAZE_HAND, ... id; PICK chooses a card wherever an effect asks for one (a Lookout card, a
location to discard, a deal, a hand card). Solo attack cards are no cards of those blocks: ATTACK
names one where an effect may choose it.
"""

PASS = 0  # R53
END = 1  # end the turn / stop exchanging / decline an optional choice
CARD_COMMON = 2  # a gained card comes from the common deck (R118)
CARD_EMPIRE = 3  # ... from your empire deck
EXCHANGE = 4  # 4..8: 2 workers for wood, stone, food, a common card, an empire card (R95)
EXCHANGE_GOODS = ("wood", "stone", "food", "common_card", "empire_card")
OPTION = 9  # 9..16: option i of a "choose"
MAX_OPTIONS = 8
STEAL = 17  # 17..28: take resource r from seat s (Saboteurs): 17 + 3 * s + r
ATTACK = 29  # 29..44: solo attack card i of the data (a deal of the virtual opponent, A44)
ATTACK_CARDS = 16  # §2
CARD_BASE = 48
BLOCKS = ("build", "deal", "raze_hand", "raze", "activate", "activate2", "defend", "samurai", "pick")


class Layout:
    """The first id of each card block (in the order of BLOCKS) for ``n_cards`` physical cards."""

    def __init__(self, n_cards: int):
        self.n = n_cards
        first = [CARD_BASE + i * n_cards for i in range(len(BLOCKS))]
        self.build, self.deal, self.raze_hand, self.raze, self.activate = first[:5]
        self.activate2, self.defend, self.samurai, self.pick = first[5:]
        self.size = CARD_BASE + len(BLOCKS) * n_cards

    def kind(self, action: int) -> tuple[str, int]:
        if action < CARD_BASE:
            return "fixed", action
        block, k = divmod(action - CARD_BASE, self.n)
        return BLOCKS[block], k
