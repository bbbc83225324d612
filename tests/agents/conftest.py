"""Positions that a seat cannot tell apart, for the agents' hidden-information tests."""

from __future__ import annotations

import random


def redealt_positions(game, count: int = 8):
    """(state, seat, re-deal) along seeded random three-player games: the deciding seat's view of
    the re-deal, whose hidden cards are dealt anew, is its view of the state."""
    for i in range(count):
        rng = random.Random(i)
        state = game.new(3, i)
        for _ in range(30 + 7 * i):
            if state.over:
                break
            seat = min(game.actors(state))
            game.apply(state, seat, rng.choice(game.legal(state, seat)))
        if state.over:
            continue
        seat = min(game.actors(state))
        redealt = game.determinize(state, seat, random.Random(99))
        assert game.view(redealt, seat) == game.view(state, seat)
        yield state, seat, redealt
