"""The Romans (Classics, 23 cards, R9): data facts, setup (R29-R40) and every card.

Rule numbers refer to shared/rules/imperium.md. The rulebook prints four Roman cards: the power
card side A (R243), Roman Expansion (R249), Julius Caesar (R250) and Military Engineering (R251).
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

ROM = [f"1ROM{n}" for n in range(1, 24)]
UNREST = ["1ROM13", "1ROM22", "1ROM23"]
POP = {"per": {"resource": "population"}, "vp": 1}

# The printed facts of every card (checked against the card reference): name, starting location
# (R24), state (R72), header icon, type and region icons, development cost and VP.
FACTS = {
    "1ROM1": ("Romans", "in-play", None, "power", [], [], {}, dict(POP, every=4)),
    "1ROM2": ("Julius Caesar", "accession", "empire", None, [], [], {}, None),
    "1ROM3": ("Military Engineering", "development", "empire", "attack", [], [], {"materials": 4, "population": 1}, 3),
    "1ROM4": ("Roman Invasion", "development", "empire", "attack", [], [], {"population": 3}, 2),
    "1ROM5": ("Legions", "development", "empire", "pinned", [], [], {"population": 3}, 2),
    "1ROM6": ("The Senate", "development", "empire", None, [], [], {"materials": 4}, 3),
    "1ROM7": (
        "Rome, the Eternal City",
        "development",
        "empire",
        "pinned",
        ["metropolis"],
        [],
        {"materials": 3, "population": 3},
        4,
    ),
    "1ROM8": (
        "Emperor Trajan",
        "development",
        "empire",
        None,
        [],
        [],
        {"materials": 2, "population": 1},
        dict(POP, every=3),
    ),
    "1ROM9": ("Prosperity", "nation", None, None, [], [], {}, None),
    "1ROM10": ("Bread and Circuses", "nation", None, "pinned", [], [], {}, None),
    "1ROM11": ("Gallia Aquitania", "nation", None, "pinned", [], ["production", "fertile"], {}, None),
    "1ROM12": ("Raetia", "nation", None, "pinned", [], ["production", "river"], {}, None),
    "1ROM13": ("Unrest", "nation", None, None, [], [], {}, -2),
    "1ROM14": ("Glory", "deck", None, None, [], [], {}, None),
    "1ROM15": ("Prosperity", "deck", None, None, [], [], {}, None),
    "1ROM16": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "1ROM17": ("Conquer", "deck", "barbarian", None, [], [], {}, None),
    "1ROM18": ("Triumvirate", "deck", "barbarian", None, [], [], {}, None),
    "1ROM19": ("City of Rome", "deck", None, "pinned", ["city"], [], {}, None),
    "1ROM20": ("Dalmatia", "deck", None, "pinned", [], ["production"], {}, None),
    "1ROM21": ("Roman Expansion", "deck", "barbarian", "attack", [], [], {}, None),
    "1ROM22": ("Unrest", "deck", None, None, [], [], {}, -2),
    "1ROM23": ("Unrest", "deck", None, None, [], [], {}, -2),
}
NAME_RU = {
    "1ROM1": "Римляне",
    "1ROM2": "Гай Юлий Цезарь",
    "1ROM3": "Военная инженерия",
    "1ROM21": "Римская экспансия",
    "1ROM9": "Процветание",
    "1ROM15": "Процветание",
    "1ROM13": "Беспорядки",
    "1ROM22": "Беспорядки",
    "1ROM23": "Беспорядки",
}  # R243, R249-R251; §20.5 (Prosperity); every unrest card is «Беспорядки» (R252, R253)


# --- data ----------------------------------------------------------------------------------------


def test_romans_have_23_cards_as_R9_says():
    game, _ = fresh("Romans", "Scythians", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == "Romans") == sorted(ROM)


@pytest.mark.parametrize("card_id", ROM)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference."""
    game, _ = fresh("Romans", "Scythians", activate=False)
    c = card(game, card_id)
    name, _, _, _, _, regions, _, _ = assert_printed_fields(c, FACTS[card_id])
    assert c.players is None
    assert c.suits == (["region"] if regions else ["unrest"] if name == "Unrest" else [])
    assert c.free == (card_id == "1ROM2")
    assert not c.unplayable
    assert c.no_garrison == (card_id == "1ROM14")
    assert c.name_ru == NAME_RU.get(card_id)
    assert c.provenance == ("partial" if card_id == "1ROM1" else "exact")


