import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))  # shared helpers (ports, browser)


import pytest


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory, monkeypatch):
    """No test writes progress into the user's own data folder."""
    if "GIN_TUTOR_DATA_DIR" not in __import__("os").environ:
        monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path_factory.mktemp("progress")))


@pytest.fixture(autouse=True)
def _seeded_puzzle_numbers(monkeypatch):
    """New puzzle numbers (a lesson's check, "New puzzle") come from a seeded generator in tests,
    so that a failure shows the same puzzles when it is run again."""
    import random

    from tutor.app.ui import state
    monkeypatch.setattr(state, "_seeds", random.Random(20261201))


@pytest.fixture(scope="session")
def postgres_cluster():
    """A throwaway PostgreSQL cluster for the whole run (tests/postgres.py): skipped, saying why,
    where PostgreSQL is not installed; in CI, which installs it, a missing server fails."""
    import os

    import postgres
    why = postgres.missing()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is needed in CI: {why}")
        pytest.skip(why)
    with postgres.cluster() as cluster:
        yield cluster


@pytest.fixture(params=["sqlite", "postgresql"])
def store_at(request, tmp_path):
    """Open the progress store at one place, on each engine: a SQLite file in a fresh folder, or a
    fresh database on the throwaway PostgreSQL server. Call it again to open the same place anew
    (another tab, another process)."""
    from tutor.progress.store import open_store
    opened = []
    if request.param == "sqlite":
        def open_here(clock=None):
            opened.append(open_store(tmp_path, **({"clock": clock} if clock else {})))
            return opened[-1]
    else:
        url = request.getfixturevalue("postgres_cluster").new_database()

        def open_here(clock=None):
            opened.append(open_store(url=url, **({"clock": clock} if clock else {})))
            return opened[-1]
    open_here.engine = request.param
    yield open_here
    for store in opened:
        store.close()
