"""The Minoans (2MIN1-2MIN23) on the real card data: setup, then one test per card.

Rule numbers refer to shared/rules/imperium.md. The Minoans' nation rules (R64): a nation deck on
the accession card King Minos, a development area of seven cards (their costs ask progress too),
a Barbarian start and no {supply} card. Pottery keeps progress tokens on itself (§21).
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import piles, playing, shared
from epochal.games.imperium.panels import board_panels
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
    put_in_market,
    settle,
    to_play,
    to_solstice,
    vp_of,
)

N = "Minoans"
MIN = [f"2MIN{n}" for n in range(1, 24)]
FILLER = "1TRI4"  # Ionians: kept in hand so that Activate does not end by itself
PER_PROGRESS = {"per": {"resource": "progress"}, "vp": 1, "every": 1}


def cost(**tokens):
    return tokens


FACTS = {  # name, location, state, header, types, regions, cost, vp (R13-R27, checked with the reference)
    "2MIN1": ("Minoans", "in-play", None, "power", [], [], {}, None),
    "2MIN2": ("King Minos", "accession", None, None, [], [], {}, None),
    "2MIN3": ("Minoan Traders", "development", "empire", None, [], [], cost(materials=2, population=1, progress=1), 2),
    "2MIN4": (
        "Drainage System",
        "development",
        "empire",
        "pinned",
        [],
        [],
        cost(materials=2, population=2, progress=1),
        2,
    ),
    "2MIN5": ("Architecture", "development", "empire", "pinned", [], [], cost(materials=5, progress=2), 3),
    "2MIN6": ("Frescos", "development", "empire", "pinned", [], [], cost(materials=3, population=1, progress=2), 3),
    "2MIN7": ("Labyrinth", "development", "empire", "pinned", [], [], cost(materials=3, population=2, progress=2), 3),
    "2MIN8": ("Minoan Expansion", "development", "empire", "attack", [], [], cost(population=4), 3),
    "2MIN9": (
        "Seal Stones",
        "development",
        None,
        None,
        [],
        [],
        cost(materials=3, population=1, progress=3),
        PER_PROGRESS,
    ),
    "2MIN10": ("Glory", "nation", None, None, [], [], {}, None),
    "2MIN11": ("Unrest", "nation", None, None, [], [], {}, -2),
    "2MIN12": ("Writing Systems", "nation", None, "pinned", [], [], {}, None),
    "2MIN13": ("Knossos", "nation", None, "pinned", ["metropolis"], [], {}, None),
    "2MIN14": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "2MIN15": ("Conquer", "deck", "barbarian", None, [], [], {}, None),
    "2MIN16": ("Pottery", "deck", "barbarian", "pinned", [], [], {}, None),
    "2MIN17": ("Thera", "deck", "barbarian", "pinned", [], ["production"], {}, None),
    "2MIN18": ("Crete", "deck", None, "pinned", [], ["production", "river", "fertile"], {}, None),
    "2MIN19": ("Cyprus", "deck", None, "pinned", [], ["production"], {}, None),
    "2MIN20": ("Prosperity", "deck", None, None, [], [], {}, None),
    "2MIN21": ("Unrest", "deck", None, None, [], [], {}, -2),
    "2MIN22": ("Unrest", "deck", None, None, [], [], {}, -2),
    "2MIN23": ("Unrest", "deck", None, None, [], [], {}, -2),
}
NAME_RU = {  # the rulebook's names (the nations list; §20.5 Prosperity; R252-R253 unrest)
    "2MIN1": "Минойцы",
    "2MIN20": "Процветание",
    "2MIN11": "Беспорядки",
    "2MIN21": "Беспорядки",
    "2MIN22": "Беспорядки",
    "2MIN23": "Беспорядки",
}


# --- helpers ----------------------------------------------------------------------------------


def set_market(game, st, *card_ids):
    """The market holds exactly these cards, no tokens, no tucked unrest (back to the pile)."""
    for slot, cid in enumerate(card_ids):
        if st.market[slot].unrest >= 0:
            st.unrest.append(st.market[slot].unrest)
            st.market[slot].unrest = -1
        put_in_market(game, st, slot, cid)


# --- data and setup (R9, R29-R40, R193) ------------------------------------------------------------


def test_R9_the_minoan_set_has_23_cards():
    game, _ = fresh(N, "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == N) == sorted(MIN)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == N and not c.power)
    power = card(game, "2MIN1")
    assert power.provenance == "partial" and power.side_b is not None  # side B: VP line only (D3)


@pytest.mark.parametrize("card_id", MIN)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference."""
    game, _ = fresh(N, "Romans", activate=False)
    c = card(game, card_id)
    name, _, _, _, _, regions, _, _ = assert_printed_fields(c, FACTS[card_id])
    assert c.suits == (["region"] if regions else ["unrest"] if name == "Unrest" else [])
    assert c.players is None and not c.free
    assert c.unplayable == (card_id == "2MIN9") and c.no_garrison == (card_id == "2MIN10")
    assert c.name_ru == NAME_RU.get(card_id)
    assert (c.name_ru_translated is None) == (card_id in NAME_RU)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_minoan_setup(players):
    nations = [N, "Vikings", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2MIN1"  # R30
    assert ids(game, p.nation_deck)[0] == "2MIN2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == sorted(MIN[9:13])  # R35: four cards
    assert sorted(ids(game, p.development)) == sorted(MIN[2:9])  # R36: seven cards
    assert sorted(ids(game, p.hand + p.deck)) == sorted(MIN[13:])  # R39: ten cards
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert not p.empire  # R37
    under = [s.unrest for s in st.market if s.unrest >= 0]
    assert not [k for k in st.unrest + under if game.cards[k].deck == N]  # R38: no {supply} card
    assert game.check_invariants(st) == []


# --- the power card ------------------------------------------------------------------------------


@covers("2MIN1")
def test_minoans_A_solstice_may_discard_a_card_for_1_progress_no_vp_side_b_1_vp_per_progress():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2MIN14")
    d = to_solstice(game, st)
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    choose_card(game, st, 0, "2MIN14")
    progress = p.progress
    settle(game, st)
    assert "2MIN14" in ids(game, p.discard) and progress >= 1
    assert power_vp(game, st) == 0  # side A has no VP line
    game_b, st_b = fresh(N, "Romans", power_side="B")
    st_b.seats[0].progress = 7
    assert power_vp(game_b, st_b) == 7
    assert game_b.face(idx(game_b, "2MIN1"), "B").solstice == []  # side B text unknown (D3)


# --- the accession card and the development cards -------------------------------------------------


@covers("2MIN2")
def test_R99_king_minos_is_the_accession_card_gives_progress_may_develop_then_history():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    piles.nation_top_to_discard(game, st, 0, [])
    assert ids(game, p.discard)[-1] == "2MIN2" and p.empire  # R99
    hand_only(game, st, 0, "2MIN2", FILLER)
    p.materials, p.population, p.progress = 2, 2, 0
    play(game, st, 0, "2MIN2")  # +1 progress: Minoan Traders (2/1/1) and Drainage System (2/2/1) are affordable
    d = decision(st)
    assert d.args["optional"]
    assert set(d.args["options"]) == {game.action_space.card + idx(game, c) for c in ("2MIN3", "2MIN4")}
    choose_card(game, st, 0, "2MIN4")
    assert (p.materials, p.population, p.progress) == (0, 0, 0)
    assert "2MIN4" in ids(game, p.discard) and ids(game, p.history) == ["2MIN2"]


@covers("2MIN3")
def test_minoan_traders_give_others_2_materials_then_a_choice_of_three_gains():
    game, st = fresh(N, "Romans")
    p, q = st.seats
    p.empire = True
    to_play(game, st, 0, "2MIN13", "1UNC15", "2MIN19")  # Knossos (metropolis), City, Cyprus
    hand_only(game, st, 0, "2MIN3")
    theirs, progress = q.materials, p.progress
    play(game, st, 0, "2MIN3")
    assert q.materials == theirs + 2
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    answer(game, st, 0, A.OPTION + 2)  # progress per city / metropolis
    assert p.progress == progress + 2


@covers("2MIN4")
def test_drainage_system_solstice_gives_1_population():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MIN4", "2MIN13")  # Knossos asks, so the solstice stops there
    population = p.population
    to_solstice(game, st)
    assert p.population == population + 1  # Drainage System came first, without a question


@covers("2MIN5")
def test_architecture_lowers_development_costs_by_1_progress():
    game, st = fresh(N, "Romans")
    frescos = idx(game, "2MIN6")
    assert shared.dev_cost(game, st, 0, frescos) == {"materials": 3, "population": 1, "progress": 2}
    to_play(game, st, 0, "2MIN5")
    assert shared.dev_cost(game, st, 0, frescos) == {"materials": 3, "population": 1, "progress": 1}
    assert shared.dev_cost(game, st, 0, idx(game, "2MIN8")) == {"population": 4}  # no progress: unchanged


@covers("2MIN6")
def test_frescos_solstice_may_discard_to_draw_and_gain_1_progress():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MIN6")
    hand_only(game, st, 0, "2MIN14")
    d = to_solstice(game, st)
    assert d.kind == "may"
    hand, progress = len(p.hand), p.progress
    answer(game, st, 0, A.YES)
    choose_card(game, st, 0, "2MIN14")
    assert len(p.hand) == hand and p.progress == progress + 1 and "2MIN14" in ids(game, p.discard)


@covers("2MIN7", "2EGY4")
def test_labyrinth_solstice_may_pay_1_population_for_1_progress_and_embalming_reacts_at_solstice_R262():
    game, st = fresh("Egyptians", N)
    p = st.seats[0]
    to_play(game, st, 0, "2MIN7", "2EGY4")  # an Egyptian with the Minoan Labyrinth and Embalming
    hand_only(game, st, 0, "2EGY17")
    d = to_solstice(game, st)
    assert d.kind == "may"
    p.population, p.progress = 1, 0
    answer(game, st, 0, A.YES)
    d = decision(st)  # Embalming reacts to the payment at once, at solstice too
    assert d.kind == "card" and st.run[d.args["frame"]].part == "passive"
    choose_card(game, st, 0, "2EGY17")
    assert ids(game, p.history) == ["2EGY17"]
    assert (p.population, p.progress) == (0, 1)


@covers("2MIN8")
def test_minoan_expansion_each_other_abandons_a_region_then_may_acquire_any_category():
    game, st = fresh(N, "Romans")
    p, q = st.seats
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    to_play(game, st, 1, "1ROM11")
    hand_only(game, st, 0, "2MIN8")
    play(game, st, 0, "2MIN8")  # the only region goes by itself
    assert q.play == [] and "1ROM11" in ids(game, q.discard)
    d = decision(st)
    assert d.args["optional"] and len(d.args["options"]) == 5
    choose_card(game, st, 0, "1UNC3")
    assert "1UNC3" in ids(game, p.hand)


@covers("2MIN9")
def test_seal_stones_cannot_be_played_score_1_vp_per_progress_and_can_be_developed():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    p.empire = True
    hand_only(game, st, 0, "2MIN9", FILLER)
    assert not legal_play(game, st, "2MIN9")
    p.progress = 6
    assert vp_of(game, st, 0, "2MIN9") == 6
    p.materials, p.population, p.progress = 3, 1, 3
    give(game, st, 0, "2MIN9", "development")
    piles.develop(game, st, 0, idx(game, "2MIN9"), True, [])
    assert (p.materials, p.population, p.progress) == (0, 0, 0) and "2MIN9" in ids(game, p.discard)


# --- the nation deck -------------------------------------------------------------------------------


@covers("2MIN10")
def test_glory_abandons_3_regions_to_take_a_fame_card_and_cannot_be_garrisoned():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2MIN10")
    to_play(game, st, 0, "2MIN18", "2MIN19", "2MIN17")
    top2 = st.fame[-2:]
    play(game, st, 0, "2MIN10")
    choose_card(game, st, 0, "2MIN18")
    choose_card(game, st, 0, "2MIN19")
    answer(game, st, 0, game.action_space.card + top2[0])
    assert top2[0] in p.hand and not [k for k in p.play if "region" in game.cards[k].suits]
    assert card(game, "2MIN10").no_garrison


UNREST = ["2MIN11", "2MIN21", "2MIN22", "2MIN23"]


@pytest.mark.parametrize("cid", UNREST)
def test_R75_R253_minoan_unrest_choose_a_cost_then_return_itself_minus_2_vp(cid):
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    k = idx(game, cid)
    hand_only(game, st, 0, cid, "2MIN14", "2MIN15")
    p.materials, p.population, p.progress = 0, 0, 0
    play(game, st, 0, cid)  # only "discard 2 cards" is affordable (R150)
    choose_card(game, st, 0, "2MIN14")  # the second goes by itself
    assert sorted(ids(game, p.discard)[-2:]) == ["2MIN14", "2MIN15"] and k in st.unrest
    assert vp_of(game, st, 0, cid) == -2


test_R75_R253_minoan_unrest_choose_a_cost_then_return_itself_minus_2_vp.covers = tuple(UNREST)


@covers("2MIN12")
def test_writing_systems_exhaust_puts_a_discard_card_into_history_to_draw():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MIN12")
    p.discard = []
    assert not legal_exhaust(game, st, "2MIN12")  # nothing to put into history (R78)
    give(game, st, 0, "2MIN21", "discard")
    hand = len(p.hand)
    exhaust(game, st, 0, "2MIN12")  # the only card goes by itself
    assert ids(game, p.history) == ["2MIN21"] and len(p.hand) == hand + 1


@covers("2MIN13")
def test_knossos_solstice_chooses_a_material_a_population_or_a_card():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MIN13")
    d = to_solstice(game, st)
    assert d.kind == "option" and len(d.args["options"]) == 3
    materials = p.materials
    answer(game, st, 0, A.OPTION)
    assert p.materials == materials + 1


# --- the starting deck -----------------------------------------------------------------------------


@covers("2MIN14")
def test_advance_pays_3_materials_to_acquire_or_5_to_break_through():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2MIN14", FILLER)
    p.materials, p.progress = 3, 0
    play(game, st, 0, "2MIN14")  # only the acquire is affordable
    choose_card(game, st, 0, "1UNC3")
    assert p.materials == 0 and "1UNC3" in ids(game, p.hand)


@covers("2MIN15")
def test_conquer_pays_2_population_to_acquire_or_3_to_break_through():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2MIN15", FILLER)
    p.population, p.progress = 3, 0
    play(game, st, 0, "2MIN15")
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1]
    answer(game, st, 0, A.OPTION)
    choose_card(game, st, 0, "1TRI2")
    assert p.population == 1 and "1TRI2" in ids(game, p.hand)


