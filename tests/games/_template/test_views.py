"""What each seat sees: its own hand only; a re-dealt state looks the same to it."""

from __future__ import annotations

import random

from .scenario import GAME, play, setup


def test_a_seat_sees_its_hand_and_only_the_size_of_the_others():
    st = GAME.new(3, 4)
    view = GAME.view(st, 1)
    assert "hand" in view["seats"][1] and "hand" not in view["seats"][0] and "hand" not in view["seats"][2]
    assert view["seats"][0]["hand_size"] == 3 and all("hand" not in s for s in GAME.view(st, None)["seats"])


def test_a_redealt_state_gives_the_seat_the_same_view():
    st = GAME.new(3, 4)
    for i in range(5):
        det = GAME.determinize(st, 0, random.Random(i))
        assert GAME.view(det, 0) == GAME.view(st, 0)
    assert any(GAME.view(GAME.determinize(st, 0, random.Random(i)), 1) != GAME.view(st, 1) for i in range(5))


def test_the_drawn_card_is_told_to_its_drawer_only():
    st = setup([["T15", "T01"], ["T02"]], deck=["T03", "T04"])
    events = play(st, 0, "T15")
    drew = [e for e in events if e["type"] == "drew"]
    assert drew and all(e["to"] == [0] for e in drew)


def test_the_table_ui_names_the_seats_own_actions_only():
    st = GAME.new(2, 4)
    assert GAME.table_ui(st, None) == {"actions": {}} and GAME.table_ui(st, 1) == {"actions": {}}
    assert {a["verb"] for a in GAME.table_ui(st, 0)["actions"].values()} == {"play"}
