"""Tribute's rules (epochal/games/_template/RULES.md), one test per rule."""

from __future__ import annotations

import pytest

from epochal.engine import IllegalAction

from .scenario import GAME, card, pick, play, setup


@pytest.mark.parametrize("players", [1, 5])
def test_R1_two_to_four_players(players):
    with pytest.raises(Exception, match="2 to 4 players"):
        GAME.new(players, 1)


def test_R2_three_cards_each_from_a_shuffled_deck_and_no_gold():
    st = GAME.new(4, 7)
    assert [len(s.hand) for s in st.seats] == [3, 3, 3, 3] and [s.gold for s in st.seats] == [0] * 4
    assert len(st.deck) == len(GAME.cards) - 12 and GAME.actors(st) == [0]
    assert GAME.new(4, 8).seats[0].hand != st.seats[0].hand or GAME.new(4, 9).seats[0].hand != st.seats[0].hand


def test_R3_only_a_card_of_your_hand_and_only_on_your_turn():
    st = setup([["T01", "T04"], ["T02", "T05"]], deck=["T03"])
    with pytest.raises(IllegalAction, match="R3"):
        play(st, 0, "T02")
    with pytest.raises(IllegalAction, match="turn"):
        play(st, 1, "T02")
    play(st, 0, "T01")
    assert GAME.actors(st) == [1]


def test_R4_the_effect_runs_top_to_bottom_then_the_card_is_discarded_and_a_card_drawn():
    st = setup([["T13", "T01"], ["T02"]], deck=["T03"], gold=[2, 0])
    play(st, 0, "T13")  # lose 1, then gain 3
    assert st.seats[0].gold == 4 and card("T13") in st.discard
    assert st.seats[0].hand == [card("T01"), card("T03")]


def test_R5_as_far_as_possible():
    st = setup([["T13", "T01"], ["T02"]], deck=["T03"], gold=[0, 0])
    play(st, 0, "T13")  # lose 1 of 0 gold: nothing lost, the gain still happens
    assert st.seats[0].gold == 3
    st = setup([["T15", "T01"], ["T02"]], deck=["T03"])
    play(st, 0, "T15")  # draw 2 from a deck of 1
    assert len(st.seats[0].hand) == 2 and st.deck == []


def test_R6_each_other_player_clockwise_from_the_left():
    st = setup([["T01", "T07"], ["T06", "T02"], ["T03", "T08"], ["T04", "T09"]], deck=["T05"], gold=[3, 0, 1, 3])
    play(st, 0, "T01")
    events = play(st, 1, "T06")  # each other player loses 2
    losers = [e["seat"] for e in events if e["type"] == "lose"]
    assert losers == [2, 3, 0] and [s.gold for s in st.seats] == [3, 0, 0, 1]


def test_R7_choose_one_of_the_listed_effects():
    st = setup([["T09", "T01"], ["T02"]], deck=["T03", "T04"])
    play(st, 0, "T09")
    assert st.stack[-1].kind == "option" and GAME.legal(st, 0) == [
        GAME.action_space.option,
        GAME.action_space.option + 1,
    ]
    pick(st, 0, 2)  # draw 2
    assert st.seats[0].gold == 0 and len(st.seats[0].hand) == 3


def test_R8_the_game_ends_after_a_turn_reaching_ten_gold_and_ties_share():
    st = setup([["T12", "T01"], ["T02"]], deck=["T03"], gold=[6, 9])
    play(st, 0, "T12")  # gain 4 -> 10; the other player then chooses
    assert not st.over
    pick(st, 1, 1)  # gain 1 -> 10
    assert st.over and GAME.winners(st) == [0, 1]


def test_R8_the_game_ends_when_nobody_holds_a_card():
    st = setup([["T01", "T04"], ["T02"]])
    play(st, 0, "T04")  # gain 1; then each seat plays its only card (one answer: played for it)
    assert st.over and [s.hand for s in st.seats] == [[], []] and [s.gold for s in st.seats] == [3, 2]
    assert GAME.winners(st) == [0]
