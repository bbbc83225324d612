"""The Legends common deck (data/legends_common.json): one test per card, in a game that uses
it (option ``common_deck=legends``, R59).

Each test plays the real Legends card and asserts what it does to the state. Seat 0 is the
Romans and seat 1 the Greeks (Classics nations play with either deck, R58); every position is
set up explicitly with Legends commons and the seats' own nation cards. Many Legends commons
repeat a Classics card (``TWINS``): their encoding is checked to be the Classics card's, whose
own tests (test_cards.py) go through every branch, and each is played here once more. Rule
numbers refer to shared/rules/imperium.md.
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.coverage import coverage
from epochal.games.imperium import actions as A
from tests.games.imperium.scenario import assert_illegal, covers, exhaust, fresh, give, ids, play, take_anywhere
from tests.games.imperium.test_cards import (
    FILL,
    SUITS,
    act,
    calm,
    end_turn,
    exhaustable,
    k,
    market,
    no,
    offered,
    offered_cards,
    ok,
    on_top,
    option,
    pick,
    playable,
    purpose,
    seat,
    start,
    to_solstice,
    vp,
    waiting,
    yes,
)

UNREST = tuple(f"2UNR{n}" for n in range(1, 13))
ALL_SUITS = [A.SUIT + i for i in range(4)]
# Legends card -> the Classics card it repeats (same name, icons, VP and effect)
TWINS = {
    "2CIV1": "1CIV1",
    "2CIV2": "1CIV2",
    "2CIV3": "1CIV3",
    "2CIV4": "1CIV4",
    "2CIV5": "1CIV5",
    "2CIV6": "1CIV6",
    "2CIV11": "1CIV11",
    "2CIV12": "1CIV12",
    "2CIV13": "1CIV13",
    "2CIV15": "1CIV15",
    "2UNC2": "1UNC2",
    "2UNC3": "1UNC3",
    "2UNC5": "1UNC7",
    "2UNC9": "1UNC9",
    "2UNC13": "1UNC13",
    "2UNC14": "1UNC15",
    "2UNC15": "1UNC15",
    "2UNC16": "1UNC15",
    "2UNC17": "1UNC15",
    "2UNC20": "1UNC20",
    "2UNC21": "1UNC21",
    "2UNC22": "1UNC22",
    "2FAM9": "1FAM9",
    **{f"2UNR{n}": f"1UNR{n}" for n in range(1, 13)},
}


def lstart(players: int = 2, seed: int = 0, **options):
    """A game with the Legends common deck: seat 0 the Romans (Activate chosen), then the Greeks."""
    return start(players, seed, common_deck="legends", **options)


def card(g, card_id: str):
    return g.cards[k(g, card_id)]


def glory(g, st, s: int, fame=()):
    """Seat ``s`` plays the Romans' Glory (abandon 3 regions, look at 2 fame cards, take 1)
    with exactly ``fame`` face down in the fame deck (top last), using Legends regions."""
    st.box.extend(st.fame)
    st.fame = []
    for card_id in fame:
        take_anywhere(st, k(g, card_id))
        st.fame.append(k(g, card_id))
    p = st.seats[s]
    regions = ["2REG6", "2REG8", "2REG13"] if s == 0 else ["2REG2", "2REG3", "2REG10"]
    for card_id in regions:
        give(g, st, s, card_id, "play")
    give(g, st, s, "1ROM14")
    p.actions = max(p.actions, 1)
    play(g, st, s, "1ROM14")
    pick(g, st, regions[0])
    pick(g, st, regions[1])


def prosperity(g, st) -> None:
    """Seat 0 plays the Romans' Prosperity: nobody draws, 1 material per production in play."""
    play(g, st, 0, "1ROM15")
    no(g, st)
    no(g, st)
    option(g, st, 0)


# --- the deck as a whole (R9, R10, R59) ------------------------------------------------------------
def test_R10_the_legends_common_deck_has_62_market_8_fame_12_unrest_and_king_of_kings():
    g, _ = lstart()
    mine = [c for c in g.cards if c.box == "legends"]
    groups: dict = {}
    for c in mine:
        groups[c.group] = groups.get(c.group, 0) + 1
    assert groups == {"market": 62, "fame": 8, "unrest": 12, "king_of_kings": 1}
    codes = {c.id for c in mine}
    expected = {
        f"2{code}{n}" for code, size in (("CIV", 15), ("REG", 14), ("TRI", 11), ("UNC", 22)) for n in range(1, size + 1)
    }
    expected |= {f"2FAM{n}" for n in range(1, 10)} | set(UNREST)
    assert codes == expected
    assert all(c.deck == "common" and c.source for c in mine)
    named = {c.id: c.name_ru for c in mine if c.name_ru}  # the rulebook's names (§20)
    assert named["2UNC10"] == "Одомашнивание" and named["2UNC11"] == "Водяная мельница"
    assert named["2FAM8"] == "Всенародное признание" and named["2FAM9"] == "Царь царей"
    assert all(c.name_ru or c.name_ru_translated for c in mine)


@pytest.mark.parametrize("legends,classics", sorted(TWINS.items()))
def test_twins_are_encoded_as_their_classics_card(legends, classics):
    g, _ = lstart()
    mine = msgspec.to_builtins(card(g, legends))
    theirs = msgspec.to_builtins(card(g, classics))
    for key in ("id", "box", "source", "name_ru", "name_ru_translated", "nation", "players"):
        mine.pop(key, None)
        theirs.pop(key, None)
    if legends == "2FAM9":
        theirs["side_b"]["name"] = mine["side_b"]["name"]
    assert mine == theirs
    assert card(g, legends).players == (3 if legends == "2UNC14" else card(g, classics).players)


def test_every_legends_common_card_is_implemented_and_tested():
    report = coverage("imperium")
    rows = {deck: row for deck, row in report["decks"].items() if deck.startswith("common (Legends)")}
    assert sum(row["cards"] for row in rows.values()) == 83
    assert all(row["implemented"] == row["tested"] == row["cards"] for row in rows.values()), rows


