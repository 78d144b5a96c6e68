"""Errors raised by the engine.

Every error subclasses :class:`ValueError` and carries a message ``key``, its ``params`` and one
English ``template`` (a catalog message id), so that the engine's own message, the app's and the
command line's are the same sentence, in the learner's language where there is one (see
:mod:`tutor.language.messages`). ``detail`` adds what only a developer needs (a file, a field).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.base.msgids import N_, NP_


class TutorError(ValueError):
    """Base of every error the engine raises on bad input."""

    key: ClassVar[str] = "error"
    template: ClassVar[str] = N_("Something in the input is not valid: {detail}")

    def __init__(self, detail: str = "", **params: Any) -> None:
        self.detail = detail
        self.params: dict[str, Any] = params
        super().__init__(self.english())

    def english(self) -> str:
        """The message in English, from the same template the catalogs translate."""
        params = dict(self.params)
        if "card" in params:  # "the Q♠", as the catalogs' {the_card} says it in English
            params.setdefault("the_card", f"the {params['card']}")
            params.setdefault("The_card", f"The {params['card']}")
        text = self.template.format(detail=self.detail, **params)
        return f"{text} ({self.detail})" if self.detail and "{detail}" not in self.template else text


EXCERPT = 20
"""The most characters of a bad token quoted in a message."""


def excerpt(token: object, most: int = EXCERPT) -> str:
    """A bad token as a message may quote it: at most ``most`` characters, each control,
    invisible or undecodable character shown as ``�``."""
    text = token if isinstance(token, str) else repr(token)
    shown = "".join(ch if ch.isprintable() else "\ufffd" for ch in text[:most])
    return shown + ("…" if len(text) > most else "")


class CardError(TutorError):
    """A hand could not be read: a malformed card, a duplicate, or a wrong number of cards."""


class MalformedCardError(CardError):
    key = "malformed_card"
    template = N_("“{token}” is not a card: write a rank (A, 2–10 or T, J, Q, K) followed by a suit "
                  "(S, H, D, C or ♠ ♥ ♦ ♣), as in 10H or Q♠.")


class DuplicateCardError(CardError):
    key = "duplicate_card"
    template = N_("{card} appears twice: each card is in the deck only once.")


class CardCountError(CardError):
    key = "card_count"
    template, plural = NP_("You gave {n} card; this needs {expected} cards.",
                           "You gave {n} cards; this needs {expected} cards.")

    def english(self) -> str:
        count, expected = self.params["count"], self.params["expected"]
        text = self.template if count == 1 else self.plural
        return text.format(n=count, expected=" or ".join(map(str, expected)))


class EmptyHandError(CardError):
    key = "empty_hand"
    template = N_("No cards were given.")


class NotAMeldError(CardError):
    key = "not_a_meld"
    template = N_("{cards} is not a meld.")


class KnockError(TutorError):
    """A knock that the rules do not allow."""


class SharedCardError(KnockError):
    key = "shared_card"
    template = N_("{card} is in both hands: a card can be in only one hand.")


class KnockCardCountError(KnockError):
    key = "knock_card_count"
    template = N_("The knocker shows 10 cards (11 only for big gin), not {count}.")


class DefenderCardCountError(KnockError):
    key = "defender_card_count"
    template = N_("The defender holds 10 cards, not {count}.")


class DeadwoodOverLimitError(KnockError):
    key = "deadwood_over_limit"
    template = N_("This hand cannot knock: its deadwood is {deadwood}, and knocking needs {limit} or less.")


class NoBigGinError(KnockError):
    key = "no_big_gin"
    template = N_("These rules have no big gin: with 11 melded cards, discard one and go gin.")


class NotBigGinError(KnockError):
    key = "not_big_gin"
    template = N_("Eleven cards can only be shown as big gin, and these do not all meld.")


class RulesetError(TutorError):
    """A ruleset that does not exist or whose file is not valid."""


class UnknownRulesetError(RulesetError):
    key = "unknown_ruleset"
    template = N_("There is no ruleset called “{name}”. Choose one of: {choices}.")


class RulesetFileError(RulesetError):
    key = "ruleset_file"
    template = N_("The ruleset file {file} is not valid (field “{field}”).")


class RulesetOptionError(RulesetError):
    """Rules given as options (a view's ``rules``) with an unknown option or a value of the wrong kind."""

    key = "ruleset_option"
    template = N_("These rules are not valid (option “{option}”).")


class ResultError(TutorError):
    """A game's hand results that cannot be read or cannot happen."""


class MalformedResultError(ResultError):
    key = "malformed_result"
    template = N_("“{token}” is not a hand result: write A:23, B:31 or void.")


class HandsAfterGameEndError(ResultError):
    key = "hands_after_end"
    template = N_("The game ended at hand {ending}, so hand {position} ({result}) cannot follow it.")

