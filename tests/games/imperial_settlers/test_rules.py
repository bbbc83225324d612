"""Rule tests, named after the rules of shared/rules/imperial-settlers.md they check."""

from __future__ import annotations

from epochal.engine import Decision
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers.empire import colour_count
from tests.games.imperial_settlers.scenario import (
    act,
    action_id,
    answer,
    assert_illegal,
    decision,
    end_turn,
    fresh,
    give,
    goods,
    idx,
    legal_kinds,
    pick,
    settlers,
    supply,
)


def run_production(game, st):
    """Run the Production phase from scratch (first player = st.first)."""
    st.stack.clear()
    st.phase = "production"
    game.advance(st, [])


# --- setup and rounds (R5, R21-R40) ---------------------------------------------------------------


def test_R28_R29_setup_starting_hands_first_player_and_no_goods():
    game = settlers()
    for players in (2, 3, 4):
        st = game.new(players, 11)
        assert 0 <= st.first < players and st.first == st.start_first == game.first_player(st)
        for p in st.seats:
            common = sum(1 for k in p.hand if game.cards[k].common)
            empire = len(p.hand) - common
            assert empire == 3 and common <= 2  # 2 + 2 dealt, + the Lookout empire card
            assert (p.wood, p.stone, p.food, p.gold, p.worker, p.raze, p.vp) == (0,) * 7
            assert not p.locations and not p.deals and not p.foundations
        assert st.phase == "lookout" and decision(st).kind == "pick_table"
        assert decision(st).seats == [st.first]
        assert len(st.table) == players + 1  # R34.2


def test_R24_R4_every_seat_has_its_own_empire_deck():
    game = settlers()
    st = game.new(4, 3, {"factions": "rotation:2"})
    assert game.seat_labels(st) == ["Egyptians", "Japanese", "Romans", "Barbarians"]
    for p in st.seats:
        assert all(game.cards[k].faction == p.faction for k in p.deck)
        assert len(p.deck) + sum(1 for k in p.hand if not game.cards[k].common) == 30


def test_R34_R35_R36_standard_lookout_snake_draft_and_discard():
    game = settlers()
    st = game.new(3, 5)
    first = st.first
    order = [(first + i) % 3 for i in range(3)]
    seen = []
    while st.phase == "lookout":
        d = decision(st)
        seen.append(d.seats[0])
        assert len(game.legal(st, d.seats[0])) == len(st.table)
        game.apply(st, d.seats[0], game.legal(st, d.seats[0])[0])
    assert seen == order + list(reversed(order))  # R34.2, R34.3, R35
    assert len(st.common_discard) == 2  # one card per draft
    for p in st.seats:  # R38: 7 cards
        assert len(p.hand) == 7


def test_R38_R45_round_one_production_is_the_board_only():
    game = settlers()
    st = game.new(2, 9, {"factions": "Romans,Barbarians"})
    while st.phase == "lookout":
        seat = decision(st).seats[0]
        game.apply(st, seat, game.legal(st, seat)[0])
    rom, bar = st.seats
    assert (rom.worker, rom.wood, rom.stone, rom.raze, rom.defence) == (2, 1, 1, 1, 1)
    assert (bar.worker, bar.raze, bar.defence) == (5, 1, 1)


def test_R39_A12_empty_empire_deck_gives_no_lookout_card():
    game, st = fresh("Romans", "Barbarians")
    st.seats[0].discard, st.seats[0].deck = st.seats[0].deck, []
    st.stack.clear()
    st.phase = "lookout_start"
    hand = len(st.seats[0].hand)
    game.advance(st, [])
    assert len(st.seats[0].hand) == hand  # no empire card, no error
    assert game.check_invariants(st) == []


def test_R31_R125_R133_five_rounds_and_no_cleanup_in_the_last():
    game = settlers()
    st = game.new(2, 4)
    rounds = set()
    while not st.over:
        rounds.add(st.round)
        seat = game.actors(st)[0]
        legal = game.legal(st, seat)
        game.apply(st, seat, A.PASS if A.PASS in legal else legal[0])
    assert rounds == {1, 2, 3, 4, 5}
    board = [(p.worker, p.raze, p.defence) for p in st.seats]
    assert all(w > 0 and d == 1 for w, _, d in board)  # round 5's goods were kept (R125)


