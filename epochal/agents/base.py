"""The agent protocol, the random agent and agent names (``random``, ``heuristic``)."""

from __future__ import annotations

import random
from typing import Protocol

from epochal.engine import Game, OptionError, State

AGENT_NAMES = ("random", "heuristic")


class Agent(Protocol):
    name: str

    def choose(self, game: Game, state: State, seat: int) -> int:
        """An action id from ``game.legal(state, seat)``."""


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, state: State, seat: int) -> int:
        return self.rng.choice(game.legal(state, seat))


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    """An agent from its name; raises OptionError naming the valid names."""
    name = spec.strip().lower()
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        agent = game.heuristic_agent(seed)
        if agent is None:
            raise OptionError(f"{game.name} has no heuristic bot")
        return agent
    raise OptionError(f"unknown agent {spec!r} (agents: {', '.join(AGENT_NAMES)})")


def parse_agents(spec: str | None, game: Game, players: int) -> list[str]:
    """Agent names per seat from 'a,b,c'; one name applies to all seats; default random."""
    names = [s.strip() for s in (spec or "random").split(",") if s.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise OptionError(f"{len(names)} agents given for {players} seats")
    for name in names:
        make_agent(name, game)                # validates the name
    return names
