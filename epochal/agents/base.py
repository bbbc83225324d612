"""The agent protocol, the random agent and agent names (``random``, ``heuristic``, ``planner``)."""

from __future__ import annotations

import random
from typing import Protocol

from epochal.engine import Game, OptionError, State

AGENT_NAMES = ("random", "heuristic", "planner", "ismcts:BUDGET[:heuristic]")
MAX_SECONDS = 3600.0  # an ISMCTS time budget per decision: more than 0, at most an hour
MAX_ITERATIONS = 10_000_000  # an ISMCTS iteration budget per decision
MAX_PLIES = 1000  # random plies of an ISMCTS rollout (ismcts:BUDGET:PLIES)


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
    if name in ("heuristic", "planner"):
        agent = game.heuristic_agent(seed) if name == "heuristic" else game.planner_agent(seed)
        if agent is None:
            raise OptionError(f"{game.name} has no {name} bot")
        return agent
    if name == "ismcts" or name.startswith("ismcts:"):
        return _ismcts(name, game, seed)
    raise OptionError(f"unknown agent {spec!r} (agents: {', '.join(AGENT_NAMES)})")


def _ismcts(name: str, game: Game, seed: int) -> Agent:
    """'ismcts', 'ismcts:200ms', 'ismcts:500' (the game's ``rollout_plies`` of random rollout),
    'ismcts:2s:heuristic' (heuristic rollouts), 'ismcts:500:none' (no rollout: each new node is
    scored by the game's estimate alone), 'ismcts:500:4' (4 random plies)."""
    from .ismcts import ISMCTSAgent, parse_budget

    parts = name.split(":")
    budget = parts[1] if len(parts) > 1 else "500"
    rollout = parts[2] if len(parts) > 2 else "random"
    plies = int(rollout) if rollout.isascii() and rollout.isdigit() and len(rollout) <= len(str(MAX_PLIES)) else None
    if len(parts) > 3 or (rollout not in ("random", "heuristic", "none") and plies is None) or (plies or 0) > MAX_PLIES:
        raise OptionError(
            f"agent {name!r}: write ismcts:BUDGET, ismcts:BUDGET:heuristic, ismcts:BUDGET:none or "
            f"ismcts:BUDGET:PLIES (0 to {MAX_PLIES} random plies)"
        )
    try:
        iterations, seconds = parse_budget(budget)
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # also NaN
        raise OptionError(
            f"agent {name!r}: a time budget is more than 0 and at most {MAX_SECONDS:.0f}s, not {budget!r}"
        )
    if iterations is not None and iterations > MAX_ITERATIONS:
        raise OptionError(f"agent {name!r}: at most {MAX_ITERATIONS} iterations, not {budget!r}")
    policy = make_agent("heuristic", game, seed) if rollout == "heuristic" else None
    depth = 0 if rollout == "none" else plies
    return ISMCTSAgent(iterations, seconds, seed, policy, name=name, rollout_depth=depth)


def parse_agents(spec: str | None, game: Game, players: int) -> list[str]:
    """Agent names per seat from 'a,b,c'; one name applies to all seats; default (None) random.
    An empty spec or an empty name between commas is refused."""
    names = [s.strip() for s in ("random" if spec is None else spec).split(",")]
    if not all(names):
        raise OptionError(f"agents are names separated by commas (e.g. heuristic,random), not {spec!r}")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise OptionError(f"{len(names)} agents given for {players} seats")
    for name in names:
        make_agent(name, game)  # validates the name
    return names
