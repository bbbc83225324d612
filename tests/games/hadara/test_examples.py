"""Every worked example of shared/rules/hadara.md section 7 (EX1-EX27) as a scenario test.

Each test builds the example's situation and asserts the example's numbers. Items the examples
describe are taken from the data where the data cites the example (``source``: "hadara.md EXn",
exact or partial provenance); otherwise the test fixes the numbers it needs with ``variant``.
"""

from __future__ import annotations

import random

from epochal.games.hadara import actions as A
from epochal.games.hadara.rules import BOARD, CRESTS
from tests.games.hadara.scenario import (
    CULTURE,
    FOOD,
    INCOME,
    MILITARY,
    assert_illegal,
    blank,
    find_card,
    find_cards,
    fresh,
    give,
    give_colony,
    give_statue,
    halted,
    pile_of,
    put,
    run_step,
    set_tracks,
    slot_with,
    spare,
    to_pile,
    top_colony,
    variant,
)


def cites(item, ex: str) -> bool:
    return ex in item.source.replace(",", " ").replace("(", " ").split()


def card_citing(game, ex):
    found = [k for k, c in enumerate(game.data.cards) if cites(c, ex)]
    assert len(found) == 1, ex
    return found[0]


def colony_citing(game, ex):
    found = [t for t, c in enumerate(game.colonies) if cites(c, ex)]
    assert len(found) == 1, ex
    return found[0]


def plain(game, st, n=1, **query):
    return spare(game, st, n, effect=False, **query)


def test_EX1_four_players_eight_cards_in_each_deck():
    game, st = fresh(4, seed=1)
    assert [len(deck) for deck in st.decks] == [8] * 5
    assert [d["deck"] for d in game.view(st, 0)["board"]] == [8] * 5


def test_EX2_start_card_values():
    game, st = fresh(5, seed=2, mode="basic")  # all five cards dealt
    number = [c.number for c in game.data.start_cards if cites(c, "EX2")]
    assert number == [2]
    i = next(i for i, s in enumerate(st.seats) if game.data.start_cards[s.start].number == 2)
    seat = st.seats[i]
    assert seat.side == "A"
    assert seat.tracks == [2, 1, 3, 4]  # INCOME, MILITARY, CULTURE, FOOD
    assert game.view(st, i)["seats"][i]["initiative"] == 2
    assert seat.coins == 8 + (i not in st.first)  # 8 coins (+1 if never first, R24)


def test_EX3_first_player_sets_the_wheel_each_crest_at_one_deck():
    game, st = fresh(5, seed=3)
    f = st.first[0]
    assert game.actors(st) == [f] and len(game.legal(st, f)) == 5
    game.apply(st, f, A.WHEEL + 2)
    crest_decks = game.view(st, None)["crest_decks"]
    assert sorted(crest_decks) == sorted(CRESTS)
    assert sorted(crest_decks.values()) == sorted(BOARD)


def test_EX4_blue_card_cost_3_culture_2_food_1_worth_2_VP():
    game, st = blank()
    card = card_citing(game, "EX4")
    c = game.data.cards[card]
    assert (c.epoch, c.color, c.cost, c.vp, c.provenance) == (1, "blue", 3, 2, "exact")
    seat = st.seats[0]
    before = list(seat.tracks)
    to_pile(game, st, card)
    seat.coins = 3
    put(st, 0, "take", step="B1")
    game.apply(st, 0, A.take(pile_of(game, card), False))
    assert seat.coins == 0
    assert seat.tracks == [before[0], before[1], before[2] + 2, before[3] + 1]
    assert game.score_seat(st, seat).breakdown["cards"] == 2


def _monkey_at_red(seed=5):
    """Seat 0 (the monkey) draws from the red deck in the first round."""
    game, st = fresh(2, seed=seed)
    red = BOARD.index("red")
    top_two = st.decks[red][-2:]
    game.apply(st, st.first[0], A.WHEEL + red)  # orientation: 0 -> red
    return game, st, red, top_two


