"""Schema 4: profile names compared case-folded in every alphabet (``name_key``)."""

import sqlalchemy as sa
from alembic import op

from tutor.progress.names import name_key

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.add_column("profiles", sa.Column("name_key", sa.Text))
    db = op.get_bind()
    taken: set[str] = set()
    for pid, name in db.execute(sa.text("SELECT id, name FROM profiles ORDER BY id")).all():
        key = name_key(name)
        if key in taken or not key:  # two old names that now compare equal: the later one keeps its id
            key = f"{key}#{pid}"
        taken.add(key)
        db.execute(sa.text("UPDATE profiles SET name_key = :key WHERE id = :id"), {"key": key, "id": pid})
    op.create_index("profiles_by_key", "profiles", ["name_key"], unique=True)
