"""Reading whole numbers typed by people or carried in addresses: ASCII digits only (no ``²``, no
other scripts' digits, no sign), and never more digits than the largest allowed value has, so
that no text, however long, reaches Python's integer conversion limit."""

from __future__ import annotations


def whole_number(text: object, most: int) -> int | None:
    """The number ``text`` spells, from 0 to ``most``; None when it is anything else."""
    if isinstance(text, bool):
        return None
    digits = str(text).strip()
    if not digits or len(digits) > len(str(most)) + 8 or not (digits.isascii() and digits.isdigit()):
        return None
    value = int(digits)
    return value if value <= most else None
