"""The Qin (2QIN1-2QIN25) on the real card data: setup, the clean-up token of §16.5, then one
test per card.

Rule numbers refer to shared/rules/imperium.md. The Qin's nation rules (R64, §21): a nation deck
on the accession card Long Walls I, a development area, a Barbarian start, two {supply} unrest
cards that go to the unrest pile (R38: one with 3+ players, one more with 4), and in clean-up
step 1 they place 1 population instead of 1 progress (R86, R210), on both sides of their power
card: the passive ``market_token`` the Carthaginians' sides use too (R85).
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.coverage import coverage
from epochal.games.imperium import actions as A
from epochal.games.imperium import piles, scoring, shared, words
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
    purpose_of,
    put_in_market,
    to_play,
    to_solstice,
    vp_of,
)

Q = "Qin"
QIN = [f"2QIN{n}" for n in range(1, 26)]
SUPPLY = {2: [], 3: ["2QIN24"], 4: ["2QIN24", "2QIN25"]}
LONG_WALLS = ["2QIN2", "2QIN3", "2QIN4", "2QIN5"]
UNREST = ["2QIN14", "2QIN23", "2QIN24", "2QIN25"]
FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself
DEV22 = {"materials": 2, "population": 2}
DEV32 = {"materials": 3, "population": 2}

FACTS = {  # name, location, state, header, types, regions, cost, vp (the card reference)
    "2QIN1": ("Qin", "in-play", None, "power", [], [], {}, "1 per pinned"),
    "2QIN2": ("Long Walls I", "accession", "empire", "pinned", [], [], {}, "walls"),
    "2QIN3": ("Long Walls II", "development", "empire", "pinned", [], [], DEV22, "walls"),
    "2QIN4": ("Long Walls III", "development", "empire", "pinned", [], [], DEV22, "walls"),
    "2QIN5": ("Long Walls IV", "development", "empire", "pinned", [], [], DEV22, "walls"),
    "2QIN6": ("Emperor Qin Shi Huang", "development", "empire", None, [], [], DEV32, None),
    "2QIN7": ("Mathematics", "development", "empire", "pinned", [], [], DEV32, 2),
    "2QIN8": ("King Wu of Qin", "development", "empire", None, [], [], DEV32, "2 in history"),
    "2QIN9": ("Metallurgy", "development", "empire", "pinned", [], [], {"materials": 3, "population": 1}, 2),
    "2QIN10": ("Terracotta Warriors", "development", None, None, [], [], {"materials": 7}, "terracotta"),
    "2QIN11": ("Eastern Zhou", "nation", None, "pinned", [], ["production"], {}, None),
    "2QIN12": ("Glory", "nation", None, None, [], [], {}, None),
    "2QIN13": ("Writing Systems", "nation", None, "pinned", [], [], {}, None),
    "2QIN14": ("Unrest", "nation", None, None, [], [], {}, -2),
    "2QIN15": ("Confucianism", "deck", None, "pinned", [], [], {}, None),
    "2QIN16": ("Legalism", "deck", None, "pinned", [], [], {}, None),
    "2QIN17": ("School of Diplomacy", "deck", None, "attack", [], [], {}, None),
    "2QIN18": ("Western Zhou", "deck", None, "pinned", [], ["production", "river"], {}, None),
    "2QIN19": ("Advance", "deck", "barbarian", None, [], [], {}, None),
    "2QIN20": ("Prosperity", "deck", None, None, [], [], {}, None),
    "2QIN21": ("Duke Zhuang of Qin", "deck", "barbarian", None, [], [], {}, None),
    "2QIN22": ("Mandate of Heaven", "deck", None, "pinned", [], [], {}, "-2 unless in play"),
    "2QIN23": ("Unrest", "deck", None, None, [], [], {}, -2),
    "2QIN24": ("Unrest", "supply", None, None, [], [], {}, -2),
    "2QIN25": ("Unrest", "supply", None, None, [], [], {}, -2),
}
VP_FORMS = {
    "1 per pinned": {"per": {"in_play": {"pinned": True, "not_suit": "region"}}, "vp": 1},
    "walls": {"per": {"in_play": {"id": LONG_WALLS}}, "vp": 1},
    "2 in history": {"if": {"in": "history"}, "vp": 2},
    "terracotta": {"sum": [{"if": {"in": "garrison"}, "vp": 7}, {"if": {"in": "history"}, "vp": 3}]},
    "-2 unless in play": {"if": {"in": "play"}, "vp": 0, "else": -2},
}
SUITS = {"2QIN11": ["region"], "2QIN18": ["region"], **{u: ["unrest"] for u in UNREST}}
PLAYERS = {"2QIN24": 3, "2QIN25": 4}
RUSSIAN = {"2QIN1": "Империя Цинь", "2QIN20": "Процветание", **{u: "Беспорядки" for u in UNREST}}


# --- helpers ----------------------------------------------------------------------------------


def set_market(game, st, *card_ids):
    """The market holds exactly these cards, no tokens, no tucked unrest (back to the pile)."""
    for slot, cid in enumerate(card_ids):
        if st.market[slot].unrest >= 0:
            st.unrest.append(st.market[slot].unrest)
            st.market[slot].unrest = -1
        put_in_market(game, st, slot, cid)


def pick_if_asked(game, st, card_id, seat=0):
    """Choose ``card_id`` if a card is asked for and it is offered (a single candidate left is
    taken without asking)."""
    d = decision(st)
    if d is not None and d.kind == "card" and game.action_space.card + idx(game, card_id) in d.args["options"]:
        choose_card(game, st, seat, card_id)


def offered(game, st):
    return {game.cards[a - game.action_space.card].id for a in decision(st).args["options"]}


def unrest_in_hand(game, p):
    return sum(1 for k in p.hand if "unrest" in game.cards[k].suits)


def clean_up_token(game, st, seat, card_id):
    """End seat's Activate and place the clean-up token (R84) on ``card_id``; returns the slot."""
    answer(game, st, seat, A.END)
    d = decision(st)
    assert d.seats == [seat] and d.args["rule"] == "R84"
    choose_card(game, st, seat, card_id)
    return st.market[piles.slot_of(st, idx(game, card_id))]


