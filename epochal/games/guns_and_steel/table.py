"""Guns & Steel at the web table (``Game.table_ui``): card effects and wonder conditions as data,
so the page (``web/board.js``) words them in its language.

The view gives each card's effect and each wonder's condition as one English sentence. A page in
Russian needs the parts instead: the effect's operations (the vocabulary of ``cards.py``,
defaults left out) and the condition's clauses. They are sent for exactly the cards and wonders
the seat's view names, so they describe nothing the seat may not see. Legal actions need no
explaining here: the view's entries already name their kind and their target.
"""

from __future__ import annotations

import msgspec

from .cards import EPOCHS, RESOURCES
from .rules import COLOURS, PHASE_OF

# The resources in their order (R11), the pyramid's rows bottom to top (R39), the four phases of
# a turn, and the seats' colours (R6).
CONSTANTS = {
    "resources": list(RESOURCES),
    "epochs": list(EPOCHS),
    "phases": [p for p in dict.fromkeys(PHASE_OF.values()) if p != "setup"],
    "colours": list(COLOURS),
}


def ui(game, st, seat: int | None) -> dict:
    view = game.view(st, seat)
    effects = {key: msgspec.to_builtins(game.civ[game.index_of[key]].effect) for key in view["cards"]}
    conditions = {}
    for key in view["wonder_cards"]:
        wonder = game.wonder_list[game.windex[key]]
        # New World wonders are built on their condition (R25.6); Renaissance ones take glory
        # tokens on theirs (R25.6b), in the combined variant too (R111)
        clauses = wonder.build if wonder.theme == "new_world" else wonder.glory
        conditions[key] = msgspec.to_builtins(clauses)
    return {"effects": effects, "conditions": conditions}
