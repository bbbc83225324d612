"""The purchase options rule cards out by value before asking ``covers``; that changes no answer.

``buy_options`` compares the units' ``value`` with each card's ``cost_value`` (made once from the
data) plus its surcharge, and asks the payment algebra only about the cards that pass. That is
exact because no payment gains value (``payment.value``): checked here over every small multiset,
and the options checked against asking ``covers`` about every card, after every action of seeded
random games in every theme and exchange rule.
"""

from __future__ import annotations

import itertools
import random

import pytest

from epochal.games.guns_and_steel import actions as A
from epochal.games.guns_and_steel import make_game
from epochal.games.guns_and_steel import payment as P
from epochal.games.guns_and_steel.decisions import buy_options
from epochal.games.guns_and_steel.state import EMPTY


def test_cost_value_is_the_value_of_each_cost() -> None:
    game = make_game()
    assert game.cost_value == [P.value(c) for c in game.cost]


def test_no_payment_gains_value() -> None:
    rng = random.Random(5)
    costs = [tuple(rng.choice((0, 0, 1, 2)) for _ in range(7)) for _ in range(40)]
    for units in itertools.product((0, 1, 2), (0, 1), (0, 2), (0, 1), (0, 3), (0, 1, 2), (0, 1)):
        for cost, k, mode in itertools.product(costs, (0, 1, 3), (P.NO_EXCHANGE, P.ONE_STEP, P.ANY_HIGHER)):
            if P.covers(units, cost, k, mode):
                assert P.value(units) >= P.value(cost) + k, (units, cost, k, mode)


def every_covered_card(game, st, seat: int) -> list[int]:
    """``buy_options`` as a scan asking ``covers`` about every card on offer."""
    units = game.available(st.seats[seat])
    if not any(units):
        return []
    mode = P.purchase_mode(st.options)
    extra = game.slot_surcharges(st)
    out = [
        A.BUY + A.ROW_OFFSET[r] + i
        for r, row in enumerate(st.pyramid)
        for i, k in enumerate(row)
        if k != EMPTY and P.covers(units, game.cost[k], extra[A.ROW_OFFSET[r] + i], mode)
    ]
    out += [
        A.BUY_STACK + e
        for e, stack in enumerate(st.stacks)
        if stack and P.covers(units, game.cost[stack[-1]], game.stack_surcharge(st, e), mode)
    ]
    return out


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"theme": "combined", "exchange": "any_higher"},
        {"theme": "renaissance", "exchange_in": "always", "bought_side": "resource"},
    ],
)
def test_buy_options_are_every_card_covers_accepts(options: dict) -> None:
    game = make_game()
    offered = stacked = 0
    for players in (2, 4):
        rng = random.Random(players)
        st = game.new(players, players, options)
        while not st.over:
            seat = rng.choice(game.actors(st))
            game.apply(st, seat, rng.choice(game.legal(st, seat)))
            for i in range(st.players):
                found = buy_options(game, st, i)
                assert found == every_covered_card(game, st, i)
                offered += len(found)
                stacked += sum(A.BUY_STACK <= a < A.BUY_STACK + len(st.stacks) for a in found)
    assert offered > 0
    assert stacked > 0 or options.get("theme") != "combined"  # the development stacks were offered
