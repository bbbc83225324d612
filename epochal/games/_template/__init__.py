"""The template: the shape every game package has, as a small complete game (Tribute, RULES.md).

Start a new game by copying this folder (docs/engine.md, "Adding a game"):

- ``vocab.py``      the effect vocabulary: typed operations (msgspec tagged structs)
- ``cards.py``      the card data: loading and checking ``data/*.json``
- ``state.py``      everything that changes (msgspec structs; the kernel clones them)
- ``actions.py``    the action id space (``engine.actions.ActionSpace``)
- ``effects.py``    one handler per operation, run by the kernel's ``EffectRunner``
- ``decisions.py``  per decision kind: its legal answers and what an answer does
- ``phases.py``     the automatic steps between decisions
- ``rules.py``      the ``Game``: set-up, composing the above, scores
- ``view.py``       what each seat may see; re-dealt states for search
- ``bots.py``       the game's own bot judgement
- ``table.py``      each legal action's and decision's parts (``describe_action``,
                    ``describe_decision``), card texts, terminal panels, and what the web page's
                    board drawing needs beside the view
- ``locale/``       event texts, prompts and operation texts (``<lang>.json``), the page's
                    words (``ui.<lang>.json``), the rules summary (``rules.<lang>.json``)
- ``web/``          the browser's board drawing (``board.js``, ``board.css``)
- ``data/``         the card data

A game is offered to players once it declares an entry point in pyproject.toml
(``[project.entry-points."epochal.games"]``); the template declares none.
"""

from __future__ import annotations

from pathlib import Path

from epochal.agents.greedy import GreedyAgent
from epochal.engine.composed import ModuleGame

from . import cards, table, view
from .bots import prefer
from .rules import TributeRules


class Tribute(ModuleGame, TributeRules):  # views and tables: engine/composed.py
    views = view
    tables = table

    def display_name(self, text, lang="en"):
        k = self.index_of.get(text)
        return None if k is None else self.cards[k].name.get(lang) or self.cards[k].name["en"]

    # --- in words (table.py; the templates in locale/) -----------------------------------------
    def card_catalog(self):
        return table.catalog(self)

    def card_text(self, card, lang="en"):
        return table.card_text(self, card, lang)

    def describe_decision(self, state, seat):
        return table.decision(self, state, seat)

    def prompt_keys(self):
        return set(table.PROMPT_KEYS)

    def board_panels(self, state, seat, lang="en"):
        return table.panels(self, state, seat, lang)

    def heuristic_agent(self, seed: int = 0):
        return GreedyAgent(seed, prefer)


def make_game(data: str | None = None) -> Tribute:
    """The game bound to a card data file (``None``: the built-in deck)."""
    return Tribute(cards.load(Path(data) if data else cards.BUILTIN))
