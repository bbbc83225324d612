"""Imperium rule tests, named by the rule of shared/rules/imperium.md they check (R29-R237),
with the worked examples that illustrate a rule (E1, E2, E4, E8, E9, E10; the others are in
test_examples.py).

The generic rules run on a fixed test database, so that no other nation's cards take part: the
common deck and the Romans as shipped, plus "Greeks", "Persians" and "Scythians" that are
copies of the Romans under other ids (``1GRE5`` ...). The copies test the rules, not those
nations. Nation rules the engine keys on the nation's name use copies too: "Vikings" (R101,
R174, R185, R216) and "Carthaginians", whose power card carries the ``market_token`` passive
(E11). Celts and Macedonians are copies as well, since a data directory holds every nation's
file. Tests named ``..._real_...`` use the shipped data of every nation.
"""

from __future__ import annotations

import atexit
import functools
import json
import random
import shutil
import tempfile
from pathlib import Path

import pytest

from epochal.engine import IllegalAction, OptionError
from epochal.games.imperium import actions as A
from epochal.games.imperium import cards as C
from epochal.games.imperium import make_game, piles, scoring, shared
from epochal.games.imperium.piles import SLOT_DECK, UNREST_UNDER
from epochal.games.imperium.rules import DECK_SIZE, FAME_REMOVED
from epochal.games.imperium.vocab import Count
from tests.games.imperium.scenario import assert_illegal, give, ids, imperium, purpose_of, put_in_market, take_anywhere

NATIONS = ("Romans", "Greeks", "Persians", "Scythians")
COPIES = {
    "Greeks": "GRE",
    "Persians": "PER",
    "Scythians": "SCY",
    "Vikings": "VIK",
    "Carthaginians": "CAR",
    "Celts": "CEL",
    "Macedonians": "MAC",
    "Egyptians": "EGY",
    "Mauryans": "MAU",
    "Minoans": "MIN",
    "Olmecs": "OLM",
    "Qin": "QIN",
    "Arthurians": "ART",
}
SHIPPED = ("Atlanteans", "Utopians")
PLAYERS = (2, 3, 4)


@functools.cache
def game():
    """The common deck, the Romans, and copies of the Romans under other nation names."""
    directory = Path(tempfile.mkdtemp(prefix="imperium-rules-"))
    atexit.register(shutil.rmtree, directory, True)
    (directory / "common.json").write_bytes((C.DATA_DIR / "common.json").read_bytes())
    romans = json.loads((C.DATA_DIR / "romans.json").read_text())
    (directory / "romans.json").write_text(json.dumps(romans))
    for nation, code in COPIES.items():
        cards = []
        for card in romans:
            card = dict(card, id=card["id"].replace("ROM", code), deck=nation)
            if nation == "Carthaginians" and card.get("power"):  # R85, R241 (E11)
                card["passive"] = [{"hook": "market_token", "args": {"materials": 1}}]
                card["side_b"] = {
                    "name": "Carthaginians (B)",
                    "vp": {"per": {"resource": "materials"}, "vp": 1, "every": 3},
                    "passive": [{"hook": "market_token", "args": {"materials": 2}}],
                }
            cards.append(card)
        (directory / f"{nation.lower()}.json").write_text(json.dumps(cards))
    for nation in SHIPPED:  # nations whose own rules a Roman copy would break: their shipped data
        name = f"{nation.lower()}.json"
        (directory / name).write_bytes((C.DATA_DIR / name).read_bytes())
    return make_game(str(directory))


def new(players=2, seed=0, nations=None, **options):
    g = game()
    st = g.new(players, seed, {"nations": ",".join(nations or NATIONS[:players]), **options})
    return g, st


def fresh(players=2, seed=0, **options):
    """A new game; seat 0 has chosen Activate."""
    g, st = new(players, seed, **options)
    g.apply(st, 0, A.ACTIVATE)
    return g, st


def k(g, card_id):
    return g.index_of[card_id]


def top(st):
    return st.stack[-1]


def purpose(st):
    return purpose_of(top(st)) if st.stack else None


def legal_now(g, st):
    return g.legal(st, top(st).seats[0])


def act(g, st, action):
    return g.apply(st, top(st).seats[0], action)


def play(g, st, card_id):
    return act(g, st, g.action_space.play + k(g, card_id))


def exhaust(g, st, card_id):
    return act(g, st, g.action_space.exhaust + k(g, card_id))


def pick(g, st, card_id):
    return act(g, st, g.action_space.card + k(g, card_id))


def to(g, st, card_id, pile):
    """Move a card from wherever it lies onto the top (end) of ``pile``."""
    take_anywhere(st, k(g, card_id))
    pile.append(k(g, card_id))


def hand(g, st, seat, *card_ids):
    """Seat's hand becomes exactly these cards (the old hand goes to its deck)."""
    p = st.seats[seat]
    p.deck += p.hand
    p.hand = []
    for cid in card_ids:
        give(g, st, seat, cid)


def finish_turn(g, st):
    """End Activate (if running) and run clean-up: the token on the first market card, no
    discard, no develop. Stops at the next seat's turn or at any other question."""
    if st.stack and top(st).kind == "activate":
        act(g, st, A.END)
    while not st.over and st.stack:
        why = purpose(st)
        if why == "place a token on a market card":
            act(g, st, legal_now(g, st)[0])
        elif why in ("discard at clean-up", "develop on reshuffle"):
            act(g, st, A.END)
        else:
            return


def pass_turn(g, st):
    """Revolt returning nothing (G52), then clean-up."""
    assert top(st).kind == "turn"
    act(g, st, A.REVOLT)
    finish_turn(g, st)


def pass_round(g, st):
    """Every remaining seat of this round passes; stops at the next round's first turn."""
    start = st.round
    while not st.over and st.round == start and top(st).kind == "turn":
        pass_turn(g, st)


def ok(g, st):
    assert g.check_invariants(st) == []


def illegal(g, st, action, rule):
    return assert_illegal(g, st, top(st).seats[0], action, rule)


def unrest_total(g, st):
    """Unrest cards in the game (common ones not removed, R45)."""
    return sum(1 for i, c in enumerate(g.cards) if "unrest" in c.suits and c.deck == "common" and i not in st.box)


# --- 5. Setup (R29-R56) ---------------------------------------------------------------------------


