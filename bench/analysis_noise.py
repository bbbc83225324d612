"""How much an analysis's win values move between seeds (the noise figures of docs/analysis.md).

    .venv/bin/python bench/analysis_noise.py

For every game, 15 decisions spread over a random two-player game and 15 over a four-player
one are evaluated with 500 iterations and seeds 1, 2, 3; it prints the mean, over the actions
visited at least 30 times under every seed, of the standard deviation of their ``win``, and the
same for ``win_before``.
"""

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package
from epochal.engine import get_game  # noqa: E402
from epochal.sim.analysis import evaluate  # noqa: E402

for name in ["guns_and_steel", "imperium", "imperial_settlers", "hadara"]:
    game = get_game(name)
    devs, before = [], []
    for players in (2, 4):
        rng = random.Random(players)
        state = game.new(players, 11 + players)
        picks = []
        while not state.over:
            seat = min(game.actors(state))
            legal = game.legal(state, seat)
            if len(legal) > 1:
                picks.append((state.clone(), seat, legal[0]))
            game.apply(state, seat, rng.choice(legal))
        step = max(1, len(picks) // 15)
        for st, seat, taken in picks[::step][:15]:
            evals = [evaluate(game, st, seat, 0, taken, (500, None), s) for s in (1, 2, 3)]
            before.append(statistics.pstdev(e.win_before for e in evals))
            for opt in evals[0].options:
                wins = []
                for e in evals:
                    o = next(o for o in e.options if o.action == opt.action)
                    if o.visits >= 30 and o.win is not None:
                        wins.append(o.win)
                if len(wins) == 3:
                    devs.append(statistics.pstdev(wins))
    sd, sd_before = statistics.mean(devs), statistics.mean(before)
    print(f"{name}: win sd {sd:.4f} over {len(devs)} actions, win_before sd {sd_before:.4f}", flush=True)
