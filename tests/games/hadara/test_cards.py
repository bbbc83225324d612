"""Purple card effects PE1-PE15 (shared/rules/hadara.md section 4.9), one group of tests each.

Effect cards are found by their effect, never by id; the numbers asserted are the ones the spec
states for the effect (PE1 +1 coin, PE2 3 coins per point ...), not the stand-in card data.
"""

from __future__ import annotations

import pytest

from epochal.games.hadara import actions as A
from epochal.games.hadara.effects import complete_sets
from epochal.games.hadara.vocab import MedalPrices
from tests.games.hadara.scenario import (
    CULTURE,
    FOOD,
    INCOME,
    MILITARY,
    assert_illegal,
    blank,
    find_card,
    find_cards,
    give,
    give_statue,
    halted,
    pile_of,
    put,
    run_step,
    set_tracks,
    spare,
    to_pile,
)

COLOR_TRACK = {"blue": CULTURE, "yellow": INCOME, "green": FOOD, "red": MILITARY}  # R7


def plain(game, st, n=1, **query):
    """``n`` unused cards without an effect matching ``query``."""
    return spare(game, st, n, effect=False, **query)


def buy(game, st, i, card, coins=100):
    """Seat ``i`` takes ``card`` from the top of its discard pile in Phase B and buys it."""
    to_pile(game, st, card)
    st.seats[i].coins = coins
    put(st, i, "take", step="B1")
    return game.apply(st, i, A.take(pile_of(game, card), False))


def sell(game, st, i, card):
    to_pile(game, st, card)
    put(st, i, "take", step="B1")
    return game.apply(st, i, A.take(pile_of(game, card), True))


def remove(game, st, i, card):
    """Seat ``i`` removes ``card`` in Feeding (one removal, then the engine halts)."""
    put(st, i, "feed", step="B5")
    return game.apply(st, i, A.REMOVE + card)


def colony_step(game, st, i=0, military=None, coins=None, stop=True):
    seat = st.seats[i]
    if military is not None:
        set_tracks(game, seat, military=military)
    if coins is not None:
        seat.coins = coins
    put(st, i, "colony", step="B3", stop=stop)
    return seat


def legal_colonies(game, st, i=0):
    return [a - A.COLONY for a in game.legal(st, i) if A.COLONY <= a < A.PLUNDER]


# --- PE1 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("epoch,coins", [(1, 3), (2, 4), (3, 5)])
def test_PE1_sale_pays_one_coin_more(epoch, coins):
    game, st = blank(epoch=3)
    give(game, st, 0, find_card(game, pe="PE1"))
    card = plain(game, st, color="red", epoch=epoch)[0]
    st.seats[0].coins = 0
    sell(game, st, 0, card)
    assert st.seats[0].coins == coins


def test_PE1_two_cards_stack_and_nothing_without_the_card():
    game, st = blank(epoch=3)
    pe1 = find_cards(game, pe="PE1")
    assert len(pe1) >= 2
    first, second = plain(game, st, 2, color="red", epoch=1)
    st.seats[0].coins = 0
    sell(game, st, 0, first)
    assert st.seats[0].coins == 2  # no PE1: plain R43
    give(game, st, 0, *pe1[:2])
    sell(game, st, 0, second)
    assert st.seats[0].coins == 2 + 4  # 2 + 1 + 1 (A20)


# --- PE2 ----------------------------------------------------------------------------------------


def test_PE2_pay_3_coins_per_missing_military_point():
    game, st = blank()
    give(game, st, 0, find_card(game, pe="PE2"))
    v = game.requirements.index(15)
    seat = colony_step(game, st, military=12, coins=9)
    assert v in legal_colonies(game, st)
    game.apply(st, 0, A.COLONY + v)
    if not halted(st):
        game.apply(st, 0, A.PLUNDER)
    token = seat.colonies[0]
    assert seat.coins == 9 - 9 + game.colonies[token].plunder
    assert seat.tracks[MILITARY] == 12  # nothing is spent
    assert game.check_invariants(st) == []


def test_PE2_needs_the_coins():
    game, st = blank()
    give(game, st, 0, find_card(game, pe="PE2"))
    v = game.requirements.index(15)
    colony_step(game, st, military=12, coins=8)
    assert v not in legal_colonies(game, st)
    assert_illegal(game, st, 0, A.COLONY + v, "R46")


