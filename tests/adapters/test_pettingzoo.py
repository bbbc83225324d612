"""The PettingZoo adapter: PettingZoo's own API and seed tests on every registered game and
player count, plus what they do not check (illegal actions, rewards, no leaks)."""

from __future__ import annotations

import functools
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from epochal.adapters.pettingzoo import env, raw_env
from epochal.engine import IllegalAction, game_names, get_game

GAMES = [name for name in game_names() if get_game(name).observation_size]  # see test_openspiel
PLAYER_COUNTS = [
    (name, players) for name in GAMES for players in range(get_game(name).min_players, get_game(name).max_players + 1)
]
IDS = [f"{name}-{players}p" for name, players in PLAYER_COUNTS]

# api_test warns about these for any Dict observation (it exempts PettingZoo's own classic
# games by name); the Dict with "action_mask" is the documented convention for masks.
DICT_OBSERVATION_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)


def unexpected(caught) -> list[str]:
    return [str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)]


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=IDS)
def test_pettingzoo_api_test(name, players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game=name, players=players), num_cycles=1000, verbose_progress=False)
    assert unexpected(caught) == []


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=IDS)
def test_pettingzoo_seed_test(name, players):
    seed_test(functools.partial(env, game=name, players=players), num_cycles=1000)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_api_test_with_every_option(name):
    game = get_game(name)
    for options in game.option_sets()[1:]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            api_test(env(game=name, players=game.min_players, options=options), num_cycles=1000, verbose_progress=False)
        assert unexpected(caught) == []


def random_game(e, seed):
    """Play one game with random legal actions; return the summed rewards per agent."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return total


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=IDS)
def test_reset_seed_is_the_engine_seed_and_rewards_share_the_win(name, players):
    game = get_game(name)
    e = raw_env(game=name, players=players)
    e.reset(seed=1234)
    assert e.state_.to_json() == game.new(players, 1234).to_json()
    assert e.agents == [f"player_{i}" for i in range(players)]
    assert e.agent_selection == f"player_{min(game.actors(e.state_))}"
    total = random_game(e, 5)
    winners = game.winners(e.state_)
    assert total == {a: (1 / len(winners) if i in winners else 0.0) for i, a in enumerate(e.possible_agents)}
    # the same seed gives the same game; an unseeded reset follows the seeded sequence
    assert random_game(raw_env(game=name, players=players), 5) == total
    deals = []
    for seed in (9, 9, 10):
        e.reset(seed=seed)
        e.reset()
        deals.append(e.state_.to_json())
    assert deals[0] == deals[1] != deals[2]


@pytest.mark.parametrize("name", GAMES)
def test_observation_is_the_games_view_only(name):
    """observe() is Game.observation of that seat; re-dealing what the seat cannot see (the
    engine's determinize) leaves it unchanged; the mask is the legal actions of the agent to act."""
    game = get_game(name)
    players = game.max_players
    e = raw_env(game=name, players=players)
    e.reset(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if e.state_.over:
            break
        for i, agent in enumerate(e.possible_agents):
            obs = e.observe(agent)
            expected = np.asarray(game.observation(e.state_, i), np.float32)
            assert np.array_equal(obs["observation"], expected)
            hidden = game.determinize(e.state_, i, random.Random(rng.random()))
            assert game.observation(hidden, i) == game.observation(e.state_, i)
            legal = game.legal(e.state_, i) if agent == e.agent_selection else []
            assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(legal)
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(rng.choice(np.flatnonzero(mask).tolist()))


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action(name):
    game = get_game(name)
    players = game.min_players
    # raw: the engine's IllegalAction, nothing changes
    e = raw_env(game=name, players=players)
    e.reset(seed=1)
    seat = e.agent_name_mapping[e.agent_selection]
    illegal = next(a for a in range(game.num_actions) if a not in game.legal(e.state_, seat))
    before = e.state_.to_json()
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.state_.to_json() == before
    # wrapped (PettingZoo's convention): the game ends, -1 for the offender, 0 for the others
    w = env(game=name, players=players)
    w.reset(seed=1)
    offender = w.agent_selection
    w.step(illegal)
    final = {}
    for agent in w.agent_iter():
        _, reward, terminated, truncated, _ = w.last()
        assert terminated or truncated
        final[agent] = reward
        w.step(None)
    assert final == {a: (-1.0 if a == offender else 0.0) for a in w.possible_agents}
    # out of the action space: an assertion, as in PettingZoo's classic games
    w.reset(seed=1)
    with pytest.raises(AssertionError):
        w.step(game.num_actions)


@pytest.mark.parametrize("name", GAMES)
def test_render_shows_public_text(name):
    e = raw_env(game=name, players=get_game(name).min_players, render_mode="ansi")
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    e.step(int(np.flatnonzero(mask)[0]))
    text = e.render()
    assert isinstance(text, str) and "to act" in text
    with pytest.raises(ValueError):
        raw_env(game=name, render_mode="rgb_array")