def test_R29_one_nation_per_seat_and_only_nations_with_data():
    g = game()
    with pytest.raises(OptionError):
        g.new(2, 0, {"nations": "Romans,Romans"})
    with pytest.raises(OptionError):
        g.new(2, 0, {"nations": "Romans,Greeks,Persians"})
    assert "Romans" in imperium().nations
    missing = [n for n in C.NATIONS if n not in imperium().nations]
    if missing:
        with pytest.raises(OptionError):
            imperium().new(2, 0, {"nations": f"Romans,{missing[0]}"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_a_rotated_series_sits_every_nation_at_every_seat(players):
    g = imperium()
    seen: dict[int, set] = {seat: set() for seat in range(players)}
    for i in range(len(g.nations)):
        labels = g.seat_labels(g.new(players, i, g.options_for_game(None, i, players)))
        for seat, nation in enumerate(labels):
            seen[seat].add(nation)
    assert all(s == set(g.nations) for s in seen.values())


@pytest.mark.parametrize("players", PLAYERS)
def test_R30_R39_personal_setup(players):
    g, st = new(players, seed=players)
    for seat, p in enumerate(st.seats):
        cards = [g.cards[x] for x in g.by_nation[p.nation]]
        assert p.nation == NATIONS[seat]
        assert g.cards[p.power].location == "in-play" and g.cards[p.power].power  # R30
        assert p.side == "A"
        assert g.cards[p.nation_deck[0]].location == "accession"  # R34, R35
        assert sorted(g.cards[x].location for x in p.nation_deck[1:]) == ["nation"] * sum(
            c.location == "nation" for c in cards
        )
        assert {g.cards[x].location for x in p.development} == {"development"}  # R36
        assert len(p.development) == sum(c.location == "development" for c in cards)
        assert not p.empire  # R37
        assert {g.cards[x].location for x in p.hand + p.deck} == {"deck"}  # R39
        assert len(p.hand) + len(p.deck) == sum(c.location == "deck" for c in cards)
        assert len(p.hand) == 5  # R40
        assert p.play == [] and p.discard == [] and p.history == []
    ok(g, st)


@pytest.mark.parametrize("players", PLAYERS)
def test_R42_starting_tokens_3_2_1_and_5_exhaust_3_action(players):
    g, st = new(players)
    for p in st.seats:
        assert (p.materials, p.population, p.progress) == (3, 2, 1)
        assert (p.actions, p.exhausts) == (3, 5)
    g, st = new(players, start_tokens="2/3/1")  # G5
    assert {(p.materials, p.population, p.progress) for p in st.seats} == {(2, 3, 1)}


@pytest.mark.parametrize("players", PLAYERS)
def test_R45_player_count_cards_are_removed(players):
    g, st = new(players, seed=7)
    removed = {
        i
        for i, c in enumerate(g.cards)
        if c.players and players < c.players and (c.deck == "common" or c.deck in NATIONS[:players])
    }
    fame_box = [i for i in st.box if g.cards[i].group == "fame"]
    assert set(st.box) - set(fame_box) == removed
    if players == 4:
        assert removed == set()
    else:
        assert removed and all(g.cards[i].players > players for i in removed)
    places = [
        *st.unrest,
        *sum(st.decks.values(), []),
        *(s.card for s in st.market),
        *(s.unrest for s in st.market if s.unrest >= 0),
    ]
    assert not removed & set(places)
    ok(g, st)


@pytest.mark.parametrize("players", PLAYERS)
def test_R47_R49_fame_deck_on_king_of_kings_with_removals(players):
    g, st = new(players, seed=3)
    fame = [i for i, c in enumerate(g.cards) if c.group == "fame"]
    assert st.kok == k(g, "1FAM9") and st.kok_side == "A"  # R47
    assert st.kok not in st.fame
    assert len(st.fame) == len(fame) - FAME_REMOVED[players] == 8 - {2: 2, 3: 1, 4: 0}[players]
    boxed = [i for i in st.box if g.cards[i].group == "fame"]  # R49
    assert len(boxed) == FAME_REMOVED[players]
    assert sorted(st.fame + boxed) == sorted(fame)


@pytest.mark.parametrize("players", PLAYERS)
def test_R50_category_decks_hold_6_7_8_cards(players):
    g, st = new(players, seed=players)
    for slot, suit in enumerate(("region", "uncivilised", "civilised")):
        deck = st.decks[suit]
        assert len(deck) + 1 == DECK_SIZE[players] == {2: 6, 3: 7, 4: 8}[players]
        assert {g.category(g.cards[x]) for x in deck + [st.market[slot].card]} == {suit}
    dual = [x for x in st.decks["uncivilised"] if "civilised" in g.cards[x].suits]
    assert not set(dual) & set(st.decks["civilised"])  # R44


@pytest.mark.parametrize("players", PLAYERS)
def test_R51_main_deck_holds_the_rest_and_all_tributaries(players):
    g, st = new(players, seed=11)
    market = [s.card for s in st.market]
    in_use = {i for i, c in enumerate(g.cards) if c.group == "market" and i not in st.box}
    tributaries = {i for i in in_use if g.cards[i].suits[0] == "tributary"}
    main = set(st.decks["main"]) | set(market[3:])
    assert tributaries <= main | set(market)
    assert main == in_use - set(sum((st.decks[s] for s in ("region", "uncivilised", "civilised")), [])) - set(
        market[:3]
    )
    assert len(st.decks["main"]) == len(in_use) - 3 * DECK_SIZE[players] - 2


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("under", sorted(UNREST_UNDER))
def test_R52_R53_market_of_5_with_unrest_tucked_under_the_G9_categories(players, under):
    for seed in range(6):
        g, st = new(players, seed=seed, unrest_under=under)
        assert len(st.market) == 5 and all(s.card >= 0 for s in st.market)  # R52
        assert SLOT_DECK == ("region", "uncivilised", "civilised", "main", "main")
        tucked = 0
        for s in st.market:
            banner = g.cards[s.card].suits[0]
            if banner in UNREST_UNDER[under]:  # R53
                assert s.unrest >= 0 and "unrest" in g.cards[s.unrest].suits
                tucked += 1
            else:
                assert s.unrest == -1
        assert len(st.unrest) == unrest_total(g, st) - tucked  # R46
        if under == "reg_unc_civ":
            assert st.market[0].unrest >= 0
        else:
            assert st.market[0].unrest == -1  # regions
        ok(g, st)


@pytest.mark.parametrize("players", PLAYERS)
def test_R54_progress_on_civilised_market_cards_but_not_dual_ones(players):
    seen = set()
    for seed in range(12):
        g, st = new(players, seed=seed)
        for s in st.market:
            suits = g.cards[s.card].suits
            has = s.tokens == {"progress": 1}
            assert has == ("civilised" in suits and "uncivilised" not in suits), suits
            assert s.tokens in ({}, {"progress": 1})
            seen.add(("dual" if len(suits) > 1 else suits[0], has))
    assert ("civilised", True) in seen and ("dual", False) in seen


@pytest.mark.parametrize("players", PLAYERS)
def test_R55_R66_first_player_left_of_the_solstice_card_starts(players):
    g, st = new(players)
    assert st.first == 0 and st.turn == 0 and st.round == 1
    assert top(st).kind == "turn" and top(st).seats == [0]
    assert g.actors(st) == [0]
    assert_illegal(g, st, 1, A.ACTIVATE, "turn order")


def test_R56_setup_is_reproducible_and_seed_dependent():
    g, a = new(3, seed=5)
    _, b = new(3, seed=5)
    _, c = new(3, seed=6)
    assert a.to_json() == b.to_json() != c.to_json()


@pytest.mark.parametrize("players", PLAYERS)
def test_R38_R45_R46_real_celtic_supply_unrest_joins_the_unrest_pile_by_player_count(players):
    g = imperium()
    others = [n for n in g.nations if n != "Celts"][: players - 1]
    st = g.new(players, 1, {"nations": ",".join(["Celts", *others])})
    supply = [i for i, c in enumerate(g.cards) if c.location == "supply" and c.deck in ("Celts", *others)]
    used = [i for i in supply if not g.cards[i].players or g.cards[i].players <= players]
    assert {2: 0, 3: 2, 4: 5}[players] == len([i for i in used if g.cards[i].deck == "Celts"])
    assert set(supply) - set(used) <= set(st.box)  # R45
    tucked = [s.unrest for s in st.market if s.unrest >= 0]
    common = [i for i, c in enumerate(g.cards) if c.group == "unrest" and c.box == "classics" and i not in st.box]
    assert sorted(st.unrest + tucked) == sorted(common + used)  # R38, R46
    for p in st.seats:
        assert not set(supply) & set(p.hand + p.deck + p.nation_deck + p.development)
    assert g.check_invariants(st) == []


def test_R29_R56_real_data_every_nation_sets_up_for_2_3_4():
    real = imperium()
    nations = real.nations
    for i, _nation in enumerate(nations):
        for players in PLAYERS:
            names = [nations[(i + j) % len(nations)] for j in range(players)]
            if len(set(names)) < players:
                continue
            st = real.new(players, i, {"nations": ",".join(names)})
            assert real.check_invariants(st) == []
            assert [p.nation for p in st.seats] == names
            for p in st.seats:
                exhausts = 3 if p.nation == "Utopians" else 5  # R42
                assert (p.actions, p.exhausts, len(p.hand)) == (3, exhausts, 5)  # R40, R42
                assert p.empire == (p.nation == "Atlanteans")  # R37, R118
                assert real.cards[p.power].power  # R30
            assert len(st.market) == 5 and all(s.card >= 0 for s in st.market)
            assert len(st.fame) == 8 - FAME_REMOVED[players]
            assert [len(st.decks[d]) + 1 for d in ("region", "uncivilised", "civilised")] == [DECK_SIZE[players]] * 3


# --- 6-8. The turn: Activate, Innovate, Revolt (R65-R83) -------------------------------------------


def test_R67_a_turn_is_activate_innovate_or_revolt():
    g, st = new(2)
    hand(g, st, 0, "1ROM22", "1ROM23", "1TRI8")
    assert g.legal(st, 0) == [A.ACTIVATE, A.INNOVATE, A.REVOLT, A.REVOLT + 1, A.REVOLT + 2]
    illegal(g, st, A.END, "R67")
    illegal(g, st, g.action_space.play + k(g, "1TRI8"), "R67")
    illegal(g, st, A.REVOLT + 3, "R83")  # more unrest than the hand holds


def test_R69_activate_offers_plays_exhausts_and_end():
    g, st = fresh(2)
    hand(g, st, 0, "1TRI8", "1TRI2", "1TRI6")
    give(g, st, 0, "1UNC8", "play")  # Mysticism: Exhaust: gain an action
    legal = g.legal(st, 0)
    assert set(legal) == {
        A.END,
        g.action_space.play + k(g, "1TRI8"),
        g.action_space.play + k(g, "1TRI2"),
        g.action_space.play + k(g, "1TRI6"),
        g.action_space.exhaust + k(g, "1UNC8"),
    }
    play(g, st, "1TRI8")  # any order, any combination
    exhaust(g, st, "1UNC8")
    play(g, st, "1TRI2")
    assert top(st).kind == "activate" and A.END in legal_now(g, st)
    act(g, st, A.END)
    assert purpose(st) == "place a token on a market card"  # on to clean-up


def test_R71_playing_spends_an_action_token_then_the_card_is_discarded():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1TRI8", "1UNC8")
    play(g, st, "1TRI8")  # Aksumites: gain 4 materials
    assert (p.actions, p.materials) == (2, 7)
    assert k(g, "1TRI8") in p.discard and k(g, "1TRI8") not in p.play
    play(g, st, "1UNC8")  # pinned: stays in play
    assert p.actions == 1 and p.play == [k(g, "1UNC8")]
    ok(g, st)


def test_R71_illegal_playing_a_card_you_do_not_hold():
    g, st = fresh(2)
    hand(g, st, 0, "1TRI2")
    give(g, st, 0, "1TRI8", "deck")
    err = illegal(g, st, g.action_space.play + k(g, "1TRI8"), "R71")
    assert "not in your hand" in err.reason
    give(g, st, 1, "1TRI4")  # the opponent's card
    illegal(g, st, g.action_space.play + k(g, "1TRI4"), "R71")


def test_R71_no_action_token_no_play():
    g, st = fresh(2)
    hand(g, st, 0, "1TRI8")
    st.seats[0].actions = 0
    assert g.action_space.play + k(g, "1TRI8") not in g.legal(st, 0)
    illegal(g, st, g.action_space.play + k(g, "1TRI8"), "R71")


def test_R74_free_play_needs_no_action_and_is_once_per_turn_G37():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1TRI2", "1FAM2")
    p.actions = 0
    play(g, st, "1TRI2")  # Assyrians: free, gain 1 population
    assert (p.actions, p.population) == (0, 3)
    give(g, st, 0, "1TRI2")  # the same card back in hand
    illegal(g, st, g.action_space.play + k(g, "1TRI2"), "R74")
    play(g, st, "1FAM2")  # another free card is fine
    assert p.actions == 1  # Great: gain an action
    act(g, st, A.NO)  # ... and do not put it into history
    finish_turn(g, st)
    pass_turn(g, st)  # seat 1
    assert k(g, "1TRI2") in p.hand
    act(g, st, A.ACTIVATE)  # the next turn: allowed again
    play(g, st, "1TRI2")
    assert p.population == 4


def test_R72_state_symbol_must_match_the_state_card():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1CIV4", "1ROM2", "1ROM16", "1TRI8")
    assert not p.empire
    for empire_card in ("1CIV4", "1ROM2"):  # Corruption; Julius Caesar (free)
        err = illegal(g, st, g.action_space.play + k(g, empire_card), "R72")
        assert "Empire" in err.reason
    assert g.action_space.play + k(g, "1ROM16") in g.legal(st, 0)  # Advance: Barbarian
    p.empire = True
    st.edited()
    illegal(g, st, g.action_space.play + k(g, "1ROM16"), "R72")
    assert {g.action_space.play + k(g, c) for c in ("1CIV4", "1ROM2", "1TRI8")} <= set(g.legal(st, 0))


def test_R75_an_unrest_card_is_played_and_returns_to_the_unrest_pile():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1ROM22", "1TRI8")
    pile = len(st.unrest)
    play(g, st, "1ROM22")
    assert top(st).kind == "option"  # spend 1 pop / discard 2 / spend 3 mat
    assert legal_now(g, st) == [A.OPTION, A.OPTION + 2]  # only one other card: no discard 2
    act(g, st, A.OPTION)
    assert p.population == 1 and len(st.unrest) == pile + 1
    assert st.unrest[-1] == k(g, "1ROM22") and k(g, "1ROM22") not in p.discard + p.play
    ok(g, st)


def test_R71_R73_R253_an_unrest_card_you_cannot_pay_for_is_played_and_stays_yours():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1ROM22", "1TRI8")
    p.materials = p.population = p.progress = 0
    pile = len(st.unrest)
    play(g, st, "1ROM22")  # nothing can be chosen (R164); returned only "if you do" (R253)
    assert k(g, "1ROM22") in p.discard and len(st.unrest) == pile and p.actions == 2


def test_R76_only_a_card_in_your_play_area_with_an_exhaust_effect():
    g, st = fresh(2)
    give(g, st, 0, "1UNC8")  # Mysticism in hand, not in play
    illegal(g, st, g.action_space.exhaust + k(g, "1UNC8"), "R76")
    give(g, st, 0, "1ROM20", "play")  # Dalmatia: no exhaust effect
    illegal(g, st, g.action_space.exhaust + k(g, "1ROM20"), "R76")


def test_R77_R78_exhaust_moves_a_token_and_a_card_is_exhausted_once_per_round():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1UNC8", "play")
    exhaust(g, st, "1UNC8")  # Mysticism: gain an action
    assert (p.exhausts, p.actions) == (4, 4)  # R152: more than 3 is fine
    assert p.exhausted == [k(g, "1UNC8")]
    assert g.action_space.exhaust + k(g, "1UNC8") not in g.legal(st, 0)
    err = illegal(g, st, g.action_space.exhaust + k(g, "1UNC8"), "R77")
    assert "already exhausted" in err.reason
    finish_turn(g, st)  # G38: the owner's clean-up frees it
    assert p.exhausted == [] and p.exhausts == 5
    pass_turn(g, st)
    act(g, st, A.OPTION + 1)  # Mysticism's solstice: discard 2
    while purpose(st) == "discard":
        act(g, st, legal_now(g, st)[0])
    act(g, st, A.ACTIVATE)
    exhaust(g, st, "1UNC8")
    assert p.exhausts == 4


def test_R78_exhausting_needs_an_exhaust_token():
    g, st = fresh(2)
    give(g, st, 0, "1UNC8", "play")
    st.seats[0].exhausts = 0
    assert g.action_space.exhaust + k(g, "1UNC8") not in g.legal(st, 0)
    illegal(g, st, g.action_space.exhaust + k(g, "1UNC8"), "R78")


def test_R78_R163_an_exhaust_you_cannot_pay_for_is_impossible():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1UNC6", "play")  # Shrine: Exhaust: spend 1 material ...
    p.materials = p.progress = 0
    illegal(g, st, g.action_space.exhaust + k(g, "1UNC6"), "R78")
    p.progress = 1  # R165: 1 progress pays 2 materials
    st.edited()
    exhaust(g, st, "1UNC6")
    assert p.progress == 0 and p.exhausts == 4


def test_R79_R116_a_state_card_in_play_is_exhausted_in_either_state():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1UNC4", "play")  # Town: Barbarian
    p.empire = True
    materials = [s.materials for s in st.seats]
    exhaust(g, st, "1UNC4")  # all players MAY gain 2 materials (R111, R149)
    act(g, st, A.YES)
    act(g, st, A.YES)
    assert [s.materials for s in st.seats] == [m + 2 for m in materials]


def test_R80_no_exhaust_without_activate():
    for choice in (A.INNOVATE, A.REVOLT):
        g, st = new(2)
        give(g, st, 0, "1UNC8", "play")
        err = illegal(g, st, g.action_space.exhaust + k(g, "1UNC8"), "R80")
        assert "Activate" in err.reason
        act(g, st, choice)
        while st.turn == 0 and top(st).seats == [0]:
            legal = legal_now(g, st)
            assert not any(g.action_space.kind(a)[0] in ("exhaust", "play") for a in legal)
            with pytest.raises(IllegalAction):
                act(g, st, g.action_space.exhaust + k(g, "1UNC8"))
            act(g, st, legal[0])
        assert st.seats[0].exhausted == []


def test_R82_innovate_discards_the_hand_then_breaks_through_one_card():
    g, st = new(2)
    p = st.seats[0]
    hand(g, st, 0, "1TRI8", "1TRI2", "1ROM22")
    unrest = len(st.unrest)
    act(g, st, A.INNOVATE)
    assert p.hand == [] and {k(g, c) for c in ("1TRI8", "1TRI2", "1ROM22")} <= set(p.discard)
    assert top(st).kind == "suit"
    assert legal_now(g, st) == [A.SUIT + i for i in range(4)]  # all four categories
    act(g, st, A.SUIT + 1)  # uncivilised
    assert A.BT_DECK in legal_now(g, st)
    top_card = st.decks["uncivilised"][-1]
    act(g, st, A.BT_DECK)
    assert p.hand == [top_card] and len(st.unrest) == unrest
    assert purpose(st) == "place a token on a market card"  # clean-up, no Activate


def test_R82_G52_innovate_with_an_empty_hand():
    g, st = new(2)
    hand(g, st, 0)
    st.edited()
    act(g, st, A.INNOVATE)
    assert top(st).kind == "suit"


def test_R83_revolt_returns_any_number_of_unrest_from_hand():
    g, st = new(2)
    p = st.seats[0]
    hand(g, st, 0, "1ROM22", "1ROM23", "1TRI8")
    pile = len(st.unrest)
    act(g, st, A.REVOLT + 2)
    assert len(st.unrest) == pile + 2 and k(g, "1ROM22") in st.unrest
    assert [c.id for c in map(g.cards.__getitem__, p.hand) if "unrest" in c.suits] == []
    assert purpose(st) == "place a token on a market card"
    ok(g, st)
    g, st = new(2)  # G52: zero is a revolt too
    hand(g, st, 0, "1ROM22")
    act(g, st, A.REVOLT)
    assert k(g, "1ROM22") in st.seats[0].hand


# --- 9. Clean-up (R84-R94) -----------------------------------------------------------------------


def test_R84_clean_up_puts_a_progress_token_on_any_market_card_G46():
    g, st = fresh(2)
    act(g, st, A.END)
    assert purpose(st) == "place a token on a market card"
    assert sorted(legal_now(g, st)) == sorted(g.action_space.card + s.card for s in st.market)
    slot = st.market[2]
    before = slot.tokens.get("progress", 0)
    act(g, st, g.action_space.card + slot.card)
    assert slot.tokens["progress"] == before + 1  # tokens accumulate
    assert st.seats[0].progress == 1  # from the supply


def test_R88_clean_up_resets_3_actions_5_exhausts_and_clears_tokens():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1UNC8", "play")
    exhaust(g, st, "1UNC8")
    p.exhausted.append(p.power)
    p.nation_exhausted = p.dev_exhausted = True
    p.actions, p.exhausts = 0, 1
    st.edited()
    finish_turn(g, st)
    assert (p.actions, p.exhausts) == (3, 5)
    assert p.exhausted == [] and not p.nation_exhausted and not p.dev_exhausted
    assert st.turn == 1


def test_R90_R91_discard_any_then_draw_up_to_five():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1TRI8", "1TRI2", "1TRI4")
    act(g, st, A.END)
    act(g, st, legal_now(g, st)[0])  # the market token
    assert purpose(st) == "discard at clean-up" and A.END in legal_now(g, st)
    pick(g, st, "1TRI8")
    pick(g, st, "1TRI4")
    act(g, st, A.END)
    assert ids(g, p.discard[-2:]) == ["1TRI8", "1TRI4"]
    assert len(p.hand) == 5 and k(g, "1TRI2") in p.hand


def test_R91_hand_limit_effects_and_R92_no_maximum_G40():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1FAM8", "play")  # Awe-inspiring: limit +1
    hand(g, st, 0, "1TRI8")
    finish_turn(g, st)
    assert len(p.hand) == 6
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, *[f"1ROM{i}" for i in (9, 10, 11, 12, 14, 15, 16)])
    deck = len(p.deck)
    finish_turn(g, st)
    assert len(p.hand) == 7 and len(p.deck) == deck  # nothing drawn


def test_R94_a_clean_up_reshuffle_uses_the_fresh_exhaust_tokens():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0)
    p.discard += p.deck
    p.deck = []
    p.exhausts = 0
    p.nation_exhausted = True
    top_nation = p.nation_deck[-1]
    st.edited()
    finish_turn(g, st)
    assert top_nation in p.hand + p.deck  # R98 step 1 happened
    assert p.nation_exhausted and p.exhausts == 4 and len(p.hand) == 5


