"""Profile names: how they are stored (clean), how two are compared (case-folded), and when two
only look alike (Unicode's skeleton, UTS #39: ``ＡＬＩＣＥ`` and Cyrillic ``Аlice`` look like ``Alice``)."""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

CONFUSABLES = Path(__file__).resolve().parent / "confusables.txt"
"""Unicode's table of lookalike characters (confusables.txt of UTS #39, kept by tools/confusables.py)."""


IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
    (0x2800, 0x2800))
"""The characters a name may not keep because they show as nothing: Unicode's
``Default_Ignorable_Code_Point`` (DerivedCoreProperties.txt, Unicode 15: joiners, variation selectors,
the Hangul fillers, the Mongolian and Khmer invisible ones), and the blank Braille pattern U+2800."""


def _invisible(ch: str) -> bool:
    """Whether a character shows as nothing in a name: a control, format, private or surrogate
    character, a line or paragraph separator, or one of :data:`IGNORABLE`."""
    if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp"):
        return True
    code = ord(ch)
    return any(low <= code <= high for low, high in IGNORABLE)


def clean_name(name: str) -> str:
    """A profile name as stored: NFC, without control or invisible characters (zero-width spaces,
    direction overrides, variation selectors, Hangul fillers: :func:`_invisible`), its spaces collapsed."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name) if not _invisible(ch))
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
