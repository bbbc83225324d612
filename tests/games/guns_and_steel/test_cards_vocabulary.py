"""The vocabulary an owner's card may use beyond the built-in deck (D15): every other player
spending resources of his own choosing outside an attack (``each_other`` + ``lose``, R51, R54,
A34), VP lost by the others (A21), and activation costs paid in VP (``pay_vp``, R71). Each card is
built by the test, checked by the validator and played through ``new``, ``legal`` and ``apply``.
"""

from __future__ import annotations

import json

import pytest

from epochal.engine.locale import prompt_words, why_not_words
from epochal.games.guns_and_steel import cards as C
from tests.games.guns_and_steel.scenario import (
    act,
    action_id,
    assert_illegal,
    attack,
    begin,
    card,
    decision,
    each_player,
    fresh,
    gain,
    legal_kinds,
    lose,
    lose_vp,
    pay,
    place,
    play_attacks,
    resource_keys,
    tech_keys,
    temp,
    types,
)

COLOURS = ("red", "blue", "green", "yellow")
NAMES = ["Ana", "Boris", "Vera", "Gleb"]


def each_other(*ops) -> C.EachOther:
    return C.EachOther(do=list(ops))


def pay_vp(n: int = 1) -> C.PayVp:
    return C.PayVp(n=n)


def play(game, st, seat, key, activate=True):
    """Seat plays a Food start card as its resource and ``key`` as its technology, keeping two
    cards in hand (no recall ends the turn), and activates it when ``activate``."""
    colour = COLOURS[seat]
    place(game, st, seat, hand=[f"C01-{colour}", key, f"C04-{colour}", f"C05-{colour}"], keep=True)
    begin(game, st, seat)
    act(game, st, seat, "play_resource", f"C01-{colour}")
    evs = act(game, st, seat, "play_technology", key)
    if activate:
        evs += act(game, st, seat, "activate")
    return evs


# --- each_other: every other player spends resources of his own choosing (R51, R54) --------------


def test_R54_each_other_player_spends_a_resource_of_his_choosing_clockwise_from_you():
    game, st = fresh(4, cards={"C08": card(effect=[each_other(lose(1)), gain(iron=1)])})
    place(game, st, 0, resource=["C28"])  # only a Space: it goes whole (R14, R51), unasked
    place(game, st, 2, resource=["C02-green", "C24"])  # two cards: green chooses
    place(game, st, 3, resource=["C04-yellow"])  # one card: no choice to make
    play(game, st, 1, "C08")
    d = decision(st)
    assert (d.kind, d.seats) == ("lose", [2])  # clockwise from the active seat (A34)
    assert legal_kinds(game, st, 2) == {"lose": ["C02-green", "C24"]}
    assert game.legal(st, 1) == [] and game.legal(st, 0) == []
    assert_illegal(game, st, 2, action_id(game, "lose", "C04-yellow"), "R54")
    evs = act(game, st, 2, "lose", "C24")
    assert tech_keys(game, st, 2) == ["C24"] and resource_keys(game, st, 2) == ["C02-green"]
    assert tech_keys(game, st, 3) == ["C04-yellow"] and tech_keys(game, st, 0) == ["C28"]
    assert [e["seat"] for e in evs if e["type"] == "lose"] == [2, 3, 0]
    # you are not one of the others, and the rest of the effect still acts
    assert resource_keys(game, st, 1) == ["C01-blue"] and temp(st, 1) == {"iron": 1}
    assert "attack" not in types(evs) and st.attack is None  # no attack: nobody responds


def test_R51_each_other_as_far_as_possible_and_a_player_with_nothing_loses_nothing():
    game, st = fresh(3, cards={"C08": card(effect=[each_other(lose(2))])})
    place(game, st, 1, resource=["C02-blue"])  # one unit for two: all he has
    place(game, st, 2)  # none
    evs = play(game, st, 0, "C08")
    assert tech_keys(game, st, 1) == ["C02-blue"] and st.stack and decision(st).kind != "lose"
    assert [e["seat"] for e in evs if e["type"] == "lose"] == [1]


