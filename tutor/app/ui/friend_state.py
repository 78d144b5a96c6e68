"""The Play a friend page's memory and actions: the table open in this session (named in the address
as ``?table=K7QX-2M9P``), this browser's seat at it, the moves made there, and the news a page asks
for every half second.

The table lives in the store (:mod:`tutor.progress.store_friends`), not in a process: two players on
two app processes sit at the same row. This session keeps the game rebuilt from the row's moves
(:mod:`tutor.play.friend`) while the row's version is unchanged, and the seat's decisions with the
coach's verdicts as they come in. A move is written only at the version it continues: a tab that is
behind, a repeated click or a second tab of the same seat is refused and shown the table as it is.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, replace
from datetime import datetime

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.app.ui import identity, play_review, state, store_access
from tutor.app.ui.play_state import owner
from tutor.app.ui.session_keys import (
    FRIEND_ARMED,
    FRIEND_AT,
    FRIEND_COACH_SHOWN,
    FRIEND_CODE,
    FRIEND_ERROR,
    FRIEND_GONE_SHOWN,
    FRIEND_HINT,
    FRIEND_HINTS,
    FRIEND_LEAVING,
    FRIEND_MOVES_SEEN,
    FRIEND_NAME,
    FRIEND_OTHER,
    FRIEND_PENDING,
    FRIEND_RECORDED,
    FRIEND_RULES,
    FRIEND_SEEN,
    FRIEND_SEEN_AT,
    FRIEND_TABLE,
    FRIEND_WAITING_UNTIL,
)
from tutor.app.ui.table_data import action_move, knock_cards
from tutor.base.msgids import N_
from tutor.engine.errors import TutorError
from tutor.engine.rules import available_rulesets, load_ruleset
from tutor.language.i18n import Translator
from tutor.play import background
from tutor.play.background import Asked
from tutor.play.friend import FRIEND_LEVEL, MODEL_LEVEL, FriendGame, discards_to_review, replay
from tutor.play.hand import check_seed
from tutor.play.match import Match, decisions_accuracy, judged_upto
from tutor.play.moves import moves_code, read_moves_code
from tutor.progress.store import StaleGameError
from tutor.progress.store_classes import SchoolClass
from tutor.progress.store_friends import FriendTable, Sitter, TableState

DEAL_PARAM = "game"
"""A deal asked for in the page's address (``?game=SEED``): a new table deals it."""
TABLE_PARAM = "table"
"""The table's code in the page's address: the link sent to the friend."""
WATCH_EVERY = 0.5
"""Seconds between two looks at the table while the other player is to move (the page's watching
fragment): a move reaches the other screen within about this much and one page run."""
GONE_AFTER = 45.0
"""Seconds without a sign of life from a seat after which its player counts as gone."""
SEEN_EVERY = 5.0
"""How often (seconds) a page tells the table its player is still there."""
WAIT_MORE = 120.0
"""Seconds a player who chose to wait for a gone friend is not asked again."""


class TableMovedError(TutorError):
    """A move from a page that is behind the table (another tab, a repeated click)."""

    key = "table_moved"
    template = N_("The game moved on before this move arrived (another tab, or a second click): here is the table "
                  "as it is now.")


class NoTableError(TutorError):
    key = "no_table"
    template = N_("There is no table with the code “{code}”. Check the code, or ask your friend for the link again.")


class TableFullError(TutorError):
    key = "table_full"
    template = N_("Two players already sit at this table.")


class NotInvitedError(TutorError):
    key = "not_invited"
    template = N_("This challenge is for another classmate.")


class TableOverError(TutorError):
    key = "table_over"
    template = N_("This game has already ended.")


SIT_ERRORS: dict[str, type[TutorError]] = {"full": TableFullError, "not_invited": NotInvitedError,
                                           "over": TableOverError}


