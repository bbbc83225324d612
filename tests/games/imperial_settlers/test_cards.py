"""One test per non-trivial card (marked ``@covers``), and data-driven tests for the plain ones."""

from __future__ import annotations

import msgspec
import pytest

from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers.empire import colour_count
from tests.games.imperial_settlers.scenario import (
    act,
    action_id,
    answer,
    assert_illegal,
    covers,
    decision,
    fresh,
    give,
    goods,
    idx,
    legal_kinds,
    pick,
    settlers,
    supply,
)

GAME = settlers()
SUPPLY = ("wood", "stone", "food", "gold", "worker", "raze", "defence", "vp")
FACTION_OF = {"COM": "Romans", "BAR": "Barbarians", "JAP": "Japanese", "ROM": "Romans", "EGY": "Egyptians"}


def plain_gain(ops) -> dict | None:
    """The goods of an op list made of one plain gain without cards, else None."""
    ops = msgspec.to_builtins(ops)
    if (
        len(ops) == 1
        and ops[0]["op"] == "gain"
        and not any(g in ops[0] for g in ("card", "common_card", "empire_card"))
    ):
        return {k: v for k, v in ops[0].items() if k != "op"}
    return None


PLAIN_PRODUCTION = [
    e.id for e, _ in GAME.data.entries if plain_gain(e.production) and (not e.bonus or plain_gain(e.bonus))
]
PLAIN_ACTIONS = [
    e.id
    for e, _ in GAME.data.entries
    if e.action and plain_gain(e.action.do) and not {"card", "deal"} & set(e.action.pay)
]


def seat_for(cid: str):
    faction = FACTION_OF[cid[:3]]
    other = "Barbarians" if faction != "Barbarians" else "Romans"
    return fresh(faction, other)


def build(game, st, seat, cid) -> dict:
    """Build ``cid`` from hand with exactly its cost (and a foundation to discard if needed);
    returns the supply afterwards."""
    k = give(game, st, seat, cid)
    c = game.cards[k]
    for good, n in c.cost.items():
        supply(st, seat, **{good: n})
    if c.discard:
        give(game, st, seat, "COM070", "foundations")
    act(game, st, seat, "build", cid)
    d = decision(st)
    if d is not None and d.kind == "pick" and d.args.get("rule") == "R59":
        pick(game, st, seat, "COM070")
    return goods(st, seat)


@covers(*PLAIN_PRODUCTION)
@pytest.mark.parametrize("cid", PLAIN_PRODUCTION)
def test_R17_R61_plain_production_locations(cid):
    game, st = seat_for(cid)
    c = game.cards[idx(game, cid)]
    got = build(game, st, 0, cid)
    expected: dict[str, int] = {}
    for ops in (c.production, c.bonus):
        for good, n in (plain_gain(ops) or {}).items():
            expected[good] = expected.get(good, 0) + n
    assert got == expected
    before = goods(st, 0)
    st.stack.clear()
    st.phase = "production"
    board = plain_gain(game.programs[f"board:{st.seats[0].faction}"])
    game.advance(st, [])
    after = goods(st, 0)
    for good, n in plain_gain(c.production).items():
        assert after.get(good, 0) == before.get(good, 0) + board.get(good, 0) + n


@covers(*PLAIN_ACTIONS)
@pytest.mark.parametrize("cid", PLAIN_ACTIONS)
def test_R88_plain_action_locations(cid):
    game, st = seat_for(cid)
    k = give(game, st, 0, cid, "locations")
    act_ = game.cards[k].action
    supply(st, 0, **{g: n * act_.limit for g, n in act_.pay.items()})
    kind = "activate2" if act_.limit == 2 else "activate"
    act(game, st, 0, kind, cid)
    gains = plain_gain(act_.do)
    assert goods(st, 0) == {g: n * act_.limit for g, n in gains.items()}
    assert st.seats[0].used[k] == act_.limit


