"""Series of games: a game its agents never end is stopped and reported, not waited on."""

from __future__ import annotations

from epochal.engine import get_game, replay
from epochal.engine.rng import derive
from epochal.games.imperium import bots
from epochal.sim.simulate import play_game

STALLED = derive(1, 86), ["heuristic"] * 3, {"nations": "Utopians,Qin,Olmecs"}  # see bots.LATE_ROUND


def test_a_game_past_its_decision_limit_stops_with_an_error_and_a_record(monkeypatch):
    game = get_game("imperium")
    late = bots.LATE_ROUND
    monkeypatch.setattr(bots, "LATE_ROUND", 10**9)  # the bots as they were, in which
    monkeypatch.setattr(bots, "follows", None)  # this game never ends
    monkeypatch.setattr(type(game), "max_game_length", lambda self, players: 2500)
    assert game.decision_limit(3) == 2500
    result = play_game(game, 3, *STALLED)
    assert result.error is not None and result.error.startswith(
        "RuntimeError: the game did not end within 2500 decisions"
    )
    assert result.decisions == len(result.record.actions) == 2500
    state = replay(result.record, complete=False)  # the record reproduces where it stopped
    assert not state.over and state.round > late


def test_the_decision_limit_defaults_when_a_game_gives_no_bound():
    from epochal.engine.game import DEFAULT_MAX_GAME_LENGTH

    assert get_game("imperium").decision_limit(4) == DEFAULT_MAX_GAME_LENGTH
    hadara = get_game("hadara")
    assert hadara.decision_limit(5) == hadara.max_game_length(5)
