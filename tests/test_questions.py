"""A lesson's short questions: read from the lesson, answered by the engine under the chosen
ruleset, with a second try before the answer on screen."""

from __future__ import annotations

import pytest
from apptest_helpers import start

from tutor.drills.questions import QuestionError, answer, choices, prompt, read_question, reason, slip
from tutor.engine.cards import mask_of, parse_cards
from tutor.engine.melds import min_deadwood
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import HandScore
from tutor.language.feedback import render
from tutor.language.i18n import Translator
from tutor.play.hand import new_hand

CLASSIC, SHORT, SPANISH = load_ruleset("classic"), load_ruleset("short"), load_ruleset("spanish")


@pytest.mark.parametrize("body, rules, expected", [
    ("meld 7H 8H 9H", CLASSIC, "yes"),
    ("meld QH KH AH", CLASSIC, "no"),            # the ace is low
    ("meld 7H 7D 7C 7S", CLASSIC, "yes"),
    ("knock 2S 3S 4S 7H 7D 7C JC QC 9D 2H", CLASSIC, "no"),   # deadwood 10 + 10 + 9 + 2 = 31
    ("knock AS 2S 3S 7H 7D 7C KD KC KH 9S", CLASSIC, "yes"),  # deadwood 9
    ("upcard", CLASSIC, "non_dealer"), ("upcard", SPANISH, "non_dealer"),  # Spanish: no offer, but their turn
    ("gin_layoff", CLASSIC, "no"), ("gin_layoff", SPANISH, "yes"),
    ("fits 10H | 7H 8H 9H", CLASSIC, "yes"), ("fits 10S | 7H 8H 9H", CLASSIC, "no"),
    ("tie", CLASSIC, "defender"), ("tie", SPANISH, "knocker"),
    ("deal", CLASSIC, "10"),
    ("value KH", CLASSIC, "10"), ("value 5H", CLASSIC, "5"), ("value AS", CLASSIC, "1"),
    ("deadwood 2S 4H 6D 8C 10S QH AD 3C 5S 7H", CLASSIC, "56"),  # no meld: 2+4+6+8+10+10+1+3+5+7
    ("deadwood 2D 3D 4D 9C 10C JC JH JS 5S 8H", CLASSIC, "32"),  # J♣ to the jacks: 9♣ 10♣ 5♠ 8♥ loose
    ("taken_back", CLASSIC, "no"), ("taken_back", SPANISH, "no"),
    ("dealer", CLASSIC, "alternate"), ("dealer", SPANISH, "winner"),
    ("void", CLASSIC, "2"), ("void", SPANISH, "2"),
    ("big_gin", SHORT, "yes"), ("big_gin", SPANISH, "no"),
    ("winner 7 5", CLASSIC, "defender"), ("winner 4 9", SPANISH, "knocker"), ("winner 6 6", SPANISH, "knocker"),
    # The knocker A♠ 2♠ 3♠, 7♥ 7♦ 7♣, 10♣ J♣ Q♣ (4♦ = 4) against 9♦ 10♦ J♦ Q♦ (9♣ 5♥ 6♥ 8♣ 8♠ 2♥ = 38):
    # the 9♣ and then the 8♣ go onto the clubs, 38 − 17 = 21, and the knocker scores 21 − 4 = 17.
    ("points AS 2S 3S 7H 7D 7C 10C JC QC 4D | 9C 5H 6H 9D 10D JD QD 8C 8S 2H", CLASSIC, "17"),
    ("target", CLASSIC, "reach_100"), ("target", SHORT, "reach_50"), ("target", SPANISH, "pass_100"),
    ("shutout", CLASSIC, "doubled"), ("shutout", SPANISH, "plus_100"),
    ("rule_of_thumb 3 9", CLASSIC, "wait"), ("rule_of_thumb 6 7", CLASSIC, "wait"),
    ("rule_of_thumb 4 4", CLASSIC, "knock"), ("rule_of_thumb 11 7", CLASSIC, "knock"),
    ("discard 4S 5S 6S 9H 9D 9C 2H 3H KD 8C 7C", CLASSIC, "KD"),  # the K♦ goes: 2♥ 3♥ 8♣ 7♣ = 20 left
    ("cold 8H 3C KS 9H 4H", CLASSIC, "♥"),
    # It took the 7♥: of 8♥ 2♣ K♠ 9♦, only the 8♥ makes a meld with it (a run, 7♥ 8♥ + 6♥ or 9♥).
    ("wanted 7H | 8H 2C KS 9D", CLASSIC, "8H"),
    ("wanted QS | 2C QD 5H", CLASSIC, "QD"),   # a set of queens
    # 001's tip on pickups: 3 taken (two or more) and 4 of deadwood (5 or less): knock; none taken: play for gin.
    ("pickups 3 4", CLASSIC, "knock"), ("pickups 0 4", CLASSIC, "wait"), ("pickups 2 5", CLASSIC, "knock"),
    # In 5♥ 6♥ 7♥ 7♠ 7♦ 8♣ 9♣ 10♣ J♣ 2♦ 3♦ the 7♥ goes with the 5♥ 6♥ and with the sevens; the J♣ with
    # the clubs only, the 2♦ with the 3♦ only.
    ("double 5H 6H 7H 7S 7D 8C 9C 10C JC 2D 3D | 7H 2D JC", CLASSIC, "7H"),
    # The K♠ on the pile against K♦ Q♣ (no other king, no Q♠ or J♠): no meld, leave it; the 8♥ onto 6♥ 7♥: take.
    ("take KS | 6H 7H 2C 5S 9D KD QC 3S 3D 4C", CLASSIC, "no"),
    ("take 8H | 6H 7H 2C 5S 9D KD QC 3S 3D 4C", CLASSIC, "yes"),
    ("score 6", SHORT, "knock"), ("score 10", SHORT, "knock"), ("score 11", SHORT, "wait"),  # "a few": 10 or fewer
])
def test_the_engine_answers_each_question_under_the_ruleset(body, rules, expected):
    question = read_question(body)
    assert answer(question, rules) == expected and expected in choices(question, rules)


