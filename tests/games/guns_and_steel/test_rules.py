"""Rule tests, named after the rules of shared/rules/guns-and-steel.md they check: setup, the
turn, purchases, wonders, the end, scoring and the rules options."""

from __future__ import annotations

import random

from epochal.games.guns_and_steel import actions as A
from epochal.games.guns_and_steel.rules import surcharges
from epochal.games.guns_and_steel.state import EMPTY
from tests.games.guns_and_steel.scenario import (
    act,
    action_id,
    assert_illegal,
    begin,
    card,
    clause,
    decision,
    fresh,
    gain,
    k,
    keys,
    legal_kinds,
    place,
    resource_keys,
    rows,
    tech_keys,
    types,
)

COLOURS = ("red", "blue", "green", "yellow")


def hand_keys(game, st, seat):
    return [game.keys[x] for x in st.seats[seat].hand]


# --- setup (R37-R44) ----------------------------------------------------------------------------


def test_R37_R38_R9_colours_start_hands_vp_cards_and_glory_tokens():
    for theme in ("new_world", "renaissance", "combined"):
        for players in (2, 3, 4):
            game, st = fresh(players, theme=theme, start_resource="optional")
            for s, p in enumerate(st.seats):
                cards = sorted(p.hand + p.zone)
                assert keys(game, cards) == [f"C0{j}-{COLOURS[s]}" for j in range(1, 6)]
                assert [game.res_name(x) for x in cards].count("food") == 3  # R9
                assert p.vp == 0 and p.glory == (0 if theme == "new_world" else 5)
                assert p.wonders == [] and p.tech == []


def test_R39_each_epoch_is_shuffled_into_its_pyramid_row():
    orders = set()
    for seed in range(6):
        game, st = fresh(3, seed=seed)
        for e, row in enumerate(st.pyramid):
            assert sorted(row) == sorted(x for x in range(20, 45) if game.epoch[x] == e)
        orders.add(tuple(st.pyramid[0]))
    assert len(orders) > 1


def test_R39_2_two_players_remove_the_icon_cards_and_keep_a_valid_pyramid():
    game, st = fresh(2)
    assert keys(game, sorted(st.removed)) == ["C12", "C18", "C23", "C27", "C30"]
    assert [len(r) for r in st.pyramid] == [6, 5, 4, 3, 2]
    assert not set(st.removed) & {x for row in st.pyramid for x in row}


def test_A11_two_player_removal_takes_wonders_with_the_icon_unless_kept():
    chosen = {"remove": set(), "keep": set()}
    for seed in range(30):
        for option in chosen:
            game, st = fresh(2, seed=seed, two_player_wonders=option)
            chosen[option] |= {game.wkeys[w] for w in st.wonders}
    assert not chosen["remove"] & {"W02", "W04"}  # the icon wonders go
    assert {"W01", "W03"} <= chosen["remove"]  # their pair partners stay
    assert {"W02", "W04"} <= chosen["keep"]


def test_A27_combined_two_players_remove_the_icon_cards_of_both_themes():
    game, st = fresh(2, theme="combined")
    assert len(st.removed) == 10
    assert [sum(x != EMPTY for x in r) for r in st.pyramid] == [6, 5, 4, 3, 2]
    assert [len(s) for s in st.stacks] == [6, 5, 4, 3, 2]


def test_R111_combined_uses_the_renaissance_wonders():
    game, st = fresh(3, theme="combined")
    assert all(game.wonder_list[w].theme == "renaissance" for w in st.wonders)


def test_R112_random_wonder_when_no_depicted_card_lies_in_the_pyramid():
    game, st = fresh(3, theme="combined")
    pair = [game.windex["W19"], game.windex["W20"]]
    for x in (game.depicts[w] for w in pair):
        for row in st.pyramid:
            if x in row:
                row[row.index(x)] = EMPTY
    seen = set()
    for seed in range(20):
        st.rng = seed
        w, why = game.choose_wonder(st, pair)
        assert why == "random"
        seen.add(w)
    assert seen == set(pair)
    st.pyramid[4][0] = game.depicts[pair[1]]  # exactly one matches
    assert game.choose_wonder(st, pair) == (pair[1], "only")


