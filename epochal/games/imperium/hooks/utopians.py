"""Utopian hooks: the one Utopian card effect no operation of the vocabulary says.

Monastery (2UTO4): its exhaust exiles a card from the hand, never an unrest, and gives 1 progress
more when that card was an {attack}: the bonus depends on which card went.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine.effects import WAIT

from .. import shared
from ..vocab import Hook
from . import hook

if TYPE_CHECKING:
    from ..rules import ImperiumRules


@hook("monastery")
def monastery(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Exile a card from your hand (not an unrest); if it was an {attack}, gain 1 progress."""
    p = st.seats[fr.seat]
    cards = [k for k in p.hand if "unrest" not in game.cards[k].suits]
    k = shared.pick_card(game, st, fr, cards, False, "exile from your hand", "R139")
    if k == WAIT:
        return WAIT
    if k is not None:
        p.hand.remove(k)
        st.exile.append(k)
        ev.append(event("exile_card", seat=fr.seat, card=game.cards[k].id))
        if game.cards[k].attack:
            shared.gain(game, st, fr.seat, "progress", 1, ev)
    return True
