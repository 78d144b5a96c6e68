"""Schema 7: ratings (Glicko-2, :mod:`tutor.progress.ratings`). A learner's rating per kind of drill
(``ratings``), each change of it kept for the chart of its history (``rating_history``), and each
puzzle's rating, shared by every learner of this store (``puzzle_ratings``, by the puzzle's review
item name)."""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("at", sa.Text, nullable=False))
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("at", sa.Text, nullable=False))
    op.create_index("rating_history_by_profile", "rating_history", ["profile_id", "kind", "at"])
    op.create_table(
        "puzzle_ratings",
        sa.Column("item", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"))
    op.create_index("puzzle_ratings_by_kind", "puzzle_ratings", ["kind", "rating"])
