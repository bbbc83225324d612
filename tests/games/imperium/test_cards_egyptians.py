"""The Egyptians (2EGY1-2EGY23) on the real card data: setup, then one test per card.

Rule numbers refer to shared/rules/imperium.md. The Egyptians' nation rules (R64): a nation deck
on the accession card Unification, a development area of eight cards, a Barbarian start and no
{supply} card. Their power card side A is R246; Embalming's clarification is R262 with its
example E5 (§22), written here as a scenario test.
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import piles, shared
from tests.games.imperium.scenario import (
    answer,
    assert_illegal,
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
    put_in_market,
    settle,
    to_play,
    to_solstice,
    vp_of,
)

E = "Egyptians"
EGY = [f"2EGY{n}" for n in range(1, 24)]
FILLER = "1TRI4"  # Ionians: kept in hand so that Activate does not end by itself
CIV = {"per": {"zone": "all", "filter": {"suit": "civilised"}}, "vp": 1, "every": 1}
FACTS = {  # name, location, state, header, types, regions, cost, vp (R13-R27, checked with the reference)
    "2EGY1": ("Egyptians", "in-play", None, "power", [], [], {}, "civ2"),
    "2EGY2": ("Unification", "accession", None, None, [], [], {}, None),
    "2EGY3": ("Development", "development", "empire", None, [], [], {"materials": 3, "population": 1}, 2),
    "2EGY4": ("Embalming", "development", "empire", "pinned", [], [], {"materials": 4}, 2),
    "2EGY5": ("Obelisk", "development", "empire", "pinned", [], [], {"materials": 2, "population": 2}, 2),
    "2EGY6": ("Ramesses II", "development", "empire", None, [], [], {"materials": 4, "population": 2}, 4),
    "2EGY7": ("Egyptian Expansion", "development", "empire", "attack", [], [], {"population": 4}, 4),
    "2EGY8": ("Medicine", "development", "empire", "pinned", [], [], {"materials": 4, "population": 1}, 4),
    "2EGY9": ("Pyramids", "development", "empire", "pinned", [], [], {"materials": 2, "population": 3}, 4),
    "2EGY10": ("Egyptian Legacy", "development", "empire", "attack", [], [], {"materials": 5}, "civ1"),
    "2EGY11": ("Red Land", "nation", None, "pinned", [], [], {}, None),
    "2EGY12": ("Kushites", "nation", "barbarian", None, [], [], {}, None),
    "2EGY13": ("Unrest", "nation", None, None, [], [], {}, -2),
    "2EGY14": ("Flood of the Nile", "deck", None, None, [], [], {}, None),
    "2EGY15": ("Glory", "deck", None, None, [], [], {}, None),
    "2EGY16": ("Prosperity", "deck", None, None, [], [], {}, None),
    "2EGY17": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "2EGY18": ("Egyptian Incursion", "deck", "barbarian", "attack", [], [], {}, None),
    "2EGY19": ("Egyptian Hieroglyphics", "deck", None, "pinned", [], [], {}, None),
    "2EGY20": ("Lower Nile", "deck", None, "pinned", [], ["river"], {}, None),
    "2EGY21": ("Nile Valley", "deck", None, "pinned", [], ["production", "river", "fertile"], {}, None),
    "2EGY22": ("Unrest", "deck", None, None, [], [], {}, -2),
    "2EGY23": ("Unrest", "deck", None, None, [], [], {}, -2),
}
VP_FORMS = {"civ1": CIV, "civ2": dict(CIV, vp=2)}
SUITS = {"2EGY11": ["region"], "2EGY12": ["tributary"], "2EGY20": ["region"], "2EGY21": ["region"]}
NAME_RU = {  # the rulebook's names (R262; §20.5 Prosperity; R252-R253 unrest; the nations list)
    "2EGY1": "Египтяне",
    "2EGY4": "Бальзамирование",
    "2EGY16": "Процветание",
    "2EGY13": "Беспорядки",
    "2EGY22": "Беспорядки",
    "2EGY23": "Беспорядки",
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


def embalming_offer(game, st):
    """Embalming's offer (R262) is pending: you may put a card from your hand into history."""
    d = decision(st)
    return d is not None and d.kind == "card" and st.run[d.args["frame"]].part == "passive"


