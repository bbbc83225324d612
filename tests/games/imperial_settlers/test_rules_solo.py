"""The solo mode (§19, R194-R221): the virtual opponent, its Attack phase, the Japanese in solo,
game end and the achievement table; the attack deck's data (D3). Rule numbers refer to
shared/rules/imperial-settlers.md; E11 is in test_examples.py."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from epochal.engine import locale
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers import cards as C
from epochal.games.imperial_settlers import make_game
from epochal.games.imperial_settlers.solo import TITLES, title_for
from tests.games.imperial_settlers.scenario import (
    act,
    action_id,
    arrange,
    assert_illegal,
    attack,
    covers,
    decision,
    fresh,
    give,
    goods,
    idx,
    legal_kinds,
    settlers,
    supply,
)

# --- helpers -----------------------------------------------------------------------------------


def solo(faction: str = "Romans", **options):
    """A solo game in round 1's Action phase, seat 0 to act, hand and supply empty."""
    return fresh(faction, **options)


def targets(game, st) -> list[str]:
    return [game.attacks[i].target for i in st.attack_row]


def ids(game, cards) -> list[str]:
    return [game.cards[k].id for k in cards]


def won(game, st) -> bool:
    return game.solo.result(st)["won"]


# --- R194-R197: the virtual opponent, the goal, setup --------------------------------------------


def test_R3_R194_one_player_and_no_seat_for_the_virtual_opponent():
    game = settlers()
    assert game.min_players == 1 and game.max_players == 4
    st = game.new(1, 3, {"factions": "Egyptians"})
    assert st.players == 1 and len(st.seats) == 1 and game.seat_labels(st) == ["Egyptians"]
    view = game.view(st, 0)
    assert len(view["seats"]) == 1  # no empire, board, goods or VP
    assert view["solo"]["virtual_locations"] == [] and view["solo"]["trophies"] == []


def test_R196_R197_setup():
    game = settlers()
    st = game.new(1, 5, {"factions": "Romans"})
    assert len(game.attacks) == 16  # §2
    assert len(st.attack_row) == 1 and len(st.attack_deck) == 15  # R196.3
    assert st.first == st.start_first == 0 and game.first_player(st) == 0  # R197
    p = st.seats[0]
    assert p.vp == 0 and goods(st, 0) == {}
    # the starting hand (2 common + 2 empire, R28), then round 1's Lookout empire card (R201.1)
    assert sum(game.cards[k].common for k in p.hand) == 2
    assert sum(not game.cards[k].common for k in p.hand) == 3
    assert len(st.table) == 4 and decision(st).kind == "pick_table"  # R201.2
    orders = {tuple(game.new(1, seed).attack_deck) for seed in range(6)}  # R196.2: shuffled
    assert len(orders) == 6


def test_R4_factions_for_solo_rotate_through_every_empire():
    game = settlers()
    seen = {game.seat_labels(game.new(1, i, game.options_for_game(None, i, 1)))[0] for i in range(4)}
    assert seen == set(C.FACTIONS)


# --- R199-R206: the round -------------------------------------------------------------------------


def test_R199_R207_a_round_has_five_phases_the_attack_last():
    game = settlers()
    st = game.new(1, 7, {"factions": "Barbarians"})
    rng = random.Random(7)
    kinds = []
    while st.round == 1:
        for e in game.apply(st, 0, rng.choice(game.legal(st, 0))):
            if e["type"] in ("production", "action_phase", "cleanup", "attack_phase", "round"):
                kinds.append(e["type"])
    assert kinds == ["production", "action_phase", "cleanup", "attack_phase", "round"]


@covers("COM007", "ROM026")
def test_R200_the_usual_actions_in_solo():
    game, st = solo("Romans")
    give(game, st, 0, "COM007")  # Old Forest
    give(game, st, 0, "ROM026")  # deal: a raze token
    supply(st, 0, wood=2, food=1, worker=2)
    act(game, st, 0, "build", "COM007")  # R57, R61
    assert idx(game, "COM007") in st.seats[0].locations
    wood = st.seats[0].wood  # what it produced at once
    act(game, st, 0, "deal", "ROM026")  # R69
    assert st.seats[0].deals == [idx(game, "ROM026")]
    assert goods(st, 0) == {"wood": wood, "raze": 1, "worker": 2}
    game.apply(st, 0, A.EXCHANGE)  # R95: 2 workers for 1 wood
    assert goods(st, 0) == {"wood": wood + 1, "raze": 1} and decision(st).kind == "turn"
    assert game.check_invariants(st) == []