# --- unrest (R75, R253) ----------------------------------------------------------------------------
@covers(*UNREST)
@pytest.mark.parametrize("card_id", UNREST)
def test_R253_legends_unrest_choose_a_cost_then_return_itself_minus_2_vp(card_id):
    g, st = lstart(4)
    p = seat(g, st, 0, hand=[card_id, "1ROM15", "1ROM16"], materials=3, population=1)
    play(g, st, 0, card_id)
    assert offered(g, st) == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    option(g, st, 2)
    assert p.materials == 0 and k(g, card_id) in st.unrest
    assert vp(g, st, 0, card_id) == -2
    g, st = lstart(2)
    assert (k(g, card_id) in st.box) == (card(g, card_id).players is not None)  # R45
    ok(g, st)


# --- civilised -------------------------------------------------------------------------------------
@covers("2CIV1")
def test_2CIV1_drama_and_poetry_free_steal_then_each_player_may_discard_to_return_unrest():
    g, st = lstart(4)
    p = seat(g, st, 0, hand=["2CIV1", "1ROM15", "2UNR1"], empire=True)
    t = seat(g, st, 1, progress=2)
    seat(g, st, 2)
    seat(g, st, 3)
    play(g, st, 0, "2CIV1")
    assert (p.progress, t.progress, p.actions) == (1, 1, 3)
    yes(g, st)
    pick(g, st, "1ROM15")
    assert k(g, "2UNR1") in st.unrest and ids(g, p.hand) == []
    ok(g, st)


@covers("2CIV2")
def test_2CIV2_education_free_history_from_hand_and_from_discard_R258():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2CIV2", "1ROM15"], discard=["1ROM17"], empire=True)
    play(g, st, 0, "2CIV2")
    pick(g, st, "1ROM15")
    pick(g, st, "1ROM17")
    assert ids(g, p.history) == ["1ROM15", "1ROM17"] and p.actions == 3
    assert card(g, "2CIV2").name_ru == "Образование"
    ok(g, st)


@covers("2CIV3", "2CIV13")
@pytest.mark.parametrize("card_id,res,n", [("2CIV3", "materials", 3), ("2CIV13", "population", 1)])
def test_2CIV3_2CIV13_moneylenders_mercenaries_free_pay_for_an_action(card_id, res, n):
    g, st = lstart()
    p = seat(g, st, 0, hand=[card_id, "1ROM15"], empire=True, **{res: n})
    play(g, st, 0, card_id)
    assert (getattr(p, res), p.actions) == (0, 4)
    setattr(p, res, 40)
    assert vp(g, st, 0, card_id) == (4 if res == "materials" else 10)
    ok(g, st)


@covers("2CIV4")
def test_2CIV4_corruption_all_gain_2_materials_others_take_unrest_gain_1_progress():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2CIV4"], empire=True)
    t = seat(g, st, 1)
    play(g, st, 0, "2CIV4")
    assert (p.materials, p.progress, t.materials) == (2, 1, 2)
    assert ids(g, t.hand)[0].startswith("2UNR")  # the Legends unrest pile (R59)
    ok(g, st)


@covers("2CIV5")
def test_2CIV5_onager_each_other_abandons_a_city_2_materials_per_city_may_acquire():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2CIV5"], empire=True)
    t = seat(g, st, 1, play=["2UNC15", "2REG6"])
    play(g, st, 0, "2CIV5")
    assert ids(g, t.discard) == ["2UNC15"] and p.materials == 2
    assert purpose(st) == "acquire"
    act(g, st, A.END)
    ok(g, st)


@covers("2CIV6", "2UNC14", "2UNC15", "2UNC16", "2UNC17")
@pytest.mark.parametrize("card_id", ["2CIV6", "2UNC14", "2UNC15", "2UNC16", "2UNC17"])
def test_2CIV6_metropolis_and_cities_solstice_choose_material_population_or_draw(card_id):
    """Metropolis (R261): choose; a City first MAY discard a card."""
    g, st = lstart(3)
    p = seat(g, st, 0, hand=["1ROM15"], play=[card_id], empire=True, deck=FILL)
    to_solstice(g, st)
    if card_id != "2CIV6":
        yes(g, st)
        act(g, st, offered(g, st)[0])
    assert offered(g, st) == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    option(g, st, 1)
    assert p.population == 1 and ids(g, p.play) == [card_id]
    assert vp(g, st, 0, card_id) == (2 if card_id == "2CIV6" else 1)
    ok(g, st)


@covers("2CIV7")
def test_2CIV7_astronomy_exhausts_when_you_acquire_a_region_solstice_region_back_to_hand():
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM17"], play=["2CIV7"], discard=["2REG3"], population=2)  # barbarian: Conquer
    calm(st)
    region = market(g, st, 0, "2REG6")
    play(g, st, 0, "1ROM17")  # Conquer: 2 population pay only for its acquire option
    act(g, st, g.action_space.card + region)
    assert purpose(st) == "exhaust Astronomy"
    yes(g, st)
    assert p.progress == 1 and k(g, "2CIV7") in p.exhausted
    end_turn(g, st)
    act(g, st, A.REVOLT)
    to_solstice(g, st)
    assert purpose(st) == "take from your discard pile" and offered_cards(g, st) == ["2REG3"]
    pick(g, st, "2REG3")
    assert "2REG3" in ids(g, p.hand)
    assert vp(g, st, 0, "2CIV7") == 2
    ok(g, st)


@covers("2CIV7")
def test_2CIV7_astronomy_does_not_react_to_a_break_through():
    g, st = lstart()
    seat(g, st, 0, hand=["1ROM18"], play=["2CIV7"], empire=True)
    on_top(g, st, "uncivilised", "2UNC7")
    st.seats[0].empire = False
    play(g, st, 0, "1ROM18")  # Triumvirate: break through for an uncivilised card
    act(g, st, A.BT_DECK)
    assert purpose(st) != "exhaust Astronomy"
    ok(g, st)


