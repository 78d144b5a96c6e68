"""The learner's profile in the sidebar, and saving progress for it: attempts, lessons done,
the review schedule, the chosen language and ruleset. Without a profile nothing is saved."""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import quote, unquote

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.safe import error_text, plain
from tutor.drills import Puzzle, Verdict
from tutor.engine.errors import TutorError
from tutor.language.i18n import Translator
from tutor.progress.review import DrillItem, schedule_after_drill
from tutor.progress.store import DATA_DIR_ENV, Profile, Store, open_store


@st.cache_resource(show_spinner=False)
def _store(folder: str) -> Store:
    return open_store(Path(folder) if folder else None)


def _setting() -> str:
    """The ``data_dir`` setting in ``.streamlit/secrets.toml``, if there is one."""
    try:
        return str(st.secrets.get("data_dir", ""))
    except Exception:  # no secrets file, or one that cannot be read: no setting
        return ""


def store() -> Store:
    """The progress store of the data folder that ``GIN_TUTOR_DATA_DIR`` or the ``data_dir``
    setting chooses; by default the user's data folder."""
    return _store(os.environ.get(DATA_DIR_ENV) or _setting())


COOKIE = "gin_tutor_profile"
"""The browser cookie that remembers the chosen profile across reloads and tabs."""


def remember_in_browser(name: str | None) -> None:
    """Ask the browser to remember the chosen profile (or to forget it, for a guest)."""
    value = quote(name or "", safe="")
    age = 365 * 24 * 3600 if name else 0
    script = f"document.cookie = {json.dumps(f'{COOKIE}={value}; path=/; max-age={age}; SameSite=Lax')};"
    st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)


def _from_browser() -> None:
    """On a session's first run, take up the profile the browser remembers, if it still exists."""
    session = st.session_state
    if "profile_name" in session:
        return
    remembered = unquote(st.context.cookies.get(COOKIE) or "") if st.context.cookies else ""
    found = store().find_profile(remembered) if remembered else None
    session.profile_name = found.name if found else None


def current() -> Profile | None:
    """The chosen profile, or None for a guest."""
    name = st.session_state.get("profile_name")
    return store().find_profile(name) if name else None


def _create() -> None:
    name = st.session_state.get("profile_new", "")
    try:
        profile = store().profile(name)
    except TutorError as error:
        st.session_state["_profile_error"] = error
        return
    st.session_state.pop("_profile_error", None)
    _choose(profile)
    st.session_state.profile_new = ""


def _choose(profile: Profile | None) -> None:
    st.session_state.profile_name = profile.name if profile else None
    st.session_state["_profile_to_browser"] = True
    if profile and profile.language:
        st.session_state.lang = profile.language
        st.query_params["lang"] = profile.language
    if profile and profile.ruleset:
        st.session_state.rules = profile.ruleset
        st.query_params["rules"] = profile.ruleset


def _pick_key() -> str:
    return state.language_keyed("profile_pick")


def _picked() -> None:
    name = st.session_state.get(_pick_key())
    _choose(store().find_profile(name) if name else None)


def profile_box(tr: Translator) -> None:
    """Pick or create a profile (no password: a study aid); warn when progress is not saved. The
    browser remembers the choice (a cookie), so a reload or a new tab keeps the profile."""
    _from_browser()
    if st.session_state.pop("_profile_to_browser", False):
        remember_in_browser(st.session_state.get("profile_name"))
    saved = store()
    names = [p.name for p in saved.profiles()]
    current_name = st.session_state.get("profile_name")
    options = [None] + names
    if st.session_state.get(_pick_key()) != current_name:
        st.session_state[_pick_key()] = current_name
    shown = plain(current_name) if current_name else tr.gettext("guest")
    with st.sidebar.expander(tr.gettext("Profile: {name}", name=shown)):
        st.selectbox(tr.gettext("Your profile"), options, key=_pick_key(), on_change=_picked,
                     format_func=lambda n: n if n else tr.gettext("Guest (progress not saved)"))
        st.text_input(tr.gettext("New profile"), key="profile_new", placeholder=tr.gettext("your name"))
        st.button(tr.gettext("Create profile"), key="profile_create", on_click=_create)
        if st.session_state.get("_profile_error"):
            st.error(error_text(st.session_state["_profile_error"], tr))
    if saved.status == "unwritable":
        st.sidebar.warning(tr.gettext("Your progress cannot be saved: the data folder cannot be written. "
                                      "The app works, but nothing is kept after you leave."))
    elif saved.status == "damaged":
        kept = saved.kept_aside.name if saved.kept_aside else "—"
        st.sidebar.warning(tr.gettext("The progress file was damaged. It was kept as {file}, untouched; "
                                      "progress is not saved in this session.", file=kept))
    profile = current()
    if profile is not None and (profile.language != st.session_state.get("lang")
                                or profile.ruleset != st.session_state.get("rules")):
        saved.set_preferences(profile.id, st.session_state.get("lang"), st.session_state.get("rules"))


def review_item(puzzle: Puzzle) -> str:
    """The name of a drill in the review schedule: enough to generate it again."""
    position = puzzle.address.get("position", "")
    return DrillItem(puzzle.kind, puzzle.level, puzzle.ruleset, puzzle.seed, position).format()


def record(puzzle: Puzzle, verdict: Verdict, seconds: float) -> None:
    """Save an attempt for the current profile, and schedule the drill for review as the review
    policy says (:func:`tutor.progress.review.schedule_after_drill`)."""
    profile = current()
    if profile is None:
        return
    saved = store()
    saved.record_attempt(profile.id, puzzle.kind, puzzle.level, puzzle.ruleset, verdict.correct,
                         seconds, seed=puzzle.seed, mistake=verdict.mistake)
    item = review_item(puzzle)
    remembered = schedule_after_drill(verdict.correct, saved.box_of(profile.id, item) is not None)
    if remembered is not None:
        saved.schedule(profile.id, item, remembered=remembered)
