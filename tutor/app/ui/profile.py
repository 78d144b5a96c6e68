"""The learner's profile in the sidebar, and saving progress for it: attempts, lessons done,
the review schedule, the chosen language and ruleset. Without a profile nothing is saved."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import os
import secrets
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import quote, unquote

import streamlit as st

from tutor.app.ui import private_profiles, state
from tutor.app.ui.safe import error_text, plain
from tutor.app.ui.session_keys import (
    ACCOUNT,
    BROWSER_KEYS,
    CODE_ERROR,
    CODE_NAME,
    CODE_WAIT,
    FAULT,
    FAULT_SLOT,
    GUEST_LESSONS,
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
    PROFILE_NEW,
    PROFILE_TO_BROWSER,
    PROFILES,
    RULES,
    SET_ASIDE,
    SIGNED_OUT,
    TRANSFER_CODE,
    TRIES_ID,
)
from tutor.drills import Puzzle, Verdict
from tutor.engine.errors import TutorError
from tutor.language.i18n import N_, Translator
from tutor.progress.names import clean_name, lookalike_keys
from tutor.progress.ratings import puzzle_prior
from tutor.progress.review import DrillItem
from tutor.progress.store import (
    DATA_DIR_ENV,
    DATABASE_URL_ENV,
    DrillAnswer,
    Profile,
    Store,
    open_store,
)
from tutor.progress.throttle import Throttle


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
    with contextlib.suppress(Exception):  # outside a session: nobody to tell
        st.session_state[SET_ASIDE] = st.session_state.get(SET_ASIDE, 0) + count


def _secret(name: str) -> Any:
    """A setting in ``.streamlit/secrets.toml``, or None."""
    try:
        return st.secrets.get(name)
    except Exception:  # no secrets file, or one that cannot be read: no setting
        return None


def _setting() -> str:
    """The ``data_dir`` setting in ``.streamlit/secrets.toml``, if there is one."""
    return str(_secret("data_dir") or "")


def _database_url() -> str:
    """The database server Streamlit's convention names for the progress: ``GIN_TUTOR_DATABASE_URL``,
    else ``url`` under ``[connections.progress]`` in ``.streamlit/secrets.toml``; "" for none."""
    if os.environ.get(DATABASE_URL_ENV):
        return os.environ[DATABASE_URL_ENV]
    connections = _secret("connections") or {}
    return str(connections.get("progress", {}).get("url", "")) if hasattr(connections, "get") else ""


def store() -> Store:
    """The progress store: on the database server :func:`_database_url` names, else in a SQLite
    file in the data folder that ``GIN_TUTOR_DATA_DIR`` or the ``data_dir`` setting chooses (by
    default the user's data folder)."""
    return _store(os.environ.get(DATA_DIR_ENV) or _setting(), _database_url())


COOKIE = private_profiles.LEGACY_COOKIE
"""On one machine, where profiles are open to whoever uses it: the browser cookie that remembers the
chosen profile's name across reloads and tabs. (Where profiles are private, a browser holds keys
instead: :mod:`tutor.app.ui.private_profiles`.)"""
YEAR = 365 * 24 * 3600


def remember_in_browser(name: str | None) -> None:
    """Ask the browser to remember the chosen profile (or to forget it, for a guest): where profiles
    are private, by the keys it holds; on one machine, by its name."""
    if private():
        script = private_profiles.cookie_script(_held_keys(), name)
    else:
        cookie = f"{COOKIE}={quote(name or '', safe='')}; path=/; max-age={YEAR if name else 0}; SameSite=Lax"
        script = f"document.cookie = {json.dumps(cookie)};"
    st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)


def _held_keys() -> dict[str, str]:
    """Where profiles are private: the key this browser holds to each profile, by name."""
    keys: dict[str, str] = st.session_state.setdefault(BROWSER_KEYS, {})
    return keys


def private() -> bool:
    """Whether learners see only their own profiles: where progress is shared (a database
    server), where ``private_profiles = true`` is set in the secrets, or where accounts sign in."""
    return store().url is not None or _secret("private_profiles") is True or sign_in_configured()


def sign_in_configured() -> bool:
    """Whether the operator set up sign-in (Streamlit's ``st.login``: an ``[auth]`` section)."""
    return bool(_secret("auth"))


