"""``shared.active`` looks only at the cards ``passive_holders`` names for a kind: the same answer
as a scan of the seat's play area and power cards, for every seat and kind after every action.

The index is derived from the card data alone (either face of a card), so it holds for every
state, cloned or not; this checks that claim over seeded random games.
"""

from __future__ import annotations

import random

from epochal.games.imperium import shared
from tests.games.imperium.scenario import imperium


def scanned(game, st, seat: int, kind) -> list:
    """The seat's active passives of ``kind`` by a scan of every card it has in play and its power cards."""
    p = st.seats[seat]
    out = [x for k in p.play if game.cards[k].passive for x in game.cards[k].passive if type(x) is kind]
    for k in shared.power_cards(p):
        out += [x for x in game.face(k, shared.side_of(p, k)).passive if type(x) is kind]
    return out


def test_passive_holders_name_every_card_with_a_passive_of_the_kind() -> None:
    game = imperium()
    for i, c in enumerate(game.cards):
        for face in (c, c.side_b):
            for x in face.passive if face is not None else ():
                assert i in game.passive_holders[type(x)]
    for kind, holders in game.passive_holders.items():
        for i in holders:
            faces = [f for f in (game.cards[i], game.cards[i].side_b) if f is not None]
            assert any(type(x) is kind for f in faces for x in f.passive)


def test_active_equals_a_scan_after_every_action() -> None:
    game = imperium()
    kinds = list(game.passive_holders)
    found = 0
    for players, seed in ((2, 0), (3, 1), (4, 2), (4, 3)):
        rng = random.Random(seed)
        st = game.new(players, seed)
        while not st.over:
            seat = rng.choice(game.actors(st))
            game.apply(st, seat, rng.choice(game.legal(st, seat)))
            for i in range(st.players):
                for kind in kinds:
                    got = shared.active(game, st, i, kind)
                    assert got == scanned(game, st, i, kind)
                    found += len(got)
    assert found > 0  # some passives were active: the index's non-empty path ran
