"""Checks every game's face-up view shares (``Game.open_view``, the finished game's replay with
every card face up): random games are played and, at every position, the open view must

* show each seat's entry exactly as that seat's own view shows it (its hand, its face-down cards);
* name every card some seat can see, and no other (a deck's order stays hidden);
* otherwise be the spectator's view: the same board, no legal actions, nobody's seat as "you";
  only the pending simultaneous decision may add each seat's hidden answer (``chosen``).
"""

from __future__ import annotations

import random

from epochal.engine import Game
from epochal.engine.hidden import seen_cards

# Parts the open view may add to the spectator's: the seats' entries (checked against each
# seat's own view), the card data of the cards shown, the pending decision's answers.
PERSONAL = ("seats", "cards", "decision")


def check_open_views(game: Game, players: int, seed: int, every: int = 1, options: dict | None = None) -> int:
    """Play a random game, checking the open view at every ``every``-th position; returns the
    number of positions checked."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    checked = 0
    while True:
        if state.ply % every == 0 or state.over:
            check_position(game, state)
            checked += 1
        if state.over:
            return checked
        seat = rng.choice(game.actors(state))
        game.apply(state, seat, rng.choice(game.legal(state, seat)))


def check_position(game: Game, state) -> None:
    opened = game.open_view(state)
    assert opened is not None, f"{game.name} has no open view"
    spectator = game.view(state, None)
    seen = seen_cards(game, spectator)
    for seat in range(state.players):
        own = game.view(state, seat)
        assert opened["seats"][seat] == own["seats"][seat], f"ply {state.ply}: seat {seat} differs from its own view"
        seen |= seen_cards(game, own)
    assert seen_cards(game, opened) == seen, f"ply {state.ply}: the open view names other cards than the seats see"
    assert {k: v for k, v in opened.items() if k not in PERSONAL} == {
        k: v for k, v in spectator.items() if k not in PERSONAL
    }
    assert not opened.get("legal") and opened.get("you") is None
    decision, public = opened.get("decision"), spectator.get("decision")
    if isinstance(decision, dict):
        chosen = decision.pop("chosen", None)
        frame = state.stack[-1] if state.stack else None
        if chosen is not None:
            assert frame is not None and chosen == {str(s): a for s, a in frame.chosen.items()}
    assert decision == public
