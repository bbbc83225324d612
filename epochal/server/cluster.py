"""Several server processes on one PostgreSQL database.

A game may be open in every process at once: a person's page on one, a spectator's on another,
its bots driven by a third. Three things keep them one game:

* **The store decides.** Every move and undo is a compare-and-set on the game's row
  (``Store.add_action``/``remove_last_action``): of two processes writing at the same version,
  one wins and the other gets :class:`~epochal.server.db.StaleVersion`, catches up from the
  store (:meth:`Cluster.catch_up`) and answers ``409 stale`` with the new version.
* **NOTIFY tells the others.** The transaction that stores a change also NOTIFYs ``CHANNEL``
  with the game id and its new version (and, for a move, the move). Each process LISTENs on a
  connection of its own; for a game it holds in memory it applies the move it was told of, or,
  when it missed something, reads the actions it lacks (or replays the record after an undo),
  and pushes the updates to its own WebSocket listeners. So a load balancer may send any request
  and any socket to any process: no sticky sessions.
* **One process drives a game's bots**: the one holding the game's session-level advisory lock
  (the bot lease). The locks live on one connection per process; when a process dies, PostgreSQL
  closes its connections and drops its locks, and another process takes the lease within a
  lease tick and carries the bots on from the stored position.

On SQLite (one process) there is nothing to listen to and every bot is the process's own:
:class:`Cluster` is that case, and :func:`cluster_for` picks :class:`PostgresCluster` only for a
PostgreSQL store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from typing import TYPE_CHECKING, TypedDict

from .db import CHANNEL, StoredGame

if TYPE_CHECKING:
    from .service import GameService, Table

log = logging.getLogger("epochal.server.cluster")

LEASE_TICK = 0.5  # seconds between bot lease rounds: how soon a dead process's bots resume
DISCOVER_EVERY = 2  # lease rounds between looks for bot games no process holds in memory
RECONNECT = 1.0  # seconds before a lost listener or lease connection is opened again
UPDATES_AT_MOST = 8  # more missed moves than this reach listeners as one reset, not updates
# The lease key of a game: a 64-bit hash, so two games practically never share one.
LEASE_KEY = "hashtextextended('epochal-bots:' || id, 0)"


class Keepalives(TypedDict):
    """libpq connection parameters (passed to ``psycopg.AsyncConnection.connect``)."""

    keepalives: int
    keepalives_idle: int
    keepalives_interval: int
    keepalives_count: int
    options: str


# Client and server keepalives, so a vanished machine's connection (and its leases) is noticed
# in seconds rather than after the operating system's two hours.
KEEPALIVES: Keepalives = {
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
    "options": "-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3",
}


def cluster_for(service: GameService) -> Cluster:
    return PostgresCluster(service) if service.store.notifies else Cluster(service)


class Cluster:
    """One process alone with its database: no listener, and every bot is this process's own.

    ``catch_up`` still works: it is what a refused write (another writer on the same database)
    uses to bring a table level with the store.
    """

    def __init__(self, service: GameService):
        self.service = service

    def start(self) -> None:
        """Begin listening and leasing (called once the stored games are loaded)."""

    async def close(self) -> None:
        """Stop listening and give up every lease."""

    def drives(self, table: Table) -> bool:
        """Whether this process moves the table's bots now."""
        return True

    async def catch_up(self, table: Table) -> None:
        """Bring ``table`` level with the store, reading in a worker thread; the caller holds
        the table's lock."""
        service, loop = self.service, asyncio.get_running_loop()
        stored = await loop.run_in_executor(service.reads, service.store.load, table.id, len(table.actions))
        if stored is None or self._extend(table, stored):
            return
        # Not an extension of the table's record (an undo elsewhere): replay the stored one.
        stored = await loop.run_in_executor(service.reads, service.store.load, table.id)
        if stored is None:
            return
        try:
            fresh = await loop.run_in_executor(service.reads, service._restore, stored)
        except Exception as exc:  # the table keeps its position
            log.error("game %s: the stored record no longer replays: %s", table.id, exc)
            return
        self._replace(table, fresh, stored)

    # --- applying what the store holds -------------------------------------------------------
    def _extend(self, table: Table, stored: StoredGame) -> bool:
        """Apply the stored actions beyond the table's, one ``update`` each, and the seats that
        joined. False when the stored record is not an extension of the table's (an undo
        happened), which needs :meth:`_replace`."""
        from .service import LogEntry, _new_decision

        service, game, row = self.service, table.game, stored.row
        if (
            row["undos"] != table.undos
            or stored.first != len(table.actions)
            or row["ply"] != stored.first + len(stored.actions)
        ):
            return False
        seated = self._seat(table, stored)
        if stored.actions or seated:
            table.touched = time.time()  # played elsewhere: not idle here either
        one_by_one = len(stored.actions) <= UPDATES_AT_MOST
        for seat, action in stored.actions:
            state = table.state.clone()  # the table keeps its position if the rules fail
            try:
                events = game.apply(state, seat, action)
            except Exception:  # replaying the whole record will say why
                return False
            table.state = state
            table.actions.append((seat, action))
            table.log.append(LogEntry(len(table.actions) - 1, seat, events, None))
            if _new_decision(state):
                table.asked = table.version
            if one_by_one:
                service._changed(table, "update")
        if not one_by_one:
            service._changed(table, "reset")
        if stored.actions:
            if table.state.over:
                service._keep(table)
        elif seated:
            table._texts.clear()  # every message carries the status
            for conn in list(table.connections):
                service._push(table, conn, "status")
        return True

    def _replace(self, table: Table, fresh: Table, stored: StoredGame) -> None:
        """Put the replayed stored record ``fresh`` into ``table`` (after an undo elsewhere)
        and send every listener a ``reset``."""
        table.state, table.actions, table.log = fresh.state, fresh.actions, fresh.log
        table.undos, table.asked = fresh.undos, fresh.asked
        table.touched = time.time()
        self._seat(table, stored)
        self.service._changed(table, "reset")
        if table.state.over:
            self.service._keep(table)

    def _seat(self, table: Table, stored: StoredGame) -> bool:
        """Take on the stored seats and the host's settings; whether any of them changed."""
        changed = False
        for info, row in zip(table.seats, stored.seats, strict=False):
            if row["joined"] and not info.joined:
                info.joined = changed = True
            if "stand_in" in row and row["stand_in"] != info.stand_in:
                info.stand_in, changed = row["stand_in"], True
            if "muted" in row and bool(row["muted"]) != info.muted:
                info.muted, changed = bool(row["muted"]), True
            if "token_hash" in row and row["token_hash"] != info.token_hash:
                info.token_hash, changed = row["token_hash"], True
                self.service.revoked(table, row["seat"])
        settings = {k: stored.row[k] for k in ("clock", "fallback") if k in stored.row}
        if settings and (table.clock, table.fallback) != (settings["clock"], settings["fallback"]):
            table.clock, table.fallback = settings["clock"], settings["fallback"]
            changed = True
        if stored.row.get("watch_hash", table.watch_hash) != table.watch_hash:
            table.watch_hash, changed = stored.row["watch_hash"], True
            if table.watch_hash:
                self.service.revoked(table, None)
        if stored.row.get("rematch", table.rematch) != table.rematch:
            table.rematch, changed = stored.row["rematch"], True
        if stored.row.get("spectator_chat", table.spectator_chat) != table.spectator_chat:
            table.spectator_chat, changed = stored.row["spectator_chat"], True
            self.service.chat_opened(table)
        if changed:
            self.service._start_bots(table)  # the stand-ins and the clock follow the store
        return changed


