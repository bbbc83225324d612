"""The face-up view of a finished game's replay (``open_view``): every seat's drawn cards and
simultaneous choice (R33) and secret Phase A sales (R43) are shown, each seat's entry exactly as
the seat's own view shows it; the colony backs not annexed (R50) and the decks stay hidden."""

from __future__ import annotations

import pytest

from epochal.engine import get_game
from epochal.games.hadara import actions as A
from tests.games.hadara.scenario import fresh
from tests.support.open_view import check_open_views


@pytest.mark.parametrize("players", [2, 5])
def test_the_open_view_shows_each_seat_as_its_own_view_does(players):
    assert check_open_views(get_game("hadara"), players, seed=players) > 50


def test_R33_the_open_view_shows_every_drawn_hand_and_each_hidden_choice():
    game, st = fresh(3, seed=5)
    game.apply(st, st.first[0], A.WHEEL + 1)
    opened = game.open_view(st)
    for seat in range(3):
        assert opened["seats"][seat]["hand"] == [game.card_id[k] for k in st.seats[seat].hand]
    choice = game.legal(st, 0)[-1]
    game.apply(st, 0, choice)
    assert game.open_view(st)["decision"]["chosen"] == {"0": choice}
    assert "chosen" not in game.view(st, 1)["decision"]
