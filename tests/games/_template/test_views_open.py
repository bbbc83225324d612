"""The face-up view of a finished game's replay (``open_view``): every seat's hand, as each
seat's own view shows it; the deck stays hidden."""

from __future__ import annotations

from tests.support.open_view import check_open_views

from .scenario import GAME


def test_the_open_view_shows_each_seat_as_its_own_view_does():
    assert check_open_views(GAME, 3, seed=2) > 5