def test_EX5_monkey_draws_two_cards_from_the_red_deck():
    game, st, red, top_two = _monkey_at_red()
    assert CRESTS[0] == "monkey"
    assert game.view(st, 0)["crest_decks"]["monkey"] == "red"
    assert sorted(st.seats[0].hand) == sorted(top_two)
    assert {game.data.cards[k].color for k in st.seats[0].hand} == {"red"}
    assert len(st.decks[red]) == 2 * 2 - 2


def test_EX6_the_red_card_goes_on_the_red_discard_pile():
    game, st, red, _ = _monkey_at_red()
    discard = st.seats[0].hand[1]
    game.apply(st, 0, A.draw(1, False) if A.draw(1, False) in game.legal(st, 0) else A.draw(1, True))  # discard hand[1]
    game.apply(st, 1, A.draw(0, True))
    assert game.data.cards[discard].color == "red"
    assert st.piles[red] == [discard]
    assert game.view(st, 1)["board"][red]["top"] == game.card_id[discard]  # face up


def test_EX8_an_epoch_I_card_sells_for_2_coins_face_down():
    game, st, _, _ = _monkey_at_red()
    keep = st.seats[0].hand[1]
    coins = st.seats[0].coins
    game.apply(st, 0, A.draw(0, True))  # discard hand[0], sell
    game.apply(st, 1, A.draw(0, True))
    assert st.seats[0].coins == coins + 2
    assert keep in st.seats[0].sold_secret and keep not in st.seats[0].cards
    mine = game.view(st, 0)
    assert game.card_id[keep] in mine["seats"][0]["sold_this_epoch"]
    assert game.card_id[keep] in mine["cards"]  # the seller sees its face
    for other in (1, None):
        theirs = game.view(st, other)
        assert game.card_id[keep] not in theirs["cards"]  # face down to the others
        assert "sold_this_epoch" not in theirs["seats"][0]


def test_EX7_cost_5_with_two_blue_cards_pay_3():
    g0, s0 = blank()
    card, *blues = plain(g0, s0, 3, color="blue", epoch=1)
    game = variant(cards={card: {"cost": 5}})
    _, st = blank(game=game)
    give(game, st, 0, *blues)
    seat = st.seats[0]
    assert game.price(seat, card) == 3
    to_pile(game, st, card)
    seat.coins = 3
    put(st, 0, "take", step="B1")
    game.apply(st, 0, A.take(pile_of(game, card), False))
    assert seat.coins == 0 and card in seat.cards


def test_EX9_after_rotation_the_monkey_points_at_yellow():
    game, st, _, _ = _monkey_at_red()
    game.apply(st, 0, A.draw(0, True))
    game.apply(st, 1, A.draw(0, True))
    assert st.round == 1
    assert game.view(st, 0)["crest_decks"]["monkey"] == "yellow"
    assert {game.data.cards[k].color for k in st.seats[0].hand} == {"yellow"}


def test_EX10_income_12_gives_12_coins():
    game, st = blank(step="A3")
    seat = st.seats[0]
    set_tracks(game, seat, income=12)
    seat.coins = 0
    run_step(game, st, "A3")
    assert seat.coins == 12 and seat.tracks[INCOME] == 12


def _take_colony(game, st, token, military, coins, annex):
    seat = st.seats[0]
    v = top_colony(game, st, token)
    set_tracks(game, seat, military=military)
    seat.coins = coins
    put(st, 0, "colony", step="B3")
    assert A.COLONY + v in game.legal(st, 0)
    game.apply(st, 0, A.COLONY + v)
    if not halted(st):
        game.apply(st, 0, A.ANNEX if annex else A.PLUNDER)
    assert seat.colonies == [token] and seat.annexed == [annex]
    return seat


def test_EX11_colony_token_3_plunder_3_annex_1():
    game, st = blank()
    token = colony_citing(game, "EX11")
    col = game.colonies[token]
    assert col.provenance == "exact"
    assert (col.requirement, col.front_vp, col.plunder, col.annex_cost, col.back_vp) == (3, 2, 3, 1, 2)
    assert col.back_bonus.as_tuple() == (1, 1, 0, 0)
    seat = _take_colony(game, st, token, military=3, coins=0, annex=False)
    assert seat.coins == 3 and game.score_seat(st, seat).breakdown["colonies"] == 2
    _, st = blank()
    seat = _take_colony(game, st, token, military=3, coins=1, annex=True)
    assert seat.coins == 0
    assert seat.tracks[INCOME] == seat.base[INCOME] + 1
    assert seat.tracks[MILITARY] == 3 + 1
    assert game.score_seat(st, seat).breakdown["colonies"] == 2
    assert game.check_invariants(st) == []


