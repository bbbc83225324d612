"""The Greeks (Classics, 23 cards, R9): data facts, setup (R29-R40) and every card.

Rule numbers refer to shared/rules/imperium.md. The Greeks have no nation rule of their own in
§16; their description (§21.1) names the settlers, the mercenaries, the Olympic Games and the
Lighthouse of Alexandria, which sees the exile pile (R125, R142, G26).
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import scoring, shared
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
    market,
    only_in_hand,
    pick,
    play,
    to_play,
    vp_of,
)

GRE = [f"1GRE{n}" for n in range(1, 24)]
UNREST = ["1GRE13", "1GRE22", "1GRE23"]
CITIES = ["1GRE5", "1GRE11", "1GRE19"]

FACTS = {
    "1GRE1": ("Greeks", "in-play", None, "power", [], [], {}, "1 per 7 cards"),
    "1GRE2": ("Olympic Games", "accession", None, None, [], [], {}, None),
    "1GRE3": ("Greek Prosperity", "development", "empire", None, [], [], {"materials": 2, "population": 2}, 2),
    "1GRE4": ("Pericles", "development", "empire", None, [], [], {"materials": 3, "population": 2}, 3),
    "1GRE5": ("City of Corinth", "development", "empire", "pinned", ["city"], [], {"materials": 3, "population": 2}, 3),
    "1GRE6": ("Science", "development", "empire", "pinned", [], [], {"materials": 3, "population": 2}, 3),
    "1GRE7": ("Greek Innovation", "development", "empire", "attack", [], [], {"materials": 3, "population": 2}, 3),
    "1GRE8": ("Direct Democracy", "development", "empire", "pinned", [], [], {"materials": 3, "population": 2}, 3),
    "1GRE9": ("Lighthouse", "development", "empire", "pinned", [], [], {"materials": 5}, 3),
    "1GRE10": ("Philosophy", "development", "empire", None, [], [], {"materials": 6}, "1 per 5 cards"),
    "1GRE11": ("City of Athens", "nation", None, "pinned", ["city"], [], {}, None),
    "1GRE12": ("Plains of Thessaly", "nation", None, "pinned", [], ["production"], {}, None),
    "1GRE13": ("Unrest", "nation", None, None, [], [], {}, -2),
    "1GRE14": ("Glory", "deck", None, None, [], [], {}, None),
    "1GRE15": ("Greek Mercenaries", "deck", None, "attack", [], [], {}, None),
    "1GRE16": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "1GRE17": ("Conquer", "deck", "barbarian", None, [], [], {}, None),
    "1GRE18": ("Settlers", "deck", "barbarian", None, [], [], {}, None),
    "1GRE19": ("City of Sparta", "deck", "barbarian", "pinned", ["city"], [], {}, None),
    "1GRE20": ("Peloponnese", "deck", None, "pinned", [], ["production", "river"], {}, None),
    "1GRE21": ("Forest of Pholoe", "deck", None, "pinned", [], ["production"], {}, None),
    "1GRE22": ("Unrest", "deck", None, None, [], [], {}, -2),
    "1GRE23": ("Unrest", "deck", None, None, [], [], {}, -2),
}
VP_FORMS = {
    "1 per 7 cards": {"per": {"zone": "all"}, "vp": 1, "every": 7},
    "1 per 5 cards": {"per": {"zone": "all"}, "vp": 1, "every": 5},
}
SUITS = {
    "1GRE12": ["region"],
    "1GRE20": ["region"],
    "1GRE21": ["region"],
    "1GRE13": ["unrest"],
    "1GRE22": ["unrest"],
    "1GRE23": ["unrest"],
}


# --- data ----------------------------------------------------------------------------------------


def test_greeks_have_23_cards_as_R9_says():
    game, _ = fresh("Greeks", "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == "Greeks") == sorted(GRE)


@pytest.mark.parametrize("card_id", GRE)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference."""
    game, _ = fresh("Greeks", "Romans", activate=False)
    c = card(game, card_id)
    assert_printed_fields(c, FACTS[card_id], VP_FORMS)
    assert c.players is None and not c.unplayable
    assert c.suits == SUITS.get(card_id, [])
    assert c.free == (card_id == "1GRE4")
    assert c.no_garrison == (card_id == "1GRE14")
    assert c.provenance == ("partial" if card_id == "1GRE1" else "exact")


