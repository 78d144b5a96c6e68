"""Where the project's content lives: ``data/``, ``lessons/`` and ``locales/``.

In a checkout they sit beside the ``tutor`` package; in an installed wheel the build copies them
inside the package (see ``setup.py``). Either way these functions find them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def content_dir(name: str) -> Path:
    """The folder ``name`` (data, lessons or locales), inside the package or beside it."""
    for candidate in (PACKAGE_DIR / name, PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"gin-tutor's {name}/ folder is missing (looked in {PACKAGE_DIR} and beside it)")


def data_dir() -> Path:
    return content_dir("data")


def lessons_dir() -> Path:
    return content_dir("lessons")


def locales_dir() -> Path:
    return content_dir("locales")