# --- production (R41-R48) ------------------------------------------------------------------------


def test_R41_R42_R44_production_board_deals_locations():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR012", "locations")  # Sentry Tower
    give(game, st, 0, "BAR001", "deals")  # deal: wood
    run_production(game, st)
    assert goods(st, 0) == {"worker": 6, "raze": 2, "defence": 1, "wood": 1}


def test_R47_production_location_produces_when_built_and_each_production():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM007")  # Old Forest: 2 wood
    supply(st, 0, wood=2)
    act(game, st, 0, "build", "COM007")
    assert st.seats[0].wood == 2  # paid 2, produced 2
    run_production(game, st)
    assert st.seats[0].wood == 2 + 2 + 1  # + Old Forest + board


def test_R43_R118_each_card_chooses_its_deck():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM065", "locations")  # Watchtower: 1 card
    run_production(game, st)
    d = decision(st)
    assert d.kind == "card_source" and set(game.legal(st, 0)) == {A.CARD_COMMON, A.CARD_EMPIRE}
    hand = len(st.seats[0].hand)
    deck = len(st.seats[0].deck)
    answer(game, st, 0, A.CARD_EMPIRE)
    assert len(st.seats[0].hand) == hand + 1 and len(st.seats[0].deck) == deck - 1


def test_A12_empty_empire_deck_takes_the_common_card_without_asking():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM065", "locations")
    st.seats[0].deck = [k for k in st.seats[0].deck if False]
    st.seats[0].discard = [k for k in game.by_faction["Romans"] if k not in st.seats[0].hand]
    hand = list(st.seats[0].hand)
    run_production(game, st)
    assert decision(st).kind != "card_source"
    new = [k for k in st.seats[0].hand if k not in hand]
    assert len(new) == 1 and game.cards[new[0]].common


# --- the Action phase (R49-R56) -------------------------------------------------------------------


def test_R50_R54_turns_go_clockwise_and_skip_passed_players():
    game, st = fresh("Romans", "Barbarians", "Egyptians")
    for seat in range(3):
        give(game, st, seat, ("COM069", "COM070", "COM071")[seat])
    answer(game, st, 0, A.PASS)
    assert decision(st).seats == [1]
    answer(game, st, 1, action_id(game, "build", "COM070"))
    end_turn(game, st, 1)
    assert decision(st).seats == [2]
    answer(game, st, 2, A.PASS)
    assert decision(st).seats == [1]  # seat 0 passed (R54)


def test_R52_one_action_per_turn_then_the_next_seat():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM069")
    act(game, st, 0, "build", "COM069")
    assert decision(st).seats == [1]


def test_R53_R82_R122_a_passed_player_cannot_be_targeted():
    game, st = fresh("Romans", "Barbarians", seat=1)
    give(game, st, 0, "COM018", "locations")
    supply(st, 1, raze=2)
    st.seats[0].passed = True
    assert "raze" not in legal_kinds(game, st, 1)
    assert_illegal(game, st, 1, action_id(game, "raze", "COM018"), "R53")


def test_R55_A33_free_actions_do_not_use_the_turn():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM018", "locations")
    give(game, st, 0, "COM069")
    supply(st, 0, defence=1)
    act(game, st, 0, "defend", "COM018")
    assert decision(st).kind == "turn" and decision(st).seats == [0]  # still seat 0's turn
    assert st.seats[0].defended == [idx(game, "COM018")] and st.seats[0].defence == 0


def test_A33_free_actions_after_the_action_then_end_the_turn():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM018")
    supply(st, 0, wood=1, stone=1, defence=1)
    act(game, st, 0, "build", "COM018")  # Armorer, common
    d = decision(st)
    assert d.kind == "after" and d.seats == [0]
    assert set(game.legal(st, 0)) == {action_id(game, "defend", "COM018"), A.END}
    assert_illegal(game, st, 0, A.PASS, "R55")
    act(game, st, 0, "defend", "COM018")
    assert decision(st).seats == [1]  # nothing free is left


