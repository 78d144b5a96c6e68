"""Schema 5: the review schedule moves from Leitner boxes to FSRS cards; an item keeps when it is
due, and its box becomes what FSRS knows of it (:func:`tutor.progress.review.card_from_box`). A row
whose box or due time cannot be read is kept as it is, marked, and schema 6 sets it aside."""

import sqlalchemy as sa
from alembic import op

from tutor.progress.review import card_from_box, row_of_card
from tutor.progress.rows import read_time

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
        try:
            card = card_from_box(int(box), read_time(due, "the due time"))
        except (ValueError, TypeError):
            # A row it cannot convert (a box or a date damaged): kept as it was, its box beside its
            # due time and an FSRS state that is none, for schema 6 to set aside whole.
            db.execute(sa.text("UPDATE review SET state = -1, last_review = :box "
                               "WHERE profile_id = :profile AND item = :item"),
                       {"box": f"leitner box {box}", "profile": profile_id, "item": item})
            continue
        state, step, stability, difficulty, due_text, last_review = row_of_card(card)
        db.execute(sa.text("UPDATE review SET state = :state, step = :step, stability = :stability, "
                           "difficulty = :difficulty, due = :due, last_review = :last "
                           "WHERE profile_id = :profile AND item = :item"),
                   {"state": state, "step": step, "stability": stability, "difficulty": difficulty,
                    "due": due_text, "last": last_review, "profile": profile_id, "item": item})
    with op.batch_alter_table("review") as batch:
        batch.drop_column("box")
