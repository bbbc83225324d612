"""Hadara rule tests, one or more per numbered rule of shared/rules/hadara.md (R1-R98).

Numbers the built-in data only guesses (card costs, colony values ...) are read from the data or
fixed by the test itself (``variant``), so these tests check the rules, not the stand-in data.
"""

from __future__ import annotations

import copy
import json
import math
import random

import pytest

from epochal.games.hadara import actions as A
from epochal.games.hadara import steps
from epochal.games.hadara.decisions import copy_of, feed_all_cards
from tests.games.hadara.scenario import (
    CULTURE,
    FOOD,
    INCOME,
    MILITARY,
    assert_illegal,
    blank,
    colony_of,
    find_card,
    find_cards,
    fresh,
    give,
    give_colony,
    give_statue,
    halted,
    initiative,
    pile_of,
    put,
    run_step,
    set_tracks,
    start_side,
    to_pile,
    top_colony,
    variant,
)

PLAYERS = [2, 3, 4, 5]


def play_random(game, st, rng, stop=lambda st: False) -> list[dict]:
    """Random legal actions until ``stop(st)`` or the end; all events, tagged with the epoch."""
    events = []
    while not st.over and not stop(st):
        seat = rng.choice(game.actors(st))
        epoch = st.epoch
        for ev in game.apply(st, seat, rng.choice(game.legal(st, seat))):
            if ev["type"] == "epoch":
                epoch = ev["epoch"]
            events.append({**ev, "_epoch": epoch})
    return events


def plain(game, n=1, **query):
    """``n`` cards without an effect matching ``query`` (e.g. color, epoch, food=0)."""
    cards = find_cards(game, effect=False, **query)
    assert len(cards) >= n, query
    return cards[:n]


# --- 2.1 Setup: decks and colonies ------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_R14_each_epoch_I_deck_holds_2N_cards_of_its_colour(players):
    game, st = fresh(players, seed=players)
    assert (st.epoch, st.step) == (1, "A1")
    for pos, deck in enumerate(st.decks):
        assert len(deck) == 2 * players
        assert {game.color_of[k] for k in deck} == {game.board_color[pos]}
        assert {game.epoch_of[k] for k in deck} == {1}
    epoch_one = [k for k in range(game.n_cards) if game.epoch_of[k] == 1]
    assert sorted(st.box + sum(st.decks, [])) == sorted(epoch_one)  # the rest: box, unseen
    view = json.dumps(game.view(st, 0))
    assert not any(f'"{game.card_id[k]}"' in view for k in st.box + sum(st.decks, []))
    assert game.check_invariants(st) == []


@pytest.mark.parametrize("players", PLAYERS)
def test_R15_colonies_five_stacks_of_N_tokens_coin_side_up(players):
    game, st = fresh(players, seed=10 + players)
    assert len(st.stacks) == 5
    for v, stack in enumerate(st.stacks):
        assert len(stack) == players
        assert {game.colonies[t].requirement for t in stack} == {game.requirements[v]}
    assert len(st.colony_box) == 25 - 5 * players
    view = game.view(st, 0)
    assert [c["left"] for c in view["colonies"]] == [players] * 5
    assert "back" not in json.dumps(view["colonies"])  # no back is seen (R15.5)


def test_R15_colony_stacks_are_shuffled():
    tops = {tuple(fresh(2, seed)[1].stacks[1]) for seed in range(12)}
    assert len(tops) > 1


# --- 2.2 Player setup -------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_R20_R22_R23_start_cards_tiles_and_start_values(players):
    game, st = fresh(players, seed=20 + players)
    assert len({s.start for s in st.seats}) == players  # R20: one card each
    for i, seat in enumerate(st.seats):
        side = start_side(game, st, i)
        assert seat.side == "A"
        assert seat.tracks == list(side.tracks.as_tuple())  # R23.1
        assert seat.coins - side.coins in (0, 1)  # R23.3 (+R24 coin)
        assert seat.tiles == [2, 2, 2, 2]  # R22: 8 bonus tiles
        assert seat.gold == 0 and seat.silver == [] and seat.statues == [-1] * 4
        assert seat.cards == [] and seat.colonies == []
    assert game.check_invariants(st) == []


def test_R20_start_cards_are_dealt_at_random():
    deals = {tuple(s.start for s in fresh(3, seed)[1].seats) for seed in range(10)}
    assert len(deals) > 3


def _expected_first(players, order):
    if players == 2:
        return [order[0], order[1], order[0]], {order[1]}
    return order[:3], set(order[3:])


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", [1, 2])
def test_R24_R29_first_players_and_compensation_coin(players, seed):
    game, st = fresh(players, seed=seed)
    order = sorted(range(players), key=lambda i: initiative(game, st, i))
    first, paid = _expected_first(players, order)
    assert st.first == first
    for i, seat in enumerate(st.seats):
        assert seat.coins == start_side(game, st, i).coins + (1 if i in paid else 0)
    if players == 3:
        assert paid == set()  # R24.4
    assert len(paid) == {2: 1, 3: 0, 4: 1, 5: 2}[players]
    assert st.stack[-1].kind == "wheel" and st.stack[-1].seats == [first[0]]  # R31


