"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration re-deals what the searching seat cannot see (``game.determinize``, through the
root's ``game.dealer``, which a game may plan once per search), walks one shared tree with UCB
over the actions legal in that deal (availability counts), expands one node, plays the game's
``rollout_plies`` uniformly random plies (none in a game whose ``estimate`` counts what the
coming turns bring) and scores the position with ``estimate``.
With a rollout policy (``ismcts:BUDGET:heuristic``) the rollout is POLICY_ROLLOUT_DEPTH plies of
it. Twelve random plies cost two thirds of an iteration (docs/benchmarks.md, "Search").

A game with a planner (``Game.planner_agent``) gives the root its prior knowledge (Gelly &
Silver 2007): where the planner plays the turn out before it chooses, the estimate after each
option's play-out weighs in every option's mean reward at the root as PRIOR_SHARE of the
iterations run so far. The estimate alone cannot see what an option brings only by the plays
after it (Imperium's Activate), and more iterations do not correct that, so the prior's weight
grows with them (docs/benchmarks.md, "The planner as the search's prior").

Simultaneous steps are walked one seat at a time; the engine hides earlier choices from later
seats' views, and ``determinize`` re-guesses the other seats' hidden choices.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from epochal.engine import Game, State

EXPLORATION = 0.7
POLICY_ROLLOUT_DEPTH = 12  # plies of rollout with a rollout policy (the heuristic bot)
PRIOR_SHARE = 0.4  # the planner's judgement at the root, as a share of the iterations run
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


class Root(Node):
    """The searching seat's root, with the prior knowledge its children's means include."""

    __slots__ = ("prior", "weight")

    def __init__(self, player: int):
        super().__init__(player)
        self.prior: dict[int, tuple[float, float]] = {}  # action -> reward and score of its play-out
        self.weight = 0.0  # how many iterations the prior counts for

    def means(self, action: int) -> tuple[float, float] | None:
        """The action's mean reward and mean estimated score, with the prior's weight (None:
        never tried)."""
        child = self.children.get(action)
        visits = child.visits if child else 0
        reward, score = child.reward if child else 0.0, child.score if child else 0.0
        weight = self.weight if action in self.prior else 0.0
        if weight:
            reward += weight * self.prior[action][0]
            score += weight * self.prior[action][1]
        if not visits + weight:
            return None
        return reward / (visits + weight), score / (visits + weight)


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
    if len(values) == 1:
        others = [0.0]  # solo: the lead over nothing
    else:
        top = max(values)
        first = values.index(top)
        second = max(v for s, v in enumerate(values) if s != first)
        others = [second if s == first else top for s in range(len(values))]
    exp = math.exp
    leads = [(v - o) / TEMPERATURE for v, o in zip(values, others, strict=True)]
    return [1.0 / (1.0 + exp(-max(-30.0, min(30.0, x)))) for x in leads]


class ISMCTSAgent:
    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        rollout=None,
        name: str = "ismcts",
        rollout_depth: int | None = None,
        prior: bool = True,
    ):
        if iterations is None and seconds is None:
            iterations = 500
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)
        self.rollout_policy = rollout  # an agent for rollouts; None = uniform random
        # Plies of rollout; None: the game's ``rollout_plies``, or POLICY_ROLLOUT_DEPTH with a policy.
        self.rollout_depth = POLICY_ROLLOUT_DEPTH if rollout is not None and rollout_depth is None else rollout_depth
        self.name = name
        self.prior = prior  # take the game's planner's judgement as the root's prior, if it has one
        self._planner: tuple[Game, Any] | None = None  # the game searched last, and its planner
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

    def search(self, game: Game, state: State, seat: int) -> Root:
        """Run the budget from ``seat``'s information set in ``state``; the root, whose
        children (by action id) hold each action's visits, summed reward and summed estimated
        score for ``seat``, and whose ``means`` add the prior's weight to them. Only ``seat``'s
        legal actions are read from ``state`` itself: every iteration starts from a re-deal of
        what ``seat`` cannot see (``game.determinize``)."""
        root = Root(seat)
        root.prior = self._prior(game, state, seat)
        rng = self.rng
        depth = game.rollout_plies if self.rollout_depth is None else self.rollout_depth
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        legal = game.legal(state, seat)
        deal = game.dealer(state, seat)
        done = 0
        while True:
            self._iterate(game, deal, seat, root, legal, rng, depth)
            done += 1
            root.weight = PRIOR_SHARE * done
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and (done & 7) == 0 and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root

    def _prior(self, game: Game, state: State, seat: int) -> dict[int, tuple[float, float]]:
        """Each action's reward and estimated score for ``seat`` after the game's planner played
        it out, where the planner plays this decision out; else empty."""
        if not self.prior:
            return {}
        if self._planner is None or self._planner[0] is not game:
            self._planner = (game, game.planner_agent(self.seed))
        planner = self._planner[1]
        judged = planner.judge(game, state, seat) if planner is not None else None
        return {action: (rewards_of(values)[seat], values[seat]) for action, values in (judged or {}).items()}

    def _iterate(self, game: Game, deal, seat: int, root: Root, root_legal: list[int], rng, depth: int) -> None:
        state = deal(rng)  # the root re-dealt: game.determinize
        node: Node = root
        path = []
        while not state.over:
            if node is root:
                # the searching seat acts at the root, even when a simultaneous step also waits
                # for seats before it, and has the same actions in every re-deal: the ones it sees
                actor, legal = seat, root_legal
            else:  # deeper, simultaneous steps are walked one seat at a time
                actor = min(game.actors(state))
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
            prior = root.prior if node is root else None
            for a in legal:
                c = children[a]
                c.avail += 1
                if prior and a in prior:
                    mean = (c.reward + root.weight * prior[a][0]) / (c.visits + root.weight)
                else:
                    mean = c.reward / c.visits
                value = mean + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
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
        if policy is None:
            game.random_plies(state, rng, depth)
            return
        for _ in range(depth):
            if state.over:
                return
            actor = min(game.actors(state))
            game.apply(state, actor, policy.choose(game, state, actor))
