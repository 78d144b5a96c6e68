"""Small checks that tests share: a value that must be there, a hand that must have been scored."""

from __future__ import annotations

import os
from typing import TypeVar

import pytest

from tutor.engine.scoring import HandScore
from tutor.play import Hand

T = TypeVar("T")


def some(value: T | None) -> T:
    """``value``, which the test expects to be there (not None)."""
    assert value is not None
    return value


def scored(hand: Hand) -> HandScore:
    """The score of a hand the test expects to have ended by a knock, a gin or a big gin."""
    assert isinstance(hand.result, HandScore), hand.result
    return hand.result


def require(problems: list[str], what: str) -> None:
    """Skip the test, saying why, when anything it needs is missing (``problems``); in CI, which
    installs everything, fail instead: ``what`` must run there."""
    if not problems:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} must run in CI: " + "; ".join(problems))
    pytest.skip("; ".join(problems))