def test_EX12_military_12_annex_pay_1_military_2_culture_1_5_VP():
    game, st = blank()
    token = colony_citing(game, "EX12")
    assert game.colonies[token].requirement <= 12
    culture = st.seats[0].tracks[CULTURE]
    seat = _take_colony(game, st, token, military=12, coins=1, annex=True)
    assert seat.coins == 0
    assert seat.tracks[MILITARY] == 14 and seat.tracks[CULTURE] == culture + 1
    assert game.score_seat(st, seat).breakdown["colonies"] == 5
    assert game.check_invariants(st) == []


def test_EX13_military_19_two_colonies_owned_only_one_left_plunder_5_for_8_VP():
    game, st = blank()
    token = colony_citing(game, "EX13")
    reachable = [r for r in game.requirements if r <= 19]
    assert len(reachable) == 3 and reachable[-1] == 15  # R84
    seat = st.seats[0]
    give_colony(game, st, 0, st.stacks[0][-1])  # the 3 ...
    give_colony(game, st, 0, st.stacks[1][-1])  # ... and the a colony
    v = top_colony(game, st, token)
    assert game.requirements[v] == 15
    set_tracks(game, seat, military=19)
    seat.coins = 0
    put(st, 0, "colony", step="B3")
    assert [a for a in game.legal(st, 0) if A.COLONY <= a < A.PLUNDER] == [A.COLONY + v]
    game.apply(st, 0, A.COLONY + v)
    if not halted(st):
        game.apply(st, 0, A.PLUNDER)
    assert seat.coins == 5
    front = [game.colonies[t].front_vp for t in seat.colonies[:2]]
    assert game.score_seat(st, seat).breakdown["colonies"] == sum(front) + 8


def test_EX14_statue_slot_culture_6_worth_4_VP():
    game, st = blank()
    s = slot_with(game, requirement=6, vp=4)
    seat = st.seats[0]
    set_tracks(game, seat, culture=5)
    put(st, 0, "statue", step="B4")
    assert not any(A.statue(s, t, fd) in game.legal(st, 0) for t in range(4) for fd in (0, 1))
    assert_illegal(game, st, 0, A.statue(s, INCOME, False), "R56")
    set_tracks(game, seat, culture=6)
    game.apply(st.edited(), 0, A.statue(s, INCOME, False))
    assert game.score_seat(st, seat).breakdown["statues"] == 4


def test_EX15_culture_13_income_tile_face_up_income_plus_3():
    game, st = blank()
    s = slot_with(game, bonus=3)
    assert game.slots[s].requirement <= 13
    seat = st.seats[0]
    set_tracks(game, seat, culture=13)
    income = seat.tracks[INCOME]
    put(st, 0, "statue", step="B4")
    game.apply(st, 0, A.statue(s, INCOME, False))
    assert seat.tracks[INCOME] == income + 3 and seat.tiles[INCOME] == 1


def test_EX16_culture_20_red_tile_face_down_14_plus_4_VP():
    game, st = blank()
    s = slot_with(game, vp=14, bonus=4)
    assert game.slots[s].requirement <= 20
    seat = st.seats[0]
    set_tracks(game, seat, culture=20)
    before = list(seat.tracks)
    put(st, 0, "statue", step="B4")
    game.apply(st, 0, A.statue(s, MILITARY, True))
    assert seat.tracks == before and seat.tiles[MILITARY] == 1
    assert game.score_seat(st, seat).breakdown["statues"] == 14 + 4


def test_EX17_top_card_of_the_purple_pile_must_be_bought_or_sold():
    game, st = blank()
    below, top = plain(game, st, 2, color="purple", epoch=1)
    to_pile(game, st, below, top)
    p = BOARD.index("purple")
    seat = st.seats[0]
    seat.coins = 0
    put(st, 0, "take", step="B1")
    legal = game.legal(st, 0)
    assert A.take(p, True) in legal and A.PASS not in legal
    assert set(legal) <= {A.take(p, False), A.take(p, True)}
    game.apply(st, 0, A.take(p, True))
    assert st.piles[p] == [below] and top in st.out and seat.coins == 2


