"""A one-ply greedy agent over any game: try each legal action on a copy, keep the best estimate.

It sees only what ``determinize`` leaves its seat, so it never profits from hidden cards. Games
give it their own priors (``prefer``) where one ply cannot see far enough, and may have it judge
an action after the choices that belong to it (``follows``): an exhaust whose gain is the card it
then acquires is worth that card, not only the cost paid before the choice.
"""

from __future__ import annotations

import random

from epochal.engine import Game, State

FOLLOW_DEPTH = 3  # choices of an action's own that are answered (each at one ply) before judging it


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0, prefer=None, follows=None):
        self.rng = random.Random(seed)
        self.prefer = prefer  # (game, state, seat, legal) -> an action, the actions to weigh, or None
        # (game, state, seat) -> whether the seat's decision in ``state`` belongs to the action
        # just taken (a choice inside its effect); None: every action is judged at one ply
        self.follows = follows

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
        return self._best(game, world, seat, legal, follow=self.follows is not None)

    def _best(self, game: Game, state: State, seat: int, actions: list[int], follow: bool) -> int:
        """The action whose outcome (after its own choices, with ``follow``) leads the others most."""
        best, best_value = actions[0], float("-inf")
        for action in actions:
            trial = state.clone()
            game.apply(trial, seat, action)
            if follow:
                self._follow(game, trial, seat)
            values = game.estimate(trial)
            others = [v for s, v in enumerate(values) if s != seat]
            value = values[seat] - (max(others) if others else 0) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best

    def _follow(self, game: Game, state: State, seat: int) -> None:
        """Answer up to FOLLOW_DEPTH choices that belong to the action just applied in ``state``,
        each by the game's advice or at one ply."""
        for _ in range(FOLLOW_DEPTH):
            if state.over or game.actors(state) != [seat] or not self.follows(game, state, seat):
                return
            legal = game.legal(state, seat)
            choice = self.prefer(game, state, seat, legal) if self.prefer is not None else None
            if not isinstance(choice, int):
                choice = self._best(game, state, seat, choice or legal, follow=False)
            game.apply(state, seat, choice)
