"""Soak: `epochal simulate` with random agents over every game, player count and option value.

    .venv/bin/python bench/soak.py [--games 500] [--option-games 40] [--jobs 2]

For each game and player count it runs GAMES games with the first option set of
``Game.option_sets`` (the defaults; for Imperium and Imperial Settlers the first nation or empire
rotation), then OPTION_GAMES games with each of the others (every other value of every option).
Every run is the CLI as a person types it (``epochal simulate ... --json``) in its own process; the table it prints sums
games, decisions, seconds and errors. Any error, or a run that fails, is reported and makes the
exit code 1.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from epochal.engine import game_names, get_game  # noqa: E402

EPOCHAL = str(Path(sys.executable).parent / "epochal")


def runs(games: int, option_games: int) -> list[tuple[str, int, dict, int]]:
    out = []
    for name in game_names():
        game = get_game(name)
        for players in range(game.min_players, game.max_players + 1):
            for i, options in enumerate(game.option_sets()):
                out.append((name, players, options, option_games if i else games))
    return out


def simulate(name: str, players: int, options: dict, games: int) -> dict:
    cmd = [
        EPOCHAL,
        "simulate",
        name,
        "--players",
        str(players),
        "--games",
        str(games),
        "--seed",
        str(1000 + players),
        "--json",
    ]
    for key, value in options.items():
        cmd += ["-o", f"{key}={value}"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        return {"failed": done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]}
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--option-games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    todo = runs(args.games, args.option_games)
    started = time.time()
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda r: (r, simulate(*r)), todo))
    totals: dict[str, dict] = {}
    bad = 0
    for (name, players, options, _games), result in results:
        if "failed" in result or result["errors"]:
            bad += 1
            print(f"FAILED {name} {players}p {options}: {result.get('failed') or result['errors']}")
            continue
        row = totals.setdefault(name, {"counts": set(), "sets": 0, "games": 0, "decisions": 0, "seconds": 0.0})
        row["counts"].add(players)
        row["sets"] += 1
        row["games"] += result["games"]
        row["decisions"] += result["decisions"]
        row["seconds"] += result["seconds"]
    print("| game | players | runs (player count x option set) | games | decisions | engine seconds | errors |")
    print("|---|---|---|---|---|---|---|")
    for name, row in sorted(totals.items()):
        counts = sorted(row["counts"])
        print(
            f"| {name} | {counts[0]}-{counts[-1]} | {row['sets']} | {row['games']:,} | "
            f"{row['decisions']:,} | {row['seconds']:.1f} | 0 |"
        )
    print(f"wall time {time.time() - started:.0f} s, {len(todo)} runs, {bad} with errors")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
