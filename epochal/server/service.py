"""The game service: live tables in memory, the store behind them, their bots and connections.

One ``Table`` per game holds the authoritative state. Every change goes through
``GameService._commit`` under the table's lock: the engine validates and applies the action to a
copy of the position, the action is written to the store in one transaction, and only then does
the copy become the position and anyone hear of it (the HTTP answer, each connection's queue, the
bot runner's wake-up). If the engine raises or the write fails, nothing has changed.

Store calls run in worker threads, never on the event loop: a slow or locked database delays the
games that wait for it, not every table of the server.

What each listener receives is built per seat from ``game.view(state, seat)``,
``game.table_ui(state, seat)`` and ``events.visible(events, seat)`` and nothing else, so the
game's information rules are the only ones the server relies on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import logging
import math
import random
import secrets
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, timedelta
from typing import Any, Literal, overload

import msgspec

from epochal.agents import Agent, make_agent
from epochal.engine import (
    Game,
    IllegalAction,
    OptionError,
    Record,
    RecordError,
    State,
    game_names,
    get_game,
    parse_record,
    replay,
    sides,
)
from epochal.engine.hidden import revealing
from epochal.engine.locale import LANGUAGES, templates

from . import keys, words
from .analysis import DEFAULT_BUDGET as ANALYSIS_BUDGET
from .analysis import Analyses
from .bots import BotProcesses, cpu_count, move_seed, searches
from .cluster import cluster_for
from .db import StaleVersion, Store, StoredGame, now
from .replay import OPEN, Replayed, Replays, Viewer, build, message, record_key
from .workshop import MOST_SETS, BadData, Verdict, Workshop, check, check_marks, file_bytes, new_key, preview, row_for

log = logging.getLogger("epochal.server")

# The one place that maps the levels a person picks in the lobby to agents; a game may play a
# level with another agent of its own (``Game.bot_levels``, read by ``level_agent``).
BOT_LEVELS = {"random": "random", "easy": "heuristic", "normal": "ismcts:200ms", "hard": "ismcts:2s"}
STATUSES = ("open", "running", "finished")
QUEUE_LIMIT = 256  # messages a connection may fall behind before it is dropped
KEEP_FINISHED = 200  # finished games kept in memory; older ones are replayed on demand
ARCHIVE_AFTER_DAYS = 30.0  # an unfinished game nobody touched for this long is archived
FALLBACK_TRIES = 10  # other actions a bot tries when the rules raise on its choice
CLOCK_RANGE = (2, 60 * 86400)  # a turn clock's seconds: from a blitz to two months
FALLBACKS = ("easy", "pass")  # what the clock does: the easy bot moves, or the seat passes if it may
SPECTATOR_CHAT = ("off", "read", "write")  # what spectators may do with a table's chat
CHAT_LENGTH = 500  # characters in one message
CHAT_KEPT = 200  # messages a table keeps in memory and sends to a page that opens
CHAT_PER_MINUTE = 12  # messages one seat (or one spectator's address) may send a minute
_json = msgspec.json.Encoder()
REVOKED = _json.encode(
    {
        "type": "error",
        "status": 403,
        "error": "bad_token",
        "detail": "the host gave this seat a new link; this one no longer opens it",
    }
).decode()
WATCH_REVOKED = _json.encode(
    {
        "type": "error",
        "status": 403,
        "error": "watch_link",
        "detail": "the host now lets only the holders of a new spectator link watch this game",
    }
).decode()


class ApiError(Exception):
    """A refused request: HTTP status, a stable error code and a sentence for people."""

    def __init__(self, status: int, error: str, detail: str, **extra):
        super().__init__(detail)
        self.status, self.error, self.detail, self.extra = status, error, detail, extra

    def body(self) -> dict:
        return {"error": self.error, "detail": self.detail, **self.extra}


def internal_error(what: str) -> ApiError:
    """A 500 for the exception being handled: its traceback goes to the log under a fresh id,
    which the answer names, so a report can be matched with the log without showing internals."""
    error_id = secrets.token_hex(6)
    log.exception("%s [error %s]", what, error_id)
    return ApiError(500, "internal_error", f"{what} (error {error_id} in the server log)", error_id=error_id)


@dataclass
class Settings:
    database_url: str
    bot_delay: float = 0.8  # seconds between bot moves, so people can follow them
    data_sets: dict[str, dict[str, str]] = field(default_factory=dict)  # game -> key -> file
    bot_threads: int = 4
    bot_processes: int = field(default_factory=cpu_count)  # search bots' workers; 0: threads
    archive_after: float = ARCHIVE_AFTER_DAYS * 86400  # seconds untouched before archiving
    analysis_budget: int = ANALYSIS_BUDGET  # ISMCTS iterations per decision of an analysis; 0: none


@dataclass
class SeatInfo:
    kind: str  # "human" / "bot"
    level: str | None
    name: str
    token_hash: str | None
    joined: bool
    stand_in: str | None = None  # the bot level playing for an absent person, set by the host
    muted: bool = False  # by the host: this seat's messages are refused

    @property
    def played_by(self) -> str | None:
        """The bot level that moves this seat, if any."""
        return self.level if self.kind == "bot" else self.stand_in


@dataclass
class Bot:
    spec: str  # the agent's name, e.g. "ismcts:200ms"
    agent: Agent | None  # a cheap agent, kept for the game; None: a search (see bots.py)


@dataclass
class LogEntry:
    index: int  # position of the action in the record
    seat: int
    events: list[dict]
    revealing: bool | None  # showed someone something hidden: cannot be undone
    # (None: not worked out yet; see GameService._revealing)
    by: str | None = None  # "clock": the turn clock made the move for the seat


@dataclass
class Start:
    """The position a new table starts from instead of the deal (an analysis board's): the
    state after ``actions``, each action's events, and who made each when not its seat."""

    state: State
    actions: list[tuple[int, int]]
    events: list[list[dict]]
    by: list[str | None]


class Connection:
    """One WebSocket listener: a seat (or None for a spectator), a language and an outbox."""

    def __init__(self, seat: int | None, lang: str):
        self.seat, self.lang = seat, lang
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LIMIT)

    def push(self, text: str | None) -> bool:
        try:
            self.queue.put_nowait(text)
            return True
        except asyncio.QueueFull:
            return False

    def drop(self, farewell: str | None = None) -> None:
        """Forget what is queued and tell the writer to close; the client reconnects and gets
        a fresh ``hello``, which is cheaper than catching up message by message. ``farewell``:
        the page's link was revoked, and this message tells it not to come back with it."""
        while not self.queue.empty():
            self.queue.get_nowait()
        if farewell:
            self.queue.put_nowait(farewell)
        self.queue.put_nowait(None)


class Table:
    def __init__(
        self,
        game_id: str,
        game: Game,
        data_key: str,
        seed: int,
        state,
        seats: list[SeatInfo],
        undo: bool,
        undos: int = 0,
        host_hash: str | None = None,
        clock: int | None = None,
        fallback: str = "easy",
        spectator_chat: str = "read",
        watch_hash: str | None = None,
        open_replay: bool = True,
        branched_at: int | None = None,
    ):
        self.id, self.game, self.data_key, self.seed = game_id, game, data_key, seed
        self.open_replay = open_replay  # the finished game's replay may show every card face up
        # An analysis board (private, set up from a replay): the actions it started with. None:
        # an ordinary table.
        self.branched_at = branched_at
        self.host_hash = host_hash  # None: a table without a host (made before hosts existed)
        self.clock, self.fallback = clock, fallback  # seconds per decision (None: no clock)
        self.moved_at = time.time()  # when the table last changed: the clock counts from here
        self.spectator_chat = spectator_chat
        self.rematch: str | None = None  # the table of "play again", once someone asked
        self.watch_hash = watch_hash  # set: only the host's spectator link may watch
        self.chat: list[dict] = []  # the newest CHAT_KEPT messages, oldest first
        self.chat_lock = asyncio.Lock()  # numbers the messages; a move never waits for it
        self.state = state
        self.seats = seats
        self.undo, self.undos = undo, undos
        self.asked = 0  # version at which the pending decision was posed
        self.actions: list[tuple[int, int]] = []
        self.log: list[LogEntry] = []
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_task: asyncio.Task | None = None
        self._parts: dict = {}  # seat -> (version, {"view", "ui"} encoded)
        self._texts: dict = {}  # (kind, seat, lang) -> (version, encoded message)
        self.touched = time.time()  # last request or move: idle games are archived
        self.archived = False  # restored from the archive; the flag is cleared on opening

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def version(self) -> int:
        """Grows with every change, undo included, so a client can tell a stale view."""
        return self.state.ply + 2 * self.undos

    @property
    def status(self) -> str:
        if self.state.over:
            return "finished"
        if any(s.kind == "human" and not s.joined and not s.stand_in for s in self.seats):
            return "open"
        return "running"

    def record(self) -> Record:
        rec = Record(
            game=self.game.name,
            version=self.game.version,
            options=dict(self.state.options),
            seats=self.names,
            seed=self.seed,
            actions=list(self.actions),
            data=self.game.data_id(),
        )
        if self.state.over:
            rec.scores = [s.total for s in self.game.scores(self.state)]
        return rec


class TokenBuckets:
    """One token bucket per client address: ``per_minute`` tokens a minute, as many at once."""

    def __init__(self, per_minute: float, clock=time.monotonic):
        self.capacity, self.refill, self.clock = per_minute, per_minute / 60, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def take(self, key: str) -> float:
        """0 when a token was taken; else the seconds until the next one."""
        now = self.clock()
        tokens, then = self.buckets.get(key, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.refill)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return (1 - tokens) / self.refill
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 10_000:  # forget the addresses whose bucket is full again
            full = self.capacity / self.refill
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < full}
        return 0.0


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def languages(game_name: str) -> list[str]:
    return [lang for lang in LANGUAGES if templates(game_name, lang)]


