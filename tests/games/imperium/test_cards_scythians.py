"""The Scythians (Classics, 24 cards, R9): data facts, setup (R29-R40) and every card.

Rule numbers refer to shared/rules/imperium.md. Nomads are clarified in R266; the nation is
described in §21.1 (regions, materials, tents, mounted archers).
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import shared
from tests.games.imperium.scenario import (
    answer,
    assert_illegal,
    assert_printed_fields,
    card,
    choose_card,
    covers,
    decision,
    exhaust,
    finish_round,
    fresh,
    give,
    ids,
    idx,
    legal_play,
    market,
    only_in_hand,
    play,
    purpose_of,
    to_play,
    vp_of,
)

SCY = [f"1SCY{n}" for n in range(1, 25)]
UNREST = ["1SCY7", "1SCY8", "1SCY22", "1SCY23", "1SCY24"]

# The printed facts of every card (checked against the card reference): name, starting location
# (R24), state (R72), header icon, type and region icons, development cost and VP.
FACTS = {
    "1SCY1": ("Scythians", "in-play", None, "power", [], [], {}, "1 per 6 materials"),
    "1SCY2": ("Glory", "accession", None, None, [], [], {}, None),
    "1SCY3": ("Ateas", "development", "empire", None, [], [], {"population": 4}, 3),
    "1SCY4": ("Kurgans", "development", "empire", "pinned", [], [], {"population": 3}, 2),
    "1SCY5": ("City of Gelonus", "development", "empire", "pinned", ["city"], [], {"population": 3}, 2),
    "1SCY6": ("Jewellery", "development", None, None, [], [], {"materials": 7}, 7),
    "1SCY7": ("Unrest", "nation", None, None, [], [], {}, -2),
    "1SCY8": ("Unrest", "nation", None, None, [], [], {}, -2),
    "1SCY9": ("Tamga", "nation", None, "pinned", [], [], {}, "1 per 2 regions"),
    "1SCY10": ("Pontic Steppe", "nation", None, "pinned", [], ["production", "fertile"], {}, None),
    "1SCY11": ("Tarim Basin", "nation", None, "pinned", [], ["production", "river"], {}, None),
    "1SCY12": ("Caucasia", "nation", None, "pinned", [], ["production"], {}, None),
    "1SCY13": ("Raiders", "nation", "barbarian", "attack", [], [], {}, None),
    "1SCY14": ("Nomads", "deck", None, None, [], [], {}, None),
    "1SCY15": ("Nomads", "deck", "barbarian", None, [], [], {}, None),
    "1SCY16": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "1SCY17": ("Conquer", "deck", "barbarian", None, [], [], {}, None),
    "1SCY18": ("Carpathian Mountains", "deck", "barbarian", "pinned", [], [], {}, None),
    "1SCY19": ("Tian Shan", "deck", "barbarian", "pinned", [], [], {}, None),
    "1SCY20": ("Mounted Archers", "deck", None, "pinned", [], [], {}, None),
    "1SCY21": ("Tents", "deck", "barbarian", "pinned", [], [], {}, None),
    "1SCY22": ("Unrest", "deck", None, None, [], [], {}, -2),
    "1SCY23": ("Unrest", "deck", None, None, [], [], {}, -2),
    "1SCY24": ("Unrest", "deck", None, None, [], [], {}, -2),
}
VP_FORMS = {
    "1 per 6 materials": {"per": {"resource": "materials"}, "vp": 1, "every": 6},
    "1 per 2 regions": {"per": {"zone": "all", "filter": {"suit": "region"}}, "vp": 1, "every": 2},
}


# --- data ----------------------------------------------------------------------------------------


def test_scythians_have_24_cards_as_R9_says():
    game, _ = fresh("Scythians", "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == "Scythians") == sorted(SCY)


@pytest.mark.parametrize("card_id", SCY)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference."""
    game, _ = fresh("Scythians", "Romans", activate=False)
    c = card(game, card_id)
    name, _, _, _, _, regions, _, _ = assert_printed_fields(c, FACTS[card_id], VP_FORMS)
    assert c.players is None
    assert c.suits == (
        ["region"] if regions or card_id in ("1SCY18", "1SCY19") else ["unrest"] if name == "Unrest" else []
    )
    assert c.free == (card_id == "1SCY13")
    assert c.unplayable == (card_id == "1SCY6")
    assert c.no_garrison == (card_id in ("1SCY2", "1SCY6"))
    assert c.provenance == ("partial" if card_id == "1SCY1" else "exact")


