"""The glossary: every term of the sources, by language, and a forgiving search.

Search ignores case and accents (``combinacion`` finds *combinación*) and looks in every
language and in synonyms (``stock`` finds *baceta* and *mazo*).
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from tutor.base.resources import data_dir
from tutor.engine.cards import parse_cards
from tutor.engine.rules import SOURCES


class GlossaryError(ValueError):
    """The glossary file is not valid: names the entry and the field."""


SOURCE_LANGUAGE = "es"
"""The language of the source texts: a term is headed and sorted by its name in it."""


@dataclass(frozen=True)
class Term:
    """One glossary entry, its names and definitions by language code."""

    id: str
    names: dict[str, str] = field(hash=False)
    definitions: dict[str, str] = field(hash=False)
    sources: tuple[str, ...]
    """The sources that use the word, or :data:`OWN_WORD` for a word of gin-tutor's own."""
    rule: str
    """The rule page the word belongs to ("" for a word of the app, such as a rating)."""
    synonyms: tuple[str, ...] = ()
    example: str = ""
    related: tuple[str, ...] = ()
    """Ids of entries that are related but do not mean the same ("See also")."""

    def name(self, lang: str) -> str:
        """The term in a language (in the sources' language where the entry has none)."""
        return self.names.get(lang) or self.names[SOURCE_LANGUAGE]

    def definition(self, lang: str) -> str:
        return self.definitions.get(lang) or self.definitions[SOURCE_LANGUAGE]

    @property
    def source_word(self) -> str:
        """The word the sources use (they are in Spanish)."""
        return self.names[SOURCE_LANGUAGE]


def fold(text: str) -> str:
    """Text for matching: lower case, accents removed, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.replace("-", " ").split())


_REQUIRED = ("id", "names", "definitions", "sources")
_OPTIONAL = ("rule", "synonyms", "example", "related")
OWN_WORD = "gin-tutor"
"""The source of a word that is gin-tutor's own, not the sources' (``rating``, ``puzzle``, the
``defender``): such an entry may name no rule page."""


def _by_language(entry: dict[str, Any], name: str, field_name: str) -> dict[str, str]:
    table = entry[field_name]
    if not isinstance(table, dict) or SOURCE_LANGUAGE not in table or not all(
            isinstance(v, str) and v for v in table.values()):
        raise GlossaryError(f"glossary entry {name}: {field_name} must give a text per language, "
                            f"{SOURCE_LANGUAGE} included")
    return dict(table)


def _term(entry: dict[str, Any], position: int) -> Term:
    name = entry.get("id", f"#{position}")
    unknown = set(entry) - set(_REQUIRED) - set(_OPTIONAL)
    if unknown:
        raise GlossaryError(f"glossary entry {name}: unknown field {sorted(unknown)[0]}")
    for required in _REQUIRED:
        if not entry.get(required):
            raise GlossaryError(f"glossary entry {name}: missing field {required}")
    if not set(entry["sources"]) <= {*SOURCES, OWN_WORD}:
        raise GlossaryError(f"glossary entry {name}: unknown source in {entry['sources']}")
    if not entry.get("rule") and OWN_WORD not in entry["sources"]:
        raise GlossaryError(f"glossary entry {name}: missing field rule (only gin-tutor's own words may go without)")
    if entry.get("example"):
        parse_cards(entry["example"])
    return Term(entry["id"], _by_language(entry, name, "names"), _by_language(entry, name, "definitions"),
                tuple(entry["sources"]), entry.get("rule", ""), tuple(entry.get("synonyms", ())),
                entry.get("example", ""), tuple(entry.get("related", ())))


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
        missing = set(term.related) - ids
        if missing:
            raise GlossaryError(f"glossary entry {term.id}: unknown related term {sorted(missing)[0]}")
    return terms


@lru_cache(maxsize=1)
def glossary() -> tuple[Term, ...]:
    """Every term, sorted as the Spanish alphabet sorts them (accents ignored)."""
    return tuple(sorted(parse_glossary(data_dir() / "glossary.toml"), key=lambda t: fold(t.source_word)))


def term_by_id(term_id: str) -> Term | None:
    """The term with that id (accents and case forgiven), or None."""
    wanted = fold(term_id)
    return next((t for t in glossary() if fold(t.id) == wanted or fold(t.source_word) == wanted), None)


def synonyms_of(term: Term) -> list[Term]:
    """The entries that mean the same."""
    found = [term_by_id(s) for s in term.synonyms]
    return [t for t in found if t is not None]


def related_to(term: Term) -> list[Term]:
    """The entries related to this one without meaning the same ("See also")."""
    found = [term_by_id(s) for s in term.related]
    return [t for t in found if t is not None]


def search(query: str, lang: str = "en") -> list[Term]:
    """Terms whose name in either language, or a synonym's, matches; then those whose definition does.

    A term named exactly so comes first, then its synonyms, then names that start with the query,
    then names that contain it.
    """
    q = fold(query)
    if not q:
        return list(glossary())
    ranked: list[tuple[int, str, Term]] = []
    for term in glossary():
        own = [fold(n) for n in term.names.values()] + [fold(term.id)]
        names = own + [fold(n) for s in synonyms_of(term) for n in s.names.values()]
        if q in own:
            rank = -1  # the term's own name: first
        elif q in names:
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


def exact_match(query: str) -> Term | None:
    """The term named exactly ``query`` in some language (case and accents forgiven), if any."""
    q = fold(query)
    return next((t for t in glossary() if q and (q == fold(t.id) or q in (fold(n) for n in t.names.values()))), None)