# --- data and setup (R9, R29-R40, R193) ------------------------------------------------------------


def test_R9_the_egyptian_set_has_23_cards():
    game, _ = fresh(E, "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == E) == sorted(EGY)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == E)  # side B is known too


@pytest.mark.parametrize("card_id", EGY)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference."""
    game, _ = fresh(E, "Romans", activate=False)
    c = card(game, card_id)
    name, *_ = assert_printed_fields(c, FACTS[card_id], VP_FORMS)
    assert c.suits == SUITS.get(card_id, ["unrest"] if name == "Unrest" else [])
    assert c.players is None and not c.unplayable
    assert c.free == (card_id == "2EGY6") and c.no_garrison == (card_id == "2EGY15")
    assert c.name_ru == NAME_RU.get(card_id)
    assert (c.name_ru_translated is None) == (card_id in NAME_RU)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_egyptian_setup(players):
    nations = [E, "Vikings", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2EGY1"  # R30
    assert ids(game, p.nation_deck)[0] == "2EGY2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == ["2EGY11", "2EGY12", "2EGY13"]  # R35
    assert sorted(ids(game, p.development)) == sorted(EGY[2:10])  # R36: eight cards
    assert sorted(ids(game, p.hand + p.deck)) == sorted(EGY[13:])  # R39: ten cards
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert not p.empire and p.exhausts == 5  # R37, R42
    under = [s.unrest for s in st.market if s.unrest >= 0]
    assert not [k for k in st.unrest + under if game.cards[k].deck == E]  # R38: no {supply} card
    assert game.check_invariants(st) == []


@covers("2EGY2")
def test_R99_unification_is_the_accession_card_gives_2_progress_then_history():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    piles.nation_top_to_discard(game, st, 0, [])
    assert ids(game, p.discard)[-1] == "2EGY2" and p.empire  # R99
    hand_only(game, st, 0, "2EGY2")
    progress = p.progress
    play(game, st, 0, "2EGY2")
    assert p.progress == progress + 2 and ids(game, p.history) == ["2EGY2"]


# --- the power card (R246) -----------------------------------------------------------------------


@covers("2EGY1")
def test_R246_egyptians_A_spend_an_action_and_take_an_unrest_to_develop_paying_the_cost_R172():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    p.materials, p.population, p.progress = 5, 2, 0
    actions, exhausts, pile = p.actions, p.exhausts, len(st.unrest)
    exhaust(game, st, 0, "2EGY1")
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1]
    answer(game, st, 0, A.OPTION)  # an action and an unrest: develop
    choose_card(game, st, 0, "2EGY3")  # Development: 3 materials, 1 population
    assert "2EGY3" in ids(game, p.discard) and idx(game, "2EGY3") not in p.development
    assert (p.materials, p.population) == (2, 1)  # the cost is paid (R246, R172)
    assert p.actions == actions - 1 and p.exhausts == exhausts - 1
    assert unrest_in_hand(game, p) == 1 and len(st.unrest) == pile - 1
    assert not p.dev_exhausted  # a develop by an effect puts no token on the area (R172)
    assert not legal_exhaust(game, st, "2EGY1")  # once per round (R77)


@covers("2EGY1")
def test_R246_egyptians_A_pay_1_population_and_take_an_unrest_to_gain_an_action():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    p.materials, p.population, p.progress = 0, 1, 0  # no development card affordable
    actions = p.actions
    exhaust(game, st, 0, "2EGY1")  # only the second option: taken by itself (R150)
    assert p.population == 0 and p.actions == actions + 1 and unrest_in_hand(game, p) == 1
    p2_game, st2 = fresh(E, "Romans")
    q = st2.seats[0]
    q.materials, q.population, q.progress, q.actions = 0, 0, 0, 0
    st2.edited()
    assert not legal_exhaust(p2_game, st2, "2EGY1")  # neither option can be paid (R78)
    assert_illegal(p2_game, st2, 0, p2_game.action_space.exhaust + idx(p2_game, "2EGY1"))


@covers("2EGY1")
def test_R233_egyptian_power_vp_per_civilised_card_side_b_3_and_a_larger_hand():
    game, st = fresh(E, "Romans")
    assert power_vp(game, st) == 0
    for cid in ("1CIV4", "1CIV5", "1UNC15"):  # 1UNC15 City is dual (R22)
        give(game, st, 0, cid, "discard")
    assert power_vp(game, st) == 6
    assert shared.hand_limit(game, st, 0) == 5
    game_b, st_b = fresh(E, "Romans", power_side="B")
    for cid in ("1CIV4", "1CIV5", "1UNC15"):
        give(game_b, st_b, 0, cid, "history")
    assert power_vp(game_b, st_b) == 9
    assert shared.hand_limit(game_b, st_b, 0) == 6  # side B: the hand limit rises by 1 (R91)
    give(game_b, st_b, 0, "1CIV6", "hand")
    assert power_vp(game_b, st_b) == 10  # capped (R233, G35)
    assert game_b.face(idx(game_b, "2EGY1"), "B").exhaust == []


# --- the development cards ------------------------------------------------------------------------


@covers("2EGY3")
def test_development_develops_or_pays_2_materials_to_acquire_uncivilised_or_civilised():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2EGY3", FILLER)
    p.materials, p.population, p.progress = 6, 2, 0
    play(game, st, 0, "2EGY3")
    answer(game, st, 0, A.OPTION)  # develop (paid)
    choose_card(game, st, 0, "2EGY5")  # Obelisk: 2 materials, 2 population
    assert "2EGY5" in ids(game, p.discard) and (p.materials, p.population) == (4, 0)
    give(game, st, 0, "2EGY3")
    play(game, st, 0, "2EGY3")
    answer(game, st, 0, A.OPTION + 1)  # pay 2 materials: acquire
    d = decision(st)
    assert set(d.args["options"]) == {game.action_space.card + idx(game, c) for c in ("1UNC3", "1CIV4")}
    choose_card(game, st, 0, "1CIV4")
    assert p.materials == 2 and "1CIV4" in ids(game, p.hand)


@covers("2EGY4")
def test_R262_embalming_each_population_payment_may_put_a_hand_card_into_history():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2EGY4")
    hand_only(game, st, 0, "2EGY22", "2EGY17", FILLER)
    p.materials, p.population, p.progress = 0, 2, 0
    play(game, st, 0, "2EGY22")  # an unrest: 1 population or 2 cards (R150)
    answer(game, st, 0, A.OPTION)  # 1 population
    assert p.population == 1 and embalming_offer(game, st)
    choose_card(game, st, 0, "2EGY17")
    assert ids(game, p.history) == ["2EGY17"]
    exhaust(game, st, 0, "2EGY1")  # to exhaust: Egyptians A pays 1 population
    assert embalming_offer(game, st)
    answer(game, st, 0, A.END)  # it is a MAY (R111)
    assert p.population == 0 and ids(game, p.history) == ["2EGY17"]
    assert decision(st).kind == "activate"


@covers("2EGY4")
def test_R262_embalming_triggers_on_developing_and_its_exhaust_draws_a_card():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    p.empire = True
    to_play(game, st, 0, "2EGY4")
    hand_only(game, st, 0, "2EGY3", "2EGY17")
    p.materials, p.population, p.progress = 4, 2, 0
    play(game, st, 0, "2EGY3")
    answer(game, st, 0, A.OPTION)  # develop
    choose_card(game, st, 0, "2EGY8")  # Medicine: 4 materials, 1 population
    assert embalming_offer(game, st)  # to develop (R262)
    choose_card(game, st, 0, "2EGY17")
    assert ids(game, p.history) == ["2EGY17"]
    deck, hand = len(p.deck), len(p.hand)
    exhaust(game, st, 0, "2EGY4")
    assert len(p.deck) == deck - 1 and len(p.hand) == hand + 1
    assert not embalming_offer(game, st)  # materials only: nothing to offer


@covers("2EGY4")
def test_E5_embalming_does_not_trigger_when_progress_pays_the_whole_population_cost_R165_R262():
    """E5 (§22): a population cost paid entirely with progress tokens (R165) spends no
    population from the supply, so Embalming does not trigger; paid partly with population, it
    does."""
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2EGY4")
    hand_only(game, st, 0, "2EGY22", FILLER)
    p.materials, p.population, p.progress = 0, 0, 1
    play(game, st, 0, "2EGY22")  # 1 population, paid with 1 progress (the only option)
    assert p.progress == 0 and idx(game, "2EGY22") in st.unrest
    assert not embalming_offer(game, st) and decision(st).kind == "activate"
    assert p.history == []
    give(game, st, 0, "2EGY17")
    give(game, st, 0, "2EGY23")
    p.population, p.progress = 1, 5
    play(game, st, 0, "2EGY23")
    answer(game, st, 0, A.OPTION)  # pay 1 population: the token is there, so it is spent
    assert p.population == 0 and p.progress == 5 and embalming_offer(game, st)


@covers("2EGY5")
def test_obelisk_exhausts_to_free_play_an_unrest_and_at_solstice_discards_for_progress():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2EGY5")
    hand_only(game, st, 0, FILLER)
    assert not legal_exhaust(game, st, "2EGY5")  # no unrest in hand to play
    give(game, st, 0, "2EGY22")
    p.materials, p.population, p.progress = 3, 0, 0
    actions = p.actions
    exhaust(game, st, 0, "2EGY5")  # the unrest is played without an action token
    assert p.actions == actions and p.materials == 0 and idx(game, "2EGY22") in st.unrest
    hand_only(game, st, 0, "2EGY17")
    progress = p.progress
    d = to_solstice(game, st)
    assert d.kind == "card" and d.seats == [0]  # discard a card (the only one: asked anyway)
    choose_card(game, st, 0, "2EGY17")
    assert "2EGY17" in ids(game, p.discard) and p.progress == progress + 1


@covers("2EGY5")
def test_R73_R110_obelisk_at_solstice_with_an_empty_hand_still_gains_1_progress():
    """ "Discard a card. Gain 1 progress.": two sentences, the gain not paid for by the discard."""
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2EGY5")
    game.apply(st, 0, A.END)
    while decision(st).seats != [1]:  # seat 0's clean-up
        game.apply(st, 0, game.legal(st, 0)[0])
    p.deck += p.hand + p.discard  # an empty hand at the solstice
    p.hand, p.discard = [], []
    progress, start = p.progress, st.round
    while st.round == start:  # the others revolt with nothing; nothing is asked of seat 0
        d = decision(st)
        assert d.seats != [0] or d.kind == "turn"
        game.apply(st, d.seats[0], A.REVOLT if d.kind == "turn" else game.legal(st, d.seats[0])[0])
    assert p.progress == progress + 1 and p.discard == []


@covers("2EGY6")
def test_ramesses_ii_is_a_free_play_that_acquires_any_category_then_history_R74():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2EGY6")
    p.actions = 0
    assert legal_play(game, st, "2EGY6")  # no action needed (R74)
    play(game, st, 0, "2EGY6")
    choose_card(game, st, 0, "1TRI2")
    assert "1TRI2" in ids(game, p.hand) and ids(game, p.history) == ["2EGY6"]


@covers("2EGY7")
def test_egyptian_expansion_each_other_abandons_a_region_then_may_acquire_region_or_tributary():
    game, st = fresh(E, "Romans")
    p, q = st.seats
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    to_play(game, st, 1, "1ROM11", "1ROM12")
    hand_only(game, st, 0, "2EGY7")
    play(game, st, 0, "2EGY7")
    assert decision(st).seats == [1]
    choose_card(game, st, 1, "1ROM12")
    assert ids(game, q.play) == ["1ROM11"] and "1ROM12" in ids(game, q.discard)
    d = decision(st)
    assert d.args["optional"]
    assert set(d.args["options"]) == {game.action_space.card + idx(game, c) for c in ("1REG3", "1TRI2", "1REG6")}
    choose_card(game, st, 0, "1REG6")
    assert "1REG6" in ids(game, p.hand)


@covers("2EGY8")
def test_medicine_lowers_development_costs_by_1_population_on_reshuffle_and_by_effects_R103():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    p.empire = True
    assert shared.dev_cost(game, st, 0, idx(game, "2EGY6")) == {"materials": 4, "population": 2}
    to_play(game, st, 0, "2EGY8", "2EGY9")  # Medicine; Pyramids to draw with
    assert shared.dev_cost(game, st, 0, idx(game, "2EGY6")) == {"materials": 4, "population": 1}
    assert shared.dev_cost(game, st, 0, idx(game, "2EGY10")) == {"materials": 5}  # no population: unchanged
    assert shared.dev_cost(game, st, 0, idx(game, "2EGY3")) == {"materials": 3}
    hand_only(game, st, 0, FILLER)
    p.materials, p.population, p.progress = 4, 1, 0
    p.discard += p.deck
    p.deck = []
    exhaust(game, st, 0, "2EGY9")  # draw: the deck is empty, Empire reshuffle (R103)
    d = decision(st)
    k = idx(game, "2EGY6")
    assert d.args["purpose"] == "develop on reshuffle" and game.action_space.card + k in d.args["options"]
    choose_card(game, st, 0, "2EGY6")  # Ramesses II, 4 materials + 1 population with Medicine
    assert (p.materials, p.population) == (0, 0) and k not in p.development and p.dev_exhausted


@covers("2EGY9")
def test_pyramids_make_unrest_cost_1_material_or_1_card_less_and_exhaust_to_draw_R75():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2EGY9")
    hand_only(game, st, 0, "2EGY22", "2EGY17", FILLER)
    p.materials, p.population, p.progress = 2, 0, 0
    play(game, st, 0, "2EGY22")
    assert decision(st).args["options"] == [A.OPTION + 1, A.OPTION + 2]  # discard 1 or pay 2
    answer(game, st, 0, A.OPTION + 2)
    assert p.materials == 0 and idx(game, "2EGY22") in st.unrest
    give(game, st, 0, "2EGY23")
    play(game, st, 0, "2EGY23")  # only "discard 1 card" is left
    assert decision(st).kind == "card"
    choose_card(game, st, 0, "2EGY17")
    assert "2EGY17" in ids(game, p.discard) and idx(game, "2EGY23") in st.unrest
    hand = len(p.hand)
    exhaust(game, st, 0, "2EGY9")
    assert len(p.hand) == hand + 1


@covers("2EGY10")
def test_egyptian_legacy_others_take_an_unrest_and_discard_you_gain_2_progress_vp_per_civilised():
    game, st = fresh(E, "Romans", "Vikings")
    p, q, r = st.seats
    p.empire = True
    hand_only(game, st, 0, "2EGY10")
    before = [unrest_in_hand(game, x) for x in (q, r)]
    hands = [len(q.hand), len(r.hand)]
    progress = p.progress
    play(game, st, 0, "2EGY10")
    settle(game, st)
    assert [unrest_in_hand(game, x) for x in (q, r)] >= before
    assert [len(q.hand), len(r.hand)] == hands  # one unrest in, one card out each
    assert len(q.discard) == 1 and len(r.discard) == 1
    assert p.progress == progress + 2
    give(game, st, 0, "1CIV4", "history")
    assert vp_of(game, st, 0, "2EGY10") == 1
    q.deck += q.hand  # an empty hand: the unrest is taken all the same, then discarded (R73, R144)
    q.hand, q.discard = [], []
    give(game, st, 0, "2EGY10")
    play(game, st, 0, "2EGY10")
    settle(game, st)
    assert q.hand == [] and [game.cards[k].suits for k in q.discard] == [["unrest"]]


# --- the nation deck and the starting deck --------------------------------------------------------


@covers("2EGY11")
def test_red_land_is_a_pinned_region_giving_1_progress_and_may_be_garrisoned():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2EGY11", "2EGY22")
    progress = p.progress
    play(game, st, 0, "2EGY11")
    choose_card(game, st, 0, "2EGY22")  # garrison (R176)
    assert p.progress == progress + 1 and "2EGY11" in ids(game, p.play)
    assert ids(game, p.garrison[idx(game, "2EGY11")]) == ["2EGY22"]


@covers("2EGY12")
def test_kushites_a_barbarian_tributary_giving_2_progress_R72():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2EGY12", FILLER)
    progress = p.progress
    play(game, st, 0, "2EGY12")
    assert p.progress == progress + 2 and "2EGY12" in ids(game, p.discard)
    give(game, st, 0, "2EGY12")
    p.empire = True
    assert not legal_play(game, st, "2EGY12")  # R72


UNREST = ["2EGY13", "2EGY22", "2EGY23"]


@pytest.mark.parametrize("cid", UNREST)
def test_R75_R253_egyptian_unrest_choose_a_cost_then_return_itself_minus_2_vp(cid):
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    k = idx(game, cid)
    hand_only(game, st, 0, cid, FILLER)
    p.materials, p.population, p.progress = 3, 0, 0
    play(game, st, 0, cid)  # only 3 materials affordable (R150): chosen by itself
    assert p.materials == 0 and k in st.unrest and k not in p.hand + p.play + p.discard
    assert vp_of(game, st, 0, cid) == -2


test_R75_R253_egyptian_unrest_choose_a_cost_then_return_itself_minus_2_vp.covers = tuple(UNREST)


@covers("2EGY14")
def test_flood_of_the_nile_abandons_a_river_region_for_5_materials_or_in_empire_a_break_through():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2EGY14", FILLER)
    to_play(game, st, 0, "2EGY21")  # Nile Valley: production, river, fertile
    give(game, st, 0, "1ROM11", "play")  # Gallia Aquitania: no river
    materials = p.materials
    play(game, st, 0, "2EGY14")  # the only river card goes by itself
    answer(game, st, 0, A.OPTION)
    assert "2EGY21" in ids(game, p.discard) and ids(game, p.play) == ["1ROM11"]
    assert p.materials == materials + 5
    flood = give(game, st, 0, "2EGY14")
    assert legal_play(game, st, "2EGY14")  # no river card to abandon: still played (R71)
    play(game, st, 0, "2EGY14")
    assert p.materials == materials + 5 and ids(game, p.play) == ["1ROM11"]  # nothing chosen (R73)
    assert flood in p.discard and decision(st).kind == "activate"
    p.discard.remove(flood)
    p.hand.append(flood)
    to_play(game, st, 0, "2EGY20")
    p.empire = True
    play(game, st, 0, "2EGY14")
    answer(game, st, 0, A.OPTION + 1)  # Empire: break through for uncivilised / civilised
    assert decision(st).kind == "suit"
    answer(game, st, 0, A.SUIT + 2)  # civilised
    answer(game, st, 0, A.BT_DECK)
    assert len(p.hand) == 2


@covers("2EGY15")
def test_glory_abandons_3_regions_to_take_a_fame_card_and_cannot_be_garrisoned():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    glory, _ = hand_only(game, st, 0, "2EGY15", FILLER)
    regions = to_play(game, st, 0, "2EGY20", "2EGY21")
    fame = list(st.fame)
    assert legal_play(game, st, "2EGY15")  # only 2 regions: still played (R71)
    play(game, st, 0, "2EGY15")
    assert p.play == regions and st.fame == fame and glory in p.discard  # nothing abandoned, no fame (R73)
    p.discard.remove(glory)
    p.hand.append(glory)
    to_play(game, st, 0, "2EGY11")
    top2 = st.fame[-2:]
    play(game, st, 0, "2EGY15")
    choose_card(game, st, 0, "2EGY20")
    choose_card(game, st, 0, "2EGY21")
    assert not [k for k in p.play if "region" in game.cards[k].suits]
    answer(game, st, 0, game.action_space.card + top2[1])
    assert top2[1] in p.hand and top2[0] in st.fame


@covers("2EGY16")
def test_prosperity_all_may_draw_then_materials_per_production_or_population_per_region():
    game, st = fresh(E, "Romans")
    p, q = st.seats
    to_play(game, st, 0, "2EGY21", "2EGY20", "2EGY11")  # 1 production, 3 regions
    hand_only(game, st, 0, "2EGY16")
    play(game, st, 0, "2EGY16")
    answer(game, st, 0, A.YES)
    q_hand = len(q.hand)
    answer(game, st, 1, A.YES)
    assert len(p.hand) == 1 and len(q.hand) == q_hand + 1
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 3


@covers("2EGY17")
def test_advance_pays_3_materials_to_acquire_or_5_to_break_through():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2EGY17", FILLER)
    p.materials, p.progress = 5, 0
    play(game, st, 0, "2EGY17")
    answer(game, st, 0, A.OPTION + 1)  # pay 5: break through
    answer(game, st, 0, A.SUIT + 1)
    answer(game, st, 0, A.BT_DECK)
    assert p.materials == 0 and len(p.hand) == 2
    p.materials = 3
    give(game, st, 0, "2EGY17")
    play(game, st, 0, "2EGY17")  # only the acquire is affordable
    choose_card(game, st, 0, "1UNC3")
    assert p.materials == 0 and "1UNC3" in ids(game, p.hand)


@covers("2EGY18")
def test_egyptian_incursion_pays_population_and_materials_to_acquire_and_others_recall_a_region():
    game, st = fresh(E, "Romans")
    p, q = st.seats
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    romans = to_play(game, st, 1, "1ROM11", "1ROM12")
    incursion, _ = hand_only(game, st, 0, "2EGY18", FILLER)
    p.materials, p.population, p.progress = 2, 0, 0
    market_cards = [s.card for s in st.market]
    assert legal_play(game, st, "2EGY18")  # a payment it cannot make does not stop it (R71)
    play(game, st, 0, "2EGY18")
    settle(game, st)  # unpaid: nothing acquired (R73, R163), but its second line applies
    assert p.materials == 2 and [s.card for s in st.market] == market_cards
    assert len(q.play) == 1 and len(set(q.hand) & set(romans)) == 1 and incursion in p.discard
    p.discard.remove(incursion)
    p.hand.append(incursion)
    p.population = 1
    st.edited()
    play(game, st, 0, "2EGY18")
    choose_card(game, st, 0, "1TRI2")
    settle(game, st)  # the Romans' single region is recalled by itself
    assert (p.materials, p.population) == (0, 0) and "1TRI2" in ids(game, p.hand)
    assert "1ROM11" in ids(game, q.hand) and q.play == []


@covers("2EGY19")
def test_egyptian_hieroglyphics_at_solstice_may_put_a_hand_or_discard_card_into_history():
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2EGY19")
    hand_only(game, st, 0, "2EGY17")
    give(game, st, 0, "2EGY13", "discard")
    d = to_solstice(game, st)
    assert d.args["optional"]
    assert game.action_space.card + idx(game, "2EGY13") in d.args["options"]
    choose_card(game, st, 0, "2EGY13")
    assert "2EGY13" in ids(game, p.history)


REGIONS = {"2EGY20": ["river"], "2EGY21": ["production", "river", "fertile"]}


@pytest.mark.parametrize("cid", sorted(REGIONS))
def test_R176_the_nile_regions_stay_pinned_and_may_be_garrisoned(cid):
    game, st = fresh(E, "Romans")
    p = st.seats[0]
    assert game.cards[idx(game, cid)].regions == REGIONS[cid]
    hand_only(game, st, 0, cid, "2EGY22")
    play(game, st, 0, cid)
    choose_card(game, st, 0, "2EGY22")
    assert cid in ids(game, p.play) and ids(game, p.garrison[idx(game, cid)]) == ["2EGY22"]


test_R176_the_nile_regions_stay_pinned_and_may_be_garrisoned.covers = tuple(sorted(REGIONS))


def test_egyptian_cards_are_all_implemented_and_tested():
    """The Egyptian deck's rows of the coverage report: every card implemented and tested."""
    from epochal.coverage import coverage

    row = coverage("imperium")["decks"][E]
    assert row["untested"] == [] and row["cards"] == 23