# --- setup (R29-R40) -----------------------------------------------------------------------------


def test_setup_zones_R30_R34_R35_R36_R39_R40():
    game, st = fresh("Scythians", "Romans", seed=3, activate=False)
    p = st.seats[0]
    assert p.nation == "Scythians" and not p.empire  # R37
    assert game.cards[p.power].id == "1SCY1"  # R30
    assert ids(game, p.nation_deck)[0] == "1SCY2"  # R34: at the bottom
    assert sorted(ids(game, p.nation_deck)) == sorted(
        ["1SCY2", "1SCY7", "1SCY8", "1SCY9", "1SCY10", "1SCY11", "1SCY12", "1SCY13"]
    )  # R35
    assert sorted(ids(game, p.development)) == ["1SCY3", "1SCY4", "1SCY5", "1SCY6"]  # R36
    start = sorted(ids(game, p.hand + p.deck))  # R39
    assert start == sorted(f"1SCY{n}" for n in range(14, 25)) and len(start) == 11
    assert len(p.hand) == 5 and len(p.deck) == 6  # R40
    assert (p.materials, p.population, p.progress, p.actions, p.exhausts) == (3, 2, 1, 3, 5)


def test_nation_deck_shuffled_but_accession_stays_at_the_bottom_R35_R193():
    game, _ = fresh("Scythians", "Romans", activate=False)
    orders = set()
    for seed in range(6):
        st = game.new(2, seed, {"nations": "Scythians,Romans"})
        deck = ids(game, st.seats[0].nation_deck)
        assert deck[0] == "1SCY2"
        orders.add(tuple(deck))
    assert len(orders) > 1


def test_no_supply_cards_so_the_unrest_pile_is_the_common_one_R38():
    """Scythians have no {supply} cards: every unrest in the pile or under the market is common."""
    for _players, nations in ((2, "Scythians,Romans"),):
        game, st = fresh(*nations.split(","), activate=False)
        pile = st.unrest + [s.unrest for s in st.market if s.unrest >= 0]
        assert all(game.cards[k].deck == "common" for k in pile)
        assert len(pile) == 8  # R45: 2 players
        assert not any(game.cards[k].deck == "Scythians" for k in st.box)


def test_accession_glory_flips_the_state_on_a_barbarian_reshuffle_R98_R99():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1SCY9")  # Tamga
    p.nation_deck = [k for k in p.nation_deck if game.cards[k].id == "1SCY2"]
    p.discard += p.deck
    p.deck = []
    only_in_hand(game, st, 0, "1SCY14")
    exhaust(game, st, 0, "1SCY9")  # discard 1, draw 2
    assert p.empire  # R99
    assert idx(game, "1SCY2") in p.hand + p.deck
    assert p.exhausts == 3 and p.nation_exhausted  # R98 step 1


# --- the power card --------------------------------------------------------------------------------


@covers("1SCY1")
def test_power_a_spends_an_action_takes_unrest_and_breaks_through_for_a_region_R134():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    region = market(game, st, 0, "1REG4", keep_unrest=True)
    pile = len(st.unrest)
    exhaust(game, st, 0, "1SCY1")
    d = decision(st)
    assert d.kind == "bt_source" and game.action_space.card + region in d.args["options"]
    choose_card(game, st, 0, "1REG4")  # R135 variant 1
    assert region in p.hand
    assert p.actions == 2 and p.exhausts == 4
    assert len(st.unrest) == pile - 1
    assert sum(1 for k in p.hand if "unrest" in game.cards[k].suits) >= 1


@covers("1SCY1")
def test_power_a_needs_an_action_token_R78_R153():
    game, st = fresh("Scythians", "Romans")
    st.seats[0].actions = 0
    st.edited()
    assert_illegal(game, st, 0, game.action_space.exhaust + idx(game, "1SCY1"), "R78")


