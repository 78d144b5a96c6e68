"""What the play table shows: pure functions of a :class:`~tutor.play.match.Match` and a
translator, no Streamlit (the table component, :mod:`tutor.app.ui.table_component`, draws it).

The table's words suit a mouse, a finger and the keyboard alike ("Choose the card you throw"); each
action's key letter travels apart from its label (``key``), so the component shows it only where
there is a keyboard to press it (not under ``(pointer: coarse)``). Card faces travel inline, as
``data:`` addresses, so no card is ever drawn as an empty frame while its face loads.
"""

from __future__ import annotations

from typing import Any

from tutor.app.card_faces import card_data_url
from tutor.engine.cards import Card, mask_of, parse_card, parse_cards
from tutor.engine.melds import best_arrangements, min_deadwood
from tutor.engine.rules import Ruleset
from tutor.language.i18n import N_, Translator
from tutor.language.labels import card_name, meld_kind_name
from tutor.language.play_text import bot_level_name, log_line
from tutor.play.hand import Hand, View
from tutor.play.match import Match, Played

LOG_LINES = 6
"""The table's log shows the hand's last moves; the whole list is shown when the hand ends."""
KEY_LETTERS = {
    "stock": N_("Key for the stock: S"),
    "take": N_("Key for the discard pile: D"),
    "pass": N_("Key for passing: P"),
    "knock": N_("Key for knocking: K"),
    "gin": N_("Key for gin: G"),
    "big_gin": N_("Key for big gin: B"),
}
"""The table's keyboard letter for each action: the last letter of the message, so that each
language picks letters that fit its own words (``M`` for *mazo*, ``C`` for *cerrar*)."""


def key_letters(tr: Translator) -> dict[str, str]:
    """Each action's key in the learner's language, as a capital letter."""
    return {action: tr.gettext(msgid).rsplit(" ", 1)[-1][-1].upper() for action, msgid in KEY_LETTERS.items()}


def card_data(card: Card, tr: Translator, active: bool, taken: bool = False, dim: bool = False) -> dict[str, Any]:
    """One card as the table draws it: its face inline, its name, and whether it can be chosen."""
    return {"id": str(card), "symbol": card.symbol, "name": card_name(card, tr), "img": card_data_url(card),
            "active": active, "taken": taken, "dim": dim}


def knock_cards(view: View, gin: bool) -> set[str]:
    """The cards whose discard knocks (or, with ``gin``, goes gin)."""
    hand = mask_of(parse_cards(" ".join(view["hand"])))
    return {c for k, c in view["legal"]
            if k == "knock" and c is not None and (not gin or min_deadwood(hand & ~parse_card(c).bit) == 0)}


def action_move(action: str, armed: str | None) -> tuple[str, str | None] | None:
    """The move a table's action makes: a card thrown (a knock when Knock or Gin is ``armed``), the
    stock, the pile, a pass or big gin; None for an action that is no move (Knock or Gin pressed)."""
    if action.startswith("card:"):
        card = action.removeprefix("card:")
        return ("knock", card) if armed in ("knock", "gin") else ("discard", card)
    if action in ("stock", "take", "pass", "big_gin"):
        return action, None
    return None


def hand_groups(view: View, tr: Translator, armed: str | None) -> tuple[list[dict[str, Any]], int]:
    """The learner's hand in its best melds and its deadwood, each card marked as it can be chosen
    (``armed``: Knock or Gin pressed, so only the cards that knock, or go gin, can be), and the
    deadwood count."""
    cards = parse_cards(" ".join(view["hand"]))
    arrangement = best_arrangements(mask_of(cards))[0]
    discarding = view["phase"] == "discard"
    taken = view["taken_upcard"]
    allowed = knock_cards(view, armed == "gin") if armed else {c for k, c in view["legal"] if k == "discard"}

    def shown(card: Card) -> dict[str, Any]:
        active = discarding and str(card) in allowed
        return card_data(card, tr, active, taken=str(card) == taken, dim=discarding and not active)

    groups = [{"label": meld_kind_name(meld.kind, tr).capitalize(), "deadwood": False,
               "cards": [shown(c) for c in meld.cards]} for meld in arrangement.melds]
    label = (tr.gettext("Deadwood: {points}", points=tr.number(arrangement.deadwood)) if arrangement.deadwood_cards
             else tr.gettext("No deadwood"))
    groups.append({"label": label, "deadwood": True, "cards": [shown(c) for c in arrangement.deadwood_cards]})
    return groups, arrangement.deadwood


def prompt(view: View, armed: str | None, tr: Translator) -> str:
    """What the learner is to do now, in words that fit a mouse, a finger and the keyboard."""
    phase = view["phase"]
    if phase == "first_upcard":
        if any(k == "take" for k, _ in view["legal"]):
            return tr.gettext("The first upcard: take it or pass.")
        return tr.gettext("Both of you passed the upcard: draw from the stock.")
    if phase == "draw":
        return tr.gettext("Your turn: draw from the stock or take the top of the discard pile.")
    if armed == "gin":
        return tr.gettext("Gin: choose the card you throw.")
    if armed == "knock":
        return tr.gettext("Knock: choose the card you throw to end the hand.")
    return tr.gettext("Choose the card you throw.")