@pytest.mark.parametrize("name", ["classic", "short", "spanish"])
def test_the_upcard_answer_is_who_the_table_lets_take_the_first_upcard(name):
    # Under every ruleset, a new hand dealt by player 0: the first to decide is player 1, the
    # non-dealer, and taking the upcard is among its legal moves (Spanish rules: as on any turn).
    rules = load_ruleset(name)
    for seed in range(5):
        hand = new_hand(rules, seed, dealer=0)
        assert hand.to_move == 1
        assert any(kind in ("take", "take_upcard") for kind, _ in hand.view(1)["legal"]), hand.view(1)["legal"]
    assert answer(read_question("upcard"), rules) == "non_dealer"


@pytest.mark.parametrize("body, rules, offered", [
    ("deal", CLASSIC, ("7", "10", "13")),
    ("value KH", CLASSIC, ("1", "10", "13")),                  # a king by its rank, 13: a slip offered
    # The two-way J♣: with the run 9♣ 10♣ J♣ the loose cards are J♥ J♠ 5♠ 8♥ = 33; with the jacks,
    # 32; every card counted, 71; the J♣ in both melds at once (only 5♠ 8♥ loose), 13.
    ("deadwood 2D 3D 4D 9C 10C JC JH JS 5S 8H", CLASSIC, ("13", "32", "33", "71")),
    # Lesson 2's one card, one meld: the 7♥ in the run 6♥ 7♥ 8♥ (7♠ 7♦ loose) or with the sevens
    # (6♥ 8♥ loose), 14 either way, beside K♣ Q♦ 2♣ 4♠ 9♦ = 35: 49. The 7♥ in both melds, 35; every
    # card, 70; the faces by rank (K 13, Q 12), 54.
    ("deadwood 6H 7H 8H 7S 7D KC QD 2C 4S 9D", CLASSIC, ("35", "49", "54", "70")),
    # Lesson 1: no card goes with another; every card, 56; the Q♥ as 12, 58; the 10♠ left out, 46.
    ("deadwood 2S 4H 6D 8C 10S QH AD 3C 5S 7H", CLASSIC, ("46", "56", "58")),
    # Lesson 5's gin: 5♦–8♦, three nines, three kings against nothing melded (2♣ 3♣ 4♥ 6♠ 8♣ J♦ Q♣
    # 10♥ A♥ 5♥ = 59): 25 + 59 = 84; the deadwood alone, 59; the bonus alone, 25. Spanish: 20 + 59.
    ("points 5D 6D 7D 8D 9S 9H 9C KH KS KD | 2C 3C 4H 6S 8C JD QC 10H AH 5H", CLASSIC, ("25", "59", "84")),
    ("points 5D 6D 7D 8D 9S 9H 9C KH KS KD | 2C 3C 4H 6S 8C JD QC 10H AH 5H", SPANISH, ("20", "59", "79")),
    # The knocker's four sixes (3♥ 4♥ 5♥ run) against the run 3♥–6♥: 33 once the 2♥ goes onto the
    # hearts; 18 had it shown the run 3♥–6♥ (the 2♥, 7♥ and 8♥ go on, 9♣ 9♦ 4♠ = 22 left); 35 with
    # no layoff at all, or with the one layoff (the 2♥) forgotten.
    ("points 3H 4H 5H 6H 6S 6D 6C AD 2C AC | 7H 8H 2H KS QS JS 10S 9C 9D 4S", CLASSIC, ("18", "33", "35")),
    # A♠ 2♠ 3♠, 7♥ 7♦ 7♣, 10♣ J♣ Q♣ (4♦) against 9♦–Q♦: 17 after the 9♣ and 8♣ go on; 34 with no
    # layoff; 25 with the last layoff (the 8♣) forgotten.
    ("points AS 2S 3S 7H 7D 7C 10C JC QC 4D | 9C 5H 6H 9D 10D JD QD 8C 8S 2H", CLASSIC, ("17", "25", "34")),
    ("discard 4S 5S 6S 9H 9D 9C 2H 3H KD 8C 7C", CLASSIC, ("KD", "7C", "8C")),  # the three lightest throws
    # Every suit: the ones never thrown are the slip (not thrown is not "not collected").
    ("cold 8H 3C KS 9H 4H", CLASSIC, ("♠", "♥", "♦", "♣")),
])
def test_the_answers_offered_are_the_usual_slips_worked_out_by_the_engine(body, rules, offered):
    assert choices(read_question(body), rules) == offered


