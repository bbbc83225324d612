"""The rulebook's worked examples E1-E13 (shared/rules/guns-and-steel.md §21) as scenarios.

Each builds the position the example describes from chosen card facts (the real cards are not
public, D1) and plays it through the rules.
"""

from __future__ import annotations

from epochal.games.guns_and_steel.state import EMPTY
from tests.games.guns_and_steel.scenario import (
    act,
    attack,
    begin,
    card,
    clause,
    decision,
    each_player,
    fresh,
    gain,
    give_wonder,
    k,
    legal_kinds,
    pay,
    place,
    play_attacks,
    resource_keys,
    restore,
    rows,
    take_out,
    tech_keys,
    temp,
    types,
    use,
    vp,
)


def test_E1_the_wonder_whose_card_lies_further_left_is_used():
    """ISS depicts the Nuclear Submarine, Apollo the Computer; the Submarine lies further left."""
    names = {
        "W09": {"name": {"en": "International Space Station"}, "depicts": "C29"},
        "W10": {"name": {"en": "Apollo Project"}, "depicts": "C28"},
    }
    game, st = fresh(3, wonders=names)
    iss, apollo = game.windex["W09"], game.windex["W10"]
    rows(game, st, [], [], [], [], ["C30", "C29", "C28"])
    assert game.choose_wonder(st, [iss, apollo]) == (iss, "left")
    rows(game, st, [], [], [], [], ["C28", "C30", "C29"])
    assert game.choose_wonder(st, [iss, apollo]) == (apollo, "left")


def test_E1_R43_setup_applies_the_rule_in_every_epoch():
    for seed in range(12):
        game, st = fresh(4, seed=seed)
        for e, w in enumerate(st.wonders):
            pair = [x for x in range(10) if game.wepoch[x] == e]
            assert w in pair
            row = st.pyramid[e]
            placed = sorted(pair, key=lambda x: row.index(game.depicts[x]))
            assert w == placed[0]


def test_E2_pyramid_for_3_or_4_players_is_7_6_5_4_3():
    for players in (3, 4):
        game, st = fresh(players)
        assert [len(r) for r in st.pyramid] == [7, 6, 5, 4, 3]
        for e, row in enumerate(st.pyramid):
            assert all(game.epoch[x] == e for x in row)  # R39: rows = epochs
        assert not st.stacks


def test_E3_mining_agriculture_and_code_of_laws_restore_themselves():
    facts = {
        "C13": card(name={"en": "Mining"}, effect=[restore("gunpowder")]),
        "C06": card(name={"en": "Agriculture"}, effect=[restore("horses")]),
        "C31": card(name={"en": "Code of Laws"}, effect=[restore("horses")]),
    }
    for theme, key in (("new_world", "C13"), ("new_world", "C06"), ("renaissance", "C31")):
        game, st = fresh(3, theme=theme, cards=facts)
        place(game, st, 0, hand=["C02-red", key], resource=["C01-red"])
        begin(game, st, 0)
        act(game, st, 0, "play_resource", "C02-red")
        assert decision(st).kind == "activate"  # Key played
        act(game, st, 0, "activate")
        assert key in resource_keys(game, st, 0) and tech_keys(game, st, 0) == []


def test_E4_trade_targets_an_opponent_with_a_resource_calendar_acts_anyway():
    facts = {
        "C15": card(name={"en": "Trade"}, effect=[pay(food=1), use()]),
        "C38": card(name={"en": "Calendar"}, effect=[each_player(restore()), vp(1)]),
    }
    game, st = fresh(3, cards=facts)
    place(game, st, 0, hand=["C02-red", "C15"], resource=["C01-red"])
    place(game, st, 1, resource=["C01-blue"])
    place(game, st, 2)  # no resource: not a legal target
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C02-red")
    act(game, st, 0, "activate")
    act(game, st, 0, "spend", "C01-red")
    assert "C01-blue" in tech_keys(game, st, 1)  # the only target
    assert temp(st, 0) == {"food": 1}

    game, st = fresh(3, theme="renaissance", cards=facts)
    place(game, st, 0, hand=["C02-red", "C38"], tech=["C03-red"])
    place(game, st, 1)
    place(game, st, 2)  # nobody else can restore
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C02-red")
    act(game, st, 0, "activate")
    act(game, st, 0, "restore", "C38")
    assert st.seats[0].vp == 1 and "C38" in resource_keys(game, st, 0)