# --- setup (R29-R40) -----------------------------------------------------------------------------


def test_setup_zones_R30_R34_R35_R36_R39_R40():
    game, st = fresh("Romans", "Scythians", seed=5, activate=False)
    p = st.seats[0]
    assert p.nation == "Romans" and not p.empire  # R37
    assert game.cards[p.power].id == "1ROM1"  # R30
    assert ids(game, p.nation_deck)[0] == "1ROM2"  # R34: at the bottom
    assert sorted(ids(game, p.nation_deck)) == sorted(["1ROM2", "1ROM9", "1ROM10", "1ROM11", "1ROM12", "1ROM13"])  # R35
    assert sorted(ids(game, p.development)) == sorted(f"1ROM{n}" for n in range(3, 9))  # R36
    start = sorted(ids(game, p.hand + p.deck))  # R39
    assert start == sorted(f"1ROM{n}" for n in range(14, 24)) and len(start) == 10
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40


def test_no_supply_cards_R38():
    game, st = fresh("Romans", "Scythians", activate=False)
    pile = st.unrest + [s.unrest for s in st.market if s.unrest >= 0]
    assert all(game.cards[k].deck == "common" for k in pile) and len(pile) == 8


# --- the power card --------------------------------------------------------------------------------


@covers("1ROM1", "1ROM14")
def test_power_a_looks_at_one_more_fame_card_and_gains_progress_with_glory_R243():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    regions = to_play(game, st, 0, "1ROM11", "1ROM12", "1ROM20")
    glory = only_in_hand(game, st, 0, "1ROM14")[0]
    top3 = st.fame[-3:]
    play(game, st, 0, "1ROM14")
    for _ in range(2):  # the third is forced
        game.apply(st, 0, game.legal(st, 0)[0])
    assert all(k in p.discard for k in regions)  # abandoned (R167)
    d = decision(st)
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in top3)
    assert p.progress == 2  # + 1 (R243)
    game.apply(st, 0, game.action_space.card + top3[0])
    assert top3[0] in p.hand and top3[0] not in st.fame and len(st.fame) == 5
    game.apply(st, 0, game.action_space.card + top3[2])  # the two others go back in any order (R161)
    assert st.fame[-2:] == [top3[1], top3[2]]
    assert glory in p.discard


@covers("1ROM14")
def test_glory_needs_three_regions_and_cannot_be_garrisoned():
    game, st = fresh("Romans", "Scythians")
    to_play(game, st, 0, "1ROM11", "1ROM12")
    only_in_hand(game, st, 0, "1ROM14", "1ROM20")
    assert legal_play(game, st, "1ROM14")  # with 2 regions it would give nothing (R71, R73)
    play(game, st, 0, "1ROM20")  # Dalmatia: garrison
    assert decision(st).kind == "activate"  # nothing to offer
    assert idx(game, "1ROM14") in st.seats[0].hand


@covers("1ROM1")
def test_power_vp_side_a_per_four_population_side_b_per_two_R233():
    game, st = fresh("Romans", "Scythians")
    st.seats[0].population = 11
    assert game.score_seat(st, 0).breakdown["power"] == 2
    game, st = fresh("Romans", "Scythians", power_side="B")
    st.seats[0].population = 11
    assert game.score_seat(st, 0).breakdown["power"] == 5


# --- accession and development cards ----------------------------------------------------------------


