"""The rulebook's card clarifications (§17) that test_cards.py does not check.

R180 and the base effects behind R178 and R179 are played in full. The others hang on abilities
that no source establishes: Trade Route's deals with opponents' locations (D6), the Desert's action,
the Sphinx's feature, the Temple of Ra's captures (D7) and the Warehouses' storage. For those
cards the tests check what the clarification itself fixes and what the engine documents for the
rest: the card is built and scores, its unknown ability is refused naming D2, and the view and
``gaps()`` say what is missing (docs/games/imperial-settlers.md, C11-C16).
"""

from __future__ import annotations

import pytest

from epochal.games.imperial_settlers import actions as A
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
    supply,
)


def run_production(game, st):
    st.stack.clear()
    st.phase = "production"
    game.advance(st, [])


def build_on_foundation(game, st, seat: int, cid: str) -> int:
    """Build ``cid`` from hand with exactly its cost, discarding a foundation (COM070) if the
    card needs a discarded location (R59a)."""
    k = give(game, st, seat, cid)
    c = game.cards[k]
    supply(st, seat, **c.cost)
    if c.discard:
        give(game, st, seat, "COM070", "foundations")
    act(game, st, seat, "build", cid)
    d = decision(st)
    if d is not None and d.kind == "pick" and d.args.get("rule") == "R59":
        pick(game, st, seat, "COM070")
    return k


def gap(game, cid: str) -> dict:
    return next(g for g in game.gaps() if g["id"] == cid)


# --- R156: Trade Route (Japanese) -------------------------------------------------------------


@covers("JAP021")
def test_R156_trade_route_razed_by_an_opponent_its_owners_deals_remain():
    game, st = fresh("Barbarians", "Japanese")
    route = give(game, st, 1, "JAP021", "locations")
    rice = give(game, st, 1, "JAP004", "deals")  # deal: 1 food
    farm = give(game, st, 1, "JAP001", "deals")  # deal: 1 worker
    supply(st, 0, raze=2)
    act(game, st, 0, "raze", "JAP021")
    japanese = st.seats[1]
    assert route in japanese.discard and route not in japanese.locations  # R79: discarded
    assert japanese.foundations == [] and japanese.wood == 0  # A14: no wood
    assert st.seats[0].vp == 1  # its raze bonus
    assert japanese.deals == [rice, farm]  # R156
    run_production(game, st)
    # the Japanese board (4 workers, 1 wood, 1 raze, 1 defence) plus both deals (R41.2)
    assert goods(st, 1) == {"worker": 5, "wood": 1, "raze": 1, "defence": 1, "food": 1}


@covers("JAP021")
def test_R156_R59_trade_route_discarded_to_build_its_owners_deals_remain():
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "JAP021", "locations")
    give(game, st, 0, "JAP001", "locations")  # the one not discarded
    rice = give(game, st, 0, "JAP004", "deals")
    give(game, st, 0, "JAP006")  # 1 wood + a location
    supply(st, 0, wood=1)
    act(game, st, 0, "build", "JAP006")
    pick(game, st, 0, "JAP021")  # the location discarded
    p = st.seats[0]
    assert idx(game, "JAP021") in p.discard and idx(game, "JAP006") in p.locations
    assert p.deals == [rice]  # R156


@covers("JAP021")
def test_R73_D6_trade_route_makes_no_deal_with_an_opponents_location():
    # D6: the cost, yield and keeping of a deal with an opponent's location are unknown, so the
    # Japanese deal only with their own empire cards and Trade Route cannot be activated (D2).
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "JAP021", "locations")
    give(game, st, 0, "JAP004")
    give(game, st, 1, "COM007", "locations")
    give(game, st, 1, "BAR001", "locations")
    supply(st, 0, food=1, worker=3, stone=2, wood=2)
    assert legal_kinds(game, st, 0)["deal"] == ["JAP004"]
    assert "activate" not in legal_kinds(game, st, 0)
    info = assert_illegal(game, st, 0, action_id(game, "activate", "JAP021"), "D2")
    assert "JAP021" in str(info)
    view = game.view(st, 0)["cards"]["JAP021"]
    assert view["provenance"] == "provisional" and "not established" in view["ability"]
    assert "R156" in view["known"]["ability"]
    assert gap(game, "JAP021")["missing"] == ["activation cost", "deal mechanics (D6)"]


# --- R158: the unattached Egyptian note (the Desert, by the audit) -----------------------------


