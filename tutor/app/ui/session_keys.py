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
LANG_BEFORE_PROFILE = "_lang_before_profile"
"""The language the pages were in before a chosen profile brought its own (offered back once)."""
"""The existing profile a typed name turned out to be (in another case), to say so once."""
PROFILE_TO_BROWSER = "_profile_to_browser"
"""Set when the chosen profile must be written into the browser's cookie on this run."""
BROWSER_KEYS = "_browser_keys"
"""Where profiles are private: the key this browser holds to each profile, by the profile's name."""
KEY_PROBLEM = "_key_problem"
"""Why a key (or an old name) the browser presented opened nothing, and that name: to say so once."""
TRANSFER_CODE = "_transfer_code"
"""The one-time code shown to open the chosen profile in another browser."""
PROFILE_CODE = "profile_code"
"""The transfer code typed to open a profile here (a widget)."""
CODE_ERROR = "_code_error"
"""Why the transfer code typed opened nothing."""
ACCOUNT = "_account"
"""The signed-in account the profile was chosen for (sign-in)."""
FAULT = "_store_fault"
"""The last fault of the progress store this session heard, and whether it lost a write."""
FAULT_SLOT = "_fault_slot"
"""The place in the sidebar where a fault of this run is reported."""
SET_ASIDE = "_set_aside"
"""How many of the learner's saved rows the store set aside on this run (they could not be read)."""
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
DRILL_LEVEL = "drill_level"
DRILL_SEED = "drill_seed"
DRILL_SCENARIO = "drill_scenario"
DRILL_SUITED = "_drill_suited"
DRILL_POSITION = "_drill_position"
"""A position from the learner's games open on the drills page (a practice session's), or ""."""
"""Set while the learner lets the level follow their rating ("Suited to me")."""
"""The situation the open puzzle was asked for by name (``tie``, ``shutout``...), or ""."""
PRACTICE = "_drill_practice"
"""A practice session of the learner's mistakes: its puzzles and the one open (``(picks, index)``)."""
"""The open puzzle's kind, level and number (mirrored into the address)."""
DRILL_DEALT = "drill_dealt"
"""The ruleset a score or layoffs puzzle was dealt under, when it is now scored under another."""
DRILL_KIND_CHOICE = "drill_kind_choice"
DRILL_LEVEL_CHOICE = "drill_level_choice"
"""The kind and level controls (widgets)."""
DRILL_ADDRESS = "_drill_address"
"""The address last read, so that each address opens its puzzle once."""
DRILL_TALLY = "drill_tally"
"""Per kind: tried, right and the streak of this session."""

# --- Lessons and review ------------------------------------------------------------------------

LESSON_CHOICE = "lesson_choice"
"""The lesson chosen (a widget)."""
LESSON_ASKED = "_lesson_asked"
"""The lesson the address or "Next lesson" asked for, once."""
REVIEW_OPEN = "_review_open"
"""The review item open now: a new one opens without an earlier verdict or hint."""
FLASH_SHOWN = "flash_shown"
"""The flash card whose back is shown."""


def lesson_check_seeds(lesson_id: str) -> str:
    """The key of a lesson's check puzzles' numbers."""
    return f"_check_seeds_{lesson_id}"


def question_tries(question_key: str) -> str:
    """The key counting the tries of a lesson's short question."""
    return f"{question_key}_tries"