def test_R54_the_choice_is_asked_of_that_seat_and_hides_nothing_from_the_others():
    game, st = fresh(3, cards={"C08": card(effect=[each_other(lose(1))])})
    place(game, st, 1, resource=["C02-blue", "C24"])
    place(game, st, 2)
    play(game, st, 0, "C08")
    assert decision(st).seats == [1]
    mine = game.view(st, 1)
    assert {e["card"] for e in mine["legal"]} == {"C02-blue", "C24"}
    assert mine["decision"]["prompt"].endswith("(R54)")
    for other in (0, 2):
        view = game.view(st, other)
        assert view["legal"] == []
        assert [z["card"] for z in view["seats"][1]["zone"]] == [None, None]  # backs stay hidden
        assert "C02-blue" not in view["cards"] and "C24" not in view["cards"]
    words = prompt_words(game, st, 1, "en", NAMES)
    assert words is not None and words["text"] == (
        "The effect of Technology 8 (provisional) (Ana): choose a resource card you spend (1 still to spend)"
    )
    ru = prompt_words(game, st, 1, "ru", NAMES)
    assert ru is not None and "осталось потратить: 1" in ru["text"]
    act(game, st, 1, "lose", "C24")  # spent: it lies technology side up, open as after an attack
    assert [z["card"] for z in game.view(st, 2)["seats"][1]["zone"]] == [None, "C24"]


def test_A21_each_other_lose_vp_clamps_at_zero_and_spares_you():
    game, st = fresh(3, theme="renaissance", cards={"C32": card(effect=[each_other(lose_vp(3))])})
    st.seats[0].vp, st.seats[1].vp, st.seats[2].vp = 1, 2, 7
    play(game, st, 0, "C32")
    assert [p.vp for p in st.seats] == [1, 0, 4]


def test_R71_each_player_lose_vp_is_refused_to_a_player_it_would_take_below_zero():
    game, st = fresh(3, theme="renaissance", cards={"C32": card(effect=[each_player(lose_vp(2))])})
    st.seats[0].vp, st.seats[1].vp, st.seats[2].vp = 1, 0, 5
    evs = play(game, st, 0, "C32", activate=False)
    assert "skip" in types(evs) and [p.vp for p in st.seats] == [1, 0, 5]  # not offered (R71)
    game, st = fresh(3, theme="renaissance", cards={"C32": card(effect=[each_player(lose_vp(2))])})
    st.seats[0].vp, st.seats[1].vp, st.seats[2].vp = 2, 1, 5
    play(game, st, 0, "C32")
    assert [p.vp for p in st.seats] == [0, 0, 3]  # the others clamp at 0 (A21)


def test_each_other_and_each_player_lose_read_in_english_and_russian():
    game, st = fresh(3, cards={"C08": card(effect=[each_other(lose(1))]), "C09": card(effect=[each_player(lose(2))])})
    assert game.card_text("C08", "en")[0] == (
        "Every other player, clockwise from you, loses 1 resource of their choice"
    )
    assert game.card_text("C08", "ru")[0] == (
        "Каждый другой игрок по часовой стрелке от вас теряет 1 ресурс на свой выбор"
    )
    assert game.card_text("C09", "en")[0] == (
        "Every player, you first and then clockwise, loses 2 resources of their choice"
    )
    assert game.view(st, 0)["cards"] is not None


# --- pay_vp: an activation cost in VP (R71) -------------------------------------------------------


def vp_game(vp: int, effect=None):
    effect = effect or [pay_vp(2), gain(iron=1)]
    game, st = fresh(3, theme="renaissance", cards={"C32": card(effect=effect)})
    st.seats[0].vp = vp
    return game, st


def test_R71_a_vp_cost_is_paid_from_the_vp_card():
    game, st = vp_game(3)
    evs = play(game, st, 0, "C32")
    assert st.seats[0].vp == 1 and temp(st, 0) == {"iron": 1}
    paid = [e for e in evs if e["type"] == "pay_vp"]
    assert paid == [{"type": "pay_vp", "seat": 0, "card": "C32", "n": 2, "total": 1}]


def test_R71_activation_is_refused_when_the_vp_cannot_be_paid():
    game, st = vp_game(1)
    place(game, st, 0, hand=["C01-red", "C32", "C04-red", "C05-red"], keep=True)
    begin(game, st, 0)
    act(game, st, 0, "play_resource", "C01-red")
    items = {w["card"]: w for w in why_not_words(game, st, 0, "en", NAMES)}
    assert items["C32"]["rule"] == "R71"
    assert items["C32"]["text"] == ("its effect would take 2 VP from you and your VP card shows 1: VP never go below 0")
    ru = {w["card"]: w for w in why_not_words(game, st, 0, "ru", NAMES)}
    assert ru["C32"]["text"].startswith("эффект отнял бы у вас 2 ПО")
    evs = act(game, st, 0, "play_technology", "C32")
    assert "skip" in types(evs) and "activate" not in types(evs)  # the only answer: skip
    assert st.seats[0].vp == 1 and temp(st, 0) == {}


