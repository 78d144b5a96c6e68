"""Short questions inside a lesson, right after the idea they test (``::: ask TYPE ARGS``): is this a
meld? may this hand knock? who decides first on the upcard? may the defender lay off onto a gin?
does this card fit that meld? who wins a tie? Each answer is computed by the engine under the
ruleset the learner chose, and each comes with a one-sentence reason (a :class:`Remark`).

Types and their arguments: ``meld CARDS``; ``knock CARDS`` (ten cards); ``upcard``; ``gin_layoff``;
``fits CARD | MELD``; ``tie``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.base.msgids import N_
from tutor.drills.kinds.melds import MELD_PROBLEMS
from tutor.drills.model import Remark, Word
from tutor.engine.cards import Card, parse_card, parse_cards
from tutor.engine.layoffs import fits
from tutor.engine.melds import analyze, meld_from_cards, meld_problem
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import may_knock

QUESTION_TYPES = ("meld", "knock", "upcard", "gin_layoff", "fits", "tie")
OPTIONS = {
    "meld": ("yes", "no"), "knock": ("yes", "no"), "gin_layoff": ("yes", "no"), "fits": ("yes", "no"),
    "upcard": ("non_dealer", "dealer", "nobody"), "tie": ("knocker", "defender"),
}
"""The answers a learner picks from, by type of question."""
PROMPTS = {
    "meld": N_("Is this a meld?"),
    "knock": N_("May this hand knock under the chosen rules?"),
    "upcard": N_("Under the chosen rules, who decides first whether to take the first upcard?"),
    "gin_layoff": N_("Under the chosen rules, may the defender lay off cards onto a gin?"),
    "fits": N_("Can the first card be laid off onto this meld?"),
    "tie": N_("The knocker and the defender end with the same deadwood. Under the chosen rules, who wins the hand?"),
}
MELD_REASONS = {code: text for code, text in MELD_PROBLEMS.items() if code != "not_in_hand"}
"""Why some cards are no meld: the melds drill's sentences."""


class QuestionError(ValueError):
    """A lesson's question that cannot be read: names what was wrong."""


@dataclass(frozen=True)
class Question:
    """One question of a lesson."""

    type: str
    cards: tuple[Card, ...] = ()
    card: Card | None = None

    @property
    def options(self) -> tuple[str, ...]:
        return OPTIONS[self.type]

    @property
    def prompt(self) -> str:
        """The question, a catalog message id."""
        return PROMPTS[self.type]


def read_question(body: str) -> Question:
    """A question from a lesson block's body (``meld 7H 8H 9H``, ``fits 10H | 7H 8H 9H``...)."""
    kind, _, rest = body.strip().partition(" ")
    if kind not in QUESTION_TYPES:
        raise QuestionError(f"unknown question {kind!r}: one of {', '.join(QUESTION_TYPES)}")
    try:
        if kind == "meld":
            return Question(kind, tuple(parse_cards(rest)))
        if kind == "knock":
            return Question(kind, tuple(parse_cards(rest, count=10)))
        if kind == "fits":
            card_text, _, meld_text = rest.partition("|")
            meld = tuple(parse_cards(meld_text))
            meld_from_cards(meld)
            return Question(kind, meld, parse_card(card_text.strip()))
    except ValueError as error:
        raise QuestionError(f"question {body!r}: {error}") from error
    if rest.strip():
        raise QuestionError(f"question {kind!r} takes no cards")
    return Question(kind)


def answer(question: Question, rules: Ruleset) -> str:
    """The right answer, computed by the engine under ``rules``."""
    if question.type == "meld":
        return "yes" if meld_problem(question.cards) is None else "no"
    if question.type == "knock":
        return "yes" if may_knock(question.cards, rules) else "no"
    if question.type == "upcard":
        return "non_dealer" if rules.upcard_offer else "nobody"
    if question.type == "gin_layoff":
        return "yes" if rules.layoffs_onto_gin else "no"
    if question.type == "fits":
        assert question.card is not None
        return "yes" if fits(question.card, meld_from_cards(question.cards)) else "no"
    return "defender" if rules.undercut_on_tie else "knocker"


def reason(question: Question, rules: Ruleset) -> Remark:
    """Why the answer is what it is, in one sentence."""
    if question.type == "meld":
        problem = meld_problem(question.cards)
        if problem is None:
            kind = meld_from_cards(question.cards).kind
            return Remark(N_("Yes: {cards} make a meld ({kind})."),
                          {"cards": question.cards, "kind": Word("meld_kind", kind)})
        return Remark(MELD_REASONS[problem])
    if question.type == "knock":
        deadwood = analyze(question.cards).deadwood
        if rules.may_knock_with(deadwood):
            return Remark(N_("Yes: its deadwood is {points}, within the knock limit of {limit}."),
                          {"points": deadwood, "limit": rules.knock_limit})
        return Remark(N_("No: its deadwood is {points}, over the knock limit of {limit}."),
                      {"points": deadwood, "limit": rules.knock_limit})
    if question.type == "upcard":
        if rules.upcard_offer:
            return Remark(N_("The non-dealer decides first; if it passes, the dealer decides."))
        return Remark(N_("Nobody: under these rules there is no offer, and the non-dealer simply plays first."))
    if question.type == "gin_layoff":
        return Remark(N_("Yes: under these rules the defender lays off onto a gin as onto a knock.")
                      if rules.layoffs_onto_gin else N_("No: under these rules nothing may be laid off onto a gin."))
    if question.type == "fits":
        assert question.card is not None
        if fits(question.card, meld_from_cards(question.cards)):
            return Remark(N_("Yes: the {card} extends {meld}."), {"card": question.card, "meld": question.cards})
        return Remark(N_("No: the {card} does not extend {meld}."), {"card": question.card, "meld": question.cards})
    return Remark(N_("The defender: under these rules a tie is an undercut.") if rules.undercut_on_tie
                  else N_("The knocker: under these rules only a lower deadwood undercuts."))
