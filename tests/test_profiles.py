"""Profiles in a shared deployment: a learner sees only the profiles made in their own browser and
cannot open another learner's by typing its name; where sign-in is set up, the signed-in account
is the profile. On one machine (the default), every profile is listed, as before."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import pytest
import sqlalchemy as sa
from apptest_helpers import APP
from streamlit.testing.v1 import AppTest

from tutor import cli
from tutor.app.ui import identity, private_profiles, store_access
from tutor.progress.database import upgrade


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path))
    store_access._store.clear()
    yield tmp_path
    store_access._store.clear()


def _app(secrets: dict | None = None, cookies: dict[str, str] | None = None, user: dict | None = None,
         lang: str = "en") -> AppTest:
    """The app in a browser that sends these cookies (AppTest has none of its own: the function that
    reads them is given them)."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = lang
    at.secrets.update(secrets or {})
    if user is not None:
        at.user = user
    private_profiles.browser_cookies = lambda: dict(cookies or {})
    return at.run()


@pytest.fixture(autouse=True)
def _cookies_restored():
    reader = private_profiles.browser_cookies
    yield
    private_profiles.browser_cookies = reader


def written_cookies(at: AppTest) -> dict[str, str]:
    """The cookies the page's scripts set, as the browser would keep them (a cookie set with
    ``max-age=0`` is dropped)."""
    cookies: dict[str, str] = {}
    for html in at.get("html"):
        for cookie in re.findall(r'document\.cookie = "([^"]*)"', html.proto.body):
            pair, *attributes = cookie.split("; ")
            name, _, value = pair.partition("=")
            if "max-age=0" in attributes:
                cookies.pop(name, None)
            else:
                cookies[name] = unquote(value)
    return cookies


def _create(at: AppTest, name: str) -> AppTest:
    at.text_input(key="profile_new").input(name).run()
    at.button(key="profile_create").click().run()
    return at


def _options(at: AppTest) -> list:
    return next(s.options for s in at.selectbox if s.label == "Your profile")


def test_on_one_machine_every_profile_is_listed():
    _create(_app(), "Ana")
    assert _options(_app()) == ["Guest", "Ana"]


PRIVATE = {"private_profiles": True}


def test_private_profiles_show_only_this_browsers_and_a_name_tells_a_stranger_nothing():
    first = _create(_app(PRIVATE), "Ana")
    ana = first.session_state["_profile"]
    assert first.session_state["profile_name"] == "Ana" and _options(first) == ["Guest", "Ana"]
    assert _options(_app(PRIVATE)) == ["Guest"]  # another browser: it has never seen Ana
    # Strangers type her name, in another case, in fullwidth, with a Cyrillic А, and a name nobody
    # has: each gets a profile of its own, told exactly what a new name is told (nothing of Ana's).
    for taken in ("ana", "ＡＮＡ", "\u0410na", "Zoe"):
        stranger = _create(_app(PRIVATE), taken)
        made = stranger.session_state["_profile"]
        assert made is not None and made.id != ana.id
        assert _options(stranger) == ["Guest", made.name]
        assert not stranger.error and not stranger.info and not stranger.warning
    again = _app(PRIVATE, cookies=written_cookies(first))  # Ana's own browser, in a new tab
    assert again.session_state["profile_name"] == "Ana" and _options(again) == ["Guest", "Ana"]
    _create(again, "ANA")  # a name this browser holds, in another case: its own Ana, chosen
    assert again.session_state["_profile"].id == ana.id and not again.error
    assert [i.value for i in again.info] == ["There is already a profile called “Ana”: it is the one chosen now."]


