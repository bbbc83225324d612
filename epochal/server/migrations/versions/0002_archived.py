"""Games nobody has touched for a long time are archived: not replayed at start-up.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: Union[str, Sequence[str], None] = "0001"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("archived", sa.Boolean, nullable=False, server_default=sa.false()))
    # Start-up reads the unfinished games that are not archived: this index finds them without
    # scanning the finished and archived ones, however many accumulate.
    op.create_index("ix_games_archived_status", "games", ["archived", "status"])


def downgrade() -> None:
    op.drop_index("ix_games_archived_status", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("archived")
