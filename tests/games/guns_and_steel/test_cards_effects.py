"""Each effect op on its own (cards.py vocabulary, D15), and attacks with their responses
(R60-R69)."""

from __future__ import annotations

from tests.games.guns_and_steel.scenario import (
    act,
    action_id,
    activate_attacks,
    assert_illegal,
    attack,
    begin,
    card,
    decision,
    each_player,
    fresh,
    gain,
    give_wonder,
    hand_over,
    legal_kinds,
    lose,
    lose_vp,
    pay,
    place,
    play_attacks,
    resource_keys,
    restore,
    tech_keys,
    temp,
    types,
    use,
    vp,
)

COLOURS = ("red", "blue", "green", "yellow")


def play(game, st, seat, key, auto_pay=True):
    """Seat plays a Food start card as its resource and ``key`` as its technology, keeping two
    more cards in hand (so no recall ends the turn), then activates it and, unless told not to,
    pays its cost with the first units offered."""
    colour = COLOURS[seat]
    place(game, st, seat, hand=[f"C01-{colour}", key, f"C04-{colour}", f"C05-{colour}"], keep=True)
    begin(game, st, seat)
    act(game, st, seat, "play_resource", f"C01-{colour}")
    act(game, st, seat, "play_technology", key)
    evs = act(game, st, seat, "activate")
    while auto_pay and st.payment is not None:
        evs += game.apply(st, seat, game.legal(st, seat)[0])
    return evs


def waiting(game, st, *seats):
    """Give these seats two plain cards in hand, so their turns stop at the first decision."""
    for seat in seats:
        colour = COLOURS[seat]
        place(game, st, seat, hand=[f"C04-{colour}", f"C05-{colour}"], keep=True)


# --- pay, gain, restore, vp ----------------------------------------------------------------------


def test_pay_all_leading_costs_are_one_payment():
    game, st = fresh(3, cards={"C08": card(effect=[pay(food=1), pay(information=1), gain(oil=2)])})
    place(game, st, 0, resource=["C02-red", "C24"])  # 1 Food, 1 Information
    play(game, st, 0, "C08", auto_pay=False)
    assert sorted(legal_kinds(game, st, 0)["spend"]) == ["C01-red", "C02-red", "C24"]
    act(game, st, 0, "spend", "C24")  # the Information pays the Information
    act(game, st, 0, "spend", "C02-red")
    assert temp(st, 0) == {"oil": 2} and resource_keys(game, st, 0) == ["C01-red"]


def test_gain_gives_temporary_resources_lost_at_the_end_of_turn():
    game, st = fresh(3, cards={"C08": card(effect=[gain(iron=2)])})
    play(game, st, 0, "C08")
    assert temp(st, 0) == {"iron": 2}
    evs = act(game, st, 0, "pass")  # R88
    assert "temp_lost" in types(evs) and temp(st, 0) == {}


def test_restore_flips_back_as_many_as_possible_including_itself():
    game, st = fresh(3, cards={"C08": card(effect=[restore("horses", 2)])})
    place(game, st, 0, tech=["C06", "C13"])  # a Horses, a Gunpowder
    play(game, st, 0, "C08")  # C08 is Horses too
    assert sorted(resource_keys(game, st, 0)) == ["C01-red", "C06", "C08"]
    assert tech_keys(game, st, 0) == ["C13"]


def test_restore_asks_when_more_cards_qualify_than_it_restores():
    game, st = fresh(3, cards={"C08": card(effect=[restore("any", 1)])})
    place(game, st, 0, tech=["C13"])
    play(game, st, 0, "C08")
    assert legal_kinds(game, st, 0) == {"restore": ["C13", "C08"]}
    act(game, st, 0, "restore", "C13")
    assert "C13" in resource_keys(game, st, 0) and "C08" in tech_keys(game, st, 0)


def test_R36_nothing_to_restore_does_nothing():
    game, st = fresh(3, cards={"C08": card(effect=[restore("oil", 1)])})
    evs = play(game, st, 0, "C08")
    assert "restore" not in types(evs)


def test_vp_moves_the_vp_card_R70():
    game, st = fresh(3, theme="renaissance", cards={"C32": card(effect=[vp(2)])})
    play(game, st, 0, "C32")
    assert st.seats[0].vp == 2


def test_R73_no_vp_card_in_new_world():
    game, st = fresh(3)
    events = []
    game.gain_vp(st, 0, 3, events, "card")
    assert st.seats[0].vp == 0 and events == []


# --- use (Trade, Tribute) ------------------------------------------------------------------------


def test_use_R55_only_opponents_with_a_matching_resource_can_be_chosen():
    game, st = fresh(4, cards={"C15": card(effect=[use("food")])})
    place(game, st, 1, resource=["C01-blue"])
    place(game, st, 2, resource=["C04-green"])  # Iron: no match
    place(game, st, 3, resource=["C01-yellow", "C02-yellow"])
    play(game, st, 0, "C15")
    assert legal_kinds(game, st, 0) == {"target": [1, 3]}
    act(game, st, 0, "target", 3)
    assert legal_kinds(game, st, 0) == {"take": [(3, 0), (3, 1)]}  # by zone position
    assert all(e["card"] is None for e in game.view(st, 0)["legal"])  # backs stay hidden
    act(game, st, 0, "take", (3, 1))
    assert tech_keys(game, st, 3) == ["C02-yellow"] and temp(st, 0) == {"food": 1}


