"""The coach's advice: the strong player's move and the numbers behind it, on hand-written views."""

from __future__ import annotations

from test_bots import KNOCK_WITH_NINE, discard_view, draw_view

from tutor.engine.cards import parse_cards
from tutor.play.coach import advise


def test_taking_a_card_that_makes_a_meld_names_the_meld_and_the_deadwood_before_and_after():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | J♥ J♣ 9♠ 5♦: deadwood 10 + 10 + 9 + 5 = 34. The J♦ makes J♥ J♦ J♣;
    # throwing 9♠ then leaves 5.
    advice = advise(draw_view("AS 2S 3S 7H 7D 7C JH JC 9S 5D", "JD"))
    assert advice.move[0] == "take" and advice.reason == "take_meld"
    assert (advice.deadwood_before, advice.deadwood_after) == (34, 5)
    assert set(advice.meld) == set(parse_cards("JH JD JC"))


def test_declining_an_upcard_that_does_not_help_keeps_the_deadwood():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ Q♣ J♥ 9♠: 39 in deadwood; the 8♣ melds with nothing.
    advice = advise(draw_view("AS 2S 3S 7H 7D 7C KD QC JH 9S", "8C"))
    assert (advice.move, advice.reason, advice.deadwood_before, advice.deadwood_after) == (
        ("stock", None), "decline", 39, 39)


def test_a_knock_a_gin_and_playing_on_are_told_apart():
    # Early: knock throwing Q♦, leaving 9.
    early = advise(discard_view(KNOCK_WITH_NINE, stock=29))
    assert (early.reason, early.deadwood_before, early.deadwood_after) == ("knock", 9, 9)
    # Late: the strong player throws Q♦ and plays on.
    late = advise(discard_view(KNOCK_WITH_NINE, stock=12))
    assert (late.move[0], late.reason, late.deadwood_after) == ("discard", "play_on", 9)
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 4♠ Q♦: throwing Q♦ is gin.
    gin = advise(discard_view("AS 2S 3S 4S 7H 7D 7C KD KC KH QD", stock=12))
    assert (gin.move, gin.reason, gin.deadwood_after) == (("knock", parse_cards("QD")[0]), "gin", 0)


def test_a_plain_discard_reports_the_least_deadwood_any_discard_would_leave():
    # A♠ 2♠ 3♠ | 4♦ 4♣ 4♥ | Q♥ Q♠ J♥ | 9♣ 2♣: 41 in deadwood; the least any discard leaves is 31
    # (throwing a queen). The strong player keeps Q♥ Q♠ J♥ (a set and a run in the making) and
    # throws the lone 9♣: 41 - 9 = 32, one point more for two ways to meld.
    advice = advise(discard_view("AS 2S 3S 4D 4C 4H QH QS JH 9C 2C", pile=("5C", "3D")))
    assert (advice.move, advice.reason) == (("discard", parse_cards("9C")[0]), "discard")
    assert (advice.deadwood_before, advice.deadwood_after) == (31, 32)


def test_playing_on_with_two_or_less_is_playing_for_gin_and_the_hint_says_where_the_deadwood_goes():
    from tutor.language.i18n import Translator
    from tutor.language.play_text import hint_sentence
    from tutor.play.coach import explain
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | A♦ Q♦: throwing Q♦ leaves 1; throwing A♦ instead leaves 10.
    view = discard_view("AS 2S 3S 7H 7D 7C KD KC KH AD QD", stock=25)
    near = explain(view, ("discard", parse_cards("QD")[0]))
    assert (near.reason, near.deadwood_before, near.deadwood_after) == ("play_for_gin", 1, 1)
    assert hint_sentence(near, None, Translator("en")) == (
        "Throw the Q♦ and play on for gin: you could knock with 1, but gin is close. Your deadwood stays at 1.")
    # With 9 (KNOCK_WITH_NINE) playing on is for fear of an undercut; throwing the 9♠ keeps Q♦: 10.
    late = explain(discard_view(KNOCK_WITH_NINE, stock=12), ("discard", parse_cards("9S")[0]))
    assert (late.reason, late.deadwood_before, late.deadwood_after) == ("play_on", 9, 10)
    assert hint_sentence(late, None, Translator("es")) == (
        "Descarta el 9♠ y sigue jugando: cerrar ahora con 9 te expone a un contragolpe. "
        "Tus puntos sueltos pasan de 9 a 10.")


def test_a_hint_with_one_legal_move_says_there_is_no_choice():
    from tutor.language.i18n import Translator
    from tutor.language.play_text import hint_sentence
    from tutor.play.coach import explain
    view = draw_view("AS 2S 3S 7H 7D 7C KD QC JH 9S", "8C")
    view["legal"] = [["stock", None]]  # both passed the first upcard
    advice = explain(view, ("stock", None))
    assert advice.reason == "only_move"
    assert hint_sentence(advice, "8C", Translator("es")) == (
        "Los dos habéis pasado la carta descubierta: roba del mazo.")


def test_the_end_of_a_hand_names_a_gin_as_a_gin():
    from tutor.language.i18n import Translator
    from tutor.language.play_text import ending_title
    assert ending_title("gin", True, Translator("es")) == "**Hiciste gin**"
    assert ending_title("big_gin", False, Translator("en")) == "**The virtual player laid down big gin**"
    assert ending_title("undercut", False, Translator("en")) == "**The virtual player knocked**"
