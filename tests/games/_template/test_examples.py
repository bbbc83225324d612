"""A worked example: a whole short game of Tribute, move by move."""

from __future__ import annotations

from .scenario import GAME, card, pick, play, setup


def test_a_short_game_from_deal_to_score():
    st = setup([["T06", "T09"], ["T11", "T01"]], deck=["T04", "T02"], gold=[0, 0])
    play(st, 0, "T06")  # the other player loses 2 of 0 gold: nothing (R5); seat 0 draws T02
    assert [s.gold for s in st.seats] == [0, 0] and st.seats[0].hand == [card("T09"), card("T02")]
    play(st, 1, "T11")  # seat 0 gains 1, seat 1 gains 3; seat 1 draws T04
    assert [s.gold for s in st.seats] == [1, 3]
    play(st, 0, "T09")
    pick(st, 0, 1)  # gain 3; the deck is empty, nothing to draw
    events = play(st, 1, "T04")  # gain 1, draw nothing (R5); from here each seat holds one card
    plays = [(e["seat"], e["card"]) for e in events if e["type"] == "play"]
    assert plays == [(1, "T04"), (0, "T02"), (1, "T01")]  # a single answer is given by itself
    assert st.over and [s.total for s in GAME.scores(st)] == [6, 6] and GAME.winners(st) == [0, 1]