def test_use_A16_the_card_yields_its_owner_nothing_and_gain_false_gives_nothing():
    game, st = fresh(3, cards={"C15": card(effect=[use("any", 1, gain_it=False)])})
    place(game, st, 1, resource=["C04-blue"])
    place(game, st, 2)
    play(game, st, 0, "C15")
    assert tech_keys(game, st, 1) == ["C04-blue"] and temp(st, 0) == {} and temp(st, 1) == {}


def test_use_A17_without_a_target_does_nothing():
    game, st = fresh(3, cards={"C15": card(effect=[use("oil"), gain(iron=1)])})
    place(game, st, 1, resource=["C01-blue"])
    place(game, st, 2)
    evs = play(game, st, 0, "C15")
    assert "no_target" in types(evs) and temp(st, 0) == {"iron": 1}  # the rest still acts


# --- each_player ---------------------------------------------------------------------------------


def test_each_player_A34_you_first_then_clockwise_each_choosing_for_himself():
    game, st = fresh(3, cards={"C08": card(effect=[each_player(restore("any", 1))])})
    place(game, st, 0, tech=["C13", "C14"])
    place(game, st, 1, tech=["C02-blue", "C03-blue"])
    place(game, st, 2, tech=["C02-green"])
    play(game, st, 1, "C08")
    assert decision(st).seats == [1]  # you first
    act(game, st, 1, "restore", "C03-blue")
    assert resource_keys(game, st, 2) == ["C02-green"]  # seat 2: one choice
    assert decision(st).seats == [0]  # then clockwise
    act(game, st, 0, "restore", "C13")
    assert "C03-blue" in resource_keys(game, st, 1)


# --- attacks (R60-R69) ---------------------------------------------------------------------------


def attack_game(defeated, players=3, theme="new_world", mil=3, **facts):
    cards = {
        "C21": card("attack", military=mil, effect=[pay(food=1), attack(*defeated)]),
        "C10": card("attack", military=1, response=True),
        "C11": card("society", military=2),
    }
    cards.update(facts)
    return fresh(players, theme=theme, cards=cards)


def test_R61_strength_counts_every_technology_card_including_the_cost_paid():
    game, st = attack_game([lose(1)], mil=3, C02={"type": "society", "military": 2})
    place(game, st, 0, resource=["C02-red"], tech=["C03-red"])
    place(game, st, 1)
    place(game, st, 2)
    play(game, st, 0, "C21", auto_pay=False)
    evs = act(game, st, 0, "spend", "C02-red")  # its military 2 counts (A20)
    assert [e["strength"] for e in evs if e["type"] == "attack"] == [5]


def test_R62_R63_responses_clockwise_from_the_attacker_and_R64_never_activate():
    game, st = attack_game([lose(1)])
    place(game, st, 0, resource=["C02-red"])
    place(game, st, 1, hand=["C10"], resource=["C11"])
    place(game, st, 2)
    waiting(game, st, 0, 1)
    play(game, st, 2, "C21")  # seat 2 attacks: seat 0 answers first
    assert decision(st).kind == "respond" and decision(st).seats == [0]
    act(game, st, 0, "pass")
    assert decision(st).seats == [1]
    evs = act(game, st, 1, "respond", "C10")
    evs += act(game, st, 1, "respond_spend", "C11")  # 1 + 2 = 3: undefeated
    assert "activate" not in types(evs)
    assert sorted(tech_keys(game, st, 1)) == ["C10", "C11"]  # R69: they stay
    assert tech_keys(game, st, 0) == ["C02-red"]  # seat 0 lost it


def test_R63_a_card_without_the_response_icon_cannot_answer():
    game, st = attack_game([lose(1)], C12={"type": "attack", "military": 5})
    place(game, st, 0, resource=["C02-red"])
    place(game, st, 1, hand=["C10", "C12"])
    place(game, st, 2)
    play(game, st, 0, "C21")
    assert decision(st).kind == "respond" and decision(st).seats == [1]
    error = assert_illegal(game, st, 1, action_id(game, "respond", "C12"), "R63")
    assert "response icon" in error.reason
    assert_illegal(game, st, 2, action_id(game, "pass", None), "turn order")
    assert_illegal(game, st, 0, action_id(game, "pass", None), "turn order")


def test_R66_lose_the_defeated_player_chooses_and_a_space_pays_two():
    game, st = attack_game([lose(2)])
    place(game, st, 0, resource=["C02-red"])
    place(game, st, 1, resource=["C28", "C02-blue", "C03-blue"])
    place(game, st, 2)
    play(game, st, 0, "C21")
    act(game, st, 1, "pass")
    assert decision(st).kind == "lose" and decision(st).seats == [1]
    act(game, st, 1, "lose", "C28")  # one Space: both
    assert tech_keys(game, st, 1) == ["C28"]
    assert sorted(resource_keys(game, st, 1)) == ["C02-blue", "C03-blue"]


