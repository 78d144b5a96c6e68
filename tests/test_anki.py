"""The glossary and a learner's flash cards as Anki decks: the .apkg file opens as Anki's own
collection (a zip holding an SQLite database), and its notes and cards read back."""

from __future__ import annotations

import io
import sqlite3
import zipfile
from pathlib import Path

from tutor.content.anki import flash_card_package, glossary_package
from tutor.content.glossary import glossary


def read_deck(data: bytes, folder: Path) -> tuple[list[list[str]], list[tuple[int, int]], list[str]]:
    """The notes' fields, the cards (note, template number) and the guids of an .apkg file."""
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        assert "collection.anki2" in package.namelist()
        (folder / "collection.anki2").write_bytes(package.read("collection.anki2"))
    db = sqlite3.connect(folder / "collection.anki2")
    try:
        notes = db.execute("SELECT id, flds, guid FROM notes ORDER BY id").fetchall()
        cards = db.execute("SELECT nid, ord FROM cards ORDER BY nid, ord").fetchall()
    finally:
        db.close()
    return [n[1].split("\x1f") for n in notes], cards, [n[2] for n in notes]


def test_the_glossary_deck_has_every_term_with_a_card_each_way(tmp_path):
    notes, cards, guids = read_deck(glossary_package(("es", "en"), "gin-tutor"), tmp_path)
    assert len(notes) == len(glossary()) == 47 and len(cards) == 94
    assert {o for _, o in cards} == {0, 1}  # Spanish → English and English → Spanish
    pozo = next(n for n in notes if n[0] == "pozo")
    # Term es, Definition es, Term en, Definition en, as data/glossary.toml has them.
    assert pozo == ["pozo", "Nombre tradicional de la pila de descarte: las cartas que los jugadores van dejando, "
                    "boca arriba.", "discard pile", "The traditional Spanish name for the discard pile: the cards the "
                    "players leave face up, one after another."]
    (tmp_path / "again").mkdir()
    again = read_deck(glossary_package(("es", "en"), "gin-tutor"), tmp_path / "again")[2]
    assert again == guids  # imported twice, the notes update instead of doubling


def test_a_learners_flash_cards_each_ask_in_their_own_direction(tmp_path):
    items = [("pozo", "es", "en"), ("baceta", "en", "es"), ("not-a-term", "es", "en"), ("pozo", "es", "es")]
    notes, cards, _ = read_deck(flash_card_package(items, ("es", "en"), "mine"), tmp_path)
    assert sorted(n[0] for n in notes) == ["baceta", "pozo"] and len(cards) == 2


def test_text_in_a_field_is_escaped_for_anki(tmp_path):
    # A field of an Anki note is HTML: the defender's English definition quotes the sources' word.
    notes, _, _ = read_deck(glossary_package(("es", "en"), "gin-tutor"), tmp_path)
    defender = next(n for n in notes if n[0] == "defensor")
    assert defender[3].endswith("(gin-tutor&#x27;s word; the sources say &quot;the opponent&quot;.)")


def test_a_word_set_off_in_a_definition_is_in_italics_not_asterisks(tmp_path):
    notes, _, _ = read_deck(glossary_package(("es", "en"), "gin-tutor"), tmp_path)
    assert not any("*" in field for note in notes for field in note)
    stock = next(n for n in notes if "<i>baceta</i>" in n[1])
    assert "en el texto español (002) <i>mazo</i> es la baraja entera" in stock[1]
    assert "in the Spanish text (002) <i>mazo</i> is the whole deck" in stock[3]