class GameService:
    def __init__(self, settings: Settings, store: Store):
        self.settings = settings
        self.store = store
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}  # games whose record no longer replays
        self._finished: OrderedDict[str, None] = OrderedDict()  # least recently used first
        self.chatters = TokenBuckets(CHAT_PER_MINUTE)  # by game and seat, or a spectator's address
        self.pool = ThreadPoolExecutor(max_workers=settings.bot_threads, thread_name_prefix="bot")
        self.procs = BotProcesses(settings.bot_processes) if settings.bot_processes > 0 else None
        self.cluster = cluster_for(self)  # other processes on the same database
        # SQLite takes one writer at a time: a single writing thread queues the writes in order
        # instead of letting them race for the file lock, whose busy handler sleeps milliseconds.
        writers = 1 if store.engine.dialect.name == "sqlite" else 8
        self.writes = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="store-write")
        self.reads = ThreadPoolExecutor(max_workers=4, thread_name_prefix="store-read")
        self._loading: dict[str, asyncio.Future] = {}  # games being restored for a request
        self.replays = Replays()  # the positions of the games replayed lately
        self._replaying: dict[str, asyncio.Future] = {}  # replays being built for a request
        self._sweeper: asyncio.Task | None = None
        self.analyses = Analyses(self, settings.analysis_budget)  # finished games sent to analysis
        self.workshop = Workshop(store)  # owners' stored card data sets

    # --- start-up and shutdown ---------------------------------------------------------------
    def recover(self) -> int:
        """Archive the unfinished games nobody touched for ``archive_after``, rebuild the others
        from their stored actions and start their bots. Finished and archived games are not
        read at all, so start-up time does not grow with them."""
        self.workshop.load()  # before the games: a game may be played with a stored set
        cutoff = now() - timedelta(seconds=self.settings.archive_after)
        archived = self.store.archive_untouched(cutoff)
        if archived:
            log.info("archived %d unfinished games untouched since %s", archived, f"{cutoff:%Y-%m-%d}")
        for game_id in self.store.unfinished_ids():
            try:
                self._load(game_id)
            except ApiError:
                pass  # logged and listed in self.broken
        self.cluster.start()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep(), name="archive")
        self.analyses.start()
        return len(self.tables)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.analyses.close()
        await self.cluster.close()
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self.tables.values():
            for conn in table.connections:
                conn.push(None)
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.procs is not None:
            self.procs.close()
        self.reads.shutdown(wait=False, cancel_futures=True)
        self.writes.shutdown(wait=True)  # a write under way finishes before the engine goes

    # --- games and data sets -----------------------------------------------------------------
    def data_sets(self, game_name: str) -> dict[str, str | None]:
        """Every card data set a table may be played with, key -> file: the built-in data, the
        configured files, then the playable sets owners stored (the workshop)."""
        sets: dict[str, str | None] = {"builtin": None, **self.settings.data_sets.get(game_name, {})}
        for key, path in self.workshop.paths(game_name).items():
            sets.setdefault(key, path)
        return sets

    def bind(self, game_name: str, data_key: str) -> Game:
        sets = self.data_sets(game_name)
        if data_key not in sets:
            stored = self.workshop.find(game_name, data_key)  # another process may have stored it
            if stored is not None and stored.path is not None:
                return get_game(game_name, stored.path)
            if stored is not None:
                raise ApiError(
                    422,
                    "data_not_playable",
                    f"the card data set {stored.name!r} fails validation; fix it in the workshop first",
                    field="data",
                    problems=stored.problems,
                )
            raise ApiError(
                422,
                "invalid_request",
                f"no card data set {data_key!r} for {game_name} (data sets: {', '.join(sets)})",
                field="data",
            )
        return get_game(game_name, sets[data_key])

    # --- owners' card data sets (the workshop) -------------------------------------------------
    def known_game(self, game_name: str) -> None:
        if game_name not in game_names():
            raise ApiError(404, "not_found", f"unknown game {game_name!r} (games: {', '.join(game_names())})")

    async def check_data(self, game_name: str, data: str | dict | list) -> tuple[bytes, Verdict]:
        """A request's data file and what the game's own validator says of it (in a thread)."""
        self.known_game(game_name)
        try:
            raw = file_bytes(data)
        except BadData as exc:
            raise ApiError(413 if "at most" in str(exc) else 422, "bad_data", str(exc), field="data") from None
        verdict = await asyncio.get_running_loop().run_in_executor(self.pool, check, game_name, raw)
        return raw, verdict

    async def preview_card(self, game_name: str, data: str | dict | list, card: str) -> tuple[Verdict, dict | None]:
        """What the validator says of a data file and the card's words in English and Russian
        (``workshop.preview``, in a thread)."""
        self.known_game(game_name)
        try:
            raw = file_bytes(data)
        except BadData as exc:
            raise ApiError(413 if "at most" in str(exc) else 422, "bad_data", str(exc), field="data") from None
        langs = tuple(lang for lang in ("en", "ru") if lang in languages(game_name))
        return await asyncio.get_running_loop().run_in_executor(self.pool, preview, game_name, raw, card, langs)

    async def _write(self, write, *args, what: str):
        try:
            return await asyncio.get_running_loop().run_in_executor(self.writes, functools.partial(write, *args))
        except Exception:
            log.exception("storing %s failed", what)
            raise ApiError(503, "storage_failed", f"{what} could not be stored; nothing changed") from None

    async def add_data_set(self, game_name: str, name: str, data: str | dict | list) -> tuple[dict, str]:
        """Store a new data set (a draft when it has problems); its row and the owner's secret."""
        raw, verdict = await self.check_data(game_name, data)
        owner = secrets.token_urlsafe(24)
        row = row_for(new_key(), game_name, name, token_hash(owner), raw, verdict)
        if not await self._write(self.store.add_data_set, row, MOST_SETS, what="the data set"):
            raise ApiError(
                507,
                "storage_full",
                f"this server holds {MOST_SETS} data sets for {game_name}, as many as it keeps; nothing was stored",
            )
        self.workshop.remember(row)
        return row, owner

    async def data_set_row(self, game_name: str, key: str, data: bool = False) -> dict:
        self.known_game(game_name)
        row = await self._read(functools.partial(self.store.data_set, key, data))
        if row is None or row["game"] != game_name:
            raise ApiError(404, "not_found", f"no data set {key!r} for {game_name}")
        return row

    async def replace_data_set(
        self, game_name: str, key: str, token: str | None, name: str | None, data: str | dict | list
    ) -> dict:
        """Replace a set's file (and name) with its owner's secret; refused once a game used it."""
        row = await self.data_set_row(game_name, key)
        if not token or not hmac.compare_digest(row["owner_hash"], token_hash(token)):
            raise ApiError(403, "bad_owner_token", "this data set's owner link is needed to change it")
        raw, verdict = await self.check_data(game_name, data)
        used = await self._read(self.store.games_with_data, key)
        if used:
            raise ApiError(
                409,
                "data_set_in_use",
                f"{used} game(s) were played with this data set, so it stays as it is; save the change as a new set",
            )
        values = {
            "name": name or row["name"],
            "data": raw,
            "playable": verdict.playable,
            "status": verdict.status,
            "problems": verdict.problems,
            "data_id": verdict.data_id,
        }
        await self._write(self.store.replace_data_set, key, values, what="the data set")
        new = {**row, **values}
        self.workshop.remember(new)
        return new

    async def set_checked(self, game_name: str, key: str, token: str | None, marks: list) -> dict:
        """Replace a set's checked marks with its owner's secret. The marks change no card, so
        a set a game used keeps taking them."""
        row = await self.data_set_row(game_name, key)
        if not token or not hmac.compare_digest(row["owner_hash"], token_hash(token)):
            raise ApiError(403, "bad_owner_token", "this data set's owner link is needed to change it")
        try:
            checked = check_marks(marks)
        except BadData as exc:
            raise ApiError(422, "invalid_request", str(exc), field="checked") from None
        await self._write(self.store.replace_data_set, key, {"checked": checked}, what="the checked marks")
        return {**row, "checked": checked}

    def table(self, game_id: str) -> Table:
        """The game's table, restored here and now if it is not in memory (``open_table`` is
        the same for requests, with the database work in a thread)."""
        table = self.tables.get(game_id)
        if table is not None:
            if table.state.over:
                self._keep(table)
            return table
        if game_id in self.broken:
            raise ApiError(409, "unplayable", f"game {game_id} cannot be restored: {self.broken[game_id]}")
        table = self._load(game_id)
        if table is None:
            raise ApiError(404, "no_such_game", f"there is no game {game_id!r}")
        return table

    async def open_table(self, game_id: str) -> Table:
        """The game's table for a request, which touches it. A game not in memory is read and
        replayed in a worker thread, once however many requests ask for it meanwhile."""
        table = self.tables.get(game_id)
        if table is None:
            if game_id in self.broken:
                raise ApiError(409, "unplayable", f"game {game_id} cannot be restored: {self.broken[game_id]}")
            loading = self._loading.get(game_id)
            if loading is None:
                loading = self._loading[game_id] = asyncio.ensure_future(self._load_in_thread(game_id))
                loading.add_done_callback(
                    lambda done: (self._loading.pop(game_id, None), done.cancelled() or done.exception())
                )
            table = await asyncio.shield(loading)
            if table is None:
                raise ApiError(404, "no_such_game", f"there is no game {game_id!r}")
        if table.state.over:
            self._keep(table)
        table.touched = time.time()
        return table

    # --- creating ------------------------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        seats: list[dict],
        options: dict,
        data_key: str,
        undo: bool,
        seed: int | None,
        open_replay: bool = True,
    ) -> tuple[Table, dict[int, str], str]:
        """A new table, the secret of each human seat, and the host's secret. ``open_replay``:
        once finished, its replay may show every card face up."""
        from epochal.engine import game_names

        if game_name not in game_names():
            raise ApiError(
                422, "invalid_request", f"unknown game {game_name!r} (games: {', '.join(game_names())})", field="game"
            )
        game = self.bind(game_name, data_key)
        players = len(seats)
        if not game.min_players <= players <= game.max_players:
            raise ApiError(
                422,
                "invalid_request",
                f"{game.name} is played by {game.min_players} to {game.max_players} players, not {players}",
                field="seats",
            )
        try:
            options = game.configure(players, options)
        except OptionError as exc:
            raise ApiError(422, "invalid_request", str(exc), field="options") from None
        seed = secrets.randbits(62) if seed is None else seed
        infos, tokens = self._seat_infos(game, seats)
        host = secrets.token_urlsafe(24)
        table = await self._open(
            game, data_key, seed, options, infos, undo, host_hash=token_hash(host), open_replay=open_replay
        )
        return table, tokens, host

    @staticmethod
    def _seat_infos(game: Game, seats: list[dict]) -> tuple[list[SeatInfo], dict[int, str]]:
        """The seats a request describes (kind, bot level, name), checked, and a new secret for
        each person's seat."""
        infos, tokens = [], {}
        for i, spec in enumerate(seats):
            if spec["kind"] == "bot":
                level = spec.get("level") or "easy"
                if level not in BOT_LEVELS:
                    raise ApiError(
                        422,
                        "invalid_request",
                        f"seat {i}: unknown bot level {level!r} (levels: {', '.join(BOT_LEVELS)})",
                        field=f"seats.{i}.level",
                    )
                try:
                    make_agent(level_agent(game, level), game, 0)
                except OptionError as exc:
                    raise ApiError(422, "invalid_request", f"seat {i}: {exc}", field=f"seats.{i}.level") from exc
                name = spec.get("name") or f"Bot {i + 1} ({level})"
                infos.append(SeatInfo("bot", level, name, None, True))
            else:
                if spec.get("level"):
                    raise ApiError(
                        422, "invalid_request", f"seat {i}: a human seat has no bot level", field=f"seats.{i}.level"
                    )
                tokens[i] = secrets.token_urlsafe(24)
                infos.append(
                    SeatInfo("human", None, spec.get("name") or f"Player {i + 1}", token_hash(tokens[i]), False)
                )
        return infos, tokens

    async def _open(
        self,
        game: Game,
        data_key: str,
        seed: int,
        options: dict,
        infos: list[SeatInfo],
        undo: bool,
        start: Start | None = None,
        **settings,
    ) -> Table:
        """Deal a new table, store it and start its bots; ``settings``: the host's (host_hash,
        clock, fallback, spectator_chat, watch_hash, open_replay, branched_at). ``start``: the
        position it starts from instead of the deal (an analysis board's)."""
        state = game.new(len(infos), seed, options) if start is None else start.state
        game_id = secrets.token_urlsafe(6)
        while game_id in self.tables or await self._read(self.store.exists, game_id):
            game_id = secrets.token_urlsafe(6)
        table = Table(game_id, game, data_key, seed, state, infos, undo, **settings)
        stamp = now()
        if start is not None:
            table.actions = list(start.actions)
            table.log = [
                LogEntry(i, seat, events, None, by)
                for i, ((seat, _), events, by) in enumerate(zip(start.actions, start.events, start.by, strict=True))
            ]
            table.asked = table.version
        await self._store(
            self.store.create_game,
            {
                "id": game_id,
                "game": game.name,
                "version": game.version,
                "data_key": data_key,
                "data_id": game.data_id(),
                "players": len(infos),
                "seed": seed,
                "options": options,
                "undo": undo,
                "undos": 0,
                "status": table.status,
                "ply": len(table.actions),
                "scores": None,
                "winners": None,
                "created_at": stamp,
                "updated_at": stamp,
                "host_hash": table.host_hash,
                "clock": table.clock,
                "fallback": table.fallback,
                "spectator_chat": table.spectator_chat,
                "watch_hash": table.watch_hash,
                "open_replay": table.open_replay,
                "branched_at": table.branched_at,
            },
            [
                {
                    "game_id": game_id,
                    "seat": i,
                    "kind": s.kind,
                    "level": s.level,
                    "name": s.name,
                    "token_hash": s.token_hash,
                    "joined": s.joined,
                }
                for i, s in enumerate(infos)
            ],
            [
                {"game_id": game_id, "ply": i, "seat": seat, "action": action, "by": entry.by, "created_at": stamp}
                for i, ((seat, action), entry) in enumerate(zip(table.actions, table.log, strict=True))
            ],
            what="the new game",
        )
        self.tables[game_id] = table
        self._start_bots(table)
        return table

    async def rematch(self, table: Table) -> Table:
        """ "Play again": a new table with the same people, bots, options and host settings, the
        seats moved on by one so that the next player starts (the per-seat sides with them).
        Each person keeps their secret (their link opens the new seat), so every page of the
        old table can offer its own new link; asking twice gives the same table."""
        if not table.state.over:
            raise ApiError(409, "not_finished", "a rematch can be set up once the game is finished")
        async with table.lock:
            if table.rematch:
                return await self.open_table(table.rematch)
            n, game = len(table.seats), table.game
            order = [(i + 1) % n for i in range(n)]
            options = dict(table.state.options)
            for opt in game.options:
                if opt.sides and isinstance(options.get(opt.name), str):
                    options[opt.name] = sides.shifted(options[opt.name], opt.sides, 1)
            infos = [
                SeatInfo(old.kind, old.level, old.name, old.token_hash, old.kind == "bot")
                for old in (table.seats[j] for j in order)
            ]
            new = await self._open(
                game,
                table.data_key,
                secrets.randbits(62),
                game.configure(n, options),
                infos,
                table.undo,
                host_hash=table.host_hash,
                clock=table.clock,
                fallback=table.fallback,
                spectator_chat=table.spectator_chat,
                watch_hash=table.watch_hash,  # the same spectator link watches the next game
                open_replay=table.open_replay,
                branched_at=None if table.branched_at is None else 0,  # an analysis board's stays private
            )
            await self._store(self.store.change_game, table.id, rematch=new.id, what="the rematch")
            table.rematch = new.id
        self._announce(table)
        return new

    # --- restoring -----------------------------------------------------------------------------
    def _load(self, game_id: str) -> Table | None:
        """Read and restore a stored game on the calling thread (start-up, and ``table``)."""
        table = self._install(game_id, self._read_and_restore(game_id))
        if table is not None and table.archived:
            try:
                self.store.set_archived([game_id], False)
                table.archived = False
            except Exception:
                log.exception("game %s: clearing its archive flag failed", game_id)
        return table

    async def _load_in_thread(self, game_id: str) -> Table | None:
        built = await asyncio.get_running_loop().run_in_executor(self.reads, self._read_and_restore, game_id)
        if game_id in self.tables:  # restored meanwhile by ``table``
            return self.tables[game_id]
        table = self._install(game_id, built)
        if table is not None and table.archived:
            try:
                await self._store(self.store.set_archived, [game_id], False, what="the archive flag")
                table.archived = False
            except ApiError:
                pass  # logged; the game plays on and is not replayed at start-up
        return table

    def _read_and_restore(self, game_id: str) -> Table | str | None:
        """The stored game replayed into a new table; None when there is no such game; a
        sentence saying why when its record does not replay. Changes nothing of the service,
        so it may run in a worker thread. A failing database raises a 503."""
        try:
            stored = self.store.load(game_id)
        except RecordError as exc:
            return str(exc)
        except Exception:
            log.exception("reading game %s failed", game_id)
            raise ApiError(503, "storage_failed", f"game {game_id} could not be read; try again") from None
        if stored is None:
            return None
        try:
            table = self._restore(stored)
        except (RecordError, OptionError, ApiError) as exc:
            return exc.detail if isinstance(exc, ApiError) else str(exc)
        except Exception as exc:  # the rules raised while replaying the record
            log.exception("game %s: replaying its record failed", game_id)
            return f"replaying its record failed ({type(exc).__name__}: {exc})"
        table.archived = bool(stored.row.get("archived"))
        table.spectator_chat = stored.row.get("spectator_chat") or "read"
        table.rematch = stored.row.get("rematch")
        table.watch_hash = stored.row.get("watch_hash")
        try:
            table.chat = [_chat_message(m) for m in self.store.chat(game_id, most=CHAT_KEPT)]
        except Exception:
            log.exception("reading game %s's chat failed", game_id)
            raise ApiError(503, "storage_failed", f"game {game_id} could not be read; try again") from None
        return table

    def _install(self, game_id: str, built: Table | str | None) -> Table | None:
        """Put a restored table in memory and start its bots; a broken game is remembered."""
        if isinstance(built, str):
            log.error("game %s cannot be restored: %s", game_id, built)
            self.broken[game_id] = built
            raise ApiError(409, "unplayable", f"game {game_id} cannot be restored: {built}")
        if built is None:
            return None
        table = built
        self.tables[game_id] = table
        self._start_bots(table)
        if table.state.over:
            self._keep(table)
        return table

    def _keep(self, table: Table) -> None:
        """Remember that a finished game was used; forget the least recently used ones that
        nobody is watching (their record is in the store and replays in milliseconds)."""
        self._finished[table.id] = None
        self._finished.move_to_end(table.id)
        for game_id in list(self._finished)[: max(0, len(self._finished) - KEEP_FINISHED)]:
            if not self.tables[game_id].connections:
                del self._finished[game_id]
                del self.tables[game_id]

    def _restore(self, stored: StoredGame) -> Table:
        row = stored.row
        game = self.bind(row["game"], row["data_key"])
        if row["version"] != game.version:
            raise RecordError(
                f"stored for {row['game']} version {row['version']}, this engine plays version {game.version}"
            )
        if row["data_id"] != game.data_id():
            raise RecordError(f"played with card data {row['data_id']}, the server has {game.data_id()}")
        seats = [
            SeatInfo(
                s["kind"], s["level"], s["name"], s["token_hash"], s["joined"], s.get("stand_in"), bool(s.get("muted"))
            )
            for s in stored.seats
        ]
        state = game.new(row["players"], row["seed"], row["options"])
        table = Table(
            row["id"],
            game,
            row["data_key"],
            row["seed"],
            state,
            seats,
            row["undo"],
            row["undos"],
            host_hash=row.get("host_hash"),
            clock=row.get("clock"),
            fallback=row.get("fallback") or "easy",
            open_replay=row.get("open_replay") is not False,  # a row from before the setting: on
            branched_at=row.get("branched_at"),
        )
        for index, (seat, action) in enumerate(stored.actions):
            try:
                events = game.apply(state, seat, action)
            except IllegalAction as exc:
                raise RecordError(f"stored action #{index} (seat {seat}, id {action}) is illegal: {exc}") from None
            table.actions.append((seat, action))
            table.log.append(LogEntry(index, seat, events, None, stored.by.get(index)))
            table.asked = table.version if _new_decision(state) else table.asked
        return table

    # --- seats ---------------------------------------------------------------------------------
    @overload
    def seat_of(self, table: Table, token: str | None, required: Literal[True], watch: str | None = None) -> int: ...
    @overload
    def seat_of(self, table: Table, token: str | None, required: bool, watch: str | None = None) -> int | None: ...
    def seat_of(self, table: Table, token: str | None, required: bool, watch: str | None = None) -> int | None:
        """The seat a token opens; None for a spectator (no token) when allowed: anyone, or
        with the host's spectator link (``watch``) if the host keeps the table to it."""
        if not token:
            if required:
                raise ApiError(
                    401, "missing_token", "acting needs a seat token in the X-Seat-Token header; spectators cannot act"
                )
            if table.watch_hash is not None and not (
                watch and hmac.compare_digest(table.watch_hash, token_hash(watch))
            ):
                raise ApiError(403, "watch_link", "the host lets only holders of the spectator link watch this game")
            return None
        digest = token_hash(token)
        found = None
        for i, s in enumerate(table.seats):  # no early exit: every seat is compared
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = i
        if found is None:
            raise ApiError(403, "bad_token", "this token opens no seat of this game")
        return found

    async def join(self, table: Table, seat: int | None) -> None:
        if seat is None or table.seats[seat].joined:
            return
        async with table.lock:
            info = table.seats[seat]
            if info.joined:  # seated meanwhile by another request
                return
            info.joined = True
            status = table.status  # the status once seated
            info.joined = False
            await self._store(self.store.mark_joined, table.id, seat, status, what="the join")
            info.joined = True
        self._announce(table)  # "waiting for players" may have changed

    # --- the host ------------------------------------------------------------------------------
    def check_host(self, table: Table, token: str | None) -> None:
        """Refuse a request that does not carry the table's host secret."""
        if not token:
            raise ApiError(401, "missing_host_token", "this needs the host's link (the X-Host-Token header)")
        if table.host_hash is None or not hmac.compare_digest(table.host_hash, token_hash(token)):
            raise ApiError(403, "bad_host_token", "this is not the host's link of this game")

    def host_seat(self, table: Table, seat: int) -> SeatInfo:
        """A seat the host may change: one a person plays (a bot's own seat stays a bot)."""
        if not 0 <= seat < len(table.seats):
            raise ApiError(404, "no_such_seat", f"this game has seats 0 to {len(table.seats) - 1}, not {seat}")
        info = table.seats[seat]
        if info.kind != "human":
            raise ApiError(409, "bot_seat", f"{info.name} is a bot's seat; only people's seats can be changed")
        return info

    async def stand_in(self, table: Table, seat: int, level: str | None) -> None:
        """A bot of ``level`` plays the person's seat from now on; None gives it back to them."""
        info = self.host_seat(table, seat)
        if level is not None and level not in BOT_LEVELS:
            raise ApiError(
                422, "invalid_request", f"unknown bot level {level!r} (levels: {', '.join(BOT_LEVELS)})", field="level"
            )
        if table.state.over:
            raise ApiError(409, "game_over", "the game is finished; its seats no longer change")
        async with table.lock:
            await self._store(self.store.change_seat, table.id, seat, stand_in=level, what="the seat's player")
            info.stand_in = level
        self._seats_changed(table)

    async def new_link(self, table: Table, seat: int) -> str:
        """A new secret for the person's seat; the old link stops working at once (its open
        pages are closed)."""
        info = self.host_seat(table, seat)
        token = secrets.token_urlsafe(24)
        async with table.lock:
            await self._store(self.store.change_seat, table.id, seat, token_hash=token_hash(token), what="the new link")
            info.token_hash = token_hash(token)
            await self._store(self.store.forget_seat_keys, table.id, seat, what="the player keys of the old link")
        self.revoked(table, seat)
        return token

    @staticmethod
    def revoked(table: Table, seat: int | None) -> None:
        """Close the pages that opened ``seat`` (None: the spectators) with a link the host has
        replaced."""
        for conn in [c for c in table.connections if c.seat == seat]:
            table.connections.discard(conn)
            conn.drop(REVOKED if seat is not None else WATCH_REVOKED)

    async def watch_link(self, table: Table, keep: bool) -> str | None:
        """``keep``: only holders of a new spectator link may watch (an older one stops working,
        its pages are closed); otherwise anyone may watch again."""
        watch = secrets.token_urlsafe(24) if keep else None
        digest = token_hash(watch) if watch else None
        async with table.lock:
            await self._store(self.store.change_game, table.id, watch_hash=digest, what="the spectator link")
            table.watch_hash = digest
        if keep:
            self.revoked(table, None)
        self._seats_changed(table)
        return watch

    async def set_clock(self, table: Table, seconds: int | None, fallback: str) -> None:
        """Each person has ``seconds`` per decision (None: no clock); then ``fallback`` moves."""
        if seconds is not None and not CLOCK_RANGE[0] <= seconds <= CLOCK_RANGE[1]:
            raise ApiError(
                422,
                "invalid_request",
                f"a turn clock has {CLOCK_RANGE[0]} to {CLOCK_RANGE[1]} seconds, not {seconds}",
                field="seconds",
            )
        if fallback not in FALLBACKS:
            raise ApiError(
                422, "invalid_request", f"fallback is one of {', '.join(FALLBACKS)}, not {fallback!r}", field="fallback"
            )
        async with table.lock:
            await self._store(self.store.change_game, table.id, clock=seconds, fallback=fallback, what="the clock")
            table.clock, table.fallback = seconds, fallback
        table.moved_at = time.time()  # a new clock gives the person its whole time
        self._seats_changed(table)

    async def set_spectator_chat(self, table: Table, spectators: str) -> None:
        """What spectators may do with the chat: nothing, read it, or write too."""
        if spectators not in SPECTATOR_CHAT:
            raise ApiError(
                422,
                "invalid_request",
                f"spectators is one of {', '.join(SPECTATOR_CHAT)}, not {spectators!r}",
                field="spectators",
            )
        async with table.lock:
            await self._store(self.store.change_game, table.id, spectator_chat=spectators, what="the chat setting")
            table.spectator_chat = spectators
        self._seats_changed(table)
        self.chat_opened(table)

    async def mute(self, table: Table, seat: int, muted: bool) -> None:
        """The host mutes a person's seat in the chat, or lets it speak again."""
        info = self.host_seat(table, seat)
        async with table.lock:
            await self._store(self.store.change_seat, table.id, seat, muted=muted, what="the mute")
            info.muted = muted
        self._seats_changed(table)

    def _seats_changed(self, table: Table) -> None:
        """Tell every listener and let the bot task take on or give up seats."""
        self._announce(table)
        self._start_bots(table)

    def _announce(self, table: Table) -> None:
        """Send every listener the status line (meta: the seats, the clock, the chat setting,
        the rematch), which every cached message also carries."""
        table._texts.clear()
        for conn in list(table.connections):
            self._push(table, conn, "status")

    def check_lang(self, table: Table, lang: str) -> str:
        langs = languages(table.game.name)
        if lang not in langs:
            raise ApiError(
                422,
                "invalid_request",
                f"language {lang!r} is not available for {table.game.name} (languages: {', '.join(langs)})",
                field="lang",
            )
        return lang

    # --- acting --------------------------------------------------------------------------------
    async def act(self, table: Table, seat: int, action: int, version: int | None) -> None:
        await _to_the_end(self._act(table, seat, action, version))

    async def _act(self, table: Table, seat: int, action: int, version: int | None) -> None:
        async with table.lock:
            state, game = table.state, table.game
            if state.over:
                raise ApiError(409, "game_over", "the game is finished; no more actions")
            if version is not None and version < table.asked:
                raise ApiError(
                    409,
                    "stale",
                    f"the table moved on (version {table.version}, you sent {version}); look again",
                    version=table.version,
                )
            if table.seats[seat].stand_in:
                raise ApiError(
                    409,
                    "stand_in",
                    f"a bot ({table.seats[seat].stand_in}) plays {table.names[seat]}'s seat while they are away; "
                    "the host can give the seat back",
                )
            if seat not in game.actors(state):
                waiting = ", ".join(table.names[s] for s in game.actors(state))
                raise ApiError(
                    409,
                    "not_your_turn",
                    f"{table.names[seat]} has no decision to make now; waiting for {waiting}",
                    rule="turn order",
                )
            if not 0 <= action < game.num_actions:
                raise ApiError(
                    422,
                    "unknown_action",
                    f"unknown action id {action} (ids are 0..{game.num_actions - 1})",
                    field="action",
                )
            await self._commit(table, seat, action)

    async def _commit(self, table: Table, seat: int, action: int, retries: int = 3, by: str | None = None) -> None:
        """Apply on a copy, store, then swap: until the action is stored, and whatever the
        rules raise, the table, the store and every listener keep the position ``before``."""
        game, before = table.game, table.state
        after = before.clone()
        try:
            events = game.apply(after, seat, action)
            entry = LogEntry(len(table.actions), seat, events, None, by)
            ending = ([s.total for s in game.scores(after)], game.winners(after)) if after.over else ()
        except IllegalAction as exc:
            raise ApiError(422, "illegal_action", exc.reason, rule=exc.rule, field="action") from None
        except Exception:
            raise internal_error(
                f"game {table.id}: the rules failed on action {action} of seat {seat}; nothing changed"
            ) from None
        try:
            await self._store(
                self.store.add_action,
                table.id,
                len(table.actions),
                seat,
                action,
                "finished" if after.over else table.status,
                *ending,
                what="the action",
                undos=table.undos,
                by=by,
            )
        except StaleVersion:
            asked = table.asked
            refusal = await self._overtaken(table)
            # Another process stored other seats' hidden choices in this simultaneous step: the
            # decision is the one the seat answered, as if the requests had come in one by one.
            if retries and table.asked == asked and seat in game.actors(table.state):
                return await self._commit(table, seat, action, retries - 1, by)
            raise refusal from None
        if table.undo and table.seats[seat].played_by is None:
            entry.revealing = _revealing(table, before, seat, action, after)
        table.state = after
        table.touched = time.time()
        table.actions.append((seat, action))
        table.log.append(entry)
        if _new_decision(after):
            table.asked = table.version
        if after.over:
            self._keep(table)
        self._changed(table, "update")

    async def _store(self, write, *args, what: str, **kwargs) -> None:
        """Run a store write in the writing thread; a failure becomes a 503 and the caller
        keeps its old state. StaleVersion (another process wrote first) passes through."""
        try:
            await asyncio.get_running_loop().run_in_executor(self.writes, functools.partial(write, *args, **kwargs))
        except StaleVersion:
            raise
        except Exception:
            log.exception("storing %s failed", what)
            raise ApiError(503, "storage_failed", f"{what} could not be stored; nothing changed") from None

    async def _read(self, read, *args):
        """Run a store read in a reading thread; a failure becomes a 503."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.reads, read, *args)
        except Exception:
            log.exception("reading from the store failed")
            raise ApiError(503, "storage_failed", "the database could not be read; try again") from None

    async def _overtaken(self, table: Table) -> ApiError:
        """Another process changed the game first: catch up with the store, and say so."""
        try:
            await self.cluster.catch_up(table)
        except Exception:
            log.exception("game %s: catching up with the store failed", table.id)
        return ApiError(
            409, "stale", f"the table moved on (version {table.version}); look again", version=table.version
        )

    def undo_refusal(self, table: Table, seat: int | None) -> ApiError | None:
        if seat is None:
            return ApiError(401, "missing_token", "undo needs a seat token; spectators cannot act")
        if not table.undo:
            return ApiError(409, "undo_disabled", "undo is off for this game (a setting chosen at creation)")
        if table.state.over:
            return ApiError(409, "game_over", "the game is finished; no more actions")
        if not table.log:
            return ApiError(409, "nothing_to_undo", "no action has been made yet")
        if table.branched_at is not None and len(table.actions) <= table.branched_at:
            return ApiError(
                409,
                "branch_point",
                f"this table was set up from a replay after {table.branched_at} actions; "
                "the moves before that cannot be taken back here",
            )
        last = table.log[-1]
        if last.seat != seat:
            return ApiError(
                409,
                "not_your_action",
                f"the last action was {table.names[last.seat]}'s; only your own last action can be taken back",
            )
        if self._revealing(table, last):
            return ApiError(409, "revealed", "your last action revealed hidden information and cannot be taken back")
        return None

    def _revealing(self, table: Table, last: LogEntry) -> bool:
        """Whether the last action showed somebody something hidden (engine.hidden.revealing);
        worked out once, here when the game was restored from the store."""
        if last.revealing is None:
            shorter = table.record()
            seat, action = shorter.actions.pop()
            before = replay(shorter, self.data_sets(table.game.name)[table.data_key], complete=False)
            last.revealing = _revealing(table, before, seat, action, table.state)
        return last.revealing

    async def undo(self, table: Table, seat: int) -> None:
        await _to_the_end(self._undo(table, seat))

    async def _undo(self, table: Table, seat: int) -> None:
        async with table.lock:
            refusal = self.undo_refusal(table, seat)
            if refusal:
                raise refusal
            shorter = table.record()
            shorter.actions.pop()
            try:  # a long record replays in a thread, not the loop
                state = await asyncio.get_running_loop().run_in_executor(
                    self.reads,
                    functools.partial(replay, shorter, self.data_sets(table.game.name)[table.data_key], complete=False),
                )
            except Exception:
                raise internal_error(
                    f"game {table.id}: replaying the record without its last action failed; nothing changed"
                ) from None
            try:
                await self._store(
                    self.store.remove_last_action, table.id, len(shorter.actions), table.undos + 1, what="the undo"
                )
            except StaleVersion:
                raise await self._overtaken(table) from None
            table.state, table.undos = state, table.undos + 1
            table.actions.pop()
            table.log.pop()
            table.asked = table.version
            self._changed(table, "reset")

    def _changed(self, table: Table, kind: str) -> None:
        table.moved_at = time.time()
        table._parts.clear()
        table._texts.clear()
        for conn in list(table.connections):
            self._push(table, conn, kind)
        table.changed.set()

    def _push(self, table: Table, conn: Connection, kind: str) -> None:
        try:
            text = self.message(table, kind, conn.seat, conn.lang)
        except Exception:  # a failing view must not silence the others
            internal_error(f"game {table.id}: the {kind} message for seat {conn.seat} failed")
            table.connections.discard(conn)
            conn.drop()
            return
        if not conn.push(text):
            log.warning("game %s: a listener fell %d messages behind; dropping it", table.id, QUEUE_LIMIT)
            table.connections.discard(conn)
            conn.drop()

    # --- player keys ---------------------------------------------------------------------------
    async def keep_seats(self, key: str | None, seats: list[tuple[str, str]]) -> str:
        """Attach seats (game id, seat link secret) to the player key ``key`` (None: a new key);
        every secret must open a seat, or nothing is attached. The key is returned."""
        if key is not None and not await self._read(self.store.key_seats, token_hash(key), 1):
            raise ApiError(403, "bad_key", "this is not a player key of this server")
        rows = []
        for i, (game_id, secret) in enumerate(seats):
            try:
                table = await self.open_table(game_id)
                seat = self.seat_of(table, secret, required=True)
            except ApiError as exc:
                raise ApiError(exc.status, exc.error, f"seats.{i}: {exc.detail}", field=f"seats.{i}") from None
            rows.append((game_id, seat, secret))
        key = key or keys.new_key()
        sealed = [{"game_id": g, "seat": n, "sealed": keys.seal(key, g, n, secret)} for g, n, secret in rows]
        await self._store(self.store.add_key_seats, token_hash(key), sealed, what="the player key")
        return key

    async def key_seats(self, key: str) -> list[dict]:
        """The seats a player key finds: each with its game's summary and its link's secret;
        seats whose link the host has replaced, or whose game is gone, are left out."""
        rows = await self._read(self.store.key_seats, token_hash(key), keys.MOST_SEATS)
        if not rows:
            raise ApiError(403, "bad_key", "this is not a player key of this server")
        found = []
        for row in rows:
            secret = keys.unseal(key, row["game_id"], row["seat"], row["sealed"])
            try:
                table = await self.open_table(row["game_id"])
                if self.seat_of(table, secret, required=True) != row["seat"]:
                    continue
            except ApiError:
                continue
            found.append({"id": table.id, "seat": row["seat"], "token": secret, "summary": self.summary(table)})
        return found

    # --- chat ----------------------------------------------------------------------------------
    @staticmethod
    def reads_chat(table: Table, seat: int | None) -> bool:
        return seat is not None or table.spectator_chat != "off"

    def chat_log(self, table: Table, seat: int | None) -> list[dict]:
        if not self.reads_chat(table, seat):
            raise ApiError(403, "chat_closed", "the host keeps this table's chat to the players")
        return table.chat

    async def say(self, table: Table, seat: int | None, text: object, sender: str) -> dict:
        """Store one chat message of ``seat`` (None: a spectator) and send it to every page
        that reads the chat. ``sender`` names who is rate-limited: a seat, or an address."""
        if not isinstance(text, str):
            raise ApiError(422, "invalid_request", "a chat message is text", field="text")
        text = "".join(ch for ch in text.strip() if ch == "\n" or ch.isprintable())
        if not text or len(text) > CHAT_LENGTH:
            raise ApiError(422, "invalid_request", f"a chat message has 1 to {CHAT_LENGTH} characters", field="text")
        if seat is None and table.spectator_chat != "write":
            raise ApiError(403, "chat_closed", "the host lets only the players write in this table's chat")
        if seat is not None and table.seats[seat].muted:
            raise ApiError(403, "muted", "the host has muted your seat in this table's chat")
        wait = self.chatters.take(f"{table.id} {sender}")
        if wait:
            seconds = math.ceil(wait)
            raise ApiError(
                429,
                "rate_limited",
                f"at most {CHAT_PER_MINUTE} messages a minute; try again in {seconds} s",
                retry_after=seconds,
            )
        name = table.names[seat] if seat is not None else "spectator"
        async with table.chat_lock:
            for _ in range(3):
                n = table.chat[-1]["n"] + 1 if table.chat else 0
                try:
                    stamp = await asyncio.get_running_loop().run_in_executor(
                        self.writes, self.store.add_chat, table.id, n, seat, name, text
                    )
                    break
                except StaleVersion:  # another process numbered a message first: read on
                    await self.chat_catch_up(table)
                except Exception:
                    log.exception("storing a chat message of game %s failed", table.id)
                    raise ApiError(503, "storage_failed", "the message could not be stored; try again") from None
            else:
                raise ApiError(409, "stale", "the chat is busy; send the message again")
            message = _chat_message({"n": n, "seat": seat, "name": name, "text": text, "created_at": stamp})
            self._chat_add(table, [message])
        return message

    def _chat_add(self, table: Table, messages: list[dict]) -> None:
        last = table.chat[-1]["n"] if table.chat else -1
        messages = [m for m in messages if m["n"] > last]  # a message heard twice is added once
        if not messages:
            return
        table.chat = (table.chat + messages)[-CHAT_KEPT:]
        text = _json.encode({"type": "chat", "messages": messages}).decode()
        for conn in list(table.connections):
            if self.reads_chat(table, conn.seat) and not conn.push(text):
                table.connections.discard(conn)
                conn.drop()

    def chat_opened(self, table: Table, conn: Connection | None = None) -> None:
        """Send the chat so far to a page that has just opened (``conn``), or to every page
        (after the host opened the chat to spectators)."""
        text = _json.encode({"type": "chat", "messages": table.chat, "all": True}).decode()
        for c in [conn] if conn else list(table.connections):
            if self.reads_chat(table, c.seat):
                c.push(text)

    async def chat_catch_up(self, table: Table) -> None:
        """Another process stored chat messages: read those this table lacks and pass them on."""
        after = table.chat[-1]["n"] if table.chat else -1
        rows = await self._read(self.store.chat, table.id, after)
        if rows:
            self._chat_add(table, [_chat_message(r) for r in rows if r["n"] > after])

    # --- messages ------------------------------------------------------------------------------
    def parts(self, table: Table, seat: int | None) -> dict:
        """The seat's view and ui, encoded once per version for every kind of message and every
        language. Kept encoded, not as dicts: thousands of small dicts per table, alive until the
        next move, made every full garbage collection walk them."""
        cached = table._parts.get(seat)
        if cached and cached[0] == table.version:
            return cached[1]
        part = {
            "view": msgspec.Raw(_json.encode(table.game.view(table.state, seat))),
            "ui": msgspec.Raw(_json.encode(table.game.table_ui(table.state, seat))),
        }
        table._parts[seat] = (table.version, part)
        return part

    def meta(self, table: Table, seat: int | None, lang: str) -> dict:
        return {
            "game_id": table.id,
            "game": table.game.name,
            "title": table.game.title,
            "seat": seat,
            "names": table.names,
            "kinds": [s.kind for s in table.seats],
            "levels": [s.level for s in table.seats],
            "stand_ins": [s.stand_in for s in table.seats],
            "muted": [s.muted for s in table.seats],
            "rematch": table.rematch,
            "spectator_chat": table.spectator_chat,
            "watch_link": table.watch_hash is not None,
            "clock": None
            if table.clock is None
            else {"seconds": table.clock, "fallback": table.fallback, "deadline": table.moved_at + table.clock},
            "status": table.status,
            "actors": table.game.actors(table.state),  # who owes a decision: public
            "undo": table.undo,
            "can_undo": self.undo_refusal(table, seat) is None,
            "version": table.version,
            "lang": lang,
            "languages": languages(table.game.name),
            "data_set": self.data_set_label(table.game.name, table.data_key),
            **self._board_meta(table),
        }

    def data_set_label(self, game_name: str, data_key: str) -> dict | None:
        """The card data set a table plays with, when it is not the built-in data: its key and
        the name its owner gave it (a configured file's key), so the table and the lobby can say
        whose cards these are."""
        if data_key == "builtin":
            return None
        stored = self.workshop.sets.get(game_name, {}).get(data_key)
        return {"key": data_key, "name": stored.name if stored is not None else data_key}

    def _board_meta(self, table: Table) -> dict:
        """An analysis board's part of the meta: where it was set up, and whose last action may
        be taken back now (its page plays every person's seat, so it undoes for that seat)."""
        if table.branched_at is None:
            return {}
        last = table.log[-1].seat if table.log else None
        mine = last is not None and table.seats[last].token_hash is not None
        return {
            "branched_at": table.branched_at,
            "undo_seat": last if mine and self.undo_refusal(table, last) is None else None,
        }

    def _texts_of(self, table: Table, entry: LogEntry, seat: int | None, lang: str) -> list[dict]:
        return words.event_texts(table.game, entry.events, seat, lang, table.names)

    def action_texts(self, table: Table, seat: int | None, lang: str) -> dict[str, str]:
        """The seat's legal actions in words of ``lang`` (words.action_texts)."""
        return words.action_texts(table.game, table.state, seat, lang, table.names)

    def decision_words(self, table: Table, seat: int | None, lang: str) -> dict:
        """What the seat is deciding and what it cannot do now (words.decision_words)."""
        return words.decision_words(table.game, table.state, seat, lang, table.names)

    def message(self, table: Table, kind: str, seat: int | None, lang: str) -> str:
        """An encoded message for one listener. ``update``: the view plus the last action's
        events; ``hello``/``reset``: the view plus the whole log; ``status``: meta only. The view's
        legal actions come with their words in the listener's language (``action_texts``)."""
        key = (kind, seat, lang)
        cached = table._texts.get(key)
        if cached and cached[0] == table.version:
            return cached[1]
        body = {"type": kind, "version": table.version, "seat": seat}
        if kind != "status":
            body.update(self.parts(table, seat))
            body["action_texts"] = self.action_texts(table, seat, lang)
            body.update(self.decision_words(table, seat, lang))
        if kind == "update" and table.log:
            last = table.log[-1]
            body["index"] = last.index
            body["actor"] = last.seat
            body["by"] = last.by
            body["events"] = self._texts_of(table, last, seat, lang)
        elif kind in ("hello", "reset"):
            body["log"] = [
                {"index": e.index, "seat": e.seat, "by": e.by, "events": texts}
                for e in table.log
                if (texts := self._texts_of(table, e, seat, lang))
            ]
        body["meta"] = self.meta(table, seat, lang)
        text = _json.encode(body).decode()
        table._texts[key] = (table.version, text)
        return text

    def summary(self, table_or_row) -> dict:
        """What the lobby shows of a game: never a token, never the seed of a running game."""
        row: dict[str, Any]  # JSON for the lobby
        if isinstance(table_or_row, Table):
            t = table_or_row
            row = {
                "id": t.id,
                "game": t.game.name,
                "players": len(t.seats),
                "status": t.status,
                "ply": len(t.actions),
                "undo": t.undo,
                "open_replay": t.open_replay,
                "branched_at": t.branched_at,
                "seats": [
                    {
                        "seat": i,
                        "name": s.name,
                        "kind": s.kind,
                        "level": s.level,
                        "joined": s.joined,
                        "stand_in": s.stand_in,
                    }
                    for i, s in enumerate(t.seats)
                ],
            }
            if t.state.over:
                row["scores"] = [s.total for s in t.game.scores(t.state)]
                row["winners"] = t.game.winners(t.state)
            else:
                row["actors"] = t.game.actors(t.state)  # whose decision it is: public, as in meta
        else:
            r = table_or_row
            row = {
                "id": r["id"],
                "game": r["game"],
                "players": r["players"],
                "status": r["status"],
                "ply": r["ply"],
                "undo": r["undo"],
                "open_replay": r.get("open_replay") is not False,
                "branched_at": r.get("branched_at"),
                "seats": [
                    {
                        "seat": s["seat"],
                        "name": s["name"],
                        "kind": s["kind"],
                        "level": s["level"],
                        "joined": s["joined"],
                        "stand_in": s.get("stand_in"),
                    }
                    for s in r["seats"]
                ],
                "updated_at": _utc(r["updated_at"]).isoformat(),
            }
            if r["status"] == "finished":
                row["scores"], row["winners"] = r["scores"], r["winners"]
        row["title"] = get_game(row["game"]).title
        data_key = table_or_row.data_key if isinstance(table_or_row, Table) else table_or_row.get("data_key", "builtin")
        row["data_set"] = self.data_set_label(row["game"], data_key)
        watch_hash = table_or_row.watch_hash if isinstance(table_or_row, Table) else table_or_row.get("watch_hash")
        row["spectator_link"] = None if watch_hash else f"/game/{row['id']}"  # kept to the host's link
        if row["status"] == "finished":
            row["record_link"] = f"/api/games/{row['id']}/record"
            row["replay_link"] = f"/replay/{row['id']}"
            row["rematch"] = table_or_row.rematch if isinstance(table_or_row, Table) else table_or_row.get("rematch")
        return row

    async def lobby(self, limit: int = 50) -> dict:
        rows = await self._read(lambda: {status: self.store.list_games(status, limit) for status in STATUSES})
        return {status: [self.summary(r) for r in rows[status]] for status in STATUSES}

    # --- replays ------------------------------------------------------------------------------
    async def replay(self, table: Table, step: int, seat: object, lang: str, log_from: int = 0) -> dict:
        """Table ``table``'s position after ``step`` actions as ``seat`` saw it (a seat number,
        None or "spectator", or "open": every card face up, if the table allows it). Only once
        the game is finished: until then the positions would show what the seats hide."""
        if not table.state.over:
            raise ApiError(
                409,
                "not_finished",
                "the replay is available once the game is finished (it would show the hidden cards)",
            )
        self.check_lang(table, lang)
        viewer = replay_viewer(seat, len(table.seats))
        replayed = await self.replayed(table)
        allowed = table.open_replay and replayed.face_up
        if viewer == OPEN and not allowed:
            raise ApiError(
                403,
                "open_replay_off",
                "this table does not show its replay face up (a setting chosen at creation)"
                if replayed.face_up
                else f"{table.game.name} has no face-up view",
                field="seat",
            )
        return self._replay_message(replayed, step, viewer, lang, allowed, log_from, game_id=table.id)

    async def replayed(self, table: Table) -> Replayed:
        """A finished table's replay, built once and kept a while: ``state(step)`` is a fresh
        copy of the position after ``step`` actions (to look at, or to play on from)."""
        if not table.state.over:
            raise ApiError(409, "not_finished", "the replay is available once the game is finished")
        by = {e.index: e.by for e in table.log if e.by}
        return await self._replayed(
            f"table:{table.id}", lambda: build(table.game, table.record(), [s.kind for s in table.seats], by, True)
        )

    async def replay_file(self, raw: object, step: int, seat: object, lang: str, log_from: int = 0) -> dict:
        """A record file's position after ``step`` actions as ``seat`` saw it; face up always
        (the file holds the seed, so its holder may know every card anyway). Any record that
        parses and replays is accepted, a game's finished or not."""
        record, game, _ = self.record_game(raw)
        langs = languages(game.name)
        if lang not in langs:
            raise ApiError(
                422,
                "invalid_request",
                f"language {lang!r} is not available for {game.name} (languages: {', '.join(langs)})",
                field="lang",
            )
        viewer = replay_viewer(seat, len(record.seats))
        found = await self._file_replayed(record, game)
        if viewer == OPEN and not found.face_up:
            raise ApiError(403, "open_replay_off", f"{game.name} has no face-up view", field="seat")
        return self._replay_message(found, step, viewer, lang, found.face_up, log_from, game_id=None)

    def record_game(self, raw: object) -> tuple[Record, Game, str]:
        """A record file's record, and the game with the card data it was played with and that
        data set's key on this server; 422 ``bad_record`` for anything else."""
        try:
            record = parse_record(msgspec.json.encode(raw), "the record")
        except (RecordError, TypeError, ValueError, OverflowError) as exc:
            raise ApiError(422, "bad_record", str(exc), field="record") from None
        if record.game not in game_names():
            raise ApiError(
                422, "bad_record", f"unknown game {record.game!r} (games: {', '.join(game_names())})", field="record"
            )
        for data_key in self.data_sets(record.game):
            known = self.workshop.data_id(record.game, data_key)  # a stored set is bound only if it fits
            if known is not None and record.data is not None and known != record.data:
                continue
            game = self.bind(record.game, data_key)
            if record.data is None or game.data_id() == record.data:
                return record, game, data_key
        raise ApiError(
            422, "bad_record", f"the record was played with card data {record.data}, which this server lacks"
        )

    async def _file_replayed(self, record: Record, game: Game) -> Replayed:
        """A record file's replay, kept by its content."""

        def replayed() -> Replayed:
            try:
                return build(game, record, ["human"] * len(record.seats), {}, False)
            except RecordError as exc:
                raise ApiError(422, "bad_record", str(exc), field="record") from None

        return await self._replayed(record_key(record), replayed)

    async def _replayed(self, key: str, make) -> Replayed:
        """The kept replay ``key``, else ``make()`` run in a worker thread, once however many
        requests ask for it meanwhile."""
        found = self.replays.get(key)
        if found is not None:
            return found
        building = self._replaying.get(key)
        if building is None:
            building = self._replaying[key] = asyncio.ensure_future(
                asyncio.get_running_loop().run_in_executor(self.reads, make)
            )
            building.add_done_callback(
                lambda done: (self._replaying.pop(key, None), done.cancelled() or done.exception())
            )
        try:
            return self.replays.put(key, await asyncio.shield(building))
        except ApiError:
            raise
        except Exception:
            raise internal_error(f"replaying {key} failed") from None

    def _replay_message(
        self, replayed: Replayed, step: int, viewer: Viewer, lang: str, allowed: bool, log_from: int, **meta
    ) -> dict:
        if not 0 <= step <= replayed.steps:
            raise ApiError(
                422, "invalid_request", f"step is 0 to {replayed.steps} in this game, not {step}", field="step"
            )
        return message(
            replayed, step, viewer, lang, allowed, min(log_from, step), languages=languages(replayed.game.name), **meta
        )

    # --- the analysis board: play on from a replay's step ---------------------------------------
    async def branch(
        self, table: Table, step: int, seats: list[dict], undo: bool = True
    ) -> tuple[Table, dict[int, str], str]:
        """A private table (an analysis board) that starts from the finished game ``table``'s
        position after ``step`` actions, each seat a person or a bot as ``seats`` says: the
        table, each person's secret and the host's secret. A page that plays the people's seats
        shows their cards, so this is allowed only where the replay shows every card face up."""
        if not table.state.over:
            raise ApiError(
                409,
                "not_finished",
                "a game can be played on from its replay once it is finished (it would show the hidden cards)",
            )
        if not table.open_replay:
            raise ApiError(
                403,
                "open_replay_off",
                "this table does not show its replay face up (a setting chosen at creation), so nobody may "
                "play on from its positions: that would show every seat's cards",
            )
        return await self._branch(await self.replayed(table), table.data_key, step, seats, undo)

    async def branch_file(
        self, raw: object, step: int, seats: list[dict], undo: bool = True
    ) -> tuple[Table, dict[int, str], str]:
        """The same from a record file (its holder may know every card anyway: it holds the seed)."""
        record, game, data_key = self.record_game(raw)
        if not -(2**63) <= record.seed < 2**63:
            raise ApiError(422, "bad_record", f"the record's seed {record.seed} is out of range", field="record")
        return await self._branch(await self._file_replayed(record, game), data_key, step, seats, undo)

    async def _branch(
        self, replayed: Replayed, data_key: str, step: int, seats: list[dict], undo: bool
    ) -> tuple[Table, dict[int, str], str]:
        """The new table is stored as the source's setup (seed, options, card data) and its first
        ``step`` actions, so the record of the new game is the whole line from the deal, and a
        restart replays it as it replays any game. Undo stops at the branch point."""
        game, record = replayed.game, replayed.record
        if not 0 <= step <= replayed.steps:
            raise ApiError(
                422, "invalid_request", f"step is 0 to {replayed.steps} in this game, not {step}", field="step"
            )
        if len(seats) != len(record.seats):
            raise ApiError(
                422,
                "invalid_request",
                f"this game has {len(record.seats)} seats; the request describes {len(seats)}",
                field="seats",
            )
        state = replayed.state(step)
        if state.over:
            raise ApiError(
                422, "invalid_request", f"the game is over after step {step}; choose an earlier step", field="step"
            )
        # each seat keeps the source's name unless the request names it
        named = [{**spec, "name": spec.get("name") or _seat_name(record.seats[i])} for i, spec in enumerate(seats)]
        infos, tokens = self._seat_infos(game, named)
        for info in infos:
            info.joined = True  # the person who asked holds every seat's link: nobody is awaited
        host = secrets.token_urlsafe(24)
        start = Start(state, list(record.actions[:step]), replayed.events[:step], replayed.by[:step])
        table = await self._open(
            game,
            data_key,
            record.seed,
            dict(replayed.checkpoints[0].options),
            infos,
            undo,
            start,
            host_hash=token_hash(host),
            branched_at=step,
        )
        return table, tokens, host

    # --- analyses ------------------------------------------------------------------------------
    async def analysis(self, table: Table, seat: object, lang: str) -> dict:
        """The finished game's analysis as ``seat`` may see it (a seat's number, "open" if the
        table allows it, or a spectator), with its words in ``lang`` (analysis.py)."""
        if not table.state.over:
            raise ApiError(409, "not_finished", "a game can be analysed once it is finished")
        self.check_lang(table, lang)
        viewer = replay_viewer(seat, len(table.seats))
        allowed = table.open_replay and table.game.open_view(table.state) is not None
        if viewer == OPEN and not allowed:
            raise ApiError(
                403,
                "open_replay_off",
                "this table does not show its replay face up (a setting chosen at creation)",
                field="seat",
            )
        return await self.analyses.answer(table, viewer, lang, allowed)

    # --- archiving -----------------------------------------------------------------------------
    async def _sweep(self) -> None:
        period = min(3600.0, max(1.0, self.settings.archive_after / 10))
        while True:
            await asyncio.sleep(period)
            try:
                await self.archive_idle()
            except Exception:
                log.exception("archiving idle games failed")

    async def archive_idle(self) -> list[str]:
        """Archive the unfinished games in memory that nobody has touched for
        ``archive_after`` and nobody watches: flagged in the store, dropped from memory with
        their bots. Opening one later restores it."""
        cutoff = time.time() - self.settings.archive_after

        def idle(t: Table) -> bool:
            return not t.state.over and t.touched < cutoff and not t.connections and not t.lock.locked()

        candidates = [t for t in self.tables.values() if idle(t)]
        if not candidates:
            return []
        await self._store(self.store.set_archived, [t.id for t in candidates], True, what="the archive flags")
        archived, revived = [], []
        for t in candidates:  # a request may have come in meanwhile
            if idle(t) and self.tables.get(t.id) is t:
                del self.tables[t.id]
                if t.bot_task is not None:
                    t.bot_task.cancel()
                archived.append(t.id)
            else:
                revived.append(t.id)
        if revived:
            await self._store(self.store.set_archived, revived, False, what="the archive flags")
        if archived:
            log.info("archived %d idle games: %s", len(archived), ", ".join(archived))
        return archived

    # --- bots ----------------------------------------------------------------------------------
    def _start_bots(self, table: Table) -> None:
        """Give each seat a bot plays (its own, or a stand-in for an absent person) its agent,
        and start the task that moves them and keeps the turn clock, if the table needs it."""
        if table.state.over or not self.cluster.drives(table):
            return
        bots = {}
        for i, info in enumerate(table.seats):
            if info.played_by is None:
                continue
            spec = level_agent(table.game, info.played_by)
            kept = table.bots.get(i)
            if kept is not None and kept.spec == spec:
                bots[i] = kept
            else:
                bots[i] = Bot(spec, None if searches(spec) else make_agent(spec, table.game, table.seed + i))
        table.bots = bots
        table.changed.set()  # a running task looks again at who it moves
        if (bots or table.clock) and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table), name=f"bots-{table.id}")
            table.bot_task.add_done_callback(_report_crash)

    async def _run_bots(self, table: Table) -> None:
        """Move every bot seat that owes a decision, one at a time, with visible pacing.

        The agent thinks on a copy of the state in a worker thread, or a search in a worker
        process, so the server keeps answering; its choice is applied only if the table has not
        moved on meanwhile (or, in a simultaneous step, if the bot still owes the decision and
        the choice is still legal: the other seats' hidden choices never change what it may do).
        """
        loop = asyncio.get_running_loop()
        game = table.game
        while True:
            table.changed.clear()
            if table.state.over:
                return
            seat = next((s for s in game.actors(table.state) if s in table.bots), None)
            if seat is None:
                left = None if table.clock is None else table.moved_at + table.clock - time.time()
                if left is None:
                    await table.changed.wait()
                elif left > 0:
                    # asyncio.timeout, not wait_for, which in Python 3.11 loses a cancel that
                    # comes with a change: the server's shutdown then waited for this loop forever
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(left):
                            await table.changed.wait()
                else:
                    await self._time_out(table)
                continue
            version, started, stuck = table.version, loop.time(), False
            snapshot = table.state.clone()
            simultaneous = len(snapshot.stack[-1].seats) > 1
            try:
                action = await self._think(table, table.bots[seat], snapshot, seat)
            except Exception:
                log.exception("game %s: bot of seat %s failed; it plays a random legal action", table.id, seat)
                action = random.choice(game.legal(snapshot, seat))
            pause = self.settings.bot_delay - (loop.time() - started)
            if pause > 0:
                await asyncio.sleep(pause)
            async with table.lock:
                current = table.version == version or (
                    simultaneous and seat in game.actors(table.state) and action in game.legal(table.state, seat)
                )
                if not current or table.state.over or seat not in table.bots:
                    continue
                try:
                    await self._commit(table, seat, action)
                    continue
                except ApiError as exc:
                    if exc.error == "stale":  # another process moved first
                        continue
                    log.error("game %s: bot of seat %s chose %s: %s", table.id, seat, action, exc.detail)
                    if exc.error == "illegal_action":  # a faulty agent must not stall the game
                        table.bots[seat] = Bot("random", make_agent("random", game, table.seed + seat))
                        continue
                    if exc.error == "internal_error":  # nor rules that fail on one action
                        if await self._play_another(table, seat, action):
                            continue
                        stuck = True
            if stuck:  # wait for an undo, say
                await table.changed.wait()
                continue
            await asyncio.sleep(1.0)  # storage trouble: try again later

    async def _time_out(self, table: Table) -> None:
        """The turn clock ran out: each person who owes a decision passes, if the host chose
        that and the rules allow it now (``Game.timeout_action``), or the easy bot moves for
        them. The log marks these moves as the clock's."""
        game, version = table.game, table.version
        snapshot = table.state.clone()
        moves = []
        for seat in game.actors(snapshot):
            action = game.timeout_action(snapshot, seat) if table.fallback == "pass" else None
            if action is None:
                agent = make_agent(level_agent(game, "easy"), game, move_seed(table.seed, seat, snapshot.ply))
                action = await asyncio.get_running_loop().run_in_executor(
                    self.pool, agent.choose, game, snapshot.clone(), seat
                )
            moves.append((seat, action))
        async with table.lock:
            if table.version != version or table.state.over:
                return  # somebody moved meanwhile: the clock starts again
            try:
                for seat, action in moves:
                    if seat in game.actors(table.state) and action in game.legal(table.state, seat):
                        log.info("game %s: the turn clock ran out for seat %s", table.id, seat)
                        await self._commit(table, seat, action, by="clock")
                return
            except ApiError as exc:
                log.error("game %s: the turn clock's move failed: %s", table.id, exc.detail)
        await asyncio.sleep(1.0)  # storage trouble: try again later

    async def _play_another(self, table: Table, seat: int, failed: int) -> bool:
        """The rules raised on the bot's choice ``failed`` (logged with its traceback): commit
        another legal action of the seat instead, trying a few in random order. False when
        none of them can be applied either."""
        try:
            others = [a for a in table.game.legal(table.state, seat) if a != failed]
        except Exception:
            internal_error(f"game {table.id}: the legal actions of seat {seat} failed")
            return False
        random.shuffle(others)
        for action in others[:FALLBACK_TRIES]:
            try:
                await self._commit(table, seat, action)
            except ApiError as exc:
                if exc.error in ("internal_error", "illegal_action"):
                    continue
                raise
            log.warning("game %s: bot of seat %s played %s instead of %s", table.id, seat, action, failed)
            return True
        log.error(
            "game %s: no action of seat %s could be applied; its bot waits for the table to change", table.id, seat
        )
        return False

    async def _think(self, table: Table, bot: Bot, state, seat: int) -> int:
        loop = asyncio.get_running_loop()
        if bot.agent is not None:
            return await loop.run_in_executor(self.pool, bot.agent.choose, table.game, state, seat)
        seed = move_seed(table.seed, seat, state.ply)
        if self.procs is None:
            agent = make_agent(bot.spec, table.game, seed)
            return await loop.run_in_executor(self.pool, agent.choose, table.game, state, seat)
        data = self.data_sets(table.game.name)[table.data_key]
        return await self.procs.choose(table.game.name, data, state, seat, bot.spec, seed)


