"""A class's learners on the Classes page, for its teachers: the list, whose real names the teacher
types in place (only the class's teachers see them); taking a learner out (confirmed); a new
sign-in code for an account the class made; accounts for young learners, with a page of slips to
print; and what each of these buttons does."""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import streamlit as st

from tutor.app.ui import classes_state, store_access
from tutor.app.ui.class_views import learner_labels, slips_html, table_csv
from tutor.app.ui.classes_state import ask, chosen, confirm_box, note, note_error
from tutor.app.ui.session_keys import (
    CLASS_LEARNER,
    CLASS_NAMES,
    CLASS_REAL_NAMES,
    CLASS_SHEET,
)
from tutor.engine.errors import TutorError
from tutor.language.i18n import N_, Translator
from tutor.progress.store_classes import REAL_NAME_MAX, Member, SchoolClass
from tutor.progress.store_profiles import ProfileNameError

MOST_ACCOUNTS = 40
"""The most accounts for young learners made at once (a class)."""


def learner_list(school_class: SchoolClass, members: list[Member], tr: Translator) -> None:
    """The learners, their real names typed in place; under it, one learner picked to take out of the
    class or (for an account the class made) to give a new sign-in code."""
    st.markdown(tr.ngettext("**{n} learner**", "**{n} learners**", len(members)))
    if not members:
        st.caption(tr.gettext("No learner yet: give them the class code, or make accounts for them below."))
        return
    labels = learner_labels(members)
    real, profile, joined = tr.gettext("Real name"), tr.gettext("Profile"), tr.gettext("Joined")
    ids = tuple(m.profile_id for m in members)
    # A new table whenever the learners change: its edits name rows by number, and a row's learner
    # must be the one it was typed beside.
    key = f"{CLASS_REAL_NAMES}_{school_class.id}_{zlib.crc32(repr(ids).encode())}"
    st.data_editor([{real: m.real_name or "", profile: _profile_shown(m, labels),
                     joined: tr.day(m.joined.date()) if m.joined else "—"} for m in members],
                   key=key, hide_index=True, disabled=[profile, joined],
                   column_config={real: st.column_config.TextColumn(real, max_chars=REAL_NAME_MAX, help=tr.gettext(
                       "Type a learner's real name here: only this class's teachers see it."))},
                   on_change=save_real_names, args=(school_class.id, real, key, ids))
    st.caption(tr.gettext("A real name is saved as soon as you leave its cell (Enter or a click elsewhere)."))
    by_member = {m.profile_id: m for m in members}
    one = by_member[classes_state.labelled_select(tr.gettext("Learner"), labels, CLASS_LEARNER)]
    remove, code = st.columns(2)
    remove.button(tr.gettext("Take out of the class"), key="remove_learner", on_click=ask,
                  args=("remove_learner", school_class.id, one.profile_id, labels[one.profile_id]))
    if one.made_here:
        code.button(tr.gettext("New sign-in code"), key="new_sign_in_code", on_click=new_sign_in_code,
                    args=(one.profile_id,), help=tr.gettext("For an account this class made: the learner's "
                                                            "codes not yet used stop working."))
    confirm_box("remove_learner", school_class.id, tr.gettext("Yes, take them out"), remove_learner, tr)


def _profile_shown(member: Member, labels: dict[int, str]) -> str:
    """The profile's name in the learners' table, with its number where another learner's reads alike."""
    repeated = labels[member.profile_id].endswith(f"· #{member.profile_id}")
    return f"{member.name} · #{member.profile_id}" if repeated else member.name


