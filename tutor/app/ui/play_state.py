"""The Play page's memory: the match in progress (kept in the session, saved for the learner's
profile after every move, mirrored into the URL as ``?game=SEED&level=…&rules=…``), the switches,
and leaving a game. The learner's actions (the table's clicks turned into moves, the hint, the next
hand) are :mod:`tutor.app.ui.play_actions`; what the table shows, :mod:`tutor.app.ui.table_data`; a
hand's review and trying a decision again, :mod:`tutor.app.ui.play_review`; the session keys,
:mod:`tutor.app.ui.session_keys`.

No click waits for the coach's analysis: each decision goes to the background reviewer as it is made
(:mod:`tutor.play.background`; first in line with Coach mode on), and what needs a verdict shows it
when it is ready.
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit.runtime import Runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.app.ui import identity, state, store_access
from tutor.app.ui.safe import error_text, plain
from tutor.app.ui.session_keys import (
    PLAY_ADDRESS,
    PLAY_ARMED,
    PLAY_COACH,
    PLAY_COACH_SWITCH,
    PLAY_COMMENTS,
    PLAY_ERROR,
    PLAY_FRESH,
    PLAY_GAME_ID,
    PLAY_GAME_KEYS,
    PLAY_GRADED,
    PLAY_HOLDING_AT,
    PLAY_LIVE_HOLDING,
    PLAY_MATCH,
    PLAY_QUICK,
    PLAY_QUICK_SWITCH,
    PLAY_READING,
    PLAY_READING_SWITCH,
    PLAY_REVIEWED,
    PLAY_SEEN,
    PLAY_UNSAVED,
    RULES,
)
from tutor.app.ui.table_data import table_data
from tutor.engine.errors import TutorError
from tutor.engine.rules import Ruleset, available_rulesets, load_ruleset
from tutor.language.i18n import Translator
from tutor.language.play_text import bot_level_name
from tutor.play import BOT_LEVELS, background
from tutor.play.analysis import position_seed
from tutor.play.errors import MalformedMoveError, UnknownBotLevelError
from tutor.play.hand import check_seed
from tutor.play.holding import Holding, holding
from tutor.play.match import LEARNER, Match, decisions_accuracy, judged_upto, replay, start_match
from tutor.play.moves import moves_code, read_moves_code
from tutor.progress.store import Saved, SavedGame, StaleGameError

MOVES_PARAM = "moves"
"""A guest's moves in the page's address (``?moves=p.s.d7H``): a reload replays them."""


def owner() -> str:
    """Whose line a review waits in (:mod:`tutor.play.background`): this browser session's."""
    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else ""


def session_alive(session_id: str) -> bool:
    """Whether a browser session is still connected to this app process (the coach's reviewer drops
    the work of one that is gone); True where there is no server (a test)."""
    if not session_id or not Runtime.exists():
        return True
    return Runtime.instance().is_active_session(session_id)


def start_coach() -> None:
    """Start the coach's workers (while the learner looks at the cards), telling the reviewer how to
    know a session that has gone."""
    reviewer = background.reviewer()
    reviewer.set_alive(session_alive)
    reviewer.warm()


# --- the match in the session ------------------------------------------------------------------

def current() -> Match | None:
    match: Match | None = st.session_state.get(PLAY_MATCH)
    return match


def game_keys() -> list[str]:
    """The session's keys of one game: :data:`PLAY_GAME_KEYS` and each hand review's map choice."""
    return [*PLAY_GAME_KEYS, *(k for k in st.session_state if isinstance(k, str) and k.startswith(PLAY_HOLDING_AT))]


def _begin(match: Match, saved: Saved | None = None, resumed: bool = False) -> None:
    """Open ``match`` at the table (``saved``: where it is stored, and its version): every key of the
    game before it goes. A new game shows the virtual player's opening moves as fresh; a resumed one
    (saved, or ``resumed`` from a guest's address) shows its moves as they stand, without fading
    them in again."""
    session = st.session_state
    for key in game_keys():
        session.pop(key, None)
    session[PLAY_MATCH] = match
    session[PLAY_GAME_ID] = saved
    session[PLAY_SEEN] = 0
    session[PLAY_COMMENTS] = []
    session[PLAY_REVIEWED] = {}
    session[PLAY_FRESH] = 0 if saved is not None or resumed else len(match.moves)
    _mirror(match)


