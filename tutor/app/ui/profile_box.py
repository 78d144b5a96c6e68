"""The profile box in the sidebar: pick or make a profile, open it in another browser with a
transfer code, sign out of it here, or sign in with an account; and what the store's state means for
saving. What each action does is :mod:`tutor.app.ui.identity`."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from tutor.app.ui import identity
from tutor.app.ui.safe import error_text, plain
from tutor.app.ui.session_keys import (
    CODE_ERROR,
    CODE_NAME,
    CODE_WAIT,
    FAULT_SLOT,
    KEY_PROBLEM,
    LANG,
    LANG_BEFORE_PROFILE,
    LEAVE_ASKED,
    LEAVE_CODE,
    PROFILE,
    PROFILE_CODE,
    PROFILE_ERROR,
    PROFILE_EXISTED,
    PROFILE_NAME,
    PROFILE_TO_BROWSER,
    PROFILES,
    RULES,
    SIGNED_OUT,
    TRANSFER_CODE,
)
from tutor.app.ui.store_access import store
from tutor.language.i18n import N_, Translator


def _show_choice_notes(tr: Translator) -> None:
    """What choosing or creating a profile did, outside the profile box (which closes when its title
    changes): a profile that already existed, a name refused, the profile's own language."""
    if st.session_state.get(PROFILE_ERROR):
        st.sidebar.error(error_text(st.session_state[PROFILE_ERROR], tr))
    existed = st.session_state.pop(PROFILE_EXISTED, None)
    if existed:
        st.sidebar.info(tr.gettext("There is already a profile called “{name}”: it is the one chosen now.",
                                   name=plain(existed)))
    before = st.session_state.pop(LANG_BEFORE_PROFILE, None)
    if before and before != st.session_state.get(LANG):
        st.sidebar.info(tr.gettext("Your profile was last used in {language}, so the pages are shown in it.",
                                   language=tr.language_in_text(tr.lang)))
        back = Translator(before)
        st.sidebar.button(back.gettext("Show the pages in {language}", language=back.language_in_text(before)),
                          key="profile_language_back", on_click=identity.back_to_language, args=(before,))


def profile_box(tr: Translator) -> None:
    """Pick or create a profile (no password: a study aid); warn when progress is not saved. The
    browser remembers the choice (a cookie), so a reload or a new tab keeps the profile."""
    identity.from_browser()
    identity.browser_id()
    identity.keep_browser_id()
    if st.session_state.pop(PROFILE_TO_BROWSER, False):
        identity.remember_in_browser(st.session_state.get(PROFILE_NAME))
    saved = store()
    current_name = st.session_state.get(PROFILE_NAME)
    shown = plain(current_name) if current_name else tr.gettext("guest")
    with st.sidebar.expander(tr.gettext("Profile: {name}", name=shown)):
        if identity.sign_in_configured():
            _account_box(tr, current_name)
        else:
            _profile_picker(tr, current_name)
    _show_choice_notes(tr)
    if saved.status == "unwritable":
        st.sidebar.warning(tr.gettext("Your progress cannot be saved: the data folder cannot be written. "
                                      "The app works, but nothing is kept after you leave."))
    elif saved.status == "damaged":
        kept = saved.kept_aside.name if saved.kept_aside else "—"
        st.sidebar.warning(tr.gettext("The progress file was damaged. It was kept as {file}, untouched; "
                                      "progress is not saved in this session.", file=kept))
    elif saved.status == "unavailable":
        st.sidebar.warning(tr.gettext("The progress database named in the settings cannot be used (its address is "
                                      "not valid); progress is not saved in this session."))
    elif saved.status == "not_ours":
        st.sidebar.warning(tr.gettext("The progress file is not one this version of gin-tutor can use (another "
                                      "program's, a newer version's, or incomplete). It was left exactly as it is; "
                                      "progress is not saved in this session."))
    st.session_state[FAULT_SLOT] = st.sidebar.empty()
    profile = identity.current()
    language, rules = st.session_state.get(LANG), st.session_state.get(RULES)
    if (profile is not None and (profile.language != language or profile.ruleset != rules)
            and saved.set_preferences(profile.id, language, rules)):
        st.session_state[PROFILE] = replace(profile, language=language, ruleset=rules)


def _known_profiles() -> list[str]:
    """The profiles the picker offers: where profiles are private, those made or chosen in this
    browser (that still exist); else every profile. Read once per session, again after a change."""
    session = st.session_state
    if PROFILES not in session:
        if identity.private():
            session[PROFILES] = sorted(identity.held_keys(), key=str.casefold)
        else:
            session[PROFILES] = [p.name for p in store().profiles()]
    names: list[str] = list(session[PROFILES])
    return names


def _profile_picker(tr: Translator, current_name: str | None) -> None:
    """Pick one of the known profiles, or make one (no password: a study aid)."""
    options = [None] + _known_profiles()
    if current_name is not None and current_name not in options:
        options.append(current_name)
    if st.session_state.get(identity.pick_key()) != current_name:
        st.session_state[identity.pick_key()] = current_name
    st.selectbox(tr.gettext("Your profile"), options, key=identity.pick_key(), on_change=identity.picked,
                 format_func=lambda n: n if n else tr.gettext("Guest"))
    if current_name is None:
        st.caption(tr.gettext("As a guest, nothing is saved after you leave."))
    st.text_input(tr.gettext("New profile"), key="profile_new", placeholder=tr.gettext("your name"))
    st.button(tr.gettext("Create profile"), key="profile_create", on_click=identity.create)
    if identity.private():
        _transfer_box(tr, current_name)