def test_PE2_at_most_10_points_per_step():
    game, st = blank()
    give(game, st, 0, find_card(game, pe="PE2"))
    v = game.requirements.index(15)
    colony_step(game, st, military=5, coins=100)  # 10 points: 30 coins
    assert v in legal_colonies(game, st)
    trial = st.clone()
    game.apply(trial, 0, A.COLONY + v)
    assert trial.stack[-1].kind == "colony_mode"  # plunder or annex next
    assert trial.seats[0].coins == 70 and trial.seats[0].bought_points == 10
    set_tracks(game, st.seats[0], military=4)  # 11 points: too many
    st.edited()
    assert v not in legal_colonies(game, st)
    assert_illegal(game, st, 0, A.COLONY + v, "R46")


def test_PE2_statue_step_too():
    game, st = blank()
    give(game, st, 0, find_card(game, pe="PE2"))
    seat = st.seats[0]
    s = 1
    set_tracks(game, seat, culture=game.slots[s].requirement - 2)
    seat.coins = 6
    put(st, 0, "statue", step="B4")
    game.apply(st, 0, A.statue(s, INCOME, True))
    assert seat.statues[s] == INCOME * 2 + 1 and seat.coins == 0


def test_PE2_cap_is_per_step_not_per_colony_with_PE13():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE2"), find_card(game, pe="PE13"))
    v9, v15 = game.requirements.index(9), game.requirements.index(15)
    seat = colony_step(game, st, military=6, coins=100)  # 3 points for the 9
    game.apply(st, 0, A.COLONY + v9)
    if st.stack[-1].kind == "colony_mode":
        game.apply(st, 0, A.PLUNDER)
    assert seat.bought_points == 3
    put(st, 0, "colony")  # second colony, same step
    assert v15 not in legal_colonies(game, st)  # 3 + 9 > 10
    seat.bought_points = 0  # (a fresh step)
    st.edited()
    assert v15 in legal_colonies(game, st)  # 9 <= 10


def test_PE2_and_PE10_are_cumulative():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE2"), find_card(game, pe="PE10"))
    v9 = game.requirements.index(9)
    seat = colony_step(game, st, military=2, coins=9)  # 9 - 4 = 5: 3 points
    assert v9 in legal_colonies(game, st)
    game.apply(st, 0, A.COLONY + v9)
    assert seat.bought_points == 3


# --- PE3 ----------------------------------------------------------------------------------------


def test_PE3_tile_placed_on_purchase_gives_2_and_returns_on_removal():
    game, st = blank(epoch=2)
    card = find_card(game, pe="PE3")
    seat = st.seats[0]
    before = list(seat.tracks)
    buy(game, st, 0, card)
    frame = st.stack[-1]
    assert frame.kind == "tile" and frame.seats == [0]  # MUST place at once
    assert game.legal(st, 0) == [A.TILE + t for t in range(4)]
    assert_illegal(game, st, 0, A.PASS, "R41")  # PE3 holds: the purple effect works once bought
    game.apply(st, 0, A.TILE + CULTURE)
    assert seat.held == {card: CULTURE} and seat.tiles == [2, 2, 1, 2]
    expected = [b + d for b, d in zip(before, game.bonus_of[card], strict=True)]
    expected[CULTURE] += 2
    assert seat.tracks == expected
    assert game.check_invariants(st) == []
    remove(game, st, 0, card)
    assert seat.held == {} and seat.tiles == [2, 2, 2, 2]  # the tile comes back
    assert seat.tracks == before
    assert game.check_invariants(st) == []


def test_PE3_single_tile_colour_is_placed_automatically():
    game, st = blank(epoch=2)
    card = find_card(game, pe="PE3")
    seat = st.seats[0]
    for s, t in enumerate((INCOME, INCOME, MILITARY, MILITARY)):
        give_statue(game, st, 0, s, t, face_down=True)
    seat.silver = [FOOD, FOOD]
    seat.tiles[FOOD] = 0  # only culture tiles left
    before = seat.tracks[CULTURE]
    buy(game, st, 0, card)
    assert halted(st) and seat.held == {card: CULTURE} and seat.tiles == [0, 0, 1, 0]
    assert game.check_invariants(st) == []
    assert seat.tracks[CULTURE] == before + game.bonus_of[card][CULTURE] + 2


