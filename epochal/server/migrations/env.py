"""Alembic environment: the server passes its own connection; the alembic CLI passes a URL.

``epochal serve`` migrates on start-up through :func:`epochal.server.db.migrate`, which hands its
connection in ``config.attributes``. ``alembic -c epochal/server/alembic.ini ...`` (for writing a
new revision) takes the URL from ``EPOCHAL_DATABASE_URL`` or the ini file.
"""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.exc import ArgumentError

from epochal.server.db import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run_with(connection)
        return
    url = os.environ.get("EPOCHAL_DATABASE_URL") or config.get_main_option("sqlalchemy.url")
    if url is None:
        raise ArgumentError("no database: set EPOCHAL_DATABASE_URL or sqlalchemy.url in the ini file")
    engine = create_engine(url)
    with engine.begin() as conn:
        _run_with(conn)
    engine.dispose()


def _run_with(connection) -> None:
    # batch mode lets later revisions alter columns on SQLite, which has no ALTER COLUMN
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run()