# --- build (R57-R66) ------------------------------------------------------------------------------


def test_R57_R58_build_pays_the_cost_from_the_personal_supply():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM003")  # Wood Storage 2w + 1s
    supply(st, 0, wood=2, stone=1)
    act(game, st, 0, "build", "COM003")
    answer(game, st, 0, A.CARD_COMMON)  # build bonus card
    p = st.seats[0]
    assert (p.wood, p.stone) == (0, 0) and idx(game, "COM003") in p.locations
    assert p.vp == 1  # 1 per brown (itself)


def test_R57_cannot_build_without_the_cost():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM003")
    give(game, st, 0, "COM069")
    supply(st, 0, wood=1, stone=1)
    assert_illegal(game, st, 0, action_id(game, "build", "COM003"), "R57")
    assert_illegal(game, st, 0, action_id(game, "build", "COM004"), "R57")  # not in hand


def test_R58_a_build_cost_may_include_food():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM023")  # Grain Field 1w + 1f
    supply(st, 0, wood=1, food=1)
    act(game, st, 0, "build", "COM023")
    assert st.seats[0].food == 2  # production + bonus


def test_R60_R114_gold_pays_for_any_resource_not_the_reverse():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM003")
    supply(st, 0, wood=1, gold=2)
    act(game, st, 0, "build", "COM003")
    answer(game, st, 0, A.CARD_COMMON)
    assert (st.seats[0].wood, st.seats[0].gold) == (0, 0)
    game, st = fresh("Romans", "Barbarians")  # a gold cost needs gold
    give(game, st, 0, "COM030", "locations")  # Goldsmith: 1w + 1 gold
    give(game, st, 0, "COM069")
    supply(st, 0, worker=1, wood=3, stone=3, food=3)
    assert "activate" not in legal_kinds(game, st, 0)


def test_R59_E3_an_empire_location_discards_a_built_location():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM006", "locations")  # Mill
    give(game, st, 0, "BAR012")  # Sentry Tower
    supply(st, 0, wood=2)
    act(game, st, 0, "build", "BAR012")
    p = st.seats[0]
    assert p.locations == [idx(game, "BAR012")]  # the Mill was the only choice
    assert idx(game, "COM006") in st.common_discard
    assert (p.wood, p.raze, p.worker) == (0, 1, 1)  # production on build


def test_R59_choose_which_location_or_foundation_to_discard():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM006", "locations")
    give(game, st, 0, "COM007", "foundations")
    give(game, st, 0, "BAR012")
    supply(st, 0, wood=2)
    act(game, st, 0, "build", "BAR012")
    d = decision(st)
    assert d.kind == "pick" and d.args["rule"] == "R59"
    assert set(game.legal(st, 0)) == {action_id(game, "pick", "COM006"), action_id(game, "pick", "COM007")}
    pick(game, st, 0, "COM007")  # R59a: a foundation
    p = st.seats[0]
    assert p.foundations == [] and idx(game, "COM006") in p.locations
    assert idx(game, "COM007") in st.common_discard  # R110


def test_R59_no_location_to_discard_no_build():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR012")
    give(game, st, 0, "COM069")
    supply(st, 0, wood=5)
    assert_illegal(game, st, 0, action_id(game, "build", "BAR012"), "R59")


def test_R59b_R59c_discard_an_activated_location_with_its_token():
    game, st = fresh("Barbarians", "Japanese")
    castle = give(game, st, 0, "COM046", "locations")
    give(game, st, 0, "BAR012")
    p = st.seats[0]
    p.used[castle] = 1
    p.defended = [castle]
    supply(st, 0, wood=2)
    act(game, st, 0, "build", "BAR012")
    assert castle not in p.locations and p.used == {} and p.defended == []
    assert castle in st.common_discard


