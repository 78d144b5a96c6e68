"""The glossary, and a learner's own flash cards, as an Anki deck (an ``.apkg`` file, by genanki).

:func:`glossary_package` gives every term of the glossary as one note with a card for each direction
between the languages (Spanish → English and English → Spanish): the term on the front; on the back,
the term in the other language and its definition in that language. :func:`flash_card_package` gives
the flash cards a learner has in review (``term:ID:FRONT>BACK`` items), each in its own direction.

The model and deck ids are fixed numbers and each note's id is worked out from its term, so that a
deck imported again updates the notes already in Anki instead of adding copies. Every field is
escaped: a field of an Anki note is HTML.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path

import genanki

from tutor.content.glossary import Term, glossary, term_by_id

GLOSSARY_MODEL_ID = 1_607_392_319
GLOSSARY_DECK_ID = 2_059_400_110
FLASH_MODEL_ID = 1_607_392_330
FLASH_DECK_ID = 2_059_400_111
LANGUAGE_NAMES = {"es": "Español", "en": "English"}
"""Each language's own name, as a card's side is labelled (the deck is the same for every learner)."""
CSS = ".card { font-family: sans-serif; font-size: 22px; text-align: center; } .definition { font-size: 18px; }"


def _fields(langs: Sequence[str]) -> list[dict[str, str]]:
    return [{"name": f"{kind} {lang}"} for lang in langs for kind in ("Term", "Definition")]


def _template(front: str, back: str) -> dict[str, str]:
    """A card that shows the term in ``front`` and asks for it in ``back``."""
    return {
        "name": f"{LANGUAGE_NAMES.get(front, front)} → {LANGUAGE_NAMES.get(back, back)}",
        "qfmt": f"{{{{Term {front}}}}}",
        "afmt": (f"{{{{FrontSide}}}}<hr id=answer><b>{{{{Term {back}}}}}</b>"
                 f"<div class=definition>{{{{Definition {back}}}}}</div>"),
    }


def glossary_model(langs: Sequence[str]) -> genanki.Model:
    """A term in every language with its definitions, and a card for each direction."""
    templates = [_template(a, b) for a in langs for b in langs if a != b]
    return genanki.Model(GLOSSARY_MODEL_ID, "gin-tutor term", fields=_fields(langs), templates=templates, css=CSS)


EMPHASIS = re.compile(r"\*([^*\n]+)\*")
"""A word set off in the glossary's text (``*baceta*``): in italics on the card."""


def field_html(text: str) -> str:
    """A glossary text as an Anki field (HTML): escaped, its ``*emphasis*`` in italics."""
    return EMPHASIS.sub(r"<i>\1</i>", escape(text))


def _note(model: genanki.Model, term: Term, langs: Sequence[str], guid_tail: str = "") -> genanki.Note:
    values = [field_html(value) for lang in langs for value in (term.name(lang), term.definition(lang))]
    return genanki.Note(model=model, fields=values, guid=genanki.guid_for("gin-tutor", term.id, guid_tail),
                        tags=["gin-tutor", term.rule or "general"])


def _package(deck: genanki.Deck) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.apkg"
        genanki.Package(deck).write_to_file(str(path))
        return path.read_bytes()


def glossary_package(langs: Sequence[str], deck_name: str) -> bytes:
    """Every glossary term as a note with one card per direction between ``langs``, as an .apkg file."""
    model = glossary_model(langs)
    deck = genanki.Deck(GLOSSARY_DECK_ID, deck_name)
    for term in glossary():
        deck.add_note(_note(model, term, langs))
    return _package(deck)


def flash_card_package(items: Iterable[tuple[str, str, str]], langs: Sequence[str], deck_name: str) -> bytes:
    """A learner's own flash cards (``(term id, front, back)``, as their review items name them),
    each a note that asks in its own direction only; terms no longer in the glossary are left out."""
    deck = genanki.Deck(FLASH_DECK_ID, deck_name)
    pairs = [(a, b) for a in langs for b in langs if a != b]
    models = {(a, b): genanki.Model(FLASH_MODEL_ID + number, f"gin-tutor flash card {a}>{b}", fields=_fields(langs),
                                    templates=[_template(a, b)], css=CSS)
              for number, (a, b) in enumerate(pairs)}  # one model a direction, its id fixed by the direction
    for term_id, front, back in items:
        term = term_by_id(term_id)
        if term is not None and (front, back) in models:
            deck.add_note(_note(models[front, back], term, langs, guid_tail=f"{front}>{back}"))
    return _package(deck)