# --- data and setup (R9, R13-R27, R29-R40, R193) -----------------------------------------------


def test_R9_the_qin_set_has_25_cards_all_exact():
    game, _ = fresh(Q, "Romans", activate=False)
    assert sorted(c.id for c in game.cards if c.deck == Q) == sorted(QIN)
    assert all(c.provenance == "exact" for c in game.cards if c.deck == Q)


def test_every_qin_card_is_implemented_and_tested():
    report = coverage("imperium")
    row = report["decks"][Q]
    assert row["cards"] == row["implemented"] == row["tested"] == 25 and row["untested"] == []


@pytest.mark.parametrize("card_id", QIN)
def test_card_facts(card_id):
    """Every printed field (R13-R27) agrees with the card reference; Russian names only where
    the rulebook prints them."""
    game, _ = fresh(Q, "Romans", activate=False)
    c = card(game, card_id)
    assert_printed_fields(c, FACTS[card_id], VP_FORMS)
    assert c.suits == SUITS.get(card_id, [])
    assert c.players == PLAYERS.get(card_id)
    assert c.free == (card_id == "2QIN6")
    assert c.unplayable == (card_id == "2QIN10")
    assert c.no_garrison == (card_id == "2QIN12")
    assert c.name_ru == RUSSIAN.get(card_id)
    assert (c.name_ru_translated is None) == (card_id in RUSSIAN)
    for lang in ("en", "ru"):
        assert words.card_text(game, card_id, lang)


