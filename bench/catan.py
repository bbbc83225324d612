"""Random-play decisions per CPU second, every game against Catanatron's four-player random Catan.

    make bench                        # installs .[bench] (catanatron==3.2.1), then runs this
    .venv/bin/python bench/catan.py [--seconds 2] [--rounds 3] [--only GAME] [--json]

The yardstick is Catanatron 3.2.1 (bcollazo/catanatron), four ``RandomPlayer``s, its own loop:
``game.play()`` calls ``play_tick`` until a colour has 10 VP or 1,000 turns have passed, and each
tick is one decision: the current player picks one of ``state.playable_actions`` and the game
executes it. A tick with a single playable action is still a tick (rolling the dice when no
development card can be played, ending a turn with nothing to build, a discard), so Catanatron's
count includes its forced steps. Here the loop is ``play()``'s loop without its two copies of the
game for accumulators, and it notes which ticks had one option.

Epochal's side is ``epochal bench``'s loop: the first waiting seat answers with a random legal
action (``apply``), and the engine answers every decision that has a single answer itself inside
``apply`` (``Game.answered`` counts them). Two counts compare like with like:

* total: every decision, forced or not: Catanatron's ticks; Epochal's answers to ``apply`` plus
  the single answers the engine gave itself. The bar is read on this count.
* choices: only the decisions with at least two options: Catanatron's ticks with more than one
  playable action; Epochal's answers to ``apply`` whose legal list had more than one action.

Each round measures every configuration against Catanatron: two fresh processes (imports and
the first game's set-up not counted), one playing Catanatron's games and one the configuration's,
seeded from 1 on, take turns (ABAB...) in ``--slices`` slices of ``--seconds / --slices`` seconds
of their own CPU time (``time.process_time``), each resuming its game where its last slice
stopped. So both sides see the same load on a shared machine, and the round's ratio is the
ratio of their rates summed over the slices; the figure is the median of the rounds' ratios.
Imperium and Imperial Settlers rotate their nations and empires from game to game, as
``epochal simulate`` does.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Every game at its smallest and largest player count; Imperium with each box's common deck and
# Guns & Steel with each theme, since the boxes play different cards.
CONFIGS: list[tuple[str, int, dict]] = [
    ("hadara", 2, {}),
    ("hadara", 5, {}),
    ("imperium", 2, {"common_deck": "classics"}),
    ("imperium", 4, {"common_deck": "classics"}),
    ("imperium", 2, {"common_deck": "legends"}),
    ("imperium", 4, {"common_deck": "legends"}),
    ("imperial_settlers", 1, {}),
    ("imperial_settlers", 2, {}),
    ("imperial_settlers", 4, {}),
    ("guns_and_steel", 2, {"theme": "new_world"}),
    ("guns_and_steel", 4, {"theme": "new_world"}),
    ("guns_and_steel", 2, {"theme": "renaissance"}),
    ("guns_and_steel", 4, {"theme": "renaissance"}),
    ("guns_and_steel", 2, {"theme": "combined"}),
    ("guns_and_steel", 4, {"theme": "combined"}),
]
BAR = 2.0


STRIDE = 64  # decisions between two looks at the clock (a look costs about a microsecond)


def catanatron_steps():
    """Catanatron's random games, one after another: yields (decisions, choices) every STRIDE
    ticks, and at the end of each game."""
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    seed = 0
    while True:
        seed += 1
        game = Game([RandomPlayer(c) for c in colors], seed=seed)  # seeds random, which RandomPlayer uses
        state = game.state
        ticks = single = 0
        while game.winning_color() is None and state.num_turns < TURNS_LIMIT:
            if len(state.playable_actions) == 1:
                single += 1
            game.play_tick()
            ticks += 1
            if ticks == STRIDE:
                yield ticks, ticks - single
                ticks = single = 0
        yield ticks, ticks - single


def epochal_steps(name: str, players: int, options: dict):
    """``epochal bench``'s random games, one after another: yields (decisions, choices) every
    STRIDE answers to apply, and at the end of each game."""
    import random

    from epochal.engine import get_game
    from epochal.engine.rng import derive

    game = get_game(name)
    options = game.configure(players, options)
    rng = random.Random(1)
    g = 0
    answered = game.answered  # the single answers the engine gives itself, in new and apply
    while True:
        state = game.new(players, derive(1, g), game.options_for_game(options, g, players))
        g += 1
        applied = single = 0
        while not state.over:
            seat = game.actors(state)[0]
            legal = game.legal(state, seat)
            if len(legal) == 1:
                single += 1
            game.apply(state, seat, rng.choice(legal))
            applied += 1
            if applied == STRIDE:
                now = game.answered
                yield applied + now - answered, applied - single
                answered, applied, single = now, 0, 0
        now = game.answered
        yield applied + now - answered, applied - single
        answered = now


def child(argv: list[str]) -> None:
    """A measuring process: reads a number of CPU seconds per line, plays that long (resuming
    where the last slice stopped) and answers with what it did."""
    if argv[0] == "catanatron":
        steps = catanatron_steps()
    else:
        # the package of this checkout, whatever the environment has installed in editable mode
        sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("__editable__")]
        sys.path.insert(0, str(ROOT))
        steps = epochal_steps(argv[1], int(argv[2]), json.loads(argv[3]))
    next(steps)  # imports and the first game's set-up are not measured
    print("ready", flush=True)
    for line in sys.stdin:
        seconds = float(line)
        total = choices = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            t, c = next(steps)
            total += t
            choices += c
        cpu = time.process_time() - start
        print(json.dumps({"total": total, "choices": choices, "cpu": cpu}), flush=True)


class Worker:
    def __init__(self, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--child", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert self.proc.stdout is not None and self.proc.stdin is not None
        if self.proc.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the measuring process {args} did not start")

    def run(self, seconds: float) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{seconds}\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def measure_pair(name: str, players: int, options: dict, seconds: float, slices: int) -> tuple[dict, dict]:
    """Catanatron and one configuration, each in its own fresh process, taking turns in slices
    of ``seconds / slices`` CPU seconds (ABAB...): both see the same load on the machine."""
    cat, ours = Worker("catanatron"), Worker("epochal", name, str(players), json.dumps(options))
    sums = [{"total": 0, "choices": 0, "cpu": 0.0}, {"total": 0, "choices": 0, "cpu": 0.0}]
    try:
        for _ in range(slices):
            for side, worker in enumerate((cat, ours)):
                for key, value in worker.run(seconds / slices).items():
                    sums[side][key] += value
    finally:
        cat.close()
        ours.close()
    return sums[0], sums[1]


def machine() -> dict:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if "model name" in line
        ),
        platform.processor(),
    )
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "catanatron": metadata.version("catanatron"),
        "load_before": os.getloadavg()[0],
    }


def label(name: str, options: dict) -> str:
    return name + "".join(f" {v}" for v in options.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--slices", type=int, default=10, help="turns each side takes per measurement")
    parser.add_argument("--only", action="append", help="one game (repeatable); default: all")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    configs = [c for c in CONFIGS if not args.only or c[0] in args.only]
    info = machine()
    wall = time.perf_counter()
    runs: list[list[tuple[dict, dict]]] = [[] for _ in configs]
    for r in range(args.rounds):
        for i, (name, players, options) in enumerate(configs):
            cat, ours = measure_pair(name, players, options, args.seconds, args.slices)
            runs[i].append((cat, ours))
            print(
                f"round {r + 1}: {label(name, options)} {players}p "
                f"{ours['total'] / ours['cpu']:,.0f}/s against {cat['total'] / cat['cpu']:,.0f}/s",
                file=sys.stderr,
            )
    info["load_after"] = os.getloadavg()[0]
    info["wall_seconds"] = round(time.perf_counter() - wall, 1)
    rows = []
    for (name, players, options), pairs in zip(configs, runs, strict=True):
        row: dict = {"game": name, "players": players, "options": options}
        for count in ("total", "choices"):
            ours = [o[count] / o["cpu"] for _, o in pairs]
            cat = [c[count] / c["cpu"] for c, _ in pairs]
            row[count] = {
                "epochal_per_cpu_second": round(statistics.median(ours)),
                "catanatron_per_cpu_second": round(statistics.median(cat)),
                "ratio": round(statistics.median(o / c for o, c in zip(ours, cat, strict=True)), 2),
                "ratios": [round(o / c, 2) for o, c in zip(ours, cat, strict=True)],
            }
        row["epochal_forced_share"] = round(
            1 - sum(o["choices"] for _, o in pairs) / sum(o["total"] for _, o in pairs), 3
        )
        row["catanatron_forced_share"] = round(
            1 - sum(c["choices"] for c, _ in pairs) / sum(c["total"] for c, _ in pairs), 3
        )
        row["below_bar"] = row["total"]["ratio"] < BAR
        rows.append(row)
    if args.json:
        print(json.dumps({"machine": info, "seconds": args.seconds, "rounds": args.rounds, "bar": BAR, "rows": rows}))
        return
    print(
        f"{info['cpu']}, {info['cores']} cores, Python {info['python']}, Catanatron {info['catanatron']}; "
        f"load {info['load_before']:.1f} -> {info['load_after']:.1f}; {args.rounds} rounds of {args.seconds} CPU-s"
    )
    print()
    print(
        "| game | players | Epochal total/s | Catanatron total/s | ratio (rounds) "
        "| Epochal choices/s | Catanatron choices/s | ratio (rounds) | forced: Epochal / Catanatron |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        t, c = row["total"], row["choices"]
        mark = "**" if row["below_bar"] else ""
        print(
            f"| {label(row['game'], row['options'])} | {row['players']} "
            f"| {t['epochal_per_cpu_second']:,} | {t['catanatron_per_cpu_second']:,} "
            f"| {mark}{t['ratio']:.2f}{mark} ({', '.join(f'{x:.2f}' for x in t['ratios'])}) "
            f"| {c['epochal_per_cpu_second']:,} | {c['catanatron_per_cpu_second']:,} "
            f"| {c['ratio']:.2f} ({', '.join(f'{x:.2f}' for x in c['ratios'])}) "
            f"| {100 * row['epochal_forced_share']:.0f}% / {100 * row['catanatron_forced_share']:.0f}% |"
        )
    below = [f"{label(r['game'], r['options'])} {r['players']}p" for r in rows if r["below_bar"]]
    print()
    print(f"below {BAR}x (total): {', '.join(below) or 'none'}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
    else:
        main()