def accounts(school_class: SchoolClass, tr: Translator) -> None:
    """Accounts for young learners (no e-mail): a profile in the class each, with a one-time sign-in
    code; the sheet of codes (a new account's, or a new code's) to print as slips or download."""
    sheet = st.session_state.get(CLASS_SHEET)
    mine = bool(sheet and sheet[0] == school_class.id)
    with st.expander(tr.gettext("Accounts for young learners"), expanded=mine):
        st.caption(tr.gettext("For learners with no e-mail: type their names, one per line. Each gets a profile in "
                              "this class and a one-time sign-in code, valid for two weeks, to type in the sidebar "
                              "under “Profile”. Print the slips now: the codes cannot be shown again. A learner who "
                              "loses theirs gets a new one from you (pick them above)."))
        with st.form("accounts", border=False):
            st.text_area(tr.gettext("Names, one per line"), key=CLASS_NAMES, height=120)
            st.form_submit_button(tr.gettext("Make the accounts"), on_click=make_accounts)
        if not mine:
            return
        lines = [(str(name), str(code)) for name, code in (sheet or (0, []))[1]]
        name_label, code_label = tr.gettext("Name"), tr.gettext("Sign-in code")
        st.dataframe({name_label: [n for n, _ in lines], code_label: [c for _, c in lines]}, hide_index=True)
        slips = slips_html(school_class.name, _app_address(), lines, tr)
        st.download_button(tr.gettext("Slips to print (a page for your browser)"), slips.encode("utf-8"),
                           file_name=f"gin-tutor-class-{school_class.id}-slips.html", mime="text/html",
                           key="download_slips")
        st.download_button(tr.gettext("Download the sheet (CSV)"),
                           table_csv([{name_label: n, code_label: c} for n, c in lines]),
                           file_name=f"gin-tutor-class-{school_class.id}-codes.csv", mime="text/csv",
                           key="download_sheet")


def _app_address() -> str:
    """The address learners open the app at, as this browser reached it ("" when unknown)."""
    with contextlib.suppress(Exception):  # outside a browser session (AppTest): no address
        parts = urlsplit(str(st.context.url or ""))
        if parts.scheme in ("http", "https") and parts.netloc:
            return f"{parts.scheme}://{parts.netloc}/"
    return ""


# --- what the buttons do ------------------------------------------------------------------------

def real_name_edits(edits: Any, ids: Sequence[Any], column: str) -> list[tuple[int, str]]:
    """The real names typed in the learners' table, as its widget reports its edits (``edited_rows``:
    row number → {column: value}), each with the profile id of its row (``ids``, in the table's
    order); an edit of another column, or of a row the table did not have, is left out."""
    rows = edits.get("edited_rows") if isinstance(edits, dict) else None
    typed = []
    for row, changed in (rows if isinstance(rows, dict) else {}).items():
        number = int(row) if isinstance(row, int | str) and str(row).isdigit() else -1
        if isinstance(changed, dict) and column in changed and 0 <= number < len(ids):
            typed.append((int(ids[number]), str(changed[column] or "")))
    return typed


def save_real_names(class_id: int, column: str, key: str, ids: tuple[int, ...]) -> None:
    """Save the real names typed in the learners' table ``key``, whose rows are the learners ``ids``."""
    mine = chosen()
    if mine is None or mine[1] != class_id:
        return
    typed = real_name_edits(st.session_state.get(key), ids, column)
    for profile_id, real_name in typed:  # the table shows what was typed: no note (a second run would drop it)
        try:
            store_access.store().set_real_name(*mine, profile_id, real_name)
        except TutorError as error:
            note_error(error)
            return


def remove_learner(profile_id: int) -> None:
    """Take a learner out of the class shown, once confirmed."""
    done = classes_state.confirmed("remove_learner", profile_id)
    if done is not None and store_access.store().remove_member(*done[0], profile_id):
        st.session_state.pop(CLASS_LEARNER, None)
        note("success", N_("{name} is out of the class; their own progress stays theirs."), name=done[1])


def new_sign_in_code(profile_id: int) -> None:
    """A new one-time sign-in code for an account the class made (the old ones stop working), shown
    as a sheet of one slip."""
    mine = chosen()
    if mine is None:
        return
    line = store_access.store().new_sign_in_code(*mine, profile_id)
    if line is None:
        note("error", classes_state.JOIN_NOTES["unavailable"])
        return
    st.session_state[CLASS_SHEET] = (mine[1], [(line.name, line.code)])
    note("success", N_("A new sign-in code for {name} is below, under “Accounts for young learners”: the old one "
                       "works no more."), name=line.name)


def make_accounts() -> None:
    """Accounts for young learners, one per name typed (one per line), with their sign-in codes."""
    mine = chosen()
    names = [line.strip() for line in str(st.session_state.get(CLASS_NAMES) or "").splitlines() if line.strip()]
    if mine is None or not names:
        return
    if len(names) > MOST_ACCOUNTS:
        note("error", N_("At most {most} accounts at once."), most=MOST_ACCOUNTS)
        return
    try:
        sheet = store_access.store().create_learners(*mine, names)
    except ProfileNameError as error:
        note_error(error)
        return
    if sheet:
        st.session_state[CLASS_NAMES] = ""
        st.session_state[CLASS_SHEET] = (mine[1], [(line.name, line.code) for line in sheet])
