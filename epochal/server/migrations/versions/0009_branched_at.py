"""A table set up from a replay's position (the analysis board) remembers after how many of the
record's actions it starts: it is private (the lobby does not list it), and undo stops there.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-10
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: Union[str, Sequence[str], None] = "0008"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("branched_at", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("branched_at")
