"""Schema 11: classes. A teacher (a profile) gathers learners (profiles) into a class, with a code
to join it (and a second code for another teacher), and posts news to it. A learner's membership
carries the real name the teacher gave them; leaving or being removed deletes the membership, and
with it the teacher's view of the learner."""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("language", sa.Text, nullable=False),
        sa.Column("ruleset", sa.Text, nullable=False),
        sa.Column("code", sa.Text, nullable=False, unique=True),
        sa.Column("teacher_code", sa.Text, nullable=False, unique=True),
        sa.Column("archived", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created", sa.Text, nullable=False))
    op.create_table(
        "class_teachers",
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("added", sa.Text, nullable=False))
    op.create_index("classes_by_teacher", "class_teachers", ["profile_id"])
    op.create_table(
        "class_members",
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("real_name", sa.Text),
        sa.Column("joined", sa.Text, nullable=False))
    op.create_index("classes_by_member", "class_members", ["profile_id"])
    op.create_table(
        "class_news",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("author_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("posted", sa.Text, nullable=False))
    op.create_index("news_by_class", "class_news", ["class_id", "posted"])
