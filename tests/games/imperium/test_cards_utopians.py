"""The Utopians, «Просветлённые» (2UTO1-2UTO21), on the real card data: setup, the nation rules of
§16.4 (the path deck, R205-R209) and the Shangri-La end trigger (R218), then one test per card.

Rule numbers refer to shared/rules/imperium.md. The path deck is Visions of Shangri-La (2UTO2,
side B Path to Shangri-La) on top of Gates of Shangri-La (2UTO3, side B Shangri-La) (R33); only
its top card is in play, as a second power card, and only its own solstice moves it on (R206,
R207). No nation deck, no accession, no development cards, 3 exhaust tokens (R42, R89, R209);
each time the personal deck runs out, an unrest (R208).
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import scoring
from tests.games.imperium.scenario import (
    answer,
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
    take_anywhere,
    to_play,
    vp_of,
)

UTO = "Utopians"
CARDS = [f"2UTO{n}" for n in range(1, 22)]
FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself
SUPPLY = {2: ["2UTO17", "2UTO18", "2UTO19"], 3: ["2UTO17", "2UTO18", "2UTO19", "2UTO20"], 4: CARDS[16:]}


# name, location, header, types, VP (shared/reference, checked); no Utopian card has a state symbol
def per(suit=None, vp=1, every=1, **count):
    """A VP line per a count: cards of a suit among all the player's cards, or ``count``."""
    return {"per": count or {"zone": "all", "filter": {"suit": suit}}, "vp": vp, "every": every}


SCROLL_VP = {"if": {"in": "history"}, "vp": 1, "else": 0}
FACTS = {
    "2UTO1": ("Utopians", "in-play", "power", [], per(resource="population", every=4)),
    "2UTO2": ("Visions of Shangri-La", "path", None, [], None),
    "2UTO3": ("Gates of Shangri-La", "path", None, [], None),
    "2UTO4": ("Monastery", "deck", "pinned", [], per(zone="exile", every=4)),
    "2UTO5": ("Portals", "deck", "pinned", [], per("region")),
    "2UTO6": ("Daochang", "deck", "pinned", [], per("tributary")),
    "2UTO7": ("Lost Tomes", "deck", "pinned", [], per("fame", vp=2)),
    "2UTO8": ("Tree of Knowledge", "deck", "pinned", [], per("civilised")),
    "2UTO9": ("Charity", "deck", None, [], None),
    "2UTO10": ("Meditation", "deck", None, [], None),
    "2UTO11": ("Mountain Retreat", "deck", "pinned", [], per("uncivilised")),
    **{f"2UTO{n}": ("Sacred Scroll", "deck", None, ["scroll"], SCROLL_VP) for n in range(12, 17)},
    **{f"2UTO{n}": ("Unrest", "supply", None, [], -2) for n in range(17, 22)},
}


# --- helpers ----------------------------------------------------------------------------------


def utopians(*others, **options):
    game, st = fresh(UTO, *(others or ("Romans",)), **options)
    for slot, cid in enumerate(("1REG3", "1UNC3", "1CIV4", "1TRI2", "1REG6")):
        market(game, st, slot, cid)
    return game, st


def path(game, st, seat=0):
    p = st.seats[seat]
    return game.cards[p.path[-1]].id, p.path_side


def solstice_of(game, st, card_id):
    """Play the round out (the others revolt with nothing, every other question declined) to the
    solstice decision of ``card_id``'s effect; None when the solstice passes without one."""
    start = st.round
    while st.round == start and not st.over:
        d = decision(st)
        i = d.args.get("frame", -1)
        frame = st.run[i] if 0 <= i < len(st.run) else None
        if frame is not None and frame.part == "solstice" and game.cards[frame.card].id == card_id:
            return d
        seat = d.seats[0]
        if d.kind == "turn":
            action = A.REVOLT
        elif d.kind == "activate" or d.args.get("optional"):
            action = A.END
        elif d.kind == "may":
            action = A.NO
        else:
            action = game.legal(st, seat)[0]
        game.apply(st, seat, action)
    return None


def unrest_in_hand(game, p):
    return sum(1 for k in p.hand if "unrest" in game.cards[k].suits)


# --- setup (R9, R29-R42, R33, R209) -----------------------------------------------------------


