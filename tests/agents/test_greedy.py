"""Every game's heuristic bot (the greedy agent and its game's advice), and Imperium's planner,
sees only its seat's information set: against a re-dealt position that looks the same to the
seat, it makes the same choice, and it leaves the real position as it was."""

from __future__ import annotations

import pytest

from epochal.agents import make_agent
from epochal.engine import get_game

from .conftest import redealt_positions


@pytest.mark.parametrize(
    "name,bot",
    [(name, "heuristic") for name in ("hadara", "guns_and_steel", "imperium", "imperial_settlers")]
    + [("imperium", "planner")],
)
def test_the_heuristic_bot_chooses_alike_in_positions_its_seat_cannot_tell_apart(name, bot):
    game = get_game(name)
    checked = 0
    for state, seat, redealt in redealt_positions(game):
        before = state.to_json()
        chosen = make_agent(bot, game, 5).choose(game, state, seat)
        assert chosen == make_agent(bot, game, 5).choose(game, redealt, seat)
        assert state.to_json() == before, "choosing must not touch the real state"
        checked += 1
    assert checked >= 6
