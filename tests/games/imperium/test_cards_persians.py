"""The Persians (1PER1-1PER23) on the real card data: setup, then one test per card.

Rule numbers refer to shared/rules/imperium.md. The Persians have no nation rule of their own in
§16 (R64: nation deck, accession card, development area, Barbarian start). Their power card is
known from the card reference only (side A; side B: its VP line, D3).
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import scoring
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
    put_in_market,
    settle,
    to_solstice,
)

P = "Persians"
PER = [f"1PER{n}" for n in range(1, 24)]


# --- helpers ----------------------------------------------------------------------------------


def unrest_in_hand(game, p):
    return sum("unrest" in game.cards[k].suits for k in p.hand)


# --- setup (R9, R29-R40, R193) -------------------------------------------------------------------


def test_R9_the_persian_set_has_23_cards():
    game, _ = fresh(P, "Macedonians", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == P) == sorted(PER)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == P and not c.power)
    power = game.cards[idx(game, "1PER1")]
    assert power.provenance == "partial" and power.side_b is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_persian_setup(players):
    nations = [P, "Macedonians", "Romans", "Scythians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "1PER1"  # R30
    assert ids(game, p.nation_deck)[0] == "1PER2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == ["1PER10", "1PER11", "1PER12", "1PER13"]
    assert sorted(ids(game, p.development)) == sorted(PER[2:9])  # R36
    assert sorted(ids(game, p.hand + p.deck)) == sorted(PER[13:])  # R39: 10 cards
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert not p.empire  # R37
    # R38: no {supply} card in this set: the unrest cards start in the nation and personal decks
    under = [s.unrest for s in st.market if s.unrest >= 0]
    assert not [k for k in st.unrest + under if game.cards[k].deck == P]
    assert game.check_invariants(st) == []


# --- the power card --------------------------------------------------------------------------------


@covers("1PER1")
def test_R78_persian_power_spends_an_action_and_a_population_stacks_2_cards_and_breaks_through():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    hand_only(game, st, 0, "1PER19", "1PER20", "1PER21")
    put_in_market(game, st, 3, "1TRI8", {"progress": 1})
    actions, population, progress = p.actions, p.population, p.progress
    exhaust(game, st, 0, "1PER1")
    assert (p.actions, p.population) == (actions - 1, population - 1)
    choose_card(game, st, 0, "1PER21")
    choose_card(game, st, 0, "1PER19")
    assert ids(game, p.deck[-2:]) == ["1PER21", "1PER19"]  # on top of the deck
    d = decision(st)  # tributary: market or main deck
    assert A.BT_MAIN in d.args["options"]
    choose_card(game, st, 0, "1TRI8")
    assert ids(game, p.hand) == ["1PER20", "1TRI8"]
    assert p.progress == progress + 1  # the token came along (R135)


@covers("1PER1")
def test_R78_persian_power_cannot_be_exhausted_without_its_costs():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    hand_only(game, st, 0, "1PER19", "1PER20")
    p.population, p.progress = 1, 0
    assert legal_exhaust(game, st, "1PER1")
    hand_only(game, st, 0, "1PER19")  # 2 cards needed
    assert not legal_exhaust(game, st, "1PER1")
    assert_illegal(game, st, 0, game.action_space.exhaust + idx(game, "1PER1"))
    hand_only(game, st, 0, "1PER19", "1PER20")
    p.population = 0  # no population, no progress
    assert not legal_exhaust(game, st, "1PER1")
    p.population, p.actions = 1, 0  # no action token
    st.edited()
    assert not legal_exhaust(game, st, "1PER1")


@covers("1PER1")
def test_R233_power_vp_one_per_three_tributaries_and_side_b_one_per_tributary():
    game, st = fresh(P, "Macedonians")
    assert power_vp(game, st) == 0  # only Lydians in a scoring zone
    give(game, st, 0, "1TRI1", "history")
    give(game, st, 0, "1TRI2", "discard")
    assert power_vp(game, st) == 1
    game_b, st_b = fresh(P, "Macedonians", power_side="B")
    give(game_b, st_b, 0, "1TRI1", "history")
    assert power_vp(game_b, st_b) == 2
    assert game_b.face(idx(game_b, "1PER1"), "B").exhaust == []  # side B text unknown (D3)


# --- the accession card ----------------------------------------------------------------------------


@covers("1PER2")
def test_R98_R99_city_of_persepolis_comes_on_reshuffle_and_flips_the_state():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.discard += p.hand + p.deck + p.nation_deck[1:]
    p.hand, p.deck, p.nation_deck = [], [], p.nation_deck[:1]
    st.edited()
    answer(game, st, 0, A.END)  # clean-up draws: a reshuffle
    settle(game, st)
    assert p.empire
    assert "1PER2" in ids(game, p.hand + p.deck) and p.nation_deck == []
    assert game.check_invariants(st) == []


@covers("1PER2")
def test_R108_city_of_persepolis_may_discard_for_a_material_population_or_card():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    give(game, st, 0, "1PER2", "play")
    d = to_solstice(game, st)
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    answer(game, st, 0, game.legal(st, 0)[0])  # the card to discard
    hand = len(p.hand)
    answer(game, st, 0, A.OPTION + 2)  # draw a card
    assert len(p.hand) == hand + 1


# --- development cards -------------------------------------------------------------------------------


@covers("1PER3")
def test_R144_battering_ram_makes_each_other_player_abandon_a_city():
    game, st = fresh(P, "Macedonians", "Romans")
    p = st.seats[0]
    p.empire = True
    give(game, st, 1, "1MAC8", "play")  # a metropolis, not a city
    give(game, st, 1, "1MAC9", "play")  # a city
    give(game, st, 2, "1ROM19", "play")  # City of Rome
    give(game, st, 0, "1PER3")
    play(game, st, 0, "1PER3")
    assert ids(game, st.seats[1].play) == ["1MAC8"] and "1MAC9" in ids(game, st.seats[1].discard)
    assert st.seats[2].play == [] and "1ROM19" in ids(game, st.seats[2].discard)
    d = decision(st)
    assert d.kind == "suit" and d.args["optional"]  # then MAY break through
    answer(game, st, 0, A.SUIT + 0)
    top = st.decks["region"][-1]
    answer(game, st, 0, A.BT_DECK)
    assert top in p.hand


@covers("1PER4")
def test_R171_development_develops_or_pays_2_materials_to_acquire():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.empire = True
    p.materials, p.population, p.progress = 4, 0, 0
    give(game, st, 0, "1PER4")
    play(game, st, 0, "1PER4")
    answer(game, st, 0, A.OPTION + 0)  # develop: only Windmills (4 m)
    assert "1PER5" in ids(game, p.discard) and p.materials == 0
    p.materials = 2
    put_in_market(game, st, 2, "1CIV2")
    give(game, st, 0, "1PER4")
    play(game, st, 0, "1PER4")  # develop unaffordable (R150)
    pick(game, st, 0, "1CIV2")
    assert "1CIV2" in ids(game, p.hand) and p.materials == 0


@covers("1PER5")
def test_windmills_free_play_and_exhaust_count_a_fertile_as_3_production():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.empire = True
    give(game, st, 0, "1PER11", "play")  # Nisaean Plain: 2 fertile
    give(game, st, 0, "1PER5")
    actions = p.actions
    play(game, st, 0, "1PER5")
    assert p.actions == actions and "1PER5" in ids(game, p.play)  # free, pinned
    exhaust(game, st, 0, "1PER5")
    give(game, st, 0, "1PER15")
    play(game, st, 0, "1PER15")  # Prosperity
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    materials = p.materials
    answer(game, st, 0, A.OPTION + 0)  # 1 material per production
    assert p.materials == materials + 3


@covers("1PER6")
def test_R152_satrap_free_play_pays_3_materials_for_an_action():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.empire = True
    p.materials, p.progress = 2, 0
    give(game, st, 0, "1PER6")
    actions = p.actions
    play(game, st, 0, "1PER6")  # played, but 2 materials buy nothing (R71, R73)
    assert p.actions == actions and p.materials == 2
    p.materials = 3
    give(game, st, 0, "1PER6")
    p.free_played = []  # another turn (R74)
    play(game, st, 0, "1PER6")
    assert p.actions == actions + 1 and p.materials == 0


@covers("1PER7")
def test_R149_persian_gold_all_gain_2_materials_you_1_progress_others_an_unrest():
    game, st = fresh(P, "Macedonians", "Romans")
    p, a, b = st.seats
    p.empire = True
    give(game, st, 0, "1PER7")
    before = [(s.materials, unrest_in_hand(game, s)) for s in st.seats]
    progress, pile = p.progress, len(st.unrest)
    play(game, st, 0, "1PER7")
    assert p.materials == before[0][0] + 2 and p.progress == progress + 1
    assert unrest_in_hand(game, p) == before[0][1]
    for seat in (1, 2):
        s = st.seats[seat]
        assert (s.materials, unrest_in_hand(game, s)) == (before[seat][0] + 2, before[seat][1] + 1)
    assert len(st.unrest) == pile - 2


@covers("1PER7")
def test_R145_a_shielded_player_ignores_all_of_persian_gold_and_is_asked_once():
    game, st = fresh(P, "Macedonians")
    p, other = st.seats
    p.empire = True
    give(game, st, 1, "1REG12", "play")  # Cape: recall to avoid an attack
    give(game, st, 0, "1PER7")
    materials, unrest = other.materials, unrest_in_hand(game, other)
    play(game, st, 0, "1PER7")
    d = decision(st)
    assert d.seats == [1] and d.kind == "card"
    choose_card(game, st, 1, "1REG12")  # recall Cape
    settle(game, st)
    assert "1REG12" in ids(game, other.hand)
    assert (other.materials, unrest_in_hand(game, other)) == (materials, unrest)


@covers("1PER8")
def test_babylonians_free_play_acquire_any_card_into_hand_then_history():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.empire = True
    put_in_market(game, st, 2, "1CIV2")
    give(game, st, 0, "1PER8")
    actions = p.actions
    play(game, st, 0, "1PER8")
    choose_card(game, st, 0, "1CIV2")
    assert p.actions == actions and "1CIV2" in ids(game, p.hand)
    assert ids(game, p.history) == ["1PER8"]


@covers("1PER9")
def test_darius_acquires_any_card_and_scores_one_per_tributary():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.empire = True
    put_in_market(game, st, 3, "1TRI11")
    give(game, st, 0, "1PER9")
    play(game, st, 0, "1PER9")
    choose_card(game, st, 0, "1TRI11")
    assert "1TRI11" in ids(game, p.hand) and ids(game, p.history) == ["1PER9"]
    give(game, st, 0, "1PER8", "history")
    k = idx(game, "1PER9")
    assert scoring.card_vp(game, st, 0, k, game.cards[k].vp) == 3  # Lydians, Hittites, Babylonians


# --- nation deck ---------------------------------------------------------------------------------------


@covers("1PER10")
def test_R183_arachosia_may_put_a_discarded_card_into_history_and_be_garrisoned():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    hand_only(game, st, 0, "1PER10", "1PER16")
    give(game, st, 0, "1PER22", "discard")
    play(game, st, 0, "1PER10")
    assert decision(st).args["optional"]
    choose_card(game, st, 0, "1PER22")
    choose_card(game, st, 0, "1PER16")
    assert ids(game, p.history) == ["1PER22"]
    assert ids(game, p.garrison[idx(game, "1PER10")]) == ["1PER16"]


@covers("1PER11", "1PER19", "1PER20")
@pytest.mark.parametrize("cid, gained", [("1PER11", {}), ("1PER19", {"materials": 3}), ("1PER20", {})])
def test_R176_regions_gain_and_may_be_garrisoned(cid, gained):
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    hand_only(game, st, 0, cid, "1PER16")
    before = (p.materials, p.population, p.progress)
    play(game, st, 0, cid)
    after = (p.materials - before[0], p.population - before[1], p.progress - before[2])
    assert after == (gained.get("materials", 0), 0, 0)
    choose_card(game, st, 0, "1PER16")
    assert cid in ids(game, p.play)
    assert ids(game, p.garrison[idx(game, cid)]) == ["1PER16"]


@covers("1PER12")
def test_median_empire_gains_4_materials_and_goes_into_history():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    give(game, st, 0, "1PER12")
    materials = p.materials
    play(game, st, 0, "1PER12")
    assert p.materials == materials + 4 and ids(game, p.history) == ["1PER12"]
    p.empire = True
    give(game, st, 0, "1PER12")
    assert not legal_play(game, st, "1PER12")  # R72: Barbarian card


@covers("1PER13", "1PER22", "1PER23")
@pytest.mark.parametrize("cid", ["1PER13", "1PER22", "1PER23"])
def test_R75_unrest_pays_and_returns_to_the_unrest_pile(cid):
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.population, p.progress = 0, 0
    hand_only(game, st, 0, cid, "1PER16", "1PER17")
    pile, materials = len(st.unrest), p.materials
    play(game, st, 0, cid)
    d = decision(st)  # population unaffordable (R164)
    assert A.OPTION + 0 not in d.args["options"]
    answer(game, st, 0, A.OPTION + 1)  # discard 2 cards
    answer(game, st, 0, game.legal(st, 0)[0])
    assert p.hand == [] and p.materials == materials
    assert len(st.unrest) == pile + 1 and st.unrest[-1] == idx(game, cid)


# --- starting deck ---------------------------------------------------------------------------------------


@covers("1PER14")
def test_glory_abandons_3_regions_to_look_at_2_fame_cards_and_take_one():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    for cid in ("1PER10", "1PER11", "1PER19"):
        give(game, st, 0, cid, "play")
    give(game, st, 0, "1PER14")
    fame = list(st.fame)
    play(game, st, 0, "1PER14")
    answer(game, st, 0, game.legal(st, 0)[0])
    answer(game, st, 0, game.legal(st, 0)[0])
    d = decision(st)
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in fame[-2:])
    answer(game, st, 0, d.args["options"][1])
    assert len(st.fame) == len(fame) - 1 and p.play == []
    assert game.cards[idx(game, "1PER14")].no_garrison


@covers("1PER15")
def test_prosperity_all_may_draw_then_population_per_region():
    game, st = fresh(P, "Macedonians")
    p, other = st.seats
    for cid in ("1PER10", "1PER20"):  # 2 production
        give(game, st, 0, cid, "play")
    give(game, st, 0, "1PER15")
    hand = len(p.hand)
    play(game, st, 0, "1PER15")
    answer(game, st, 0, A.YES)
    answer(game, st, 1, A.NO)
    assert len(p.hand) == hand - 1 + 1
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 2


@covers("1PER16")
def test_advance_pays_3_materials_to_acquire_a_civilised_card():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.materials, p.progress = 3, 0
    put_in_market(game, st, 2, "1CIV2", {"progress": 1})
    give(game, st, 0, "1PER16")
    play(game, st, 0, "1PER16")
    pick(game, st, 0, "1CIV2")
    assert "1CIV2" in ids(game, p.hand) and p.materials == 0 and p.progress == 1


@covers("1PER17", "1PER18")
@pytest.mark.parametrize("cid", ["1PER17", "1PER18"])
def test_conquer_pays_3_population_to_break_through_for_a_region(cid):
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    p.population, p.progress = 3, 0
    give(game, st, 0, cid)
    play(game, st, 0, cid)
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 0)
    top = st.decks["region"][-1]
    answer(game, st, 0, A.BT_DECK)
    assert top in p.hand and p.population == 0


@covers("1PER21")
def test_lydians_gain_2_population_and_go_into_history():
    game, st = fresh(P, "Macedonians")
    p = st.seats[0]
    give(game, st, 0, "1PER21")
    population = p.population
    play(game, st, 0, "1PER21")
    assert p.population == population + 2 and ids(game, p.history) == ["1PER21"]