@covers("2CIV8")
def test_2CIV8_cartography_acquire_exiled_regions_and_tributaries_a_tributary_brings_unrest_R143():
    g, st = lstart(3)
    p = seat(g, st, 0, hand=["2TRI4"], play=["2CIV8"])  # barbarian: Conquer
    st.exile += [k(g, "2REG6"), k(g, "2TRI1"), k(g, "2UNC7")]
    for cid in ("2REG6", "2TRI1", "2UNC7"):
        for zone in (st.box, *st.decks.values()):
            if k(g, cid) in zone:
                zone.remove(k(g, cid))
    give(g, st, 0, "1ROM17")
    p.population = 2
    play(g, st, 0, "1ROM17")  # Conquer: 2 population pay only for its acquire option
    assert {"2REG6", "2TRI1"} <= set(offered_cards(g, st)) and "2UNC7" not in offered_cards(g, st)
    pile = len(st.unrest)
    pick(g, st, "2TRI1")
    assert "2TRI1" in ids(g, p.hand) and len(st.unrest) == pile - 1  # R143
    assert any(c.startswith("2UNR") for c in ids(g, p.hand))
    ok(g, st)


@covers("2CIV9")
def test_2CIV9_masonry_free_plays_cities_and_metropolises_2_vp_per_one_in_play():
    g, st = lstart(4)
    p = seat(g, st, 0, hand=["2UNC15", "2CIV6", "1ROM15"], play=["2CIV9"], empire=True, actions=0)
    assert playable(g, st, 0, "2UNC15") and playable(g, st, 0, "2CIV6")
    assert not playable(g, st, 0, "1ROM15")
    play(g, st, 0, "2UNC15")
    play(g, st, 0, "2CIV6")
    assert p.actions == 0 and set(ids(g, p.play)) == {"2CIV9", "2UNC15", "2CIV6"}
    assert vp(g, st, 0, "2CIV9") == 4  # in the play area only
    give(g, st, 0, "2UNC16", "discard")
    assert vp(g, st, 0, "2CIV9") == 4
    ok(g, st)


@covers("2CIV10")
def test_2CIV10_civil_service_hand_limit_plus_1_solstice_2_materials():
    g, st = lstart()
    p = seat(g, st, 0, play=["2CIV10"], empire=True, deck=FILL + ["1ROM16"])
    to_solstice(g, st)
    assert len(p.hand) == 6 and p.materials == 2  # drew to 6 at clean-up (R91)
    assert vp(g, st, 0, "2CIV10") == 2
    ok(g, st)


@covers("2CIV11")
def test_2CIV11_exports_all_gain_2_materials_give_each_other_a_card():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2CIV11", "1ROM15"], discard=["1ROM16"], empire=True)
    t = seat(g, st, 1)
    play(g, st, 0, "2CIV11")
    assert (p.materials, t.materials) == (2, 2)
    assert purpose(st) == "give a card"
    pick(g, st, "1ROM16")
    assert ids(g, t.hand) == ["1ROM16"] and ids(g, p.hand) == ["1ROM15"]
    ok(g, st)


@covers("2CIV12")
def test_2CIV12_urban_development_material_and_population_per_city_metropolis_in_play():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2CIV12"], play=["2UNC15", "2CIV6", "1ROM19"], empire=True)
    play(g, st, 0, "2CIV12")
    assert (p.materials, p.population) == (3, 3)
    assert vp(g, st, 0, "2CIV12") == 6
    ok(g, st)


@covers("2CIV14")
def test_2CIV14_amphitheatre_exhaust_return_an_unrest_from_discard_for_progress_solstice_discard():
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15", "1ROM16"], play=["2CIV14"], discard=["2UNR1"], empire=True, deck=FILL)
    exhaust(g, st, 0, "2CIV14")
    assert p.progress == 1 and k(g, "2UNR1") in st.unrest
    to_solstice(g, st)
    assert purpose(st) == "discard"
    act(g, st, offered(g, st)[0])
    p.progress = 10
    assert vp(g, st, 0, "2CIV14") == 2
    g, st = lstart()
    seat(g, st, 0, hand=["2UNR2"], play=["2CIV14"], empire=True)  # an unrest in hand is not enough
    assert not exhaustable(g, st, 0, "2CIV14")
    ok(g, st)


@covers("2CIV15")
def test_2CIV15_cataphract_others_abandon_a_region_then_it_garrisons_a_region_R181():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2CIV15", "1ROM15"], play=["2REG3"], empire=True)
    t = seat(g, st, 1, play=["2REG6"])
    play(g, st, 0, "2CIV15")
    assert ids(g, t.discard) == ["2REG6"]
    act(g, st, A.END)  # no acquire
    pick(g, st, "2REG3")
    assert p.materials == 2  # the Legends Mountain's play effect
    ok(g, st)


# --- fame ------------------------------------------------------------------------------------------
@covers("2FAM1")
def test_2FAM1_imperial_history_for_8_vp_or_break_through_even_an_exiled_card_2_vp():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM1"])
    play(g, st, 0, "2FAM1")
    option(g, st, 1)
    assert ids(g, p.history) == ["2FAM1"] and vp(g, st, 0, "2FAM1") == 8
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM1"])
    take_anywhere(st, k(g, "2CIV10"))
    st.exile.append(k(g, "2CIV10"))
    pile = len(st.unrest)
    play(g, st, 0, "2FAM1")
    option(g, st, 0)
    assert sorted(offered(g, st)) == ALL_SUITS
    act(g, st, A.SUIT + SUITS.index("civilised"))
    assert g.action_space.card + k(g, "2CIV10") in offered(g, st)  # from the exile pile (R143)
    pick(g, st, "2CIV10")
    assert "2CIV10" in ids(g, p.hand) and k(g, "2CIV10") not in st.exile
    assert len(st.unrest) == pile  # a break through brings no unrest
    assert vp(g, st, 0, "2FAM1") == 2
    ok(g, st)


@covers("2FAM2")
def test_2FAM2_independent_free_gain_3_materials_and_2_population_3_vp():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM2"], actions=0)
    play(g, st, 0, "2FAM2")
    assert (p.materials, p.population, p.actions) == (3, 2, 0)
    assert vp(g, st, 0, "2FAM2") == 3
    ok(g, st)