def test_R61_R62_R63_production_and_build_bonus_on_build():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM008")  # Quarry 1w 1s
    supply(st, 0, wood=1, stone=1)
    act(game, st, 0, "build", "COM008")
    assert st.seats[0].stone == 2  # 1 produced + 1 bonus


def test_R64_R175_ruins_are_free_but_take_the_turn():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM069")
    act(game, st, 0, "build", "COM069")
    assert idx(game, "COM069") in st.seats[0].locations
    assert decision(st).seats == [1]


def test_R66_several_copies_of_a_card_may_be_built():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM012", "locations")
    give(game, st, 0, "COM013")
    supply(st, 0, wood=1)
    act(game, st, 0, "build", "COM013")
    assert len(st.seats[0].locations) == 2


# --- deals (R67-R73) -----------------------------------------------------------------------------


def test_R67_no_deal_with_a_common_card():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM003")
    supply(st, 0, food=1)
    assert_illegal(game, st, 0, action_id(game, "deal", "COM003"), "R67")


def test_R68_R69_E6_a_deal_costs_food_pays_now_and_each_production():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR012")
    supply(st, 0, food=1)
    act(game, st, 0, "deal", "BAR012")
    p = st.seats[0]
    assert p.deals == [idx(game, "BAR012")] and (p.food, p.worker) == (0, 1)
    run_production(game, st)
    assert p.worker == 1 + 5 + 1  # board 5, deal 1


def test_R69_A34_gold_pays_for_the_deal_unless_the_option_says_build_costs_only():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR012")
    supply(st, 0, gold=1)
    act(game, st, 0, "deal", "BAR012")
    assert st.seats[0].gold == 0
    game, st = fresh("Barbarians", "Japanese", gold_substitutes="build_costs")
    give(game, st, 0, "BAR012")
    give(game, st, 0, "COM069")
    supply(st, 0, gold=1)
    assert_illegal(game, st, 0, action_id(game, "deal", "BAR012"), "R69")


def test_R70_R71_deals_are_not_locations_and_score_nothing():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR001", "deals")
    give(game, st, 0, "BAR020", "deals")
    assert game.scores(st)[0].total == 0
    assert colour_count(game, st.seats[0], "brown") == 0


# --- raze (R74-R86) -------------------------------------------------------------------------------


def test_R75_E4_raze_a_card_from_hand():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM003")  # Wood Storage
    supply(st, 0, raze=1)
    act(game, st, 0, "raze_hand", "COM003")
    assert goods(st, 0) == {"wood": 2}
    assert idx(game, "COM003") in st.common_discard and idx(game, "COM003") not in st.seats[0].hand


def test_R74_raze_needs_a_raze_token():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM003")
    give(game, st, 0, "COM069")
    assert_illegal(game, st, 0, action_id(game, "raze_hand", "COM003"), "R74")


def test_R76_R77_R141_only_the_japanese_raze_empire_cards_from_hand():
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "JAP001")
    supply(st, 0, raze=1)
    act(game, st, 0, "raze_hand", "JAP001")
    assert st.seats[0].vp == 1 and idx(game, "JAP001") in st.seats[0].discard  # never reshuffled
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR012")
    give(game, st, 0, "COM069")
    supply(st, 0, raze=1)
    assert_illegal(game, st, 0, action_id(game, "raze_hand", "BAR012"), "R77")


def test_R78_R109_E5_raze_an_opponents_common_location():
    game, st = fresh("Barbarians", "Japanese")
    armorer = give(game, st, 1, "COM018", "locations")
    supply(st, 0, raze=2)
    act(game, st, 0, "raze", "COM018")
    assert goods(st, 0) == {"stone": 1, "vp": 1}
    dmitry = st.seats[1]
    assert armorer not in dmitry.locations and dmitry.foundations == [armorer]
    assert dmitry.wood == 1


def test_R78_you_cannot_raze_your_own_location():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM018", "locations")
    give(game, st, 0, "COM069")
    supply(st, 0, raze=3)
    assert_illegal(game, st, 0, action_id(game, "raze", "COM018"), "R78")