@pytest.mark.parametrize("players", PLAYERS)
def test_R28_R29_each_epoch_first_player_sets_wheel_and_starts_every_step(players):
    game, st = fresh(players, seed=30 + players, mode="basic")
    order = sorted(range(players), key=lambda i: initiative(game, st, i))
    first, _ = _expected_first(players, order)
    wheel_seats = []
    rng = random.Random(players)
    events = []
    while not st.over:
        if st.stack[-1].kind == "wheel":
            wheel_seats.append((st.epoch, st.stack[-1].seats[0]))
        events += play_random(game, st, rng, stop=lambda s, p=st.ply: s.ply > p)
    assert wheel_seats == [(1, first[0]), (2, first[1]), (3, first[2])]
    for epoch in (1, 2, 3):
        f = first[epoch - 1]
        clockwise = [(f + j) % players for j in range(players)]
        income = [e["seat"] for e in events if e["type"] == "income" and e["_epoch"] == epoch]
        assert income == clockwise * 2  # A3 and B2 (R28)


# --- 3.3 Phase A: the wheel and the drawing rounds -----------------------------------------------


def test_R31_first_player_chooses_one_of_five_wheel_orientations():
    game, st = fresh(5, seed=3)
    f = st.first[0]
    assert game.actors(st) == [f]
    assert game.legal(st, f) == list(range(A.WHEEL, A.WHEEL + 5))
    assignments = set()
    for w in range(5):
        trial = st.clone()
        game.apply(trial, f, A.WHEEL + w)
        decks = tuple(game.deck_at(trial, i) for i in range(5))
        assert sorted(decks) == [0, 1, 2, 3, 4]  # one crest per deck
        assignments.add(decks)
    assert len(assignments) == 5
    other = (f + 1) % 5
    assert_illegal(game, st, other, A.WHEEL, "turn order")


@pytest.mark.parametrize("players", PLAYERS)
def test_R33_R36_five_rounds_each_seat_a_different_deck_all_decks_emptied(players):
    game, st = fresh(players, seed=40 + players)
    rng = random.Random(players)
    game.apply(st, st.first[0], A.WHEEL + rng.randrange(5))
    assert st.step == "A2"
    visited = {i: [] for i in range(players)}
    for rnd in range(5):
        frame = st.stack[-1]
        assert (st.round, frame.kind) == (rnd, "draw")
        assert sorted(frame.seats) == list(range(players))  # simultaneous
        decks = [game.deck_at(st, i) for i in range(players)]
        assert len(set(decks)) == players  # R36: never the same deck
        hands = {i: list(st.seats[i].hand) for i in range(players)}
        for i in range(players):
            visited[i].append(decks[i])
            assert len(hands[i]) == 2
            assert {game.color_of[k] for k in hands[i]} == {game.board_color[decks[i]]}
        piles = [list(p) for p in st.piles]
        chosen = {}
        for i in range(players):
            chosen[i] = rng.choice(game.legal(st, i))
            game.apply(st, i, chosen[i])
        while st.stack and st.stack[-1].kind == "tile":  # a PE3 purchase
            s = st.stack[-1].seats[0]
            game.apply(st, s, game.legal(st, s)[0])
        for i in range(players):
            d, sell = divmod(chosen[i] - A.DRAW, 2)
            assert st.piles[decks[i]][len(piles[decks[i]]) :].count(hands[i][d]) == 1  # R33.2
            keep = hands[i][1 - d]
            assert keep in (st.seats[i].sold_secret if sell else st.seats[i].cards)  # R33.3
    assert all(deck == [] for deck in st.decks)  # R36
    assert [len(p) for p in st.piles] == [players] * 5  # N cards per pile
    for i, seat in enumerate(st.seats):
        assert sorted(visited[i]) == [0, 1, 2, 3, 4]  # every deck once
        assert len(seat.cards) + len(seat.sold_secret) == 5
    assert st.step != "A2"
    assert game.check_invariants(st) == []


def test_R34_one_discard_and_one_buy_or_sell_are_the_only_choices():
    game, st = fresh(2, seed=7)
    game.apply(st, st.first[0], A.WHEEL)
    seat = st.seats[0]
    seat.coins = 100
    assert game.legal(st, 0) == [A.draw(0, False), A.draw(0, True), A.draw(1, False), A.draw(1, True)]
    for bad in (A.PASS, A.TAKE, A.COLONY):
        assert_illegal(game, st, 0, bad, "R33")


# --- buying and selling ---------------------------------------------------------------------


def _buy_from_pile(game, st, i, card, coins=None):
    to_pile(game, st, card)
    if coins is not None:
        st.seats[i].coins = coins
    put(st, i, "take", step="B1")
    return game.apply(st, i, A.take(pile_of(game, card), False))


def test_R37_price_minus_one_per_owned_card_of_the_colour():
    g0 = fresh()[0]
    blue = plain(g0, 5, color="blue", epoch=1)
    red = plain(g0, 3, color="red", epoch=1)
    game = variant(cards={blue[4]: {"cost": 4}})
    _, st = blank(game=game)
    seat = st.seats[0]
    assert game.price(seat, blue[4]) == 4
    give(game, st, 0, *red)
    assert game.price(seat, blue[4]) == 4  # other colours: no discount
    give(game, st, 0, blue[0])
    assert game.price(seat, blue[4]) == 3
    give(game, st, 0, blue[1], blue[2])
    assert game.price(seat, blue[4]) == 1
    give(game, st, 0, blue[3])
    assert game.price(seat, blue[4]) == 0