def signed_in() -> tuple[str, str] | None:
    """The signed-in account, as (a stable subject, a name to show), or None."""
    try:
        if not st.user.is_logged_in:
            return None
        subject = str(st.user.get("sub") or st.user.get("email") or "")
        shown = str(st.user.get("email") or st.user.get("name") or subject)
    except Exception:  # sign-in not set up
        return None
    return (subject, shown) if subject else None


def may_teach() -> str | None:
    """Why the current profile may not teach a class, or None when it may. Without sign-in any
    profile may (private like any profile); where sign-in is configured only a signed-in account
    may (``sign_in``), and where the secrets' ``teachers`` lists addresses (``ana@school.es``) or
    domains (``@school.es``), only an account whose address is listed (``not_listed``)."""
    if not sign_in_configured():
        return None
    account = signed_in()
    if account is None:
        return "sign_in"
    listed = _secret("teachers")
    return None if listed_teacher(account[1], listed) else "not_listed"


def listed_teacher(address: str, listed: Any) -> bool:
    """Whether an account's ``address`` may teach under the ``teachers`` setting: anyone when it is
    empty; else an address listed exactly, or one of a listed ``@domain`` (case ignored)."""
    if not listed:
        return True
    entries = listed if isinstance(listed, list | tuple) else [listed]
    wanted = address.strip().casefold()
    for entry in entries:
        allowed = str(entry).strip().casefold()
        if allowed and (wanted == allowed or (allowed.startswith("@") and wanted.endswith(allowed))):
            return True
    return False