@dataclass(frozen=True)
class AtTable:
    """The table open in this session, as last read: the row, this session's seat (None: not seated,
    e.g. a teacher looking at a finished game), the game rebuilt and the seat's side of it."""

    table: FriendTable
    seat: int | None
    game: FriendGame
    side: Match | None

    @property
    def other(self) -> int | None:
        return None if self.seat is None else 1 - self.seat

    def name(self, seat: int, tr: Translator) -> str:
        """The name a seat shows (a guest who gave none: "Guest")."""
        sitter = self.table.seats[seat]
        return (sitter.name if sitter is not None and sitter.name else tr.gettext("Guest"))


# --- who sits -------------------------------------------------------------------------------------

def sitter(tr: Translator) -> Sitter:
    """This session as a player: its profile, else (a guest) its browser and the name typed."""
    learner = identity.current()
    if learner is not None:
        return Sitter(learner.id, None, learner.name)
    typed = str(st.session_state.get(FRIEND_NAME) or "").strip()
    return Sitter(None, identity.browser_id(), typed or tr.gettext("Guest"))


def _my_seat(table: FriendTable) -> int | None:
    learner = identity.current()
    return table.seat_of(learner.id if learner else None, identity.browser_id())


# --- the table open here --------------------------------------------------------------------------

def _rebuilt(table: FriendTable, seat: int | None) -> AtTable | None:
    """The game of ``table`` rebuilt from its moves (the seat's decisions keep the verdicts this
    session has); None when its moves no longer replay (a table from a newer version)."""
    kept = st.session_state.get(FRIEND_AT)
    if isinstance(kept, AtTable) and kept.table.id == table.id and kept.table.version == table.version \
            and kept.seat == seat:
        fresh = replace(kept, table=table)  # the same game; the row's signs of life as they are now
        st.session_state[FRIEND_AT] = fresh
        return fresh
    if table.ruleset not in available_rulesets():
        return None
    try:
        game = replay(load_ruleset(table.ruleset), table.seed, list(read_moves_code(table.moves)), table.robot,
                      table.robot_from)
    except TutorError:
        return None
    old = kept.side.decisions if isinstance(kept, AtTable) and kept.table.id == table.id and kept.side else ()
    found = AtTable(table, seat, game, None if seat is None else game.side(seat, old))
    st.session_state[FRIEND_AT] = found
    return found


def open_code() -> str | None:
    """The table code the page's address names, if any."""
    code = st.query_params.get(TABLE_PARAM)
    return code if code else None


def at_table() -> AtTable | None:
    """The table the address names, read now (None: none named, or none this session may see)."""
    code = open_code()
    if code is None:
        return None
    table = store_access.store().friend_table_by_code(code)
    if table is None:
        return None
    return _rebuilt(table, _my_seat(table))


def go_to(table: FriendTable) -> None:
    """Open ``table`` on this page (its code into the address)."""
    for key in (FRIEND_ARMED, FRIEND_ERROR, FRIEND_HINT, FRIEND_LEAVING, FRIEND_WAITING_UNTIL, FRIEND_PENDING):
        st.session_state.pop(key, None)
    st.query_params[TABLE_PARAM] = table.code
    st.session_state[FRIEND_MOVES_SEEN] = (table.id, len(read_moves_code(table.moves)) if table.moves else 0)


def leave_page() -> None:
    """Back to the page's start (the table stays as it is)."""
    st.query_params.pop(TABLE_PARAM, None)
    st.session_state.pop(FRIEND_AT, None)


def asked_deal() -> int | None:
    """The deal the page's address asks a new table for (``?game=SEED``, as the Play page's address
    names a deal), if it names a valid one."""
    try:
        return check_seed(st.query_params.get(DEAL_PARAM)) if st.query_params.get(DEAL_PARAM) else None
    except TutorError:
        return None