def _feed(game, st, n_cards, food):
    cards = plain(game, st, n_cards, color="red", food=0)
    give(game, st, 0, *cards)
    set_tracks(game, st.seats[0], food=food)
    for seat in st.seats:
        seat.coins = 0
    return cards


def test_EX18_food_9_six_cards_fed():
    game, st = blank()
    cards = _feed(game, st, 6, food=9)
    events = run_step(game, st, "B5")
    assert not st.stack and st.seats[0].cards == cards
    assert {"type": "fed", "seat": 0} in events


def test_EX19_food_6_seven_cards_remove_one_of_your_choice():
    game, st = blank()
    cards = _feed(game, st, 7, food=6)
    run_step(game, st, "B5")
    assert st.stack[-1].kind == "feed" and st.stack[-1].seats == [0]
    assert game.legal(st, 0) == sorted(A.REMOVE + k for k in cards)  # any of the 7
    game.apply(st, 0, A.REMOVE + cards[3])
    assert len(st.seats[0].cards) == 6 and cards[3] in st.out
    assert not any(f.kind == "feed" for f in st.stack)


def test_EX20_removing_the_yellow_income_1_military_1_card():
    game, st = blank()
    card = card_citing(game, "EX20")
    assert game.data.cards[card].color == "yellow"
    assert game.bonus_of[card] == (1, 1, 0, 0)
    give(game, st, 0, card)
    seat = st.seats[0]
    set_tracks(game, seat, food=0)
    before = list(seat.tracks)
    put(st, 0, "feed", step="B5")
    game.apply(st, 0, A.REMOVE + card)
    assert seat.tracks == [before[0] - 1, before[1] - 1, before[2], before[3]]


def test_EX21_silver_medal_on_military_30_scores_15():
    game, st = blank(epoch=3)
    seat = st.seats[0]
    seat.coins = game.medal_prices(st, seat)[0]
    put(st, 0, "medals", step="B6")
    game.apply(st, 0, A.SILVER + MILITARY)
    assert seat.silver == [MILITARY] and seat.coins == 0
    set_tracks(game, seat, military=30)
    assert game.score_seat(st, seat).breakdown["silver"] == 15


def test_EX22_gold_medal_with_three_sets_scores_21():
    game, st = blank(epoch=3)
    seat = st.seats[0]
    for color in ("blue", "yellow", "green", "red", "purple"):
        give(game, st, 0, *plain(game, st, 3, color=color))
    give(game, st, 0, *plain(game, st, 1, color="blue"))
    seat.coins = game.medal_prices(st, seat)[1]
    put(st, 0, "medals", step="B6")
    game.apply(st, 0, A.GOLD)
    assert seat.gold == 1
    assert game.score_seat(st, seat).breakdown["gold"] == 21


def test_EX23_four_players_eight_cards_per_colour_every_epoch():
    game, st = fresh(4, seed=23, mode="basic")
    rng = random.Random(23)
    seen = {}
    while not st.over:
        if st.step == "A1" and st.epoch not in seen:
            seen[st.epoch] = [sorted({game.epoch_of[k] for k in d}) + [len(d)] for d in st.decks]
        seat = rng.choice(game.actors(st))
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
    assert seen == {e: [[e, 8]] * 5 for e in (1, 2, 3)}


