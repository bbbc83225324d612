"""The search's estimate of a Hadara position (``HadaraRules.estimate``): the final scores at the
end (R96), and in between the score plus what coins, income still to come and tracks will bring
(weights fitted by bench/hadara_estimate.py)."""

from __future__ import annotations

import random

import pytest

from epochal.games.hadara.rules import ESTIMATE, estimate_features
from tests.games.hadara.scenario import blank, fresh


def test_at_the_end_the_estimate_is_the_final_score_R96():
    game, st = fresh(3, seed=4)
    rng = random.Random(4)
    while not st.over:
        seat = game.actors(st)[0]
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
    assert game.estimate(st) == [float(s.total) for s in game.scores(st)]


@pytest.mark.parametrize("epoch,step", [(1, "A2"), (2, "B3"), (3, "A4"), (3, "B5")])
def test_a_coin_or_a_track_point_more_is_never_worth_less_and_moves_only_its_seat(epoch, step):
    game, st = blank(2, epoch=epoch, step=step)
    before = game.estimate(st)
    for what in ("coins", 0, 1, 2, 3):
        richer = st.clone()
        if what == "coins":
            richer.seats[0].coins += 1
        else:
            richer.seats[0].tracks[what] += 1
        after = game.estimate(richer)
        assert after[0] >= before[0] and after[1] == before[1], what


def test_every_epoch_and_phase_has_weights_and_the_points_held_count_in_full():
    assert set(ESTIMATE) == {(e, p) for e in (1, 2, 3) for p in "AB"}
    for weights in ESTIMATE.values():
        assert weights[1] == 1.0 and min(weights[2:]) >= 0


@pytest.mark.parametrize("players", [2, 5])
def test_the_estimate_weighs_the_fitted_features_and_the_points_are_the_score_without_coins_R96(players):
    """The estimate, written out for speed, is the fit's sum of weights times
    ``estimate_features`` (what bench/hadara_estimate.py fits), and the points it adds up are the
    score's rows but the coins, at every position of a played game."""
    game, st = fresh(players, seed=7)
    rng = random.Random(7)
    while not st.over:
        if st.seats[0].base:
            weights = ESTIMATE[(max(st.epoch, 1), "B" if st.step.startswith("B") else "A")]
            fitted = [
                weights[0] + sum(w * x for w, x in zip(weights[1:], estimate_features(game, st, s), strict=True))
                for s in range(players)
            ]
            assert game.estimate(st) == pytest.approx(fitted, abs=1e-9)
            for seat in st.seats:
                score = game.score_seat(st, seat)
                assert sum(game.points(st, seat)) == score.total - score.breakdown["coins"]
        seat = game.actors(st)[0]
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