@covers("2MIN16")
def test_pottery_stores_progress_on_itself_at_solstice_then_abandons_for_it():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    k = idx(game, "2MIN16")
    to_play(game, st, 0, "2MIN16")
    p.materials, p.progress = 2, 0
    d = to_solstice(game, st)
    assert d.kind == "option" and d.args["options"] == [A.OPTION, A.OPTION + 1]
    answer(game, st, 0, A.OPTION)  # pay 2 materials, 1 progress onto the card
    assert p.materials == 0 and p.tokens_on[k] == {"progress": 1} and p.progress == 0
    view = game.view(st, 1)["seats"][0]["play"]  # the tokens are open to all
    assert {"card": "2MIN16", "exhausted": False, "garrison": [], "tokens": {"progress": 1}} in view
    panels = board_panels(game, st, 1)
    assert any("1 progress" in str(row) for panel in panels for row in panel["rows"])
    assert game.score_seat(st, 0).breakdown["progress"] == 0  # not in the supply: no VP (R230)
    p.tokens_on[k]["progress"] = 3
    p.materials = 0
    settle(game, st)
    d = to_solstice(game, st)  # 2 materials missing: only the second option
    assert k not in p.play and p.progress == 3 and k not in p.tokens_on
    assert "2MIN16" in ids(game, p.discard)


