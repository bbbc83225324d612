"""The Olmecs (2OLM1-2OLM26) on the real card data: setup, then one test per card.

Rule numbers refer to shared/rules/imperium.md. The Olmecs' nation rules (R64, §21): a nation
deck on the accession card San Lorenzo Tenochtitlán, a development area, a Barbarian start and
three {supply} unrest cards that go to the unrest pile (R38: one in every game, one more with
3+ players, one more with 4). Their deck turns on the stone masks {mask}: eight Stone Masks that
score only in history, and cards that make you discard masks, which Step Pyramids (one fewer)
and Stone Heads (its garrison stands in) ease.
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.coverage import coverage
from epochal.games.imperium import actions as A
from epochal.games.imperium import piles, playing, words
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
    purpose_of,
    put_in_market,
    to_play,
    to_solstice,
    vp_of,
)

OL = "Olmecs"
OLM = [f"2OLM{n}" for n in range(1, 27)]
MASKS = ["2OLM12", "2OLM13", *[f"2OLM{n}" for n in range(18, 24)]]
SUPPLY = {2: ["2OLM24"], 3: ["2OLM24", "2OLM25"], 4: ["2OLM24", "2OLM25", "2OLM26"]}
FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself
MASK = {"type": ["mask"]}

FACTS = {  # name, location, state, header, types, regions, cost, vp (the card reference)
    "2OLM1": ("Olmecs", "in-play", None, "power", [], [], {}, None),
    "2OLM2": ("San Lorenzo Tenochtitlán", "accession", None, "pinned", ["metropolis"], [], {}, None),
    "2OLM3": ("Step Pyramids", "development", "empire", "pinned", [], [], {"materials": 4, "population": 2}, 3),
    "2OLM4": ("Ritual Sacrifice", "development", "empire", None, [], [], {"materials": 4, "population": 2}, 3),
    "2OLM5": ("Olmec Traders", "development", "empire", "attack", [], [], {"materials": 4, "population": 2}, 3),
    "2OLM6": (
        "Tres Zapotes",
        "development",
        "empire",
        "pinned",
        [],
        ["production", "fertile"],
        {"materials": 4, "population": 2},
        3,
    ),
    "2OLM7": ("Stone Heads", "development", "empire", "pinned", [], [], {"materials": 4, "population": 2}, 3),
    "2OLM8": ("Drainage System", "development", "empire", "pinned", [], [], {"materials": 4, "population": 2}, 3),
    "2OLM9": ("Cacao", "nation", None, None, [], [], {}, None),
    "2OLM10": ("Olmec Hieroglyphics", "nation", None, "pinned", [], [], {}, None),
    "2OLM11": ("Calendar", "nation", None, "pinned", [], [], {}, None),
    "2OLM14": ("Lodestone Compass", "deck", None, "pinned", [], [], {}, None),
    "2OLM15": ("Ball Games", "deck", None, "pinned", [], [], {}, None),
    "2OLM16": ("Laguna de los Cerros", "deck", None, "pinned", [], ["production", "river"], {}, None),
    "2OLM17": ("La Venta", "deck", None, "pinned", [], ["production", "river"], {}, None),
    **{
        m: ("Stone Mask", "nation" if m in MASKS[:2] else "deck", None, None, ["mask"], [], {}, "1 in history")
        for m in MASKS
    },
    **{u: ("Unrest", "supply", None, None, [], [], {}, -2) for u in ("2OLM24", "2OLM25", "2OLM26")},
}
VP_FORMS = {"1 in history": {"if": {"in": "history"}, "vp": 1}}
SUITS = {"2OLM6": ["region"], "2OLM16": ["region"], "2OLM17": ["region"], **{u: ["unrest"] for u in SUPPLY[4]}}
PLAYERS = {"2OLM25": 3, "2OLM26": 4}
RUSSIAN = {"2OLM1": "Ольмеки", "2OLM6": "Трес-Сапотес", **{u: "Беспорядки" for u in SUPPLY[4]}}  # l.202, l.225, l.1732


# --- helpers ----------------------------------------------------------------------------------


def set_market(game, st, *card_ids):
    """The market holds exactly these cards, no tokens, no tucked unrest (back to the pile)."""
    for slot, cid in enumerate(card_ids):
        if st.market[slot].unrest >= 0:
            st.unrest.append(st.market[slot].unrest)
            st.market[slot].unrest = -1
        put_in_market(game, st, slot, cid)


def masks_in(game, st, zone, n, seat=0, start=0):
    """Put Stone Masks (from the ``start``-th on) into the seat's ``zone``; returns their ids."""
    chosen = MASKS[start : start + n]
    for m in chosen:
        give(game, st, seat, m, zone)
    return chosen


