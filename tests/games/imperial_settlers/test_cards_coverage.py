"""Every distinct card is covered by a test (``@covers``); the catalogue matches the data."""

from epochal import coverage
from epochal.games.imperial_settlers import make_game


def test_every_card_is_covered_by_a_test():
    game = make_game()
    catalog = game.card_catalog()
    assert len(catalog) == 142  # 54 common + 4 x 18 distinct + 16 solo attack cards
    tested = coverage.tested_ids("imperial_settlers")
    untested = [row["id"] for row in catalog if row["id"] not in tested]
    assert untested == []