@covers("COM011", "COM017", "COM025", "COM027", "COM029", "JAP006", "EGY002")
@pytest.mark.parametrize(
    "cid,colour,good",
    [
        ("COM011", "grey", "stone"),
        ("COM017", "pink", "worker"),
        ("COM025", "red", "food"),
        ("COM027", "gold", "gold"),
        ("COM029", "brown", "wood"),
        ("JAP006", "pink", "worker"),
        ("EGY002", "grey", "stone"),
    ],
)
def test_R18b_production_per_colour_counts_itself_at_most_three(cid, colour, good):
    game, st = seat_for(cid)
    got = build(game, st, 0, cid)
    assert got == {good: 1}  # itself only (R18b)
    same = [
        e.id
        for e, f in game.data.entries
        if f is None and colour in e.colours and e.id != cid and e.kind != "production"
    ][:4]
    for other in same:
        give(game, st, 0, other, "locations")
    supply(st, 0, **{good: 0})
    st.stack.clear()
    st.phase = "production"
    game.advance(st, [])
    board = getattr(game.programs[f"board:{st.seats[0].faction}"][0], good)
    assert getattr(st.seats[0], good) == 3 + board  # capped at 3 (audit #4)


@covers("ROM023")
def test_R166_trade_colony_counts_as_brown_grey_and_red():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "ROM023", "locations")
    p = st.seats[0]
    assert [colour_count(game, p, c) for c in ("brown", "grey", "red", "gold")] == [1, 1, 1, 0]
    give(game, st, 0, "COM025")  # Lord's Fields: red
    supply(st, 0, wood=2, stone=1)
    act(game, st, 0, "build", "COM025")
    assert p.food == 2  # Trade Colony + itself


@covers("COM001", "COM003", "COM075", "COM079", "COM081", "BAR022")
@pytest.mark.parametrize(
    "cid,colour,card",
    [
        ("COM001", "grey", True),
        ("COM003", "brown", True),
        ("COM075", "red", True),
        ("COM079", "pink", True),
        ("COM081", "gold", True),
        ("BAR022", "black", False),
    ],
)
def test_R18b_build_bonus_per_colour_counts_itself_at_most_six(cid, colour, card):
    game, st = seat_for(cid)
    same = [e.id for e, f in game.data.entries if f is None and colour in e.colours and e.id != cid and not e.triggers]
    for other in same[:7]:
        give(game, st, 0, other, "locations")
    k = give(game, st, 0, cid)
    c = game.cards[k]
    supply(st, 0, **c.cost)
    if c.discard:
        give(game, st, 0, "COM070", "foundations")
    hand = len(st.seats[0].hand)
    act(game, st, 0, "build", cid)
    if c.discard:
        pick(game, st, 0, "COM070")
    if card:
        answer(game, st, 0, A.CARD_COMMON)
    assert st.seats[0].vp == min(6, 1 + len(same[:7]))
    assert len(st.seats[0].hand) == hand - 1 + card
    game, st = seat_for(cid)  # alone: counts itself
    build(game, st, 0, cid)
    if card:
        answer(game, st, 0, A.CARD_COMMON)
    assert st.seats[0].vp == 1


@covers("COM002", "COM004", "COM006", "COM078", "COM080")
@pytest.mark.parametrize(
    "cid,colour,other",
    [
        ("COM002", "grey", "COM033"),
        ("COM004", "brown", "COM007"),
        ("COM006", "red", "COM056"),
        ("COM078", "pink", "COM015"),
        ("COM080", "gold", "COM028"),
    ],
)
def test_R18a_each_time_you_build_features_count_themselves(cid, colour, other):
    game, st = fresh("Romans", "Barbarians")
    build(game, st, 0, cid)
    assert goods(st, 0) == {"gold": 1, "vp": 1}  # itself (R18a)
    answer(game, st, 1, A.PASS)
    before = goods(st, 0)
    o = build(game, st, 0, other)
    assert o["vp"] == before["vp"] + 1 and o["gold"] >= before["gold"] + 1
    answer(game, st, 0, A.PASS) if decision(st) and decision(st).seats == [0] else None
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, cid, "locations")
    build(game, st, 0, "COM069")  # Ruins: no colour
    assert st.seats[0].vp == 0