# --- 10. Drawing and reshuffling (R95-R107) --------------------------------------------------------


def draw_by_coinage(g, st):
    """Seat 0 exhausts Coinage (in play) to draw 1 card."""
    if k(g, "1CIV10") not in st.seats[0].play:
        give(g, st, 0, "1CIV10", "play")
    exhaust(g, st, "1CIV10")


def test_R95_R98_barbarian_reshuffle_moves_the_nation_card_then_shuffles():
    g, st = fresh(2)
    p = st.seats[0]
    p.discard, p.deck = p.deck, []
    discard = set(p.discard)
    top_nation, rest = p.nation_deck[-1], p.nation_deck[:-1]
    draw_by_coinage(g, st)  # Coinage itself takes a token: 4
    assert p.nation_deck == rest  # the top nation card ...
    assert set(p.deck) | {p.hand[-1]} == discard | {top_nation}  # ... shuffled in
    assert p.discard == [] and p.nation_exhausted and p.exhausts == 3
    ok(g, st)


def test_R98_step_1_skipped_when_the_nation_deck_holds_a_token_or_no_token_is_left():
    for case in ("nation token", "no token"):
        g, st = fresh(2)
        p = st.seats[0]
        p.discard, p.deck = p.deck, []
        nation = list(p.nation_deck)
        if case == "nation token":
            p.nation_exhausted = True
        else:
            p.exhausts = 1  # Coinage uses the last one
        draw_by_coinage(g, st)
        assert p.nation_deck == nation and len(p.hand) == 6
        assert not set(nation) & set(p.deck + p.hand + p.discard)


