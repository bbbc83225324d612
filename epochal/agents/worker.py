"""An agent's move computed in a worker process, from plain values.

The web server runs its search bots in a process pool: it sends the game's name and card data
file, the state, the seat, the agent's name and a seed, and gets an action id back. These
functions live at module level, outside the server package, so that a process started with
``spawn`` finds them by name while importing only the engine and the agents (the server package
would bring FastAPI and SQLAlchemy into every worker).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading

from epochal.engine import State, get_game

from .base import make_agent


def start_worker() -> None:
    """Set up a worker process of the server's pool.

    Ctrl-C in a terminal reaches the whole process group; the server, not each worker, decides
    how its workers end, so they ignore it until the server closes them. If the server is
    killed outright (SIGKILL, the OOM killer) nobody closes them, and a worker waiting for work
    would wait forever: a thread watches the parent and ends the worker with it. A lower CPU
    priority lets the server's answers to people go first when the searches fill every core; a
    search only loses the few iterations the server's short bursts take.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="parent-watch", daemon=True).start()
    if hasattr(os, "nice"):  # not on Windows
        os.nice(10)


def _end_with(parent) -> None:
    parent.join()  # returns once the parent's sentinel pipe closes: it died
    os._exit(1)


def think(game_name: str, data: str | None, state: State, seat: int, spec: str, seed: int) -> int:
    """The action id that agent ``spec``, seeded with ``seed``, chooses for ``seat``."""
    game = get_game(game_name, data)  # loaded once per process and kept
    return make_agent(spec, game, seed).choose(game, state, seat)
