"""A simultaneous decision keeps each answer hidden until the last one closes it."""

from __future__ import annotations

from epochal.engine import get_game


def test_only_the_last_answer_closes_a_simultaneous_step_and_so_reveals():
    game = get_game("hadara")
    st = game.new(3, 1)                                  # every seat chooses a start side at once
    assert sorted(st.stack[-1].seats) == [0, 1, 2]
    assert not any(game.closes_simultaneous(st, s) for s in range(3))
    events = game.apply(st, 0, game.legal(st, 0)[0])
    events += game.apply(st, 1, game.legal(st, 1)[0])
    assert not game.reveals(events)                      # the two answers stay hidden
    assert [game.closes_simultaneous(st, s) for s in range(3)] == [False, False, True]


def test_a_turn_of_one_seat_is_not_simultaneous():
    game = get_game("guns_and_steel")
    st = game.new(2, 3)
    seat = game.actors(st)[0]
    assert len(st.stack[-1].seats) == 1
    assert not game.closes_simultaneous(st, seat)