def signed_in_at() -> datetime | None:
    """When the signed-in account signed in (its identity token's ``iat``), None when unknown."""
    try:
        issued = st.user.get("iat")
    except Exception:  # sign-in not set up
        return None
    if type(issued) is not int:
        return None
    try:
        return datetime.fromtimestamp(issued, UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _ended_sign_in(profile: Profile) -> bool:
    """Whether the account of ``profile`` signed out after this session's sign-in (in another tab of
    this browser, or in the browser a copied sign-in cookie came from): checked on every run."""
    when = signed_in_at()
    return when is not None and store().signed_out_since(profile.id, when)


def _end_sign_in() -> None:
    """This session's sign-in has ended: it is a guest, and saves nothing to the account."""
    st.session_state[SIGNED_OUT] = True
    _choose(None)


def _sign_out() -> None:
    """Sign out: the account's sign-ins made before now stop opening its profile everywhere (other
    tabs, copied cookies), then Streamlit forgets this browser's sign-in."""
    profile = current()
    if profile is not None:
        store().sign_out_account(profile.id)
    st.logout()


def _from_browser() -> None:
    """On a session's first run, take up the profile the browser remembers, if it still exists.
    Where accounts sign in: the signed-in account's profile, taken up again whenever the account
    changes (signed in or out)."""
    session = st.session_state
    if sign_in_configured():
        account = signed_in()
        if account is not None and session.get(SIGNED_OUT):
            return  # this session's sign-in ended: a guest until the page is loaded anew
        if PROFILE_NAME in session and session.get(ACCOUNT) == account:
            kept = session.get(PROFILE)
            if account is not None and isinstance(kept, Profile) and _ended_sign_in(kept):
                _end_sign_in()  # the account signed out in another tab since this one opened
            return
        session[ACCOUNT] = account
        found = store().account_profile(*account) if account is not None else None
        if found is not None and _ended_sign_in(found):  # a sign-in from before the account's last sign-out
            _end_sign_in()
            return
        if (found.name if found else None) != session.get(PROFILE_NAME) or PROFILE_NAME not in session:
            _choose(found)
        return
    if PROFILE_NAME in session:
        return
    if private():  # only a key the server gave opens a profile; a name alone, nothing
        held = private_profiles.read_browser(store(), private_profiles.browser_cookies(),
                                              claim=_secret("claim_old_profiles") is True)
        session[BROWSER_KEYS] = held.keys
        session[PROFILE_NAME] = held.chosen.name if held.chosen else None
        session[PROFILE] = held.chosen
        if held.problem:
            session[KEY_PROBLEM] = (held.problem, held.legacy_name)
        if held.changed:
            session[PROFILE_TO_BROWSER] = True
        return
    remembered = unquote(st.context.cookies.get(COOKIE) or "") if st.context.cookies else ""
    kept = store().find_profile(remembered) if remembered else None
    session[PROFILE_NAME] = kept.name if kept else None
    session[PROFILE] = kept


def current() -> Profile | None:
    """The chosen profile, or None for a guest: read from the store once per session and kept. A
    widget's callback may run before the page has taken up the browser's profile (a session's first
    run, such as one that a reconnection starts with a click): the browser's profile is taken up first."""
    if PROFILE_NAME not in st.session_state:
        _from_browser()
    name = st.session_state.get(PROFILE_NAME)
    if not name:
        return None
    kept = st.session_state.get(PROFILE)
    if isinstance(kept, Profile) and kept.name == name:
        return kept
    found = _held_profile(name) if private() else store().find_profile(name)
    if found is not None:
        st.session_state[PROFILE] = found
    return found


def _held_profile(name: str) -> Profile | None:
    """Where profiles are private: the profile this browser holds a key to by that name (a name
    alone opens nothing: another learner may have a profile of the same name)."""
    key = _held_keys().get(name)
    return store().open_key(key).profile if key else None


def _held_lookalike(name: str) -> str | None:
    """The name of a profile this browser holds that is this name or looks like it (case, width,
    lookalike letters), or None."""
    folded, shape = lookalike_keys(clean_name(name))
    for held in _held_keys():
        if set(lookalike_keys(held)) & {folded, shape}:
            return held
    return None


def remember_switches(coach_mode: bool | None = None, quick_moves: bool | None = None,
                      reading_map: bool | None = None) -> None:
    """Keep the Play page's switches with the chosen profile (a guest's stay in the session)."""
    profile = current()
    if profile is not None and store().set_preferences(profile.id, coach_mode=coach_mode, quick_moves=quick_moves,
                                                       reading_map=reading_map):
        st.session_state[PROFILE] = replace(
            profile, coach_mode=profile.coach_mode if coach_mode is None else coach_mode,
            quick_moves=profile.quick_moves if quick_moves is None else quick_moves,
            reading_map=profile.reading_map if reading_map is None else reading_map)


def _create() -> None:
    """Make the profile typed in the box, or choose the one of that name (in any case, or one like
    it): on one machine any profile; where profiles are private, only one this browser holds, and
    otherwise a new profile, whatever others have called theirs (so a name tells nobody that a
    profile exists)."""
    name = st.session_state.get(PROFILE_NEW, "")
    existing: str | None
    try:
        if private():
            existing = _held_lookalike(name) if name.strip() else None
            profile = _held_profile(existing) if existing else store().private_profile(name)
        else:
            found = store().lookalike_profile(name) if name.strip() else None
            existing = found.name if found else None
            profile = store().profile(name)
    except TutorError as error:
        st.session_state[PROFILE_ERROR] = error
        return
    st.session_state.pop(PROFILE_ERROR, None)
    if existing is not None:  # the name (in any case, or one like it) was taken: this profile is chosen
        st.session_state[PROFILE_EXISTED] = existing
    if profile is None:
        return  # not saved: the fault is shown, the name stays in the box to try again
    if private() and profile.name not in _held_keys():
        key = store().issue_key(profile.id)
        if key is None:
            return  # the key could not be saved: the fault is shown, nothing is opened without one
        _held_keys()[profile.name] = key
    guest_lessons = set(st.session_state.pop(GUEST_LESSONS, set())) if current() is None else set()
    _choose(profile)
    for lesson in sorted(guest_lessons):  # a guest's lessons passed go with the profile it creates
        store().mark_lesson_done(profile.id, lesson)
    st.session_state[PROFILE_NEW] = ""


ANSWER_KEYS = ("answer_", "_verdict_", "_hints_", "_groups_", "_group_message_", "_opened_", "picker_")
"""Session keys of answers and verdicts on screen: they belong to the profile that gave them."""


def _choose(profile: Profile | None) -> None:
    if (profile.name if profile else None) != st.session_state.get(PROFILE_NAME):
        for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(ANSWER_KEYS)]:
            del st.session_state[key]
    st.session_state[PROFILE_NAME] = profile.name if profile else None
    st.session_state[PROFILE] = profile
    st.session_state.pop(PROFILES, None)  # the list is read again
    st.session_state[PROFILE_TO_BROWSER] = True
    if profile and profile.language:
        before = st.session_state.get(LANG)
        if before and before != profile.language:
            st.session_state[LANG_BEFORE_PROFILE] = before
        st.session_state[LANG] = profile.language
        st.query_params[LANG] = profile.language
    if profile and profile.ruleset:
        st.session_state[RULES] = profile.ruleset
        st.query_params[RULES] = profile.ruleset


