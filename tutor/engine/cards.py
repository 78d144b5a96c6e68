"""Cards: the deck, card values, and reading a hand typed by a person.

A card is one of 52 interned :class:`Card` values. Inside the engine a hand is also a 52-bit
mask: bit ``suit * 13 + rank - 1``, so that one suit's cards are 13 consecutive bits.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

from tutor.engine.errors import CardCountError, DuplicateCardError, EmptyHandError, MalformedCardError, excerpt

SUITS = "SHDC"
"""Suit letters in the engine's order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANKS = range(1, 14)
SUIT_BITS = 13
SUIT_MASK = (1 << SUIT_BITS) - 1
HEARTS, DIAMONDS, CLUBS = (n * SUIT_BITS for n in range(1, 4))
"""Where each suit's 13 bits start in a hand mask (spades start at bit 0)."""
HAND_SIZE = 10
"""Cards in a hand between turns: what a knocker shows and a defender holds."""
BIG_GIN_SIZE = HAND_SIZE + 1
"""Cards in a hand just after a draw: what a big gin shows."""


def card_value(rank: int) -> int:
    """Deadwood value of a rank: ace 1, two to ten face value, jack, queen and king 10."""
    return rank if rank < 10 else 10


def rank_name(rank: int) -> str:
    """The rank as it is written in canonical form: A, 2 ... 10, J, Q, K."""
    return RANK_NAMES.get(rank, str(rank))


class Card:
    """One playing card. Instances are interned: use :func:`card` or :data:`DECK`."""

    __slots__ = ("rank", "suit", "index", "bit", "value")
    rank: int
    suit: str
    index: int
    bit: int
    value: int

    def __init__(self, rank: int, suit: str) -> None:
        index = SUITS.index(suit) * SUIT_BITS + rank - 1
        for name, val in (
            ("rank", rank),
            ("suit", suit),
            ("index", index),
            ("bit", 1 << index),
            ("value", card_value(rank)),
        ):
            object.__setattr__(self, name, val)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, str]]:
        return (card, (self.rank, self.suit))

    def __str__(self) -> str:
        return rank_name(self.rank) + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, as in ``7♥``."""
        return rank_name(self.rank) + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in RED_SUITS


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 52 cards, indexed by :attr:`Card.index`."""
STOCK_AFTER_DEAL = len(DECK) - 2 * HAND_SIZE - 1
"""Cards in the stock once both hands and the first upcard are dealt: 31."""


def card(rank: int, suit: str) -> Card:
    """The interned card of a rank (1-13) and a suit letter."""
    return DECK[SUITS.index(suit) * SUIT_BITS + rank - 1]


def cards_of_mask(mask: int) -> list[Card]:
    """The cards whose bits are set in a hand mask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> int:
    """The hand mask of some cards."""
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted by suit, then rank, as the app lays out a hand."""
    return sorted(cards, key=lambda c: c.index)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical form separated by spaces, as ``7H 8H 9H``."""
    return " ".join(str(c) for c in cards)


_SUIT_OF_TEXT = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
                 "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_OF_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "1": 1}
_RANK_OF_TEXT.update({str(n): n for n in range(2, 11)})
_TOKEN = re.compile(r"^(10|[2-9]|[ATJQK1])([SHDC♠♥♦♣♤♡♢♧])$")
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_card(token: str) -> Card:
    """Read one card such as ``10h``, ``TH``, ``qs`` or ``7♥``; raise on anything else. Only the
    documented spellings: ASCII letters and digits and the suit symbols (no letter that merely
    folds to one, as the long s ``ſ`` to ``S``)."""
    if not isinstance(token, str):
        raise MalformedCardError(token=excerpt(token))
    text = token.strip().replace("\ufe0f", "")
    if not all(ch.isascii() or ch in _SUIT_OF_TEXT for ch in text):
        raise MalformedCardError(token=excerpt(token.strip()))
    match = _TOKEN.match(text.upper())
    if match is None:
        raise MalformedCardError(token=excerpt(token.strip()))
    return card(_RANK_OF_TEXT[match.group(1)], _SUIT_OF_TEXT[match.group(2)])


def parse_cards(text: str | Iterable[str], count: int | Collection[int] | None = None) -> list[Card]:
    """Read a hand typed as a person types it: spaces or commas between cards, any case.

    ``count`` is the number of cards expected (an int or a collection of ints); ``None`` allows
    any number of cards but none. Raises :class:`~tutor.engine.errors.CardError` subclasses that name
    the token and the reason.
    """
    tokens = _SEPARATORS.split(text) if isinstance(text, str) else [str(t) for t in text]
    tokens = [t for t in tokens if t.strip()]
    if not tokens:
        raise EmptyHandError(token="")
    hand = [parse_card(token) for token in tokens]
    check_distinct(hand)
    if count is not None:
        check_count(hand, count)
    return hand


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise :class:`~tutor.engine.errors.DuplicateCardError` naming the first card given twice."""
    if mask_of(cards).bit_count() == len(cards):
        return
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise DuplicateCardError(token=str(c), card=str(c))
        seen.add(c)


def check_count(cards: Sequence[Card], count: int | Collection[int]) -> None:
    """Raise :class:`~tutor.engine.errors.CardCountError` unless there are ``count`` cards."""
    allowed = (count,) if isinstance(count, int) else tuple(sorted(count))
    if len(cards) not in allowed:
        raise CardCountError(count=len(cards), expected=allowed)
