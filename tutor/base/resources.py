"""Where the shipped content lives: ``data/``, ``lessons/`` and ``locales/``.

In a checkout these folders sit at the top of the repository, beside the ``tutor`` package; in an
installed wheel the build puts them inside the package (see ``setup.py``). Either way
:func:`content_dir` finds them. The engine needs this for its ruleset files, so it lives here, at
the bottom of the layers; the content and language layers use it too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
"""The ``tutor`` package folder."""


@cache
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