def _mirror(match: Match) -> None:
    """Keep the game in the URL. The ruleset's parameter stays the sidebar's: a game keeps its own
    ruleset to the end whatever the sidebar says, and its address (:func:`address`) names it."""
    st.query_params.update({"game": str(match.seed), "level": match.level})


def address(match: Match) -> str:
    """The page's address for this game: the same deal, level and ruleset."""
    return f"play?game={match.seed}&level={match.level}&rules={match.rules.name}"


def new_game(rules: Ruleset, level: str, seed: int | None = None) -> None:
    """Deal a new game (a fresh seed unless one is given) and save it for the profile."""
    match = start_match(rules, state.new_seed() if seed is None else seed, level)
    st.session_state[RULES] = match.rules.name  # the sidebar follows the game's ruleset as it starts
    st.query_params["rules"] = match.rules.name
    _begin(match)
    st.session_state[PLAY_ADDRESS] = (str(match.seed), match.level)
    save(match)


def _read_address(tr: Translator, rules: Ruleset) -> str | None:
    """Open the game the URL names, once per address; a bad address gets a message."""
    params = st.query_params
    wanted = (params.get("game"), params.get("level"))
    if wanted[0] is None or wanted == st.session_state.get(PLAY_ADDRESS):
        return None
    st.session_state[PLAY_ADDRESS] = wanted
    match = current()
    seed_text, level = wanted
    if match is not None and (str(match.seed), match.level) == wanted:
        return None
    level = level or "beginner"
    try:
        if level not in BOT_LEVELS:
            names = tr.list_of([bot_level_name(lv, tr) for lv in BOT_LEVELS])
            raise UnknownBotLevelError(level=level[:40], choices=names)
        seed = check_seed(seed_text)
        if not resume(seed, level, rules):
            moves = params.get(MOVES_PARAM)
            if moves and identity.current() is None:
                return _open_guest_game(rules, seed, level, moves, tr)
            new_game(rules, level, seed)
    except TutorError as error:
        for key in ("game", "level", MOVES_PARAM):
            st.query_params.pop(key, None)
        return error_text(error, tr)
    return None


def _open_guest_game(rules: Ruleset, seed: int, level: str, code: str, tr: Translator) -> str | None:
    """A guest's game as the address lists its moves (a reload keeps the game where it was, as the
    profile's store does for a profile); moves that cannot be read or played deal the game again,
    with a message."""
    try:
        moves = read_moves_code(code)
    except MalformedMoveError as error:
        new_game(rules, level, seed)
        return tr.gettext("The address lists a move that cannot be read (“{move}”): the game is dealt again from "
                          "the start.", move=plain(str(error.params["move"])))
    try:
        match = replay(rules, seed, level, moves)
    except TutorError as error:
        new_game(rules, level, seed)
        return tr.gettext("The moves in this address do not fit this deal ({problem}): the game is dealt again "
                          "from the start.", problem=error_text(error, tr))
    _begin(match, resumed=True)
    _taken_up(match)
    return None


def start(tr: Translator, rules: Ruleset) -> str | None:
    """Set up the page: the game the URL names (under ``rules``, the sidebar's), else the one in the
    session, else the profile's game in progress. Returns a message when the URL named a game that
    cannot be."""
    message = _read_address(tr, rules)
    if current() is None:
        resume()
    match = current()
    if match is not None:
        _mirror(match)
    return message


def resume(seed: int | None = None, level: str | None = None, rules: Ruleset | None = None) -> bool:
    """Take up the profile's most recent unfinished game (of that seed, level and rules when
    given), rebuilt from its moves under the ruleset its row names. Whether there was one."""
    learner = identity.current()
    if learner is None:
        return False
    store = store_access.store()
    if seed is None:
        saved = store.game_in_progress(learner.id)
    else:
        wanted = (seed, level, rules and rules.name)
        saved = next((g for g in store.games(learner.id) if not g.finished and (g.seed, g.level, g.ruleset) == wanted),
                     None)
    return saved is not None and _open_saved(saved)


