"""The coach's review of a hand, for the Play page and a friend game alike: the accuracy, a chart of
the hand's expected points beside the coach's, each decision not graded best with "Try again" (and,
for a discard, "Review it later"), the map of what the opponent probably held, and source 001's tips
beside the coach. Every verdict is worked out in the background (:mod:`tutor.play.background`); while
it is, a part of the page that reruns every second says how far the coach has got.

``Across`` names who sat across the table: the virtual player of a level, or a friend by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import streamlit as st

from tutor.app.ui import identity, play_review
from tutor.app.ui.render import show_holding_table, show_line_chart
from tutor.app.ui.retry import show_retry
from tutor.app.ui.session_keys import PLAY_HOLDING_AT, PLAY_REVIEW_HAND
from tutor.language.holding_text import holding_legend, holding_rows, reading_sentence
from tutor.language.i18n import Translator
from tutor.language.play_text import (
    accuracy_line,
    measured_against,
    modelled_friend,
    move_phrase,
    tip_review_lines,
    tip_value_rows,
    value_chart,
    verdict_line,
)
from tutor.play.debrief import review_tips
from tutor.play.holding import readings
from tutor.play.match import Decision, Match


@dataclass(frozen=True)
class Across:
    """Who sat across the table: ``name`` for a friend, None for the virtual player. ``recorded`` is
    called with the match once a hand's decisions are all judged (the page saves them for the
    learner's record); ``settle`` before the page runs again on its own (the table shows its moves
    at once, without fading in again what the learner has seen)."""

    name: str | None = None
    watched: bool = False
    """The page runs again by itself when the coach's answers come in (a friend game's page watches
    the table): no part of the review reruns on its own timer."""
    recorded: Callable[[Match], None] = field(default=lambda match: None)
    settle: Callable[[], None] = field(default=lambda: None)

    def held_title(self, tr: Translator) -> str:
        if self.name is None:
            return tr.gettext("What the virtual player probably held")
        return tr.gettext("What {name} probably held", name=self.name)

    def measured(self, match: Match, tr: Translator) -> str:
        return measured_against(match.level, tr) if self.name is None else modelled_friend(self.name, tr)


def show_review_progress(decisions: list[Decision], tr: Translator, across: Across) -> None:
    """While the coach is still going over the hand's decisions: how far it has got (this part
    reruns every second); once they are all judged, the whole page again, with the review."""
    waiting = play_review.still_to_judge(decisions)
    if not waiting:
        across.settle()
        st.rerun()
    stuck = play_review.failed(decisions)
    if stuck and len(stuck) == waiting:  # what is left failed: said so, and asked again on request
        st.warning(tr.ngettext("The coach could not review {n} of your decisions this time.",
                               "The coach could not review {n} of your decisions this time.", len(stuck)))
        st.button(tr.gettext("Ask the coach again"), key="play_review_again", on_click=play_review.ask_again,
                  args=(stuck,))
        return
    done = len(decisions) - waiting
    st.progress(done / len(decisions), text=tr.ngettext(
        "The coach is going over your decision: {done} of {n} done. You can deal the next hand meanwhile: "
        "this review stays with the game.",
        "The coach is going over your decisions: {done} of {n} done. You can deal the next hand meanwhile: "
        "this review stays with the game.",
        len(decisions), done=tr.number(done)))


def show_hand_review(match: Match, number: int, tr: Translator, across: Across) -> None:
    """Hand ``number``'s review (from 1) once every decision is judged, else how far it has got."""
    decisions = play_review.hand_decisions(match, number - 1)
    if not decisions:
        st.caption(tr.gettext("The hand ended before you had a decision to make."))
    elif play_review.still_to_judge(decisions):
        if across.watched:
            show_review_progress(decisions, tr, across)
        else:
            st.fragment(show_review_progress, run_every=1.0)(decisions, tr, across)
    else:
        across.recorded(match)
        show_review(match, number, tr, across)


