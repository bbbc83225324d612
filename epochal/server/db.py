"""The web table's storage: three tables (games, seats, actions) through SQLAlchemy 2.x.

A game is stored as its record: setup (game, options, seed, seat names) plus one row per action.
Nothing derived from the rules is stored, so a restart rebuilds every position by replaying the
actions through the engine, and a rules fix can never disagree with a stored snapshot.

SQLite (the default) runs in WAL mode with ``synchronous=NORMAL``: a commit survives the server
process being killed, which is what "stored before acknowledged" must guarantee; only a power
cut of the whole machine can lose the last commits. PostgreSQL needs no tuning.

Every write that changes a game is a compare-and-set on the game's row: it applies only if the
row still holds the ply and undo count the writer's position was built on, otherwise it raises
:class:`StaleVersion` and nothing is written. With several server processes on one PostgreSQL
database that check, not any process's memory, decides which of two moves at the same version
counts. On PostgreSQL the same transaction also NOTIFYs the other processes (see cluster.py).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    bindparam,
    case,
    create_engine,
    delete,
    event,
    exists,
    false,
    func,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from epochal.engine import RecordError

MIGRATIONS = Path(__file__).parent / "migrations"
# PostgreSQL NOTIFY channel. Payload: "<game id> <version> <kind> <origin>", and for a move
# " <ply> <seat> <action> <undos>", so a listener one move behind need not read the store.
CHANNEL = "epochal_games"


class StaleVersion(Exception):
    """The game's stored version is no longer the one the write was built on: another process
    (or request) changed the game first. Nothing was written."""


class Base(DeclarativeBase):
    """The tables' shared metadata (Alembic migrations follow it)."""


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    version: Mapped[str] = mapped_column(String(20))  # the engine's game version
    data_key: Mapped[str] = mapped_column(String(80))  # which card data set the server knows
    data_id: Mapped[str | None] = mapped_column(String(200), nullable=True)  # Game.data_id()
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict] = mapped_column(JSON)
    undo: Mapped[bool] = mapped_column(Boolean, default=False)
    undos: Mapped[int] = mapped_column(Integer, default=0)  # keeps the version counter monotonic
    status: Mapped[str] = mapped_column(String(16), index=True)  # open / running / finished
    ply: Mapped[int] = mapped_column(Integer, default=0)  # actions stored
    scores: Mapped[list | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # An unfinished game nobody touched for a long time: not replayed at start-up, restored
    # when someone opens it.
    archived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of the host's secret
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds a person has per decision
    fallback: Mapped[str] = mapped_column(String(8), default="easy", server_default="easy")  # when it runs out
    spectator_chat: Mapped[str] = mapped_column(String(8), default="read", server_default="read")  # off/read/write
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the "play again" table
    watch_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # None: anyone may watch
    # Once finished, the game's replay may show every card face up (a setting of its creation).
    open_replay: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # An analysis board: a private table set up from a replay's position, which starts with that
    # many of the record's actions (None: an ordinary table). The lobby does not list it, and
    # undo stops there.
    branched_at: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __table_args__ = (Index("ix_games_archived_status", "archived", "status"),)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human / bot
    level: Mapped[str | None] = mapped_column(String(40), nullable=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of the secret
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    stand_in: Mapped[str | None] = mapped_column(String(40), nullable=True)  # bot level playing for the person
    muted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # by the host, in the chat


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)  # index in the record
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    by: Mapped[str | None] = mapped_column(String(8), nullable=True)  # "clock": the turn clock moved
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)  # the message's number in the game's chat
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerKeyRow(Base):
    """A seat a player key finds again: its link's secret, sealed with the key (see keys.py), so
    the store alone opens nothing."""

    __tablename__ = "player_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 of the key
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    sealed: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_player_keys_game_seat", "game_id", "seat"),)


