"""The server half of each game's board layout: structured facts about the seat's legal actions.

The engine describes a legal action with an id and an English sentence. A page in Russian
needs the parts instead ("buy card I-BLU-03 for 2"), and its drawing needs to know which thing
on the board an action acts on. A game's layout module turns the seat's legal action ids into
such parts and adds the static tables the drawing needs (e.g. statue slots). It is given the
true state, so it must describe only what that seat may see: the no-leak tests read its output
too.

A new game adds ``epochal/web/games/<game>.js`` and, when its actions need explaining, a module
here with ``ui(game, state, seat) -> dict``; games without one get ``{}`` and the page falls back
to the engine's action texts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from epochal.engine import Game, State

LAYOUTS = {
    "hadara": "epochal.server.layouts.hadara",
    "imperium": "epochal.server.layouts.imperium",
    "imperial_settlers": "epochal.server.layouts.imperial_settlers",
    "guns_and_steel": "epochal.server.layouts.guns_and_steel",
}
_cache: dict[str, Callable | None] = {}


def ui(game: Game, state: State, seat: int | None) -> dict:
    fn = _cache.get(game.name, ...)
    if fn is ...:
        module = LAYOUTS.get(game.name)
        fn = _cache[game.name] = importlib.import_module(module).ui if module else None
    return fn(game, state, seat) if fn else {}
