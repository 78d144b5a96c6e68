"""Clickable cards for answering: the drills and the analyzer pick cards on the cards themselves.

A Streamlit custom component (v2, inline, no iframe, no build step) draws rows of card faces; a
click, or Enter or Space on a focused card, reports ``card:7H`` as the trigger value ``action``.
Python keeps what is picked, as a list of card names in ``st.session_state[state_key]``, and
toggles it in the component's callback (:func:`toggle`): the JavaScript only draws what it is sent.
Picked cards are lifted and ringed, and say so to a screen reader (``aria-pressed``). The arrow
keys move between the cards. Text from the data is set with ``textContent``, never as HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import streamlit as st

from tutor.app.card_faces import card_url
from tutor.app.ui.component_js import HELPERS
from tutor.engine.cards import Card
from tutor.language.i18n import Translator
from tutor.language.labels import card_name

CSS = """
.gt-picker { font-family: inherit; color: inherit; }
.gt-pick-label { font-size: 0.875rem; margin: 0 0 4px 0; }
.gt-pick-row { display: flex; flex-wrap: wrap; gap: 4px; padding-top: 10px; margin-bottom: 4px; }
.gt-pick-card { border: 0; padding: 0; background: none; border-radius: 6px; cursor: pointer;
  line-height: 0; }
.gt-pick-card img { width: 60px; height: 84px; display: block; border-radius: 6px;
  transition: transform 0.1s ease-out; }
.gt-pick-row.gt-small .gt-pick-card img { width: 42px; height: 59px; }
.gt-pick-card[aria-pressed="true"] img { transform: translateY(-8px); box-shadow: 0 0 0 3px #1565c0; }
.gt-pick-card:not(:disabled):hover img { transform: translateY(-4px); }
.gt-pick-card[aria-pressed="true"]:hover img { transform: translateY(-8px); }
.gt-pick-card:disabled { cursor: default; }
.gt-pick-card:disabled img { opacity: 0.4; }
.gt-pick-card:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
.gt-pick-count { font-size: 0.875rem; margin: 2px 0 0 0; }
@media (max-width: 520px) {
  .gt-pick-card img { width: 44px; height: 62px; }
  .gt-pick-row.gt-small .gt-pick-card img { width: 34px; height: 48px; }
  .gt-pick-row { gap: 3px; }
}
"""

JS = HELPERS + """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  if (!data) return;
  const root = rootOf(parentElement, 'gt-picker');
  const focused = root.contains(document.activeElement) ? document.activeElement.dataset.id : null;
  const parts = [];
  if (data.label) parts.push(el('p', 'gt-pick-label', data.label));
  for (const row of data.rows) {
    const line = el('div', data.small ? 'gt-pick-row gt-small' : 'gt-pick-row');
    line.setAttribute('role', 'group');
    line.setAttribute('aria-label', row.label);
    for (const card of row.cards) {
      const button = el('button', 'gt-pick-card');
      button.type = 'button';
      button.dataset.id = card.id;
      button.dataset.card = card.symbol;
      button.setAttribute('aria-label', card.name);
      button.setAttribute('aria-pressed', card.picked ? 'true' : 'false');
      button.title = card.name;
      const img = el('img');
      img.src = card.img;
      img.alt = '';
      button.appendChild(img);
      if (card.active) button.addEventListener('click', () => setTriggerValue('action', 'card:' + card.id));
      else button.disabled = true;
      line.appendChild(button);
    }
    parts.push(line);
  }
  const count = el('p', 'gt-pick-count', data.count);
  count.setAttribute('aria-live', 'polite');
  parts.push(count);
  root.replaceChildren(...parts);
  if (focused) {
    const again = root.querySelector('.gt-pick-card[data-id="' + CSS.escape(focused) + '"]');
    if (again) again.focus({ preventScroll: true });
  }
  root.onkeydown = (event) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const cards = Array.from(root.querySelectorAll('.gt-pick-card:not(:disabled)'));
    const at = cards.indexOf(event.target);
    if (at < 0) return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    cards[(at + step + cards.length) % cards.length].focus();
    event.preventDefault();
  };
}
"""

_picker = st.components.v2.component("gin_tutor_card_picker", css=CSS, js=JS)


def picked(state_key: str) -> list[str]:
    """The names of the cards picked so far (``"7H"``), in the order they were picked."""
    value = st.session_state.get(state_key)
    return [str(name) for name in value] if isinstance(value, list) else []


def toggled(current: Sequence[str], name: str, allowed: Sequence[str], single: bool) -> list[str]:
    """What is picked after a click on ``name``: it goes in or out; with ``single``, it replaces
    the card picked before. A name that is not one of the ``allowed`` cards changes nothing."""
    if name not in allowed:
        return list(current)
    if name in current:
        return [n for n in current if n != name]
    return [name] if single else [*current, name]


def toggle(state_key: str, component_key: str, allowed: tuple[str, ...], single: bool) -> None:
    """The component's callback: the clicked card goes in or out of the picked cards."""
    result = st.session_state.get(component_key)
    action = getattr(result, "action", None) if result is not None else None
    if isinstance(action, str) and action.startswith("card:"):
        st.session_state[state_key] = toggled(picked(state_key), action[5:], allowed, single)


def card_picker(rows: Sequence[tuple[str, Sequence[Card]]], state_key: str, tr: Translator, label: str = "",
                single: bool = False, disabled: Sequence[Card] = (), small: bool = False) -> list[str]:
    """Rows of clickable cards, each row ``(label, cards)``; the cards in ``disabled`` are shown dimmed
    and cannot be picked. Returns the names of the cards picked."""
    chosen = picked(state_key)
    off = {str(c) for c in disabled}
    allowed = tuple(str(c) for _, cards in rows for c in cards if str(c) not in off)
    data: dict[str, Any] = {
        "label": label,
        "small": small,
        "rows": [{"label": row_label, "cards": [
            {"id": str(c), "symbol": c.symbol, "name": card_name(c, tr), "img": card_url(c),
             "picked": str(c) in chosen, "active": str(c) not in off} for c in cards]}
            for row_label, cards in rows],
        "count": tr.ngettext("{n} card picked", "{n} cards picked", len(chosen)) if chosen else
        tr.gettext("Click or tap the cards to pick them."),
    }
    component_key = f"picker_{state_key}"
    _picker(data=data, key=component_key,
            on_action_change=partial(toggle, state_key, component_key, allowed, single))
    return chosen
