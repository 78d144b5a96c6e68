"""A lesson's short questions: read from the lesson, answered by the engine under the chosen
ruleset, with a second try before the answer on screen."""

from __future__ import annotations

import pytest
from apptest_helpers import start

from tutor.drills.questions import QuestionError, answer, read_question, reason
from tutor.engine.rules import load_ruleset
from tutor.language.feedback import render
from tutor.language.i18n import Translator

CLASSIC, SPANISH = load_ruleset("classic"), load_ruleset("spanish")


@pytest.mark.parametrize("body, rules, expected", [
    ("meld 7H 8H 9H", CLASSIC, "yes"),
    ("meld QH KH AH", CLASSIC, "no"),            # the ace is low
    ("meld 7H 7D 7C 7S", CLASSIC, "yes"),
    ("knock 2S 3S 4S 7H 7D 7C JC QC 9D 2H", CLASSIC, "no"),   # deadwood 10 + 10 + 9 + 2 = 31
    ("knock AS 2S 3S 7H 7D 7C KD KC KH 9S", CLASSIC, "yes"),  # deadwood 9
    ("upcard", CLASSIC, "non_dealer"), ("upcard", SPANISH, "nobody"),
    ("gin_layoff", CLASSIC, "no"), ("gin_layoff", SPANISH, "yes"),
    ("fits 10H | 7H 8H 9H", CLASSIC, "yes"), ("fits 10S | 7H 8H 9H", CLASSIC, "no"),
    ("tie", CLASSIC, "defender"), ("tie", SPANISH, "knocker"),
])
def test_the_engine_answers_each_question_under_the_ruleset(body, rules, expected):
    question = read_question(body)
    assert answer(question, rules) == expected and expected in question.options


def test_the_reason_is_one_sentence_in_each_language():
    question = read_question("meld QH KH AH")
    assert render(reason(question, CLASSIC), Translator("en")) == "The ace is low: it cannot follow the king in a run."
    knock = read_question("knock AS 2S 3S 7H 7D 7C KD KC KH 9S")
    assert render(reason(knock, CLASSIC), Translator("es")) == (
        "Sí: tiene 9 puntos sueltos, dentro del límite para cerrar de 10.")


@pytest.mark.parametrize("body", ["poker", "meld", "knock AS 2S", "fits 10H | 7H 9H", "tie AS"])
def test_a_question_that_cannot_be_read_is_refused(body):
    with pytest.raises(QuestionError):
        read_question(body)


def test_a_wrong_first_answer_gets_a_second_try_before_the_answer():
    at = start("en", params={"lesson": "02-melds"})
    at.switch_page("screens/lessons.py").run()
    controls = [c for c in at.segmented_control if c.key and c.key.startswith("ask_02-melds_")]
    assert len(controls) == 2  # after "Two kinds of meld" and after "The ace is low"
    ace = controls[1]  # Q♥ K♥ A♥: not a meld
    ace.set_value("yes").run()
    assert any("Not yet" in w.value for w in at.warning) and not at.error
    at.segmented_control(key=str(ace.key)).set_value(None).run()
    at.segmented_control(key=str(ace.key)).set_value("yes").run()
    assert any("The answer is “No”" in e.value for e in at.error)
    at.segmented_control(key=str(controls[0].key)).set_value("yes").run()
    assert any(s.value.startswith("Right! Yes: 7♥ 8♥ 9♥ make a meld (run).") for s in at.success)