@covers("2FAM3")
def test_2FAM3_magnificent_free_draw_a_card_may_return_an_unrest_5_vp():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM3", "2UNR1"], deck=["1ROM16"])
    play(g, st, 0, "2FAM3")
    assert "1ROM16" in ids(g, p.hand)
    assert purpose(st) == "return an unrest" and decision_optional(st)
    pick(g, st, "2UNR1")
    assert k(g, "2UNR1") in st.unrest and p.actions == 3
    assert vp(g, st, 0, "2FAM3") == 5
    ok(g, st)


@covers("2FAM4")
def test_2FAM4_outstanding_free_up_to_2_discard_cards_into_history_7_vp():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM4", "1ROM15"], discard=["1ROM16", "1ROM17", "1ROM18"])
    play(g, st, 0, "2FAM4")
    pick(g, st, "1ROM16")
    pick(g, st, "1ROM18")
    assert ids(g, p.history) == ["1ROM16", "1ROM18"] and in_activate(st)  # two at most
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM4"], discard=["1ROM16"])
    play(g, st, 0, "2FAM4")
    act(g, st, A.END)  # none: it is optional
    assert p.history == [] and vp(g, st, 0, "2FAM4") == 7
    ok(g, st)


@covers("2FAM5", "2FAM6")
@pytest.mark.parametrize("card_id", ["2FAM5", "2FAM6"])
def test_2FAM5_proud_cannot_be_played_12_vp_garrisoned_8_in_history_else_3(card_id):
    g, st = lstart()
    p = seat(g, st, 0, hand=[card_id, "2REG6"])
    assert not playable(g, st, 0, card_id)
    assert_illegal(g, st, 0, g.action_space.play + k(g, card_id), "R71")
    assert vp(g, st, 0, card_id) == 3
    play(g, st, 0, "2REG6")
    act(g, st, offered(g, st)[0])  # exile a market card
    pick(g, st, card_id)  # garrison it under Highlands
    assert p.garrison[k(g, "2REG6")] == [k(g, card_id)]
    assert vp(g, st, 0, card_id) == 12
    seat(g, st, 0, history=[card_id])
    assert vp(g, st, 0, card_id) == 8
    ok(g, st)


@covers("2FAM7")
def test_2FAM7_eminent_free_draw_2_8_vp():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM7"], deck=["1ROM16", "1ROM17"])
    play(g, st, 0, "2FAM7")
    assert ids(g, p.hand) == ["1ROM17", "1ROM16"] and p.actions == 3
    assert vp(g, st, 0, "2FAM7") == 8
    ok(g, st)


@covers("2FAM8")
def test_R268_R138_acclaimed_breaks_through_for_a_variable_vp_card_then_history():
    """From the market or by revealing the main deck (variant 5), never a deck's unseen top;
    1 VP per variable-VP card, itself included."""
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2FAM8"])
    amph = market(g, st, 2, "2CIV14")  # 1 VP per 5 progress
    play(g, st, 0, "2FAM8")
    act(g, st, A.SUIT + SUITS.index("civilised"))
    assert A.BT_DECK not in offered(g, st) and A.BT_MAIN in offered(g, st)
    assert g.action_space.card + amph in offered(g, st)
    act(g, st, g.action_space.card + amph)
    assert amph in p.hand and ids(g, p.history) == ["2FAM8"]
    assert vp(g, st, 0, "2FAM8") == 2  # Amphitheatre and Acclaimed
    g, st = lstart()
    p = seat(g, st, 0, hand=["2FAM8"])
    calm(st)
    for slot in (3, 4):  # no tributary in the market
        market(g, st, slot, "2UNC7" if slot == 3 else "2UNC21")
    on_top(g, st, "main", "2TRI8")
    on_top(g, st, "main", "2TRI1")  # Etruscans on top: fixed VP, revealed and passed over
    play(g, st, 0, "2FAM8")
    act(g, st, A.SUIT + SUITS.index("tributary"))  # no tributary in the market: the main deck (R135)
    assert "2TRI8" in ids(g, p.hand) and "2TRI1" not in ids(g, p.hand)
    ok(g, st)


@covers("2FAM9")
def test_R254_R255_the_legends_king_of_kings_is_the_one_in_a_legends_game():
    g, st = lstart(power_side="B")
    assert g.cards[st.kok].id == "2FAM9"
    p = seat(g, st, 0, progress=1)
    glory(g, st, 0)
    assert p.progress == 7 and st.kok_side == "B" and st.scoring_triggered
    assert card(g, "2FAM9").name_ru == "Царь царей"
    ok(g, st)


# --- regions ---------------------------------------------------------------------------------------
# id: (gain, first step)
REGIONS = {
    "2REG2": ({"population": 1}, None),  # Rainforest
    "2REG3": ({"materials": 2}, None),  # Mountain
    "2REG4": ({}, "draw2"),  # Peninsula
    "2REG5": ({}, "history"),  # Lakes
    "2REG6": ({}, None),  # Highlands
    "2REG8": ({}, None),  # Lowlands
    "2REG9": ({}, "retrieve"),  # Moor
    "2REG10": ({"progress": 1}, None),  # Plain
    "2REG11": ({}, "history"),  # Archipelago
    "2REG12": ({}, None),  # Fortified Region
    "2REG13": ({}, None),  # Grassland
    "2REG14": ({}, "draw1"),  # Island
}
SOLSTICE = {"2REG6": ({"population": 2}, 1), "2REG8": ({"materials": 3}, 1), "2REG13": ({}, 0)}


@covers(*REGIONS)
@pytest.mark.parametrize("card_id", sorted(REGIONS))
def test_legends_regions_gain_exile_a_market_card_may_garrison_and_stay_in_play(card_id):
    gain, first = REGIONS[card_id]
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=[card_id, "1ROM15"], discard=["1ROM16"], deck=["1ROM18", "1ROM17", "1ROM20"])
    elders = market(g, st, 1, "2UNC3", unrest=True)
    play(g, st, 0, card_id)
    if first == "draw1":
        assert ids(g, p.hand) == ["1ROM15", "1ROM20"]
    elif first == "draw2":
        assert ids(g, p.hand) == ["1ROM15", "1ROM20", "1ROM17"]
    elif first == "history":
        pick(g, st, "1ROM16")
        assert ids(g, p.history) == ["1ROM16"]
    elif first == "retrieve":
        pick(g, st, "1ROM16")
        assert ids(g, p.deck)[-1] == "1ROM16"
    assert purpose(st) == "exile from the market"
    act(g, st, g.action_space.card + elders)
    assert elders in st.exile
    assert purpose(st) == "garrison"
    pick(g, st, "1ROM15")
    assert p.garrison[k(g, card_id)] == [k(g, "1ROM15")] and ids(g, p.play) == [card_id]
    for res in ("materials", "population", "progress"):
        assert getattr(p, res) == gain.get(res, 0), res
    assert vp(g, st, 0, card_id) == (1 if card_id == "2REG12" else 0)
    ok(g, st)


