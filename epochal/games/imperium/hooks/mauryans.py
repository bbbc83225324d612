"""Mauryan hooks: the one Mauryan card effect no operation of the vocabulary says.

Ashoka (2MAU5): you reveal your hand, deck and discard pile, and every {attack} card among them
goes into your history (R183). The deck keeps the order of the cards left in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event

from .. import shared
from ..vocab import Hook
from . import hook

if TYPE_CHECKING:
    from ..rules import ImperiumRules


@hook("ashoka")
def ashoka(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Reveal hand, deck and discard pile; put every attack card of them into your history."""
    p = st.seats[fr.seat]
    moved = []
    for zone in ("hand", "deck", "discard"):
        cards = getattr(p, zone)
        for k in [k for k in cards if game.cards[k].attack]:
            cards.remove(k)
            moved.append(k)
    ev.append(event("reveal_attacks", seat=fr.seat, cards=[game.cards[k].id for k in moved]))
    for k in moved:
        shared.to_history(game, st, fr.seat, k, ev)
    return True
