"""What each seat may see: the views and the events of Hadara's hidden information (drawn
hands and simultaneous choices R33, secret Phase A sales R43, colony backs R50)."""

from __future__ import annotations

import json

from epochal.engine import visible
from epochal.games.hadara import actions as A
from tests.games.hadara.scenario import blank, fresh, give_colony


def test_R33_drawn_cards_and_simultaneous_choice_hidden_from_other_seats():
    game, st = fresh(3, seed=5)
    events = game.apply(st, st.first[0], A.WHEEL + 1)
    hand0 = [game.card_id[k] for k in st.seats[0].hand]
    for seat in (1, 2, None):
        shown = json.dumps(visible(events, seat)) + json.dumps(game.view(st, seat))
        assert not any(f'"{cid}"' in shown for cid in hand0)
    assert game.view(st, 0)["seats"][0]["hand"] == hand0
    before = {s: game.view(st, s) for s in (1, 2, None)}
    choice = game.legal(st, 0)[-1]
    game.apply(st, 0, choice)
    assert game.view(st, 0)["decision"]["your_choice"] == choice
    for s, old in before.items():
        new = game.view(st, s)
        assert 0 not in new["decision"]["waiting"]
        assert "your_choice" not in new["decision"]
        for v in (old, new):
            v.pop("ply")
            v["decision"].pop("waiting")
        assert new == old  # nothing else leaks
    assert "chosen" not in json.dumps(game.view(st, 1))


def test_R43_phase_A_sale_is_secret_from_the_other_seats():
    game, st = fresh(2, seed=11)
    game.apply(st, st.first[0], A.WHEEL)
    sold = st.seats[0].hand[1]
    game.apply(st, 0, A.draw(0, True))
    events = game.apply(st, 1, A.draw(0, True))
    assert sold in st.seats[0].sold_secret
    assert f'"{game.card_id[sold]}"' not in json.dumps(visible(events, 1))
    assert f'"{game.card_id[sold]}"' not in json.dumps(game.view(st, 1))
    assert f'"{game.card_id[sold]}"' in json.dumps(game.view(st, 0))


def test_R50_back_of_a_plundered_colony_stays_hidden():
    game, st = blank()
    token = st.stacks[0][-1]
    give_colony(game, st, 0, token, annexed=False)
    for seat in (0, 1, None):
        shown = game.view(st, seat)["seats"][0]["colonies"]
        assert "back" not in shown[0]
