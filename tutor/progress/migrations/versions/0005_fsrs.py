"""Schema 5: the review schedule moves from Leitner boxes to FSRS cards; an item keeps when it is
due, and its box becomes what FSRS knows of it (:func:`tutor.progress.review.card_from_box`)."""

from datetime import datetime

import sqlalchemy as sa
from alembic import op

from tutor.progress.review import card_from_box, row_of_card

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.add_column("review", sa.Column("state", sa.Integer, nullable=False, server_default="1"))
    op.add_column("review", sa.Column("step", sa.Integer))
    op.add_column("review", sa.Column("stability", sa.Float))
    op.add_column("review", sa.Column("difficulty", sa.Float))
    op.add_column("review", sa.Column("last_review", sa.Text))
    db = op.get_bind()
    for profile_id, item, box, due in db.execute(sa.text("SELECT profile_id, item, box, due FROM review")).all():
        state, step, stability, difficulty, due_text, last_review = row_of_card(
            card_from_box(int(box), datetime.fromisoformat(due)))
        db.execute(sa.text("UPDATE review SET state = :state, step = :step, stability = :stability, "
                           "difficulty = :difficulty, due = :due, last_review = :last "
                           "WHERE profile_id = :profile AND item = :item"),
                   {"state": state, "step": step, "stability": stability, "difficulty": difficulty,
                    "due": due_text, "last": last_review, "profile": profile_id, "item": item})
    with op.batch_alter_table("review") as batch:
        batch.drop_column("box")