def buttons(view: View, armed: str | None, tr: Translator, keys: dict[str, str]) -> list[dict[str, Any]]:
    """The table's buttons (Take and Pass at the first upcard, Knock, Gin, Big gin), each with its
    key letter apart, whether it can be pressed and whether it is armed."""
    legal = {k for k, _ in view["legal"]}

    def button(action: str, label: str, active: bool) -> dict[str, Any]:
        return {"id": action, "label": label, "key": keys[action], "active": active, "armed": armed == action}

    shown = []
    if view["phase"] == "first_upcard":
        shown += [button("take", tr.gettext("Take"), "take" in legal),
                  button("pass", tr.gettext("Pass"), "pass" in legal)]
    shown += [button("knock", tr.gettext("Knock"), "knock" in legal),
              button("gin", tr.gettext("Gin"), "knock" in legal and bool(knock_cards(view, gin=True)))]
    if view["phase"] == "discard" and "big_gin" in legal:
        shown.append(button("big_gin", tr.gettext("Big gin"), True))
    return shown


def log_lines(match: Match, tr: Translator, number: int | None = None, name: str | None = None) -> list[str]:
    """The moves of a hand (the current one by default) as the table's log shows them (a knock that
    left no deadwood as a gin); ``name``: the other player's, in a game between two learners."""
    hand_number = match.hand_number if number is None else number
    moves = match.hand_moves(hand_number)
    gin = bool(moves) and moves[-1].move[0] == "knock" and went_gin(*match.positions(hand_number)[-1])
    return [log_line(p, tr, gin=gin and i == len(moves) - 1, seat=match.seat, name=name) for i, p in enumerate(moves)]


def went_gin(hand: Hand, played: Played) -> bool:
    """Whether ``played``, made on ``hand``, is a knock that leaves its player no deadwood."""
    card = played.move[1]
    return played.move[0] == "knock" and card is not None and \
        min_deadwood(mask_of(hand.cards[played.player]) & ~card.bit) == 0


def opponent_last_turn(match: Match, tr: Translator, name: str | None = None) -> str:
    """The opponent's latest moves of this hand (their last turn) in one line, or "" before they
    have moved: read at a glance above the table (``name``: a friend's, else the virtual player)."""
    moves = match.hand_moves(match.hand_number)
    end = max((i for i, p in enumerate(moves) if p.player != match.seat), default=-1)
    if end < 0:
        return ""
    start = end
    while start > 0 and moves[start - 1].player != match.seat:
        start -= 1
    told = " ".join(log_line(p, tr, seat=match.seat, name=name) for p in moves[start:end + 1])
    if name is not None:
        return tr.gettext("{name}'s last turn: {moves}", name=name, moves=told)
    return tr.gettext("The virtual player's last turn: {moves}", moves=told)


KEY_ACTIONS = {"stock": N_("{key} the stock"), "take": N_("{key} the discard pile"), "pass": N_("{key} pass"),
               "knock": N_("{key} knock"), "gin": N_("{key} gin"), "big_gin": N_("{key} big gin")}
"""What each action's key does, in the key line."""


def keys_help(rules: Ruleset, keys: dict[str, str], tr: Translator) -> str:
    """The key line: the keys of the moves this ruleset has (no pass without the first upcard's
    offer, no big gin where it is not allowed)."""
    actions = [a for a in KEY_ACTIONS
               if (a != "pass" or rules.upcard_offer) and (a != "big_gin" or rules.big_gin_allowed)]
    return tr.gettext("Keys: the arrows and Enter pick a card; {moves}.",
                      moves=", ".join(tr.gettext(KEY_ACTIONS[a], key=keys[a]) for a in actions))


def table_data(match: Match, tr: Translator, armed: str | None = None, fresh: int = 0,
               name: str | None = None) -> dict[str, Any]:
    """Everything the table component draws, in the learner's language: ``armed`` the button
    pressed before a card (Knock or Gin), ``fresh`` how many of the log's last lines are the
    opponent's new moves, to fade in one by one (0: every line shows at once); ``name``: the other
    player's, in a game between two learners (else the opponent is the virtual player)."""
    view = match.view()
    armed = armed if view["phase"] == "discard" else None
    mine = match.learner_to_move
    groups, deadwood = hand_groups(view, tr, armed)
    drawing = view["phase"] in ("draw", "first_upcard") and mine
    legal = {k for k, _ in view["legal"]}
    top = view["top_discard"]
    lines = log_lines(match, tr, name=name)[-LOG_LINES:]
    keys = key_letters(tr)
    return {
        "opponent": {"label": (tr.gettext("The virtual player ({level}): ten cards, face down",
                                          level=bot_level_name(match.level, tr)) if name is None
                               else tr.gettext("{name}: ten cards, face down", name=name)),
                     "last": opponent_last_turn(match, tr, name)},
        "stock": {"active": drawing and "stock" in legal,
                  "label": tr.ngettext("Stock: {n} card. Draw from it", "Stock: {n} cards. Draw from it",
                                       view["stock_size"]),
                  "key": keys["stock"],
                  "caption": tr.ngettext("Stock ({n})", "Stock ({n})", view["stock_size"])},
        "pile": {"card": card_data(parse_card(top), tr, drawing and "take" in legal) if top else None,
                 "key": keys["take"], "caption": tr.gettext("Discard pile")},
        "prompt": (prompt(view, armed, tr) if mine or name is None
                   else tr.gettext("Waiting for {name} to move…", name=name)),
        "hand_label": tr.gettext("Your hand, deadwood {points}", points=tr.number(deadwood)),
        "groups": groups,
        "buttons": buttons(view, armed, tr, keys),
        "log": lines,
        "fresh": min(len(lines), fresh),
        "log_label": tr.gettext("Moves of this hand"),
        "keys": {letter.lower(): action for action, letter in keys.items()},
        "keys_help": keys_help(match.rules, keys, tr),
        "focus": True,
    }