def test_R96_draw_if_able_never_reshuffles():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1UNC2", "1TRI8")  # Jade Mask: if able, draw 3 ...
    p.discard += p.deck
    p.deck = []
    to(g, st, "1TRI2", p.deck)
    nation, discard = list(p.nation_deck), list(p.discard)
    play(g, st, "1UNC2")
    assert k(g, "1TRI2") in p.hand and p.deck == []
    assert p.nation_deck == nation and p.discard == discard  # no reshuffle
    pick(g, st, "1TRI8")  # ... then one card back on top
    assert p.deck == [k(g, "1TRI8")]


def test_R99_E8_the_accession_card_flips_the_state_card_to_empire():
    g, st = fresh(2)
    p = st.seats[0]
    caesar = k(g, "1ROM2")
    hand(g, st, 0)
    p.discard += p.deck + p.nation_deck[1:]
    p.nation_deck, p.deck = [caesar], []
    draw_by_coinage(g, st)
    assert p.empire and p.nation_deck == []  # at once (R99)
    assert caesar in p.deck + p.hand
    if caesar in p.deck:  # bring it up: it is playable now
        p.deck.remove(caesar)
        p.hand.append(caesar)
    st.edited()
    assert g.action_space.play + caesar in g.legal(st, 0)  # Empire card, free play
    p.discard += p.deck
    p.deck = []
    st.seats[0].exhausted.clear()
    st.edited()
    draw_by_coinage(g, st)  # Empire branch now (R103)
    assert purpose(st) == "develop on reshuffle"


def test_R103_empire_reshuffle_may_develop_one_affordable_card():
    g, st = fresh(2)
    p = st.seats[0]
    p.empire = True
    p.discard, p.deck = p.deck, []
    p.materials, p.population, p.progress = 3, 1, 1
    draw_by_coinage(g, st)
    assert purpose(st) == "develop on reshuffle"
    offered = {a - g.action_space.card for a in legal_now(g, st) if a != A.END}
    affordable = {x for x in p.development if shared.can_pay(p, g.cards[x].cost)}
    assert offered == affordable and k(g, "1ROM3") in offered  # 4 mat + 1 pop
    assert k(g, "1ROM7") not in offered  # 3 mat + 3 pop
    assert A.END in legal_now(g, st)  # optional
    pick(g, st, "1ROM3")
    assert (p.materials, p.population, p.progress) == (0, 0, 0)  # 1 progress = 2 mat
    assert k(g, "1ROM3") in p.deck + p.hand and k(g, "1ROM3") not in p.development
    assert p.dev_exhausted and p.exhausts == 3 and len(p.hand) == 6
    ok(g, st)


def test_R103_declining_to_develop_still_reshuffles():
    g, st = fresh(2)
    p = st.seats[0]
    p.empire = True
    p.discard, p.deck = p.deck, []
    development = list(p.development)
    draw_by_coinage(g, st)
    act(g, st, A.END)
    assert p.development == development and not p.dev_exhausted and p.exhausts == 4
    assert len(p.hand) == 6


def test_R105_E1_a_draw_on_another_players_turn_reshuffles_by_the_same_rules():
    g, st = fresh(2)
    q = st.seats[1]
    hand(g, st, 0, "1ROM15")  # Prosperity: all players MAY draw
    q.discard, q.deck = q.deck, []
    nation_top = q.nation_deck[-1]
    play(g, st, "1ROM15")
    act(g, st, A.NO)  # seat 0 declines
    assert top(st).seats == [1]
    act(g, st, A.YES)  # seat 1 draws: deck empty
    assert q.nation_exhausted and q.exhausts == 4 and nation_top in q.deck + q.hand
    assert len(q.hand) == 6 and q.discard == []


def test_R106_nothing_to_reshuffle_the_draw_stops():
    g, st = fresh(2)
    p = st.seats[0]
    p.deck, p.discard = [], []
    p.nation_exhausted = True
    n = len(p.hand)
    draw_by_coinage(g, st)
    assert len(p.hand) == n and top(st).kind == "activate"


# --- 13. The market: acquire, break through, exile (R124-R143) -----------------------------------------


def set_market(g, st, *card_ids, tuck=()):
    """The five market slots hold these cards, without tokens; the slots in ``tuck`` get an
    unrest from the pile. The old cards go to the bottom of the main deck."""
    for slot, cid in enumerate(card_ids):
        s = st.market[slot]
        if s.unrest >= 0:
            st.unrest.append(s.unrest)
        if s.card >= 0:
            st.decks["main"].insert(0, s.card)
        s.card, s.unrest = -1, -1
        put_in_market(g, st, slot, cid)
    for slot in tuck:
        st.market[slot].unrest = st.unrest.pop()


def under(g, st, seat, host, cid):
    """Put card ``cid`` under ``host`` (in seat's play area) as a garrison card."""
    give(g, st, seat, cid)
    st.seats[seat].hand.remove(k(g, cid))
    st.seats[seat].garrison.setdefault(k(g, host), []).append(k(g, cid))