def test_R37_price_never_below_zero_and_no_coins_from_the_bank():
    g0 = fresh()[0]
    blue = plain(g0, 4, color="blue", epoch=1)
    game = variant(cards={blue[3]: {"cost": 2}})
    _, st = blank(game=game)
    give(game, st, 0, *blue[:3])
    assert game.price(st.seats[0], blue[3]) == 0
    _buy_from_pile(game, st, 0, blue[3], coins=5)
    assert st.seats[0].coins == 5 and blue[3] in st.seats[0].cards
    assert game.check_invariants(st) == []


def test_R38_unaffordable_buy_in_phase_B_is_illegal_and_changes_nothing():
    game, st = blank()
    card = max(plain(game, 10, color="red", epoch=1), key=lambda k: game.cost_of[k])
    to_pile(game, st, card)
    put(st, 0, "take", step="B1")
    price = game.price(st.seats[0], card)
    assert price > 0
    st.seats[0].coins = price - 1
    p = pile_of(game, card)
    assert A.take(p, False) not in game.legal(st, 0)
    assert A.take(p, True) in game.legal(st, 0)  # must sell
    assert_illegal(game, st, 0, A.take(p, False), "R38")
    st.seats[0].coins = price  # exactly enough: legal
    st.edited()
    game.apply(st, 0, A.take(p, False))
    assert st.seats[0].coins == 0 and card in st.seats[0].cards


def test_R38_unaffordable_buy_in_phase_A_is_illegal_and_changes_nothing():
    game, st = fresh(2, seed=9)
    game.apply(st, st.first[0], A.WHEEL)
    seat = st.seats[1]
    keep = seat.hand[1]  # discard hand[0], keep [1]
    if game.price(seat, keep) == 0:
        seat.hand.reverse()
        keep = seat.hand[1]
    seat.coins = game.price(seat, keep) - 1
    assert A.draw(0, False) not in game.legal(st, 1)
    assert A.draw(0, True) in game.legal(st, 1)
    err = assert_illegal(game, st, 1, A.draw(0, False), "R38")
    assert "sell" in err.reason


def test_R39_R40_bought_card_joins_the_board_and_raises_tracks_at_once():
    game, st = blank()
    card = find_card(game, effect=False, color="green", epoch=1)
    before = list(st.seats[0].tracks)
    _buy_from_pile(game, st, 0, card, coins=20)
    seat = st.seats[0]
    assert seat.cards == [card]
    assert seat.tracks == [b + d for b, d in zip(before, game.bonus_of[card], strict=True)]
    assert seat.coins == 20 - game.cost_of[card]
    assert game.check_invariants(st) == []


@pytest.mark.parametrize("epoch,coins", [(1, 2), (2, 3), (3, 4)])
def test_R43_selling_pays_2_3_4_by_epoch_and_the_card_leaves_play(epoch, coins):
    game, st = blank(epoch=3)
    card = find_card(game, effect=False, color="yellow", epoch=epoch)
    to_pile(game, st, card)
    st.seats[0].coins = 0
    put(st, 0, "take", step="B1")
    game.apply(st, 0, A.take(pile_of(game, card), True))
    assert st.seats[0].coins == coins
    assert card in st.out and card not in st.seats[0].cards  # face-down, out of play
    assert st.seats[0].tracks == game.formula_tracks(st.seats[0])
    assert game.check_invariants(st) == []


# --- income -----------------------------------------------------------------------------------


def test_R45_income_pays_the_income_track_and_the_marker_stays():
    game, st = blank(3, step="A3")
    for i, value in enumerate((0, 4, 12)):
        set_tracks(game, st.seats[i], income=value)
        st.seats[i].coins = 1
    events = run_step(game, st, "A3")
    assert [s.coins for s in st.seats] == [1, 5, 13]
    assert [s.tracks[INCOME] for s in st.seats] == [0, 4, 12]
    f = st.first[0]
    assert [e["seat"] for e in events if e["type"] == "income"] == [(f + j) % 3 for j in range(3)]
    assert st.step == "A4"


# --- colonies ---------------------------------------------------------------------------------


def _colony_turn(game, st, i=0, military=None, coins=None, step="B3"):
    seat = st.seats[i]
    if military is not None:
        set_tracks(game, seat, military=military)
    if coins is not None:
        seat.coins = coins
    put(st, i, "colony", step=step)
    return seat


def test_R46a_colony_needs_military_at_least_the_requirement():
    game, st = blank()
    v = 1
    req = game.requirements[v]
    _colony_turn(game, st, military=req - 1, coins=0)
    assert A.COLONY + v not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.COLONY + v, "R46")
    set_tracks(game, st.seats[0], military=req)  # equal is enough
    st.edited()
    assert A.COLONY + v in game.legal(st, 0)
    assert A.COLONY + v + 1 not in game.legal(st, 0)


def test_R46_colony_step_is_optional_and_any_stack_order():
    game, st = blank()
    _colony_turn(game, st, military=40, coins=0)
    legal = game.legal(st, 0)
    assert A.PASS in legal
    assert [a for a in legal if A.COLONY <= a < A.PLUNDER] == [A.COLONY + v for v in range(5)]
    before = st.seats[0].coins
    game.apply(st, 0, A.PASS)
    assert st.seats[0].colonies == [] and st.seats[0].coins == before


