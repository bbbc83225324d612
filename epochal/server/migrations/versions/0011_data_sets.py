"""Owners' card data sets (the workshop): a data file's bytes, its name, its owner's secret hash
and what the game's validator said of it.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-20
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: Union[str, Sequence[str], None] = "0010"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        "data_sets",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("playable", sa.Boolean, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("problems", sa.JSON, nullable=False),
        sa.Column("data_id", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_data_sets_game", "data_sets", ["game"])


def downgrade() -> None:
    op.drop_index("ix_data_sets_game", "data_sets")
    op.drop_table("data_sets")
