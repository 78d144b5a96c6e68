"""Schema 3: games against the virtual player, with the learner's moves and the coach's agreement."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("level", sa.Text, nullable=False),
        sa.Column("ruleset", sa.Text, nullable=False),
        sa.Column("moves", sa.Text, nullable=False),
        sa.Column("finished", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("agreed", sa.Integer, nullable=False),
        sa.Column("started", sa.Text, nullable=False),
        sa.Column("updated", sa.Text, nullable=False))
    op.create_index("games_by_profile", "games", ["profile_id", "updated"])
