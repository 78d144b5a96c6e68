"""Every key the app keeps in a learner's session (``st.session_state``), named once, by the part of
the app that owns it. A module reads and writes a key through its name here, never a string of its
own, so that a key's owner, what it holds and who clears it are found in one place.

Keys that belong to one puzzle are built by :class:`tutor.app.ui.drill_state.PuzzleKeys`; keys of
one lesson's check or question carry the lesson's id (:func:`lesson_check_seeds`,
:func:`question_tries`). Widgets keep their value under their own key: those the code reads or sets
are named here too.
"""

from __future__ import annotations

# --- Every page: the language, the ruleset, the run's translator -------------------------------

LANG = "lang"
"""The learner's language code (mirrored into ``?lang=``)."""
LANG_SWITCH = "lang_switch"
"""The language switch in the sidebar (a widget)."""
RULES = "rules"
"""The name of the ruleset chosen in the sidebar (mirrored into ``?rules=``)."""
TRANSLATOR = "_translator"
"""The translator of the current run: the entry makes it before any page runs. Pages are scripts
that ``st.navigation`` runs and cannot take arguments, so they fetch it from here."""

# --- The profile box ---------------------------------------------------------------------------

PROFILE = "_profile"
"""The chosen :class:`~tutor.progress.store.Profile` (None for a guest), read once per session."""
PROFILES = "_profiles"
"""The profiles this browser may pick, read once per session."""
PROFILE_NAME = "profile_name"
"""The name of the chosen profile (the picker's value, a widget)."""
PROFILE_NEW = "profile_new"
"""The name typed to create a profile (a widget)."""
PROFILE_ERROR = "_profile_error"
"""Why the last name typed could not be a profile (an error to show)."""
PROFILE_EXISTED = "_profile_existed"
"""The existing profile a typed name turned out to be (in another case), to say so once."""
LANG_BEFORE_PROFILE = "_lang_before_profile"
"""The language the pages were in before a chosen profile brought its own (offered back once)."""
PROFILE_TO_BROWSER = "_profile_to_browser"
"""Set when the chosen profile must be written into the browser's cookie on this run."""
BROWSER_KEYS = "_browser_keys"
"""Where profiles are private: the key this browser holds to each profile, by the profile's name."""
KEY_PROBLEM = "_key_problem"
"""Why a key (or an old name) the browser presented opened nothing, and that name: to say so once."""
TRANSFER_CODE = "_transfer_code"
"""The one-time code shown to open the chosen profile in another browser."""
SIGNED_OUT = "_signed_out"
"""Set when the account this session signed in with signed out since (another tab, another
browser): the session stays a guest until the page is loaded anew."""
LEAVE_ASKED = "_leave_asked"
"""Set when the learner asked to sign out of the profile in this browser: the box asks them to
confirm (and offers a transfer code first)."""
LEAVE_CODE = "_leave_code"
"""The transfer code made while signing out of the profile here: it stays valid after."""
PROFILE_CODE = "profile_code"
"""The transfer code typed to open a profile here (a widget)."""
CODE_ERROR = "_code_error"
"""Why the transfer code typed opened nothing."""
CODE_NAME = "_code_name"
"""The name of the profile a transfer code would open, where this browser holds another of that name."""
CODE_WAIT = "_code_wait"
"""Seconds this browser must wait before it may try another transfer code (after too many wrong ones)."""
TRIES_ID = "_tries_id"
"""This browser's id (:func:`tutor.app.ui.identity.browser_id`), its name in the count of wrong codes."""
BROWSER_NEW = "_browser_new"
"""Set when this browser was given its id on this run (:func:`tutor.app.ui.identity.browser_id`): the
profile box asks the browser to keep it in a cookie."""
ACCOUNT = "_account"
"""The signed-in account the profile was chosen for (sign-in)."""
FAULT = "_store_fault"
"""The last fault of the progress store this session heard, and whether it lost a write."""
FAULT_SLOT = "_fault_slot"
"""The place in the sidebar where a fault of this run is reported."""
SET_ASIDE = "_set_aside"
"""How many of the learner's saved rows the store set aside on this run (they could not be read)."""
HOMEWORK_ASIDE = "_homework_aside"
"""How many pieces of a teacher's classes' homework the store set aside on this run (they could not be read)."""
GUEST_LESSONS = "_lessons_done"
"""A guest's passed lessons (they go with the profile the guest creates)."""

# --- The analyzer ------------------------------------------------------------------------------

