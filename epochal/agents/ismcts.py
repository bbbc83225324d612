"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration re-deals what the searching seat cannot see (``game.determinize``), walks one
shared tree with UCB over the actions legal in that deal (availability counts), expands one
node, plays the game's ``rollout_plies`` uniformly random plies (none in a game whose
``estimate`` counts what the coming turns bring) and scores the position with ``estimate``.
With a rollout policy (``ismcts:BUDGET:heuristic``) the rollout is POLICY_ROLLOUT_DEPTH plies of
it. Twelve random plies cost two thirds of an iteration (docs/benchmarks.md, "Search"). Simultaneous
steps are walked one seat at a time; the engine hides earlier choices from later seats' views,
and ``determinize`` re-guesses the other seats' hidden choices.
"""

from __future__ import annotations

import math
import random
import time

from epochal.engine import Game, State

EXPLORATION = 0.7
POLICY_ROLLOUT_DEPTH = 12  # plies of rollout with a rollout policy (the heuristic bot)
TEMPERATURE = 12.0  # score points that turn a lead into a near-certain win in the reward


class Node:
    __slots__ = ("player", "children", "visits", "reward", "avail", "score")

    def __init__(self, player: int):
        self.player = player  # the seat whose action led here; rewards are from its view
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.score = 0.0  # the sum of ``player``'s estimated scores (kept for the root's children only)


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """'200ms' / '2s' -> time budget in seconds; '500' -> iterations."""
    text = text.strip().lower()
    try:
        if text.endswith("ms"):
            return None, float(text[:-2]) / 1000
        if text.endswith("s"):
            return None, float(text[:-1])
        iterations = int(text)
    except ValueError:
        raise ValueError(
            f"ISMCTS budget {text!r} is neither a time like 200ms / 2s nor an iteration count like 500"
        ) from None
    if iterations <= 0:
        raise ValueError(f"ISMCTS needs at least one iteration, not {iterations}")
    return iterations, None


def rewards(game: Game, state: State) -> list[float]:
    """Per-seat reward in [0, 1]: a smooth function of the lead over the best other seat."""
    return rewards_of(game.estimate(state))


def rewards_of(values: list[float]) -> list[float]:
    """``rewards`` from the seats' estimated scores: the logistic of the lead over the best
    other seat, TEMPERATURE points of lead giving about 73%."""
    out = []
    for seat, value in enumerate(values):
        best_other = max((v for s, v in enumerate(values) if s != seat), default=0.0)  # solo: vs 0
        x = (value - best_other) / TEMPERATURE
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x)))))
    return out


class ISMCTSAgent:
    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        rollout=None,
        name: str = "ismcts",
        rollout_depth: int | None = None,
    ):
        if iterations is None and seconds is None:
            iterations = 500
        self.iterations = iterations
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.rollout_policy = rollout  # an agent for rollouts; None = uniform random
        # Plies of rollout; None: the game's ``rollout_plies``, or POLICY_ROLLOUT_DEPTH with a policy.
        self.rollout_depth = POLICY_ROLLOUT_DEPTH if rollout is not None and rollout_depth is None else rollout_depth
        self.name = name
        self.last_iterations = 0

    def choose(self, game: Game, state: State, seat: int) -> int:
        legal = game.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        root = self.search(game, state, seat)
        best = max(
            (a for a in legal if a in root.children), key=lambda a: (root.children[a].visits, root.children[a].reward)
        )
        return best

    def search(self, game: Game, state: State, seat: int) -> Node:
        """Run the budget from ``seat``'s information set in ``state``; the root, whose
        children (by action id) hold each action's visits, summed reward and summed estimated
        score for ``seat``. Only ``seat``'s legal actions are read from ``state`` itself: every
        iteration starts from a re-deal of what ``seat`` cannot see (``game.determinize``)."""
        root = Node(seat)
        rng = self.rng
        depth = game.rollout_plies if self.rollout_depth is None else self.rollout_depth
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            self._iterate(game, state, seat, root, rng, depth)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and (done & 7) == 0 and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root

    def _iterate(self, game: Game, root_state: State, seat: int, root: Node, rng, depth: int) -> None:
        state = game.determinize(root_state, seat, rng)
        node = root
        path = []
        while not state.over:
            actors = game.actors(state)
            # At the root the searching seat acts, even when a simultaneous step also waits for
            # seats before it; deeper, such steps are walked one seat at a time.
            actor = seat if node is root and seat in actors else min(actors)
            legal = game.legal(state, actor)
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = rng.choice(untried)
                child = children[action] = Node(actor)
                game.apply(state, actor, action)
                path.append(child)
                break
            best, best_value = legal[0], -1.0  # every value is above -1: rewards lie in [0, 1]
            for a in legal:
                c = children[a]
                c.avail += 1
                value = c.reward / c.visits + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            game.apply(state, actor, best)
            path.append(node)
        if depth:
            self._rollout(game, state, rng, depth)
        values = game.estimate(state)
        result = rewards_of(values)
        for n in path:
            n.visits += 1
            n.reward += result[n.player]
        if path:
            path[0].score += values[seat]

    def _rollout(self, game: Game, state: State, rng, depth: int) -> None:
        policy = self.rollout_policy
        for _ in range(depth):
            if state.over:
                return
            actor = min(game.actors(state))
            if policy is None:
                action = rng.choice(game.legal(state, actor))
            else:
                action = policy.choose(game, state, actor)
            game.apply(state, actor, action)
