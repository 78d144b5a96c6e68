"""Names of the game's things in the learner's language: outcomes, sides, bonuses, meld kinds.

The app and the command line both use these, so a word is translated in one place.
"""

from __future__ import annotations

from tutor.i18n import N_, Translator

OUTCOMES = {
    "knock": N_("knock"),
    "gin": N_("gin"),
    "big_gin": N_("big gin"),
    "undercut": N_("undercut"),
}
SIDES = {"knocker": N_("the knocker"), "defender": N_("the defender")}
MELD_KINDS = {"set": N_("set"), "run": N_("run")}
BONUS_KINDS = {
    "hands_won": N_("hands won"),
    "game": N_("game bonus"),
    "shutout_double": N_("shutout: hand points doubled"),
    "shutout": N_("shutout bonus"),
}


def outcome_name(outcome: str, tr: Translator) -> str:
    return tr.gettext(OUTCOMES[outcome])


def side_name(side: str, tr: Translator) -> str:
    return tr.gettext(SIDES[side])


def bonus_name(kind: str, tr: Translator) -> str:
    return tr.gettext(BONUS_KINDS[kind])


def meld_kind_name(kind: str, tr: Translator) -> str:
    return tr.gettext(MELD_KINDS[kind])
