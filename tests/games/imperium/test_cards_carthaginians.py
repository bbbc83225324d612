"""The Carthaginians (Classics, 23 cards, R9): data facts, setup (R29-R40), the clean-up
materials of §16.5 (R85, R210, R241) and every card.

Rule numbers refer to shared/rules/imperium.md. The nation is described in §21.1 (materials,
caravans, trading ships, Hannibal, elephants, monopoly).
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import piles
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

CAR = [f"1CAR{n}" for n in range(1, 24)]

# The printed facts of every card (checked against the card reference): name, starting location
# (R24), state (R72), header icon, type and region icons, development cost and VP.
FACTS = {
    "1CAR1": ("Carthaginians", "in-play", None, "power", [], [], {}, "1 per 6 materials"),
    "1CAR2": ("City of Carthage", "accession", None, "pinned", ["city"], [], {}, None),
    "1CAR3": ("Elephants", "development", "empire", "attack", [], [], {"population": 3}, 2),
    "1CAR4": ("Elephants", "development", "empire", "attack", [], [], {"population": 3}, 2),
    "1CAR5": ("Hegemony", "development", "empire", None, [], [], {"materials": 3, "population": 1}, 2),
    "1CAR6": ("Hannibal", "development", "empire", None, [], [], {"population": 4}, 4),
    "1CAR7": ("Trading Ships", "development", "empire", "pinned", [], [], {"materials": 4, "population": 1}, 4),
    "1CAR8": ("Monopoly", "development", "empire", "attack", [], [], {"materials": 7}, "1 per 5 materials"),
    "1CAR9": ("Prosperity", "nation", None, None, [], [], {}, None),
    "1CAR10": ("Caravans", "nation", None, "pinned", [], [], {}, None),
    "1CAR11": ("Advance", "nation", "barbarian", None, [], [], {}, None),
    "1CAR12": ("Iberia", "nation", None, "pinned", [], ["production", "fertile"], {}, None),
    "1CAR13": ("Berbers", "nation", None, None, [], [], {}, None),
    "1CAR14": ("Glory", "deck", None, None, [], [], {}, None),
    "1CAR15": ("Prosperity", "deck", None, None, [], [], {}, None),
    "1CAR16": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "1CAR17": ("Conquer", "deck", "barbarian", None, [], [], {}, None),
    "1CAR18": ("Dido, Queen of Carthage", "deck", "barbarian", None, [], [], {}, None),
    "1CAR19": ("Carthaginian Traders", "deck", "barbarian", None, [], [], {}, None),
    "1CAR20": ("Balearic Islands", "deck", None, "pinned", [], ["production", "production", "river"], {}, None),
    "1CAR21": ("Mauretania", "deck", None, "pinned", [], ["production"], {}, None),
    "1CAR22": ("Unrest", "deck", None, None, [], [], {}, -2),
    "1CAR23": ("Unrest", "deck", None, None, [], [], {}, -2),
}
VP_FORMS = {
    "1 per 6 materials": {"per": {"resource": "materials"}, "vp": 1, "every": 6},
    "1 per 5 materials": {"per": {"resource": "materials"}, "vp": 1, "every": 5},
}
RUSSIAN = {
    "1CAR1": "Карфагеняне",
    "1CAR7": "Торговые суда",
    "1CAR9": "Процветание",
    "1CAR15": "Процветание",
    "1CAR22": "Беспорядки",
    "1CAR23": "Беспорядки",
}  # R241, §20.5; every unrest card is «Беспорядки» (R252, R253)
SUITS = {
    "1CAR12": ["region"],
    "1CAR20": ["region"],
    "1CAR21": ["region"],
    "1CAR13": ["tributary"],
    "1CAR22": ["unrest"],
    "1CAR23": ["unrest"],
}


# --- helpers -------------------------------------------------------------------------------------


def clean_up_token(game, st, seat, card_id):
    """End seat's Activate and place the clean-up token (R84) on ``card_id``; returns the slot."""
    answer(game, st, seat, A.END)
    d = decision(st)
    assert d.seats == [seat] and d.args["rule"] == "R84"
    choose_card(game, st, seat, card_id)
    return st.market[piles.slot_of(st, idx(game, card_id))]


