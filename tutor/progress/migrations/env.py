"""Alembic's environment for the progress store: it migrates the connection it is handed
(:func:`tutor.progress.database.upgrade`), in the transaction already open on it."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