def test_R130_E9_acquire_takes_the_card_its_tokens_and_its_unrest_then_refills():
    g, st = fresh(2)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8", tuck=[1])
    st.market[1].tokens = {"progress": 1}
    under = st.market[1].unrest
    hand(g, st, 0, "1TRI1")  # Armenians: acquire 1 uncivilised
    pile, refill = len(st.unrest), st.decks["uncivilised"][-1]
    play(g, st, "1TRI1")
    assert k(g, "1UNC3") in p.hand and under in p.hand  # the card and its unrest (R130.3)
    assert p.progress == 2  # its token (R130.2)
    assert st.market[1].card == refill  # R126: from the category deck
    assert st.market[1].tokens == {}  # R128
    assert st.market[1].unrest >= 0 and len(st.unrest) == pile - 1  # R127
    assert k(g, "1TRI1") in p.history
    ok(g, st)


def test_R135_E9_break_through_variant_1_returns_the_unrest():
    g, st = fresh(2)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8", tuck=[1])
    st.market[1].tokens = {"progress": 1}
    under = st.market[1].unrest
    hand(g, st, 0, "1ROM18")  # Triumvirate: break through 1 unc.
    pile = len(st.unrest)
    play(g, st, "1ROM18")
    assert top(st).kind == "bt_source"
    assert set(legal_now(g, st)) == {g.action_space.card + k(g, "1UNC3"), A.BT_DECK}
    pick(g, st, "1UNC3")
    assert k(g, "1UNC3") in p.hand and under not in p.hand and p.progress == 2
    assert len(st.unrest) == pile  # back, and a new one tucked
    assert st.market[1].unrest >= 0 and under in st.unrest + [st.market[1].unrest]
    ok(g, st)


def test_R135_E9_break_through_variant_2_takes_the_deck_top_and_leaves_the_market():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1ROM18")
    market = json.dumps([[s.card, s.unrest, s.tokens] for s in st.market])
    deck_top, pile = st.decks["uncivilised"][-1], len(st.unrest)
    play(g, st, "1ROM18")
    act(g, st, A.BT_DECK)
    assert p.hand == [deck_top] and len(st.unrest) == pile
    assert json.dumps([[s.card, s.unrest, s.tokens] for s in st.market]) == market


def test_R135_variant_5_tributary_reveals_the_main_deck():
    g, st = fresh(2)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1REG8", "1UNC7")  # no tributary
    hand(g, st, 0, "1UNC20")  # Diplomacy: pay 3, break through tri.
    main = st.decks["main"]
    for cid in ("1TRI8", "1REG9", "1UNC5"):  # the top is the last
        to(g, st, cid, main)
    size = len(main)
    play(g, st, "1UNC20")
    assert p.materials == 0 and k(g, "1TRI8") in p.hand  # found under two others
    assert k(g, "1REG9") in main and k(g, "1UNC5") in main and len(main) == size - 1
    ok(g, st)


def test_R135_no_deck_variant_for_tributaries_and_main_deck_when_the_deck_is_empty():
    g, st = fresh(2)
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1UNC7")
    hand(g, st, 0, "1UNC20", "1TRI11")
    play(g, st, "1UNC20")
    assert set(legal_now(g, st)) == {g.action_space.card + k(g, "1TRI3"), A.BT_MAIN}
    pick(g, st, "1TRI3")
    st.decks["main"] += st.decks["region"]
    st.decks["region"] = []
    play(g, st, "1TRI11")  # Hittites: break through 1 region
    assert set(legal_now(g, st)) == {g.action_space.card + k(g, "1REG6"), A.BT_MAIN}


@pytest.mark.parametrize("fallback", ["progress", "materials"])
def test_R135_G11_variant_5_finding_nothing_gives_2_tokens(fallback):
    g, st = fresh(2, breakthrough_fallback=fallback)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1REG8", "1UNC7")
    tributaries = [x for x in st.decks["main"] if g.cards[x].suits[0] == "tributary"]
    st.box += tributaries
    st.decks["main"] = [x for x in st.decks["main"] if x not in tributaries]
    hand(g, st, 0, "1UNC20")
    size = len(st.decks["main"])
    before = getattr(p, fallback)
    p.materials += 3
    play(g, st, "1UNC20")
    assert getattr(p, fallback) == before + 2 and len(st.decks["main"]) == size
    assert not st.scoring_triggered


def test_R126_R129_refill_from_the_main_deck_when_the_category_deck_is_empty():
    g, st = fresh(2)
    st.decks["main"] += st.decks["uncivilised"]
    st.decks["uncivilised"] = []
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8")
    main_top = st.decks["main"][-1]
    hand(g, st, 0, "1TRI1")
    play(g, st, "1TRI1")
    assert st.market[1].card == main_top
    hand(g, st, 0, "1TRI1")
    set_market(g, st, "1REG6", "1UNC5", "1CIV2", "1TRI3", "1REG8")
    st.box += st.decks["main"]  # both empty: the slot stays empty
    st.decks["main"] = []
    play(g, st, "1TRI1")
    assert st.market[1].card == -1 and st.market[1].unrest == -1
    assert not st.scoring_triggered  # no card was taken from it
    ok(g, st)


def test_R132_G49_acquire_with_no_such_card_does_nothing():
    g, st = fresh(2)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1CIV4", "1CIV2", "1TRI3", "1REG8")
    hand(g, st, 0, "1TRI1")
    market = [s.card for s in st.market]
    play(g, st, "1TRI1")
    assert p.hand == [] and [s.card for s in st.market] == market
    assert k(g, "1TRI1") in p.history  # the rest of the card still applies


def test_R133_acquire_civilised_may_take_a_dual_card():
    g, st = fresh(2)
    p = st.seats[0]
    p.empire = True
    set_market(g, st, "1REG6", "1UNC19", "1TRI2", "1TRI3", "1REG8", tuck=[1])
    hand(g, st, 0, "1ROM6")  # The Senate: MAY acquire 1 civilised
    play(g, st, "1ROM6")
    assert legal_now(g, st) == [g.action_space.card + k(g, "1UNC19"), A.END]
    pick(g, st, "1UNC19")
    assert k(g, "1UNC19") in p.hand


def test_R120_acquire_an_empire_card_while_barbarian():
    g, st = fresh(2)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1TRI2", "1CIV4", "1TRI3", "1REG8")
    hand(g, st, 0, "1ROM16")  # Advance: pay 3, acquire unc./civ.
    play(g, st, "1ROM16")
    act(g, st, A.OPTION)
    assert k(g, "1CIV4") in p.hand and not p.empire


def test_R139_R141_exile_returns_the_unrest_refills_and_spares_cards_with_tokens():
    g, st = fresh(2)
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8", tuck=[1, 3])
    st.market[3].tokens = {"progress": 1}
    under = st.market[1].unrest
    hand(g, st, 0, "1REG10")  # Steppe: exile 1 market card
    play(g, st, "1REG10")
    offered = {a - g.action_space.card for a in legal_now(g, st)}
    assert k(g, "1TRI3") not in offered  # R141: it has a token
    assert offered == {k(g, c) for c in ("1REG6", "1UNC3", "1CIV2", "1REG8")}
    pile = len(st.unrest)
    pick(g, st, "1UNC3")
    assert st.exile == [k(g, "1UNC3")]
    assert under in st.unrest + [st.market[1].unrest]  # R140.1
    assert st.market[1].card >= 0 and st.market[1].unrest >= 0  # R140.2-3
    assert len(st.unrest) == pile
    ok(g, st)


def test_R71_R73_R163_breaking_through_unpaid_is_played_for_nothing():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1UNC20", "1ROM16", "1ROM17")  # Diplomacy, Advance, Conquer
    p.materials, p.population, p.progress = 2, 0, 0
    p.actions = 4
    market = [s.card for s in st.market]
    for cid in ("1UNC20", "1ROM17"):  # 3 materials; 2 or 3 population: too few
        play(g, st, cid)  # played (R71): what cannot be paid gives nothing (R73, R163)
        assert top(st).kind == "activate" and k(g, cid) in p.discard
    assert (p.materials, p.population) == (2, 0) and [s.card for s in st.market] == market
    p.materials = 3  # now Advance's cheaper option only
    set_market(g, st, "1REG6", "1UNC3", "1TRI2", "1TRI3", "1REG8")
    play(g, st, "1ROM16")  # (the only option: no question)
    assert p.materials == 0 and k(g, "1UNC3") in p.hand


def test_R143_acquiring_from_the_exile_pile_brings_an_unrest():
    g, st = fresh(2)
    p = st.seats[0]
    for cid in ("1UNC3", "1REG6"):
        give(g, st, 0, cid)
        p.hand.remove(k(g, cid))
        st.exile.append(k(g, cid))
    pile = len(st.unrest)
    piles.acquire_from_exile(g, st, 0, k(g, "1UNC3"), [])  # an uncivilised card: + an unrest
    assert k(g, "1UNC3") in p.hand and len(st.unrest) == pile - 1
    assert "unrest" in g.cards[p.hand[-1]].suits
    piles.acquire_from_exile(g, st, 0, k(g, "1REG6"), [])  # a region: none (G9 adopted)
    assert p.hand[-1] == k(g, "1REG6") and len(st.unrest) == pile - 1
    ok(g, st)


