"""Guns & Steel (Jesse Li; Moaideas, Pegasus Spiele): double-sided civilization cards, a technology
pyramid of five epochs, attacks and wonders, 2-4 players; New World, Renaissance or both combined.

Spec: shared/rules/guns-and-steel.md. Docs: docs/games/guns-and-steel.md and
docs/games/guns-and-steel-data.md.
"""

from __future__ import annotations

from epochal.engine.composed import ModuleGame

from . import cards
from . import observe as _observe
from . import table as _table
from . import view as _view
from .rules import GunsRules


class GunsAndSteel(ModuleGame, GunsRules):  # views and tables: engine/composed.py
    views = _view
    tables = _table
    board_lines = staticmethod(_view.board_lines)  # it reads the view only
    display_name = _view.term_name

    def card_ids(self):
        return frozenset(self.keys) | frozenset(self.wkeys)  # a start card once per colour

    # --- research adapters (epochal.adapters; vector layout in observe.py) ---------------------
    observation_layout_class = _observe.ObservationLayout


def make_game(data: str | None = None) -> GunsAndSteel:
    """The game with the card data file ``data`` (None: the built-in provisional file).

    A file that cannot be used raises ``cards.DataError`` with one line naming the problem."""
    return GunsAndSteel(cards.load(data))
