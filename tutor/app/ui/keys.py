"""Keyboard shortcuts for a page's buttons: Enter in an answer box (or on the page) presses the
button that comes next, Check before an answer and Next puzzle after a right one; a letter presses
another (N: a new puzzle).

A small script, bound once per browser tab, listens for keys outside the sidebar and clicks the
button whose widget key it is given (Streamlit marks each widget's box with ``st-key-<key>``).
Only the page's own widget keys and letters go into it, as JSON; never text from the learner.
"""

from __future__ import annotations

import json

import streamlit as st

SCRIPT = """
<script>
(() => {
  window.__gtKeys = %s;
  if (window.__gtKeysBound) return;
  window.__gtKeysBound = true;
  const find = (key) => document.querySelector('.st-key-' + CSS.escape(key) + ' button');
  const press = (key) => {
    const button = find(key);
    if (!button || button.disabled) return false;
    // After the answer box has kept its value; the button is looked up again then, as the page
    // may have been drawn anew in between (a detached button would take the click and do nothing).
    setTimeout(() => { const now = find(key); if (now && !now.disabled) now.click(); }, 80);
    return true;
  };
  document.addEventListener('keydown', (event) => {
    const config = window.__gtKeys;
    if (!config || !window.location.pathname.endsWith(config.page)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
    const target = event.target;
    if (target.closest && target.closest('[data-testid="stSidebar"]')) return;
    const tag = (target.tagName || '').toLowerCase();
    const typing = tag === 'input' || tag === 'textarea' || tag === 'select' || target.isContentEditable;
    if (event.key === 'Enter') {
      const box = tag === 'input' && (target.type === 'number' || target.type === 'text');
      if ((typing && !box) || tag === 'button' || tag === 'a') return;
      if (config.enter && press(config.enter)) event.preventDefault();
    } else if (!typing && event.key.length === 1) {
      const key = (config.letters || {})[event.key.toLowerCase()];
      if (key && press(key)) event.preventDefault();
    }
  });
})();
</script>
"""


def bind_keys(page: str, enter: str | None, letters: dict[str, str] | None = None) -> None:
    """On the page at ``page`` (its path, as ``/drills``), Enter presses the button with widget key
    ``enter`` and each letter the button with the widget key it maps to."""
    config = {"page": page, "enter": enter, "letters": letters or {}}
    st.html(SCRIPT % json.dumps(config), unsafe_allow_javascript=True)
