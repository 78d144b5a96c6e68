"""Error messages in the learner's language.

Each of the engine's errors carries its key, its parameters and its English template (a catalog
message id, :mod:`tutor.engine.errors`); :func:`error_message` translates that template.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.lists import format_list

from tutor.engine.errors import CardCountError, TutorError
from tutor.language.i18n import N_, Translator

ANSWER_PARTS = {
    "melds": N_("the melds"),
    "deadwood": N_("the deadwood"),
    "points": N_("the points"),
    "score": N_("the winner and the points"),
    "answer": N_("the answer"),
    "layoffs": N_("the cards laid off"),
    "totals": N_("the totals"),
    "card": N_("the card"),
}
"""What part of a drill's answer could not be read, for the ``bad_answer`` error."""


OWN_PARAMS = frozenset({"choices"})
"""Parameters that are the app's own words (the list of valid choices), never the user's: not escaped."""


def error_message(error: TutorError, tr: Translator, escape: Callable[[str], str] | None = None) -> str:
    """The error as one sentence in the translator's language. ``escape`` is applied to every text
    the error quotes (what a user typed or an address said), for screens that render Markdown."""
    params: dict[str, Any] = {k: escape(v) if escape and isinstance(v, str) and k not in OWN_PARAMS else v
                              for k, v in error.params.items()}
    if isinstance(error, CardCountError):
        expected = [tr.number(n) for n in params["expected"]]
        return tr.ngettext(error.template, error.plural, params["count"],
                           expected=format_list(expected, style="or", locale=tr.locale))
    if error.key == "bad_answer":
        params["what"] = tr.gettext(ANSWER_PARTS.get(params.get("what", ""), ANSWER_PARTS["answer"]))
    detail = escape(error.detail) if escape and isinstance(error.detail, str) else error.detail
    return tr.gettext(error.template, detail=detail, **params)
