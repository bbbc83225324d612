"""The Atlanteans (2ATL1-2ATL22) on the real card data: setup, the nation rules of §15.3 and
§16.2, what a seat sees of a sunken pile, then one test per card.

Rule numbers refer to shared/rules/imperium.md. Atlantean rules (R195): the state card starts
and stays on Empire, so Barbarian cards are never played (R37, R118); no nation deck and no
accession card (R34, R35); a development area; no history (R185) but a sunken pile (R186-R191),
which scores at the end (R228); their unrest cards start in the personal deck (G22).
"""

from __future__ import annotations

import random

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import playing, scoring, shared
from epochal.games.imperium.view import determinize
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
    market,
    play,
    purpose_of,
    settle,
    to_play,
    vp_of,
)

ATL = "Atlanteans"
CARDS = [f"2ATL{n}" for n in range(1, 23)]
FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself
REGION_VP = {"per": {"zone": "all", "filter": {"suit": "region"}}, "vp": 1, "every": 1}

# name, location, state, header, types, regions, development cost, VP (shared/reference, checked)
FACTS = {
    "2ATL1": ("Atlanteans", "in-play", None, "power", [], [], {}, "1 per 2 regions"),
    "2ATL2": ("Advanced Culture", "development", "empire", None, [], [], {"materials": 5, "progress": 1}, "per region"),
    "2ATL3": (
        "Palace of Poseidon",
        "development",
        "empire",
        "pinned",
        [],
        [],
        {"materials": 3, "population": 2, "progress": 1},
        5,
    ),
    "2ATL4": ("Spread of Atlantis", "development", "empire", "attack", [], [], {"materials": 4, "population": 2}, 4),
    "2ATL5": ("Development", "development", "empire", None, [], [], {"materials": 4}, 2),
    "2ATL6": (
        "Moats and Walls",
        "development",
        "empire",
        "pinned",
        [],
        [],
        {"materials": 2, "population": 1, "progress": 1},
        2,
    ),
    "2ATL7": ("Myths and Legends", "development", "empire", None, [], [], {"progress": 2}, 2),
    "2ATL8": ("Vast Wealth", "development", "empire", "pinned", [], [], {"materials": 5}, 1),
    "2ATL9": ("Kleito", "development", "empire", None, [], [], {"materials": 3, "progress": 2}, 3),
    "2ATL10": ("Mountain of Atlantis", "development", "empire", "pinned", [], [], {"population": 2}, None),
    "2ATL11": ("Themiscyra", "development", "empire", "pinned", [], ["fertile", "production"], {"population": 2}, None),
    "2ATL12": ("Flood", "deck", "empire", None, [], [], {}, None),
    "2ATL13": ("Flood", "deck", "empire", None, [], [], {}, None),
    "2ATL14": ("Flood", "deck", "empire", None, [], [], {}, None),
    "2ATL15": ("Prosperity", "deck", "empire", None, [], [], {}, None),
    "2ATL16": ("Thule", "deck", "empire", "pinned", [], [], {}, None),
    "2ATL17": ("Hesperides", "deck", "empire", "pinned", [], ["production"], {}, None),
    "2ATL18": ("Elysian Fields", "deck", "empire", "pinned", [], ["production", "production"], {}, None),
    "2ATL19": ("Unrest", "deck", None, None, [], [], {}, -2),
    "2ATL20": ("Atlantean Fleet", "deck", "empire", "attack", [], [], {}, None),
    "2ATL21": ("Unrest", "deck", None, None, [], [], {}, -2),
    "2ATL22": ("Unrest", "deck", None, None, [], [], {}, -2),
}
VP_FORMS = {
    "1 per 2 regions": {"per": {"zone": "all", "filter": {"suit": "region"}}, "vp": 1, "every": 2},
    "per region": REGION_VP,
}


# --- helpers ----------------------------------------------------------------------------------


def set_market(game, st, *card_ids):
    """The market holds exactly these cards, no tokens, no tucked unrest (back to the pile); the
    cards they replace go to the exile pile."""
    for slot, cid in enumerate(card_ids):
        market(game, st, slot, cid)


def atlanteans(*others, **options):
    game, st = fresh(ATL, *(others or ("Romans",)), **options)
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    return game, st


