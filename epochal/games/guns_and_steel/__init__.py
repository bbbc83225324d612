"""Guns & Steel (Jesse Li; Moaideas, Pegasus Spiele): double-sided civilization cards, a technology
pyramid of five epochs, attacks and wonders, 2-4 players; New World, Renaissance or both combined.

Spec: shared/rules/guns-and-steel.md. Docs: docs/games/guns-and-steel.md and
docs/games/guns-and-steel-data.md.
"""

from __future__ import annotations

from . import cards
from . import observe as _observe
from . import table as _table
from . import view as _view
from .rules import GunsRules


class GunsAndSteel(GunsRules):
    def view(self, state, seat):
        return _view.view(self, state, seat)

    def action_text(self, state, seat, action):
        return _view.action_text(self, state, seat, action)

    def determinize(self, state, seat, rng):
        return _view.determinize(self, state, seat, rng)

    def card_ids(self):
        return frozenset(self.keys) | frozenset(self.wkeys)  # a start card once per colour

    def board_lines(self, view):
        return _view.board_lines(view)

    def display_name(self, text, lang="en"):
        return _view.term_name(self, text, lang)

    def table_ui(self, state, seat):
        return _table.ui(self, state, seat)

    def table_constants(self):
        return _table.CONSTANTS

    # --- research adapters (epochal.adapters; vector layout in observe.py) ---------------------
    observation_layout_class = _observe.Layout


def make_game(data: str | None = None) -> GunsAndSteel:
    """The game with the card data file ``data`` (None: the built-in provisional file).

    A file that cannot be used raises ``cards.DataError`` with one line naming the problem."""
    return GunsAndSteel(cards.load(data))
