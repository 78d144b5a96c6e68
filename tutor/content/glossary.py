"""The glossary: every term of the sources in Spanish and English, and a forgiving search.

Search ignores case and accents (``combinacion`` finds *combinación*) and looks in both
languages and in synonyms (``stock`` finds *baceta* and *mazo*).
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tutor.engine.cards import parse_cards
from tutor.engine.resources import data_dir
from tutor.engine.rules import SOURCES


class GlossaryError(ValueError):
    """The glossary file is not valid: names the entry and the field."""


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    id: str
    es: str
    en: str
    definition_es: str
    definition_en: str
    sources: tuple[str, ...]
    rule: str
    synonyms: tuple[str, ...] = ()
    example: str = ""

    def name(self, lang: str) -> str:
        """The term in a language."""
        return self.es if lang == "es" else self.en

    def definition(self, lang: str) -> str:
        return self.definition_es if lang == "es" else self.definition_en


def fold(text: str) -> str:
    """Text for matching: lower case, accents removed, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.replace("-", " ").split())


_REQUIRED = ("id", "es", "en", "definition_es", "definition_en", "sources", "rule")
_OPTIONAL = ("synonyms", "example")


def _term(entry: dict, position: int) -> Term:
    name = entry.get("id", f"#{position}")
    unknown = set(entry) - set(_REQUIRED) - set(_OPTIONAL)
    if unknown:
        raise GlossaryError(f"glossary entry {name}: unknown field {sorted(unknown)[0]}")
    for field in _REQUIRED:
        if not entry.get(field):
            raise GlossaryError(f"glossary entry {name}: missing field {field}")
    if not set(entry["sources"]) <= set(SOURCES):
        raise GlossaryError(f"glossary entry {name}: unknown source in {entry['sources']}")
    if entry.get("example"):
        parse_cards(entry["example"])
    return Term(entry["id"], entry["es"], entry["en"], entry["definition_es"], entry["definition_en"],
                tuple(entry["sources"]), entry["rule"], tuple(entry.get("synonyms", ())),
                entry.get("example", ""))


def parse_glossary(path: Path) -> tuple[Term, ...]:
    """Read and check the glossary file: fields, sources, synonyms that exist, examples that parse."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    terms = tuple(_term(entry, i) for i, entry in enumerate(raw.get("term", []), start=1))
    ids = {t.id for t in terms}
    if len(ids) != len(terms):
        raise GlossaryError("glossary: two entries share an id")
    for term in terms:
        missing = set(term.synonyms) - ids
        if missing:
            raise GlossaryError(f"glossary entry {term.id}: unknown synonym {sorted(missing)[0]}")
    return terms


@lru_cache(maxsize=1)
def glossary() -> tuple[Term, ...]:
    """Every term, sorted as the Spanish alphabet sorts them (accents ignored)."""
    return tuple(sorted(parse_glossary(data_dir() / "glossary.toml"), key=lambda t: fold(t.es)))


def term_by_id(term_id: str) -> Term | None:
    """The term with that id (accents and case forgiven), or None."""
    wanted = fold(term_id)
    return next((t for t in glossary() if fold(t.id) == wanted or fold(t.es) == wanted), None)


def synonyms_of(term: Term) -> list[Term]:
    found = [term_by_id(s) for s in term.synonyms]
    return [t for t in found if t is not None]


def search(query: str, lang: str = "en") -> list[Term]:
    """Terms whose name in either language, or a synonym's, matches; then those whose definition does.

    Exact matches come first, then names that start with the query, then names that contain it.
    """
    q = fold(query)
    if not q:
        return list(glossary())
    ranked: list[tuple[int, str, Term]] = []
    for term in glossary():
        names = [fold(term.es), fold(term.en)]
        names += [fold(n) for s in synonyms_of(term) for n in (s.es, s.en)]
        if q in names:
            rank = 0
        elif any(n.startswith(q) or any(w.startswith(q) for w in n.split()) for n in names):
            rank = 1
        elif any(q in n for n in names):
            rank = 2
        elif q in fold(term.definition(lang)):
            rank = 3
        else:
            continue
        ranked.append((rank, fold(term.name(lang)), term))
    return [t for _, _, t in sorted(ranked, key=lambda r: (r[0], r[1]))]
