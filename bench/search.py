"""ISMCTS iterations per CPU-second in every game, optionally several commits alternated in one run.

    .venv/bin/python bench/search.py                       # this checkout, every game
    .venv/bin/python bench/search.py BEFORE AFTER... --rounds 3  # '.': this checkout
    .venv/bin/python bench/search.py --profile hadara:2    # cProfile of one game's searches

Positions are sampled along seeded random games (each decision with more than one legal action
is kept with a probability, so early, middle and late positions all appear), the same positions
for every commit. At each one a fresh ``ISMCTSAgent`` with a fixed iteration budget searches
from the deciding seat's information set; the rate is iterations per second of the process's
CPU time (``time.process_time``), which other work on a shared machine disturbs less than wall
time. Each commit runs in a fresh process on a temporary worktree, and the commits take turns
within every round; the table gives each commit's median and best round, and each later
commit's change against the first. The child also reports a digest of every search's root (each
action's visits, rewards and scores): equal digests mean two commits searched exactly alike, as
a purely mechanical change must.
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
# (label, game, players, options): every game at its smallest and largest two-or-more player count.
CASES = [
    ("hadara:2", "hadara", 2, {}),
    ("hadara:5", "hadara", 5, {}),
    ("guns_and_steel:2", "guns_and_steel", 2, {}),
    ("guns_and_steel:4", "guns_and_steel", 4, {}),
    ("imperium:2", "imperium", 2, {}),
    ("imperium:4", "imperium", 4, {}),
    ("imperium:2 legends", "imperium", 2, {"common_deck": "legends"}),
    ("imperium:4 legends", "imperium", 4, {"common_deck": "legends"}),
    ("imperial_settlers:2", "imperial_settlers", 2, {}),
    ("imperial_settlers:4", "imperial_settlers", 4, {}),
]

# Runs in the child: the package from the given tree, not the editable install of this checkout.
CHILD = r"""
import sys
sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("__editable__")]
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
import json
from search import run_case
print(json.dumps(run_case(*json.loads(sys.argv[3]))))
"""


def positions(game, players: int, options: dict, count: int, seed: int = 7, keep: float = 0.04):
    """``count`` positions (state, deciding seat) along seeded random games."""
    import random

    from epochal.engine.rng import derive

    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        state = game.new(players, derive(seed, g), options)
        g += 1
        while not state.over and len(out) < count:
            seat = min(game.actors(state))
            legal = game.legal(state, seat)
            if len(legal) > 1 and rng.random() < keep:
                out.append((state.clone(), seat))
            game.apply(state, seat, rng.choice(legal))
    return out


def run_case(name: str, players: int, options: dict, count: int, iterations: int) -> dict:
    """Search ``count`` sampled positions with ``iterations`` each; CPU seconds and a digest."""
    import hashlib
    import time

    from epochal.agents.ismcts import ISMCTSAgent
    from epochal.engine import get_game

    game = get_game(name)
    samples = positions(game, players, options, count)
    digest = hashlib.sha256()
    cpu = 0.0
    for k, (state, seat) in enumerate(samples):
        agent = ISMCTSAgent(iterations=iterations, seed=k)
        t = time.process_time()
        root = agent.search(game, state, seat)
        cpu += time.process_time() - t
        stats = sorted((a, c.visits, round(c.reward, 9), round(c.score, 6)) for a, c in root.children.items())
        digest.update(repr(stats).encode())
    return {"iterations": iterations * len(samples), "cpu_s": cpu, "digest": digest.hexdigest()[:16]}


def measure(tree: Path, case, count: int, iterations: int) -> dict:
    _, name, players, options = case
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD,
            str(tree),
            str(Path(__file__).resolve().parent),
            json.dumps([name, players, options, count, iterations]),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def profile(label: str, count: int, iterations: int) -> None:
    import cProfile
    import pstats

    sys.path.insert(0, str(ROOT))  # this checkout's package, not the editable install's

    case = next(c for c in CASES if c[0] == label)
    prof = cProfile.Profile()
    prof.runcall(run_case, case[1], case[2], case[3], count, iterations)
    pstats.Stats(prof).sort_stats("tottime").print_stats(35)
    pstats.Stats(prof).sort_stats("cumulative").print_stats(35)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revs", nargs="*", help="commits to compare; '.' or none: this checkout as it is")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--only", default="", help="comma list of case labels (hadara:2,...) or game names")
    parser.add_argument("--profile", metavar="CASE", help="profile one case in this process instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.positions, args.iterations)
        return
    wanted = {w for w in args.only.split(",") if w}
    cases = [c for c in CASES if not wanted or c[0] in wanted or c[1] in wanted]
    with tempfile.TemporaryDirectory() as tmp:
        trees: dict[str, Path] = {}
        for rev in args.revs:
            if rev == ".":  # this checkout as it is, uncommitted changes included
                trees["this checkout"] = ROOT
                continue
            trees[rev] = Path(tmp) / rev.replace("/", "_")
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(trees[rev]), rev], check=True
            )
        if not trees:
            trees["checkout"] = ROOT
        try:
            rates: dict[str, dict[str, list[float]]] = {c[0]: {rev: [] for rev in trees} for c in cases}
            digests: dict[str, dict[str, str]] = {c[0]: {} for c in cases}
            for r in range(args.rounds):
                for case in cases:
                    for rev, tree in trees.items():
                        m = measure(tree, case, args.positions, args.iterations)
                        rates[case[0]][rev].append(m["iterations"] / m["cpu_s"])
                        digests[case[0]][rev] = m["digest"]
                    print(
                        f"round {r + 1} {case[0]}: "
                        + ", ".join(f"{rev} {rates[case[0]][rev][-1]:,.0f}/s" for rev in trees),
                        file=sys.stderr,
                    )
        finally:
            for tree in trees.values():
                if tree != ROOT:
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    revs = list(trees)
    head = ["case", *(f"{rev}: median (best)" for rev in revs)]
    for rev in revs[1:]:
        head += [f"{rev}: change", f"{rev}: same search"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for label, sides in rates.items():
        cells = [label, *(f"{statistics.median(sides[rev]):,.0f} ({max(sides[rev]):,.0f})" for rev in revs)]
        base = statistics.median(sides[revs[0]])
        for rev in revs[1:]:
            same = digests[label][rev] == digests[label][revs[0]]
            cells += [f"{100 * (statistics.median(sides[rev]) / base - 1):+.0f}%", "yes" if same else "no"]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