@pytest.mark.parametrize("body, rules, given, missed", [
    ("deal", CLASSIC, "13", "Thirteen is the number of cards in one suit; each player gets fewer."),
    ("value KH", CLASSIC, "13", "That is the card's rank: a jack, queen or king counts 10."),
    ("value 5H", CLASSIC, "1", "Only an ace counts 1."),
    # 2♦ 3♦ 4♦, the J♣ to the jacks (32): 71 counts every card, 13 puts the J♣ in both melds, 33 is
    # the run 9♣ 10♣ J♣.
    ("deadwood 2D 3D 4D 9C 10C JC JH JS 5S 8H", CLASSIC, "71",
     "That counts every card, melded ones too: a card in a meld does not count."),
    ("deadwood 2D 3D 4D 9C 10C JC JH JS 5S 8H", CLASSIC, "13",
     "That puts one card in two melds at once: each card belongs to one meld only."),
    ("deadwood 2D 3D 4D 9C 10C JC JH JS 5S 8H", CLASSIC, "33",
     "That is what another arrangement leaves: try grouping the cards the other way."),
    ("deadwood 2S 4H 6D 8C 10S QH AD 3C 5S 7H", CLASSIC, "58",
     "That counts jacks, queens and kings as 11, 12 and 13: each counts 10."),
    ("deadwood 2S 4H 6D 8C 10S QH AD 3C 5S 7H", CLASSIC, "46", "A loose card is missing from that sum."),
    # 17 after the 9♣ and the 8♣ go onto the clubs: 34 with no layoff, 25 without the 8♣.
    ("points AS 2S 3S 7H 7D 7C 10C JC QC 4D | 9C 5H 6H 9D 10D JD QD 8C 8S 2H", CLASSIC, "34",
     "That leaves out the layoffs: the defender's cards that fit the knocker's melds stop counting."),
    ("points AS 2S 3S 7H 7D 7C 10C JC QC 4D | 9C 5H 6H 9D 10D JD QD 8C 8S 2H", CLASSIC, "25",
     "One layoff is missing: once a card is laid off, the next card may fit too."),
    ("points 3H 4H 5H 6H 6S 6D 6C AD 2C AC | 7H 8H 2H KS QS JS 10S 9C 9D 4S", CLASSIC, "18",
     "That is the score with another arrangement of the knocker's melds: check which one the knocker shows."),
    ("points 5D 6D 7D 8D 9S 9H 9C KH KS KD | 2C 3C 4H 6S 8C JD QC 10H AH 5H", CLASSIC, "59",
     "The bonus is missing from that."),
    ("points 5D 6D 7D 8D 9S 9H 9C KH KS KD | 2C 3C 4H 6S 8C JD QC 10H AH 5H", CLASSIC, "25",
     "That is the bonus alone: the deadwood is added to it."),
    # Throwing the 8♣ breaks nothing but leaves 2♥ 3♥ K♦ 7♣ = 22; the K♦ leaves 20.
    ("discard 4S 5S 6S 9H 9D 9C 2H 3H KD 8C 7C", CLASSIC, "8C",
     "Throwing the 8♣ leaves 22 of deadwood: another throw leaves less."),
    ("cold 8H 3C KS 9H 4H", CLASSIC, "♦", "They have not thrown ♦ at all: that says nothing about what they collect."),
    ("cold 8H 3C KS 9H 4H", CLASSIC, "♠", "They have thrown ♠ less often than another suit."),
    ("wanted 7H | 8H 2C KS 9D", CLASSIC, "9D",
     "The 9♦ makes no meld with the card it took (7♥): that card says nothing about it."),
])
def test_a_wrong_answer_that_is_a_usual_slip_is_told_what_it_missed(body, rules, given, missed):
    question = read_question(body)
    assert given in choices(question, rules) and given != answer(question, rules)
    missing = slip(question, given, rules)
    assert missing is not None and render(missing, Translator("en")) == missed