@covers("1SCY1")
def test_power_vp_side_a_one_per_six_materials_and_side_b_adds_two_counts_R233_G35():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    p.materials = 13
    assert game.score_seat(st, 0).breakdown["power"] == 2
    game, st = fresh("Scythians", "Romans", power_side="B")
    p = st.seats[0]
    p.materials = 7  # 2
    to_play(game, st, 0, "1SCY10", "1SCY11", "1SCY12")  # + 2 in the deck = 5
    assert game.score_seat(st, 0).breakdown["power"] == 2 + 1
    p.materials = 60
    assert game.score_seat(st, 0).breakdown["power"] == 10  # capped (G35)
    st.options["power_vp_cap"] = "uncapped"
    assert game.score_seat(st, 0).breakdown["power"] == 21


# --- accession and development cards ----------------------------------------------------------------


@covers("1SCY2")
def test_glory_abandons_three_regions_to_look_at_two_fame_cards_and_take_one():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    regions = to_play(game, st, 0, "1SCY10", "1SCY11", "1SCY12")
    glory = only_in_hand(game, st, 0, "1SCY2")[0]
    top2 = st.fame[-2:]
    play(game, st, 0, "1SCY2")
    for _ in range(2):  # the third is forced
        game.apply(st, 0, game.legal(st, 0)[0])
    assert all(k in p.discard for k in regions)  # R167
    d = decision(st)
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in top2)
    game.apply(st, 0, game.action_space.card + top2[0])
    assert top2[0] in p.hand and top2[0] not in st.fame
    assert glory in p.discard


@covers("1SCY2")
def test_glory_needs_three_regions_and_cannot_be_garrisoned_R78_R176():
    game, st = fresh("Scythians", "Romans")
    to_play(game, st, 0, "1SCY10", "1SCY11")
    only_in_hand(game, st, 0, "1SCY2", "1SCY12")
    assert legal_play(game, st, "1SCY2")  # with 2 regions it would give nothing (R71, R73)
    play(game, st, 0, "1SCY12")  # Caucasia: garrison
    assert decision(st) is not None and decision(st).kind == "activate"  # nothing to garrison
    assert idx(game, "1SCY2") in st.seats[0].hand


@covers("1SCY3")
def test_ateas_acquires_a_region_returns_an_unrest_and_goes_to_history():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    p.empire = True
    region = market(game, st, 0, "1REG4", keep_unrest=True)
    unrest = idx(game, "1SCY22")
    only_in_hand(game, st, 0, "1SCY3", "1SCY22")
    pile = len(st.unrest)
    play(game, st, 0, "1SCY3")
    choose_card(game, st, 0, "1REG4")  # may acquire a region
    assert region in p.hand
    choose_card(game, st, 0, "1SCY22")  # may return an unrest
    assert unrest in st.unrest and len(st.unrest) == pile + 1  # R146
    assert idx(game, "1SCY3") in p.history  # R183
    assert vp_of(game, st, 0, "1SCY3") == 3


@covers("1SCY3")
def test_ateas_needs_empire_R72():
    game, st = fresh("Scythians", "Romans")
    only_in_hand(game, st, 0, "1SCY3")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1SCY3"), "R72")


@covers("1SCY4")
def test_kurgans_raises_the_hand_size_and_exhausts_to_history_a_discarded_card_R91_R183():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    p.empire = True
    only_in_hand(game, st, 0, "1SCY4")
    play(game, st, 0, "1SCY4")
    assert idx(game, "1SCY4") in p.play  # pinned (R71)
    assert shared.hand_limit(game, st, 0) == 6
    p.discard = [k for k in p.discard if game.cards[k].id != "1SCY22"]
    give(game, st, 0, "1SCY22", zone="discard")
    exhaust(game, st, 0, "1SCY4")
    choose_card(game, st, 0, "1SCY22")
    assert idx(game, "1SCY22") in p.history
    p.deck += p.discard  # enough to draw 6
    p.discard = []
    answer(game, st, 0, A.END)  # clean-up
    while decision(st).seats == [0]:
        legal = game.legal(st, 0)
        game.apply(st, 0, A.END if A.END in legal else legal[0])
    assert len(p.hand) == 6  # R91