def _back_to_language(lang: str) -> None:
    """The pages in the language they were in before the profile was chosen (the profile then keeps it)."""
    st.session_state[LANG] = lang
    st.query_params[LANG] = lang


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
                          key="profile_language_back", on_click=_back_to_language, args=(before,))


def _pick_key() -> str:
    return state.language_keyed("profile_pick")


def _picked() -> None:
    name = st.session_state.get(_pick_key())
    if private() and name and name not in _held_keys():
        return  # not one this browser holds a key to: nothing to open
    _choose((_held_profile(name) if private() else store().find_profile(name)) if name else None)


ADDRESS_FREE_TRIES = 30
"""Wrong codes one address may type before it waits."""
SESSION_TRIES = Throttle()
"""Wrong transfer codes counted by browser session."""
ADDRESS_TRIES = Throttle(free=ADDRESS_FREE_TRIES)
"""Wrong transfer codes counted by the client's address (a school's pupils may share one, so it
allows more for free)."""


def who_is_typing() -> tuple[str, ...]:
    """Who is typing a code (:func:`_who`), for the other pages that take codes (a class's)."""
    return _who()


def _who() -> tuple[str, ...]:
    """Who is typing a code: this session, and the client's address (behind the deployment's proxy,
    the address the proxy added last to ``X-Forwarded-For``, which a client cannot forge)."""
    session = str(st.session_state.setdefault(TRIES_ID, secrets.token_hex(8)))
    try:
        address = st.context.ip_address or ""
        forwarded = str(st.context.headers.get("X-Forwarded-For") or "")
    except Exception:  # outside a browser session (AppTest): the session alone
        address, forwarded = "", ""
    if forwarded and address in ("127.0.0.1", "::1", ""):
        address = forwarded.split(",")[-1].strip()
    return (f"session:{session}", *([f"address:{address}"] if address else []))


def code_wait(who: tuple[str, ...], session: Throttle | None = None, address: Throttle | None = None) -> float:
    """Seconds before this browser may try another code: ``who``'s session counted by ``session``,
    its address by ``address`` (by default, the transfer codes' throttles)."""
    now = time.monotonic()
    session, address = session or SESSION_TRIES, address or ADDRESS_TRIES
    return max(session.wait_left(who[:1], now), address.wait_left(who[1:], now))


def count_code(who: tuple[str, ...], right: bool, session: Throttle | None = None,
               address: Throttle | None = None) -> None:
    """Count a code typed by ``who``: a right one clears its session's count, a wrong one counts
    against its session and its address (by default, in the transfer codes' throttles)."""
    session, address = session or SESSION_TRIES, address or ADDRESS_TRIES
    if right:
        session.right(who[:1])
        return
    now = time.monotonic()
    session.wrong(who[:1], now)
    address.wrong(who[1:], now)


def _redeem() -> None:
    """Open a profile here with a transfer code from another browser (it works once); after a few
    wrong codes, each wrong one makes the next try wait longer (:mod:`tutor.progress.throttle`)."""
    typed = str(st.session_state.get(PROFILE_CODE) or "")
    st.session_state.pop(CODE_ERROR, None)
    st.session_state.pop(CODE_NAME, None)
    st.session_state.pop(CODE_WAIT, None)
    if not typed.strip():
        return
    who = _who()
    wait = code_wait(who)
    if wait > 0:
        st.session_state[CODE_WAIT] = math.ceil(wait)
        return
    check = store().redeem_code(typed, held=_held_keys())
    if check.problem == "held" and check.profile is not None:
        mine = _held_profile(check.profile.name)
        if mine is not None and mine.id == check.profile.id:  # this browser holds it already
            st.session_state[PROFILE_CODE] = ""
            _choose(mine)
        else:  # another profile of the same name is held here: the code waits, unused
            st.session_state[CODE_ERROR] = "held"
            st.session_state[CODE_NAME] = check.profile.name
        return
    if check.problem in ("unknown", "used", "expired"):
        count_code(who, right=False)
    elif check.profile is not None:
        count_code(who, right=True)
    key = store().issue_key(check.profile.id) if check.profile is not None else None
    if check.profile is None or key is None:
        st.session_state[CODE_ERROR] = check.problem or "unavailable"
        return
    _held_keys()[check.profile.name] = key
    st.session_state[PROFILE_CODE] = ""
    _choose(check.profile)