@covers("COM005")
def test_gallows_each_time_you_raze():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM005", "locations")
    give(game, st, 0, "COM007")
    give(game, st, 1, "COM018", "locations")
    supply(st, 0, raze=3)
    act(game, st, 0, "raze_hand", "COM007")
    assert goods(st, 0) == {"raze": 2, "wood": 2, "vp": 1}
    answer(game, st, 1, A.PASS if False else action_id(game, "build", "COM073"))
    act(game, st, 0, "raze", "COM018")
    assert st.seats[0].vp == 1 + 1 + 1  # Armorer's VP + Gallows


@covers("COM016")
def test_farmers_at_work_copy_another_production_location():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM007", "locations")  # Old Forest: 2 wood
    give(game, st, 0, "COM018", "locations")  # Armorer: 1 raze
    k = give(game, st, 0, "COM016")
    supply(st, 0, wood=3)
    act(game, st, 0, "build", "COM016")
    d = decision(st)
    assert d.kind == "pick" and set(game.legal(st, 0)) == {
        action_id(game, "pick", "COM007"),
        action_id(game, "pick", "COM018"),
    }  # not itself
    pick(game, st, 0, "COM007")
    assert st.seats[0].wood == 2
    answer(game, st, 0, A.CARD_COMMON)  # build bonus: a card
    assert k in st.seats[0].locations


@covers("COM084")
def test_porters_copy_any_production_location():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM084", "locations")
    give(game, st, 0, "ROM020", "locations")  # empire: 1 wood 1 stone
    supply(st, 0, food=1)
    act(game, st, 0, "activate", "COM084")
    assert goods(st, 0) == {"wood": 1, "stone": 1}


@covers("COM057")
def test_imperial_messenger_a_deal_pays_again():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM057", "locations")
    give(game, st, 0, "ROM020", "deals")  # stone
    give(game, st, 0, "ROM026", "deals")  # raze
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "COM057")
    pick(game, st, 0, "ROM026")
    assert goods(st, 0) == {"raze": 1}


@covers("COM061")
def test_hanseatic_league_gives_up_deals_for_vp_twice():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM061", "locations")
    give(game, st, 0, "ROM020", "deals")
    give(game, st, 0, "ROM026", "deals")
    supply(st, 0, worker=2)
    act(game, st, 0, "activate2", "COM061")
    pick(game, st, 0, "ROM020")
    p = st.seats[0]
    assert p.deals == [] and p.vp == 4
    assert {game.cards[k].id for k in p.discard} == {"ROM020", "ROM026"}
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM061", "locations")
    give(game, st, 0, "ROM020", "deals")
    supply(st, 0, worker=2)
    assert "activate2" not in legal_kinds(game, st, 0)  # one deal only


@covers("COM040")
def test_R65_R176_settlers_build_an_empire_location_without_discarding():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM040", "locations")
    give(game, st, 0, "ROM020")  # 1 stone + a location
    give(game, st, 0, "COM003")  # common: not offered
    supply(st, 0, wood=1, stone=1)
    act(game, st, 0, "activate", "COM040")
    p = st.seats[0]
    assert idx(game, "ROM020") in p.locations and idx(game, "COM040") in p.locations
    assert goods(st, 0) == {"wood": 1, "stone": 1}  # ROM020 produced on build


@covers("COM041")
def test_acting_troupe_uses_another_location_again_for_its_cost():
    game, st = fresh("Romans", "Barbarians")
    troupe = give(game, st, 0, "COM041", "locations")
    guild = give(game, st, 0, "COM037", "locations")
    st.seats[0].used[guild] = 1  # already used this round
    supply(st, 0, worker=2, stone=2)
    act(game, st, 0, "activate", "COM041")
    p = st.seats[0]
    assert p.vp == 3 and goods(st, 0) == {"vp": 3}
    assert p.used == {troupe: 1, guild: 1}


@covers("COM041")
def test_acting_troupe_needs_a_target_it_can_pay():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM041", "locations")
    give(game, st, 0, "COM037", "locations")
    supply(st, 0, worker=2, stone=1)
    assert "activate" not in legal_kinds(game, st, 0) or legal_kinds(game, st, 0)["activate"] == []
    assert_illegal(game, st, 0, action_id(game, "activate", "COM041"), "R88")