KEY_PROBLEMS = {
    "unknown": N_("This browser presented a profile key that is not valid (changed, or never given here): you are "
                  "a guest. To use your profile here, type a transfer code from a browser where it is open."),
    "expired": N_("This browser's key to your profile has expired (it went a year unused): you are a guest. To "
                  "use your profile here, type a transfer code from a browser where it is open."),
    "revoked": N_("This browser's key to your profile was withdrawn: you are a guest. To use your profile here, "
                  "type a transfer code from a browser where it is open."),
    "unavailable": N_("Your profile cannot be opened just now: the saved progress cannot be reached."),
}
"""Why a key the browser presented opened nothing, in words."""


CODE_PROBLEMS = {
    "unknown": N_("That code opens no profile: check it, or make a new one in the other browser."),
    "used": N_("That code was used already: a code works once. Make a new one in the other browser."),
    "expired": N_("That code has expired (a code works for 24 hours): make a new one in the other browser."),
    "unavailable": N_("The code could not be checked just now: the saved progress cannot be reached."),
    "held": N_("This browser already has another profile called “{name}”, so the code was not used. Sign out of "
               "that profile here first, then type the code again."),
}
"""Why a transfer code opened nothing, in words."""


def _transfer_box(tr: Translator, current_name: str | None) -> None:
    """Where profiles are private: open this profile in another browser (a one-time code), open a
    profile from another browser here, or leave this profile on this browser."""
    problem = st.session_state.pop(KEY_PROBLEM, None)
    if problem:
        kind, name = problem
        if kind == "legacy":
            st.warning(tr.gettext("The profile “{name}” this browser remembers can no longer be opened by its name "
                                  "alone. Where it is open in another browser, make a transfer code there and type "
                                  "it here; where it is not, ask whoever runs this site for its transfer code.",
                                  name=plain(name or "")))
        else:
            st.warning(tr.gettext(KEY_PROBLEMS.get(kind, KEY_PROBLEMS["unknown"])))
    if current_name is not None:
        st.button(tr.gettext("Use this profile in another browser"), key="profile_transfer",
                  on_click=identity.show_transfer_code)
        code = st.session_state.get(TRANSFER_CODE)
        if code:
            st.caption(tr.gettext("Type this code in the other browser's profile box within 24 hours. It works once, "
                                  "and only there: keep it to yourself."))
            st.code(code, language=None)
        _leave_box(tr)
    st.text_input(tr.gettext("Transfer code from another browser"), key=PROFILE_CODE, placeholder="XXXX-XXXX-XXXX")
    st.button(tr.gettext("Open with the code"), key="profile_redeem", on_click=identity.redeem)
    failed = st.session_state.get(CODE_ERROR)
    if failed:
        st.error(tr.gettext(CODE_PROBLEMS.get(failed, CODE_PROBLEMS["unknown"]),
                            name=plain(st.session_state.get(CODE_NAME) or "")))
    wait = st.session_state.get(CODE_WAIT)
    if wait:
        st.error(tr.ngettext("Too many wrong codes: wait {count} second before trying again.",
                             "Too many wrong codes: wait {count} seconds before trying again.", wait, count=wait))


def _leave_box(tr: Translator) -> None:
    """Sign out of the profile in this browser: a button, then what it does and a confirmation,
    with the transfer code offered first (the only way back in where no other browser holds it)."""
    profile = identity.current()
    if not st.session_state.get(LEAVE_ASKED) or profile is None:
        st.button(tr.gettext("Sign out of this profile here"), key="profile_leave", on_click=identity.ask_leave,
                  help=tr.gettext("This browser forgets the profile and becomes a guest; you are asked to "
                                  "confirm first."))
        return
    others = store().open_keys(profile.id) - (1 if profile.name in identity.held_keys() else 0)
    if others > 0:
        st.warning(tr.ngettext("This browser will forget the profile and become a guest. The profile and its "
                               "progress stay: {n} other browser still holds it, and a transfer code made there "
                               "brings it back here.",
                               "This browser will forget the profile and become a guest. The profile and its "
                               "progress stay: {n} other browsers still hold it, and a transfer code made there "
                               "brings it back here.", others))
    else:
        st.warning(tr.gettext("This browser will forget the profile and become a guest. No other browser holds "
                              "it: once you sign out here, only a transfer code made now opens it again. Make "
                              "one first and keep it (it works once, within 24 hours), or the profile and its "
                              "progress cannot be opened any more."))
    if not st.session_state.get(LEAVE_CODE):
        st.button(tr.gettext("Make a transfer code first"), key="profile_leave_code", on_click=identity.code_to_leave)
    confirm, cancel = st.columns(2)
    confirm.button(tr.gettext("Sign out here"), key="profile_leave_confirm", on_click=identity.leave_here,
                   type="primary")
    cancel.button(tr.gettext("Keep it here"), key="profile_leave_cancel", on_click=identity.keep_here)


def _account_box(tr: Translator, current_name: str | None) -> None:
    """Where accounts sign in: the signed-in account is the profile; a guest may sign in."""
    if not identity.sign_in_installed():
        st.warning(tr.gettext("Sign-in is set up on this server, but its installation lacks what sign-in needs "
                              "(pip install 'gin-tutor[auth]'). Nothing is saved until it is installed."))
        return
    if st.session_state.get(SIGNED_OUT):
        st.warning(tr.gettext("This sign-in has ended: the account signed out (in another tab, or another "
                              "browser). Nothing more is saved to it from here; reload the page and sign in again "
                              "to go on."))
    if identity.signed_in() is not None and current_name:
        st.caption(tr.gettext("Signed in: your progress is saved with your account."))
        st.button(tr.gettext("Sign out"), key="profile_logout", on_click=identity.sign_out)
    else:
        st.caption(tr.gettext("As a guest, nothing is saved after you leave."))
        st.button(tr.gettext("Sign in to save your progress"), key="profile_login", on_click=st.login)