def test_R79_empire_locations_and_ruins_cannot_be_razed():
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 1, "BAR012", "locations")
    give(game, st, 1, "COM069", "locations")
    give(game, st, 1, "JAP013", "locations")  # impossible in play, but unrazeable data
    give(game, st, 0, "COM070")
    supply(st, 0, raze=5)
    assert_illegal(game, st, 0, action_id(game, "raze", "BAR012"), "R79")
    assert_illegal(game, st, 0, action_id(game, "raze", "COM069"), "R79")


def test_R79_R83_R141_E9_a_japanese_location_with_a_samurai_costs_three_and_is_discarded():
    game, st = fresh("Barbarians", "Japanese")
    farm = give(game, st, 1, "JAP001", "locations")
    st.seats[1].samurai = [farm]
    supply(st, 0, raze=2)
    give(game, st, 0, "COM069")
    assert_illegal(game, st, 0, action_id(game, "raze", "JAP001"), "R80")
    supply(st, 0, raze=3)
    act(game, st, 0, "raze", "JAP001")
    dmitry = st.seats[1]
    assert farm not in dmitry.locations and farm in dmitry.discard  # not a foundation
    assert dmitry.samurai == [] and dmitry.wood == 0  # R81, R83
    assert st.seats[0].raze == 0 and st.seats[0].vp == 1


def test_R80_R103_R105_a_defence_token_costs_one_more_raze_token():
    game, st = fresh("Barbarians", "Japanese")
    armorer = give(game, st, 1, "COM018", "locations")
    st.seats[1].defended = [armorer]
    give(game, st, 0, "COM069")
    supply(st, 0, raze=2)
    assert "raze" not in legal_kinds(game, st, 0)
    supply(st, 0, raze=3)
    act(game, st, 0, "raze", "COM018")
    assert st.seats[0].raze == 0 and st.seats[1].defended == []


def test_R84_raze_bonus_cards_choose_their_deck():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM046")  # Castle: 2 cards
    supply(st, 0, raze=1)
    act(game, st, 0, "raze_hand", "COM046")
    assert decision(st).kind == "card_source"
    answer(game, st, 0, A.CARD_EMPIRE)
    answer(game, st, 0, A.CARD_COMMON)
    assert len(st.seats[0].hand) == 3  # + the Ruins anchor


def test_R86_R192_peaceful_variant_razes_only_from_hand():
    game, st = fresh("Barbarians", "Japanese", peaceful="on")
    give(game, st, 1, "COM018", "locations")
    give(game, st, 0, "COM003")
    supply(st, 0, raze=3)
    assert_illegal(game, st, 0, action_id(game, "raze", "COM018"), "R192")
    act(game, st, 0, "raze_hand", "COM003")
    assert st.seats[0].wood == 2


# --- activate (R87-R94) ---------------------------------------------------------------------------


def test_R87_R88_activate_pays_and_acts():
    game, st = fresh("Barbarians", "Japanese")
    guild = give(game, st, 0, "COM037", "locations")  # Mason's Guild
    supply(st, 0, worker=1, stone=2)
    act(game, st, 0, "activate", "COM037")
    p = st.seats[0]
    assert p.vp == 3 and (p.worker, p.stone) == (0, 0) and p.used == {guild: 1}


def test_R87_only_your_own_action_locations():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 1, "COM037", "locations")
    give(game, st, 0, "COM018", "locations")
    give(game, st, 0, "COM069")
    supply(st, 0, worker=1, stone=2)
    assert_illegal(game, st, 0, action_id(game, "activate", "COM037"), "R87")
    assert_illegal(game, st, 0, action_id(game, "activate", "COM018"), "R87")


def test_R89_once_per_round():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM037", "locations")
    give(game, st, 0, "COM069")
    supply(st, 0, worker=2, stone=4)
    act(game, st, 0, "activate", "COM037")
    answer(game, st, 1, A.PASS)
    assert_illegal(game, st, 0, action_id(game, "activate", "COM037"), "R89")