def _open_saved(saved: SavedGame) -> bool:
    """Open a saved game at the table, rebuilt from its moves under the ruleset its row names;
    whether it could be (a level or a ruleset this version does not know, or moves that no longer
    replay: the game stays on file, not opened)."""
    if saved.ruleset not in available_rulesets() or saved.level not in BOT_LEVELS:
        return False
    try:
        match = replay(load_ruleset(saved.ruleset), saved.seed, saved.level, saved.moves)
    except TutorError:
        return False
    _begin(match, Saved(saved.id, saved.version))
    # The decisions graded when the game was saved keep their count: a resumed game is not
    # analysed again decision by decision before its next move can be saved.
    graded = [i for i, d in enumerate(match.decisions) if not d.forced]
    if saved.decisions <= len(graded):
        upto = graded[saved.decisions - 1] + 1 if saved.decisions else 0
        st.session_state[PLAY_GRADED] = (upto, saved.agreed)
    _taken_up(match)
    return True


def _taken_up(match: Match) -> None:
    """A game taken up again (saved, or from a guest's address) where it stood: left just as a hand
    ended, the next one not opened yet, that hand's end is shown again."""
    waiting = not match.learner_to_move and not match.game.over and match.game.played
    st.session_state[PLAY_SEEN] = len(match.game.played) - (1 if waiting else 0)
    st.session_state[PLAY_ADDRESS] = (str(match.seed), match.level)


def graded(match: Match) -> tuple[int, int]:
    """The game's decisions counted for its record, and how many of them the coach graded best: the
    first ones, up to the first not judged yet (a decision is counted once its verdict is in; no
    verdict is worked out here). Forced moves are not decisions."""
    start, agreed = st.session_state.get(PLAY_GRADED, (0, 0))
    upto = judged_upto(match.decisions, start)
    agreed += sum(d.agreed for d in match.decisions[start:upto] if not d.forced)
    st.session_state[PLAY_GRADED] = (upto, agreed)
    return sum(not d.forced for d in match.decisions[:upto]), agreed


def record_verdicts(match: Match) -> None:
    """Save the game again for the profile once more of its decisions are judged (their count goes
    into the game's record: the Progress page's agreement with the coach)."""
    start = st.session_state.get(PLAY_GRADED, (0, 0))[0]
    moved = judged_upto(match.decisions, start) > start or st.session_state.get(PLAY_UNSAVED)
    if moved and identity.current() is not None:
        save(match)


def save(match: Match) -> bool:
    """Save the match for the learner's profile (nothing for a guest); whether it could go on. When
    another tab or window has moved the same game on, nothing is saved: the table shows the game
    as it is stored now, and says so."""
    learner = identity.current()
    if learner is None:  # a guest's moves live in the page's address, so that a reload keeps them
        code = moves_code(match.learner_moves())
        if code:
            st.query_params[MOVES_PARAM] = code
        else:
            st.query_params.pop(MOVES_PARAM, None)
        return True
    counted, agreed = graded(match)
    score = decisions_accuracy(match.decisions[:st.session_state[PLAY_GRADED][0]])  # those counted: all judged
    won = None if not match.game.over else match.game.winner == LEARNER
    kept: Saved | None = st.session_state.get(PLAY_GAME_ID)
    try:
        saved = store_access.store().save_game(
            learner.id, kept.id if kept else None, match.seed, match.level, match.rules.name,
            match.learner_moves(), match.game.over, won, counted, agreed,
            version=kept.version if kept else 0, hands=sum(hand.result is not None for hand in match.game.played),
            accuracy=score)
    except StaleGameError as stale:
        current_copy = store_access.store().game(learner.id, kept.id) if kept else None
        if current_copy is None or not _open_saved(current_copy):
            leave_game()
        st.session_state[PLAY_ERROR] = stale
        return False
    if saved is not None:
        st.session_state[PLAY_GAME_ID] = saved
        st.session_state.pop(PLAY_UNSAVED, None)
    else:  # not saved (the learner is told): tried again on the page's next run
        st.session_state[PLAY_UNSAVED] = True
    return True


