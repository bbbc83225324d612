"""Finished games sent to analysis: a queue, one analysis at a time in a worker process, the
result stored with the game, and each viewer shown only what it may see.

A person asks once (``POST /api/games/<id>/analysis``); the game waits in the queue, then its
decisions are evaluated by ISMCTS (``epochal.sim.analysis_worker``, the numbers of ``epochal
analyse RECORD --budget N``) in a worker process at a lower priority, like the search bots
(bots.py), a few decisions per call, so that the progress is known between calls and the
server's event loop never waits for a search. The row in the store says queued, running, done
or failed, with the progress and, once done, the result; an analysis queued or running when the
server stopped is queued again when it starts.

What a viewer is shown follows the replay's viewpoints (replay.py). An option of a decision is
one of the deciding seat's legal actions, in the seat's own words: it shows the seat's hand.
So is its win probability, read from the seat's information set. So a seat's viewpoint shows its
own decisions and its own win probability, face up (``open``, where the table allows it) shows
every seat's, and a spectator's shows none: only the queue's progress.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from epochal.engine import RecordError
from epochal.sim.analysis import THRESHOLDS
from epochal.sim.analysis_worker import SEED, decisions_of, evaluate_decisions

from .bots import BotProcesses
from .replay import OPEN, Viewer

if TYPE_CHECKING:
    from .service import GameService, Table

log = logging.getLogger("epochal.server")

DEFAULT_BUDGET = 500  # ISMCTS iterations per decision, as ``epochal analyse``'s default
WAITING = 20  # games that may wait in the queue; more are refused until it empties
PROGRESS_EVERY = 2.0  # seconds between two progress writes to the store
KEPT = 8  # results kept in memory (least recently used go first)
STATUSES = ("none", "queued", "running", "done", "failed")
JUDGEMENTS = (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"), ("blunder", "blunders"))


def chunk_size(budget: int) -> int:
    """Decisions per call of the worker: about a second of searching at the usual speed."""
    return max(1, min(8, 2000 // max(1, budget)))


@dataclass
class Job:
    status: str  # queued / running
    done: int = 0
    total: int | None = None


class Analyses:
    """The server's analysis queue: ``queue`` a finished table, ``answer`` a viewer's request."""

    def __init__(self, service: GameService, budget: int, waiting: int = WAITING):
        self.service, self.budget, self.limit = service, budget, waiting
        self.jobs: dict[str, Job] = {}  # the games queued or running here
        self.waiting: deque[str] = deque()  # queued, first in first out (the running one is not here)
        self.results: OrderedDict[str, dict] = OrderedDict()  # done, least recently used first
        self.wake = asyncio.Event()
        self.procs: BotProcesses | None = None  # one worker process, started with the first analysis
        self.task: asyncio.Task | None = None

    # --- start-up and shutdown -----------------------------------------------------------------
    def start(self) -> None:
        """Queue again what was queued or running when the server stopped, and start the runner."""
        for game_id in self.service.store.pending_analyses():
            self.jobs[game_id] = Job("queued")
            self.waiting.append(game_id)
        if self.waiting:
            log.info("%d analyses queued again", len(self.waiting))
        self.task = asyncio.get_running_loop().create_task(self._run(), name="analyses")

    async def close(self) -> None:
        """Stop at once; a running analysis stays ``running`` in the store and starts over
        when the server starts again."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        if self.procs is not None:
            self.procs.close()

    # --- requests ------------------------------------------------------------------------------
    async def queue(self, table: Table) -> dict:
        """Send a finished game to analysis; its status (the same request again changes nothing
        while it is queued, running or done; a failed analysis is queued again)."""
        from .service import ApiError

        if not table.state.over:
            raise ApiError(409, "not_finished", "a game can be analysed once it is finished")
        if self.budget <= 0:
            raise ApiError(503, "analysis_off", "this server does not analyse games (its analysis budget is 0)")
        if table.id in self.jobs:
            return self._status(table.id, None)
        row = await self.service._read(self.service.store.analysis, table.id)
        if row is not None and row["status"] in ("queued", "running", "done"):
            return self._status(table.id, row)  # done, or queued by another process
        if table.id in self.jobs:  # queued by another request meanwhile
            return self._status(table.id, None)
        if len(self.waiting) >= self.limit:
            raise ApiError(
                503,
                "analysis_queue_full",
                f"{len(self.waiting)} games are waiting for analysis already; try again in a few minutes",
                retry_after=60,
            )
        self.jobs[table.id] = Job("queued")
        self.waiting.append(table.id)
        try:
            await self.service._store(
                self.service.store.queue_analysis, table.id, self.budget, what="the analysis request"
            )
        except BaseException:
            self._forget(table.id)
            raise
        self.wake.set()
        return self._status(table.id, None)

    async def answer(self, table: Table, viewer: Viewer, lang: str, open_allowed: bool) -> dict:
        """The analysis's status and progress, and once done what ``viewer`` may see of it in
        ``lang``: ``decisions`` (each with its options, best first) and a ``summary`` per seat
        with its win probability ``series`` over the game."""
        if table.id in self.jobs:
            return self._status(table.id, None)
        result = self.results.get(table.id)
        if result is None:
            row = await self.service._read(self.service.store.analysis, table.id, True)
            if row is None or row["status"] != "done" or not row["result"]:
                return self._status(table.id, row)
            result = self._keep(table.id, row["result"])
        else:
            self.results.move_to_end(table.id)
        count = len(result["decisions"])
        body = {"status": "done", "done": count, "total": count, "budget": result["budget"]}
        return {**body, **shown(result, viewer, lang, table.names, open_allowed)}

    def _status(self, game_id: str, row: dict | None) -> dict:
        job = self.jobs.get(game_id)
        if job is not None:
            ahead = list(self.waiting).index(game_id) if job.status == "queued" and game_id in self.waiting else None
            body: dict[str, Any] = {"status": job.status, "done": job.done, "total": job.total, "budget": self.budget}
            if ahead is not None:
                body["ahead"] = ahead + (len(self.jobs) - len(self.waiting))  # and the running one
            return body
        if row is None:
            return {"status": "none", "done": 0, "total": None, "budget": self.budget}
        body = {"status": row["status"], "done": row["done"], "total": row["total"], "budget": row["budget"]}
        if row["status"] == "failed":
            body["error"] = row.get("error") or "the analysis failed"
        return body

    def _keep(self, game_id: str, result: dict) -> dict:
        self.results[game_id] = result
        self.results.move_to_end(game_id)
        while len(self.results) > KEPT:
            self.results.popitem(last=False)
        return result

    def _forget(self, game_id: str) -> None:
        self.jobs.pop(game_id, None)
        if game_id in self.waiting:
            self.waiting.remove(game_id)

    # --- the runner ----------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            while not self.waiting:
                self.wake.clear()
                await self.wake.wait()
            game_id = self.waiting.popleft()
            try:
                await self._analyse(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                await self._end(game_id, None, failure(game_id, exc))
            finally:
                self.jobs.pop(game_id, None)

    async def _analyse(self, game_id: str) -> None:
        service = self.service
        row = await service._read(service.store.analysis, game_id)
        if row is None or row["status"] not in ("queued", "running"):
            return  # done meanwhile (by another process)
        budget = row["budget"]
        table = await service.open_table(game_id)
        record = table.record().to_json()
        data = service.data_sets(table.game.name)[table.data_key]
        from .service import languages

        langs = languages(table.game.name)
        job = self.jobs.setdefault(game_id, Job("queued"))
        job.status = "running"
        if self.procs is None:
            self.procs = BotProcesses(1, "an analysis")
        started = time.monotonic()
        indices = await self.procs.run(decisions_of, record, data)
        job.total = len(indices)
        await service._store(service.store.analysis_progress, game_id, "running", 0, job.total, what="the progress")
        decisions: list[dict] = []
        written = time.monotonic()
        step = chunk_size(budget)
        for i in range(0, len(indices), step):
            decisions += await self.procs.run(evaluate_decisions, record, data, indices[i : i + step], budget, langs)
            job.done = len(decisions)
            if time.monotonic() - written >= PROGRESS_EVERY and job.done < job.total:
                written = time.monotonic()
                await service._store(
                    service.store.analysis_progress, game_id, "running", job.done, job.total, what="the progress"
                )
        result = {
            "budget": budget,
            "seed": SEED,
            "thresholds": {name: least for name, least in THRESHOLDS},
            "languages": langs,
            "actions": len(table.actions),
            "decisions": decisions,
        }
        await self._end(game_id, result)
        log.info("game %s analysed: %d decisions in %.1f s", game_id, len(decisions), time.monotonic() - started)

    async def _end(self, game_id: str, result: dict | None, error: str | None = None) -> None:
        try:
            await self.service._store(self.service.store.end_analysis, game_id, result, error, what="the analysis")
        except Exception:
            return  # logged; the row stays queued or running and is taken up again at start-up
        if result is not None:
            self._keep(game_id, result)


def failure(game_id: str, exc: Exception) -> str:
    """Why an analysis failed, in a sentence for people (the traceback goes to the log)."""
    from .service import ApiError, internal_error

    if isinstance(exc, RecordError):
        return f"the game's record does not replay: {exc}"
    if isinstance(exc, ApiError):
        return exc.detail
    if isinstance(exc, BrokenProcessPool):
        log.error("game %s: the analysis's worker process stopped", game_id)
        return "the process that analysed the game stopped; ask again"
    return internal_error(f"analysing game {game_id} failed").detail


def shown(result: dict, viewer: Viewer, lang: str, names: list[str], open_allowed: bool) -> dict:
    """What ``viewer`` may see of a stored analysis, in ``lang``: a seat its own decisions and win
    probability, face up every seat's (the caller has checked that the table allows it), a
    spectator nothing."""
    if viewer == OPEN:
        seats = list(range(len(names)))
    elif isinstance(viewer, int):
        seats = [viewer]
    else:
        seats = []
    mine = [d for d in result["decisions"] if d["seat"] in seats]

    def words(option: dict) -> str:
        return option["texts"].get(lang) or option["texts"].get("en") or next(iter(option["texts"].values()))

    decisions = []
    for d in mine:
        options = [
            {"action": o["action"], "text": words(o), "visits": o["visits"], "win": o["win"], "score": o["score"]}
            for o in d["options"]
        ]
        decisions.append({**{k: v for k, v in d.items() if k != "options"}, "options": options})
    summary = []
    for seat in seats:
        own = [d for d in mine if d["seat"] == seat]
        losses = [d["loss"] for d in own if d["loss"] is not None]
        summary.append(
            {
                "seat": seat,
                "name": names[seat],
                "decisions": len(own),
                "average_loss": round(sum(losses) / len(losses), 4) if losses else None,
                **{plural: sum(1 for d in own if d["judgement"] == name) for name, plural in JUDGEMENTS},
                "series": [{"index": d["index"], "before": d["win_before"], "after": d["win_after"]} for d in own],
            }
        )
    return {
        "viewpoint": viewer if viewer is not None else "spectator",
        "open_allowed": open_allowed,
        "seats": seats,
        "thresholds": result["thresholds"],
        "decisions": decisions,
        "summary": summary,
    }
