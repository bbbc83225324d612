"""Each card's effect as its data states it."""

from __future__ import annotations

import pytest

from .scenario import card, pick, play, setup

GAINS = {"T01": 2, "T04": 1, "T11": 3, "T13": 3}


@pytest.mark.parametrize("cid,gold", sorted(GAINS.items()))
def test_cards_that_gain(cid, gold):
    st = setup([[cid, "T16"], ["T15"]], deck=["T03", "T05"], gold=[1, 0])
    play(st, 0, cid)
    assert st.seats[0].gold == 1 + gold - (1 if cid == "T13" else 0)


def test_tribute_takes_one_from_each_other_player_and_gains_one():
    st = setup([["T08", "T16"], ["T15", "T16"], ["T14", "T05"]], deck=["T03"], gold=[0, 2, 0])
    play(st, 0, "T08")
    assert [s.gold for s in st.seats] == [1, 1, 0]


def test_feast_lets_each_other_player_choose():
    st = setup([["T12", "T16"], ["T15", "T07"], ["T14", "T10"]], deck=["T03", "T05"])
    play(st, 0, "T12")
    assert st.stack[-1].seats == [1]
    pick(st, 1, 2)  # seat 1 draws
    pick(st, 2, 1)  # seat 2 gains 1
    assert [s.gold for s in st.seats] == [4, 0, 1] and card("T05") in st.seats[1].hand
