"""Schema 2: the chosen language and ruleset, the puzzle and the mistake of each attempt, and the
review schedule (Leitner boxes)."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.add_column("profiles", sa.Column("language", sa.Text))
    op.add_column("profiles", sa.Column("ruleset", sa.Text))
    op.add_column("attempts", sa.Column("seed", sa.BigInteger))
    op.add_column("attempts", sa.Column("mistake", sa.Text))
    op.create_table(
        "review",
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("item", sa.Text, primary_key=True),
        sa.Column("box", sa.Integer, nullable=False),
        sa.Column("due", sa.Text, nullable=False))
    op.create_index("attempts_by_profile", "attempts", ["profile_id", "at"])
