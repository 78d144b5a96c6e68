"""The read-the-opponent drill: its puzzles, its score, its grading against a hand drawn here, its
hints and the answers it refuses."""

import pytest

from tutor.drills import LEVELS, AnswerError, check, generate, hints, model_answer
from tutor.drills.kinds.read import ASKED, HARD_SIGNAL, HARD_TOLERANCE, TURNS, expected_score, score
from tutor.engine.cards import mask_of, parse_card, parse_cards
from tutor.engine.melds import HandAnalysis, could_meld
from tutor.engine.rules import load_ruleset
from tutor.language.feedback import feedback, hint_texts, render
from tutor.language.i18n import Translator
from tutor.language.labels import given_answer
from tutor.play.bots.reading import read_view
from tutor.play.positions import decode_position

CLASSIC = load_ruleset("classic")
EN, ES = Translator("en"), Translator("es")


def cards(text):
    return frozenset(parse_cards(text))


def test_a_reading_is_scored_by_the_brier_score_out_of_100():
    # 7♥ given 70 % and held: a gap of 30, 9 once squared and divided by 100; 8♥ given 5 % and not
    # held: 0.25; K♠ given 30 % and not held: 9. The mean of the three: 18.25 / 3.
    chances = {parse_card("7H"): 70, parse_card("8H"): 5, parse_card("KS"): 30}
    assert score(chances, cards("7H 2C")) == pytest.approx(18.25 / 3)
    assert score({parse_card("7H"): 100}, cards("7H")) == 0
    assert score({parse_card("7H"): 100}, frozenset()) == 100
    with pytest.raises(ValueError):
        score({}, cards("7H"))


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_asks_about_six_unseen_cards_of_a_position_it_names(level):
    for seed in range(4):
        puzzle = generate("read", seed, level, CLASSIC)
        view, opponent = decode_position(puzzle.position)
        table = read_view(view)
        assert opponent == puzzle.properties["opponent"]
        assert len(puzzle.cards) == ASKED and mask_of(puzzle.cards) & ~table.unseen == 0  # unseen cards only
        assert len(puzzle.held) == 10 and mask_of(puzzle.held) & table.hand == 0
        assert table.opponent_known & ~mask_of(puzzle.held) == 0  # what it took and holds is in its hand
        low, high = TURNS[level]
        if level == "easy":
            took = [c for c in puzzle.held if table.opponent_known >> c.index & 1]
            assert table.turn >= low and took
            assert any(could_meld(asked, t) for asked in puzzle.cards for t in took)
        elif level == "medium":
            assert low <= table.turn <= high
        else:
            assert low <= table.turn <= high and table.opponent_known == 0
        assert puzzle.address == {"drill": "read", "seed": str(seed), "level": level, "rules": "classic"}


# Seed 1, easy, classic rules: a hand the intermediate player plays with itself, at the mover's turn 3.
#   The mover holds   A♠ 7♠ 8♠ J♠ 5♥ J♥ 3♣ 7♣ 8♣ 10♣ J♣
#   The opponent took 9♦ from the pile (and holds it); it threw Q♥ 10♥ J♠.
#   Asked about:      Q♠ K♠ K♥ A♦ 7♦ 8♦
#   It really held    4♠ 5♠ 2♥ 3♦ 7♦ 8♦ 9♦ J♦ A♣ 5♣   (of the six asked: 7♦ and 8♦)
#   The coach:        A♦ 30 %, Q♠ K♠ K♥ 5 %, 7♦ 8♦ 50 % (both meld with the 9♦ it took)
#   The coach's score: (30² + 3 × 5² + 2 × 50²) / 100 / 6 = 5,975 / 600 = 9.96
def read_puzzle():
    puzzle = generate("read", 1, "easy", CLASSIC)
    assert puzzle.cards == tuple(parse_cards("QS KS KH AD 7D 8D"))
    assert puzzle.held == tuple(parse_cards("4S 5S 2H 3D 7D 8D 9D JD AC 5C"))
    assert model_answer(puzzle) == {"QS": 5, "KS": 5, "KH": 5, "AD": 30, "7D": 50, "8D": 50}
    return puzzle


def test_a_reading_as_close_to_the_hand_as_the_coachs_is_right():
    puzzle = read_puzzle()
    # 5 % on the four it did not hold, 90 % on 7♦ 8♦: (4 × 25 + 2 × 100) / 600 = 0.5, better than 9.96.
    verdict = check(puzzle, {"AD": 5, "QS": 5, "KS": 5, "KH": 5, "7D": 90, "8D": 90})
    assert verdict.correct and verdict.mistake is None
    assert render(verdict.notes[0], EN) == "Your reading scored 0.5; the coach's, 10.0."
    assert render(verdict.notes[1], EN).startswith("How a reading is scored (the Brier score")
    # 12 points is within 2 of the coach's 10: A♦ 30, Q♠ K♠ K♥ 15, 7♦ 8♦ 50:
    # (900 + 3 × 225 + 2 × 2,500) / 600 = 6,575 / 600 = 10.96.
    assert check(puzzle, {"AD": 30, "QS": 15, "KS": 15, "KH": 15, "7D": 50, "8D": 50}).correct


