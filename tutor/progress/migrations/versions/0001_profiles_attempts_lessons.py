"""Schema 1: profiles, drill attempts, lessons done."""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "profiles",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False, unique=True),
        sa.Column("created", sa.Text, nullable=False))
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("difficulty", sa.Text, nullable=False),
        sa.Column("ruleset", sa.Text, nullable=False),
        sa.Column("correct", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("at", sa.Text, nullable=False))
    op.create_table(
        "lessons_done",
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("lesson", sa.Text, primary_key=True),
        sa.Column("at", sa.Text, nullable=False))