class AnalysisRow(Base):
    """A finished game's analysis (one per game): queued, running, done or failed; its progress
    in decisions; and, once done, the result (analysis.py)."""

    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    status: Mapped[str] = mapped_column(String(8), index=True)  # queued / running / done / failed
    done: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # decisions evaluated
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: not counted yet
    budget: Mapped[int] = mapped_column(Integer)  # ISMCTS iterations per decision
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(300), nullable=True)  # why it failed
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DataSetRow(Base):
    """An owner's card data set (the workshop): the data file's bytes, as uploaded, and what the
    game's validator said of them. A set with problems is a draft: stored, never played."""

    __tablename__ = "data_sets"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(60))
    owner_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the owner's secret
    data: Mapped[bytes] = mapped_column(LargeBinary)
    playable: Mapped[bool] = mapped_column(Boolean)  # the validator found no problem
    status: Mapped[str] = mapped_column(Text)  # "draft", or the game's data status
    problems: Mapped[list] = mapped_column(JSON)  # [{message, rule?, path?}]
    data_id: Mapped[str | None] = mapped_column(String(200), nullable=True)  # Game.data_id() when playable
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # the workshop's "checked against my copy" marks ("<list>:<item id>"), kept beside the file:
    # they change no card, so neither the bytes nor the data id, and a set in use keeps them
    checked: Mapped[list] = mapped_column(JSON, default=list, server_default=text("'[]'"))


# The mapped classes' Table objects (the same objects as their ``__table__``, which SQLAlchemy
# types as any FromClause, too loose for insert/update/delete).
GAMES = Base.metadata.tables[GameRow.__tablename__]
SEATS = Base.metadata.tables[SeatRow.__tablename__]
ACTIONS = Base.metadata.tables[ActionRow.__tablename__]
CHAT = Base.metadata.tables[ChatRow.__tablename__]
KEYS = Base.metadata.tables[PlayerKeyRow.__tablename__]
ANALYSES = Base.metadata.tables[AnalysisRow.__tablename__]
DATA_SETS = Base.metadata.tables[DataSetRow.__tablename__]

# The statements of every move, built once: building a statement per call cost more CPU than
# the SQLite commit itself.
_ADD_ACTION = insert(ACTIONS)
# The status follows the stored seats rather than the writer's memory, so two processes seating
# two people at once cannot leave a full game "open".
# A seat whose person is away but played by a stand-in bot waits for nobody.
_WAITING = exists().where(
    SEATS.c.game_id == GAMES.c.id,
    SEATS.c.kind == "human",
    SEATS.c.joined == False,  # noqa: E712 (SQL, not Python)
    SEATS.c.stand_in.is_(None),
)
_STATUS = case((_WAITING, "open"), else_="running")
# Compare-and-set: the move applies only to the ply it was made at (and, with undos, to the
# same undo count: an undone-and-replayed ply is a different position).
_AT = (GAMES.c.id == bindparam("gid")) & (GAMES.c.ply == bindparam("was"))
_AT_UNDOS = _AT & (GAMES.c.undos == bindparam("undone"))
# A move also clears the archive flag: with several processes, one may have archived a game
# that it held idle while another plays it.
_ADVANCE, _ADVANCE_UNDOS = (
    update(GAMES).where(at).values(ply=bindparam("n"), status=_STATUS, updated_at=bindparam("at"), archived=False)
    for at in (_AT, _AT_UNDOS)
)
_FINISH, _FINISH_UNDOS = (
    update(GAMES)
    .where(at)
    .values(
        ply=bindparam("n"),
        status="finished",
        updated_at=bindparam("at"),
        archived=False,
        scores=bindparam("sc", type_=JSON),
        winners=bindparam("win", type_=JSON),
    )
    for at in (_AT, _AT_UNDOS)
)
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")
# Processes starting together must not both create the tables.
_MIGRATION_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended('epochal-migrate', 0))")


