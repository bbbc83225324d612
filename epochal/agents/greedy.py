"""A one-ply greedy agent over any game: try each legal action on a copy, keep the best estimate.

It sees only what ``determinize`` leaves its seat, so it never profits from hidden cards. Games
give it their own priors (``prefer``) where one ply cannot see far enough, and may have it judge
an action after the choices that belong to it (``follows``): an exhaust whose gain is the card it
then acquires is worth that card, not only the cost paid before the choice. A game may also have
it judge its turn's larger choices by playing the turn out (``plays_out``): each option is tried,
and the seat's decisions after it, to the next turn (``new_turn``), are taken by the agent
itself, so that what a turn choice brings shows in the position the turn ends in.
"""

from __future__ import annotations

import random

from epochal.engine import Game, State

FOLLOW_DEPTH = 3  # choices of an action's own that are answered (each at one ply) before judging it
PLAY_OUT_LIMIT = 40  # decisions of one play-out at most: a bound, should a turn go on and on


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0, prefer=None, follows=None, plays_out=None, new_turn=None):
        self.rng = random.Random(seed)
        self.prefer = prefer  # (game, state, seat, legal) -> an action, the actions to weigh, or None
        # (game, state, seat) -> whether the seat's decision in ``state`` belongs to the action
        # just taken (a choice inside its effect); None: every action is judged at one ply
        self.follows = follows
        # (game, state, seat) -> whether the seat's decision is judged by playing the turn out,
        # and whether a decision begins a new turn, where a play-out ends; None: none is
        self.plays_out = plays_out
        self.new_turn = new_turn

    def choose(self, game: Game, state: State, seat: int) -> int:
        legal = game.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        choice = self._advice(game, state, seat, legal)
        if isinstance(choice, int):
            return choice
        world = game.determinize(state, seat, self.rng)
        if self.plays_out is not None and self.plays_out(game, world, seat):
            return self._best(game, world, seat, choice, then=self._play_out)
        return self._best(game, world, seat, choice, then=self._follow if self.follows is not None else None)

    def _advice(self, game: Game, state: State, seat: int, legal: list[int]) -> int | list[int]:
        """The game's advice: the action to take, or the actions to weigh (all, without advice)."""
        choice = self.prefer(game, state, seat, legal) if self.prefer is not None else None
        return choice if isinstance(choice, int) else choice or legal

    def _best(self, game: Game, state: State, seat: int, actions: list[int], then=None) -> int:
        """The action whose outcome (after ``then`` carried it on: its own choices, or the rest
        of the turn) leads the others most."""
        best, best_value = actions[0], float("-inf")
        for action in actions:
            value = lead(self._outcome(game, state, seat, action, then), seat) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best

    def _outcome(self, game: Game, state: State, seat: int, action: int, then=None) -> list[float]:
        """The seats' estimates after ``action`` on a copy of ``state``, carried on by ``then``."""
        trial = state.clone()
        game.apply(trial, seat, action)
        if then is not None:
            then(game, trial, seat)
        return game.estimate(trial)

    def judge(self, game: Game, state: State, seat: int) -> dict[int, list[float]] | None:
        """The seats' estimates after each action the agent would weigh by playing the turn out
        (the same play-outs as ``choose``, on one re-deal of the seat's information set), or
        None for a decision it does not play out. A search takes them as its prior."""
        legal = game.legal(state, seat)
        if self.plays_out is None or len(legal) == 1 or not self.plays_out(game, state, seat):
            return None
        choice = self._advice(game, state, seat, legal)
        if isinstance(choice, int):
            return None
        world = game.determinize(state, seat, self.rng)
        return {action: self._outcome(game, world, seat, action, self._play_out) for action in choice}

    def _follow(self, game: Game, state: State, seat: int) -> None:
        """Answer up to FOLLOW_DEPTH choices that belong to the action just applied in ``state``,
        each by the game's advice or at one ply."""
        for _ in range(FOLLOW_DEPTH):
            if state.over or game.actors(state) != [seat] or not self.follows(game, state, seat):
                return
            choice = self._advice(game, state, seat, game.legal(state, seat))
            game.apply(state, seat, choice if isinstance(choice, int) else self._best(game, state, seat, choice))

    def _play_out(self, game: Game, state: State, seat: int) -> None:
        """Take the seat's decisions in ``state`` (a re-deal of its information set) as ``choose``
        would, without playing any out again, until a new turn begins or another seat decides."""
        follow = self._follow if self.follows is not None else None
        for _ in range(PLAY_OUT_LIMIT):
            if state.over or game.actors(state) != [seat] or self.new_turn(game, state, seat):
                return
            choice = self._advice(game, state, seat, game.legal(state, seat))
            if not isinstance(choice, int):
                choice = self._best(game, state, seat, choice, then=follow)
            game.apply(state, seat, choice)


def lead(values: list[float], seat: int) -> float:
    """The seat's estimate less the best other seat's (less 0 alone)."""
    return values[seat] - max((v for s, v in enumerate(values) if s != seat), default=0.0)