@covers("COM049")
def test_tavern_a_card_for_two_vp_and_a_card_as_build_bonus():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM049")
    supply(st, 0, wood=1, stone=1)
    act(game, st, 0, "build", "COM049")
    answer(game, st, 0, A.CARD_EMPIRE)
    assert len(st.seats[0].hand) == 2  # anchor + bonus
    answer(game, st, 1, A.PASS)
    act(game, st, 0, "activate", "COM049")
    pick(game, st, 0, "COM074")
    assert st.seats[0].vp == 2


@covers("COM046")
def test_castle_twice_each_card_from_either_deck():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM046", "locations")
    supply(st, 0, worker=2)
    act(game, st, 0, "activate2", "COM046")
    answer(game, st, 0, A.CARD_COMMON)
    answer(game, st, 0, A.CARD_EMPIRE)
    hand = st.seats[0].hand
    assert len(hand) == 3 and sum(game.cards[k].common for k in hand) == 2


@covers("COM069")
def test_R175_ruins_free_no_colour_no_raze_bonus():
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 1, "COM069", "locations")
    c = game.cards[idx(game, "COM069")]
    assert c.cost == {} and not c.colours and c.raze is None and c.unrazeable
    supply(st, 0, raze=5)
    assert_illegal(game, st, 0, action_id(game, "raze", "COM069"), "R79")
    assert_illegal(game, st, 0, action_id(game, "raze_hand", "COM074"), "R77")


@covers("COM065", "ROM017", "JAP024")
def test_card_gains_restricted_to_one_deck():
    game, st = fresh("Romans", "Barbarians")
    build(game, st, 0, "COM065")  # Watchtower: any deck
    assert decision(st).kind == "card_source"
    answer(game, st, 0, A.CARD_COMMON)
    answer(game, st, 0, A.CARD_EMPIRE)
    game, st = fresh("Romans", "Barbarians")
    hand = len(st.seats[0].hand)
    build(game, st, 0, "ROM017")  # Legion: common cards only
    new = st.seats[0].hand[hand:]
    assert len(new) == 2 and all(game.cards[k].common for k in new)
    game, st = fresh("Japanese", "Barbarians")
    hand = len(st.seats[0].hand)
    build(game, st, 0, "JAP024")  # Dojo: an empire card
    new = st.seats[0].hand[hand:]
    assert len(new) == 1 and not game.cards[new[0]].common


@covers("JAP011", "ROM011")
@pytest.mark.parametrize("cid,faction", [("JAP011", "Japanese"), ("ROM011", "Romans")])
def test_look_at_two_empire_cards_keep_one(cid, faction):
    game, st = fresh(faction, "Barbarians")
    p = st.seats[0]
    top = p.deck[-2:]
    build(game, st, 0, cid)
    d = decision(st)
    assert d.kind == "pick"
    assert sorted(game.legal(st, 0)) == sorted(game.action_space.pick + k for k in top)
    game.apply(st, 0, game.action_space.pick + top[0])  # discard this one
    assert top[0] in p.discard and top[1] in p.hand


@covers("EGY004")
def test_pharaohs_guard_a_raze_token_or_two_vp():
    game, st = fresh("Egyptians", "Barbarians")
    build(game, st, 0, "EGY004")
    d = decision(st)
    assert d.kind == "option" and len(game.legal(st, 0)) == 2
    answer(game, st, 0, A.OPTION + 1)
    assert goods(st, 0) == {"vp": 2}


@covers("JAP009")
def test_daimyos_castle_one_vp_per_samurai_at_most_three():
    game, st = fresh("Japanese", "Barbarians")
    farms = [give(game, st, 0, f"JAP00{i}", "locations") for i in (1, 2, 3)]
    rice = give(game, st, 0, "JAP004", "locations")
    st.seats[0].samurai = farms + [rice]
    build(game, st, 0, "JAP009")
    assert st.seats[0].vp == 3


