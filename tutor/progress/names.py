"""Profile names: how they are stored (clean) and how two are compared (case-folded)."""

from __future__ import annotations

import unicodedata


def clean_name(name: str) -> str:
    """A profile name as stored: NFC, without control or invisible characters (zero-width spaces,
    direction overrides), its spaces collapsed."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name)
                   if unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp"))
    return " ".join(kept.split())


def name_key(name: str) -> str:
    """What two profile names are compared by: the clean name, case-folded in every alphabet."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())
