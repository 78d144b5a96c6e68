"""Errors raised by the engine.

Every error subclasses :class:`ValueError`, says in English what was wrong, and carries a
message ``key`` with ``params`` so that the app and the command line can show the same message
in the learner's language (see :mod:`tutor.language.messages`).
"""

from __future__ import annotations

from typing import Any


class TutorError(ValueError):
    """Base of every error the engine raises on bad input."""

    key: str = "error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params: dict[str, Any] = params


class CardError(TutorError):
    """A hand could not be read: a malformed card, a duplicate, or a wrong number of cards."""


class MalformedCardError(CardError):
    key = "malformed_card"


class DuplicateCardError(CardError):
    key = "duplicate_card"


class CardCountError(CardError):
    key = "card_count"


class EmptyHandError(CardError):
    key = "empty_hand"


class KnockError(TutorError):
    """A knock that the rules do not allow."""


class SharedCardError(KnockError):
    key = "shared_card"


class KnockCardCountError(KnockError):
    key = "knock_card_count"


class DefenderCardCountError(KnockError):
    key = "defender_card_count"


class DeadwoodOverLimitError(KnockError):
    key = "deadwood_over_limit"


class NoBigGinError(KnockError):
    key = "no_big_gin"


class NotBigGinError(KnockError):
    key = "not_big_gin"


class RulesetError(TutorError):
    """A ruleset that does not exist or whose file is not valid."""


class UnknownRulesetError(RulesetError):
    key = "unknown_ruleset"


class RulesetFileError(RulesetError):
    key = "ruleset_file"


class ResultError(TutorError):
    """A game's hand results that cannot be read or cannot happen."""


class MalformedResultError(ResultError):
    key = "malformed_result"


class HandsAfterGameEndError(ResultError):
    key = "hands_after_end"