def test_R9_the_utopian_set_has_21_cards_each_as_printed():
    game, _ = fresh(UTO, "Romans", activate=False)
    mine = [c for c in game.cards if c.deck == UTO]
    assert sorted(c.id for c in mine) == sorted(CARDS)
    assert all(c.provenance == "exact" for c in mine)
    for c in mine:
        name, location, header, types, vp = FACTS[c.id]
        assert (c.name, c.location, c.state, c.types) == (name, location, None, types)
        assert (c.pinned, c.power, c.attack) == (header == "pinned", header == "power", False)
        assert scoring.msgspec.to_builtins(c.vp) == vp
    assert card(game, "2UTO2").side_b.name == "Path to Shangri-La"
    assert (card(game, "2UTO3").side_b.name, card(game, "2UTO3").side_b.name_ru) == ("Shangri-La", "Шангри-Ла")
    assert (card(game, "2UTO20").players, card(game, "2UTO21").players) == (3, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R42_R33_R209_utopian_setup(players):
    nations = [UTO, "Celts", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2UTO1"  # R30
    assert ids(game, p.path) == ["2UTO3", "2UTO2"] and p.path_side == "A"  # R33: Visions on top of Gates
    assert p.nation_deck == [] and p.development == []  # R34-R36
    assert sorted(ids(game, p.hand + p.deck)) == sorted(CARDS[3:16])  # R39
    assert len(p.hand) == 5 and p.exhausts == 3 and not p.empire  # R40, R42, G23
    pile = st.unrest + [s.unrest for s in st.market if s.unrest >= 0]
    assert sorted(ids(game, [k for k in pile if game.cards[k].deck == UTO])) == SUPPLY[players]  # R38, R45
    assert game.check_invariants(st) == []


def test_R89_three_exhaust_tokens_at_every_clean_up():
    game, st = utopians()
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    answer(game, st, 0, A.END)
    while decision(st).seats == [0]:
        legal = game.legal(st, 0)
        game.apply(st, 0, A.END if A.END in legal else legal[0])
    assert p.exhausts == 3 and st.seats[1].exhausts == 5


# --- §16.4 the path (R205-R207) ------------------------------------------------------------------


def test_R206_only_the_top_path_card_is_in_play_as_a_second_power_card():
    game, st = utopians()
    p = st.seats[0]
    view = game.view(st, 1)["seats"][0]
    assert view["path"] == {"card": "2UTO2", "side": "A", "exhausted": False} and view["path_size"] == 2
    hand_only(game, st, 0, "1ROM16", FILLER)
    assert not legal_exhaust(game, st, "2UTO3")  # Gates lies under Visions: not in play
    p.path_side = "B"  # Path to Shangri-La: exhaust, abandon a region
    assert not legal_exhaust(game, st, "2UTO2")  # no region to abandon
    to_play(game, st, 0, "1REG6")
    assert legal_exhaust(game, st, "2UTO2")
    population, progress = p.population, p.progress
    exhaust(game, st, 0, "2UTO2")
    assert (p.population, p.progress) == (population + 1, progress + 1) and idx(game, "1REG6") in p.discard
    assert idx(game, "2UTO2") in p.exhausted and not legal_exhaust(game, st, "2UTO2")  # R77
    assert "Path card" in repr(game.board_panels(st, 1, "en"))


def test_R207_the_path_card_leaves_play_only_through_its_own_solstice():
    game, st = utopians()
    p = st.seats[0]
    glory, _ = hand_only(game, st, 0, "1ROM14", FILLER)  # Glory: abandon 3 regions
    regions = to_play(game, st, 0, "1REG6", "1REG3")
    fame = list(st.fame)
    assert legal_play(game, st, "1ROM14")  # played whatever it can abandon (R71)
    play(game, st, 0, "1ROM14")
    assert decision(st).kind == "activate"  # the path card is no card of the play area: not a third
    assert p.play == regions and st.fame == fame and glory in p.discard  # nothing abandoned (R73)
    assert idx(game, "2UTO2") not in p.play and ids(game, p.path)[-1] == "2UTO2"


@covers("2UTO2", "2UTO3")
def test_R205_R206_the_whole_path_visions_path_gates_shangri_la():
    game, st = utopians()
    p = st.seats[0]
    hand_only(game, st, 0, "1ROM16")
    p.progress = 6
    d = solstice_of(game, st, "2UTO2")  # Visions: pay all progress (min 5) OR discard then draw
    answer(game, st, 0, A.OPTION)
    assert p.progress == 0 and path(game, st) == ("2UTO2", "B")  # Path to Shangri-La
    p.progress = 5
    d = solstice_of(game, st, "2UTO2")
    assert d.kind == "option"
    answer(game, st, 0, A.OPTION)  # replace it with Gates: the state flips (G23)
    assert path(game, st) == ("2UTO3", "A") and p.empire and idx(game, "2UTO2") in st.box
    assert ids(game, p.path) == ["2UTO3"]
    p.progress = 7
    solstice_of(game, st, "2UTO3")
    answer(game, st, 0, A.OPTION)
    assert path(game, st) == ("2UTO3", "B") and p.progress == 0  # Shangri-La
    assert game.check_invariants(st) == []


@covers("2UTO2")
def test_visions_with_less_than_5_progress_discards_a_card_then_draws():
    game, st = utopians()
    p = st.seats[0]
    hand_only(game, st, 0, "1ROM16", "1ROM17")
    p.progress = 4
    solstice_of(game, st, "2UTO2")  # the payment is out of reach: discard one, draw one
    choose_card(game, st, 0, "1ROM16")
    assert idx(game, "1ROM16") in p.discard and path(game, st) == ("2UTO2", "A") and p.progress == 4


@covers("2UTO2")
def test_visions_reacts_to_returning_an_unrest_spending_an_action_for_a_progress_G24_R78():
    game, st = utopians()
    p = st.seats[0]
    hand_only(game, st, 0, "2UTO17", FILLER)
    progress = p.progress
    play(game, st, 0, "2UTO17")
    answer(game, st, 0, A.OPTION)  # 1 population, then it returns itself
    d = decision(st)
    assert d.kind == "may" and purpose_of(d) == "exhaust Visions of Shangri-La"
    answer(game, st, 0, A.YES)
    assert p.progress == progress + 1 and p.actions == 1  # one for the unrest, one for Visions
    p.exhausted, p.actions = [], 1
    give(game, st, 0, "2UTO18")
    play(game, st, 0, "2UTO18")
    answer(game, st, 0, A.OPTION)
    assert decision(st).kind == "activate"  # no action left for Visions: not offered (R78)


@covers("2UTO2")
def test_path_to_shangri_la_may_take_a_region_back_from_the_discard_pile():
    game, st = utopians()
    p = st.seats[0]
    p.path_side = "B"
    p.progress = 0
    give(game, st, 0, "1REG6", "discard")
    solstice_of(game, st, "2UTO2")  # the payment is out of reach: the region
    choose_card(game, st, 0, "1REG6")
    assert idx(game, "1REG6") in p.hand


@covers("2UTO3")
def test_gates_exhausts_to_put_a_hand_card_into_history_for_a_progress():
    game, st = utopians()
    p = st.seats[0]
    p.path = p.path[:1]  # Gates on top
    hand_only(game, st, 0)
    assert not legal_exhaust(game, st, "2UTO3")  # nothing to put into history
    give(game, st, 0, "1ROM16")
    give(game, st, 0, FILLER)
    progress = p.progress
    exhaust(game, st, 0, "2UTO3")
    choose_card(game, st, 0, "1ROM16")
    assert idx(game, "1ROM16") in p.history and p.progress == progress + 1


@covers("2UTO3")
def test_shangri_la_turns_each_materials_gain_into_population_and_progress_for_the_others():
    game, st = utopians("Romans", "Celts")
    p, q, r = st.seats
    p.path, p.path_side = p.path[:1], "B"
    hand_only(game, st, 0, FILLER)
    m, pop, qg, rg = p.materials, p.population, q.progress, r.progress
    exhaust(game, st, 0, "2UTO3")  # gain 1 material: instead 2 population, 1 progress to each other
    assert (p.materials, p.population, q.progress, r.progress) == (m, pop + 2, qg + 1, rg + 1)
    st.seats[1].materials = 5
    give(game, st, 1, "1ROM12", "play")
    assert q.materials == 5  # another player's gain is theirs


def test_R218_G15_shangri_la_solstice_triggers_the_end_with_24_population_not_23():
    for population, triggered in ((23, False), (24, True)):
        game, st = utopians()
        p = st.seats[0]
        p.path, p.path_side = p.path[:1], "B"
        p.population = population
        hand_only(game, st, 0, FILLER)
        answer(game, st, 0, A.END)
        start = st.round
        while st.round == start and not st.over:
            d = decision(st)
            seat = d.seats[0]
            legal = game.legal(st, seat)
            game.apply(st, seat, A.REVOLT if d.kind == "turn" else A.END if A.END in legal else legal[0])
        assert st.scoring_triggered is triggered and not st.over  # R219: one more round


# --- R208 the deck running out -------------------------------------------------------------------


@covers("2UTO1")
def test_R208_each_time_the_deck_runs_out_an_unrest_even_without_a_reshuffle():
    game, st = utopians()
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    p.discard, p.deck = [], [idx(game, "1ROM16")]
    to_play(game, st, 0, "1CIV10")  # Coinage: exhaust to draw 1
    exhaust(game, st, 0, "1CIV10")
    assert unrest_in_hand(game, p) == 1 and p.deck == []
    p.discard = [idx(game, "1ROM17")]
    give(game, st, 0, "2UTO10")  # Meditation: a discarded card back on the deck
    play(game, st, 0, "2UTO10")
    answer(game, st, 1, A.NO)
    assert ids(game, p.deck) == ["1ROM17"] and not p.deck_out
    give(game, st, 0, "1FAM4")  # Marvellous: draws the top card, the deck runs out again (R208)
    play(game, st, 0, "1FAM4")
    settle_marvellous = decision(st)
    assert settle_marvellous.kind == "option"
    answer(game, st, 0, A.OPTION)  # discard it
    assert unrest_in_hand(game, p) == 2


def test_R102_R104_R209_a_utopian_reshuffle_never_moves_a_nation_or_development_card():
    game, st = utopians()
    p = st.seats[0]
    hand_only(game, st, 0, FILLER)
    p.discard, p.deck = [idx(game, "1ROM16"), idx(game, "1ROM17")], []
    to_play(game, st, 0, "1CIV10")
    exhausts = p.exhausts
    exhaust(game, st, 0, "1CIV10")  # empty deck: the reshuffle just shuffles
    assert p.exhausts == exhausts - 1 and len(p.deck) + len(p.hand) >= 2
    assert decision(st).kind == "activate"


# --- the power card --------------------------------------------------------------------------------


@covers("2UTO1")
def test_utopians_A_solstice_others_may_return_an_unrest_each_gives_a_population():
    game, st = utopians("Romans", "Celts")
    p, q, r = st.seats
    hand_only(game, st, 0)
    unrest = [k for k in st.unrest if not game.cards[k].players][:2]
    for seat, k in ((1, unrest[0]), (2, unrest[1])):
        st.unrest.remove(k)
        st.seats[seat].hand.append(k)
    population = p.population
    d = solstice_of(game, st, "2UTO1")
    assert d.kind == "card" and d.seats == [1] and d.args["optional"]
    game.apply(st, 1, game.action_space.card + unrest[0])
    d = decision(st)
    assert d.seats == [2]
    answer(game, st, 2, A.END)  # declines
    assert unrest[0] in st.unrest and unrest[1] in r.hand
    assert p.population == population + 1


@covers("2UTO1")
def test_utopians_vp_per_4_population_side_b_per_3_and_3_exhaust_tokens_on_both_sides():
    game, st = utopians()
    st.seats[0].population = 12
    assert game.score_seat(st, 0).breakdown["power"] == 3
    game, st = utopians(power_side="B")
    st.seats[0].population = 12
    assert game.score_seat(st, 0).breakdown["power"] == 4
    assert st.seats[0].exhausts == 3
    assert game.face(idx(game, "2UTO1"), "B").solstice == []


# --- the starting deck ---------------------------------------------------------------------------


def scroll_exhaust_setup(game, st, card_id, *hand):
    p = st.seats[0]
    to_play(game, st, 0, card_id)
    hand_only(game, st, 0, *hand)
    return p


@covers("2UTO4")
def test_monastery_garrisons_a_scroll_to_exile_a_hand_card_for_2_population_1_progress_more_for_an_attack():
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO4", "1ROM16", "2UTO19", FILLER)
    assert not legal_exhaust(game, st, "2UTO4")  # no scroll in hand
    give(game, st, 0, "2UTO12")
    give(game, st, 0, "1CIV4")  # Corruption: an attack
    pop, progress = p.population, p.progress
    exhaust(game, st, 0, "2UTO4")
    d = decision(st)
    offered = {game.cards[a - game.action_space.card].id for a in d.args["options"]}
    assert "2UTO19" not in offered and "1CIV4" in offered  # never an unrest
    choose_card(game, st, 0, "1CIV4")
    assert idx(game, "1CIV4") in st.exile and p.garrison[idx(game, "2UTO4")] == [idx(game, "2UTO12")]
    assert (p.population, p.progress) == (pop + 2, progress + 1)
    st.exile += [idx(game, c) for c in ("1REG1", "1REG2", "1REG4")]
    assert vp_of(game, st, 0, "2UTO4") == len(st.exile) // 4


@covers("2UTO4")
def test_monastery_solstice_draws_or_is_abandoned_returning_an_unrest():
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO4", "2UTO19")
    p.progress = 0
    solstice_of(game, st, "2UTO4")
    answer(game, st, 0, A.OPTION + 1)
    assert idx(game, "2UTO4") in p.discard and idx(game, "2UTO19") in st.unrest


@covers("2UTO5")
def test_portals_garrisons_a_scroll_to_acquire_a_region_solstice_recall_or_abandon_for_population():
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO5", "2UTO13", FILLER)
    exhaust(game, st, 0, "2UTO5")
    choose_card(game, st, 0, "1REG6")
    assert idx(game, "1REG6") in p.hand and p.garrison[idx(game, "2UTO5")] == [idx(game, "2UTO13")]
    assert vp_of(game, st, 0, "2UTO5") == sum(1 for k in scoring.scoring_zones(p) if "region" in game.cards[k].suits)
    p.progress, pop = 0, p.population
    assert solstice_of(game, st, "2UTO5") is None  # no region in play: only abandon, 1 population
    assert idx(game, "2UTO5") in p.discard and p.population == pop + 1


@covers("2UTO6")
def test_daochang_pays_a_population_to_ignore_an_attack_exhausts_for_a_tributary():
    game, st = fresh("Romans", UTO)
    r, u = st.seats
    r.empire = True
    to_play(game, st, 1, "2UTO6")
    hand_only(game, st, 0, "1ROM3", FILLER)  # Military Engineering: the others discard 2
    u.hand = [idx(game, c) for c in ("1ROM16", "1ROM17")]
    population = u.population
    play(game, st, 0, "1ROM3")
    d = decision(st)
    assert d.kind == "may" and d.seats == [1] and purpose_of(d) == "pay to avoid the attack"
    answer(game, st, 1, A.YES)
    assert u.population == population - 1 and len(u.hand) == 2
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO6", "2UTO14", FILLER)
    exhaust(game, st, 0, "2UTO6")
    assert idx(game, "1TRI2") in p.hand


@covers("2UTO6")
def test_daochang_solstice_takes_an_unrest_or_is_abandoned_for_a_material():
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO6", FILLER)
    p.progress = 0
    solstice_of(game, st, "2UTO6")
    materials = p.materials
    answer(game, st, 0, A.OPTION + 1)
    assert idx(game, "2UTO6") in p.discard and p.materials == materials + 1


@covers("2UTO7")
def test_lost_tomes_garrison_a_scroll_for_history_with_two_scrolls_may_take_the_top_fame_card():
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO7", "2UTO15", "1ROM16", FILLER)
    exhaust(game, st, 0, "2UTO7")
    choose_card(game, st, 0, "1ROM16")
    assert idx(game, "1ROM16") in p.history
    take_anywhere(st, idx(game, "2UTO16"))
    p.garrison[idx(game, "2UTO7")].append(idx(game, "2UTO16"))  # a second scroll under it
    p.progress = 0
    top = st.fame[-1]
    d = solstice_of(game, st, "2UTO7")
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    assert top in p.hand and idx(game, "2UTO7") in p.discard
    assert vp_of(game, st, 0, "2UTO7") == 2 * sum(1 for k in scoring.scoring_zones(p) if "fame" in game.cards[k].suits)


@covers("2UTO8")
def test_tree_of_knowledge_garrisons_a_scroll_to_acquire_uncivilised_or_civilised():
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO8", "2UTO12", "1ROM16", FILLER)
    exhaust(game, st, 0, "2UTO8")
    choose_card(game, st, 0, "1CIV4")
    assert idx(game, "1CIV4") in p.hand
    p.progress = 0
    solstice_of(game, st, "2UTO8")
    answer(game, st, 0, A.OPTION + 1)  # abandon it, draw a card
    assert idx(game, "2UTO8") in p.discard


@covers("2UTO9")
def test_charity_gains_a_progress_and_each_other_player_may_gain_2_materials():
    game, st = utopians()
    p, q = st.seats
    hand_only(game, st, 0, "2UTO9", FILLER)
    progress, materials = p.progress, q.materials
    play(game, st, 0, "2UTO9")
    assert decision(st).seats == [1]
    answer(game, st, 1, A.YES)
    assert p.progress == progress + 1 and q.materials == materials + 2


@covers("2UTO10")
def test_meditation_is_free_puts_a_discarded_card_on_the_deck_and_the_others_may_draw():
    game, st = utopians()
    p, q = st.seats
    hand_only(game, st, 0, "2UTO10", FILLER)
    p.discard = [idx(game, "1ROM16")]
    actions, hand = p.actions, len(q.hand)
    play(game, st, 0, "2UTO10")
    answer(game, st, 1, A.YES)
    assert p.deck[-1] == idx(game, "1ROM16") and p.actions == actions and len(q.hand) == hand + 1


@covers("2UTO11")
def test_mountain_retreat_garrisons_an_unrest_to_take_a_scroll_back_solstice_returns_them():
    game, st = utopians()
    p = scroll_exhaust_setup(game, st, "2UTO11", "2UTO17", FILLER)
    p.discard = [idx(game, "2UTO12")]
    exhaust(game, st, 0, "2UTO11")
    assert idx(game, "2UTO12") in p.hand and p.garrison[idx(game, "2UTO11")] == [idx(game, "2UTO17")]
    p.progress = 0
    solstice_of(game, st, "2UTO11")
    answer(game, st, 0, A.OPTION + 1)
    assert idx(game, "2UTO17") in st.unrest and idx(game, "2UTO11") in p.discard


@covers("2UTO12", "2UTO13", "2UTO14", "2UTO15", "2UTO16")
@pytest.mark.parametrize("card_id", CARDS[11:16])
def test_sacred_scroll_is_free_all_may_draw_1_vp_only_in_history(card_id):
    game, st = utopians()
    p, q = st.seats
    hand_only(game, st, 0, card_id, FILLER)
    actions, mine, theirs = p.actions, len(p.hand), len(q.hand)
    play(game, st, 0, card_id)
    answer(game, st, 0, A.YES)
    answer(game, st, 1, A.NO)
    assert p.actions == actions and len(p.hand) == mine and len(q.hand) == theirs
    assert vp_of(game, st, 0, card_id) == 0
    give(game, st, 0, card_id, "history")
    assert vp_of(game, st, 0, card_id) == 1


@covers("2UTO17", "2UTO18", "2UTO19", "2UTO20", "2UTO21")
def test_utopian_unrest_go_to_the_unrest_pile_pay_then_return_minus_2_vp():
    game, st = utopians()
    p = st.seats[0]
    hand_only(game, st, 0, "2UTO20", FILLER)
    p.materials = 3
    play(game, st, 0, "2UTO20")
    answer(game, st, 0, A.OPTION + 2)
    assert p.materials == 0 and idx(game, "2UTO20") in st.unrest
    for cid in CARDS[16:]:
        assert vp_of(game, st, 0, cid) == -2


def test_every_utopian_card_is_implemented_and_tested():
    from epochal.coverage import coverage

    row = coverage("imperium")["decks"][UTO]
    assert (row["cards"], row["implemented"], row["tested"], row["untested"]) == (21, 21, 21, [])