def test_E5_an_attack_card_played_through_tactics_must_be_activated():
    facts = {
        "C18": card("tactics", name={"en": "Flank Attack"}, effect=[play_attacks(1)]),
        "C10": card("attack", military=2, effect=[attack(give_wonder())]),
        "C11": card("attack", military=1, effect=[attack(give_wonder())]),
    }
    game, st = fresh(3, cards=facts)
    place(game, st, 0, hand=["C02-red", "C18", "C10", "C11"])
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C02-red")
    act(game, st, 0, "play_technology", "C18")
    act(game, st, 0, "activate")
    assert legal_kinds(game, st, 0) == {"play_attack": ["C10", "C11"]}  # no pass, no skip
    evs = act(game, st, 0, "play_attack", "C10")
    assert types(evs)[:2] == ["play_attack", "attack"]  # activated at once
    assert "C10" in tech_keys(game, st, 0) and "C11" in keys_in_hand(game, st, 0)


def test_E6_attack_with_responses_and_wonders_given():
    """You attack with 7; Kolya (3) does not respond and is defeated; Katya plays Knights and
    Charge and is still below 7; Andrey plays Blitzkrieg and spends an Information (Tank) and
    reaches 7, undefeated. Kolya gives the Taj Mahal, Katya chooses the Pyramids of Giza."""
    facts = {
        "C29": card("attack", name={"en": "Nuclear Submarine"}, military=4, effect=[attack(give_wonder())]),
        "C10": card("attack", name={"en": "Knights"}, military=1, response=True),
        "C16": card("attack", name={"en": "Charge"}, military=1, response=True),
        "C27": card("tactics", name={"en": "Blitzkrieg"}, military=2, response=True),
        "C26": card("attack", name={"en": "Tank"}, military=2),
        "C03": card(military=3),  # a start card, in every colour
    }
    wonders = {
        "W05": {"name": {"en": "Taj Mahal"}},
        "W01": {"name": {"en": "Pyramids of Giza"}},
        "W03": {"name": {"en": "Angkor Wat"}},
    }
    game, st = fresh(4, cards=facts, wonders=wonders)
    you, kolya, katya, andrey = 0, 1, 2, 3
    st.wonders = [game.windex[w] for w in ("W01", "W03", "W05", "W07", "W09")]
    place(game, st, you, hand=["C01-red", "C29"], tech=["C03-red"])
    place(game, st, kolya, resource=["C02-blue"], tech=["C03-blue"])
    st.seats[kolya].wonders = [game.windex["W05"]]
    place(game, st, katya, hand=["C10", "C16"], tech=["C01-green"])
    st.seats[katya].wonders = [game.windex["W01"], game.windex["W03"]]
    place(game, st, andrey, hand=["C27"], resource=["C26"], tech=["C03-yellow"])
    begin(game, st, you)
    act(game, st, you, "play_resource", "C01-red")
    act(game, st, you, "activate")
    assert st.attack.strength == 7  # 4 + 3
    assert decision(st).seats == [kolya]  # clockwise (R62)
    act(game, st, kolya, "pass")  # stays at 3
    act(game, st, katya, "respond", "C10")
    act(game, st, katya, "respond", "C16")  # nothing left to answer with: done
    assert game.military(st.seats[katya]) == 2 < 7
    act(game, st, andrey, "respond", "C27")
    act(game, st, andrey, "respond_spend", "C26")  # the Tank side; nothing left: done
    assert game.military(st.seats[andrey]) == 7  # ties: undefeated
    assert st.attack.defeated == [kolya, katya]
    assert decision(st).kind == "give_wonder" and decision(st).seats == [katya]
    assert st.seats[kolya].wonders == []  # only one: given
    act(game, st, katya, "give_wonder", "W01")
    assert sorted(game.wkeys[w] for w in st.seats[you].wonders) == ["W01", "W05"]
    assert [game.wkeys[w] for w in st.seats[katya].wonders] == ["W03"]
    assert st.attack is None and st.seats[andrey].wonders == []