ANALYZER_CARDS = "analyzer_cards"
"""The analyzer's text box (a widget): the cards typed or picked."""
ANALYZER_PICKED = "analyzer_picker"
"""The cards picked on the analyzer's card picker."""
ANALYZER_SYNCED = "_analyzer_synced"
"""The picks the text box last agreed with (the two stay in step both ways)."""

# --- The drills page ---------------------------------------------------------------------------

DRILL_KIND = "drill_kind"
"""The open puzzle's kind (mirrored into the address)."""
DRILL_LEVEL = "drill_level"
"""The open puzzle's level (mirrored into the address)."""
DRILL_SEED = "drill_seed"
"""The open puzzle's number (mirrored into the address)."""
DRILL_SCENARIO = "drill_scenario"
"""The situation the open puzzle was asked for by name (``tie``, ``shutout``...), or ""."""
DRILL_SUITED = "_drill_suited"
"""Set while the learner lets the level follow their rating ("Suited to me")."""
DRILL_EASED = "_drill_eased"
"""How many wrong answers in a row made the suited puzzle open now easier than the rating alone
would choose (0: the rating chose it)."""
DRILL_POSITION = "_drill_position"
"""A position from the learner's games open on the drills page (a practice session's), or ""."""
PRACTICE = "_drill_practice"
"""A practice session of the learner's mistakes: its puzzles and the one open (``(picks, index)``)."""
PRACTICE_EMPTY = "_drill_practice_empty"
"""Set when "Practise my mistakes" found no wrong answer to build a session from, to say so once."""
DRILL_DEALT = "drill_dealt"
"""The ruleset a score or layoffs puzzle was dealt under, when it is now scored under another."""
DRILL_KIND_CHOICE = "drill_kind_choice"
DRILL_LEVEL_CHOICE = "drill_level_choice"
"""The kind and level controls (widgets)."""
DRILL_ADDRESS = "_drill_address"
"""The address last read, so that each address opens its puzzle once."""
DRILL_TALLY = "drill_tally"
"""Per kind: tried, right and the streak of this session."""
READ_SCORES = "drill_read_scores"
"""Read-the-opponent puzzles checked this session: the learner's score and the coach's, by puzzle."""

# --- The Play page ------------------------------------------------------------------------------
# Every key of one game (all but PLAY_ADDRESS, PLAY_PENDING and the switches) is set afresh when a
# game opens and dropped when the learner leaves it (:data:`PLAY_GAME_KEYS`).

PLAY_MATCH = "play_match"
"""The :class:`~tutor.play.match.Match` at the table."""
PLAY_GAME_ID = "play_game_id"
"""Where the profile's store keeps the game, and the version saved last (None for a guest)."""
PLAY_SEEN = "play_seen"
"""How many of the game's hands the learner has left behind with Next hand (a finished hand past
it waits for its end-of-hand page)."""
PLAY_ARMED = "play_armed"
"""The button pressed before a card: ``knock``, ``gin`` or None."""
PLAY_HINT = "play_hint"
"""The hint asked for, with the number of decisions made when it was: ``(decisions, CoachHint)``."""
PLAY_COMMENTS = "play_comments"
"""The learner's decisions of this hand, in order, for Coach mode's verdict on the last one."""
PLAY_ERROR = "play_error"
"""Why the learner's last action could not be played (an error to show)."""
PLAY_FRESH = "play_fresh"
"""How many of the log's last moves are the virtual player's new ones (faded in one by one)."""
PLAY_REVIEWED = "play_reviewed"
"""The decisions (by index) the learner sent to the review queue."""
PLAY_ADDRESS = "_play_address"
"""The game the address named when last read (``(seed, level)``), so that each address opens once."""
PLAY_PENDING = "play_pending"
"""The table's action waiting for the page's run to play it."""
PLAY_RETRY = "play_retry"
"""The decision (by index) being tried again in a hand's review."""
PLAY_RETRY_MOVE = "play_retry_move"
"""The move chosen where a decision is tried again, as a :class:`~tutor.play.match.Decision` of its own."""
PLAY_WAITING = "play_waiting"
"""Since when the page has waited for Coach mode's verdict on the learner's last move: ``(the
decision's id, time.monotonic())``, for the line that says how long a verdict usually takes."""
PLAY_GRADED = "play_graded"
"""How far the game's decisions are counted for its record: ``(decisions, graded best)`` of the
first ones all judged (:func:`tutor.app.ui.play_state.save`)."""
PLAY_UNSAVED = "play_unsaved"
"""Set when the game's last save failed (the database away, a full disk): the page saves it again
on its next run, without waiting for the learner's next move (:func:`tutor.app.ui.play_state.save`)."""
PLAY_REVIEW_HAND = "play_review_hand"
"""The earlier hand whose review is open above the table (a widget)."""
PLAY_HOLDING_AT = "play_holding_at_"
"""Followed by a hand's number (from 1): the learner's decision of that hand whose map of what the
virtual player probably held is shown in its review (a widget; one for each hand's review)."""
PLAY_GAME_KEYS = (PLAY_MATCH, PLAY_GAME_ID, PLAY_SEEN, PLAY_ARMED, PLAY_HINT, PLAY_COMMENTS, PLAY_ERROR, PLAY_FRESH,
                  PLAY_REVIEWED, PLAY_RETRY, PLAY_RETRY_MOVE, PLAY_GRADED, PLAY_REVIEW_HAND,
                  PLAY_UNSAVED, PLAY_WAITING)
