"""Minoan hooks: the tokens Pottery (2MIN16) keeps on itself.

Pottery's solstice places a progress from the supply on the card, or abandons the card for the
progress on it. The tokens lie on the card in the play area (``Seat.tokens_on``, open to all like
the play area itself); they are not in the player's supply, so they neither pay nor score until
taken. A card that leaves play otherwise loses them to the supply (``shared.leave_play``): the
rulebook keeps no rule for tokens on a card leaving play (R192, D14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event

from ..vocab import Hook
from . import hook

if TYPE_CHECKING:
    from ..rules import ImperiumRules


@hook("store_progress")
def store_progress(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Place 1 progress from the general supply on this card."""
    p = st.seats[fr.seat]
    if fr.card in p.play:
        on = p.tokens_on.setdefault(fr.card, {})
        on["progress"] = on.get("progress", 0) + 1
        ev.append(event("card_token", seat=fr.seat, card=game.cards[fr.card].id, res="progress", n=1))
    return True


@hook("take_stored")
def take_stored(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Gain every token lying on this card."""
    p = st.seats[fr.seat]
    for res, n in p.tokens_on.pop(fr.card, {}).items():
        setattr(p, res, getattr(p, res) + n)
        ev.append(event("gain", seat=fr.seat, res=res, n=n))
    return True
