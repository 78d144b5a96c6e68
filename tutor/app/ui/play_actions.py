"""The learner's actions on the Play page: a click on the table turned into a move (played, saved,
and sent to the coach), the Hint asked and shown, the last decision's verdict, and the next hand.
The match they act on is :mod:`tutor.app.ui.play_state`'s.

No click waits for the coach's analysis: each decision goes to the background reviewer as it is made
(:mod:`tutor.play.background`; first in line with Coach mode on), and what needs a verdict shows it
when it is ready.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.app.ui.play_state import coach_on, current, hand_over_pending, owner, save
from tutor.app.ui.safe import error_text
from tutor.app.ui.session_keys import (
    PLAY_ARMED,
    PLAY_COMMENTS,
    PLAY_ERROR,
    PLAY_FRESH,
    PLAY_HINT,
    PLAY_MATCH,
    PLAY_PENDING,
    PLAY_RETRY,
    PLAY_RETRY_MOVE,
    PLAY_SEEN,
    PLAY_TABLE,
)
from tutor.app.ui.table_data import action_move, knock_cards
from tutor.engine.errors import TutorError
from tutor.language.i18n import Translator
from tutor.language.play_text import hint_sentence, hint_value_text
from tutor.play import background
from tutor.play.background import Asked
from tutor.play.coach import CoachHint
from tutor.play.match import LEARNER, Decision, Match


def act(action: str) -> None:
    """React to a click or a key on the table: a move, or arming Knock or Gin."""
    match = current()
    session = st.session_state
    session.pop(PLAY_ERROR, None)
    if match is None or match.game.over or hand_over_pending(match) or not match.learner_to_move:
        return
    armed = session.get(PLAY_ARMED)
    if action in ("knock", "gin"):
        possible = knock_cards(match.view(), gin=action == "gin")
        session[PLAY_ARMED] = None if armed == action or not possible else action
        return
    move = action_move(action, armed)
    if move is None:
        return
    play(match, move)


def actions_for(move: tuple[str, Any]) -> list[str]:
    """The table's actions that make a move: a card click for a discard, the Knock button then a
    card for a knock, else the action of the move's kind."""
    kind, card = move
    if kind == "discard":
        return [f"card:{card}"]
    if kind == "knock":
        return ["knock", f"card:{card}"]
    return [kind]


def play(match: Match, move: tuple[str, str | None]) -> None:
    """Play the learner's move and the virtual player's replies; keep the coach's comment."""
    session = st.session_state
    try:
        after = match.play(move)
    except TutorError as error:
        session[PLAY_ERROR] = error
        return
    session[PLAY_ARMED] = None
    session[PLAY_HINT] = None
    session[PLAY_MATCH] = after
    session[PLAY_FRESH] = len([p for p in after.moves[len(match.moves):] if p.player != LEARNER])
    if not save(after):
        return  # the game moved on elsewhere: this move is refused, the table shows the game as it is
    decision = after.decisions[-1]
    comments: list[Any] = session.setdefault(PLAY_COMMENTS, [])
    comments.append(decision)
    background.request([decision], owner(), urgent=coach_on())  # judged away from this click


def table_clicked() -> None:
    """The table component's callback: its trigger value, the action, waits for the page's run
    (:func:`take_pending`), which plays it before drawing anything."""
    result = st.session_state.get(PLAY_TABLE)
    action = getattr(result, "action", None) if result is not None else None
    if isinstance(action, str):
        st.session_state[PLAY_PENDING] = action


def take_pending() -> None:
    """Play the action the table reported, if one is waiting."""
    action = st.session_state.pop(PLAY_PENDING, None)
    if isinstance(action, str):
        act(action)


def ask_hint() -> None:
    """The Hint button: the coach works the hint out in the background (first in line); the page
    shows it once it is in (:func:`hint_asked`). A hint whose work failed is asked anew."""
    match = current()
    if match is not None and match.learner_to_move and not hand_over_pending(match):
        st.session_state[PLAY_HINT] = len(match.decisions)
        background.ask(match.view(), match.level, "hint", owner(), again=True)


def hint_asked(match: Match) -> Asked | None:
    """The hint asked for at this decision, answered or still being worked out (asked again if the
    reviewer dropped it); None when none was asked here."""
    if st.session_state.get(PLAY_HINT) != len(match.decisions) or not match.learner_to_move:
        return None
    return background.ask(match.view(), match.level, "hint", owner())


def hint_text(hint: CoachHint, match: Match, tr: Translator) -> str:
    """The hint, in words."""
    top = match.view()["top_discard"]
    value = hint_value_text(hint, top, tr)
    sentence = hint_sentence(hint.advice, top, tr)
    return f"{sentence} {value}" if value else sentence


def last_decision() -> Decision | None:
    """The learner's last decision in this hand, whose verdict Coach mode shows; None before the first."""
    comments = st.session_state.get(PLAY_COMMENTS) or []
    decision: Decision | None = comments[-1] if comments else None
    return decision


def move_error(tr: Translator) -> str | None:
    """Why the learner's last action could not be played, if it could not."""
    error = st.session_state.get(PLAY_ERROR)
    return error_text(error, tr) if error is not None else None


def next_hand() -> None:
    """Leave the finished hand's result: the virtual player opens the next hand if it is first."""
    match = current()
    if match is None:
        return
    session = st.session_state
    session[PLAY_SEEN] = len(match.game.played)
    session[PLAY_COMMENTS] = []
    session.pop(PLAY_RETRY, None)
    session.pop(PLAY_RETRY_MOVE, None)
    before = len(match.moves)
    after = match.next_hand()
    session[PLAY_MATCH] = after
    session[PLAY_FRESH] = len(after.moves) - before
    save(after)