def test_R71_the_activate_answer_is_refused_with_the_reason_when_vp_fell_short():
    game, st = vp_game(2)
    play(game, st, 0, "C32", activate=False)
    d = game.describe_decision(st, 0)
    assert d == {"kind": "activate", "card": "C32", "form": "vp", "vp": 2}
    words = prompt_words(game, st, 0, "en", NAMES)
    assert words is not None and words["text"].endswith("Its effect first costs 2 VP")
    st.seats[0].vp = 1
    st.edited()
    error = assert_illegal(game, st, 0, action_id(game, "activate", None), "R71")
    assert "1" in error.reason and "below 0" in error.reason


def test_R71_vp_and_resource_costs_together_and_the_prompt_names_both():
    game, st = vp_game(1, [pay(food=1), pay_vp(1), gain(oil=1)])
    play(game, st, 0, "C32", activate=False)
    assert game.describe_decision(st, 0)["form"] == "cost_vp"
    ru = prompt_words(game, st, 0, "ru", NAMES)
    assert ru is not None and ru["text"].endswith("1 Еда и 1 ПО")
    evs = act(game, st, 0, "activate")  # the one Food card pays unasked
    assert types(evs)[:4] == ["activate", "spend", "pay_vp", "gain"] and st.seats[0].vp == 0


def test_R71_an_attack_card_with_a_vp_cost_cannot_be_played_through_tactics_without_the_vp():
    game, st = fresh(
        3,
        theme="renaissance",
        cards={
            "C37": card("tactics", effect=[play_attacks(1)]),
            "C35": card("attack", military=1, effect=[pay_vp(1), attack()]),
            "C36": card("attack", military=1, effect=[attack()]),
        },
    )
    place(game, st, 0, hand=["C35", "C36"])
    place(game, st, 1)
    place(game, st, 2)
    evs = play(game, st, 0, "C37")
    # C35 would take VP below 0: C36 is the one answer, played unasked
    assert [e["card"] for e in evs if e["type"] == "play_attack"] == ["C36"]
    assert "C35" in [game.keys[x] for x in st.seats[0].hand] and st.seats[0].vp == 0


# --- the validator --------------------------------------------------------------------------------


def raw() -> dict:
    return json.loads(C.DATA_FILE.read_bytes())


def entry(data: dict, cid: str) -> dict:
    return next(c for c in data["cards"] if c["id"] == cid)


def rejected(tmp_path, data, *words: str) -> str:
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(C.DataError) as info:
        C.load(path)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def test_the_validator_checks_vp_costs(tmp_path):
    data = raw()
    ren = entry(data, "C31")
    ren["effect"] = [{"op": "pay_vp", "n": 0}, {"op": "gain", "res": {"iron": 1}}]
    rejected(tmp_path, data, "card C31: effect[0]: pay_vp 0: a VP cost is at least 1 VP (R71)")
    ren["effect"] = [{"op": "gain", "res": {"iron": 1}}, {"op": "pay_vp", "n": 1}]
    rejected(tmp_path, data, "card C31: effect[1]: a cost (pay_vp) comes before the effect it pays for (R51)")
    ren["effect"] = [{"op": "each_other", "do": [{"op": "pay_vp", "n": 1}]}]
    rejected(tmp_path, data, "card C31: effect[0].do[0]: a cost (pay_vp) belongs to the card, not inside each_other")
    data = raw()
    entry(data, "C08")["effect"] = [{"op": "pay_vp", "n": 1}, {"op": "gain", "res": {"iron": 1}}]
    rejected(tmp_path, data, "card C08: only Renaissance cards move the VP card (R70, R73)")


def test_the_validator_checks_each_other(tmp_path):
    data = raw()
    entry(data, "C08")["effect"] = [{"op": "each_other", "do": []}]
    rejected(tmp_path, data, "card C08: effect[0]: each_other with nothing to do")
    entry(data, "C08")["effect"] = [{"op": "each_other", "do": [{"op": "each_player", "do": [{"op": "lose"}]}]}]
    rejected(tmp_path, data, "card C08: effect[0].do[0]: each_player does not nest")
    entry(data, "C08")["effect"] = [{"op": "each_other", "do": [{"op": "give_wonder"}]}]
    rejected(tmp_path, data, "effect[0].do[0]: give_wonder gives to the attacker")
    data = raw()
    entry(data, "C31")["effect"] = [{"op": "each_other", "do": [{"op": "lose_vp", "to_attacker": True}]}]
    rejected(tmp_path, data, "card C31: effect[0].do[0]: lose_vp to_attacker needs an attacker")
    data = raw()
    entry(data, "C08")["effect"] = [{"op": "each_other", "do": [{"op": "lose", "n": 0}]}]
    rejected(tmp_path, data, "card C08: effect[0].do[0]: n must be >= 1")


