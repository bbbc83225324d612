"""The face-up view of a finished game's replay (``open_view``): every seat's hand, hidden
foundations and draft packet (the alternative Lookout) are shown, each seat's entry exactly as
the seat's own view shows it; the decks stay hidden."""

from __future__ import annotations

import random

import pytest

from epochal.engine import get_game
from tests.support.open_view import check_open_views


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_open_view_shows_each_seat_as_its_own_view_does(players):
    assert check_open_views(get_game("imperial_settlers"), players, seed=players) > 20


def test_the_open_view_shows_every_draft_packet():
    game = get_game("imperial_settlers")
    assert check_open_views(game, 3, seed=7, options={"lookout": "draft"}) > 20
    st, rng = game.new(3, 7, {"lookout": "draft"}), random.Random(7)
    while not any(st.packets):
        seat = rng.choice(game.actors(st))
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
    opened = game.open_view(st)
    for seat in range(3):
        assert opened["seats"][seat]["packet"] == [game.cards[k].id for k in st.packets[seat]]
        assert "packet" not in game.view(st, (seat + 1) % 3)["seats"][seat]