def test_R44_later_seats_may_play_a_starting_resource():
    for players, positions in ((2, [1]), (3, [2]), (4, [2, 3])):
        game, st = fresh(players, seed=players)
        expected = [(st.first + i) % players for i in positions]
        asked = []
        while st.stack[-1].kind == "start_resource":
            seat = st.stack[-1].seats[0]
            asked.append(seat)
            assert "pass" in legal_kinds(game, st, seat)  # optional (A13)
            act(game, st, seat, "start_resource", f"C01-{COLOURS[seat]}")
        assert asked == expected
        for seat in expected:
            assert resource_keys(game, st, seat) == [f"C01-{COLOURS[seat]}"]
        assert st.stack[-1].kind == "play_resource" and st.turn == st.first


def test_A13_option_mandatory_starting_resource():
    game, st = fresh(3, start_resource="mandatory")
    seat = st.stack[-1].seats[0]
    assert "pass" not in legal_kinds(game, st, seat)
    assert_illegal(game, st, seat, A.PASS, "R44")


def test_D11_first_player_is_drawn_by_the_rng():
    firsts = {fresh(3, seed=seed)[1].first for seed in range(20)}
    assert firsts == {0, 1, 2}
    game, st = fresh(4, seed=5)
    assert game.first_player(st) == st.first
    assert game.seat_labels(st)[st.first] == "first"


# --- the turn (R45-R53) --------------------------------------------------------------------------


def test_R45_R48_R50_phases_in_order_then_clockwise():
    game, st = fresh(3)
    place(game, st, 1, hand=["C01-blue", "C02-blue", "C03-blue", "C04-blue"])
    st.first = 1
    begin(game, st, 1)
    assert game.view(st, 1)["phase"] == "resource"
    act(game, st, 1, "play_resource", "C01-blue")
    assert game.view(st, 1)["phase"] == "technology"
    act(game, st, 1, "play_technology", "C02-blue")  # no effect: skipped
    assert decision(st).kind == "purchase" and game.view(st, 1)["phase"] == "purchase"
    act(game, st, 1, "pass")
    assert st.turn == 2 and st.round == 1
    place(game, st, 2, hand=["C01-green", "C02-green"])
    place(game, st, 0, hand=["C01-red", "C02-red"])
    begin(game, st, 2, "end_of_turn")
    assert st.turn == 0 and st.round == 1
    begin(game, st, 0, "end_of_turn")
    assert st.turn == 1 and st.round == 2


def test_R46_one_card_is_played_as_a_resource_and_the_technology_phase_is_skipped():
    game, st = fresh(3)
    place(game, st, 0, hand=["C03-red"], resource=["C01-red"])
    evs = begin(game, st, 0)
    assert "play_resource" in types(evs) and "play_technology" not in types(evs)
    assert decision(st).kind == "purchase"


def test_R46_no_card_goes_straight_to_the_purchase_phase():
    game, st = fresh(3)
    place(game, st, 0, resource=["C01-red"])
    begin(game, st, 0)
    assert decision(st).kind == "purchase" and st.seats[0].zone == [k(game, "C01-red")]


