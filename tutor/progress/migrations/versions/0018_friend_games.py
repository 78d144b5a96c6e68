"""Schema 18: games between two learners (play a friend). A table has a code to join it by; its
seats are each a profile, or a browser for a guest; its moves are kept in order as one text, with a
version that every move names (two tabs of one seat cannot both move). Each seat's last sign of
life says whether its player has gone; the seat the virtual player took over, if any, and from which
move. A friend game also counts in each player's record: their ``games`` row names it."""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"


def upgrade() -> None:
    op.create_table(
        "friend_games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.Text, nullable=False, unique=True),
        sa.Column("ruleset", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
        sa.Column("profile0", sa.Integer, sa.ForeignKey("profiles.id")),
        sa.Column("browser0", sa.Text),
        sa.Column("name0", sa.Text),
        sa.Column("profile1", sa.Integer, sa.ForeignKey("profiles.id")),
        sa.Column("browser1", sa.Text),
        sa.Column("name1", sa.Text),
        sa.Column("invited", sa.Integer, sa.ForeignKey("profiles.id")),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id")),
        sa.Column("moves", sa.Text, nullable=False, server_default=""),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("state", sa.Text, nullable=False, server_default="open"),
        sa.Column("robot", sa.Integer),
        sa.Column("robot_from", sa.Integer, nullable=False, server_default="0"),
        sa.Column("left_seat", sa.Integer),
        sa.Column("seen0", sa.Text),
        sa.Column("seen1", sa.Text),
        sa.Column("rematch", sa.Integer),
        sa.Column("started", sa.Text, nullable=False),
        sa.Column("updated", sa.Text, nullable=False))
    op.create_index("friend_games_by_class", "friend_games", ["class_id"])
    op.add_column("games", sa.Column("friend_id", sa.Integer))