@covers("2REG6", "2REG8", "2REG13")
@pytest.mark.parametrize("card_id", sorted(SOLSTICE))
def test_highlands_lowlands_grassland_solstice_gain_or_draw_then_discard(card_id):
    gain, extra = SOLSTICE[card_id]
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15"], play=[card_id], deck=FILL + ["1ROM16"])
    to_solstice(g, st)
    assert len(p.hand) == 5 + (1 - extra)  # Grassland drew one first
    assert purpose(st) == "discard"
    act(g, st, offered(g, st)[0])
    assert len(p.hand) == 4 + (1 - extra)
    for res, n in gain.items():
        assert getattr(p, res) == n
    ok(g, st)


@covers("2REG1")
def test_2REG1_fortunate_isle_acquire_any_category_then_exile_itself_2_vp():
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2REG1"])
    civ = market(g, st, 2, "2CIV10", unrest=True)
    tucked = st.market[2].unrest
    play(g, st, 0, "2REG1")
    act(g, st, g.action_space.card + civ)
    assert civ in p.hand and tucked in p.hand  # acquired with its unrest (R130)
    assert k(g, "2REG1") in st.exile and "2REG1" not in ids(g, p.discard + p.play)
    assert vp(g, st, 0, "2REG1") == 2
    g, st = lstart()
    seat(g, st, 0, hand=["2REG1"], empire=True)
    assert_illegal(g, st, 0, g.action_space.play + k(g, "2REG1"), "R72")
    ok(g, st)


@covers("2REG7")
def test_2REG7_sacred_grove_progress_history_from_hand_then_itself_2_vp_per_player_with_less_progress():
    g, st = lstart(3)
    p = seat(g, st, 0, hand=["2REG7", "1ROM15"])
    play(g, st, 0, "2REG7")
    assert p.progress == 1
    pick(g, st, "1ROM15")
    assert ids(g, p.history) == ["1ROM15", "2REG7"]
    st.seats[1].progress, st.seats[2].progress = 0, 1
    assert vp(g, st, 0, "2REG7") == 2  # one other player has less than 1
    p.progress = 2
    assert vp(g, st, 0, "2REG7") == 4
    ok(g, st)


@covers("2REG12")
def test_2REG12_fortified_region_exhaust_and_pay_1_population_to_avoid_an_attack_R145():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2TRI11"], empire=True)
    t = seat(g, st, 1, play=["2REG12"], progress=2, population=1)
    play(g, st, 0, "2TRI11")  # Xiongnu: steal 1 progress from each other player
    assert waiting(st) == 1 and offered_cards(g, st) == ["2REG12"]
    pick(g, st, "2REG12")
    assert (t.progress, t.population, p.progress) == (2, 0, 0)
    assert k(g, "2REG12") in t.exhausted and t.exhausts == 4
    g, st = lstart()
    seat(g, st, 0, hand=["2TRI9"])
    t = seat(g, st, 1, play=["2REG12"])  # no population, no progress: cannot pay, no shield
    top = on_top(g, st, "uncivilised", "2UNC7")
    play(g, st, 0, "2TRI9")  # Celts tributary: break through, each other takes unrest
    act(g, st, A.BT_DECK)
    assert top in st.seats[0].hand and len(t.hand) == 1 and t.exhausted == []
    ok(g, st)


# --- tributaries -----------------------------------------------------------------------------------
@covers("2TRI1")
def test_2TRI1_etruscans_barbarian_gain_2_progress_3_vp():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2TRI1"])
    play(g, st, 0, "2TRI1")
    assert p.progress == 2 and vp(g, st, 0, "2TRI1") == 3
    g, st = lstart()
    seat(g, st, 0, hand=["2TRI1"], empire=True)
    assert_illegal(g, st, 0, g.action_space.play + k(g, "2TRI1"), "R72")
    ok(g, st)


@covers("2TRI2")
def test_2TRI2_scythians_exhaust_to_avoid_an_attack_on_another_players_turn_R145():
    g, st = lstart()
    seat(g, st, 0, hand=["2TRI9"])
    t = seat(g, st, 1, play=["2TRI2"])
    pile = len(st.unrest)
    play(g, st, 0, "2TRI9")  # Celts tributary: break through, then each other takes unrest
    act(g, st, offered(g, st)[0])
    assert waiting(st) == 1 and offered_cards(g, st) == ["2TRI2"]
    pick(g, st, "2TRI2")
    assert t.hand == [] and k(g, "2TRI2") in t.exhausted and len(st.unrest) == pile
    assert vp(g, st, 1, "2TRI2") == 3
    ok(g, st)


@covers("2TRI3")
def test_2TRI3_vikings_gain_2_steal_2_materials_the_short_take_unrest_vp_per_2_uncivilised():
    g, st = lstart(3)
    p = seat(g, st, 0, hand=["2TRI3"], empire=True)
    rich = seat(g, st, 1, materials=3)
    poor = seat(g, st, 2, materials=1)
    play(g, st, 0, "2TRI3")
    assert (p.materials, rich.materials, poor.materials) == (5, 1, 0)
    assert rich.hand == [] and ids(g, poor.hand)[0].startswith("2UNR")
    seat(g, st, 0, discard=["2UNC3", "2UNC7", "2UNC8", "2UNC14"])
    assert vp(g, st, 0, "2TRI3") == 2
    ok(g, st)