def test_games_with_the_new_operations_play_to_the_end_in_random_play():
    """Random play over a deck that uses each_other and pay_vp everywhere keeps every invariant."""
    import random

    cards = {
        "C31": card(effect=[each_other(lose(1)), gain(iron=1)]),
        "C32": card(effect=[pay_vp(1), gain(space=1)]),
        "C38": card(effect=[pay(food=1), pay_vp(2), each_other(lose(2), lose_vp(1))]),
        "C44": card("attack", military=2, effect=[pay_vp(1), attack(lose(1), vp=1)]),
        "C49": card(effect=[each_player(lose(1), lose_vp(1)), gain(oil=2)]),
    }
    seen: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game, st = fresh(players, theme="renaissance", seed=seed, cards=cards)
        for i, key in enumerate(cards):  # in the hands from the start, and VP to pay with
            place(game, st, i % players, hand=[key], keep=True)
        for p in st.seats:
            p.vp = 3
        st.edited()
        rng = random.Random(seed)
        while not st.over:
            seat = game.actors(st)[0]
            seen.update(types(game.apply(st, seat, rng.choice(game.legal(st, seat)))))
            assert game.check_invariants(st) == []
            assert all(p.vp >= 0 for p in st.seats)
    assert {"pay_vp", "lose", "lose_vp"} <= seen


# --- reactivate: another technology's effect re-activates one already in your zone (R53) ---------


def reactivate(type_: str = "any", n: int = 1) -> C.Reactivate:
    return C.Reactivate(type=type_, n=n)


def test_R53_a_technology_re_activates_one_already_lying_in_your_zone():
    game, st = fresh(3, cards={"C08": card(effect=[gain(iron=1)]), "C09": card(effect=[reactivate("society")])})
    place(game, st, 0, tech=["C08"])
    play(game, st, 0, "C09")
    d = decision(st)
    assert (d.kind, d.seats) == ("activate_attack", [0])
    # the card itself is no "other technology" (L164-166); a Society card of the zone is
    assert legal_kinds(game, st, 0) == {"activate_attack": ["C08"], "pass": [None]}
    assert game.view(st, 0)["decision"]["prompt"].endswith("(R53)")
    words = prompt_words(game, st, 0, "en", NAMES)
    assert words is not None and words["text"] == (
        "Technology 9 (provisional): re-activate a technology of the type Society lying technology side up "
        "in your zone (at most 1 more), or stop"
    )
    ru = prompt_words(game, st, 0, "ru", NAMES)
    assert ru is not None and "повторно активируйте технологию типа «Общество»" in ru["text"]
    evs = act(game, st, 0, "activate_attack", "C08")
    assert [e["type"] for e in evs][:2] == ["reactivate", "gain"] and temp(st, 0) == {"iron": 1}
    assert decision(st).kind != "activate_attack"  # n 1: done


def test_R53_the_type_limits_what_it_re_activates_and_the_player_may_stop():
    game, st = fresh(
        3,
        cards={
            "C08": card(effect=[gain(iron=1)]),
            "C10": card("tactics", effect=[gain(oil=1)]),
            "C09": card(effect=[reactivate("tactics", n=2)]),
        },
    )
    place(game, st, 0, tech=["C08", "C10"])
    play(game, st, 0, "C09")
    assert legal_kinds(game, st, 0) == {"activate_attack": ["C10"], "pass": [None]}
    assert_illegal(game, st, 0, action_id(game, "activate_attack", "C08"), "R53")
    evs = act(game, st, 0, "pass")  # R51: activating is a choice
    assert "reactivate" not in types(evs) and temp(st, 0) == {}


def test_R53_a_card_spent_to_pay_lies_in_the_zone_and_may_be_activated_later():
    """Audit correction of R53: spending does not activate a card, but once it lies technology
    side up another technology's effect may activate it (here a Tactics card, L171-173)."""
    cards = {"C21": card("attack", military=1, effect=[attack()])}
    res = fresh(3, cards=cards)[0].res_name(k_of(cards, "C21"))
    cards["C37"] = card("tactics", effect=[pay(**{res: 1}), C.ActivateAttacks(n=1)])
    game, st = fresh(3, cards=cards)
    place(game, st, 0, resource=["C21"])
    place(game, st, 1)
    place(game, st, 2)
    evs = play(game, st, 0, "C37")  # the one unit of that resource pays unasked: C21 turns over
    assert "C21" in tech_keys(game, st, 0) and "spend" in types(evs)
    assert legal_kinds(game, st, 0) == {"activate_attack": ["C21"], "pass": [None]}
    evs = act(game, st, 0, "activate_attack", "C21")
    assert "attack" in types(evs)