@covers("1ROM2")
def test_julius_caesar_flips_the_state_then_free_plays_to_draw_two_into_history_R99_R250():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.nation_deck = [idx(game, "1ROM2")]
    p.discard += p.deck
    p.deck = []
    only_in_hand(game, st, 0, "1ROM9")
    play(game, st, 0, "1ROM9")  # Prosperity: may draw
    answer(game, st, 0, A.YES)  # -> reshuffle (R98)
    assert p.empire and idx(game, "1ROM2") in p.hand + p.deck  # R99
    answer(game, st, 1, A.NO)
    give(game, st, 0, "1ROM2")  # in hand before Activate could end by itself
    answer(game, st, 0, A.OPTION)
    actions, hand = p.actions, len(p.hand)
    play(game, st, 0, "1ROM2")
    answer(game, st, 0, A.OPTION)  # draw 2
    assert p.actions == actions  # free (R74)
    assert len(p.hand) == hand - 1 + 2
    assert idx(game, "1ROM2") in p.history


@covers("1ROM2")
def test_julius_caesar_may_acquire_a_region_or_tributary_instead():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.empire = True
    region = market(game, st, 0, "1REG4", keep_unrest=True)
    only_in_hand(game, st, 0, "1ROM2")
    play(game, st, 0, "1ROM2")
    answer(game, st, 0, A.OPTION + 1)
    d = decision(st)
    assert d.args["optional"]  # "you MAY acquire"
    assert {game.cards[o - game.action_space.card].suits[0] for o in d.args["options"]} <= {"region", "tributary"}
    choose_card(game, st, 0, "1REG4")
    assert region in p.hand and idx(game, "1ROM2") in p.history


@covers("1ROM2")
def test_julius_caesar_needs_empire_R72():
    game, st = fresh("Romans", "Scythians")
    only_in_hand(game, st, 0, "1ROM2")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1ROM2"), "R72")


@covers("1ROM3")
def test_military_engineering_others_discard_two_then_may_break_through_civilised_R251():
    game, st = fresh("Romans", "Scythians")
    p, scy = st.seats
    p.empire = True
    only_in_hand(game, st, 0, "1ROM3")
    before = list(scy.hand)
    play(game, st, 0, "1ROM3")
    for _ in range(2):
        assert decision(st).seats == [1]  # the target chooses
        game.apply(st, 1, game.legal(st, 1)[0])
    assert len(scy.hand) == len(before) - 2 and len(scy.discard) == 2
    d = decision(st)
    assert d.kind == "suit" and d.args["optional"]
    answer(game, st, 0, A.SUIT + 2)  # civilised
    answer(game, st, 0, A.BT_DECK)
    assert len(p.hand) == 1 and "civilised" in game.cards[p.hand[0]].suits
    assert vp_of(game, st, 0, "1ROM3") == 3


@covers("1ROM4")
def test_roman_invasion_may_acquire_then_others_abandon_a_region():
    game, st = fresh("Romans", "Scythians")
    p, scy = st.seats
    p.empire = True
    steppe = to_play(game, st, 1, "1SCY10")[0]
    region = market(game, st, 0, "1REG4", keep_unrest=True)
    only_in_hand(game, st, 0, "1ROM4")
    play(game, st, 0, "1ROM4")
    choose_card(game, st, 0, "1REG4")
    assert region in p.hand
    assert steppe in scy.discard and steppe not in scy.play  # abandon (R167)


@covers("1ROM5")
def test_legions_raise_the_hand_size_and_let_conquer_be_played_in_empire_R91():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.empire = True
    only_in_hand(game, st, 0, "1ROM5", "1ROM17", "1ROM16")
    conquer = game.action_space.play + idx(game, "1ROM17")
    assert conquer not in game.legal(st, 0)
    play(game, st, 0, "1ROM5")
    assert idx(game, "1ROM5") in p.play and shared.hand_limit(game, st, 0) == 6
    assert conquer in game.legal(st, 0)
    assert game.action_space.play + idx(game, "1ROM16") not in game.legal(st, 0)  # only Conquer


