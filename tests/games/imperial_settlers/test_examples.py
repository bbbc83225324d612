"""The rulebook's worked examples E1-E13 (shared/rules/imperial-settlers.md §21) as scenarios.

Maria plays the Barbarians (seat 0), Dmitry the Japanese (seat 1). E11 is a solo game.
"""

from __future__ import annotations

from epochal.games.imperial_settlers import actions as A
from tests.games.imperial_settlers.scenario import (
    act,
    action_id,
    answer,
    arrange,
    attack,
    covers,
    decision,
    fresh,
    give,
    goods,
    idx,
    pick,
    settlers,
    supply,
)

MARIA, DMITRY = 0, 1


def production(game, st):
    st.stack.clear()
    st.phase = "production"
    game.advance(st, [])


@covers("COM018", "COM025")
def test_E1_production_phase():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, DMITRY, "COM018", "locations")  # Armorer
    give(game, st, DMITRY, "COM025", "locations")  # Lord's Fields
    give(game, st, DMITRY, "JAP001", "deals")  # a deal giving 1 worker
    give(game, st, DMITRY, "JAP012", "deals")  # a deal giving 1 gold
    production(game, st)
    assert goods(st, DMITRY) == {"worker": 5, "wood": 1, "raze": 2, "defence": 1, "gold": 1, "food": 1}


def test_E2_cleanup_the_japanese_store_food():
    game, st = fresh("Barbarians", "Japanese")
    supply(st, DMITRY, food=2, worker=1)
    st.seats[DMITRY].passed = True
    st.stack.clear()
    st.phase = "cleanup"
    game.advance(st, [])
    assert goods(st, DMITRY) == {"food": 2}


@covers("BAR012", "COM006")
def test_E3_building_the_sentry_tower():
    game, st = fresh("Barbarians", "Japanese")
    mill = give(game, st, MARIA, "COM006", "locations")
    give(game, st, MARIA, "BAR012")
    supply(st, MARIA, wood=2)
    act(game, st, MARIA, "build", "BAR012")
    maria = st.seats[MARIA]
    assert mill in st.common_discard and maria.locations == [idx(game, "BAR012")]
    assert game.cards[idx(game, "BAR012")].kind == "production"
    assert goods(st, MARIA) == {"raze": 1, "worker": 1}


@covers("COM003")
def test_E4_razing_a_card_from_hand():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, MARIA, "COM003")
    supply(st, MARIA, raze=1)
    act(game, st, MARIA, "raze_hand", "COM003")
    assert goods(st, MARIA) == {"wood": 2}
    assert idx(game, "COM003") in st.common_discard


def test_E5_razing_another_players_location():
    game, st = fresh("Barbarians", "Japanese")
    armorer = give(game, st, DMITRY, "COM018", "locations")
    supply(st, MARIA, raze=2)
    act(game, st, MARIA, "raze", "COM018")
    assert goods(st, MARIA) == {"stone": 1, "vp": 1}
    assert st.seats[DMITRY].foundations == [armorer] and goods(st, DMITRY) == {"wood": 1}


def test_E6_making_a_deal():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, MARIA, "BAR012")
    supply(st, MARIA, food=1)
    act(game, st, MARIA, "deal", "BAR012")
    assert st.seats[MARIA].deals == [idx(game, "BAR012")] and goods(st, MARIA) == {"worker": 1}


@covers("BAR010", "COM037", "COM046")
def test_E7_activating_location_actions():
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, MARIA, "COM037", "locations")  # Mason's Guild
    give(game, st, MARIA, "COM046", "locations")  # Castle
    give(game, st, MARIA, "BAR010", "locations")  # Saboteurs
    supply(st, MARIA, worker=3)
    supply(st, DMITRY, stone=1)
    act(game, st, MARIA, "activate", "BAR010")  # turn 1
    assert goods(st, MARIA) == {"worker": 2, "stone": 1} and goods(st, DMITRY) == {}
    answer(game, st, DMITRY, A.PASS)  # Dmitry's turn
    supply(st, MARIA, stone=2)
    act(game, st, MARIA, "activate", "COM037")  # next turn
    assert st.seats[MARIA].vp == 3 and goods(st, MARIA) == {"worker": 1, "vp": 3}
    deck = len(st.seats[MARIA].deck)
    act(game, st, MARIA, "activate", "COM046")  # a later turn
    answer(game, st, MARIA, A.CARD_EMPIRE)
    assert len(st.seats[MARIA].deck) == deck - 1


