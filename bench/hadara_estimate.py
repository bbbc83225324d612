"""Fit Hadara's search estimate (``HadaraRules.estimate``): the final score a seat is heading for,
as a linear function of what it has, per epoch and phase.

    .venv/bin/python bench/hadara_estimate.py [--games 1500] [--seed 5]

Plays seeded two- and four-player games (each move the heuristic bot's with probability 0.8,
else a random legal one, as positions in a search are), samples positions, and for each seat
notes its score without the coins, its coins, its income times the income steps still to come,
and its military, culture and food tracks, with its final score. A least-squares
fit per (epoch, phase) gives the weights ``rules.ESTIMATE`` holds; the script prints them as that
table, with the share of the final scores' variance each fit explains beside the old estimate's
(the score plus coins and the income to come at 1/5 VP each). A weight the fit makes negative
(a few tenths, in the epochs that predict least) is set to 0: more of a track is never worse.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from epochal.agents import make_agent  # noqa: E402
from epochal.engine import get_game  # noqa: E402
from epochal.engine.rng import derive  # noqa: E402
from epochal.games.hadara.rules import estimate_features  # noqa: E402
from epochal.games.hadara.state import STEPS  # noqa: E402

NAMES = ("1", "score", "coins", "income_left", "military", "culture", "food")


def samples(game, players: int, games: int, seed: int) -> list[tuple[int, str, list[float], int]]:
    out = []
    for g in range(games):
        agents = [make_agent("heuristic", game, seed=g * 10 + s) for s in range(players)]
        st = game.new(players, derive(seed, g))
        rng = random.Random(g)
        seen = []
        while not st.over:
            seat = game.actors(st)[0]
            if st.epoch >= 1 and st.step in STEPS and rng.random() < 0.15:
                seen += [(st.epoch, st.step[0], s, estimate_features(game, st, s)) for s in range(players)]
            mine = agents[seat].choose(game, st, seat) if rng.random() < 0.8 else rng.choice(game.legal(st, seat))
            game.apply(st, seat, mine)
        final = [s.total for s in game.scores(st)]
        out += [(e, phase, f, final[s]) for e, phase, s, f in seen]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    game = get_game("hadara")
    rows = samples(game, 2, args.games, args.seed) + samples(game, 4, args.games // 2, args.seed + 1)
    print("ESTIMATE = {  # (epoch, phase) -> weights of", ", ".join(NAMES))
    for epoch in (1, 2, 3):
        for phase in ("A", "B"):
            part = [(f, y) for e, p, f, y in rows if e == epoch and p == phase]
            x = np.array([[1.0, *f] for f, _ in part])
            y = np.array([y for _, y in part], dtype=float)
            # The points a seat has are banked: weight 1. The rest of the final score is what
            # coins, income and tracks bring. (Counts of cards, colonies or statues add nothing
            # of their own: their VP are in the score and their tracks in the tracks, and a
            # weight for them only echoed who bought them in these games.)
            coef, *_ = np.linalg.lstsq(x[:, [0, 2, 3, 4, 5, 6]], y - x[:, 1], rcond=None)
            coef = np.r_[coef[0], 1.0, np.maximum(coef[1:], 0.0)]  # more of a track is never worse
            explained = 1 - ((y - x @ coef) ** 2).sum() / ((y - y.mean()) ** 2).sum()
            old = x[:, 1] + (x[:, 2] + x[:, 3]) / 5
            before = np.corrcoef(old, y)[0, 1] ** 2
            weights = ", ".join(f"{c:.2f}" for c in coef)
            note = f"{len(part)} positions, R² {explained:.2f} (old {before:.2f})"
            print(f'    ({epoch}, "{phase}"): ({weights}),  # {note}')
    print("}")


if __name__ == "__main__":
    main()