def test_PE3_without_unused_tile_does_nothing():
    game, st = blank(epoch=2)
    card = find_card(game, pe="PE3")
    seat = st.seats[0]
    seat.tiles = [0, 0, 0, 0]
    before = list(seat.tracks)
    buy(game, st, 0, card)
    assert halted(st) and seat.held == {}
    assert seat.tracks == [b + d for b, d in zip(before, game.bonus_of[card], strict=True)]


# --- PE4 ----------------------------------------------------------------------------------------


def test_PE4_plus_2_per_face_up_statue_retroactive_later_and_lost_on_removal():
    game, st = blank(epoch=3)
    card = find_card(game, pe="PE4", star=False)
    seat = st.seats[0]
    give_statue(game, st, 0, 0, INCOME)
    give_statue(game, st, 0, 1, FOOD, face_down=True)
    before = list(seat.tracks)
    buy(game, st, 0, card)
    expected = [b + d for b, d in zip(before, game.bonus_of[card], strict=True)]
    expected[INCOME] += 2  # already created (A20)
    assert seat.tracks == expected  # face-down: no track
    assert game.check_invariants(st) == []
    set_tracks(game, seat, culture=99)
    put(st, 0, "statue", step="B4")
    military = seat.tracks[MILITARY]
    game.apply(st, 0, A.statue(2, MILITARY, False))
    assert seat.tracks[MILITARY] == military + game.slots[2].bonus + 2
    assert game.check_invariants(st) == []
    income, military = seat.tracks[INCOME], seat.tracks[MILITARY]
    remove(game, st, 0, card)
    assert seat.tracks[INCOME] == income - 2 - game.bonus_of[card][INCOME]
    assert seat.tracks[MILITARY] == military - 2 - game.bonus_of[card][MILITARY]
    assert game.check_invariants(st) == []


@pytest.mark.parametrize("reading,extra", [("ru", 2), ("hu", 0)])
def test_PE4_face_down_statues_under_both_readings_A3(reading, extra):
    game, st = blank(epoch=3, pe4_facedown=reading)
    seat = st.seats[0]
    give_statue(game, st, 0, 0, INCOME)
    give_statue(game, st, 0, 1, FOOD, face_down=True)
    give_statue(game, st, 0, 2, MILITARY, face_down=True)
    slots = game.slots
    base = slots[0].vp + slots[1].vp + slots[2].vp + slots[1].bonus + slots[2].bonus
    assert game.score_seat(st, seat).breakdown["statues"] == base
    give(game, st, 0, find_card(game, pe="PE4", star=False))
    assert game.score_seat(st, seat).breakdown["statues"] == base + 2 * extra


# --- PE5 ----------------------------------------------------------------------------------------


def test_PE5_medal_prices_in_epochs_II_and_III_only():
    game, st = blank(epoch=3)
    seat = st.seats[0]
    table = game.data.medal_prices
    give(game, st, 0, find_card(game, pe="PE5"))
    assert isinstance(game.data.cards[seat.cards[0]].effect, MedalPrices)
    for epoch, prices in ((1, (table.silver[0], table.gold[0])), (2, (4, 6)), (3, (15, 22))):
        st.epoch = epoch
        assert game.medal_prices(st, seat) == prices
        assert game.medal_prices(st, st.seats[1]) == (table.silver[epoch - 1], table.gold[epoch - 1])


def test_PE5_buying_medals_at_the_card_prices():
    game, st = blank(epoch=2)
    seat = st.seats[0]
    give(game, st, 0, find_card(game, pe="PE5"))
    seat.coins = 10
    put(st, 0, "medals", step="B6")
    game.apply(st, 0, A.SILVER + INCOME)
    assert seat.coins == 6 and seat.silver == [INCOME]
    put(st, 0, "medals", step="B6")
    game.apply(st, 0, A.GOLD)
    assert seat.coins == 0 and seat.gold == 1


# --- PE6 ----------------------------------------------------------------------------------------


def _starving(game, st, n_cards, food, coins, pe="PE6"):
    cards = [find_card(game, pe=pe)] if pe else []
    cards += plain(game, st, n_cards - len(cards), color="red", food=0)
    give(game, st, 0, *cards)
    seat = st.seats[0]
    set_tracks(game, seat, food=food)
    for other in st.seats:
        other.coins = 0
    seat.coins = coins
    put(st, 0, "feed", step="B5", stop=False)
    return seat, cards