def open_new_table(tr: Translator, class_id: int | None = None, invited: int | None = None) -> None:
    """Open a table under the ruleset and hints chosen (the deal the address asks for, else a fresh
    one), this session in seat 0."""
    ruleset = str(st.session_state.get(FRIEND_RULES) or state.ruleset().name)
    hints = bool(st.session_state.get(FRIEND_HINTS, True))
    deal = asked_deal()
    table = store_access.store().open_table(ruleset if ruleset in available_rulesets() else "classic",
                                            state.new_seed() if deal is None else deal, hints, sitter(tr), class_id,
                                            invited)
    st.query_params.pop(DEAL_PARAM, None)
    if table is not None:
        go_to(table)


def challenge(school_class: SchoolClass, invited: int, tr: Translator) -> FriendTable | None:
    """A table for a game with a classmate (only they may sit), under the class's ruleset, hints
    allowed; None when nothing could be saved."""
    ruleset = school_class.ruleset if school_class.ruleset in available_rulesets() else "classic"
    return store_access.store().open_table(ruleset, state.new_seed(), True, sitter(tr), school_class.id, invited)


def sit_down(tr: Translator) -> None:
    """Take the free seat at the table the address names."""
    code = open_code()
    table = store_access.store().friend_table_by_code(code) if code else None
    if table is None:
        return
    problem, _ = store_access.store().sit(table.id, sitter(tr))
    if problem is not None and problem in SIT_ERRORS:
        st.session_state[FRIEND_ERROR] = SIT_ERRORS[problem]()


def join_by_code() -> None:
    """Open the table whose code was typed (wrong codes counted and slowed as class codes are)."""
    from tutor.app.ui.classes_state import CODE_TRIES  # the class codes' counts: the same guessing bound

    typed = str(st.session_state.get(FRIEND_CODE) or "")
    who = identity.who_is_typing()
    if identity.code_wait(who, CODE_TRIES) > 0:
        return
    table = store_access.store().friend_table_by_code(typed) if typed.strip() else None
    identity.count_code(who, table is not None, CODE_TRIES)
    if table is None:
        st.session_state[FRIEND_ERROR] = NoTableError(code=typed[:20])
        return
    go_to(table)


def code_wait() -> float:
    """Seconds before this browser may try another table code."""
    from tutor.app.ui.classes_state import CODE_TRIES

    return identity.code_wait(identity.who_is_typing(), CODE_TRIES)


# --- the news, every half second ----------------------------------------------------------------

def news(at: AtTable) -> bool:
    """Whether what this page shows has changed since it was drawn (it runs again then): at the table,
    any move; over a hand's result, only whether the game goes on (a player leaving, the virtual
    player taking a seat, a rematch: the next hand's moves change nothing there); anywhere, whether
    the other player has gone or come back. Tells the table this player is still here every few
    seconds."""
    store = store_access.store()
    now = time.monotonic()
    if at.seat is not None and now - float(st.session_state.get(FRIEND_SEEN_AT, 0.0)) >= SEEN_EVERY:
        st.session_state[FRIEND_SEEN_AT] = now
        store.friend_seen(at.table.id, at.seat)
    fresh = store.friend_table(at.table.id)
    if fresh is None:
        return False
    if hand_over_pending(at):
        changed = (fresh.state, fresh.rematch, fresh.robot) != (at.table.state, at.table.rematch, at.table.robot)
    else:
        changed = fresh.version != at.table.version
    return (changed or gone(fresh, at.other) != bool(st.session_state.get(FRIEND_GONE_SHOWN))
            or coach_mark(at) != st.session_state.get(FRIEND_COACH_SHOWN))


