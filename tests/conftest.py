import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


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

    from tutor.app.ui import drill_state, lesson_state
    monkeypatch.setattr(lesson_state, "_seeds", random.Random(20261130))
    monkeypatch.setattr(drill_state, "_seeds", random.Random(20261201))