def test_power_card_side_b_keeps_only_its_vp_line_D3():
    game, _ = fresh("Greeks", "Romans", activate=False)
    c = card(game, "1GRE1")
    assert c.name_ru == "Греки"
    assert msgspec.to_builtins(c.side_b.vp) == {"per": {"zone": "all"}, "vp": 1, "every": 3}
    assert (c.side_b.play, c.side_b.exhaust, c.side_b.passive) == ([], [], [])
    assert "side B" in c.source


# --- setup (R29-R40) -----------------------------------------------------------------------------


def test_setup_zones_R30_R34_R35_R36_R37_R39_R40():
    game, st = fresh("Greeks", "Romans", seed=5, activate=False)
    p = st.seats[0]
    assert p.nation == "Greeks" and not p.empire  # R37
    assert game.cards[p.power].id == "1GRE1"  # R30
    assert ids(game, p.nation_deck)[0] == "1GRE2"  # R34: at the bottom
    assert sorted(ids(game, p.nation_deck)) == sorted(["1GRE2", "1GRE11", "1GRE12", "1GRE13"])  # R35: an unrest too
    assert sorted(ids(game, p.development)) == sorted(f"1GRE{n}" for n in range(3, 11))  # R36
    start = sorted(ids(game, p.hand + p.deck))  # R39
    assert start == sorted(f"1GRE{n}" for n in range(14, 24)) and len(start) == 10
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert (p.materials, p.population, p.progress, p.actions, p.exhausts) == (3, 2, 1, 3, 5)


def test_nation_deck_shuffled_but_accession_stays_at_the_bottom_R35_R193():
    game, _ = fresh("Greeks", "Romans", activate=False)
    orders = set()
    for seed in range(8):
        st = game.new(2, seed, {"nations": "Greeks,Romans"})
        deck = ids(game, st.seats[0].nation_deck)
        assert deck[0] == "1GRE2"
        orders.add(tuple(deck))
    assert len(orders) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_supply_cards_so_the_unrest_pile_is_the_common_one_R38_R45(players):
    """The Greeks have no {supply} card: their unrest cards stay with the nation (1GRE13 in the
    nation deck, two in the starting deck) and the unrest pile holds only common cards."""
    nations = ["Greeks", "Carthaginians", "Romans", "Scythians"][:players]
    game, st = fresh(*nations, activate=False)
    pile = st.unrest + [s.unrest for s in st.market if s.unrest >= 0]
    assert all(game.cards[k].deck == "common" for k in pile)
    assert len(pile) == {2: 8, 3: 10, 4: 12}[players]
    assert idx(game, "1GRE13") in st.seats[0].nation_deck


@covers("1GRE2", "1GRE15")
def test_olympic_games_flip_the_state_when_a_reshuffle_discards_them_R98_R99():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.nation_deck = [k for k in p.nation_deck if game.cards[k].id == "1GRE2"]
    only_in_hand(game, st, 0, "1GRE15")  # Greek Mercenaries
    p.discard += p.deck
    p.deck = []
    play(game, st, 0, "1GRE15")  # draw -> reshuffle
    assert p.empire  # R99
    assert idx(game, "1GRE2") in p.hand + p.deck
    assert p.exhausts == 4 and p.nation_exhausted  # R98 step 1


# --- the power card ------------------------------------------------------------------------------


@covers("1GRE1")
def test_power_a_spends_two_actions_to_break_through_for_a_civilised_R134_R153():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    k = market(game, st, 2, "1CIV10")
    st.market[2].unrest = st.unrest.pop()
    pile = len(st.unrest)
    exhaust(game, st, 0, "1GRE1")
    assert p.actions == 1
    d = decision(st)
    assert d.kind == "suit" and sorted(d.args["options"]) == [A.SUIT + 1, A.SUIT + 2]
    answer(game, st, 0, A.SUIT + 2)  # civilised
    choose_card(game, st, 0, "1CIV10")  # variant 1: market
    assert k in p.hand and len(st.unrest) == pile + 1 - (st.market[2].unrest >= 0)  # R135
    assert p.power in p.exhausted and p.exhausts == 4


@covers("1GRE1")
def test_power_a_needs_two_action_tokens_and_side_b_has_no_exhaust_R78_D3():
    game, st = fresh("Greeks", "Romans")
    st.seats[0].actions = 1
    st.edited()
    assert_illegal(game, st, 0, game.action_space.exhaust + idx(game, "1GRE1"), "R78")
    game, st = fresh("Greeks", "Romans", power_side="B")
    assert game.action_space.exhaust + idx(game, "1GRE1") not in game.legal(st, 0)