def test_R66_lose_as_far_as_possible():
    game, st = attack_game([lose(3)])
    place(game, st, 0, resource=["C02-red"])
    place(game, st, 1, resource=["C02-blue"])
    place(game, st, 2)
    play(game, st, 0, "C21")
    act(game, st, 1, "pass")
    assert tech_keys(game, st, 1) == ["C02-blue"]  # all he had


def test_hand_over_the_attacker_gains_the_resources():
    game, st = attack_game([hand_over(2)])
    place(game, st, 0, resource=["C02-red"])
    place(game, st, 1, resource=["C24", "C04-blue"])
    place(game, st, 2)
    play(game, st, 0, "C21")
    act(game, st, 1, "pass")
    assert sorted(tech_keys(game, st, 1)) == ["C04-blue", "C24"]
    assert temp(st, 0) == {"iron": 1, "information": 1} and temp(st, 1) == {}


def test_give_wonder_R29_R100_wonders_change_hands_only_this_way():
    game, st = attack_game([give_wonder()])
    place(game, st, 0, resource=["C02-red"])
    place(game, st, 1, resource=["C02-blue"])
    place(game, st, 2)
    st.seats[1].wonders = [st.wonders[0], st.wonders[2]]
    play(game, st, 0, "C21")
    act(game, st, 1, "pass")
    assert decision(st).kind == "give_wonder"
    act(game, st, 1, "give_wonder", game.wkeys[st.wonders[2]])
    assert st.seats[0].wonders == [st.wonders[2]] and st.seats[1].wonders == [st.wonders[0]]


def test_lose_vp_never_below_zero_A21_and_to_the_attacker():
    game, st = attack_game(
        [lose(1)], theme="renaissance", C46=card("attack", military=3, effect=[attack(lose_vp(3, True))])
    )
    place(game, st, 0, resource=["C02-red"])
    place(game, st, 1)
    place(game, st, 2)
    st.seats[1].vp, st.seats[2].vp = 2, 7
    play(game, st, 0, "C46")
    assert (st.seats[0].vp, st.seats[1].vp, st.seats[2].vp) == (5, 0, 4)


def test_R68_attack_vp_to_the_attacker_and_every_undefeated_opponent():
    game, st = fresh(
        3,
        theme="renaissance",
        cards={"C46": card("attack", military=3, effect=[attack(lose(1), vp=2)]), "C31": card(military=3)},
    )
    place(game, st, 1, tech=["C31"])  # 3 = 3: undefeated
    place(game, st, 2, resource=["C02-green"])
    play(game, st, 0, "C46")
    act(game, st, 2, "pass")
    assert [p.vp for p in st.seats] == [2, 2, 0]
    assert tech_keys(game, st, 2) == ["C02-green"]  # the defeated lost 1


def test_play_attacks_only_attack_cards_that_can_be_paid_then_up_to_n():
    game, st = fresh(
        3,
        cards={
            "C18": card("tactics", effect=[play_attacks(2)]),
            "C10": card("attack", military=1, effect=[attack()]),
            "C11": card("attack", military=1, effect=[attack()]),
            "C16": card("attack", military=1, effect=[pay(space=1), attack()]),
        },
    )
    place(game, st, 0, hand=["C10", "C11", "C16"])
    place(game, st, 1)
    place(game, st, 2)
    play(game, st, 0, "C18")
    assert legal_kinds(game, st, 0) == {"play_attack": ["C10", "C11"]}  # C16 unpayable
    act(game, st, 0, "play_attack", "C10")
    assert legal_kinds(game, st, 0) == {"play_attack": ["C11"], "pass": [None]}
    act(game, st, 0, "pass")
    assert sorted(tech_keys(game, st, 0)) == ["C10", "C18"]


def test_activate_attacks_up_to_n_from_the_zone_not_those_just_played():
    game, st = fresh(
        3,
        cards={
            "C30": card("tactics", effect=[play_attacks(1), activate_attacks(1)]),
            "C10": card("attack", military=1, effect=[attack()]),
            "C11": card("attack", military=1, effect=[attack()]),
            "C12": card("attack", military=1, effect=[attack()]),
        },
    )
    place(game, st, 0, hand=["C10"], tech=["C11", "C12"])
    place(game, st, 1)
    place(game, st, 2)
    evs = play(game, st, 0, "C30")  # C10 is played and attacks at once
    assert types(evs).count("attack") == 1
    assert legal_kinds(game, st, 0) == {"activate_attack": ["C11", "C12"], "pass": [None]}
    evs = act(game, st, 0, "activate_attack", "C12")
    assert [e["card"] for e in evs if e["type"] == "attack"] == ["C12"]
    assert decision(st).kind == "purchase"  # n = 1: done
