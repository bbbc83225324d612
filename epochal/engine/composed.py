"""A game whose seat views and web-table drawing data are the functions of its own modules.

Every game package has a ``view.py`` (``view``, ``action_text``, ``determinize``,
``open_view``) and a ``table.py`` (``ui``, ``describe``: ``Game.describe_action``,
``CONSTANTS``): the template's shape, which tests/test_architecture.py checks. Their functions
take the game first. ``ModuleGame`` gives a game the protocol's methods by calling them, so the
game class names its two modules (``views = view``, ``tables = table``) instead of writing,
method by method, a method that only delegates.
"""

from __future__ import annotations

from typing import Any, Protocol

from .game import Game
from .state import State

# The functions' parameters are positional (each game names them in its own way) and typed Any:
# a game's functions take its own rules class and state types.


class ViewModule(Protocol):
    """A game's ``view.py``."""

    def view(self, game: Any, state: Any, seat: int | None, /) -> dict: ...

    def action_text(self, game: Any, state: Any, seat: int, action: int, /) -> str: ...

    def determinize(self, game: Any, state: Any, seat: int, rng: Any, /) -> Any: ...

    def open_view(self, game: Any, state: Any, /) -> dict: ...


class TableModule(Protocol):
    """A game's ``table.py``."""

    CONSTANTS: dict

    def ui(self, game: Any, state: Any, seat: int | None, /) -> dict: ...

    def describe(self, game: Any, state: Any, seat: int, action: int, /) -> dict: ...


class ModuleGame(Game):
    """Put it before the game's rules class among the bases: ``class Tribute(ModuleGame,
    TributeRules)``, and name the modules."""

    views: ViewModule
    tables: TableModule
    data_module: Any = None  # the module of the game's data file, if it gives the workshop a form

    def data_form(self, lang: str = "en") -> dict | None:
        # the card workshop's form of the data file: the data module's ``data_form(lang)``, if any
        make = getattr(self.data_module, "data_form", None)
        return make(lang) if make is not None else None

    def view(self, state: State, seat: int | None) -> dict:
        return self.views.view(self, state, seat)

    def action_text(self, state: State, seat: int, action: int) -> str:
        return self.views.action_text(self, state, seat, action)

    def determinize(self, state: State, seat: int, rng) -> State:
        return self.views.determinize(self, state, seat, rng)

    def dealer(self, state: State, seat: int):
        # a view module may plan the deals of one root (its ``dealer``); else Game's default
        plan = getattr(self.views, "dealer", None)
        return plan(self, state, seat) if plan is not None else super().dealer(state, seat)

    def open_view(self, state: State) -> dict | None:
        return self.views.open_view(self, state)

    def describe_action(self, state: State, seat: int, action: int) -> dict:
        return self.tables.describe(self, state, seat, action)

    def table_ui(self, state: State, seat: int | None) -> dict:
        return self.tables.ui(self, state, seat)

    def table_constants(self) -> dict:
        return self.tables.CONSTANTS
