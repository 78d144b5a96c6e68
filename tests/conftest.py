import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory, monkeypatch):
    """No test writes progress into the user's own data folder."""
    if "GIN_TUTOR_DATA_DIR" not in __import__("os").environ:
        monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path_factory.mktemp("progress")))