@covers("2TRI4")
def test_2TRI4_phoenicians_acquire_a_civilised_card_then_history():
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2TRI4"])
    civ = market(g, st, 2, "2CIV10")
    play(g, st, 0, "2TRI4")
    assert "2CIV10" in offered_cards(g, st)
    act(g, st, g.action_space.card + civ)
    assert civ in p.hand and ids(g, p.history) == ["2TRI4"]
    assert vp(g, st, 0, "2TRI4") == 3
    ok(g, st)


@covers("2TRI5")
def test_2TRI5_romans_abandon_a_region_to_take_the_top_fame_card_exile_itself_others_gain_progress():
    g, st = lstart(3, power_side="B")  # side A would look at one more fame card
    p = seat(g, st, 0, hand=["2TRI5"], play=["2REG6"])
    seat(g, st, 1)
    seat(g, st, 2)
    top = st.fame[-1]
    play(g, st, 0, "2TRI5")
    assert "2REG6" in ids(g, p.discard) and top in p.hand
    assert k(g, "2TRI5") in st.exile
    assert [s.progress for s in st.seats] == [0, 1, 1]
    g, st = lstart(3)
    p = seat(g, st, 0, hand=["2TRI5"])
    seat(g, st, 1)
    seat(g, st, 2)
    play(g, st, 0, "2TRI5")  # no region to abandon: no fame card, the other lines still apply (R73)
    assert k(g, "2TRI5") in st.exile and not p.hand
    assert [s.progress for s in st.seats] == [0, 1, 1]
    ok(g, st)


@covers("2TRI6")
def test_2TRI6_greeks_tributary_pinned_empire_metropolis_solstice_choose_vp_per_10_cards():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2TRI6"], empire=True, deck=FILL)
    play(g, st, 0, "2TRI6")
    assert ids(g, p.play) == ["2TRI6"] and card(g, "2TRI6").types == ["metropolis"]
    end_turn(g, st)
    act(g, st, A.REVOLT)
    to_solstice(g, st)
    option(g, st, 0)
    assert p.materials == 1
    seat(g, st, 0, discard=[f"2UNC{n}" for n in range(2, 23)])
    assert vp(g, st, 0, "2TRI6") == 2
    ok(g, st)


@covers("2TRI7")
def test_2TRI7_carthaginians_gain_2_materials_draw_give_each_other_a_card():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2TRI7", "1ROM15"], deck=["1ROM16"])
    t = seat(g, st, 1)
    play(g, st, 0, "2TRI7")
    assert p.materials == 2 and "1ROM16" in ids(g, p.hand)
    pick(g, st, "1ROM15")
    assert ids(g, t.hand) == ["1ROM15"]
    p.materials = 25
    assert vp(g, st, 0, "2TRI7") == 2
    ok(g, st)


@covers("2TRI8")
def test_2TRI8_persians_pay_2_population_to_break_through_for_a_tributary_then_history():
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2TRI8", "1ROM15"], population=2)
    trib = market(g, st, 3, "2TRI1")
    play(g, st, 0, "2TRI8")
    assert p.population == 0
    act(g, st, g.action_space.card + trib)
    assert trib in p.hand and ids(g, p.history) == ["2TRI8"]
    assert vp(g, st, 0, "2TRI8") == 2  # Etruscans and itself
    g, st = lstart()
    p = seat(g, st, 0, hand=["2TRI8", "1ROM15"], population=1)
    play(g, st, 0, "2TRI8")  # cannot pay 2 population: no break through, still into history (R73)
    assert p.population == 1 and ids(g, p.history) == ["2TRI8"] and ids(g, p.hand) == ["1ROM15"]
    ok(g, st)


@covers("2TRI9")
def test_2TRI9_celts_break_through_for_an_uncivilised_card_each_other_takes_unrest():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2TRI9"])
    t = seat(g, st, 1)
    top = on_top(g, st, "uncivilised", "2UNC7")
    play(g, st, 0, "2TRI9")
    act(g, st, A.BT_DECK)
    assert top in p.hand and len(t.hand) == 1
    assert vp(g, st, 0, "2TRI9") == 3
    ok(g, st)


@covers("2TRI10")
def test_2TRI10_macedonians_acquire_two_regions_exiled_ones_too_then_history_vp_per_4_regions():
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2TRI10"])
    market(g, st, 0, "2REG6")
    take_anywhere(st, k(g, "2REG8"))
    st.exile.append(k(g, "2REG8"))
    play(g, st, 0, "2TRI10")
    assert {"2REG6", "2REG8"} <= set(offered_cards(g, st))
    pick(g, st, "2REG8")  # the second: the market's region, the only one left
    assert {"2REG6", "2REG8"} <= set(ids(g, p.hand)) and ids(g, p.history) == ["2TRI10"]
    seat(g, st, 0, discard=["2REG2", "2REG3", "2REG4", "2REG5"], history=["2TRI10"])
    assert vp(g, st, 0, "2TRI10") == 1
    ok(g, st)


@covers("2TRI11")
def test_2TRI11_xiongnu_steal_1_progress_from_each_other_vp_per_fame():
    g, st = lstart(4)
    p = seat(g, st, 0, hand=["2TRI11"])
    for s in (1, 2, 3):
        seat(g, st, s, progress=1)
    play(g, st, 0, "2TRI11")
    assert p.progress == 3 and all(st.seats[s].progress == 0 for s in (1, 2, 3))
    seat(g, st, 0, discard=["2FAM2", "2FAM3"], history=["2FAM4"])
    assert vp(g, st, 0, "2TRI11") == 3
    ok(g, st)


# --- uncivilised -----------------------------------------------------------------------------------
@covers("2UNC1")
def test_2UNC1_mining_abandon_a_region_1_progress_2_without_production():
    g, st = lstart(4)
    p = seat(g, st, 0, hand=["1ROM15"], play=["2UNC1", "2REG6", "2REG12"])
    exhaust(g, st, 0, "2UNC1")
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]
    option(g, st, 1)  # Fortified Region: no production icon
    assert ids(g, p.discard) == ["2REG12"] and p.progress == 2
    g, st = lstart(4)
    p = seat(g, st, 0, hand=["1ROM15"], play=["2UNC1", "2REG6"])
    exhaust(g, st, 0, "2UNC1")  # only Highlands (production): 1 progress
    assert ids(g, p.discard) == ["2REG6"] and p.progress == 1
    g, st = lstart(4)
    seat(g, st, 0, hand=["1ROM15"], play=["2UNC1"])
    assert not exhaustable(g, st, 0, "2UNC1")
    assert vp(g, st, 0, "2UNC1") == 1
    ok(g, st)