# --- data ----------------------------------------------------------------------------------------


def test_carthaginians_have_23_cards_as_R9_says():
    game, _ = fresh("Carthaginians", "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == "Carthaginians") == sorted(CAR)


@pytest.mark.parametrize("card_id", CAR)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference."""
    game, _ = fresh("Carthaginians", "Romans", activate=False)
    c = card(game, card_id)
    assert_printed_fields(c, FACTS[card_id], VP_FORMS)
    assert c.players is None and not c.unplayable
    assert c.suits == SUITS.get(card_id, [])
    assert c.free == (card_id == "1CAR19")
    assert c.no_garrison == (card_id == "1CAR14")
    assert c.provenance == "exact"  # side B is printed in R241
    assert c.name_ru == RUSSIAN.get(card_id)  # only where §20/§21 print it


def test_power_card_faces_R30_R241():
    game, _ = fresh("Carthaginians", "Romans", activate=False)
    c = card(game, "1CAR1")
    assert c.name_ru == "Карфагеняне"
    assert msgspec.to_builtins(c.passive) == [{"hook": "market_token", "args": {"materials": 1}}]
    assert msgspec.to_builtins(c.side_b.passive) == [{"hook": "market_token", "args": {"materials": 2}}]
    assert msgspec.to_builtins(c.side_b.vp) == {"per": {"resource": "materials"}, "vp": 1, "every": 3}
    assert c.side_b.exhaust == [] and msgspec.to_builtins(c.exhaust[0])["op"] == "when"


# --- setup (R29-R40) -----------------------------------------------------------------------------


def test_setup_zones_R30_R34_R35_R36_R37_R39_R40():
    game, st = fresh("Carthaginians", "Romans", seed=3, activate=False)
    p = st.seats[0]
    assert p.nation == "Carthaginians" and not p.empire  # R37
    assert game.cards[p.power].id == "1CAR1"  # R30
    assert ids(game, p.nation_deck)[0] == "1CAR2"  # R34: at the bottom
    assert sorted(ids(game, p.nation_deck)) == sorted(["1CAR2", "1CAR9", "1CAR10", "1CAR11", "1CAR12", "1CAR13"])  # R35
    assert sorted(ids(game, p.development)) == sorted(f"1CAR{n}" for n in range(3, 9))  # R36
    start = sorted(ids(game, p.hand + p.deck))  # R39
    assert start == sorted(f"1CAR{n}" for n in range(14, 24)) and len(start) == 10
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert (p.materials, p.population, p.progress, p.actions, p.exhausts) == (3, 2, 1, 3, 5)


def test_nation_deck_shuffled_but_accession_stays_at_the_bottom_R35_R193():
    game, _ = fresh("Carthaginians", "Romans", activate=False)
    orders = set()
    for seed in range(6):
        st = game.new(2, seed, {"nations": "Carthaginians,Romans"})
        deck = ids(game, st.seats[0].nation_deck)
        assert deck[0] == "1CAR2"
        orders.add(tuple(deck))
    assert len(orders) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_supply_cards_so_the_unrest_pile_is_the_common_one_R38_R45(players):
    """The Carthaginians have no {supply} card: their two unrest cards start in the personal
    deck and the unrest pile holds only the common ones for the player count."""
    nations = ["Carthaginians", "Romans", "Greeks", "Scythians"][:players]
    game, st = fresh(*nations, activate=False)
    pile = st.unrest + [s.unrest for s in st.market if s.unrest >= 0]
    assert all(game.cards[k].deck == "common" for k in pile)
    assert len(pile) == {2: 8, 3: 10, 4: 12}[players]
    p = st.seats[0]
    assert sorted(ids(game, [k for k in p.hand + p.deck if "unrest" in game.cards[k].suits])) == ["1CAR22", "1CAR23"]


def test_city_of_carthage_flips_the_state_when_a_reshuffle_discards_it_R98_R99():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    p.nation_deck = [k for k in p.nation_deck if game.cards[k].id == "1CAR2"]
    only_in_hand(game, st, 0, "1CAR15")  # Prosperity
    p.discard += p.deck
    p.deck = []
    play(game, st, 0, "1CAR15")
    answer(game, st, 0, A.YES)  # may draw -> reshuffle
    assert p.empire  # R99
    assert idx(game, "1CAR2") in p.hand + p.deck
    assert p.exhausts == 4 and p.nation_exhausted  # R98 step 1


# --- §16.5: the clean-up materials (R85, R210, R241) ---------------------------------------------


@covers("1CAR1")
def test_clean_up_places_one_material_instead_of_progress_side_a_R85_R210():
    game, st = fresh("Carthaginians", "Romans")
    k = st.market[0].card
    slot = clean_up_token(game, st, 0, game.cards[k].id)
    assert slot.tokens == {"materials": 1}


@covers("1CAR1")
def test_clean_up_places_two_materials_side_b_R241_E11():
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    k = st.market[3].card
    before = dict(st.market[3].tokens)
    slot = clean_up_token(game, st, 0, game.cards[k].id)
    assert slot.tokens.get("materials", 0) == before.get("materials", 0) + 2
    assert slot.tokens.get("progress", 0) == before.get("progress", 0)


@covers("1CAR1")
def test_other_nations_still_place_progress_R84():
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    answer(game, st, 0, A.END)
    game.apply(st, 0, game.legal(st, 0)[0])  # Carthage's token
    while decision(st).seats == [0]:
        answer(game, st, 0, A.END)
    answer(game, st, 1, A.REVOLT)  # Rome's turn
    k = st.market[4].card
    before = st.market[4].tokens.get("progress", 0)
    choose_card(game, st, 1, game.cards[k].id)
    assert st.market[4].tokens.get("progress", 0) == before + 1


@covers("1CAR1")
def test_materials_on_a_market_card_block_its_exile_and_go_to_the_taker_R130_R141():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    k = market(game, st, 0, "1REG4", {"materials": 2})
    cands = piles.market_cards(game, st, [], exile=True)
    assert k not in cands  # R141
    only_in_hand(game, st, 0, "1CAR17")  # Conquer
    play(game, st, 0, "1CAR17")
    answer(game, st, 0, A.OPTION)  # pay 2 population
    pick(game, st, 0, "1REG4")
    answer(game, st, 0, A.NO)  # no doubling (below)
    assert k in p.hand and p.materials == 3 + 2  # R130 step 2


# --- the power card ------------------------------------------------------------------------------


@covers("1CAR1")
def test_power_a_exhaust_doubles_the_materials_taken_with_a_market_card():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    k = market(game, st, 0, "1REG4", {"materials": 3})
    exhaust_action = game.action_space.exhaust + p.power
    assert exhaust_action not in game.legal(st, 0)  # only on its trigger
    only_in_hand(game, st, 0, "1CAR17")
    play(game, st, 0, "1CAR17")
    answer(game, st, 0, A.OPTION)
    pick(game, st, 0, "1REG4")
    d = decision(st)
    assert d.kind == "may" and d.seats == [0] and d.args["rule"] == "R80"
    answer(game, st, 0, A.YES)
    assert k in p.hand and p.materials == 3 + 3 + 3
    assert p.power in p.exhausted and p.exhausts == 4  # R77, R78
    assert decision(st).kind == "activate"


@covers("1CAR1")
def test_power_a_is_not_offered_without_materials_or_once_exhausted_R77():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    market(game, st, 0, "1REG4")
    market(game, st, 1, "1UNC7", {"materials": 1})
    only_in_hand(game, st, 0, "1CAR17", "1CAR16")
    play(game, st, 0, "1CAR17")
    answer(game, st, 0, A.OPTION)
    pick(game, st, 0, "1REG4")  # no materials on it
    assert decision(st).kind == "activate"
    p.exhausted.append(p.power)
    p.progress = 0  # only acquire (R150)
    play(game, st, 0, "1CAR16")  # Advance
    pick(game, st, 0, "1UNC7")
    assert decision(st).kind == "activate" and p.materials == 0 + 1  # paid 3, got 1


@covers("1CAR1", "1CAR10")
def test_power_b_has_no_exhaust_so_caravans_gain_only_the_tokens_R241():
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    p = st.seats[0]
    to_play(game, st, 0, "1CAR10")
    market(game, st, 0, "1REG4", {"materials": 2})
    only_in_hand(game, st, 0, "1CAR14")
    exhaust(game, st, 0, "1CAR10")
    assert decision(st).kind == "activate"
    assert p.materials == 3 - 3 + 2


@covers("1CAR1")
def test_power_vp_one_per_six_materials_side_a_one_per_three_side_b_R233_G35():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    p.materials = 13
    assert game.score_seat(st, 0).breakdown["power"] == 2
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    p = st.seats[0]
    p.materials = 13
    assert game.score_seat(st, 0).breakdown["power"] == 4
    p.materials = 40
    assert game.score_seat(st, 0).breakdown["power"] == 10  # capped (G35)
    st.options["power_vp_cap"] = "uncapped"
    assert game.score_seat(st, 0).breakdown["power"] == 13


# --- accession and development cards -------------------------------------------------------------


@covers("1CAR2")
def test_city_of_carthage_solstice_may_discard_for_a_material_population_or_card_R108():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1CAR2")
    finish_round(game, st)
    d = decision(st)
    assert d.kind == "may" and d.seats == [0]
    answer(game, st, 0, A.YES)
    hand = len(p.hand)
    game.apply(st, 0, game.legal(st, 0)[0])  # discard a card
    population = p.population
    answer(game, st, 0, A.OPTION + 1)  # gain 1 population
    assert p.population == population + 1 and len(p.hand) == hand - 1
    assert idx(game, "1CAR2") in p.play  # pinned


@covers("1CAR3", "1CAR4")
@pytest.mark.parametrize("card_id", ["1CAR3", "1CAR4"])
def test_elephants_make_others_abandon_a_region_then_may_break_through_R167_R134(card_id):
    game, st = fresh("Carthaginians", "Romans")
    p, rome = st.seats
    p.empire = True
    dalmatia = to_play(game, st, 1, "1ROM20")[0]
    market(game, st, 0, "1REG4")
    only_in_hand(game, st, 0, card_id)
    play(game, st, 0, card_id)
    assert dalmatia in rome.discard and dalmatia not in rome.play  # R167
    d = decision(st)
    assert d.kind == "suit" and A.END in game.legal(st, 0)  # MAY break through
    answer(game, st, 0, A.SUIT)  # region
    choose_card(game, st, 0, "1REG4")
    assert idx(game, "1REG4") in p.hand
    assert idx(game, card_id) in p.history  # R183
    assert vp_of(game, st, 0, card_id) == 2


@covers("1CAR3", "1CAR4")
@pytest.mark.parametrize("card_id", ["1CAR3", "1CAR4"])
def test_elephants_need_empire_R72(card_id):
    game, st = fresh("Carthaginians", "Romans")
    only_in_hand(game, st, 0, card_id)
    assert_illegal(game, st, 0, game.action_space.play + idx(game, card_id), "R72")


@covers("1CAR3")
def test_elephants_are_an_attack_a_wilderness_recall_avoids_R145():
    game, st = fresh("Carthaginians", "Romans")
    p, rome = st.seats
    p.empire = True
    dalmatia, wild = to_play(game, st, 1, "1ROM20", "1REG1")
    only_in_hand(game, st, 0, "1CAR3")
    play(game, st, 0, "1CAR3")
    d = decision(st)
    assert d.seats == [1] and d.args["rule"] == "R145"
    choose_card(game, st, 1, "1REG1")
    assert wild in rome.hand and dalmatia in rome.play


@covers("1CAR5")
def test_hegemony_pays_two_materials_to_acquire_any_then_all_may_draw():
    game, st = fresh("Carthaginians", "Romans")
    p, rome = st.seats
    p.empire = True
    k = market(game, st, 2, "1CIV10")
    only_in_hand(game, st, 0, "1CAR5")
    rome_hand = len(rome.hand)
    play(game, st, 0, "1CAR5")
    assert p.materials == 1  # R163
    choose_card(game, st, 0, "1CIV10")  # any of four suits
    assert k in p.hand
    answer(game, st, 0, A.YES)
    assert decision(st).seats == [1]  # R149: all players
    answer(game, st, 1, A.YES)
    assert len(p.hand) == 2 and len(rome.hand) == rome_hand + 1
    assert idx(game, "1CAR5") in p.discard


@covers("1CAR5")
def test_hegemony_without_two_materials_acquires_nothing_but_all_may_still_draw_R71_R73():
    game, st = fresh("Carthaginians", "Romans")
    p, rome = st.seats
    p.empire = True
    p.materials, p.progress = 1, 0
    only_in_hand(game, st, 0, "1CAR5")
    rome_hand = len(rome.hand)
    play(game, st, 0, "1CAR5")  # played: only the action token and the state count (R71, R72)
    assert p.materials == 1 and p.hand == []  # pay 2 materials to acquire: nothing (R163)
    answer(game, st, 0, A.NO)  # its second line still applies (R73)
    answer(game, st, 1, A.YES)
    assert len(rome.hand) == rome_hand + 1


@covers("1CAR6")
def test_hannibal_acquires_draws_takes_back_a_card_from_history_then_goes_there_R184():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    p.empire = True
    k = market(game, st, 1, "1UNC7")
    old = give(game, st, 0, "1CAR18", zone="history")
    only_in_hand(game, st, 0, "1CAR6")
    top = p.deck[-1]
    play(game, st, 0, "1CAR6")
    choose_card(game, st, 0, "1UNC7")  # may acquire
    assert k in p.hand
    answer(game, st, 0, A.YES)  # may draw
    assert top in p.hand
    d = decision(st)
    assert d.kind == "card" and A.END in game.legal(st, 0)
    choose_card(game, st, 0, "1CAR18")  # from history
    assert old in p.hand and old not in p.history
    assert p.history == [idx(game, "1CAR6")]
    assert vp_of(game, st, 0, "1CAR6") == 4


@covers("1CAR7")
def test_trading_ships_recall_a_river_or_fertile_to_acquire_a_card_with_materials():
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    p = st.seats[0]
    ships, balearic, mauretania = to_play(game, st, 0, "1CAR7", "1CAR20", "1CAR21")
    plain = market(game, st, 0, "1REG4")
    rich = market(game, st, 1, "1UNC7", {"materials": 2})
    exhaust(game, st, 0, "1CAR7")
    answer(game, st, 0, A.YES)
    assert balearic in p.hand and mauretania in p.play  # only the river one
    assert rich in p.hand and plain not in p.hand  # the only one with {m}
    assert p.materials == 3 + 2
    assert vp_of(game, st, 0, "1CAR7") == 4


@covers("1CAR7")
def test_trading_ships_do_nothing_without_a_river_or_fertile_in_play():
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    p = st.seats[0]
    to_play(game, st, 0, "1CAR7", "1CAR21")
    rich = market(game, st, 1, "1UNC7", {"materials": 2})
    exhaust(game, st, 0, "1CAR7")
    assert decision(st).kind == "activate"
    assert rich not in p.hand and idx(game, "1CAR7") in p.exhausted


@covers("1CAR7", "1CAR1")
def test_trading_ships_gain_counts_for_the_power_a_doubling():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1CAR7", "1CAR12")  # Iberia: fertile
    market(game, st, 1, "1UNC7", {"materials": 2})
    exhaust(game, st, 0, "1CAR7")
    answer(game, st, 0, A.YES)
    answer(game, st, 0, A.YES)  # exhaust the power
    assert p.materials == 3 + 2 + 2 and p.exhausts == 3


@covers("1CAR8")
def test_monopoly_gains_draws_and_gives_each_other_player_a_card():
    game, st = fresh("Carthaginians", "Romans", "Greeks")
    p, rome, greece = st.seats
    p.empire = True
    unrest = give(game, st, 0, "1CAR22", zone="discard")
    only_in_hand(game, st, 0, "1CAR8", "1CAR23")
    hands = len(rome.hand), len(greece.hand)
    play(game, st, 0, "1CAR8")
    assert p.materials == 5 and len(p.hand) == 2  # + the drawn card
    choose_card(game, st, 0, "1CAR23")  # to Rome, from hand
    choose_card(game, st, 0, "1CAR22")  # to Greece, discard
    assert idx(game, "1CAR23") in rome.hand and unrest in greece.hand
    assert (len(rome.hand), len(greece.hand)) == (hands[0] + 1, hands[1] + 1)
    assert vp_of(game, st, 0, "1CAR8") == 1  # 5 materials


@covers("1CAR8")
def test_monopoly_is_an_attack_a_recall_avoids_the_gift_R145():
    game, st = fresh("Carthaginians", "Romans")
    p, rome = st.seats
    p.empire = True
    to_play(game, st, 1, "1REG1")  # Wilderness
    only_in_hand(game, st, 0, "1CAR8", "1CAR23")
    hand = len(rome.hand)
    play(game, st, 0, "1CAR8")
    assert decision(st).seats == [1]
    choose_card(game, st, 1, "1REG1")
    assert len(rome.hand) == hand + 1  # the Wilderness only
    assert idx(game, "1CAR23") in p.hand


@covers("1CAR9", "1CAR15")
@pytest.mark.parametrize("card_id", ["1CAR9", "1CAR15"])
def test_prosperity_all_may_draw_then_materials_per_production_or_population_per_region(card_id):
    game, st = fresh("Carthaginians", "Romans")
    p, rome = st.seats
    to_play(game, st, 0, "1CAR12", "1CAR20")  # 3 production, 2 reg.
    only_in_hand(game, st, 0, card_id)
    rome_hand = len(rome.hand)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.YES)
    assert decision(st).seats == [1]
    answer(game, st, 1, A.NO)
    assert len(p.hand) == 1 and len(rome.hand) == rome_hand
    answer(game, st, 0, A.OPTION)
    assert p.materials == 3 + 3
    play_again = give(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == 2 + 2 and play_again in p.discard


@covers("1CAR10")
def test_caravans_pay_three_and_discard_to_acquire_a_card_with_materials():
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    p = st.seats[0]
    to_play(game, st, 0, "1CAR10")
    rich = market(game, st, 2, "1CIV10", {"materials": 1, "progress": 1})
    market(game, st, 3, "1UNC7")
    only_in_hand(game, st, 0, "1CAR14")
    exhaust(game, st, 0, "1CAR10")
    assert idx(game, "1CAR14") in p.discard
    assert rich in p.hand and (p.materials, p.progress) == (1, 2)


@covers("1CAR10")
def test_caravans_need_three_materials_and_a_card_to_discard_R78():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "1CAR10")
    only_in_hand(game, st, 0)
    action = game.action_space.exhaust + idx(game, "1CAR10")
    assert_illegal(game, st, 0, action, "R78")  # no card to discard
    give(game, st, 0, "1CAR14")
    p.materials, p.progress = 2, 0
    assert_illegal(game, st, 0, action, "R78")  # 2 materials only
    p.materials = 3
    st.edited()
    assert action in game.legal(st, 0)


@covers("1CAR11", "1CAR16")
@pytest.mark.parametrize("card_id", ["1CAR11", "1CAR16"])
def test_advance_pays_materials_to_acquire_or_break_through_R130_R134(card_id):
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    k = market(game, st, 1, "1UNC7")
    p.progress = 0
    only_in_hand(game, st, 0, card_id, "1CAR13")  # Berbers keeps the turn
    play(game, st, 0, card_id)  # only acquire affordable
    pick(game, st, 0, "1UNC7")
    assert p.materials == 0 and k in p.hand
    p.materials = 5
    give(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.OPTION + 1)  # pay 5: break through
    answer(game, st, 0, A.SUIT + 1)  # uncivilised
    answer(game, st, 0, A.BT_DECK)
    assert p.materials == 0
    assert "uncivilised" in game.cards[p.hand[-1]].suits


@covers("1CAR11", "1CAR16")
@pytest.mark.parametrize("card_id", ["1CAR11", "1CAR16"])
def test_advance_is_barbarian_only_R72(card_id):
    game, st = fresh("Carthaginians", "Romans")
    st.seats[0].empire = True
    only_in_hand(game, st, 0, card_id)
    assert_illegal(game, st, 0, game.action_space.play + idx(game, card_id), "R72")


@covers("1CAR12", "1CAR20", "1CAR21")
@pytest.mark.parametrize("card_id,materials", [("1CAR12", 0), ("1CAR20", 0), ("1CAR21", 2)])
def test_regions_may_be_garrisoned_R176(card_id, materials):
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    k, other = only_in_hand(game, st, 0, card_id, "1CAR17")
    play(game, st, 0, card_id)
    d = decision(st)
    assert d.args["rule"] == "R176" and A.END in game.legal(st, 0)  # MAY
    choose_card(game, st, 0, "1CAR17")
    assert p.materials == 3 + materials
    assert k in p.play and p.garrison[k] == [other]  # pinned, garrisoned


@covers("1CAR13")
def test_berbers_a_tributary_gains_two_population():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    only_in_hand(game, st, 0, "1CAR13")
    play(game, st, 0, "1CAR13")
    assert p.population == 4 and idx(game, "1CAR13") in p.discard  # not pinned (R71)


@covers("1CAR14")
def test_glory_abandons_three_regions_to_look_at_two_fame_cards_and_take_one():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    regions = to_play(game, st, 0, "1CAR12", "1CAR20", "1CAR21")
    glory = only_in_hand(game, st, 0, "1CAR14")[0]
    top2 = st.fame[-2:]
    play(game, st, 0, "1CAR14")
    for _ in range(2):  # the third is forced
        game.apply(st, 0, game.legal(st, 0)[0])
    assert all(k in p.discard for k in regions)  # R167
    d = decision(st)
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in top2)
    game.apply(st, 0, game.action_space.card + top2[0])
    assert top2[0] in p.hand and top2[0] not in st.fame and glory in p.discard


@covers("1CAR14")
def test_glory_with_two_regions_gives_nothing_and_cannot_be_garrisoned_R71_R73_R176():
    game, st = fresh("Carthaginians", "Romans")
    to_play(game, st, 0, "1CAR12", "1CAR20")
    only_in_hand(game, st, 0, "1CAR14", "1CAR21")
    play(game, st, 0, "1CAR21")  # garrison: nothing
    assert decision(st).kind == "activate"
    assert idx(game, "1CAR14") in st.seats[0].hand
    game, st = fresh("Carthaginians", "Romans")
    regions = to_play(game, st, 0, "1CAR12", "1CAR20")
    only_in_hand(game, st, 0, "1CAR14", "1CAR21")
    fame = list(st.fame)
    play(game, st, 0, "1CAR14")  # abandon 3 regions to look: with 2, nothing (R73)
    assert all(k in st.seats[0].play for k in regions) and st.fame == fame
    assert idx(game, "1CAR14") in st.seats[0].discard


@covers("1CAR17")
def test_conquer_pays_population_to_acquire_or_break_through_a_region_or_tributary():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    k = market(game, st, 0, "1REG4")
    only_in_hand(game, st, 0, "1CAR17")
    play(game, st, 0, "1CAR17")
    answer(game, st, 0, A.OPTION)
    pick(game, st, 0, "1REG4")
    assert k in p.hand and p.population == 0
    p.population = 3
    give(game, st, 0, "1CAR17")
    play(game, st, 0, "1CAR17")
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 3)  # tributary: main deck
    if decision(st) and decision(st).kind == "bt_source":
        answer(game, st, 0, A.BT_MAIN)
    assert p.population == 0
    assert "tributary" in game.cards[p.hand[-1]].suits or p.progress == 1 + 2  # G11


@covers("1CAR18")
def test_dido_gains_population_acquires_a_region_and_free_plays_it_then_history_R74():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    mountain = market(game, st, 0, "1REG3")
    only_in_hand(game, st, 0, "1CAR18", "1CAR13")
    play(game, st, 0, "1CAR18")
    d = decision(st)
    assert d.kind == "card" and A.END in game.legal(st, 0)  # MAY acquire
    choose_card(game, st, 0, "1REG3")
    assert mountain in p.play  # played at once
    assert p.materials == 3 + 3  # Mountain's effect
    game.apply(st, 0, game.legal(st, 0)[0])  # Mountain: exile one
    answer(game, st, 0, A.END)  # no garrison
    assert p.population == 3 and p.actions == 2  # only Dido's action
    assert mountain in p.play and idx(game, "1CAR13") in p.hand
    assert p.history == [idx(game, "1CAR18")]


@covers("1CAR18")
def test_dido_may_decline_the_region():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    market(game, st, 0, "1REG3")
    only_in_hand(game, st, 0, "1CAR18")
    play(game, st, 0, "1CAR18")
    answer(game, st, 0, A.END)
    assert p.population == 3 and p.history == [idx(game, "1CAR18")]
    assert idx(game, "1REG3") in [s.card for s in st.market]


@covers("1CAR19")
def test_carthaginian_traders_free_adds_a_material_to_a_market_card_may_write_history_R74():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    k = market(game, st, 3, "1UNC7")
    traders, glory, _ = only_in_hand(game, st, 0, "1CAR19", "1CAR14", "1CAR13")
    play(game, st, 0, "1CAR19")
    assert p.actions == 3  # free play (R74)
    choose_card(game, st, 0, "1UNC7")
    assert st.market[3].tokens == {"materials": 1}
    assert k not in piles.market_cards(game, st, [], exile=True)  # R141
    d = decision(st)
    assert d.args["rule"] == "R183" and A.END in game.legal(st, 0)
    choose_card(game, st, 0, "1CAR14")
    assert glory in p.history and traders in p.discard
    p.discard.remove(traders)
    p.hand.append(traders)
    assert_illegal(game, st, 0, game.action_space.play + traders, "R74")  # once a turn (G37)


@covers("1CAR22", "1CAR23")
@pytest.mark.parametrize("card_id", ["1CAR22", "1CAR23"])
def test_unrest_pays_then_returns_itself_to_the_pile_R75_R253(card_id):
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    only_in_hand(game, st, 0, card_id)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.OPTION)  # spend 1 population
    assert p.population == 1
    assert idx(game, card_id) in st.unrest and idx(game, card_id) not in p.discard
    assert vp_of(game, st, 0, card_id) == -2


@covers("1CAR22")
def test_unrest_played_when_no_option_is_affordable_stays_yours_R73_R253():
    game, st = fresh("Carthaginians", "Romans")
    p = st.seats[0]
    p.materials = p.population = p.progress = 0
    only_in_hand(game, st, 0, "1CAR22", "1CAR14")  # one card to discard
    pile = len(st.unrest)
    play(game, st, 0, "1CAR22")  # nothing to choose (R164): not returned, "if you do" (R253)
    assert idx(game, "1CAR22") in p.discard and len(st.unrest) == pile
    assert [game.cards[k].id for k in p.hand] == ["1CAR14"]


@covers("1CAR7")
def test_trading_ships_acquiring_as_the_refill_takes_the_last_unrest_collapses_at_once_R223_R227():
    """The acquired card's slot is refilled and the refill tucks the unrest pile's last card:
    the collapse stops everything at once (R223), the rest of the acquiring included (a random
    game once crashed there, reading the effect's variables after the collapse had ended it)."""
    game, st = fresh("Carthaginians", "Romans", power_side="B")
    p = st.seats[0]
    to_play(game, st, 0, "1CAR7", "1CAR20")
    rich = market(game, st, 1, "1UNC7", {"materials": 2})  # its refill tucks an unrest (unrest_under)
    st.box += st.unrest[:-1]
    st.unrest = st.unrest[-1:]
    exhaust(game, st, 0, "1CAR7")
    answer(game, st, 0, A.YES)
    assert st.over and st.collapsed and st.run == []
    assert rich in p.hand