"""The keys of one game."""
PLAY_TABLE = "play_table"
"""The table component (a widget): its trigger value is the action clicked."""
PLAY_COACH = "_play_coach_on"
"""Coach mode as the learner set it, kept across hands and games (and in a profile)."""
PLAY_QUICK = "_play_quick_on"
"""Quick moves as the learner set it, kept across hands and games (and in a profile)."""
PLAY_COACH_SWITCH = "play_coach"
"""The Coach mode switch (a widget: drawn only at the table, so its own state goes with each hand's end)."""
PLAY_QUICK_SWITCH = "play_quick"
"""The Quick moves switch (a widget, as :data:`PLAY_COACH_SWITCH`)."""
PLAY_READING = "_play_reading_on"
"""The map of what the virtual player probably holds (training wheels), as the learner set it, kept
as :data:`PLAY_COACH` is."""
PLAY_LIVE_HOLDING = "_play_live_holding"
"""The map shown at the table, with the position and level it was drawn for: (key, map), so that a
rerun of the same position draws it once."""
PLAY_READING_SWITCH = "play_reading"
"""The training wheels' switch (a widget, as :data:`PLAY_COACH_SWITCH`)."""

# --- Lessons and review ------------------------------------------------------------------------

LESSON_CHOICE = "lesson_choice"
"""The lesson chosen (a widget)."""
LESSON_ASKED = "_lesson_asked"
"""The lesson the address or "Next lesson" asked for, once."""
REVIEW_OPEN = "_review_open"
"""The review item open now: a new one opens without an earlier verdict or hint."""
FLASH_SHOWN = "flash_shown"
"""The flash card whose back is shown."""

# --- Classes -----------------------------------------------------------------------------------

CLASS_CODE = "class_code"
"""The class code a learner types to join a class (a widget)."""
TEACHER_CODE = "teacher_code"
"""The teacher code a teacher types to join a class as one more of its teachers (a widget)."""
CLASS_NOTE = "_class_note"
"""What the last action on the Classes page did, to say once: (kind, message id, parameters)."""
CLASS_CHOICE = "class_choice"
"""The id of the class a teacher is looking at (mirrored into ``?class=``; its selector's key starts
with it: :func:`tutor.app.ui.classes_state.labelled_select`)."""
CLASS_NEW_NAME = "class_new_name"
"""The name typed for a new class (a widget)."""
CLASS_NEW_LANG = "class_new_lang"
"""The language chosen for a new class (a widget)."""
CLASS_NEW_RULES = "class_new_rules"
"""The ruleset chosen for a new class (a widget)."""
CLASS_RENAME = "class_rename"
"""The new name typed for the class shown (a widget)."""
CLASS_LEARNER = "class_learner"
"""The learner (a profile id) chosen in the class shown, to remove or to give a new sign-in code (its
selector's key starts with it)."""
CLASS_REAL_NAMES = "class_real_names"
"""The start of the key of the learners' table whose "Real name" column the teacher edits in place (a
widget: its edits; the rest of the key says which class and which learners its rows are)."""
CLASS_CONFIRM = "_class_confirm"
"""An action that waits for the user to confirm it: (action, class id, profile id, the name it acts on)."""
CLASS_TEACHER_CODE_SHOWN = "_class_teacher_code_shown"
"""The class whose teacher code its teacher asked to see (hidden otherwise: it makes anyone a teacher)."""
CLASS_CHART_LEARNER = "class_chart_learner"
"""The learner whose ratings over time the dashboard shows (its selector's key starts with it)."""
CLASS_NEWS = "class_news"
"""A message being written to the class shown (a widget)."""
CLASS_NAMES = "class_names"
"""The names typed, one per line, for accounts for young learners (a widget)."""
CLASS_SHEET = "_class_sheet"
"""The sheet of accounts just made, or of a new sign-in code: (class id, [(name, code)]). Shown while
the page stays open; the codes are kept only as hashes, so it cannot be shown again later."""