def test_R30_the_power_card_faces():
    game, _ = fresh(Q, "Romans", activate=False)
    c = card(game, "2QIN1")
    token = [{"hook": "market_token", "args": {"population": 1}}]
    assert msgspec.to_builtins(c.passive) == token == msgspec.to_builtins(c.side_b.passive)  # R86
    assert msgspec.to_builtins(c.side_b.vp) == {"per": {"in_play": {"pinned": True, "not_suit": "region"}}, "vp": 2}
    assert c.side_b.exhaust == [] and msgspec.to_builtins(c.exhaust[0])["event"] == "market_population"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_qin_setup(players):
    nations = [Q, "Vikings", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2QIN1"  # R30
    assert ids(game, p.nation_deck)[0] == "2QIN2"  # R34, R193
    assert sorted(ids(game, p.nation_deck[1:])) == sorted(QIN[10:14])  # R35: 11-14
    assert sorted(ids(game, p.development)) == sorted(QIN[2:10])  # R36: 3-10
    assert sorted(ids(game, p.hand + p.deck)) == sorted(QIN[14:23])  # R39: 9 cards
    assert len(p.hand) == 5 and len(p.deck) == 4  # R40
    assert not p.empire and p.materials == 3 and p.population == 2  # R37, R42
    under = [s.unrest for s in st.market if s.unrest >= 0]
    pile = [k for k in st.unrest + under if game.cards[k].deck == Q]  # R38, R45
    assert sorted(ids(game, pile)) == sorted(SUPPLY[players])
    boxed = [c for c in QIN[23:] if c not in SUPPLY[players]]
    assert sorted(ids(game, [k for k in st.box if game.cards[k].deck == Q])) == sorted(boxed)
    assert game.check_invariants(st) == []


def test_R99_long_walls_I_is_the_accession_card_and_flips_the_state():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    piles.nation_top_to_discard(game, st, 0, [])
    assert ids(game, p.discard)[-1] == "2QIN2" and p.empire


# --- §16.5: the clean-up population (R86, R210) --------------------------------------------------


@covers("2QIN1")
@pytest.mark.parametrize("side", ["A", "B"])
def test_R210_R86_the_qin_place_1_population_instead_of_progress_on_either_side(side):
    game, st = fresh(Q, "Romans", power_side=side)
    k = st.market[3].card
    before = dict(st.market[3].tokens)
    slot = clean_up_token(game, st, 0, game.cards[k].id)
    assert slot.tokens.get("population", 0) == before.get("population", 0) + 1
    assert slot.tokens.get("progress", 0) == before.get("progress", 0)


@covers("2QIN1")
def test_R210_R84_the_other_nation_still_places_progress():
    game, st = fresh(Q, "Romans")
    answer(game, st, 0, A.END)
    game.apply(st, 0, game.legal(st, 0)[0])  # the Qin's population
    while decision(st).seats == [0]:
        answer(game, st, 0, A.END)
    answer(game, st, 1, A.REVOLT)  # Rome's turn
    k = st.market[4].card
    before = dict(st.market[4].tokens)
    choose_card(game, st, 1, game.cards[k].id)
    assert st.market[4].tokens.get("progress", 0) == before.get("progress", 0) + 1
    assert st.market[4].tokens.get("population", 0) == before.get("population", 0)


# --- the power card ------------------------------------------------------------------------------


@covers("2QIN1", "2QIN19")
def test_qin_A_doubles_the_population_of_an_acquired_market_card_G24():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    st.market[1].tokens = {"population": 2, "materials": 1}
    hand_only(game, st, 0, "2QIN19", FILLER)  # Advance
    p.materials = 3
    population = p.population
    play(game, st, 0, "2QIN19")
    answer(game, st, 0, A.OPTION)  # pay 3 materials: acquire
    choose_card(game, st, 0, "1UNC3")
    d = decision(st)
    assert d.kind == "may" and purpose_of(d) == "exhaust Qin"
    answer(game, st, 0, A.YES)
    assert p.population == population + 4  # 2 taken, 2 more
    assert p.materials == 1  # the material is not doubled
    assert p.power in p.exhausted


@covers("2QIN1")
def test_qin_power_vp_per_pinned_card_in_play_but_not_regions_side_b_double():
    game, st = fresh(Q, "Romans")
    for cid in ("2QIN13", "2QIN22", "2QIN11"):  # two pinned non-regions and a pinned region
        give(game, st, 0, cid, "play")
    assert game.score_seat(st, 0).breakdown["power"] == 2
    game_b, st_b = fresh(Q, "Romans", power_side="B")
    for cid in ("2QIN13", "2QIN22", "2QIN11"):
        give(game_b, st_b, 0, cid, "play")
    assert game_b.score_seat(st_b, 0).breakdown["power"] == 4


# --- the accession card and the development cards -------------------------------------------------


@covers("2QIN2", *UNREST)
def test_long_walls_I_unrest_costs_2_materials_less_to_at_least_1_R75():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN2")
    for u in UNREST:
        hand_only(game, st, 0, u, FILLER)
        p.materials, p.population, p.progress, p.actions = 1, 0, 0, 3
        assert legal_play(game, st, u)  # 3 materials less 2
        play(game, st, 0, u)  # the only option left: pay the materials (taken at once)
        assert p.materials == 0 and idx(game, u) in st.unrest
        assert vp_of(game, st, 0, u) == -2


@covers(*LONG_WALLS)
def test_long_walls_score_1_vp_for_each_long_walls_in_play():
    game, st = fresh(Q, "Romans")
    to_play(game, st, 0, "2QIN2", "2QIN4")
    assert [vp_of(game, st, 0, c) for c in LONG_WALLS] == [2, 2, 2, 2]
    to_play(game, st, 0, "2QIN3", "2QIN5")
    assert vp_of(game, st, 0, "2QIN5") == 4


@covers("2QIN3")
def test_long_walls_II_recalls_a_long_walls_to_ignore_an_attack_R145():
    game, st = fresh("Romans", Q)
    p, q = st.seats
    to_play(game, st, 1, "2QIN3", "2QIN4")
    p.empire = True
    hand_only(game, st, 0, "1CIV4", FILLER)  # Corruption: each other player takes an unrest
    unrest = unrest_in_hand(game, q)
    play(game, st, 0, "1CIV4")
    d = decision(st)
    assert d.seats == [1] and offered(game, st) == {"2QIN3", "2QIN4"}
    choose_card(game, st, 1, "2QIN4")
    assert "2QIN4" in ids(game, q.hand) and "2QIN3" in ids(game, q.play)
    assert unrest_in_hand(game, q) == unrest


@covers("2QIN4")
def test_long_walls_III_pays_1_population_to_draw():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN4")
    hand, population = len(p.hand), p.population
    exhaust(game, st, 0, "2QIN4")
    assert len(p.hand) == hand + 1 and p.population == population - 1
    p.exhausted.clear()
    p.population = p.progress = 0
    assert not legal_exhaust(game, st, "2QIN4")  # R78


@covers("2QIN5")
def test_long_walls_IV_with_3_long_walls_puts_a_card_back_for_an_action():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN5", "2QIN4")
    hand_only(game, st, 0, FILLER, "1UNC3")
    assert not legal_exhaust(game, st, "2QIN5")  # only 2 Long Walls
    to_play(game, st, 0, "2QIN2")
    actions = p.actions
    exhaust(game, st, 0, "2QIN5")
    choose_card(game, st, 0, "1UNC3")
    assert ids(game, p.deck)[-1] == "1UNC3" and p.actions == actions + 1


@covers("2QIN6")
def test_emperor_qin_shi_huang_needs_mandate_and_king_wu_then_takes_the_top_fame_card():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    p.empire = True
    hand_only(game, st, 0, "2QIN6", FILLER)
    assert not legal_play(game, st, "2QIN6")
    to_play(game, st, 0, "2QIN22")
    assert not legal_play(game, st, "2QIN6")  # King Wu not in history
    give(game, st, 0, "2QIN8", "history")
    assert legal_play(game, st, "2QIN6")
    top, actions = st.fame[-1], p.actions
    play(game, st, 0, "2QIN6")
    assert top in p.hand and p.actions == actions  # free play (R74)
    assert "2QIN6" in ids(game, p.history)


@covers("2QIN7", "2QIN19")
def test_mathematics_raises_the_hand_limit_and_lets_advance_be_played_in_empire():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    p.empire = True
    hand_only(game, st, 0, "2QIN19", FILLER)
    assert not legal_play(game, st, "2QIN19")  # R72
    to_play(game, st, 0, "2QIN7")
    assert legal_play(game, st, "2QIN19")
    assert shared.hand_limit(game, st, 0) == 6  # R91


@covers("2QIN8")
def test_king_wu_pays_up_to_3_progress_for_as_many_acquisitions():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    p.empire = True
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    hand_only(game, st, 0, "2QIN8", FILLER)
    to_play(game, st, 0, "2QIN22")
    assert not legal_play(game, st, "2QIN8")  # Duke Zhuang not in history
    give(game, st, 0, "2QIN21", "history")
    p.progress = 2
    play(game, st, 0, "2QIN8")
    answer(game, st, 0, A.YES)
    assert decision(st).args["options"] == [A.OPTION, A.OPTION + 1]  # 3 progress: not affordable
    answer(game, st, 0, A.OPTION + 1)
    choose_card(game, st, 0, "1REG3")
    choose_card(game, st, 0, "1TRI2")
    assert {"1REG3", "1TRI2"} <= set(ids(game, p.hand)) and p.progress == 0
    assert "2QIN8" in ids(game, p.history) and vp_of(game, st, 0, "2QIN8") == 2


@covers("2QIN9")
def test_metallurgy_solstice_gains_progress_or_takes_back_a_region():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN9")
    give(game, st, 0, "2QIN18", "discard")
    d = to_solstice(game, st)
    assert d.kind == "option" and d.seats == [0]
    answer(game, st, 0, A.OPTION + 1)
    pick_if_asked(game, st, "2QIN18")
    assert "2QIN18" in ids(game, p.hand)


@covers("2QIN10")
def test_terracotta_warriors_cannot_be_played_and_score_7_garrisoned_3_in_history():
    game, st = fresh(Q, "Romans")
    hand_only(game, st, 0, "2QIN10", "2QIN11", FILLER)
    assert not legal_play(game, st, "2QIN10")
    assert vp_of(game, st, 0, "2QIN10") == 0
    play(game, st, 0, "2QIN11")  # Eastern Zhou: garrison
    choose_card(game, st, 0, "2QIN10")
    assert vp_of(game, st, 0, "2QIN10") == 7
    assert scoring.card_vp(game, st, 0, idx(game, "2QIN10"), card(game, "2QIN10").vp) == 7
    give(game, st, 0, "2QIN10", "history")
    assert vp_of(game, st, 0, "2QIN10") == 3


@covers("2QIN11")
def test_eastern_zhou_gains_1_population_and_may_be_garrisoned():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2QIN11", FILLER)
    population = p.population
    play(game, st, 0, "2QIN11")
    assert p.population == population + 1
    choose_card(game, st, 0, FILLER)
    assert ids(game, p.garrison[idx(game, "2QIN11")]) == [FILLER]


@covers("2QIN12")
def test_glory_abandons_3_regions_to_take_1_of_2_fame_cards_and_is_never_a_garrison():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    glory, _ = hand_only(game, st, 0, "2QIN12", FILLER)
    regions = to_play(game, st, 0, "2QIN11", "2QIN18")
    fame = list(st.fame)
    assert legal_play(game, st, "2QIN12")  # 2 regions: still played (R71)
    play(game, st, 0, "2QIN12")
    assert p.play == regions and st.fame == fame and glory in p.discard  # nothing abandoned, no fame (R73)
    p.discard.remove(glory)
    p.hand.append(glory)
    to_play(game, st, 0, "1CEL9")
    seen = list(st.fame[-2:])
    play(game, st, 0, "2QIN12")
    for cid in ("2QIN11", "2QIN18", "1CEL9"):
        pick_if_asked(game, st, cid)
    assert not any("region" in game.cards[k].suits for k in p.play)
    assert offered(game, st) == {game.cards[k].id for k in seen}
    answer(game, st, 0, decision(st).args["options"][0])
    assert len([k for k in p.hand if k in seen]) == 1
    assert card(game, "2QIN12").no_garrison


@covers("2QIN13")
def test_writing_systems_puts_a_discarded_card_into_history_to_draw():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN13")
    p.discard = []
    assert not legal_exhaust(game, st, "2QIN13")  # nothing to put into history: a cost
    give(game, st, 0, "1UNC3", "discard")
    hand = len(p.hand)
    exhaust(game, st, 0, "2QIN13")
    assert ids(game, p.history) == ["1UNC3"] and len(p.hand) == hand + 1


@covers("2QIN15", "2QIN16")
def test_confucianism_and_legalism_abandon_each_other_when_played():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2QIN15", "2QIN16", FILLER)
    play(game, st, 0, "2QIN15")
    assert "2QIN15" in ids(game, p.play)  # nothing to abandon
    play(game, st, 0, "2QIN16")
    assert "2QIN16" in ids(game, p.play) and "2QIN15" in ids(game, p.discard)


@covers("2QIN15")
def test_confucianism_exhaust_acquires_a_card_with_population_or_returns_unrest():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN15")
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    st.market[0].tokens = {"population": 1}  # a region: not offered
    st.market[3].tokens = {"population": 1}
    hand_only(game, st, 0, FILLER, "1UNC8", "1CIV2")
    exhaust(game, st, 0, "2QIN15")
    pick_if_asked(game, st, "1UNC8")
    pick_if_asked(game, st, "1CIV2")
    answer(game, st, 0, A.OPTION)
    answer(game, st, 0, A.NO)  # Qin A would double the population (R86's token's reaction)
    assert "1TRI2" in ids(game, p.hand)  # the only one with population (taken at once)
    assert p.actions == 2
    u1, u2 = st.unrest.pop(), st.unrest.pop()
    p.discard += [u1, u2]
    p.exhausted.clear()
    give(game, st, 0, "1UNC8")
    give(game, st, 0, "1CIV2")
    exhaust(game, st, 0, "2QIN15")
    pick_if_asked(game, st, "1UNC8")
    pick_if_asked(game, st, "1CIV2")
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, game.action_space.card + u1)
    pick_if_asked(game, st, game.cards[u2].id)
    assert u1 in st.unrest and u2 in st.unrest


