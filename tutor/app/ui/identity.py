"""Who this session is and what it may do: the profile it has chosen (from the browser's keys or
cookie, a sign-in, or one made here), the keys a browser holds to private profiles, signing in and
out, the transfer codes that open a profile in another browser (and the throttles on guessing
them), and whether it may teach. The rules themselves, without Streamlit, are in
:mod:`tutor.progress.access`; the sidebar that offers all this is :mod:`tutor.app.ui.profile_box`."""

from __future__ import annotations

import importlib.util
import json
import math
import re
import secrets
import time
from dataclasses import replace
from datetime import UTC, datetime
from urllib.parse import quote, unquote

import streamlit as st

from tutor.app.ui import private_profiles, state
from tutor.app.ui.session_keys import (
    ACCOUNT,
    BROWSER_KEYS,
    BROWSER_NEW,
    CODE_ERROR,
    CODE_NAME,
    CODE_WAIT,
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
    SIGNED_OUT,
    TRANSFER_CODE,
    TRIES_ID,
)
from tutor.app.ui.store_access import secret, store
from tutor.engine.errors import TutorError
from tutor.progress.access import client_address, teaching_refusal
from tutor.progress.access import code_wait as access_code_wait
from tutor.progress.access import count_code as access_count_code
from tutor.progress.names import clean_name, lookalike_keys
from tutor.progress.store import Profile
from tutor.progress.throttle import Throttle

COOKIE = private_profiles.LEGACY_COOKIE
"""On one machine, where profiles are open to whoever uses it: the browser cookie that remembers the
chosen profile's name across reloads and tabs. (Where profiles are private, a browser holds keys
instead: :mod:`tutor.app.ui.private_profiles`.)"""


YEAR = 365 * 24 * 3600


def remember_in_browser(name: str | None) -> None:
    """Ask the browser to remember the chosen profile (or to forget it, for a guest): where profiles
    are private, by the keys it holds; on one machine, by its name."""
    if private():
        script = private_profiles.cookie_script(held_keys(), name)
    else:
        cookie = f"{COOKIE}={quote(name or '', safe='')}; path=/; max-age={YEAR if name else 0}; SameSite=Lax"
        script = f"document.cookie = {json.dumps(cookie)};"
    st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)


def held_keys() -> dict[str, str]:
    """Where profiles are private: the key this browser holds to each profile, by name."""
    keys: dict[str, str] = st.session_state.setdefault(BROWSER_KEYS, {})
    return keys


def private() -> bool:
    """Whether learners see only their own profiles: where progress is shared (a database
    server), where ``private_profiles = true`` is set in the secrets, or where accounts sign in."""
    return store().url is not None or secret("private_profiles") is True or sign_in_configured()


def sign_in_configured() -> bool:
    """Whether the operator set up sign-in (Streamlit's ``st.login``: an ``[auth]`` section)."""
    return bool(secret("auth"))


def signed_in() -> tuple[str, str] | None:
    """The signed-in account, as (a stable subject, a name to show), or None."""
    try:
        if not st.user.is_logged_in:
            return None
        subject = str(st.user.get("sub") or st.user.get("email") or "")
        shown = str(st.user.get("email") or st.user.get("name") or subject)
    except Exception:  # noqa: BLE001 (sign-in not set up)
        return None
    return (subject, shown) if subject else None


def may_teach() -> str | None:
    """Why the current profile may not teach a class, or None when it may
    (:func:`tutor.progress.access.teaching_refusal`, with the secrets' ``teachers``)."""
    account = signed_in() if sign_in_configured() else None
    return teaching_refusal(private(), sign_in_configured(), account[1] if account else None, secret("teachers"))


def signed_in_at() -> datetime | None:
    """When the signed-in account signed in (its identity token's ``iat``), None when unknown."""
    try:
        issued = st.user.get("iat")
    except Exception:  # noqa: BLE001 (sign-in not set up)
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
    choose(None)


def sign_out() -> None:
    """Sign out: the account's sign-ins made before now stop opening its profile everywhere (other
    tabs, copied cookies), then Streamlit forgets this browser's sign-in."""
    profile = current()
    if profile is not None:
        store().sign_out_account(profile.id)
    st.logout()


