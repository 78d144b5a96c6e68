"""Schema 8: a profile keeps the Play page's two switches, Coach mode and Quick moves, as the learner
last set them (NULL: never set, the page's default)."""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.add_column("profiles", sa.Column("coach_mode", sa.Boolean))
    op.add_column("profiles", sa.Column("quick_moves", sa.Boolean))
