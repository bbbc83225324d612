"""How fast the web table answers HTTP while search bots think.

    .venv/bin/python bench/bots.py [--bots 2] [--level hard] [--seconds 20] [--bot-processes N ...]

Starts ``epochal serve`` in its own process on a scratch SQLite file with no bot delay, so a
bot starts its next search as soon as its move is applied. First it measures the idle server:
GET ``/api/games/{id}/view`` of a game of two people, one request every 50 ms for SECONDS.
Then it creates BOTS two-seat Hadara games whose seats are both bots of LEVEL (one search per
game at any moment, so BOTS searches at once), waits until every game has made a move (the
worker processes are up), and measures the same GET again while they think.

``--bot-processes`` is passed to the server as it is given (repeat it for several runs; leave
it out to run the server's default); the numbers for each run are printed as a JSON line and
as a markdown table row.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from epochal.server.process import ServerProcess  # noqa: E402

PERIOD = 0.05


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))], 1)


def tree_cpu(pid: int) -> float:
    """CPU seconds of the server and its live child processes (the bot workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(entry.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def probe(http: httpx.Client, game_id: str, seconds: float) -> list[float]:
    out = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sent = time.perf_counter()
        r = http.get(f"/api/games/{game_id}/view")
        out.append((time.perf_counter() - sent) * 1000)
        r.raise_for_status()
        time.sleep(max(0.0, PERIOD - (time.perf_counter() - sent)))
    return out


def plies(http: httpx.Client, ids: list[str]) -> int:
    return sum(http.get(f"/api/games/{gid}").json()["ply"] for gid in ids)


def summary(ms: list[float]) -> dict:
    return {"n": len(ms), "p50": pct(ms, 50), "p90": pct(ms, 90), "p99": pct(ms, 99), "max": round(max(ms), 1)}


def run(processes: str | None, bots: int, level: str, seconds: float) -> dict:
    extra = [] if processes is None else ["--bot-processes", processes]
    with (
        tempfile.TemporaryDirectory() as tmp,
        ServerProcess(
            f"sqlite:///{tmp}/bots.sqlite", bot_delay=0.0, extra_args=extra, log_path=Path(tmp) / "server.log"
        ) as server,
        httpx.Client(base_url=server.url, timeout=60) as http,
    ):
        human = {"kind": "human"}
        probed = http.post("/api/games", json={"game": "hadara", "seed": 1, "seats": [human, human]})
        probed.raise_for_status()
        gid = probed.json()["id"]
        idle = probe(http, gid, seconds)
        ids = []
        for i in range(bots):
            r = http.post(
                "/api/games",
                json={
                    "game": "hadara",
                    "seed": 10 + i,
                    "seats": [{"kind": "bot", "level": level}, {"kind": "bot", "level": level}],
                },
            )
            r.raise_for_status()
            ids.append(r.json()["id"])
        deadline = time.monotonic() + 60
        while not all(http.get(f"/api/games/{g}").json()["ply"] for g in ids):
            if time.monotonic() > deadline:
                raise RuntimeError("the bots made no move within 60 s")
            time.sleep(0.1)
        ply0, cpu0, t0 = plies(http, ids), tree_cpu(server.proc.pid), time.perf_counter()
        busy = probe(http, gid, seconds)
        wall = time.perf_counter() - t0
        moves, cpu = plies(http, ids) - ply0, tree_cpu(server.proc.pid) - cpu0
    return {
        "bot_processes": processes or "default",
        "bots": bots,
        "level": level,
        "seconds": seconds,
        "idle": summary(idle),
        "thinking": summary(busy),
        "bot_moves_per_s": round(moves / wall, 2),
        "server_cpu_cores": round(cpu / wall, 2),
    }


def row(r: dict) -> str:
    i, b = r["idle"], r["thinking"]
    return (
        f"| {r['bot_processes']} | {r['bots']} {r['level']} | {i['p50']} / {i['p99']} ms | "
        f"{b['p50']} / {b['p90']} / {b['p99']} / {b['max']} ms | {b['n']} | "
        f"{r['bot_moves_per_s']} | {r['server_cpu_cores']} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", type=int, default=2, help="games of two bots (searches at once)")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each measurement")
    parser.add_argument("--bot-processes", action="append", help="passed to epochal serve; repeat for several runs")
    args = parser.parse_args()
    results = [run(p, args.bots, args.level, args.seconds) for p in (args.bot_processes or [None])]
    for r in results:
        print(json.dumps(r), flush=True)
    print(
        f"\nMachine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}\n"
    )
    print(
        "| bot processes | bots thinking | idle GET p50 / p99 | GET while thinking p50 / p90 / p99 / max "
        "| requests | bot moves/s | server CPU (cores) |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in results:
        print(row(r))


if __name__ == "__main__":
    main()
