"""The game service: live tables in memory, the store behind them, their bots and connections.

One ``Table`` per game holds the authoritative state. Every change goes through
``GameService._commit`` under the table's lock: the engine validates and applies, the action is
written to the store in one transaction, and only then does anyone hear of it (the HTTP answer,
each connection's queue, the bot runner's wake-up). If the write fails, the state is put back.

What each listener receives is built per seat from ``game.view(state, seat)`` and
``events.visible(events, seat)`` and nothing else, so the engine's information rules are the
only ones the server relies on.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timezone

import msgspec

from epochal.agents import Agent, make_agent
from epochal.engine import (Game, IllegalAction, OptionError, Record, RecordError, get_game,
                            replay, visible)
from epochal.engine.locale import LANGUAGES, render, templates

from . import layouts
from .bots import BotProcesses, cpu_count, move_seed, searches
from .db import Store, StoredGame, now

log = logging.getLogger("epochal.server")

# The one place that maps the levels a person picks in the lobby to agents.
BOT_LEVELS = {"random": "random", "easy": "heuristic", "normal": "ismcts:200ms", "hard": "ismcts:2s"}
STATUSES = ("open", "running", "finished")
QUEUE_LIMIT = 256          # messages a connection may fall behind before it is dropped
KEEP_FINISHED = 200        # finished games kept in memory; older ones are replayed on demand
_json = msgspec.json.Encoder()


class ApiError(Exception):
    """A refused request: HTTP status, a stable error code and a sentence for people."""

    def __init__(self, status: int, error: str, detail: str, **extra):
        super().__init__(detail)
        self.status, self.error, self.detail, self.extra = status, error, detail, extra

    def body(self) -> dict:
        return {"error": self.error, "detail": self.detail, **self.extra}


@dataclass
class Settings:
    database_url: str
    bot_delay: float = 0.8          # seconds between bot moves, so people can follow them
    data_sets: dict[str, dict[str, str]] = field(default_factory=dict)  # game -> key -> file
    bot_threads: int = 4
    bot_processes: int = field(default_factory=cpu_count)   # search bots' workers; 0: threads


@dataclass
class SeatInfo:
    kind: str                       # "human" / "bot"
    level: str | None
    name: str
    token_hash: str | None
    joined: bool


@dataclass
class Bot:
    spec: str                       # the agent's name, e.g. "ismcts:200ms"
    agent: Agent | None             # a cheap agent, kept for the game; None: a search (see bots.py)


@dataclass
class LogEntry:
    index: int                      # position of the action in the record
    seat: int
    events: list[dict]
    revealing: bool                 # showed someone something new: cannot be undone


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

    def drop(self) -> None:
        """Forget what is queued and tell the writer to close; the client reconnects and gets
        a fresh ``hello``, which is cheaper than catching up message by message."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


class Table:
    def __init__(self, game_id: str, game: Game, data_key: str, seed: int, state, seats: list[SeatInfo],
                 undo: bool, undos: int = 0):
        self.id, self.game, self.data_key, self.seed = game_id, game, data_key, seed
        self.state = state
        self.seats = seats
        self.undo, self.undos = undo, undos
        self.asked = 0              # version at which the pending decision was posed
        self.actions: list[tuple[int, int]] = []
        self.log: list[LogEntry] = []
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_task: asyncio.Task | None = None
        self._parts: dict = {}      # seat -> (version, {"view", "ui"})
        self._texts: dict = {}      # (kind, seat, lang) -> (version, encoded message)

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
        if any(s.kind == "human" and not s.joined for s in self.seats):
            return "open"
        return "running"

    def record(self) -> Record:
        rec = Record(game=self.game.name, version=self.game.version, options=dict(self.state.options),
                     seats=self.names, seed=self.seed, actions=list(self.actions),
                     data=self.game.data_id())
        if self.state.over:
            rec.scores = [s.total for s in self.game.scores(self.state)]
        return rec


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def languages(game_name: str) -> list[str]:
    return [lang for lang in LANGUAGES if templates(game_name, lang)]


