"""Schema 9: a signed-in account's profile keeps when the account last signed out. A sign-in from
before that moment (another tab of the browser, or a copy of its sign-in cookie) no longer opens
it (NULL: never signed out)."""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.add_column("profiles", sa.Column("signed_out", sa.Text))
