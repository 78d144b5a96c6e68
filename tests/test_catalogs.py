"""The gettext catalogs: complete in both languages, every plural form filled, no fuzzy entry,
up to date with the code, and no translatable call hidden where extraction cannot see it."""

import ast
import importlib.util
import re
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
    assert es.ngettext("Throwing {the_card} leaves {n} point of deadwood.",
                       "Throwing {the_card} leaves {n} points of deadwood.", 4, card="J♦") == \
        "Descartar la J♦ deja 4 puntos sueltos."
    assert es.ngettext("Throwing {the_card} leaves {n} point of deadwood.",
                       "Throwing {the_card} leaves {n} points of deadwood.", 1, card="A♦") == \
        "Descartar el A♦ deja 1 punto suelto."
    assert es.gettext("{The_card} counts {value}: an ace 1, a jack, queen or king 10, any other card its number.",
                      card="Q♥", value=10).startswith("La Q♥ cuenta 10:")
    assert [en.gettext("It threw {the_card}.", card=c) for c in ("Q♠", "7♦")] == ["It threw the Q♠.",
                                                                                 "It threw the 7♦."]


def test_no_spanish_message_fixes_a_cards_article():
    # "Descartó el {card}" would read "el Q♠" (la reina): a card's article comes from {the_card}.
    import re
    fixed = re.compile(r"\b(el|la|del|al|El|La) \{card\}")
    assert [m.id for m in catalog("es") if m.id and not m.context and fixed.search(str(m.string))] == []


SPANISH_COUNT = re.compile(r"\{(\w+)\}\s+(?:de\s+)?(?:puntos|cartas|manos|partidas|jugadas|segundos|minutos|ejercicios|"
                           r"respuestas|alumnos|veces|descartes|turnos|posiciones|lecciones|pistas|tarjetas|mundos|"
                           r"perfiles|clases|códigos|días|horas|semanas)\b")
ENGLISH_COUNT = re.compile(r"\{(\w+)\}\s+(?:more\s+|fewer\s+)?(?:points|cards|hands|games|moves|seconds|minutes|"
                           r"puzzles|answers|learners|times|discards|turns|positions|lessons|hints|worlds|profiles|"
                           r"classes|codes|days|hours|weeks)\b")
NEVER_ONE = {
    "**Today's goal:** {done} of {goal} answers": "the daily goal, a constant of 10",
    "Against {player}, a published research agent: {points} points a hand more (± {stderr}, {hands} hands).":
        "a measured figure with a decimal, over hundreds of hands",
    "Best: within a point of the coach's move ({coach}): it gives up {loss} points.": "a figure with a decimal",
    "Each player gets {count} cards, one at a time; the next card is turned up to start the discard pile.":
        "the hand's size, 10",
    "Knock: an opponent who takes {many} or more discards is putting their hand together fast.": "a constant of 2",
    "Knock: with {few} or fewer points to go, any knock that is not undercut is likely to end the game, so do not "
    "wait for gin.": "a constant of 10",
    "Measured by the coach: following “{tip}” costs {points} points a hand on average (± {stderr}), the better "
    "choice in {better} of {positions} positions.": "figures with a decimal, over tens of positions",
    "Measured by the coach: following “{tip}” is worth {points} points a hand on average (± {stderr}), the better "
    "choice in {better} of {positions} positions.": "figures with a decimal, over tens of positions",
    "On average this move is worth {value} points this hand.": "a figure with a decimal",
    "Player {winner} ends the game at hand {hand} with {points} points.": "a game's winning total, 50 or more",
    "Set 1 to {most} hands.": "a constant of 20",
    "The score tip does not push you: with more than {few} points to go, decide as in any hand.": "a constant of 10",
    "Undercut: {bonus} + ({k} − {d}) = {points} points for the defender.": "a bonus of 10 or more",
    "Undercut: {points} points for the defender.": "a bonus of 10 or more",
    "{grade} (gives up {loss} points): {comment}": "a figure with a decimal",
    "{grade}: it gives up {loss} points against the coach's move ({coach}).": "a figure with a decimal",
    "{name}: {bonus} + {d} = {points} points for the knocker.": "a gin bonus of 25 or more",
    "{name}: {points} points for the knocker.": "a gin bonus of 25 or more",
    "{points} points (± {error})": "a figure with a decimal",
    "{marks} Drawn from {n} hands as the level you face would have kept them; without reading anything, each unseen "
    "card would have {uniform}.": "the map's 32,000 drawn hands",
    "{tip}: followed on turn {turn}, and here the coach prefers another move: the tip's gives up {loss} points. {why}":
        "a figure with a decimal",
    "{tip}: not followed on turn {turn}, and rightly: “{other}” was worth {gain} points less.":
        "a figure with a decimal",
    "{tip}: not followed on turn {turn}: “{other}” was worth {gain} points more.": "a figure with a decimal",
    "{tip}: on turn {turn} the coach departs from it: its move is worth {gain} points more than “{other}”.":
        "a figure with a decimal",
}
"""The messages that write a number before a counted noun without plural forms, each with why its
number is never 1 (a constant, a bonus, or a figure always written with a decimal)."""


def test_every_count_a_learner_reads_takes_its_plural_forms():
    # Content review L1: "Con 1 puntos sueltos". A number written before a counted noun ("{n} points",
    # "{n} puntos") is either in a message with plural forms or one whose number is never 1.
    found = {}
    with (ROOT / "locales" / "es" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        for message in read_po(po, locale="es"):
            if not message.id or isinstance(message.id, tuple):
                continue
            if SPANISH_COUNT.search(str(message.string or "")) or ENGLISH_COUNT.search(str(message.id)):
                found[message.id] = True
    unexplained = sorted(set(found) - set(NEVER_ONE))
    assert not unexplained, unexplained
    assert set(NEVER_ONE) <= set(found), sorted(set(NEVER_ONE) - set(found))  # the list stays current
