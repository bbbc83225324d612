"""Imperial Settlers' action id space. Ids are stable: records and agents depend on them.

Card actions are blocks offset by the physical card's index, so every card has its own BUILD,
DEAL, RAZE_HAND, ... id; PICK chooses a card wherever an effect asks for one (a Lookout card, a
location to discard, a deal, a hand card). Solo attack cards are no cards of those blocks: ATTACK
names one where an effect may choose it.
"""

from epochal.engine.actions import ActionSpace

EXCHANGE_GOODS = ("wood", "stone", "food", "common_card", "empire_card")
MAX_OPTIONS = 8
ATTACK_CARDS = 16  # §2
SEATS = 4
BLOCKS = ("build", "deal", "raze_hand", "raze", "activate", "activate2", "defend", "samurai", "pick")


def space(n_cards: int) -> ActionSpace:
    s = ActionSpace()
    s.add("pass")  # R53
    s.add("end")  # end the turn / stop exchanging / decline an optional choice
    s.add("card_common")  # a gained card comes from the common deck (R118)
    s.add("card_empire")  # ... from your empire deck
    s.add("exchange", len(EXCHANGE_GOODS))  # 2 workers for a good or a card (R95)
    s.add("option", MAX_OPTIONS)  # option i of a "choose"
    s.add("steal", SEATS, 3)  # take resource r from seat s (Saboteurs)
    s.add("attack", ATTACK_CARDS)  # solo attack card i of the data (a deal of the virtual opponent, A44)
    for name in BLOCKS:  # one id per physical card
        s.add(name, n_cards, at=48 if name == "build" else None, cards=True)
    return s


_FIXED = space(0)
# STEAL: + 3 * seat + resource
PASS, END, CARD_COMMON, CARD_EMPIRE, EXCHANGE, OPTION, STEAL, ATTACK = _FIXED.starts(
    "pass", "end", "card_common", "card_empire", "exchange", "option", "steal", "attack"
)
