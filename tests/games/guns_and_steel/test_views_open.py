"""The face-up view of a finished game's replay (``open_view``): every hand and the technology
side of every card kept resource side up (A33, R33) are shown, each seat's entry exactly as the
seat's own view shows it; nothing else differs from a spectator's view."""

from __future__ import annotations

import pytest

from epochal.games.guns_and_steel import make_game
from tests.games.guns_and_steel.scenario import fresh, place
from tests.support.open_view import check_open_views


@pytest.mark.parametrize("players", [2, 4])
def test_the_open_view_shows_each_seat_as_its_own_view_does(players):
    assert check_open_views(make_game(), players, seed=players, every=1 if players == 2 else 3) > 50


def test_R33_the_open_view_shows_the_technology_side_of_resource_cards():
    game, st = fresh(3)
    place(game, st, 1, resource=["C01-blue"], tech=["C04-blue"])
    assert game.view(st, 0)["seats"][1]["zone"][0]["card"] is None
    assert game.open_view(st)["seats"][1]["zone"] == game.view(st, 1)["seats"][1]["zone"]
    assert game.open_view(st)["seats"][1]["zone"][0]["card"] == "C01-blue"
    assert "C01-blue" in game.open_view(st)["cards"]
