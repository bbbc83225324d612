"""Every card and wonder of the built-in (provisional) data plays through the rules: each card is
played technology side up and activated in a position where its effect has something to act on,
every choice it asks for is answered, and the conservation laws hold throughout."""

from __future__ import annotations

import random

import pytest

from epochal.games.guns_and_steel import make_game
from epochal.games.guns_and_steel.cards import START_IDS
from tests.games.guns_and_steel.scenario import act, begin, covers, place, types

GAME = make_game()
THEME_CARDS = [c.id for c in GAME.data.file.cards if c.theme != "start"]
ALL_IDS = [c.id for c in GAME.data.file.cards] + [w.id for w in GAME.data.file.wonders]


def position(key: str, theme: str, seed: int):
    """Seat 0 holds the card with a Food start card to play as its resource and two more; its
    zone holds one resource of every kind; the opponents have resources, a response card, a
    technology-side card and a wonder each."""
    game = GAME
    st = game.new(3, seed, {"theme": theme})
    pool = [k for row in st.pyramid for k in row if k >= 0 and game.keys[k] != key]
    rng = random.Random(seed)
    rng.shuffle(pool)
    by_res = {}
    for k in pool:
        by_res.setdefault(game.res[k], []).append(k)
    zone = [game.keys[by_res[r].pop()] for r in (2, 3, 4, 5, 6) if by_res.get(r)]
    responders = [k for k in pool if game.resp[k] and game.keys[k] not in zone]
    starts = [f"{cid}-red" for cid in START_IDS if f"{cid}-red" != key]
    place(game, st, 0, hand=[starts[0], key, starts[1], starts[2]], resource=starts[3:] + zone)
    for seat, colour in ((1, "blue"), (2, "green")):
        extra = [game.keys[responders.pop()]] if responders else []
        place(
            game,
            st,
            seat,
            hand=[f"C04-{colour}", f"C05-{colour}"] + extra,
            resource=[f"C01-{colour}", f"C02-{colour}"],
            tech=[f"C03-{colour}"],
        )
        st.seats[seat].wonders = [st.wonders[seat]]
    return game, st


@covers(*ALL_IDS)
@pytest.mark.parametrize("key", [f"{cid}-red" for cid in START_IDS] + THEME_CARDS)
def test_every_card_activates_and_its_choices_resolve(key):
    theme = GAME.civ[GAME.index_of[key]].theme
    themes = ["new_world", "renaissance"] if theme == "start" else [theme]
    for theme in themes + ["combined"]:
        for seed in range(3):
            game, st = position(key, theme, seed)
            begin(game, st, 0)
            act(game, st, 0, "play_resource", game.keys[st.seats[0].hand[0]])
            act(game, st, 0, "play_technology", key)
            payable = game.can_activate(st, 0, game.index_of[key])
            if not game.effects[game.index_of[key]]:
                continue
            assert payable, f"{key}: its cost cannot be paid from a zone of every resource"
            evs = act(game, st, 0, "activate")
            rng = random.Random(seed)
            steps = 0
            while not st.over and st.turn == 0 and st.step != "purchase":
                seat = game.actors(st)[0]
                evs += game.apply(st, seat, rng.choice(game.legal(st, seat)))
                assert game.check_invariants(st) == []
                steps += 1
                assert steps < 200
            assert "activate" in types(evs)


@covers(*[w.id for w in GAME.data.file.wonders])
def test_every_wonder_condition_is_evaluated_and_some_are_met_in_play():
    met = set()
    for theme in ("new_world", "renaissance"):
        for seed in range(40):
            rng = random.Random(seed)
            st = GAME.new(3, seed, {"theme": theme})
            while not st.over:
                seat = GAME.actors(st)[0]
                GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
            met |= {GAME.wkeys[w] for p in st.seats for w in p.wonders}
    assert len(met) >= 10
