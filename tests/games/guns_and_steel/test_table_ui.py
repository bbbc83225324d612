"""Guns & Steel at the web table: ``table_ui`` describes exactly the seat's legal actions and names
no card the seat's view does not, and the constants carry the face of every card and wonder.

Random games in each theme are played to the end; at every step ``table_ui`` for every seat and
for a spectator is checked against that seat's own view: a hand card or a hidden zone card of
another seat would be a leak (R33, A33).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from epochal.engine.game import get_game

CARD_KEY = re.compile(r"\bC\d{2}(?:-(?:red|blue|green|yellow))?\b")
GAMES = [(2, "new_world", 1), (3, "renaissance", 2), (4, "combined", 3)]


@pytest.fixture(scope="module")
def game():
    return get_game("guns_and_steel")


def check(game, st, seat) -> None:
    view = game.view(st, seat)
    ui = json.loads(json.dumps(game.table_ui(st, seat)))
    if seat is None:
        assert ui == {}
        return
    assert set(ui["actions"]) == {str(a) for a in game.legal(st, seat)}
    named = set(CARD_KEY.findall(json.dumps(ui)))
    assert named <= set(view["cards"]), (seat, named - set(view["cards"]))


@pytest.mark.parametrize("players,theme,seed", GAMES)
def test_the_layout_describes_what_the_view_shows_and_nothing_else(game, players, theme, seed):
    rng = random.Random(seed)
    st = game.new(players, seed, {"theme": theme})
    steps = 0
    while not st.over and steps < 400:
        if steps % 3 == 0:
            for seat in [*range(players), None]:
                check(game, st, seat)
        actor = game.actors(st)[0]
        game.apply(st, actor, rng.choice(game.legal(st, actor)))
        steps += 1
    check(game, st, None)
    assert steps > 50


def test_the_constants_hold_the_face_of_every_card_and_wonder(game):
    faces = game.table_constants()["faces"]
    assert set(faces) == {entry["id"] for entry in game.card_catalog()}
    knights = faces["C10"]
    assert knights == {
        "type": "attack",
        "resource": "horses",
        "cost": {"food": 1, "iron": 1},
        "vp": 1,
        "military": 2,
        "response": True,  # a response card of E6
        "two_player": False,
        "provisional": True,
        "named": True,
        "start": False,
        "number": 10,
    }
    assert faces["C01"]["cost"] is None  # a start card is never bought
    assert faces["W17"]["wonder"] and faces["W17"]["tokens"] == 3


def test_the_constants_give_printed_names_only_where_a_source_prints_them(game):
    known = game.table_constants()["known_names"]
    assert known["C10"] == {"ru": "Рыцари"}  # the English "Knights" translates the Russian rulebook
    assert known["C07"] == {"en": "Domestication"}
    assert "C25" not in known
