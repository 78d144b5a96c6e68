"""Schema 15: a saved game keeps the coach's accuracy of the learner's decisions judged so far (0 to
100, as the hand's review gives it; NULL before any is judged, and for games saved before), so that a
teacher sees the hands of a homework, and a level's games, with the coach's accuracy."""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"


def upgrade() -> None:
    op.add_column("games", sa.Column("accuracy", sa.Float))