def test_R201_R202_solo_lookout():
    game = settlers()
    st = game.new(1, 11, {"factions": "Japanese"})
    p = st.seats[0]
    four = list(st.table)
    assert len(four) == 4 and len(p.hand) == 5
    game.apply(st, 0, game.action_space.pick + four[0])  # R201.2
    assert four[0] in p.hand
    assert len(st.virtual) == 1 and st.virtual[0] in four[1:]  # R201.3: random
    assert len(st.table) == 2 and set(st.table) | set(st.virtual) == set(four[1:])
    last = [k for k in st.table if k != st.table[0]]
    game.apply(st, 0, game.action_space.pick + st.table[0])  # R201.4
    assert st.table == [] and st.virtual[1:] == last  # R201.5
    assert len(p.hand) == 7 and len(st.virtual) == 2  # R202
    assert st.phase not in ("lookout", "lookout_start")
    events = []
    for seed in range(12):  # the random card
        s = game.new(1, seed)
        rest = s.table[1:]
        game.apply(s, 0, game.action_space.pick + s.table[0])
        events.append(rest.index(s.virtual[0]))
    assert set(events) == {0, 1, 2}


def test_R201_solo_lookout_replaces_every_lookout_variant():
    game = settlers()
    for lookout in ("draft", "advanced"):
        st = game.new(1, 2, {"lookout": lookout})
        assert decision(st).kind == "pick_table" and len(st.table) == 4 and not st.packets


def test_R191_peaceful_in_solo_adds_a_common_card_and_keeps_the_virtual_locations_safe():
    game = settlers()
    st = game.new(1, 4, {"peaceful": "on"})
    assert sum(game.cards[k].common for k in st.seats[0].hand) == 3  # R191
    game, st = solo(peaceful="on")
    give(game, st, 0, "COM042", "virtual")
    supply(st, 0, raze=2)
    assert_illegal(game, st, 0, action_id(game, "raze", "COM042"), "R192")


def test_R203_production_is_only_yours():
    game, st = solo("Japanese")
    give(game, st, 0, "COM007", "virtual")  # Old Forest
    st.stack.clear()
    st.phase = "production"
    game.advance(st, [])
    assert goods(st, 0) == {"worker": 4, "wood": 1, "raze": 1, "defence": 1}  # the board only
    assert ids(game, st.virtual) == ["COM007"]


@covers("COM042")
def test_R205_raze_a_virtual_location_it_goes_to_the_discard():
    game, st = solo()
    k = give(game, st, 0, "COM042", "virtual")  # raze: 2 wood
    supply(st, 0, raze=1)
    assert "raze" not in legal_kinds(game, st, 0)
    assert_illegal(game, st, 0, action_id(game, "raze", "COM042"), "R80")
    supply(st, 0, raze=2)
    assert legal_kinds(game, st, 0)["raze"] == ["COM042"]
    text = game.action_text(st, 0, action_id(game, "raze", "COM042"))
    assert "virtual opponent" in text and "2 raze tokens" in text
    events = act(game, st, 0, "raze", "COM042")
    p = st.seats[0]
    assert st.virtual == [] and k in st.common_discard and p.foundations == []
    assert goods(st, 0) == {"wood": 2}  # no foundation wood
    assert any(e["type"] == "razed_virtual" for e in events)
    assert game.check_invariants(st) == []


def test_R79_R205_a_virtual_location_that_cannot_be_razed():
    game, st = solo()
    give(game, st, 0, "COM069", "virtual")  # Ruins
    supply(st, 0, raze=2)
    assert_illegal(game, st, 0, action_id(game, "raze", "COM069"), "R79")


def test_R78_your_own_locations_are_no_raze_targets_in_solo():
    game, st = solo()
    give(game, st, 0, "COM042", "locations")
    supply(st, 0, raze=2)
    assert_illegal(game, st, 0, action_id(game, "raze", "COM042"), "R78")


def standin(faction: str, **options):
    return solo(faction, stand_ins="on", **options)


