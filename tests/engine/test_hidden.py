"""Hidden information across every game: what a decision says to the seats that do not decide
(F1), and which actions showed somebody a card and so cannot be taken back (F2).

The positions of F1 and F2 are replays of games in which the faults were found; their records
are in ``data/hidden_cases.json``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from epochal.engine import get_game
from epochal.engine.hidden import SpanRedeal, redeal, revealing
from epochal.engine.rng import derive

RECORDED_CARDS = {"imperium": 552}  # the cards in the game's list when its cases were recorded


def in_todays_ids(case: dict) -> dict:
    """The case with its action ids in today's id space. Imperium's card actions are blocks of
    one id per card (play, exhaust, choose), which grow as nations are added to the end of the
    card list; an id recorded with fewer cards is re-encoded by its block and card index. The
    Imperium cases were recorded again with both boxes' cards (552) and the rules as printed
    (R71: Activate no longer ends by itself while an unpaid card may be played; R112: the player
    orders their solstice effects), the same games with those decisions added."""
    n = RECORDED_CARDS.get(case["game"])
    game = get_game(case["game"])
    if n is None or n == game.n_cards:
        return case
    from epochal.games.imperium.actions import space

    recorded = space(n)

    def today(action: int) -> int:
        name, index = recorded.decode(action)
        return game.action_space.encode(name, *index)

    moves = [[seat, today(action)] for seat, action in case["actions"]]
    then = case["then"] and [case["then"][0], today(case["then"][1])]
    return {**case, "actions": moves, "then": then}


CASES = {
    name: in_todays_ids(case)
    for name, case in json.loads((Path(__file__).parent / "data" / "hidden_cases.json").read_text()).items()
}


def position(case: str):
    c = CASES[case]
    game = get_game(c["game"])
    state = game.new(c["players"], c["seed"])
    for seat, action in c["actions"]:
        game.apply(state, seat, action)
    return game, state, c["then"]


def test_marvellous_names_the_drawn_card_only_to_the_player_who_drew_it():
    """F1: Marvellous draws City of Carthage into seat 0's hand and asks what to do with it.
    Seat 0 reads the card's name; seat 1 and spectators read that a hidden card is decided on,
    in the view and in the table layout alike."""
    game, state, _ = position("F1_imperium_marvellous")
    drawn = next(c for c in game.cards if c.id == "1CAR2")
    assert state.stack[-1].seats == [0]
    assert game.cards.index(drawn) in state.seats[0].hand
    assert game.view(state, 0)["decision"]["purpose"] == f"{drawn.name}: discard / back on top / history"
    for seat in (1, None):
        text = json.dumps([game.view(state, seat), game.table_ui(state, seat)])
        assert drawn.name not in text and '"1CAR2"' not in text
        assert game.view(state, seat)["decision"]["purpose"] == "a hidden card: discard / back on top / history"


@pytest.mark.parametrize("case", [c for c in CASES if c.startswith("F2")])
def test_actions_that_show_the_actor_new_cards_are_revealing(case):
    """F2: the clean-up draw, a market refill, a break-through and the Lookout of the empire
    deck show the actor cards it had not seen, though none of their events is private."""
    game, state, (seat, action) = position(case)
    before = state.clone()
    game.apply(state, seat, action)
    assert revealing(game, before, seat, action, state, random.Random(1))


def test_playing_a_card_from_hand_is_not_revealing():
    """F2: the others see a card its player already knew: nothing for the player to exploit
    by taking the action back."""
    game = get_game("guns_and_steel")
    rng = random.Random(3)
    state = game.new(2, 3)
    played = 0
    while not state.over and played < 5:
        seat = rng.choice(game.actors(state))
        action = rng.choice(game.legal(state, seat))
        text = game.action_text(state, seat, action)
        before = state.clone()
        game.apply(state, seat, action)
        if text.startswith("play") and "technology" in text and len(game.actors(state)) == 1:
            played += 1
            assert not revealing(game, before, seat, action, state, random.Random(1)), text
    assert played


GAMES = [
    (name, players)
    for name in ("hadara", "imperium", "imperial_settlers", "guns_and_steel")
    for players in range(get_game(name).min_players, get_game(name).max_players + 1)
]


@pytest.mark.parametrize("name,players", GAMES, ids=[f"{n}-{p}p" for n, p in GAMES])
def test_an_action_not_found_revealing_shows_the_actor_nothing_hidden(name, players):
    """F2, checked against its definition with fresh re-deals: when ``revealing`` lets an
    action be taken back, the actor's view after it is the same whatever the cards it could
    not see were, so taking it back and choosing again gains the actor nothing."""
    game = get_game(name)
    rng = random.Random(derive(23, players))
    state = game.new(players, derive(23, players))
    undoable = 0
    while not state.over:
        seat = rng.choice(game.actors(state))
        action = rng.choice(game.legal(state, seat))
        if rng.random() > 0.25:
            game.apply(state, seat, action)
            continue
        before = state.clone()
        game.apply(state, seat, action)
        if revealing(game, before, seat, action, state, random.Random(rng.random())):
            continue
        undoable += 1
        view = game.view(state, seat)
        for _ in range(5):
            other = game.determinize(before, seat, random.Random(rng.random()))
            game.apply(other, seat, action)
            assert game.view(other, seat) == view, (
                f"{game.action_text(before, seat, action)!r} showed its actor a hidden card"
            )
    assert undoable


def test_the_fast_shuffle_deals_exactly_as_random_shuffle():
    """Re-deals shuffle with ``hidden.shuffle``: the same permutation as ``random.Random.shuffle``
    and the same draws from the generator, so a search's seed gives the deals it gave before."""
    from epochal.engine.hidden import shuffle

    for n in (0, 1, 2, 3, 7, 40, 150):
        for seed in range(20):
            mine, theirs = list(range(n)), list(range(n))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(mine, a)
            b.shuffle(theirs)
            assert mine == theirs and a.random() == b.random()
    rng = random.SystemRandom()  # any other generator is asked to shuffle itself
    items = list(range(10))
    shuffle(items, rng)
    assert sorted(items) == list(range(10))


@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=4))
def test_a_redeal_of_runs_deals_as_the_redeal_of_their_places(seed, lists):
    """``SpanRedeal`` (Imperium's hidden cards, in runs: a deck, a hand) deals the cards as
    ``redeal`` does place by place: the same draws, the same card in each place, and each card
    it follows mapped to the card now in its place; planned once, it deals so again and again."""
    base = [[10 * i + j for j in range(length)] for i, (length, _) in enumerate(lists)]
    starts = [min(start, length) for length, start in lists]  # the hidden run: cards[start:]
    spans = [(cards, start, len(cards)) for cards, start in zip(base, starts, strict=True)]
    hidden = [card for cards, start in zip(base, starts, strict=True) for card in cards[start:]]
    plan = SpanRedeal(base, [spans], follow=hidden[::2])
    runs_rng, places_rng = random.Random(seed), random.Random(seed)
    for _ in range(2):
        by_runs, by_places = [list(cards) for cards in base], [list(cards) for cards in base]
        moved_runs = plan.deal(by_runs, runs_rng)
        places = [(cards, j) for cards, start in zip(by_places, starts, strict=True) for j in range(start, len(cards))]
        moved_places = redeal({"hidden": places}, places_rng)
        assert by_runs == by_places
        assert set(moved_runs) == (set(hidden[::2]) if len(hidden) > 1 else set())
        assert {was: now for was, now in moved_runs.items() if was != now} == {
            was: now for was, now in moved_places.items() if was in moved_runs
        }