@covers("JAP026")
def test_R154_ninjas_two_samurai_the_second_lost_without_a_place():
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "JAP001", "locations")
    give(game, st, 0, "JAP004", "locations")
    build(game, st, 0, "JAP026")
    assert decision(st).kind == "pick" and decision(st).args["rule"] == "R154"
    pick(game, st, 0, "JAP026")  # itself is a Japanese location
    pick(game, st, 0, "JAP001")
    assert {game.cards[k].id for k in st.seats[0].samurai} == {"JAP026", "JAP001"}
    assert st.seats[0].worker == 0  # from the supply, not workers
    game, st = fresh("Japanese", "Barbarians")
    build(game, st, 0, "JAP026")  # only itself: 1 placed, 1 lost
    assert [game.cards[k].id for k in st.seats[0].samurai] == ["JAP026"]


@covers("EGY005")
def test_R160_A39_oasis_a_worker_per_pair_an_opponent_exchanges():
    game, st = fresh("Barbarians", "Egyptians")
    give(game, st, 1, "EGY005", "locations")
    st.seats[1].passed = True  # a trigger, not a target (A35)
    supply(st, 0, worker=6)
    answer(game, st, 0, A.EXCHANGE)
    answer(game, st, 0, A.EXCHANGE + 1)
    answer(game, st, 0, A.END)
    assert st.seats[1].worker == 2
    game, st = fresh("Egyptians", "Barbarians")  # its owner's own exchange
    give(game, st, 0, "EGY005", "locations")
    supply(st, 0, worker=2)
    answer(game, st, 0, A.EXCHANGE)
    assert st.seats[0].worker == 0


@covers("EGY005")
def test_oasis_build_bonus_two_workers():
    game, st = fresh("Egyptians", "Barbarians")
    assert build(game, st, 0, "EGY005") == {"worker": 2}


@covers("EGY001")
def test_R157_desert_free_build_bonus_two_cards_action_unknown():
    game, st = fresh("Egyptians", "Barbarians")
    give(game, st, 0, "EGY001")
    act(game, st, 0, "build", "EGY001")
    answer(game, st, 0, A.CARD_COMMON)
    answer(game, st, 0, A.CARD_COMMON)
    assert len(st.seats[0].hand) == 3
    answer(game, st, 1, A.PASS)
    assert_illegal(game, st, 0, action_id(game, "activate", "EGY001"), "D2")
    info = game.view(st, 0)["cards"]["EGY001"]
    assert "not established" in info["ability"]


@covers("BAR010")
def test_R169_saboteurs_take_a_resource_of_a_player_who_has_not_passed():
    game, st = fresh("Barbarians", "Romans", "Japanese")
    give(game, st, 0, "BAR010", "locations")
    supply(st, 0, worker=1)
    supply(st, 1, wood=1, gold=3)
    supply(st, 2, food=1)
    st.seats[2].passed = True
    act(game, st, 0, "activate", "BAR010")  # one choice: Romans' wood
    assert goods(st, 0) == {"wood": 1} and goods(st, 1) == {"gold": 3}
    assert st.seats[2].food == 1


@covers("BAR010", "BAR011")
def test_deal_bonus_per_copy():
    game, st = fresh("Barbarians", "Romans")
    give(game, st, 0, "BAR011")
    supply(st, 0, food=1)
    act(game, st, 0, "deal", "BAR011")
    assert goods(st, 0) == {"gold": 1}


# --- provisional cards: the known parts only --------------------------------------------------

PROVISIONAL_ACTIONS = [e.id for e, f in GAME.data.entries if e.kind == "action" and e.action is None]