@covers("1GRE1")
def test_power_vp_one_per_seven_cards_side_a_one_per_three_side_b_R228_R233():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    assert len(scoring.scoring_zones(p)) == 10
    assert game.score_seat(st, 0).breakdown["power"] == 1
    give(game, st, 0, "1GRE13", zone="history")  # history counts
    give(game, st, 0, "1GRE12", zone="play")
    give(game, st, 0, "1GRE11", zone="nation_deck")  # the nation deck not
    p.garrison[idx(game, "1GRE12")] = [give(game, st, 0, "1GRE3", zone="hand")]
    p.hand.remove(idx(game, "1GRE3"))  # a garrison counts
    assert len(scoring.scoring_zones(p)) == 13
    assert game.score_seat(st, 0).breakdown["power"] == 1
    game, st = fresh("Greeks", "Romans", power_side="B")
    assert game.score_seat(st, 0).breakdown["power"] == 3
    st.seats[0].discard += [k for k in range(40)]  # 50 cards: capped
    assert game.score_seat(st, 0).breakdown["power"] == 10  # G35


# --- accession and development cards -------------------------------------------------------------


@covers("1GRE2")
def test_olympic_games_draw_two_then_put_a_card_from_the_hand_into_history_R183():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    games, other = only_in_hand(game, st, 0, "1GRE2", "1GRE16")
    drawn = p.deck[-2:]
    play(game, st, 0, "1GRE2")
    d = decision(st)
    assert d.args["rule"] == "R183" and A.END not in game.legal(st, 0)  # not optional
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in drawn + [other])
    choose_card(game, st, 0, "1GRE16")
    assert p.history == [other] and all(k in p.hand for k in drawn)
    assert games in p.discard


@covers("1GRE3")
def test_greek_prosperity_materials_per_production_or_cards_per_city_or_metropolis():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.empire = True
    to_play(game, st, 0, "1GRE11", "1CIV6", "1GRE20", "1GRE12")  # Athens, Metropolis
    only_in_hand(game, st, 0, "1GRE3", "1GRE13")
    play(game, st, 0, "1GRE3")
    answer(game, st, 0, A.OPTION + 2)  # a card per city/metr.
    assert len(p.hand) == 1 + 2
    give(game, st, 0, "1GRE3")
    play(game, st, 0, "1GRE3")
    answer(game, st, 0, A.OPTION)  # 1 material/production
    assert p.materials == 3 + 2
    give(game, st, 0, "1GRE3")
    play(game, st, 0, "1GRE3")
    answer(game, st, 0, A.OPTION + 1)  # 1 population/region
    assert p.population == 2 + 2
    assert vp_of(game, st, 0, "1GRE3") == 2


@covers("1GRE4")
def test_pericles_free_acquires_any_category_then_goes_to_history_R74():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.empire = True
    k = market(game, st, 4, "1TRI11")
    only_in_hand(game, st, 0, "1GRE4", "1GRE13")
    play(game, st, 0, "1GRE4")
    assert p.actions == 3  # free play
    d = decision(st)
    assert A.END not in game.legal(st, 0) and len(d.args["options"]) == 5  # any, must
    choose_card(game, st, 0, "1TRI11")
    assert k in p.hand and p.history == [idx(game, "1GRE4")]
    assert vp_of(game, st, 0, "1GRE4") == 3


@covers("1GRE5", "1GRE11", "1GRE19")
@pytest.mark.parametrize("card_id", CITIES)
def test_cities_solstice_may_discard_for_a_material_population_or_card_R108_R111(card_id):
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, card_id)
    finish_round(game, st)
    d = decision(st)
    assert d.kind == "may" and d.seats == [0]
    answer(game, st, 0, A.YES)
    hand = len(p.hand)
    game.apply(st, 0, game.legal(st, 0)[0])  # discard a card
    answer(game, st, 0, A.OPTION + 2)  # draw a card
    assert len(p.hand) == hand
    assert idx(game, card_id) in p.play


