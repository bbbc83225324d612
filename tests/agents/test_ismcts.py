"""ISMCTS: budgets, reproducibility, legality, and that it cannot peek at hidden cards."""

from __future__ import annotations

import random

import pytest

from epochal.agents import make_agent
from epochal.agents.ismcts import parse_budget
from epochal.engine import OptionError, get_game
from epochal.sim.simulate import play_game


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