def test_R46c_second_colony_in_one_step_is_illegal_and_changes_nothing():
    game, st = blank()
    seat = _colony_turn(game, st, military=40, coins=50)
    top = st.stacks[0][-1]
    game.apply(st, 0, A.COLONY + 0)
    assert seat.colonies == [top] and seat.took == 1
    put(st, 0, "colony")  # asked again, same step
    assert game.legal(st, 0) == [A.PASS]
    err = assert_illegal(game, st, 0, A.COLONY + 2, "R46")
    assert "one colony per" in err.reason


def test_R53_only_one_colony_of_each_requirement_value():
    game, st = blank()
    seat = _colony_turn(game, st, military=40, coins=0)
    give_colony(game, st, 0, st.stacks[1][-1])
    assert A.COLONY + 1 not in game.legal(st, 0)
    assert A.COLONY + 0 in game.legal(st, 0)
    assert_illegal(game, st, 0, A.COLONY + 1, "R53")
    assert len(seat.colonies) == 1


def test_R47_R49_plunder_takes_the_top_token_and_its_coins():
    game, st = blank()
    seat = _colony_turn(game, st, military=9, coins=0)
    token = st.stacks[0][-1]
    col = game.colonies[token]
    game.apply(st, 0, A.COLONY + 0)
    if not halted(st):  # plunder or annex?
        game.apply(st, 0, A.PLUNDER)
    assert seat.colonies == [token] and seat.annexed == [False]
    assert seat.coins == col.plunder
    assert seat.tracks[MILITARY] == 9  # R48: not spent
    assert game.score_seat(st, seat).breakdown["colonies"] == col.front_vp
    assert game.check_invariants(st) == []


def test_R49_R52_annex_pays_flips_and_gains_the_back():
    game, st = blank()
    seat = _colony_turn(game, st, military=9, coins=10)
    token = st.stacks[0][-1]
    col = game.colonies[token]
    before = list(seat.tracks)
    game.apply(st, 0, A.COLONY + 0)
    assert game.legal(st, 0) == [A.PLUNDER, A.ANNEX]
    game.apply(st, 0, A.ANNEX)
    assert seat.annexed == [True]
    assert seat.coins == 10 - col.annex_cost
    assert seat.tracks == [b + d for b, d in zip(before, col.back_bonus.as_tuple(), strict=True)]
    assert game.score_seat(st, seat).breakdown["colonies"] == col.back_vp >= col.front_vp
    assert "back" in json.dumps(game.view(st, 1)["seats"][0]["colonies"])
    assert game.check_invariants(st) == []


def test_R51_annex_needs_coins_otherwise_plunder():
    game, st = blank()
    token = max(colony_of(game, game.requirements[0]), key=lambda t: game.colonies[t].annex_cost)
    col = game.colonies[token]
    assert col.annex_cost > 0
    seat = st.seats[0]
    seat.coins = col.annex_cost - 1
    give_colony(game, st, 0, token)  # just taken:
    put(st, 0, "colony_mode", step="B3")  # plunder or annex?
    assert game.legal(st, 0) == [A.PLUNDER]
    err = assert_illegal(game, st, 0, A.ANNEX, "R51")
    assert "plunder" in err.reason
    # through the colony step the only answer, plunder, is given automatically
    _, st2 = blank()
    v = top_colony(game, st2, token)
    seat2 = _colony_turn(game, st2, military=9, coins=col.annex_cost - 1)
    game.apply(st2, 0, A.COLONY + v)
    assert halted(st2) and seat2.colonies == [token] and seat2.annexed == [False]
    assert seat2.coins == col.annex_cost - 1 + col.plunder


def test_R48_R60_R71_colony_and_statue_kept_when_tracks_drop_in_feeding():
    game, st = blank()
    red = find_card(game, effect=False, color="red", epoch=1, food=0, culture=0)
    blue = find_card(game, effect=False, color="blue", epoch=1, food=0, military=0)
    seat = st.seats[0]
    give(game, st, 0, red, blue)
    req, slot_req = game.requirements[1], game.slots[0].requirement
    set_tracks(game, seat, military=req, culture=slot_req, food=0)
    give_colony(game, st, 0, st.stacks[1][-1])
    give_statue(game, st, 0, 0, FOOD, face_down=True)
    score = game.score_seat(st, seat).breakdown
    put(st, 0, "feed", step="B5")
    game.apply(st, 0, A.REMOVE + red)
    put(st, 0, "feed", step="B5")
    game.apply(st, 0, A.REMOVE + blue)
    assert seat.tracks[MILITARY] < req and seat.tracks[CULTURE] < slot_req
    assert len(seat.colonies) == 1 and seat.statues[0] >= 0
    after = game.score_seat(st, seat).breakdown
    assert after["colonies"] == score["colonies"] and after["statues"] == score["statues"]
    assert game.check_invariants(st) == []


# --- statues ----------------------------------------------------------------------------------


def _statue_turn(game, st, i=0, culture=None, step="B4"):
    seat = st.seats[i]
    if culture is not None:
        set_tracks(game, seat, culture=culture)
    put(st, i, "statue", step=step)
    return seat


def test_R56_statue_needs_culture_at_least_the_slot_requirement():
    game, st = blank()
    s = 1
    req = game.slots[s].requirement
    _statue_turn(game, st, culture=req - 1)
    assert A.statue(s, INCOME, False) not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.statue(s, INCOME, False), "R56")
    set_tracks(game, st.seats[0], culture=req)
    st.edited()
    assert A.statue(s, INCOME, False) in game.legal(st, 0)
    assert A.PASS in game.legal(st, 0)  # R54: MAY