@covers("1SCY5")
def test_city_of_gelonus_solstice_may_discard_for_a_material_population_or_card_R108():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    p.empire = True
    only_in_hand(game, st, 0, "1SCY5")
    play(game, st, 0, "1SCY5")
    finish_round(game, st)
    d = decision(st)
    assert d.kind == "may" and d.seats == [0]
    answer(game, st, 0, A.YES)
    hand = len(p.hand)
    game.apply(st, 0, game.legal(st, 0)[0])  # discard a card
    materials = p.materials
    answer(game, st, 0, A.OPTION)  # gain 1 material
    assert p.materials == materials + 1 and len(p.hand) == hand - 1


@covers("1SCY6")
def test_jewellery_cannot_be_played_or_garrisoned_costs_7_materials_and_scores_7():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    p.empire = True
    p.materials = 7
    to_play(game, st, 0, "1SCY9")
    only_in_hand(game, st, 0, "1SCY14")
    p.discard += p.deck
    p.deck = []
    exhaust(game, st, 0, "1SCY9")  # draw -> reshuffle
    d = decision(st)
    assert purpose_of(d) == "develop on reshuffle"  # R103
    choose_card(game, st, 0, "1SCY6")
    assert p.materials == 0 and idx(game, "1SCY6") not in p.development
    give(game, st, 0, "1SCY6")
    assert game.action_space.play + idx(game, "1SCY6") not in game.legal(st, 0)
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1SCY6"), "R71")
    assert vp_of(game, st, 0, "1SCY6") == 7
    assert card(game, "1SCY6").no_garrison


# --- nation deck ---------------------------------------------------------------------------------


@covers("1SCY7", "1SCY8", "1SCY22", "1SCY23", "1SCY24")
@pytest.mark.parametrize("card_id", UNREST)
def test_unrest_pays_then_returns_itself_to_the_pile_R75_R253(card_id):
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    only_in_hand(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.OPTION)  # spend 1 population
    assert p.population == 1
    assert idx(game, card_id) in st.unrest and idx(game, card_id) not in p.discard
    assert vp_of(game, st, 0, card_id) == -2


@covers("1SCY9")
def test_tamga_discards_one_to_draw_two_and_scores_per_two_regions():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1SCY9")
    only_in_hand(game, st, 0, "1SCY14", "1SCY15")
    exhaust(game, st, 0, "1SCY9")
    choose_card(game, st, 0, "1SCY15")
    assert idx(game, "1SCY15") in p.discard and len(p.hand) == 3
    # regions anywhere in the scoring zones count, garrisoned ones too (R179, R228)
    assert vp_of(game, st, 0, "1SCY9") == 1  # 18, 19: 2 regions
    k = to_play(game, st, 0, "1SCY10")[0]
    assert vp_of(game, st, 0, "1SCY9") == 1  # 3 regions
    g = give(game, st, 0, "1SCY12", zone="discard")
    p.discard.remove(g)
    p.garrison[k] = [g]
    assert vp_of(game, st, 0, "1SCY9") == 2  # 4: garrison counts
    give(game, st, 0, "1SCY18", zone="nation_deck")
    assert vp_of(game, st, 0, "1SCY9") == 1  # nation deck does not


@covers("1SCY9")
def test_tamga_cannot_be_exhausted_with_an_empty_hand_R78():
    game, st = fresh("Scythians", "Romans")
    to_play(game, st, 0, "1SCY9")
    only_in_hand(game, st, 0)
    assert_illegal(game, st, 0, game.action_space.exhaust + idx(game, "1SCY9"), "R78")


@covers("1SCY10", "1SCY12", "1SCY18", "1SCY19")
@pytest.mark.parametrize("card_id", ["1SCY10", "1SCY12", "1SCY18", "1SCY19"])
def test_regions_gain_a_population_and_may_be_garrisoned_R176(card_id):
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    k, other = only_in_hand(game, st, 0, card_id, "1SCY16")
    play(game, st, 0, card_id)
    choose_card(game, st, 0, "1SCY16")
    assert p.population == 3
    assert k in p.play and p.garrison[k] == [other]  # pinned, garrisoned