@covers("2MIN16")
def test_pottery_recalled_by_an_attack_loses_its_tokens_and_cannot_be_replayed_in_empire_R72_R192():
    game, st = fresh("Greeks", N)
    p, q = st.seats
    k = idx(game, "2MIN16")
    to_play(game, st, 1, "2MIN16")
    q.tokens_on[k] = {"progress": 2}
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "1GRE7", "1GRE14", "1GRE15")  # Greek Innovation: others recall a pinned card
    progress = q.progress
    play(game, st, 0, "1GRE7")
    settle(game, st)
    assert "2MIN16" in ids(game, q.hand) and k not in q.play
    assert k not in q.tokens_on and q.progress == progress  # the tokens go to the supply (R192, D14)
    q.empire = True
    assert playing.play_refusal(game, st, 1, k) == ("needs_barbarian", "R72", {})


@covers("2MIN17")
def test_thera_a_barbarian_production_region_giving_1_progress_may_be_garrisoned():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2MIN17", "2MIN21")
    progress = p.progress
    play(game, st, 0, "2MIN17")
    choose_card(game, st, 0, "2MIN21")
    assert p.progress == progress + 1 and ids(game, p.garrison[idx(game, "2MIN17")]) == ["2MIN21"]
    give(game, st, 0, "2MIN17")
    p.empire = True
    assert not legal_play(game, st, "2MIN17")  # R72