def test_E7_two_food_buy_an_iron_one_oil_never_two_gunpowder():
    facts = {"C06": card(cost={"iron": 1}), "C13": card(cost={"gunpowder": 2})}
    game, st = fresh(3, cards=facts)
    rows(game, st, ["C06"], ["C13"])
    place(game, st, 0, resource=["C01-red", "C02-red", "C19"])  # 2 Food, 1 Oil
    begin(game, st, 0, "purchase")
    buys = legal_kinds(game, st, 0)["buy"]
    assert "1.0" in buys and "2.0" not in buys  # R80: never down
    act(game, st, 0, "buy", "1.0")
    # not the Oil; both Foods are the only exact payment, so they may also be paid at once
    assert legal_kinds(game, st, 0) == {"spend": ["C01-red", "C02-red"], "pay_all": [("C01-red", "C02-red")]}
    evs = act(game, st, 0, "spend", "C01-red")  # the other Food is then the only choice
    assert [e.get("card") for e in evs if e["type"] == "spend"] == ["C01-red", "C02-red"]
    assert [e["card"] for e in evs if e["type"] == "buy"] == ["C06"]


def e8_position(charge_bought: bool):
    facts = {
        "C21": card("attack", name={"en": "Cannons"}, cost={"gunpowder": 2}),
        "C16": card("attack", name={"en": "Charge"}),
        "C08": card(name={"en": "Barter"}, effect=[pay(food=1), gain(gunpowder=1)]),
    }
    game, st = fresh(3, cards=facts)
    rows(
        game,
        st,
        ["C06", "C09", "C10", "C11", "C12", None, None],
        ["C13", None, None if charge_bought else "C16", "C17", None, None],
        [None, "C21", None, None, None],
    )
    place(
        game, st, 0, hand=["C07", "C08", "C03-red", "C05-red", "C24"], resource=["C01-red", "C02-red", "C04-red", "C14"]
    )
    return game, st


def test_E8_cannons_cost_two_gunpowder_and_three_for_connected_cards():
    game, st = e8_position(charge_bought=False)
    assert game.view(st, 0)["pyramid"][2][1] == {"slot": "3.1", "card": "C21", "surcharge": 3}
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C07")  # 1 Horses
    act(game, st, 0, "play_technology", "C08")  # Barter
    act(game, st, 0, "activate")
    act(game, st, 0, "spend", "C01-red")  # 1 Food ...
    assert temp(st, 0) == {"gunpowder": 1}  # ... for 1 Gunpowder
    assert "3.1" in legal_kinds(game, st, 0)["buy"]
    act(game, st, 0, "buy", "3.1")
    assert st.payment.cost == [0, 0, 0, 2, 0, 0, 0] and st.payment.any == 3
    while st.payment is not None:  # all 5 units go
        game.apply(st, 0, game.legal(st, 0)[0])
    assert resource_keys(game, st, 0) == [] and temp(st, 0) == {}
    assert "C21" in tech_keys(game, st, 0) and st.pyramid[2][1] == EMPTY


def test_E9_with_charge_bought_cannons_cost_only_two_gunpowder():
    game, st = e8_position(charge_bought=True)
    assert game.view(st, 0)["pyramid"][2][1]["surcharge"] == 0


def test_E10_computer_two_iron_and_a_food_make_the_missing_gunpowder():
    facts = {
        "C28": card(name={"en": "Computer"}, cost={"horses": 1, "gunpowder": 1, "oil": 2}),
        "C14": card(name={"en": "Metalworking"}, effect=[gain(iron=2)]),
    }
    game, st = fresh(3, cards=facts)
    rows(
        game,
        st,
        ["C06", "C07", "C08", "C09", "C10", "C11", "C12"],
        ["C13", "C15", "C16", "C17", "C18", None],
        ["C21", "C22", "C23", None, None],
        [None, None, None, None],
        ["C28", None, None],
    )
    place(game, st, 0, hand=["C20", "C14", "C03-red", "C04-red", "C24"], resource=["C01-red", "C06", "C19"])
    assert game.view(st, 0)["pyramid"][4][0]["surcharge"] == 0  # Information row bought
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C20")  # 1 Oil
    act(game, st, 0, "play_technology", "C14")  # Metalworking
    act(game, st, 0, "activate")  # 2 Iron
    assert "5.0" in legal_kinds(game, st, 0)["buy"]
    act(game, st, 0, "buy", "5.0")
    evs = []
    while st.payment is not None:
        evs += game.apply(st, 0, game.legal(st, 0)[0])
    assert types(evs).count("spend") + types(evs).count("spend_temp") == 6
    assert resource_keys(game, st, 0) == [] and temp(st, 0) == {}
    assert "C28" in tech_keys(game, st, 0)


