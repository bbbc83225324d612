"""A one-ply greedy agent over any game: try each legal action on a copy, keep the best estimate.

It sees only what ``determinize`` leaves its seat, so it never profits from hidden cards. Games
give it their own priors (``prefer``) where one ply cannot see far enough.
"""

from __future__ import annotations

import random

from epochal.engine import Game, State


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0, prefer=None):
        self.rng = random.Random(seed)
        self.prefer = prefer  # (game, state, seat, legal) -> an action, the actions to weigh, or None

    def choose(self, game: Game, state: State, seat: int) -> int:
        legal = game.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        if self.prefer is not None:
            choice = self.prefer(game, state, seat, legal)
            if isinstance(choice, list):  # weigh only these
                legal = choice or legal
            elif choice is not None:
                return choice
        world = game.determinize(state, seat, self.rng)
        best, best_value = legal[0], float("-inf")
        for action in legal:
            trial = world.clone()
            game.apply(trial, seat, action)
            values = game.estimate(trial)
            others = [v for s, v in enumerate(values) if s != seat]
            value = values[seat] - (max(others) if others else 0) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best
