"""The learner's screens (the screens review): words in the learner's language, the analyzer's
Clear, the glossary's exact match first and open, full puzzle addresses with a copy box."""

from __future__ import annotations

from apptest_helpers import start

from tutor.content.glossary import search
from tutor.engine.rules import load_ruleset


def test_a_bad_drill_address_names_the_kinds_and_levels_in_the_learner_language():
    at = start("es", params={"drill": "poker", "seed": "3", "level": "expert"})
    at.switch_page("screens/drills.py").run()
    message = " ".join(w.value for w in at.warning)
    assert "Combinaciones" in message and "melds" not in message
    assert "fácil" in message and "easy" not in message


def test_a_language_inside_a_spanish_sentence_is_written_in_lower_case():
    at = start(params={"lang": "xx"}, locale="es-ES")
    assert any("se muestra en español" in w.value for w in at.sidebar.warning), [w.value for w in at.sidebar.warning]


def test_clear_empties_the_text_and_the_picker():
    at = start("en")
    at.switch_page("screens/analyzer.py").run()
    at.text_input(key="analyzer_cards").input("AS 2S 3S 7H 7D 7C KD KC KH 9S 9H 9D").run()
    assert len(at.session_state["analyzer_picker"]) == 12
    at.text_input(key="analyzer_cards").input("").run()
    assert at.session_state["analyzer_picker"] == []
    at.text_input(key="analyzer_cards").input("AS 2S 3S 7H 7D 7C KD KC KH 9S").run()
    at.button(key="analyzer_clear").click().run()
    assert at.session_state["analyzer_cards"] == "" and at.session_state["analyzer_picker"] == []


def test_the_glossary_puts_the_exact_term_first_and_opens_it():
    assert [t.id for t in search("pozo", "es")][0] == "pozo"
    at = start("es")
    at.switch_page("screens/glossary.py").run()
    at.text_input(key="glossary_query").input("pozo").run()
    opened = [e for e in at.expander if e.proto.expanded]
    assert [e.label for e in opened] == ["pozo · discard pile"]


def test_a_puzzle_address_is_a_box_with_a_copy_button():
    at = start("en", params={"drill": "score", "seed": "5", "level": "easy", "rules": "classic"})
    at.switch_page("screens/drills.py").run()
    assert any("drills?drill=score&seed=5&level=easy&rules=classic" in c.value for c in at.code)


def test_switching_the_ruleset_rescores_the_same_hand_and_says_so():
    from tutor.drills import generate
    at = start("en", params={"drill": "score", "seed": "9", "level": "medium", "rules": "classic"})
    at.switch_page("screens/drills.py").run()
    dealt = generate("score", 9, "medium", load_ruleset("classic"))
    at.selectbox(key="rules_switch_en").set_value("spanish").run()
    assert not at.exception
    assert any("The same hand, now scored under" in i.value for i in at.info)
    shown = " ".join(h.proto.body for h in at.get("html"))
    from tutor.language.i18n import Translator
    from tutor.language.labels import card_name
    assert all(f'title="{card_name(c, Translator("en"))}"' in shown for c in dealt.knocker + dealt.defender)
    assert any("dealt=classic" in c.value and "rules=spanish" in c.value for c in at.code)


def test_the_card_faces_are_files_the_app_serves_and_pages_point_to():
    # The 52 faces are kept as files (python -m tutor.app.card_faces writes them): each file is the
    # face drawn now, and a page's images point to those files, not to inline data.
    from tutor.app.card_faces import CARD_FILES, card_svg, card_url
    from tutor.engine.cards import DECK, card
    assert sorted(p.name for p in CARD_FILES.glob("*.svg")) == sorted(f"{c}.svg" for c in DECK)
    for c in DECK:
        assert (CARD_FILES / f"{c}.svg").read_text(encoding="utf-8") == card_svg(c), c
    assert card_url(card(10, "H")) == "app/static/cards/10H.svg"
    at = start("en")
    at.switch_page("screens/analyzer.py").run()
    at.text_input(key="analyzer_cards").input("AS 2S 3S 7H 7D 7C KD KC KH 9S").run()
    html = "".join(h.proto.body for h in at.get("html"))
    assert 'src="app/static/cards/AS.svg"' in html and "data:image" not in html


def test_every_module_but_the_page_scripts_is_imported_before_the_freeze():
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    import tutor
    from tutor.app.ui.memory import import_everything
    root = Path(tutor.__file__).parent
    modules = [p for p in root.rglob("*.py")
               if "screens" not in p.parts and "migrations" not in p.parts and p.name not in ("__init__.py", "main.py")]
    packages = [p for p in root.rglob("__init__.py") if p.parent != root and "screens" not in p.parts]
    compiled = [p for p in root.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))]  # the play-outs in C
    assert import_everything() == len(modules) + len(packages) + len(compiled)


def test_no_page_writes_a_stray_string_by_streamlits_magic():
    # Streamlit writes a bare expression of a page script on the page ("magic"): a string meant as an
    # attribute's docstring after an assignment would show to the learner. Only the module's own
    # docstring, first in the file, is left alone.
    import ast
    from pathlib import Path
    screens = Path(__file__).resolve().parent.parent / "tutor" / "app" / "screens"
    stray = [f"{path.name}:{node.lineno}" for path in sorted(screens.glob("*.py"))
             for node in ast.parse(path.read_text(encoding="utf-8")).body[1:]
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)]
    assert stray == []