def test_PE6_at_most_six_payments_per_feeding_step():
    game, st = blank(epoch=3)
    seat, cards = _starving(game, st, 10, food=2, coins=100)
    for _ in range(6):
        assert A.FEED_PAY in game.legal(st, 0)
        game.apply(st, 0, A.FEED_PAY)
    assert seat.coins == 100 - 12 and len(seat.cards) == 10
    assert A.FEED_PAY not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.FEED_PAY, "R67")
    game.apply(st, 0, A.REMOVE + cards[1])
    game.apply(st, 0, A.REMOVE + cards[2])
    assert len(seat.cards) == 8 and seat.coins == 88
    assert not any(f.kind == "feed" for f in st.stack)  # fed: the step went on


def test_PE6_needs_two_coins():
    game, st = blank(epoch=3)
    _starving(game, st, 4, food=2, coins=1)
    assert A.FEED_PAY not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.FEED_PAY, "R67")


def test_PE6_not_offered_without_the_card():
    game, st = blank(epoch=3)
    _starving(game, st, 4, food=2, coins=50, pe=None)
    assert A.FEED_PAY not in game.legal(st, 0)


# --- PE7 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("food,coins", [(9, 9), (7, 3), (10, 12), (15, 12), (6, 0)])
def test_PE7_three_coins_per_surplus_point_at_most_12(food, coins):
    game, st = blank(epoch=3)
    card = find_card(game, pe="PE7")
    give(game, st, 0, card, *plain(game, st, 5, color="blue", food=0))  # 6 cards
    set_tracks(game, st.seats[0], food=food)
    set_tracks(game, st.seats[1], food=food)  # no PE7: nothing
    for seat in st.seats:
        seat.coins = 0
    events = run_step(game, st, "B5")
    assert [s.coins for s in st.seats] == [coins, 0]
    assert not st.stack and st.step == "B6"
    assert any(e["type"] == "food_surplus" for e in events) == bool(coins)


def test_PE7_two_copies_still_pay_at_most_12_per_step():
    """The cap is per Feeding step (PE7), so a second copy cannot lift it past 12."""
    game, st = blank(epoch=3)
    cards = find_cards(game, pe="PE7")
    assert len(cards) >= 2
    give(game, st, 0, *cards[:2], *plain(game, st, 4, color="blue", food=0))  # 6 cards
    set_tracks(game, st.seats[0], food=9)  # surplus 3
    st.seats[0].coins = 0
    run_step(game, st, "B5")
    assert st.seats[0].coins == 12  # 2 x 3 x 3 = 18, capped


# --- PE8 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("tracks,tax", [((2, 5, 3, 1), 4), ((2, 3, 3, 3), 6), ((2, 2, 2, 2), 0), ((12, 11, 30, 1), 2)])
def test_PE8_two_coins_per_track_above_income(tracks, tax):
    game, st = blank()
    give(game, st, 0, find_card(game, pe="PE8"))
    for seat in st.seats:
        set_tracks(game, seat, *tracks)
        seat.coins = 0
    run_step(game, st, "A3")
    assert [s.coins for s in st.seats] == [tracks[0] + tax, tracks[0]]


# --- PE9 ----------------------------------------------------------------------------------------


def test_PE9_four_coins_per_colony_plundered():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE9", star=False))
    seat = colony_step(game, st, military=40, coins=0)
    token = st.stacks[0][-1]
    game.apply(st, 0, A.COLONY + 0)
    game.apply(st, 0, A.PLUNDER)  # 4 coins: annex is open
    assert seat.coins == 4 + game.colonies[token].plunder


def test_PE9_coins_arrive_before_choosing_so_they_pay_the_annexation():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE9", star=False))
    seat = colony_step(game, st, military=40, coins=0)
    token = st.stacks[2][-1]
    game.apply(st, 0, A.COLONY + 2)
    assert game.legal(st, 0) == [A.PLUNDER, A.ANNEX]  # R51 with PE9
    game.apply(st, 0, A.ANNEX)
    assert seat.coins == 4 - game.colonies[token].annex_cost
    assert game.check_invariants(st) == []


