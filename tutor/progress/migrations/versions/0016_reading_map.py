"""Schema 16: a profile keeps the Play page's third switch, the map of what the virtual player
probably holds (training wheels), as the learner last set it (NULL: never set, off)."""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"


def upgrade() -> None:
    op.add_column("profiles", sa.Column("reading_map", sa.Boolean))