def save_again(match: Match) -> None:
    """Save the game again if its last save failed (a hand that ended while the database was away
    is saved as soon as it is back, without waiting for the learner's next move)."""
    if st.session_state.get(PLAY_UNSAVED) and identity.current() is not None:
        save(match)


# --- what the table shows, and the switches ------------------------------------------------------

def hand_over_pending(match: Match) -> bool:
    """Whether a finished hand's result is waiting for the learner's Next hand."""
    seen: int = st.session_state.get(PLAY_SEEN, 0)
    return len(match.game.played) > seen


def table(match: Match, tr: Translator) -> dict[str, Any]:
    """What the table component draws now (:func:`tutor.app.ui.table_data.table_data`): the armed
    button, and the virtual player's fresh moves faded in unless Quick moves is on."""
    fresh = 0 if quick_on() else st.session_state.get(PLAY_FRESH, 0)
    return table_data(match, tr, st.session_state.get(PLAY_ARMED), fresh)


def settle_table() -> None:
    """Show the virtual player's moves at once on the next run (a run the page asks for itself must
    not fade in again what the learner has seen)."""
    st.session_state[PLAY_FRESH] = 0


def _switch(key: str, kept: bool | None) -> bool:
    """A switch as the learner set it: in this session, else in the profile, else off."""
    value = st.session_state.get(key)
    if value is None:
        value = bool(kept)
        st.session_state[key] = value
    return bool(value)


def coach_on() -> bool:
    """Whether Coach mode is on (it stays as the learner set it across hands, reloads and games)."""
    learner = identity.current()
    return _switch(PLAY_COACH, learner.coach_mode if learner else None)


def quick_on() -> bool:
    """Whether Quick moves is on (kept as :func:`coach_on` is)."""
    learner = identity.current()
    return _switch(PLAY_QUICK, learner.quick_moves if learner else None)


def reading_on() -> bool:
    """Whether the map of what the virtual player probably holds shows at the table (kept as
    :func:`coach_on` is; off until the learner turns it on)."""
    learner = identity.current()
    return _switch(PLAY_READING, learner.reading_map if learner else None)


def live_holding(match: Match) -> Holding:
    """The map of what the virtual player probably holds now, from what the learner can see (drawn
    once for a position: some 0.1 s, on the table's run only while the switch is on)."""
    view = match.view()
    key = f"{position_seed(view)}/{match.level}"
    kept = st.session_state.get(PLAY_LIVE_HOLDING)
    if isinstance(kept, tuple) and kept[0] == key and isinstance(kept[1], Holding):
        return kept[1]
    found = holding(view, match.level)
    st.session_state[PLAY_LIVE_HOLDING] = (key, found)
    return found


SWITCHES = {"coach": (PLAY_COACH_SWITCH, PLAY_COACH, "coach_mode"),
            "quick": (PLAY_QUICK_SWITCH, PLAY_QUICK, "quick_moves"),
            "reading": (PLAY_READING_SWITCH, PLAY_READING, "reading_map")}
"""Each of the Play page's switches: its widget's key, the key its value is kept under in the
session and the profile's column that keeps it."""


def switch_changed(which: str) -> None:
    """A switch of the Play page was flipped (``which``: ``coach``, ``quick`` or ``reading``): keep
    the new value for the session and the profile."""
    widget, kept, column = SWITCHES[which]
    value = bool(st.session_state.get(widget))
    st.session_state[kept] = value
    identity.remember_switches(**{column: value})
    match = current() if which == "coach" and value else None  # Coach mode on: the last verdict first
    if match is not None and match.decisions:
        background.request(match.decisions[-1:], owner(), urgent=True)


def leave_game() -> None:
    """Close the table to choose a new game (the unfinished one stays saved)."""
    for key in (*game_keys(), PLAY_ADDRESS):
        st.session_state.pop(key, None)
    for key in ("game", "level", MOVES_PARAM):
        st.query_params.pop(key, None)