def test_R142_replacing_a_market_card_from_the_exile_pile_real_greek_lighthouse():
    g = imperium()
    st = g.new(2, 0, {"nations": "Greeks,Romans"})
    p = st.seats[0]
    act(g, st, A.ACTIVATE)
    give(g, st, 0, "1GRE9", "play")  # Lighthouse: Exhaust: choose ...
    give(g, st, 0, "1UNC5")
    p.hand.remove(k(g, "1UNC5"))
    st.exile.append(k(g, "1UNC5"))  # an exiled uncivilised card
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8", tuck=[3])
    st.market[3].tokens = {"progress": 2}  # tokens: still replaceable (R141)
    under, pile = st.market[3].unrest, len(st.unrest)
    exhaust(g, st, "1GRE9")
    act(g, st, A.OPTION + 1)  # swap with the exile pile
    if purpose(st) == "take a card from the exile pile":
        pick(g, st, "1UNC5")
    pick(g, st, "1TRI3")
    s = st.market[3]
    assert s.card == k(g, "1UNC5") and k(g, "1TRI3") in st.exile  # R142.1-2
    assert s.tokens == {"progress": 2}  # R142.4
    assert s.unrest >= 0 and len(st.unrest) == pile  # R140.1, R142.3
    assert under in st.unrest + [s.unrest]
    assert g.check_invariants(st) == []


def test_E2_R155_find_a_region_in_any_area_real_viking_erik_the_red():
    g = imperium()
    st = g.new(2, 0, {"nations": "Vikings,Romans"})
    p = st.seats[0]
    act(g, st, A.ACTIVATE)
    give(g, st, 0, "1VIK17", "play")
    hand(g, st, 0, "1VIK21", "1REG6")
    give(g, st, 0, "1REG8", "discard")
    give(g, st, 0, "1REG9", "deck")
    play(g, st, "1VIK21")  # pay 1 pop, abandon, find a region
    while purpose(st) not in (None, "find a card"):
        act(g, st, legal_now(g, st)[0])
    offered = {a - g.action_space.card for a in legal_now(g, st)}
    assert {k(g, c) for c in ("1REG6", "1REG8", "1REG9")} <= offered  # hand, discard, deck
    pick(g, st, "1REG9")  # from the personal deck (R156)
    assert k(g, "1REG9") in p.hand
    assert g.cards[p.nation_deck[0]].location == "accession"  # R193
    assert g.check_invariants(st) == []


# --- 14. Paying: progress substitution (R163-R166) -------------------------------------------------------


def test_R165_E10_progress_stands_in_for_population_1_1_and_materials_2_1():
    g, st = fresh(2)
    p = st.seats[0]
    p.materials, p.population, p.progress = 2, 1, 2
    assert shared.can_pay(p, {"materials": 4, "population": 2})
    assert shared.pay(g, st, 0, {"materials": 4, "population": 2}, [])
    assert (p.materials, p.population, p.progress) == (0, 0, 0)
    p.materials, p.population, p.progress = 2, 1, 1
    assert not shared.can_pay(p, {"materials": 4, "population": 2})
    before = st.to_json()
    assert not shared.pay(g, st, 0, {"materials": 4, "population": 2}, [])
    assert st.to_json() == before


def test_R166_progress_is_spent_only_for_the_shortfall():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1UNC20")  # Diplomacy: spend 3 materials
    p.materials, p.progress = 3, 4
    play(g, st, "1UNC20")
    assert (p.materials, p.progress) == (0, 4)
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1UNC20")
    p.materials, p.progress = 1, 1  # 2 materials short: 1 progress
    play(g, st, "1UNC20")
    assert (p.materials, p.progress) == (0, 0)


# --- 15. Garrison, history, recall, abandon (R158, R167, R176-R185) --------------------------------------


def test_R176_R179_a_garrison_card_is_under_the_card_not_in_play():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1ROM20", "1CIV6", "1TRI8")  # Dalmatia: gain 1 pop, MAY garrison
    play(g, st, "1ROM20")
    assert purpose(st) == "garrison" and A.END in legal_now(g, st)
    pick(g, st, "1CIV6")
    assert p.garrison == {k(g, "1ROM20"): [k(g, "1CIV6")]}
    assert k(g, "1CIV6") not in p.play + p.hand and p.population == 3
    illegal(g, st, g.action_space.play + k(g, "1CIV6"), "R71")  # cannot be played ...
    illegal(g, st, g.action_space.exhaust + k(g, "1CIV6"), "R76")  # ... nor exhausted
    base = g.score_seat(st, 0).breakdown["cards"]
    count = scoring.unrest_count(g, st, 0)
    p.garrison[k(g, "1ROM20")].append(st.unrest.pop())  # a garrisoned unrest
    ok(g, st)
    assert g.score_seat(st, 0).breakdown["cards"] == base - 2  # scores (R179, R228)
    assert scoring.unrest_count(g, st, 0) == count  # ... not in collapse (G33)


def test_R177_R181_several_garrison_cards_and_garrisoning_under_a_region_in_play():
    g, st = fresh(2)
    p = st.seats[0]
    p.empire = True
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8")
    give(g, st, 0, "1ROM20", "play")  # Dalmatia in play
    under(g, st, 0, "1ROM20", "1TRI7")
    hand(g, st, 0, "1CIV15", "1TRI8")  # Cataphract
    play(g, st, "1CIV15")
    act(g, st, A.END)  # acquire nothing
    pick(g, st, "1ROM20")  # tuck Cataphract under Dalmatia
    assert p.population == 3  # Dalmatia's play effect ran
    pick(g, st, "1TRI8")  # ... and its garrison
    assert p.garrison[k(g, "1ROM20")] == [k(g, c) for c in ("1TRI7", "1CIV15", "1TRI8")]
    assert p.play == [k(g, "1ROM20")] and p.actions == 2
    ok(g, st)


def test_R176_no_garrison_cards_cannot_be_garrisoned():
    g, st = fresh(2)
    hand(g, st, 0, "1ROM20", "1ROM14", "1TRI8")  # Glory: cannot be garrisoned
    play(g, st, "1ROM20")
    assert set(legal_now(g, st)) == {g.action_space.card + k(g, "1TRI8"), A.END}


def test_R113_R179_a_garrison_cards_solstice_is_not_applied():
    g, st = fresh(2)
    p = st.seats[0]
    hand(g, st, 0, "1ROM20", "1CIV10")  # Coinage: Solstice: gain 2 materials
    play(g, st, "1ROM20")
    pick(g, st, "1CIV10")
    finish_turn(g, st)
    materials = p.materials
    pass_turn(g, st)
    assert st.round == 2 and p.materials == materials


def test_R158_R180_recall_brings_the_card_and_its_garrison_back_to_hand():
    g, st = fresh(2)
    p, q = st.seats
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8")
    give(g, st, 1, "1ROM20", "play")  # seat 1: Dalmatia with a garrison
    under(g, st, 1, "1ROM20", "1TRI8")
    hand(g, st, 0, "1ROM21")  # Roman Expansion: all others recall
    play(g, st, "1ROM21")
    pick(g, st, "1REG6")  # acquire a region ...
    act(g, st, A.END)  # ... and not a second one
    assert k(g, "1ROM20") in q.hand and k(g, "1TRI8") in q.hand
    assert q.play == [] and q.garrison == {}
    assert k(g, "1ROM21") in p.history and k(g, "1REG6") in p.hand
    ok(g, st)


def test_R167_R180_abandon_sends_the_card_and_its_garrison_to_the_discard_pile():
    g, st = fresh(2)
    p = st.seats[0]
    p.materials = 0
    for cid in ("1REG6", "1REG8", "1ROM20"):
        give(g, st, 0, cid, "play")
    under(g, st, 0, "1ROM20", "1TRI8")
    hand(g, st, 0, "1ROM14")  # Glory: abandon 3 regions
    play(g, st, "1ROM14")
    for cid in ("1REG6", "1ROM20"):
        pick(g, st, cid)
    assert p.play == [k(g, "1ROM14")] and p.garrison == {}
    assert {k(g, c) for c in ("1REG6", "1REG8", "1ROM20", "1TRI8")} <= set(p.discard)
    ok(g, st)


def test_R73_R163_glory_with_two_regions_abandons_none_and_sees_no_fame_card():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1REG6", "play")
    give(g, st, 0, "1REG8", "play")
    hand(g, st, 0, "1ROM14", "1TRI8")
    fame = list(st.fame)
    play(g, st, "1ROM14")
    assert [g.cards[c].id for c in p.play] == ["1REG6", "1REG8"] and st.fame == fame
    assert k(g, "1ROM14") in p.discard


def test_R183_R184_history_keeps_cards_that_still_score():
    g, st = fresh(2)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8")
    hand(g, st, 0, "1TRI11", "1FAM1")  # Hittites: ... then into history
    play(g, st, "1TRI11")
    act(g, st, A.BT_DECK)
    assert p.history == [k(g, "1TRI11")] and k(g, "1TRI11") not in p.discard
    before = g.score_seat(st, 0).breakdown["cards"]  # Praiseworthy in hand: 3
    p.hand.remove(k(g, "1FAM1"))  # ... 7 in history
    p.history.append(k(g, "1FAM1"))
    assert g.score_seat(st, 0).breakdown["cards"] == before + 4
    assert scoring.count(g, st, 0, Count(zone="history")) == 2


