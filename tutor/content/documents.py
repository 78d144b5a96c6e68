"""Rule pages and lessons written as Markdown, with example hands the engine lays out.

A document starts with a small header, then Markdown. Lines that start with ``:::`` are
examples, drawn and counted by the engine when the page is shown, never typed in as numbers::

    ---
    id: melds
    sources: 000, 001
    terms: escalera, trio
    options: knock_limit                    (rule pages) the rule options the page is about
    ---
    # Sets and runs
    Some text.
    ::: cards 5H 6H 7H                       the cards alone
    ::: hand AS 2S 3S 7H 7D 7C KD KC KH 9S   melds and deadwood
    ::: score classic | KNOCKER CARDS | DEFENDER CARDS
    ::: totals short | A:23 B:31 void A:5
    ::: drill deadwood easy                  (lessons) a check drill of that kind and level
    ::: drill score medium tie               (lessons) ... asking for a situation by name
    ::: ask meld QH KH AH                    (lessons) a short question right after its idea
    ::: tip faces_first                      what the coach measured one of 001's tips to be worth

The same document exists in ``es/`` and ``en/`` with the same id, sources and examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tutor.base.resources import data_dir
from tutor.drills.questions import QuestionError, read_question
from tutor.engine.cards import parse_cards
from tutor.engine.errors import TutorError
from tutor.engine.rules import OPTION_NAMES, load_ruleset
from tutor.engine.scoring import parse_results
from tutor.play.tip_values import TIP_VALUES

EXAMPLE_KINDS = ("cards", "hand", "score", "totals", "drill", "ask", "tip")


class DocumentError(ValueError):
    """A content file that cannot be read: names the file and the line."""


@dataclass(frozen=True)
class Block:
    """A piece of a document: Markdown text, or an example for the engine to lay out."""

    kind: str
    """``text`` or one of :data:`EXAMPLE_KINDS`."""
    body: str
    """The Markdown, or the example's arguments as written after its kind."""

    @property
    def parts(self) -> list[str]:
        """An example's arguments split at ``|``."""
        return [p.strip() for p in self.body.split("|")]


@dataclass(frozen=True)
class Document:
    """One rule page or lesson in one language."""

    id: str
    title: str
    sources: tuple[str, ...]
    terms: tuple[str, ...]
    blocks: tuple[Block, ...]
    path: Path
    options: tuple[str, ...] = ()
    """The rule options (:data:`tutor.engine.rules.OPTION_NAMES`) a rule page explains."""

    @property
    def examples(self) -> list[Block]:
        return [b for b in self.blocks if b.kind != "text"]

    @property
    def checks(self) -> list[tuple[str, str, str]]:
        """The drills of a lesson's check, as (kind, level, situation or "")."""
        words = [b.body.split() for b in self.blocks if b.kind == "drill"]
        return [(w[0], w[1], w[2] if len(w) > 2 else "") for w in words]

    @property
    def sections(self) -> list[str]:
        """The ``##`` headings of the text, in order."""
        return [line[3:].strip() for b in self.blocks if b.kind == "text"
                for line in b.body.splitlines() if line.startswith("## ")]


def _header(lines: list[str], path: Path) -> tuple[dict[str, str], int]:
    if not lines or lines[0].strip() != "---":
        raise DocumentError(f"{path}: must start with a --- header")
    fields: dict[str, str] = {}
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            return fields, number
        key, sep, value = line.partition(":")
        if not sep:
            raise DocumentError(f"{path}:{number}: header lines are 'name: value'")
        fields[key.strip()] = value.strip()
    raise DocumentError(f"{path}: the header is not closed with ---")


def check_example(block: Block, where: str) -> None:
    """Raise :class:`DocumentError` if an example's cards, ruleset or results do not parse."""
    try:
        parts = block.parts
        if block.kind in ("cards", "hand"):
            parse_cards(block.body, count=None if block.kind == "cards" else (10, 11))
        elif block.kind == "score":
            load_ruleset(parts[0])
            parse_cards(parts[1], count=(10, 11))
            parse_cards(parts[2], count=10)
        elif block.kind == "totals":
            load_ruleset(parts[0])
            parse_results(parts[1])
        elif block.kind == "ask":
            read_question(block.body)
        elif block.kind == "tip" and block.body not in TIP_VALUES:
            raise DocumentError(f"{where}: no measured tip is called '{block.body}' (tutor/play/tip_values.py)")
        elif block.kind == "drill" and len(block.body.split()) not in (2, 3):
            raise DocumentError(f"{where}: a drill is '::: drill KIND LEVEL [SITUATION]' (lessons check them)")
    except (TutorError, IndexError, QuestionError) as error:
        raise DocumentError(f"{where}: example '{block.kind} {block.body}' is not valid: {error}") from error


def parse_document(path: Path) -> Document:
    """Read one document file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    fields, end = _header(lines, path)
    if "id" not in fields:
        raise DocumentError(f"{path}: the header needs an id")
    title = ""
    blocks: list[Block] = []
    text: list[str] = []

    def flush() -> None:
        if "".join(text).strip():
            blocks.append(Block("text", "\n".join(text).strip("\n")))
        text.clear()

    for number, line in enumerate(lines[end:], start=end + 1):
        if not title and line.startswith("# "):
            title = line[2:].strip()
        elif line.startswith(":::"):
            flush()
            kind, _, body = line[3:].strip().partition(" ")
            if kind not in EXAMPLE_KINDS:
                raise DocumentError(f"{path}:{number}: unknown example '{kind}'")
            block = Block(kind, body.strip())
            check_example(block, f"{path}:{number}")
            blocks.append(block)
        else:
            text.append(line)
    flush()
    if not title:
        raise DocumentError(f"{path}: needs a '# title' line")
    options = _list(fields.get("options", ""))
    unknown = [o for o in options if o not in OPTION_NAMES]
    if unknown:
        raise DocumentError(f"{path}: unknown rule option {', '.join(unknown)}")
    return Document(fields["id"], title, _list(fields.get("sources", "")), _list(fields.get("terms", "")),
                    tuple(blocks), path, options)


def _list(value: str) -> tuple[str, ...]:
    """A header value such as ``000, 001`` as a tuple."""
    return tuple(v.strip() for v in value.split(",") if v.strip())


@cache
def load_documents(folder: Path) -> tuple[Document, ...]:
    """Every document in a folder, in the order of their file names."""
    return tuple(parse_document(p) for p in sorted(folder.glob("*.md")))


def ruleset_page(name: str, lang: str) -> Document:
    """The page that tells what a ruleset is (``data/reference/LANG/rulesets/NAME.md``)."""
    return parse_document(data_dir() / "reference" / lang / "rulesets" / f"{name}.md")