def from_browser() -> None:
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
            choose(found)
        return
    if PROFILE_NAME in session:
        return
    if private():  # only a key the server gave opens a profile; a name alone, nothing
        held = private_profiles.read_browser(store(), private_profiles.browser_cookies(),
                                              claim=secret("claim_old_profiles") is True)
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
        from_browser()
    name = st.session_state.get(PROFILE_NAME)
    if not name:
        return None
    kept = st.session_state.get(PROFILE)
    if isinstance(kept, Profile) and kept.name == name:
        return kept
    found = held_profile(name) if private() else store().find_profile(name)
    if found is not None:
        st.session_state[PROFILE] = found
    return found


def held_profile(name: str) -> Profile | None:
    """Where profiles are private: the profile this browser holds a key to by that name (a name
    alone opens nothing: another learner may have a profile of the same name)."""
    key = held_keys().get(name)
    return store().open_key(key).profile if key else None


def held_lookalike(name: str) -> str | None:
    """The name of a profile this browser holds that is this name or looks like it (case, width,
    lookalike letters), or None."""
    folded, shape = lookalike_keys(clean_name(name))
    for held in held_keys():
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


def create() -> None:
    """Make the profile typed in the box, or choose the one of that name (in any case, or one like
    it): on one machine any profile; where profiles are private, only one this browser holds, and
    otherwise a new profile, whatever others have called theirs (so a name tells nobody that a
    profile exists)."""
    name = st.session_state.get(PROFILE_NEW, "")
    existing: str | None
    try:
        if private():
            existing = held_lookalike(name) if name.strip() else None
            profile = held_profile(existing) if existing else store().private_profile(name)
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
    if private() and profile.name not in held_keys():
        key = store().issue_key(profile.id)
        if key is None:
            return  # the key could not be saved: the fault is shown, nothing is opened without one
        held_keys()[profile.name] = key
    guest_lessons = set(st.session_state.pop(GUEST_LESSONS, set())) if current() is None else set()
    choose(profile)
    for lesson in sorted(guest_lessons):  # a guest's lessons passed go with the profile it creates
        store().mark_lesson_done(profile.id, lesson)
    st.session_state[PROFILE_NEW] = ""


ANSWER_KEYS = ("answer_", "_verdict_", "_hints_", "_groups_", "_group_message_", "_opened_", "picker_")
"""Session keys of answers and verdicts on screen: they belong to the profile that gave them."""


def choose(profile: Profile | None) -> None:
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


def back_to_language(lang: str) -> None:
    """The pages in the language they were in before the profile was chosen (the profile then keeps it)."""
    st.session_state[LANG] = lang
    st.query_params[LANG] = lang


def pick_key() -> str:
    return state.language_keyed("profile_pick")


def picked() -> None:
    name = st.session_state.get(pick_key())
    if private() and name and name not in held_keys():
        return  # not one this browser holds a key to: nothing to open
    choose((held_profile(name) if private() else store().find_profile(name)) if name else None)


ADDRESS_FREE_TRIES = 30
"""Wrong codes one address may type before those of its browsers that got one wrong wait."""
SCHOOL_FREE_TRIES = 300
"""Wrong codes one address may type before every browser at it waits (a bound on a client that
drops its cookie for each try; a school's learners mistype far fewer in a day)."""


SESSION_TRIES = Throttle()
"""Wrong transfer codes counted by browser (:func:`browser_id`)."""


ADDRESS_TRIES = Throttle(free=ADDRESS_FREE_TRIES)
"""Wrong transfer codes counted by the client's address (a school's pupils may share one, so it
allows more for free)."""


SCHOOL_TRIES = Throttle(free=SCHOOL_FREE_TRIES)
"""Wrong transfer codes counted by the client's address, for every browser at it."""


def who_is_typing() -> tuple[str, ...]:
    """Who is typing a code (:func:`_who`), for the other pages that take codes (a class's)."""
    return _who()


BROWSER_COOKIE = "gin_tutor_browser"
"""The cookie that keeps this browser's id (random, meaningless), so that wrong codes are counted
by browser across reloads and tabs, not by page load."""
BROWSER_ID = re.compile(r"[0-9a-f]{32}")