def level_agent(game: Game, level: str) -> str:
    """The agent that plays lobby level ``level`` at a table of ``game``: the game's own for the
    level, if it has one, else the server's."""
    return game.bot_levels.get(level) or BOT_LEVELS[level]


def _utc(stamp):
    """SQLite hands back naive datetimes; they were written in UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def replay_viewer(seat: object, players: int) -> Viewer:
    """A replay's viewpoint from a request: a seat's number (as a number or its digits), "open"
    (every card face up), or None, "" or "spectator" (the spectators' place)."""
    if seat is None or seat in ("", "spectator"):
        return None
    if seat == OPEN:
        return OPEN
    number = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    if isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) < 4:
        number = int(seat)
    if number is None or not 0 <= number < players:
        raise ApiError(
            422,
            "invalid_request",
            f"seat is a seat's number (0 to {players - 1}), open or spectator, not {str(seat)[:20]!r}",
            field="seat",
        )
    return number


def _seat_name(name: str) -> str | None:
    """A seat's name from a record, as a name a table takes (40 printable characters), or None."""
    return "".join(ch for ch in name if ch.isprintable()).strip()[:40] or None


def _chat_message(row: dict) -> dict:
    """A stored chat row as pages get it: who (seat, name), what, and when (ISO, UTC)."""
    return {
        "n": row["n"],
        "seat": row["seat"],
        "name": row["name"],
        "text": row["text"],
        "at": _utc(row["created_at"]).isoformat(),
    }


def _revealing(table: Table, before, seat: int, action: int, after) -> bool:
    """engine.hidden.revealing; should working it out fail, the action counts as revealing:
    a refused undo is the safe side, a refused move is not."""
    try:
        return revealing(table.game, before, seat, action, after, random.Random())
    except Exception:
        log.exception(
            "game %s: telling whether action %s of seat %s revealed anything failed; it cannot be undone",
            table.id,
            action,
            seat,
        )
        return True


def _new_decision(state) -> bool:
    """False only while a simultaneous step still waits for others: their hidden choices
    change nothing about the decision a waiting seat is looking at."""
    return not (state.stack and len(state.stack[-1].seats) > 1 and state.stack[-1].chosen)


async def _to_the_end(coro):
    """Await ``coro`` in a task of its own that a cancelled caller does not stop: a write that
    may already be in the store must reach the table in memory too."""
    task = asyncio.ensure_future(coro)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        task.add_done_callback(lambda done: done.cancelled() or done.exception())
        raise


def _report_crash(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s stopped", task.get_name(), exc_info=task.exception())