@covers("BAR014", "JAP008", "BAR016")
def test_R204_virtual_locations_are_its_locations_for_your_cards():
    game, st = standin("Barbarians")  # Dark Chapel razes (R170)
    give(game, st, 0, "BAR014", "locations")
    k = give(game, st, 0, "COM018", "virtual")  # Armorer: stone + VP
    supply(st, 0, raze=1)
    act(game, st, 0, "activate", "BAR014")
    assert st.virtual == [] and k in st.common_discard and goods(st, 0) == {"stone": 1, "vp": 1}
    game, st = standin("Japanese")  # Garrison discards (R151)
    give(game, st, 0, "JAP008", "locations")
    k = give(game, st, 0, "COM069", "virtual")
    supply(st, 0, worker=1)
    events = act(game, st, 0, "activate", "JAP008")
    assert st.virtual == [] and k in st.common_discard
    assert any(e["type"] == "removed_virtual" for e in events)
    game, st = standin("Barbarians")  # Pack takes a raze good (R171)
    give(game, st, 0, "BAR016", "locations")
    k = give(game, st, 0, "COM014", "virtual")  # Village copy: worker + wood
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "BAR016")
    assert goods(st, 0) == {"wood": 1} and st.virtual == [k]


@covers("BAR030", "ROM010")
def test_R204_A44_attack_cards_are_its_deals_untouchable_by_default():
    game, st = standin("Barbarians")
    give(game, st, 0, "BAR030", "locations")  # Robbers: cancel a deal
    supply(st, 0, worker=1)
    assert "activate" not in legal_kinds(game, st, 0)  # no deal it may cancel
    game, st = standin("Barbarians", solo_attack_deals="targets")
    give(game, st, 0, "BAR030", "locations")
    arrange(game, st, row=["wood", "gold"])
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "BAR030")
    d = decision(st)
    assert d.kind == "pick" and sorted(d.args["options"]) == [A.ATTACK + i for i in sorted(st.attack_row)]
    assert "attack card" in game.action_text(st, 0, d.args["options"][0])
    gold = st.attack_row[1]
    game.apply(st, 0, A.ATTACK + gold)
    assert st.attack_gone == [gold] and targets(game, st) == ["wood"]  # leaves the game
    assert game.check_invariants(st) == []
    game, st = standin("Romans", solo_attack_deals="targets")
    give(game, st, 0, "ROM010", "locations")  # Spies: take a deal
    (only,), _ = arrange(game, st, row=["stone"])
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "ROM010")  # one choice: taken at once
    p = st.seats[0]
    assert p.attack_deals == [only] and st.attack_row == [] and p.stone == 0
    assert game.view(st, 0)["seats"][0]["attack_deals"] == [{"id": game.attacks[only].id, "target": "stone"}]
    st.stack.clear()
    st.phase = "production"
    game.advance(st, [])
    assert p.stone == 1 + 1  # the board's stone + the deal


def test_R206_A27_cleanup_in_rounds_1_to_4_then_the_attack():
    game, st = solo("Japanese")
    supply(st, 0, food=2, wood=3, raze=1)
    st.stack.clear()
    st.phase = "cleanup"
    ev: list = []
    game.advance(st, ev)
    assert goods(st, 0) == {"food": 2}  # stored (R131)
    types = [e["type"] for e in ev]
    assert types.index("cleanup") < types.index("attack_phase") < types.index("round")
    assert st.round == 2 and st.first == 0  # R197


def test_R207_A27_round_5_skips_cleanup_and_still_attacks():
    game, st = solo()
    st.round = 5
    supply(st, 0, wood=3)
    st.stack.clear()
    st.phase = "cleanup"
    ev: list = []
    game.advance(st, ev)
    types = [e["type"] for e in ev]
    assert "cleanup" not in types and types.count("attack_reveal") == 2
    assert st.over and st.seats[0].wood == 3
    assert types.index("attack_phase") < types.index("game_over")


# --- R208-R213: the Attack phase -----------------------------------------------------------------


def test_R208_step_1_the_virtual_locations_become_trophies():
    game, st = solo()
    a = give(game, st, 0, "COM007", "virtual")
    b = give(game, st, 0, "COM069", "virtual")
    st.stack.clear()
    st.phase = "attack"
    ev: list = []
    game.advance(st, ev)
    assert st.trophies[:2] == [a, b] and st.virtual == []
    assert any(e["type"] == "trophies" for e in ev)