def test_R185_vikings_keep_no_history():
    g, st = fresh(2, nations=("Vikings", "Romans"))
    p = st.seats[0]
    hand(g, st, 0, "1TRI11")
    play(g, st, "1TRI11")
    act(g, st, A.BT_DECK)
    assert p.history == [] and k(g, "1TRI11") in p.discard


# --- 11. Solstice (R108-R114) --------------------------------------------------------------------------


def test_R68_R108_R114_solstice_after_the_last_turn_then_a_new_round():
    g, st = new(2)
    p, q = st.seats
    give(g, st, 0, "1CIV10", "play")  # Coinage: Solstice: gain 2 materials
    give(g, st, 1, "1CIV6", "play")  # Metropolis: Solstice: choose ...
    pass_turn(g, st)
    assert (st.turn, st.round, p.materials) == (1, 1, 3)  # no solstice yet
    act(g, st, A.REVOLT)
    finish_turn(g, st)
    assert top(st).seats == [1] and top(st).kind == "option"  # everyone's solstice
    assert p.materials == 5  # seat 0's, first (G25)
    act(g, st, A.OPTION + 1)  # Metropolis: gain 1 population
    assert q.population == 3
    assert (st.round, st.turn, top(st).kind, top(st).seats) == (2, 0, "turn", [0])


def test_R110_R111_a_MAY_solstice_effect_is_optional_and_all_effects_apply_R112():
    g, st = new(2)
    p = st.seats[0]
    give(g, st, 0, "1ROM19", "play")  # City of Rome: MAY discard 1 ...
    give(g, st, 0, "1CIV10", "play")  # Coinage
    pass_turn(g, st)
    pass_turn(g, st)
    assert top(st).kind == "card" and top(st).seats == [0]  # which first (R112)
    act(g, st, g.action_space.card + k(g, "1CIV10"))
    assert p.materials == 5 and top(st).kind == "may" and top(st).seats == [0]
    hand_size = len(p.hand)
    act(g, st, A.NO)
    assert len(p.hand) == hand_size and p.materials == 5  # Coinage applied, Rome declined
    assert st.round == 2


# --- 17. Game end: scoring triggers (R211-R221) ---------------------------------------------------------


def events_until_over(g, st):
    events = []
    while not st.over:
        assert top(st).kind == "turn"
        seat = st.turn
        events += g.apply(st, seat, A.REVOLT)
        while not st.over and st.stack and top(st).kind != "turn":
            why = purpose(st)
            events += act(
                g, st, A.END if why in ("discard at clean-up", "develop on reshuffle") else legal_now(g, st)[0]
            )
    return events


def test_R213_R219_G43_main_deck_empty_then_the_round_a_final_round_and_both_solstices():
    g, st = fresh(2)
    p = st.seats[0]
    give(g, st, 0, "1CIV10", "play")  # Coinage: +2 materials per solstice
    st.box += st.decks["main"][:-1]
    st.decks["main"] = st.decks["main"][-1:]
    hand(g, st, 0, "1REG10")  # Steppe: exile a market card
    play(g, st, "1REG10")
    act(g, st, g.action_space.card + st.market[3].card)  # its slot refills from the main deck
    assert st.decks["main"] == [] and st.scoring_triggered and not st.over
    assert "R213" in st.log_triggers[0]
    act(g, st, A.END)  # no garrison
    finish_turn(g, st)
    materials = p.materials
    events = events_until_over(g, st)
    kinds = [e["type"] for e in events]
    assert kinds.count("solstice") == 2 and kinds.count("final_round") == 1
    assert p.materials == materials + 4  # this round's and the final one's
    assert st.round == 2 and kinds[-1] == "game_over" and st.phase == "end"
    over = events[-1]
    assert over["scores"] == [s.total for s in g.scores(st)] and over["winners"] == g.winners(st)
    assert g.legal(st, 0) == [] and g.legal(st, 1) == []
    with pytest.raises(IllegalAction):
        g.apply(st, 0, A.ACTIVATE)


def test_R219_a_trigger_by_the_last_seat_still_gives_one_final_round():
    g, st = new(3)
    pass_turn(g, st)
    pass_turn(g, st)
    act(g, st, A.ACTIVATE)  # seat 2, the last of the round
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1REG8", "1UNC7")  # no tributary
    hand(g, st, 2, "1UNC20")  # Diplomacy: break through tributary
    tributary = next(x for x in st.decks["main"] if g.cards[x].suits[0] == "tributary")
    st.box += [x for x in st.decks["main"] if x != tributary]
    st.decks["main"] = [tributary]
    play(g, st, "1UNC20")  # variant 5 empties it (R137)
    assert tributary in st.seats[2].hand and st.scoring_triggered
    finish_turn(g, st)
    assert st.round == 2 and st.final_round and not st.over
    for _ in range(3):
        pass_turn(g, st)
    assert st.over and st.round == 2


def test_R220_a_second_trigger_changes_nothing():
    g, st = new(2)
    st.scoring_triggered = True
    st.log_triggers.append("test")
    pass_round(g, st)
    assert st.final_round and st.round == 2
    shared.trigger_end(st, "again", [])  # during the final round
    assert st.log_triggers == ["test", "again"]
    pass_round(g, st)
    assert st.over and st.round == 2


def test_R214_developing_the_last_development_card_triggers_scoring():
    g, st = fresh(2)
    p = st.seats[0]
    p.empire = True
    st.box += p.development[1:]
    last = p.development[0]
    p.development = [last]
    p.materials = p.population = p.progress = 10
    hand(g, st, 0)
    p.discard, p.deck = p.deck, []
    draw_by_coinage(g, st)
    pick(g, st, g.cards[last].id)
    assert p.development == [] and st.scoring_triggered and "R214" in st.log_triggers[0]
    assert not st.over


def glory(g, st, side="B"):
    """Seat 0 plays Glory (abandon 3 regions, look at 2 fame cards and take one)."""
    p = st.seats[0]
    for cid in ("1REG6", "1REG8", "1REG9"):
        give(g, st, 0, cid, "play")
    give(g, st, 0, "1ROM14")
    play(g, st, "1ROM14")
    for cid in ("1REG6", "1REG8"):
        pick(g, st, cid)
    return p


def test_R215_R221_R254_king_of_kings_side_A_then_B_once_per_player():
    g, st = fresh(2, power_side="B")  # no Roman fame passive (R243)
    p = st.seats[0]
    st.box += st.fame
    st.fame = []
    glory(g, st)
    assert p.progress == 1 + 6 and st.kok_side == "B"  # Barbarian: gain 6 progress
    assert st.scoring_triggered and "R215" in st.log_triggers[0] and not st.over  # R221
    assert top(st).kind == "activate"
    glory(g, st)  # side B, once for this player
    assert p.progress == 7 + 4 and p.used_kok_b
    glory(g, st)
    assert p.progress == 11 and st.kok_side == "B"
    ok(g, st)


def test_R254_king_of_kings_as_empire_gains_3_and_develops_for_free():
    g, st = fresh(2, power_side="B")
    p = st.seats[0]
    p.empire = True
    st.box += st.fame
    st.fame = []
    p.materials = p.population = 0
    glory(g, st)
    assert p.progress == 1 + 3 and purpose(st) == "develop"
    pick(g, st, "1ROM7")  # Rome: 3 materials + 3 population
    assert k(g, "1ROM7") in p.discard and p.progress == 4 and p.materials == 0


def test_E4_R255_the_last_face_down_fame_card_never_shows_king_of_kings():
    g, st = fresh(2, power_side="B")
    p = st.seats[0]
    st.box += st.fame[:-1]
    last = st.fame[-1]
    st.fame = [last]
    glory(g, st)  # look at 2: only the one is seen
    assert last in p.hand and st.fame == [] and st.kok_side == "A"
    assert not st.scoring_triggered


def test_R243_romans_A_look_at_one_more_fame_card_and_gain_progress():
    g, st = fresh(2)  # side A
    p = st.seats[0]
    glory(g, st)
    assert len(legal_now(g, st)) == 3 and p.progress == 2
    seen = [a - g.action_space.card for a in legal_now(g, st)]
    assert seen == st.fame[-3:]


def test_R101_R216_the_viking_zenith_card_triggers_the_end_without_flipping():
    g, st = fresh(2, nations=("Vikings", "Romans"))
    p = st.seats[0]
    hand(g, st, 0)
    p.discard += p.deck + p.nation_deck[1:]
    p.nation_deck, p.deck = p.nation_deck[:1], []
    draw_by_coinage(g, st)
    assert not p.empire and st.scoring_triggered and "R216" in st.log_triggers[0]