REGIONS = {"2MIN18": ["production", "river", "fertile"], "2MIN19": ["production"]}


@pytest.mark.parametrize("cid", sorted(REGIONS))
def test_R176_crete_and_cyprus_stay_pinned_and_may_be_garrisoned(cid):
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    assert card(game, cid).regions == REGIONS[cid]
    hand_only(game, st, 0, cid, "2MIN22")
    play(game, st, 0, cid)
    choose_card(game, st, 0, "2MIN22")
    assert cid in ids(game, p.play) and ids(game, p.garrison[idx(game, cid)]) == ["2MIN22"]


test_R176_crete_and_cyprus_stay_pinned_and_may_be_garrisoned.covers = tuple(sorted(REGIONS))


@covers("2MIN20")
def test_prosperity_all_may_draw_then_materials_per_production_or_population_per_region():
    game, st = fresh(N, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2MIN18", "2MIN19")  # 2 production icons, 2 regions
    hand_only(game, st, 0, "2MIN20")
    play(game, st, 0, "2MIN20")
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.NO)
    materials = p.materials
    answer(game, st, 0, A.OPTION)
    assert p.materials == materials + 2


def test_minoan_cards_are_all_implemented_and_tested():
    """The Minoan deck's row of the coverage report: every card implemented and tested."""
    from epochal.coverage import coverage

    row = coverage("imperium")["decks"][N]
    assert row["untested"] == [] and row["cards"] == 23
