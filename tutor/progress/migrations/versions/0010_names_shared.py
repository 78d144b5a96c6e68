"""Schema 10: two profiles may share a name. Where profiles are private, a new profile is made
whatever others have called theirs (its ``name_key`` is random: ``private:…``), so that the name a
learner types never tells them another learner's profile exists; a profile is told apart by its id
and opened only by a key. The uniqueness of ``name_key`` still makes one profile per name where
profiles are open (one machine)."""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":  # an inline UNIQUE has no name: the table is copied without it
        table = sa.Table("profiles", sa.MetaData(), autoload_with=bind)
        for constraint in [c for c in table.constraints if isinstance(c, sa.UniqueConstraint)
                           and [col.name for col in c.columns] == ["name"]]:
            table.constraints.discard(constraint)
        with op.batch_alter_table("profiles", copy_from=table, recreate="always"):
            pass
        return
    for reflected in sa.inspect(bind).get_unique_constraints("profiles"):
        if reflected["column_names"] == ["name"] and reflected["name"]:
            op.drop_constraint(reflected["name"], "profiles", type_="unique")
