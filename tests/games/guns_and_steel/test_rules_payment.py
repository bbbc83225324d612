"""The payment algebra (payment.py): wildcards, Space, exchanges, minimal covers (R13, R14,
R76-R81, A5), and payments played through the rules."""

from __future__ import annotations

import random

from epochal.games.guns_and_steel import make_game
from epochal.games.guns_and_steel import payment as P
from epochal.games.guns_and_steel.decisions import pay_all_plan
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
    surcharge_position,
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
    # not the Oil, Food; the 2 Iron are fixed, so the shortcut spends the temporary one and C04-red
    assert kinds == {"spend": ["C04-red", "iron"], "pay_all": [("C04-red", "iron")]}
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
    assert legal_kinds(game, st, 0) == {"spend": ["C01-red", "C02-red"], "pay_all": [("C01-red", "C02-red")]}  # 2F -> I
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


# --- paying the rest at once (R78, R79) ------------------------------------------------------------


def finished(before, after) -> bool:
    """Has the payment under way in ``before`` ended in ``after``?"""
    pm, now = before.payment, after.payment
    return now is None or (now.card, now.purpose) != (pm.card, pm.purpose) or len(now.picked) < len(pm.picked)


def outcomes(game, st, seat: int) -> set:
    """Every way single clicks can finish the payment: (the cards turned over with their
    resources, the temporary resources used)."""
    out, seen = set(), set()

    def walk(state, cards: frozenset, temps: tuple) -> None:
        if (cards, temps) in seen:
            return
        seen.add((cards, temps))
        for a in game.legal(state, seat):
            if a == game.action_space.pay_all:
                continue
            after = state.clone()
            evs = game.apply(after, seat, a)
            more_cards = cards | {(e["card"], e["res"]) for e in evs if e["type"] == "spend"}
            more_temps = tuple(sorted(temps + tuple(e["res"] for e in evs if e["type"] == "spend_temp")))
            if finished(st, after):
                out.add((more_cards, more_temps))
            else:
                walk(after, more_cards, more_temps)

    walk(st, frozenset(), ())
    return out


def single_clicks(game, st, seat: int, plan: list[int]) -> list[dict]:
    """The plan's units as single clicks, each legal when it is made (the engine makes the last
    ones itself when each is the only answer)."""
    start = st.clone()
    evs: list = []
    for a in plan:
        if finished(start, st):
            break
        assert a in game.legal(st, seat)
        evs += game.apply(st, seat, a)
    assert finished(start, st)
    return evs


def same_but_ply(a, b) -> bool:
    a, b = a.clone(), b.clone()
    a.ply = b.ply = 0
    return a.to_json() == b.to_json()


def test_R79_pay_all_is_refused_while_the_rest_leaves_a_choice_of_resources():
    game, st = surcharge_position()
    # Food, Iron or Horses may pay the two of your choice: several exact payments
    assert "pay_all" not in legal_kinds(game, st, 0)
    assert_illegal(game, st, 0, game.action_space.pay_all, "R79")


def test_R79_pay_all_pays_the_only_rest_temporary_resources_first():
    game, st = surcharge_position()
    act(game, st, 0, "spend", "C01-red")
    act(game, st, 0, "spend", "C02-red")  # the two of your choice: the rest is 2 Iron, 1 Horse
    assert legal_kinds(game, st, 0)["pay_all"] == [("C04-red", "C05-red", "horses")]  # not C08
    before = st.clone()
    evs = game.apply(st, 0, game.action_space.pay_all)
    spent = [(e["type"], e.get("card") or e["res"]) for e in evs if e["type"].startswith("spend")]
    assert spent == [("spend_temp", "horses"), ("spend", "C04-red"), ("spend", "C05-red")]
    assert [e["card"] for e in evs if e["type"] == "buy"] == ["C13"]
    assert resource_keys(game, st, 0) == ["C08"] and temp(st, 0) == {}
    # the same single clicks leave the same state and say the same
    clicked = before.clone()
    plan = [action_id(game, "spend_res", "horses"), action_id(game, "spend", "C04-red")]
    assert single_clicks(game, clicked, 0, [*plan, action_id(game, "spend", "C05-red")]) == evs
    assert same_but_ply(st, clicked) and st.ply == before.ply + 1


def test_R79_pay_all_turns_over_every_card_of_a_resource_the_rest_needs():
    game, st = surcharge_position({})
    act(game, st, 0, "spend", "C04-red")
    act(game, st, 0, "spend", "C05-red")  # the rest: 1 Horse and 2 of your choice from 2 Food
    assert legal_kinds(game, st, 0)["pay_all"] == [("C01-red", "C02-red", "C08")]
    evs = game.apply(st, 0, game.action_space.pay_all)
    assert [e["card"] for e in evs if e["type"] == "spend"] == ["C01-red", "C02-red", "C08"]