def test_R91_A42_twice_locations_once_or_twice_in_one_action():
    game, st = fresh("Barbarians", "Japanese")
    mine = give(game, st, 0, "COM021", "locations")  # Gold Mine, twice
    give(game, st, 0, "COM069")
    supply(st, 0, worker=3)
    act(game, st, 0, "activate2", "COM021")
    assert st.seats[0].gold == 2 and st.seats[0].worker == 1 and st.seats[0].used[mine] == 2
    answer(game, st, 1, A.PASS)
    assert_illegal(game, st, 0, action_id(game, "activate", "COM021"), "R89")
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM037", "locations")
    give(game, st, 0, "COM069")
    supply(st, 0, worker=2, stone=4)
    assert_illegal(game, st, 0, action_id(game, "activate2", "COM037"), "R91")


def test_R91_a_twice_location_on_two_turns():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM021", "locations")
    supply(st, 0, worker=2)
    act(game, st, 0, "activate", "COM021")
    answer(game, st, 1, A.PASS)
    act(game, st, 0, "activate", "COM021")
    assert st.seats[0].gold == 2


def test_R93_R177_a_card_as_the_activation_cost():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM049", "locations")  # Tavern
    give(game, st, 0, "COM003")
    give(game, st, 0, "COM004")
    act(game, st, 0, "activate", "COM049")
    assert decision(st).kind == "pick" and decision(st).args["rule"] == "R93"
    pick(game, st, 0, "COM004")
    assert st.seats[0].vp == 2 and idx(game, "COM004") in st.common_discard


def test_R94_R127_activation_marks_are_cleared_in_cleanup():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM037", "locations")
    supply(st, 0, worker=1, stone=2)
    act(game, st, 0, "activate", "COM037")
    assert st.seats[0].used
    st.stack.clear()
    st.phase = "cleanup"
    game.advance(st, [])
    assert st.seats[0].used == {}


# --- exchange (R95-R100) --------------------------------------------------------------------------


def test_R95_R97_E8_exchange_pairs_each_chosen_alone():
    game, st = fresh("Barbarians", "Japanese")
    supply(st, 0, worker=8)
    answer(game, st, 0, A.EXCHANGE + 0)  # wood
    assert decision(st).kind == "exchange"
    answer(game, st, 0, A.EXCHANGE + 3)  # common card
    answer(game, st, 0, A.EXCHANGE + 3)
    answer(game, st, 0, A.EXCHANGE + 4)  # empire card
    p = st.seats[0]
    assert p.worker == 0 and p.wood == 1
    assert sum(1 for k in p.hand if game.cards[k].common) == 2 + 1  # + the Ruins anchor
    assert sum(1 for k in p.hand if not game.cards[k].common) == 1
    assert decision(st).seats == [1]


def test_R96_exchange_needs_two_workers_and_R98_gives_no_gold():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM069")
    supply(st, 0, worker=1)
    assert_illegal(game, st, 0, A.EXCHANGE, "R96")
    assert not any(A.EXCHANGE <= a < A.OPTION for a in game.legal(st, 0))


# --- defence tokens (R101-R108) -------------------------------------------------------------------


def test_R102_R108_defence_only_on_your_own_common_locations():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR012", "locations")
    give(game, st, 0, "COM018", "locations")
    give(game, st, 1, "COM019", "locations")
    supply(st, 0, defence=1)
    assert_illegal(game, st, 0, action_id(game, "defend", "BAR012"), "R108")
    assert_illegal(game, st, 0, action_id(game, "defend", "COM019"), "R102")
    act(game, st, 0, "defend", "COM018")
    assert_illegal(game, st, 0, action_id(game, "defend", "COM018"), "R101")


def test_R104_A11_one_token_per_location():
    game, st = fresh("Barbarians", "Japanese")
    armorer = give(game, st, 0, "COM018", "locations")
    st.seats[0].defended = [armorer]
    supply(st, 0, defence=1)
    assert_illegal(game, st, 0, action_id(game, "defend", "COM018"), "R104")


