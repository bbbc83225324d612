"""Load benchmark of the web table: many concurrent bot games over HTTP and WebSocket on loopback.

    .venv/bin/python bench/load.py [--games 100] [--think 0.8] [--write-docs]
    .venv/bin/python bench/load.py --database postgresql+psycopg://... --processes 2 --think 0.8

Starts ``epochal serve`` in its own process on a scratch SQLite file (or PROCESSES of them on
``--database``, which must then be PostgreSQL; or uses running servers given by ``--url``),
creates GAMES three-seat Hadara games and plays every seat from this process the way a browser
does: each seat listens on its WebSocket, and when its view says it owes a decision it waits
THINK seconds (uniform 0.5x-1.5x, like the server's bot pacing), picks a random legal action and
POSTs it. Every game is played to the end. With several servers, game i is created on server
i mod N and its seat s talks to server (i + s) mod N, as a load balancer without sticky sessions
would spread them: most updates reach a seat through another process (PostgreSQL NOTIFY).

Reported:
* move latency: POST sent -> answer received (validation, apply, the SQLite commit, the seat's
  new view, and queuing the update for every listener);
* fan-out latency: POST sent -> the other seats' WebSocket update for that move received
  (with several servers also split: listeners on the mover's server, and on another one);
* throughput: moves per second over the run, and the server process's CPU use.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import resource
import ssl
import sys
import tempfile
import time
from pathlib import Path

import httpx
import msgspec
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from epochal.server.process import ServerProcess  # noqa: E402


# The load generator reads only what a bot needs; typed decoding skips the rest of each view,
# so the client spends its CPU on talking to the server rather than on parsing.
class Legal(msgspec.Struct):
    id: int


class View(msgspec.Struct):
    over: bool
    legal: list[Legal]


class Message(msgspec.Struct):
    type: str
    version: int = -1
    actor: int | None = None
    view: View | None = None


class Answer(msgspec.Struct):
    version: int


read_message = msgspec.json.Decoder(Message).decode
# One TLS context for every seat's client: each would otherwise load the CA bundle (46 ms).
TLS = ssl.create_default_context()
read_answer = msgspec.json.Decoder(Answer).decode


class Stats:
    def __init__(self):
        self.move_ms: list[float] = []
        self.timeline: list[tuple[float, float]] = []  # (sent at, latency ms), for --timeline
        self.fanout_ms: list[float] = []
        self.sent: dict[tuple[str, int], tuple[float, int]] = {}  # (game, version after) -> (POST sent at, server)
        self.heard: list[tuple[str, int, float, int]] = []  # (game, version, received at, server)
        self.refused = 0
        self.dropped = 0  # requests lost with their connection
        self.first = self.last = None
        self.quiet: list[tuple[float, float]] = []  # spans when no other process was busy

    def fanout(self, across: bool | None = None) -> list[float]:
        """Fan-out latencies; ``across``: only listeners on another server than the mover's
        (True) or on the same one (False)."""
        out = []
        for g, v, t, server in self.heard:
            sent = self.sent.get((g, v))
            if sent is not None and (across is None or (sent[1] != server) == across):
                out.append((t - sent[0]) * 1000)
        return out


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))], 2)


async def play_seat(
    bases: list[str],
    server: int,
    http: httpx.AsyncClient,
    game: dict,
    seat: int,
    think: float,
    stats: Stats,
    rng: random.Random,
    start: float,
) -> None:
    await asyncio.sleep(start)
    base = bases[server]
    ws_base = base.replace("http", "ws", 1)
    token = game["seats"][seat]["token"]
    gid = game["id"]
    headers = {"X-Seat-Token": token}
    # Each seat has its own HTTP connection, as each browser does. In one pool of a hundred
    # connections shared by every seat, httpx spent more CPU finding a free connection than the
    # server spent on the move, and the load generator's own queueing became most of the
    # latency it reported.
    async with (
        websockets.connect(f"{ws_base}/api/games/{gid}/ws", max_size=2**22) as ws,
        httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=1), verify=TLS) as http,
    ):
        await ws.send(json.dumps({"token": token, "lang": "en"}))
        latest = Message(type="none")
        changed = asyncio.Event()

        async def listen() -> None:
            nonlocal latest
            async for raw in ws:
                msg = read_message(raw)
                if msg.view is None:
                    continue  # status, pong
                if msg.type == "update" and msg.actor != seat:
                    stats.heard.append((gid, msg.version, time.perf_counter(), server))
                if msg.version > latest.version:
                    latest = msg
                    changed.set()
                if msg.view.over:
                    return

        async def decide() -> None:
            acted_on = -1
            while True:
                await changed.wait()
                changed.clear()
                if latest.view.over:
                    return
                if not latest.view.legal or latest.version == acted_on:
                    continue
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                msg = latest  # the freshest view after thinking
                if msg.view.over:
                    return
                if not msg.view.legal:
                    continue
                acted_on = msg.version
                action = rng.choice(msg.view.legal).id
                sent = time.perf_counter()
                try:
                    r = await http.post(
                        f"{base}/api/games/{gid}/actions",
                        headers=headers,
                        json={"action": action, "version": msg.version},
                    )
                except httpx.TransportError:
                    # A kept-alive connection the server closed just as it was reused: send
                    # again on a fresh one (the version check refuses a move already stored).
                    stats.dropped += 1
                    acted_on = -1
                    changed.set()
                    continue
                done = time.perf_counter()
                if r.status_code != 200:
                    stats.refused += 1  # overtaken: look at the newest view
                    changed.set()
                    continue
                stats.move_ms.append((done - sent) * 1000)
                stats.timeline.append((sent, (done - sent) * 1000))
                stats.sent[(gid, read_answer(r.content).version)] = (sent, server)
                stats.first = stats.first or sent
                stats.last = done

        await asyncio.gather(listen(), decide())


async def watch_machine(stats: Stats, server_pids: list[int], period: float = 0.5) -> None:
    """Note the spans in which processes other than this one, the servers and the database
    used under a tenth of a core: the two cores are shared, and moves made while others run
    measure them too."""

    def sample():
        return (
            time.perf_counter(),
            machine_cpu_seconds(),
            _own_cpu(),
            sum(cpu_seconds(pid) for pid in server_pids) + database_cpu_seconds(),
        )

    last = sample()
    while True:
        await asyncio.sleep(period)
        now = sample()
        others = (now[1] - last[1]) - (now[2] - last[2]) - (now[3] - last[3])
        if others / (now[0] - last[0]) < 0.1:
            stats.quiet.append((last[0], now[0]))
        last = now


async def run(
    bases: list[str], games: int, think: float, seed: int, server_pids: list[int] = ()
) -> tuple[Stats, float]:
    stats = Stats()
    # A full garbage collection of this process stopped it for tens of milliseconds, after
    # which it sent dozens of moves at once, and the server's queueing of that burst was
    # reported as move latency. What exists now stays out of the collector; collections are rarer.
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        created = []
        for i in range(games):
            r = await http.post(
                f"{bases[i % len(bases)]}/api/games",
                json={"game": "hadara", "seed": seed + i, "seats": [{"kind": "human"}] * 3},
            )
            r.raise_for_status()
            created.append(r.json())
        # Games join over one think period, as at a table where games are already under way,
        # rather than all 300 seats moving in the same instant.
        offsets = [think * i / games for i in range(games)]
        watcher = asyncio.create_task(watch_machine(stats, list(server_pids)))
        start = time.perf_counter()
        await asyncio.gather(
            *(
                play_seat(
                    bases,
                    (i + s) % len(bases),
                    http,
                    g,
                    s,
                    think,
                    stats,
                    random.Random(seed * 1000 + i * 3 + s),
                    offsets[i],
                )
                for i, g in enumerate(created)
                for s in range(3)
            )
        )
        watcher.cancel()
    return stats, time.perf_counter() - start


def machine_cpu_seconds() -> float:
    """CPU seconds spent by everything on the machine (user, nice, system, irq, softirq)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]
    user, nice, system, _idle, _iowait, irq, softirq = map(int, fields)
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds() -> float:
    """CPU seconds of the PostgreSQL processes on this machine (0 with SQLite: none run), and of
    the backends that have exited (their time is added to the postmaster's children's)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            head, rest = stat.read_text().rsplit(")", 1)
        except OSError:
            continue  # the process ended meanwhile
        if head.split("(", 1)[1] == "postgres":
            fields = rest.split()
            total += sum(int(f) for f in fields[11:15])  # own and waited-for children's time
    return total / os.sysconf("SC_CLK_TCK")


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def report(
    stats: Stats,
    wall: float,
    games: int,
    think: float,
    cpu: float | None,
    client_cpu: float,
    machine: float,
    database: str = "sqlite",
    processes: int = 1,
    db_cpu: float = 0.0,
) -> dict:
    fan = stats.fanout()
    near, far = stats.fanout(across=False), stats.fanout(across=True)
    moves = len(stats.move_ms)
    quiet = [ms for sent, ms in stats.timeline if any(a <= sent and sent + ms / 1000 <= b for a, b in stats.quiet)]
    active = (stats.last - stats.first) if stats.first else wall
    return {
        "database": database,
        "processes": processes,
        "games": games,
        "seats_per_game": 3,
        "think_s": think,
        "moves": moves,
        "refused": stats.refused,
        "dropped": stats.dropped,
        "wall_s": round(wall, 1),
        "move_p50_ms": pct(stats.move_ms, 50),
        "move_p99_ms": pct(stats.move_ms, 99),
        "move_max_ms": round(max(stats.move_ms, default=0), 1),
        "quiet_moves": len(quiet),
        "quiet_move_p50_ms": pct(quiet, 50),
        "quiet_move_p99_ms": pct(quiet, 99),
        "fanout_p50_ms": pct(fan, 50),
        "fanout_p99_ms": pct(fan, 99),
        "fanout_same_p50_ms": pct(near, 50),
        "fanout_same_p99_ms": pct(near, 99),
        "fanout_other_p50_ms": pct(far, 50),
        "fanout_other_p99_ms": pct(far, 99),
        "moves_per_s": round(moves / active, 1),
        "server_cpu": None if cpu is None else round(cpu / wall, 2),
        "server_ms_per_move": None if cpu is None or not moves else round(1000 * cpu / moves, 2),
        "client_cpu": round(client_cpu / wall, 2),
        "database_cpu": round(db_cpu / wall, 2),
        # CPU of everything else on the machine: other work on the two cores lengthens the tail
        "others_cpu": round(max(0.0, machine - (cpu or 0) - client_cpu - db_cpu) / wall, 2),
    }


def quiet_p99(r: dict) -> str:
    """The move p99 over the spans when the rest of the machine was idle, and their share."""
    if not r["quiet_moves"]:
        return "no idle span"
    return f"{r['quiet_move_p99_ms']} ms ({round(100 * r['quiet_moves'] / r['moves'])}% of moves)"


def markdown(results: list[dict]) -> str:
    machine = (
        f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, Python {platform.python_version()}"
    )
    lines = [
        "## Web table load",
        "",
        f"`bench/load.py`: concurrent three-seat Hadara games played to the end over HTTP (moves) and "
        f"WebSocket (updates) on loopback, every seat a random bot in the client process; server "
        f"`epochal serve` in its own process on SQLite (WAL). Machine: {machine}.",
        "",
        "| games | think time | moves | move p50 | move p99 | move p99, machine otherwise idle | fan-out p50 / p99 "
        "| throughput | server CPU | client CPU | other processes |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        cpu = (
            "n/a"
            if r["server_cpu"] is None
            else f"{round(100 * r['server_cpu'])}% of a core ({r['server_ms_per_move']} ms per move)"
        )
        quiet = quiet_p99(r)
        lines.append(
            f"| {r['games']} | {r['think_s']} s | {r['moves']} | {r['move_p50_ms']} ms | "
            f"{r['move_p99_ms']} ms | {quiet} | {r['fanout_p50_ms']} / {r['fanout_p99_ms']} ms | "
            f"{r['moves_per_s']} moves/s | {cpu} | {round(100 * r['client_cpu'])}% of a core | "
            f"{round(100 * r['others_cpu'])}% of a core |"
        )
    lines += [
        "",
        "Move latency: POST sent until its answer is read (validation, apply, the SQLite commit, "
        "the seat's new view, queueing the update for every listener). Fan-out: POST sent until "
        "each other seat's WebSocket update for that move arrives. Think time is drawn uniformly "
        "from 0.5x to 1.5x per move; 0 s is the saturation run (every seat answers at once). "
        "Games start spread over one think period. The two cores are shared with other work: "
        '"other processes" is the CPU everything else used during the run, and "machine '
        'otherwise idle" takes only the moves made in half-second spans when other processes '
        "used less than a tenth of a core.",
        "",
    ]
    per_move = [r["server_ms_per_move"] for r in results if r["server_ms_per_move"]]
    if per_move:
        lines += [
            f"The server spends {min(per_move)}-{max(per_move)} ms of CPU per move (HTTP, engine, "
            f"commit, the three seats' views, their socket messages and the HTTP answer), so one core "
            f"serves about "
            f"{int(1000 / max(per_move))} moves per second.",
            "",
        ]
    for r in {r["think_s"]: r for r in results}.values():
        if r["client_cpu"] > 0.75:
            lines += [
                f"In the {r['think_s']} s run the load generator, one Python process driving "
                f"{3 * r['games']} sockets, is the bottleneck ({round(100 * r['client_cpu'])}% of "
                f"a core against the server's {round(100 * (r['server_cpu'] or 0))}%): its "
                f"latencies are mostly the client's own queueing.",
                "",
            ]
    return "\n".join(lines)


CLUSTER_HEADING = "## Web table load, several processes on PostgreSQL"


def markdown_cluster(results: list[dict]) -> str:
    machine = (
        f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, Python {platform.python_version()}"
    )
    processes = sorted({r["processes"] for r in results})
    lines = [
        CLUSTER_HEADING,
        "",
        f"`bench/load.py --database postgresql+psycopg://… --processes N`: the same games as above "
        f"(three-seat Hadara, every seat a random bot in the client process, played to the end over "
        f"HTTP and WebSocket on loopback) against {' or '.join(map(str, processes))} `epochal serve` "
        f"processes on one PostgreSQL database on the same machine. Game i is created on process "
        f"i mod N and its seat s talks to process (i + s) mod N, as a load balancer without sticky "
        f"sessions would spread them, so most updates reach a seat through another process (NOTIFY, "
        f"then that process reads the new action and sends the update). Machine: {machine}.",
        "",
        "| database | processes | games | think time | moves | refused | move p50 | move p99 "
        "| move p99, machine otherwise idle | fan-out p50 / p99 | same process p50 / p99 "
        "| other process p50 / p99 | throughput | servers' CPU | PostgreSQL CPU | client CPU "
        "| other processes |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        cpu = (
            "n/a"
            if r["server_cpu"] is None
            else f"{round(100 * r['server_cpu'])}% of a core ({r['server_ms_per_move']} ms per move)"
        )
        other = (
            "–" if r["fanout_other_p50_ms"] is None else f"{r['fanout_other_p50_ms']} / {r['fanout_other_p99_ms']} ms"
        )
        db = "PostgreSQL" if r["database"] == "postgresql" else "SQLite"
        quiet = quiet_p99(r)
        lines.append(
            f"| {db} | {r['processes']} | {r['games']} | {r['think_s']} s | {r['moves']} | {r['refused']} | "
            f"{r['move_p50_ms']} ms | {r['move_p99_ms']} ms | {quiet} | "
            f"{r['fanout_p50_ms']} / {r['fanout_p99_ms']} ms | "
            f"{r['fanout_same_p50_ms']} / {r['fanout_same_p99_ms']} ms | {other} | {r['moves_per_s']} moves/s | "
            f"{cpu} | {round(100 * r['database_cpu'])}% of a core | {round(100 * r['client_cpu'])}% of a core | "
            f"{round(100 * r['others_cpu'])}% of a core |"
        )
    lines += [
        "",
        "Move latency: POST sent until its answer is read (validation, apply, the compare-and-set "
        "transaction with its NOTIFY, the seat's new view, queueing the update for the process's own "
        "listeners). Fan-out: POST sent until another seat's WebSocket update for that move "
        "arrives, split by whether that seat's socket is on the mover's process or another one. "
        "Refused: moves answered 409 because the seat's view was behind (another process's move "
        "had not reached the seat's process yet); the seat looks again. Servers' CPU is the sum "
        "over the server processes; PostgreSQL's is every postgres process's, its exited backends "
        'included. Everything shares the machine\'s cores: "other processes" is the CPU the rest '
        'of the machine used meanwhile, and "machine otherwise idle" takes only the moves made '
        "in half-second spans when other processes used less than a tenth of a core.",
        "",
    ]
    return "\n".join(lines)


def write_docs(text: str) -> Path:
    """Replace this script's part of its section (the text's first line is the heading);
    ``###`` subsections in it come from other benchmarks (bench/bots.py) and stay, after the
    new text."""
    path = ROOT / "docs" / "benchmarks.md"
    old = path.read_text() if path.exists() else "# Benchmarks\n"
    heading = text.split("\n", 1)[0]
    start = old.find(f"\n{heading}\n")
    start = start + 1 if start >= 0 else -1
    kept = ""
    if start >= 0:
        end = old.find("\n## ", start + 1)
        end = end + 1 if end >= 0 else len(old)
        sub = old.find("\n### ", start, end)
        kept = old[sub + 1 : end].rstrip("\n") if sub >= 0 else ""
        old = old[:start] + old[end:]
    text = text.rstrip("\n") + "\n" + ("\n" + kept + "\n" if kept else "")
    path.write_text(old.rstrip("\n") + "\n\n" + text)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--think",
        type=float,
        action="append",
        help="seconds a seat waits before moving (repeat for several runs; default 0.8 and 0)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs per think time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--url", action="append", help="benchmark a running server instead of starting one (repeat for several)"
    )
    parser.add_argument(
        "--database",
        help="database URL for the servers it starts (default: a "
        "scratch SQLite file); several processes need PostgreSQL",
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes to start")
    parser.add_argument("--log-dir", type=Path, help="keep the servers' logs here (default: thrown away)")
    parser.add_argument("--write-docs", action="store_true", help="replace the section in docs/benchmarks.md")
    parser.add_argument("--timeline", help="write every move's (wall clock, latency ms) to this JSON file")
    args = parser.parse_args()
    if args.processes < 1:
        parser.error("--processes must be 1 or more")
    if args.processes > 1 and not (args.database or "").startswith("postgresql"):
        parser.error("several processes share one PostgreSQL database: give --database postgresql+psycopg://…")
    database = "postgresql" if (args.database or "").startswith("postgresql") else "sqlite"
    thinks = args.think or [0.8, 0.0]
    results = []
    for think in [t for t in thinks for _ in range(args.repeat)]:
        with tempfile.TemporaryDirectory() as tmp:
            url = args.database or f"sqlite:///{tmp}/load.sqlite"
            logs = args.log_dir or Path(tmp)
            logs.mkdir(parents=True, exist_ok=True)
            servers = (
                []
                if args.url
                else [ServerProcess(url, log_path=logs / f"server{i}.log") for i in range(args.processes)]
            )
            try:
                for server in servers:
                    server.start()
                bases = args.url or [server.url for server in servers]
                pids = [server.proc.pid for server in servers]
                cpu0 = sum(cpu_seconds(pid) for pid in pids)
                mine0, machine0, db0 = _own_cpu(), machine_cpu_seconds(), database_cpu_seconds()
                stats, wall = asyncio.run(run(bases, args.games, think, args.seed, pids))
                cpu = sum(cpu_seconds(pid) for pid in pids) - cpu0 if servers else None
                mine, machine = _own_cpu() - mine0, machine_cpu_seconds() - machine0
                db_cpu = database_cpu_seconds() - db0
            finally:
                for server in servers:
                    server.stop()
        results.append(report(stats, wall, args.games, think, cpu, mine, machine, database, len(bases), db_cpu))
        if args.timeline:
            offset = time.time() - time.perf_counter()
            Path(args.timeline).write_text(
                json.dumps([(round(t + offset, 3), round(ms, 2)) for t, ms in stats.timeline])
            )
        print(json.dumps(results[-1]), flush=True)
    several = database == "postgresql" or any(r["processes"] > 1 for r in results)
    text = (markdown_cluster if several else markdown)(results)
    if args.write_docs:
        print(f"wrote {write_docs(text)}")
    else:
        print(text)


if __name__ == "__main__":
    main()
