"""Viking hooks: the one Viking card effect no operation of the vocabulary says.

Combs (1VIK4): the Viking state card never flips to Empire (R122, R194), but exhausting Combs
lets the next card played this turn ignore its {empire} icon. The exemption is a flag on the
player (``empire_next``): ``may_play_empire`` honours it, the next card played uses it up
(``on_played``) and the start of a turn clears it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event

from ..vocab import Hook
from . import hook

if TYPE_CHECKING:
    from ..rules import ImperiumRules


@hook("combs")
def combs(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    """Exhaust: the next card you play this turn ignores its {empire} icon (R122)."""
    st.seats[fr.seat].empire_next = True
    ev.append(event("ignore_empire", seat=fr.seat))
    return True