@covers("1ROM6")
def test_the_senate_may_acquire_civilised_and_put_a_hand_card_into_history():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.empire = True
    civ = market(game, st, 2, "1CIV10", {"progress": 1}, keep_unrest=True)
    only_in_hand(game, st, 0, "1ROM6", "1ROM22")
    play(game, st, 0, "1ROM6")
    d = decision(st)
    assert d.args["optional"]
    choose_card(game, st, 0, "1CIV10")
    assert civ in p.hand and p.progress == 2  # with its token
    choose_card(game, st, 0, "1ROM22")
    assert idx(game, "1ROM22") in p.history
    assert idx(game, "1ROM6") in p.discard


@covers("1ROM7", "1ROM19")
def test_rome_the_eternal_city_needs_city_of_rome_in_play_and_puts_it_into_history():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.empire = True
    only_in_hand(game, st, 0, "1ROM7", "1ROM19")
    eternal = game.action_space.play + idx(game, "1ROM7")
    assert_illegal(game, st, 0, eternal, "R71")  # printed: only playable with City of Rome
    play(game, st, 0, "1ROM19")
    assert idx(game, "1ROM19") in p.play  # pinned
    play(game, st, 0, "1ROM7")
    assert idx(game, "1ROM19") in p.history and idx(game, "1ROM7") in p.play
    assert vp_of(game, st, 0, "1ROM7") == 4


@covers("1ROM7")
def test_rome_the_eternal_city_solstice_chooses_material_population_or_a_card():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    to_play(game, st, 0, "1ROM7")
    finish_round(game, st)
    d = decision(st)
    assert d.kind == "option" and len(d.args["options"]) == 3
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 1


@covers("1ROM8")
def test_emperor_trajan_acquires_any_market_card_goes_to_history_and_scores_per_3_population():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.empire = True
    tri = market(game, st, 4, "1TRI7", keep_unrest=True)
    under = st.market[4].unrest
    only_in_hand(game, st, 0, "1ROM8")
    play(game, st, 0, "1ROM8")
    d = decision(st)
    assert not d.args["optional"] and len(d.args["options"]) == 5  # every suit
    choose_card(game, st, 0, "1TRI7")
    assert tri in p.hand and (under < 0 or under in p.hand)  # R130
    assert idx(game, "1ROM8") in p.history
    p.population = 10
    assert vp_of(game, st, 0, "1ROM8") == 3