@covers("2QIN16")
def test_legalism_exhaust_pays_3_population_to_acquire_a_region_or_tributary():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN16")
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    p.population, p.progress = 2, 0
    assert not legal_exhaust(game, st, "2QIN16")
    p.population = 3
    st.edited()
    exhaust(game, st, 0, "2QIN16")
    assert offered(game, st) == {"1REG3", "1TRI2", "1REG6"}
    choose_card(game, st, 0, "1REG6")
    assert "1REG6" in ids(game, p.hand) and p.population == 0


@covers("2QIN17")
def test_school_of_diplomacy_abandons_regions_to_acquire_as_many_and_barbarians_make_others_recall():
    game, st = fresh(Q, "Romans")
    p, q = st.seats
    set_market(game, st, "1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")
    to_play(game, st, 0, "2QIN11", "2QIN18")
    to_play(game, st, 1, "1ROM12")  # Raetia
    hand_only(game, st, 0, "2QIN17", FILLER)
    play(game, st, 0, "2QIN17")
    choose_card(game, st, 0, "2QIN11")
    choose_card(game, st, 0, "2QIN18")  # no third region: the abandoning stops at 2
    choose_card(game, st, 0, "1TRI2")
    choose_card(game, st, 0, "1REG3")
    assert decision(st).kind == "activate"  # 2 abandoned, 2 acquired
    assert {"1TRI2", "1REG3"} <= set(ids(game, p.hand))
    assert "1ROM12" in ids(game, q.hand)  # Barbarian: the Romans recall their region


