"""Guns & Steel at the web table (``table_ui``): card effects and wonder conditions as data, for
exactly the cards and wonders the seat's view names.

Random games in each theme are played to the end; at every step ``table_ui`` for every
seat and for a spectator is checked against that seat's own view: one effect per card the view
names and one condition per wonder it names, equal to the card data, and no other card key
anywhere in it (a hand card or a hidden zone card of another seat would be a leak, R33/A33).
"""

from __future__ import annotations

import json
import random
import re

import msgspec
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
    assert set(ui["effects"]) == set(view["cards"])
    assert set(ui["conditions"]) == set(view["wonder_cards"])
    for key, ops in ui["effects"].items():
        assert ops == msgspec.to_builtins(game.civ[game.index_of[key]].effect), key
    for key, clauses in ui["conditions"].items():
        wonder = game.wonder_list[game.windex[key]]
        assert clauses == msgspec.to_builtins(wonder.build if wonder.theme == "new_world" else wonder.glory)
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
