"""The workshop's "checked against my copy" marks of a data set, kept with the set (not in its
file: a mark says the owner looked, it changes no card and no data id).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-27
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: Union[str, Sequence[str], None] = "0011"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("data_sets") as batch:
        batch.add_column(sa.Column("checked", sa.JSON, nullable=False, server_default=sa.text("'[]'")))


def downgrade() -> None:
    with op.batch_alter_table("data_sets") as batch:
        batch.drop_column("checked")
