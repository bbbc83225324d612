"""Games, seats and actions: a game is stored as its record.

Revision ID: 0001
Revises:
Create Date: 2026-11-01
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: Union[str, Sequence[str], None] = None
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("version", sa.String(20), nullable=False),
        sa.Column("data_key", sa.String(80), nullable=False),
        sa.Column("data_id", sa.String(200), nullable=True),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("undo", sa.Boolean, nullable=False),
        sa.Column("undos", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("scores", sa.JSON, nullable=True),
        sa.Column("winners", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(40), nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_games_status", "games")
    op.drop_table("games")
