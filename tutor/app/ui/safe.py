"""Text from users and addresses, made inert before a screen shows it.

Streamlit renders alerts, captions, labels and Markdown as Markdown: a profile name or a URL
parameter such as ``[Log in](https://…)`` or ``![x](https://…)`` would become a link or a remote
image inside the app's own message. :func:`plain` escapes every Markdown character (and drops
control characters, and shortens what is very long), so the text shows exactly as typed.
"""

from __future__ import annotations

import re

from tutor.engine.errors import TutorError
from tutor.language.i18n import Translator
from tutor.language.messages import error_message

_MARKDOWN = re.compile(r"([\\`*_\[\]()<>!|~:$])")
"""The characters that can start Markdown inside a line: emphasis, code, links and images, HTML,
tables, strikethrough, Streamlit's colour and emoji directives, formulas. (Headings, lists and
rules only start a line, and a quote never does: line breaks become spaces.)"""
_AUTOLINK = re.compile(r"(:|@|\.)")
WORD_JOINER = "\u2060"
"""An invisible character put after every ``:``, ``@`` and ``.`` of user text: Markdown turns
``https://…``, ``www.…`` and ``name@host`` into links even when escaped, and a joiner breaks them."""
MOST = 80
"""The most characters of user text quoted in a message; the rest is cut with an ellipsis."""


def plain(text: object, most: int = MOST) -> str:
    """``text`` as Markdown that renders to exactly those characters, no link made of them (shortened
    past ``most``)."""
    shown = "".join(ch if ch.isprintable() else " " for ch in str(text))
    if len(shown) > most:
        shown = shown[:most] + "…"
    escaped = _MARKDOWN.sub(r"\\\1", shown)
    return _AUTOLINK.sub("\\1" + WORD_JOINER, escaped)


def error_text(error: TutorError, tr: Translator) -> str:
    """An error's message for a screen: what it quotes from the user or the address made inert."""
    return error_message(error, tr, escape=plain)
