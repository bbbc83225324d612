"""What an analysis costs per decision (the table "Cost" of docs/analysis.md).

    .venv/bin/python bench/analysis_cost.py [--iterations 500] [--decisions 30]

For every game, decisions are sampled along seeded random games, two- and four-player games in
turn (each decision with more than one legal action kept with probability 0.02), and each is
evaluated as ``epochal analyse`` does (``sim.analysis.evaluate``: the search, then the options
in words); it prints the median CPU time per decision (``time.process_time``).
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package
from epochal.engine import get_game  # noqa: E402
from epochal.engine.rng import derive  # noqa: E402
from epochal.sim.analysis import evaluate  # noqa: E402


def sample(game, count: int, seed: int = 3) -> list:
    """``count`` (state, seat, action taken) along seeded random games of 2 and 4 players."""
    rng = random.Random(seed)
    picks: list = []
    g = 0
    while len(picks) < count:
        players = 2 if g % 2 == 0 else min(4, game.max_players)
        state = game.new(players, derive(seed, g), {})
        g += 1
        while not state.over and len(picks) < count:
            seat = min(game.actors(state))
            legal = game.legal(state, seat)
            if len(legal) > 1 and rng.random() < 0.02:
                picks.append((state.clone(), seat, rng.choice(legal)))
            game.apply(state, seat, rng.choice(legal))
    return picks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--decisions", type=int, default=30)
    args = parser.parse_args()
    for name in ["guns_and_steel", "hadara", "imperial_settlers", "imperium"]:
        game = get_game(name)
        times = []
        for i, (state, seat, taken) in enumerate(sample(game, args.decisions)):
            start = time.process_time()
            evaluate(game, state, seat, i, taken, (args.iterations, None), 1, "en")
            times.append(time.process_time() - start)
        print(f"{name}: {statistics.median(times):.3f} s per decision (median of {len(times)})", flush=True)


if __name__ == "__main__":
    main()