def sunken_ids(game, st, seat=0):
    return ids(game, st.seats[seat].sunken)


# --- setup (R9, R29-R40, R195, G22) -------------------------------------------------------------


def test_R9_the_atlantean_set_has_22_cards_each_as_printed():
    game, _ = fresh(ATL, "Romans", activate=False)
    mine = [c for c in game.cards if c.deck == ATL]
    assert sorted(c.id for c in mine) == sorted(CARDS)
    assert all(c.provenance == "exact" for c in mine)
    for c in mine:
        assert_printed_fields(c, FACTS[c.id], VP_FORMS)
    assert card(game, "2ATL10").suits == card(game, "2ATL16").suits == ["region"]
    assert card(game, "2ATL3").free and card(game, "2ATL20").free


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_R195_G22_atlantean_setup_empire_no_nation_deck_unrest_in_the_deck(players):
    nations = [ATL, "Celts", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2ATL1"  # R30
    assert p.nation_deck == []  # R34, R35: no nation deck, no accession card
    assert sorted(ids(game, p.development)) == sorted(CARDS[1:11])  # R36
    assert sorted(ids(game, p.hand + p.deck)) == sorted(CARDS[11:])  # R39: 11 cards with 3 unrest (G22)
    assert len(p.hand) == 5 and len(p.deck) == 6  # R40
    assert p.empire  # R37, R118
    assert (p.materials, p.population, p.progress, p.actions, p.exhausts) == (3, 2, 1, 3, 5)
    pile = st.unrest + [s.unrest for s in st.market if s.unrest >= 0]
    assert not [k for k in pile if game.cards[k].deck == ATL]  # no {supply} card (G22)
    assert p.sunken == [] and p.history == []
    assert game.check_invariants(st) == []


# --- §16.2 the Atlantean rules -------------------------------------------------------------------


def test_R118_R195_barbarian_cards_are_never_played_even_with_a_card_that_would_allow_it():
    game, st = atlanteans()
    p = st.seats[0]
    hand_only(game, st, 0, "1UNC4", FILLER)  # Town: {barbarian}
    assert not legal_play(game, st, "1UNC4")
    assert playing.play_refusal(game, st, 0, idx(game, "1UNC4"))[:2] == ("needs_barbarian", "R72")
    to_play(game, st, 0, "1ROM5")  # Legions lets its owner play Barbarian cards in the Empire state
    assert not playing.ignores_barbarian(game, st, 0, idx(game, "1ROM17"))  # Conquer
    st.seats[1].empire = True
    to_play(game, st, 1, "1ROM5")
    assert playing.ignores_barbarian(game, st, 1, idx(game, "1ROM17"))  # the Romans may
    assert p.empire


def test_R195_R103_the_empire_reshuffle_develops_from_the_start():
    game, st = atlanteans()
    p = st.seats[0]
    p.materials = 4
    hand_only(game, st, 0, FILLER)
    p.discard, p.deck = p.discard + p.deck, []
    to_play(game, st, 0, "1CIV10")  # Coinage: exhaust to draw
    exhaust(game, st, 0, "1CIV10")
    d = decision(st)
    assert d.kind == "card" and purpose_of(d) == "develop on reshuffle"
    choose_card(game, st, 0, "2ATL5")  # Development: 4 materials
    assert "2ATL5" in ids(game, p.hand + p.deck) and p.dev_exhausted and p.materials == 0


def test_R185_R195_what_should_go_into_atlantean_history_is_discarded():
    game, st = atlanteans()
    p = st.seats[0]
    hand_only(game, st, 0, "1TRI1", FILLER)  # Armenians: acquire, then history
    play(game, st, 0, "1TRI1")
    assert p.history == [] and "1TRI1" in ids(game, p.discard) and p.sunken == []  # R190: not sunk


# --- §15.3 sinking -------------------------------------------------------------------------------


@covers("2ATL12")
def test_R186_R180_a_sunk_card_goes_under_the_power_card_with_its_garrison():
    game, st = atlanteans()
    p = st.seats[0]
    region, _ = to_play(game, st, 0, "2ATL16", "1REG6")
    p.garrison[region] = [idx(game, "1UNC3")]
    hand_only(game, st, 0, "2ATL12", FILLER)
    play(game, st, 0, "2ATL12")  # Flood: sink a region in play and itself, acquire
    choose_card(game, st, 0, "2ATL16")
    choose_card(game, st, 0, "1CIV4")
    assert sorted(sunken_ids(game, st)) == ["1UNC3", "2ATL12", "2ATL16"]
    assert region not in p.garrison and "1CIV4" in ids(game, p.hand)
    assert "2ATL12" not in ids(game, p.discard + p.play)


def test_R187_a_player_who_is_not_atlantean_sinks_into_the_discard_pile():
    game, st = fresh("Romans", ATL)
    p = st.seats[0]
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    to_play(game, st, 0, "1ROM12")
    hand_only(game, st, 0, "2ATL12", FILLER)  # a Flood given to the Romans
    play(game, st, 0, "2ATL12")  # the only region in play sinks
    choose_card(game, st, 0, "1UNC3")
    assert {"1ROM12", "2ATL12"} <= set(ids(game, p.discard)) and p.sunken == []


def test_R188_R189_history_effects_do_not_reach_the_sunken_pile_and_in_history_vp_is_not_scored():
    game, st = atlanteans()
    p = st.seats[0]
    give(game, st, 0, "1TRI10", "play")  # Mauryans: 1 VP per 2 cards in history
    give(game, st, 0, "1UNC4", "sunken")  # Town: 2 VP if in history, else 0
    give(game, st, 0, "1FAM1", "sunken")  # Praiseworthy: 7 VP if in history, else 3
    give(game, st, 0, "1ROM16", "sunken")
    give(game, st, 0, "1ROM17", "sunken")
    assert vp_of(game, st, 0, "1TRI10") == 0  # the sunken pile is no history (R188)
    assert vp_of(game, st, 0, "1UNC4") == 0 and vp_of(game, st, 0, "1FAM1") == 3  # R189
    assert idx(game, "1UNC4") in scoring.scoring_zones(p)  # still scored as a sunken card (R228)


def test_R188_only_the_owner_sees_the_sunken_pile_the_others_its_size():
    game, st = atlanteans()
    p = st.seats[0]
    for cid in ("2ATL16", "1FAM1", "1CIV4"):
        give(game, st, 0, cid, "sunken")
    mine, theirs = game.view(st, 0)["seats"][0], game.view(st, 1)["seats"][0]
    assert mine["sunken"] == ["2ATL16", "1FAM1", "1CIV4"] and mine["sunken_size"] == 3
    assert "sunken" not in theirs and theirs["sunken_size"] == 3
    shown = set(game.view(st, 1)["cards"])
    assert not {"2ATL16", "1FAM1", "1CIV4"} & shown
    panels = game.board_panels(st, 1, "en")
    text = repr(panels)
    assert "Elysian" not in text and "Thule" not in text and "Praiseworthy" not in text
    assert ["Sunken pile", "3", "0"] in next(x for x in panels if x["title"] == "Players")["rows"]
    own = repr(game.board_panels(st, 0, "en"))
    assert "Your sunken pile" in own and "Praiseworthy" in own
    # search re-deals what seat 1 cannot see: the sunken cards mix with seat 0's hand and deck
    rng = random.Random(3)
    sunken = set()
    for _ in range(30):
        other = determinize(game, st, 1, rng)
        q = other.seats[0]
        assert len(q.sunken) == 3 and game.check_invariants(other) == []
        sunken.add(tuple(sorted(q.sunken)))
    assert len(sunken) > 1
    for _ in range(5):  # the owner knows its own pile
        assert determinize(game, st, 0, rng).seats[0].sunken == p.sunken


def test_R190_only_a_sink_effect_sinks():
    game, st = atlanteans()
    p = st.seats[0]
    region = to_play(game, st, 0, "2ATL17")[0]
    hand_only(game, st, 0, "1ROM14", FILLER)
    to_play(game, st, 0, "2ATL16", "2ATL18")
    play(game, st, 0, "1ROM14")  # Glory: abandon 3 regions, look at fame
    settle(game, st)
    assert p.sunken == [] and region in p.discard


@covers("2ATL1")
def test_R191_R228_side_b_keeps_the_sunken_cards_and_scores_every_region_sunken_ones_included():
    game, st = atlanteans(power_side="B")
    p = st.seats[0]
    assert game.face(p.power, "B").exhaust == []  # side B: no exhaust
    to_play(game, st, 0, "2ATL16")
    give(game, st, 0, "2ATL17", "sunken")
    give(game, st, 0, "2ATL18", "sunken")
    give(game, st, 0, "2ATL3", "sunken")  # Palace of Poseidon: 5 VP
    score = game.score_seat(st, 0)
    assert score.breakdown["power"] == 3  # R245: 1 per region, sunken ones too (R228)
    cards = sum(scoring.card_vp(game, st, 0, k, game.cards[k].vp) for k in scoring.scoring_zones(p))
    assert score.breakdown["cards"] == cards and idx(game, "2ATL3") in scoring.scoring_zones(p)
    hand_only(game, st, 0, "2ATL12", FILLER)
    play(game, st, 0, "2ATL12")  # its only region in play sinks
    assert purpose_of(decision(st)) == "acquire"  # no reaction on side B
    settle(game, st)
    assert sunken_ids(game, st)[-2:] == ["2ATL16", "2ATL12"]


def test_G33_R224_sunken_unrest_is_not_counted_at_a_collapse():
    game, st = atlanteans()
    p = st.seats[0]
    unrest = [k for k in p.hand + p.deck if "unrest" in game.cards[k].suits]
    for k in unrest:
        p.hand = [x for x in p.hand if x != k]
        p.deck = [x for x in p.deck if x != k]
        p.sunken.append(k)
    assert scoring.unrest_count(game, st, 0) == 0
    assert scoring.card_vp(game, st, 0, unrest[0], -2) == -2 and unrest[0] in scoring.scoring_zones(p)


# --- the power card --------------------------------------------------------------------------------


@covers("2ATL1", "2ATL13")
def test_atlanteans_A_sinking_lets_them_exhaust_the_power_to_put_a_discarded_card_on_the_deck():
    game, st = atlanteans()
    p = st.seats[0]
    to_play(game, st, 0, "2ATL17", "1REG6")
    p.discard = [idx(game, "1ROM16")]
    hand_only(game, st, 0, "2ATL13", FILLER)
    play(game, st, 0, "2ATL13")
    choose_card(game, st, 0, "2ATL17")  # sinking the region: the power card may react
    d = decision(st)
    assert d.kind == "may" and purpose_of(d) == "exhaust Atlanteans"
    answer(game, st, 0, A.YES)  # the only discarded card goes on top of the deck
    assert p.deck[-1] == idx(game, "1ROM16") and p.power in p.exhausted
    assert decision(st).kind == "card"  # Flood goes on: the acquire
    choose_card(game, st, 0, "1UNC3")
    assert sunken_ids(game, st) == ["2ATL17", "2ATL13"]
    regions = [k for k in scoring.scoring_zones(p) if "region" in game.cards[k].suits]
    assert idx(game, "2ATL17") in regions  # a sunken region counts (R228)
    assert game.score_seat(st, 0).breakdown["power"] == len(regions) // 2


def test_atlanteans_A_no_reaction_without_a_discarded_card_R78():
    game, st = atlanteans()
    p = st.seats[0]
    p.discard = []
    to_play(game, st, 0, "2ATL17")
    hand_only(game, st, 0, "2ATL14", FILLER)
    p.discard = []
    play(game, st, 0, "2ATL14")  # its only region in play sinks: no card to put on the deck
    assert purpose_of(decision(st)) == "acquire" and p.power not in p.exhausted


# --- the development area ------------------------------------------------------------------------


@covers("2ATL2")
def test_advanced_culture_acquires_an_uncivilised_or_civilised_card_vp_per_region():
    game, st = atlanteans()
    p = st.seats[0]
    hand_only(game, st, 0, "2ATL2", FILLER)
    play(game, st, 0, "2ATL2")
    d = decision(st)
    assert {game.action_space.card + idx(game, c) for c in ("1UNC3", "1CIV4")} == set(d.args["options"])
    choose_card(game, st, 0, "1CIV4")
    assert "1CIV4" in ids(game, p.hand) and "2ATL2" in ids(game, p.discard)
    to_play(game, st, 0, "2ATL16", "2ATL17")
    give(game, st, 0, "2ATL18", "sunken")
    assert vp_of(game, st, 0, "2ATL2") == 3


@covers("2ATL3", "2ATL10")
def test_palace_of_poseidon_needs_the_mountain_is_free_raises_the_hand_limit_and_sinks_when_it_goes():
    game, st = atlanteans()
    p = st.seats[0]
    hand_only(game, st, 0, "2ATL3", "2ATL10", FILLER)
    assert not legal_play(game, st, "2ATL3")  # only with Mountain of Atlantis in play
    progress = p.progress
    play(game, st, 0, "2ATL10")  # Mountain of Atlantis: 1 progress, may garrison
    assert p.progress == progress + 1
    answer(game, st, 0, A.END)
    actions = p.actions
    play(game, st, 0, "2ATL3")
    assert p.actions == actions and idx(game, "2ATL3") in p.play  # free, pinned
    assert shared.hand_limit(game, st, 0) == 6
    assert vp_of(game, st, 0, "2ATL3") == 5
    hand_only(game, st, 0, "2ATL4", FILLER)
    st.seats[1].empire = True
    to_play(game, st, 1, "1ROM12")
    give(game, st, 1, "2ATL4")  # another seat's Spread of Atlantis makes the Atlanteans recall
    p.turn_mode, st.turn = "", 1
    st.seats[1].turn_mode = "activate"
    st.stack[-1].seats = [1]
    play(game, st, 1, "2ATL4")
    assert idx(game, "2ATL10") in p.hand  # recalled
    settle(game, st)
    assert "2ATL3" in sunken_ids(game, st) and idx(game, "2ATL3") not in p.play
    assert shared.hand_limit(game, st, 0) == 5


@covers("2ATL4")
def test_spread_of_atlantis_others_recall_a_region_then_break_through_region_or_tributary():
    game, st = atlanteans()
    p, q = st.seats
    to_play(game, st, 1, "1ROM12")
    hand_only(game, st, 0, "2ATL4", FILLER)
    play(game, st, 0, "2ATL4")
    assert idx(game, "1ROM12") in q.hand
    d = decision(st)
    assert d.kind == "suit" and set(d.args["options"]) == {A.SUIT + 0, A.SUIT + 3}
    answer(game, st, 0, A.SUIT + 0)
    choose_card(game, st, 0, "1REG3")
    assert "1REG3" in ids(game, p.hand)


@covers("2ATL5")
def test_development_develops_or_acquires_a_civilised_card():
    game, st = atlanteans()
    p = st.seats[0]
    p.materials, p.progress = 4, 1
    hand_only(game, st, 0, "2ATL5", FILLER)
    play(game, st, 0, "2ATL5")
    answer(game, st, 0, A.OPTION)
    choose_card(game, st, 0, "2ATL8")  # Vast Wealth: 5 materials, the fifth paid by progress (R165)
    assert "2ATL8" in ids(game, p.discard) and (p.materials, p.progress) == (0, 0)
    assert decision(st).kind == "activate"
    give(game, st, 0, "2ATL5")
    play(game, st, 0, "2ATL5")
    answer(game, st, 0, A.OPTION + 1)
    assert "1CIV4" in ids(game, p.hand)


@covers("2ATL6")
def test_moats_and_walls_exhaust_to_play_an_unrest_without_an_action():
    game, st = atlanteans()
    p = st.seats[0]
    to_play(game, st, 0, "2ATL6")
    hand_only(game, st, 0, FILLER)
    assert not legal_exhaust(game, st, "2ATL6")  # no unrest in hand
    give(game, st, 0, "2ATL19")
    actions, population = p.actions, p.population
    exhaust(game, st, 0, "2ATL6")
    answer(game, st, 0, A.OPTION)  # the unrest: pay 1 population
    assert p.actions == actions and p.population == population - 1
    assert idx(game, "2ATL19") in st.unrest


@covers("2ATL7")
def test_myths_and_legends_sinks_a_region_to_look_at_2_fame_cards_takes_one_and_gains_progress():
    game, st = atlanteans()
    p = st.seats[0]
    myths, _ = hand_only(game, st, 0, "2ATL7", FILLER)
    fame, progress = list(st.fame), p.progress
    assert legal_play(game, st, "2ATL7")  # no region in play: still played (R71)
    play(game, st, 0, "2ATL7")
    assert st.fame == fame and not p.sunken  # its "sink to look" line gives nothing (R73)
    assert p.progress == progress + 1 and myths in p.discard  # its last line still applies
    assert decision(st).kind == "activate"
    give(game, st, 0, "2ATL7")
    to_play(game, st, 0, "2ATL18")
    top2 = st.fame[-2:]
    progress = p.progress
    play(game, st, 0, "2ATL7")
    d = decision(st)
    assert {a - game.action_space.card for a in d.args["options"]} == set(top2)
    choose_card(game, st, 0, game.cards[top2[0]].id)
    assert top2[0] in p.hand and sunken_ids(game, st) == ["2ATL18"]
    assert p.progress == progress + 1


@covers("2ATL8")
def test_vast_wealth_develops_2_materials_cheaper_and_exhausts_for_3_materials_on_returning_unrest():
    game, st = atlanteans()
    p = st.seats[0]
    to_play(game, st, 0, "2ATL8")
    assert shared.dev_cost(game, st, 0, idx(game, "2ATL5")) == {"materials": 2}
    assert shared.dev_cost(game, st, 0, idx(game, "2ATL10")) == {"population": 2}
    p.materials, p.population, p.progress = 2, 2, 0
    hand_only(game, st, 0, "2ATL5", "2ATL19", FILLER)
    play(game, st, 0, "2ATL5")
    answer(game, st, 0, A.OPTION)  # develop
    offered = {game.cards[a - game.action_space.card].id for a in decision(st).args["options"]}
    assert offered == {"2ATL4", "2ATL10", "2ATL11"}  # Spread of Atlantis only with the discount
    choose_card(game, st, 0, "2ATL4")  # 4 materials and 2 population -> 2 materials and 2 population
    assert "2ATL4" in ids(game, p.discard) and (p.materials, p.population) == (2 - 2, 0)
    p.population = 1
    play(game, st, 0, "2ATL19")  # the unrest: 1 population, its only affordable option
    d = decision(st)
    assert d.kind == "may" and purpose_of(d) == "exhaust Vast Wealth"
    answer(game, st, 0, A.YES)
    assert p.materials == 3


@covers("2ATL9")
def test_kleito_acquires_or_with_the_palace_breaks_through_twice_then_sinks():
    game, st = atlanteans()
    p = st.seats[0]
    hand_only(game, st, 0, "2ATL9", FILLER)
    play(game, st, 0, "2ATL9")  # without the Palace: only the acquire
    choose_card(game, st, 0, "1REG3")
    assert "1REG3" in ids(game, p.hand) and sunken_ids(game, st) == ["2ATL9"]
    to_play(game, st, 0, "2ATL10", "2ATL3")
    give(game, st, 0, "2ATL9")
    play(game, st, 0, "2ATL9")
    answer(game, st, 0, A.OPTION + 1)  # with the Palace in play: break through twice
    taken = []
    for _ in range(2):
        answer(game, st, 0, A.SUIT + 1)
        taken.append(st.market[1].card)
        choose_card(game, st, 0, game.cards[st.market[1].card].id)
    assert all(k in p.hand for k in taken) and len(set(taken)) == 2
    assert sunken_ids(game, st) == ["2ATL9"] and decision(st).kind == "activate"


@covers("2ATL11")
def test_themiscyra_gains_progress_exiles_a_market_card_and_may_garrison():
    game, st = atlanteans()
    p = st.seats[0]
    hand_only(game, st, 0, "2ATL11", "1ROM16", FILLER)
    progress = p.progress
    play(game, st, 0, "2ATL11")
    choose_card(game, st, 0, "1TRI2")
    choose_card(game, st, 0, "1ROM16")
    assert p.progress == progress + 1 and idx(game, "1TRI2") in st.exile
    assert p.garrison[idx(game, "2ATL11")] == [idx(game, "1ROM16")]


# --- the starting deck ---------------------------------------------------------------------------


@covers("2ATL14")
def test_flood_without_a_region_in_play_does_nothing_and_with_one_sinks_it_with_itself_to_acquire():
    game, st = atlanteans()
    p = st.seats[0]
    flood, _ = hand_only(game, st, 0, "2ATL14", FILLER)
    hand = list(p.hand)
    assert legal_play(game, st, "2ATL14")  # R71: only the action token and the state
    play(game, st, 0, "2ATL14")
    assert not p.sunken and flood in p.discard  # its one line: nothing sunk, nothing acquired (R73)
    assert p.hand == [k for k in hand if k != flood] and decision(st).kind == "activate"
    p.discard.remove(flood)
    p.hand.append(flood)
    to_play(game, st, 0, "1REG6")
    play(game, st, 0, "2ATL14")
    choose_card(game, st, 0, "1TRI2")
    assert sunken_ids(game, st) == ["1REG6", "2ATL14"] and "1TRI2" in ids(game, p.hand)


@covers("2ATL15")
def test_atlantean_prosperity_all_may_draw_then_materials_per_production_or_population_per_region():
    game, st = atlanteans()
    p = st.seats[0]
    to_play(game, st, 0, "2ATL18", "2ATL17")
    hand_only(game, st, 0, "2ATL15", FILLER)
    m = p.materials
    play(game, st, 0, "2ATL15")
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    answer(game, st, 0, A.OPTION)
    assert p.materials == m + 3


@covers("2ATL16", "2ATL17", "2ATL18")
@pytest.mark.parametrize(("card_id", "gains"), [("2ATL16", "population"), ("2ATL17", "materials"), ("2ATL18", None)])
def test_atlantean_regions_gain_exile_a_market_card_and_may_garrison(card_id, gains):
    game, st = atlanteans()
    p = st.seats[0]
    hand_only(game, st, 0, card_id, FILLER)
    before = getattr(p, gains) if gains else 0
    play(game, st, 0, card_id)
    choose_card(game, st, 0, "1TRI2")
    answer(game, st, 0, A.END)  # no garrison
    assert idx(game, "1TRI2") in st.exile and idx(game, card_id) in p.play
    if gains:
        assert getattr(p, gains) == before + 1


@covers("2ATL19", "2ATL21", "2ATL22")
def test_atlantean_unrest_start_in_the_deck_pay_then_return_to_the_pile_minus_2_vp():
    game, st = atlanteans()
    p = st.seats[0]
    for cid in ("2ATL19", "2ATL21", "2ATL22"):
        assert idx(game, cid) in p.hand + p.deck  # G22
        assert vp_of(game, st, 0, cid) == -2
    hand_only(game, st, 0, "2ATL21", FILLER)
    p.materials = 3
    play(game, st, 0, "2ATL21")
    answer(game, st, 0, A.OPTION + 2)
    assert p.materials == 0 and idx(game, "2ATL21") in st.unrest


@covers("2ATL20")
def test_atlantean_fleet_sinks_a_discarded_card_to_steal_progress_or_breaks_through_and_sinks_itself():
    game, st = atlanteans("Romans", "Celts")
    p, q, r = st.seats
    q.progress, r.progress = 2, 0
    p.discard = [idx(game, "1ROM16")]
    hand_only(game, st, 0, "2ATL20", FILLER)
    actions, progress = p.actions, p.progress
    play(game, st, 0, "2ATL20")
    answer(game, st, 0, A.OPTION)
    assert p.actions == actions and sunken_ids(game, st) == ["1ROM16"]
    assert p.progress == progress + 1 and q.progress == 1 and r.progress == 0
    assert idx(game, "2ATL20") in p.discard
    give(game, st, 0, "2ATL20")
    p.free_played = []
    play(game, st, 0, "2ATL20")
    assert decision(st).kind == "suit"  # the discard pile is empty: only the break through
    answer(game, st, 0, A.SUIT + 2)
    choose_card(game, st, 0, "1CIV4")
    assert "1CIV4" in ids(game, p.hand) and sunken_ids(game, st)[-1] == "2ATL20"


def test_every_atlantean_card_is_implemented_and_tested():
    from epochal.coverage import coverage

    row = coverage("imperium")["decks"][ATL]
    assert (row["cards"], row["implemented"], row["tested"], row["untested"]) == (22, 22, 22, [])