def test_PE9_two_cards_stack():
    game, st = blank(epoch=2)
    give(game, st, 0, *find_cards(game, pe="PE9")[:2])
    seat = colony_step(game, st, military=40, coins=0)
    token = st.stacks[1][-1]
    game.apply(st, 0, A.COLONY + 1)
    game.apply(st, 0, A.PLUNDER)
    assert seat.coins == 8 + game.colonies[token].plunder


# --- PE10 ---------------------------------------------------------------------------------------


def test_PE10_colony_requirements_4_lower():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE10", star=False))
    v = game.requirements.index(9)
    seat = colony_step(game, st, military=5, coins=0)
    assert v in legal_colonies(game, st) and v + 1 not in legal_colonies(game, st)
    set_tracks(game, seat, military=4)
    st.edited()
    assert v not in legal_colonies(game, st)
    set_tracks(game, seat, military=5)
    game.apply(st.edited(), 0, A.COLONY + v)
    assert len(seat.colonies) == 1 and seat.bought_points == 0


def test_PE10_statue_requirements_4_lower():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE10", star=False))
    seat = st.seats[0]
    s = 1
    set_tracks(game, seat, culture=game.slots[s].requirement - 4)
    seat.coins = 0
    put(st, 0, "statue", step="B4")
    assert A.statue(s, INCOME, False) in game.legal(st, 0)
    set_tracks(game, seat, culture=game.slots[s].requirement - 5)
    st.edited()
    assert A.statue(s, INCOME, False) not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.statue(s, INCOME, False), "R56")


# --- PE11 / PE12 --------------------------------------------------------------------------------


def _colours(game, st, per_colour, skip=()):
    for color in ("blue", "yellow", "green", "red", "purple"):
        if color not in skip:
            give(game, st, 0, *plain(game, st, per_colour, color=color))


@pytest.mark.parametrize("gold", [0, 1])
def test_PE11_four_VP_per_set_in_the_gold_row(gold):
    game, st = blank(epoch=3)
    seat = st.seats[0]
    give(game, st, 0, find_card(game, pe="PE11", star=False))  # a purple card itself
    _colours(game, st, 2, skip=("purple",))
    give(game, st, 0, *plain(game, st, 1, color="purple"))
    seat.gold = gold
    assert game.score_seat(st, seat).breakdown["gold"] == 4 * 2 + 7 * gold * 2


@pytest.mark.parametrize("option,pe11", [("both", 4), ("gold_only", 0)])
def test_PE11_PE12_joker_in_sets_under_joker_sets_option_A20(option, pe11):
    game, st = blank(epoch=3, joker_sets=option)
    seat = st.seats[0]
    give(game, st, 0, find_card(game, pe="PE11", star=False), find_card(game, pe="PE12"))
    _colours(game, st, 1, skip=("red", "purple"))  # red missing
    assert game.score_seat(st, seat).breakdown["gold"] == pe11
    seat.gold = 1
    assert game.score_seat(st, seat).breakdown["gold"] == 7 + pe11  # gold: joker always


def test_PE12_joker_completes_one_set_and_is_not_a_purple_card():
    game, st = blank(epoch=3)
    seat = st.seats[0]
    seat.gold = 1
    _colours(game, st, 1, skip=("purple",))
    assert game.score_seat(st, seat).breakdown["gold"] == 0
    give(game, st, 0, find_card(game, pe="PE12"))
    assert game.score_seat(st, seat).breakdown["gold"] == 7
    give(game, st, 0, *plain(game, st, 1, color="purple"))  # 1 purple + joker: 1 set
    _colours(game, st, 1, skip=("blue", "purple"))  # blue short for set 2
    assert game.score_seat(st, seat).breakdown["gold"] == 7


def test_PE12_complete_sets_with_two_jokers():
    assert complete_sets([1, 1, 1, 1, 0], 0) == 0
    assert complete_sets([1, 1, 1, 1, 0], 1) == 1
    assert complete_sets([1, 1, 1, 1, 0], 2) == 1  # one joker per set
    assert complete_sets([2, 2, 2, 1, 1], 2) == 2
    assert complete_sets([3, 3, 3, 3, 0], 2) == 2
    assert complete_sets([2, 2, 2, 0, 0], 2) == 0  # never two in one set
    assert complete_sets([2, 2, 2, 2, 2], 2) == 2
    assert complete_sets([3, 3, 3, 2, 1], 2) == 2
    assert complete_sets([4, 4, 4, 3, 3], 2) == 4