def test_R209_R211_two_attacks_each_razes_at_most_one():
    game, st = solo()
    for cid in ("COM042", "COM058", "COM059"):  # raze 2 wood each
        give(game, st, 0, cid, "locations")
    arrange(game, st, row=[], reveal=["wood", "wood", "wood"])
    ev = attack(game, st, 2)
    # the first attack has one card in the row: no pair; the second razes one location
    assert [e["type"] for e in ev if e["type"].startswith("attack_")][:4] == [
        "attack_reveal",
        "attack_miss",
        "attack_reveal",
        "attack_razed",
    ]
    assert ids(game, st.trophies) == ["COM042"]  # action, and the dearest
    assert st.round == 2  # R211: the next round


def test_R209_step_2_3_no_location_shows_the_first_good():
    game, st = solo()
    give(game, st, 0, "COM042", "locations")  # 2 wood
    arrange(game, st, row=["wood"], reveal=["stone"])
    ev = attack(game, st)
    assert st.trophies == [] and [e for e in ev if e["type"] == "attack_miss"]
    assert targets(game, st) == ["stone", "wood"]  # R212: nothing moves


def test_R209_step_4_R212_the_scan_stops_at_the_first_card_that_hits():
    game, st = solo()
    pig = give(game, st, 0, "COM053", "locations")  # action: food + worker
    mill = give(game, st, 0, "COM006", "locations")  # feature: food + worker
    baker = give(game, st, 0, "COM075", "locations")  # feature: food + VP
    arrange(game, st, row=["vp", "worker"], reveal=["food"])
    attack(game, st)
    # the 2nd card (VP) hits only the Baker: the scan stops there, although a worker (3rd
    # card) would hit the Pig Farmer, an action location, which priority would prefer
    assert st.trophies == [baker] and {pig, mill} <= set(st.seats[0].locations)
    assert targets(game, st) == ["worker", "food", "vp"]  # R209.7, A28.5


def test_R209_step_6_priority_type_then_cost_then_stone_then_your_choice():
    game, st = solo()  # cost: Carpenter 3 > Joiner 2
    carpenter = give(game, st, 0, "COM043", "locations")
    give(game, st, 0, "COM044", "locations")
    arrange(game, st, row=["vp"], reveal=["wood"])
    attack(game, st)
    assert st.trophies == [carpenter]
    game, st = solo()  # stone: 2 stone > 1 wood 1 stone
    give(game, st, 0, "COM046", "locations")
    two_stone = give(game, st, 0, "COM048", "locations")
    arrange(game, st, row=["card"], reveal=["card"])
    attack(game, st)
    assert st.trophies == [two_stone]
    game, st = solo()  # a full tie: you choose
    castle = give(game, st, 0, "COM046", "locations")
    tavern = give(game, st, 0, "COM049", "locations")
    arrange(game, st, row=["card"], reveal=["card"])
    attack(game, st)
    d = decision(st)
    assert d.kind == "attack_target" and d.args["rule"] == "R209"
    assert sorted(game.legal(st, 0)) == sorted(game.action_space.pick + k for k in (castle, tavern))
    assert "virtual opponent razes" in game.action_text(st, 0, game.legal(st, 0)[0])
    assert_illegal(game, st, 0, game.action_space.pick + idx(game, "COM001"), "R209")
    assert_illegal(game, st, 0, A.PASS, "R209")
    game.apply(st, 0, game.action_space.pick + tavern)
    assert st.trophies == [tavern] and castle in st.seats[0].locations
    assert st.round == 2 and game.check_invariants(st) == []


def test_R209_step_7_the_two_cards_go_under_the_row():
    game, st = solo()
    give(game, st, 0, "COM032", "locations")  # gold + wood
    row, top = arrange(game, st, row=["worker", "gold", "stone"], reveal=["wood"])
    attack(game, st)
    assert st.attack_row == [row[0], row[2], top[0], row[1]]  # A28.5: newest first, pair last
    game, st = solo(solo_moved="match_then_first")
    give(game, st, 0, "COM032", "locations")
    row, top = arrange(game, st, row=["worker", "gold", "stone"], reveal=["wood"])
    attack(game, st)
    assert st.attack_row == [row[0], row[2], row[1], top[0]]