class GameService:
    def __init__(self, settings: Settings, store: Store):
        self.settings = settings
        self.store = store
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}         # games whose record no longer replays
        self._finished: OrderedDict[str, None] = OrderedDict()   # least recently used first
        self.pool = ThreadPoolExecutor(max_workers=settings.bot_threads, thread_name_prefix="bot")
        self.procs = BotProcesses(settings.bot_processes) if settings.bot_processes > 0 else None

    # --- start-up and shutdown ---------------------------------------------------------------
    def recover(self) -> int:
        """Rebuild every unfinished game from its stored actions and start its bots."""
        for game_id in self.store.unfinished_ids():
            try:
                self._load(game_id)
            except ApiError:
                pass                              # logged and listed in self.broken
        return len(self.tables)

    async def close(self) -> None:
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

    # --- games and data sets -----------------------------------------------------------------
    def data_sets(self, game_name: str) -> dict[str, str | None]:
        return {"builtin": None, **self.settings.data_sets.get(game_name, {})}

    def bind(self, game_name: str, data_key: str) -> Game:
        sets = self.data_sets(game_name)
        if data_key not in sets:
            raise ApiError(422, "invalid_request", f"no card data set {data_key!r} for {game_name} "
                           f"(data sets: {', '.join(sets)})", field="data")
        return get_game(game_name, sets[data_key])

    def table(self, game_id: str) -> Table:
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

    # --- creating ------------------------------------------------------------------------------
    def create(self, game_name: str, seats: list[dict], options: dict, data_key: str, undo: bool,
               seed: int | None) -> tuple[Table, dict[int, str]]:
        from epochal.engine import game_names
        if game_name not in game_names():
            raise ApiError(422, "invalid_request", f"unknown game {game_name!r} "
                           f"(games: {', '.join(game_names())})", field="game")
        game = self.bind(game_name, data_key)
        players = len(seats)
        if not game.min_players <= players <= game.max_players:
            raise ApiError(422, "invalid_request", f"{game.name} is played by {game.min_players} to "
                           f"{game.max_players} players, not {players}", field="seats")
        try:
            options = game.configure(players, options)
        except OptionError as exc:
            raise ApiError(422, "invalid_request", str(exc), field="options") from None
        seed = secrets.randbits(62) if seed is None else seed
        infos, tokens = [], {}
        for i, spec in enumerate(seats):
            if spec["kind"] == "bot":
                level = spec.get("level") or "easy"
                if level not in BOT_LEVELS:
                    raise ApiError(422, "invalid_request", f"seat {i}: unknown bot level {level!r} "
                                   f"(levels: {', '.join(BOT_LEVELS)})", field=f"seats.{i}.level")
                try:
                    make_agent(BOT_LEVELS[level], game, 0)
                except OptionError as exc:
                    raise ApiError(422, "invalid_request", f"seat {i}: {exc}", field=f"seats.{i}.level")
                name = spec.get("name") or f"Bot {i + 1} ({level})"
                infos.append(SeatInfo("bot", level, name, None, True))
            else:
                if spec.get("level"):
                    raise ApiError(422, "invalid_request", f"seat {i}: a human seat has no bot level",
                                   field=f"seats.{i}.level")
                tokens[i] = secrets.token_urlsafe(24)
                infos.append(SeatInfo("human", None, spec.get("name") or f"Player {i + 1}",
                                      token_hash(tokens[i]), False))
        state = game.new(players, seed, options)
        game_id = secrets.token_urlsafe(6)
        while game_id in self.tables or self.store.exists(game_id):
            game_id = secrets.token_urlsafe(6)
        table = Table(game_id, game, data_key, seed, state, infos, undo)
        stamp = now()
        self._store(self.store.create_game,
            {"id": game_id, "game": game.name, "version": game.version, "data_key": data_key,
             "data_id": game.data_id(), "players": players, "seed": seed, "options": options,
             "undo": undo, "undos": 0, "status": table.status, "ply": 0, "scores": None,
             "winners": None, "created_at": stamp, "updated_at": stamp},
            [{"game_id": game_id, "seat": i, "kind": s.kind, "level": s.level, "name": s.name,
              "token_hash": s.token_hash, "joined": s.joined} for i, s in enumerate(infos)],
            what="the new game")
        self.tables[game_id] = table
        self._start_bots(table)
        return table, tokens

    # --- restoring -----------------------------------------------------------------------------
    def _load(self, game_id: str) -> Table | None:
        try:
            stored = self.store.load(game_id)
            if stored is None:
                return None
            table = self._restore(stored)
        except (RecordError, OptionError, ApiError) as exc:
            reason = exc.detail if isinstance(exc, ApiError) else str(exc)
            log.error("game %s cannot be restored: %s", game_id, reason)
            self.broken[game_id] = reason
            raise ApiError(409, "unplayable", f"game {game_id} cannot be restored: {reason}") from None
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
        for game_id in list(self._finished)[:max(0, len(self._finished) - KEEP_FINISHED)]:
            if not self.tables[game_id].connections:
                del self._finished[game_id]
                del self.tables[game_id]

    def _restore(self, stored: StoredGame) -> Table:
        row = stored.row
        game = self.bind(row["game"], row["data_key"])
        if row["version"] != game.version:
            raise RecordError(f"stored for {row['game']} version {row['version']}, "
                              f"this engine plays version {game.version}")
        if row["data_id"] != game.data_id():
            raise RecordError(f"played with card data {row['data_id']}, the server has {game.data_id()}")
        seats = [SeatInfo(s["kind"], s["level"], s["name"], s["token_hash"], s["joined"])
                 for s in stored.seats]
        state = game.new(row["players"], row["seed"], row["options"])
        table = Table(row["id"], game, row["data_key"], row["seed"], state, seats, row["undo"],
                      row["undos"])
        for index, (seat, action) in enumerate(stored.actions):
            resolves = game.closes_simultaneous(state, seat)
            try:
                events = game.apply(state, seat, action)
            except IllegalAction as exc:
                raise RecordError(f"stored action #{index} (seat {seat}, id {action}) is illegal: "
                                  f"{exc}") from None
            table.actions.append((seat, action))
            table.log.append(LogEntry(index, seat, events, resolves or game.reveals(events)))
            table.asked = table.version if _new_decision(state) else table.asked
        return table

    # --- seats ---------------------------------------------------------------------------------
    def seat_of(self, table: Table, token: str | None, required: bool) -> int | None:
        """The seat a token opens; None for a spectator (no token) when allowed."""
        if not token:
            if required:
                raise ApiError(401, "missing_token", "acting needs a seat token in the X-Seat-Token "
                               "header; spectators cannot act")
            return None
        digest = token_hash(token)
        found = None
        for i, s in enumerate(table.seats):       # no early exit: every seat is compared
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = i
        if found is None:
            raise ApiError(403, "bad_token", "this token opens no seat of this game")
        return found

    def join(self, table: Table, seat: int | None) -> None:
        if seat is None or table.seats[seat].joined:
            return
        table.seats[seat].joined = True
        try:
            self._store(self.store.mark_joined, table.id, seat, table.status, what="the join")
        except ApiError:
            table.seats[seat].joined = False
            raise
        table._texts.clear()                      # every message carries the status
        for conn in list(table.connections):      # "waiting for players" may have changed
            self._push(table, conn, "status")

    def check_lang(self, table: Table, lang: str) -> str:
        langs = languages(table.game.name)
        if lang not in langs:
            raise ApiError(422, "invalid_request", f"language {lang!r} is not available for "
                           f"{table.game.name} (languages: {', '.join(langs)})", field="lang")
        return lang

    # --- acting --------------------------------------------------------------------------------
    async def act(self, table: Table, seat: int, action: int, version: int | None) -> None:
        async with table.lock:
            state, game = table.state, table.game
            if state.over:
                raise ApiError(409, "game_over", "the game is finished; no more actions")
            if version is not None and version < table.asked:
                raise ApiError(409, "stale", f"the table moved on (version {table.version}, you sent "
                               f"{version}); look again", version=table.version)
            if seat not in game.actors(state):
                waiting = ", ".join(table.names[s] for s in game.actors(state))
                raise ApiError(409, "not_your_turn", f"{table.names[seat]} has no decision to make "
                               f"now; waiting for {waiting}", rule="turn order")
            if not 0 <= action < game.num_actions:
                raise ApiError(422, "unknown_action", f"unknown action id {action} (ids are 0.."
                               f"{game.num_actions - 1})", field="action")
            self._commit(table, seat, action)

    def _commit(self, table: Table, seat: int, action: int) -> None:
        game, before = table.game, table.state.clone()
        resolves = game.closes_simultaneous(table.state, seat)
        try:
            events = game.apply(table.state, seat, action)
        except IllegalAction as exc:
            raise ApiError(422, "illegal_action", exc.reason, rule=exc.rule, field="action") from None
        state = table.state
        try:
            self._store(self.store.add_action, table.id, len(table.actions), seat, action,
                        table.status, *(([s.total for s in game.scores(state)], game.winners(state))
                                        if state.over else ()), what="the action")
        except ApiError:
            table.state = before
            raise
        table.actions.append((seat, action))
        table.log.append(LogEntry(len(table.actions) - 1, seat, events,
                                  resolves or game.reveals(events)))
        if _new_decision(state):
            table.asked = table.version
        if state.over:
            self._keep(table)
        self._changed(table, "update")

    def _store(self, write, *args, what: str) -> None:
        """Run a store write; a failure becomes a 503 and the caller keeps its old state."""
        try:
            write(*args)
        except Exception:
            log.exception("storing %s failed", what)
            raise ApiError(503, "storage_failed", f"{what} could not be stored; nothing changed") from None

    def undo_refusal(self, table: Table, seat: int | None) -> ApiError | None:
        if seat is None:
            return ApiError(401, "missing_token", "undo needs a seat token; spectators cannot act")
        if not table.undo:
            return ApiError(409, "undo_disabled", "undo is off for this game (a setting chosen at creation)")
        if table.state.over:
            return ApiError(409, "game_over", "the game is finished; no more actions")
        if not table.log:
            return ApiError(409, "nothing_to_undo", "no action has been made yet")
        last = table.log[-1]
        if last.seat != seat:
            return ApiError(409, "not_your_action", f"the last action was {table.names[last.seat]}'s; "
                            f"only your own last action can be taken back")
        if last.revealing:
            return ApiError(409, "revealed", "your last action revealed hidden information "
                            "and cannot be taken back")
        return None

    async def undo(self, table: Table, seat: int) -> None:
        async with table.lock:
            refusal = self.undo_refusal(table, seat)
            if refusal:
                raise refusal
            shorter = table.record()
            shorter.actions.pop()
            state = replay(shorter, self.data_sets(table.game.name)[table.data_key], complete=False)
            self._store(self.store.remove_last_action, table.id, len(shorter.actions),
                        table.undos + 1, what="the undo")
            table.state, table.undos = state, table.undos + 1
            table.actions.pop()
            table.log.pop()
            table.asked = table.version
            self._changed(table, "reset")

    def _changed(self, table: Table, kind: str) -> None:
        table._parts.clear()
        table._texts.clear()
        for conn in list(table.connections):
            self._push(table, conn, kind)
        table.changed.set()

    def _push(self, table: Table, conn: Connection, kind: str) -> None:
        if not conn.push(self.message(table, kind, conn.seat, conn.lang)):
            log.warning("game %s: a listener fell %d messages behind; dropping it", table.id, QUEUE_LIMIT)
            table.connections.discard(conn)
            conn.drop()

    # --- messages ------------------------------------------------------------------------------
    def parts(self, table: Table, seat: int | None) -> dict:
        cached = table._parts.get(seat)
        if cached and cached[0] == table.version:
            return cached[1]
        part = {"view": table.game.view(table.state, seat), "ui": layouts.ui(table.game, table.state, seat)}
        table._parts[seat] = (table.version, part)
        return part

    def meta(self, table: Table, seat: int | None, lang: str) -> dict:
        return {"game_id": table.id, "game": table.game.name, "title": table.game.title,
                "seat": seat, "names": table.names, "kinds": [s.kind for s in table.seats],
                "levels": [s.level for s in table.seats], "status": table.status,
                "actors": table.game.actors(table.state),   # who owes a decision: public
                "undo": table.undo, "can_undo": self.undo_refusal(table, seat) is None,
                "version": table.version, "lang": lang, "languages": languages(table.game.name)}

    def _texts_of(self, table: Table, entry: LogEntry, seat: int | None, lang: str) -> list[dict]:
        return [{**ev, "text": render(table.game.name, ev, lang, table.names,
                                     table.game.display_name)}
                for ev in visible(entry.events, seat)]

    def message(self, table: Table, kind: str, seat: int | None, lang: str) -> str:
        """An encoded message for one listener. ``update``: the view plus the last action's
        events; ``hello``/``reset``: the view plus the whole log; ``status``: meta only."""
        key = (kind, seat, lang)
        cached = table._texts.get(key)
        if cached and cached[0] == table.version:
            return cached[1]
        body = {"type": kind, "version": table.version, "seat": seat}
        if kind != "status":
            body.update(self.parts(table, seat))
        if kind == "update" and table.log:
            last = table.log[-1]
            body["index"] = last.index
            body["actor"] = last.seat
            body["events"] = self._texts_of(table, last, seat, lang)
        elif kind in ("hello", "reset"):
            body["log"] = [{"index": e.index, "seat": e.seat, "events": texts}
                           for e in table.log if (texts := self._texts_of(table, e, seat, lang))]
        body["meta"] = self.meta(table, seat, lang)
        text = _json.encode(body).decode()
        table._texts[key] = (table.version, text)
        return text

    def summary(self, table_or_row) -> dict:
        """What the lobby shows of a game: never a token, never the seed of a running game."""
        if isinstance(table_or_row, Table):
            t = table_or_row
            row = {"id": t.id, "game": t.game.name, "players": len(t.seats), "status": t.status,
                   "ply": len(t.actions), "undo": t.undo,
                   "seats": [{"seat": i, "name": s.name, "kind": s.kind, "level": s.level,
                              "joined": s.joined} for i, s in enumerate(t.seats)]}
            if t.state.over:
                row["scores"] = [s.total for s in t.game.scores(t.state)]
                row["winners"] = t.game.winners(t.state)
        else:
            r = table_or_row
            row = {"id": r["id"], "game": r["game"], "players": r["players"], "status": r["status"],
                   "ply": r["ply"], "undo": r["undo"],
                   "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"],
                              "level": s["level"], "joined": s["joined"]} for s in r["seats"]],
                   "updated_at": _utc(r["updated_at"]).isoformat()}
            if r["status"] == "finished":
                row["scores"], row["winners"] = r["scores"], r["winners"]
        row["title"] = get_game(row["game"]).title
        row["spectator_link"] = f"/game/{row['id']}"
        if row["status"] == "finished":
            row["record_link"] = f"/api/games/{row['id']}/record"
        return row

    def lobby(self, limit: int = 50) -> dict:
        return {status: [self.summary(r) for r in self.store.list_games(status, limit)]
                for status in STATUSES}

    # --- bots ----------------------------------------------------------------------------------
    def _start_bots(self, table: Table) -> None:
        bots = [i for i, s in enumerate(table.seats) if s.kind == "bot"]
        if not bots or table.state.over:
            return
        for i in bots:
            spec = BOT_LEVELS[table.seats[i].level]
            agent = None if searches(spec) else make_agent(spec, table.game, table.seed + i)
            table.bots[i] = Bot(spec, agent)
        table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table),
                                                                name=f"bots-{table.id}")
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
                await table.changed.wait()
                continue
            version, started = table.version, loop.time()
            snapshot = table.state.clone()
            simultaneous = len(snapshot.stack[-1].seats) > 1
            try:
                action = await self._think(table, table.bots[seat], snapshot, seat)
            except Exception:
                log.exception("game %s: bot of seat %s failed; it plays a random legal action",
                              table.id, seat)
                action = random.choice(game.legal(snapshot, seat))
            pause = self.settings.bot_delay - (loop.time() - started)
            if pause > 0:
                await asyncio.sleep(pause)
            async with table.lock:
                current = table.version == version or (
                    simultaneous and seat in game.actors(table.state)
                    and action in game.legal(table.state, seat))
                if not current or table.state.over:
                    continue
                try:
                    self._commit(table, seat, action)
                    continue
                except ApiError as exc:
                    log.error("game %s: bot of seat %s chose %s: %s", table.id, seat, action, exc.detail)
                    if exc.error == "illegal_action":      # a faulty agent must not stall the game
                        table.bots[seat] = Bot("random", make_agent("random", game, table.seed + seat))
                        continue
            await asyncio.sleep(1.0)                        # storage trouble: try again later

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


def _utc(stamp):
    """SQLite hands back naive datetimes; they were written in UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)


def _new_decision(state) -> bool:
    """False only while a simultaneous step still waits for others: their hidden choices
    change nothing about the decision a waiting seat is looking at."""
    return not (state.stack and len(state.stack[-1].seats) > 1 and state.stack[-1].chosen)


def _report_crash(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s stopped", task.get_name(), exc_info=task.exception())
