"""The payment algebra (payment.py): wildcards, Space, exchanges, minimal covers (R13, R14,
R76-R81, A5), and payments played through the rules."""

from __future__ import annotations

from epochal.games.guns_and_steel import payment as P
from tests.games.guns_and_steel.scenario import (
    act,
    action_id,
    assert_illegal,
    begin,
    card,
    fresh,
    gain,
    legal_kinds,
    pay,
    place,
    resource_keys,
    rows,
    tech_keys,
    temp,
    types,
)

FOOD, IRON, INFORMATION, SPACE = 0, 1, 5, 6
NONE, ONE, ANY = P.NO_EXCHANGE, P.ONE_STEP, P.ANY_HIGHER


def u(**counts) -> tuple:
    names = "FIHGONS"
    return tuple(counts.get(c, 0) for c in names)


def test_R13_information_stands_for_any_basic_resource_not_space():
    for t in "FIHGO":
        assert P.covers(u(N=1), u(**{t: 1}), 0, NONE)
    assert P.covers(u(N=1), u(N=1), 0, NONE)
    assert not P.covers(u(N=1), u(S=1), 0, NONE)


def test_R14_space_pays_any_two_non_space_units_or_one_space():
    assert P.covers(u(S=1), u(F=1, G=1), 0, NONE)
    assert P.covers(u(S=1), u(N=2), 0, NONE)
    assert P.covers(u(S=1), u(S=1), 0, NONE)
    assert P.covers(u(S=1), u(H=1), 1, NONE)
    assert not P.covers(u(S=1), u(H=2), 1, NONE)


def test_R51_a_space_may_pay_a_single_unit_and_the_rest_is_lost():
    assert set(P.minimal_covers(u(F=1, S=1), u(F=1), 0, NONE)) == {u(F=1), u(S=1)}


def test_R76_any_units_are_paid_by_surplus_of_any_type():
    assert P.covers(u(F=2, O=1), u(O=1), 2, NONE)
    assert not P.covers(u(F=1, O=1), u(O=1), 2, NONE)


def test_R80_E7_two_identical_go_one_step_up_never_down():
    assert P.covers(u(F=2), u(I=1), 0, ONE)
    assert not P.covers(u(F=2), u(I=1), 0, NONE)  # only in the Purchase phase
    assert not P.covers(u(O=1), u(G=2), 0, ONE)  # no exchange downwards
    assert not P.covers(u(O=1), u(G=1), 0, ONE)


def test_R81_exchanges_chain_and_A5_one_step_versus_any_higher():
    assert P.covers(u(F=4), u(H=1), 0, ONE)  # 2F->I twice, 2I->H
    assert not P.covers(u(I=2), u(G=1), 0, ONE)  # E10: not 2 Iron -> Gunpowder
    assert P.covers(u(I=2), u(G=1), 0, ANY)
    assert P.covers(u(O=2), u(N=1), 0, ONE)  # the chain includes O -> N
    assert P.covers(u(N=2), u(S=1), 0, ONE)  # N -> S is allowed
    assert not P.covers(u(F=2), u(S=1), 0, ANY)  # Space only from Information


def test_R80_three_of_any_type_make_one_information():
    assert P.covers(u(F=1, I=2), u(G=1), 0, ONE)  # E10's exchange
    assert not P.covers(u(F=1, I=1), u(G=1), 0, ONE)


def test_R79_minimal_covers_forbid_over_spending():
    covers = P.minimal_covers(u(F=3, I=1), u(F=1), 1, NONE)
    assert set(covers) == {u(F=2), u(F=1, I=1)}
    assert P.legal_picks(u(F=3, I=1), u(F=2), u(F=1), 1, NONE) == ()  # covered already
    assert P.legal_picks(u(F=3, I=1), u(I=1), u(F=1), 1, NONE) == (FOOD,)
    # a Space with a cost of 1: the Food or the Space, never both
    assert P.legal_picks(u(F=1, S=1), u(), u(F=1), 0, NONE) == (FOOD, SPACE)


