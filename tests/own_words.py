"""How much of the sources' wording our Spanish text repeats: for each sentence of the three
source texts, the longest run of consecutive words it shares with any Spanish sentence of the
product (the rules pages, the lessons, the glossary's Spanish definitions, the Spanish catalog and
the rulesets' titles), as the content review measured it (difflib's longest match on lower-cased
words)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
SOURCES = Path(__file__).resolve().parent / "sources"
"""A copy of the three source texts (``../shared/sources``), for this check only (not shipped)."""
WORD = re.compile(r"\w+", re.UNICODE)
SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\n\s*\n")
"""Where a sentence ends: its stop, or a blank line (a paragraph's lines wrap within one sentence,
and a colon or a semicolon goes on with it, as the content review of 2026-12-05 read them)."""
MARKUP = re.compile(r"^:::.*$|^#+\s*|[*_`>|]", re.MULTILINE)
ASIDE = re.compile(r"\([^()]*\)")
"""A parenthesis: a sentence is also read without its asides (the review found a source's two
definitions in ours once our parentheses were taken out)."""


@dataclass(frozen=True)
class Copied:
    words: int
    run: str
    product: str
    where: str
    source: str


def sentences(text: str) -> list[str]:
    """Sentences of a text, markup removed; a sentence with a parenthesis also without it."""
    plain = re.sub(r"(?<!\n)\n(?!\n)", " ", MARKUP.sub(" ", text))
    found = [s.strip() for s in SENTENCE_END.split(plain) if len(WORD.findall(s)) >= 3]
    return found + [bare for s in found if (bare := ASIDE.sub(" ", s)) != s and len(WORD.findall(bare)) >= 3]


def words(sentence: str) -> list[str]:
    return [w.lower() for w in WORD.findall(sentence)]


def product_sentences() -> list[tuple[str, str]]:
    """Every Spanish sentence of the product, with where it is."""
    found: list[tuple[str, str]] = []
    for folder in (ROOT / "data" / "reference" / "es", ROOT / "lessons" / "es"):
        for path in sorted(folder.rglob("*.md")):
            found += [(s, str(path.relative_to(ROOT))) for s in sentences(path.read_text(encoding="utf-8"))]
    glossary = tomllib.loads((ROOT / "data" / "glossary.toml").read_text(encoding="utf-8"))
    for term in glossary["term"]:
        found += [(s, f"data/glossary.toml ({term['id']})") for s in sentences(term["definitions"]["es"])]
    with (ROOT / "locales" / "es" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        for message in read_po(po, locale="es"):
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            for text in strings:
                if isinstance(text, str) and text:
                    found += [(s, "locales/es/messages.po") for s in sentences(text)]
    for path in sorted((ROOT / "data" / "rulesets").glob("*.toml")):
        ruleset = tomllib.loads(path.read_text(encoding="utf-8"))
        title = ruleset.get("titles", {}).get("es", "")
        if title:
            found.append((title, str(path.relative_to(ROOT))))
    return found


def copied_runs(least: int = 8) -> list[Copied]:
    """For each source sentence, the product sentence sharing the longest run of consecutive words,
    where that run is ``least`` words or more."""
    product = [(s, where, words(s)) for s, where in product_sentences()]
    out = []
    for source_file in sorted(SOURCES.glob("*.txt")):
        for sentence in sentences(source_file.read_text(encoding="utf-8")):
            theirs = words(sentence)
            best: tuple[int, str, str, str] = (0, "", "", "")
            for text, where, ours in product:
                match = SequenceMatcher(None, theirs, ours, autojunk=False).find_longest_match(
                    0, len(theirs), 0, len(ours))
                if match.size > best[0]:
                    best = (match.size, " ".join(theirs[match.a:match.a + match.size]), text, where)
            if best[0] >= least:
                out.append(Copied(best[0], best[1], best[2], best[3], source_file.name[:3]))
    return out


if __name__ == "__main__":
    for c in sorted(copied_runs(), key=lambda c: -c.words):
        print(c.words, c.source, c.where, "|", c.run, "|", c.product[:140])