def test_EX24_final_scoring_example_totals_149():
    g0, s0 = blank(epoch=3)
    by_req = {r: g0.colonies.index(next(c for c in g0.colonies if c.requirement == r)) for r in g0.requirements}
    tokens = [by_req[r] for r in g0.requirements[:4]]
    cards = []
    for color in ("blue", "yellow", "green", "red", "purple"):
        cards += plain(g0, s0, 3, color=color)
    cards += plain(g0, s0, 1, color="green", exclude=cards)
    vps = [3, 2, 4, 4, 4, 1, 1, 2, 2, 2, 4, 3, 5, 2, 6, 2]
    assert len(cards) == len(vps) == 16
    game = variant(
        cards={k: {"vp": vp} for k, vp in zip(cards, vps, strict=True)},
        colonies={
            tokens[0]: {"front_vp": 2},
            tokens[1]: {"back_vp": 5},
            tokens[2]: {"front_vp": 8},
            tokens[3]: {"front_vp": 11},
        },
        slots={0: {"vp": 4}, 1: {"vp": 8}, 2: {"vp": 14, "bonus": 4}},
    )
    _, st = blank(epoch=3, game=game)
    seat = st.seats[0]
    give(game, st, 0, *cards)
    for t, annexed in zip(tokens, (False, True, False, False), strict=True):
        give_colony(game, st, 0, t, annexed=annexed)
    give_statue(game, st, 0, 0, CULTURE)
    give_statue(game, st, 0, 1, CULTURE)
    give_statue(game, st, 0, 2, MILITARY, face_down=True)
    seat.silver = [MILITARY, INCOME]
    seat.tiles[MILITARY] -= 1
    seat.tiles[INCOME] -= 1
    seat.gold = 1
    seat.coins = 11
    set_tracks(game, seat, military=27, income=18)
    assert game.check_invariants(st) == []
    score = game.score_seat(st, seat)
    assert score.breakdown == {"colonies": 26, "statues": 30, "silver": 14 + 9, "gold": 21, "cards": 47, "coins": 2}
    assert score.total == 149
    assert score.tiebreak == (1,)  # 1 coin left for a tie


def test_EX25_PE2_military_14_pays_3_for_the_15_colony():
    game, st = blank()
    give(game, st, 0, find_card(game, pe="PE2"))
    v = game.requirements.index(15)
    seat = st.seats[0]
    set_tracks(game, seat, military=14)
    seat.coins = 3
    put(st, 0, "colony", step="B3")
    game.apply(st, 0, A.COLONY + v)
    assert seat.bought_points == 1
    if not halted(st):
        game.apply(st, 0, A.PLUNDER)
    token = seat.colonies[0]
    assert game.colonies[token].requirement == 15
    assert seat.coins == game.colonies[token].plunder  # the 3 coins were paid
    assert seat.tracks[MILITARY] == 14


def _ex26(game, st):
    pe6 = find_card(game, pe="PE6", star=False)
    cards = [pe6, *plain(game, st, 10, color="red", food=0)]
    give(game, st, 0, *cards)
    seat = st.seats[0]
    set_tracks(game, seat, food=9)
    for other in st.seats:
        other.coins = 0
    seat.coins = 4
    put(st, 0, "feed", step="B5", stop=False)
    return seat, cards


def test_EX26_PE6_food_9_eleven_cards_pay_4_instead_of_removing_2():
    game, st = blank(epoch=2)
    seat, _ = _ex26(game, st)
    assert len(seat.cards) == 11
    game.apply(st, 0, A.FEED_PAY)
    game.apply(st, 0, A.FEED_PAY)
    assert seat.coins == 0 and len(seat.cards) == 11
    assert not any(f.kind == "feed" for f in st.stack)


def test_EX26_PE6_or_pay_2_and_remove_1():
    game, st = blank(epoch=2)
    seat, cards = _ex26(game, st)
    game.apply(st, 0, A.FEED_PAY)
    game.apply(st, 0, A.REMOVE + cards[5])
    assert seat.coins == 2 and len(seat.cards) == 10
    assert not any(f.kind == "feed" for f in st.stack)


def test_EX27_PE15_two_green_cards_food_plus_2():
    game, st = blank()
    patron = [k for k in find_cards(game, pe="PE15") if game.data.cards[k].effect.color == "green"]
    assert len(patron) == 1
    greens = plain(game, st, 2, color="green", epoch=1)
    give(game, st, 0, *greens)
    seat = st.seats[0]
    food = seat.tracks[FOOD]
    to_pile(game, st, patron[0])
    seat.coins = 50
    put(st, 0, "take", step="B1")
    game.apply(st, 0, A.take(BOARD.index("purple"), False))
    assert seat.tracks[FOOD] == food + 2 + game.bonus_of[patron[0]][FOOD]
    assert game.check_invariants(st) == []