def test_R57_face_up_tile_raises_its_track_by_X_and_uses_the_tile():
    game, st = blank()
    s = 0
    seat = _statue_turn(game, st, culture=40)
    before = list(seat.tracks)
    game.apply(st, 0, A.statue(s, FOOD, False))
    assert seat.statues[s] == FOOD * 2
    assert seat.tiles == [2, 2, 2, 1]
    expected = list(before)
    expected[FOOD] += game.slots[s].bonus
    assert seat.tracks == expected
    assert seat.tracks[CULTURE] == 40  # R60: not spent
    assert game.score_seat(st, seat).breakdown["statues"] == game.slots[s].vp
    assert game.check_invariants(st) == []


def test_R57_face_down_tile_scores_X_and_moves_nothing():
    game, st = blank()
    s = 2
    seat = _statue_turn(game, st, culture=40)
    before = list(seat.tracks)
    game.apply(st, 0, A.statue(s, MILITARY, True))
    assert seat.tracks == before
    assert seat.tiles == [2, 1, 2, 2]  # that colour's tile is used
    slot = game.slots[s]
    assert game.score_seat(st, seat).breakdown["statues"] == slot.vp + slot.bonus


def test_R56_each_slot_once_and_R62_tile_of_that_colour_needed():
    game, st = blank()
    seat = st.seats[0]
    give_statue(game, st, 0, 0, INCOME)
    _statue_turn(game, st, culture=40)
    assert not any(A.statue(0, t, fd) in game.legal(st, 0) for t in range(4) for fd in (0, 1))
    assert_illegal(game, st, 0, A.statue(0, CULTURE, False), "R56")
    seat.tiles[MILITARY] = 0
    seat.silver = [MILITARY, MILITARY]
    st.edited()
    assert A.statue(1, MILITARY, False) not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.statue(1, MILITARY, True), "R62")
    assert game.check_invariants(st) == []


def test_R54_one_statue_per_step():
    game, st = blank()
    seat = _statue_turn(game, st, culture=40)
    game.apply(st, 0, A.statue(3, CULTURE, False))
    put(st, 0, "statue")
    assert seat.took == 1 and game.legal(st, 0) == [A.PASS]
    assert_illegal(game, st, 0, A.statue(0, INCOME, False), "R54")


def test_R54_fifth_statue_is_impossible_and_changes_nothing():
    game, st = blank()
    seat = st.seats[0]
    for s, t in enumerate((INCOME, MILITARY, CULTURE, FOOD)):
        give_statue(game, st, 0, s, t, face_down=bool(s % 2))
    _statue_turn(game, st, culture=99)
    assert game.legal(st, 0) == [A.PASS]
    for action in (A.statue(0, INCOME, False), A.statue(3, FOOD, True)):
        err = assert_illegal(game, st, 0, action, "R54")
        assert "four" in err.reason
    assert [c >= 0 for c in seat.statues] == [True] * 4


def test_R56_slots_may_be_filled_in_any_order():
    game, st = blank()
    seat = _statue_turn(game, st, culture=99)
    game.apply(st, 0, A.statue(3, INCOME, True))
    put(st, 0, "statue")
    seat.took = 0  # a later Statue step
    game.apply(st, 0, A.statue(0, INCOME, True))
    assert [c >= 0 for c in seat.statues] == [True, False, False, True]


# --- Phase B ----------------------------------------------------------------------------------


def test_R63_only_the_top_card_of_a_pile_and_R64_no_discarding():
    game, st = blank()
    a, b = plain(game, 2, color="green", epoch=1)
    to_pile(game, st, a, b)
    p = pile_of(game, a)
    st.seats[0].coins = 50
    put(st, 0, "take", step="B1")
    legal = game.legal(st, 0)
    assert legal == [A.take(p, False), A.take(p, True)]  # buy or sell, nothing else
    assert_illegal(game, st, 0, A.PASS, "R63")
    assert_illegal(game, st, 0, A.take((p + 1) % 5, True), "R63")  # an empty pile
    game.apply(st, 0, A.take(p, False))
    assert st.seats[0].cards == [b] and st.piles[p] == [a]


@pytest.mark.parametrize("players", [2, 5])
def test_R63_R65_every_seat_takes_five_cards_per_epoch_in_turn_order(players):
    game, st = fresh(players, seed=60 + players)
    rng = random.Random(players)
    events = play_random(game, st, rng)
    for epoch in (1, 2, 3):
        takes = [e["seat"] for e in events if e["type"] == "took" and e["_epoch"] == epoch]
        f = st.first[epoch - 1]
        assert takes == [(f + j) % players for j in range(5 * players)]


# --- feeding ----------------------------------------------------------------------------------


def _hungry(game, st, cards, food, i=0):
    give(game, st, i, *cards)
    set_tracks(game, st.seats[i], food=food)
    for seat in st.seats:
        seat.coins = 0
    put(st, i, "feed", step="B5", stop=False)
    return st.seats[i]