@covers("EGY001")
def test_R158_A21_desert_card_cost_recorded_its_action_refused():
    game, st = fresh("Egyptians", "Barbarians")
    give(game, st, 0, "EGY001", "locations")
    give(game, st, 0, "EGY005")  # a card it could be paid with
    supply(st, 0, worker=2, wood=2, stone=2, food=2, gold=2)
    assert "activate" not in legal_kinds(game, st, 0)
    assert_illegal(game, st, 0, action_id(game, "activate", "EGY001"), "D2")
    view = game.view(st, 0)["cards"]["EGY001"]
    assert "card from hand" in view["known"]["activation cost"]
    assert "R158" in view["known"]["activation cost"]
    assert "not established" in view["ability"]
    assert gap(game, "EGY001")["missing"] == ["ability (the action)", "activation cost"]


@covers("COM049")
def test_R158_R93_a_card_paid_to_activate_is_discarded_and_marks_the_location_used():
    # The note's procedure, as the engine plays it for the one card whose card cost is
    # established (the Tavern, R177): the paid card goes to its own deck's discard pile, the
    # "used" marker is a worker from the general supply (not one of the player's), and the
    # location cannot act again this round.
    game, st = fresh("Egyptians", "Barbarians")
    tavern = give(game, st, 0, "COM049", "locations")
    oasis = give(game, st, 0, "EGY005")
    supply(st, 0, worker=2)
    act(game, st, 0, "activate", "COM049")
    pick(game, st, 0, "EGY005")
    p = st.seats[0]
    assert oasis in p.discard and oasis not in p.hand  # R119
    assert p.worker == 2 and p.vp == 2 and p.used == {tavern: 1}
    answer(game, st, 1, A.PASS)
    give(game, st, 0, "EGY006")  # a card to pay with again
    assert_illegal(game, st, 0, action_id(game, "activate", "COM049"), "R89")


# --- R162: Sphinx (Egyptian) --------------------------------------------------------------------


@covers("EGY019")
def test_R162_A10_sphinx_feature_not_established_acts_in_no_phase():
    game, st = fresh("Egyptians", "Barbarians")
    sphinx = build_on_foundation(game, st, 0, "EGY019")
    assert sphinx in st.seats[0].locations and goods(st, 0) == {}  # no build bonus
    assert game.scores(st)[0].breakdown["empire_locations"] == 2  # R134
    run_production(game, st)
    # the Egyptian board only (D4): the Sphinx adds nothing in Production (R162 unplayed)
    assert goods(st, 0) == {"worker": 3, "gold": 1, "raze": 1, "defence": 1}
    view = game.view(st, 0)["cards"]["EGY019"]
    assert view["kind"] == "feature" and "not established" in view["ability"]
    assert "R162" in view["known"]["ability"]
    assert gap(game, "EGY019")["missing"] == ["ability"]


# --- R163, R164: Temple of Ra (Egyptian) ----------------------------------------------------------


@covers("EGY013")
def test_R163_R164_D7_temple_of_ra_captures_nothing():
    game, st = fresh("Egyptians", "Japanese")
    build_on_foundation(game, st, 0, "EGY013")
    answer(game, st, 1, action_id(game, "build", "COM073"))  # seat 1 stays in the round
    give(game, st, 1, "JAP001", "locations")
    give(game, st, 1, "COM007", "locations")
    supply(st, 0, worker=3, wood=2, stone=2, food=2, gold=2, raze=2)
    assert "activate" not in legal_kinds(game, st, 0)
    info = assert_illegal(game, st, 0, action_id(game, "activate", "EGY013"), "D2")
    assert "not established" in str(info)
    view = game.view(st, 0)["cards"]["EGY013"]
    assert "R163" in view["known"]["ability"] and "R164" in view["known"]["ability"]
    assert gap(game, "EGY013")["missing"] == ["ability (capture cost, targets, sharing)", "activation cost"]
    # with no capture, an opponent's location razed by the Egyptians is an ordinary raze: the
    # foundation and its 1 wood stay with the owner (R109), not R164's Egyptian wood
    forest = idx(game, "COM007")
    act(game, st, 0, "raze", "COM007")
    assert st.seats[1].foundations == [forest] and st.seats[1].wood == 1
    assert st.seats[0].wood == 2 + 2  # its raze bonus


# --- R168: Warehouses (Roman) ---------------------------------------------------------------------


