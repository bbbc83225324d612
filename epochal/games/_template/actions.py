"""The action id space. Ids are stable: records and agents depend on them."""

from epochal.engine.actions import ActionSpace

from .vocab import MAX_OPTIONS


def space(n_cards: int) -> ActionSpace:
    s = ActionSpace()
    s.add("option", MAX_OPTIONS)  # option i of a "choose" (R7)
    s.add("play", n_cards, cards=True)  # play card k from your hand (R3)
    return s


OPTION = space(0).option