def test_R67_remove_cards_of_your_choice_until_cards_equal_food():
    game, st = blank()
    cards = plain(game, 5, color="red", epoch=1, food=0)
    seat = _hungry(game, st, cards, food=3)
    # no pass, no payment; the whole removal in one answer as well (two cards to go)
    assert game.legal(st, 0) == [*sorted(A.REMOVE + k for k in cards), game.feed_all]
    game.apply(st, 0, A.REMOVE + cards[4])
    assert st.stack[-1].kind == "feed" and st.stack[-1].seats == [0]  # still hungry
    game.apply(st, 0, A.REMOVE + cards[0])
    assert seat.cards == cards[1:4] and len(seat.cards) == seat.tracks[FOOD] == 3
    assert not any(f.kind == "feed" for f in st.stack)
    assert st.out == [cards[4], cards[0]]  # R68: out of play
    assert seat.coins == 0  # no coins for them
    assert game.check_invariants(st) == []


def test_R67_fed_when_food_at_least_cards_purple_counts_start_card_does_not():
    game, st = blank()
    purple = find_card(game, color="purple", epoch=1, effect=False)
    red = plain(game, 1, color="red", epoch=1, food=0)
    give(game, st, 0, purple, *red)
    set_tracks(game, st.seats[0], food=2)
    events = run_step(game, st, "B5")
    assert not st.stack and len(st.seats[0].cards) == 2
    assert {e["seat"] for e in events if e["type"] == "fed"} == {0, 1}
    set_tracks(game, st.seats[0], food=1)  # purple counts: 2 > 1
    run_step(game, st, "B5")
    assert st.stack[-1].kind == "feed" and st.stack[-1].seats == [0]


def test_R67_feed_all_removes_the_cards_worth_least_in_one_answer():
    game, st = blank()
    cards = plain(game, 5, color="red", epoch=1, food=0)
    seat = _hungry(game, st, cards, food=2)
    chosen = feed_all_cards(game, seat)
    assert len(chosen) == 3 and set(chosen) <= set(cards)
    vp = sorted(game.vp_of[k] for k in cards)
    assert sorted(game.vp_of[k] for k in chosen) == vp[:3]  # the fewest points go
    events = game.apply(st, 0, game.feed_all)
    assert [e["card"] for e in events if e["type"] == "removed"] == [game.card_id[k] for k in chosen]
    assert sorted(seat.cards) == sorted(set(cards) - set(chosen)) and len(seat.cards) == seat.tracks[FOOD]
    assert not any(f.kind == "feed" for f in st.stack)
    assert game.check_invariants(st) == []


def test_R67_feed_all_tries_removals_on_a_full_and_separate_copy_of_the_seat():
    """The feed-all answer weighs each removal on a copy of the seat (``copy_of``): equal to a
    deep copy, field for field, and sharing nothing with the seat, over the seats of random
    games at every step."""
    game, rng = fresh(3)[0], random.Random(7)
    for seed in range(3):
        st = game.new(3, seed)
        while not st.over:
            for seat in st.seats:
                twin = copy_of(seat)
                assert twin == copy.deepcopy(seat)
                twin.cards.append(-1)
                twin.tracks.append(99)
                twin.held[-1] = 0
                assert -1 not in seat.cards and -1 not in seat.held and len(seat.tracks) == len(twin.tracks) - 1
            actor = game.actors(st)[0]
            game.apply(st, actor, rng.choice(game.legal(st, actor)))


def test_R67_feed_all_keeps_food_cards_last_and_is_offered_only_for_two_or_more():
    game, st = blank()
    food_card = find_card(game, effect=False, color="green", epoch=1, food=1, income=0, military=0, culture=0)
    others = plain(game, 3, color="red", epoch=1, food=0)
    seat = _hungry(game, st, [food_card, *others], food=2)
    chosen = feed_all_cards(game, seat)
    assert food_card not in chosen and len(chosen) == 2  # R69: removing food makes it worse
    game.apply(st, 0, A.REMOVE + chosen[0])
    assert game.hunger(seat) == 1 and game.feed_all not in game.legal(st, 0)  # one card: its own button
    assert_illegal(game, st, 0, game.feed_all, "R67")


def test_R69_removing_a_food_card_lowers_food_and_more_must_go():
    game, st = blank()
    food_card = find_card(game, effect=False, color="green", epoch=1, food=1, income=0, military=0, culture=0)
    others = plain(game, 3, color="red", epoch=1, food=0)
    seat = _hungry(game, st, [food_card, *others], food=3)
    game.apply(st, 0, A.REMOVE + food_card)
    assert seat.tracks[FOOD] == 2 and len(seat.cards) == 3
    assert st.stack[-1].kind == "feed" and st.stack[-1].seats == [0]  # new, lower FOOD counts
    game.apply(st, 0, A.REMOVE + others[0])
    assert len(seat.cards) == seat.tracks[FOOD] == 2
    assert game.check_invariants(st) == []


def test_R69_removal_lowers_every_track_by_the_card_bonus():
    game, st = blank()
    card = max(plain(game, 10, color="red", epoch=1), key=lambda k: sum(game.bonus_of[k]))
    give(game, st, 0, card)
    seat = st.seats[0]
    set_tracks(game, seat, food=0)
    put(st, 0, "feed", step="B5")
    before = list(seat.tracks)
    game.apply(st, 0, A.REMOVE + card)
    assert seat.cards == []
    assert seat.tracks == [b - d for b, d in zip(before, game.bonus_of[card], strict=True)]


# --- medals -----------------------------------------------------------------------------------