def _show_transfer_code() -> None:
    profile = current()
    if profile is not None:
        st.session_state[TRANSFER_CODE] = store().transfer_code(profile.id)


def _ask_leave() -> None:
    st.session_state[LEAVE_ASKED] = True


def _keep_here() -> None:
    st.session_state.pop(LEAVE_ASKED, None)
    st.session_state.pop(LEAVE_CODE, None)


def _leave_here() -> None:
    """Withdraw this browser's key to the chosen profile: here it is a guest again (the profile and
    its progress stay, open in the browsers that hold a key)."""
    st.session_state.pop(LEAVE_ASKED, None)
    profile = current()
    if profile is None:
        return
    key = _held_keys().pop(profile.name, None)
    if key is not None:
        store().revoke_key(key, codes=True, keeping=st.session_state.pop(LEAVE_CODE, None))
    st.session_state.pop(TRANSFER_CODE, None)
    _choose(None)


def _code_to_leave() -> None:
    """A transfer code made before signing out here: it stays valid after (every other is withdrawn)."""
    _show_transfer_code()
    st.session_state[LEAVE_CODE] = st.session_state.get(TRANSFER_CODE)


def profile_box(tr: Translator) -> None:
    """Pick or create a profile (no password: a study aid); warn when progress is not saved. The
    browser remembers the choice (a cookie), so a reload or a new tab keeps the profile."""
    _from_browser()
    if st.session_state.pop(PROFILE_TO_BROWSER, False):
        remember_in_browser(st.session_state.get(PROFILE_NAME))
    saved = store()
    current_name = st.session_state.get(PROFILE_NAME)
    shown = plain(current_name) if current_name else tr.gettext("guest")
    with st.sidebar.expander(tr.gettext("Profile: {name}", name=shown)):
        if sign_in_configured():
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
    profile = current()
    language, rules = st.session_state.get(LANG), st.session_state.get(RULES)
    if (profile is not None and (profile.language != language or profile.ruleset != rules)
            and saved.set_preferences(profile.id, language, rules)):
        st.session_state[PROFILE] = replace(profile, language=language, ruleset=rules)


def _known_profiles() -> list[str]:
    """The profiles the picker offers: where profiles are private, those made or chosen in this
    browser (that still exist); else every profile. Read once per session, again after a change."""
    session = st.session_state
    if PROFILES not in session:
        if private():
            session[PROFILES] = sorted(_held_keys(), key=str.casefold)
        else:
            session[PROFILES] = [p.name for p in store().profiles()]
    names: list[str] = list(session[PROFILES])
    return names


def _profile_picker(tr: Translator, current_name: str | None) -> None:
    """Pick one of the known profiles, or make one (no password: a study aid)."""
    options = [None] + _known_profiles()
    if current_name is not None and current_name not in options:
        options.append(current_name)
    if st.session_state.get(_pick_key()) != current_name:
        st.session_state[_pick_key()] = current_name
    st.selectbox(tr.gettext("Your profile"), options, key=_pick_key(), on_change=_picked,
                 format_func=lambda n: n if n else tr.gettext("Guest"))
    if current_name is None:
        st.caption(tr.gettext("As a guest, nothing is saved after you leave."))
    st.text_input(tr.gettext("New profile"), key="profile_new", placeholder=tr.gettext("your name"))
    st.button(tr.gettext("Create profile"), key="profile_create", on_click=_create)
    if private():
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
                  on_click=_show_transfer_code)
        code = st.session_state.get(TRANSFER_CODE)
        if code:
            st.caption(tr.gettext("Type this code in the other browser's profile box within 24 hours. It works once, "
                                  "and only there: keep it to yourself."))
            st.code(code, language=None)
        _leave_box(tr)
    st.text_input(tr.gettext("Transfer code from another browser"), key=PROFILE_CODE, placeholder="XXXX-XXXX-XXXX")
    st.button(tr.gettext("Open with the code"), key="profile_redeem", on_click=_redeem)
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
    profile = current()
    if not st.session_state.get(LEAVE_ASKED) or profile is None:
        st.button(tr.gettext("Sign out of this profile here"), key="profile_leave", on_click=_ask_leave,
                  help=tr.gettext("This browser forgets the profile and becomes a guest; you are asked to "
                                  "confirm first."))
        return
    others = store().open_keys(profile.id) - (1 if profile.name in _held_keys() else 0)
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
        st.button(tr.gettext("Make a transfer code first"), key="profile_leave_code", on_click=_code_to_leave)
    confirm, cancel = st.columns(2)
    confirm.button(tr.gettext("Sign out here"), key="profile_leave_confirm", on_click=_leave_here, type="primary")
    cancel.button(tr.gettext("Keep it here"), key="profile_leave_cancel", on_click=_keep_here)