def test_a_right_answer_or_a_word_answer_has_no_slip_line():
    assert slip(read_question("deal"), "10", CLASSIC) is None
    assert slip(read_question("meld QH KH AH"), "yes", CLASSIC) is None  # two answers: the second try says it


def test_the_reason_is_one_sentence_in_each_language():
    question = read_question("meld QH KH AH")
    assert render(reason(question, CLASSIC), Translator("en")) == "The ace is low: it cannot follow the king in a run."
    knock = read_question("knock AS 2S 3S 7H 7D 7C KD KC KH 9S")
    assert render(reason(knock, CLASSIC), Translator("es")) == (
        "Sí: sus puntos sueltos suman 9, dentro del límite para cerrar, que es 10.")


@pytest.mark.parametrize("body", ["poker", "meld", "knock AS 2S", "fits 10H | 7H 9H", "tie AS", "value", "winner 7",
                                  "rule_of_thumb three 9", "discard 4S 5S 6S 9H 9D 9C 2H 3H KD 8C",
                                  "discard AS 2S 3S 7H 7D 7C KD KC KH QS JD",   # the Q♠ or the J♦: both leave 10
                                  "cold 8H 3S KD 9C",                            # no suit thrown twice
                                  "wanted 7H | 8H 6H 2C",                        # two cards meld with the 7♥
                                  "wanted 7H | 2C 10H KS",                       # none does (10♥ is three away)
                                  "points AS 2S 3S 7H 7D 7C JC QC KC 4D | 4H 5H 6H 8S 8D 8C 10D JD QD KS"])
def test_a_question_that_cannot_be_read_is_refused(body):
    with pytest.raises(QuestionError):
        read_question(body)


def test_a_wrong_first_answer_gets_a_second_try_before_the_answer():
    at = start("en", params={"lesson": "02-melds"})
    at.switch_page("screens/lessons.py").run()
    controls = [c for c in at.segmented_control if c.key and c.key.startswith("ask_02-melds_")]
    assert len(controls) == 3  # after "Two kinds of meld", "The ace is low" and "One card, one meld"
    ace = controls[1]  # Q♥ K♥ A♥: not a meld
    ace.set_value("yes").run()
    assert any("Not yet" in w.value for w in at.warning) and not at.error
    deadwood = next(c for c in at.segmented_control if c.key and c.key.startswith("ask_02-melds_")
                    and c.key not in (controls[0].key, controls[1].key))
    deadwood.set_value("35").run()  # the 7♥ in the run and with the sevens at once
    assert any(w.value == "Not yet. That puts one card in two melds at once: each card belongs to one meld only. "
               "Think again and pick another answer." for w in at.warning), [w.value for w in at.warning]
    at.segmented_control(key=str(ace.key)).set_value(None).run()
    at.segmented_control(key=str(ace.key)).set_value("yes").run()
    assert any("The answer is “No”" in e.value for e in at.error)
    at.segmented_control(key=str(controls[0].key)).set_value("yes").run()
    assert any(s.value.startswith("Right! Yes: 7♥ 8♥ 9♥ make a meld (run).") for s in at.success)


# --- Every question of every lesson, under every ruleset, in both languages --------------------------

def lesson_questions():
    """Every ``::: ask`` of the lessons (the same in both languages: the content test checks it)."""
    from tutor.content.lessons import lessons
    return sorted({b.body for d in lessons("en") for b in d.blocks if b.kind == "ask"})