def test_E8_exchanging_workers():
    game, st = fresh("Barbarians", "Japanese")
    supply(st, MARIA, worker=8)
    hand = len(st.seats[MARIA].hand)
    for good in (0, 3, 3, 4):  # wood, common x2, empire
        answer(game, st, MARIA, A.EXCHANGE + good)
    maria = st.seats[MARIA]
    new = maria.hand[hand:]
    assert goods(st, MARIA) == {"wood": 1}
    assert [game.cards[k].common for k in new] == [True, True, False]


def test_E9_using_a_samurai():
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "JAP004", "locations")
    supply(st, 0, worker=1)
    act(game, st, 0, "samurai", "JAP004")
    act(game, st, 0, "build", "COM074")  # ends the turn
    supply(st, 1, raze=3)
    assert game.action_text(st, 1, action_id(game, "raze", "JAP004")).find("3 raze tokens") > 0
    act(game, st, 1, "raze", "JAP004")
    jap = st.seats[0]
    assert jap.samurai == [] and idx(game, "JAP004") in jap.discard and jap.foundations == []


def test_E10_advanced_lookout_with_three_players():
    game = settlers()
    st = game.new(3, 21, {"lookout": "advanced", "factions": "Romans,Barbarians,Egyptians"})
    first = st.first
    order = [(first + i) % 3 for i in range(3)]
    sizes = []
    seats = []
    while st.phase == "lookout":
        seat = decision(st).seats[0]
        seats.append(seat)
        sizes.append(len(st.table))
        game.apply(st, seat, game.legal(st, seat)[0])
    assert seats == order + order
    assert sizes == [5, 4, 4, 3, 3, 2]
    assert all(len(p.hand) == 7 for p in st.seats)
    assert len(st.common_discard) == 1


@covers("COM004", "COM032", "COM043", "COM042")
def test_E11_virtual_opponent_attack():
    """Solo, round 2, Romans. The new attack card shows wood, the earlier ones worker and gold.
    Wood is in the raze bonus of four common locations; none shows a worker; two show gold; of
    those the Market (an action location) goes before the Carpentry Workshop (a feature)."""
    game, st = fresh("Romans")
    st.round = 2
    workshop = give(game, st, 0, "COM004", "locations")  # Carpentry Workshop: gold + wood
    market = give(game, st, 0, "COM032", "locations")  # Market: gold + wood
    carpenter = give(game, st, 0, "COM043", "locations")  # Carpenter: wood + VP
    logging = give(game, st, 0, "COM042", "locations")  # Logging Camp: 2 wood
    (worker, gold), (wood,) = arrange(game, st, row=["worker", "gold"], reveal=["wood"])
    assert game.cards[workshop].kind == "feature" and game.cards[market].kind == "action"
    events = attack(game, st)
    razed = [e for e in events if e["type"] == "attack_razed"]
    assert [e["card"] for e in razed] == ["COM032"]
    assert st.trophies == [market]  # the trophy pile
    assert set(st.seats[0].locations) >= {workshop, carpenter, logging}
    assert st.seats[0].foundations == [] and st.seats[0].wood == 0  # no foundation
    assert st.attack_row == [worker, wood, gold]  # both to the end


def test_E12_multiplier_tokens_are_physical_only():
    game, st = fresh("Barbarians", "Japanese")
    supply(st, MARIA, stone=4)
    give(game, st, MARIA, "COM083", "locations")  # Above-Ground Mine
    supply(st, MARIA, worker=1)
    act(game, st, MARIA, "activate", "COM083")
    assert st.seats[MARIA].stone == 5  # past any token count


@covers("BAR014")
def test_E13_build_cost_examples():
    game = settlers()
    wood_storage = game.cards[idx(game, "COM003")]
    dark_chapel = game.cards[idx(game, "BAR014")]
    assert wood_storage.cost == {"wood": 2, "stone": 1} and wood_storage.discard == 0
    assert dark_chapel.cost == {"wood": 1, "stone": 2} and dark_chapel.discard == 1
    game, st = fresh("Barbarians", "Japanese")
    give(game, st, MARIA, "COM006", "locations")
    give(game, st, MARIA, "BAR014")
    supply(st, MARIA, wood=1, stone=2)
    act(game, st, MARIA, "build", "BAR014")
    assert st.seats[MARIA].locations == [idx(game, "BAR014")] and goods(st, MARIA) == {}
    assert pick is not None