def sign_in_installed() -> bool:
    """Whether this installation has what Streamlit's sign-in needs (Authlib: ``gin-tutor[auth]``)."""
    return importlib.util.find_spec("authlib") is not None


def _account_box(tr: Translator, current_name: str | None) -> None:
    """Where accounts sign in: the signed-in account is the profile; a guest may sign in."""
    if not sign_in_installed():
        st.warning(tr.gettext("Sign-in is set up on this server, but its installation lacks what sign-in needs "
                              "(pip install 'gin-tutor[auth]'). Nothing is saved until it is installed."))
        return
    if st.session_state.get(SIGNED_OUT):
        st.warning(tr.gettext("This sign-in has ended: the account signed out (in another tab, or another "
                              "browser). Nothing more is saved to it from here; reload the page and sign in again "
                              "to go on."))
    if signed_in() is not None and current_name:
        st.caption(tr.gettext("Signed in: your progress is saved with your account."))
        st.button(tr.gettext("Sign out"), key="profile_logout", on_click=_sign_out)
    else:
        st.caption(tr.gettext("As a guest, nothing is saved after you leave."))
        st.button(tr.gettext("Sign in to save your progress"), key="profile_login", on_click=st.login)


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
    if aside:
        where = slot.container() if slot is not None else st.sidebar
        where.info(tr.ngettext("{n} saved item of yours could not be read (a saved game, a review card, a rating or a "
                               "drill answer, damaged or from a newer version): it was put aside, kept but not used, "
                               "and the rest of your progress works.",
                               "{n} saved items of yours could not be read (saved games, review cards, ratings or "
                               "drill answers, damaged or from a newer version): they were put aside, kept but not "
                               "used, and the rest of your progress works.", aside))
    if heard:
        sidebar = slot.container() if slot is not None else st.sidebar
        fault, lost = heard
        reason = tr.gettext(FAULT_REASONS.get(fault, FAULT_REASONS["unavailable"]))
        if lost:
            sidebar.warning(tr.gettext("Your last answer or change was not saved: {reason}. The app keeps "
                                       "working, and saving resumes as soon as the problem is gone.", reason=reason))
        else:
            sidebar.warning(tr.gettext("Your saved progress cannot be reached just now: {reason}. The app keeps "
                                       "working, and saving resumes as soon as the problem is gone.", reason=reason))


def review_item(puzzle: Puzzle) -> str:
    """The name of a drill in the review schedule: enough to generate it again."""
    position = puzzle.address.get("position", "")
    return DrillItem(puzzle.kind, puzzle.level, puzzle.ruleset, puzzle.seed, position, puzzle.scenario).format()


def record(puzzle: Puzzle, verdict: Verdict, seconds: float, helped: bool = False, given: str | None = None,
           hints: int = 0) -> None:
    """Save an attempt for the current profile, move the learner's and the puzzle's ratings
    (:mod:`tutor.progress.ratings`), and rate it in the review schedule as the review policy says
    (:func:`tutor.progress.review.rating_after_drill`), all in one transaction; ``helped``: the
    answer came after a hint or on a second try; ``given``: the answer as text, and ``hints``: how
    many were asked for (kept for a teacher's homework view)."""
    profile = current()
    if profile is None:
        return
    store().record_drill_answer(profile.id, DrillAnswer(
        puzzle.kind, puzzle.level, puzzle.ruleset, verdict.correct, seconds, review_item(puzzle),
        puzzle_prior(puzzle.level, puzzle.properties), helped, puzzle.seed, verdict.mistake, given, hints))