@covers("2UNC2")
def test_2UNC2_jade_mask_draws_up_to_3_without_reshuffle_then_one_back_on_top():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2UNC2"], deck=["1ROM16", "1ROM17"], discard=["1ROM18"])
    play(g, st, 0, "2UNC2")
    assert ids(g, p.hand) == ["1ROM17", "1ROM16"]  # 2 only: no reshuffle (R96)
    pick(g, st, "1ROM16")
    assert ids(g, p.deck) == ["1ROM16"]
    seat(g, st, 0, history=["2UNC2"])
    assert vp(g, st, 0, "2UNC2") == 1
    ok(g, st)


@covers("2UNC3")
def test_2UNC3_elders_acquire_an_uncivilised_card_or_break_through_others_gain_progress():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2UNC3"])
    t = seat(g, st, 1)
    top = on_top(g, st, "uncivilised", "2UNC7")
    play(g, st, 0, "2UNC3")
    option(g, st, 1)
    act(g, st, A.BT_DECK)
    assert top in p.hand and t.progress == 1
    ok(g, st)


@covers("2UNC4")
def test_2UNC4_espionage_a_card_on_your_deck_to_acquire_others_recall_a_pinned_card():
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2UNC4", "1ROM15"])
    t = seat(g, st, 1, play=["2REG6", "2TRI1"])
    civ = market(g, st, 2, "2CIV10")
    play(g, st, 0, "2UNC4")
    assert ids(g, p.deck)[-1] == "1ROM15"  # the only other card in hand
    act(g, st, g.action_space.card + civ)
    assert civ in p.hand
    assert ids(g, t.hand) == ["2REG6"] and ids(g, t.play) == ["2TRI1"]  # only a pinned card
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2UNC4"])
    t = seat(g, st, 1, play=["2REG6"])
    play(g, st, 0, "2UNC4")  # nothing to put on the deck: no acquiring, the recall still applies (R73)
    assert not p.hand and ids(g, t.hand) == ["2REG6"]
    assert vp(g, st, 0, "2UNC4") == 1
    ok(g, st)


@covers("2UNC5")
def test_2UNC5_invasion_pay_3_others_take_unrest_break_through_for_a_region_others_recall_one():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2UNC5"], materials=3)
    t = seat(g, st, 1, play=["2REG6"])
    top = on_top(g, st, "region", "2REG8")
    play(g, st, 0, "2UNC5")
    assert p.materials == 0 and len(t.hand) == 1
    option(g, st, 1)  # the region slot is empty: the region deck's top (R135)
    assert top in p.hand and "2REG6" in ids(g, t.hand)
    ok(g, st)


@covers("2UNC6")
def test_2UNC6_monument_exhaust_free_plays_an_unrest_from_hand():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2UNR1", "1ROM15", "1ROM16"], play=["2UNC6"], actions=0, population=1)
    exhaust(g, st, 0, "2UNC6")  # the only unrest in hand is played
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]  # its choice: 1 population or 2 cards
    option(g, st, 0)
    assert k(g, "2UNR1") in st.unrest and p.actions == 0 and p.population == 0
    g, st = lstart()
    seat(g, st, 0, hand=["1ROM15"], play=["2UNC6"])
    assert not exhaustable(g, st, 0, "2UNC6")  # no unrest in hand
    assert vp(g, st, 0, "2UNC6") == 1
    ok(g, st)


@covers("2UNC7")
def test_2UNC7_code_of_laws_exhaust_draw_a_card():
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15"], play=["2UNC7"], deck=["1ROM16"])
    exhaust(g, st, 0, "2UNC7")
    assert ids(g, p.hand) == ["1ROM15", "1ROM16"] and p.exhausts == 4
    assert vp(g, st, 0, "2UNC7") == 1
    ok(g, st)


@covers("2UNC8")
def test_2UNC8_religion_exhaust_gain_an_action_solstice_take_unrest_or_pay_3_materials():
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15"], play=["2UNC8"], deck=FILL, materials=3)
    exhaust(g, st, 0, "2UNC8")
    assert p.actions == 4
    to_solstice(g, st)
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]
    option(g, st, 1)
    assert p.materials == 0
    g, st = lstart()
    p = seat(g, st, 0, play=["2UNC8"], deck=FILL)
    pile = len(st.unrest)
    to_solstice(g, st)  # no materials: only the unrest (R150)
    assert len(st.unrest) == pile - 1
    ok(g, st)


@covers("2UNC9")
def test_2UNC9_oracle_free_draw_2_and_discard_one_of_them_2_vp_per_fame():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2UNC9"], deck=["1ROM16", "1ROM17"])
    play(g, st, 0, "2UNC9")
    pick(g, st, "1ROM17")
    assert ids(g, p.hand) == ["1ROM16"]
    seat(g, st, 0, discard=["2UNC9", "2FAM2"])
    assert vp(g, st, 0, "2UNC9") == 2
    ok(g, st)


@covers("2UNC10", "2REG10")
def test_E3_R267_domestication_reacts_when_prosperity_gains_materials_through_a_fertile_region():
    """Domestication mirrors Shaduf with the fertile icon (R267): Prosperity counts production,
    Plain (production, production, fertile) gives it, so the fertile card was used."""
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15", "1ROM16"], play=["2UNC10", "2REG10"])
    prosperity(g, st)
    assert p.materials == 2 and purpose(st) == "exhaust Domestication"
    yes(g, st)
    assert p.progress == 1 and p.exhausts == 4
    g, st = lstart()  # no fertile among the producers: nothing
    p = seat(g, st, 0, hand=["1ROM15", "1ROM16"], play=["2UNC10", "2REG6"])
    prosperity(g, st)
    assert p.materials == 1 and p.progress == 0 and purpose(st) != "exhaust Domestication"
    seat(g, st, 0, discard=["2UNC10", "2REG10", "2REG11"], play=[])
    assert vp(g, st, 0, "2UNC10") == 4  # 2 VP per fertile icon
    ok(g, st)


