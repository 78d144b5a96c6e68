"""Schema 6: private profiles open only with a key the server gave the browser (``profile_keys``,
kept as hashes) or a one-time transfer code (``transfer_codes``); a profile from before keys may be
claimed once by the browser that remembers its name, for 30 days (``claim_until``); names are also
compared by how they look (``look_folded``, ``look_shape``: Unicode's skeleton); each saved game
carries a ``version``, so that a move on a stale copy is refused; and a row that cannot be read is
set aside (``set_aside``), kept whole, not deleted: this migration sets aside every such row it
meets instead of failing."""

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

from tutor.progress.names import lookalike_keys
from tutor.progress.rows import (
    ATTEMPT_COLUMNS,
    CARD_COLUMNS,
    UnreadableRow,
    read_attempt,
    read_card,
    read_game,
    set_aside_text,
)

revision = "0006"
down_revision = "0005"
CLAIM_DAYS = 30
"""How long a profile from before keys may be claimed by the browser that remembers its name."""
OLD_GAME_COLUMNS = ("id", "seed", "level", "ruleset", "moves", "finished", "won", "decisions", "agreed", "started",
                    "updated")


def _aside(db: sa.Connection, profile_id: object, origin: str, content: str, reason: str, at: str) -> None:
    db.execute(sa.text("INSERT INTO set_aside (profile_id, origin, content, reason, at) "
                       "VALUES (:profile, :origin, :content, :reason, :at)"),
               {"profile": profile_id, "origin": origin, "content": content, "reason": reason[:200], "at": at})


def upgrade() -> None:
    op.create_table(
        "profile_keys",
        sa.Column("key_hash", sa.Text, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sa.Column("expires", sa.Text, nullable=False),
        sa.Column("revoked", sa.Integer, nullable=False, server_default="0"))
    op.create_index("profile_keys_by_profile", "profile_keys", ["profile_id"])
    op.create_table(
        "transfer_codes",
        sa.Column("code_hash", sa.Text, primary_key=True),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sa.Column("expires", sa.Text, nullable=False),
        sa.Column("used", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "set_aside",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.Integer),
        sa.Column("origin", sa.Text, nullable=False),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", sa.Text, nullable=False))
    op.add_column("profiles", sa.Column("look_folded", sa.Text))
    op.add_column("profiles", sa.Column("look_shape", sa.Text))
    op.add_column("profiles", sa.Column("claim_until", sa.Text))
    op.add_column("games", sa.Column("version", sa.Integer, nullable=False, server_default="0"))
    db = op.get_bind()
    moment = datetime.now(UTC)
    now, claim_until = moment.isoformat(), (moment + timedelta(days=CLAIM_DAYS)).isoformat()
    for pid, name, key in db.execute(sa.text("SELECT id, name, name_key FROM profiles")).all():
        folded, shape = lookalike_keys(str(name))
        db.execute(sa.text("UPDATE profiles SET look_folded = :folded, look_shape = :shape, claim_until = :until "
                           "WHERE id = :id"),
                   {"folded": folded, "shape": shape, "id": pid,
                    "until": None if str(key).startswith("account:") else claim_until})
    op.create_index("profiles_by_look_folded", "profiles", ["look_folded"])
    op.create_index("profiles_by_look_shape", "profiles", ["look_shape"])
    # Rows that cannot be read are set aside, kept whole (their reason beside them).
    for row in db.execute(sa.text(f"SELECT {', '.join(OLD_GAME_COLUMNS)}, profile_id FROM games")).all():
        try:
            read_game((*row[:11], 0))
        except UnreadableRow as bad:
            _aside(db, row[11], "games", set_aside_text(OLD_GAME_COLUMNS, row[:11]), bad.reason, now)
            db.execute(sa.text("DELETE FROM games WHERE id = :id"), {"id": row[0]})
    for row in db.execute(sa.text(f"SELECT profile_id, item, {', '.join(CARD_COLUMNS)} FROM review")).all():
        try:
            read_card(row[2:])
        except UnreadableRow as bad:
            _aside(db, row[0], "review", set_aside_text(("item", *CARD_COLUMNS), row[1:]), bad.reason, now)
            db.execute(sa.text("DELETE FROM review WHERE profile_id = :profile AND item = :item"),
                       {"profile": row[0], "item": row[1]})
    for row in db.execute(sa.text(f"SELECT id, profile_id, {', '.join(ATTEMPT_COLUMNS)} FROM attempts")).all():
        try:
            read_attempt(row[2:])
        except UnreadableRow as bad:
            _aside(db, row[1], "attempts", set_aside_text(("id", *ATTEMPT_COLUMNS), (row[0], *row[2:])), bad.reason,
                   now)
            db.execute(sa.text("DELETE FROM attempts WHERE id = :id"), {"id": row[0]})
