"""The engine battery: every registered game, player count and option set meets one contract.

A new game gets all of this by registering. Each check names the promise it holds the game to.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from epochal.engine import IllegalAction, game_names, get_game, new_record, replay_states
from epochal.engine.rng import derive
from epochal.games import _template

# Every registered game, and the template game that shows a new game's shape.
GAMES = {**{name: get_game(name) for name in game_names()}, "template": _template.make_game()}
CONFIGS = [
    (name, players, options)
    for name, game in GAMES.items()
    for players in range(game.min_players, game.max_players + 1)
    for options in game.option_sets()
]
IDS = [f"{n}-{p}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "default") for n, p, o in CONFIGS]
# make check runs every player count with the default options and every other option value at
# the fewest players; the other combinations are marked slow (make test runs them all).
PARAMS = [
    pytest.param(
        name, players, options, marks=pytest.mark.slow if options and players > GAMES[name].min_players else ()
    )
    for name, players, options in CONFIGS
]


def random_game(game, players, seed, options, on_step=None):
    """Play a random game to the end; ``on_step(state, seat, legal)`` runs before each action."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    record = new_record(game, state, seed, ["random"] * players)
    while not state.over:
        actors = game.actors(state)
        assert actors, "a game that is not over must have a seat to act"
        seat = rng.choice(actors)
        legal = game.legal(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        if on_step:
            on_step(state, seat, legal, rng)
        action = rng.choice(legal)
        game.apply(state, seat, action)
        record.actions.append((seat, action))
        assert len(record.actions) < 20_000, "the game does not end"
    record.scores = [s.total for s in game.scores(state)]
    return state, record


@pytest.mark.parametrize("name,players,options", PARAMS, ids=IDS)
def test_random_games_finish_and_keep_invariants(name, players, options):
    game = GAMES[name]

    def check(state, seat, legal, rng):
        assert game.check_invariants(state) == []
        assert len(set(legal)) == len(legal), "legal actions are distinct"
        assert all(0 <= a < game.num_actions for a in legal)

    for i in range(6):
        state, _ = random_game(game, players, derive(99, i), options, check)
        assert game.check_invariants(state) == []
        scores = game.scores(state)
        assert len(scores) == players
        assert game.winners(state)


@pytest.mark.parametrize("name,players,options", PARAMS, ids=IDS)
def test_legal_apply_illegal_rejects_and_changes_nothing(name, players, options):
    game = GAMES[name]
    counter = {"steps": 0}

    def check(state, seat, legal, rng):
        counter["steps"] += 1
        if counter["steps"] % 7:
            return
        before = state.to_json()
        for action in legal:  # every listed action applies
            game.apply(state.clone(), seat, action)
        legal_set = set(legal)
        candidates = [a for a in range(game.num_actions) if a not in legal_set]
        for action in rng.sample(candidates, min(25, len(candidates))) + [-1, game.num_actions]:
            with pytest.raises(IllegalAction) as info:
                game.apply(state, seat, action)
            assert info.value.rule, "an illegal action names its rule"
        for bad in ("7", None, 1.5, True):
            with pytest.raises(IllegalAction):
                game.apply(state, seat, bad)
        others = [s for s in range(players) if s not in game.actors(state)]
        for other in others[:1]:  # out of turn
            with pytest.raises(IllegalAction):
                game.apply(state, other, legal[0])
        with pytest.raises(IllegalAction):
            game.apply(state, players, legal[0])  # no such seat
        assert state.to_json() == before, "a rejected action changed the state"

    random_game(game, players, derive(7, players), options, check)


@pytest.mark.parametrize("name,players,options", PARAMS, ids=IDS)
def test_clone_json_and_replay(name, players, options):
    game = GAMES[name]
    state_cls = type(game.new(players, 1, options))

    def check(state, seat, legal, rng):
        if rng.random() > 0.1:
            return
        before = state.to_json()
        copy = state.clone()
        game.apply(copy, seat, rng.choice(legal))  # mutating a clone never touches the original
        assert state.to_json() == before
        again = state_cls.from_json(before)  # JSON round-trip is exact
        assert again.to_json() == before
        assert game.legal(again, seat) == legal

    final, record = random_game(game, players, derive(5, players), options, check)
    replayed = list(s.to_json() for s in replay_states(record, game=game))
    assert replayed[-1] == final.to_json(), "replay reproduces the final state"
    # replay again from JSON text of the record: reproduces every state
    from epochal.engine import parse_record

    again = [s.to_json() for s in replay_states(parse_record(record.to_json()), game=game)]
    assert again == replayed


def card_words(game) -> list[str]:
    """Every card id and card name of the game (names of at least four letters: shorter ones
    are words of the rules as well)."""
    words = set(game.card_ids())
    for entry in game.card_catalog():
        for key in ("name", "name_ru"):
            if isinstance(entry.get(key), str) and len(entry[key]) >= 4:
                words.add(entry[key])
    return sorted(words)


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


@pytest.mark.parametrize("name,players,options", PARAMS, ids=IDS)
def test_views_match_a_redealt_state(name, players, options):
    """No view shows a hidden card (issue F1). Each seat's view of the true state, and the
    descriptions of its legal actions (``describe_action``), equal those of states in which
    every card it cannot see is re-dealt: hands, decks, and the cards running effects hold on
    to, every reference following its card. A text or field naming a hidden card differs
    between the two. Decisions hold no card's name in their texts (they
    refer to cards by index and the view words them per seat), so no stored sentence escapes
    the comparison."""
    game = GAMES[name]
    words = card_words(game)
    thorough = not options

    def check(state, seat, legal, rng):
        for decision in state.stack:
            for text in strings(decision.args):
                named = [w for w in words if w in text]
                assert not named, f"decision {decision.kind} names card {named[0]!r} in {text!r}"
        # With the default options every effect's decision (where a card may be held back),
        # else a sample of decisions.
        sample = rng.random() < 0.15
        if not sample and not (thorough and state.stack[-1].args):
            return
        json.dumps(game.view(state, None))
        for s in range(players):
            view = game.view(state, s)
            json.dumps(view)
            det = game.determinize(state, s, random.Random(rng.random()))
            assert game.view(det, s) == view, "a view depends on a card its seat cannot see"
            mine = game.legal(state, s)
            described = [game.describe_action(state, s, a) for a in mine]
            json.dumps(described)
            assert [game.describe_action(det, s, a) for a in mine] == described, (
                "an action's description depends on a card its seat cannot see"
            )
            # A re-deal of a re-deal equals a re-deal of the true state with the same generator:
            # a search that starts each iteration from a re-deal (ISMCTS, the analysis) then
            # depends only on what the seat sees, and the state's generator is re-seeded too.
            again = game.determinize(det, s, random.Random(7))
            assert again.to_json() == game.determinize(state, s, random.Random(7)).to_json(), (
                "a re-deal depends on where the cards its seat cannot see really lie"
            )
            assert again.rng != state.rng, "a re-deal keeps the true future draws"
            if sample:
                assert game.check_invariants(det) == []
                for action in game.legal(det, s)[:3]:  # a re-dealt state is a playable state
                    game.apply(det.clone(), s, action)

    random_game(game, players, derive(11, players), options, check)


@pytest.mark.parametrize(
    "name,players", [(n, p) for n, g in GAMES.items() for p in sorted({g.min_players, g.max_players})]
)
def test_a_dealer_deals_what_determinize_deals(name, players):
    """A search re-deals its root through ``dealer``, which may plan the deals once: each of its
    deals must be ``determinize``'s from the same draws, and planning and dealing leave the
    root as it was."""
    game = GAMES[name]

    def check(state, seat, legal, rng):
        if rng.random() >= 0.1:
            return
        before = state.to_json()
        for s in range(players):
            seed = rng.random()
            deal, planned, fresh = game.dealer(state, s), random.Random(seed), random.Random(seed)
            for _ in range(3):
                assert deal(planned).to_json() == game.determinize(state, s, fresh).to_json()
            assert planned.random() == fresh.random()
        assert state.to_json() == before, "a dealer changed the state it deals from"

    random_game(game, players, derive(5, players), {}, check)


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=15, deadline=None)
@given(seed=hst.integers(min_value=0, max_value=2**63 - 1), players=hst.integers(0, 9))
def test_same_seed_same_game(name, seed, players):
    game = GAMES[name]
    if not game.min_players <= players <= game.max_players:
        from epochal.engine import OptionError

        with pytest.raises(OptionError):
            game.new(players, seed)
        return
    a, ra = random_game(game, players, seed, None)
    b, rb = random_game(game, players, seed, None)
    assert ra.actions == rb.actions and a.to_json() == b.to_json()


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=10, deadline=None)
@given(seed=hst.integers(min_value=0, max_value=2**32), plies=hst.integers(0, 40))
def test_random_plies_play_what_apply_plays(name, seed, plies):
    """A search's rollout (``random_plies``) skips apply's outside checks: it must still play,
    draw for draw, the game that apply with ``rng.choice`` of the lowest waiting seat's legal
    actions plays, from any point of a game."""
    game = GAMES[name]
    start = game.new(game.min_players, seed)
    warm = random.Random(seed)
    for _ in range(warm.randrange(60)):
        if start.over:
            break
        seat = min(game.actors(start))
        game.apply(start, seat, warm.choice(game.legal(start, seat)))
    fast, slow = start.clone(), start.clone()
    game.random_plies(fast, random.Random(seed), plies)
    rng = random.Random(seed)
    for _ in range(plies):
        if slow.over:
            break
        seat = min(game.actors(slow))
        game.apply(slow, seat, rng.choice(game.legal(slow, seat)))
    assert fast.to_json() == slow.to_json()
