"""Where the server's bots think.

Cheap agents (random, heuristic) answer within milliseconds; they run in the server's thread
pool and keep their agent for the whole game. A search (ISMCTS) runs for its whole budget in
pure Python and holds the GIL meanwhile (a planner's play-outs too, up to half a second): in a
thread it would hold up every request and every other table of the server, and all searches
would share one core. So searches and planners run in worker processes (``BotProcesses``). Such
an agent is built afresh for every move, wherever it runs, from a seed that depends only on the
table's seed, the seat and the ply, so a position gets the same move again (with an iteration
budget; a time budget depends on the machine's speed).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from epochal.agents.worker import start_worker, think
from epochal.engine import State

log = logging.getLogger("epochal.server")
T = TypeVar("T")


def cpu_count() -> int:
    """CPUs this process may run on (a container's or taskset's limit included), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def searches(spec: str) -> bool:
    """Whether agent ``spec`` thinks for long rather than answering within milliseconds: a
    search for its budget, or a planner playing its turn's options out (a few milliseconds on
    average, up to half a second at a rich turn)."""
    return spec.strip().lower().split(":")[0] in ("ismcts", "planner")


def move_seed(table_seed: int, seat: int, ply: int) -> int:
    digest = hashlib.blake2b(f"{table_seed}/{seat}/{ply}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2  # 62 bits, like a table seed


class BotProcesses:
    """A pool of worker processes for search bots, replaced whole when a worker dies."""

    def __init__(self, workers: int, what: str = "a bot"):
        self.workers, self.what = workers, what
        self.pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: forking a process that runs an event loop and threads copies locks
        # in whatever state other threads left them. Workers start when first needed.
        return ProcessPoolExecutor(
            self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=start_worker
        )

    async def choose(self, game_name: str, data: str | None, state: State, seat: int, spec: str, seed: int) -> int:
        return await self.run(think, game_name, data, state, seat, spec, seed)

    async def run(self, fn: Callable[..., T], *args) -> T:
        """``fn(*args)`` in a worker (a module-level function outside the server package)."""
        pool = self.pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            # Every search in flight on the broken pool lands here; the first replaces it.
            if pool is self.pool:
                log.error("%s worker process died; starting new ones", self.what)
                self.pool = self._new_pool()
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop at once: a running search may have seconds left, and nobody awaits its move.
        (``shutdown`` alone would let the interpreter's exit wait for it.)"""
        pool = self.pool
        workers = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in workers:
            proc.terminate()
        for proc in workers:
            proc.join(5)