@covers(*PROVISIONAL_ACTIONS)
@pytest.mark.parametrize("cid", PROVISIONAL_ACTIONS)
def test_D2_provisional_action_locations_build_and_deal_but_do_not_act(cid):
    game, st = seat_for(cid)
    c = game.cards[idx(game, cid)]
    got = build(game, st, 0, cid)
    while decision(st) and decision(st).kind == "card_source":
        answer(game, st, 0, A.CARD_COMMON)
    assert idx(game, cid) in st.seats[0].locations
    rule = (
        assert_illegal(game, st, 0, action_id(game, "activate", cid)).rule
        if decision(st) and 0 in decision(st).seats
        else "D2"
    )
    assert rule == "D2"
    assert "not established" in game.view(st, 0)["cards"][cid]["ability"]
    assert got.get("vp", 0) >= 0
    copy = c.entry.id[:3] + f"{int(c.entry.id[3:]) + c.entry.copies - 1:03d}"
    game, st = seat_for(cid)
    give(game, st, 0, copy)
    supply(st, 0, food=1)
    act(game, st, 0, "deal", copy)
    assert game.cards[idx(game, copy)].deal is not None and st.seats[0].deals


@covers("JAP013", "JAP015")
@pytest.mark.parametrize("cid", ["JAP013", "JAP015"])
def test_R152_R155_gate_and_shrine_cannot_be_razed(cid):
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 1, cid, "locations")
    supply(st, 0, raze=4)
    assert_illegal(game, st, 0, action_id(game, "raze", cid), "R79")
    game, st = fresh("Japanese", "Barbarians")  # from hand: it shows a bonus
    give(game, st, 0, cid)
    supply(st, 0, raze=1)
    act(game, st, 0, "raze_hand", cid)
    assert st.seats[0].vp == 1


PROVISIONAL_FEATURES = [
    e.id
    for e, f in GAME.data.entries
    if e.kind == "feature" and e.provenance == "provisional" and not e.triggers and not e.bonus
]


@covers(*PROVISIONAL_FEATURES)
@pytest.mark.parametrize("cid", PROVISIONAL_FEATURES)
def test_D2_provisional_features_build_and_score(cid):
    game, st = seat_for(cid)
    build(game, st, 0, cid)
    assert idx(game, cid) in st.seats[0].locations
    assert game.scores(st)[0].breakdown["empire_locations"] == 2
    assert "not established" in game.view(st, 0)["cards"][cid]["ability"]


# --- stand-ins (option stand_ins=on) -------------------------------------------------------------


def standin(*factions, **options):
    return fresh(*factions, stand_ins="on", **options)


@covers("BAR014")
def test_R170_A24_dark_chapel_stand_in_pays_more_for_protection():
    game, st = standin("Barbarians", "Japanese")
    give(game, st, 0, "BAR014", "locations")
    armorer = give(game, st, 1, "COM018", "locations")
    st.seats[1].defended = [armorer]
    supply(st, 0, raze=1)
    assert_illegal(game, st, 0, action_id(game, "activate", "BAR014"), "R88")
    supply(st, 0, raze=2)
    act(game, st, 0, "activate", "BAR014")
    assert st.seats[0].raze == 0 and goods(st, 0) == {"stone": 1, "vp": 1}
    assert st.seats[1].foundations == [armorer]


@covers("EGY003")
def test_R159_chariot_builder_stand_in_ignores_protection():
    game, st = standin("Egyptians", "Japanese")
    give(game, st, 0, "EGY003", "locations")
    farm = give(game, st, 1, "JAP001", "locations")
    st.seats[1].samurai = [farm]
    supply(st, 0, raze=1)
    act(game, st, 0, "activate", "EGY003")
    assert farm in st.seats[1].discard and st.seats[0].vp == 1 and st.seats[0].raze == 0


@covers("BAR016")
def test_R171_pack_stand_in_takes_a_resource_without_razing():
    game, st = standin("Barbarians", "Japanese")
    give(game, st, 0, "BAR016", "locations")
    village = give(game, st, 1, "COM014", "locations")  # raze: 1 worker + 1 wood
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "BAR016")
    assert goods(st, 0) == {"wood": 1} and village in st.seats[1].locations


@covers("BAR018")
def test_R172_rabble_stand_in_razes_your_own_location():
    game, st = standin("Barbarians", "Japanese")
    give(game, st, 0, "BAR018", "locations")
    armorer = give(game, st, 0, "COM018", "locations")
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "BAR018")
    p = st.seats[0]
    assert p.foundations == [armorer] and goods(st, 0) == {"wood": 1, "stone": 1, "vp": 1}