def k_of(cards: dict, key: str) -> int:
    game, _ = fresh(3, cards=cards)
    return game.index_of[key]


def test_R53_no_card_re_activates_one_whose_effect_is_still_acting():
    """Two cards that re-activate each other end: a card still being carried out is no target."""
    game, st = fresh(
        3,
        cards={
            "C08": card(effect=[reactivate(), gain(iron=1)]),
            "C09": card(effect=[reactivate(), gain(oil=1)]),
        },
    )
    place(game, st, 0, tech=["C08"])
    play(game, st, 0, "C09")
    evs = act(game, st, 0, "activate_attack", "C08")  # C08 acts: C09 and itself are still acting
    assert types(evs).count("reactivate") == 1 and temp(st, 0) == {"iron": 1, "oil": 1}
    assert decision(st).kind != "activate_attack"


def test_R51_a_card_whose_cost_cannot_be_paid_is_not_re_activated_and_why_not_says_so():
    game, st = fresh(
        3,
        cards={
            "C08": card(effect=[pay(oil=3), gain(iron=1)]),
            "C10": card(effect=[gain(food=1)]),
            "C09": card(effect=[reactivate()]),
        },
    )
    place(game, st, 0, tech=["C08", "C10"])
    play(game, st, 0, "C09")
    assert legal_kinds(game, st, 0) == {"activate_attack": ["C10"], "pass": [None]}
    items = {w["card"]: w for w in why_not_words(game, st, 0, "en", NAMES)}
    assert items["C08"]["rule"] == "R51" and items["C08"]["verb"] == "reactivate"
    assert_illegal(game, st, 0, action_id(game, "activate_attack", "C08"), "R53")


def test_reactivate_reads_in_english_and_russian():
    game, _ = fresh(3, cards={"C09": card(effect=[reactivate()]), "C10": card(effect=[reactivate("attack", n=2)])})
    assert game.card_text("C09", "en")[0] == (
        "Re-activate a technology already lying technology side up in your zone, each for its own cost"
    )
    assert game.card_text("C10", "en")[0] == (
        "Re-activate up to 2 technologies of the type Attack already lying technology side up in your zone, "
        "each for its own cost"
    )
    assert game.card_text("C10", "ru")[0] == (
        "Повторно активируйте до 2 технологий типа «Атака», уже лежащих в вашей зоне стороной технологии "
        "вверх, — каждую за её собственную стоимость"
    )


def test_the_validator_checks_reactivate(tmp_path):
    data = raw()
    entry(data, "C08")["effect"] = [{"op": "reactivate", "type": "wonder"}]
    rejected(tmp_path, data, "card C08: effect[0]: reactivate type 'wonder' is not 'any' nor one of", "(R20)")
    entry(data, "C08")["effect"] = [{"op": "each_player", "do": [{"op": "reactivate"}]}]
    rejected(tmp_path, data, "effect[0].do[0]: reactivate acts on your own zone: not inside each_player", "(R53)")
    entry(data, "C08")["effect"] = [{"op": "reactivate", "n": 0}]
    rejected(tmp_path, data, "card C08: effect[0]: n must be >= 1")


def test_games_with_reactivate_play_to_the_end_in_random_play():
    """Random play over a deck where half the cards re-activate: chains of re-activations end
    and keep every invariant."""
    import random

    cards = {f"C{n:02d}": card(effect=[reactivate(), gain(iron=1)]) for n in range(6, 30, 2)}
    cards |= {f"C{n:02d}": card(effect=[gain(food=1)]) for n in range(7, 30, 2)}
    cards["C31"] = card("tactics", effect=[reactivate("attack", n=2)])
    cards["C33"] = card("attack", military=2, effect=[pay(food=1), attack(lose(1))])
    seen: set[str] = set()
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        game, st = fresh(players, theme="combined", seed=seed, cards=cards)
        rng = random.Random(seed)
        while not st.over:
            seat = game.actors(st)[0]
            seen.update(types(game.apply(st, seat, rng.choice(game.legal(st, seat)))))
            assert game.check_invariants(st) == []
    assert "reactivate" in seen
