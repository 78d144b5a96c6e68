"""Profile names: how they are stored (clean), how two are compared (case-folded), and when two
only look alike (Unicode's skeleton, UTS #39: ``ＡＬＩＣＥ`` and Cyrillic ``Аlice`` look like ``Alice``)."""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

CONFUSABLES = Path(__file__).resolve().parent / "confusables.txt"
"""Unicode's table of lookalike characters (confusables.txt of UTS #39, kept by tools/confusables.py)."""


def clean_name(name: str) -> str:
    """A profile name as stored: NFC, without control or invisible characters (zero-width spaces,
    direction overrides), its spaces collapsed."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name)
                   if unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp"))
    return " ".join(kept.split())


def name_key(name: str) -> str:
    """What two profile names are compared by: the clean name, case-folded in every alphabet."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


@cache
def _prototypes() -> dict[str, str]:
    """Each lookalike character's prototype, from :data:`CONFUSABLES`."""
    table: dict[str, str] = {}
    for line in CONFUSABLES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, *target = line.split()
            table[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target)
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton of a string: decomposed (NFD), each character replaced by its prototype,
    decomposed again. Two strings that look alike have the same skeleton."""
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))


def lookalike_keys(name: str) -> tuple[str, str]:
    """What two profile names that would be taken for one another share one of: the skeleton of the
    clean name compatibility-folded (fullwidth letters become plain) and case-folded (``ALICE``,
    ``Аlice`` in Cyrillic, ``ＡＬＩＣＥ``), and its skeleton with the case kept (a capital ``I`` for an
    ``l``: ``AIice``)."""
    folded = unicodedata.normalize("NFKC", clean_name(name))
    return skeleton(folded.casefold()), skeleton(folded)
