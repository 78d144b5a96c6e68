"""The app through AppTest: every page in both languages, the language switch, the glossary,
the analyzer, and bad URL parameters."""

import pytest
from apptest_helpers import PAGES, screen, start

from tutor.engine.cards import parse_cards
from tutor.engine.melds import analyze
from tutor.language.i18n import LANGUAGES

LANGS = LANGUAGES


def no_exception(at):
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_in_both_languages(page, lang):
    at = start(lang)
    at.switch_page(page).run()
    no_exception(at)
    assert at.session_state["lang"] == lang
    assert at.title, "each page has a title"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["classic", "short", "spanish"])
def test_each_ruleset_has_its_page_with_its_source(name, lang):
    at = start(lang, params={"rules": name})
    at.switch_page("screens/ruleset.py").run()
    no_exception(at)
    source = {"classic": "001", "short": "000", "spanish": "002"}[name]
    assert source in screen(at)
    assert at.dataframe, "the table of the ruleset's options"


def test_first_visit_follows_the_browser_language():
    assert start(locale="es-ES").session_state["lang"] == "es"
    assert start(locale="en-GB").session_state["lang"] == "en"
    assert start(locale="fr-FR").session_state["lang"] == "en"
    assert start().session_state["lang"] == "en"


def test_spanish_title_and_english_title():
    assert start("es").title[0].value == "Aprende gin rummy"
    assert start("en").title[0].value == "Learn Gin Rummy"


def test_the_url_sets_the_language_and_it_holds_across_pages():
    at = start(locale="es-ES", params={"lang": "en"})
    assert at.session_state["lang"] == "en"
    del at.query_params["lang"]  # query parameters are dropped when the page changes
    at.switch_page("screens/glossary.py").run()
    assert at.session_state["lang"] == "en" and at.title[0].value == "Glossary"
    assert at.query_params["lang"] in ("en", ["en"])


def test_the_language_switch_changes_and_holds():
    at = start("en")
    at.button_group(key="lang_switch").set_value("es").run()
    assert at.session_state["lang"] == "es"
    assert at.title[0].value == "Aprende gin rummy"
    at.switch_page("screens/analyzer.py").run()
    assert at.title[0].value == "Analizador de manos"


def test_page_titles_are_translated():
    at = start("es")
    labels = [getattr(p, "label", None) for p in at.get("page_link")]
    assert "Glosario" in labels


def test_a_bad_language_parameter_gets_a_message_and_a_working_page():
    at = start(params={"lang": "xx"}, locale="es-ES")
    no_exception(at)
    assert at.session_state["lang"] == "es"
    assert any("xx" in w.value for w in at.sidebar.warning)


def test_a_bad_ruleset_parameter_gets_a_message():
    at = start("en", params={"rules": "bridge"})
    no_exception(at)
    assert any("bridge" in w.value for w in at.sidebar.warning)
    assert at.session_state["rules"] == "classic"


@pytest.mark.parametrize("query, expected", [("stock", "baceta"), ("combinacion", "combinación"),
                                             ("UNDERCUT", "contragolpe"), ("pozo", "discard pile")])
def test_the_glossary_finds_terms_in_either_language(query, expected):
    at = start("en")
    at.switch_page("screens/glossary.py").run()
    at.text_input(key="glossary_query").input(query).run()
    no_exception(at)
    labels = [e.label for e in at.expander]
    assert any(expected in label for label in labels), labels


def test_a_term_has_its_own_address():
    at = start("es", params={"term": "baceta"})
    at.switch_page("screens/glossary.py").run()
    no_exception(at)
    opened = [e for e in at.expander if e.label.startswith("baceta")]
    assert opened and opened[0].proto.expanded
    assert "stock" in opened[0].label


def test_a_word_of_gin_tutors_own_says_so_and_names_no_rule():
    at = start("es", params={"term": "valoracion"})
    at.switch_page("screens/glossary.py").run()
    no_exception(at)
    opened = [e for e in at.expander if e.label.startswith("valoración")]
    assert opened and opened[0].proto.expanded and "rating" in opened[0].label
    assert any("Fuente: palabra propia de gin-tutor" in m.value for m in opened[0].markdown)
    assert not any(link.proto.label.startswith("Regla:") for link in opened[0].get("page_link"))


def test_an_unknown_term_gets_a_message():
    at = start("en", params={"term": "joker"})
    at.switch_page("screens/glossary.py").run()
    assert any("joker" in w.value for w in at.warning)


@pytest.mark.parametrize("lang", LANGS)
def test_the_analyzer_shows_the_engines_result(lang):
    hand = "AS 2S 3S 7H 7D 7C KD KC KH 9S"
    expected = analyze(parse_cards(hand))
    at = start(lang)
    at.switch_page("screens/analyzer.py").run()
    at.text_input(key="analyzer_cards").input(hand).run()
    no_exception(at)
    text = screen(at)
    assert f"9♠ {expected.deadwood} = {expected.deadwood}" in text
    assert text.count('class="gt-card"') >= 10


