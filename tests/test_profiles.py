"""Profiles in a shared deployment: a learner sees only the profiles made in their own browser and
cannot open another learner's by typing its name; where sign-in is set up, the signed-in account
is the profile. On one machine (the default), every profile is listed, as before."""

from __future__ import annotations

import pytest
from apptest_helpers import APP
from streamlit.testing.v1 import AppTest

from tutor.app.ui import profile as profile_ui


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path))
    profile_ui._store.clear()
    yield tmp_path
    profile_ui._store.clear()


def _app(secrets: dict | None = None, browser_knows: list[str] | None = None, user: dict | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = "en"
    at.secrets.update(secrets or {})
    if user is not None:
        at.user = user
    if browser_knows is not None:  # what the browser's cookie lists (AppTest has no cookies)
        at.session_state["_browser_profiles"] = browser_knows
    return at.run()


def _create(at: AppTest, name: str) -> AppTest:
    at.text_input(key="profile_new").input(name).run()
    at.button(key="profile_create").click().run()
    return at


def _options(at: AppTest) -> list:
    return next(s.options for s in at.selectbox if s.label == "Your profile")


def test_on_one_machine_every_profile_is_listed():
    _create(_app(), "Ana")
    assert _options(_app()) == ["Guest", "Ana"]


def test_private_profiles_show_only_this_browsers_and_a_taken_name_stays_closed():
    private = {"private_profiles": True}
    first = _create(_app(private), "Ana")
    assert first.session_state["profile_name"] == "Ana" and _options(first) == ["Guest", "Ana"]
    stranger = _app(private)  # another browser: it has never seen Ana
    assert _options(stranger) == ["Guest"]
    _create(stranger, "ana")
    assert stranger.session_state["profile_name"] is None
    assert any(e.value == "That name is already taken: choose another." for e in stranger.error)
    again = _app(private, browser_knows=["Ana"])  # Ana's own browser, in a new tab
    assert _options(again) == ["Guest", "Ana"]
    _create(again, "ANA")
    assert again.session_state["profile_name"] == "Ana" and not again.error


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
    store = profile_ui.store()
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