@pytest.mark.parametrize("name", ["classic", "short", "spanish"])
def test_every_lesson_question_reads_in_both_languages_under_every_ruleset(name):
    from tutor.app.ui.questions import option_label
    from tutor.language.i18n import LANGUAGES

    rules = load_ruleset(name)
    for body in lesson_questions():
        question = read_question(body)
        offered = choices(question, rules)
        right = answer(question, rules)
        assert right in offered and len(set(offered)) == len(offered) >= 2, (name, body, offered)
        for lang in LANGUAGES:
            tr = Translator(lang)
            texts = [render(prompt(question), tr), render(reason(question, rules), tr),
                     *(option_label(question, o, tr) for o in offered),
                     *(render(m, tr) for o in offered if (m := slip(question, o, rules)) is not None)]
            for text in texts:
                assert text.strip() and "{" not in text and "}" not in text, (name, body, lang, text)
        english, spanish = (render(reason(question, rules), Translator(lang)) for lang in ("en", "es"))
        assert english != spanish, body  # translated


@pytest.mark.parametrize("name", ["classic", "short", "spanish"])
def test_the_knock_questions_agree_with_the_table(name):
    # For each `knock` and `points` question of the lessons, a table where player 0 holds the ten
    # cards and one more it may throw (a card of no use to either hand): the knock is legal at the
    # table exactly when the question says so, and the hand it ends scores what the question says.
    from test_analysis import table as analysis_table

    rules = load_ruleset(name)
    asked = [read_question(b) for b in lesson_questions() if b.split()[0] in ("knock", "points")]
    assert len(asked) >= 4
    for question in asked:
        other = question.other or tuple(c for c in parse_cards("2C 3D 5H 6S 8C 9D JH QS KC 4H 2D 3H 5C 6D")
                                        if c not in question.cards)[:10]
        used = {*question.cards, *other}
        extra = next(c for c in parse_cards("KD KH QD QH JD JC 10D 10H") if c not in used
                     and min_deadwood(mask_of((*question.cards, c))) == min_deadwood(mask_of(question.cards)) + c.value)
        top = next(c for c in parse_cards("2S 3S 4S 5S 6D 7D 8D") if c not in used and c != extra)
        hand = analysis_table(name, " ".join(str(c) for c in (*question.cards, extra)),
                              " ".join(str(c) for c in other), str(top), phase="discard")
        knocks = [m for m in hand.legal_moves if m[0] == "knock" and m[1] == extra]
        if question.type == "knock":
            assert bool(knocks) == (answer(question, rules) == "yes"), (name, question)
        else:
            assert knocks, (name, question)
            ended = hand.apply(knocks[0]).result
            assert isinstance(ended, HandScore) and str(ended.points) == answer(question, rules), (name, question)


@pytest.mark.parametrize("body, rules, lang, said", [
    # Content review L2. Lesson 5's gin under the classic rules: 5♦ 6♦ 7♦ 8♦, 9♠ 9♥ 9♣, K♥ K♠ K♦ against
    # 2♣ 3♣ 4♥ 6♠ 8♣ J♦ Q♣ 10♥ A♥ 5♥ (no meld: 2 + 3 + 4 + 6 + 8 + 10 + 10 + 10 + 1 + 5 = 59); nothing is
    # laid off onto a gin: 25 + 59 = 84.
    ("points 5D 6D 7D 8D 9S 9H 9C KH KS KD | 2C 3C 4H 6S 8C JD QC 10H AH 5H", CLASSIC, "es",
     "Quien cierra se apunta 84: la bonificación de 25 más lo que suman las cartas sueltas del defensor (59), "
     "que no puede colocar nada sobre un gin."),
    # Under the Spanish rules a tie is no undercut: 5 against 7 is said as "less", not "not more".
    ("winner 7 5", SPANISH, "es", "El defensor: 5 es menos que 7, así que es un contragolpe, que vale 12 (sumar "
                                  "la diferencia es interpretación de gin-tutor para estas reglas)."),
    ("winner 7 5", CLASSIC, "es", "El defensor: 5 no es más que 7, así que es un contragolpe, que vale 27."),
    ("rule_of_thumb 3 9", CLASSIC, "es", "Espera: con entre 8 y 10, ese es justo el cierre que el contragolpe "
                                         "castiga."),
])
def test_the_reason_fits_the_case_it_explains(body, rules, lang, said):
    assert render(reason(read_question(body), rules), Translator(lang)) == said
