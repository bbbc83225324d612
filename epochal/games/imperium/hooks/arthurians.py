"""King Arthur's hooks: the one Arthurian card effect no operation of the vocabulary says.

Cafall (2ART25) may exile Twrch Trwyth (2ART5) from the play area, or as the active quest from
under King Arthur's Court (R198): the boar is hunted wherever it is.
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

TWRCH_TRWYTH = "2ART5"


@hook("cafall")
def cafall(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """You MAY exile Twrch Trwyth from your play area (with its garrison, R180) or as the
    active quest."""
    p = st.seats[fr.seat]
    boar = game.index_of.get(TWRCH_TRWYTH, -1)
    if boar < 0 or (boar not in p.play and p.quest != boar):
        return True
    k = shared.pick_card(game, st, fr, [boar], True, "exile", "R139")
    if k == WAIT:
        return WAIT
    if k is None:
        return True
    if p.quest == boar:
        p.quest = -1
        st.exile.append(boar)
    else:
        st.exile += [boar] + shared.leave_play(st, fr.seat, boar)
    ev.append(event("exile_card", seat=fr.seat, card=TWRCH_TRWYTH))
    return True
