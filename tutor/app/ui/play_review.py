"""A hand's review on the Play page: its decisions as the background reviewer judges them, the ones
sent to the review queue, and a decision tried again (Lichess's "learn from your mistakes").

Every verdict here comes from :mod:`tutor.play.background`: the page asks, and shows it once it is
ready (a part of the page that reruns every second meanwhile), never working it out on a click.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import streamlit as st

from tutor.app.ui import identity, store_access
from tutor.app.ui.play_state import owner
from tutor.app.ui.session_keys import PLAY_RETRY, PLAY_RETRY_MOVE, PLAY_REVIEWED, PLAY_WAITING
from tutor.drills.kinds.discard import level_of_turn
from tutor.language.i18n import Translator
from tutor.play import background
from tutor.play.match import Decision, Match
from tutor.play.moves import read_move
from tutor.play.positions import encode_view
from tutor.progress.review import DrillItem, Rating


def hand_decisions(match: Match, number: int) -> list[Decision]:
    """The learner's decisions of hand ``number`` (from 0)."""
    return [d for d in match.decisions if d.hand == number]


def still_to_judge(decisions: Sequence[Decision], urgent: bool = False) -> int:
    """How many of ``decisions`` the coach has still to judge, asking the reviewer for them (``urgent``:
    the page waits for them now, before any review)."""
    return background.request(decisions, owner(), urgent=urgent)


def failed(decisions: Sequence[Decision]) -> list[Decision]:
    """Those of ``decisions`` whose verdict the coach could not work out (the page says so)."""
    return [d for d in decisions if d.failed and not d.judged]


def ask_again(decisions: Sequence[Decision], urgent: bool = False) -> None:
    """Ask the coach again for verdicts it could not work out."""
    background.request(decisions, owner(), urgent=urgent, again=True)


SAY_WAIT_AFTER = 3.0
"""Seconds after which a line that says the coach is weighing also says how long it usually takes."""


def wait_text(since: float, tr: Translator) -> str:
    """Once the learner has waited :data:`SAY_WAIT_AFTER` seconds, how long an answer usually takes
    on this server (the latest answers' median) and how long this one has taken; else nothing."""
    waited = time.monotonic() - since
    usual = background.usual_wait()
    if waited < SAY_WAIT_AFTER or usual is None:
        return ""
    return " " + tr.gettext("It usually takes about {usual} s here; {waited} s so far.",
                            usual=tr.number(max(1, round(usual))), waited=tr.number(round(waited)))


def waiting_since(decision: Decision) -> float:
    """Since when the page has waited for the verdict on ``decision`` (the learner's last move)."""
    kept = st.session_state.get(PLAY_WAITING)
    if not (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == id(decision)):
        kept = (id(decision), time.monotonic())
        st.session_state[PLAY_WAITING] = kept
    since: float = kept[1]
    return since


def reviewed(match: Match) -> set[int]:
    """The decisions of ``match`` (by their index) that the learner sent to review."""
    sent: dict[int, set[int]] = st.session_state.setdefault(PLAY_REVIEWED, {})
    return sent.setdefault(match.seed, set())


def to_review(match: Match, decision_index: int) -> None:
    """Put a discard decision of the learner's into the review queue as a "which card to throw" drill."""
    learner = identity.current()
    if learner is None or not 0 <= decision_index < len(match.decisions):
        return
    decision = match.decisions[decision_index]
    schedule_mistake(learner.id, match, decision)
    reviewed(match).add(decision_index)


def schedule_mistake(profile_id: int, match: Match, decision: Decision) -> None:
    """Put a discard ``decision`` of ``match`` into the profile's review queue (and so into *Practise my
    mistakes*) as a "which card to throw" drill, played against the level the decision faced."""
    level = level_of_turn(int(decision.view["turn"]))
    item = DrillItem("discard", level, match.rules.name, match.seed, encode_view(decision.view,
                                                                                   decision.opponent)).format()
    store_access.store().schedule(profile_id, item, Rating.Again)


def retry(match: Match, decision_index: int) -> None:
    """Open one of the learner's decisions in ``match`` again, to choose anew from the same position."""
    if 0 <= decision_index < len(match.decisions):
        st.session_state[PLAY_RETRY] = (match.seed, decision_index)
        st.session_state.pop(PLAY_RETRY_MOVE, None)


def retrying(match: Match) -> int | None:
    """The decision of ``match`` (by its index) being tried again, if one is."""
    kept = st.session_state.get(PLAY_RETRY)
    if not (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == match.seed):
        return None
    index = kept[1]
    return index if isinstance(index, int) and 0 <= index < len(match.decisions) else None


def retry_move(move: tuple[str, str | None], first: Decision) -> None:
    """The learner's new choice at ``first``, the decision being tried again: a decision of its own,
    sent to the reviewer first in line with every move the coach valued (the table beside the verdict)."""
    chosen = Decision(first.hand, first.view, read_move(move), first.opponent)
    st.session_state[PLAY_RETRY_MOVE] = chosen
    weigh_retried(chosen, first)


def weigh_retried(chosen: Decision, first: Decision, again: bool = False) -> None:
    """Ask the reviewer, first in line, for the verdict on ``chosen`` (a move chosen anew at the
    learner's decision ``first``) with every move the coach valued beside it; ``again``: once more
    after its work failed. Asked again on each run while it is waiting, it is queued once."""
    background.request([chosen], owner(), urgent=True, compare=(first.move,), thorough=True, again=again)


def retried() -> Decision | None:
    """The decision chosen anew where one is tried again, once chosen."""
    chosen: Decision | None = st.session_state.get(PLAY_RETRY_MOVE)
    return chosen




def close_retry() -> None:
    st.session_state.pop(PLAY_RETRY, None)
    st.session_state.pop(PLAY_RETRY_MOVE, None)