@covers("COM058")
def test_R212_A28_pairs_of_equal_goods_need_two_icons():
    game, st = solo()
    forest = give(game, st, 0, "COM058", "locations")  # New Forest: 2 wood
    give(game, st, 0, "COM040", "locations")  # Settlers: wood + worker
    arrange(game, st, row=["wood"], reveal=["wood"])
    attack(game, st)
    assert st.trophies == [forest]
    game, st = solo(solo_pairs="distinct")  # A28.6: "2 wood" is one good
    give(game, st, 0, "COM058", "locations")
    arrange(game, st, row=["wood"], reveal=["wood"])
    attack(game, st)
    assert st.trophies == []


def test_R210_R213_defence_tokens_do_not_protect():
    game, st = solo()
    k = give(game, st, 0, "COM032", "locations")
    st.seats[0].defended = [k]
    arrange(game, st, row=["gold"], reveal=["wood"])
    ev = attack(game, st)
    assert st.trophies == [k] and st.seats[0].defended == []  # the token back to the supply
    assert st.seats[0].foundations == [] and st.seats[0].wood == 0  # no foundation, no wood
    assert [e for e in ev if e["type"] == "attack_razed"][0]["rule"] == "R209"


def test_R209_empire_locations_of_the_other_empires_are_never_attacked():
    game, st = solo("Romans")
    give(game, st, 0, "ROM020", "locations")
    arrange(game, st, row=["stone"], reveal=["stone"])
    attack(game, st)
    assert st.trophies == []


# --- R214-R218: the Japanese in solo ------------------------------------------------------------


@covers("JAP011", "JAP008", "JAP012")
def test_R214_R215_R216_vp_and_vp_razes_a_japanese_location_by_deal_bonus():
    game, st = solo("Japanese")
    card = give(game, st, 0, "JAP011", "locations")  # deal: a card
    give(game, st, 0, "JAP008", "locations")  # deal: a raze token
    give(game, st, 0, "JAP012", "locations")  # deal: gold
    row, top = arrange(game, st, row=["wood", "vp", "stone"], reveal=["vp"])
    ev = attack(game, st)
    assert st.trophies == [card]
    assert [e for e in ev if e["type"] == "attack_razed"][0]["rule"] == "R214"
    assert st.attack_row == [row[0], row[2], top[0], row[1]]  # R216, A29: the first VP found
    order = sorted(
        ["JAP008", "JAP012", "JAP001", "JAP024", "JAP029", "JAP016", "JAP011"],
        key=lambda cid: game.solo.japanese_key(idx(game, cid)),
    )
    assert order == ["JAP011", "JAP008", "JAP012", "JAP024", "JAP029", "JAP001", "JAP016"]


def test_R215_then_type_and_cost():
    game, st = solo("Japanese")
    give(game, st, 0, "JAP001", "locations")  # production, deal worker
    action = give(game, st, 0, "JAP028", "locations")  # action, deal worker
    arrange(game, st, row=["vp"], reveal=["vp"])
    attack(game, st)
    assert st.trophies == [action]


@covers("JAP009")
def test_R217_samurai_do_not_protect():
    game, st = solo("Japanese")
    castle = give(game, st, 0, "JAP009", "locations")  # Daimyo's Castle
    st.seats[0].samurai = [castle]
    arrange(game, st, row=["vp"], reveal=["vp"])
    attack(game, st)
    assert st.trophies == [castle] and st.seats[0].samurai == [] and st.seats[0].worker == 0


@covers("JAP013", "JAP015")
def test_R218_A29_the_shrine_and_the_gate_are_spared_by_default():
    game, st = solo("Japanese")
    give(game, st, 0, "JAP013", "locations")  # Gate
    give(game, st, 0, "JAP015", "locations")  # Shrine
    arrange(game, st, row=["vp"], reveal=["vp"])
    attack(game, st)
    assert st.trophies == []
    game, st = solo("Japanese", solo_unrazeable="targets")
    give(game, st, 0, "JAP013", "locations")
    shrine = give(game, st, 0, "JAP015", "locations")  # its deal: a card (R215)
    arrange(game, st, row=["vp"], reveal=["vp"])
    attack(game, st)
    assert st.trophies == [shrine]


@covers("COM030")
def test_A29_the_japanese_rule_first_or_the_common_rule_first():
    for order, expected in (("empire_first", "JAP024"), ("common_first", "COM030")):
        game, st = solo("Japanese", solo_japanese=order)
        give(game, st, 0, "JAP024", "locations")
        give(game, st, 0, "COM030", "locations")  # Goldsmith's Workshop: gold + VP
        arrange(game, st, row=["gold", "vp"], reveal=["vp"])
        attack(game, st)
        assert ids(game, st.trophies) == [expected], order


