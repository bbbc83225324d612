"""The face-up view of a finished game's replay (``open_view``): every seat's hand, history and
sunken pile (R184, R188) are shown, each seat's entry exactly as the seat's own view shows it,
and the cards a deciding seat is offered; the decks stay hidden."""

from __future__ import annotations

import pytest

from epochal.engine import get_game
from tests.support.open_view import check_open_views


@pytest.mark.parametrize("players", [2, 4])
def test_the_open_view_shows_each_seat_as_its_own_view_does(players):
    assert check_open_views(get_game("imperium"), players, seed=1, every=1 if players == 2 else 3) > 50


def test_the_open_view_names_every_hand_card():
    game = get_game("imperium")
    st = game.new(3, 4)
    opened = game.open_view(st)
    for seat in range(3):
        hand = [game.cards[k].id for k in st.seats[seat].hand]
        assert hand and opened["seats"][seat]["hand"] == hand
        assert set(hand) <= set(opened["cards"])
        assert "hand" not in game.view(st, (seat + 1) % 3)["seats"][seat]