@covers("1SCY18", "1SCY19")
@pytest.mark.parametrize("card_id", ["1SCY18", "1SCY19"])
def test_barbarian_regions_cannot_be_played_in_empire_R72(card_id):
    game, st = fresh("Scythians", "Romans")
    st.seats[0].empire = True
    only_in_hand(game, st, 0, card_id)
    assert_illegal(game, st, 0, game.action_space.play + idx(game, card_id), "R72")


@covers("1SCY11")
def test_tarim_basin_may_draw_a_card_and_may_be_garrisoned():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    k = only_in_hand(game, st, 0, "1SCY11")[0]
    top = p.deck[-1]
    play(game, st, 0, "1SCY11")
    answer(game, st, 0, A.YES)
    assert p.hand == [top]
    choose_card(game, st, 0, game.cards[top].id)
    assert p.garrison[k] == [top] and p.population == 2


@covers("1SCY13")
def test_raiders_free_draws_two_others_recall_a_region_and_empire_players_lose_population():
    game, st = fresh("Scythians", "Romans")
    p, rome = st.seats
    rome.empire = True
    dalmatia = to_play(game, st, 1, "1ROM20")[0]
    only_in_hand(game, st, 0, "1SCY13")
    play(game, st, 0, "1SCY13")
    assert p.actions == 3  # free play (R74)
    assert len(p.hand) == 2
    assert dalmatia in rome.hand and dalmatia not in rome.play  # R158
    assert (p.population, rome.population) == (3, 1)  # steal (R170)
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1SCY13"))  # once per turn


@covers("1SCY13")
def test_raiders_steals_nothing_from_barbarian_players_R170():
    game, st = fresh("Scythians", "Romans")
    only_in_hand(game, st, 0, "1SCY13")
    play(game, st, 0, "1SCY13")
    assert (st.seats[0].population, st.seats[1].population) == (2, 2)


@covers("1SCY13")
def test_raiders_asks_a_standing_army_toll_once_for_both_attacks_R257_G41():
    game, st = fresh("Scythians", "Romans")
    p, rome = st.seats
    rome.empire = True
    dalmatia, _ = to_play(game, st, 1, "1ROM20", "1UNC1")  # Standing Army
    only_in_hand(game, st, 0, "1SCY13")
    play(game, st, 0, "1SCY13")
    d = decision(st)
    assert d.kind == "may" and d.seats == [0] and d.args["rule"] == "R257"
    answer(game, st, 0, A.YES)
    assert decision(st).kind == "activate"  # asked only once
    assert (p.progress, rome.progress) == (0, 2)
    assert dalmatia in rome.hand and rome.population == 1


# --- starting deck ----------------------------------------------------------------------------------


@covers("1SCY14", "1SCY15")
@pytest.mark.parametrize("card_id", ["1SCY14", "1SCY15"])
def test_nomads_all_may_draw_then_one_material_per_production_R266(card_id):
    game, st = fresh("Scythians", "Romans")
    p, rome = st.seats
    to_play(game, st, 0, "1SCY10", "1SCY11", "1SCY18")  # 2 production icons
    only_in_hand(game, st, 0, card_id)
    rome_hand = len(rome.hand)
    play(game, st, 0, card_id)
    assert decision(st).seats == [0]
    answer(game, st, 0, A.YES)
    assert decision(st).seats == [1]  # R149: all players
    answer(game, st, 1, A.YES)
    assert len(p.hand) == 1 and len(rome.hand) == rome_hand + 1
    assert p.materials == 3 + 2


@covers("1SCY14", "1SCY15")
def test_only_one_nomads_is_barbarian_R266():
    game, st = fresh("Scythians", "Romans")
    st.seats[0].empire = True
    only_in_hand(game, st, 0, "1SCY14", "1SCY15")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1SCY15"), "R72")
    assert game.action_space.play + idx(game, "1SCY14") in game.legal(st, 0)