@covers("2QIN17")
def test_school_of_diplomacy_in_empire_makes_no_one_recall():
    game, st = fresh(Q, "Romans")
    p, q = st.seats
    p.empire = True
    to_play(game, st, 1, "1ROM12")
    hand_only(game, st, 0, "2QIN17", FILLER)
    play(game, st, 0, "2QIN17")  # no region to abandon, so nothing to acquire
    assert decision(st).kind == "activate"
    assert "1ROM12" in ids(game, q.play)


@covers("2QIN18")
def test_western_zhou_gains_1_material_and_may_be_garrisoned():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2QIN18", FILLER)
    materials = p.materials
    play(game, st, 0, "2QIN18")
    assert p.materials == materials + 1
    answer(game, st, 0, A.END)
    assert "2QIN18" in ids(game, p.play)


@covers("2QIN19")
def test_advance_breaks_through_for_5_materials():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2QIN19", FILLER)
    p.materials = 5
    play(game, st, 0, "2QIN19")
    answer(game, st, 0, A.OPTION + 1)
    answer(game, st, 0, A.SUIT + 2)  # civilised
    answer(game, st, 0, A.BT_DECK)
    assert p.materials == 0 and len(p.hand) == 2


@covers("2QIN20")
def test_prosperity_all_may_draw_then_population_per_region():
    game, st = fresh(Q, "Romans")
    p, q = st.seats
    to_play(game, st, 0, "2QIN11", "2QIN18")
    hand_only(game, st, 0, "2QIN20", FILLER)
    population, q_hand = p.population, len(q.hand)
    play(game, st, 0, "2QIN20")
    answer(game, st, 0, A.NO)
    answer(game, st, 1, A.YES)
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 2 and len(q.hand) == q_hand + 1