def test_a_reading_further_from_the_hand_than_the_coachs_is_wrong_and_names_the_card_it_missed_most():
    puzzle = read_puzzle()
    # 30 % on every card (the uniform guess): (4 × 900 + 2 × 4,900) / 600 = 22.3. 7♦ and 8♦ lose most
    # against the coach (4,900 − 2,500 each); 7♦ first, and it melds with the 9♦ the opponent took.
    verdict = check(puzzle, {card: 30 for card in ("AD", "QS", "KS", "KH", "7D", "8D")})
    assert not verdict.correct and verdict.mistake == "doubted_pickup"
    assert feedback(verdict, EN) == (
        "Your reading scored 22.3 against the cards it really held; the coach's scored 10.0, and yours needed to "
        "be within 2 of it. It held the 7♦, which melds with 9♦, the card it took from the pile: you gave it 30%, the "
        "coach 50%.")
    assert feedback(verdict, ES).startswith("Tu lectura obtuvo 22,3")
    assert verdict.expected == model_answer(puzzle)
    assert isinstance(verdict.result, HandAnalysis) and verdict.result.cards == puzzle.held  # its hand, laid out
    # Q♠ given 90 % though it did not hold it: (8,100 − 25) lost there, more than anywhere else.
    feared = check(puzzle, {"AD": 30, "QS": 90, "KS": 5, "KH": 5, "7D": 50, "8D": 50})
    assert feared.mistake == "feared_free"
    assert render(feared.remarks[1], EN) == "It did not hold the Q♠: you gave it 90%, the coach 5%."
    # 8♦ given 5 % though it held it (and it melds with the 9♦ taken): (9,025 − 2,500) lost there.
    doubted = check(puzzle, {"AD": 30, "QS": 5, "KS": 5, "KH": 5, "7D": 50, "8D": 5})
    assert doubted.mistake == "doubted_pickup" and "8♦" in render(doubted.remarks[1], EN)


REST = {"QS": 5, "KS": 5, "KH": 5, "7D": 50, "8D": 50}
"""A chance for every card asked about but the A♦."""


@pytest.mark.parametrize("answer", [
    None, "7D", {"AD": 30}, {"AD": 30, **REST, "2C": 5}, {"AD": 101, **REST}, {"AD": -1, **REST},
    {"AD": "lots", **REST}, {"AD": 30.5, **REST}, {"AD": True, **REST}, {"ZZ": 30, **REST},
])
def test_an_answer_without_a_chance_from_0_to_100_for_each_card_asked_about_is_refused(answer):
    with pytest.raises(AnswerError):
        check(read_puzzle(), answer)


def test_the_hints_go_from_the_uniform_chance_to_what_it_took_and_what_it_threw():
    texts = hint_texts(hints(read_puzzle()), EN)
    # 52 − 11 in the mover's hand − 4 in the pile − the 9♦ it took = 36 unseen; 9 of its cards hidden.
    assert texts[0] == ("It holds 9 cards you have not seen, among the 36 you cannot see: a card you know "
                        "nothing about is in its hand 25% of the time.")
    assert texts[1] == "It took 9♦ from the pile and still holds it: cards that meld with it are likelier in its hand."
    assert texts[2].startswith("It threw Q♥ 10♥ J♠")
    assert all(hint_texts(hints(read_puzzle()), ES))


def test_a_teacher_reads_a_reading_as_chances():
    given = '{"9S":30,"QS":5,"KS":5,"KH":5,"7D":50,"8D":50}'
    assert given_answer("read", given, EN) == "9♠ 30%, Q♠ 5%, K♠ 5%, K♥ 5%, 7♦ 50%, 8♦ 50%"
    assert given_answer("read", '{"ZZ":30}', EN) == '{"ZZ":30}'


def test_a_reading_can_expect_the_score_the_odds_give_it():
    # 7♥ held half the time, 8♥ never. Given 50 % and 0 %: (0 + 50 × 50) + (0 + 0) over 100 and 2 cards = 12.5,
    # the least any reading can expect here. Given 90 % and 5 %: (40² + 2,500) + (5² + 0), / 200 = 20.625.
    odds = {parse_card("7H"): 0.5, parse_card("8H"): 0.0}
    assert expected_score({parse_card("7H"): 50, parse_card("8H"): 0}, odds) == pytest.approx(12.5)
    assert expected_score({parse_card("7H"): 90, parse_card("8H"): 5}, odds) == pytest.approx(20.625)
    assert HARD_SIGNAL > HARD_TOLERANCE  # so that a guess that reads nothing is never right at the hard level


def test_a_hard_reading_is_graded_on_what_the_position_shows_not_on_the_hand_dealt():
    # Hard puzzle 1 (classic): turn 7, the intermediate player took nothing from the pile. The coach gives
    # 10♠ 11.0 %, K♠ 10.6 %, 9♥ 12.6 %, 4♦ 52.3 %, Q♦ 10.6 %, 3♣ 52.4 %; it really held the 3♣ alone of them.
    puzzle = generate("read", 1, "hard", CLASSIC)
    assert [str(c) for c in puzzle.cards] == ["10S", "KS", "9H", "4D", "QD", "3C"]
    assert cards("3C") == frozenset(puzzle.held) & frozenset(puzzle.cards)
    # A guess that reads nothing (30 % on every card) scores 15.7 against the hand dealt, near the coach's,
    # but can expect 19.0 against the coach's 15.1: wrong.
    guess = check(puzzle, {card: 30 for card in ("10S", "KS", "9H", "4D", "QD", "3C")})
    assert not guess.correct
    assert feedback(guess, EN).startswith("Your reading can expect a score of 19.0 on what the position shows; the "
                                          "coach's, 15.1, and yours needed to be within 3 of it.")
    assert render(guess.notes[0], EN).endswith("Against the hand it really held, yours scored 15.7.")
    # A careful reader (70 % on the two cards the coach finds likely, 5 % on the rest) expects 16.3: right.
    careful = check(puzzle, {"10S": 5, "KS": 5, "9H": 5, "4D": 70, "QD": 5, "3C": 70})
    assert careful.correct
    assert render(careful.notes[0], EN) == "Your reading can expect a score of 16.3; the coach's, 15.1."
    assert render(careful.notes[0], ES) == "Tu lectura puede esperar una puntuación de 16,3; la del entrenador, 15,1."