def test_R48_R50_the_played_cards_lie_on_their_sides():
    game, st = fresh(3)
    place(game, st, 0, hand=["C01-red", "C02-red", "C03-red"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C01-red")
    act(game, st, 0, "play_technology", "C02-red")
    assert resource_keys(game, st, 0) == ["C01-red"] and tech_keys(game, st, 0) == ["C02-red"]


def test_R52_a_card_not_activated_does_nothing():
    game, st = fresh(3, cards={"C08": card(effect=[gain(oil=1)])})
    place(game, st, 0, hand=["C01-red", "C08", "C03-red"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C01-red")
    act(game, st, 0, "play_technology", "C08")
    evs = act(game, st, 0, "skip")
    assert "gain" not in types(evs) and st.seats[0].temp == [0] * 7


def test_R53_a_card_spent_to_pay_is_not_activated():
    game, st = fresh(3, cards={"C13": card(cost={"horses": 1}), "C06": card(effect=[gain(oil=3)])})
    rows(game, st, [], ["C13"])
    place(game, st, 0, hand=["C01-red", "C02-red"], resource=["C06"])
    begin(game, st, 0, "purchase")
    evs = act(game, st, 0, "buy", "2.0")
    assert "spend" in types(evs) and "gain" not in types(evs) and "C06" in tech_keys(game, st, 0)


# --- purchases (R74-R83) ------------------------------------------------------------------------


def test_R77_surcharge_counts_connected_occupied_cards_and_bought_slots_cut():
    full = (1 << A.SLOTS) - 1
    extra = surcharges((7, 6, 5, 4, 3), full)
    assert extra[A.slot_id(4, 0)] == 2 + 3 + 4 + 5  # the whole triangle
    assert extra[A.slot_id(0, 3)] == 0  # the Horses row
    assert extra[A.slot_id(1, 0)] == 2
    cut = full & ~(1 << A.slot_id(3, 0)) & ~(1 << A.slot_id(3, 1))  # Information bought
    assert surcharges((7, 6, 5, 4, 3), cut)[A.slot_id(4, 0)] == 0  # E10
    assert surcharges((7, 6, 5, 4, 3), cut)[A.slot_id(4, 1)] == 1 + 2 + 3 + 4


def test_R74_R75_at_most_one_card_and_any_row_may_be_bought():
    game, st = fresh(3, cards={"C28": card(cost={"food": 1})})
    place(game, st, 0, hand=["C04-red", "C05-red"], resource=["C01-red", "C02-red", "C03-red"])
    rows(game, st, ["C06"], [], [], ["C24"], ["C28"])
    begin(game, st, 0, "purchase")
    assert sorted(legal_kinds(game, st, 0)["buy"]) == ["1.0", "4.0", "5.0"]
    act(game, st, 0, "buy", "4.0")
    act(game, st, 0, "spend", "C01-red")
    assert st.turn == 1  # no second purchase
    assert "C24" in tech_keys(game, st, 0)


def test_R76_a_card_you_cannot_pay_is_refused_and_nothing_changes():
    game, st = fresh(3, cards={"C21": card(cost={"gunpowder": 2})})
    rows(game, st, ["C06"], ["C13"], ["C21"])
    place(game, st, 0, hand=["C04-red", "C05-red"], resource=["C01-red", "C14"])
    begin(game, st, 0, "purchase")
    error = assert_illegal(game, st, 0, action_id(game, "buy", "3.0"), "R76")
    assert "C21" in error.reason


def test_R82_A6_bought_card_side_option():
    for option, side in (("technology", True), ("resource", False)):
        game, st = fresh(3, bought_side=option)
        rows(game, st, ["C06"])
        place(game, st, 0, hand=["C04-red", "C05-red"], resource=["C01-red"])
        begin(game, st, 0, "purchase")
        act(game, st, 0, "buy", "1.0")
        assert (k(game, "C06") in st.seats[0].tech) == side and k(game, "C06") in st.seats[0].zone


def test_R83_buying_nothing_changes_nothing():
    game, st = fresh(3)
    place(game, st, 0, hand=["C04-red", "C05-red"], resource=["C01-red"])
    pyramid = [list(r) for r in st.pyramid]
    begin(game, st, 0, "purchase")
    evs = act(game, st, 0, "pass")
    assert "no_purchase" in types(evs) and st.pyramid == pyramid


# --- end of turn, New World (R84-R90) ------------------------------------------------------------


def nw_wonders(build):
    return {"W01": {"build": build, "vp": 2}, "W03": {"build": build, "vp": 6}}


def nw_game(build, **options):
    game, st = fresh(3, wonders=nw_wonders(build), **options)
    st.wonders = [game.windex[w] for w in ("W01", "W03", "W05", "W07", "W09")]
    return game, st


def test_R84_two_cards_in_hand_no_wonder_check_no_recall():
    game, st = nw_game([clause("cards", 1)])
    place(game, st, 0, hand=["C01-red", "C02-red"], tech=["C03-red"])
    begin(game, st, 0, "end_of_turn")
    assert st.turn == 1 and st.seats[0].wonders == [] and tech_keys(game, st, 0) == ["C03-red"]


def test_R85_one_wonder_before_the_recall_then_everything_technology_side_back():
    game, st = nw_game([clause("tech_cards", 1, "society")])
    place(game, st, 0, hand=["C01-red"], resource=["C04-red", "C05-red"], tech=["C03-red"])
    begin(game, st, 0, "end_of_turn")
    assert decision(st).kind == "claim"  # both met; only one is taken
    assert sorted(legal_kinds(game, st, 0)["claim"]) == ["W01", "W03"]
    act(game, st, 0, "claim", "W01")
    assert sorted(hand_keys(game, st, 0)) == ["C01-red", "C03-red"]  # R85.II
    act(game, st, 0, "recall", "C04-red")  # R85.III
    act(game, st, 0, "pass")
    assert resource_keys(game, st, 0) == ["C05-red"]
    assert [game.wkeys[w] for w in st.seats[0].wonders] == ["W01"]


def test_A19_option_every_turn_checks_wonders_with_a_full_hand():
    for option, claimed in (("recall", False), ("every_turn", True)):
        game, st = nw_game([clause("cards", 1)], nw_wonder_check=option)
        place(game, st, 0, hand=["C01-red", "C02-red"], tech=["C03-red"])
        begin(game, st, 0, "end_of_turn")
        if claimed:
            act(game, st, 0, "claim", "W03")
        assert bool(st.seats[0].wonders) == claimed
        assert tech_keys(game, st, 0) == ["C03-red"]  # still no recall


def test_R90_a_wonder_owned_by_another_player_cannot_be_claimed():
    game, st = nw_game([clause("cards", 1)])
    st.seats[1].wonders = [game.windex["W03"]]
    place(game, st, 0, tech=["C03-red"])
    evs = begin(game, st, 0, "end_of_turn")  # W01 alone: taken
    assert [e["wonder"] for e in evs if e["type"] == "claim"] == ["W01"]


# --- end of turn, Renaissance (R91-R98) ----------------------------------------------------------


def ren_wonders(glory, tokens=2):
    return {"W11": {"glory": glory, "tokens": tokens}, "W13": {"glory": glory, "tokens": tokens}}


def test_R91_R93_a_glory_token_every_turn_even_with_a_full_hand():
    game, st = fresh(3, theme="renaissance", wonders=ren_wonders([clause("cards", 1)]))
    st.wonders = [game.windex[w] for w in ("W11", "W13", "W15", "W17", "W19")]
    place(game, st, 0, hand=["C01-red", "C02-red"], tech=["C03-red"])
    begin(game, st, 0, "end_of_turn")
    assert sorted(legal_kinds(game, st, 0)["glory"]) == ["W11", "W13"]
    act(game, st, 0, "glory", "W13")
    assert st.glory[1][0] == 1 and st.seats[0].glory == 4 and st.turn == 1
    assert tech_keys(game, st, 0) == ["C03-red"]  # no recall


def test_R94_tokens_of_several_players_accumulate_and_return_on_the_claim():
    game, st = fresh(3, theme="renaissance", wonders=ren_wonders([clause("cards", 1)]))
    st.wonders = [game.windex[w] for w in ("W11", "W13", "W15", "W17", "W19")]
    for seat in (0, 1, 0):
        place(game, st, seat, hand=[f"C01-{COLOURS[seat]}", f"C02-{COLOURS[seat]}"])
        begin(game, st, seat, "end_of_turn")
        act(game, st, seat, "glory", "W11")
    assert st.seats[0].wonders == [game.windex["W11"]]  # 2 of 2 tokens
    assert st.glory[0] == [0, 0, 0] and st.seats[0].glory == 5 and st.seats[1].glory == 5


def test_A24_with_no_token_left_one_may_be_moved():
    game, st = fresh(
        3,
        theme="renaissance",
        wonders={
            "W11": {"glory": [clause("cards", 99)], "tokens": 5},
            "W13": {"glory": [clause("cards", 1)], "tokens": 3},
        },
    )
    st.wonders = [game.windex[w] for w in ("W11", "W13", "W15", "W17", "W19")]
    st.glory[0][0], st.glory[1][0] = 3, 2
    st.seats[0].glory = 0
    place(game, st, 0, hand=["C01-red", "C02-red"])
    begin(game, st, 0, "end_of_turn")
    assert legal_kinds(game, st, 0) == {"move_glory": [("W13", "W11")], "pass": [None]}
    act(game, st, 0, "move_glory", ("W13", "W11"))
    assert st.seats[0].wonders == [game.windex["W13"]]  # now 3: claimed
    assert st.glory[0][0] == 2 and st.seats[0].glory == 3


# --- the end (R102-R106) ------------------------------------------------------------------------


def test_R102_1_taking_the_last_wonder_ends_the_game():
    game, st = nw_game([clause("cards", 1)])
    for s, w in enumerate(("W05", "W07", "W09", "W01")):
        st.seats[s % 3].wonders.append(game.windex[w])
    place(game, st, 0, tech=["C03-red"])
    evs = begin(game, st, 0, "end_of_turn")
    over = next(e for e in evs if e["type"] == "game_over")
    assert st.over and over["reason"] == "last_wonder" and over["seat"] == 0


def test_R102_2_buying_the_last_space_card_ends_the_game():
    game, st = fresh(3)
    rows(game, st, [], [], [], [], ["C28", None, None])
    place(game, st, 0, hand=["C04-red", "C05-red"], resource=["C01-red"])
    begin(game, st, 0, "purchase")
    evs = act(game, st, 0, "buy", "5.0")
    assert st.over and next(e for e in evs if e["type"] == "game_over")["reason"] == "last_space"


def test_A27_combined_space_end_option():
    for option, ends in (("pyramid_and_stack", False), ("pyramid", True)):
        game, st = fresh(3, theme="combined", space_end=option)
        st.removed += [x for x in st.pyramid[4] if x != EMPTY][1:]
        st.pyramid[4] = [st.pyramid[4][0], EMPTY]
        st.removed += [x for x in st.pyramid[3] if x != EMPTY]  # no surcharge
        st.pyramid[3] = [EMPTY] * 3
        place(game, st, 0, hand=["C04-red", "C05-red"], resource=["C01-red"])
        begin(game, st, 0, "purchase")
        act(game, st, 0, "buy", "5.0")
        assert st.over == ends


def test_R102_3_fifteen_vp_ends_the_renaissance_game_A25_option():
    for option, ends in (("active", False), ("any", True)):
        game, st = fresh(3, theme="renaissance", vp15=option)
        st.seats[1].vp = 15  # not the active one
        place(game, st, 0, hand=["C01-red", "C02-red"])
        begin(game, st, 0, "end_of_turn")
        assert st.over == ends
        if not ends:
            st.seats[1].hand = [k(game, "C01-blue"), k(game, "C02-blue")]
            begin(game, st, 1, "end_of_turn")  # at his own turn's end
            assert st.over


def test_round_limit_is_a_safety_net_after_the_last_turn_of_the_round():
    game, st = fresh(3, round_limit="30_rounds")
    st.round = 30
    st.first = 0
    place(game, st, 1, hand=["C01-blue", "C02-blue"])
    begin(game, st, 1, "end_of_turn")
    assert not st.over
    place(game, st, 2, hand=["C01-green", "C02-green"])
    evs = begin(game, st, 2, "end_of_turn")
    assert st.over and next(e for e in evs if e["type"] == "game_over")["reason"] == "round_limit"


def test_R104_cards_in_hand_and_zone_wonders_and_the_vp_card_score():
    game, st = fresh(
        3,
        theme="renaissance",
        cards={"C31": card(vp=2), "C32": card(vp=3), "C33": card(vp=4)},
        wonders={"W11": {"vp": 5}},
    )
    place(game, st, 0, hand=["C31"], resource=["C32"], tech=["C33"])
    st.seats[0].wonders = [st.wonders[0]]
    st.seats[0].vp = 6
    vp = game.wonder_list[st.wonders[0]].vp
    score = game.scores(st)[0]
    assert score.total == 2 + 3 + 4 + vp + 6
    assert score.breakdown == {"cards": 9, "wonders": vp, "vp_track": 6}


def test_R106_A26_ties_are_shared_or_broken_by_wonders():
    for option, winners in (("shared", [0, 1]), ("wonders", [1])):
        game, st = fresh(3, tiebreak=option, cards={"C06": card(vp=5)}, wonders={w: {"vp": 5} for w in ("W01", "W02")})
        place(game, st, 0, hand=["C06"])
        place(game, st, 1)
        place(game, st, 2)
        st.seats[1].wonders = [st.wonders[0]]
        assert game.winners(st) == winners


# --- illegal actions -----------------------------------------------------------------------------


def test_R48_R50_a_card_played_in_the_wrong_phase_is_refused():
    game, st = fresh(3)
    place(game, st, 0, hand=["C01-red", "C02-red", "C03-red"])
    begin(game, st, 0)
    assert_illegal(game, st, 0, action_id(game, "play_technology", "C01-red"), "R48")
    act(game, st, 0, "play_resource", "C01-red")
    assert_illegal(game, st, 0, action_id(game, "play_resource", "C02-red"), "R50")
    act(game, st, 0, "play_technology", "C02-red")
    assert_illegal(game, st, 0, action_id(game, "play_resource", "C03-red"), "R48")


def test_R74_buying_outside_the_purchase_phase_is_refused():
    game, st = fresh(3)
    place(game, st, 0, hand=["C01-red", "C02-red"], resource=["C04-red"])
    begin(game, st, 0)
    assert_illegal(game, st, 0, action_id(game, "buy", "1.0"), "R74")


def test_other_seats_cannot_act_out_of_turn():
    game, st = fresh(3)
    place(game, st, 0, hand=["C01-red", "C02-red"])
    place(game, st, 1, hand=["C01-blue", "C02-blue"])
    begin(game, st, 0)
    assert_illegal(game, st, 1, action_id(game, "play_resource", "C01-blue"), "turn order")


def test_check_invariants_finds_a_card_in_two_places():
    game, st = fresh(3)
    assert game.check_invariants(st) == []
    st.seats[0].hand.append(st.pyramid[0][0])
    assert any("exactly one place" in p for p in game.check_invariants(st))


def test_max_game_length_bounds_random_games():
    game, st = fresh(4, round_limit="30_rounds")
    bound = game.max_game_length(4)
    rng = random.Random(3)
    for seed in range(3):
        st = game.new(4, seed, {"round_limit": "30_rounds"})
        n = 0
        while not st.over:
            seat = game.actors(st)[0]
            game.apply(st, seat, rng.choice(game.legal(st, seat)))
            n += 1
        assert n < bound