@covers("2QIN21")
def test_duke_zhuang_needs_mandate_returns_unrest_and_breaks_through():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, "2QIN21", FILLER)
    assert not legal_play(game, st, "2QIN21")
    to_play(game, st, 0, "2QIN22")
    u1, u2 = st.unrest.pop(), st.unrest.pop()
    p.hand.append(u1)
    p.discard.append(u2)
    play(game, st, 0, "2QIN21")
    answer(game, st, 0, game.action_space.card + u1)
    pick_if_asked(game, st, game.cards[u2].id)
    assert u1 in st.unrest and u2 in st.unrest
    hand = len(p.hand)
    answer(game, st, 0, A.SUIT + 0)  # region
    answer(game, st, 0, A.BT_DECK)  # the region deck's top (R135)
    assert len(p.hand) == hand + 1
    assert "2QIN21" in ids(game, p.history)


@covers("2QIN22")
def test_mandate_of_heaven_adds_population_to_the_market_may_be_abandoned_and_costs_2_vp_out_of_play():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    assert vp_of(game, st, 0, "2QIN22") == -2
    to_play(game, st, 0, "2QIN22")
    assert vp_of(game, st, 0, "2QIN22") == 0
    k = st.market[2].card
    before = st.market[2].tokens.get("population", 0)
    exhaust(game, st, 0, "2QIN22")
    choose_card(game, st, 0, game.cards[k].id)
    assert st.market[2].tokens.get("population", 0) == before + 1
    answer(game, st, 0, A.YES)  # abandon it
    assert "2QIN22" in ids(game, p.discard) and vp_of(game, st, 0, "2QIN22") == -2


@covers("2QIN22")
def test_mandate_of_heaven_solstice_discards_2_cards():
    game, st = fresh(Q, "Romans")
    p = st.seats[0]
    to_play(game, st, 0, "2QIN22")
    d = to_solstice(game, st)
    assert d.kind == "card" and d.seats == [0] and purpose_of(d) == "discard"
    hand = len(p.hand)
    answer(game, st, 0, d.args["options"][0])
    answer(game, st, 0, decision(st).args["options"][0])
    assert len(p.hand) == hand - 2
