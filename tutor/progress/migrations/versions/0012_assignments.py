"""Schema 12: homework. A teacher sets a class an assignment (lessons to pass, or a set of puzzles
the same for every learner), with an optional due date; what each learner has done of it is read
from their lessons and drill answers, so nothing more is kept per learner."""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("due", sa.Text),
        sa.Column("created", sa.Text, nullable=False))
    op.create_index("assignments_by_class", "assignments", ["class_id", "created"])
