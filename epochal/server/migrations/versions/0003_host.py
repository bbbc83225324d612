"""The host of a table: a host link, stand-in bots for absent people, a turn clock.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: Union[str, Sequence[str], None] = "0002"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("clock", sa.Integer, nullable=True))
        batch.add_column(sa.Column("fallback", sa.String(8), nullable=False, server_default="easy"))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("stand_in", sa.String(40), nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("by", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("by")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("stand_in")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("fallback")
        batch.drop_column("clock")
        batch.drop_column("host_hash")
