"""The web table's storage: three tables (games, seats, actions) through SQLAlchemy 2.x.

A game is stored as its record: setup (game, options, seed, seat names) plus one row per action.
Nothing derived from the rules is stored, so a restart rebuilds every position by replaying the
actions through the engine, and a rules fix can never disagree with a stored snapshot.

SQLite (the default) runs in WAL mode with ``synchronous=NORMAL``: a commit survives the server
process being killed, which is what "stored before acknowledged" must guarantee; only a power
cut of the whole machine can lose the last commits. PostgreSQL needs no tuning.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from sqlalchemy import (JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, bindparam,
                        create_engine, delete, event, insert, select, update)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from epochal.engine import RecordError

MIGRATIONS = Path(__file__).parent / "migrations"


class Base(DeclarativeBase):
    """The tables' shared metadata (Alembic migrations follow it)."""


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    version: Mapped[str] = mapped_column(String(20))        # the engine's game version
    data_key: Mapped[str] = mapped_column(String(80))       # which card data set the server knows
    data_id: Mapped[str | None] = mapped_column(String(200), nullable=True)  # Game.data_id()
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict] = mapped_column(JSON)
    undo: Mapped[bool] = mapped_column(Boolean, default=False)
    undos: Mapped[int] = mapped_column(Integer, default=0)  # keeps the version counter monotonic
    status: Mapped[str] = mapped_column(String(16), index=True)  # open / running / finished
    ply: Mapped[int] = mapped_column(Integer, default=0)    # actions stored
    scores: Mapped[list | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))            # human / bot
    level: Mapped[str | None] = mapped_column(String(40), nullable=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of the secret
    joined: Mapped[bool] = mapped_column(Boolean, default=False)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)  # index in the record
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


GAMES, SEATS, ACTIONS = GameRow.__table__, SeatRow.__table__, ActionRow.__table__

# The two statements of every move, built once: building a statement per call cost more CPU
# than the SQLite commit itself.
_ADD_ACTION = insert(ACTIONS)
_ADVANCE = (update(GAMES).where(GAMES.c.id == bindparam("gid"))
            .values(ply=bindparam("n"), status=bindparam("st"), updated_at=bindparam("at")))
_FINISH = (update(GAMES).where(GAMES.c.id == bindparam("gid"))
           .values(ply=bindparam("n"), status=bindparam("st"), updated_at=bindparam("at"),
                   scores=bindparam("sc", type_=JSON), winners=bindparam("win", type_=JSON)))


def now() -> datetime:
    return datetime.now(timezone.utc)


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
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class StoredGame:
    row: dict
    seats: list[dict]
    actions: list[tuple[int, int]]


class Store:
    """Every read and write of the server, each write one transaction.

    Calls are short and synchronous: with SQLite in WAL mode a commit takes well under a
    millisecond, less than handing it to a thread would cost.
    """

    def __init__(self, engine: Engine):
        self.engine = engine

    def create_game(self, row: dict, seats: list[dict]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(GAMES), [row])
            conn.execute(insert(SEATS), seats)

    def exists(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(GAMES.c.id).where(GAMES.c.id == game_id)).first() is not None

    def add_action(self, game_id: str, ply: int, seat: int, action: int, status: str,
                   scores: list | None = None, winners: list | None = None) -> None:
        stamp = now()
        values = {"gid": game_id, "n": ply + 1, "st": status, "at": stamp}
        if scores is not None:
            values.update(sc=scores, win=winners)
        with self.engine.begin() as conn:
            conn.execute(_ADD_ACTION, {"game_id": game_id, "ply": ply, "seat": seat, "action": action,
                                       "created_at": stamp})
            conn.execute(_FINISH if scores is not None else _ADVANCE, values)

    def remove_last_action(self, game_id: str, ply: int, undos: int) -> None:
        """Undo: drop action ``ply`` (the last one) and count the undo."""
        with self.engine.begin() as conn:
            gone = conn.execute(delete(ACTIONS).where(ACTIONS.c.game_id == game_id,
                                                      ACTIONS.c.ply == ply)).rowcount
            if gone != 1:
                raise RecordError(f"game {game_id}: action #{ply} is not stored")
            conn.execute(update(GAMES).where(GAMES.c.id == game_id)
                         .values(ply=ply, undos=undos, updated_at=now()))

    def mark_joined(self, game_id: str, seat: int, status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(SEATS).where(SEATS.c.game_id == game_id, SEATS.c.seat == seat)
                         .values(joined=True))
            conn.execute(update(GAMES).where(GAMES.c.id == game_id).values(status=status))

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(GAMES).where(GAMES.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seats = conn.execute(select(SEATS).where(SEATS.c.game_id == game_id)
                                 .order_by(SEATS.c.seat)).mappings().all()
            actions = conn.execute(select(ACTIONS.c.ply, ACTIONS.c.seat, ACTIONS.c.action)
                                   .where(ACTIONS.c.game_id == game_id)
                                   .order_by(ACTIONS.c.ply)).all()
        for index, (ply, _, _) in enumerate(actions):
            if ply != index:
                raise RecordError(f"stored actions skip from #{index} to #{ply}")
        return StoredGame(dict(row), [dict(s) for s in seats], [(s, a) for _, s, a in actions])

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(GAMES.c.id).where(GAMES.c.status != "finished")
                                     .order_by(GAMES.c.created_at)).scalars())

    def list_games(self, status: str, limit: int) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(GAMES).where(GAMES.c.status == status)
                                .order_by(GAMES.c.updated_at.desc()).limit(limit)).mappings().all()
            ids = [r["id"] for r in rows]
            seats = conn.execute(select(SEATS).where(SEATS.c.game_id.in_(ids))
                                 .order_by(SEATS.c.game_id, SEATS.c.seat)).mappings().all() if ids else []
        by_game: dict[str, list[dict]] = {}
        for s in seats:
            by_game.setdefault(s["game_id"], []).append(dict(s))
        return [{**dict(r), "seats": by_game.get(r["id"], [])} for r in rows]