@covers("1GRE5", "1GRE19")
def test_corinth_needs_empire_and_sparta_barbarian_R72():
    game, st = fresh("Greeks", "Romans")
    only_in_hand(game, st, 0, "1GRE5", "1GRE19")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1GRE5"), "R72")
    play(game, st, 0, "1GRE19")
    assert idx(game, "1GRE19") in st.seats[0].play
    st.seats[0].empire = True
    give(game, st, 0, "1GRE19")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1GRE19"), "R72")
    assert game.action_space.play + idx(game, "1GRE5") in game.legal(st, 0)


@covers("1GRE6")
def test_science_raises_the_hand_size_and_lets_advance_be_played_in_empire_R91_R72():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.empire = True
    only_in_hand(game, st, 0, "1GRE6", "1GRE16")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1GRE16"), "R72")
    play(game, st, 0, "1GRE6")
    assert idx(game, "1GRE6") in p.play and shared.hand_limit(game, st, 0) == 6
    assert game.action_space.play + idx(game, "1GRE16") in game.legal(st, 0)
    give(game, st, 0, "1GRE17")
    assert game.action_space.play + idx(game, "1GRE17") not in game.legal(st, 0)  # Conquer: no
    p.deck += p.discard
    p.discard = []
    answer(game, st, 0, A.END)  # clean-up
    while decision(st).seats == [0]:
        legal = game.legal(st, 0)
        game.apply(st, 0, A.END if A.END in legal else legal[0])
    assert len(p.hand) == 6  # R91


@covers("1GRE7")
def test_greek_innovation_tops_two_cards_to_acquire_others_recall_a_pinned_R158():
    game, st = fresh("Greeks", "Romans")
    p, rome = st.seats
    p.empire = True
    dalmatia, city = to_play(game, st, 1, "1ROM20", "1ROM19")
    k = market(game, st, 1, "1UNC7")
    _, a, b, _ = only_in_hand(game, st, 0, "1GRE7", "1GRE16", "1GRE17", "1GRE13")
    play(game, st, 0, "1GRE7")
    choose_card(game, st, 0, "1GRE16")
    choose_card(game, st, 0, "1GRE17")
    assert p.deck[-2:] == [a, b]  # b on top
    choose_card(game, st, 0, "1UNC7")
    assert k in p.hand
    d = decision(st)
    assert d.seats == [1] and d.args["rule"] == "R158"
    choose_card(game, st, 1, "1ROM19")
    assert city in rome.hand and dalmatia in rome.play
    assert vp_of(game, st, 0, "1GRE7") == 3


@covers("1GRE7")
def test_greek_innovation_with_one_other_card_acquires_nothing_R71_R73():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.empire = True
    _, other = only_in_hand(game, st, 0, "1GRE7", "1GRE16")
    deck = list(p.deck)
    play(game, st, 0, "1GRE7")  # 2 cards on the deck to acquire: with 1, nothing (R73)
    assert p.hand == [other] and p.deck == deck
    assert decision(st).kind == "activate"  # Rome has no pinned card to recall


@covers("1GRE8", "1GRE22")
def test_direct_democracy_an_unrest_costs_one_card_less_R75_R253():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.materials = p.population = p.progress = 0
    unrest, other = only_in_hand(game, st, 0, "1GRE22", "1GRE16")
    to_play(game, st, 0, "1GRE8")
    play(game, st, 0, "1GRE22")  # discard 1 only, not 2
    assert other in p.discard and unrest in st.unrest


@covers("1GRE8", "1GRE23")
def test_direct_democracy_an_unrest_costs_one_material_less_but_the_same_population():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1GRE8")
    p.materials, p.population, p.progress = 2, 1, 0
    unrest = only_in_hand(game, st, 0, "1GRE23")[0]
    play(game, st, 0, "1GRE23")
    d = decision(st)
    assert sorted(d.args["options"]) == [A.OPTION, A.OPTION + 2]  # no cards to discard
    answer(game, st, 0, A.OPTION + 2)  # 2 materials, not 3
    assert (p.materials, p.population) == (0, 1) and unrest in st.unrest
    p.materials = 5
    give(game, st, 0, "1GRE13")
    play(game, st, 0, "1GRE13")
    answer(game, st, 0, A.OPTION)  # population stays 1
    assert (p.materials, p.population) == (5, 0)


@covers("1GRE8", "1GRE13")
def test_direct_democracy_exhausts_to_play_an_unrest_without_an_action_R74_R76():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1GRE8")
    p.actions = 0
    unrest, other = only_in_hand(game, st, 0, "1GRE13", "1GRE16")
    exhaust(game, st, 0, "1GRE8")
    answer(game, st, 0, A.OPTION)  # spend 1 population
    assert unrest in st.unrest and p.population == 1 and p.actions == 0
    assert idx(game, "1GRE8") in p.exhausted and other in p.hand


