"""R76-R78, R163: whether a card in play can be exhausted now. The Activate list asks it of every
card in play at every decision, so it has a quick form (``playing.can_exhaust``) beside the one
that words the reason (``playing.exhaust_refusal``, for the page's "why not"); over random
games of every box they must agree on every card, including the exhausted, the reactive and
those whose opening cost cannot be paid."""

from __future__ import annotations

import random

from epochal.games.imperium import playing, shared
from tests.games.imperium.scenario import imperium


def test_the_quick_check_agrees_with_the_worded_refusal():
    game = imperium()
    asked = refused = 0
    for seed, (nations, box) in enumerate(
        [
            ("Romans,Celts,Greeks", "classics"),
            ("Utopians,Arthurians,Egyptians", "legends"),
            ("Olmecs,Qin,Atlanteans,Minoans", "legends"),
            ("Persians,Vikings,Mauryans", "classics"),
        ]
    ):
        st = game.new(len(nations.split(",")), seed, {"nations": nations, "common_deck": box})
        rng = random.Random(seed)
        while not st.over:
            seat = game.actors(st)[0]
            if st.stack[-1].kind == "activate":
                p = st.seats[seat]
                for k in [*p.play, *shared.power_cards(p)]:
                    refusal = playing.exhaust_refusal(game, st, seat, k)
                    assert playing.can_exhaust(game, st, seat, k) == (refusal is None), (game.cards[k].id, refusal)
                    asked += 1
                    refused += refusal is not None and refusal[0] not in ("no_exhaust", "reactive")
            game.apply(st, seat, rng.choice(game.legal(st, seat)))
    assert asked > 1000 and refused > 100  # the refusals past the card's own face were met too