def test_R72_R73_R74_buy_any_number_of_medals_up_to_two_each():
    game, st = blank()
    seat = st.seats[0]
    st.seats[1].coins = 0
    seat.coins = 200
    put(st, 0, "medals", step="B6", stop=False)
    silver, gold = game.medal_prices(st, seat)
    assert silver == game.data.medal_prices.silver[0]  # R76: also in epoch I
    game.apply(st, 0, A.SILVER + MILITARY)
    game.apply(st, 0, A.GOLD)
    game.apply(st, 0, A.SILVER + MILITARY)  # A18: same track twice
    assert seat.silver == [MILITARY, MILITARY] and seat.tiles[MILITARY] == 0
    assert A.SILVER + INCOME not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.SILVER + INCOME, "R72")
    game.apply(st, 0, A.GOLD)
    assert seat.gold == 2 and seat.coins == 200 - 2 * silver - 2 * gold
    # nothing left to buy: the step ends by itself and epoch II begins (R77)
    assert st.epoch == 2 and st.step == "A1" and st.stack[-1].kind == "wheel"
    assert game.check_invariants(st) == []
    put(st, 0, "medals", step="B6")
    assert game.legal(st, 0) == [A.PASS]
    assert_illegal(game, st, 0, A.GOLD, "R72")


def test_R73_silver_needs_an_unused_tile_and_R72_coins():
    game, st = blank()
    seat = st.seats[0]
    silver, gold = game.medal_prices(st, seat)
    seat.coins = silver
    give_statue(game, st, 0, 0, CULTURE, face_down=True)
    give_statue(game, st, 0, 1, CULTURE, face_down=True)
    put(st, 0, "medals", step="B6")
    assert A.SILVER + CULTURE not in game.legal(st, 0)
    assert_illegal(game, st, 0, A.SILVER + CULTURE, "R73")
    seat.coins = min(silver, gold) - 1
    st.edited()
    assert game.legal(st, 0) == [A.PASS]
    assert_illegal(game, st, 0, A.SILVER + INCOME, "R72")


@pytest.mark.parametrize("value,vp", [(27, 14), (18, 9), (0, 0), (1, 1), (10, 5)])
def test_R87_silver_scores_half_its_track_rounded_up(value, vp):
    game, st = blank()
    seat = st.seats[0]
    seat.silver = [MILITARY]
    seat.tiles[MILITARY] -= 1
    set_tracks(game, seat, military=value)
    assert game.score_seat(st, seat).breakdown["silver"] == vp


def test_R87_each_silver_medal_separately():
    game, st = blank()
    seat = st.seats[0]
    seat.silver = [MILITARY, INCOME]
    seat.tiles[MILITARY] -= 1
    seat.tiles[INCOME] -= 1
    set_tracks(game, seat, military=27, income=3)
    assert game.score_seat(st, seat).breakdown["silver"] == 14 + 2


@pytest.mark.parametrize("gold,per_colour,vp", [(0, 3, 0), (1, 3, 21), (2, 3, 42), (2, 0, 0), (1, 1, 7)])
def test_R88_gold_medal_7_per_complete_set(gold, per_colour, vp):
    game, st = blank(epoch=3)
    for color in ("blue", "yellow", "green", "red", "purple"):
        give(game, st, 0, *plain(game, per_colour, color=color))
    give(game, st, 0, *plain(game, 2, color="red", exclude=st.seats[0].cards))  # extras
    st.seats[0].gold = gold
    assert game.score_seat(st, st.seats[0]).breakdown["gold"] == vp


# --- +10 tokens -----------------------------------------------------------------------------


def test_R79_tracks_above_10_are_plain_integers():
    game, st = blank(step="A3")
    seat = st.seats[0]
    set_tracks(game, seat, income=23, military=10)
    seat.coins = 0
    run_step(game, st, "A3")
    assert seat.coins == 23  # EX10-style income
    red = max(plain(game, 10, color="red", epoch=1), key=lambda k: game.bonus_of[k][MILITARY])
    gain = game.bonus_of[red][MILITARY]
    _buy_from_pile(game, st, 0, red, coins=20)
    assert seat.tracks[MILITARY] == 10 + gain > 10
    seat.silver = [MILITARY]
    seat.tiles[MILITARY] -= 1
    assert game.score_seat(st, seat).breakdown["silver"] == math.ceil((10 + gain) / 2)
    assert game.check_invariants(st) == []


# --- scoring ----------------------------------------------------------------------------------


def test_R96_all_six_score_rows():
    game, st = blank(epoch=3)
    seat = st.seats[0]
    sets = []
    for color in ("blue", "yellow", "green", "red", "purple"):
        sets += plain(game, 2, color=color)
    give(game, st, 0, *sets)
    plundered, annexed = st.stacks[0][-1], st.stacks[3][-1]
    give_colony(game, st, 0, plundered)
    give_colony(game, st, 0, annexed, annexed=True)
    give_statue(game, st, 0, 0, INCOME)
    give_statue(game, st, 0, 2, MILITARY, face_down=True)
    seat.silver = [FOOD]
    seat.tiles[FOOD] -= 1
    seat.gold = 1
    seat.coins = 13
    set_tracks(game, seat, food=15)
    score = game.score_seat(st, seat)
    expected = {
        "colonies": game.colonies[plundered].front_vp + game.colonies[annexed].back_vp,
        "statues": game.slots[0].vp + game.slots[2].vp + game.slots[2].bonus,
        "silver": 8,
        "gold": 7 * 2,
        "cards": sum(game.vp_of[k] for k in sets),
        "coins": 2,
    }
    assert score.breakdown == expected
    assert list(score.breakdown) == ["colonies", "statues", "silver", "gold", "cards", "coins"]
    assert score.total == sum(expected.values())
    assert score.tiebreak == (3,)
    assert game.check_invariants(st) == []


