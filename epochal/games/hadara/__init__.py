"""Hadara (Hans im Glück, 2019): three epochs of cards, colonies, statues and medals, 2-5 players.

Spec: shared/rules/hadara.md. Docs: docs/games/hadara.md.
"""

from __future__ import annotations

from pathlib import Path

from . import cards, view as _view
from .rules import HadaraRules


class Hadara(HadaraRules):
    def view(self, state, seat):
        return _view.view(self, state, seat)

    def action_text(self, state, seat, action):
        return _view.action_text(self, state, seat, action)

    def determinize(self, state, seat, rng):
        return _view.determinize(self, state, seat, rng)


def make_game(data: str | None = None) -> Hadara:
    """The game bound to a card data file (``None``: the built-in provisional set)."""
    path = Path(data) if data else cards.BUILTIN
    dataset = cards.load(path)
    return Hadara(dataset, str(path) if data else None, path.read_bytes())