@covers("1GRE8")
def test_direct_democracy_cannot_exhaust_without_an_unrest_in_hand_R78():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1GRE8")
    only_in_hand(game, st, 0, "1GRE16")
    action = game.action_space.exhaust + idx(game, "1GRE8")
    assert_illegal(game, st, 0, action, "R78")
    give(game, st, 0, "1GRE22")
    assert action in game.legal(st, 0)
    p.materials = p.population = p.progress = 0
    (unrest,) = only_in_hand(game, st, 0, "1GRE22")  # nothing to pay with: still played (R71, R73)
    game.apply(st, 0, action)
    assert unrest in p.discard and unrest not in st.unrest  # returned only if paid for (R253)


@covers("1GRE9")
def test_lighthouse_puts_an_attack_from_the_discard_pile_on_top_of_the_deck():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1GRE9")
    mercs = give(game, st, 0, "1GRE15", zone="discard")
    give(game, st, 0, "1GRE14", zone="discard")
    st.exile = []
    exhaust(game, st, 0, "1GRE9")  # no swap: exile empty
    assert p.deck[-1] == mercs and mercs not in p.discard


@covers("1GRE9")
def test_lighthouse_swaps_an_exiled_card_into_the_market_keeping_the_tokens_R142():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1GRE9")
    out = market(game, st, 3, "1UNC7", {"materials": 1})
    st.market[3].unrest = under = st.unrest.pop()
    coinage = idx(game, "1CIV10")
    for slot in st.market:
        assert slot.card != coinage
    give(game, st, 0, "1CIV10", zone="hand")
    p.hand.remove(coinage)
    st.exile = [coinage]
    pile = len(st.unrest)
    exhaust(game, st, 0, "1GRE9")
    answer(game, st, 0, A.OPTION + 1)
    choose_card(game, st, 0, "1UNC7")  # the exiled one is forced
    s = st.market[3]
    assert s.card == coinage and st.exile == [out]
    assert s.tokens == {"materials": 1}  # R142 step 4
    assert under in st.unrest + [s.unrest]  # R140 step 1: back
    assert s.unrest >= 0 and len(st.unrest) == pile  # R142 step 3, G9


@covers("1GRE10")
def test_philosophy_abandons_a_pinned_non_region_to_break_through_R167_R134():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.empire = True
    athens, pelop = to_play(game, st, 0, "1GRE11", "1GRE20")
    only_in_hand(game, st, 0, "1GRE10")
    play(game, st, 0, "1GRE10")
    assert athens in p.discard and pelop in p.play  # not the region
    answer(game, st, 0, A.SUIT + 1)  # uncivilised
    answer(game, st, 0, A.BT_DECK)
    assert "uncivilised" in game.cards[p.hand[-1]].suits
    assert vp_of(game, st, 0, "1GRE10") == 2  # 11 cards / 5


@covers("1GRE10")
def test_philosophy_without_a_pinned_card_other_than_a_region_breaks_through_for_nothing_R73():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    p.empire = True
    regions = to_play(game, st, 0, "1GRE20", "1GRE12")
    only_in_hand(game, st, 0, "1GRE10")
    play(game, st, 0, "1GRE10")
    assert p.play == regions and p.hand == [] and decision(st).kind == "activate"


# --- the nation deck and the starting deck -------------------------------------------------------


@covers("1GRE12", "1GRE20", "1GRE21")
@pytest.mark.parametrize("card_id,gain", [("1GRE12", (1, 0)), ("1GRE20", (0, 1)), ("1GRE21", (0, 0))])
def test_regions_gain_and_may_be_garrisoned_R176(card_id, gain):
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    k, other = only_in_hand(game, st, 0, card_id, "1GRE16")
    play(game, st, 0, card_id)
    d = decision(st)
    assert d.args["rule"] == "R176" and A.END in game.legal(st, 0)
    choose_card(game, st, 0, "1GRE16")
    assert (p.materials, p.population) == (3 + gain[0], 2 + gain[1])
    assert k in p.play and p.garrison[k] == [other]


