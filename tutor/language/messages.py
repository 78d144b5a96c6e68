"""Error messages in the learner's language: one template per error key.

The engine's errors carry a ``key`` and ``params`` (:mod:`tutor.engine.errors`); the app and the
command line turn them into a sentence with :func:`error_message`.
"""

from __future__ import annotations

from babel.lists import format_list

from tutor.engine.errors import TutorError
from tutor.language.i18n import N_, Translator

ERROR_MESSAGES: dict[str, str] = {
    "empty_hand": N_("No cards were given."),
    "malformed_card": N_(
        "“{token}” is not a card: write a rank (A, 2–10 or T, J, Q, K) followed by a suit "
        "(S, H, D, C or ♠ ♥ ♦ ♣), as in 10H or Q♠."),
    "duplicate_card": N_("{card} appears twice: each card is in the deck only once."),
    "shared_card": N_("{card} is in both hands: a card can be in only one hand."),
    "knock_card_count": N_("The knocker shows 10 cards (11 only for big gin), not {count}."),
    "defender_card_count": N_("The defender holds 10 cards, not {count}."),
    "deadwood_over_limit": N_(
        "This hand cannot knock: its deadwood is {deadwood}, and knocking needs {limit} or less."),
    "no_big_gin": N_(
        "These rules have no big gin: with 11 melded cards, discard one and go gin."),
    "not_big_gin": N_("Eleven cards can only be shown as big gin, and these do not all meld."),
    "unknown_ruleset": N_("There is no ruleset called “{name}”. Choose one of: {choices}."),
    "ruleset_file": N_("The ruleset file {file} is not valid (field “{field}”)."),
    "malformed_result": N_("“{token}” is not a hand result: write A:23, B:31 or void."),
    "unknown_drill_kind": N_("There is no drill called “{kind}”. The drills are: {choices}."),
    "unknown_drill_level": N_("There is no level called “{level}”. The levels are: {choices}."),
    "bad_seed": N_("The puzzle number “{seed}” is not a whole number from 0 to 4294967295."),
    "bad_answer": N_("The answer could not be read: check {what}."),
    "bad_profile_name": N_("A profile name has 1 to 40 characters."),
    "hands_after_end": N_(
        "The game ended at hand {ending}, so hand {position} ({result}) cannot follow it."),
}


ANSWER_PARTS = {
    "melds": N_("the melds"),
    "deadwood": N_("the deadwood"),
    "points": N_("the points"),
    "score": N_("the winner and the points"),
    "answer": N_("the answer"),
    "layoffs": N_("the cards laid off"),
    "totals": N_("the totals"),
}


def error_message(error: TutorError, tr: Translator) -> str:
    """The error as one sentence in the translator's language."""
    params = dict(error.params)
    if error.key == "bad_answer":
        params["what"] = tr.gettext(ANSWER_PARTS.get(params.get("what", ""), ANSWER_PARTS["answer"]))
    if error.key == "card_count":
        expected = [tr.number(n) for n in params["expected"]]
        return tr.ngettext(
            "You gave {n} card; this needs {expected} cards.",
            "You gave {n} cards; this needs {expected} cards.",
            params["count"], expected=format_list(expected, style="or", locale=tr.locale))
    template = ERROR_MESSAGES.get(error.key)
    if template is None:
        return tr.gettext("Something in the input is not valid: {detail}", detail=str(error))
    return tr.gettext(template, **params)