def browser_id() -> str:
    """This browser's id: the one its cookie keeps, else a new one (the profile box asks the browser to
    keep it: :func:`keep_browser_id`). A browser that sends no cookie back gets a new id each time, as
    a new browser; each is counted on its own and with its address (:mod:`tutor.progress.access`)."""
    known = st.session_state.get(TRIES_ID)
    if isinstance(known, str):
        return known
    try:
        sent = str(st.context.cookies.get(BROWSER_COOKIE) or "") if st.context.cookies else ""
    except Exception:  # noqa: BLE001 (outside a browser session (AppTest): no cookie)
        sent = ""
    if BROWSER_ID.fullmatch(sent):
        st.session_state[TRIES_ID] = sent
        return sent
    made = secrets.token_hex(16)
    st.session_state[TRIES_ID] = made
    st.session_state[BROWSER_NEW] = True
    return made


def keep_browser_id() -> None:
    """Ask the browser to keep its id (:func:`browser_id`) in a cookie, once it has a new one."""
    if st.session_state.pop(BROWSER_NEW, False):
        cookie = f"{BROWSER_COOKIE}={browser_id()}; path=/; max-age={YEAR}; SameSite=Lax"
        st.html(f"<script>document.cookie = {json.dumps(cookie)};</script>", unsafe_allow_javascript=True)


def _who() -> tuple[str, ...]:
    """Who is typing a code: this browser (:func:`browser_id`), and the client's address
    (:func:`tutor.progress.access.client_address`)."""
    browser = browser_id()
    try:
        peer = st.context.ip_address or ""
        forwarded = str(st.context.headers.get("X-Forwarded-For") or "")
    except Exception:  # noqa: BLE001 (outside a browser session (AppTest): the session alone)
        peer, forwarded = "", ""
    address = client_address(peer, forwarded)
    return (f"browser:{browser}", *([f"address:{address}"] if address else []))


def code_wait(who: tuple[str, ...], counts: tuple[Throttle, Throttle, Throttle] | None = None) -> float:
    """Seconds before this browser may try another code (:func:`tutor.progress.access.code_wait`) in
    ``counts`` (by browser, by address, by address for all): by default the transfer codes'."""
    return access_code_wait(who, *(counts or (SESSION_TRIES, ADDRESS_TRIES, SCHOOL_TRIES)), time.monotonic())


def count_code(who: tuple[str, ...], right: bool, counts: tuple[Throttle, Throttle, Throttle] | None = None) -> None:
    """Count a code typed by ``who`` (:func:`tutor.progress.access.count_code`) in ``counts``: by
    default the transfer codes'."""
    access_count_code(who, right, *(counts or (SESSION_TRIES, ADDRESS_TRIES, SCHOOL_TRIES)), time.monotonic())


def redeem() -> None:
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
    check = store().redeem_code(typed, held=held_keys())
    if check.problem == "held" and check.profile is not None:
        mine = held_profile(check.profile.name)
        if mine is not None and mine.id == check.profile.id:  # this browser holds it already
            st.session_state[PROFILE_CODE] = ""
            choose(mine)
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
    held_keys()[check.profile.name] = key
    st.session_state[PROFILE_CODE] = ""
    choose(check.profile)


def show_transfer_code() -> None:
    profile = current()
    if profile is not None:
        st.session_state[TRANSFER_CODE] = store().transfer_code(profile.id)


def ask_leave() -> None:
    st.session_state[LEAVE_ASKED] = True


def keep_here() -> None:
    st.session_state.pop(LEAVE_ASKED, None)
    st.session_state.pop(LEAVE_CODE, None)


def leave_here() -> None:
    """Withdraw this browser's key to the chosen profile: here it is a guest again (the profile and
    its progress stay, open in the browsers that hold a key)."""
    st.session_state.pop(LEAVE_ASKED, None)
    profile = current()
    if profile is None:
        return
    key = held_keys().pop(profile.name, None)
    if key is not None:
        store().revoke_key(key, codes=True, keeping=st.session_state.pop(LEAVE_CODE, None))
    st.session_state.pop(TRANSFER_CODE, None)
    choose(None)


def code_to_leave() -> None:
    """A transfer code made before signing out here: it stays valid after (every other is withdrawn)."""
    show_transfer_code()
    st.session_state[LEAVE_CODE] = st.session_state.get(TRANSFER_CODE)


def sign_in_installed() -> bool:
    """Whether this installation has what Streamlit's sign-in needs (Authlib: ``gin-tutor[auth]``)."""
    return importlib.util.find_spec("authlib") is not None
