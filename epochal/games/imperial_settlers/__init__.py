"""Imperial Settlers (Portal Games): card-driven empire building, 1-4 players, four empires; one
player plays the solo mode against the virtual opponent (§19).

Spec: shared/rules/imperial-settlers.md. Docs: docs/games/imperial-settlers.md and
docs/games/imperial-settlers-data.md.
"""

from __future__ import annotations

from epochal.engine.composed import ModuleGame

from . import cards, panels, words
from . import observe as _observe
from . import table as _table
from . import view as _view
from .rules import SettlersRules


class ImperialSettlers(ModuleGame, SettlersRules):  # views and tables: engine/composed.py
    views = _view
    tables = _table
    data_module = cards  # its data_form() is the workshop's form (Game.data_form)

    def table_constants(self) -> dict:
        """The board's fixed lists, and which card names are our translations (for the hover):
        the names come with the data, so they are the game's, not the module's."""
        return {
            **_table.CONSTANTS,
            "names": words.name_sources(self),
            "entries": _table.entries(self),
            "cards": _table.looks(self),
        }

    def board_panels(self, state, seat, lang="en"):
        return panels.board_panels(self, state, seat, lang)

    # --- research adapters (epochal.adapters; vector layout in observe.py) ---------------------
    observation_layout_class = _observe.ObservationLayout


def make_game(data: str | None = None) -> ImperialSettlers:
    """The game with the card database in ``data`` (a directory; None: the built-in one).

    The directory holds the deck files and, for the solo mode, ``solo_attacks.json``; without
    one the built-in (provisional) attack deck is used. The data id covers every file used."""
    from pathlib import Path

    from epochal import datafile

    directory = Path(data) if data else cards.DATA_DIR
    datafile.check_source(directory, cards.DataError)  # no pipe, no huge file read
    if not directory.is_dir():
        raise cards.DataError(cards.say("dir.not_data", dir=directory))
    raw = b"".join(p.read_bytes() for p in sorted(directory.glob("*.json")))
    if not (directory / cards.ATTACK_FILE).exists():
        raw += cards.attack_path(directory).read_bytes()
    return ImperialSettlers(cards.load(directory), raw)