def running_alone() -> bool:
    """Whether this run is a part of the page rerunning on its own timer (not the whole page, which
    has just read everything afresh: asking for news then would only run the page again)."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def coach_mark(at: AtTable) -> tuple[int, int, str]:
    """How far the coach's answers that this page is waiting to show have come: over a hand's result
    (or with Coach mode's verdict at the table), its player's decisions judged or given up on; once the
    game is over, the other's (both reviews side by side); the hint asked at this move. At the table
    without Coach mode, the verdicts coming in show nothing new: they run the page again for nothing
    (and a page that runs again by itself at every verdict was once caught mid-draw after Next hand)."""
    shows_own = at.side is not None and (hand_over_pending(at) or coach_wanted(at))
    own = sum(d.judged or d.failed for d in at.side.decisions) if shows_own and at.side is not None else 0
    kept = st.session_state.get(FRIEND_OTHER)
    other = (sum(d.judged or d.failed for d in kept[1].decisions)
             if isinstance(kept, tuple) and kept[0][0] == at.table.id else 0)
    asked = hint_asked(at)
    hint = "" if asked is None else "answered" if asked.answered else "failed" if asked.failed else "waiting"
    return own, other, hint


def mark_shown(at: AtTable) -> None:
    """Note what this run of the page shows of the coach's answers (its news compare with it)."""
    st.session_state[FRIEND_COACH_SHOWN] = coach_mark(at)


def other_gone(at: AtTable) -> bool:
    """Whether the other player has gone, as the page shows it now (the news compares with it)."""
    found = gone(at.table, at.other)
    st.session_state[FRIEND_GONE_SHOWN] = found
    return found


def gone(table: FriendTable, seat: int | None, now: datetime | None = None) -> bool:
    """Whether ``seat``'s player has given no sign of life for :data:`GONE_AFTER` seconds (a seat the
    virtual player holds, or an empty one, is never gone)."""
    if seat is None or table.robot == seat or table.seats[seat] is None or table.state != "playing":
        return False
    seen = table.seen[seat]
    if seen is None:
        return True
    moment = now or datetime.now(seen.tzinfo)
    return (moment - seen).total_seconds() > GONE_AFTER


def waiting_on_purpose() -> bool:
    """Whether this player chose to wait for the other a while longer."""
    return time.monotonic() < float(st.session_state.get(FRIEND_WAITING_UNTIL, 0.0))


def wait_longer() -> None:
    st.session_state[FRIEND_WAITING_UNTIL] = time.monotonic() + WAIT_MORE


# --- moves --------------------------------------------------------------------------------------

def _write(at: AtTable, after: FriendGame, state_now: TableState | None = None) -> bool:
    """Store ``after`` if the table is still as ``at`` read it; whether it was."""
    state_now = state_now or ("over" if after.game.over else "playing")
    stored = store_access.store().friend_move(at.table.id, at.table.version, moves_code(after.moves_text()),
                                              state_now, after.robot, after.robot_from)
    if stored is None:
        st.session_state[FRIEND_ERROR] = TableMovedError()
        return False
    _rebuilt(stored, at.seat)
    return True


def act(action: str) -> None:
    """A click or a key on the friend table: a move, or arming Knock or Gin."""
    at = at_table()
    session = st.session_state
    session.pop(FRIEND_ERROR, None)
    if at is None or at.seat is None or at.side is None or hand_over_pending(at):
        return
    armed = session.get(FRIEND_ARMED)
    if action in ("knock", "gin"):
        possible = knock_cards(at.side.view(), gin=action == "gin") if at.side.learner_to_move else set()
        session[FRIEND_ARMED] = None if armed == action or not possible else action
        return
    move = action_move(action, armed)
    if move is None:
        return
    play(at, move)


def play(at: AtTable, move: tuple[str, str | None]) -> bool:
    """Play this seat's ``move`` (refused with a message when it is not its turn, not legal, or the
    table moved on); the decision goes to the coach in the background. Whether it was played."""
    assert at.seat is not None
    session = st.session_state
    try:
        after = at.game.play(at.seat, move)
    except TutorError as error:
        session[FRIEND_ERROR] = error
        return False
    if not _write(at, after):
        return False
    session[FRIEND_ARMED] = None
    session[FRIEND_HINT] = None
    now = st.session_state[FRIEND_AT]
    if now.side is not None and now.side.decisions:
        background.request(now.side.decisions[-1:], owner(), urgent=coach_wanted(now))
    record(now)
    return True


def table_clicked() -> None:
    """The table component's callback: the action waits for the page's run (:func:`take_pending`)."""
    result = st.session_state.get(FRIEND_TABLE)
    action = getattr(result, "action", None) if result is not None else None
    if isinstance(action, str):
        st.session_state[FRIEND_PENDING] = action


def take_pending() -> None:
    action = st.session_state.pop(FRIEND_PENDING, None)
    if isinstance(action, str):
        act(action)


def move_error(tr: Translator) -> str | None:
    """Why the learner's last action here was refused, once."""
    from tutor.app.ui.safe import error_text

    error = st.session_state.pop(FRIEND_ERROR, None)
    return error_text(error, tr) if isinstance(error, TutorError) else None


def fresh_moves(at: AtTable) -> int:
    """How many of the table's moves are new to this page (the other player's, faded in); the page has
    seen them all after this."""
    kept = st.session_state.get(FRIEND_MOVES_SEEN)
    total = len(at.game.moves)
    seen = kept[1] if isinstance(kept, tuple) and kept[0] == at.table.id else total
    st.session_state[FRIEND_MOVES_SEEN] = (at.table.id, total)
    mine = at.seat
    return sum(1 for p in at.game.moves[seen:] if p.player != mine and p.hand == at.game.hand_number)


# --- hands seen, the coach ----------------------------------------------------------------------------

def hands_seen(at: AtTable) -> int:
    """How many finished hands this session has left the result of. A table opened afresh (a reload,
    another tab) shows only the result of a hand that has just ended, not yet moved on from."""
    seen: dict[int, int] = st.session_state.setdefault(FRIEND_SEEN, {})
    if at.table.id not in seen:
        played = len(at.game.game.played)
        fresh = played and not at.game.game.over and not any(p.hand == played for p in at.game.moves)
        seen[at.table.id] = played - (1 if fresh else 0)
    return seen[at.table.id]


def hand_over_pending(at: AtTable) -> bool:
    """Whether a finished hand's result waits for this player's Next hand (or the game is over)."""
    return at.game.game.over or len(at.game.game.played) > hands_seen(at)


def next_hand(table_id: int, played: int) -> None:
    """Leave the result of the hands finished so far."""
    seen: dict[int, int] = st.session_state.setdefault(FRIEND_SEEN, {})
    seen[table_id] = played
    play_review.close_retry()


def hints_allowed(at: AtTable) -> bool:
    return at.table.hints and at.seat is not None


def coach_wanted(at: AtTable) -> bool:
    """Whether Coach mode's verdict is wanted now (only at a table that allows hints)."""
    from tutor.app.ui.play_state import coach_on

    return hints_allowed(at) and coach_on()


def ask_hint() -> None:
    at = at_table()
    if at is not None and at.side is not None and hints_allowed(at) and at.side.learner_to_move:
        st.session_state[FRIEND_HINT] = (at.table.id, len(at.game.moves))
        background.ask(at.side.view(), MODEL_LEVEL, "hint", owner(), again=True)


def hint_asked(at: AtTable) -> Asked | None:
    """The hint asked at this move, answered or still being worked out; None when none was."""
    if at.side is None or st.session_state.get(FRIEND_HINT) != (at.table.id, len(at.game.moves)) \
            or not at.side.learner_to_move or not hints_allowed(at):
        return None
    return background.ask(at.side.view(), MODEL_LEVEL, "hint", owner())


def side_of(at: AtTable, seat: int) -> Match:
    """A seat's side of the game, its decisions keeping the verdicts this session has (this seat's own,
    or the other's, kept for both reviews side by side)."""
    if seat == at.seat and at.side is not None:
        return at.side
    kept = st.session_state.get(FRIEND_OTHER)
    old = kept[1].decisions if isinstance(kept, tuple) and kept[0] == (at.table.id, seat) else ()
    side = at.game.side(seat, old)
    st.session_state[FRIEND_OTHER] = ((at.table.id, seat), side)
    return side


# --- leaving, the virtual player, a rematch -------------------------------------------------------

def ask_leave() -> None:
    st.session_state[FRIEND_LEAVING] = True


def keep_playing() -> None:
    st.session_state.pop(FRIEND_LEAVING, None)


def leave_game() -> None:
    """Leave the game for good: it is kept as abandoned; the other player may play on against the
    virtual player."""
    at = at_table()
    st.session_state.pop(FRIEND_LEAVING, None)
    if at is not None and at.seat is not None:
        left = store_access.store().friend_leave(at.table.id, at.seat)
        now = _rebuilt(left, at.seat) if left is not None else None
        if now is not None:
            record(now)  # kept in the learner's record as ended
    leave_page()


def robot_takes_over() -> None:
    """The virtual player takes the other seat (its player has gone or left) and moves at once if it
    is to."""
    at = at_table()
    if at is None or at.other is None or at.game.game.over or at.game.robot is not None:
        return
    _write(at, at.game.take_over(at.other), "over" if at.game.game.over else "playing")
    now = st.session_state.get(FRIEND_AT)
    if isinstance(now, AtTable):
        record(now)


def rematch(tr: Translator) -> None:
    """A new game at a new table with the same two players (or the virtual player, where it sat), the
    other player's page offered to follow."""
    at = at_table()
    if at is None or at.seat is None:
        return
    if at.table.rematch is not None:
        found = store_access.store().friend_table(at.table.rematch)
        if found is not None:
            go_to(found)
        return
    host, guest = at.table.seats
    if host is None or guest is None:
        return
    store = store_access.store()
    table = store.open_table(at.table.ruleset, state.new_seed(), at.table.hints, host, at.table.class_id,
                             at.table.invited, guest)
    if table is None:
        return
    if at.table.robot is not None:
        game = replay(load_ruleset(table.ruleset), table.seed, []).take_over(at.table.robot)
        table = store.friend_move(table.id, table.version, moves_code(game.moves_text()), "playing", game.robot,
                                  game.robot_from) or table
    store.friend_rematch(at.table.id, table.id)
    go_to(table)


# --- the learner's record ----------------------------------------------------------------------------

def record(at: AtTable) -> None:
    """Keep the game in the player's record (their games, the coach's accuracy): the decisions counted
    are the first ones the coach has judged; discards graded a mistake or worse go into their review
    (Practise my mistakes) as they are judged. Nothing for a guest."""
    learner = identity.current()
    if learner is None or at.seat is None or at.side is None:
        return
    side = at.side
    done: dict[int, int] = st.session_state.setdefault(FRIEND_RECORDED, {})
    judged = judged_upto(side.decisions)
    counted = [d for d in side.decisions[:judged] if not d.forced]
    game = at.game.game
    store = store_access.store()
    for decision in discards_to_review(side.decisions[done.get(at.table.id, 0):judged]):
        play_review.schedule_mistake(learner.id, side, decision)
    done[at.table.id] = judged
    kept = store.friend_record(learner.id, at.table.id)
    won = None if not game.over else game.winner == at.seat
    with contextlib.suppress(StaleGameError):  # another tab of this player saved it a moment before
        store.save_game(learner.id, kept.id if kept else None, at.table.seed, FRIEND_LEVEL, at.table.ruleset,
                        side.learner_moves(), game.over or at.table.state == "abandoned", won, len(counted),
                        sum(d.agreed for d in counted), version=kept.version if kept else 0,
                        hands=sum(h.result is not None for h in game.played), accuracy=decisions_accuracy(counted),
                        friend_id=at.table.id)
