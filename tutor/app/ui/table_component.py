"""The clickable play table: a Streamlit custom component (v2, inline, no iframe, no build step).

Python sends everything the table shows as data (:func:`tutor.app.ui.table_data.table_data`); the
JavaScript below only draws it and reports a click or a key as the trigger value ``action``:
``stock``, ``take``, ``pass``, ``knock``, ``gin``, ``big_gin`` or ``card:7H``. All game logic
stays in Python. Text from the data is set with ``textContent``, never as HTML.

Keys: the arrow keys move between the cards, Enter or Space picks one; a letter per action, in the
learner's language (English: S stock, D discard pile, P pass, K knock, G gin, B big gin), sent as data,
works wherever the focus is on the page but in a text box. After each move the first thing to click
takes the focus, so a whole game can be played with the keyboard alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from tutor.app.ui.component_js import HELPERS

CSS = """
.gt-table { font-family: inherit; color: inherit; }
.gt-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; margin: 6px 0; }
.gt-piles { display: flex; gap: 16px; align-items: flex-end; flex-wrap: wrap; }
.gt-pile { display: flex; flex-direction: column; align-items: center; gap: 2px; font-size: 0.85rem; }
.gt-group { border: 2px solid #2e7d32; border-radius: 8px; padding: 4px; }
.gt-group.gt-deadwood { border-style: dashed; border-color: #b26a00; }
.gt-group-label { font-size: 0.85rem; margin-top: 2px; }
.gt-cards { display: flex; flex-wrap: wrap; gap: 3px; }
.gt-card, .gt-back { border: 0; padding: 0; background: none; border-radius: 6px; cursor: pointer;
  line-height: 0; }
.gt-card img, .gt-back span { width: 60px; height: 84px; display: block; }
.gt-card img { border-radius: 6px; background: #eef1f4; box-shadow: inset 0 0 0 1px #b8c0c8; }
.gt-back span { border-radius: 6px; border: 2px solid #6b6b6b;
  background: repeating-linear-gradient(45deg, #1e4f8a 0 6px, #2c6bb3 6px 12px); }
.gt-card:disabled, .gt-back:disabled { cursor: default; }
.gt-card.gt-dim img { opacity: 0.45; }
.gt-card.gt-active:hover img, .gt-back:not(:disabled):hover span { transform: translateY(-4px); }
.gt-card:focus-visible, .gt-back:focus-visible, .gt-button:focus-visible {
  outline: 3px solid #1565c0; outline-offset: 2px; }
.gt-card.gt-taken img { box-shadow: 0 0 0 3px #b26a00; }
.gt-buttons { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
.gt-button { font: inherit; padding: 6px 14px; border-radius: 8px; border: 1px solid #6b6b6b;
  background: #ffffff; color: #1a1a1a; cursor: pointer; }
.gt-button.gt-armed { background: #1565c0; color: #ffffff; border-color: #1565c0; }
.gt-button:disabled { cursor: default; color: #5f5f5f; background: #f0f0f0; }
.gt-prompt { font-weight: 600; margin: 6px 0; }
.gt-log { list-style: none; padding: 0; margin: 6px 0; font-size: 0.95rem; }
.gt-log li.gt-fresh { opacity: 0; animation: gt-show 0.3s ease-out forwards; }
@keyframes gt-show { to { opacity: 1; } }
.gt-keys { font-size: 0.8rem; margin-top: 4px; }
.gt-last { font-weight: 600; margin: 4px 0; padding: 4px 8px; border-left: 4px solid #1565c0; }
@media (hover: none) and (pointer: coarse) { .gt-keys, .gt-key { display: none; } }
@media (max-width: 520px) {
  .gt-card img, .gt-back span { width: 44px; height: 62px; }
  .gt-cards { gap: 2px; }
  .gt-row { gap: 4px; }
}
"""

JS = HELPERS + """
function cardButton(card, send) {
  const button = el('button', 'gt-card');
  button.type = 'button';
  button.dataset.card = card.symbol;
  button.dataset.id = card.id;
  button.setAttribute('aria-label', card.name);
  button.title = card.name;
  const img = el('img');
  img.src = card.img;
  img.alt = '';
  button.appendChild(img);
  if (card.taken) button.classList.add('gt-taken');
  if (card.active) {
    button.classList.add('gt-active');
    button.addEventListener('click', () => send('card:' + card.id));
  } else {
    button.disabled = true;
    if (card.dim) button.classList.add('gt-dim');
  }
  return button;
}

// A text box (or a list) takes the keys; a switch or a button does not: after the coach's switch
// is clicked, the table's letters still play.
const NOT_TYPED = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'];
function typing(node) {
  if (!node) return false;
  const tag = (node.tagName || '').toLowerCase();
  if (tag === 'input') return !NOT_TYPED.includes((node.type || 'text').toLowerCase());
  return tag === 'textarea' || tag === 'select' || Boolean(node.isContentEditable);
}

export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  if (!data) return;
  const root = rootOf(parentElement, 'gt-table');
  root.tabIndex = -1;
  const send = (action) => setTriggerValue('action', action);
  const parts = [];

  const opponent = el('div', 'gt-row');
  opponent.setAttribute('role', 'group');
  opponent.setAttribute('aria-label', data.opponent.label);
  opponent.appendChild(el('div', 'gt-group-label', data.opponent.label));
  parts.push(opponent);
  if (data.opponent.last) parts.push(el('p', 'gt-last', data.opponent.last));

  const piles = el('div', 'gt-piles');
  const stock = el('div', 'gt-pile');
  const stockButton = el('button', 'gt-back');
  stockButton.type = 'button';
  stockButton.dataset.pile = 'stock';
  stockButton.setAttribute('aria-label', data.stock.label);
  stockButton.setAttribute('aria-keyshortcuts', data.stock.key);
  stockButton.title = data.stock.label;
  stockButton.appendChild(el('span'));
  if (data.stock.active) stockButton.addEventListener('click', () => send('stock'));
  else stockButton.disabled = true;
  stock.append(stockButton, el('span', '', data.stock.caption));
  piles.appendChild(stock);
  const pile = el('div', 'gt-pile');
  if (data.pile.card) {
    const top = cardButton(data.pile.card, () => send('take'));
    top.dataset.pile = 'discard';
    top.setAttribute('aria-keyshortcuts', data.pile.key);
    pile.appendChild(top);
  }
  pile.appendChild(el('span', '', data.pile.caption));
  piles.appendChild(pile);
  parts.push(piles);

  parts.push(el('p', 'gt-prompt', data.prompt));

  const hand = el('div', 'gt-row');
  hand.setAttribute('role', 'group');
  hand.setAttribute('aria-label', data.hand_label);
  for (const group of data.groups) {
    const box = el('div', group.deadwood ? 'gt-group gt-deadwood' : 'gt-group');
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', group.label);
    const cards = el('div', 'gt-cards');
    for (const card of group.cards) cards.appendChild(cardButton(card, send));
    box.append(cards, el('div', 'gt-group-label', group.label));
    hand.appendChild(box);
  }
  parts.push(hand);

  const buttons = el('div', 'gt-buttons');
  for (const b of data.buttons) {
    const button = el('button', 'gt-button', b.label);
    button.append(el('span', 'gt-key', ' (' + b.key + ')'));
    button.setAttribute('aria-keyshortcuts', b.key);
    button.type = 'button';
    button.dataset.action = b.id;
    if (b.armed) button.classList.add('gt-armed');
    button.setAttribute('aria-pressed', b.armed ? 'true' : 'false');
    if (b.active) button.addEventListener('click', () => send(b.id));
    else button.disabled = true;
    buttons.appendChild(button);
  }
  parts.push(buttons);

  const log = el('ul', 'gt-log');
  log.setAttribute('aria-live', 'polite');
  log.setAttribute('aria-label', data.log_label);
  data.log.forEach((line, i) => {
    const item = el('li', '', line);
    const fresh = i >= data.log.length - data.fresh;
    if (fresh) {
      item.classList.add('gt-fresh');
      item.style.animationDelay = (0.5 * (i - (data.log.length - data.fresh))) + 's';
    }
    log.appendChild(item);
  });
  parts.push(log);
  parts.push(el('p', 'gt-keys', data.keys_help));
  root.replaceChildren(...parts);

  // Keys work wherever the focus is on the page (but in a text box): the letters of the actions,
  // and the arrows between the cards when one has the focus. Bound once; it reads the latest table.
  window.__gtTable = { keys: data.keys, send, root };
  if (!window.__gtTableKeys) {
    window.__gtTableKeys = true;
    document.addEventListener('keydown', (event) => {
      const table = window.__gtTable;
      if (!table || !table.root.isConnected) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
      const target = event.composedPath()[0] || event.target;  // the table lives in a shadow root
      if (typing(target)) return;
      const cards = Array.from(table.root.querySelectorAll('.gt-row .gt-card:not(:disabled)'));
      const at = cards.indexOf(target);
      if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && at >= 0) {
        const step = event.key === 'ArrowRight' ? 1 : -1;
        cards[(at + step + cards.length) % cards.length].focus();
        event.preventDefault();
        return;
      }
      const action = table.keys[event.key.toLowerCase()];
      if (action) {
        table.send(action);
        event.preventDefault();
      }
    });
  }
  if (data.focus) {
    // After the page is drawn (Streamlit may move the focus as it draws), the first thing to click
    // gets the focus, unless the learner is typing elsewhere.
    requestAnimationFrame(() => setTimeout(() => {
      const active = root.getRootNode().activeElement || document.activeElement;
      if (root.contains(active) || typing(active)) return;
      const first = root.querySelector('.gt-card.gt-active, .gt-back:not(:disabled), .gt-button:not(:disabled)');
      if (first) first.focus({ preventScroll: true });
    }, 50));
  }
}
"""

_table = st.components.v2.component("gin_tutor_table", css=CSS, js=JS)


def play_table(data: dict[str, Any], on_action: Callable[[], None], key: str = "play_table") -> Any:
    """Mount the table with ``data``; ``on_action`` runs after a click or a key, the action then
    being in ``st.session_state[key].action``."""
    return _table(data=data, key=key, on_action_change=on_action)