def test_the_analyzer_eleven_cards_shows_the_discard():
    at = start("en")
    at.switch_page("screens/analyzer.py").run()
    at.text_input(key="analyzer_cards").input("5H 6H 7H 7S 7D 8C 9C 10C JC 2D 3D").run()
    assert "discarding the 6♥ leaves the least deadwood" in screen(at)


@pytest.mark.parametrize("lang, message", [
    ("en", "“1X” is not a card"),
    ("es", "«1X» no es una carta"),
])
def test_the_analyzer_error_is_localized_and_the_text_stays(lang, message):
    at = start(lang)
    at.switch_page("screens/analyzer.py").run()
    at.text_input(key="analyzer_cards").input("AS 2S 1X").run()
    no_exception(at)
    assert any(message in e.value for e in at.error)
    assert at.text_input(key="analyzer_cards").value == "AS 2S 1X"


def test_the_picker_fills_the_text_box():
    at = start("en")
    at.switch_page("screens/analyzer.py").run()
    at.session_state["analyzer_picker"] = ["AS", "2S", "3S", "7H", "7D", "7C", "KD", "KC", "KH", "9S"]
    at.run()  # as after ten clicks on the cards (the browser tests click them)
    assert at.text_input(key="analyzer_cards").value == "AS 2S 3S 9S 7H KH 7D KD 7C KC"
    assert "Deadwood: 9♠ 9 = 9." in screen(at)


def test_the_rules_page_lays_out_its_examples_with_the_engine():
    at = start("en", params={"section": "layoffs"})
    at.switch_page("screens/rules.py").run()
    text = screen(at)
    # The chained-layoff example: worked out by the engine, not typed in the page.
    assert "The defender lays off the 8♥ onto 5♥ 6♥ 7♥." in text
    assert "Knock: 46 − 4 = 42 points for the knocker." in text


def test_the_comparison_table_comes_from_the_ruleset_files():
    from tutor.engine.rules import load_ruleset
    at = start("en")
    at.switch_page("screens/compare.py").run()
    table = next(m.value for m in at.markdown if m.value.startswith("| Rule"))
    row = next(line for line in table.splitlines() if "Undercut bonus" in line)
    for name in ("classic", "short", "spanish"):
        assert str(load_ruleset(name).undercut_bonus) in row
    assert "≠ Undercut bonus" in row and "†" in table
    # No big gin under the Spanish rules, and a shutout that doubles under the other two: those
    # bonuses do not apply there, and say so with a dash instead of a figure cited to a source.
    big_gin = next(line for line in table.splitlines() if "Big gin bonus" in line)
    assert big_gin.count("31 (") == 2 and big_gin.rstrip(" |").endswith("—")
    shutout = next(line for line in table.splitlines() if "Shutout bonus" in line)
    assert shutout.count("—") == 2 and "100 (" in shutout
    assert "≠ Bonus per hand won**" in table and "Box bonus" not in table


def test_a_rules_section_shows_its_rules_under_the_chosen_ruleset():
    # Undercut: classic gives it on equal deadwood, with 25 points; the Spanish rules only on
    # strictly lower deadwood, with 10.
    at = start("en", params={"section": "undercut", "rules": "classic"})
    at.switch_page("screens/rules.py").run()
    text = screen(at)
    assert "**Under the Classic (to 100) rules you chose:**" in text
    assert "- Equal deadwood is an undercut: **yes**" in text and "- Undercut bonus: **25**" in text
    at = start("es", params={"section": "undercut", "rules": "spanish"})
    at.switch_page("screens/rules.py").run()
    text = screen(at)
    assert "**Con el reglamento Español (tradicional) que has elegido:**" in text
    assert "- El empate de puntos sueltos es contragolpe: **no**" in text
    assert "- Bonificación de contragolpe: **10**" in text


def test_the_rules_come_one_section_at_a_time_with_contents_and_next():
    at = start("en")
    at.switch_page("screens/rules.py").run()
    text = screen(at)
    assert "Section 1 of 12" in text and "The deck and the card values" in text
    assert 'href="rules?lang=en&amp;section=melds" target="_self"' in text  # contents and "next", same tab
    at = start("en", params={"section": "void"})
    at.switch_page("screens/rules.py").run()
    assert "Section 12 of 12" in screen(at)
    assert [getattr(p, "label", None) for p in at.main.get("page_link")][-2:] == ["Now take the course",
                                                                                  "Or play a game"]
    at = start("es", params={"section": "poker"})
    at.switch_page("screens/rules.py").run()
    assert any("poker" in w.value for w in at.warning) and "Sección 1 de 12" in screen(at)