@covers("2UNC11", "2UNC10")
def test_R267_water_mill_recall_a_fertile_for_materials_and_population_domestication_reacts():
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15"], play=["2UNC11", "2UNC10", "2REG13", "2REG9"])
    exhaust(g, st, 0, "2UNC11")
    option(g, st, 0)  # the only fertile: Grassland
    assert "2REG13" in ids(g, p.hand) and (p.materials, p.population) == (2, 1)
    assert purpose(st) == "exhaust Domestication"
    yes(g, st)
    assert p.progress == 1
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15"], play=["2UNC11", "2REG9"])
    exhaust(g, st, 0, "2UNC11")  # only the river option: Moor
    assert "2REG9" in ids(g, p.hand) and p.actions == 4
    seat(g, st, 0, play=["2UNC11"], discard=["2REG11", "2REG5"])
    assert vp(g, st, 0, "2UNC11") == 4  # fertile + river icons: 2 + 2
    ok(g, st)


@covers("2UNC12", "2UNC10")
def test_2UNC12_qanat_treats_a_river_as_3_production_for_the_turn():
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM15", "1ROM16"], play=["2UNC12", "2REG9"])
    exhaust(g, st, 0, "2UNC12")
    prosperity(g, st)
    assert p.materials == 4  # Moor: 1 production + its river as 3
    end_turn(g, st)
    act(g, st, A.REVOLT)
    end_turn(g, st)
    assert st.turn == 0 and p.river_as_production == 0  # for the rest of the turn only
    seat(g, st, 0, discard=["2UNC12", "2REG5", "2REG9"])
    assert vp(g, st, 0, "2UNC12") == 6
    ok(g, st)


@covers("2UNC13")
def test_2UNC13_rituals_return_an_unrest_or_gain_progress_and_may_return_an_exhaust():
    g, st = lstart(3)
    seat(g, st, 0, hand=["2UNC13", "2UNR1"])
    play(g, st, 0, "2UNC13")
    option(g, st, 0)
    assert k(g, "2UNR1") in st.unrest
    ok(g, st)


@covers("2UNC18")
def test_2UNC18_road_building_conquer_ignores_the_barbarian_icon_solstice_2_materials():
    g, st = lstart()
    p = seat(g, st, 0, hand=["1ROM17"], play=["2UNC18"], empire=True, deck=FILL, population=2)
    assert playable(g, st, 0, "1ROM17")  # Conquer in the Empire state
    g2, st2 = lstart()
    seat(g2, st2, 0, hand=["1ROM17"], empire=True, population=2)
    assert not playable(g2, st2, 0, "1ROM17")
    p.population = 0
    to_solstice(g, st)
    assert p.materials == 2 and vp(g, st, 0, "2UNC18") == 1
    ok(g, st)


@covers("2UNC19")
def test_2UNC19_art_solstice_barbarian_pay_1_to_return_unrest_empire_pay_3_for_progress():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2UNR1"], play=["2UNC19"], deck=FILL, materials=1)
    to_solstice(g, st)
    yes(g, st)
    assert p.materials == 0 and k(g, "2UNR1") in st.unrest
    g, st = lstart()
    p = seat(g, st, 0, play=["2UNC19"], deck=FILL, empire=True, materials=3)
    to_solstice(g, st)
    yes(g, st)
    assert (p.materials, p.progress) == (0, 1)
    assert vp(g, st, 0, "2UNC19") == 1
    ok(g, st)


@covers("2UNC20")
def test_2UNC20_diplomacy_pay_3_materials_to_break_through_for_a_tributary():
    g, st = lstart()
    calm(st)
    p = seat(g, st, 0, hand=["2UNC20"], materials=3)
    trib = market(g, st, 3, "2TRI1")
    play(g, st, 0, "2UNC20")
    act(g, st, g.action_space.card + trib)
    assert p.materials == 0 and trib in p.hand
    ok(g, st)


@covers("2UNC21")
def test_2UNC21_leadership_free_draw_or_put_a_card_into_history():
    g, st = lstart()
    p = seat(g, st, 0, hand=["2UNC21", "1ROM15"], discard=["1ROM17"], deck=["1ROM16"])
    play(g, st, 0, "2UNC21")
    option(g, st, 1)
    pick(g, st, "1ROM15")
    assert ids(g, p.history) == ["1ROM15"] and p.actions == 3
    ok(g, st)


@covers("2UNC22")
def test_2UNC22_lost_scroll_free_may_put_a_discard_on_the_deck_all_may_draw():
    g, st = lstart(3)
    p = seat(g, st, 0, hand=["2UNC22"], discard=["1ROM16"], deck=["1ROM17"])
    play(g, st, 0, "2UNC22")
    pick(g, st, "1ROM16")
    yes(g, st)
    assert "1ROM16" in ids(g, p.hand)
    ok(g, st)


def decision_optional(st) -> bool:
    return bool(st.stack[-1].args.get("optional"))


def in_activate(st) -> bool:
    return bool(st.stack) and st.stack[-1].kind == "activate"


@covers("2UNC10")
def test_E3_R267_domestication_reacts_when_trading_ships_recalls_a_fertile_card_for_market_materials():
    """Trading Ships (Carthaginians) recalls a fertile region to acquire a market card with
    materials on it: the fertile card was used to gain those materials (R267)."""
    g, st = fresh("Carthaginians", "Romans", common_deck="legends", power_side="B")
    p = seat(g, st, 0, hand=["1CAR15"], play=["1CAR7", "2UNC10", "2REG13"], empire=True)
    calm(st)
    for slot in range(5):
        st.market[slot].tokens = {}
    civ = market(g, st, 2, "2CIV10", tokens={"materials": 2})
    exhaust(g, st, 0, "1CAR7")
    yes(g, st)  # recall Grassland (the only river/fertile region) to acquire the card with materials
    assert "2REG13" in ids(g, p.hand) and civ in p.hand and p.materials == 2
    assert purpose(st) == "exhaust Domestication"
    yes(g, st)
    assert p.progress == 1
    ok(g, st)
