"""Every registered epochal game as a PettingZoo AEC environment.

    from epochal.adapters.pettingzoo import env
    e = env(game="hadara", players=3)
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        done = terminated or truncated
        e.step(None if done else e.action_space(agent).sample(obs["action_mask"]))

* Agents are ``player_0`` ... ``player_<n-1>`` (engine seats 0..n-1).
* Observations: ``{"observation": Box float32 (Game.observation_size,),
  "action_mask": Box int8 (Game.num_actions,)}``; built from the engine's view of that seat,
  so they never leak. The mask is the agent's legal actions when it is the agent to act, zeros
  otherwise.
* Simultaneous steps are sequentialized: the agent to act is the lowest seat that still owes
  its choice; the engine keeps each choice hidden until all have chosen.
* Rewards come at the end only: the winners share 1 equally, the others get 0 (the same
  convention as the OpenSpiel adapter). There is no truncation.
* ``reset(seed=s)`` plays the engine seed ``s`` (the same deal as ``epochal play --seed s``);
  ``reset()`` without a seed takes the next seed of a sequence started by the last seeded
  reset (or by the operating system's entropy). ``reset(options=...)`` is ignored: the rules
  options are fixed when the environment is built.
* ``env()`` wraps the raw environment with PettingZoo's standard wrappers, as its classic games
  do: an illegal action ends the game with reward -1 for the agent that played it
  (``TerminateIllegalWrapper``), an action outside the space fails an assertion, and calls in a
  wrong order are caught. ``raw_env()`` raises the engine's ``IllegalAction`` instead.

Docs: docs/adapters.md.
"""

from __future__ import annotations

import random

from epochal.extras import missing

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as exc:
    raise missing(exc.name or "pettingzoo", "research", "the PettingZoo adapter") from None

from epochal.engine import IllegalAction, State, get_game, visible
from epochal.engine.locale import render as render_event

from . import require_observation, win_shares

# Box bounds of the observation: the vectors hold counts, flags and scores, far inside them.
OBSERVATION_BOUND = 1e6
ILLEGAL_REWARD = -1.0
RENDER_MODES = ["human", "ansi"]


def env(game: str = "hadara", players: int = 3, options: dict | None = None, render_mode: str | None = None) -> AECEnv:
    """The AEC environment of ``game``, wrapped as PettingZoo's classic environments are."""
    out = raw_env(game, players, options, render_mode)
    out = wrappers.TerminateIllegalWrapper(out, illegal_reward=ILLEGAL_REWARD)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """One epochal game as an AEC environment (no wrappers: illegal actions raise)."""

    metadata = {"render_modes": RENDER_MODES, "name": "epochal_v0", "is_parallelizable": False}

    def __init__(
        self, game: str = "hadara", players: int = 3, options: dict | None = None, render_mode: str | None = None
    ):
        super().__init__()
        self.game = get_game(game)
        self.options = self.game.configure(players, options)  # OptionError if invalid
        self.players = players
        size = require_observation(self.game)
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"epochal_{game}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.game.num_actions
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self.state_: State | None = None  # None before the first reset()
        self.seed_: int | None = None
        self._seeds = random.Random()
        self._events: list[dict] = []

    # --- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --- the AEC API ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            self.seed_ = int(seed)
        else:
            self.seed_ = self._seeds.getrandbits(63)
        self.state_ = self.game.new(self.players, self.seed_, self.options)
        self._events = []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self._to_act()

    @property
    def _live(self) -> State:
        """The engine state of the game being played."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def _to_act(self) -> str:
        actors = self.game.actors(self._live)
        return self.possible_agents[min(actors)] if actors else self.agent_selection

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        state = self._live
        obs = np.asarray(self.game.observation(state, seat), dtype=np.float32)
        mask = np.zeros(self.game.num_actions, np.int8)
        if agent == self.agent_selection and not state.over:
            mask[self.game.legal(state, seat)] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        if action is None:
            raise IllegalAction(
                f"{agent} must choose an action (None is only for agents whose game is over)", "protocol"
            )
        state = self._live
        self._cumulative_rewards[agent] = 0.0
        self._events = self.game.apply(state, seat, int(action))  # IllegalAction
        self._clear_rewards()
        if state.over:
            for a, share in zip(self.possible_agents, win_shares(self.game, state), strict=False):
                self.rewards[a] = share
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        else:
            self.agent_selection = self._to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- rendering (public information only) ---------------------------------------------------
    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = self._text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _text(self) -> str:
        st = self.state_
        if st is None:
            return f"{self.game.title}: call reset() first"
        lines = [render_event(self.game.name, ev) for ev in visible(self._events, None)]
        if st.over:
            totals = [s.total for s in self.game.scores(st)]
            lines.append(f"{self.game.title} is over: scores {totals}, winners {self.game.winners(st)}")
        else:
            lines.append(f"{self.game.title}, action {st.ply}: {self.agent_selection} to act")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""
