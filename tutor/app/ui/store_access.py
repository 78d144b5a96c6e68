"""The progress store this app process uses, and what its faults say to the learner: where the
progress is kept (a database server, or a SQLite file in the data folder), the settings that name
it, and the warnings when a write fails or rows are set aside."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any, NoReturn

import streamlit as st

from tutor.app.ui.session_keys import FAULT, FAULT_SLOT, HOMEWORK_ASIDE, SET_ASIDE
from tutor.language.i18n import N_, Translator
from tutor.progress.store import DATA_DIR_ENV, DATABASE_URL_ENV, Store, open_store


@st.cache_resource(show_spinner=False)
def _store(folder: str, url: str) -> Store:
    opened = open_store(Path(folder) if folder else None, url=url or None)
    opened.listener = _heard
    opened.aside_listener = _heard_aside
    return opened


FAULT_REASONS = {
    "disk_full": N_("the disk is full"),
    "read_only": N_("the progress file cannot be written"),
    "file_gone": N_("the progress file was removed or replaced"),
    "busy": N_("the progress file is busy"),
    "damaged": N_("the progress file is damaged"),
    "not_ours": N_("the progress file is not one this version can use"),
    "unavailable": N_("the saved progress cannot be reached"),
}


def _heard(fault: str | None, write: bool) -> None:
    """The store's listener: remember this session's last fault (and whether something the learner
    did was lost with it), or that saving works again.

    One store serves every session of the process (``st.cache_resource``), so this one listener is
    called for all of them. It still reaches the right learner: the store calls it in the thread that
    made the call, the script thread of the session that read or wrote, and ``st.session_state``
    is that thread's session. (Nothing calls the store from a thread of its own.)"""
    with contextlib.suppress(Exception):  # outside a session (a script, a test): nobody to tell
        lost = st.session_state.get(FAULT, (None, False))[1]
        if fault is None:
            if write or not lost:  # a failed write stays told until a write succeeds
                st.session_state.pop(FAULT, None)
        elif write or not lost:
            st.session_state[FAULT] = (fault, write)


def _heard_aside(origin: str, count: int) -> None:
    """The store's other listener: rows of ``origin`` that could not be read were set aside; the
    page says so once it is done (:func:`fault_warning`)."""
    key = HOMEWORK_ASIDE if origin == "assignments" else SET_ASIDE
    with contextlib.suppress(Exception):  # outside a session: nobody to tell
        st.session_state[key] = st.session_state.get(key, 0) + count


def secret(name: str) -> Any:
    """A setting in ``.streamlit/secrets.toml``, or None."""
    try:
        return st.secrets.get(name)
    except Exception:  # noqa: BLE001 (no secrets file, or one that cannot be read: no setting)
        return None


def _setting() -> str:
    """The ``data_dir`` setting in ``.streamlit/secrets.toml``, if there is one."""
    return str(secret("data_dir") or "")


def _database_url() -> str:
    """The database server Streamlit's convention names for the progress: ``GIN_TUTOR_DATABASE_URL``,
    else ``url`` under ``[connections.progress]`` in ``.streamlit/secrets.toml``; "" for none."""
    if os.environ.get(DATABASE_URL_ENV):
        return os.environ[DATABASE_URL_ENV]
    connections = secret("connections") or {}
    return str(connections.get("progress", {}).get("url", "")) if hasattr(connections, "get") else ""


def store() -> Store:
    """The progress store: on the database server :func:`_database_url` names, else in a SQLite
    file in the data folder that ``GIN_TUTOR_DATA_DIR`` or the ``data_dir`` setting chooses (by
    default the user's data folder)."""
    return _store(os.environ.get(DATA_DIR_ENV) or _setting(), _database_url())


def stop_page(tr: Translator) -> NoReturn:
    """Say what this run could not save (:func:`fault_warning`), then stop the page. After
    ``st.stop()`` nothing more can be drawn, so the warning must come first."""
    fault_warning(tr)
    st.stop()


def fault_warning(tr: Translator) -> None:
    """Tell the learner, once a write has failed, that it was not saved (and that saving resumes).
    Called when the page is done, so that it reports what this run did; it fills the place the
    profile box kept for it in the sidebar."""
    heard = st.session_state.get(FAULT)
    slot = st.session_state.pop(FAULT_SLOT, None)
    aside = st.session_state.pop(SET_ASIDE, 0)
    homework = st.session_state.pop(HOMEWORK_ASIDE, 0)
    if not (aside or homework or heard):
        return
    # One container for every message: the slot is an st.empty, where each new container replaces the last.
    where = slot.container() if slot is not None else st.sidebar
    if aside:
        where.info(tr.ngettext("{n} saved item of yours could not be read (a saved game, a review card, a rating or a "
                               "drill answer, damaged or from a newer version): it was put aside, kept but not used, "
                               "and the rest of your progress works.",
                               "{n} saved items of yours could not be read (saved games, review cards, ratings or "
                               "drill answers, damaged or from a newer version): they were put aside, kept but not "
                               "used, and the rest of your progress works.", aside))
    if homework:
        where.info(tr.ngettext("{n} piece of your classes' homework could not be read (damaged, or from a newer "
                               "version): it was put aside, kept but not shown to anyone. Set it again if your "
                               "learners still need it.",
                               "{n} pieces of your classes' homework could not be read (damaged, or from a newer "
                               "version): they were put aside, kept but not shown to anyone. Set them again if your "
                               "learners still need them.", homework))
    if heard:
        fault, lost = heard
        reason = tr.gettext(FAULT_REASONS.get(fault, FAULT_REASONS["unavailable"]))
        if lost:
            where.warning(tr.gettext("Your last answer or change was not saved: {reason}. The app keeps "
                                       "working, and saving resumes as soon as the problem is gone.", reason=reason))
        else:
            where.warning(tr.gettext("Your saved progress cannot be reached just now: {reason}. The app keeps "
                                       "working, and saving resumes as soon as the problem is gone.", reason=reason))
