"""The watches between operations (G24): Palace of Poseidon's "when no … is left" (when_gone)
and the Utopians' unrest each time the personal deck runs out (R208) are looked at after every
operation. A game whose cards include no such watcher skips that look; it must play exactly as
if it looked."""

from __future__ import annotations

import random

import msgspec

from epochal.games.imperium.state import ImperiumState
from tests.games.imperium.scenario import imperium


def new(nations: str, players: int = 3, seed: int = 1, **options):
    game = imperium()
    return game, game.new(players, seed, {"nations": nations, **options})


def test_the_setup_watches_only_what_the_games_cards_can_trigger():
    _, st = new("Romans,Celts,Greeks")
    assert (st.watch_play, st.watch_decks) == (False, False)
    _, st = new("Olmecs,Qin,Atlanteans", common_deck="legends")  # Palace of Poseidon
    assert (st.watch_play, st.watch_decks) == (True, False)
    _, st = new("Utopians,Arthurians,Egyptians", common_deck="legends")  # R208
    assert (st.watch_play, st.watch_decks) == (False, True)


def test_a_state_stored_before_the_watch_flags_looks_as_before():
    game, st = new("Romans,Celts,Greeks")
    raw = msgspec.json.decode(st.to_json())
    del raw["watch_play"], raw["watch_decks"]
    old = msgspec.json.decode(msgspec.json.encode(raw), type=ImperiumState)
    assert (old.watch_play, old.watch_decks) == (True, True)


def test_skipping_the_watch_plays_exactly_as_looking():
    """The same random answers on a game that skips the watches and on its copy that looks:
    the same legal lists and events at every step, the same end."""
    for nations in ("Romans,Celts,Greeks", "Egyptians,Mauryans,Minoans"):
        game, skipping = new(nations, common_deck="legends")
        looking = skipping.clone()
        looking.watch_play = looking.watch_decks = True
        rng = random.Random(7)
        while not skipping.over:
            seat = game.actors(skipping)[0]
            legal = game.legal(skipping, seat)
            assert game.legal(looking, seat) == legal
            action = rng.choice(legal)
            assert game.apply(skipping, seat, action) == game.apply(looking, seat, action)
        assert looking.over and [s.total for s in game.scores(looking)] == [s.total for s in game.scores(skipping)]
