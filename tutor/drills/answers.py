"""Reading a learner's answer: cards and whole numbers, with an :class:`AnswerError` that says
which part could not be read."""

from __future__ import annotations

from typing import Any

from tutor.drills.model import AnswerError
from tutor.engine.cards import Card, parse_cards
from tutor.engine.errors import TutorError


def read_cards(value: Any, what: str) -> list[Card]:
    """Cards given as text (``"7H 8H"``), as card names, or as cards."""
    try:
        if isinstance(value, str):
            return parse_cards(value)
        items = list(value)
        return [c if isinstance(c, Card) else parse_cards(str(c))[0] for c in items] if items else []
    except TutorError:
        raise
    except (TypeError, ValueError) as error:
        raise AnswerError(f"the {what} could not be read", what=what) from error


def read_number(value: Any, what: str) -> int:
    """A whole number given as a number or as text."""
    text = str(value).strip()
    if not text.lstrip("-").isdigit():
        raise AnswerError(f"the {what} must be a whole number, not {text!r}", what=what)
    return int(text)
