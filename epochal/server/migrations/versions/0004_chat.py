"""A table's chat: the messages, who may read and write them, and muted seats.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: Union[str, Sequence[str], None] = "0003"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.String(8), nullable=False, server_default="read"))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("muted", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("muted")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("spectator_chat")
    op.drop_table("chat")