def test_R106_defence_tokens_go_in_cleanup_placed_or_not():
    game, st = fresh("Barbarians", "Japanese")
    armorer = give(game, st, 0, "COM018", "locations")
    st.seats[0].defended = [armorer]
    supply(st, 0, defence=1)
    st.stack.clear()
    st.phase = "cleanup"
    game.advance(st, [])
    assert st.seats[0].defended == [] and st.seats[0].defence == 0


# --- general rules (R113-R124) --------------------------------------------------------------------


def test_R120_the_common_deck_is_rebuilt_from_its_discard_pile():
    game, st = fresh("Barbarians", "Japanese")
    st.common_discard = st.common_deck
    st.common_deck = []
    supply(st, 0, worker=2)
    answer(game, st, 0, A.EXCHANGE + 3)
    assert len(st.seats[0].hand) == 2 and st.common_discard == []
    assert game.check_invariants(st) == []


def test_R121_A12_discarded_empire_cards_are_never_reshuffled():
    game, st = fresh("Barbarians", "Japanese")
    p = st.seats[0]
    p.discard, p.deck = p.deck, []
    give(game, st, 0, "COM069")
    supply(st, 0, worker=2)
    assert A.EXCHANGE + 4 not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.EXCHANGE + 4, "A12")


def test_R8_E12_goods_are_unlimited():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "COM007", "locations")
    supply(st, 0, wood=200)
    run_production(game, st)
    assert st.seats[0].wood == 202


# --- cleanup (R125-R132) --------------------------------------------------------------------------


def test_R126_R127_R131_E2_cleanup_keeps_only_the_stored_good():
    game, st = fresh("Romans", "Barbarians", "Egyptians", "Japanese")
    for seat in range(4):
        supply(st, seat, wood=1, stone=1, food=2, gold=1, worker=1, raze=1, defence=1)
    st.stack.clear()
    st.phase = "cleanup"
    first = st.first
    game.advance(st, [])
    kept = [goods(st, s) for s in range(4)]
    assert kept[0] == {"raze": 1}  # Romans (D4)
    assert kept[1] == {"worker": 1}  # Barbarians (D4)
    assert kept[2] == {"gold": 1}  # Egyptians (D4)
    assert kept[3] == {"food": 2}  # Japanese (E2, R131)
    assert st.round == 2 and st.first == (first + 1) % 4  # R126.3, R128


def test_R129_R144_samurai_cards_and_vp_survive_cleanup():
    game, st = fresh("Japanese", "Barbarians")
    farm = give(game, st, 0, "JAP001", "locations")
    st.seats[0].samurai = [farm]
    give(game, st, 0, "COM003")
    supply(st, 0, vp=4)
    st.stack.clear()
    st.phase = "cleanup"
    game.advance(st, [])
    p = st.seats[0]
    assert p.samurai == [farm] and p.vp == 4 and idx(game, "COM003") in p.hand


def test_R132_gold_is_not_stored_as_food():
    game, st = fresh("Japanese", "Barbarians")
    supply(st, 0, gold=3, food=1)
    st.stack.clear()
    st.phase = "cleanup"
    game.advance(st, [])
    assert goods(st, 0) == {"food": 1}


# --- scoring (R133-R137) --------------------------------------------------------------------------


def test_R134_R135_final_score_track_plus_locations():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM018", "locations")
    give(game, st, 0, "COM069", "locations")
    give(game, st, 0, "ROM020", "locations")
    give(game, st, 0, "ROM027", "deals")
    give(game, st, 0, "COM003", "foundations")
    supply(st, 0, vp=7)
    s = game.scores(st)[0]
    assert s.total == 7 + 1 + 1 + 2
    assert s.breakdown == {"track": 7, "common_locations": 2, "empire_locations": 2}


