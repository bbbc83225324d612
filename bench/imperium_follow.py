"""Imperium's heuristic bot against itself without ``follows`` (each action judged at one ply,
as before it followed the choices of its own effect): two players, both cores.

    .venv/bin/python bench/imperium_follow.py [--games 200] [--seed 2] [--control]

Each pair of games keeps its nations (the series rotation of block ``i // 2``) and swaps the two
bots between the seats, so each bot plays every nation as often as the other. ``--control``
seats the unfollowed bot on both sides, which must come out near 50%. Prints the followed bot's
wins (a shared win counts 1/k) with a 95% Wilson interval and the mean scores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def one(job: tuple[int, int, bool]) -> tuple[float, int, int]:
    from epochal.engine import get_game
    from epochal.engine.rng import derive
    from epochal.games.imperium.bots import HeuristicBot

    seed, i, control = job
    game = get_game("imperium")
    game_seed = derive(seed, i)
    followed = i % 2
    bots = [HeuristicBot(derive(game_seed, 1000 + s)) for s in range(2)]
    for seat in range(2):
        if seat != followed or control:
            bots[seat].follows = None
    st = game.new(2, game_seed, game.options_for_game(None, i // 2, 2))
    while not st.over:
        for seat in game.actors(st):
            game.apply(st, seat, bots[seat].choose(game, st, seat))
    winners = game.winners(st)
    scores = [s.total for s in game.scores(st)]
    return (1 / len(winners) if followed in winners else 0.0), scores[followed], scores[1 - followed]


def main() -> None:
    from epochal.sim.tournament import wilson

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--control", action="store_true", help="both bots unfollowed")
    args = parser.parse_args()
    with ProcessPoolExecutor(2) as pool:
        results = list(pool.map(one, [(args.seed, i, args.control) for i in range(args.games)]))
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, args.games)
    print(
        f"followed wins {wins:g} of {args.games} = {100 * wins / args.games:.1f}% "
        f"[{100 * low:.1f}%, {100 * high:.1f}%]; mean score "
        f"{statistics.mean(r[1] for r in results):.1f} vs {statistics.mean(r[2] for r in results):.1f}"
    )


if __name__ == "__main__":
    main()
