"""Drill verdicts and hints in the learner's language.

The drills are language-free: a verdict names its mistake and says what went wrong as
:class:`~tutor.drills.model.Remark` values (an English message id and its parameters). This
module translates them, formats cards, numbers and words of the game, and explains the engine's
result step by step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.drills.model import Percent, Remark, Result, Verdict, Word
from tutor.engine.cards import Card
from tutor.engine.melds import HandAnalysis, Meld
from tutor.engine.scoring import HandScore
from tutor.language.explain import analysis_steps, cards_text, score_steps, totals_steps
from tutor.language.i18n import Translator
from tutor.language.labels import MELD_KINDS, SIDES

WORDS = {"meld_kind": MELD_KINDS, "side": SIDES}
"""The lists of words a remark may name, by the table a :class:`~tutor.drills.model.Word` gives."""


def _value(value: Any, tr: Translator) -> str:
    """One parameter of a remark, as the learner reads it."""
    if isinstance(value, Remark):
        return render(value, tr)
    if isinstance(value, Percent):
        return tr.percent(round(value.value) / 100)
    if isinstance(value, Word):
        return tr.gettext(WORDS[value.table][value.value])
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Meld):
        return cards_text(value.cards)
    if isinstance(value, (tuple, list)):
        return cards_text(value) if value else "—"
    if isinstance(value, float):
        return tr.number(value, places=1)  # expected points: one decimal, as the language writes it (4,1)
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return tr.number(value)


def render(remark: Remark, tr: Translator) -> str:
    """A remark as one sentence in the translator's language."""
    params = {name: _value(value, tr) for name, value in remark.params.items() if name != "n"}
    if remark.plural is not None:
        return tr.ngettext(remark.template, remark.plural, int(remark.params["n"]), **params)
    return tr.gettext(remark.template, **params)


def feedback(verdict: Verdict, tr: Translator) -> str:
    """Where a wrong answer first went wrong, in a sentence or two (empty when it is right)."""
    return " ".join(render(remark, tr) for remark in verdict.remarks)


def explanation(result: Result, tr: Translator) -> list[str]:
    """The engine's result for a puzzle walked through step by step."""
    if isinstance(result, HandAnalysis):
        return analysis_steps(result, tr)
    if isinstance(result, HandScore):
        return score_steps(result, tr)
    return totals_steps(result, tr)


def hint_texts(hints: Sequence[Remark], tr: Translator) -> list[str]:
    return [render(hint, tr) for hint in hints]