def test_E11_new_world_end_of_turn_wonder_before_recall():
    tactics = {f"C{n}": card("tactics") for n in (12, 18, 23)}
    condition = [clause("resource_cards", 2, "horses"), clause("tech_cards", 3, "tactics")]
    wonders = {
        "W01": {"name": {"en": "Hanging Gardens"}, "build": condition, "vp": 3},
        "W03": {"name": {"en": "Himeji Castle"}, "build": condition, "vp": 5},
    }
    game, st = fresh(3, cards=tactics, wonders=wonders)
    st.wonders = [game.windex[w] for w in ("W01", "W03", "W05", "W07", "W09")]
    place(game, st, 0, resource=["C06", "C07"], tech=["C12", "C18", "C23"])
    begin(game, st, 0, "end_of_turn")
    assert sorted(legal_kinds(game, st, 0)["claim"]) == ["W01", "W03"]
    act(game, st, 0, "claim", "W03")  # more VP
    assert sorted(keys_in_hand(game, st, 0)) == ["C12", "C18", "C23"]  # recalled after
    act(game, st, 0, "pass")  # keep the resources
    assert resource_keys(game, st, 0) == ["C06", "C07"]
    assert [game.wkeys[w] for w in st.seats[0].wonders] == ["W03"]
    assert st.turn == 1


def keys_in_hand(game, st, seat):
    return [game.keys[x] for x in st.seats[seat].hand]


def test_E12_renaissance_end_of_turn_recall_then_glory_token():
    facts = {"C44": card(vp=1), "C45": card(vp=3), "C46": card(vp=2), "C47": card(vp=1)}
    opera = {"W17": {"name": {"en": "Sydney Opera House"}, "tokens": 3, "glory": [clause("recalled_vp", 6)]}}
    game, st = fresh(3, theme="renaissance", cards=facts, wonders=opera)
    st.wonders = [game.windex[w] for w in ("W11", "W13", "W15", "W17", "W19")]
    st.glory[3] = [2, 1, 0]
    st.seats[0].glory, st.seats[1].glory = 3, 4
    place(game, st, 0, resource=["C44", "C47"], tech=["C45", "C46"])
    begin(game, st, 0, "end_of_turn")
    assert sorted(keys_in_hand(game, st, 0)) == ["C45", "C46"]  # 5 VP back
    act(game, st, 0, "recall", "C44")  # 1 Oil: 6 VP
    evs = act(game, st, 0, "pass")
    assert types(evs)[:3] == ["glory", "claim", "glory_returned"]
    assert [game.wkeys[w] for w in st.seats[0].wonders] == ["W17"]
    assert st.glory[3] == [0, 0, 0] and st.seats[0].glory == 5 and st.seats[1].glory == 5
    assert resource_keys(game, st, 0) == ["C47"]


def test_E13_combined_stack_costs_base_plus_one_per_lower_epoch_card_in_the_pyramid():
    facts = {"C41": card(name={"en": "Horse Archers"}, cost={"iron": 1, "horses": 1})}
    game, st = fresh(3, theme="combined", cards=facts)
    horses = st.pyramid[0]
    for i in range(2, len(horses)):  # 2 Horses cards left in the pyramid
        st.removed.append(horses[i])
        horses[i] = EMPTY
    take_out(game, st, k(game, "C41"))
    gunpowder = st.stacks[1]
    gunpowder.append(k(game, "C41"))  # on top of the Gunpowder stack
    place(game, st, 0, hand=["C03-red", "C05-red"], resource=["C04-red", "C06", "C01-red", "C02-red"])
    view = game.view(st, 0)
    assert view["stacks"]["gunpowder"] == {"count": len(gunpowder), "top": "C41", "surcharge": 2}
    begin(game, st, 0, "purchase")
    act(game, st, 0, "buy_stack", "gunpowder")
    assert st.payment.cost == [0, 1, 1, 0, 0, 0, 0] and st.payment.any == 2  # 1 I + 1 H + 2 any
    while st.payment is not None:
        game.apply(st, 0, game.legal(st, 0)[0])
    assert "C41" in tech_keys(game, st, 0) and resource_keys(game, st, 0) == []


def test_E13_stack_surcharge_counts_every_lower_epoch():
    game, st = fresh(3, theme="combined")
    left = [sum(x != EMPTY for x in row) for row in st.pyramid]
    assert left == [6, 5, 4, 3, 2]  # R109
    assert [len(s) for s in st.stacks] == [8, 7, 6, 5, 4]  # R110
    assert [game.stack_surcharge(st, e) for e in range(5)] == [0, 6, 11, 15, 18]
