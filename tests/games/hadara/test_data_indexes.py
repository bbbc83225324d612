"""The lookups precomputed from Hadara's static data answer what a fresh scan of the seat answers.

``PassiveEffects`` indexes the cards by effect class, ``price`` takes colour counts made once per
legal list, ``deck_cards`` holds each epoch's decks before the shuffle: all are derived from the
card data alone, so they hold for every state, cloned or not. These tests check that claim after
every action of seeded random games.
"""

from __future__ import annotations

import random

import pytest

from epochal.games.hadara.cards import COLORS
from tests.games.hadara.scenario import hadara


def scanned_effects(game, seat, kind) -> list:
    return [e for k in seat.cards if isinstance(e := game.fx.effect_of[k], kind)]


def scanned_price(game, seat, card: int) -> int:
    owned = sum(1 for k in seat.cards if game.color_of[k] == game.color_of[card])
    return max(0, game.cost_of[card] - owned)


@pytest.mark.parametrize(("players", "mode"), [(2, "advanced"), (3, "basic"), (4, "advanced"), (5, "advanced")])
def test_indexes_equal_a_fresh_scan_after_every_action(players: int, mode: str) -> None:
    game = hadara()
    kinds = {type(e) for e in game.fx.effect_of if e is not None}
    assert len(kinds) >= 10  # the data has purple cards of most kinds
    held = 0  # queries that found an effect: the index's non-empty path ran
    for seed in range(3):
        rng = random.Random(seed)
        st = game.new(players, seed, {"mode": mode})
        while not st.over:
            seat_i = rng.choice(game.actors(st))
            game.apply(st, seat_i, rng.choice(game.legal(st, seat_i)))
            st = st.clone() if rng.random() < 0.1 else st  # a clone reads the same index
            for seat in st.seats:
                for kind in kinds:
                    found = game.fx.of(seat, kind)
                    assert found == scanned_effects(game, seat, kind)
                    assert game.fx.has(seat, kind) == bool(found)
                    held += bool(found)
                counts = game.color_counts(seat)
                assert counts == [sum(game.color_of[k] == c for k in seat.cards) for c in range(len(COLORS))]
                for card in [*seat.hand, *(pile[-1] for pile in st.piles if pile)]:
                    assert game.price(seat, card, counts) == game.price(seat, card) == scanned_price(game, seat, card)
    assert held > 0


def test_deck_cards_are_each_epochs_decks_before_the_shuffle() -> None:
    game = hadara()
    for basic in (False, True):
        for epoch in (1, 2, 3):
            for color in range(len(COLORS)):
                scanned = [
                    k
                    for k in range(game.n_cards)
                    if game.epoch_of[k] == epoch and game.color_of[k] == color and not (basic and game.star_of[k])
                ]
                assert game.deck_cards.get((epoch, color, basic), []) == scanned
                assert scanned  # every epoch has a deck of every colour in this data
