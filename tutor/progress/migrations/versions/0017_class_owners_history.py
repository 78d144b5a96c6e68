"""Schema 17: a class's owner and its history. The teacher who made a class owns it (the earliest
teacher of each class made before); the owner may take another teacher out, and a co-teacher may
leave. Every change to a class's teachers, codes, name, state or learners is kept in its history,
with who made it. A learner's membership says whether the class made the account (its teachers may
then give it a new sign-in code)."""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"


def upgrade() -> None:
    op.add_column("class_teachers", sa.Column("owner", sa.Integer, nullable=False, server_default="0"))
    op.add_column("class_members", sa.Column("made_here", sa.Integer, nullable=False, server_default="0"))
    op.execute("UPDATE class_teachers SET owner = 1 WHERE profile_id = (SELECT t.profile_id FROM class_teachers t "
               "WHERE t.class_id = class_teachers.class_id ORDER BY t.added, t.profile_id LIMIT 1)")
    op.create_table(
        "class_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("at", sa.Text, nullable=False),
        sa.Column("actor_id", sa.Integer, sa.ForeignKey("profiles.id")),
        sa.Column("what", sa.Text, nullable=False),
        sa.Column("subject_id", sa.Integer, sa.ForeignKey("profiles.id")),
        sa.Column("detail", sa.Text))
    op.create_index("history_by_class", "class_history", ["class_id", "at"])
