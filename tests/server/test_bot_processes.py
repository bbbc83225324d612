"""Search bots think in worker processes, cheap bots in the server's threads.

The worker functions the tests substitute are at module level: a spawned worker finds them by
name, and reads what it needs to know from the environment it inherits.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from epochal.agents.worker import think
from epochal.engine import get_game
from epochal.server import bots as bot_module
from epochal.server import create_app, default_bot_processes
from epochal.server.bots import move_seed, searches
from epochal.server.process import ServerProcess
from epochal.server.service import BOT_LEVELS, level_agent

from .conftest import HUMAN, TestClient, bot, create, play_random, service, wait_until

QUICK_SEARCH = "ismcts:20"  # an iteration budget: the same seed gives the same move


def crash(*args):
    raise RuntimeError("the search fell over")


def die_once(*args):
    marker = Path(os.environ["EPOCHAL_TEST_MARKER"])
    if not marker.exists():
        marker.touch()
        os._exit(3)
    return think(*args)


def dawdle(*args):
    Path(os.environ["EPOCHAL_TEST_MARKER"]).touch()
    time.sleep(120)


def bot_moves(table, seat: int) -> int:
    return sum(1 for s, _ in table.actions if s == seat)


def executor_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread"]


def test_only_searches_and_planners_go_to_the_processes():
    assert searches(BOT_LEVELS["normal"]) and searches(BOT_LEVELS["hard"]) and searches("planner")
    assert not searches(BOT_LEVELS["easy"]) and not searches(BOT_LEVELS["random"])


@pytest.mark.parametrize(("name", "level"), [("hadara", "normal"), ("imperium", "hard")])
def test_a_thinking_bot_gets_its_moves_from_a_worker_process(db_url, monkeypatch, name, level):
    """The normal level's search, and Imperium's hard level, its planner (Game.bot_levels)."""
    spec = level_agent(get_game(name), level)
    calls = []
    choose = bot_module.BotProcesses.choose

    async def spy(self, game_name, data, state, seat, spec, seed):
        action = await choose(self, game_name, data, state, seat, spec, seed)
        calls.append((seat, spec, state.ply, action))
        return action

    monkeypatch.setattr(bot_module.BotProcesses, "choose", spy)
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=1)) as c:
        svc = service(c)
        game = create(c, [bot(level), HUMAN], seed=3, game=name)
        gid, table = game["id"], svc.tables[game["id"]]
        version = c.get(f"/api/games/{gid}/view").json()["version"]
        play_random(c, game, [1], random.Random(2), stop=lambda msg: bot_moves(table, 0) >= 3)
        wait_until(lambda: 0 not in table.game.actors(table.state), 60, f"the {level} bot's move")
        workers = multiprocessing.active_children()
        after = c.get(f"/api/games/{gid}/view").json()
        assert after["version"] > version
        assert len(calls) >= 3
        assert [(s, a) for s, _, _, a in calls] == [m for m in table.actions if m[0] == 0]
        assert all(used == spec for _, used, _, _ in calls)
        assert workers and all(p.pid != os.getpid() for p in workers)
        assert svc.store.load(gid).actions == table.actions


def test_a_search_makes_the_same_move_in_a_process_and_in_a_thread(db_url, monkeypatch):
    monkeypatch.setitem(BOT_LEVELS, "normal", QUICK_SEARCH)
    played = []
    for processes in (1, 0):
        with TestClient(create_app(db_url, bot_delay=0, bot_processes=processes)) as c:
            game = create(c, [bot("normal"), bot("normal")], seed=11)
            table = service(c).tables[game["id"]]
            wait_until(lambda table=table: len(table.actions) >= 10, 60, "ten bot moves")
            played.append(table.actions[:10])
    assert played[0] == played[1]
    hadara = get_game("hadara")
    state = hadara.new(2, 11, hadara.configure(2, {}))
    for seat, action in played[0]:  # each move follows from the position alone
        assert think("hadara", None, state.clone(), seat, QUICK_SEARCH, move_seed(11, seat, state.ply)) == action
        hadara.apply(state, seat, action)


def test_move_seeds_differ_by_table_seat_and_ply():
    seeds = {move_seed(t, s, p) for t in (1, 2) for s in range(4) for p in range(50)}
    assert len(seeds) == 2 * 4 * 50
    assert all(0 <= seed < 2**62 for seed in seeds)


def test_a_search_that_fails_in_its_worker_plays_a_random_move(db_url, monkeypatch, caplog):
    monkeypatch.setattr(bot_module, "think", crash)
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=1)) as c:
        svc = service(c)
        pool = svc.procs.pool
        game = create(c, [bot("normal"), bot("hard")], seed=4)
        table = svc.tables[game["id"]]
        wait_until(lambda: bot_moves(table, 0) >= 2 and bot_moves(table, 1) >= 2, 30, "random moves of both bots")
        assert svc.procs.pool is pool  # a raising search does not cost the workers
        version = table.version
        wait_until(lambda: table.version > version, 30, "the game going on")
    failures = [r for r in caplog.records if "it plays a random legal action" in r.getMessage()]
    assert failures and all(r.levelname == "ERROR" for r in failures)
    assert "the search fell over" in caplog.text  # the worker's traceback reaches the log


@pytest.mark.slow
def test_a_worker_that_dies_is_replaced_and_its_move_is_random(db_url, monkeypatch, caplog, tmp_path):
    marker = tmp_path / "died"
    monkeypatch.setenv("EPOCHAL_TEST_MARKER", str(marker))
    monkeypatch.setattr(bot_module, "think", die_once)
    monkeypatch.setitem(BOT_LEVELS, "normal", QUICK_SEARCH)
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=1)) as c:
        svc = service(c)
        pool = svc.procs.pool
        game = create(c, [bot("normal"), bot("normal")], seed=5)
        table = svc.tables[game["id"]]
        wait_until(lambda: len(table.actions) >= 6, 60, "moves after the crash")
        assert marker.exists() and svc.procs.pool is not pool
    assert "a bot worker process died; starting new ones" in caplog.text
    assert "it plays a random legal action" in caplog.text


def test_closing_the_server_ends_a_search_in_progress(db_url, monkeypatch, tmp_path):
    marker = tmp_path / "thinking"
    monkeypatch.setenv("EPOCHAL_TEST_MARKER", str(marker))
    monkeypatch.setattr(bot_module, "think", dawdle)
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=1)) as c:
        create(c, [bot("hard"), bot("hard")])
        wait_until(marker.exists, 30, "a search under way")
        workers = multiprocessing.active_children()
        assert workers
        closing = time.monotonic()
    assert time.monotonic() - closing < 5
    assert not any(p.is_alive() for p in workers)
    # the interpreter joins these at exit: they must be gone, not waiting for the search
    wait_until(lambda: not executor_threads(), 5, "the pool's manager thread to end")


def test_zero_processes_keeps_searches_in_threads(db_url, monkeypatch):
    monkeypatch.setitem(BOT_LEVELS, "normal", QUICK_SEARCH)
    with TestClient(create_app(db_url, bot_delay=0, bot_processes=0)) as c:
        assert service(c).procs is None
        game = create(c, [bot("normal"), bot("normal")], seed=6)
        table = service(c).tables[game["id"]]
        wait_until(lambda: len(table.actions) >= 4, 30, "bot moves")
        assert not multiprocessing.active_children()


def test_the_number_of_processes_defaults_to_the_environment_then_the_cpus(monkeypatch):
    monkeypatch.delenv("EPOCHAL_BOT_PROCESSES", raising=False)
    assert default_bot_processes() == bot_module.cpu_count() >= 1
    monkeypatch.setenv("EPOCHAL_BOT_PROCESSES", "0")
    assert default_bot_processes() == 0
    monkeypatch.setenv("EPOCHAL_BOT_PROCESSES", "3")
    assert default_bot_processes() == 3
    for bad in ("many", "-2", "²"):
        monkeypatch.setenv("EPOCHAL_BOT_PROCESSES", bad)
        with pytest.raises(ValueError, match="EPOCHAL_BOT_PROCESSES must be a whole number"):
            default_bot_processes()
    with pytest.raises(ValueError, match="bot_processes"):
        create_app("sqlite://", bot_processes=-1)


@pytest.mark.parametrize(
    "args, env, message",
    [
        (["--bot-processes", "-1"], {}, "--bot-processes must be 0 or more"),
        ([], {"EPOCHAL_BOT_PROCESSES": "two"}, "EPOCHAL_BOT_PROCESSES must be a whole number"),
    ],
)
def test_serve_refuses_a_bad_number_of_processes(tmp_path, args, env, message):
    r = subprocess.run(
        [sys.executable, "-m", "epochal.cli", "serve", "--database", f"sqlite:///{tmp_path / 'x.sqlite'}", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=60,
    )
    assert r.returncode == 2
    assert message in r.stderr


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
        except OSError:
            pass  # gone meanwhile
    return out


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table in /proc")
@pytest.mark.parametrize("end", ["stop", "kill"])
def test_a_served_normal_bot_thinks_in_a_worker_that_ends_with_the_server(tmp_path, end):
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'procs.sqlite'}",
        bot_delay=0.0,
        log_path=tmp_path / "server.log",
        extra_args=["--bot-processes", "1"],
    )
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            gid = http.post(
                "/api/games", json={"game": "hadara", "seed": 8, "seats": [bot("normal"), bot("normal")]}
            ).json()["id"]
            wait_until(lambda: http.get(f"/api/games/{gid}").json()["ply"] >= 2, 60, "bot moves")
        workers = children(server.proc.pid)
        assert workers
        closing = time.monotonic()
        if end == "stop":
            server.stop()
        else:
            server.kill()
        # SIGKILL runs no shutdown code: the workers notice by themselves that the server is gone
        wait_until(lambda: not any(running(p) for p in workers), 10, "the workers to end")
        assert time.monotonic() - closing < 10
    finally:
        server.kill()