@covers("1GRE13", "1GRE22", "1GRE23")
@pytest.mark.parametrize("card_id", UNREST)
def test_unrest_pays_then_returns_itself_to_the_pile_R75_R253(card_id):
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    only_in_hand(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.OPTION)  # spend 1 population
    assert p.population == 1
    assert idx(game, card_id) in st.unrest and idx(game, card_id) not in p.discard
    assert vp_of(game, st, 0, card_id) == -2


@covers("1GRE14")
def test_glory_abandons_three_regions_to_look_at_two_fame_cards_and_take_one():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    regions = to_play(game, st, 0, "1GRE12", "1GRE20", "1GRE21")
    glory = only_in_hand(game, st, 0, "1GRE14")[0]
    top2 = st.fame[-2:]
    play(game, st, 0, "1GRE14")
    for _ in range(2):
        game.apply(st, 0, game.legal(st, 0)[0])
    assert all(k in p.discard for k in regions)  # R167
    game.apply(st, 0, game.action_space.card + top2[1])
    assert top2[1] in p.hand and top2[1] not in st.fame and glory in p.discard
    regions = to_play(game, st, 0, "1GRE12", "1GRE20")
    give(game, st, 0, "1GRE14")
    play(game, st, 0, "1GRE14")  # 2 regions only: played for nothing (R71, R73)
    assert all(k in p.play for k in regions) and glory in p.discard
    assert card(game, "1GRE14").no_garrison


@covers("1GRE15")
def test_greek_mercenaries_progress_card_steal_two_materials_each_others_gain_population():
    game, st = fresh("Greeks", "Romans", "Carthaginians")
    p, rome, carthage = st.seats
    carthage.materials = 1
    only_in_hand(game, st, 0, "1GRE15")
    play(game, st, 0, "1GRE15")
    assert p.progress == 2 and len(p.hand) == 1
    assert (p.materials, rome.materials, carthage.materials) == (3 + 2 + 1, 1, 0)  # R170
    assert (rome.population, carthage.population) == (3, 3)


@covers("1GRE15")
def test_greek_mercenaries_standing_army_toll_is_asked_once_R257_G41():
    game, st = fresh("Greeks", "Romans")
    p, rome = st.seats
    to_play(game, st, 1, "1UNC1")  # Standing Army
    only_in_hand(game, st, 0, "1GRE15")
    play(game, st, 0, "1GRE15")
    d = decision(st)
    assert d.kind == "may" and d.seats == [0] and d.args["rule"] == "R257"
    answer(game, st, 0, A.NO)  # leave Rome alone
    assert (rome.materials, rome.population) == (3, 2) and p.materials == 3
    assert p.progress == 2


@covers("1GRE16")
def test_advance_pays_materials_to_acquire_or_break_through():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    k = market(game, st, 1, "1UNC7")
    p.progress = 0
    only_in_hand(game, st, 0, "1GRE16")
    play(game, st, 0, "1GRE16")
    pick(game, st, 0, "1UNC7")
    assert p.materials == 0 and k in p.hand


@covers("1GRE17")
def test_conquer_pays_two_population_to_acquire_a_region_or_tributary():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    k = market(game, st, 0, "1REG4")
    p.progress = 0
    only_in_hand(game, st, 0, "1GRE17")
    play(game, st, 0, "1GRE17")
    pick(game, st, 0, "1REG4")
    assert k in p.hand and p.population == 0


@covers("1GRE18")
def test_settlers_pay_population_for_a_region_or_gain_progress_or_return_an_unrest_R146():
    game, st = fresh("Greeks", "Romans")
    p = st.seats[0]
    k = market(game, st, 0, "1REG4")
    only_in_hand(game, st, 0, "1GRE18", "1GRE22")
    play(game, st, 0, "1GRE18")
    answer(game, st, 0, A.OPTION)
    pick(game, st, 0, "1REG4")
    assert k in p.hand and p.population == 1
    give(game, st, 0, "1GRE18")
    play(game, st, 0, "1GRE18")
    answer(game, st, 0, A.OPTION + 1)
    assert p.progress == 2
    give(game, st, 0, "1GRE18")
    play(game, st, 0, "1GRE18")
    answer(game, st, 0, A.OPTION + 2)
    assert idx(game, "1GRE22") in st.unrest and idx(game, "1GRE22") not in p.hand


@covers("1GRE18")
def test_settlers_are_barbarian_only_R72():
    game, st = fresh("Greeks", "Romans")
    st.seats[0].empire = True
    only_in_hand(game, st, 0, "1GRE18")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1GRE18"), "R72")
