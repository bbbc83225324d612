"""The Mauryans (2MAU1-2MAU24) on the real card data: setup, then one test per card.

Rule numbers refer to shared/rules/imperium.md. The Mauryans' nation rules (R64): a nation deck
on the accession card (their Glory), a development area of six cards, a Barbarian start and no
{supply} card. Grand Trunk Road counts as 2 region cards (R263); of the two Indian Elephants only
one has the Barbarian symbol (R264).
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import piles, scoring, shared
from tests.games.imperium.scenario import (
    answer,
    assert_printed_fields,
    card,
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
    play,
    power_vp,
    purpose_of,
    put_in_market,
    settle,
    to_play,
    to_solstice,
    vp_of,
)

M = "Mauryans"
MAU = [f"2MAU{n}" for n in range(1, 25)]
FILLER = "1TRI4"  # Ionians: kept in hand so that Activate does not end by itself
REGIONS_IN_PLAY = {"per": {"in_play": {"suit": "region"}}, "vp": 1, "every": 1}
FACTS = {  # name, location, state, header, types, regions, cost, vp (R13-R27, checked with the reference)
    "2MAU1": ("Mauryans", "in-play", None, "power", [], [], {}, REGIONS_IN_PLAY),
    "2MAU2": ("Glory", "accession", None, None, [], [], {}, None),
    "2MAU3": (
        "Mathematics",
        "development",
        "empire",
        "pinned",
        [],
        [],
        {"materials": 4, "population": 1},
        {"per": {"in_play": {"pinned": True, "not_suit": "region"}}, "vp": 1, "every": 1},
    ),
    "2MAU4": ("Grand Trunk Road", "development", "empire", "pinned", [], [], {"materials": 3, "population": 3}, 2),
    "2MAU5": ("Ashoka", "development", "empire", None, [], [], {"population": 3}, 1),
    "2MAU6": (
        "Buddhism",
        "development",
        "empire",
        "pinned",
        [],
        [],
        {"population": 4},
        {"per": {"zone": "history"}, "vp": 1, "every": 1},
    ),
    "2MAU7": ("Edicts of Ashoka", "development", "empire", "pinned", [], [], {"materials": 4}, 3),
    "2MAU8": ("Punch-marked Coins", "development", "empire", "pinned", [], [], {"materials": 3, "population": 1}, 2),
    "2MAU9": ("Arthashastra", "nation", None, "pinned", [], [], {}, None),
    "2MAU10": ("Nanda Dynasty", "nation", None, None, [], [], {}, None),
    "2MAU11": ("City of Pataliputra", "nation", None, "pinned", ["city"], [], {}, None),
    "2MAU12": ("Indian Elephants", "nation", None, "attack", [], [], {}, None),
    "2MAU13": ("Indian Elephants", "nation", "barbarian", "attack", [], [], {}, None),
    "2MAU14": ("Gandhara", "nation", None, "pinned", [], ["production"], {}, None),
    "2MAU15": ("Unrest", "nation", None, None, [], [], {}, -2),
    "2MAU16": ("Unrest", "nation", None, None, [], [], {}, -2),
    "2MAU17": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "2MAU18": ("Chandragupta", "deck", "barbarian", None, [], [], {}, None),
    "2MAU19": ("Chanakya", "deck", "barbarian", None, [], [], {}, None),
    "2MAU20": ("Magadha", "deck", "barbarian", "pinned", [], ["production"], {}, None),
    "2MAU21": ("Indus Valley", "deck", None, "pinned", [], ["production", "fertile", "river"], {}, None),
    "2MAU22": ("Prosperity", "deck", None, None, [], [], {}, None),
    "2MAU23": ("Unrest", "deck", None, None, [], [], {}, -2),
    "2MAU24": ("Unrest", "deck", None, None, [], [], {}, -2),
}
SUITS = {"2MAU4": ["region"], "2MAU10": ["tributary"], "2MAU14": ["region"], "2MAU20": ["region"], "2MAU21": ["region"]}
NAME_RU = {  # the rulebook's names (R263, R264; §20.5 Prosperity; R252-R253 unrest; the nations list)
    "2MAU1": "Империя Маурьев",
    "2MAU4": "Великий колёсный путь",
    "2MAU12": "Индийские слоны",
    "2MAU13": "Индийские слоны",
    "2MAU22": "Процветание",
    "2MAU15": "Беспорядки",
    "2MAU16": "Беспорядки",
    "2MAU23": "Беспорядки",
    "2MAU24": "Беспорядки",
}


# --- helpers ----------------------------------------------------------------------------------


def set_market(game, st, *card_ids):
    """The market holds exactly these cards, no tokens, no tucked unrest (back to the pile)."""
    for slot, cid in enumerate(card_ids):
        if st.market[slot].unrest >= 0:
            st.unrest.append(st.market[slot].unrest)
            st.market[slot].unrest = -1
        put_in_market(game, st, slot, cid)


def unrest_in_hand(game, p):
    return sum(1 for k in p.hand if "unrest" in game.cards[k].suits)


# --- data and setup (R9, R29-R40, R193) ------------------------------------------------------------


def test_R9_the_mauryan_set_has_24_cards():
    game, _ = fresh(M, "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == M) == sorted(MAU)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == M and not c.power)
    power = card(game, "2MAU1")
    assert power.provenance == "partial" and power.side_b is not None  # side B: VP line only (D3)


@pytest.mark.parametrize("card_id", MAU)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference."""
    game, _ = fresh(M, "Romans", activate=False)
    c = card(game, card_id)
    name, *_ = assert_printed_fields(c, FACTS[card_id])
    assert c.suits == SUITS.get(card_id, ["unrest"] if name == "Unrest" else [])
    assert c.players is None and not c.unplayable and not c.free
    assert c.no_garrison == (card_id == "2MAU2")
    assert c.name_ru == NAME_RU.get(card_id)
    assert (c.name_ru_translated is None) == (card_id in NAME_RU)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_mauryan_setup(players):
    nations = [M, "Vikings", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2MAU1"  # R30
    assert ids(game, p.nation_deck)[0] == "2MAU2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == sorted(MAU[8:16])  # R35: eight cards
    assert sorted(ids(game, p.development)) == sorted(MAU[2:8])  # R36: six cards
    assert sorted(ids(game, p.hand + p.deck)) == sorted(MAU[16:])  # R39: eight cards
    assert len(p.hand) == 5 and len(p.deck) == 3  # R40
    assert not p.empire  # R37
    under = [s.unrest for s in st.market if s.unrest >= 0]
    assert not [k for k in st.unrest + under if game.cards[k].deck == M]  # R38: no {supply} card
    assert game.check_invariants(st) == []


# --- the power card ------------------------------------------------------------------------------


@covers("2MAU1", "2MAU20")
def test_mauryans_A_exhaust_for_1_progress_when_playing_a_region_G24():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2MAU20", "2MAU17", FILLER)  # Magadha: a Barbarian region
    progress, exhausts = p.progress, p.exhausts
    play(game, st, 0, "2MAU20")
    d = decision(st)
    assert d.kind == "may" and "Mauryans" in purpose_of(d)  # offered before the region's effect
    answer(game, st, 0, A.YES)
    assert p.progress == progress + 1 and p.exhausts == exhausts - 1
    answer(game, st, 0, A.END)  # Magadha: you MAY garrison, not now
    assert "2MAU20" in ids(game, p.play)
    play(game, st, 0, "2MAU17")  # not a region: no offer
    assert decision(st).kind != "may"


@covers("2MAU1")
def test_mauryans_A_solstice_may_pay_1_material_to_take_a_region_back_from_the_discard_pile():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    give(game, st, 0, "2MAU21", "discard")
    p.materials, p.progress = 1, 0
    d = to_solstice(game, st)
    assert d.kind == "may" and d.seats == [0]
    answer(game, st, 0, A.YES)
    assert p.materials == 0 and "2MAU21" in ids(game, p.hand)


@covers("2MAU1", "2MAU4")
def test_R263_mauryan_power_vp_per_region_in_play_grand_trunk_road_counting_twice_side_b_history():
    game, st = fresh(M, "Romans")
    assert power_vp(game, st) == 0
    to_play(game, st, 0, "2MAU20", "2MAU21")
    assert power_vp(game, st) == 2
    to_play(game, st, 0, "2MAU4")
    assert power_vp(game, st) == 4  # Grand Trunk Road: 2 regions (R263)
    give(game, st, 0, "2MAU14", "discard")
    assert power_vp(game, st) == 4  # in play only
    game_b, st_b = fresh(M, "Romans", power_side="B")
    for cid in ("2MAU18", "2MAU19", "1CIV4"):
        give(game_b, st_b, 0, cid, "history")
    assert power_vp(game_b, st_b) == 6  # 2 VP per card in history
    assert game_b.face(idx(game_b, "2MAU1"), "B").exhaust == []  # side B text unknown (D3)


# --- the accession card and the development cards -------------------------------------------------


@covers("2MAU2")
def test_R263_glory_the_accession_card_abandons_3_regions_counting_grand_trunk_road_twice():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    piles.nation_top_to_discard(game, st, 0, [])
    assert ids(game, p.discard)[-1] == "2MAU2" and p.empire  # R99
    glory, _ = hand_only(game, st, 0, "2MAU2", FILLER)
    magadha = to_play(game, st, 0, "2MAU20")
    fame = list(st.fame)
    assert legal_play(game, st, "2MAU2")  # 1 region: still played (R71)
    play(game, st, 0, "2MAU2")
    assert p.play == magadha and st.fame == fame and glory in p.discard  # nothing abandoned, no fame (R73)
    p.discard.remove(glory)
    p.hand.append(glory)
    to_play(game, st, 0, "2MAU4")
    assert legal_play(game, st, "2MAU2")  # Grand Trunk Road makes 3 (R263)
    top2 = st.fame[-2:]
    play(game, st, 0, "2MAU2")
    choose_card(game, st, 0, "2MAU4")  # counts 2: Magadha, the one more to go, goes by itself
    assert ids(game, p.play) == ["2MAU2"] and {"2MAU4", "2MAU20"} <= set(ids(game, p.discard))
    answer(game, st, 0, game.action_space.card + top2[0])
    assert top2[0] in p.hand and card(game, "2MAU2").no_garrison


@covers("2MAU3", "2MAU17")
def test_mathematics_hand_limit_advance_playable_in_empire_vp_per_pinned_non_region():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2MAU17", FILLER)
    assert not legal_play(game, st, "2MAU17")  # Advance is Barbarian (R72)
    assert shared.hand_limit(game, st, 0) == 5
    to_play(game, st, 0, "2MAU3")
    assert shared.hand_limit(game, st, 0) == 6
    assert legal_play(game, st, "2MAU17")  # lost its Barbarian icon
    p.materials, p.progress = 3, 0
    play(game, st, 0, "2MAU17")
    choose_card(game, st, 0, "1UNC3")
    assert "1UNC3" in ids(game, p.hand)
    to_play(game, st, 0, "2MAU8", "2MAU11", "2MAU4", "2MAU21")  # 3 pinned non-regions, 2 regions
    assert vp_of(game, st, 0, "2MAU3") == 3  # Mathematics itself counts, the regions do not


@covers("2MAU4")
def test_grand_trunk_road_exhaust_all_gain_a_material_you_a_progress_and_it_is_2_regions_for_prosperity():
    game, st = fresh(M, "Romans")
    p, q = st.seats
    to_play(game, st, 0, "2MAU4", "2MAU20")
    hand_only(game, st, 0, "2MAU22", FILLER)
    mine, theirs, progress = p.materials, q.materials, p.progress
    exhaust(game, st, 0, "2MAU4")
    assert (p.materials, q.materials, p.progress) == (mine + 1, theirs + 1, progress + 1)
    play(game, st, 0, "2MAU22")  # Prosperity: population per region
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 3  # R263
    assert scoring.count(game, st, 0, scoring.Count(in_play=scoring.Filter(region_type="production"))) == 1


@covers("2MAU5")
def test_ashoka_takes_the_top_fame_card_and_puts_every_attack_of_hand_deck_discard_into_history():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    p.empire = True
    hand_only(game, st, 0, "2MAU5", "2MAU12", FILLER)
    give(game, st, 0, "2MAU13", "deck")
    give(game, st, 0, "1UNC7", "discard")  # Invasion: an attack
    give(game, st, 0, "2MAU17", "discard")
    top = st.fame[-1]
    play(game, st, 0, "2MAU5")
    assert top in p.hand
    assert sorted(ids(game, p.history)) == sorted(["2MAU12", "2MAU13", "1UNC7", "2MAU5"])
    assert "2MAU17" in ids(game, p.discard) and FILLER in ids(game, p.hand)


@covers("2MAU6")
def test_buddhism_cheaper_unrest_solstice_progress_or_return_unrest_vp_per_history_card():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MAU6")
    hand_only(game, st, 0, "2MAU23", "2MAU17", FILLER)
    p.materials, p.population, p.progress = 2, 0, 0
    play(game, st, 0, "2MAU23")
    assert decision(st).args["options"] == [A.OPTION + 1, A.OPTION + 2]  # 1 card or 2 materials (R75)
    answer(game, st, 0, A.OPTION + 2)
    assert p.materials == 0
    give(game, st, 0, "2MAU24", "discard")
    hand_only(game, st, 0, FILLER)
    d = to_solstice(game, st)
    assert d.kind == "option"
    answer(game, st, 0, A.OPTION + 1)  # return the unrest from the discard pile
    assert idx(game, "2MAU24") in st.unrest
    for cid in ("2MAU18", "2MAU19"):
        give(game, st, 0, cid, "history")
    assert vp_of(game, st, 0, "2MAU6") == 2


@covers("2MAU7")
def test_edicts_of_ashoka_need_ashoka_in_history_and_exhaust_a_hand_card_into_history_to_draw_or_return():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    p.empire = True
    hand_only(game, st, 0, "2MAU7", FILLER)
    assert not legal_play(game, st, "2MAU7")  # only playable with Ashoka in history
    give(game, st, 0, "2MAU5", "history")
    play(game, st, 0, "2MAU7")
    assert "2MAU7" in ids(game, p.play)
    hand_only(game, st, 0)
    st.edited()
    assert not legal_exhaust(game, st, "2MAU7")  # no card to put into history (R78)
    hand_only(game, st, 0, "2MAU17", FILLER)
    give(game, st, 0, "2MAU23", "discard")
    hand, deck = len(p.hand), len(p.deck)
    exhaust(game, st, 0, "2MAU7")
    choose_card(game, st, 0, "2MAU17")
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    answer(game, st, 0, A.OPTION + 2)  # both
    assert "2MAU17" in ids(game, p.history) and idx(game, "2MAU23") in st.unrest
    assert len(p.hand) == hand and len(p.deck) == deck - 1


@covers("2MAU8")
def test_punch_marked_coins_exhaust_to_draw_and_gain_1_progress():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MAU8")
    hand, progress = len(p.hand), p.progress
    exhaust(game, st, 0, "2MAU8")
    assert len(p.hand) == hand + 1 and p.progress == progress + 1


# --- the nation deck -------------------------------------------------------------------------------


@covers("2MAU9")
def test_arthashastra_solstice_discards_any_unrest_and_chooses_for_each_a_card_or_a_progress():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MAU9")
    hand_only(game, st, 0, "2MAU15", "2MAU16", "2MAU17")
    d = to_solstice(game, st)  # the hand was refilled at clean-up
    assert d.args["optional"]  # any number, none too
    offered = {a - game.action_space.card for a in d.args["options"]}
    assert {idx(game, "2MAU15"), idx(game, "2MAU16")} <= offered
    assert all("unrest" in game.cards[k].suits for k in offered)
    choose_card(game, st, 0, "2MAU15")
    choose_card(game, st, 0, "2MAU16")
    if decision(st).kind == "card":  # another unrest drawn at clean-up: keep it
        answer(game, st, 0, A.END)
    progress, hand = p.progress, len(p.hand)
    assert decision(st).kind == "option"
    answer(game, st, 0, A.OPTION + 1)  # the first: a progress
    assert decision(st).kind == "option"
    answer(game, st, 0, A.OPTION)  # the second: a card
    assert p.progress == progress + 1 and len(p.hand) == hand + 1
    assert {"2MAU15", "2MAU16"} <= set(ids(game, p.discard))


@covers("2MAU9")
def test_arthashastra_discarding_nothing_gives_nothing():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MAU9")
    hand_only(game, st, 0, "2MAU15", "2MAU17")
    to_solstice(game, st)
    progress, hand = p.progress, len(p.hand)
    answer(game, st, 0, A.END)
    assert (p.progress, len(p.hand)) == (progress, hand)
    assert not (decision(st).kind == "option" and st.run and st.run[-1].card == idx(game, "2MAU9"))


@covers("2MAU10")
def test_nanda_dynasty_needs_arthashastra_in_play_and_gives_2_population():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2MAU10", FILLER)
    assert not legal_play(game, st, "2MAU10")
    to_play(game, st, 0, "2MAU9")
    population = p.population
    play(game, st, 0, "2MAU10")
    assert p.population == population + 2


@covers("2MAU11")
def test_city_of_pataliputra_solstice_may_discard_for_a_material_a_population_or_a_card():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MAU11")
    hand_only(game, st, 0, "2MAU17")
    d = to_solstice(game, st)
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    choose_card(game, st, 0, "2MAU17")
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 1 and "2MAU17" in ids(game, p.discard)


@pytest.mark.parametrize("cid", ["2MAU12", "2MAU13"])
def test_R264_indian_elephants_others_recall_a_region_you_may_break_through_only_one_barbarian(cid):
    game, st = fresh(M, "Romans")
    p, q = st.seats
    to_play(game, st, 1, "1ROM11", "1ROM12")
    hand_only(game, st, 0, cid, FILLER)
    play(game, st, 0, cid)
    choose_card(game, st, 1, "1ROM12")  # the target picks (R158)
    assert "1ROM12" in ids(game, q.hand) and ids(game, q.play) == ["1ROM11"]
    d = decision(st)
    assert d.kind == "suit" and d.args["optional"]
    answer(game, st, 0, A.SUIT + 3)  # tributary: the main deck (R135)
    if decision(st).kind == "bt_source":  # a tributary is in the market too
        answer(game, st, 0, A.BT_MAIN)
    assert len(p.hand) == 2
    give(game, st, 0, cid)
    p.empire = True
    assert legal_play(game, st, cid) == (cid == "2MAU12")  # R264: only 2MAU13 is Barbarian


test_R264_indian_elephants_others_recall_a_region_you_may_break_through_only_one_barbarian.covers = (
    "2MAU12",
    "2MAU13",
)


@covers("2MAU14")
def test_gandhara_a_production_region_giving_1_population_may_be_garrisoned():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2MAU14", "2MAU15")
    population = p.population
    play(game, st, 0, "2MAU14")
    answer(game, st, 0, A.NO)  # the power card's reaction to a region: not now
    choose_card(game, st, 0, "2MAU15")
    assert p.population == population + 1
    assert ids(game, p.garrison[idx(game, "2MAU14")]) == ["2MAU15"]


UNREST = ["2MAU15", "2MAU16", "2MAU23", "2MAU24"]


@pytest.mark.parametrize("cid", UNREST)
def test_R75_R253_mauryan_unrest_choose_a_cost_then_return_itself_minus_2_vp(cid):
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    k = idx(game, cid)
    hand_only(game, st, 0, cid, FILLER)
    p.materials, p.population, p.progress = 0, 1, 0
    play(game, st, 0, cid)  # only 1 population affordable (R150)
    assert p.population == 0 and k in st.unrest and vp_of(game, st, 0, cid) == -2


test_R75_R253_mauryan_unrest_choose_a_cost_then_return_itself_minus_2_vp.covers = tuple(UNREST)


# --- the starting deck -----------------------------------------------------------------------------


@covers("2MAU17")
def test_advance_pays_3_materials_to_acquire_or_5_to_break_through():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2MAU17", FILLER)
    p.materials, p.progress = 5, 0
    play(game, st, 0, "2MAU17")
    answer(game, st, 0, A.OPTION)  # pay 3: acquire
    choose_card(game, st, 0, "1CIV4")
    assert p.materials == 2 and "1CIV4" in ids(game, p.hand)


@covers("2MAU18")
def test_R154_chandragupta_acquires_a_region_and_finds_indian_elephants_hand_first_onto_the_discard():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2MAU18", "2MAU12", FILLER)
    give(game, st, 0, "2MAU13", "deck")
    play(game, st, 0, "2MAU18")
    choose_card(game, st, 0, "1REG6")
    assert "2MAU12" in ids(game, p.discard) and "2MAU13" in ids(game, p.deck)  # the hand comes first
    assert ids(game, p.history) == ["2MAU18"] and "1REG6" in ids(game, p.hand)
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2MAU18", FILLER)
    acc = p.nation_deck[0]
    play(game, st, 0, "2MAU18")
    settle(game, st)  # whatever region comes first
    found = [k for k in p.discard if game.cards[k].name == "Indian Elephants"]
    assert len(found) == 1 and p.nation_deck[0] == acc  # from the nation deck; the accession stays (R193)


@covers("2MAU19")
def test_chanakya_acquires_uncivilised_and_civilised_or_finds_arthashastra_onto_the_discard():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2MAU19", FILLER)
    play(game, st, 0, "2MAU19")
    answer(game, st, 0, A.OPTION)
    assert {"1UNC3", "1CIV4"} <= set(ids(game, p.hand))  # each was the only one
    assert ids(game, p.history) == ["2MAU19"]
    give(game, st, 0, "2MAU19")
    acc = p.nation_deck[0]
    play(game, st, 0, "2MAU19")
    answer(game, st, 0, A.OPTION + 1)
    assert "2MAU9" in ids(game, p.discard) and p.nation_deck[0] == acc  # R156, R193


REGIONS = {"2MAU20": (["production"], "barbarian"), "2MAU21": (["production", "fertile", "river"], None)}


@pytest.mark.parametrize("cid", sorted(REGIONS))
def test_R176_magadha_and_indus_valley_stay_pinned_and_may_be_garrisoned(cid):
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    c = card(game, cid)
    assert (c.regions, c.state) == REGIONS[cid]
    hand_only(game, st, 0, cid, "2MAU23")
    play(game, st, 0, cid)
    if decision(st).kind == "may":  # the power card's reaction to a region
        answer(game, st, 0, A.NO)
    choose_card(game, st, 0, "2MAU23")
    assert cid in ids(game, p.play) and ids(game, p.garrison[idx(game, cid)]) == ["2MAU23"]


test_R176_magadha_and_indus_valley_stay_pinned_and_may_be_garrisoned.covers = tuple(sorted(REGIONS))


@covers("2MAU22")
def test_prosperity_all_may_draw_then_materials_per_production_or_population_per_region():
    game, st = fresh(M, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MAU20", "2MAU21", "2MAU14")  # 3 production icons
    hand_only(game, st, 0, "2MAU22")
    play(game, st, 0, "2MAU22")
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    materials = p.materials
    answer(game, st, 0, A.OPTION)
    assert p.materials == materials + 3


def test_mauryan_cards_are_all_implemented_and_tested():
    """The Mauryan deck's row of the coverage report: every card implemented and tested."""
    from epochal.coverage import coverage

    row = coverage("imperium")["decks"][M]
    assert row["untested"] == [] and row["cards"] == 24