def now() -> datetime:
    return datetime.now(UTC)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=5000")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (a no-op when it is already there)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(_MIGRATION_LOCK)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class StoredGame:
    row: dict
    seats: list[dict]
    actions: list[tuple[int, int]]  # the record's actions from ply ``first`` on
    first: int = 0
    by: dict[int, str] = field(default_factory=dict)  # ply -> who made the move, when not its seat


class Store:
    """Every read and write of the server, each write one transaction.

    Calls are synchronous; the service makes them from worker threads, never on its event
    loop, so a slow or locked database delays only the games that wait for it.

    On PostgreSQL every committed change of a game also NOTIFYs ``CHANNEL`` in its own
    transaction (delivered exactly when it commits), stamped with ``origin``, this store's
    random name, so a process can tell its own changes from the others'.
    """

    def __init__(self, engine: Engine):
        self.engine = engine
        self.notifies = engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(6)

    def _notify(self, conn, game_id: str, version: int, kind: str, move: str = "") -> None:
        if self.notifies:
            conn.execute(_NOTIFY, {"payload": f"{game_id} {version} {kind} {self.origin}{move}"})

    def create_game(self, row: dict, seats: list[dict], actions: list[dict] | None = None) -> None:
        """A new game; ``actions``: the rows of the actions it starts with (an analysis board's
        position, set up from a replay), stored in the same transaction."""
        with self.engine.begin() as conn:
            conn.execute(insert(GAMES), [row])
            conn.execute(insert(SEATS), seats)
            if actions:
                conn.execute(insert(ACTIONS), actions)

    def exists(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(GAMES.c.id).where(GAMES.c.id == game_id)).first() is not None

    def add_action(
        self,
        game_id: str,
        ply: int,
        seat: int,
        action: int,
        status: str,
        scores: list | None = None,
        winners: list | None = None,
        *,
        undos: int | None = None,
        by: str | None = None,
    ) -> None:
        """Store action ``ply`` if the game still stands at ply ``ply`` (and, given ``undos``,
        at that undo count); else raise :class:`StaleVersion`. ``status`` "finished" (with
        ``scores``) ends the game; otherwise the status follows the seats."""
        stamp = now()
        values = {"gid": game_id, "was": ply, "n": ply + 1, "at": stamp}
        if undos is not None:
            values["undone"] = undos
        if status == "finished":
            values.update(sc=scores, win=winners)
            advance = _FINISH if undos is None else _FINISH_UNDOS
        else:
            advance = _ADVANCE if undos is None else _ADVANCE_UNDOS
        with self.engine.begin() as conn:
            # The row update comes first: on PostgreSQL it locks the game's row, so a second
            # writer at the same ply waits for the first, then finds the ply moved on.
            if conn.execute(advance, values).rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at ply {ply}")
            try:
                conn.execute(
                    _ADD_ACTION,
                    {"game_id": game_id, "ply": ply, "seat": seat, "action": action, "by": by, "created_at": stamp},
                )
            except IntegrityError:
                raise StaleVersion(f"game {game_id} already has an action #{ply}") from None
            if self.notifies:
                stored_undos = (
                    undos
                    if undos is not None
                    else conn.execute(select(GAMES.c.undos).where(GAMES.c.id == game_id)).scalar_one()
                )
                self._notify(
                    conn, game_id, ply + 1 + 2 * stored_undos, "action", f" {ply} {seat} {action} {stored_undos}"
                )

    def remove_last_action(self, game_id: str, ply: int, undos: int) -> None:
        """Undo: drop action ``ply`` (the last one) and count the undo (``undos`` is the new
        count), if the game still stands right after that action; else :class:`StaleVersion`."""
        with self.engine.begin() as conn:
            moved = conn.execute(
                update(GAMES)
                .where(GAMES.c.id == game_id, GAMES.c.ply == ply + 1, GAMES.c.undos == undos - 1)
                .values(ply=ply, undos=undos, updated_at=now())
            ).rowcount
            if moved != 1:
                raise StaleVersion(f"game {game_id} is no longer right after action #{ply}")
            gone = conn.execute(delete(ACTIONS).where(ACTIONS.c.game_id == game_id, ACTIONS.c.ply == ply)).rowcount
            if gone != 1:
                raise RecordError(f"game {game_id}: action #{ply} is not stored")
            self._notify(conn, game_id, ply + 2 * undos, "undo")

    def mark_joined(self, game_id: str, seat: int, status: str) -> None:
        """Mark the seat joined. ``status`` is the writer's idea of it; the stored status
        follows the stored seats (another process may have seated someone meanwhile)."""
        with self.engine.begin() as conn:
            conn.execute(update(SEATS).where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(joined=True))
            row = conn.execute(
                update(GAMES)
                .where(GAMES.c.id == game_id)
                .values(status=case((GAMES.c.status == "finished", "finished"), (_WAITING, "open"), else_="running"))
                .returning(GAMES.c.ply, GAMES.c.undos)
            ).first()
            if row is not None:
                self._notify(conn, game_id, row.ply + 2 * row.undos, "join")

    def change_seat(self, game_id: str, seat: int, **values) -> None:
        """The host's changes to a seat: ``stand_in`` (a bot level, or None to give the seat
        back) or ``token_hash`` (a new link; the old one stops working)."""
        self._change(game_id, update(SEATS).where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(**values))

    def change_game(self, game_id: str, **values) -> None:
        """The host's settings of a table (``clock``, ``fallback``)."""
        self._change(game_id, update(GAMES).where(GAMES.c.id == game_id).values(**values))

    def _change(self, game_id: str, statement) -> None:
        with self.engine.begin() as conn:
            if conn.execute(statement).rowcount != 1:
                raise RecordError(f"game {game_id} has no such seat or row")
            row = conn.execute(
                update(GAMES)
                .where(GAMES.c.id == game_id)
                .values(status=case((GAMES.c.status == "finished", "finished"), (_WAITING, "open"), else_="running"))
                .returning(GAMES.c.ply, GAMES.c.undos)
            ).first()
            if row is not None:
                self._notify(conn, game_id, row.ply + 2 * row.undos, "seats")

    def add_chat(self, game_id: str, n: int, seat: int | None, name: str, text: str) -> datetime:
        """Store chat message ``n``; StaleVersion when another process stored an ``n`` first."""
        stamp = now()
        with self.engine.begin() as conn:
            try:
                conn.execute(
                    insert(CHAT),
                    [{"game_id": game_id, "n": n, "seat": seat, "name": name, "text": text, "created_at": stamp}],
                )
            except IntegrityError:
                raise StaleVersion(f"game {game_id} already has a chat message #{n}") from None
            self._notify(conn, game_id, n, "chat")
        return stamp

    def chat(self, game_id: str, after: int = -1, most: int = 200) -> list[dict]:
        """The game's newest ``most`` chat messages numbered above ``after``, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(CHAT.c.n, CHAT.c.seat, CHAT.c.name, CHAT.c.text, CHAT.c.created_at)
                .where(CHAT.c.game_id == game_id, CHAT.c.n > after)
                .order_by(CHAT.c.n.desc())
                .limit(most)
            ).mappings()
            return [dict(r) for r in reversed(rows.all())]

    def add_key_seats(self, key_hash: str, rows: list[dict]) -> None:
        """Attach seats (``game_id``, ``seat``, ``sealed``) to a player key; a seat attached
        already gets the newly sealed secret."""
        stamp = now()
        with self.engine.begin() as conn:
            for row in rows:
                where = (KEYS.c.key_hash == key_hash, KEYS.c.game_id == row["game_id"], KEYS.c.seat == row["seat"])
                conn.execute(delete(KEYS).where(*where))
                conn.execute(insert(KEYS), [{"key_hash": key_hash, "created_at": stamp, **row}])

    def key_seats(self, key_hash: str, most: int) -> list[dict]:
        """The newest ``most`` seats attached to a player key."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(KEYS.c.game_id, KEYS.c.seat, KEYS.c.sealed)
                .where(KEYS.c.key_hash == key_hash)
                .order_by(KEYS.c.created_at.desc())
                .limit(most)
            ).mappings()
            return [dict(r) for r in rows]

    def forget_seat_keys(self, game_id: str, seat: int) -> None:
        """No key finds this seat any more (its link was replaced)."""
        with self.engine.begin() as conn:
            conn.execute(delete(KEYS).where(KEYS.c.game_id == game_id, KEYS.c.seat == seat))

    def load(self, game_id: str, first: int = 0) -> StoredGame | None:
        """The game's row, its seats and its actions from ply ``first`` on (a process that
        already holds the first ones reads only the rest)."""
        with self.engine.connect() as conn:
            if self.notifies:  # one snapshot: the row, the seats and the actions agree
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            row = conn.execute(select(GAMES).where(GAMES.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seats = (
                conn.execute(select(SEATS).where(SEATS.c.game_id == game_id).order_by(SEATS.c.seat)).mappings().all()
            )
            actions = conn.execute(
                select(ACTIONS.c.ply, ACTIONS.c.seat, ACTIONS.c.action, ACTIONS.c.by)
                .where(ACTIONS.c.game_id == game_id, ACTIONS.c.ply >= first)
                .order_by(ACTIONS.c.ply)
            ).all()
        for index, (ply, *_) in enumerate(actions, first):
            if ply != index:
                raise RecordError(f"stored actions skip from #{index} to #{ply}")
        by = {ply: who for ply, _, _, who in actions if who}
        return StoredGame(dict(row), [dict(s) for s in seats], [(s, a) for _, s, a, _ in actions], first, by)

    def unfinished_ids(self) -> list[str]:
        """The games to replay at start-up: unfinished and not archived (an index lookup, so
        finished and archived games cost nothing however many there are)."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(GAMES.c.id)
                    .where(
                        GAMES.c.archived == False,  # noqa: E712
                        GAMES.c.status.in_(("open", "running")),
                    )
                    .order_by(GAMES.c.created_at)
                ).scalars()
            )

    def archive_untouched(self, before: datetime) -> int:
        """Archive the unfinished games last changed before ``before``; how many."""
        with self.engine.begin() as conn:
            return conn.execute(
                update(GAMES)
                .where(
                    GAMES.c.archived == False,  # noqa: E712
                    GAMES.c.status.in_(("open", "running")),
                    GAMES.c.updated_at < before,
                )
                .values(archived=True)
            ).rowcount

    def set_archived(self, game_ids: list[str], archived: bool) -> None:
        """Archive games, or bring them back (then they count as touched now)."""
        values = {"archived": archived} if archived else {"archived": False, "updated_at": now()}
        with self.engine.begin() as conn:
            conn.execute(update(GAMES).where(GAMES.c.id.in_(game_ids)).values(**values))

    def list_games(self, status: str, limit: int) -> list[dict]:
        """The lobby's list: the newest games of ``status``, the private ones (analysis boards) left out."""
        with self.engine.connect() as conn:
            rows = (
                conn.execute(
                    select(GAMES)
                    .where(GAMES.c.status == status, GAMES.c.branched_at.is_(None))
                    .order_by(GAMES.c.updated_at.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            ids = [r["id"] for r in rows]
            seats = (
                conn.execute(select(SEATS).where(SEATS.c.game_id.in_(ids)).order_by(SEATS.c.game_id, SEATS.c.seat))
                .mappings()
                .all()
                if ids
                else []
            )
        by_game: dict[str, list[dict]] = {}
        for s in seats:
            by_game.setdefault(s["game_id"], []).append(dict(s))
        return [{**dict(r), "seats": by_game.get(r["id"], [])} for r in rows]

    # --- analyses -------------------------------------------------------------------------------
    def analysis(self, game_id: str, result: bool = False) -> dict | None:
        """The game's analysis row (without ``result`` unless asked), or None: never queued."""
        columns = [c for c in ANALYSES.c if result or c.name != "result"]
        with self.engine.connect() as conn:
            row = conn.execute(select(*columns).where(ANALYSES.c.game_id == game_id)).mappings().first()
            return dict(row) if row is not None else None

    def queue_analysis(self, game_id: str, budget: int) -> None:
        """Queue the game's analysis unless it is queued, running or done already (a failed one
        is queued again)."""
        stamp = now()
        fresh = {"status": "queued", "done": 0, "total": None, "budget": budget, "result": None, "error": None}
        try:
            with self.engine.begin() as conn:
                row = conn.execute(select(ANALYSES.c.status).where(ANALYSES.c.game_id == game_id)).first()
                if row is None:
                    conn.execute(
                        insert(ANALYSES), [{"game_id": game_id, "created_at": stamp, "updated_at": stamp, **fresh}]
                    )
                elif row.status == "failed":
                    conn.execute(
                        update(ANALYSES)
                        .where(ANALYSES.c.game_id == game_id, ANALYSES.c.status == "failed")
                        .values(created_at=stamp, updated_at=stamp, **fresh)
                    )
        except IntegrityError:
            pass  # another process queued it first

    def analysis_progress(self, game_id: str, status: str, done: int, total: int | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(ANALYSES)
                .where(ANALYSES.c.game_id == game_id, ANALYSES.c.status.in_(("queued", "running")))
                .values(status=status, done=done, total=total, updated_at=now())
            )

    def end_analysis(self, game_id: str, result: dict | None, error: str | None = None) -> None:
        """The analysis is done (``result``) or failed (``error``, a sentence)."""
        values = {"status": "done", "result": result} if error is None else {"status": "failed", "error": error[:300]}
        with self.engine.begin() as conn:
            conn.execute(update(ANALYSES).where(ANALYSES.c.game_id == game_id).values(updated_at=now(), **values))

    def pending_analyses(self) -> list[str]:
        """The games whose analysis was queued or running when the server stopped, oldest first."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(ANALYSES.c.game_id)
                    .where(ANALYSES.c.status.in_(("queued", "running")))
                    .order_by(ANALYSES.c.created_at)
                ).scalars()
            )

    # --- owners' card data sets (the workshop) ---------------------------------------------------
    def add_data_set(self, row: dict, most: int) -> bool:
        """Store a new data set unless its game holds ``most`` already (False: nothing stored)."""
        with self.engine.begin() as conn:
            held = conn.execute(select(func.count()).select_from(DATA_SETS).where(DATA_SETS.c.game == row["game"]))
            if held.scalar_one() >= most:
                return False
            conn.execute(insert(DATA_SETS), [row])
        return True

    def replace_data_set(self, key: str, values: dict) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(DATA_SETS).where(DATA_SETS.c.key == key).values(updated_at=now(), **values))

    def data_set(self, key: str, data: bool = False) -> dict | None:
        """A data set's row (without its bytes unless ``data``), or None."""
        columns = [c for c in DATA_SETS.c if data or c.name != "data"]
        with self.engine.connect() as conn:
            row = conn.execute(select(*columns).where(DATA_SETS.c.key == key)).mappings().first()
            return dict(row) if row is not None else None

    def playable_data_sets(self) -> list[dict]:
        """Every playable data set with its bytes, oldest first (for start-up)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(DATA_SETS).where(DATA_SETS.c.playable == true()).order_by(DATA_SETS.c.created_at)
            )
            return [dict(r) for r in rows.mappings()]

    def games_with_data(self, key: str) -> int:
        """How many stored games were set up with the data set ``key``."""
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(GAMES).where(GAMES.c.data_key == key)).scalar_one()
