"""The Celts (1CEL1-1CEL28) on the real card data: setup, then one test per card.

Rule numbers refer to shared/rules/imperium.md. The Celts' nation rules (R64, §21): a nation deck
on the accession card Celtic Gold, a development area, a Barbarian start and five {supply}
unrest cards that go to the unrest pile (R38; two with 3+ players, three more with 4).
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import piles, scoring, shared
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
    play,
    power_vp,
    purpose_of,
    put_in_market,
    settle,
)

C = "Celts"
CEL = [f"1CEL{n}" for n in range(1, 29)]
SUPPLY = {2: [], 3: ["1CEL24", "1CEL25"], 4: ["1CEL24", "1CEL25", "1CEL26", "1CEL27", "1CEL28"]}
FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself


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


# --- setup (R9, R29-R40, R193) -------------------------------------------------------------------


def test_R9_the_celtic_set_has_28_cards():
    game, _ = fresh(C, "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == C) == sorted(CEL)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == C and not c.power)
    power = game.cards[idx(game, "1CEL1")]
    assert power.provenance == "partial" and power.side_b is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_celtic_setup(players):
    nations = [C, "Vikings", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "1CEL1"  # R30
    assert ids(game, p.nation_deck)[0] == "1CEL2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == sorted(CEL[7:13])  # R35: 8-13
    assert sorted(ids(game, p.development)) == sorted(CEL[2:7])  # R36: 3-7
    assert sorted(ids(game, p.hand + p.deck)) == sorted(CEL[13:23])  # R39: 10 cards
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert not p.empire and p.materials == 3 and p.population == 2  # R37, R42
    # R38, R45: the {supply} unrest cards join the unrest pile by player count, else the box
    under = [s.unrest for s in st.market if s.unrest >= 0]
    pile = [k for k in st.unrest + under if game.cards[k].deck == C]
    assert sorted(ids(game, pile)) == sorted(SUPPLY[players])
    boxed = [c for c in CEL[23:] if c not in SUPPLY[players]]
    assert sorted(ids(game, [k for k in st.box if game.cards[k].deck == C])) == sorted(boxed)
    assert game.check_invariants(st) == []


def test_R99_celtic_gold_is_the_accession_card_and_flips_the_state():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    piles.nation_top_to_discard(game, st, 0, [])
    assert ids(game, p.discard)[-1] == "1CEL2" and p.empire


# --- the power card ----------------------------------------------------------------------------------


@covers("1CEL1", "1CEL16")
def test_celts_A_acquiring_an_uncivilised_card_lets_them_exhaust_the_power_for_unrest_G24():
    game, st = fresh(C, "Romans")
    p, q = st.seats
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "1CEL16")  # Advance
    q_unrest, exhausts = unrest_in_hand(game, q), p.exhausts
    play(game, st, 0, "1CEL16")
    answer(game, st, 0, A.OPTION)  # pay 3 materials: acquire
    choose_card(game, st, 0, "1UNC3")
    d = decision(st)
    assert d.kind == "may" and "Celts" in purpose_of(d)  # the reactive exhaust (G24)
    answer(game, st, 0, A.YES)
    assert unrest_in_hand(game, q) == q_unrest + 1  # each other player takes one
    assert idx(game, "1CEL1") in p.exhausted and p.exhausts == exhausts - 1
    assert "1UNC3" in ids(game, p.hand)


@covers("1CEL1")
def test_celts_A_reacts_to_breaking_through_but_not_to_a_civilised_card_or_when_exhausted():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "1CEL16", FILLER)
    p.materials = 10
    play(game, st, 0, "1CEL16")
    answer(game, st, 0, A.OPTION)  # acquire a civilised card
    choose_card(game, st, 0, "1CIV4")
    assert decision(st).kind == "activate"  # no reaction: not uncivilised
    give(game, st, 0, "1CEL16")
    play(game, st, 0, "1CEL16")
    answer(game, st, 0, A.OPTION + 1)  # pay 5: break through (R134)
    answer(game, st, 0, A.SUIT + 1)  # uncivilised
    answer(game, st, 0, A.BT_DECK)  # the deck's top (R135 variant 2)
    assert decision(st).kind == "may"
    answer(game, st, 0, A.NO)
    assert idx(game, "1CEL1") not in p.exhausted


@covers("1CEL1")
def test_celts_A_is_not_offered_on_innovate_R80_R82():
    game, st = fresh(C, "Romans", activate=False)
    q = st.seats[1]
    q_unrest = unrest_in_hand(game, q)
    answer(game, st, 0, A.INNOVATE)
    answer(game, st, 0, A.SUIT + 1)
    answer(game, st, 0, A.BT_DECK)
    assert purpose_of(decision(st)) != "exhaust Celts"
    assert unrest_in_hand(game, q) == q_unrest


@covers("1CEL1")
def test_R233_G35_celtic_power_vp_per_uncivilised_card_side_b_double():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    base = sum(1 for k in scoring.scoring_zones(p) if "uncivilised" in game.cards[k].suits)
    assert base == 0 and power_vp(game, st) == 0
    for cid in ("1UNC3", "1UNC8", "1UNC15"):  # 1UNC15 City is dual (R22)
        give(game, st, 0, cid, "discard")
    assert power_vp(game, st) == 3
    game_b, st_b = fresh(C, "Romans", power_side="B")
    for cid in ("1UNC3", "1UNC8", "1UNC15"):
        give(game_b, st_b, 0, cid, "history")
    assert power_vp(game_b, st_b) == 6
    for cid in ("1UNC4", "1UNC5", "1UNC6"):
        give(game_b, st_b, 0, cid, "history")
    assert power_vp(game_b, st_b) == 10  # capped (R233, G35)
    assert game_b.face(idx(game_b, "1CEL1"), "B").exhaust == []  # side B text unknown (D3)


# --- the accession card and the development cards -------------------------------------------------


@covers("1CEL2")
def test_celtic_gold_gives_each_other_player_1_and_4_per_fertile_icon():
    game, st = fresh(C, "Romans", "Vikings")
    p, q, r = st.seats
    give(game, st, 0, "1CEL11", "play")  # Britannia: production, fertile
    give(game, st, 0, "1CEL12", "play")  # Hibernia: fertile
    give(game, st, 0, "1CEL9", "play")  # Armorica: no fertile
    hand_only(game, st, 0, "1CEL2")
    before = (p.materials, q.materials, r.materials)
    play(game, st, 0, "1CEL2")
    assert (p.materials, q.materials, r.materials) == (before[0] + 8, before[1] + 1, before[2] + 1)


@covers("1CEL3")
def test_celtic_innovation_needs_empire_may_acquire_and_gives_others_unrest_R72():
    game, st = fresh(C, "Romans")
    p, q = st.seats
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "1CEL3")
    assert not legal_play(game, st, "1CEL3")  # Barbarian (R72)
    p.empire = True
    q_unrest = unrest_in_hand(game, q)
    st.edited()
    play(game, st, 0, "1CEL3")
    d = decision(st)
    assert d.args["optional"] and {A.END} | set(d.args["options"]) >= {
        game.action_space.card + idx(game, "1UNC3"),
        game.action_space.card + idx(game, "1CIV4"),
    }
    choose_card(game, st, 0, "1CIV4")
    assert "1CIV4" in ids(game, p.hand)
    assert unrest_in_hand(game, q) == q_unrest + 1
    assert game.cards[idx(game, "1CEL3")].cost == {"materials": 2, "population": 2}


@covers("1CEL4", "1CEL18")
def test_chainmail_gives_1_progress_for_each_attack_played():
    game, st = fresh(C, "Romans")
    p, q = st.seats
    give(game, st, 0, "1CEL4", "play")
    give(game, st, 1, "1REG3", "play")
    hand_only(game, st, 0, "1CEL18", "1CEL14")
    progress = p.progress
    play(game, st, 0, "1CEL18")  # Boudicca: attack, +1 progress
    settle(game, st)
    assert p.progress == progress + 2
    play(game, st, 0, "1CEL14")  # Druids: no attack
    answer(game, st, 0, A.OPTION)  # gain 1 progress
    assert p.progress == progress + 3


@covers("1CEL5", "1CEL8")
def test_chariots_lets_conquer_and_attacks_be_played_in_empire_and_acquire_exiled_regions():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    p.empire = True
    set_market(game, st, "1UNC8", "1UNC3", "1CIV4", "1TRI2", "1CIV5")
    hand_only(game, st, 0, "1CEL8", "1CEL19", "1CEL18")
    assert not legal_play(game, st, "1CEL8") and not legal_play(game, st, "1CEL19")  # R72
    give(game, st, 0, "1CEL5", "play")
    assert legal_play(game, st, "1CEL8") and legal_play(game, st, "1CEL19")
    assert legal_play(game, st, "1CEL18")
    st.exile.append(idx(game, "1REG6"))
    st.exile.append(idx(game, "1UNC22"))  # not a region: not offered
    pile = len(st.unrest)
    play(game, st, 0, "1CEL8")  # Conquer
    answer(game, st, 0, A.OPTION)  # pay 2 population: acquire
    d = decision(st)
    assert game.action_space.card + idx(game, "1REG6") in d.args["options"]
    assert game.action_space.card + idx(game, "1UNC22") not in d.args["options"]
    choose_card(game, st, 0, "1REG6")
    assert "1REG6" in ids(game, p.hand) and idx(game, "1REG6") not in st.exile
    assert len(st.unrest) == pile  # a region brings no unrest (R143)


@covers("1CEL6")
def test_ogham_script_raises_the_hand_limit_and_puts_cards_into_history_R91_R183():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    assert shared.hand_limit(game, st, 0) == 5
    give(game, st, 0, "1CEL6", "play")
    assert shared.hand_limit(game, st, 0) == 6
    hand_only(game, st, 0, "1CEL14")
    give(game, st, 0, "1CEL22", "discard")
    exhaust(game, st, 0, "1CEL6")
    choose_card(game, st, 0, "1CEL14")
    choose_card(game, st, 0, "1CEL22")
    assert ids(game, p.history) == ["1CEL14", "1CEL22"]
    assert game.cards[idx(game, "1CEL6")].cost == {"materials": 2, "population": 2}


@covers("1CEL7")
def test_vercingetorix_acquires_any_category_then_history_and_scores_per_uncivilised():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "1CEL7")
    play(game, st, 0, "1CEL7")
    choose_card(game, st, 0, "1TRI2")  # a tributary is allowed
    assert "1TRI2" in ids(game, p.hand) and ids(game, p.history) == ["1CEL7"]
    k = idx(game, "1CEL7")
    give(game, st, 0, "1UNC3", "discard")
    give(game, st, 0, "1UNC15", "discard")
    assert scoring.card_vp(game, st, 0, k, game.cards[k].vp) == 2
    assert game.cards[k].cost == {"materials": 4}


# --- nation deck and starting deck ---------------------------------------------------------------


@pytest.mark.parametrize("cid", ["1CEL8", "1CEL17"])
def test_conquer_pays_2_population_to_acquire_or_3_to_break_through(cid):
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    p.population, p.progress = 2, 0
    hand_only(game, st, 0, cid)
    play(game, st, 0, cid)  # only the acquire is affordable
    choose_card(game, st, 0, "1TRI2")
    assert p.population == 0 and "1TRI2" in ids(game, p.hand)
    p.population = 3
    give(game, st, 0, cid)
    play(game, st, 0, cid)
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1]  # R150
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 0)  # region
    answer(game, st, 0, A.BT_DECK)
    assert p.population == 0 and len(p.hand) == 2


test_conquer_pays_2_population_to_acquire_or_3_to_break_through.covers = ("1CEL8", "1CEL17")


REGIONS = {  # id: (region icons, what the play does besides "you MAY garrison")
    "1CEL9": (["production", "river"], None),
    "1CEL10": (["river"], "draw"),
    "1CEL11": (["production", "fertile"], None),
    "1CEL12": (["fertile"], "retrieve"),
    "1CEL21": (["production"], "top_of_deck"),
}


@pytest.mark.parametrize("cid", sorted(REGIONS))
def test_R176_celtic_regions_stay_pinned_and_may_be_garrisoned(cid):
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    card = game.cards[idx(game, cid)]
    assert card.suits == ["region"] and card.pinned and card.regions == REGIONS[cid][0]
    hand_only(game, st, 0, cid, "1CEL22")
    give(game, st, 0, "1CEL14", "discard")
    extra = REGIONS[cid][1]
    hand, deck = len(p.hand), len(p.deck)
    play(game, st, 0, cid)
    if extra == "draw":  # Belgica: you MAY draw
        answer(game, st, 0, A.YES)
        assert len(p.deck) == deck - 1
    elif extra == "retrieve":  # Hibernia: discard -> hand
        choose_card(game, st, 0, "1CEL14")
        assert "1CEL14" in ids(game, p.hand)
    elif extra == "top_of_deck":  # Celtica: discard -> deck top
        choose_card(game, st, 0, "1CEL14")
        assert ids(game, p.deck[-1:]) == ["1CEL14"]
    choose_card(game, st, 0, "1CEL22")  # garrison the unrest (R176)
    assert cid in ids(game, p.play)
    assert ids(game, p.garrison[idx(game, cid)]) == ["1CEL22"]
    assert len(p.hand) == hand - 2 + (1 if extra in ("draw", "retrieve") else 0)


test_R176_celtic_regions_stay_pinned_and_may_be_garrisoned.covers = tuple(sorted(REGIONS))

UNREST = ["1CEL13", "1CEL22", "1CEL23", "1CEL24", "1CEL25", "1CEL26", "1CEL27", "1CEL28"]


@pytest.mark.parametrize("cid", UNREST)
def test_R75_R253_celtic_unrest_choose_a_cost_then_return_itself_minus_2_vp(cid):
    game, st = fresh(C, "Romans", "Vikings", "Persians")
    p = st.seats[0]
    k = idx(game, cid)
    assert game.cards[k].vp == -2 and game.cards[k].suits == ["unrest"]
    hand_only(game, st, 0, cid, "1CEL14")
    p.materials, p.population, p.progress = 3, 0, 0
    play(game, st, 0, cid)  # only 3 materials affordable (R150): chosen by itself
    assert p.materials == 0 and k in st.unrest and k not in p.hand + p.play + p.discard


test_R75_R253_celtic_unrest_choose_a_cost_then_return_itself_minus_2_vp.covers = tuple(UNREST)


@covers("1CEL14")
def test_druids_progress_or_break_through_uncivilised_or_return_unrest_for_population():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "1CEL14", FILLER)
    p.population, p.progress = 0, 0
    play(game, st, 0, "1CEL14")  # no population, no unrest
    assert p.progress == 1  # the only option: auto
    give(game, st, 0, "1CEL14")
    give(game, st, 0, "1CEL22")
    p.population = 1
    play(game, st, 0, "1CEL14")
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    answer(game, st, 0, A.OPTION + 2)  # return an unrest: +1 population
    assert p.population == 2 and idx(game, "1CEL22") in st.unrest
    give(game, st, 0, "1CEL14")
    play(game, st, 0, "1CEL14")
    answer(game, st, 0, A.OPTION + 1)  # pay 1 population: break through
    assert decision(st).kind == "bt_source"  # uncivilised only: no suit asked
    answer(game, st, 0, A.BT_DECK)
    assert p.population == 1 and len(p.hand) == 2  # the new card and the filler


@covers("1CEL15")
def test_glory_abandons_3_regions_to_take_a_fame_card_and_cannot_be_garrisoned():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    assert game.cards[idx(game, "1CEL15")].no_garrison
    hand_only(game, st, 0, "1CEL15")
    for cid in ("1CEL9", "1CEL11"):
        give(game, st, 0, cid, "play")
    assert legal_play(game, st, "1CEL15")  # with 2 regions it is played for nothing (R71, R73)
    give(game, st, 0, "1CEL12", "play")
    top2 = st.fame[-2:]
    play(game, st, 0, "1CEL15")
    choose_card(game, st, 0, "1CEL9")
    choose_card(game, st, 0, "1CEL11")  # the third goes by itself
    assert not [k for k in p.play if "region" in game.cards[k].suits]
    d = decision(st)
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in top2)
    answer(game, st, 0, game.action_space.card + top2[0])
    assert top2[0] in p.hand and top2[1] in st.fame


@covers("1CEL18")
def test_boudicca_progress_each_other_abandons_a_region_then_history():
    game, st = fresh(C, "Romans")
    p, q = st.seats
    give(game, st, 1, "1REG3", "play")
    give(game, st, 1, "1REG6", "play")
    hand_only(game, st, 0, "1CEL18")
    progress = p.progress
    play(game, st, 0, "1CEL18")
    assert decision(st).seats == [1]  # the target picks its region
    choose_card(game, st, 1, "1REG6")
    assert ids(game, q.play) == ["1REG3"] and "1REG6" in ids(game, q.discard)
    assert p.progress == progress + 1 and ids(game, p.history) == ["1CEL18"]


@covers("1CEL19")
def test_cattle_raid_steals_materials_from_region_holders_and_progress_from_empires_R170():
    game, st = fresh(C, "Romans", "Vikings", "Persians")
    p, q, r, s = st.seats
    give(game, st, 1, "1REG3", "play")  # q: a region, Barbarian
    r.empire = True  # r: Empire, no region
    s.empire = True
    give(game, st, 3, "1REG6", "play")  # s: both
    for x in (q, r, s):
        x.materials, x.progress = 2, 2
    hand_only(game, st, 0, "1CEL19")
    m, g = p.materials, p.progress
    play(game, st, 0, "1CEL19")
    settle(game, st)  # no shields to use
    assert (q.materials, r.materials, s.materials) == (1, 2, 1)
    assert (q.progress, r.progress, s.progress) == (2, 1, 1)
    assert p.materials == m + 2 + 2 and p.progress == g + 2


@covers("1CEL20")
def test_cauldron_of_cerridwen_spends_1_progress_for_2_population_R78():
    game, st = fresh(C, "Romans")
    p = st.seats[0]
    give(game, st, 0, "1CEL20", "play")
    p.progress, p.population = 0, 0
    assert not legal_exhaust(game, st, "1CEL20")  # cannot pay (R78)
    assert_illegal(game, st, 0, game.action_space.exhaust + idx(game, "1CEL20"), "R78")
    p.progress = 1
    st.edited()
    exhaust(game, st, 0, "1CEL20")
    assert p.progress == 0 and p.population == 2
    assert not legal_exhaust(game, st, "1CEL20")  # once per round (R77)
