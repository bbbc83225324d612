"""The Macedonians (1MAC1-1MAC23) on the real card data: setup, then one test per card.

Rule numbers refer to shared/rules/imperium.md. The Macedonians have no nation rule of their own
in §16 (R64: nation deck, accession card, development area, Barbarian start); their power card
side A is R242.
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import piles, scoring
from tests.games.imperium.scenario import (
    answer,
    assert_illegal,
    choose_card,
    covers,
    decision,
    exhaust,
    fresh,
    give,
    hand_only,
    ids,
    idx,
    legal_exhaust,
    legal_play,
    pick,
    play,
    power_vp,
    purpose_of,
    put_in_market,
    settle,
    to_solstice,
)

M = "Macedonians"
MAC = [f"1MAC{n}" for n in range(1, 24)]


# --- helpers ----------------------------------------------------------------------------------


def market_card_ids(game, st):
    return [game.cards[s.card].id for s in st.market if s.card >= 0]


# --- setup (R9, R29-R40, R193) -------------------------------------------------------------------


def test_R9_the_macedonian_set_has_23_cards():
    game, _ = fresh(M, "Persians", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == M) == sorted(MAC)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == M and not c.power)
    power = game.cards[idx(game, "1MAC1")]
    assert power.provenance == "partial" and power.side_b is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_macedonian_setup(players):
    nations = [M, "Persians", "Romans", "Scythians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "1MAC1"  # R30
    assert ids(game, p.nation_deck)[0] == "1MAC2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == ["1MAC10", "1MAC11", "1MAC12"]  # R35
    assert sorted(ids(game, p.development)) == sorted(MAC[2:9])  # R36
    assert sorted(ids(game, p.hand + p.deck)) == sorted(MAC[12:])  # R39: 11 cards
    assert len(p.hand) == 5 and len(p.deck) == 6  # R40
    assert not p.empire  # R37
    # R38: no {supply} card in this set, so none of it is in the unrest pile or under the market
    under = [s.unrest for s in st.market if s.unrest >= 0]
    assert not [k for k in st.unrest + under if game.cards[k].deck == M]
    assert game.check_invariants(st) == []


def test_R99_alexander_is_the_accession_card():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    piles.nation_top_to_discard(game, st, 0, [])
    assert ids(game, p.discard) == ["1MAC2"] and p.empire


# --- the power card (R242) --------------------------------------------------------------------------


@covers("1MAC1", "1MAC17")
def test_R242_phalanx_plays_a_region_from_the_discard_pile_and_the_power_pays_2_materials():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, "1MAC17", "play")
    give(game, st, 0, "1MAC19", "discard")  # Orestis: gain 2 materials
    materials, actions = p.materials, p.actions
    exhaust(game, st, 0, "1MAC17")
    settle(game, st)  # Orestis: no garrison
    assert ids(game, p.play) == ["1MAC17", "1MAC19"]
    assert p.actions == actions - 1  # "spending an action as normal"
    assert p.materials == materials + 2 + 2  # power A + Orestis
    assert idx(game, "1MAC17") in p.exhausted


@covers("1MAC17")
def test_R71_R78_phalanx_needs_a_region_in_the_discard_pile_and_an_action():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, "1MAC17", "play")
    p.discard = [k for k in p.discard if "region" not in game.cards[k].suits]
    give(game, st, 0, "1MAC14", "discard")  # Conquer is no region
    assert not legal_exhaust(game, st, "1MAC17")
    assert_illegal(game, st, 0, game.action_space.exhaust + idx(game, "1MAC17"))
    give(game, st, 0, "1MAC20", "discard")
    assert legal_exhaust(game, st, "1MAC17")
    p.actions = 0
    st.edited()
    assert not legal_exhaust(game, st, "1MAC17")


@covers("1MAC1")
def test_R242_the_power_pays_nothing_for_a_region_played_from_hand():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, "1MAC19")
    materials = p.materials
    play(game, st, 0, "1MAC19")
    settle(game, st)
    assert p.materials == materials + 2  # Orestis only


@covers("1MAC1")
def test_R233_power_vp_one_per_two_regions_and_side_b_one_per_region():
    game, st = fresh(M, "Persians")
    # the three starting regions (Haliacmon Valley, Orestis, Pelagonia) are in hand or deck
    assert power_vp(game, st) == 1
    give(game, st, 0, "1REG3", "history")  # any scoring zone counts (R228)
    assert power_vp(game, st) == 2
    game_b, st_b = fresh(M, "Persians", power_side="B")
    assert power_vp(game_b, st_b) == 3
    assert game_b.face(idx(game_b, "1MAC1"), "B").passive == []  # side B text unknown (D3)


# --- the accession card --------------------------------------------------------------------------------


@covers("1MAC2")
def test_alexander_draws_breaks_through_for_a_region_and_goes_into_history():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    hand_only(game, st, 0, "1MAC2")
    top_region = st.decks["region"][-1]
    play(game, st, 0, "1MAC2")  # no state icon: Barbarian may play
    assert len(p.hand) == 1  # drew 1
    assert decision(st).kind == "suit" and decision(st).args["optional"]
    answer(game, st, 0, A.SUIT + 0)  # region
    answer(game, st, 0, A.BT_DECK)  # R135 variant 4
    assert top_region in p.hand and len(p.hand) == 2
    assert ids(game, p.history) == ["1MAC2"]


# --- development cards ------------------------------------------------------------------------------------


@covers("1MAC3")
def test_R171_development_develops_or_pays_2_materials_to_acquire():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    p.materials, p.population, p.progress = 10, 5, 0
    give(game, st, 0, "1MAC3")
    play(game, st, 0, "1MAC3")
    answer(game, st, 0, A.OPTION + 0)  # develop
    choose_card(game, st, 0, "1MAC7")  # Mosaics: 4 materials 1 population
    assert "1MAC7" in ids(game, p.discard) and "1MAC7" not in ids(game, p.development)
    assert (p.materials, p.population) == (6, 4)
    settle(game, st)


@covers("1MAC3")
def test_R150_development_offers_develop_only_when_a_development_card_is_affordable():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    p.materials, p.population, p.progress = 2, 0, 0
    put_in_market(game, st, 1, "1UNC8")
    give(game, st, 0, "1MAC3")
    play(game, st, 0, "1MAC3")
    pick(game, st, 0, "1UNC8")  # the only option was taken
    assert "1UNC8" in ids(game, p.hand) and p.materials == 0


@covers("1MAC4")
def test_parmenion_acquires_a_region_and_plays_it_at_once_without_an_action():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    put_in_market(game, st, 0, "1REG3")  # Mountain: gain 3 materials ...
    give(game, st, 0, "1MAC4")
    materials, actions = p.materials, p.actions
    play(game, st, 0, "1MAC4")
    assert decision(st).args["optional"]  # "You MAY acquire"
    choose_card(game, st, 0, "1REG3")
    settle(game, st)  # Mountain's exile and garrison
    assert "1REG3" in ids(game, p.play)
    assert p.actions == actions - 1  # only Parmenion took an action (R74)
    assert p.materials == materials + 3
    assert ids(game, p.history) == ["1MAC4"]


@covers("1MAC4")
def test_parmenion_leaves_an_unplayable_card_in_hand():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    put_in_market(game, st, 3, "1TRI7")  # Sumerians cannot be played
    give(game, st, 0, "1MAC4")
    play(game, st, 0, "1MAC4")
    choose_card(game, st, 0, "1TRI7")
    settle(game, st)
    assert "1TRI7" in ids(game, p.hand) and "1TRI7" not in ids(game, p.play)


@covers("1MAC5")
def test_R72_companion_cavalry_lets_conquer_be_played_in_the_empire_state():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    give(game, st, 0, "1MAC14")
    assert not legal_play(game, st, "1MAC14")
    give(game, st, 0, "1MAC5", "play")
    assert legal_play(game, st, "1MAC14")
    give(game, st, 0, "1MAC13")  # Advance keeps its icon
    assert not legal_play(game, st, "1MAC13")


@covers("1MAC5")
def test_G24_companion_cavalry_exhausts_to_draw_when_you_play_a_region():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    give(game, st, 0, "1MAC5", "play")
    assert not legal_exhaust(game, st, "1MAC5")  # only on its trigger
    hand_only(game, st, 0, "1MAC20", "1MAC10")
    exhausts = p.exhausts
    play(game, st, 0, "1MAC20")  # Pelagonia, a region
    d = decision(st)
    assert d.kind == "may" and "Companion Cavalry" in purpose_of(d)
    answer(game, st, 0, A.YES)
    settle(game, st)
    assert len(p.hand) == 2  # Prosperity + the drawn card
    assert p.exhausts == exhausts - 1 and idx(game, "1MAC5") in p.exhausted
    # a card that is no region does not offer it
    p.exhausted, p.exhausts = [], 5
    hand_only(game, st, 0, "1MAC11")
    play(game, st, 0, "1MAC11")
    settle(game, st)
    assert idx(game, "1MAC5") not in p.exhausted


@covers("1MAC6")
def test_alexander_the_great_needs_alexander_in_history():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    give(game, st, 0, "1MAC6")
    assert not legal_play(game, st, "1MAC6")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1MAC6"))
    give(game, st, 0, "1MAC2", "history")
    assert legal_play(game, st, "1MAC6")
    p.actions = 0  # free play (R74)
    st.edited()
    assert legal_play(game, st, "1MAC6")


@covers("1MAC6")
def test_R143_alexander_the_great_acquires_two_regions_also_from_the_exile_pile():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.empire = True
    give(game, st, 0, "1MAC2", "history")
    give(game, st, 0, "1MAC6")
    exiled = give(game, st, 0, "1REG3", "hand")
    p.hand.remove(exiled)
    st.exile.append(exiled)
    put_in_market(game, st, 0, "1REG9")
    pile, hand = len(st.unrest), len(p.hand)
    play(game, st, 0, "1MAC6")
    assert p.actions == 3
    choose_card(game, st, 0, "1REG3")  # from the exile pile
    choose_card(game, st, 0, "1REG9")  # from the market
    assert {"1REG3", "1REG9"} <= set(ids(game, p.hand))
    assert len(p.hand) == hand - 1 + 2  # no unrest: regions carry none (G9)
    assert len(st.unrest) == pile and exiled not in st.exile
    assert ids(game, p.history) == ["1MAC2", "1MAC6"]


@covers("1MAC6")
def test_R143_a_card_from_the_exile_pile_brings_an_unrest_where_its_category_carries_one():
    game, st = fresh(M, "Persians", unrest_under="reg_unc_civ")  # G9 alternative
    p = st.seats[0]
    p.empire = True
    give(game, st, 0, "1MAC2", "history")
    give(game, st, 0, "1MAC6")
    exiled = give(game, st, 0, "1REG3", "hand")
    p.hand.remove(exiled)
    st.exile.append(exiled)
    pile = len(st.unrest)
    play(game, st, 0, "1MAC6")
    choose_card(game, st, 0, "1REG3")
    answer(game, st, 0, A.END)  # no second region
    assert len(st.unrest) == pile - 1
    assert sum("unrest" in game.cards[k].suits for k in p.hand) >= 1


@covers("1MAC7")
def test_mosaics_pays_1_material_to_take_a_card_from_the_discard_pile():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, "1MAC7", "play")
    p.materials, p.progress = 0, 0
    assert not legal_exhaust(game, st, "1MAC7")  # R78: cannot pay
    p.materials = 1
    p.discard = []
    give(game, st, 0, "1MAC19", "discard")
    exhaust(game, st, 0, "1MAC7")
    assert p.materials == 0 and "1MAC19" in ids(game, p.hand) and p.discard == []


@covers("1MAC8")
def test_R108_alexandria_in_egypt_solstice_chooses_a_material_a_population_or_a_card():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, "1MAC8", "play")
    d = to_solstice(game, st)
    assert d.kind == "option" and len(d.args["options"]) == 3
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 1


@covers("1MAC9")
def test_R108_alexandria_in_ariana_may_discard_for_the_choice_and_scores_per_two_regions():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, "1MAC9", "play")
    d = to_solstice(game, st)
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    discard = len(p.discard)
    answer(game, st, 0, game.legal(st, 0)[0])  # discard a card
    materials = p.materials
    answer(game, st, 0, A.OPTION + 0)
    assert p.materials == materials + 1 and len(p.discard) == discard + 1
    k = idx(game, "1MAC9")
    assert scoring.card_vp(game, st, 0, k, game.cards[k].vp) == 1  # 3 starting regions -> 1 VP


# --- nation deck --------------------------------------------------------------------------------------


@covers("1MAC10")
def test_prosperity_all_may_draw_then_materials_per_production_or_population_per_region():
    game, st = fresh(M, "Persians")
    p, other = st.seats
    for cid in ("1MAC18", "1MAC20", "1REG6"):  # fertile+river, fertile, 2 prod+fertile
        give(game, st, 0, cid, "play")
    give(game, st, 0, "1MAC10")
    others_hand = len(other.hand)
    play(game, st, 0, "1MAC10")
    answer(game, st, 0, A.NO)  # seat 0 may draw: no
    answer(game, st, 1, A.YES)  # seat 1 may draw: yes
    assert len(other.hand) == others_hand + 1
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 3
    give(game, st, 0, "1MAC10")
    play(game, st, 0, "1MAC10")
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    materials = p.materials
    answer(game, st, 0, A.OPTION + 0)
    assert p.materials == materials + 2


@covers("1MAC11")
def test_R170_uxians_steal_2_materials_from_each_other_player_and_may_return_an_exhaust():
    game, st = fresh(M, "Persians", "Romans")
    p = st.seats[0]
    st.seats[1].materials, st.seats[2].materials = 1, 5
    p.exhausted, p.exhausts = [p.power], 4
    materials = p.materials
    give(game, st, 0, "1MAC11")
    play(game, st, 0, "1MAC11")
    assert (st.seats[1].materials, st.seats[2].materials) == (0, 3)
    assert p.materials == materials + 3  # as much as possible (R170)
    answer(game, st, 0, A.YES)
    assert p.exhausts == 5 and p.exhausted == []


@covers("1MAC12")
def test_glory_abandons_3_regions_to_look_at_2_fame_cards_and_take_one():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, "1MAC18", "play")
    give(game, st, 0, "1MAC19", "play")
    give(game, st, 0, "1MAC12")
    assert legal_play(game, st, "1MAC12")  # only 2 regions: it would be played for nothing (R71, R73)
    give(game, st, 0, "1MAC20", "play")
    fame = list(st.fame)
    play(game, st, 0, "1MAC12")
    answer(game, st, 0, game.legal(st, 0)[0])
    answer(game, st, 0, game.legal(st, 0)[0])
    d = decision(st)
    assert purpose_of(d) == "take a fame card"
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in fame[-2:])
    answer(game, st, 0, d.args["options"][0])
    assert len(st.fame) == len(fame) - 1
    assert sum("fame" in game.cards[k].suits for k in p.hand) == 1
    assert {"1MAC18", "1MAC19", "1MAC20"} <= set(ids(game, p.discard))


@covers("1MAC12")
def test_R176_glory_cannot_be_garrisoned():
    game, st = fresh(M, "Persians")
    hand_only(game, st, 0, "1MAC19", "1MAC12", "1MAC13")
    play(game, st, 0, "1MAC19")
    options = decision(st).args["options"]
    assert game.action_space.card + idx(game, "1MAC13") in options
    assert game.action_space.card + idx(game, "1MAC12") not in options


# --- starting deck ---------------------------------------------------------------------------------------


@covers("1MAC13")
def test_advance_pays_3_to_acquire_or_5_to_break_through_a_uncivilised_or_civilised():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.materials, p.progress = 3, 0
    put_in_market(game, st, 1, "1UNC8")
    give(game, st, 0, "1MAC13")
    play(game, st, 0, "1MAC13")  # only the 3-material option
    pick(game, st, 0, "1UNC8")
    assert p.materials == 0 and "1UNC8" in ids(game, p.hand)
    p.materials = 5
    give(game, st, 0, "1MAC13")
    p.free_played = []
    play(game, st, 0, "1MAC13")
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 1)  # declare uncivilised
    top = st.decks["uncivilised"][-1]
    answer(game, st, 0, A.BT_DECK)
    assert p.materials == 0 and top in p.hand
    p.empire = True
    give(game, st, 0, "1MAC13")
    assert not legal_play(game, st, "1MAC13")  # R72: Barbarian card


@covers("1MAC14", "1MAC15")
@pytest.mark.parametrize("cid", ["1MAC14", "1MAC15"])
def test_conquer_pays_2_population_to_acquire_or_3_to_break_through(cid):
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    p.population, p.progress = 2, 0
    put_in_market(game, st, 0, "1REG9")
    give(game, st, 0, cid)
    play(game, st, 0, cid)
    pick(game, st, 0, "1REG9")
    assert p.population == 0 and "1REG9" in ids(game, p.hand)
    p.population = 3
    put_in_market(game, st, 3, "1TRI2")
    give(game, st, 0, cid)
    play(game, st, 0, cid)
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 3)  # tributary
    d = decision(st)  # the market or the main deck (R135)
    assert A.BT_MAIN in d.args["options"] and A.BT_DECK not in d.args["options"]
    choose_card(game, st, 0, "1TRI2")
    assert p.population == 0 and "1TRI2" in ids(game, p.hand)


@covers("1MAC16")
def test_R130_philip_ii_acquires_any_card_with_its_unrest_and_goes_into_history():
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    put_in_market(game, st, 1, "1UNC8")
    if st.market[1].unrest < 0:
        st.market[1].unrest = st.unrest.pop()
    unrest = st.market[1].unrest
    give(game, st, 0, "1MAC16")
    play(game, st, 0, "1MAC16")
    pick(game, st, 0, "1UNC8")
    assert "1UNC8" in ids(game, p.hand) and unrest in p.hand
    assert ids(game, p.history) == ["1MAC16"]


@covers("1MAC18", "1MAC19", "1MAC20")
@pytest.mark.parametrize(
    "cid, gained", [("1MAC18", {"population": 1}), ("1MAC19", {"materials": 2}), ("1MAC20", {"population": 1})]
)
def test_R176_regions_gain_and_may_be_garrisoned(cid, gained):
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    hand_only(game, st, 0, cid, "1MAC13")
    before = {r: getattr(p, r) for r in gained}
    play(game, st, 0, cid)
    assert {r: getattr(p, r) - before[r] for r in gained} == gained
    choose_card(game, st, 0, "1MAC13")
    assert cid in ids(game, p.play)  # pinned: stays (R71)
    assert ids(game, p.garrison[idx(game, cid)]) == ["1MAC13"]


@covers("1MAC21", "1MAC22", "1MAC23")
@pytest.mark.parametrize("cid", ["1MAC21", "1MAC22", "1MAC23"])
def test_R75_unrest_pays_and_returns_to_the_unrest_pile(cid):
    game, st = fresh(M, "Persians")
    p = st.seats[0]
    give(game, st, 0, cid)
    pile, population = len(st.unrest), p.population
    play(game, st, 0, cid)
    answer(game, st, 0, A.OPTION + 0)  # pay 1 population
    assert p.population == population - 1
    assert len(st.unrest) == pile + 1 and st.unrest[-1] == idx(game, cid)
    assert game.cards[idx(game, cid)].vp == -2  # R231, D5
