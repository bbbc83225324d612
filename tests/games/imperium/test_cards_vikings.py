"""The Vikings (1VIK1-1VIK26) on the real card data: setup, the nation rules of §16.1, then one
test per card.

Rule numbers refer to shared/rules/imperium.md. Viking rules (R194): no history (R185), the
zenith card Harald Hardrada triggers the end when it leaves the nation deck (R101, R216), the
state card never flips (R122), no development area (R174, G48), {supply} unrest cards (R38). The
power card's side B is R240.
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import scoring, shared
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
    legal_play,
    play,
    purpose_of,
    put_in_market,
    to_solstice,
)

V = "Vikings"
VIK = [f"1VIK{n}" for n in range(1, 27)]
SUPPLY = {2: [], 3: ["1VIK25"], 4: ["1VIK25", "1VIK26"]}
FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself


# --- helpers ----------------------------------------------------------------------------------


def set_market(game, st, *card_ids):
    """The market holds exactly these cards, no tokens, no tucked unrest (back to the pile)."""
    for slot, cid in enumerate(card_ids):
        if st.market[slot].unrest >= 0:
            st.unrest.append(st.market[slot].unrest)
            st.market[slot].unrest = -1
        put_in_market(game, st, slot, cid)


def settle(game, st):
    """Decline optional choices, take the first of the rest, until Activate is back."""
    for _ in range(50):
        d = decision(st)
        if d is None or d.kind in ("activate", "turn"):
            return
        seat = d.seats[0]
        if d.args.get("optional"):
            action = A.END
        elif d.kind == "may":
            action = A.NO
        else:
            action = game.legal(st, seat)[0]
        game.apply(st, seat, action)
    raise AssertionError("effect did not settle")


def unrest_in_hand(game, p):
    return sum(1 for k in p.hand if "unrest" in game.cards[k].suits)


def vp(game, st, card_id, seat=0):
    k = idx(game, card_id)
    return scoring.card_vp(game, st, seat, k, game.cards[k].vp)


# --- setup (R9, R29-R40, R193) -------------------------------------------------------------------


def test_R9_the_viking_set_has_26_cards_all_exact():
    game, _ = fresh(V, "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == V) == sorted(VIK)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == V)  # side B: R240
    power = game.cards[idx(game, "1VIK1")]
    assert power.power and power.side_b is not None and power.side_b.passive == power.passive


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_viking_setup(players):
    nations = [V, "Celts", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "1VIK1"  # R30
    assert ids(game, p.nation_deck)[0] == "1VIK2"  # R34: zenith
    assert sorted(ids(game, p.nation_deck[1:])) == sorted(VIK[2:15])  # R35: 3-15
    assert p.development == []  # R174, G48
    assert sorted(ids(game, p.hand + p.deck)) == sorted(VIK[15:24])  # R39: 9 cards
    assert len(p.hand) == 5 and len(p.deck) == 4  # R40
    assert not p.empire  # R37
    under = [s.unrest for s in st.market if s.unrest >= 0]
    pile = [k for k in st.unrest + under if game.cards[k].deck == V]  # R38, R45
    assert sorted(ids(game, pile)) == sorted(SUPPLY[players])
    boxed = [c for c in VIK[24:] if c not in SUPPLY[players]]
    assert sorted(ids(game, [k for k in st.box if game.cards[k].deck == V])) == sorted(boxed)
    assert game.check_invariants(st) == []


# --- §16.1 the Viking rules ----------------------------------------------------------------------


def test_R101_R216_R122_harald_leaving_the_nation_deck_triggers_the_end_without_a_flip():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]  # only the zenith card is left
    p.deck = []
    give(game, st, 0, "1CIV10", "play")  # Coinage: exhaust to draw 1
    exhaust(game, st, 0, "1CIV10")  # the reshuffle moves Harald (R98)
    assert "1VIK2" in ids(game, p.hand + p.deck + p.discard)
    assert st.scoring_triggered and not st.final_round  # R219: this round, then one more
    assert not p.empire  # R101, R122: never flips


@covers("1VIK1")
def test_R185_R240_what_should_go_into_viking_history_is_discarded():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "1TRI1", FILLER)  # Armenians: acquire, history
    play(game, st, 0, "1TRI1")
    assert p.history == [] and "1TRI1" in ids(game, p.discard)


def test_R174_G48_vikings_have_no_development_area_and_never_develop():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    assert shared.cannot_develop(p) and p.development == []
    p.empire = True  # as if (R122: it never flips)
    give(game, st, 0, "1CIV10", "play")  # Coinage: draw 1
    hand_only(game, st, 0, FILLER)
    p.discard, p.deck = p.deck, []
    exhausts = p.exhausts
    exhaust(game, st, 0, "1CIV10")  # R103 would offer a develop
    assert decision(st).kind == "activate" and len(p.hand) == 2
    assert p.exhausts == exhausts - 1 and not p.dev_exhausted


# --- the power card (R240) -------------------------------------------------------------------------


@covers("1VIK1")
def test_R240_taking_an_unrest_lets_the_vikings_move_their_nation_top_to_the_bottom():
    game, st = fresh("Celts", V)
    p, q = st.seats
    p.empire = True
    hand_only(game, st, 0, "1CEL3", FILLER)  # Celtic Innovation: others take unrest
    top, bottom = q.nation_deck[-1], q.nation_deck[0]
    size = len(q.nation_deck)
    play(game, st, 0, "1CEL3")
    settle_seat = decision(st)
    if settle_seat.seats == [0]:  # the optional acquire: decline
        answer(game, st, 0, A.END)
    d = decision(st)
    assert d.kind == "may" and d.seats == [1] and "nation deck" in purpose_of(d)
    answer(game, st, 1, A.YES)
    assert q.nation_deck[0] == bottom and q.nation_deck[1] == top  # above the zenith (R193)
    assert len(q.nation_deck) == size and unrest_in_hand(game, q) >= 1


@covers("1VIK1")
def test_R240_declining_keeps_the_order_and_the_zenith_alone_is_never_moved():
    game, st = fresh("Celts", V)
    p, q = st.seats
    p.empire = True
    hand_only(game, st, 0, "1CIV4", FILLER)  # Corruption: others take unrest
    order = list(q.nation_deck)
    play(game, st, 0, "1CIV4")
    answer(game, st, 1, A.NO)
    assert q.nation_deck == order
    q.nation_deck = q.nation_deck[:1]
    give(game, st, 0, "1CIV4")
    play(game, st, 0, "1CIV4")  # nothing to decide: zenith only
    assert decision(st).kind == "activate" and ids(game, q.nation_deck) == ["1VIK2"]


@covers("1VIK1", "1VIK23")
def test_vikings_A_returning_an_unrest_lets_them_exhaust_the_power_to_draw_2_G24():
    game, st = fresh(V, "Romans")
    p, q = st.seats
    hand_only(game, st, 0, "1VIK23", "1VIK24")  # Althing, an unrest
    q.materials = 3
    m, hand = p.materials, len(p.hand)
    play(game, st, 0, "1VIK23")  # steal 1, then choose
    answer(game, st, 0, A.OPTION + 1)  # return an unrest
    d = decision(st)
    assert d.kind == "may" and "Vikings" in purpose_of(d)
    answer(game, st, 0, A.YES)
    assert p.materials == m + 1 and q.materials == 2
    assert idx(game, "1VIK24") in st.unrest
    assert len(p.hand) == hand - 2 + 2 and idx(game, "1VIK1") in p.exhausted


@covers("1VIK1")
def test_R233_G16_viking_power_vp_per_variable_card_side_b_double():
    game, st = fresh(V, "Romans")
    for cid in ("1VIK4", "1VIK8", "1VIK9"):  # three {VP-per} cards
        give(game, st, 0, cid, "discard")
    assert game.score_seat(st, 0).breakdown["power"] == 3
    game_b, st_b = fresh(V, "Romans", power_side="B")
    for cid in ("1VIK4", "1VIK8", "1VIK9"):
        give(game_b, st_b, 0, cid, "discard")
    assert game_b.score_seat(st_b, 0).breakdown["power"] == 6
    assert game_b.face(idx(game_b, "1VIK1"), "B").exhaust == []  # side B has no exhaust


# --- the zenith card ---------------------------------------------------------------------------------


@covers("1VIK2")
def test_harald_takes_the_top_fame_card_and_may_break_through_for_a_region():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "1VIK2", FILLER)
    top_fame, top_region = st.fame[-1], st.decks["region"][-1]
    play(game, st, 0, "1VIK2")
    assert top_fame in p.hand and top_fame not in st.fame
    assert decision(st).kind == "suit" and decision(st).args["optional"]
    answer(game, st, 0, A.SUIT + 0)
    answer(game, st, 0, A.BT_DECK)
    assert top_region in p.hand
    give(game, st, 0, "1VIK4", "discard")
    assert vp(game, st, "1VIK2") == 4  # itself and Combs: 2 each


# --- nation deck -------------------------------------------------------------------------------------


@covers("1VIK3")
def test_iceland_gains_2_materials_or_looks_at_the_nation_deck_and_may_shuffle_it():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    assert game.cards[idx(game, "1VIK3")].regions == ["production"]
    hand_only(game, st, 0, "1VIK3", FILLER)
    m = p.materials
    play(game, st, 0, "1VIK3")
    answer(game, st, 0, A.END)  # no garrison
    answer(game, st, 0, A.OPTION)
    assert p.materials == m + 2
    give(game, st, 0, "1VIK3")
    before = sorted(p.nation_deck)
    events = play(game, st, 0, "1VIK3")
    answer(game, st, 0, A.END)
    events = answer(game, st, 0, A.OPTION + 1)  # look at the top card
    look = [e for e in events if e["type"] == "look_nation"]
    assert look and look[0]["to"] == [0]  # only the Viking sees it (R161)
    assert decision(st).kind == "may"
    events = answer(game, st, 0, A.YES)  # shuffle (R156)
    assert any(e["type"] == "nation_shuffle" for e in events)
    assert sorted(p.nation_deck) == before and ids(game, p.nation_deck)[0] == "1VIK2"


@covers("1VIK4")
def test_combs_lets_the_next_card_played_ignore_its_empire_icon_R122():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    give(game, st, 0, "1VIK4", "play")
    hand_only(game, st, 0, "1CIV2", "1CIV4", FILLER)  # Education, Corruption: Empire
    assert not legal_play(game, st, "1CIV2")  # R72
    exhaust(game, st, 0, "1VIK4")
    assert legal_play(game, st, "1CIV2") and legal_play(game, st, "1CIV4")
    play(game, st, 0, "1CIV2")  # the exemption is used up
    settle(game, st)
    assert not legal_play(game, st, "1CIV4")
    p.population = 7
    assert vp(game, st, "1VIK4") == 2  # 1 per 3 population


@covers("1VIK4")
def test_combs_is_used_up_by_any_next_card_and_ends_with_the_turn():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    give(game, st, 0, "1VIK4", "play")
    hand_only(game, st, 0, FILLER, "1CIV2", "1VIK24")
    exhaust(game, st, 0, "1VIK4")
    play(game, st, 0, FILLER)  # a card without the icon
    settle(game, st)
    assert not legal_play(game, st, "1CIV2") and not p.empire_next
    p.exhausted.remove(idx(game, "1VIK4"))  # as if Combs were fresh
    st.edited()
    exhaust(game, st, 0, "1VIK4")
    assert p.empire_next
    answer(game, st, 0, A.END)  # the turn ends unused
    for _ in range(200):
        d = decision(st)
        if d.kind == "turn" and d.seats == [0]:
            break
        action = {"turn": A.REVOLT, "activate": A.END}.get(d.kind)
        if action is None:
            action = A.END if d.args.get("optional") else A.NO if d.kind == "may" else game.legal(st, d.seats[0])[0]
        answer(game, st, d.seats[0], action)
    assert decision(st).kind == "turn" and not p.empire_next  # "this turn" only


@covers("1VIK5")
def test_graenland_gains_1_population_or_looks_at_the_nation_deck():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    assert game.cards[idx(game, "1VIK5")].regions == []
    hand_only(game, st, 0, "1VIK5", FILLER)
    pop = p.population
    play(game, st, 0, "1VIK5")
    answer(game, st, 0, A.END)
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1]
    answer(game, st, 0, A.OPTION)
    assert p.population == pop + 1
    give(game, st, 0, "1VIK5")
    order = list(p.nation_deck)
    play(game, st, 0, "1VIK5")
    answer(game, st, 0, A.END)
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.NO)  # looked, did not shuffle
    assert p.nation_deck == order


@covers("1VIK6")
def test_foroyar_exiles_a_market_card_or_gains_1_population_R139():
    game, st = fresh(V, "Romans")
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    st.market[0].tokens = {"progress": 1}  # not exilable (R141)
    hand_only(game, st, 0, "1VIK6", FILLER)
    play(game, st, 0, "1VIK6")
    answer(game, st, 0, A.END)
    answer(game, st, 0, A.OPTION)
    d = decision(st)
    assert game.action_space.card + idx(game, "1REG3") not in d.args["options"]
    choose_card(game, st, 0, "1UNC3")
    assert st.exile[-1] == idx(game, "1UNC3") and st.market[1].card != idx(game, "1UNC3")


@covers("1VIK7")
def test_vinland_needs_longships_and_graenland_in_play_and_scores_6_there():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "1VIK7", "1VIK24", FILLER)
    assert game.cards[idx(game, "1VIK7")].regions == ["production", "river", "fertile"]
    assert not legal_play(game, st, "1VIK7")
    give(game, st, 0, "1VIK10", "play")
    assert not legal_play(game, st, "1VIK7")  # Graenland is missing
    assert_illegal(game, st, 0, game.action_space.play + idx(game, "1VIK7"))
    give(game, st, 0, "1VIK5", "play")
    assert legal_play(game, st, "1VIK7")
    assert vp(game, st, "1VIK7") == 0  # not in play
    play(game, st, 0, "1VIK7")
    answer(game, st, 0, A.OPTION)  # return an unrest
    assert idx(game, "1VIK24") in st.unrest
    assert "1VIK7" in ids(game, p.play) and vp(game, st, "1VIK7") == 6


@covers("1VIK8")
def test_sagas_garrisons_at_solstice_and_scores_per_garrisoned_card_R108():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    give(game, st, 0, "1VIK8", "play")
    assert vp(game, st, "1VIK8") == 0
    d = to_solstice(game, st)
    assert d.seats == [0] and d.args["optional"]
    k = p.hand[0]
    answer(game, st, 0, game.action_space.card + k)
    assert p.garrison[idx(game, "1VIK8")] == [k]
    assert vp(game, st, "1VIK8") == 1


@covers("1VIK9")
def test_city_of_dubh_linn_may_discard_at_solstice_for_a_token_or_a_card():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    assert game.cards[idx(game, "1VIK9")].types == ["city"]
    give(game, st, 0, "1VIK9", "play")
    p.materials = 16
    assert vp(game, st, "1VIK9") == 2  # 1 per 8 materials
    d = to_solstice(game, st)
    assert d.kind == "may" and d.seats == [0]
    answer(game, st, 0, A.YES)
    hand = len(p.hand)
    choose_card(game, st, 0, game.cards[p.hand[0]].id)
    answer(game, st, 0, A.OPTION + 1)  # 1 population
    assert len(p.hand) == hand - 1


@covers("1VIK10", "1VIK13")
def test_longships_exhaust_on_playing_an_attack_gains_2_materials():
    game, st = fresh(V, "Romans")
    p, q = st.seats
    give(game, st, 0, "1VIK10", "play")
    hand_only(game, st, 0, "1VIK13", FILLER)
    q.materials = 5
    m, actions = p.materials, p.actions
    play(game, st, 0, "1VIK13")  # Go a'Viking: free, an attack
    d = decision(st)
    assert d.kind == "may" and "Longships" in purpose_of(d)
    answer(game, st, 0, A.YES)  # before the attack resolves
    assert p.materials == m + 2 + 2 and q.materials == 3 and p.actions == actions  # R74
    assert idx(game, "1VIK10") in p.exhausted


@covers("1VIK10", "1VIK22")
def test_longships_lets_jomsviking_acquire_an_exiled_region_for_1_population_R143():
    game, st = fresh(V, "Romans")
    p, q = st.seats
    set_market(game, st, "1UNC8", "1UNC3", "1CIV4", "1CIV5", "1CIV2")  # no region/tributary
    give(game, st, 0, "1VIK10", "play")
    st.exile.append(idx(game, "1REG6"))
    hand_only(game, st, 0, "1VIK22", FILLER)
    p.materials, p.population, p.progress = 2, 1, 0
    q_hand = len(q.hand)
    play(game, st, 0, "1VIK22")  # pay 1 population, 2 materials
    settle_until = decision(st)
    if settle_until.kind == "may":  # Longships: attack played
        answer(game, st, 0, A.NO)
    assert "1REG6" in ids(game, p.hand) and idx(game, "1REG6") not in st.exile
    assert p.population == 1 and p.materials == 0  # +1 population for the exile
    choose_card(game, st, 1, game.cards[q.hand[0]].id)  # each other player discards
    assert len(q.hand) == q_hand - 1


@covers("1VIK22")
def test_jomsviking_unpaid_acquires_nothing_but_each_other_player_discards_R71_R73():
    game, st = fresh(V, "Romans")
    p, q = st.seats
    hand_only(game, st, 0, "1VIK22", FILLER)
    p.materials, p.population, p.progress = 1, 1, 0
    hand = len(q.hand)
    play(game, st, 0, "1VIK22")  # played: only the action token and the state count
    assert (p.materials, p.population) == (1, 1) and len(p.hand) == 1  # no acquire
    d = decision(st)
    assert d.seats == [1] and purpose_of(d) == "discard"  # its second line (R73)
    answer(game, st, 1, game.legal(st, 1)[0])
    assert len(q.hand) == hand - 1


@covers("1VIK11", "1VIK17")
def test_skis_exhaust_on_playing_a_region_draws_or_gains_2_materials():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    give(game, st, 0, "1VIK11", "play")
    assert vp(game, st, "1VIK11") == 2
    hand_only(game, st, 0, "1VIK17", FILLER)  # Scandinavia
    m = p.materials
    play(game, st, 0, "1VIK17")
    answer(game, st, 0, A.YES)  # exhaust Skis
    answer(game, st, 0, A.OPTION + 1)  # gain 2 materials
    assert p.materials == m + 2
    settle(game, st)  # Scandinavia: no garrison
    assert "1VIK17" in ids(game, p.play) and idx(game, "1VIK11") in p.exhausted


@covers("1VIK12")
def test_rollo_takes_the_top_fame_card_and_exiles_itself():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "1VIK12", FILLER)
    top = st.fame[-1]
    play(game, st, 0, "1VIK12")
    assert top in p.hand
    assert idx(game, "1VIK12") in st.exile and idx(game, "1VIK12") not in p.discard + p.play
    assert game.check_invariants(st) == []


@covers("1VIK13")
def test_go_a_viking_steals_2_materials_and_a_short_player_takes_unrest_R170():
    game, st = fresh(V, "Romans", "Celts")
    p, q, r = st.seats
    assert game.cards[idx(game, "1VIK13")].free
    hand_only(game, st, 0, "1VIK13", FILLER)
    q.materials, r.materials = 5, 1
    uq, ur = unrest_in_hand(game, q), unrest_in_hand(game, r)
    m = p.materials
    play(game, st, 0, "1VIK13")
    assert p.materials == m + 3 and (q.materials, r.materials) == (3, 0)
    assert unrest_in_hand(game, q) == uq and unrest_in_hand(game, r) == ur + 1


UNREST = ["1VIK14", "1VIK15", "1VIK24", "1VIK25", "1VIK26"]


@pytest.mark.parametrize("cid", UNREST)
def test_R75_R253_viking_unrest_choose_a_cost_then_return_itself_minus_2_vp(cid):
    game, st = fresh(V, "Romans", "Celts", "Persians")
    p = st.seats[0]
    k = idx(game, cid)
    assert game.cards[k].vp == -2 and game.cards[k].suits == ["unrest"]
    hand_only(game, st, 0, cid, FILLER)
    p.materials, p.population, p.progress = 0, 1, 0
    play(game, st, 0, cid)  # only 1 population affordable
    assert p.population == 0 and k in st.unrest


test_R75_R253_viking_unrest_choose_a_cost_then_return_itself_minus_2_vp.covers = tuple(UNREST)


# --- starting deck -----------------------------------------------------------------------------------


@covers("1VIK16")
def test_gothja_looks_may_shuffle_then_returns_unrest_for_population_or_draws_2():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "1VIK16", "1VIK24", FILLER)
    pop = p.population
    events = play(game, st, 0, "1VIK16")
    assert any(e["type"] == "look_nation" for e in events)
    answer(game, st, 0, A.NO)  # no shuffle
    answer(game, st, 0, A.OPTION)  # return an unrest, +1 population
    assert "Vikings" in purpose_of(decision(st))  # the power A may react (G24)
    answer(game, st, 0, A.NO)
    assert p.population == pop + 1 and idx(game, "1VIK24") in st.unrest
    give(game, st, 0, "1VIK16")
    hand = len(p.hand)
    play(game, st, 0, "1VIK16")
    answer(game, st, 0, A.NO)
    assert decision(st).kind == "activate"  # no unrest: draw 2 by itself
    assert len(p.hand) == hand - 1 + 2


@covers("1VIK17")
def test_scandinavia_is_a_pinned_production_region_that_may_be_garrisoned_R176():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    card = game.cards[idx(game, "1VIK17")]
    assert card.suits == ["region"] and card.pinned and card.regions == ["production"]
    hand_only(game, st, 0, "1VIK17", "1VIK24", FILLER)
    play(game, st, 0, "1VIK17")
    choose_card(game, st, 0, "1VIK24")
    assert ids(game, p.garrison[idx(game, "1VIK17")]) == ["1VIK24"]


@covers("1VIK18")
def test_advance_pays_3_materials_to_acquire_or_5_to_break_through():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "1VIK18", FILLER)
    p.materials, p.progress = 5, 0
    play(game, st, 0, "1VIK18")
    answer(game, st, 0, A.OPTION)
    choose_card(game, st, 0, "1CIV4")
    assert p.materials == 2 and "1CIV4" in ids(game, p.hand)


@covers("1VIK19")
def test_prosperity_all_may_draw_then_materials_per_production_or_population_per_region():
    game, st = fresh(V, "Romans")
    p, q = st.seats
    give(game, st, 0, "1VIK17", "play")  # production
    give(game, st, 0, "1VIK3", "play")  # production
    give(game, st, 0, "1VIK5", "play")  # no region icon
    hand_only(game, st, 0, "1VIK19", FILLER)
    m, qh = p.materials, len(q.hand)
    play(game, st, 0, "1VIK19")
    answer(game, st, 0, A.NO)  # seat 0 does not draw
    answer(game, st, 1, A.YES)  # seat 1 draws
    answer(game, st, 0, A.OPTION)
    assert p.materials == m + 2 and len(q.hand) == qh + 1


@covers("1VIK20")
def test_viking_glory_abandons_3_regions_for_a_fame_card():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    assert game.cards[idx(game, "1VIK20")].no_garrison
    for cid in ("1VIK17", "1VIK3", "1VIK5"):
        give(game, st, 0, cid, "play")
    hand_only(game, st, 0, "1VIK20", FILLER)
    top2 = st.fame[-2:]
    play(game, st, 0, "1VIK20")
    choose_card(game, st, 0, "1VIK17")
    choose_card(game, st, 0, "1VIK3")
    answer(game, st, 0, game.action_space.card + top2[1])
    assert top2[1] in p.hand and p.play == []


@covers("1VIK21")
def test_erik_the_red_abandons_scandinavia_pays_1_population_finds_a_region_then_exiled():
    game, st = fresh(V, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "1VIK21", FILLER)
    assert legal_play(game, st, "1VIK21")  # no Scandinavia: it would only be exiled (R71, R73)
    give(game, st, 0, "1VIK17", "play")
    p.population = 1
    play(game, st, 0, "1VIK21")
    d = decision(st)
    iceland = game.action_space.card + idx(game, "1VIK3")
    assert d.kind == "card" and iceland in d.args["options"]  # the nation deck may be searched
    answer(game, st, 0, iceland)
    assert "1VIK3" in ids(game, p.hand) and "1VIK3" not in ids(game, p.nation_deck)
    assert ids(game, p.nation_deck)[0] == "1VIK2"  # R156, R193
    assert "1VIK17" in ids(game, p.discard) and p.population == 0
    assert idx(game, "1VIK21") in st.exile
    assert game.check_invariants(st) == []


@covers("1VIK23")
def test_althing_steals_1_material_from_each_other_then_gains_1_progress():
    game, st = fresh(V, "Romans", "Celts")
    p, q, r = st.seats
    hand_only(game, st, 0, "1VIK23", FILLER)
    q.materials, r.materials = 2, 0
    m, g = p.materials, p.progress
    play(game, st, 0, "1VIK23")  # no unrest in hand: progress
    assert p.materials == m + 1 and (q.materials, r.materials) == (1, 0)
    assert p.progress == g + 1