@covers("ROM019")
def test_R168_warehouses_storage_not_established_cleanup_keeps_the_board_good_only():
    game, st = fresh("Romans", "Barbarians")
    build_on_foundation(game, st, 0, "ROM019")
    supply(st, 0, wood=2, stone=1, food=3, raze=1)
    st.stack.clear()
    st.phase = "cleanup"
    game.advance(st, [])
    assert goods(st, 0) == {"raze": 1}  # the Roman board stores raze
    view = game.view(st, 0)["cards"]["ROM019"]
    assert "not established" in view["ability"] and "R168" in view["known"]["ability"]
    assert gap(game, "ROM019")["missing"] == ["ability (capacity, which resources)"]


@covers("ROM019")
def test_R168_R59_warehouses_discarded_to_build_moves_nothing_to_the_supply():
    game, st = fresh("Romans", "Barbarians")
    warehouses = give(game, st, 0, "ROM019", "locations")
    give(game, st, 0, "COM069", "locations")  # the one not discarded
    give(game, st, 0, "ROM020")  # 1 stone + a location
    supply(st, 0, stone=1, food=2)
    act(game, st, 0, "build", "ROM020")
    pick(game, st, 0, "ROM019")
    assert warehouses in st.seats[0].discard
    # the stone paid, ROM020's production on build (R61), and nothing stored to move (R168)
    assert goods(st, 0) == {"food": 2, "wood": 1, "stone": 1}


@covers("ROM019")
def test_R168_A36_warehouses_removed_by_an_opponent_moves_nothing_to_the_supply():
    game, st = fresh("Japanese", "Romans", stand_ins="on")
    give(game, st, 0, "JAP008", "locations")  # Garrison (stand-in)
    warehouses = give(game, st, 1, "ROM019", "locations")
    give(game, st, 1, "COM069", "locations")  # another target
    supply(st, 0, worker=1)
    supply(st, 1, wood=1, food=1)
    act(game, st, 0, "activate", "JAP008")
    pick(game, st, 0, "ROM019")
    assert warehouses in st.seats[1].discard and warehouses not in st.seats[1].locations
    assert goods(st, 1) == {"wood": 1, "food": 1}


# --- R178, R179: Imperial Messenger and Hanseatic League (common) -------------------------------


@covers("COM057", "JAP021")
def test_R178_imperial_messenger_the_japanese_choose_among_their_own_deals():
    # Trade-Route deals cannot arise (D6), so the choice is among the deals under the board;
    # an opponent's deal is never one of "your deals".
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "COM057", "locations")
    give(game, st, 0, "JAP021", "locations")
    rice = give(game, st, 0, "JAP004", "deals")  # deal: 1 food
    farm = give(game, st, 0, "JAP001", "deals")  # deal: 1 worker
    forest = give(game, st, 1, "BAR001", "deals")
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "COM057")
    assert decision(st).kind == "pick"
    assert set(game.legal(st, 0)) == {game.action_space.pick + rice, game.action_space.pick + farm}
    pick(game, st, 0, "JAP004")
    assert goods(st, 0) == {"food": 1}
    assert st.seats[0].deals == [rice, farm] and st.seats[1].deals == [forest]


@covers("COM061", "JAP021")
def test_R179_hanseatic_league_the_japanese_cancel_deals_of_their_own_board():
    game, st = fresh("Japanese", "Barbarians")
    give(game, st, 0, "COM061", "locations")
    give(game, st, 0, "JAP021", "locations")
    rice = give(game, st, 0, "JAP004", "deals")
    farm = give(game, st, 0, "JAP001", "deals")
    forest = give(game, st, 1, "BAR001", "deals")
    supply(st, 0, worker=1)
    act(game, st, 0, "activate", "COM061")
    assert set(game.legal(st, 0)) == {game.action_space.pick + rice, game.action_space.pick + farm}
    pick(game, st, 0, "JAP004")
    p = st.seats[0]
    assert p.vp == 2 and p.deals == [farm] and rice in p.discard
    assert st.seats[1].deals == [forest]


# --- R180: Porters (common) -----------------------------------------------------------------------


@covers("COM084")
@pytest.mark.parametrize("choice,gained", [("COM007", {"wood": 2}), ("ROM020", {"wood": 1, "stone": 1})])
def test_R180_porters_choose_a_common_or_an_empire_location(choice, gained):
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM084", "locations")
    forest = give(game, st, 0, "COM007", "locations")  # common: 2 wood
    builder = give(game, st, 0, "ROM020", "locations")  # empire: 1 wood + 1 stone
    supply(st, 0, food=1)
    act(game, st, 0, "activate", "COM084")
    d = decision(st)
    assert d.kind == "pick" and d.args["rule"] == "R180"
    assert set(game.legal(st, 0)) == {game.action_space.pick + forest, game.action_space.pick + builder}
    pick(game, st, 0, choice)
    assert goods(st, 0) == gained