def empire(game, st, seat=0):
    st.seats[seat].empire = True


# --- data and setup (R9, R13-R27, R29-R40, R193) -----------------------------------------------


def test_R9_the_olmec_set_has_26_cards_all_exact():
    game, _ = fresh(OL, "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == OL) == sorted(OLM)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == OL)


@pytest.mark.parametrize("card_id", OLM)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference; Russian names only where
    the rulebook prints them."""
    game, _ = fresh(OL, "Romans", activate=False)
    c = card(game, card_id)
    assert_printed_fields(c, FACTS[card_id], VP_FORMS)
    assert c.suits == SUITS.get(card_id, [])
    assert c.players == PLAYERS.get(card_id)
    assert not (c.free or c.unplayable or c.no_garrison)
    assert c.name_ru == RUSSIAN.get(card_id)
    assert (c.name_ru_translated is None) == (card_id in RUSSIAN)


def test_every_olmec_card_is_implemented_and_tested():
    report = coverage("imperium")
    row = report["decks"][OL]
    assert row["cards"] == row["implemented"] == row["tested"] == 26 and row["untested"] == []


def test_R30_the_power_card_has_no_vp_line_and_two_faces():
    game, _ = fresh(OL, "Romans", activate=False)
    c = card(game, "2OLM1")
    assert c.vp is None and c.side_b is not None and c.side_b.vp is None
    assert msgspec.to_builtins(c.side_b.exhaust) == [
        {"op": "history", "from": "hand", "filter": MASK},
        {"op": "gain", "progress": 2},
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_olmec_setup(players):
    nations = [OL, "Vikings", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2OLM1"  # R30
    assert ids(game, p.nation_deck)[0] == "2OLM2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == sorted(OLM[8:13])  # R35: 9-13
    assert sorted(ids(game, p.development)) == sorted(OLM[2:8])  # R36: 3-8
    assert sorted(ids(game, p.hand + p.deck)) == sorted(OLM[13:23])  # R39: 10 cards
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert not p.empire and p.materials == 3 and p.population == 2  # R37, R42
    # R38, R45: the {supply} unrest cards join the unrest pile by player count, else the box
    under = [s.unrest for s in st.market if s.unrest >= 0]
    pile = [k for k in st.unrest + under if game.cards[k].deck == OL]
    assert sorted(ids(game, pile)) == sorted(SUPPLY[players])
    boxed = [c for c in OLM[23:] if c not in SUPPLY[players]]
    assert sorted(ids(game, [k for k in st.box if game.cards[k].deck == OL])) == sorted(boxed)
    assert game.check_invariants(st) == []


def test_R20_olmec_cards_have_words_in_both_languages():
    game, _ = fresh(OL, "Romans", activate=False)
    for cid in OLM:
        for lang in ("en", "ru"):
            assert words.card_text(game, cid, lang)
    assert "mask" in " ".join(words.card_text(game, "2OLM3", "en"))


# --- the power card ---------------------------------------------------------------------------------


@covers("2OLM1")
def test_olmecs_A_put_a_mask_from_the_discard_pile_into_history():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    (m,) = masks_in(game, st, "discard", 1)
    exhaust(game, st, 0, "2OLM1")  # the only option the seat can use (R150) is taken at once
    assert ids(game, p.history) == [m]
    assert vp_of(game, st, 0, m) == 1  # a mask scores only in history
    assert p.power in p.exhausted


@covers("2OLM1")
def test_olmecs_A_discard_3_masks_to_acquire_any_card():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, FILLER)
    masks = masks_in(game, st, "hand", 3)
    exhaust(game, st, 0, "2OLM1")
    d = decision(st)
    assert d.args["options"] == [A.OPTION, A.OPTION + 1]
    answer(game, st, 0, A.OPTION + 1)
    for m in masks:
        pick_if_asked(game, st, m)  # the last one left is taken at once
    choose_card(game, st, 0, "1CIV4")
    assert "1CIV4" in ids(game, p.hand) and set(masks) <= set(ids(game, p.discard))


@covers("2OLM1")
def test_olmecs_A_with_two_masks_offers_only_the_history_option_R150():
    game, st = fresh(OL, "Romans")
    hand_only(game, st, 0, FILLER)
    masks = masks_in(game, st, "hand", 2)
    exhaust(game, st, 0, "2OLM1")  # the history option alone, taken at once; nothing to put there
    assert decision(st).kind == "activate"
    assert set(masks) <= set(ids(game, st.seats[0].hand)) and st.seats[0].history == []


@covers("2OLM1")
def test_olmecs_B_put_a_mask_from_hand_into_history_for_2_progress():
    game, st = fresh(OL, "Romans", power_side="B")
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    assert not legal_exhaust(game, st, "2OLM1")  # no mask in hand: the cost cannot be paid
    masks_in(game, st, "discard", 1)
    assert not legal_exhaust(game, st, "2OLM1")  # only from the hand
    (m,) = masks_in(game, st, "hand", 1, start=1)
    progress = p.progress
    exhaust(game, st, 0, "2OLM1")
    pick_if_asked(game, st, m)
    assert ids(game, p.history) == [m] and p.progress == progress + 2


def pick_if_asked(game, st, card_id, seat=0):
    d = decision(st)
    if d.kind == "card" and game.action_space.card + idx(game, card_id) in d.args["options"]:
        choose_card(game, st, seat, card_id)


# --- the accession card -----------------------------------------------------------------------------


def test_R99_san_lorenzo_is_the_accession_card_and_flips_the_state():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    piles.nation_top_to_discard(game, st, 0, [])
    assert ids(game, p.discard)[-1] == "2OLM2" and p.empire


@covers("2OLM2")
def test_san_lorenzo_puts_a_card_on_the_deck_for_a_mask_or_two_tokens():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM2")
    hand_only(game, st, 0, FILLER, "1UNC3")
    (m,) = masks_in(game, st, "discard", 1)
    exhaust(game, st, 0, "2OLM2")
    choose_card(game, st, 0, "1UNC3")
    assert ids(game, p.deck)[-1] == "1UNC3"
    answer(game, st, 0, A.OPTION)  # a mask from the discard pile
    assert m in ids(game, p.hand)
    p.exhausted.clear()
    materials, population = p.materials, p.population
    st.edited()
    exhaust(game, st, 0, "2OLM2")
    choose_card(game, st, 0, m)
    answer(game, st, 0, A.OPTION + 1)
    assert (p.materials, p.population) == (materials + 1, population + 1)
    assert game.cards[idx(game, "2OLM2")].types == ["metropolis"]


@covers("2OLM2")
def test_san_lorenzo_needs_a_card_in_hand_R78():
    game, st = fresh(OL, "Romans")
    to_play(game, st, 0, "2OLM2")
    hand_only(game, st, 0)
    assert not legal_exhaust(game, st, "2OLM2")


# --- the development cards --------------------------------------------------------------------------


@covers("2OLM3", "2OLM11")
def test_step_pyramids_exhaust_lowers_a_mask_discard_by_one():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM3", "2OLM11")  # Step Pyramids, Calendar
    give(game, st, 0, "1CEL9", "play")  # a region: production
    hand_only(game, st, 0, FILLER)
    (m,) = masks_in(game, st, "hand", 1)
    assert legal_exhaust(game, st, "2OLM11")  # 1 mask + Step Pyramids
    assert not legal_exhaust(game, st, "2OLM3")  # reactive only (R80)
    exhaust(game, st, 0, "2OLM11")
    # the one mask cannot pay 2: Step Pyramids is used without asking
    assert idx(game, "2OLM3") in p.exhausted
    pick_if_asked(game, st, m)
    population = p.population
    answer(game, st, 0, A.OPTION + 1)  # 1 population per region
    assert p.population == population + 1
    assert p.exhausts == 3 and p.actions == 2


@covers("2OLM3")
def test_step_pyramids_is_offered_when_the_masks_would_do_and_may_be_declined():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM3", "2OLM11")
    hand_only(game, st, 0, FILLER)
    masks = masks_in(game, st, "hand", 2)
    exhaust(game, st, 0, "2OLM11")
    d = decision(st)
    assert d.kind == "may" and purpose_of(d) == "exhaust Step Pyramids to discard one card fewer"
    answer(game, st, 0, A.NO)
    for m in masks:
        pick_if_asked(game, st, m)
    assert idx(game, "2OLM3") not in p.exhausted
    assert decision(st).kind == "option"


@covers("2OLM3")
def test_step_pyramids_needs_an_exhaust_token_besides_the_one_calendar_takes_R77_R78():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM3", "2OLM11")
    hand_only(game, st, 0, FILLER)
    masks_in(game, st, "hand", 1)
    p.exhausts = 1
    assert not legal_exhaust(game, st, "2OLM11")
    p.exhausts = 2
    st.edited()
    assert legal_exhaust(game, st, "2OLM11")


@covers("2OLM3")
def test_step_pyramids_solstice_may_take_a_mask_from_the_discard_pile():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM3")
    (m,) = masks_in(game, st, "discard", 1)
    d = to_solstice(game, st)
    assert d.seats == [0] and d.args["optional"]
    choose_card(game, st, 0, m)
    assert m in ids(game, p.hand)


@covers("2OLM4")
def test_ritual_sacrifice_needs_step_pyramids_then_pays_masks_and_population_for_fame():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    empire(game, st)
    hand_only(game, st, 0, "2OLM4", FILLER)
    masks = masks_in(game, st, "hand", 2)
    assert not legal_play(game, st, "2OLM4")  # Step Pyramids not in play
    to_play(game, st, 0, "2OLM3")
    p.population = 1
    p.progress = 0
    fame, hand = list(st.fame), list(p.hand)
    assert legal_play(game, st, "2OLM4")  # 1 population short: still played (R71)
    play(game, st, 0, "2OLM4")  # nothing paid, no mask discarded, no fame card seen (R73, R163)
    assert p.population == 1 and st.fame == fame and p.hand == [k for k in hand if k != idx(game, "2OLM4")]
    assert idx(game, "2OLM4") in p.discard and decision(st).kind == "activate"
    give(game, st, 0, "2OLM4")
    p.population = 2
    fame = list(st.fame[-3:])
    play(game, st, 0, "2OLM4")
    answer(game, st, 0, A.NO)  # Step Pyramids not used
    for m in masks:
        pick_if_asked(game, st, m)
    d = decision(st)
    assert sorted(a - game.action_space.card for a in d.args["options"]) == sorted(fame)
    answer(game, st, 0, d.args["options"][0])
    assert p.population == 0 and len([k for k in p.hand if k in fame]) == 1


@covers("2OLM5")
def test_olmec_traders_gain_3_and_a_mask_given_brings_an_unrest():
    game, st = fresh(OL, "Romans", "Vikings")
    p, q, r = st.seats
    empire(game, st)
    hand_only(game, st, 0, "2OLM5", FILLER)
    (m,) = masks_in(game, st, "discard", 1)
    materials = p.materials
    unrest_q = sum("unrest" in game.cards[k].suits for k in q.hand)
    unrest_r = sum("unrest" in game.cards[k].suits for k in r.hand)
    play(game, st, 0, "2OLM5")
    assert p.materials == materials + 3
    choose_card(game, st, 0, m)  # to the Romans: with an unrest
    pick_if_asked(game, st, FILLER)  # to the Vikings (the last card left): no mask, no unrest
    assert m in ids(game, q.hand) and FILLER in ids(game, r.hand)
    assert sum("unrest" in game.cards[k].suits for k in q.hand) == unrest_q + 1
    assert sum("unrest" in game.cards[k].suits for k in r.hand) == unrest_r


@covers("2OLM6")
def test_tres_zapotes_takes_up_to_2_masks_back_and_may_be_garrisoned_R248():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    empire(game, st)
    hand_only(game, st, 0, "2OLM6", FILLER)
    masks = masks_in(game, st, "discard", 3)
    play(game, st, 0, "2OLM6")
    choose_card(game, st, 0, masks[0])
    choose_card(game, st, 0, masks[1])
    assert set(masks[:2]) <= set(ids(game, p.hand)) and masks[2] in ids(game, p.discard)
    choose_card(game, st, 0, masks[0])  # garrison
    assert ids(game, p.garrison[idx(game, "2OLM6")]) == [masks[0]]
    assert "2OLM6" in ids(game, p.play)


@covers("2OLM7")
def test_stone_heads_garrison_stands_in_for_masks_to_discard():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    heads = to_play(game, st, 0, "2OLM7", "2OLM15")[0]  # Stone Heads, Ball Games
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, FILLER)
    assert not legal_exhaust(game, st, "2OLM15")
    p.garrison[heads] = [give(game, st, 0, "1UNC8", "discard"), give(game, st, 0, "1CIV2", "discard")]
    p.discard = [k for k in p.discard if k not in p.garrison[heads]]
    assert legal_exhaust(game, st, "2OLM15")  # two garrison cards, any kind
    (m,) = masks_in(game, st, "hand", 1)
    exhaust(game, st, 0, "2OLM15")
    d = decision(st)
    assert purpose_of(d) == "discard, or abandon a card garrisoned under Stone Heads"
    choose_card(game, st, 0, m)  # one mask discarded
    choose_card(game, st, 0, "1UNC8")  # one garrison card abandoned (R167)
    assert {"1UNC8", m} <= set(ids(game, p.discard))
    assert ids(game, p.garrison[heads]) == ["1CIV2"]
    choose_card(game, st, 0, "1UNC3")
    assert "1UNC3" in ids(game, p.hand)


@covers("2OLM7")
def test_stone_heads_solstice_may_garrison_a_card():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM7")
    d = to_solstice(game, st)
    assert d.seats == [0] and d.args["optional"]
    k = p.hand[0]
    answer(game, st, 0, game.action_space.card + k)
    assert p.garrison[idx(game, "2OLM7")] == [k]


@covers("2OLM8")
def test_drainage_system_gains_1_population_at_solstice_R108():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM8")
    population = p.population
    start = st.round
    while st.round == start:
        d = decision(st)
        seat = d.seats[0]
        if d.kind == "turn":
            answer(game, st, seat, A.REVOLT)
        elif A.END in game.legal(st, seat):
            answer(game, st, seat, A.END)
        else:
            answer(game, st, seat, game.legal(st, seat)[0])
    assert p.population == population + 1


@covers("2OLM9")
def test_cacao_every_player_may_return_an_unrest_and_the_olmecs_gain_a_progress_each():
    game, st = fresh(OL, "Romans", "Vikings")
    p, q, r = st.seats
    hand_only(game, st, 0, "2OLM9", FILLER)
    mine = st.unrest.pop()
    p.discard.append(mine)
    theirs = st.unrest.pop()
    q.hand.append(theirs)
    progress = p.progress
    play(game, st, 0, "2OLM9")
    answer(game, st, 0, game.action_space.card + mine)  # the Olmecs return one
    answer(game, st, 1, game.action_space.card + theirs)  # the Romans return one
    assert decision(st).kind == "activate"  # the Vikings have none: not asked
    assert mine in st.unrest and theirs in st.unrest
    assert p.progress == progress + 2


@covers("2OLM10")
def test_olmec_hieroglyphics_returns_another_cards_exhaust_token():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM10", "2OLM2")
    hand_only(game, st, 0, FILLER, "1UNC3")
    exhaust(game, st, 0, "2OLM2")
    choose_card(game, st, 0, "1UNC3")
    answer(game, st, 0, A.OPTION + 1)
    exhaust(game, st, 0, "2OLM10")
    assert p.exhausts == 3
    answer(game, st, 0, A.OPTION)  # return an exhaust token
    assert p.exhausts == 4
    assert idx(game, "2OLM10") in p.exhausted and idx(game, "2OLM2") not in p.exhausted
    assert not legal_exhaust(game, st, "2OLM10")  # R77: its own token stays


@covers("2OLM10")
def test_olmec_hieroglyphics_spends_an_action_to_take_a_card_from_the_discard_pile():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM10")
    hand_only(game, st, 0, FILLER)
    give(game, st, 0, "1UNC3", "discard")
    exhaust(game, st, 0, "2OLM10")
    answer(game, st, 0, A.OPTION + 1)
    pick_if_asked(game, st, "1UNC3")
    assert "1UNC3" in ids(game, p.hand) and p.actions == 2


@covers("2OLM11")
def test_calendar_two_masks_and_an_action_for_materials_per_production():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM11")
    give(game, st, 0, "1CEL9", "play")  # Armorica: production, river
    give(game, st, 0, "2OLM17", "play")  # La Venta: production, river
    hand_only(game, st, 0, FILLER)
    masks_in(game, st, "hand", 1)
    assert not legal_exhaust(game, st, "2OLM11")  # one mask is not two
    masks = masks_in(game, st, "hand", 2)
    p.actions = 0
    assert not legal_exhaust(game, st, "2OLM11")  # no action to spend (R163)
    p.actions = 1
    materials = p.materials
    st.edited()
    exhaust(game, st, 0, "2OLM11")
    for m in masks[:2]:
        pick_if_asked(game, st, m)
    answer(game, st, 0, A.OPTION)
    assert p.materials == materials + 2 and p.actions == 0


@covers(*MASKS)
def test_stone_mask_draws_3_if_able_then_puts_a_card_back_and_scores_in_history_R96():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    for m in MASKS:
        hand_only(game, st, 0, m, FILLER)
        p.deck = [give(game, st, 0, "1UNC3", "deck"), give(game, st, 0, "1UNC8", "deck")]
        p.deck = [k for k in p.deck if k >= 0]
        p.discard = [give(game, st, 0, "1CIV2", "discard")]
        p.actions = 3
        play(game, st, 0, m)
        # only the two deck cards: no reshuffle (R96)
        assert {"1UNC3", "1UNC8"} <= set(ids(game, p.hand)) and ids(game, p.discard)[0] == "1CIV2"
        choose_card(game, st, 0, "1UNC8")
        assert ids(game, p.deck) == ["1UNC8"]
        assert vp_of(game, st, 0, m) == 0
        give(game, st, 0, m, "history")
        assert vp_of(game, st, 0, m) == 1


@covers("2OLM14")
def test_lodestone_compass_two_masks_and_an_action_acquire_a_region_or_tributary():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM14")
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, FILLER)
    assert not legal_exhaust(game, st, "2OLM14")
    masks = masks_in(game, st, "hand", 2)
    exhaust(game, st, 0, "2OLM14")
    for m in masks:
        pick_if_asked(game, st, m)
    d = decision(st)
    offered = {game.cards[a - game.action_space.card].id for a in d.args["options"]}
    assert offered == {"1REG3", "1TRI2", "1REG6"}
    choose_card(game, st, 0, "1TRI2")
    assert "1TRI2" in ids(game, p.hand) and p.actions == 2


@covers("2OLM15")
def test_ball_games_two_masks_and_an_action_acquire_an_uncivilised_or_civilised_card():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2OLM15")
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, FILLER)
    masks = masks_in(game, st, "hand", 2)
    exhaust(game, st, 0, "2OLM15")
    for m in masks:
        pick_if_asked(game, st, m)
    d = decision(st)
    offered = {game.cards[a - game.action_space.card].id for a in d.args["options"]}
    assert offered == {"1UNC3", "1CIV4"}
    choose_card(game, st, 0, "1UNC3")
    assert "1UNC3" in ids(game, p.hand)


@covers("2OLM16")
def test_laguna_de_los_cerros_gains_1_population_and_may_be_garrisoned():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2OLM16", FILLER)
    population = p.population
    play(game, st, 0, "2OLM16")
    assert p.population == population + 1
    choose_card(game, st, 0, FILLER)
    assert ids(game, p.garrison[idx(game, "2OLM16")]) == [FILLER]
    assert "2OLM16" in ids(game, p.play)


@covers("2OLM17")
def test_la_venta_gains_2_materials_and_may_be_garrisoned():
    game, st = fresh(OL, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2OLM17", FILLER)
    materials = p.materials
    play(game, st, 0, "2OLM17")
    assert p.materials == materials + 2
    answer(game, st, 0, A.END)  # no garrison
    assert "2OLM17" in ids(game, p.play) and idx(game, "2OLM17") not in p.garrison


@covers("2OLM24", "2OLM25", "2OLM26")
def test_olmec_unrest_plays_like_any_unrest_and_returns_to_the_pile_R75():
    game, st = fresh(OL, "Romans", "Vikings", "Persians")
    p = st.seats[0]
    for u in SUPPLY[4]:
        hand_only(game, st, 0, u, FILLER)
        p.actions, p.population = 3, 2
        population = p.population
        play(game, st, 0, u)
        answer(game, st, 0, A.OPTION)  # pay 1 population
        assert p.population == population - 1 and idx(game, u) in st.unrest
        assert vp_of(game, st, 0, u) == -2


def test_cannot_exhaust_lodestone_without_masks_says_why():
    game, st = fresh(OL, "Romans")
    to_play(game, st, 0, "2OLM14")
    hand_only(game, st, 0, FILLER)
    reason = playing.exhaust_refusal(game, st, 0, idx(game, "2OLM14"))
    assert reason is not None
    assert_illegal(game, st, 0, game.action_space.exhaust + idx(game, "2OLM14"))
