"""Melds and deadwood, as named scenarios: the hand drawn in the comment, the exact result."""

import pytest

from tutor.engine.cards import mask_of, parse_cards
from tutor.engine.errors import CardCountError, DuplicateCardError
from tutor.engine.melds import analyze, best_arrangements, meld_problem


def melds_of(result):
    return sorted(" ".join(map(str, m.cards)) for m in result.melds)


def test_three_melds_and_one_deadwood_card():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 9♠
    result = analyze(parse_cards("AS 2S 3S 7H 7D 7C KD KC KH 9S"))
    assert result.deadwood == 9
    assert melds_of(result) == ["7H 7D 7C", "AS 2S 3S", "KH KD KC"]
    assert [str(c) for c in result.deadwood_cards] == ["9S"]
    assert result.discard is None and not result.big_gin


def test_ace_is_low_only():
    # Q♥ K♥ A♥ is no run; A♥ 2♥ 3♥ is.
    high = analyze(parse_cards("QH KH AH 5S 6C 8D 9S 2C 4D 7C"))
    assert high.melds == () and high.deadwood == 10 + 10 + 1 + 5 + 6 + 8 + 9 + 2 + 4 + 7
    low = analyze(parse_cards("AH 2H 3H 5S 6C 8D 9S 2C 4D 7C"))
    assert melds_of(low) == ["AH 2H 3H"]


def test_a_card_that_fits_both_a_set_and_a_run_goes_where_it_saves_most():
    # A♠ 2♠ 3♠ | 5♥ 6♥ 7♥ 7♠ 7♦ | K♣ 4♣
    # 7♥ in the run leaves 7♠ 7♦ K♣ 4♣ = 28; in the set of sevens, 5♥ 6♥ K♣ 4♣ = 25.
    result = analyze(parse_cards("AS 2S 3S 5H 6H 7H 7S 7D KC 4C"))
    assert result.deadwood == 25
    assert melds_of(result) == ["7S 7H 7D", "AS 2S 3S"]
    assert sorted(map(str, result.deadwood_cards)) == ["4C", "5H", "6H", "KC"]


def test_a_set_of_three_plus_a_run_beats_a_set_of_four():
    # 7♠ 7♥ 7♦ 7♣ 8♣ 9♣ | A♠ 2♠ 3♠ | K♦
    # Four sevens leave 8♣ 9♣ K♦ = 27; three sevens and 7♣ 8♣ 9♣ leave K♦ = 10.
    result = analyze(parse_cards("7S 7H 7D 7C 8C 9C AS 2S 3S KD"))
    assert result.deadwood == 10
    assert melds_of(result) == ["7C 8C 9C", "7S 7H 7D", "AS 2S 3S"]
    assert len(result.arrangements) == 1


def test_a_set_of_four_when_the_run_is_not_there():
    # 7♠ 7♥ 7♦ 7♣ 8♣ | A♠ 2♠ 3♠ | K♦ Q♦
    result = analyze(parse_cards("7S 7H 7D 7C 8C AS 2S 3S KD QD"))
    assert result.deadwood == 28
    assert melds_of(result) == ["7S 7H 7D 7C", "AS 2S 3S"]


def test_every_arrangement_with_the_least_deadwood_is_listed():
    # 4♥ 5♥ 6♥ 7♥ | 7♠ 7♦ 7♣ | 2♦ A♦ A♣
    # 7♥ ends the run or completes four sevens: deadwood 4 either way.
    result = analyze(parse_cards("4H 5H 6H 7H 7S 7D 7C 2D AD AC"))
    assert result.deadwood == 4
    layouts = sorted(sorted(" ".join(map(str, m.cards)) for m in a.melds) for a in result.arrangements)
    assert layouts == [["4H 5H 6H", "7S 7H 7D 7C"], ["4H 5H 6H 7H", "7S 7D 7C"]]


def test_a_long_run_is_one_meld():
    # 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ | J♠ J♥ J♣
    result = analyze(parse_cards("3D 4D 5D 6D 7D 8D 9D JS JH JC"))
    assert result.deadwood == 0
    assert melds_of(result) == ["3D 4D 5D 6D 7D 8D 9D", "JS JH JC"]


def test_eleven_cards_the_best_discard_is_found_by_trying_every_discard():
    # 5♥ 6♥ 7♥ 7♠ 7♦ | 8♣ 9♣ 10♣ J♣ | 2♦ 3♦
    # Throwing the highest deadwood card (a greedy pick) is not best: discarding 6♥ lets the
    # sevens make a set and leaves 5♥ 2♦ 3♦ = 10.
    result = analyze(parse_cards("5H 6H 7H 7S 7D 8C 9C 10C JC 2D 3D"))
    assert result.deadwood == 10
    assert str(result.discard) == "6H"
    assert [str(c) for c in result.discard_options] == ["6H"]
    assert not result.big_gin


def test_big_gin_eleven_cards_all_melded():
    # A♠ 2♠ 3♠ 4♠ 5♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣
    result = analyze(parse_cards("AS 2S 3S 4S 5S 7H 7D 7C JC QC KC"))
    assert result.big_gin and result.deadwood == 0
    assert result.big_gin_melds is not None
    assert sorted(" ".join(map(str, m.cards)) for m in result.big_gin_melds) == [
        "7H 7D 7C", "AS 2S 3S 4S 5S", "JC QC KC"]
    # Discarding the end of the five-card run still leaves gin.
    assert str(result.discard) == "5S"


def test_analyze_refuses_wrong_counts_and_duplicates():
    with pytest.raises(CardCountError):
        analyze(parse_cards("AS 2S 3S"))
    hand = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S")
    with pytest.raises(DuplicateCardError):
        analyze(hand + [hand[0]])


@pytest.mark.parametrize("cards, problem", [
    ("7H 8H", "too_few"),
    ("7H 8H 9S", "mixed_suits"),
    ("7H 8H 10H", "gap"),
    ("QH KH AH", "ace_high"),
    ("7H 7S 8H", "mixed"),
    ("7H 8H 9H", None),
    ("7H 7S 7D 7C", None),
])
def test_why_cards_are_not_a_meld(cards, problem):
    assert meld_problem(parse_cards(cards)) == problem


def test_best_arrangements_of_a_hand_with_no_melds():
    hand = parse_cards("AS 3H 5D 7C 9S JH KD 2C 4S 6H")
    (only,) = best_arrangements(mask_of(hand))
    assert only.melds == () and only.deadwood == 1 + 3 + 5 + 7 + 9 + 10 + 10 + 2 + 4 + 6
