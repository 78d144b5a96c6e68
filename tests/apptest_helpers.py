"""Helpers for AppTest: start the app in a language, find text anywhere on the screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.app.ui.pages import screens

APP = Path(__file__).resolve().parent.parent / "tutor" / "app" / "main.py"
PAGES = [f"screens/{screen.file}" for screen in screens()]
"""Every page of the app, from its navigation."""


def start(lang: str | None = None, locale: str | None = None, params: dict | None = None,
          secrets: dict | None = None) -> AppTest:
    """The app after its first run, in ``lang`` (by URL) or following the browser ``locale``, with
    ``secrets`` as its ``.streamlit/secrets.toml``."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in (secrets or {}).items():
        at.secrets[key] = value
    if locale is not None:
        at.context = {"locale": locale}
    if lang is not None:
        at.query_params["lang"] = lang
    for key, value in (params or {}).items():
        at.query_params[key] = value
    return at.run()


def texts(at: AppTest) -> list[str]:
    """Every piece of visible text AppTest can read: Markdown, titles, alerts, labels, tables, HTML."""
    out: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "code", "success", "info", "warning", "error",
                 "text", "html"):
        for element in getattr(at, kind) if hasattr(at, kind) else []:
            value = getattr(element, "body", None) or getattr(element, "value", None)
            if isinstance(value, str):
                out.append(value)
    for kind in ("text_input", "selectbox", "button", "expander", "segmented_control", "pills", "button_group"):
        for element in getattr(at, kind, []):
            label = getattr(element, "label", None)
            if isinstance(label, str):
                out.append(label)
    return out


def screen(at: AppTest) -> str:
    return "\n".join(texts(at))


def play_hand_one_as_the_beginner(at: AppTest, before_the_last: Callable[[], object]) -> None:
    """From the play page, play game 7's learner moves as the beginner would (cheap to choose) until
    hand 1 ends, calling ``before_the_last`` just before the move that ends it (to take the disk or
    the database away)."""
    from tutor.app.ui.play_actions import actions_for
    from tutor.play.bots import Bot
    learner = Bot("beginner", 7)
    while True:
        match = at.session_state["play_match"]
        kind, card = learner.move(match.view())
        move = (kind, str(card) if card else None)
        last = len(match.play(move).game.played) > len(match.game.played)
        if last:
            before_the_last()
        for action in actions_for(move):
            at.session_state["play_pending"] = action
            at.run()
        if last:
            return