def show_review(match: Match, number: int, tr: Translator, across: Across) -> None:
    """The review of hand ``number`` (from 1), every decision judged: the accuracy, the chart, each
    decision not graded best with "Try again", and 001's tips beside the coach."""
    decisions = play_review.hand_decisions(match, number - 1)
    st.caption(accuracy_line(decisions, [d for d in match.decisions if d.hand < number], tr) + " "
               + across.measured(match, tr))
    show_line_chart(value_chart(decisions, tr), tr.gettext("Your decisions in this hand, in order"),
                    tr.gettext("Expected points of the hand"),
                    tr.gettext("The hand's expected points after each of your decisions, beside the coach's."),
                    tr.locale)
    reviewed = play_review.reviewed(match)
    missed = [d for d in decisions if not d.agreed]
    for decision in missed:
        index = match.decisions.index(decision)
        line = tr.gettext("Turn {turn}: {comment}", turn=tr.number(decision.view["turn"]),
                          comment=verdict_line(decision, tr))
        left, middle, right = st.columns([4, 1, 1])
        left.text(line)
        middle.button(tr.gettext("Try again"), key=f"play_retry_{index}", on_click=play_review.retry,
                      args=(match, index))
        if decision.view["phase"] == "discard" and identity.current() is not None:
            if index in reviewed:
                right.caption(tr.gettext("In your review"))
            else:
                right.button(tr.gettext("Review it later"), key=f"play_review_{index}",
                             on_click=play_review.to_review, args=(match, index))
    retrying = play_review.retrying(match)
    if retrying is not None and match.decisions[retrying].hand == number - 1:
        show_retry(match, retrying, tr)
    show_holding(match, decisions, number, tr, across)
    with st.expander(tr.gettext("Source 001's tips, beside the coach"), expanded=bool(missed)):
        st.caption(tr.gettext("Rules of thumb for beginners, as lesson 10 states them (where 001 leaves a word "
                              "open, such as “little deadwood”, the check reads it as gin-tutor does): the coach "
                              "follows them where they pay, and says what departing from one gained or cost."))
        tops = {d.view["turn"]: d.view["top_discard"] for d in decisions if d.view["phase"] != "discard"}
        for review in review_tips(decisions):
            for line in tip_review_lines(review, tops, tr):
                st.text(line)
        st.caption(tr.gettext("What each tip is worth on average, measured by the analysis over positions of the "
                              "strong player's games (a positive figure: following the tip pays):"))
        st.table(tip_value_rows(tr))


def show_holding(match: Match, decisions: list[Decision], number: int, tr: Translator, across: Across) -> None:
    """At a decision of the hand that the learner picks (the last one first: the most is known
    there): the coach's map of what the opponent probably held then, the readings that mattered,
    and what they really held."""
    with st.expander(across.held_title(tr)):
        at = st.selectbox(tr.gettext("At your decision"), range(len(decisions)), index=len(decisions) - 1,
                          key=f"{PLAY_HOLDING_AT}{number}",
                          format_func=lambda i: tr.gettext(
                              "Turn {turn}: {comment}", turn=tr.number(decisions[i].view["turn"]),
                              comment=move_phrase(decisions[i].move, decisions[i].view["top_discard"], tr)))
        decision = decisions[at or 0]
        found = decision.holding
        kind, card = decision.move
        for reading in readings(found, thrown=card if kind in ("discard", "knock") else None):
            st.text(reading_sentence(reading, found, tr))
        show_holding_table(holding_rows(found, match.opponent_hand_at(decision), tr), found)
        st.caption(holding_legend(found, True, tr))


def show_earlier_reviews(match: Match, upto: int, tr: Translator, across: Across) -> None:
    """The reviews of the game's hands 1 to ``upto`` that had a decision, one at a time (kept whenever
    the next hand was dealt)."""
    earlier = [n for n in range(1, upto + 1) if play_review.hand_decisions(match, n - 1)]
    if earlier:
        with st.expander(tr.gettext("Reviews of this game's earlier hands")):
            chosen = st.selectbox(tr.gettext("Hand"), earlier, index=len(earlier) - 1, key=PLAY_REVIEW_HAND,
                                  format_func=lambda n: tr.gettext("Hand {n}", n=tr.number(n)))
            show_hand_review(match, chosen or earlier[-1], tr, across)
