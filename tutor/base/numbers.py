"""Reading whole numbers typed by people or carried in addresses: ASCII digits only (no ``²``, no
other scripts' digits, no sign), and at most eight digits more than the largest allowed value has
(room for leading zeros, as in ``00000007``), so that no text, however long, reaches Python's
integer conversion limit. Hand, game and puzzle numbers are all seeds of one range."""

from __future__ import annotations

from collections.abc import Callable

MAX_SEED = 2**32 - 1
"""The largest hand, game or puzzle number."""
LEADING_ZEROS = 8
"""How many digits beyond those of the largest value a number may have (leading zeros)."""


def whole_number(text: object, most: int) -> int | None:
    """The number ``text`` spells, from 0 to ``most``; None when it is anything else."""
    if isinstance(text, bool):
        return None
    digits = str(text).strip()
    if not digits or len(digits) > len(str(most)) + LEADING_ZEROS or not (digits.isascii() and digits.isdigit()):
        return None
    value = int(digits)
    return value if value <= most else None


def read_seed(text: object, error: Callable[..., Exception]) -> int:
    """A seed (a hand, game or puzzle number) from 0 to :data:`MAX_SEED`; else raises
    ``error(seed=..., most=MAX_SEED)``, the caller's own error class, quoting at most 40 characters."""
    number = whole_number(text, MAX_SEED)
    if number is None:
        raise error(seed=str(text).strip()[:40], most=MAX_SEED)
    return number