def test_A29_no_japanese_target_falls_back_to_the_common_rule():
    game, st = solo("Japanese")
    goldsmith = give(game, st, 0, "COM030", "locations")
    arrange(game, st, row=["gold", "vp"], reveal=["vp"])
    attack(game, st)
    assert st.trophies == [goldsmith]


def test_R214_only_for_the_japanese():
    game, st = solo("Egyptians")
    give(game, st, 0, "EGY001", "locations")
    arrange(game, st, row=["vp"], reveal=["vp"])
    attack(game, st)
    assert st.trophies == []


# --- R219-R221: game end ------------------------------------------------------------------------


def finish(game, st) -> list[dict]:
    st.round = 5
    st.attack_row, st.attack_deck = [], list(range(len(game.attacks)))
    st.stack.clear()
    st.phase = "attack"
    ev: list = []
    game.advance(st, ev)
    return ev


def test_R195_R219_more_empire_locations_than_trophies_wins():
    game, st = solo("Romans")
    for cid in ("ROM020", "ROM021", "ROM022"):
        give(game, st, 0, cid, "locations")
    st.trophies = [idx(game, "COM001"), idx(game, "COM002")]
    for k in st.trophies:
        st.common_deck.remove(k)
    st.seats[0].vp = 20
    ev = finish(game, st)
    result = game.solo.result(st)
    assert st.over and result["won"] and result["empire_locations"] == 3
    score = game.scores(st)[0]
    assert score.total == 20 + 3 * 2 == result["final"]
    assert score.breakdown["won"] == 1 and score.breakdown["trophies"] == 2
    assert game.winners(st) == [0]
    assert result["title"] == "Commoner"
    assert [e for e in ev if e["type"] == "solo_won"]
    assert game.view(st, 0)["solo"]["result"]["won"]


def test_R219_as_many_trophies_as_empire_locations_loses():
    game, st = solo("Romans")
    give(game, st, 0, "ROM020", "locations")
    st.trophies = [idx(game, "COM001")]
    st.common_deck.remove(st.trophies[0])
    st.seats[0].vp = 50
    ev = finish(game, st)
    assert st.over and not won(game, st)
    assert game.scores(st)[0].total == 0 and game.scores(st)[0].breakdown["won"] == 0
    assert "title" not in game.solo.result(st)  # R221 (inferred): wins only
    assert [e for e in ev if e["type"] == "solo_lost"]
    assert game.winners(st) == [0]  # the engine's contract


def test_R220_A30_empire_locations_at_game_end_or_every_one_built():
    for count, expected in (("present", 1), ("built", 2)):
        game, st = solo("Romans", solo_count=count)
        give(game, st, 0, "COM007", "locations")
        give(game, st, 0, "ROM009")  # each discards a location
        give(game, st, 0, "ROM012")
        supply(st, 0, wood=1, stone=3)
        act(game, st, 0, "build", "ROM009")  # discards the Old Forest
        act(game, st, 0, "build", "ROM012")  # discards ROM009
        assert ids(game, st.seats[0].locations) == ["ROM012"]
        assert game.solo.empire_count(st) == expected, count


def test_R221_achievement_table():
    assert [t[0] for t in TITLES] == [80, 70, 60, 50, 40, 30, 0]
    assert title_for(29) == ("Commoner", "Простолюдин")
    assert title_for(30) == ("Servant", "Прислужник")
    assert title_for(45) == ("Squire", "Оруженосец")
    assert title_for(50)[0] == "Knight" and title_for(69)[0] == "Castellan"
    assert title_for(70)[0] == "King" and title_for(80)[0] == "Emperor"
    assert title_for(200)[1] == "Император"
    game, st = solo()
    assert [row["title"] for row in game.view(st, 0)["solo"]["achievements"]] == [
        "Emperor",
        "King",
        "Castellan",
        "Knight",
        "Squire",
        "Servant",
        "Commoner",
    ]


# --- every attack card --------------------------------------------------------------------------

ATTACKS = [a.id for a in make_game().attacks]


