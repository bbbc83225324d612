"""``cost_check`` answers what ``can_pay`` answers for a card's cost, from the card's ``cost_key``.

The turn's legal list prices every card of the hand through ``cost_check``, which reads the supply
once and a card's cost as the (wood, stone, food) kept with its static data: a card's cost names
nothing else (R58). These tests check both halves: the key is the cost, and the check is
``can_pay`` for every supply, and for every seat after every action of seeded random games.
"""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

from epochal.games.imperial_settlers.empire import can_pay, cost_check
from epochal.games.imperial_settlers.vocab import RESOURCES
from tests.games.imperial_settlers.scenario import settlers


def test_a_cards_cost_key_is_its_whole_cost() -> None:
    for c in settlers().cards:
        assert set(c.cost) <= set(RESOURCES)  # R58
        assert c.cost_key == tuple(c.cost.get(r, 0) for r in RESOURCES)


def test_cost_check_is_can_pay_for_every_small_supply() -> None:
    keys = {c.cost_key: c.cost for c in settlers().cards}
    assert len(keys) > 5
    for wood, stone, food, gold in itertools.product(range(4), repeat=4):
        for worker, raze in ((0, 0), (2, 1), (-1, 0), (0, -1)):  # a Remaining may run below 0
            p = SimpleNamespace(wood=wood, stone=stone, food=food, gold=gold, worker=worker, raze=raze)
            for gold_ok in (True, False):
                check = cost_check(p, gold_ok)
                for key, cost in keys.items():
                    assert check(key) == can_pay(p, cost, 1, gold_ok), (p, cost, gold_ok)


def test_cost_check_is_can_pay_after_every_action() -> None:
    game = settlers()
    for players in (1, 2, 4):
        for seed in range(2):
            rng = random.Random(seed)
            st = game.new(players, seed)
            while not st.over:
                seat = rng.choice(game.actors(st))
                game.apply(st, seat, rng.choice(game.legal(st, seat)))
                for p in st.seats:
                    for gold_ok in (True, False):
                        check = cost_check(p, gold_ok)
                        assert all(check(c.cost_key) == can_pay(p, c.cost, 1, gold_ok) for c in game.cards)
