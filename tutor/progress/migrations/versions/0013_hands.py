"""Schema 13: a saved game keeps how many of its hands are finished (written with each save), so that
homework of hands against a level, and a teacher's dashboard, count them without replaying the game."""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    op.add_column("games", sa.Column("hands", sa.Integer, nullable=False, server_default="0"))
