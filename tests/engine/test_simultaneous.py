"""A simultaneous decision keeps each answer hidden until the last one closes it."""

from __future__ import annotations

import random

from epochal.engine import get_game
from epochal.engine.hidden import revealing


def test_only_the_last_answer_closes_a_simultaneous_step_and_so_reveals():
    game = get_game("hadara")
    st = game.new(3, 1)  # every seat chooses a start side at once
    assert sorted(st.stack[-1].seats) == [0, 1, 2]
    assert not any(game.closes_simultaneous(st, s) for s in range(3))
    before = st.clone()
    game.apply(st, 0, game.legal(st, 0)[0])
    assert not revealing(game, before, 0, game.legal(before, 0)[0], st, random.Random(1))
    game.apply(st, 1, game.legal(st, 1)[0])  # the two answers stay hidden
    assert [game.closes_simultaneous(st, s) for s in range(3)] == [False, False, True]
    before = st.clone()
    action = game.legal(st, 2)[0]
    game.apply(st, 2, action)
    assert revealing(game, before, 2, action, st, random.Random(1))


def test_a_turn_of_one_seat_is_not_simultaneous():
    game = get_game("guns_and_steel")
    st = game.new(2, 3)
    seat = game.actors(st)[0]
    assert len(st.stack[-1].seats) == 1
    assert not game.closes_simultaneous(st, seat)