def test_R78_pay_all_is_not_offered_for_one_unit():
    game, st = surcharge_position({}, horses=("C08", "C09"))
    for key in ("C01-red", "C02-red", "C04-red", "C05-red"):
        act(game, st, 0, "spend", key)
    # the rest is 1 Horse, C08 or C09: one click either way
    assert set(legal_kinds(game, st, 0)) == {"spend"}
    assert_illegal(game, st, 0, game.action_space.pay_all, "R78")


def test_R34_pay_all_leaves_the_choice_of_which_card_of_a_resource_turns_over():
    facts = {"C13": card(cost={"iron": 1, "horses": 1})}
    game, st = fresh(3, cards=facts)
    rows(game, st, [], ["C13"])
    place(game, st, 0, hand=["C03-red"], resource=["C04-red", "C05-red", "C08"])
    begin(game, st, 0, "purchase")
    act(game, st, 0, "buy", "2.0")
    # Iron and Horse are fixed, but which Iron card turns over is the player's choice
    assert legal_kinds(game, st, 0) == {"spend": ["C04-red", "C05-red", "C08"]}
    assert_illegal(game, st, 0, game.action_space.pay_all, "R34")


def test_R78_pay_all_is_refused_outside_a_payment():
    game, st = surcharge_position()
    st.payment = None
    begin(game, st, 0, "purchase")
    assert_illegal(game, st, 0, game.action_space.pay_all, "R78")


def test_R51_an_activation_cost_may_be_paid_at_once():
    facts = {"C08": card(effect=[pay(iron=1, food=1), gain(oil=2)])}
    game, st = fresh(3, cards=facts)
    place(game, st, 0, hand=["C19", "C08", "C03-red"], resource=["C01-red", "C04-red"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C19")  # Oil pays neither (no exchange, A5)
    act(game, st, 0, "play_technology", "C08")
    act(game, st, 0, "activate")
    assert legal_kinds(game, st, 0)["pay_all"] == [("C01-red", "C04-red")]
    evs = game.apply(st, 0, game.action_space.pay_all)
    assert types(evs)[:3] == ["spend", "spend", "gain"] and temp(st, 0) == {"oil": 2}
    game, st = fresh(3, cards=facts)
    place(game, st, 0, hand=["C02-red", "C08", "C03-red"], resource=["C01-red", "C04-red"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C02-red")  # a second Food: which one is a choice
    act(game, st, 0, "play_technology", "C08")
    act(game, st, 0, "activate")
    assert "pay_all" not in legal_kinds(game, st, 0)


def test_R79_pay_all_is_offered_exactly_when_single_clicks_have_one_outcome_temporary_first():
    """In random games, at every payment: the shortcut is offered exactly when every way of
    finishing it by single clicks spends the same resources, one of them uses the most temporary
    resources, two units at least are left and two single answers are; it then ends as that one
    and as its single clicks, each legal when made."""
    offered = refused = 0
    game = make_game()  # the built-in cards: their costs vary
    for seed, theme in ((1, "new_world"), (2, "renaissance"), (3, "combined")):
        st = game.new(3, seed, {"theme": theme})
        rng = random.Random(seed)
        while not st.over and offered + refused < 60 * seed:
            d = st.stack[-1]
            seat = d.seats[0]
            legal = game.legal(st, seat)
            if d.kind == "pay":
                outs = outcomes(game, st, seat)
                spends = {tuple(sorted([r for _, r in cards] + list(temps))) for cards, temps in outs}
                most = max(len(temps) for _, temps in outs)
                best = [o for o in outs if len(o[1]) == most]
                singles = [a for a in legal if a != game.action_space.pay_all]
                units = len(next(iter(spends)))
                expected = len(spends) == 1 and len(best) == 1 and units >= 2 and len(singles) >= 2
                assert (game.action_space.pay_all in legal) == expected, (outs, legal)
                if expected:
                    offered += 1
                    at_once, clicked = st.clone(), st.clone()
                    evs = game.apply(at_once, seat, game.action_space.pay_all)
                    cards = {(e["card"], e["res"]) for e in evs if e["type"] == "spend"}
                    temps = tuple(sorted(e["res"] for e in evs if e["type"] == "spend_temp"))
                    assert (cards, temps) == best[0]
                    assert single_clicks(game, clicked, seat, pay_all_plan(game, st, seat)) == evs
                    assert same_but_ply(at_once, clicked)
                else:
                    refused += 1
                    assert_illegal(game, st, seat, game.action_space.pay_all)
            game.apply(st, seat, rng.choice([a for a in legal if a != game.action_space.pay_all]))
    assert offered >= 20 and refused >= 20, (offered, refused)