@covers("BAR028")
def test_R173_mission_stand_in_each_card_from_either_deck():
    game, st = standin("Barbarians", "Japanese")
    give(game, st, 0, "BAR028", "locations")
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "BAR028")
    answer(game, st, 0, A.CARD_EMPIRE)
    answer(game, st, 0, A.CARD_COMMON)
    assert len(st.seats[0].hand) == 3


@covers("BAR030")
def test_R174_robbers_stand_in_cancel_an_opponents_deal():
    game, st = standin("Barbarians", "Romans")
    give(game, st, 0, "BAR030", "locations")
    deal = give(game, st, 1, "ROM020", "deals")
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "BAR030")
    assert st.seats[1].deals == [] and deal in st.seats[1].discard


@covers("JAP008", "ROM008")
@pytest.mark.parametrize("cid,faction", [("JAP008", "Japanese"), ("ROM008", "Romans")])
def test_R151_R165_A36_garrison_and_engineers_stand_in_discard_a_location(cid, faction):
    game, st = standin(faction, "Barbarians")
    give(game, st, 0, cid, "locations")
    ruins = give(game, st, 1, "COM069", "locations")  # cannot be razed: no matter
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", cid)
    assert ruins in st.common_discard and st.seats[1].foundations == []
    assert st.seats[1].wood == 0  # not razing: no wood


@covers("JAP019")
def test_R153_negotiator_stand_in_builds_a_deal_without_discarding():
    game, st = standin("Japanese", "Barbarians")
    give(game, st, 0, "JAP019", "locations")
    geisha = give(game, st, 0, "JAP006", "deals")  # needs a discarded location
    supply(st, 0, worker=1, wood=1)
    act(game, st, 0, "activate", "JAP019")
    p = st.seats[0]
    assert geisha in p.locations and p.deals == [] and idx(game, "JAP019") in p.locations
    assert p.worker == 1  # produced on build: 1 pink


@covers("EGY014")
def test_R161_A22_sanctuary_stand_in_a_hand_card_as_a_foundation_and_stone():
    game, st = standin("Egyptians", "Barbarians")
    give(game, st, 0, "EGY014", "locations")
    card = give(game, st, 0, "COM003")
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "EGY014")
    pick(game, st, 0, "COM003")
    p = st.seats[0]
    assert p.hidden_foundations == [card] and goods(st, 0) == {"stone": 1}
    other = game.view(st, 1)["seats"][0]
    assert other["hidden_foundations"] == ["common"] and "COM003" not in game.view(st, 1)["cards"]


@covers("ROM010")
def test_R167_spies_stand_in_take_a_deal_it_pays_from_the_next_production():
    game, st = standin("Romans", "Barbarians")
    give(game, st, 0, "ROM010", "locations")
    deal = give(game, st, 1, "BAR001", "deals")
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "ROM010")
    assert st.seats[0].deals == [deal] and st.seats[0].wood == 0
    st.stack.clear()
    st.phase = "production"
    game.advance(st, [])
    assert st.seats[0].wood == 1 + 1  # board + the deal


def test_stand_ins_off_by_default():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, 0, "BAR030", "locations")
    give(game, st, 1, "JAP001", "deals")
    supply(st, 0, worker=1)
    assert "activate" not in legal_kinds(game, st, 0)
    assert_illegal(game, st, 0, action_id(game, "activate", "BAR030"), "D2")


PLAIN_BONUS_FEATURES = [
    e.id for e, _ in GAME.data.entries if e.kind == "feature" and not e.triggers and plain_gain(e.bonus)
]


@covers(*PLAIN_BONUS_FEATURES)
@pytest.mark.parametrize("cid", PLAIN_BONUS_FEATURES)
def test_R62_plain_build_bonus_features(cid):
    game, st = seat_for(cid)
    c = game.cards[idx(game, cid)]
    assert build(game, st, 0, cid) == plain_gain(c.bonus)
    assert idx(game, cid) in st.seats[0].locations