@covers(*ATTACKS)
@pytest.mark.parametrize("attack_id", ATTACKS)
def test_R198_every_attack_card_shows_one_good_and_can_hit(attack_id):
    game, st = solo()
    i = next(i for i, a in enumerate(game.attacks) if a.id == attack_id)
    good = game.attacks[i].target
    assert good in C.ATTACK_TARGETS
    k = next(c.index for c in game.cards if c.common and c.raze and good in c.raze and any(g != good for g in c.raze))
    other = next(g for g in game.cards[k].raze if g != good)
    give(game, st, 0, game.cards[k].id, "locations")
    arrange(game, st, row=[other], reveal=[i])
    attack(game, st)
    assert st.trophies == [k]


# --- hidden information --------------------------------------------------------------------------


def test_R196_the_attack_deck_order_is_hidden_and_determinize_redeals_it():
    game = settlers()
    st = game.new(1, 9, {"factions": "Romans"})
    view = game.view(st, 0)
    assert view["solo"]["attack_deck"] == 15
    assert "attack_deck" not in json.dumps(view["seats"])
    hidden = {game.attacks[i].id for i in st.attack_deck}
    assert not hidden & {c["id"] for c in view["solo"]["attack_row"]}
    rng = random.Random(1)
    orders = set()
    for _ in range(5):
        det = game.determinize(st, 0, rng)
        assert game.view(det, 0) == view and game.check_invariants(det) == []
        assert sorted(det.attack_deck) == sorted(st.attack_deck)
        assert det.attack_row == st.attack_row
        orders.add(tuple(det.attack_deck))
    assert len(orders) > 1


def test_solo_observation_has_the_declared_size_and_shows_the_row():
    game = settlers()
    st = game.new(1, 3)
    vec = game.observation(st, 0)
    assert len(vec) == game.observation_size
    off, length = game.observation_layout.parts["solo.attack_row"]
    assert sum(vec[off : off + length]) == 1.0
    assert vec[game.observation_layout.parts["solo.present"][0]] == 1.0
    multi = game.observation(game.new(2, 3), 0)
    assert multi[game.observation_layout.parts["solo.present"][0]] == 0.0


def test_solo_events_have_english_and_russian_templates():
    game = settlers()
    en = locale.templates("imperial_settlers", "en")
    ru = locale.templates("imperial_settlers", "ru")
    rng = random.Random(3)
    for options in (None, {"stand_ins": "on", "solo_attack_deals": "targets"}):
        for seed in range(3):
            st = game.new(1, seed, options)
            while not st.over:
                for ev in game.apply(st, 0, rng.choice(game.legal(st, 0))):
                    assert ev["type"] in en and ev["type"] in ru, ev
                    locale.render("imperial_settlers", ev, "ru", ["a"])


def test_every_legal_solo_action_has_a_text():
    game = settlers()
    rng = random.Random(5)
    st = game.new(1, 5, {"stand_ins": "on", "solo_attack_deals": "targets"})
    while not st.over:
        legal = game.legal(st, 0)
        for a in legal:
            text = game.action_text(st, 0, a)
            assert text and not text.startswith("action ")
        game.apply(st, 0, rng.choice(legal))


# --- the attack deck data (D3) ------------------------------------------------------------------


def test_D3_the_built_in_attack_deck_is_provisional_and_keeps_the_spec_constraints():
    game = settlers()
    attacks = game.attacks
    assert len(attacks) == 16  # §2
    assert {a.provenance for a in attacks} == {"provisional"}
    counts: dict[str, int] = {}
    for a in attacks:
        counts[a.target] = counts.get(a.target, 0) + 1
    assert {"wood", "worker", "gold", "vp"} <= set(counts)  # R198, E11
    assert counts["vp"] >= 2  # R214 can happen
    assert max(counts.values()) >= 2  # R212 pairs
    raze_goods = {g for c in game.cards if c.common and c.raze for g in c.raze}
    assert set(counts) <= raze_goods  # each can hit
    assert "solo attack cards provisional" in game.data_status()
    assert game.view(game.new(1, 1), 0)["solo"]["attack_cards"].startswith("provisional")


def test_D3_gaps_list_the_16_attack_cards():
    game = settlers()
    gaps = [g for g in game.gaps() if g["deck"] == "attack"]
    assert [g["id"] for g in gaps] == [a.id for a in game.attacks]
    assert all(g["provenance"] == "provisional" and any("D3" in m for m in g["missing"]) for g in gaps)