HOMEWORK_LESSONS = "homework_lessons"
"""The lessons chosen for homework (a widget)."""
HOMEWORK_LESSONS_DUE = "homework_lessons_due"
"""The due date chosen for lessons set as homework (a widget; None for none)."""
HOMEWORK_KIND = "homework_kind"
"""The kind of drill chosen for a set of puzzles (a widget)."""
HOMEWORK_LEVEL = "homework_level"
"""The level chosen for a set of puzzles (a widget)."""
HOMEWORK_COUNT = "homework_count"
"""How many puzzles the set has (a widget)."""
HOMEWORK_PUZZLES_DUE = "homework_puzzles_due"
"""The due date chosen for a set of puzzles (a widget; None for none)."""
HOMEWORK_ADDRESSES = "homework_addresses"
"""Puzzle addresses pasted for homework, one per line (a widget)."""
HOMEWORK_ADDRESSES_DUE = "homework_addresses_due"
"""The due date chosen for puzzles chosen by address (a widget; None for none)."""
HOMEWORK_MISTAKES = "homework_mistakes"
"""How many of each learner's own mistakes are set to practise again (a widget)."""
HOMEWORK_MISTAKES_DUE = "homework_mistakes_due"
"""The due date chosen for practising mistakes (a widget; None for none)."""
HOMEWORK_BOT = "homework_bot"
"""The level of the virtual player chosen for hands set as homework (a widget)."""
HOMEWORK_HANDS = "homework_hands"
"""How many hands are set (a widget)."""
HOMEWORK_HANDS_DUE = "homework_hands_due"
"""The due date chosen for hands set as homework (a widget; None for none)."""


def lesson_check_seeds(lesson_id: str) -> str:
    """The key of a lesson's check puzzles' numbers."""
    return f"_check_seeds_{lesson_id}"


def question_tries(question_key: str) -> str:
    """The key counting the tries of a lesson's short question."""
    return f"{question_key}_tries"


# --- Play a friend (tutor/app/ui/friend_state.py) -----------------------------------------------
FRIEND_AT = "_friend_at"
"""The table open in this session: ``(table id, version, FriendGame, the seat's Match)`` as last read
(rebuilt when the stored version moves on; the seat's decisions keep their verdicts)."""
FRIEND_SEEN = "_friend_seen"
"""By table id: how many finished hands this session has left the result of (Next hand)."""
FRIEND_ARMED = "_friend_armed"
"""Knock or Gin pressed on the friend table, before a card."""
FRIEND_PENDING = "_friend_pending"
"""The friend table's action clicked, waiting for the page's run to play it."""
FRIEND_ERROR = "_friend_error"
"""Why the last action at the friend table was refused (a TutorError), shown once."""
FRIEND_HINT = "_friend_hint"
"""The decision (by number) a hint was asked at, at the friend table."""
FRIEND_FRESH = "_friend_fresh"
"""How many of the friend table's log lines are the other player's new moves (faded in)."""
FRIEND_MOVES_SEEN = "_friend_moves_seen"
"""How many moves of the table this session has drawn (the rest are new: faded in)."""
FRIEND_WAITING_UNTIL = "_friend_waiting_until"
"""Until when (monotonic seconds) this session waits for a player who has gone, without asking again."""
FRIEND_SEEN_AT = "_friend_seen_at"
"""When this session last told the table it is still here (monotonic seconds)."""
FRIEND_RECORDED = "_friend_recorded"
"""By table id: the decisions counted in the learner's record, and how many the coach graded best."""
FRIEND_LEAVING = "_friend_leaving"
"""Set while the learner is asked to confirm leaving the game."""
FRIEND_NAME = "friend_name"
"""A guest's name at the table (a widget)."""
FRIEND_CODE = "friend_code"
"""A table code typed to join (a widget)."""
FRIEND_RULES = "friend_rules"
"""The ruleset chosen for a new table (a widget)."""
FRIEND_HINTS = "friend_hints"
"""Whether a new table allows hints (a widget)."""
FRIEND_TABLE = "friend_table"
"""The friend table component (a widget): its trigger value is the action clicked."""
FRIEND_COACH_SWITCH = "friend_coach"
"""Coach mode at the friend table (a widget; only where the table allows hints)."""
FRIEND_CHALLENGE = "friend_challenge"
"""The classmate chosen to challenge on the class page (a widget)."""
FRIEND_OTHER = "_friend_other"
"""The other seat's side of a finished friend game (its decisions keep their verdicts), for both
reviews side by side."""
