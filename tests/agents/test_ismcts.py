"""ISMCTS: budgets, reproducibility, legality, and that it cannot peek at hidden cards."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from epochal.agents import make_agent
from epochal.agents.ismcts import parse_budget
from epochal.engine import OptionError, get_game
from epochal.sim.simulate import play_game

from .conftest import redealt_positions


def position(players=3, seed=4, plies=12):
    game = get_game("hadara")
    state = game.new(players, seed, {"mode": "basic"})
    rng = random.Random(seed)
    for _ in range(plies):
        seat = game.actors(state)[0]
        game.apply(state, seat, rng.choice(game.legal(state, seat)))
    return game, state


def test_budgets_parse_and_bad_names_are_rejected():
    assert parse_budget("200ms") == (None, 0.2)
    assert parse_budget("2s") == (None, 2.0)
    assert parse_budget("500") == (500, None)
    game = get_game("hadara")
    for bad in ("ismcts:fast", "ismcts:0", "ismcts:10:greedy", "ismcts:1:2:3", "ismcts:10:-1", "ismcts:10:1001"):
        with pytest.raises(OptionError):
            make_agent(bad, game)
    assert make_agent("ismcts:50:heuristic", game).rollout_policy is not None
    assert make_agent("ismcts:50:none", game).rollout_depth == 0  # the estimate alone
    assert make_agent("ismcts:50", game).rollout_depth is None  # the game's own rollout_plies
    assert make_agent("ismcts:50:4", game).rollout_depth == 4  # four random plies
    assert make_agent("ismcts:50:0", game).rollout_depth == 0
    for bad in ("ismcts:10:²", "ismcts:10:00001", "ismcts:10:4.5"):  # digits of another script, too long, not whole
        with pytest.raises(OptionError):
            make_agent(bad, game)


def test_iteration_budget_is_reproducible_and_legal():
    game, state = position()
    seat = min(game.actors(state))
    before = state.to_json()
    picks = {make_agent("ismcts:150", game, seed=9).choose(game, state, seat) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(game.legal(state, seat))
    assert state.to_json() == before, "searching must not touch the real state"


def test_search_cannot_see_hidden_cards():
    """Two positions that look the same to the seat (other decks' order differs) get the same move."""
    game, state = position(plies=3)
    seat = min(game.actors(state))
    other = state.clone()
    for deck in other.decks:
        deck.reverse()  # hidden: the order of every face-down deck
    other.seats[(seat + 1) % 3].hand.reverse()
    assert game.view(other, seat) == game.view(state, seat)
    a = make_agent("ismcts:120", game, seed=3).choose(game, state, seat)
    b = make_agent("ismcts:120", game, seed=3).choose(game, other, seat)
    assert a == b


@pytest.mark.slow
def test_ismcts_beats_random_in_two_player_games():
    game = get_game("hadara")
    wins = 0
    for i in range(3):
        agents = ["ismcts:60", "random"] if i % 2 == 0 else ["random", "ismcts:60"]
        result = play_game(game, 2, 100 + i, agents, {"mode": "basic"})
        assert result.error is None
        wins += agents.index("ismcts:60") in result.winners
    assert wins >= 2


@pytest.mark.parametrize("name", ["hadara", "guns_and_steel", "imperium", "imperial_settlers"])
def test_every_games_search_reads_only_its_seats_information_set(name):
    """Against a re-dealt position that looks the same to the seat, the search's root is the
    same, draw for draw: its every iteration re-deals, and Imperium's root prior (the planner's
    play-outs) plays out on a re-deal too."""
    from epochal.agents.ismcts import ISMCTSAgent

    game = get_game(name)
    checked = judged = 0
    for state, seat, redealt in redealt_positions(game):
        if len(game.legal(state, seat)) < 2:
            continue
        before = state.to_json()
        roots = []
        for position in (state, redealt):
            agent = ISMCTSAgent(60, seed=5)
            root = agent.search(game, position, seat)
            roots.append({a: (c.visits, round(c.reward, 9), round(c.score, 6)) for a, c in root.children.items()})
            judged += bool(agent._prior(game, position, seat))
        assert roots[0] == roots[1]
        assert state.to_json() == before, "searching must not touch the real state"
        checked += 1
    assert checked >= 5
    if name == "imperium":
        assert judged, "no position of the planner's play-outs was searched"


@given(st.lists(st.floats(-500, 500) | st.integers(-500, 500).map(float), min_size=1, max_size=5))
def test_rewards_are_the_logistic_of_each_seats_lead_over_the_best_other(values):
    from epochal.agents.ismcts import TEMPERATURE, rewards_of

    for seat, reward in enumerate(rewards_of(values)):
        best_other = max((v for s, v in enumerate(values) if s != seat), default=0.0)
        x = max(-30.0, min(30.0, (values[seat] - best_other) / TEMPERATURE))
        assert reward == pytest.approx(1.0 / (1.0 + math.exp(-x)), abs=1e-12)