def test_E10_minimal_cover_uses_every_unit():
    have = u(F=1, H=1, O=2, I=2)
    assert P.minimal_covers(have, u(H=1, G=1, O=2), 0, ONE) == (have,)


def test_legal_picks_stay_inside_a_minimal_cover():
    have = u(F=2, I=1, N=1)
    cost = u(I=1)
    assert P.legal_picks(have, u(), cost, 0, ONE) == (FOOD, IRON, INFORMATION)
    assert P.legal_picks(have, u(F=1), cost, 0, ONE) == (FOOD,)  # then the other Food


# --- payments through the rules ------------------------------------------------------------------


def test_R78_temporary_resources_and_zone_cards_both_pay_and_only_what_is_needed():
    facts = {"C08": card(effect=[gain(iron=1)]), "C13": card(cost={"iron": 2})}
    game, st = fresh(3, cards=facts)
    rows(game, st, [], ["C13"])
    place(game, st, 0, hand=["C01-red", "C08", "C03-red", "C05-red"], resource=["C04-red", "C19"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C01-red")
    act(game, st, 0, "play_technology", "C08")
    act(game, st, 0, "activate")
    act(game, st, 0, "buy", "2.0")
    kinds = legal_kinds(game, st, 0)
    assert kinds == {"spend": ["C04-red", "iron"]}  # not the Oil, Food
    assert_illegal(game, st, 0, action_id(game, "spend", "C19"), "R79")
    act(game, st, 0, "spend", "iron")
    assert st.payment is None and temp(st, 0) == {}
    assert sorted(resource_keys(game, st, 0)) == ["C01-red", "C19"]


def test_R51_activation_costs_allow_no_exchange_by_default_A5():
    facts = {"C08": card(effect=[pay(iron=1), gain(oil=2)])}
    game, st = fresh(3, cards=facts)
    place(game, st, 0, hand=["C02-red", "C08", "C03-red", "C05-red"], resource=["C01-red"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C02-red")
    evs = act(game, st, 0, "play_technology", "C08")
    assert "skip" in types(evs) and "activate" not in types(evs)  # 2 Food do not pay
    assert not game.can_activate(st, 0, game.index_of["C08"])
    game, st = fresh(3, cards=facts, exchange_in="always")
    place(game, st, 0, hand=["C02-red", "C08", "C03-red", "C05-red"], resource=["C01-red"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C02-red")
    act(game, st, 0, "play_technology", "C08")
    act(game, st, 0, "activate")
    assert legal_kinds(game, st, 0) == {"spend": ["C01-red", "C02-red"]}  # 2F -> I
    evs = act(game, st, 0, "spend", "C02-red")  # then the other
    assert types(evs)[:3] == ["spend", "spend", "gain"] and temp(st, 0) == {"oil": 2}


def test_R14_a_space_card_pays_two_units_of_a_purchase():
    facts = {"C13": card(cost={"gunpowder": 1, "horses": 1})}
    game, st = fresh(3, cards=facts)
    rows(game, st, [], ["C13"])
    place(game, st, 0, hand=["C01-red", "C02-red"], resource=["C28", "C03-red"])
    begin(game, st, 0, "purchase")
    evs = act(game, st, 0, "buy", "2.0")  # only the Space
    assert [e["card"] for e in evs if e["type"] == "spend"] == ["C28"]
    assert "C13" in tech_keys(game, st, 0) and resource_keys(game, st, 0) == ["C03-red"]


def test_R81_exchange_option_any_higher():
    facts = {"C13": card(cost={"gunpowder": 1})}
    for option, payable in (("one_step", False), ("any_higher", True)):
        game, st = fresh(3, cards=facts, exchange=option)
        rows(game, st, [], ["C13"])
        place(game, st, 0, hand=["C01-red", "C02-red"], resource=["C04-red", "C05-red"])
        begin(game, st, 0, "purchase")
        assert ("2.0" in legal_kinds(game, st, 0).get("buy", [])) == payable
