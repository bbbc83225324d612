"""Engine throughput of two commits, measured in one run: is a change within 10% of before?

    .venv/bin/python bench/compare.py BEFORE [AFTER] [--rounds 7] [--players 3]

Each commit is checked out into a temporary worktree. Every round plays, for each game, the same
seeded random games on both commits, one after the other, each in a fresh process, and measures
the CPU time of that process (so other work on the machine costs less than wall-clock time
would). The same seeds must give the same number of decisions on both sides: a change that plays
differently is reported as such. The result is the best round of each side (the least disturbed)
and the median.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"hadara": 150, "imperium": 60, "imperial_settlers": 60, "guns_and_steel": 60}  # games per round

# Runs in the child: the package from the worktree, not the editable install of this checkout.
CHILD = r"""
import json, random, sys, time
sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("__editable__")]
sys.path.insert(0, sys.argv[1])
from epochal.engine import get_game
name, players, n = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = get_game(name)
decisions = 0
t0 = time.process_time()
for seed in range(n):
    rng = random.Random(seed)
    st = game.new(players, seed)
    while not st.over:
        seat = rng.choice(game.actors(st))
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
        decisions += 1
print(json.dumps({"decisions": decisions, "cpu_s": time.process_time() - t0}))
"""


def measure(tree: Path, game: str, players: int, games: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(tree), game, str(players), str(games)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default="HEAD")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {}
        for side, rev in (("before", args.before), ("after", args.after)):
            trees[side] = Path(tmp) / side
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(trees[side]), rev], check=True
            )
        try:
            rates: dict[str, dict[str, list[float]]] = {g: {"before": [], "after": []} for g in GAMES}
            for _ in range(args.rounds):
                for game, n in GAMES.items():
                    counts = set()
                    for side, tree in trees.items():
                        r = measure(tree, game, args.players, n)
                        counts.add(r["decisions"])
                        rates[game][side].append(r["decisions"] / r["cpu_s"])
                    if len(counts) > 1:
                        print(f"{game}: the two commits play the same seeds differently", file=sys.stderr)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    print("| game | before: best / median | after: best / median | change (best) |")
    print("|---|---|---|---|")
    for game, sides in rates.items():
        b, a = max(sides["before"]), max(sides["after"])
        print(
            f"| {game} | {b:,.0f} / {statistics.median(sides['before']):,.0f} | "
            f"{a:,.0f} / {statistics.median(sides['after']):,.0f} | {100 * (a / b - 1):+.1f}% |"
        )


if __name__ == "__main__":
    main()
