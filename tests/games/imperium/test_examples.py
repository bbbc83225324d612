"""The worked examples of shared/rules/imperium.md §22 that have no rule test of their own, as
scenario tests (E7, E3, E11; E1, E2, E4, E8, E9 and E10 are in test_rules.py with the rules they
illustrate; E5 and E6 concern Legends cards and mixing, which this Classics engine does not
have). They run on the rule tests' game and helpers (test_rules.py).
"""

from __future__ import annotations

from epochal.games.imperium import actions as A
from tests.games.imperium.scenario import give, imperium
from tests.games.imperium.test_rules import (
    act,
    draw_by_coinage,
    finish_turn,
    fresh,
    hand,
    k,
    legal_now,
    new,
    pick,
    play,
    top,
)


def test_E7_two_reshuffles_in_one_turn():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1UNC9")  # Oracle: free, draw 2, discard 1
    p.exhausts = 3
    p.discard += p.nation_deck[1:2]  # nation deck of 4 on the accession
    p.nation_deck = p.nation_deck[:1] + p.nation_deck[2:]
    assert len(p.nation_deck) == 5
    p.discard += p.deck[1:]
    p.deck = p.deck[:1]
    first, top_nation = p.deck[0], p.nation_deck[-1]
    play(g, st, "1UNC9")
    assert first in p.hand
    assert p.nation_deck[-1] != top_nation and len(p.nation_deck) == 4
    assert top_nation in p.hand + p.deck  # moved, then shuffled in
    assert p.exhausts == 2 and p.nation_exhausted
    act(g, st, legal_now(g, st)[0])  # Oracle: discard one drawn card
    p.discard += p.deck  # later the deck empties again
    p.deck = []
    nation = list(p.nation_deck)
    draw_by_coinage(g, st)
    assert p.nation_deck == nation and p.exhausts == 1  # step 1 skipped
    finish_turn(g, st)
    assert not p.nation_exhausted  # cleared at clean-up (R88)


def test_E3_shaduf_reacts_to_materials_from_a_river_region():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1ROM12", "play")  # Raetia: production + river
    give(g, st, 0, "1UNC12", "play")  # Shaduf
    hand(g, st, 0, "1ROM15", "1TRI8")  # Prosperity
    assert g.action_space.exhaust + k(g, "1UNC12") not in g.legal(st, 0)  # only on its trigger
    play(g, st, "1ROM15")
    act(g, st, A.NO)  # all players MAY draw: no
    act(g, st, A.NO)
    act(g, st, A.OPTION)  # materials per production region
    assert p.materials == 4 and top(st).kind == "may"
    act(g, st, A.YES)  # exhaust Shaduf
    assert p.progress == 2 and k(g, "1UNC12") in p.exhausted and p.exhausts == 4


def test_E11_carthaginian_clean_up_places_materials_instead_of_progress():
    g, st = new(2, nations=("Carthaginians", "Romans"), power_side="B")
    p = st.seats[0]
    act(g, st, A.ACTIVATE)
    hand(g, st, 0, "1CAR20", "1CAR16")  # B ends Activate with 2 cards
    p.exhausted.append(p.power)
    p.nation_exhausted = True
    p.actions, p.exhausts = 1, 2
    act(g, st, A.END)
    slot = st.market[0]
    pick(g, st, g.cards[slot.card].id)  # (1) 2 materials on a market card
    assert slot.tokens == {"materials": 2}
    assert (p.actions, p.exhausts) == (3, 5) and p.exhausted == []  # (2)
    assert not p.nation_exhausted
    pick(g, st, "1CAR20")  # (3) discard both
    pick(g, st, "1CAR16")
    assert {k(g, "1CAR20"), k(g, "1CAR16")} <= set(p.discard)
    assert len(p.hand) == 5 and st.turn == 1  # (4) draw up to 5
    g, st = new(2, nations=("Carthaginians", "Romans"))  # side A: 1 material
    act(g, st, A.ACTIVATE)
    act(g, st, A.END)
    act(g, st, g.action_space.card + st.market[4].card)
    assert st.market[4].tokens == {"materials": 1}


def test_E11_real_carthaginian_data_side_B():
    g = imperium()
    st = g.new(2, 0, {"nations": "Carthaginians,Romans", "power_side": "B"})
    p = st.seats[0]
    act(g, st, A.ACTIVATE)
    kept = p.hand[:2]
    p.deck += p.hand[2:]
    p.hand = list(kept)
    p.exhausts = 1
    st.edited()
    act(g, st, A.END)
    slot = st.market[3]
    act(g, st, g.action_space.card + slot.card)  # (1) 2 materials, no progress
    assert slot.tokens == {"materials": 2}
    assert (p.actions, p.exhausts) == (3, 5)  # (2)
    for card in kept:  # (3)
        act(g, st, g.action_space.card + card)
    assert set(kept) <= set(p.discard)
    assert len(p.hand) == 5 and st.turn == 1  # (4)
    assert g.check_invariants(st) == []
