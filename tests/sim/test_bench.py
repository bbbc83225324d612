"""epochal bench's counts: real choices, the single-answer decisions the engine answered itself,
and their total, checked against an independent count of the same games."""

from __future__ import annotations

import random

import pytest

from epochal.engine import game_names, get_game
from epochal.engine.rng import derive
from epochal.sim.bench import bench


def _replay_counts(game, players: int, seed: int, games: int, options) -> tuple[int, int]:
    """Play bench's games again (the same seeds and the same random choices, in the same order)
    counting every answer the game resolves, by whoever gave it: (answers to apply, all answers)."""
    resolved = 0
    resolve = game.resolve

    def counting(state, seat, action, events):
        nonlocal resolved
        resolved += 1
        return resolve(state, seat, action, events)

    rng = random.Random(seed)
    applied = 0
    game.resolve = counting  # advance reads self.resolve, so this sees its own answers too
    try:
        for g in range(games):
            state = game.new(players, derive(seed, g), options)
            while not state.over:
                seat = game.actors(state)[0]
                game.apply(state, seat, rng.choice(game.legal(state, seat)))
                applied += 1
    finally:
        del game.resolve
    return applied, resolved


@pytest.mark.parametrize("name", game_names())
def test_bench_counts_are_those_of_a_replay_of_its_games(name):
    game = get_game(name)
    players = game.min_players if game.min_players > 1 else 2
    report = bench(game, players, seconds=0.3, seed=3, options=game.configure(players, {}))
    assert report["games"] >= 1
    assert report["total"] == report["decisions"] + report["automatic"]
    applied, resolved = _replay_counts(game, players, 3, report["games"], game.configure(players, {}))
    assert report["decisions"] == applied
    assert report["total"] == resolved
    for key in ("decisions", "automatic", "total"):
        assert report[f"{key}_per_second"] == pytest.approx(report[key] / report["seconds"], rel=0.01, abs=0.1)


def test_the_engine_answers_single_answer_decisions_itself_and_counts_them():
    # Guns & Steel asks many decisions with a single answer (a seat with nothing to pay for, R83)
    game = get_game("guns_and_steel")
    report = bench(game, 2, seconds=0.3, seed=1, options=game.configure(2, {}))
    assert report["automatic"] > 0
    assert report["total_per_second"] > report["decisions_per_second"]