def test_R136_R137_A9_ties_goods_then_cards_then_shared():
    game, st = fresh("Romans", "Barbarians")
    supply(st, 0, vp=5, worker=2, gold=5)
    supply(st, 1, vp=5, wood=3)
    assert game.winners(st) == [1]  # 3 goods beat 2
    supply(st, 1, wood=2)
    give(game, st, 1, "COM003")
    assert game.winners(st) == [1]  # then cards in hand
    give(game, st, 0, "COM004")
    assert game.winners(st) == [0, 1]  # shared victory
    game, st = fresh("Romans", "Barbarians", tiebreak_gold="included")
    supply(st, 0, vp=5, worker=2, gold=5)
    supply(st, 1, vp=5, wood=3)
    assert game.winners(st) == [0]  # A9 alternative


# --- the Japanese (R140-R147) ---------------------------------------------------------------------


def test_R142_samurai_from_your_workers_on_your_japanese_locations():
    game, st = fresh("Japanese", "Barbarians")
    farm = give(game, st, 0, "JAP001", "locations")
    give(game, st, 0, "COM018", "locations")
    supply(st, 0, worker=2)
    assert_illegal(game, st, 0, action_id(game, "samurai", "COM018"), "R142")
    act(game, st, 0, "samurai", "JAP001")
    p = st.seats[0]
    assert p.samurai == [farm] and p.worker == 1 and decision(st).kind == "turn"
    assert_illegal(game, st, 0, action_id(game, "samurai", "JAP001"), "R142")
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR012", "locations")
    supply(st, 0, worker=2)
    assert_illegal(game, st, 0, action_id(game, "samurai", "BAR012"), "R142")


def test_R143_A19_a_samurai_may_guard_the_gate_and_the_shrine():
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "JAP013", "locations")
    give(game, st, 0, "JAP015", "locations")
    supply(st, 0, worker=2)
    act(game, st, 0, "samurai", "JAP013")
    act(game, st, 0, "samurai", "JAP015")
    assert len(st.seats[0].samurai) == 2


def test_R144_a_samurai_cannot_pay_costs():
    game, st = fresh("Japanese", "Barbarians")
    farm = give(game, st, 0, "JAP001", "locations")
    st.seats[0].samurai = [farm]
    give(game, st, 0, "COM069")
    supply(st, 0, worker=1)
    assert not any(A.EXCHANGE <= a < A.OPTION for a in game.legal(st, 0))


# --- factions, series -----------------------------------------------------------------------------


def test_options_for_game_rotates_every_empire_through_every_seat():
    game = settlers()
    for players in (2, 3, 4):
        seen = {seat: set() for seat in range(players)}
        for i in range(4):
            opts = game.options_for_game({"factions": "rotate"}, i, players)
            st = game.new(players, i, opts)
            for seat, faction in enumerate(game.seat_labels(st)):
                seen[seat].add(faction)
        assert all(len(s) == 4 for s in seen.values()), (players, seen)


def test_R4_factions_option_names_distinct_empires():
    import pytest

    from epochal.engine import OptionError

    game = settlers()
    with pytest.raises(OptionError):
        game.new(2, 1, {"factions": "Romans,Romans"})
    with pytest.raises(OptionError):
        game.new(3, 1, {"factions": "Romans,Japanese"})
    with pytest.raises(OptionError):
        game.new(5, 1)  # R3: 1 to 4
    with pytest.raises(OptionError):
        game.new(1, 1, {"factions": "Vikings"})
    assert game.new(1, 1, {"factions": "Japanese"}).seats[0].faction == "Japanese"


def test_view_hides_other_hands_but_shows_their_size_by_deck():
    game = settlers()
    st = game.new(3, 2)
    view = game.view(st, 0)
    for entry in view["seats"]:
        if entry["seat"] == 0:
            assert len(entry["hand"]) == entry["hand_common"] + entry["hand_empire"]
        else:
            assert "hand" not in entry
    spectator = game.view(st, None)
    assert all("hand" not in e for e in spectator["seats"]) and spectator["legal"] == []


def test_decision_kind_after_is_offered_only_with_free_actions():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM069")
    act(game, st, 0, "build", "COM069")  # no token, no samurai
    assert decision(st).seats == [1]
    assert isinstance(decision(st), Decision)
