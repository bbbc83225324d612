"""Guns & Steel (Jesse Li; Moaideas, Pegasus Spiele): double-sided civilization cards, a technology
pyramid of five epochs, attacks and wonders, 2-4 players; New World, Renaissance or both combined.

Spec: shared/rules/guns-and-steel.md. Docs: docs/games/guns-and-steel.md and
docs/games/guns-and-steel-data.md.
"""

from __future__ import annotations

from typing import cast

from epochal.engine import State
from epochal.engine.composed import ModuleGame

from . import cards
from . import observe as _observe
from . import panels as _panels
from . import table as _table
from . import view as _view
from . import words as _words
from .rules import GunsRules
from .state import GunsState


class GunsAndSteel(ModuleGame, GunsRules):  # views and tables: engine/composed.py
    views = _view
    tables = _table
    data_module = cards  # its data_form() is the workshop's form (Game.data_form)
    # the game in words (words.py): names, card texts, the decision's prompt, why not
    display_name = _words.display_name
    card_text = _words.card_text
    prompt_keys = staticmethod(_words.prompt_keys)

    def describe_decision(self, state: State, seat: int) -> dict | None:
        return _words.describe_decision(self, cast(GunsState, state), seat)

    def why_not(self, state: State, seat: int) -> list[dict]:
        return _words.why_not(self, cast(GunsState, state), seat)

    def board_panels(self, state: State, seat: int, lang: str = "en") -> list[dict]:
        # drawn from the seat's view alone (panels.py), so it names nothing hidden
        return _panels.board_panels(self, cast(GunsState, state), seat, lang)

    def table_constants(self) -> dict:
        # each card's facts for its face, and the printed names of the cards whose name the page
        # shows translated (for the hover)
        return {**_table.CONSTANTS, "faces": _table.faces(self), "known_names": _words.known_names(self)}

    def card_ids(self):
        return frozenset(self.keys) | frozenset(self.wkeys)  # a start card once per colour

    # --- research adapters (epochal.adapters; vector layout in observe.py) ---------------------
    observation_layout_class = _observe.ObservationLayout


def make_game(data: str | None = None) -> GunsAndSteel:
    """The game with the card data file ``data`` (None: the built-in provisional file).

    A file that cannot be used raises ``cards.DataError`` with one line naming the problem."""
    return GunsAndSteel(cards.load(data))
