"""The gettext catalogs: complete in both languages, every plural form filled, no fuzzy entry,
up to date with the code, and no translatable call hidden where extraction cannot see it."""

import ast
import importlib.util
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.language.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"


def catalog(lang):
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as fp:
        return read_po(fp, locale=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_every_plural_form(lang):
    cat = catalog(lang)
    missing = []
    for message in cat:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if len(forms) != cat.num_plurals or not all(forms):
                missing.append(message.id)
        elif not message.string:
            missing.append(message.id)
    assert not missing


def test_spanish_has_three_plural_forms():
    assert catalog("es").num_plurals == 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_fuzzy_entries(lang):
    assert not [m.id for m in catalog(lang) if m.id and m.fuzzy]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_survive_translation(lang):
    import re
    field = re.compile(r"\{(\w+)\}")
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(field.findall(ids[-1]))
        for text in strings:
            assert set(field.findall(text)) == wanted, (message.id, text)


def catalogs_tool():
    """tools/catalogs.py, which extracts the messages with the project's keywords."""
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_catalogs_are_up_to_date_with_the_code(tmp_path):
    pot = tmp_path / "messages.pot"
    catalogs_tool().extract(pot)
    with pot.open("rb") as fp:
        in_code = {m.id for m in read_po(fp) if m.id}
    for lang in LANGUAGES:
        in_catalog = {m.id for m in catalog(lang) if m.id}
        assert in_code == in_catalog, (lang, in_code ^ in_catalog)


def test_no_translation_call_inside_an_f_string():
    # Babel cannot see inside f-strings: a gettext call there would never reach the catalogs.
    offenders = []
    for path in (ROOT / "tutor").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and getattr(inner.func, "attr", getattr(inner.func, "id", "")) in (
                            "gettext", "ngettext", "_"):
                        offenders.append(f"{path.name}:{node.lineno}")
    assert not offenders


def test_a_spanish_plural_uses_the_right_form_for_each_count():
    from tutor.language.i18n import Translator
    tr = Translator("es")
    assert tr.ngettext("{n} card", "{n} cards", 1) == "1 carta"
    assert tr.ngettext("{n} card", "{n} cards", 2) == "2 cartas"
    assert tr.ngettext("{n} card", "{n} cards", 1_000_000) == "1.000.000 de cartas"


def test_numbers_are_formatted_for_the_language():
    from tutor.language.i18n import Translator
    # Spanish groups thousands only from five digits on (RAE, Ortografía 2010; CLDR's minimum
    # grouping digits of 2): 4000 but 40.000.
    assert Translator("es").number(1234.5) == "1234,5"
    assert Translator("es").number(4000) == "4000"
    assert Translator("es").number(12345.5) == "12.345,5"
    assert Translator("en").number(1234.5) == "1,234.5"


def test_a_card_takes_the_article_of_its_rank_in_each_language():
    from tutor.language.i18n import Translator
    es, en = Translator("es"), Translator("en")
    # la reina, la jota; el as, el rey, el siete: the article agrees with the rank's name.
    assert [es.gettext("It threw {the_card}.", card=c) for c in ("Q♠", "J♥", "A♠", "K♣", "7♦", "10♣")] == [
        "Descartó la Q♠.", "Descartó la J♥.", "Descartó el A♠.", "Descartó el K♣.", "Descartó el 7♦.",
        "Descartó el 10♣."]
    assert es.gettext("Throwing {the_card} leaves {points} points of deadwood.", card="J♦", points=4) == \
        "Descartar la J♦ deja 4 puntos sueltos."
    assert es.gettext("{The_card} counts {value}: an ace 1, a jack, queen or king 10, any other card its number.",
                      card="Q♥", value=10).startswith("La Q♥ cuenta 10:")
    assert [en.gettext("It threw {the_card}.", card=c) for c in ("Q♠", "7♦")] == ["It threw the Q♠.",
                                                                                 "It threw the 7♦."]


def test_no_spanish_message_fixes_a_cards_article():
    # "Descartó el {card}" would read "el Q♠" (la reina): a card's article comes from {the_card}.
    import re
    fixed = re.compile(r"\b(el|la|del|al|El|La) \{card\}")
    assert [m.id for m in catalog("es") if m.id and not m.context and fixed.search(str(m.string))] == []