def copy_data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(C.DATA_DIR, target)
    return target


def test_D3_an_owner_loads_the_real_attack_deck_from_a_data_directory(tmp_path):
    data = copy_data(tmp_path)
    raw = json.loads((data / C.ATTACK_FILE).read_text())
    for n, card in enumerate(raw["cards"]):
        card["target"] = "stone" if n % 2 else "wood"
        card["provenance"] = "exact"
        card["source"] = ["printed"]
    raw["sources"] = {"printed": "the printed attack cards"}
    (data / C.ATTACK_FILE).write_text(json.dumps(raw))
    game = make_game(str(data))
    assert [a.target for a in game.attacks][:4] == ["wood", "stone", "wood", "stone"]
    assert [g for g in game.gaps() if g["deck"] == "attack"] == []
    assert "0 of 16 solo attack cards provisional" in game.data_status()
    assert game.data_id() != settlers().data_id()
    st = game.new(1, 1)
    assert game.view(st, 0)["solo"]["attack_cards"] == "exact"


def test_D3_a_data_directory_without_an_attack_deck_uses_the_built_in_one(tmp_path):
    data = copy_data(tmp_path)
    (data / C.ATTACK_FILE).unlink()
    game = make_game(str(data))
    assert [a.id for a in game.attacks] == [a.id for a in settlers().attacks]
    assert game.data_id() == settlers().data_id()


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda raw: raw["cards"].pop(), "15 attack cards, not 16"),
        (lambda raw: raw["cards"][2].update(target="gems"), "card ATK003: field 'target': 'gems' is not a good"),
        (
            lambda raw: raw["cards"][3].update(target=["wood", "gold"]),
            "card ATK004: field 'target': an attack card shows one good",
        ),
        (lambda raw: raw["cards"][4].update(id="ATK001"), "card ATK001: field 'id': ATK001 used twice"),
        (lambda raw: raw["cards"][5].update(id="COM001"), "card COM001: field 'id': COM001 is also"),
        (lambda raw: raw["cards"][6].update(colour="red"), "card ATK007: unknown field 'colour'"),
        (lambda raw: raw["cards"][7].update(provenance="sure"), "card ATK008: field 'provenance'"),
        (lambda raw: raw["cards"][8].update(source=["web"]), "card ATK009: field 'source': 'web'"),
        (lambda raw: raw["cards"][9].pop("target"), "card ATK010: field 'target': None"),
        (lambda raw: raw.update(deck="attack"), "field 'deck' must be 'attacks'"),
    ],
)
def test_D3_the_attack_deck_validator_names_the_card_and_the_field(tmp_path, change, message):
    data = copy_data(tmp_path)
    raw = json.loads((data / C.ATTACK_FILE).read_text())
    change(raw)
    (data / C.ATTACK_FILE).write_text(json.dumps(raw))
    with pytest.raises(C.DataError) as info:
        make_game(str(data))
    assert message in str(info.value) and C.ATTACK_FILE in str(info.value)


def test_D3_an_attack_deck_that_is_not_json(tmp_path):
    data = copy_data(tmp_path)
    (data / C.ATTACK_FILE).write_text("{not json")
    with pytest.raises(C.DataError, match="not valid JSON"):
        make_game(str(data))


# --- play ---------------------------------------------------------------------------------------


def test_simulate_solo_reports_no_errors():
    from epochal.sim.simulate import simulate

    game = settlers()
    report = simulate(game, 1, 40, 1, ["random"])
    assert report["errors"] == 0 and report["players"] == 1
    report = simulate(game, 1, 4, 2, ["heuristic"])
    assert report["errors"] == 0


def test_heuristic_bot_comes_closer_to_a_solo_win_than_random_play():
    from epochal.agents.base import RandomAgent

    game = settlers()
    margins = {"heuristic": 0, "random": 0}
    for i in range(8):
        for name in margins:
            st = game.new(1, i, game.options_for_game(None, i, 1))
            bot = game.heuristic_agent(i) if name == "heuristic" else RandomAgent(i)
            while not st.over:
                game.apply(st, 0, bot.choose(game, st, 0))
            result = game.solo.result(st)
            margins[name] += result["empire_locations"] - result["trophies"]
    assert margins["heuristic"] > margins["random"] + 8
