"""Hadara (Hans im Glück, 2019): three epochs of cards, colonies, statues and medals, 2-5 players.

Spec: shared/rules/hadara.md. Docs: docs/games/hadara.md.
"""

from __future__ import annotations

from pathlib import Path

from epochal.engine.composed import ModuleGame

from . import cards, explain, panels, vocab, words
from . import observe as _observe
from . import table as _table
from . import view as _view
from .rules import HadaraRules


class Hadara(ModuleGame, HadaraRules):  # views and tables: engine/composed.py
    views = _view
    tables = _table
    data_module = cards  # its data_form() is the workshop's form (Game.data_form)

    def card_ids(self):
        return frozenset(self.card_id)

    # --- in words (words.py, explain.py; the templates in locale/) ------------------------------
    def card_catalog(self):
        return words.card_catalog(self)

    def display_name(self, text, lang="en"):
        return words.display_name(self, text, lang)

    def card_text(self, card, lang="en"):
        return words.card_text(self, card, lang)

    def describe_decision(self, state, seat):
        return explain.describe_decision(self, state, seat)

    def prompt_keys(self):
        return set(explain.PROMPT_KEYS)

    def why_not(self, state, seat):
        return explain.why_not(self, state, seat)

    def board_panels(self, state, seat, lang="en"):
        return panels.board_panels(self, state, seat, lang)

    # --- research adapters (epochal.adapters; vector layout in observe.py) ---------------------
    observation_layout_class = _observe.ObservationLayout

    def max_game_length(self, players):
        """A true upper bound on the actions of one game; each term names what it counts."""
        n = players
        pay_cap = sum(
            e.max_cards_per_step
            for e in self.fx.effect_of  # PE6, every copy
            if isinstance(e, vocab.FeedPayment)
        )
        draws = 3 * 5 * n  # R36: five drawing rounds per epoch, one answer each
        takes = draws  # R63: B1 takes only cards discarded in A2
        return (
            n  # R21: start card side
            + 3  # R31: the wheel, once per epoch
            + draws
            + takes
            + (draws + takes)  # PE3: at most one tile per card bought
            + n * (2 * len(self.requirements) + 6)  # R46-R53: colony, plunder/annex, passes
            + n * (len(self.slots) + 6)  # R54-R56: statues fill slots for good, passes
            + n * (4 + 3)  # R72: two silver, two gold, a pass per epoch
            + (draws + takes)  # R68: a removed card leaves for good
            + 3 * n  # R67: one feed-all answer per Feeding step
            + 3 * n * pay_cap
        )  # PE6: payments per Feeding step


def make_game(data: str | None = None) -> Hadara:
    """The game bound to a card data file (``None``: the built-in provisional set)."""
    path = Path(data) if data else cards.BUILTIN
    dataset = cards.load(path)
    return Hadara(dataset, str(path) if data else None, path.read_bytes())