def test_R174_vikings_cannot_develop():
    g, st = fresh(2, nations=("Vikings", "Romans"))
    p = st.seats[0]
    p.empire = True  # as if by Combs (R122)
    hand(g, st, 0, "1TRI8")
    p.discard, p.deck = p.deck, []
    development = list(p.development)
    draw_by_coinage(g, st)
    assert top(st).kind == "activate" and p.development == development
    assert len(p.hand) == 2 and not p.dev_exhausted


# --- 17.2 Collapse (R222-R227) ---------------------------------------------------------------------------


def strip_unrest(g, st):
    """No unrest card in any player's zones (they go to the box), so tests can count."""
    for p in st.seats:
        for zone in ("hand", "deck", "discard", "play", "history"):
            cards = getattr(p, zone)
            st.box += [x for x in cards if "unrest" in g.cards[x].suits]
            cards[:] = [x for x in cards if "unrest" not in g.cards[x].suits]


def last_unrest(g, st, n=1):
    st.box += st.unrest[:-n]
    st.unrest = st.unrest[-n:]


def corruption(g, st):
    """Seat 0 (Empire) plays Corruption: all gain 2 materials, all others take an unrest,
    then seat 0 gains 1 progress."""
    st.seats[0].empire = True
    give(g, st, 0, "1CIV4")
    return play(g, st, "1CIV4")


def test_R222_R223_collapse_stops_the_game_at_once():
    g, st = fresh(2)
    p, q = st.seats
    strip_unrest(g, st)
    last_unrest(g, st)
    events = corruption(g, st)
    assert st.over and st.collapsed and st.phase == "end" and st.unrest == []
    assert q.materials == 5 and p.materials == 5  # done before the collapse
    assert p.progress == 1  # never done (R223)
    assert "collapse" in [e["type"] for e in events]
    assert events[-1]["type"] == "game_over" and events[-1]["unrest"] == [0, 1]
    assert events[-1]["winners"] == [0] and events[-1]["collapsed"]
    assert st.stack == [] and st.run == [] and g.legal(st, 0) == []
    assert g.winners(st) == [0]  # fewest unrest (R224)
    assert_illegal(g, st, 0, A.END, "end")


def test_R227_G34_the_last_unrest_tucked_under_a_market_card_collapses_too():
    g, st = fresh(2)
    p = st.seats[0]
    set_market(g, st, "1REG6", "1UNC3", "1CIV2", "1TRI3", "1REG8")
    last_unrest(g, st)
    hand(g, st, 0, "1TRI1")  # Armenians: acquire; refill tucks
    play(g, st, "1TRI1")
    assert st.over and st.collapsed and k(g, "1UNC3") in p.hand
    assert k(g, "1TRI1") not in p.history  # the rest of the card never ran
    assert st.market[1].unrest >= 0  # the last unrest belongs to no one


def test_R224_collapse_fewest_unrest_wins_whatever_the_vp():
    g, st = fresh(2)
    p, q = st.seats
    strip_unrest(g, st)
    last_unrest(g, st)
    p.discard.append(st.box.pop(st.box.index(k(g, "1ROM22"))))  # seat 0: 1 unrest
    q.progress = 50  # seat 1 far ahead in VP
    give(g, st, 1, "1GRE22", "history")  # seat 1: 1 in history (R224)
    give(g, st, 1, "1GRE23", "play")  # ... and 1 in play
    corruption(g, st)  # ... and takes the last one: 3
    assert st.collapsed and [scoring.unrest_count(g, st, s) for s in (0, 1)] == [1, 3]
    assert g.winners(st) == [0]
    # the search's final estimate ranks the collapse as the rules do, not by VP
    total = [s.total for s in g.scores(st)]
    assert total[1] > total[0] and g.estimate(st)[0] > g.estimate(st)[1]


def test_R225_G44_collapse_ties_go_to_vp_then_all_tied_players_win():
    g, st = fresh(2)
    p, q = st.seats
    strip_unrest(g, st)
    last_unrest(g, st)
    give(g, st, 0, "1ROM22", "deck")  # 1 each after seat 1 takes one
    p.progress = 40
    corruption(g, st)
    assert [scoring.unrest_count(g, st, s) for s in (0, 1)] == [1, 1]
    assert g.winners(st) == [0]
    scores = [s.total for s in g.scores(st)]
    q.progress += scores[0] - scores[1]
    assert g.winners(st) == [0, 1]


def test_R226_collapse_after_scoring_was_triggered_decides_by_unrest():
    g, st = fresh(2)
    q = st.seats[1]
    strip_unrest(g, st)
    last_unrest(g, st)
    st.scoring_triggered = True
    q.progress = 0
    st.seats[0].progress = 0
    give(g, st, 0, "1ROM22", "hand")
    give(g, st, 0, "1ROM23", "hand")
    corruption(g, st)
    assert st.collapsed and not st.final_round and g.winners(st) == [1]


def test_R237_R270_sumerians_return_unrest_before_a_collapse_is_decided():
    g, st = fresh(2)
    p, q = st.seats
    strip_unrest(g, st)
    last_unrest(g, st)
    give(g, st, 0, "1ROM22", "discard")  # seat 0: 1 unrest
    give(g, st, 1, "1TRI7", "hand")  # seat 1: Sumerians + 1 unrest ...
    give(g, st, 1, "1GRE22", "discard")
    corruption(g, st)  # ... + the last one = 2, returned
    assert st.collapsed
    assert [scoring.unrest_count(g, st, s) for s in (0, 1)] == [1, 0]
    assert g.winners(st) == [1]


# --- 18. Scoring (R228-R236) -----------------------------------------------------------------------------


def test_R228_nation_deck_and_development_area_score_nothing():
    g, st = new(2)
    p = st.seats[0]
    before = g.score_seat(st, 0)
    assert k(g, "1ROM3") in p.development  # Military Engineering: 3 VP
    p.development.remove(k(g, "1ROM3"))
    p.discard.append(k(g, "1ROM3"))
    assert g.score_seat(st, 0).breakdown["cards"] == before.breakdown["cards"] + 3
    nation = g.score_seat(st, 0).total
    unrest = [x for x in p.nation_deck if "unrest" in g.cards[x].suits]
    assert unrest  # -2 in the nation deck: not counted
    p.nation_deck.remove(unrest[0])
    p.deck.append(unrest[0])
    assert g.score_seat(st, 0).total == nation - 2


def test_R230_R231_progress_and_printed_vp():
    g, st = new(2)
    p = st.seats[0]
    strip_unrest(g, st)
    for cid in ("1TRI1", "1FAM6", "1ROM22"):  # 3, 11 and -2 VP
        give(g, st, 0, cid, "discard")
    p.progress = 7
    score = g.score_seat(st, 0)
    assert score.breakdown["progress"] == 7
    assert (
        score.breakdown["cards"]
        == sum(g.cards[x].vp for x in scoring.scoring_zones(p) if isinstance(g.cards[x].vp, int))
        == 12
    )
    assert score.total == 7 + 12 + score.breakdown["power"]


@pytest.mark.parametrize("cap", ["capped", "uncapped"])
def test_R233_G35_variable_vp_is_capped_at_10(cap):
    g, st = new(2, power_vp_cap=cap)
    p = st.seats[0]
    give(g, st, 0, "1CIV13", "hand")  # Mercenaries: 1 VP per 4 population
    p.population = 100
    before = st.to_json()
    score = g.score_seat(st, 0)
    assert scoring.card_vp(g, st, 0, k(g, "1CIV13"), g.cards[k(g, "1CIV13")].vp) == 10
    assert score.breakdown["power"] == (10 if cap == "capped" else 25)  # 1 per 4 population
    p.population = 8
    assert scoring.card_vp(g, st, 0, k(g, "1CIV13"), g.cards[k(g, "1CIV13")].vp) == 2
    assert g.score_seat(st, 0).breakdown["power"] == 2  # R234: the same tokens count twice
    p.population = 100
    assert st.to_json() == before  # R229, R234: nothing moves or is spent


def test_R235_R236_most_vp_wins_and_ties_share_the_win():
    g, st = new(3)
    scores = [s.total for s in g.scores(st)]
    for seat, p in enumerate(st.seats):
        p.progress += 20 - scores[seat]
    assert g.winners(st) == [0, 1, 2]
    st.seats[1].progress += 1
    assert g.winners(st) == [1]


@pytest.mark.parametrize("players,deck", [(2, "classics"), (4, "legends")])
def test_R228_R230_a_seats_card_points_are_each_scoring_cards_vp_summed(players, deck):
    """The score adds the VP of the cards whose VP stand alone at once and works out only the
    others; at every position of a played game it is each scoring card's VP (R228-R234) plus
    the power card's and the progress, as card by card."""
    g = imperium()
    st = g.new(players, 5, {"common_deck": deck})
    rng = random.Random(5)
    while not st.over:
        for seat, p in enumerate(st.seats):
            zones = scoring.scoring_zones(p)
            cards = sum(scoring.card_vp(g, st, seat, c, g.cards[c].vp, True, zones) for c in zones)
            assert g.card_points(st, seat)[0] == cards
            assert g.score_seat(st, seat).total == p.progress + sum(g.card_points(st, seat))
        seat = min(g.actors(st))
        g.apply(st, seat, rng.choice(g.legal(st, seat)))
