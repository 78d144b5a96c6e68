"""Schema 14: a drill answer keeps what the learner answered (as text) and how many hints they had
asked for, so that a teacher sees every answer of a homework's puzzles (NULL for answers from before)."""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"


def upgrade() -> None:
    op.add_column("attempts", sa.Column("answer", sa.Text))
    op.add_column("attempts", sa.Column("hints", sa.Integer))