@covers("1ROM9", "1ROM15")
@pytest.mark.parametrize("card_id", ["1ROM9", "1ROM15"])
def test_prosperity_all_may_draw_then_materials_per_production_or_population_per_region(card_id):
    game, st = fresh("Romans", "Scythians")
    p, scy = st.seats
    to_play(game, st, 0, "1ROM11", "1ROM12", "1ROM20", "1SCY18")  # 3 production, 4 regions
    only_in_hand(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.YES)
    scy_hand = len(scy.hand)
    answer(game, st, 1, A.NO)
    assert len(p.hand) == 1 and len(scy.hand) == scy_hand
    answer(game, st, 0, A.OPTION)
    assert p.materials == 3 + 3
    give(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == 2 + 4


@covers("1ROM10")
def test_bread_and_circuses_solstice_discards_then_may_return_two_unrest():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    to_play(game, st, 0, "1ROM10")
    only_in_hand(game, st, 0, "1ROM16", "1ROM22")
    p.discard = [k for k in p.discard if game.cards[k].id != "1ROM23"]
    give(game, st, 0, "1ROM23", zone="discard")
    p.deck = [k for k in p.deck if "unrest" not in game.cards[k].suits]
    finish_round(game, st)
    assert purpose_of(decision(st)) == "discard"
    choose_card(game, st, 0, "1ROM16")  # must discard one
    pile = len(st.unrest)
    choose_card(game, st, 0, "1ROM22")  # from hand
    choose_card(game, st, 0, "1ROM23")  # from the discard
    assert len(st.unrest) == pile + 2
    assert idx(game, "1ROM22") in st.unrest and idx(game, "1ROM23") in st.unrest


@covers("1ROM11", "1ROM12", "1ROM20")
@pytest.mark.parametrize("card_id, materials, population", [("1ROM11", 3, 2), ("1ROM12", 4, 2), ("1ROM20", 3, 3)])
def test_regions_gain_and_may_be_garrisoned_R176(card_id, materials, population):
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    k, other = only_in_hand(game, st, 0, card_id, "1ROM16")
    play(game, st, 0, card_id)
    choose_card(game, st, 0, "1ROM16")
    assert (p.materials, p.population) == (materials, population)
    assert k in p.play and p.garrison[k] == [other]


@covers("1ROM13", "1ROM22", "1ROM23")
@pytest.mark.parametrize("card_id", UNREST)
def test_unrest_pays_then_returns_itself_to_the_pile_R75_R253(card_id):
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    only_in_hand(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.OPTION)  # spend 1 population
    assert p.population == 1 and idx(game, card_id) in st.unrest
    assert vp_of(game, st, 0, card_id) == -2


@covers("1ROM16")
def test_advance_pays_materials_to_acquire_or_break_through():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.materials, p.progress = 5, 0
    k = market(game, st, 1, "1UNC7", keep_unrest=True)
    only_in_hand(game, st, 0, "1ROM16")
    play(game, st, 0, "1ROM16")
    answer(game, st, 0, A.OPTION)  # pay 3: acquire
    choose_card(game, st, 0, "1UNC7")
    assert p.materials == 2 and k in p.hand


@covers("1ROM17")
def test_conquer_pays_population_to_break_through_for_a_region():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.population, p.progress = 3, 0
    only_in_hand(game, st, 0, "1ROM17")
    play(game, st, 0, "1ROM17")
    answer(game, st, 0, A.OPTION + 1)  # pay 3: break through
    answer(game, st, 0, A.SUIT)  # region
    answer(game, st, 0, A.BT_DECK)
    assert p.population == 0 and "region" in game.cards[p.hand[0]].suits


@covers("1ROM18")
def test_triumvirate_breaks_through_for_uncivilised_and_goes_to_history():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    unc = market(game, st, 1, "1UNC7", keep_unrest=True)
    under = st.market[1].unrest
    only_in_hand(game, st, 0, "1ROM18")
    pile = len(st.unrest)
    play(game, st, 0, "1ROM18")
    choose_card(game, st, 0, "1UNC7")
    assert unc in p.hand and idx(game, "1ROM18") in p.history
    assert under >= 0 and under not in p.hand  # R135: returned,
    assert len(st.unrest) == pile and st.market[1].unrest >= 0  # refill tucks (R127)


@covers("1ROM19")
def test_city_of_rome_solstice_may_discard_to_choose():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    to_play(game, st, 0, "1ROM19")
    only_in_hand(game, st, 0, "1ROM16")
    finish_round(game, st)
    answer(game, st, 0, A.YES)
    materials = p.materials
    hand = len(p.hand)
    if decision(st).kind == "card":
        game.apply(st, 0, game.legal(st, 0)[0])
    answer(game, st, 0, A.OPTION)
    assert p.materials == materials + 1 and len(p.hand) == hand - 1


@covers("1ROM21")
def test_roman_expansion_acquires_one_or_two_regions_others_recall_one_into_history_R249():
    game, st = fresh("Romans", "Scythians")
    p, scy = st.seats
    steppe = to_play(game, st, 1, "1SCY10")[0]
    first = market(game, st, 0, "1REG4", keep_unrest=True)
    second = market(game, st, 3, "1REG9", keep_unrest=True)
    only_in_hand(game, st, 0, "1ROM21")
    play(game, st, 0, "1ROM21")
    choose_card(game, st, 0, "1REG4")
    d = decision(st)
    assert d.args["optional"] and game.action_space.card + second in d.args["options"]
    choose_card(game, st, 0, "1REG9")
    assert first in p.hand and second in p.hand
    assert steppe in scy.hand  # recalled (R158)
    assert idx(game, "1ROM21") in p.history


@covers("1ROM21")
def test_roman_expansion_is_barbarian_R72():
    game, st = fresh("Romans", "Scythians")
    st.seats[0].empire = True
    only_in_hand(game, st, 0, "1ROM21")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1ROM21"), "R72")
