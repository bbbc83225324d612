"""``scoring.counted`` gives each count's filter its matching cards once per game (R263: with
how many cards each counts as). It must equal the scan of every card for every filter a count
of the card data names, in both boxes."""

from __future__ import annotations

import msgspec

from epochal.games.imperium import scoring, shared
from epochal.games.imperium.vocab import Count
from tests.games.imperium.scenario import imperium


def counts_in(value, found: list) -> list:
    """Every ``Count`` inside ``value`` (card data: structs, lists and dicts of them)."""
    if isinstance(value, Count):
        found.append(value)
    if isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            counts_in(getattr(value, field), found)
    elif isinstance(value, list | tuple):
        for item in value:
            counts_in(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            counts_in(item, found)
    return found


def test_counted_equals_a_scan_of_every_card_for_every_filter_of_the_data() -> None:
    game = imperium()
    filters = []
    for spec in counts_in(game.cards, []):
        f = spec.in_play if spec.in_play is not None else spec.filter if spec.zone is not None else None
        if f is not None and f.region_type is None:  # region icons are counted icon by icon
            filters.append(f)
    assert len(filters) >= 20  # the data's "per card" counts: VP lines and effects
    for f in filters:
        scanned = {k: shared.region_weight(game, k, f) for k in range(game.n_cards) if shared.matches(game, k, f)}
        assert scoring.counted(game, f) == scanned
        assert scoring.counted(game, f) is scoring.counted(game, f)  # worked out once
    assert scoring.counted(game, None) == dict.fromkeys(range(game.n_cards), 1)  # "every card"