@covers("1SCY16")
def test_advance_pays_materials_to_acquire_or_break_through_R130_R134():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    k = market(game, st, 1, "1UNC7", keep_unrest=True)
    under = st.market[1].unrest
    p.progress = 0  # 1 progress would stand in for 2 (R165)
    only_in_hand(game, st, 0, "1SCY16")
    play(game, st, 0, "1SCY16")  # 3 materials: acquire
    assert purpose_of(decision(st)) != "choose"  # break through unaffordable
    choose_card(game, st, 0, "1UNC7")
    assert p.materials == 0 and k in p.hand
    assert under < 0 or under in p.hand  # R130 step 3
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    p.materials = 5
    only_in_hand(game, st, 0, "1SCY16")
    play(game, st, 0, "1SCY16")
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 1)  # uncivilised
    answer(game, st, 0, A.BT_DECK)
    assert p.materials == 0 and len(p.hand) == 1
    assert "uncivilised" in game.cards[p.hand[0]].suits


@covers("1SCY17")
def test_conquer_pays_population_to_acquire_or_break_through_a_region_or_tributary():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    k = market(game, st, 0, "1REG4", keep_unrest=True)
    p.progress = 0  # 3 population would be affordable
    only_in_hand(game, st, 0, "1SCY17")
    play(game, st, 0, "1SCY17")
    if decision(st).kind == "card":  # a tributary is in the market too
        choose_card(game, st, 0, "1REG4")
    assert p.population == 0 and k in p.hand
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    p.population, p.progress = 3, 0
    only_in_hand(game, st, 0, "1SCY17")
    play(game, st, 0, "1SCY17")
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 3)  # tributary
    answer(game, st, 0, A.BT_MAIN)  # R135 variant 5
    assert p.population == 0 and len(p.hand) == 1
    assert "tributary" in game.cards[p.hand[0]].suits


@covers("1SCY20")
def test_mounted_archers_exhaust_to_avoid_an_attack_on_another_players_turn_R145():
    game, st = fresh("Romans", "Scythians")
    rome, scy = st.seats
    archers, steppe = to_play(game, st, 1, "1SCY20", "1SCY10")
    market(game, st, 0, "1REG4", keep_unrest=True)
    only_in_hand(game, st, 0, "1ROM21")  # Roman Expansion
    play(game, st, 0, "1ROM21")  # acquires the only region
    assert idx(game, "1REG4") in rome.hand
    answer(game, st, 0, A.END)  # no second region
    d = decision(st)
    assert d.seats == [1] and game.action_space.card + archers in d.args["options"]
    choose_card(game, st, 1, "1SCY20")
    assert steppe in scy.play  # not recalled
    assert archers in scy.exhausted and scy.exhausts == 4
    assert idx(game, "1ROM21") in rome.history


@covers("1SCY20")
def test_mounted_archers_cannot_be_exhausted_on_your_own_and_solstice_buys_population():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    only_in_hand(game, st, 0, "1SCY20")
    play(game, st, 0, "1SCY20")
    assert game.action_space.exhaust + idx(game, "1SCY20") not in game.legal(st, 0)
    finish_round(game, st)
    d = decision(st)
    assert d.kind == "may" and d.seats == [0]
    materials, population = p.materials, p.population
    answer(game, st, 0, A.YES)
    assert (p.materials, p.population) == (materials - 1, population + 1)


@covers("1SCY21")
def test_tents_exhaust_when_you_play_a_region_for_one_population():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    tents = to_play(game, st, 0, "1SCY21")[0]
    only_in_hand(game, st, 0, "1SCY14", "1SCY12")
    play(game, st, 0, "1SCY14")  # not a region
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    assert decision(st).kind == "activate"
    play(game, st, 0, "1SCY12")  # Caucasia
    d = decision(st)
    assert d.kind == "may" and d.args["rule"] == "R80"
    answer(game, st, 0, A.YES)
    assert tents in p.exhausted and p.exhausts == 4
    assert p.population == 2 + 1 + 1  # Tents, then Caucasia


@covers("1SCY21")
def test_tents_solstice_may_recall_a_region_R158():
    game, st = fresh("Scythians", "Romans")
    p = st.seats[0]
    steppe = to_play(game, st, 0, "1SCY21", "1SCY10")[1]
    finish_round(game, st)
    d = decision(st)
    assert d.kind == "card" and d.args["optional"]
    choose_card(game, st, 0, "1SCY10")
    assert steppe in p.hand and steppe not in p.play