def test_R96_sold_and_removed_cards_do_not_score():
    game = fresh()[0]
    card = find_card(game, effect=False, color="blue", epoch=1)
    game = variant(cards={card: {"vp": 5}})
    _, st = blank(game=game)
    give(game, st, 0, card)
    assert game.score_seat(st, st.seats[0]).breakdown["cards"] == 5
    st.seats[0].cards.remove(card)
    st.out.append(card)
    assert game.score_seat(st, st.seats[0]).breakdown["cards"] == 0


def _tie(tiebreak):
    """A7's example: A has 9 coins (1 VP, 4 left), B has 10 (2 VP, 0 left), equal totals."""
    game = fresh()[0]
    card = find_card(game, effect=False, color="blue", epoch=1)
    game = variant(cards={card: {"vp": 1}})
    _, st = blank(game=game, tiebreak=tiebreak)
    give(game, st, 0, card)
    st.seats[0].coins, st.seats[1].coins = 9, 10
    return game, st


def test_R98_tie_broken_by_coins_left_after_conversion_by_default():
    game, st = _tie("leftover")
    a, b = game.scores(st)
    assert a.total == b.total == 2
    assert (a.tiebreak, b.tiebreak) == ((4,), (0,))
    assert game.winners(st) == [0]


def test_R98_A7_tie_broken_by_total_coins_option():
    game, st = _tie("total")
    a, b = game.scores(st)
    assert a.total == b.total
    assert (a.tiebreak, b.tiebreak) == ((9,), (10,))
    assert game.winners(st) == [1]


@pytest.mark.parametrize("tiebreak", ["leftover", "total"])
def test_R98_still_tied_players_share_the_victory(tiebreak):
    game, st = blank(3, tiebreak=tiebreak)
    for seat in st.seats:
        seat.coins = 7
    st.seats[2].coins = 2
    assert game.winners(st) == [0, 1]


def test_R97_most_VP_wins_regardless_of_coins_left():
    game, st = _tie("leftover")
    st.seats[1].coins = 15  # 3 VP, 0 left
    assert game.winners(st) == [1]


# --- first game and advanced games -----------------------------------------------------------


def test_R93_basic_mode_side_A_for_all_and_no_star_cards_ever_dealt():
    game = fresh()[0]
    st = game.new(4, 77, {"mode": "basic"})
    assert st.stack[-1].kind == "wheel"  # no side decision
    assert [s.side for s in st.seats] == ["A"] * 4
    rng = random.Random(77)
    stars = {k for k in range(game.n_cards) if game.star_of[k]}
    assert stars
    dealt = set()
    while not st.over:
        if st.step == "A1":
            dealt |= set(sum(st.decks, []))
            assert not stars & set(sum(st.decks, []) + st.box)
        play_random(game, st, rng, stop=lambda s, e=st.epoch: s.epoch != e or s.over)
    assert len(dealt) == 3 * 5 * 8


def test_R94_R21_advanced_mode_sides_chosen_simultaneously_and_star_cards_used():
    game = fresh()[0]
    st = game.new(3, 5, {"mode": "advanced"})
    frame = st.stack[-1]
    assert frame.kind == "side" and sorted(frame.seats) == [0, 1, 2]
    assert all(game.legal(st, i) == [A.SIDE, A.SIDE + 1] for i in range(3))
    game.apply(st, 0, A.SIDE + 1)
    assert st.seats[0].side == "" and st.seats[0].base == []  # not applied yet
    assert "your_choice" not in game.view(st, 1)["decision"]
    game.apply(st, 1, A.SIDE)
    game.apply(st, 2, A.SIDE + 1)
    assert [s.side for s in st.seats] == ["B", "A", "B"]
    for i, seat in enumerate(st.seats):
        side = start_side(game, st, i)
        assert seat.tracks == list(side.tracks.as_tuple())
    assert st.step == "A1" and st.stack[-1].kind == "wheel"
    stars = {k for k in range(game.n_cards) if game.star_of[k] and game.epoch_of[k] == 1}
    assert stars <= set(st.box + sum(st.decks, []))  # shuffled in (R13)
    assert game.check_invariants(st) == []


def test_R30_EX23_each_later_epoch_deals_2N_per_colour_rest_unseen():
    game, st = blank(4, epoch=1, step="B6")
    for epoch in (2, 3):
        steps.start_epoch(game, st, [])
        assert st.epoch == epoch
        for pos, deck in enumerate(st.decks):
            assert len(deck) == 8
            assert {game.color_of[k] for k in deck} == {game.board_color[pos]}
            assert {game.epoch_of[k] for k in deck} == {epoch}
        assert game.check_invariants(st) == []
        st.box += sum(st.decks, [])
        st.decks = [[] for _ in st.decks]


def test_R76_no_medal_step_before_epoch_I():
    rich = {n: {"A": {"coins": 40}, "B": {"coins": 40}} for n in range(1, 6)}
    game = variant(starts=rich)
    st = game.new(2, 0, {"mode": "basic"})
    assert (st.epoch, st.step, st.stack[-1].kind) == (1, "A1", "wheel")
    assert all(seat.silver == [] and seat.gold == 0 for seat in st.seats)