class PostgresCluster(Cluster):
    """One of several processes on a PostgreSQL database: LISTEN for the others' changes, and
    hold the bot leases of the games whose bots this process drives."""

    def __init__(self, service: GameService):
        super().__init__(service)
        url = service.store.engine.url.set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self.held: set[str] = set()  # games whose bot lease this process holds
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task] = []
        self._syncing: dict[str, asyncio.Task] = {}
        self._again: set[str] = set()  # heard of again while a sync was running
        # Moves heard of, not yet applied; None: something else was heard of, read the store.
        self._moves: dict[str, list[StoredGame] | None] = {}
        self._spawned: set[asyncio.Task] = set()  # take-overs and adoptions under way

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(), name="cluster-listen"),
            loop.create_task(self._lease(), name="cluster-lease"),
        ]

    async def close(self) -> None:
        tasks = self._tasks + list(self._syncing.values()) + list(self._spawned)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.held.clear()

    def drives(self, table: Table) -> bool:
        if table.id in self.held:
            return True
        self._wake.set()  # a new game: try for its lease now
        return False

    async def _connect(self, role: str):
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.conninfo, autocommit=True, application_name=f"epochal {role} {os.getpid()}", **KEEPALIVES
        )

    # --- hearing the other processes ---------------------------------------------------------
    async def _listen(self) -> None:
        while True:
            try:
                async with await self._connect("listen") as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await self._resync(conn)
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: listen again
                log.warning("listening for other processes' changes failed: %s", exc)
            await asyncio.sleep(RECONNECT)

    async def _resync(self, conn) -> None:
        """Catch up on whatever changed while this process was not listening (start-up,
        a lost connection): compare every table in memory with its stored version."""
        tables = {gid: t for gid, t in self.service.tables.items() if not t.state.over}
        if not tables:
            return
        cur = await conn.execute(
            "SELECT g.id, g.ply + 2 * g.undos, (SELECT count(*) FROM seats s WHERE s.game_id = g.id "
            "AND s.joined) FROM games g WHERE g.id = ANY(%s)",
            [list(tables)],
        )
        for gid, version, joined in await cur.fetchall():
            table = tables[gid]
            if version != table.version or joined != sum(s.joined for s in table.seats):
                self._schedule(gid)

    def _heard(self, payload: str) -> None:
        try:
            gid, stamp, kind, origin, *numbers = payload.split(" ")
            version = int(stamp)
            move = [int(n) for n in numbers]
        except ValueError:
            log.warning("ignoring a notification I cannot read: %r", payload)
            return
        if origin == self.service.store.origin:
            return  # our own change: already applied
        table = self.service.tables.get(gid)
        if table is not None and kind == "chat":
            self._spawn(self.service.chat_catch_up(table), f"chat-{gid}")
            return
        if table is None or (kind not in ("join", "seats") and version <= table.version):
            return
        heard = None
        if kind == "action" and len(move) == 4:
            ply, seat, action, undos = move
            heard = StoredGame({"ply": ply + 1, "undos": undos}, [], [(seat, action)], ply)
            # The usual case: the next move of a table nobody is changing here. Applying it is
            # synchronous, so nothing can come between; no task, no lock, no read.
            if gid not in self._syncing and not table.lock.locked() and self._extend(table, heard):
                return
        moves = self._moves.setdefault(gid, [])
        if heard is not None and moves is not None:
            moves.append(heard)
        else:
            self._moves[gid] = None  # not a plain move: read the store
        self._schedule(gid)

    def _schedule(self, gid: str) -> None:
        """One sync per game at a time; news arriving during it runs it once more."""
        if gid in self._syncing:
            self._again.add(gid)
            return
        self._syncing[gid] = asyncio.get_running_loop().create_task(self._sync_loop(gid), name=f"sync-{gid}")

    async def _sync_loop(self, gid: str) -> None:
        try:
            while True:
                self._again.discard(gid)
                table = self.service.tables.get(gid)
                if table is None:
                    return
                try:
                    await self._sync(table)
                except Exception:
                    log.exception("game %s: catching up with the store failed", gid)
                if gid not in self._again:
                    return
        finally:
            self._syncing.pop(gid, None)

    async def _sync(self, table: Table) -> None:
        async with table.lock:
            moves = self._moves.pop(table.id, None)
            if moves and all(self._extend(table, m) for m in moves if m.first + 2 * m.row["undos"] >= table.version):
                return  # the moves heard of were all it missed
            await self.catch_up(table)

    # --- bot leases ----------------------------------------------------------------------------
    async def _lease(self) -> None:
        while True:
            try:
                async with await self._connect("bots") as conn:
                    rounds = 0
                    while True:
                        self._wake.clear()
                        await self._tend(conn, discover=rounds % DISCOVER_EVERY == 0)
                        rounds += 1
                        # asyncio.timeout, not wait_for: Python 3.11's wait_for returns when
                        # the wake and a cancel come in one turn, and the cancel is lost
                        with contextlib.suppress(TimeoutError):
                            async with asyncio.timeout(LEASE_TICK):
                                await self._wake.wait()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the leases went with the connection
                log.warning("the bot lease connection failed: %s", exc)
            self._lose_all()
            await asyncio.sleep(RECONNECT)

    async def _tend(self, conn, discover: bool) -> None:
        """One lease round: give up the leases of games that no longer need bots here, try for
        the leases of this process's bot games, and (``discover``) adopt bot games that no
        process holds in memory, e.g. those of a process that died."""
        service = self.service
        wanted = {
            gid
            for gid, t in service.tables.items()
            if not t.state.over and (t.clock or any(s.played_by for s in t.seats))
        }
        done = sorted(self.held - wanted)
        if done:
            await conn.execute(f"SELECT pg_advisory_unlock({LEASE_KEY}) FROM unnest(%s::text[]) id", [done])
            self.held.difference_update(done)
        missing = sorted(wanted - self.held)
        if missing:
            cur = await conn.execute(
                f"SELECT id FROM unnest(%s::text[]) id WHERE pg_try_advisory_lock({LEASE_KEY})", [missing]
            )
            for (gid,) in await cur.fetchall():
                self.held.add(gid)
                self._take_over(service.tables.get(gid))
        elif self.held:
            # The round's heartbeat: a dead connection raises here, and the leases are given up.
            await conn.execute("SELECT 1")
        if not discover:
            return
        known = list(service.tables) + list(service.broken)
        cur = await conn.execute(
            "WITH waiting AS MATERIALIZED (SELECT g.id FROM games g WHERE g.status <> 'finished' "
            "AND NOT g.archived AND NOT g.id = ANY(%s) AND (g.clock IS NOT NULL OR EXISTS (SELECT 1 FROM seats s "
            f"WHERE s.game_id = g.id AND (s.kind = 'bot' OR s.stand_in IS NOT NULL)))) SELECT id FROM waiting "
            f"WHERE pg_try_advisory_lock({LEASE_KEY})",
            [known],
        )
        for (gid,) in await cur.fetchall():
            self.held.add(gid)
            if gid in service.tables:  # loaded meanwhile by a request
                self._take_over(service.tables[gid])
                continue
            log.info("game %s: no process drives its bots; this one takes them on", gid)
            self._adopt(gid)

    def _adopt(self, gid: str) -> None:
        async def load() -> None:
            with contextlib.suppress(Exception):  # a broken game is logged and listed by open_table
                await self.service.open_table(gid)  # restores it and starts its bots (ours now)

        self._spawn(load(), f"adopt-{gid}")

    def _take_over(self, table: Table | None) -> None:
        if table is not None:
            self._spawn(self._drive(table), f"drive-{table.id}")

    def _spawn(self, coro, name: str) -> None:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    async def _drive(self, table: Table) -> None:
        """Start the bots of a game whose lease was just won, from the stored position."""
        try:
            await self._sync(table)
        except Exception:
            log.exception("game %s: catching up before driving its bots failed", table.id)
        if table.id in self.held and (table.bot_task is None or table.bot_task.done()):
            self.service._start_bots(table)

    def _lose_all(self) -> None:
        """The lease connection is gone, and with it every lease: stop driving those bots (a
        process that takes a lease over starts them again)."""
        for gid in self.held:
            table = self.service.tables.get(gid)
            if table is not None and table.bot_task is not None:
                table.bot_task.cancel()
                table.bot_task = None
        self.held.clear()
