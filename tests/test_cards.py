"""Reading cards as a person types them, and the errors for what cannot be read."""

import pytest

from tutor.engine.cards import DECK, card, format_cards, parse_card, parse_cards
from tutor.engine.errors import CardCountError, DuplicateCardError, EmptyHandError, MalformedCardError


@pytest.mark.parametrize("text, expected", [
    ("10H", "10H"), ("th", "10H"), ("Qs", "QS"), ("a♠", "AS"), ("7♥", "7H"), ("k♦", "KD"),
    ("2♣", "2C"), ("j c".replace(" ", ""), "JC"), ("1d", "AD"), ("7♥️", "7H"),
])
def test_forgiving_card_forms_give_the_canonical_card(text, expected):
    assert str(parse_card(text)) == expected


def test_a_hand_with_commas_spaces_and_mixed_case():
    hand = parse_cards("as, 2S  3s,4♠ 10h\tJH qh")
    assert format_cards(hand) == "AS 2S 3S 4S 10H JH QH"


@pytest.mark.parametrize("token", ["1X", "11H", "ZZ", "H7", "10", "♥", "0S", "QQS"])
def test_a_malformed_token_is_named(token):
    with pytest.raises(MalformedCardError) as info:
        parse_cards(f"AS {token} 3S")
    assert info.value.params["token"] == token
    assert token in str(info.value)
    assert isinstance(info.value, ValueError) and info.value.key == "malformed_card"


def test_a_duplicate_card_is_named_even_in_another_form():
    with pytest.raises(DuplicateCardError) as info:
        parse_cards("10H 2S TH")
    assert info.value.params["card"] == "10H" and info.value.key == "duplicate_card"


def test_a_wrong_number_of_cards():
    with pytest.raises(CardCountError) as info:
        parse_cards("AS 2S 3S", count=10)
    assert info.value.params == {"count": 3, "expected": (10,)}
    assert parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", count=(10, 11))


def test_no_cards_at_all():
    with pytest.raises(EmptyHandError):
        parse_cards(" , ")


def test_the_deck_has_52_distinct_cards_with_their_values():
    assert len(set(DECK)) == 52
    assert [c.value for c in DECK[:13]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert card(12, "H").symbol == "Q♥" and card(12, "H").is_red and not card(1, "C").is_red
