"""Imperium: Classics & Legends (Osprey Games): deck-building civilisations, 2-4 players, sixteen
nations.

Spec: shared/rules/imperium.md. Docs: docs/games/imperium.md, docs/games/imperium-data.md.
"""

from __future__ import annotations

from epochal.engine.composed import ModuleGame

from . import cards, panels
from . import observe as _observe
from . import table as _table
from . import view as _view
from .rules import ImperiumRules


class Imperium(ModuleGame, ImperiumRules):  # views and tables: engine/composed.py
    views = _view
    tables = _table
    data_module = cards  # its data_form() is the workshop's form (Game.data_form)

    def table_constants(self) -> dict:
        return _table.constants(self)  # per card data: each card's colour and English name

    def board_panels(self, state, seat, lang="en"):
        return panels.board_panels(self, state, seat, lang)

    # --- research adapters (epochal.adapters; vector layout in observe.py) ---------------------
    observation_layout_class = _observe.ObservationLayout


def make_game(data: str | None = None) -> Imperium:
    """The game with the card database in ``data`` (a directory; None: the built-in one)."""
    from pathlib import Path

    from epochal import datafile

    directory = Path(data) if data else cards.DATA_DIR
    datafile.check_source(directory, cards.DataError)  # no pipe, no huge file read
    raw = b"".join(p.read_bytes() for p in sorted(directory.glob("*.json")))
    return Imperium(cards.load(directory), raw)