# --- PE13 ---------------------------------------------------------------------------------------


def test_PE13_two_colonies_per_step_still_one_per_value():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE13", star=False))
    seat = colony_step(game, st, military=40, coins=0, stop=False)
    game.apply(st, 0, A.COLONY + 3)
    if st.stack[-1].kind == "colony_mode":
        game.apply(st, 0, A.PLUNDER)
    frame = st.stack[-1]
    assert (frame.kind, frame.seats) == ("colony", [0])  # asked again
    assert 3 not in legal_colonies(game, st)  # R53 still holds
    game.apply(st, 0, A.COLONY + 1)
    if st.stack[-1].kind == "colony_mode":
        game.apply(st, 0, A.PLUNDER)
    assert len(seat.colonies) == 2
    assert not (st.step == "B3" and st.stack[-1].seats == [0])  # not asked a third time
    put(st, 0, "colony", step="B3")
    seat.took = 2
    assert game.legal(st, 0) == [A.PASS]
    assert_illegal(game, st, 0, A.COLONY + 0, "R46")  # no third


def test_PE13_two_statues_per_step():
    game, st = blank(epoch=2)
    give(game, st, 0, find_card(game, pe="PE13", star=False))
    seat = st.seats[0]
    set_tracks(game, seat, culture=99)
    put(st, 0, "statue", step="B4", stop=False)
    game.apply(st, 0, A.statue(0, INCOME, True))
    assert st.stack[-1].kind == "statue" and st.stack[-1].seats == [0]
    assert A.statue(0, FOOD, True) not in game.legal(st, 0)  # slot used
    game.apply(st, 0, A.statue(2, FOOD, True))
    assert [c >= 0 for c in seat.statues] == [True, False, True, False]
    assert not (st.step == "B4" and st.stack[-1].seats == [0])  # not asked a third time
    put(st, 0, "statue", step="B4")
    seat.took = 2
    assert game.legal(st, 0) == [A.PASS]
    assert_illegal(game, st, 0, A.statue(1, FOOD, True), "R54")


# --- PE14 ---------------------------------------------------------------------------------------


def test_PE14_one_silver_medal_scores_full_value():
    game, st = blank(epoch=3)
    seat = st.seats[0]
    seat.silver = [MILITARY, INCOME]
    seat.tiles[MILITARY] -= 1
    seat.tiles[INCOME] -= 1
    set_tracks(game, seat, military=27, income=18)
    assert game.score_seat(st, seat).breakdown["silver"] == 14 + 9
    give(game, st, 0, find_card(game, pe="PE14"))
    set_tracks(game, seat, military=27, income=18)
    assert game.score_seat(st, seat).breakdown["silver"] == 27 + 9  # the best one in full
    seat.silver = []
    assert game.score_seat(st, seat).breakdown["silver"] == 0


# --- PE15 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("color", ["green", "blue", "yellow", "red"])
def test_PE15_colour_patron(color):
    game, st = blank(epoch=3)
    seat = st.seats[0]
    track = COLOR_TRACK[color]
    patron = [k for k in find_cards(game, pe="PE15") if game.data.cards[k].effect.color == color]
    assert len(patron) == 1
    patron = patron[0]
    owned = plain(game, st, 2, color=color)
    give(game, st, 0, *owned)
    later = plain(game, st, color=color)[0]
    value = seat.tracks[track]
    buy(game, st, 0, patron)
    value += 2 + game.bonus_of[patron][track]  # 2 owned: +2 at once
    assert seat.tracks[track] == value
    buy(game, st, 0, later)
    value += 1 + game.bonus_of[later][track]  # each further card +1
    assert seat.tracks[track] == value
    assert game.check_invariants(st) == []
    remove(game, st, 0, owned[0])
    value -= 1 + game.bonus_of[owned[0]][track]  # each removed card -1
    assert seat.tracks[track] == value
    remove(game, st, 0, patron)
    value -= 2 + game.bonus_of[patron][track]  # patron gone: all lost
    assert seat.tracks[track] == value
    assert game.check_invariants(st) == []
    last = plain(game, st, color=color)[0]
    buy(game, st, 0, last)
    assert seat.tracks[track] == value + game.bonus_of[last][track]  # no patron any more
