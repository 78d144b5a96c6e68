"""A lesson's short questions on screen: the question, its cards, the answers to pick from, and
instant feedback. A wrong first answer is told what it missed, when it is one of the usual slips,
and gets a second try before the engine's answer is shown."""

from __future__ import annotations

import streamlit as st

from tutor.app.ui.render import show_cards
from tutor.app.ui.session_keys import question_tries
from tutor.content.documents import Block
from tutor.drills.questions import Question, answer, choices, prompt, read_question, reason, slip
from tutor.engine.cards import parse_card
from tutor.engine.rules import Ruleset
from tutor.language.feedback import render
from tutor.language.i18n import N_, Translator
from tutor.language.labels import card_name

OPTION_LABELS = {"yes": N_("Yes"), "no": N_("No"), "non_dealer": N_("The non-dealer"), "dealer": N_("The dealer"),
                 "nobody": N_("Nobody"), "knocker": N_("The knocker"), "defender": N_("The defender"),
                 "alternate": N_("The other player: the deal alternates"), "winner": N_("The winner of the hand"),
                 "reach_50": N_("When a player reaches 50"), "reach_100": N_("When a player reaches 100"),
                 "pass_100": N_("When a player passes 100"), "doubled": N_("They are doubled"),
                 "plus_100": N_("They stay, and 100 more are added"), "knock": N_("Knock now"),
                 "wait": N_("Wait")}
CARD_ANSWERS = frozenset({"discard", "wanted", "double"})
"""The questions whose answers are cards (by code)."""
YOUR_HAND = frozenset({"double", "take"})
"""The questions whose cards are the learner's own hand (the answers offered are shown as buttons)."""


def option_label(question: Question, option: str, tr: Translator) -> str:
    """An answer as the learner reads it: a word, a number, a card or a suit."""
    if option in OPTION_LABELS:
        return tr.gettext(OPTION_LABELS[option])
    if option.isdigit():
        return tr.number(int(option))
    if question.type in CARD_ANSWERS:
        return card_name(parse_card(option), tr)
    return option  # a suit's symbol


def _picked(key: str) -> None:
    """Count the tries of a question (a change of answer is a try; clearing it is not)."""
    if st.session_state.get(key) is not None:
        st.session_state[question_tries(key)] = st.session_state.get(question_tries(key), 0) + 1


def show_question(block: Block, key: str, tr: Translator, rules: Ruleset) -> None:
    """One question with its feedback, under the chosen ruleset."""
    question = read_question(block.body)
    with st.container(border=True):
        st.markdown(tr.gettext("**Quick question.** {prompt}", prompt=render(prompt(question), tr)))
        if question.card is not None:
            show_cards((question.card,), tr, label=tr.gettext("The card"))
        if question.type == "points":
            show_cards(question.cards, tr, label=tr.gettext("The knocker's hand"))
            show_cards(question.other, tr, label=tr.gettext("The defender's hand"))
        elif question.type in YOUR_HAND:
            show_cards(question.cards, tr, label=tr.gettext("Your hand"))
        elif question.cards:
            show_cards(question.cards, tr)
        st.segmented_control(tr.gettext("Your answer"), choices(question, rules), key=key, on_change=_picked,
                             args=(key,), format_func=lambda option: option_label(question, option, tr),
                             label_visibility="collapsed")
        given = st.session_state.get(key)
        if given is None:
            return
        right = answer(question, rules)
        why = render(reason(question, rules), tr)
        if given == right:
            st.success(tr.gettext("Right! {why}", why=why))
        elif st.session_state.get(question_tries(key), 0) < 2:
            missed = slip(question, given, rules)
            if missed is None:
                st.warning(tr.gettext("Not yet: think again and pick another answer."))
            else:
                st.warning(tr.gettext("Not yet. {missed} Think again and pick another answer.",
                                      missed=render(missed, tr)))
        else:
            st.error(tr.gettext("The answer is “{answer}”. {why}", answer=option_label(question, right, tr), why=why))