def _code_of(at: AppTest) -> str:
    """The transfer code the profile box shows."""
    at.button(key="profile_transfer").click().run()
    return next(c.value for c in at.code if re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", c.value))


def _redeem(at: AppTest, code: str) -> AppTest:
    at.text_input(key="profile_code").input(code).run()
    at.button(key="profile_redeem").click().run()
    return at


def test_a_code_for_a_second_alice_waits_unused_until_this_browser_signs_out_of_its_own():
    # Two learners each made an "Alice". Hers (the laptop's) holds one; the tablet's code names the
    # other: the laptop is told, the code stays unused; once it signs out of its own Alice, it works.
    tablet, laptop = _create(_app(PRIVATE), "Alice"), _create(_app(PRIVATE), "Alice")
    theirs, mine = tablet.session_state["_profile"], laptop.session_state["_profile"]
    assert theirs.id != mine.id
    code = _code_of(tablet)
    _redeem(laptop, code)
    assert laptop.session_state["_profile"].id == mine.id
    assert [e.value for e in laptop.error] == ["This browser already has another profile called “Alice”, so the code "
                                               "was not used. Sign out of that profile here first, then type the "
                                               "code again."]
    laptop.button(key="profile_leave").click().run()
    laptop.button(key="profile_leave_confirm").click().run()
    _redeem(laptop, code)
    assert laptop.session_state["_profile"].id == theirs.id and not laptop.error


def test_a_code_typed_where_its_profile_is_open_already_chooses_it_and_stays_unused():
    owner = _create(_app(PRIVATE), "Alice")
    code = _code_of(owner)
    _redeem(owner, code)
    assert owner.session_state["profile_name"] == "Alice" and not owner.error
    assert _redeem(_app(PRIVATE), code).session_state["profile_name"] == "Alice"  # still good once elsewhere


SIGN_IN = {"auth": {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 32,
                    "client_id": "gin-tutor", "client_secret": "s",
                    "server_metadata_url": "https://accounts.example/.well-known/openid-configuration"}}


def test_a_signed_in_account_is_the_profile():
    user = {"is_logged_in": True, "sub": "acct-123", "email": "ana@example.org", "name": "Ana"}
    at = _app(SIGN_IN, user=user)
    assert not at.exception and at.session_state["profile_name"] == "ana@example.org"
    assert any(c.value == "Signed in: your progress is saved with your account." for c in at.caption)
    assert not [s for s in at.selectbox if s.label == "Your profile"]  # no list of names at all
    again = _app(SIGN_IN, user=user)  # another session of the same account: the same profile
    store = store_access.store()
    assert again.session_state["profile_name"] == "ana@example.org"
    assert [p.name for p in store.profiles()] == ["ana@example.org"]


def test_a_visitor_not_signed_in_is_a_guest_offered_to_sign_in():
    at = _app(SIGN_IN, user={"is_logged_in": False})
    assert not at.exception and at.session_state["profile_name"] is None
    assert any(b.label == "Sign in to save your progress" for b in at.button)


def test_signing_out_leaves_the_account_and_its_answers():
    user = {"is_logged_in": True, "sub": "acct-9", "email": "ben@example.org"}
    at = _app(SIGN_IN, user=user)
    assert at.session_state["profile_name"] == "ben@example.org"
    at.user = {"is_logged_in": False}  # as after st.logout
    at.run()
    assert at.session_state["profile_name"] is None
    assert any(b.label == "Sign in to save your progress" for b in at.button)



# --- Keys, not names: what opens a private profile (R1) ---------------------------------------------

def _warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


def test_the_browser_holds_a_key_never_the_name():
    at = _create(_app(PRIVATE), "Alice")
    cookies = written_cookies(at)
    assert set(cookies) == {"gin_tutor_key", "gin_tutor_keys"}
    assert "Alice" not in json.dumps(cookies) and len(cookies["gin_tutor_key"]) >= 40
    assert json.loads(cookies["gin_tutor_keys"]) == [cookies["gin_tutor_key"]]


@pytest.mark.parametrize("cookies, problem", [
    ({"gin_tutor_profile": "Alice"}, "The profile “Alice” this browser remembers can no longer be opened by its "
     "name alone. Where it is open in another browser, make a transfer code there and type it here; where it is "
     "not, ask whoever runs this site for its transfer code."),
    ({"gin_tutor_profiles": '["Alice"]'}, None),
    ({"gin_tutor_key": "Alice"}, "This browser presented a profile key that is not valid (changed, or never given "
     "here): you are a guest. To use your profile here, type a transfer code from a browser where it is open."),
])
def test_a_forged_cookie_opens_nothing_and_says_so(cookies, problem):
    owner = _create(_app(PRIVATE), "Alice")
    key = written_cookies(owner)["gin_tutor_key"]
    forged = _app(PRIVATE, cookies=cookies)
    assert forged.session_state["profile_name"] is None and _options(forged) == ["Guest"]
    assert _warnings(forged) == ([problem] if problem else [])
    altered = _app(PRIVATE, cookies={"gin_tutor_key": key[:-2] + ("xy" if key[-2:] != "xy" else "zw")})
    assert altered.session_state["profile_name"] is None


def test_an_expired_or_withdrawn_key_opens_nothing_and_says_so():
    owner = _create(_app(PRIVATE), "Alice")
    cookies = written_cookies(owner)
    store = store_access.store()
    with store._transaction() as db:  # a year without use
        db.execute(sa.text("UPDATE profile_keys SET expires = '2020-01-01T00:00:00+00:00'"))
    late = _app(PRIVATE, cookies=cookies)
    assert late.session_state["profile_name"] is None
    assert _warnings(late) == ["This browser's key to your profile has expired (it went a year unused): you are a "
                               "guest. To use your profile here, type a transfer code from a browser where it is open."]
    other = _create(_app(PRIVATE), "Bea")
    bea = written_cookies(other)
    other.button(key="profile_leave").click().run()  # "Sign out of this profile here", confirmed: the key is withdrawn
    other.button(key="profile_leave_confirm").click().run()
    assert other.session_state["profile_name"] is None
    again = _app(PRIVATE, cookies=bea)
    assert again.session_state["profile_name"] is None and "withdrawn" in _warnings(again)[0]


def test_a_transfer_code_opens_the_profile_in_another_browser_once():
    owner = _create(_app(PRIVATE), "Alice")
    owners = written_cookies(owner)
    owner.button(key="profile_transfer").click().run()
    code = next(c.value for c in owner.code if re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", c.value))
    laptop = _app(PRIVATE)
    laptop.text_input(key="profile_code").input(code.lower()).run()
    laptop.button(key="profile_redeem").click().run()
    assert laptop.session_state["profile_name"] == "Alice"
    assert written_cookies(laptop)["gin_tutor_key"] != owners["gin_tutor_key"]  # a key of its own
    third = _app(PRIVATE, lang="es")
    third.text_input(key="profile_code").input(code).run()
    third.button(key="profile_redeem").click().run()
    assert third.session_state["profile_name"] is None
    assert [e.value for e in third.error] == ["Ese código ya se usó: un código sirve una sola vez. Crea otro en el "
                                              "otro navegador."]


def _schema_5(folder, *names: str) -> None:
    """A progress file of schema 5 (from before keys) with these profiles."""
    engine = sa.create_engine(f"sqlite:///{folder / 'progress.db'}")
    with engine.begin() as db:
        upgrade(db, target=5)
        for name in names:
            db.execute(sa.text("INSERT INTO profiles (name, name_key, created) VALUES (:n, :k, "
                               "'2026-11-01T00:00:00+00:00')"), {"n": name, "k": name.lower()})
    engine.dispose()


CLAIMS = {**PRIVATE, "claim_old_profiles": True}


def test_a_profile_from_before_keys_is_claimed_only_where_the_operator_allows_and_only_by_its_one_cookie(
        data_folder):
    # A progress file of schema 5 with Old's, Bob's and Carol's profiles. A stranger sends Old's name
    # cookie and a list of names; claims are off (the default): nothing is opened, nothing claimed.
    _schema_5(data_folder, "Old", "Bob", "Carol")
    stranger = _app(PRIVATE, cookies={"gin_tutor_profile": "Old", "gin_tutor_profiles": '["Old", "Bob", "Carol"]'})
    assert stranger.session_state["profile_name"] is None
    assert "ask whoever runs this site for its transfer code" in _warnings(stranger)[0]
    # Claims on: the list of names claims nothing; the one old cookie claims its profile, once.
    lister = _app(CLAIMS, cookies={"gin_tutor_profiles": '["Bob", "Carol"]'})
    assert lister.session_state["profile_name"] is None and not written_cookies(lister).get("gin_tutor_key")
    old = _app(CLAIMS, cookies={"gin_tutor_profile": "Old", "gin_tutor_profiles": '["Old", "Bob"]'})
    assert old.session_state["profile_name"] == "Old" and not old.warning
    cookies = written_cookies(old)
    # The name cookies are gone, a key instead (and the browser's id, which counts its wrong codes).
    assert set(cookies) == {"gin_tutor_key", "gin_tutor_keys", "gin_tutor_browser"}
    assert len(json.loads(unquote(cookies["gin_tutor_keys"]))) == 1  # Old's key alone: Bob was not claimed
    thief = _app(CLAIMS, cookies={"gin_tutor_profile": "Old"})  # the name alone, now: nothing
    assert thief.session_state["profile_name"] is None and thief.warning
    assert _app(PRIVATE, cookies=cookies).session_state["profile_name"] == "Old"
    bob = _app(CLAIMS, cookies={"gin_tutor_profile": "Bob"})  # Bob's own old cookie still claims his
    assert bob.session_state["profile_name"] == "Bob"


def test_the_operator_makes_a_transfer_code_that_opens_a_profile_from_before_keys(data_folder, capsys):
    _schema_5(data_folder, "Old")
    assert cli.main(["transfer-code", "old", "--data-dir", str(data_folder)]) == 0
    code = re.search(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", capsys.readouterr().out)
    assert code
    browser = _app(PRIVATE)
    browser.text_input(key="profile_code").input(code.group()).run()
    browser.button(key="profile_redeem").click().run()
    assert browser.session_state["profile_name"] == "Old"
    assert cli.main(["--lang", "es", "transfer-code", "Nadie", "--data-dir", str(data_folder)]) == 2
    assert capsys.readouterr().err == "gin-tutor: No hay ningún perfil llamado «Nadie».\n"


def test_the_operator_names_one_of_two_private_profiles_of_the_same_name_by_its_id(data_folder, capsys):
    first, second = (_create(_app(PRIVATE), "Alice").session_state["_profile"] for _ in range(2))
    assert cli.main(["transfer-code", "alice", "--data-dir", str(data_folder)]) == 2
    assert capsys.readouterr().err == (f"gin-tutor: Several profiles are called “alice” (ids {first.id}, {second.id}): "
                                       "name one with --id.\n")
    assert cli.main(["transfer-code", "Alice", "--id", str(second.id), "--json", "--data-dir", str(data_folder)]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["id"] == second.id and made["profile"] == "Alice"
    assert _redeem(_app(PRIVATE), made["code"]).session_state["_profile"].id == second.id


def test_after_three_wrong_codes_each_try_waits_longer_and_the_learner_is_told(monkeypatch):
    clock = [1000.0]
    import time

    from tutor.progress.throttle import Throttle
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(identity, "SESSION_TRIES", Throttle())
    owner = _create(_app(PRIVATE), "Alice")
    owner.button(key="profile_transfer").click().run()
    code = next(c.value for c in owner.code if re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", c.value))
    guesser = _app(PRIVATE)
    for _ in range(3):
        guesser.text_input(key="profile_code").input("AAAA-BBBB-CCCC").run()
        guesser.button(key="profile_redeem").click().run()
    guesser.text_input(key="profile_code").input(code).run()
    guesser.button(key="profile_redeem").click().run()  # the right code, but too soon: not even tried
    assert guesser.session_state["profile_name"] is None
    assert [e.value for e in guesser.error] == ["Too many wrong codes: wait 5 seconds before trying again."]
    clock[0] += 5
    guesser.button(key="profile_redeem").click().run()
    assert guesser.session_state["profile_name"] == "Alice" and not guesser.error


def test_leaving_a_profile_withdraws_the_code_it_showed():
    owner = _create(_app(PRIVATE), "Alice")
    owner.button(key="profile_transfer").click().run()
    code = next(c.value for c in owner.code if re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", c.value))
    owner.button(key="profile_leave").click().run()
    owner.button(key="profile_leave_confirm").click().run()
    assert owner.session_state["profile_name"] is None
    later = _app(PRIVATE)
    later.text_input(key="profile_code").input(code).run()
    later.button(key="profile_redeem").click().run()
    assert later.session_state["profile_name"] is None and later.error


ONLY_HERE = ("This browser will forget the profile and become a guest. No other browser holds it: once you sign out "
             "here, only a transfer code made now opens it again. Make one first and keep it (it works once, within 24 "
             "hours), or the profile and its progress cannot be opened any more.")


def test_signing_out_of_a_profile_here_says_what_it_does_asks_first_and_offers_a_code_that_stays_valid():
    owner = _create(_app(PRIVATE), "Alice")
    owner.button(key="profile_leave").click().run()
    assert owner.session_state["profile_name"] == "Alice"  # nothing done yet: the box asks
    assert ONLY_HERE in _warnings(owner)
    owner.button(key="profile_leave_cancel").click().run()  # "Keep it here"
    assert owner.session_state["profile_name"] == "Alice" and ONLY_HERE not in _warnings(owner)
    owner.button(key="profile_leave").click().run()
    owner.button(key="profile_leave_code").click().run()  # "Make a transfer code first"
    code = next(c.value for c in owner.code if re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", c.value))
    owner.button(key="profile_leave_confirm").click().run()  # "Sign out here"
    assert owner.session_state["profile_name"] is None
    later = _app(PRIVATE)
    later.text_input(key="profile_code").input(code).run()
    later.button(key="profile_redeem").click().run()
    assert later.session_state["profile_name"] == "Alice"  # the code made to come back still works


def test_signing_out_here_counts_the_other_browsers_that_hold_the_profile():
    owner = _create(_app(PRIVATE), "Alice")
    owner.button(key="profile_transfer").click().run()
    code = next(c.value for c in owner.code if re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", c.value))
    other = _app(PRIVATE)
    other.text_input(key="profile_code").input(code).run()
    other.button(key="profile_redeem").click().run()
    other.button(key="profile_leave").click().run()
    assert ("This browser will forget the profile and become a guest. The profile and its progress stay: 1 other "
            "browser still holds it, and a transfer code made there brings it back here.") in _warnings(other)


ENDED = ("This sign-in has ended: the account signed out (in another tab, or another browser). Nothing more is "
         "saved to it from here; reload the page and sign in again to go on.")


def test_signing_out_ends_the_sign_in_in_every_tab_and_in_every_copy_of_its_cookie(monkeypatch):
    import time

    import streamlit as st
    monkeypatch.setattr(st, "logout", lambda: None)  # Streamlit's own part: forget this browser's cookie
    signed = {"is_logged_in": True, "sub": "acct-77", "email": "cara@example.org", "iat": int(time.time()) - 60}
    tab, other_tab = _app(SIGN_IN, user=signed), _app(SIGN_IN, user=signed)
    assert other_tab.session_state["profile_name"] == "cara@example.org"
    tab.button(key="profile_logout").click().run()  # "Sign out" in the first tab
    other_tab.run()  # the second tab, not reloaded, acts next: it is a guest now, and told why
    assert other_tab.session_state["profile_name"] is None and ENDED in _warnings(other_tab)
    copied = _app(SIGN_IN, user=signed)  # the sign-in cookie copied before the sign-out, in another browser
    assert not copied.exception and copied.session_state["profile_name"] is None and ENDED in _warnings(copied)
    again = _app(SIGN_IN, user={**signed, "iat": int(time.time()) + 1})  # signing in anew opens the account
    assert again.session_state["profile_name"] == "cara@example.org" and ENDED not in _warnings(again)


def test_where_sign_in_cannot_work_the_button_is_not_offered_and_the_page_says_why(monkeypatch):
    monkeypatch.setattr(identity, "sign_in_installed", lambda: False)
    at = _app(SIGN_IN, user={"is_logged_in": False})
    assert not at.exception and not any(b.label == "Sign in to save your progress" for b in at.button)
    assert any("pip install 'gin-tutor[auth]'" in w.value for w in at.warning)


def test_the_auth_extra_brings_what_sign_in_needs():
    # The test venv installs gin-tutor[test], which brings the auth extra's Authlib.
    assert identity.sign_in_installed()


def test_a_click_that_comes_before_the_sessions_profile_is_taken_up_acts_for_the_browsers_profile():
    # A session whose first run carries a click (a reconnection under load): the widget's callback runs
    # before the page takes up the profile the browser holds a key to. Making a class then made nothing
    # and said nothing (the two teachers' deployment test caught it); the callback now takes it up first.
    cookies = written_cookies(_create(_app(PRIVATE), "Ms Ruiz"))
    teacher = _app(PRIVATE, cookies=cookies)
    assert teacher.session_state["profile_name"] == "Ms Ruiz"
    teacher.switch_page("screens/classes.py").run()
    for key in ("profile_name", "_profile", "_browser_keys"):  # as a session that has not run yet
        del teacher.session_state[key]
    teacher.text_input(key="class_new_name").input("Gin A")
    next(b for b in teacher.button if b.label == "Make the class").click().run()
    assert not teacher.exception, [e.value for e in teacher.exception]
    made = store_access.store().classes_taught(teacher.session_state["_profile"].id)
    assert [c.name for c in made] == ["Gin A"]
    assert [s.value for s in teacher.success] == [
        f"The class “Gin A” is ready. Give your learners its code: {made[0].code}."]
